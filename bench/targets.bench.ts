/**
 * The figures issue 15 asks for, in one process per runtime with the CPU-time round runner
 * (bench/_rounds.ts): every ratio is computed per round between cases that ran in the same
 * round. `deno task bench:report` runs this on Deno, Bun and Node 20 and writes the table in
 * bench/README.md.
 *
 * - CRC-32C at 140 B, at one 1000-record Kafka batch (120,933 B) and at 1 MiB, beside an
 *   in-run slice-by-16 over u32 words (the anchor's technique, perf-anchors.md §1).
 * - Kafka RecordBatch v2 (1000 × 10 B key + 100 B value): decode with the CRC verified —
 *   cursor reading offset, timestamp and key/value views; cursor reading numbers only;
 *   `toArray()` — beside @platformatic/kafka `readRecordsBatch` and kafkajs's batch decoder
 *   (neither checks the CRC); encode beside platformatic `createRecordsBatch`.
 * - XXH3-64 on 140 B inputs and on 1 MiB, beside the native `@node-rs/xxhash` when
 *   `BENCH_PEERS=DIR/node_modules` points at an install of it (`npm i --prefix DIR @node-rs/xxhash`).
 * - Iggy SendMessages encode of 1000 × 100 B beside hashing what it hashes, alone.
 * - LZ4 level 9 (Kafka's default, the high-compression parser) beside liblz4 HC level 9 in
 *   WebAssembly (`lz4-asm`, see `_lz4hc_peer.ts`), with both compressed sizes printed.
 *
 * Peers' outputs are checked against ours before timing.
 *
 * @module
 */

import { decodeRecordBatch } from "../src/kafka/records/batch.ts";
import { encodeRecordBatch } from "../src/kafka/records/encode.ts";
import { crc32c } from "../src/wire/crc32c.ts";
import { xxh3_64, xxh3_64Into } from "../src/wire/xxh3.ts";
import { encodeBatch } from "../src/iggy/batch/builder.ts";
import { encodeSendMessages, sendMessagesRequest } from "../src/iggy/commands/messages.ts";
import { encodePayloadInto } from "../src/iggy/codec.ts";
import { Writer } from "../src/wire/writer.ts";
import {
  RECORD_WORKLOAD_T0,
  recordBatchWorkload,
  recordsCorpus,
  textCorpus,
} from "../src/testdata/corpus.ts";
import { loadLz4Hc, LZ4HC } from "./_lz4hc_peer.ts";
import { gunzip, gzip } from "../src/kafka/compression/gzip.ts";
import { snappyCompress, snappyDecompress } from "../src/kafka/compression/snappy.ts";
import { lz4Compress, lz4Decompress } from "../src/kafka/compression/lz4.ts";
import { optionalImport } from "./_peers.ts";
import { sliceBy16 as sliceBy16With } from "./_crc_reference.ts";
import { buildSlice16 } from "../src/wire/_crc_slice16.ts";
import { type Case, printRun, runRounds } from "./_rounds.ts";
import process from "node:process";

const cases: Case[] = [];
const only = process.env.BENCH_ONLY; // a family prefix, to run one part
const skip = process.env.BENCH_SKIP; // a family prefix, to leave one part out
const add = (c: Case) => {
  if ((!only || c.family.startsWith(only)) && !(skip && c.family.startsWith(skip))) cases.push(c);
};
/** Whether some family starting with `prefix` may run: a peer that costs memory loads only then. */
const mayRun = (prefix: string) =>
  (!only || prefix.startsWith(only) || only.startsWith(prefix)) && !(skip && prefix.startsWith(skip));

// ---- CRC-32C --------------------------------------------------------------------------------

const S32C = buildSlice16(0x82f63b78);
const sliceBy16 = (bytes: Uint8Array) => sliceBy16With(S32C, bytes);

