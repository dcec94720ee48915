/**
 * `deno task soak`: a long-lived client and server under recorded-style traffic, in bounded
 * memory. Generated on the fly (nothing is stored): one Kafka `ClientConnection` receives
 * Fetch responses (about 1 MiB each, record sets of many batches, a few compressed) in random
 * chunk sizes and reads every record of every partition through `decodeFetchRecords`; one Iggy
 * server-side `RequestFrameDecoder` receives SendMessages requests (about 0.5 MiB each) in
 * random chunks and decodes each batch, and one client-side `ResponseFrameDecoder` reads their
 * confirmations. Between them, garbage connections — random bytes,
 * size prefixes claiming up to the maximum, truncated frames, frames with the wrong
 * correlation id, corrupted bodies — each on a fresh connection, each of which must end in
 * nothing or a `WireError`.
 *
 * Fails on any exception other than `WireError`, or when the resident set grows more than
 * `--max-growth-mib` past its level after the first tenth of the run. Prints the input volume,
 * the CPU time, and the peak RSS against the input.
 *
 * @module
 */

import process from "node:process";
import { isWireError } from "../src/wire/error.ts";
import { ClientConnection } from "../src/kafka/client.ts";
import { encodeResponse } from "../src/kafka/api.ts";
import { encodeRecordBatch } from "../src/kafka/records/encode.ts";
import { decodeFetchRecords } from "../src/kafka/records/fetch_records.ts";
import { createCodecRegistry } from "../src/kafka/compression/registry.ts";
import {
  encodeRequestFrame,
  frameResponse,
  RequestFrameDecoder,
  ResponseFrameDecoder,
} from "../src/iggy/framing.ts";
import {
  decodeSendMessagesRequest,
  decodeSendMessagesResponse,
  encodeSendMessages,
  sendMessagesResponse,
} from "../src/iggy/commands/messages.ts";
import { decodeRequestBody } from "../src/iggy/dispatch.ts";
import { Rng } from "./differential/_rng.ts";
import { parseArgs } from "./lib/args.ts";
import { setExitCode } from "./lib/runtime.ts";
import { concat } from "../src/testdata/wire_assert_test.ts";

const { flags } = parseArgs({
  usage: "deno task soak [flags]",
  summary: "Pushes generated Kafka and Iggy traffic with garbage connections through one long-lived\n" +
    "Kafka ClientConnection and one Iggy request decoder; checks memory and error types.",
  flags: {
    gigabytes: { kind: "number", help: "input volume, Kafka and Iggy together", default: 1 },
    seed: { kind: "number", help: "PRNG seed", default: 1 },
    "max-growth-mib": { kind: "number", help: "allowed RSS growth after the first tenth", default: 256 },
    "garbage-every": { kind: "number", help: "a garbage connection after this many frames", default: 8 },
  },
});

const MiB = 1 << 20;
const rng = new Rng(flags.seed);
const FETCH_VERSION = 12;

// ---------------------------------------------------------------------------------------------
// Traffic, built once and replayed with fresh correlation ids and chunkings.

/** Compression is opt-in: the soak compresses and reads with all four codecs. */
const codecs = createCodecRegistry();

function records(n: number, size: number, compression: 0 | 1 | 2 | 3 | 4, base: number): Uint8Array {
  return encodeRecordBatch({
    compression,
    baseOffset: BigInt(base),
    records: Array.from({ length: n }, (_, i) => ({
      key: new Uint8Array([i & 0xff, 1, 2, 3]),
      value: new Uint8Array(size).fill(i & 0x7f),
      headers: i % 4 === 0 ? [{ key: "trace", value: new Uint8Array(8) }] : [],
    })),
  }, { codecs });
}

function recordSet(k: number): Uint8Array {
  const parts: Uint8Array[] = [];
  for (let i = 0; i < k; i++) {
    const compression = i % 10 === 9 ? ((1 + (i / 10) % 4) | 0) as 1 | 2 | 3 | 4 : 0;
    parts.push(records(20, 1000, compression, i * 20));
  }
  return concat(...parts);
}

