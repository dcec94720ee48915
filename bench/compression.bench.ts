/**
 * gzip, snappy and lz4 beside their pure-JS npm peers, all in one run, on two deterministic
 * corpora from `src/testdata/corpus.ts`: 1 MiB of JSON log lines, and 1000 Kafka records of 100-byte values
 * serialized as one RecordBatch body (~118 KiB, what Kafka hands to the codec).
 *
 * - gzip: streamwire (levels 1 and 6), `pako` and `fflate` (pure JS), node's native `zlib`
 *   (the ceiling; kafkajs and @platformatic/kafka both use it).
 * - snappy: streamwire (xerial, as Kafka's Java client writes, and raw), `snappyjs` (used by
 *   kafkajs-snappy; raw only).
 * - lz4: streamwire (fast, and level 9 = chain search), `lz4js` (frame format).
 *
 * Figures are MB/s of uncompressed data; each row's ratio is against the fastest pure-JS peer
 * doing the same thing on the same corpus, from the same run. Every decoder is checked against
 * every encoder's output before anything is timed. Sizes are printed last.
 *
 * @module
 */

import { Bench } from "tinybench";
import zlib from "node:zlib";
import { gunzip, gzip } from "../src/kafka/compression/gzip.ts";
import { snappyCompress, snappyDecompress } from "../src/kafka/compression/snappy.ts";
import { lz4Compress, lz4Decompress } from "../src/kafka/compression/lz4.ts";
import { recordsCorpus, textCorpus } from "../src/testdata/corpus.ts";
import { optionalImport } from "./_peers.ts";

type Bytes = Uint8Array;
const pako = await optionalImport<any>("pako");
const fflate = await optionalImport<any>("fflate");
const snappyjsModule = await optionalImport<any>("snappyjs");
const snappyjs = snappyjsModule?.default ?? snappyjsModule;
const lz4jsModule = await optionalImport<any>("lz4js");
const lz4js = lz4jsModule?.default ?? lz4jsModule;

const corpora = [
  { label: "text 1 MiB", data: textCorpus(1 << 20) },
  { label: "1000 records", data: recordsCorpus(1000, 100) },
];

interface Codec {
  family: "gzip" | "snappy" | "lz4";
  name: string;
  kind: "streamwire" | "peer" | "native";
  compress?: (d: Bytes) => Bytes;
  decompress?: (d: Bytes) => Bytes;
}

/** A plain Uint8Array view of a Buffer or typed array (peers return either). */
const u8 = (b: ArrayBufferView): Bytes =>
  b instanceof Uint8Array && b.constructor === Uint8Array
    ? b
    : new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

const codecs: Codec[] = [
  {
    family: "gzip",
    name: "streamwire level 6",
    kind: "streamwire",
    compress: (d) => gzip(d),
    decompress: (d) => gunzip(d),
  },
  { family: "gzip", name: "streamwire level 1", kind: "streamwire", compress: (d) => gzip(d, { level: 1 }) },
  {
    family: "snappy",
    name: "streamwire xerial",
    kind: "streamwire",
    compress: (d) => snappyCompress(d),
    decompress: (d) => snappyDecompress(d),
  },
  {
    family: "snappy",
    name: "streamwire raw",
    kind: "streamwire",
    compress: (d) => snappyCompress(d, { framing: "raw" }),
    decompress: (d) => snappyDecompress(d),
  },
  {
    family: "lz4",
    name: "streamwire fast",
    kind: "streamwire",
    compress: (d) => lz4Compress(d),
    decompress: (d) => lz4Decompress(d),
  },
  {
    family: "lz4",
    name: "streamwire level 9",
    kind: "streamwire",
    compress: (d) => lz4Compress(d, { level: 9 }),
  },
];
if (pako) {
  codecs.push({
    family: "gzip",
    name: "pako level 6",
    kind: "peer",
    compress: (d) => pako.gzip(d, { level: 6 }),
    decompress: (d) => pako.ungzip(d),
  });
  codecs.push({
    family: "gzip",
    name: "pako level 1",
    kind: "peer",
    compress: (d) => pako.gzip(d, { level: 1 }),
  });
}
if (fflate) {
  codecs.push({
    family: "gzip",
    name: "fflate level 6",
    kind: "peer",
    compress: (d) => fflate.gzipSync(d, { level: 6 }),
    decompress: (d) => fflate.gunzipSync(d),
  });
  codecs.push({
    family: "gzip",
    name: "fflate level 1",
    kind: "peer",
    compress: (d) => fflate.gzipSync(d, { level: 1 }),
  });
}
codecs.push({
  family: "gzip",
  name: "node:zlib level 6 (native)",
  kind: "native",
  compress: (d) => u8(zlib.gzipSync(d, { level: 6 })),
  decompress: (d) => u8(zlib.gunzipSync(d)),
});
codecs.push({
  family: "gzip",
  name: "node:zlib level 1 (native)",
  kind: "native",
  compress: (d) => u8(zlib.gzipSync(d, { level: 1 })),
});
if (snappyjs) {
  codecs.push({
    family: "snappy",
    name: "snappyjs (raw)",
    kind: "peer",
    compress: (d) => u8(snappyjs.compress(d)),
    decompress: (d) => u8(snappyjs.uncompress(d)),
  });
}
if (lz4js) {
  codecs.push({
    family: "lz4",
    name: "lz4js",
    kind: "peer",
    compress: (d) => u8(lz4js.compress(d)),
    decompress: (d) => u8(lz4js.decompress(d)),
  });
}

