/**
 * The three checksums beside an in-run reference of the anchor's technique, a plain baseline
 * and pure-JS / WASM / native peers, all measured in one process:
 *
 * - CRC-32C over 140 B, 1 KiB, 4 KiB and 64 KiB, CRC-32 over 1 KiB and 64 KiB. The reference
 *   is written in this file: slice-by-16 reading u32 words through an `Int32Array` view made
 *   per call after an alignment prologue (perf-anchors.md §1, 2.76 GB/s there). Beside it,
 *   the same kernel reading bytes (no view), a byte-at-a-time table, SheetJS `crc-32`, and
 *   the native `@node-rs/crc32` / `zlib.crc32` as ceilings where they load.
 * - XXH3-64 over 100 messages of 140 B (the 129–240 path) and of 64 B (17–128) per op, and
 *   over 64 KiB. The reference is the anchor's native add-on `@node-rs/xxhash` (§3: 7.3 M
 *   hashes/s on node, 6.6 M on deno, 4.8 M on bun there). It is not a dependency of the
 *   repo: install it anywhere (`npm i --prefix DIR @node-rs/xxhash`) and run with
 *   `BENCH_PEERS=DIR/node_modules`, or its rows are skipped. `xxhash-wasm` has XXH32/XXH64
 *   only (its `h64Raw` stands in as the WASM ceiling of the family) and `xxh3-ts` has
 *   XXH3-128 (BigInt) only; the rows say so.
 *
 * Method: every case runs for `SLICE_MS` in each of `ROUNDS` rounds, in a new random order
 * each round. Work is divided by the process CPU time (user + system) of the slice, which a
 * shared machine disturbs far less than wall time (`BENCH_CLOCK=wall` switches). A cell is
 * the median over rounds (min–max); a ratio is computed per round between two cases of the
 * same family and its median (min–max) is shown. On bun, `BUN_JSC_useConcurrentJIT=0` keeps
 * JIT threads out of the CPU time and makes rounds agree.
 *
 * Run: `npx --yes deno run -A bench/checksums.bench.ts`, `npx --yes bun bench/checksums.bench.ts`.
 *
 * Since then CRC-32C from 256 B and XXH3-64 from 1 KiB run in generated WebAssembly kernels
 * (tools/wasm/); the results below predate them. Current figures: bench/README.md
 * (`deno task bench:report`, from bench/targets.bench.ts).
 *
 * ## Results (2026-11-30, 2-core shared VM, CPU-time clock, median of 3 runs)
 *
 * Load average (1 min) at the start of the runs: deno 7.7 / 8.2 / 8.2, bun 8.0 / 8.6 / 8.1,
 * on 2 cores; bun ran with `BUN_JSC_useConcurrentJIT=0`. Ratios are ours ÷ that row.
 *
 * | family          | deno ours | ÷ ref | ÷ bytes | ÷ SheetJS | ÷ native | bun ours | ÷ ref | ÷ bytes | ÷ SheetJS | ÷ native |
 * | --------------- | --------- | ----- | ------- | --------- | -------- | -------- | ----- | ------- | --------- | -------- |
 * | CRC-32C 140 B   | 0.68 GB/s | 1.17x | 1.04x   | 1.04x     | 2.27x    | 1.18     | 2.29x | 1.26x   | 1.03x     | 3.59x    |
 * | CRC-32C 1 KiB   | 1.03      | 1.00x | 1.26x   | 1.29x     | 0.76x    | 1.23     | 1.02x | 0.88x   | 0.77x     | 0.83x    |
 * | CRC-32C 4 KiB   | 1.15      | 1.00x | 1.37x   | 1.41x     | 0.48x    | 1.45     | 1.01x | 1.00x   | 0.89x     | 0.58x    |
 * | CRC-32C 64 KiB  | 1.21      | 1.00x | 1.42x   | 1.45x     | 0.35x    | 1.54     | 1.00x | 1.06x   | 0.94x     | 0.44x    |
 * | CRC-32 1 KiB    | 1.04      | 1.00x |         | 1.26x     | 0.20x    | 1.22     | 1.02x |         | 0.77x     | 0.22x    |
 * | CRC-32 64 KiB   | 1.21      | 1.00x |         | 1.43x     | 0.13x    | 1.53     | 1.00x |         | 0.94x     | 0.15x    |
 *
 * | XXH3-64         | deno ours     | ÷ native (ref) | ÷ XXH64 WASM | ÷ xxh3-ts | bun ours | ÷ native (ref) | ÷ XXH64 WASM | ÷ xxh3-ts |
 * | --------------- | ------------- | -------------- | ------------ | --------- | -------- | -------------- | ------------ | --------- |
 * | 140 B, `Into`   | 3.04 M/s      | 1.99x          | 0.59x        | 39.6x     | 4.09     | 2.44x          | 0.87x        | 47.6x     |
 * | 140 B, bigint   | 2.39          |                |              |           | 3.15     |                |              |           |
 * | 64 B, `Into`    | 5.82          | 3.16x          | 1.06x        | 34.2x     | 7.56     | 3.62x          | 1.47x        | 42.7x     |
 * | 64 KiB          | 1.03 GB/s     | 0.79x          | 0.16x        |           | 0.86     | 0.64x          | 0.12x        |           |
 *
 * Node 20 (V8 11.3, one run): CRC-32C 0.80 GB/s at 64 KiB (1.00x ref, SheetJS 0.84), XXH3
 * 2.99 M/s at 140 B (1.91x the native add-on) and 1.09 GB/s at 64 KiB (0.84x).
 *
 * Before this round of work (same harness, A/B in one process): CRC-32C at 140 B was 1.11x
 * (V8) / 1.19x (JSC) slower, at 64 KiB the same; XXH3 `Into` was 1.45x / 1.81x slower at
 * 140 B, 1.15x / 1.61x at 64 B and 1.8x / 2.35x at 64 KiB; `xxh3_64` on 8 bytes 6.4x / 2.2x.
 *
 * Reading the targets (CRC-32C ≥ 2.5 GB/s, XXH3-64 ≥ 10 M hashes/s at 140 B, both in the
 * anchor's terms): this machine runs the anchor's CRC technique at 1.21 (deno) / 1.53 (bun)
 * GB/s where the anchor measured 2.75 / 2.80, i.e. 2.3× / 1.8× slower. CRC-32C is at that
 * technique's ceiling from 1 KiB up (1.00–1.02×), which scales to about 2.7–2.8 GB/s there:
 * met. XXH3 at 140 B scales the same way to about 6.9 (deno) / 7.5 (bun) M hashes/s: about
 * 25–30% short. (Scaled by the native add-on instead, which ran 2.0× / 2.4× slower than ours
 * here and at 6.6 / 4.8 M there, it would be 13 / 12 M; but that call is bound by N-API
 * overhead, not by arithmetic, so the CRC scale is the fairer one.) Where the remaining XXH3
 * time goes, from ablations in the same harness: on V8 the 144 bounds-checked byte loads per
 * hash take about half (the same code with computed words runs 2× faster); on JSC the
 * carries take about a third (1.4× without them). A `DataView` or `Int32Array` per call
 * costs more than it saves at this size, and one cached per buffer helps V8 only (see
 * `src/wire/xxh3.ts`).
 *
 * Where a peer is ahead: on bun, SheetJS CRC-32/-32C from 1 KiB up (ours 0.77–0.94× in these
 * runs; 0.97–1.24× for CRC-32C in an earlier set, so JSC's tiering moves it). Its sixteen
 * tables are separate module constants read with byte loads, which JSC compiles without
 * bounds checks; the same layout in our kernel gained up to 1.4× on JSC but lost 2–30% on V8
 * (deno) and about 40% on node 20, so it was not adopted. XXH64 in WASM (a different, simpler
 * hash) stays ahead at 140 B and far ahead at 64 KiB.
 *
 * @module
 */

