/**
 * Reader/Writer primitives beside the runtime's plain baseline (a DataView loop,
 * `Uint8Array.set`) and beside the primitive readers/writers of kafkajs and @platformatic/kafka.
 * Each task handles 1,000 fields per call; figures are fields/s.
 *
 * @module
 */

import { Bench } from "tinybench";
import { Reader } from "../src/wire/reader.ts";
import { Writer } from "../src/wire/writer.ts";
import { optionalImport, report } from "./_peers.ts";

const N = 1000;
const ints = new Uint8Array(N * 4);
const iv = new DataView(ints.buffer);
for (let i = 0; i < N; i++) iv.setInt32(i * 4, i * 2654435761, false);
const longs = new Uint8Array(N * 8);
for (let i = 0; i < N; i++) new DataView(longs.buffer).setBigInt64(i * 8, BigInt(i) * 0x1234567n, false);
const w0 = new Writer(N * 5);
for (let i = 0; i < N; i++) w0.varint((i * 7919) % 100000 - 50000);
const varints = w0.finish();
const payload = new Uint8Array(100).fill(7);

const kafkajsDecoder = (await optionalImport("kafkajs/src/protocol/decoder.js"))?.default;
const kafkajsEncoder = (await optionalImport("kafkajs/src/protocol/encoder.js"))?.default;
const plat = await optionalImport("@platformatic/kafka");
const NodeBuffer = (globalThis as any).Buffer;
const asBuffer = (u: Uint8Array) => (NodeBuffer ? NodeBuffer.from(u.buffer, u.byteOffset, u.byteLength) : u);

let sink = 0;
const bench = new Bench({ time: 300, warmup: true });
bench
  .add("i32be: DataView loop (baseline)", () => {
    const dv = new DataView(ints.buffer);
    for (let i = 0; i < N; i++) sink += dv.getInt32(i * 4, false);
  })
  .add("i32be: streamwire Reader", () => {
    const r = new Reader(ints);
    for (let i = 0; i < N; i++) sink += r.i32be();
  });
if (kafkajsDecoder) {
  const buf = asBuffer(ints);
  bench.add("i32be: kafkajs Decoder", () => {
    const d = new kafkajsDecoder(buf);
    for (let i = 0; i < N; i++) sink += d.readInt32();
  });
}
if (plat?.Reader) {
  const buf = asBuffer(ints);
  bench.add("i32be: @platformatic/kafka Reader", () => {
    const r = plat.Reader.from(buf);
    for (let i = 0; i < N; i++) sink += r.readInt32();
  });
}
bench.add("varint: streamwire Reader", () => {
  const r = new Reader(varints);
  for (let i = 0; i < N; i++) sink += r.varint();
});
if (kafkajsDecoder) {
  const buf = asBuffer(varints);
  bench.add("varint: kafkajs Decoder", () => {
    const d = new kafkajsDecoder(buf);
    for (let i = 0; i < N; i++) sink += d.readVarInt();
  });
}
if (plat?.Reader) {
  const buf = asBuffer(varints);
  bench.add("varint: @platformatic/kafka Reader", () => {
    const r = plat.Reader.from(buf);
    for (let i = 0; i < N; i++) sink += r.readVarInt();
  });
}
bench
  .add("i64be: DataView getBigInt64 (baseline)", () => {
    const dv = new DataView(longs.buffer);
    for (let i = 0; i < N; i++) if (dv.getBigInt64(i * 8, false) === 1n) sink++;
  })
  .add("i64be: streamwire Reader", () => {
    const r = new Reader(longs);
    for (let i = 0; i < N; i++) if (r.i64be() === 1n) sink++;
  })
  .add("write i32be: DataView loop (baseline)", () => {
    const out = new Uint8Array(N * 4);
    const dv = new DataView(out.buffer);
    for (let i = 0; i < N; i++) dv.setInt32(i * 4, i, false);
    sink += out[5];
  })
  .add("write i32be: streamwire Writer (sized)", () => {
    const w = new Writer(N * 4);
    for (let i = 0; i < N; i++) w.i32be(i);
    sink += w.buf[5];
  });
if (kafkajsEncoder) {
  bench.add("write i32be: kafkajs Encoder", () => {
    const e = new kafkajsEncoder();
    for (let i = 0; i < N; i++) e.writeInt32(i);
    sink += e.buffer.length;
  });
}
if (plat?.Writer) {
  bench.add("write i32be: @platformatic/kafka Writer", () => {
    const w = plat.Writer.create();
    for (let i = 0; i < N; i++) w.appendInt32(i);
    sink += w.length;
  });
}
bench
  .add("write 100-byte fields: Uint8Array.set (baseline)", () => {
    const out = new Uint8Array(N * 100);
    for (let i = 0; i < N; i++) out.set(payload, i * 100);
    sink += out[3];
  })
  .add("write 100-byte fields: streamwire Writer (sized)", () => {
    const w = new Writer(N * 100);
    for (let i = 0; i < N; i++) w.bytes(payload);
    sink += w.buf[3];
  });

await bench.run();
report("wire primitives (1,000 fields per op)", bench.tasks, {
  unitsPerOp: N,
  unit: "fields",
  ratioTo: ["i32be: DataView loop (baseline)", "i32be: kafkajs Decoder", "i32be: @platformatic/kafka Reader"],
});
if (sink === 0.5) console.log(sink);