const same = (a: Bytes, b: Bytes): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

// What each decoder is timed on: the family's most common producer (node zlib level 6 for gzip,
// as Java's GZIPOutputStream would write; streamwire's own output for snappy (raw, or xerial for
// the xerial row) and lz4, which libsnappy, liblz4 and Kafka's Java client decode — see
// tools/kat/compression_kat.py verify).
const decodeInput = new Map<string, Bytes>();
for (const { label, data } of corpora) {
  decodeInput.set(`gzip ${label}`, u8(zlib.gzipSync(data, { level: 6 })));
  decodeInput.set(`snappy ${label}`, snappyCompress(data, { framing: "raw" }));
  decodeInput.set(`snappy-xerial ${label}`, snappyCompress(data));
  decodeInput.set(`lz4 ${label}`, lz4Compress(data));
  // Cross-check: every decoder reads every encoder's output of its family.
  for (const enc of codecs) {
    if (!enc.compress) continue;
    const packed = enc.compress(data);
    for (const dec of codecs) {
      if (!dec.decompress || dec.family !== enc.family) continue;
      // snappyjs reads raw blocks only, not xerial streams.
      if (dec.name.startsWith("snappyjs") && enc.name.includes("xerial")) continue;
      if (!same(dec.decompress(packed), data)) throw new Error(`${dec.name} fails on ${enc.name} (${label})`);
    }
  }
}

let sink = 0;
const bench = new Bench({ time: 700, warmup: true });
const rows: {
  key: string;
  family: string;
  label: string;
  op: "compress" | "decompress";
  codec: Codec;
  bytes: number;
}[] = [];
for (const { label, data } of corpora) {
  for (const c of codecs) {
    if (c.compress) {
      const key = `${c.family} compress ${label}: ${c.name}`;
      bench.add(key, () => void (sink ^= c.compress!(data).length));
      rows.push({ key, family: c.family, label, op: "compress", codec: c, bytes: data.length });
    }
    if (c.decompress) {
      const input = decodeInput.get(`${c.family}${c.name.includes("xerial") ? "-xerial" : ""} ${label}`)!;
      const key = `${c.family} decompress ${label}: ${c.name}`;
      bench.add(key, () => void (sink ^= c.decompress!(input).length));
      rows.push({ key, family: c.family, label, op: "decompress", codec: c, bytes: data.length });
    }
  }
}
await bench.run();

const mbs = new Map<string, number>();
for (const t of bench.tasks) {
  const r = t.result as { throughput?: { mean?: number } } | undefined;
  const row = rows.find((x) => x.key === t.name)!;
  mbs.set(t.name, (r?.throughput?.mean ?? 0) * row.bytes / 1e6);
}
console.log(
  "\nMB/s of uncompressed data; ratio = this row / the fastest pure-JS peer on the same task (gzip: at the same level)",
);
let last = "";
for (
  const row of rows.slice().sort((a, b) =>
    (a.family + a.op + a.label).localeCompare(b.family + b.op + b.label) ||
    (mbs.get(b.key)! - mbs.get(a.key)!)
  )
) {
  const group = `${row.family} ${row.op} ${row.label}`;
  if (group !== last) console.log(`  ${group}`);
  last = group;
  // Compare gzip at the same level ("level 6" against "level 6"); other families have one peer.
  const level = / level \d/.exec(row.codec.name)?.[0];
  const samePeers = rows.filter((r) =>
    r.family === row.family && r.op === row.op && r.label === row.label && r.codec.kind === "peer"
  );
  const leveled = samePeers.filter((r) => level !== undefined && r.codec.name.includes(level));
  const peers = leveled.length > 0 ? leveled : samePeers;
  const best = Math.max(0, ...peers.map((p) => mbs.get(p.key)!));
  const v = mbs.get(row.key)!;
  console.log(
    `    ${row.codec.name.padEnd(30)} ${v.toFixed(1).padStart(8)} MB/s  ${
      best ? (v / best).toFixed(2) + "x" : ""
    }`,
  );
}

console.log("\ncompressed sizes (bytes, and the ratio input/output)");
for (const { label, data } of corpora) {
  console.log(`  ${label} (${data.length} bytes)`);
  const zlib6 = zlib.gzipSync(data, { level: 6 }).length;
  for (const c of codecs) {
    if (!c.compress) continue;
    const n = c.compress(data).length;
    const vsZlib = c.family === "gzip" ? `  ${(n / zlib6).toFixed(3)}x zlib level 6` : "";
    console.log(
      `    ${(c.family + " " + c.name).padEnd(36)} ${String(n).padStart(9)}  ${
        (data.length / n).toFixed(2)
      }:1${vsZlib}`,
    );
  }
}
if (sink === 0.5) console.log(sink);