import { sliceBy16 } from "./_crc_reference.ts";
import { buildSlice16 } from "../src/wire/_crc_slice16.ts";
import process from "node:process";
import { crc32 } from "../src/wire/crc32.ts";
import { crc32c } from "../src/wire/crc32c.ts";
import { xxh3_64, xxh3_64Into } from "../src/wire/xxh3.ts";
import { optionalImport } from "./_peers.ts";

const env = (k: string): string | undefined => process.env[k];
const ROUNDS = Number(env("BENCH_ROUNDS") ?? 7);
const SLICE_MS = Number(env("BENCH_SLICE_MS") ?? 120);
const WALL = env("BENCH_CLOCK") === "wall" || typeof process.cpuUsage !== "function";

// ---------------------------------------------------------------------------------------------
// In-run references, written here so that they measure the technique, not the library.

const S32 = buildSlice16(0xedb88320), S32C = buildSlice16(0x82f63b78);

/** The anchor's technique: slice-by-16 over u32 words of a view made per call, after 0–3 bytes. */
const refWords = sliceBy16;

/** The same slice-by-16 kernel reading bytes: what the word view saves, or costs. */
function refBytes(t: Int32Array, bytes: Uint8Array): number {
  const n = bytes.length;
  let c = -1, i = 0;
  for (const end = n - 15; i < end; i += 16) {
    const a = c ^ (bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24));
    c = t[0xf00 | (a & 255)] ^ t[0xe00 | ((a >>> 8) & 255)] ^ t[0xd00 | ((a >>> 16) & 255)] ^
      t[0xc00 | (a >>> 24)] ^ t[0xb00 | bytes[i + 4]] ^ t[0xa00 | bytes[i + 5]] ^
      t[0x900 | bytes[i + 6]] ^ t[0x800 | bytes[i + 7]] ^ t[0x700 | bytes[i + 8]] ^
      t[0x600 | bytes[i + 9]] ^ t[0x500 | bytes[i + 10]] ^ t[0x400 | bytes[i + 11]] ^
      t[0x300 | bytes[i + 12]] ^ t[0x200 | bytes[i + 13]] ^ t[0x100 | bytes[i + 14]] ^ t[bytes[i + 15]];
  }
  for (; i < n; i++) c = t[(c ^ bytes[i]) & 255] ^ (c >>> 8);
  return ~c >>> 0;
}