/** Fetch response frames (size prefix included) with correlation id 0, to be patched. */
const fetchFrames = [0, 1, 2].map((v) =>
  encodeResponse(1, FETCH_VERSION, { correlationId: 0 }, {
    responses: [{
      topic: `topic-${v}`,
      partitions: [0, 1].map((p) => ({
        partitionIndex: p,
        highWatermark: 1000n,
        lastStableOffset: 1000n,
        logStartOffset: 0n,
        preferredReadReplica: -1,
        records: recordSet(25),
      })),
    }],
  }, { sizePrefix: true })
);

const sendBodies = [0, 1].map((v) =>
  encodeSendMessages(
    { kind: "numeric", value: 1 },
    { kind: "string", value: `orders-${v}` },
    { kind: "partitionId", value: v },
    Array.from({ length: 128 }, (_, i) => ({ payload: new Uint8Array(4000).fill(i), id: BigInt(i + 1) })),
  )
);

// ---------------------------------------------------------------------------------------------
// Feeding

function* chunks(bytes: Uint8Array): Generator<Uint8Array> {
  const mode = rng.int(0, 9);
  let p = 0;
  while (p < bytes.length) {
    // Mostly socket-sized reads, sometimes tiny ones.
    const size = mode === 0 ? rng.int(1, 64) : mode < 3 ? rng.int(1, 1 << 16) : rng.int(1 << 14, 1 << 17);
    yield bytes.subarray(p, p + size);
    p += size;
  }
}

let escapes = 0;
const escapeSamples: string[] = [];
function escaped(where: string, e: unknown): void {
  escapes++;
  if (escapeSamples.length < 10) escapeSamples.push(`${where}: ${(e as Error)?.stack ?? e}`);
}

let input = 0;
let frames = 0;
let recordsRead = 0;
let garbageConnections = 0;
let garbageRejected = 0;

const kafka = new ClientConnection({ clientId: "soak" });
function kafkaRound(): void {
  const req = kafka.request(1, { topics: [] }, { version: FETCH_VERSION });
  const frame = fetchFrames[rng.int(0, fetchFrames.length - 1)].slice();
  new DataView(frame.buffer).setInt32(4, req.correlationId);
  for (const c of chunks(frame)) {
    input += c.length;
    for (const res of kafka.receive(c)) {
      frames++;
      if (res.apiKey !== 1) throw new Error(`unexpected response to API ${res.apiKey}`);
      for (const part of decodeFetchRecords(res.body, { codecs })) {
        for (const b of part.records.batches) {
          const cur = b.records();
          while (cur.next()) recordsRead++;
        }
      }
    }
  }
}

/** The server side reads SendMessages requests; the client side reads their confirmations. */
const iggy = new RequestFrameDecoder();
const iggyClient = new ResponseFrameDecoder();
let requestId = 0n;
function iggyRound(): void {
  const id = ++requestId;
  const frame = encodeRequestFrame(101, id, sendBodies[rng.int(0, sendBodies.length - 1)]);
  for (const c of chunks(frame)) {
    input += c.length;
    for (const f of iggy.push(c)) {
      frames++;
      recordsRead += decodeSendMessagesRequest(f.payload).batch.messageCount;
    }
  }
  const reply = frameResponse(id, sendMessagesResponse, {
    confirmations: [{ streamId: 1, topicId: 2, partitionId: 3, baseOffset: id * 128n }],
  });
  for (const c of chunks(reply)) {
    input += c.length;
    for (const f of iggyClient.push(c)) {
      frames++;
      if (f.requestId !== id || decodeSendMessagesResponse(f.payload).confirmations.length !== 1) {
        throw new Error(`confirmation ${f.requestId} does not answer ${id}`);
      }
    }
  }
}

