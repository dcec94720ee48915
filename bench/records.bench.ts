/**
 * Kafka RecordBatch v2 beside kafkajs and @platformatic/kafka, in one run: 1,000 records of a
 * 10-byte key and a 100-byte value, no headers, uncompressed (the workload of
 * the shared reference notes (reference/perf-anchors.md) §2; about 121 kB on the wire).
 *
 * - encode: streamwire `encodeRecordBatch` (sized once, one allocation, CRC-32C), kafkajs
 *   `RecordBatch` + `Record` (what its producer calls), platformatic `createRecordsBatch`.
 * - decode: streamwire with the CRC-32C checked (as `decodeRecordBatch` does by default) and
 *   without it, reading every record's offset, timestamp, key and value (key and value as
 *   views, like the peers' slices) or only the numbers; kafkajs's batch decoder and
 *   platformatic `readRecordsBatch`, neither of which checks the CRC.
 * - per codec: encode (records + compression) and decode (decompression + cursor) of the same
 *   records, MB/s of uncompressed records.
 *
 * Every peer's output is checked against streamwire's (same bytes for encoders, same records for
 * decoders) before anything is timed. Decode tasks sum into a local and touch the module-level
 * sink once per batch: a per-record `sink +=` of a double would allocate a heap number per
 * record on V8 and measure that instead of the decoder. Figures are records/s; ratios compare tasks of one family
 * within the same run.
 *
 * @module
 */

import { Bench } from "tinybench";
import { decodeRecordBatch as decodeRecordBatchWith } from "../src/kafka/records/batch.ts";
import { encodeRecordBatch as encodeRecordBatchWith } from "../src/kafka/records/encode.ts";
import { createCodecRegistry } from "../src/kafka/compression/registry.ts";
import { toHex } from "../src/wire/hex.ts";
import { RECORD_WORKLOAD_T0, recordBatchWorkload } from "../src/testdata/corpus.ts";
import { optionalImport, report } from "./_peers.ts";

// All four compression codecs (the library registers none by default).
const codecs = createCodecRegistry();
const decodeRecordBatch: typeof decodeRecordBatchWith = (b, o) => decodeRecordBatchWith(b, { codecs, ...o });
const encodeRecordBatch: typeof encodeRecordBatchWith = (i, o) => encodeRecordBatchWith(i, { codecs, ...o });
const N = 1000;
const T0 = RECORD_WORKLOAD_T0;
const init = recordBatchWorkload(N);
const { records } = init;
const batch = encodeRecordBatch(init);
console.log(`  workload: ${N} records, 10 B keys, 100 B values: ${batch.length} bytes`);

const NodeBuffer = (globalThis as any).Buffer;
const asBuffer = (u: Uint8Array) => NodeBuffer.from(u.buffer, u.byteOffset, u.byteLength);

const kafkajsBatch = (await optionalImport("kafkajs/src/protocol/recordBatch/v0/index.js"))?.default
  ?.RecordBatch;
const kafkajsRecord = (await optionalImport("kafkajs/src/protocol/recordBatch/record/v0/index.js"))?.default;
const kafkajsBatchDecoder = (await optionalImport("kafkajs/src/protocol/recordBatch/v0/decoder.js"))?.default;
const kafkajsDecoder = (await optionalImport("kafkajs/src/protocol/decoder.js"))?.default;
const kafkajsLong = (await optionalImport("kafkajs/src/utils/long.js"))?.default;
const plat = await optionalImport("@platformatic/kafka");

let sink = 0;

// ---- equivalence checks, before timing ----------------------------------------------------

async function kafkajsEncode(): Promise<Uint8Array> {
  const recs = records.map((r, i) =>
    kafkajsRecord({
      offsetDelta: i,
      timestampDelta: r.timestamp - T0,
      key: asBuffer(r.key),
      value: asBuffer(r.value),
    })
  );
  const e = await kafkajsBatch({
    firstOffset: kafkajsLong.fromInt(0),
    firstTimestamp: T0,
    maxTimestamp: T0 + N - 1,
    lastOffsetDelta: N - 1,
    records: recs,
  });
  return e.buffer;
}

const platMessages = records.map((r) => ({
  key: asBuffer(r.key),
  value: asBuffer(r.value),
  timestamp: BigInt(r.timestamp),
  topic: "t",
}));
function platEncode(): Uint8Array {
  for (const m of platMessages) m.timestamp = BigInt(m.timestamp);
  return plat.createRecordsBatch(platMessages, { producerId: -1n }).buffer;
}

const want = toHex(batch);
if (kafkajsBatch) {
  const got = toHex(await kafkajsEncode());
  if (got !== want) throw new Error(`kafkajs bytes differ:\n${got.slice(0, 200)}\n${want.slice(0, 200)}`);
}
if (plat) {
  const got = toHex(platEncode());
  if (got !== want) {
    throw new Error(`platformatic bytes differ:\n${got.slice(0, 200)}\n${want.slice(0, 200)}`);
  }
}