const MIB = 1 << 20;
const big = new Uint8Array(MIB + 64);
for (let i = 0; i < big.length; i++) big[i] = (i * 7 + 3 + (i >> 9)) & 0xff;
for (
  const [label, n, count] of [["140 B", 140, 400], ["120,933 B (one batch)", 120_933, 1], [
    "1 MiB",
    MIB,
    1,
  ]] as const
) {
  // Inputs at odd offsets, as a batch inside a fetch response would be.
  const inputs = Array.from({ length: count }, (_, k) => big.subarray(1 + k * 143, 1 + k * 143 + n));
  for (const x of inputs.slice(0, 3)) if (crc32c(x) !== sliceBy16(x)) throw new Error("CRC mismatch");
  const each = (f: (b: Uint8Array) => number) => () => {
    let s = 0;
    for (let k = 0; k < inputs.length; k++) s ^= f(inputs[k]);
    return s;
  };
  const family = `CRC-32C ${label}`;
  add({
    family,
    name: "streamwire crc32c",
    units: n * count,
    unit: "B",
    fn: each(crc32c),
    vs: ["slice-by-16 (in-run)"],
  });
  add({ family, name: "slice-by-16 (in-run)", units: n * count, unit: "B", fn: each(sliceBy16) });
}

// ---- Kafka RecordBatch ---------------------------------------------------------------------

const N = 1000;
const T0 = RECORD_WORKLOAD_T0;
const init = recordBatchWorkload(N);
const { records } = init;
const batch = encodeRecordBatch(init);
const NodeBuffer = (globalThis as any).Buffer ?? (await optionalImport("node:buffer"))?.Buffer;
const asBuffer = (u: Uint8Array) => NodeBuffer.from(u.buffer, u.byteOffset, u.byteLength);
const batchBuffer = asBuffer(batch);
const plat = await optionalImport("@platformatic/kafka");
const kjsDecodeBatch = (await optionalImport("kafkajs/src/protocol/recordBatch/v0/decoder.js"))?.default;
const KjsDecoder = (await optionalImport("kafkajs/src/protocol/decoder.js"))?.default;

const DEC = "Kafka decode 1000 records";
const views = "streamwire + CRC, cursor, key/value views";
const numbers = "streamwire + CRC, cursor, numbers only";
const objects = "streamwire + CRC, toArray() objects";
const platName = "@platformatic/kafka readRecordsBatch (no CRC)";
const kjsName = "kafkajs decoder (no CRC)";
const peersDec = [...(plat ? [platName] : []), ...(kjsDecodeBatch ? [kjsName] : [])];
add({
  family: DEC,
  name: views,
  units: N,
  unit: "rec",
  vs: [...peersDec, numbers],
  fn: () => {
    let t = 0;
    const c = decodeRecordBatch(batch).records();
    while (c.next()) t += c.offset + c.timestamp + c.key!.length + c.value!.length;
    return t;
  },
});
add({
  family: DEC,
  name: numbers,
  units: N,
  unit: "rec",
  fn: () => {
    let t = 0;
    const c = decodeRecordBatch(batch).records();
    while (c.next()) t += c.offset + c.timestamp + c.keyLength + c.valueLength;
    return t;
  },
});
// The views' own cost, for the bound it sets: two `new Uint8Array(buffer, offset, length)`
// per record (the cursor's key and value getters), with no parsing and no CRC.
const viewsAlone = "two Uint8Array views per record alone (no parsing, no CRC)";
{
  const ab = batch.buffer, at = batch.byteOffset;
  const keyAt = Int32Array.from({ length: N }, (_, i) => 61 + i * 120);
  add({
    family: DEC,
    name: viewsAlone,
    units: N,
    unit: "rec",
    fn: () => {
      let t = 0;
      for (let i = 0; i < N; i++) {
        t += new Uint8Array(ab, at + keyAt[i], 10).length +
          new Uint8Array(ab, at + keyAt[i] + 12, 100).length;
      }
      return t;
    },
  });
}
add({
  family: DEC,
  name: objects,
  units: N,
  unit: "rec",
  vs: plat ? [platName] : [],
  fn: () => decodeRecordBatch(batch).toArray().length,
});
if (plat) {
  const b = plat.readRecordsBatch(plat.Reader.from(batchBuffer));
  if (b.records.length !== N || Number(b.firstTimestamp + b.records[7].timestampDelta) !== T0 + 7) {
    throw new Error("platformatic decodes different records");
  }
  add({
    family: DEC,
    name: platName,
    units: N,
    unit: "rec",
    fn: () => plat.readRecordsBatch(plat.Reader.from(batchBuffer)).records.length,
  });
}
if (kjsDecodeBatch) {
  add({
    family: DEC,
    name: kjsName,
    units: N,
    unit: "rec",
    fn: async () => (await kjsDecodeBatch(new KjsDecoder(batchBuffer))).records.length,
  });
}