/** The textbook loop every CRC starts from: one table lookup per byte. */
function bytewise(t: Int32Array, bytes: Uint8Array): number {
  let c = -1;
  for (let i = 0; i < bytes.length; i++) c = t[(c ^ bytes[i]) & 255] ^ (c >>> 8);
  return ~c >>> 0;
}

// ---------------------------------------------------------------------------------------------
// Peers.

type CrcModule = { buf(data: Uint8Array, seed?: number): number };
// CommonJS peers: the functions sit on the namespace or on its default export, by runtime.
const cjs = <T>(m: any): T | undefined => (m === undefined ? undefined : m.default ?? m);
const sheet32 = cjs<CrcModule>(await optionalImport("crc-32"));
const sheet32c = cjs<CrcModule>(await optionalImport("crc-32/crc32c.js"));
const nodeRsCrc = cjs<{ crc32c(d: Uint8Array): number }>(await optionalImport("@node-rs/crc32"));
const zlib = await optionalImport<{ crc32?: (d: Uint8Array) => number }>("node:zlib");
const zlibCrc32 = typeof zlib?.crc32 === "function" ? zlib.crc32 : undefined;
const wasmFactory = (await optionalImport<{ default: () => Promise<any> }>("xxhash-wasm"))?.default;
const wasm = wasmFactory ? await wasmFactory() : undefined;
const xxh3ts = cjs<{ XXH3_128(data: Uint8Array, seed?: bigint): bigint }>(await optionalImport("xxh3-ts"));
const NodeBuffer = (await optionalImport<{ Buffer: any }>("node:buffer"))?.Buffer;
type NativeXxh = { xxh3: { xxh64(d: Uint8Array): bigint } };
// Looked up in BENCH_PEERS first when it is set, so that the usual resolution's note stays quiet.
const peersDir = env("BENCH_PEERS");
const nativeXxh = peersDir
  ? (await import("node:module")).createRequire(`${peersDir}/`)("@node-rs/xxhash") as NativeXxh
  : cjs<NativeXxh>(await optionalImport("@node-rs/xxhash"));

// ---------------------------------------------------------------------------------------------
// Inputs.

const KIB64 = 65536;
const big = new Uint8Array(KIB64 + 64);
for (let i = 0; i < big.length; i++) big[i] = (i * 7 + 3 + (i >> 9)) & 0xff;
const whole = big.subarray(0, KIB64);
/** Inputs of `n` bytes laid end to end with 3 bytes between them (mostly unaligned), ~64 KiB. */
function slices(n: number): Uint8Array[] {
  const count = Math.max(1, Math.floor(KIB64 / (n + 3)));
  return Array.from({ length: count }, (_, k) => big.subarray(k * (n + 3), k * (n + 3) + n));
}
// 100 messages laid end to end, as in an Iggy batch.
function messages(size: number): Uint8Array[] {
  const batch = new Uint8Array(size * 100);
  for (let i = 0; i < batch.length; i++) batch[i] = (i * 31 + 11 + (i >> 7)) & 0xff;
  return Array.from({ length: 100 }, (_, i) => batch.subarray(i * size, (i + 1) * size));
}

// ---------------------------------------------------------------------------------------------
// Cases.

type Row = {
  family: string;
  name: string;
  units: number;
  unit: "B" | "hashes";
  role: "ours" | "ref" | "peer";
  fn: () => number;
};
const rows: Row[] = [];
function add(row: Row): void {
  rows.push(row);
}