function streamwireRecords(): [number, number, string, string][] {
  const c = decodeRecordBatch(batch).records();
  const out: [number, number, string, string][] = [];
  while (c.next()) out.push([c.offset, c.timestamp, toHex(c.key!), toHex(c.value!)]);
  return out;
}
const wantRecords = JSON.stringify(streamwireRecords());
const batchBuffer = asBuffer(batch);
if (kafkajsBatchDecoder) {
  const d = await kafkajsBatchDecoder(new kafkajsDecoder(batchBuffer));
  const got = d.records.map((
    r: any,
  ) => [Number(r.offset), Number(r.timestamp), toHex(r.key), toHex(r.value)]);
  if (JSON.stringify(got) !== wantRecords) throw new Error("kafkajs decodes different records");
}
if (plat) {
  const b = plat.readRecordsBatch(plat.Reader.from(batchBuffer));
  const got = b.records.map((r: any) => [
    Number(b.firstOffset) + r.offsetDelta,
    Number(b.firstTimestamp + r.timestampDelta),
    toHex(r.key),
    toHex(r.value),
  ]);
  if (JSON.stringify(got) !== wantRecords) throw new Error("platformatic decodes different records");
}

// ---- RecordBatch v2 -----------------------------------------------------------------------

const bench = new Bench({ time: 400, warmup: true, warmupTime: 200 });
bench
  .add("encode: streamwire encodeRecordBatch", () => {
    sink += encodeRecordBatch(init).length;
  })
  .add("decode: streamwire + CRC, offset/timestamp/key/value views", () => {
    let t = 0;
    const c = decodeRecordBatch(batch).records();
    while (c.next()) t += c.offset + c.timestamp + c.key!.length + c.value!.length;
    sink += t;
  })
  .add("decode: streamwire + CRC, numbers only", () => {
    let t = 0;
    const c = decodeRecordBatch(batch).records();
    while (c.next()) t += c.offset + c.timestamp + c.keyLength + c.valueLength;
    sink += t;
  })
  .add("decode: streamwire no CRC, offset/timestamp/key/value views", () => {
    let t = 0;
    const c = decodeRecordBatch(batch, { verifyChecksum: false }).records();
    while (c.next()) t += c.offset + c.timestamp + c.key!.length + c.value!.length;
    sink += t;
  })
  .add("decode: streamwire + CRC, toArray() objects", () => {
    sink += decodeRecordBatch(batch).toArray().length;
  });
if (kafkajsBatch) {
  bench.add("encode: kafkajs RecordBatch", async () => {
    sink += (await kafkajsEncode()).length;
  });
  bench.add("decode: kafkajs (no CRC check)", async () => {
    const d = await kafkajsBatchDecoder(new kafkajsDecoder(batchBuffer));
    sink += d.records.length;
  });
}
if (plat) {
  bench.add("encode: @platformatic/kafka createRecordsBatch", () => {
    sink += platEncode().length;
  });
  bench.add("decode: @platformatic/kafka readRecordsBatch (no CRC check)", () => {
    sink += plat.readRecordsBatch(plat.Reader.from(batchBuffer)).records.length;
  });
}
await bench.run();
report("RecordBatch v2, 1000 x 100 B records (records/s; ratios within each family)", bench.tasks, {
  unitsPerOp: N,
  unit: "rec",
});

// ---- per codec ----------------------------------------------------------------------------

const codecBench = new Bench({ time: 300, warmup: true });
const raw = batch.length - 61;
for (const [id, name] of [[1, "gzip"], [2, "snappy"], [3, "lz4"], [4, "zstd"]] as const) {
  const packed = encodeRecordBatch({ ...init, compression: id });
  if (
    JSON.stringify(decodeRecordBatch(packed).toArray().map((r) => toHex(r.value!))) !==
      JSON.stringify(records.map((r) => toHex(r.value)))
  ) {
    throw new Error(`${name}: records differ after a round trip`);
  }
  console.log(
    `  ${name}: ${raw} B of records -> ${packed.length - 61} B (${((packed.length - 61) / raw).toFixed(3)})`,
  );
  codecBench.add(`${name}: encode (records + compress)`, () => {
    sink += encodeRecordBatch({ ...init, compression: id }).length;
  });
  codecBench.add(`${name}: decode (decompress + cursor)`, () => {
    let t = 0;
    const c = decodeRecordBatch(packed).records();
    while (c.next()) t += c.valueLength;
    sink += t;
  });
}
await codecBench.run();
report("Compressed batches (MB/s of uncompressed records)", codecBench.tasks, {
  unitsPerOp: raw / 1e6,
  unit: "MB",
});
if (sink === 42) console.log("");
