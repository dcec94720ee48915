/**
 * The costs behind bench/README.md's "Where the engines set the limit": making a `Uint8Array`
 * view of an existing buffer, each way an engine offers (and a copy, for comparison), and a
 * fresh allocation of the Iggy SendMessages output's size; and the parts of a views decode of the
 * targets' 1000-record batch, per record. One process, the round runner of bench/_rounds.ts
 * (CPU-time clock); units are views, records, and bytes of fresh array per second.
 *
 * `deno run -A bench/view_cost.ts`, `npx bun bench/view_cost.ts`.
 *
 * @module
 */

import { type Case, printRun, runRounds } from "./_rounds.ts";
import { recordBatchWorkload } from "../src/testdata/corpus.ts";
import { decodeRecordBatch, encodeRecordBatch } from "../src/kafka/records/mod.ts";
import { crc32c } from "../src/wire/crc32c.ts";

const N = 1000;
const ab = new ArrayBuffer(130_000);
const u8 = new Uint8Array(ab, 8);
const NodeBuffer =
  (globalThis as { Buffer?: { from(b: ArrayBuffer, o: number, l: number): Uint8Array } }).Buffer;
const VIEW = "one 100-byte view of an existing buffer, per view";
const view = (name: string, make: (o: number) => { byteLength: number }): Case => ({
  family: VIEW,
  name,
  units: N,
  unit: "view",
  fn: () => {
    let t = 0;
    for (let i = 0; i < N; i++) t += make(i * 120).byteLength;
    return t;
  },
});
const FILL = new Uint8Array(148_000).fill(7);
const cases: Case[] = [
  view("new Uint8Array(buffer, offset, length)", (o) => new Uint8Array(ab, 8 + o, 100)),
  view("subarray", (o) => u8.subarray(o, o + 100)),
  view("new DataView(buffer, offset, length)", (o) => new DataView(ab, 8 + o, 100)),
  view("slice (a copy)", (o) => u8.slice(o, o + 100)),
  view("new Uint8Array(100) (fresh, not a view)", () => new Uint8Array(100)),
  ...(NodeBuffer
    ? [view("Buffer.from(buffer, offset, length)", (o) => NodeBuffer.from(ab, 8 + o, 100))]
    : []),
  {
    family: "a fresh array of the SendMessages output's size (148 KB)",
    name: "new Uint8Array(148_000), last byte written",
    units: 148_000,
    unit: "B",
    fn: () => {
      const a = new Uint8Array(148_000);
      a[a.length - 1] = 1;
      return a[0];
    },
  },
  {
    // What an encoder returning a new array pays: every page of it written (the faults of
    // fresh memory, counted in the system part of the CPU clock).
    family: "a fresh array of the SendMessages output's size (148 KB)",
    name: "new Uint8Array(148_000), filled by one set",
    units: 148_000,
    unit: "B",
    fn: () => {
      const a = new Uint8Array(148_000);
      a.set(FILL);
      return a[0];
    },
  },
];

// The parts of "Kafka decode 1000 records" (bench/targets.bench.ts), each per record.
const batch = encodeRecordBatch(recordBatchWorkload(N));
const crcInput = batch.subarray(21);
const FIRST_RECORD = 61;
const zigzag = (v: number) => (v >>> 1) ^ -(v & 1);
/**
 * The least a JS parse of these records can cost: the cursor's fast path as one loop over
 * locals (no object, no call per record, no header support, no error reporting). It returns
 * -1 on any record the fast path would not take, which never happens on this batch.
 */
function parseFloor(b: Uint8Array): number {
  let p = FIRST_RECORD, t = 0;
  const end = b.length;
  for (let i = 0; i < N; i++) {
    // Five varints (length, timestamp delta, offset delta, key length, value length), each in
    // one or two bytes, written out: a helper closure doubled the loop's cost on V8.
    let c = b[p], d = 0, v = 0;
    if (c < 0x80) (v = zigzag(c)), p++;
    else if ((d = b[p + 1]) < 0x80) (v = zigzag((c & 0x7f) | (d << 7))), (p += 2);
    else return -1;
    const lim = p + v;
    if (v < 0 || lim > end) return -1;
    t += b[p++];
    if ((c = b[p]) < 0x80) (v = zigzag(c)), p++;
    else if ((d = b[p + 1]) < 0x80) (v = zigzag((c & 0x7f) | (d << 7))), (p += 2);
    else return -1;
    t += v;
    if ((c = b[p]) < 0x80) (v = zigzag(c)), p++;
    else if ((d = b[p + 1]) < 0x80) (v = zigzag((c & 0x7f) | (d << 7))), (p += 2);
    else return -1;
    t += v;
    if ((c = b[p]) < 0x80) (v = zigzag(c)), p++;
    else if ((d = b[p + 1]) < 0x80) (v = zigzag((c & 0x7f) | (d << 7))), (p += 2);
    else return -1;
    if (v > 0) p += v;
    t += v;
    if ((c = b[p]) < 0x80) (v = zigzag(c)), p++;
    else if ((d = b[p + 1]) < 0x80) (v = zigzag((c & 0x7f) | (d << 7))), (p += 2);
    else return -1;
    if (v > 0) p += v;
    t += v;
    // No headers, and nothing after them.
    if (b[p] !== 0 || p >= lim || ++p !== lim) return -1;
  }
  return t;
}
if (parseFloor(batch) < 0) throw new Error("parseFloor does not take this batch");
const keyAt = Int32Array.from({ length: N }, (_, i) => FIRST_RECORD + 2 + i * 120);
const PARTS = "parts of a views decode of the 1000-record batch, per record";
const part = (name: string, fn: () => number): Case => ({ family: PARTS, name, units: N, unit: "rec", fn });
cases.push(
  part("CRC-32C of the batch", () => crc32c(crcInput)),
  part("record parse floor (one loop over locals)", () => parseFloor(batch)),
  part("cursor next(), numbers only, no CRC", () => {
    let t = 0;
    const c = decodeRecordBatch(batch, { verifyChecksum: false }).records();
    while (c.next()) t += c.offsetDelta + c.timestampDelta + c.keyLength + c.valueLength;
    return t;
  }),
  part("two views (key and value)", () => {
    let t = 0;
    const ab = batch.buffer, at = batch.byteOffset;
    for (let i = 0; i < N; i++) {
      t += new Uint8Array(ab, at + keyAt[i], 10).length + new Uint8Array(ab, at + keyAt[i] + 12, 100).length;
    }
    return t;
  }),
);
printRun("view and allocation costs", await runRounds(cases));