const ENC = "Kafka encode 1000 records";
if (plat) {
  const platMessages = records.map((r) => ({
    key: asBuffer(r.key),
    value: asBuffer(r.value),
    timestamp: BigInt(r.timestamp),
    topic: "t",
  }));
  const platEncode = () => plat.createRecordsBatch(platMessages, { producerId: -1n }).buffer as Uint8Array;
  const a = platEncode(), b2 = batch;
  if (a.length !== b2.length || a.some((v, i) => v !== b2[i])) {
    throw new Error("platformatic encodes different bytes");
  }
  add({
    family: ENC,
    name: "streamwire encodeRecordBatch",
    units: N,
    unit: "rec",
    vs: ["@platformatic/kafka createRecordsBatch"],
    fn: () => encodeRecordBatch(init).length,
  });
  add({
    family: ENC,
    name: "@platformatic/kafka createRecordsBatch",
    units: N,
    unit: "rec",
    fn: () => platEncode().length,
  });
}

// ---- XXH3-64 and Iggy SendMessages ------------------------------------------------------------

type NativeXxh = { xxh3: { xxh64(d: Uint8Array): bigint } };
const peersDir = process.env.BENCH_PEERS;
const nativeXxh = peersDir
  ? (await import("node:module")).createRequire(`${peersDir}/`)("@node-rs/xxhash") as NativeXxh
  : undefined;
const out = new Uint32Array(2);
const frames = new Uint8Array(140 * N);
for (let i = 0; i < frames.length; i++) frames[i] = (i * 13 + (i >> 8)) & 0xff;
const frameViews = Array.from({ length: N }, (_, i) => frames.subarray(i * 140, (i + 1) * 140));
const X140 = "XXH3-64 1000 x 140 B";
add({
  family: X140,
  name: "streamwire xxh3_64Into",
  units: N,
  unit: "hash",
  vs: nativeXxh ? ["@node-rs/xxhash xxh3 (native)"] : [],
  fn: () => {
    let s = 0;
    for (let i = 0; i < N; i++) s ^= xxh3_64Into(frameViews[i], out)[0];
    return s;
  },
});
const wholeMib = big.subarray(0, MIB);
const XM = "XXH3-64 1 MiB";
add({
  family: XM,
  name: "streamwire xxh3_64Into",
  units: MIB,
  unit: "B",
  vs: nativeXxh ? ["@node-rs/xxhash xxh3 (native)"] : [],
  fn: () => xxh3_64Into(wholeMib, out)[0],
});
if (nativeXxh) {
  if (nativeXxh.xxh3.xxh64(frameViews[3]) !== xxh3_64(frameViews[3])) {
    throw new Error("@node-rs/xxhash disagrees");
  }
  add({
    family: X140,
    name: "@node-rs/xxhash xxh3 (native)",
    units: N,
    unit: "hash",
    fn: () => {
      let s = 0;
      for (let i = 0; i < N; i++) s ^= Number(nativeXxh.xxh3.xxh64(frameViews[i]) & 1n);
      return s;
    },
  });
  add({
    family: XM,
    name: "@node-rs/xxhash xxh3 (native)",
    units: MIB,
    unit: "B",
    fn: () => Number(nativeXxh.xxh3.xxh64(wholeMib) & 1n),
  });
}

