/**
 * The three checksums beside a plain baseline and pure-JS / WASM peers, all in one run:
 *
 * - CRC-32C and CRC-32 over 64 KiB and 1 KiB: streamwire (slice-by-16), a byte-at-a-time table
 *   loop, and `crc-32` (SheetJS, which ships both polynomials).
 * - XXH3-64 over 100 messages of 140 bytes per op and over 64 KiB: streamwire
 *   (`xxh3_64Into`, and `xxh3_64` returning a bigint), `xxhash-wasm` and `xxh3-ts`.
 *   Neither peer computes XXH3-64: `xxhash-wasm` has XXH32/XXH64 only (its `h64Raw` stands in
 *   as the WASM ceiling for the xxHash family) and `xxh3-ts` has XXH3-128 (BigInt) only. The
 *   rows say so; their digests are not compared.
 *
 * Peers that are not installed are skipped with a note. Figures drift on a shared machine:
 * compare the ratios, which come from the same run.
 *
 * @module
 */

import { Bench } from "tinybench";
import { crc32 } from "../src/wire/crc32.ts";
import { crc32c } from "../src/wire/crc32c.ts";
import { xxh3_64, xxh3_64Into } from "../src/wire/xxh3.ts";
import { optionalImport } from "./_peers.ts";

const KIB64 = 65536;
const MSG = 140;
const MSGS = 100;

const big = new Uint8Array(KIB64);
for (let i = 0; i < big.length; i++) big[i] = (i * 7 + 3) & 0xff;
const small = big.subarray(0, 1024);
// 100 messages laid end to end, as in an Iggy batch: most start at unaligned offsets.
const batch = new Uint8Array(MSG * MSGS);
for (let i = 0; i < batch.length; i++) batch[i] = (i * 31 + 11) & 0xff;
const messages = Array.from({ length: MSGS }, (_, i) => batch.subarray(i * MSG, (i + 1) * MSG));

function byteTable(poly: number): Int32Array {
  const t = new Int32Array(256);
  for (let b = 0; b < 256; b++) {
    let c = b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ poly : c >>> 1;
    t[b] = c;
  }
  return t;
}
const T32 = byteTable(0xedb88320), T32C = byteTable(0x82f63b78);
/** The textbook loop every CRC starts from: one table lookup per byte. */
function bytewise(t: Int32Array, bytes: Uint8Array): number {
  let c = -1;
  for (let i = 0; i < bytes.length; i++) c = t[(c ^ bytes[i]) & 255] ^ (c >>> 8);
  return ~c >>> 0;
}

type CrcModule = { buf(data: Uint8Array, seed?: number): number };
// CommonJS peers: the functions sit on the namespace or on its default export, by runtime.
const cjs = <T>(m: any): T | undefined => (m === undefined ? undefined : m.default ?? m);
const sheet32 = cjs<CrcModule>(await optionalImport("crc-32"));
const sheet32c = cjs<CrcModule>(await optionalImport("crc-32/crc32c.js"));
const wasmFactory = (await optionalImport<{ default: () => Promise<any> }>("xxhash-wasm"))?.default;
const wasm = wasmFactory ? await wasmFactory() : undefined;
const xxh3ts = cjs<{ XXH3_128(data: Uint8Array, seed?: bigint): bigint }>(await optionalImport("xxh3-ts"));
const NodeBuffer = (await optionalImport<{ Buffer: any }>("node:buffer"))?.Buffer;

// A peer that disagrees with the reference value is benchmarked anyway but flagged.
function check(name: string, got: number, want: number): void {
  if (got >>> 0 !== want) {
    console.log(`  (note: ${name} returned ${(got >>> 0).toString(16)}, expected ${want.toString(16)})`);
  }
}
if (sheet32) check("crc-32", sheet32.buf(big), crc32(big));
if (sheet32c) check("crc-32/crc32c", sheet32c.buf(big), crc32c(big));
check("byte-at-a-time CRC-32C", bytewise(T32C, big), crc32c(big));

let sink = 0;
const bench = new Bench({ time: 400, warmup: true });
const rows: { family: string; name: string; units: number; unit: "B" | "hashes"; ours: boolean }[] = [];
function add(family: string, name: string, units: number, unit: "B" | "hashes", fn: () => void): void {
  bench.add(`${family}: ${name}`, fn);
  rows.push({ family, name, units, unit, ours: name.startsWith("streamwire") });
}