/** One garbage connection, on a fresh decoder of either protocol. */
function garbageRound(): void {
  garbageConnections++;
  const kind = rng.int(0, 5);
  const bytes = (() => {
    if (kind === 0) return Uint8Array.from({ length: rng.int(1, 4096) }, () => rng.u8());
    if (kind === 1) { // a size prefix up to the maximum, then a little
      const out = new Uint8Array(4 + rng.int(0, 256));
      new DataView(out.buffer).setInt32(0, rng.int(0, 100 * MiB));
      return out;
    }
    const whole = rng.bool() ? fetchFrames[0] : encodeRequestFrame(101, 1n, sendBodies[0]);
    if (kind === 2) return whole.subarray(0, rng.int(0, whole.length - 1)); // truncated
    const out = whole.slice();
    for (let i = 0; i < 1 + rng.int(0, 8); i++) out[rng.int(0, out.length - 1)] = rng.u8(); // corrupted
    return out;
  })();
  input += bytes.length;
  try {
    if (rng.bool()) {
      const conn = new ClientConnection();
      const req = conn.request(1, { topics: [] }, { version: FETCH_VERSION });
      if (kind === 5) new DataView(bytes.buffer, bytes.byteOffset).setInt32(4, req.correlationId + 1);
      for (const c of chunks(bytes)) {
        for (const res of conn.receive(c)) {
          if (res.apiKey !== 1) continue;
          for (const part of decodeFetchRecords(res.body, { codecs })) {
            for (const b of part.records.batches) {
              const cur = b.records();
              while (cur.next());
            }
          }
        }
      }
    } else {
      const d = new RequestFrameDecoder();
      for (const c of chunks(bytes)) {
        for (const f of d.push(c)) decodeRequestBody(f.code, f.payload);
      }
    }
  } catch (e) {
    if (isWireError(e)) garbageRejected++;
    else escaped(`garbage connection kind ${kind}`, e);
  }
}

// ---------------------------------------------------------------------------------------------
// Run

const target = flags.gigabytes * 1e9;
const cpu0 = process.cpuUsage();
const wall0 = performance.now();
const rssStart = process.memoryUsage().rss;
let rssWarm = 0;
let rssPeak = rssStart;
let nextSample = 0;
let round = 0;
while (input < target) {
  try {
    if (round % 2 === 0) kafkaRound();
    else iggyRound();
  } catch (e) {
    escaped(round % 2 === 0 ? "kafka connection" : "iggy decoder", e);
    break;
  }
  if (++round % flags["garbage-every"] === 0) garbageRound();
  if (input >= nextSample) {
    nextSample += 32 * MiB;
    const rss = process.memoryUsage().rss;
    if (rss > rssPeak) rssPeak = rss;
    if (rssWarm === 0 && input >= target / 10) rssWarm = rss;
  }
}
const rssEnd = process.memoryUsage().rss;
if (rssEnd > rssPeak) rssPeak = rssEnd;
const cpu = process.cpuUsage(cpu0);
const secs = (cpu.user + cpu.system) / 1e6;
const wall = (performance.now() - wall0) / 1000;
const growth = (rssPeak - (rssWarm || rssStart)) / MiB;

console.log(
  `soak: ${(input / 1e9).toFixed(2)} GB in ${frames} frames (${recordsRead} records/messages read), ` +
    `${garbageConnections} garbage connections (${garbageRejected} rejected with WireError)`,
);
console.log(
  `soak: CPU ${secs.toFixed(1)} s (process.cpuUsage), wall ${wall.toFixed(1)} s, ` +
    `${(input / MiB / secs).toFixed(0)} MiB/s of CPU`,
);
console.log(
  `soak: RSS start ${(rssStart / MiB).toFixed(0)} MiB, after the first tenth ${
    (rssWarm / MiB).toFixed(0)
  } MiB, ` +
    `peak ${(rssPeak / MiB).toFixed(0)} MiB, end ${(rssEnd / MiB).toFixed(0)} MiB; ` +
    `peak RSS / input ${(rssPeak / input).toFixed(4)}; growth after warm-up ${growth.toFixed(0)} MiB`,
);
for (const s of escapeSamples) console.log(`  escape: ${s}`);
const ok = escapes === 0 && growth <= flags["max-growth-mib"] && kafka.pending === 0 && iggy.buffered === 0 &&
  iggyClient.buffered === 0;
console.log(`soak: ${escapes} non-WireError escapes; ${ok ? "passed" : "FAILED"}`);
if (!ok) setExitCode(1);