const payloads = Array.from({ length: N }, (_, i) => {
  const p = new Uint8Array(100);
  for (let j = 0; j < 100; j++) p[j] = (i * 31 + j * 7) & 0xff;
  return p;
});
const messages = payloads.map((payload, i) => ({
  id: i + 1,
  payload,
  originTimestamp: 1_700_000_000_000_000 + i,
}));
const record = encodeBatch(messages);
// The frames as the batch lays them out (256 B batch header, then 48 B header + payload each).
const FRAME = (record.length - 256) / N;
const iggyFrames = Array.from(
  { length: N },
  (_, i) => record.subarray(256 + i * FRAME, 256 + (i + 1) * FRAME),
);
// What the encoder must hash, and nothing else: each frame after its 8-byte checksum field
// (48 − 8 header bytes + the payload), and the batch checksum's input (44 header bytes and
// the 1000 frame checksums).
const hashed = iggyFrames.map((f) => f.subarray(8));
const batchChecksumInput = new Uint8Array(44 + 8 * N).fill(0x5a);
const stream = { kind: "numeric" as const, value: 1 };
const topic = { kind: "numeric" as const, value: 2 };
const IG = "Iggy SendMessages 1000 x 100 B";
const hashAlone = "XXH3-64 of the bytes it hashes, alone";
add({
  family: IG,
  name: "streamwire encodeSendMessages",
  units: N,
  unit: "msg",
  vs: [hashAlone],
  fn: () => encodeSendMessages(stream, topic, { kind: "balanced" }, messages).length,
});
// The same body written into one Writer reused across calls (reset, not reallocated), as a
// client with a send buffer does: no fresh 148 KB array per call.
const sendWriter = new Writer(1 << 18);
const sendRequest = {
  streamId: stream,
  topicId: topic,
  partitioning: { kind: "balanced" as const },
  messages,
};
{
  const a = encodeSendMessages(stream, topic, { kind: "balanced" }, messages);
  encodePayloadInto(sendMessagesRequest, sendWriter.reset(), sendRequest);
  const b = sendWriter.buf.subarray(0, sendWriter.pos);
  if (a.length !== b.length || a.some((v, i) => v !== b[i])) {
    throw new Error("SendMessages into a Writer differs");
  }
}
add({
  family: IG,
  name: "streamwire SendMessages into a reused Writer (encodePayloadInto)",
  units: N,
  unit: "msg",
  vs: [hashAlone],
  fn: () => {
    encodePayloadInto(sendMessagesRequest, sendWriter.reset(), sendRequest);
    return sendWriter.pos;
  },
});
add({
  family: IG,
  name: hashAlone,
  units: N,
  unit: "msg",
  fn: () => {
    let s = 0;
    for (let i = 0; i < N; i++) s ^= xxh3_64Into(hashed[i], out)[0];
    return s ^ xxh3_64Into(batchChecksumInput, out)[0];
  },
});

// ---- compression codecs beside the pure-JS npm peers -----------------------------------------

const cjs = (m: any) => (m === undefined ? undefined : m.default ?? m);
const snappyjs = cjs(await optionalImport("snappyjs"));
const lz4js = cjs(await optionalImport("lz4js"));
const fflate = await optionalImport<any>("fflate");
const pako = await optionalImport<any>("pako");
const u8 = (b: ArrayBufferView): Uint8Array =>
  b instanceof Uint8Array && b.constructor === Uint8Array
    ? b
    : new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