for (const [label, data] of [["64 KiB", big], ["1 KiB", small]] as const) {
  const n = data.length;
  add(`CRC-32C ${label}`, "streamwire crc32c", n, "B", () => void (sink ^= crc32c(data)));
  add(
    `CRC-32C ${label}`,
    "byte-at-a-time table (baseline)",
    n,
    "B",
    () => void (sink ^= bytewise(T32C, data)),
  );
  if (sheet32c) {
    add(`CRC-32C ${label}`, "crc-32/crc32c (SheetJS)", n, "B", () => void (sink ^= sheet32c.buf(data)));
  }
  add(`CRC-32 ${label}`, "streamwire crc32", n, "B", () => void (sink ^= crc32(data)));
  add(`CRC-32 ${label}`, "byte-at-a-time table (baseline)", n, "B", () => void (sink ^= bytewise(T32, data)));
  if (sheet32) add(`CRC-32 ${label}`, "crc-32 (SheetJS)", n, "B", () => void (sink ^= sheet32.buf(data)));
}

const out = new Uint32Array(2);
const fam = `XXH3 ${MSGS} x ${MSG} B`;
add(fam, "streamwire xxh3_64Into", MSGS, "hashes", () => {
  for (let i = 0; i < MSGS; i++) sink ^= xxh3_64Into(messages[i], out)[0];
});
add(fam, "streamwire xxh3_64 (bigint)", MSGS, "hashes", () => {
  for (let i = 0; i < MSGS; i++) sink ^= Number(xxh3_64(messages[i]) & 1n);
});
if (wasm) {
  add(fam, "xxhash-wasm h64Raw (XXH64, not XXH3)", MSGS, "hashes", () => {
    for (let i = 0; i < MSGS; i++) sink ^= Number(wasm.h64Raw(messages[i]) & 1n);
  });
}
if (xxh3ts && NodeBuffer) {
  const bufs = messages.map((m) => NodeBuffer.from(m.buffer, m.byteOffset, m.byteLength));
  add(fam, "xxh3-ts XXH3_128 (128-bit, BigInt)", MSGS, "hashes", () => {
    for (let i = 0; i < MSGS; i++) sink ^= Number(xxh3ts.XXH3_128(bufs[i]) & 1n);
  });
}
add("XXH3 64 KiB", "streamwire xxh3_64Into", KIB64, "B", () => void (sink ^= xxh3_64Into(big, out)[0]));
if (wasm) {
  add("XXH3 64 KiB", "xxhash-wasm h64Raw (XXH64, not XXH3)", KIB64, "B", () => {
    sink ^= Number(wasm.h64Raw(big) & 1n);
  });
}
if (xxh3ts && NodeBuffer) {
  const b = NodeBuffer.from(big.buffer, big.byteOffset, big.byteLength);
  add("XXH3 64 KiB", "xxh3-ts XXH3_128 (128-bit, BigInt)", KIB64, "B", () => {
    sink ^= Number(xxh3ts.XXH3_128(b) & 1n);
  });
}

await bench.run();

const rate = new Map<string, number>();
for (const t of bench.tasks) {
  const r = t.result as { throughput?: { mean?: number } } | undefined;
  rate.set(t.name, r?.throughput?.mean ?? 0);
}
function fmt(v: number, unit: "B" | "hashes"): string {
  return unit === "B" ? `${(v / 1e9).toFixed(2)} GB/s` : `${(v / 1e6).toFixed(2)} M hashes/s`;
}
console.log("\nchecksums (ratio = the streamwire row of the family divided by this row, same run)");
console.log(
  `  ${"family".padEnd(20)} ${"implementation".padEnd(40)} ${"throughput".padStart(17)}  ours/this`,
);
for (const row of rows) {
  const v = (rate.get(`${row.family}: ${row.name}`) ?? 0) * row.units;
  const ours = rows.find((r) => r.family === row.family && r.ours)!;
  const oursV = (rate.get(`${row.family}: ${ours.name}`) ?? 0) * ours.units;
  const ratio = row.ours ? "" : `${(oursV / v).toFixed(2)}x`;
  console.log(`  ${row.family.padEnd(20)} ${row.name.padEnd(40)} ${fmt(v, row.unit).padStart(17)}  ${ratio}`);
}
if (sink === 0.5) console.log(sink);
