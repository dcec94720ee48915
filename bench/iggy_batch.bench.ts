/**
 * The Iggy message batch and messages commands, in messages per second, beside a plain
 * baseline that reads the same bytes with a DataView loop (the floor for "walk the frames"):
 *
 * - build a batch record of 1,000 × 100-byte messages (every frame hashed with XXH3-64, then
 *   the batch checksum);
 * - iterate that record with the cursor (layout already proven: no allocation per message),
 *   the same walk reading ids as bigint and payload views, and the baseline DataView loop;
 * - decode the record verifying every checksum (`decodeBatch`), and layout-only;
 * - encode a SendMessages request (metadata + the batch built in place);
 * - decode a PollMessages reply of 1,000 × 100-byte messages and visit every message;
 * - XXH3-64 on 140-byte frames (a 100-byte message frame with a small header is ~140 B).
 *
 * Compare with the shared reference notes (reference/perf-anchors.md) §3 (Iggy Node SDK: send encode 0.5–1 M
 * msg/s, poll decode 3–4.6 M msg/s). Figures drift on a shared machine; ratios within one
 * run are the stable part.
 *
 * @module
 */

import { Bench } from "tinybench";
import { decodeBatch, MessageCursor } from "../src/iggy/batch/batch.ts";
import {
  type BatchMessageInput,
  encodeBatch,
  encodeBatchInto,
  sizeOfBatch,
} from "../src/iggy/batch/builder.ts";
import {
  decodePollMessagesResponse,
  encodeSendMessages,
  forEachPolledMessage,
  pollMessagesResponse,
} from "../src/iggy/commands/messages.ts";
import { encodePayload } from "../src/iggy/codec.ts";
import { xxh3_64Into } from "../src/wire/xxh3.ts";

const N = 1000;
const SIZE = 100;
const payloads = Array.from({ length: N }, (_, i) => {
  const p = new Uint8Array(SIZE);
  for (let j = 0; j < SIZE; j++) p[j] = (i * 31 + j * 7) & 0xff;
  return p;
});
const base = 1_700_000_000_000_000;
const messages: BatchMessageInput[] = payloads.map((payload, i) => ({
  id: i + 1,
  payload,
  originTimestamp: base + i,
}));
const messagesBigId: BatchMessageInput[] = payloads.map((payload, i) => ({
  id: BigInt(i + 1) << 64n,
  payload,
  originTimestamp: base + i,
}));

const record = encodeBatch(messages, {
  partitionId: 1n,
  baseOffset: 1_000_000n,
  baseTimestamp: BigInt(base),
});
const view = decodeBatch(record);
const reply = encodePayload(pollMessagesResponse, {
  partitionId: 1,
  currentOffset: 1_000_999n,
  messagesCount: N,
  context: { incarnation: 1n, ownerGeneration: 0n, metadataOp: 7n },
  batches: [record],
});
const dest = new Uint8Array(sizeOfBatch(messages));
const cursor = new MessageCursor();
const frames140 = new Uint8Array(140 * N);
for (let i = 0; i < frames140.length; i++) frames140[i] = (i * 13) & 0xff;
const frameViews = Array.from({ length: N }, (_, i) => frames140.subarray(i * 140, (i + 1) * 140));
const out = new Uint32Array(2);
const stream = { kind: "numeric" as const, value: 1 };
const topic = { kind: "numeric" as const, value: 2 };

let sink = 0;

/** The baseline: the same frame walk as a bare DataView loop, reading what a consumer reads. */
function baselineWalk(bytes: Uint8Array): number {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 256;
  let acc = 0;
  const end = bytes.length;
  while (pos + 48 <= end) {
    const uh = dv.getUint32(pos + 32, true);
    const pl = dv.getUint32(pos + 36, true);
    acc += dv.getUint32(pos + 24, true) + dv.getUint32(pos + 28, true) + dv.getUint32(pos + 8, true) + pl;
    pos += 48 + pl + uh;
  }
  return acc;
}

const bench = new Bench({ time: 500, warmup: true });
const rows: { name: string; units: number; unit: string }[] = [];
function add(name: string, units: number, unit: string, fn: () => void): void {
  bench.add(name, fn);
  rows.push({ name, units, unit });
}

add("build batch 1000 x 100 B (encodeBatchInto, number ids)", N, "msg", () => {
  sink ^= encodeBatchInto(dest, 0, messages);
});
add("build batch 1000 x 100 B (encodeBatch, u128 bigint ids)", N, "msg", () => {
  sink ^= encodeBatch(messagesBigId).length;
});
add("iterate cursor: offset/timestamp/lengths as numbers", N, "msg", () => {
  view.cursor(cursor);
  let acc = 0;
  while (cursor.next()) acc += cursor.offsetNumber + cursor.originTimestampNumber + cursor.payloadLength;
  sink ^= acc;
});
add("iterate cursor: + id bigint and payload view", N, "msg", () => {
  view.cursor(cursor);
  let acc = 0;
  while (cursor.next()) acc += cursor.payload.length + (cursor.id === 0n ? 1 : 0);
  sink ^= acc;
});
add("baseline: DataView loop over the same frames", N, "msg", () => {
  sink ^= baselineWalk(record);
});
add("decodeBatch verify (every frame + batch re-hashed)", N, "msg", () => {
  sink ^= decodeBatch(record).messageCount;
});
add("decodeBatch layoutOnly", N, "msg", () => {
  sink ^= decodeBatch(record, { integrity: "layoutOnly" }).messageCount;
});
add("SendMessages encode 1000 x 100 B", N, "msg", () => {
  sink ^= encodeSendMessages(stream, topic, { kind: "balanced" }, messages).length;
});
add("PollMessages decode 1000 x 100 B + visit every message", N, "msg", () => {
  const r = decodePollMessagesResponse(reply);
  let acc = 0;
  forEachPolledMessage(r, (c) => (acc += c.payloadLength + c.offsetNumber), cursor);
  sink ^= acc;
});
add("XXH3-64 of 140 B frames (xxh3_64Into)", N, "hash", () => {
  for (let i = 0; i < N; i++) sink ^= xxh3_64Into(frameViews[i], out)[0];
});

await bench.run();

console.log("\niggy batch (messages/s; the baseline row is the bare DataView walk of the same bytes)");
const baselineName = "baseline: DataView loop over the same frames";
let baselineRate = 0;
for (const t of bench.tasks) {
  if (t.name === baselineName) baselineRate = ((t.result as any)?.throughput?.mean ?? 0) * N;
}
for (const row of rows) {
  const t = bench.tasks.find((x) => x.name === row.name)!;
  const perSec = ((t.result as any)?.throughput?.mean ?? 0) * row.units;
  const vsBaseline = row.name.startsWith("iterate")
    ? `  ${(perSec / baselineRate).toFixed(2)}x of baseline`
    : "";
  console.log(
    `  ${row.name.padEnd(58)} ${(perSec / 1e6).toFixed(2).padStart(8)} M ${row.unit}/s${vsBaseline}`,
  );
}
if (sink === 0.5) console.log(sink);