const corpus = recordsCorpus(1000, 100);
const sizes: string[] = [];
type Peer = { name: string; c: (d: Uint8Array) => Uint8Array; d: (d: Uint8Array) => Uint8Array };
const codecCase = (
  codec: string,
  ours: { c: (d: Uint8Array) => Uint8Array; d: (d: Uint8Array) => Uint8Array },
  candidates: (Peer | undefined)[],
) => {
  const peers = candidates.filter((p): p is Peer => p !== undefined);
  const mine = ours.c(corpus);
  const eq = (a: Uint8Array) => a.length === corpus.length && a.every((v, i) => v === corpus[i]);
  if (!eq(ours.d(mine))) throw new Error(`${codec}: round trip differs`);
  const fam = (dir: string) => `${codec} ${dir} 1000 records (${corpus.length} B)`;
  add({
    family: fam("compress"),
    name: "streamwire",
    units: corpus.length,
    unit: "B",
    fn: () => ours.c(corpus).length,
    vs: peers.map((p) => p.name),
  });
  add({
    family: fam("decompress"),
    name: "streamwire",
    units: corpus.length,
    unit: "B",
    fn: () => ours.d(mine).length,
    vs: peers.map((p) => p.name),
  });
  for (const peer of peers) {
    const theirs = peer.c(corpus);
    if (!eq(peer.d(mine)) || !eq(ours.d(theirs))) throw new Error(`${codec}: ${peer.name} disagrees`);
    sizes.push(
      `${codec}: streamwire ${mine.length} B, ${peer.name} ${theirs.length} B (${
        (mine.length / theirs.length).toFixed(3)
      }×)`,
    );
    add({
      family: fam("compress"),
      name: peer.name,
      units: corpus.length,
      unit: "B",
      fn: () => peer.c(corpus).length,
    });
    add({
      family: fam("decompress"),
      name: peer.name,
      units: corpus.length,
      unit: "B",
      fn: () => peer.d(theirs).length,
    });
  }
};
codecCase(
  "snappy",
  { c: (d) => snappyCompress(d, { framing: "raw" }), d: (d) => snappyDecompress(d) },
  [
    snappyjs &&
    { name: "snappyjs", c: (d) => u8(snappyjs.compress(d)), d: (d) => u8(snappyjs.uncompress(d)) },
  ],
);
codecCase(
  "lz4",
  { c: (d) => lz4Compress(d), d: (d) => lz4Decompress(d) },
  [lz4js && { name: "lz4js", c: (d) => u8(lz4js.compress(d)), d: (d) => u8(lz4js.decompress(d)) }],
);
codecCase(
  "gzip",
  { c: (d) => gzip(d), d: (d) => gunzip(d) },
  [
    fflate && { name: "fflate", c: (d) => fflate.gzipSync(d, { level: 6 }), d: (d) => fflate.gunzipSync(d) },
    pako && { name: "pako", c: (d) => u8(pako.gzip(d, { level: 6 })), d: (d) => u8(pako.ungzip(d)) },
  ],
);

// ---- LZ4 high compression (level 9, Kafka's default) beside liblz4 HC in WebAssembly --------

// lz4-asm brings a fixed 32 MiB WebAssembly memory. In the same process it put JSC's next
// collection ~180 MB of allocation away (BUN_JSC_logGC=1), so fresh arrays of the other cases
// kept landing on untouched pages, and it slowed them on V8 too: Iggy encodeSendMessages ÷ its
// hashes, with only the Iggy cases in the rounds, 0.44x with it and 0.68x without on Bun,
// 0.40x and 0.69x on Node 20. bench/report.ts runs this family in processes of its own.
const lz4hc = mayRun(LZ4HC) ? await loadLz4Hc() : undefined;
const textForHc = textCorpus(1 << 18);
for (const [label, data] of [["1000 records", corpus], ["text 256 KiB", textForHc]] as const) {
  const family = `${LZ4HC} ${label} (${data.length} B)`;
  const mine = lz4Compress(data, { level: 9 });
  const eq = (a: Uint8Array) => a.length === data.length && a.every((v, i) => v === data[i]);
  if (!eq(lz4Decompress(mine))) throw new Error(`${family}: round trip differs`);
  add({
    family,
    name: "streamwire level 9",
    units: data.length,
    unit: "B",
    fn: () => lz4Compress(data, { level: 9 }).length,
    vs: lz4hc ? [lz4hc.name] : [],
  });
  if (!lz4hc) continue;
  const theirs = lz4hc.compress(data, 9);
  if (!eq(lz4Decompress(theirs))) throw new Error(`${family}: ${lz4hc.name} output does not decode`);
  // Their frame stores the 8-byte content size; ours does not: compare the rest.
  const fast = lz4Compress(data).length;
  sizes.push(
    `lz4 level 9, ${label}: streamwire ${mine.length} B, ${lz4hc.name} ${theirs.length - 8} B (${
      (mine.length / (theirs.length - 8)).toFixed(3)
    }×; streamwire fast level ${fast} B)`,
  );
  add({ family, name: lz4hc.name, units: data.length, unit: "B", fn: () => lz4hc.compress(data, 9).length });
}

const run = await runRounds(cases);
printRun("issue 15 targets", run);
for (const line of sizes) console.log(`  size: ${line}`);