function check(name: string, got: number, want: number): void {
  if (got >>> 0 !== want >>> 0) {
    throw new Error(`${name} returned ${(got >>> 0).toString(16)}, expected ${want.toString(16)}`);
  }
}

for (
  const [label, inputs] of [
    ["140 B", slices(140)],
    ["1 KiB", slices(1024)],
    ["4 KiB", slices(4096)],
    ["64 KiB", [whole]],
  ] as const
) {
  const bytes = inputs.reduce((s, x) => s + x.length, 0);
  const fam = `CRC-32C ${label}`;
  const each = (f: (b: Uint8Array) => number) => () => {
    let s = 0;
    for (let k = 0; k < inputs.length; k++) s ^= f(inputs[k]);
    return s;
  };
  for (const x of inputs.slice(0, 3)) {
    check("reference", refWords(S32C, x), crc32c(x));
    check("bytes reference", refBytes(S32C, x), crc32c(x));
  }
  add({
    family: fam,
    name: "streamwire crc32c",
    units: bytes,
    unit: "B",
    role: "ours",
    fn: each((b) => crc32c(b)),
  });
  add({
    family: fam,
    name: "ref: slice-by-16, u32 words (view per call)",
    units: bytes,
    unit: "B",
    role: "ref",
    fn: each((b) => refWords(S32C, b)),
  });
  add({
    family: fam,
    name: "slice-by-16 reading bytes",
    units: bytes,
    unit: "B",
    role: "peer",
    fn: each((b) => refBytes(S32C, b)),
  });
  add({
    family: fam,
    name: "byte-at-a-time table (baseline)",
    units: bytes,
    unit: "B",
    role: "peer",
    fn: each((b) => bytewise(S32C, b)),
  });
  if (sheet32c) {
    add({
      family: fam,
      name: "crc-32/crc32c (SheetJS)",
      units: bytes,
      unit: "B",
      role: "peer",
      fn: each((b) => sheet32c.buf(b)),
    });
  }
  if (nodeRsCrc) {
    check("@node-rs/crc32", nodeRsCrc.crc32c(inputs[0]), crc32c(inputs[0]));
    add({
      family: fam,
      name: "@node-rs/crc32 (native, ceiling)",
      units: bytes,
      unit: "B",
      role: "peer",
      fn: each((b) => nodeRsCrc.crc32c(b)),
    });
  }
}

for (const [label, inputs] of [["1 KiB", slices(1024)], ["64 KiB", [whole]]] as const) {
  const bytes = inputs.reduce((s, x) => s + x.length, 0);
  const fam = `CRC-32 ${label}`;
  const each = (f: (b: Uint8Array) => number) => () => {
    let s = 0;
    for (let k = 0; k < inputs.length; k++) s ^= f(inputs[k]);
    return s;
  };
  check("CRC-32 reference", refWords(S32, inputs[0]), crc32(inputs[0]));
  add({
    family: fam,
    name: "streamwire crc32",
    units: bytes,
    unit: "B",
    role: "ours",
    fn: each((b) => crc32(b)),
  });
  add({
    family: fam,
    name: "ref: slice-by-16, u32 words (view per call)",
    units: bytes,
    unit: "B",
    role: "ref",
    fn: each((b) => refWords(S32, b)),
  });
  if (sheet32) {
    add({
      family: fam,
      name: "crc-32 (SheetJS)",
      units: bytes,
      unit: "B",
      role: "peer",
      fn: each((b) => sheet32.buf(b)),
    });
  }
  if (zlibCrc32) {
    check("zlib.crc32", zlibCrc32(inputs[0]), crc32(inputs[0]));
    add({
      family: fam,
      name: "zlib.crc32 (native, ceiling)",
      units: bytes,
      unit: "B",
      role: "peer",
      fn: each((b) => zlibCrc32(b)),
    });
  }
}

const out = new Uint32Array(2);
for (const size of [140, 64]) {
  const msgs = messages(size);
  const fam = `XXH3 100 x ${size} B`;
  const hashes = (f: (b: Uint8Array) => number) => () => {
    let s = 0;
    for (let i = 0; i < 100; i++) s ^= f(msgs[i]);
    return s;
  };
  add({
    family: fam,
    name: "streamwire xxh3_64Into",
    units: 100,
    unit: "hashes",
    role: "ours",
    fn: hashes((b) => xxh3_64Into(b, out)[0]),
  });
  add({
    family: fam,
    name: "streamwire xxh3_64 (bigint)",
    units: 100,
    unit: "hashes",
    role: "peer",
    fn: hashes((b) => Number(xxh3_64(b) & 1n)),
  });
  if (nativeXxh) {
    if (nativeXxh.xxh3.xxh64(msgs[3]) !== xxh3_64(msgs[3])) throw new Error("@node-rs/xxhash disagrees");
    add({
      family: fam,
      name: "ref: @node-rs/xxhash xxh3 (native)",
      units: 100,
      unit: "hashes",
      role: "ref",
      fn: hashes((b) => Number(nativeXxh.xxh3.xxh64(b) & 1n)),
    });
  }
  if (wasm) {
    add({
      family: fam,
      name: "xxhash-wasm h64Raw (XXH64, not XXH3)",
      units: 100,
      unit: "hashes",
      role: "peer",
      fn: hashes((b) => Number(wasm.h64Raw(b) & 1n)),
    });
  }
  if (xxh3ts && NodeBuffer) {
    const bufs = msgs.map((m) => NodeBuffer.from(m.buffer, m.byteOffset, m.byteLength));
    add({
      family: fam,
      name: "xxh3-ts XXH3_128 (128-bit, BigInt)",
      units: 100,
      unit: "hashes",
      role: "peer",
      fn: () => {
        let s = 0;
        for (let i = 0; i < 100; i++) s ^= Number(xxh3ts.XXH3_128(bufs[i]) & 1n);
        return s;
      },
    });
  }
}
add({
  family: "XXH3 64 KiB",
  name: "streamwire xxh3_64Into",
  units: KIB64,
  unit: "B",
  role: "ours",
  fn: () => xxh3_64Into(whole, out)[0],
});
if (nativeXxh) {
  add({
    family: "XXH3 64 KiB",
    name: "ref: @node-rs/xxhash xxh3 (native)",
    units: KIB64,
    unit: "B",
    role: "ref",
    fn: () => Number(nativeXxh.xxh3.xxh64(whole) & 1n),
  });
}
if (wasm) {
  add({
    family: "XXH3 64 KiB",
    name: "xxhash-wasm h64Raw (XXH64, not XXH3)",
    units: KIB64,
    unit: "B",
    role: "peer",
    fn: () => Number(wasm.h64Raw(whole) & 1n),
  });
}

// ---------------------------------------------------------------------------------------------
// Round-robin runner.

const clock = WALL ? () => performance.now() / 1000 : () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
let sink = 0;
const rates: number[][] = rows.map(() => []);
for (const r of rows) {
  const t = performance.now();
  while (performance.now() - t < 150) sink ^= r.fn();
}
for (let round = 0; round < ROUNDS; round++) {
  const order = rows.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  for (const i of order) {
    const r = rows[i];
    let ops = 0;
    const t0 = performance.now(), c0 = clock();
    while (performance.now() - t0 < SLICE_MS) {
      sink ^= r.fn();
      ops++;
    }
    rates[i].push((ops * r.units) / (clock() - c0));
  }
}

const median = (a: number[]): number => [...a].sort((x, y) => x - y)[a.length >> 1];
const spread = (a: number[], f: (v: number) => string): string => {
  const s = [...a].sort((x, y) => x - y);
  return `${f(median(a))} (${f(s[0])}–${f(s[s.length - 1])})`;
};
const fmtRate = (unit: "B" | "hashes") => (v: number) =>
  unit === "B" ? (v / 1e9).toFixed(2) : (v / 1e6).toFixed(2);
const perRound = (i: number, j: number) => rates[i].map((v, r) => v / rates[j][r]);

console.log(
  `\nchecksums: ${ROUNDS} rounds of ${SLICE_MS} ms, ${WALL ? "wall" : "CPU"} clock. Throughput in GB/s ` +
    `or M hashes/s, median (min–max); "ours ÷ this" = median per-round ratio (min–max).`,
);
let family = "";
for (let i = 0; i < rows.length; i++) {
  const r = rows[i];
  if (r.family !== family) {
    family = r.family;
    console.log(`\n  ${family} (${r.unit === "B" ? "GB/s" : "M hashes/s"})`);
  }
  const ours = rows.findIndex((x) => x.family === r.family && x.role === "ours");
  const ratio = i === ours ? "" : spread(perRound(ours, i), (v) => `${v.toFixed(2)}x`);
  const tag = r.role === "ref" ? " [in-run reference]" : "";
  console.log(`    ${(r.name + tag).padEnd(62)} ${spread(rates[i], fmtRate(r.unit)).padEnd(22)} ${ratio}`);
}
if (sink === 0.5) console.log(sink);
