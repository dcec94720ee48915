/**
 * The layers around the decoders, fuzzed by `deno task fuzz` after the vectors: the incremental
 * frame decoders under hostile chunking (one byte at a time, random sizes, everything at once,
 * splits at every frame edge) and claimed sizes (a length prefix announcing up to and past the
 * maximum, then little or nothing), and record sets of many compressed batches under a
 * decompression budget. Every run must end in frames/records or a WireError; chunked valid
 * streams must give back exactly the frames that went in; a claimed size must not allocate;
 * a record set must never decompress past its budget, and must hit LIMIT_EXCEEDED when its
 * honest content does not fit.
 *
 * @module
 */

import process from "node:process";
import { isWireError } from "../src/wire/error.ts";
import { FrameDecoder } from "../src/kafka/frame.ts";
import {
  encodeRequestFrame,
  encodeResponseFrame,
  type FrameLayout,
  RequestFrameDecoder,
  ResponseFrameDecoder,
} from "../src/iggy/framing.ts";
import { encodeRecordBatch } from "../src/kafka/records/encode.ts";
import { decodeRecordSet } from "../src/kafka/records/record_set.ts";
import { DecompressionBudget } from "../src/kafka/records/budget.ts";
import { createCodecRegistry } from "../src/kafka/compression/registry.ts";
import type { Rng } from "./differential/_rng.ts";
import type { CodecRegistry } from "../src/kafka/compression/codec.ts";
import { countAllocations } from "./lib/alloc.ts";

/** Counts of one layers run. */
export interface LayerStats {
  chunking: number;
  claimed: number;
  recordSets: number;
  rejected: number;
}

interface Decoder {
  push(chunk: Uint8Array): Uint8Array[];
  readonly buffered: number;
}

/** A frame codec: how to frame a payload, and a decoder that returns payloads. */
interface Framing {
  name: string;
  frame(payload: Uint8Array): Uint8Array;
  decoder(max?: number): Decoder;
  /** A prefix that announces a whole frame of `total` bytes (header included). */
  claim(total: number): Uint8Array;
  /** Header bytes of a frame. */
  header: number;
}

function kafkaFraming(): Framing {
  return {
    name: "kafka",
    header: 4,
    frame(payload) {
      const out = new Uint8Array(4 + payload.length);
      new DataView(out.buffer).setInt32(0, payload.length);
      out.set(payload, 4);
      return out;
    },
    decoder(max) {
      const d = new FrameDecoder({ maxFrameBytes: max });
      return {
        push: (c) => d.push(c),
        get buffered() {
          return d.buffered;
        },
      };
    },
    claim(total) {
      const out = new Uint8Array(4);
      new DataView(out.buffer).setInt32(0, total - 4);
      return out;
    },
  };
}

function iggyFraming(kind: "request" | "response", layout: FrameLayout): Framing {
  const header = layout === "crate" ? 16 : 8;
  return {
    name: `iggy-${kind}-${layout}`,
    header,
    frame: (payload) =>
      kind === "request"
        ? encodeRequestFrame(3, 5n, payload, layout)
        : encodeResponseFrame(0, 5n, payload, layout),
    decoder(max) {
      const d = kind === "request"
        ? new RequestFrameDecoder({ layout, maxFrameBytes: max })
        : new ResponseFrameDecoder({ layout, maxFrameBytes: max });
      return {
        push: (c) => d.push(c).map((f) => f.payload),
        get buffered() {
          return d.buffered;
        },
      };
    },
    claim(total) {
      const out = new Uint8Array(header);
      const v = new DataView(out.buffer);
      if (kind === "request") {
        v.setUint32(0, total - 4, true);
        v.setUint32(4, 3, true);
      } else v.setUint32(4, total - 8, true);
      return out;
    },
  };
}

const FRAMINGS: Framing[] = [
  kafkaFraming(),
  iggyFraming("request", "crate"),
  iggyFraming("request", "legacy"),
  iggyFraming("response", "crate"),
  iggyFraming("response", "legacy"),
];

/** Cut points of `n` bytes by one of the chunking patterns. */
function chunking(rng: Rng, n: number, edges: number[]): { cuts: number[]; how: string } {
  const kind = rng.int(0, 5);
  const cuts: number[] = [];
  if (kind === 0 && n <= 1 << 16) {
    for (let i = 1; i < n; i++) cuts.push(i);
    return { cuts, how: "1-byte" };
  }
  if (kind === 1) return { cuts, how: "whole" };
  if (kind === 2) {
    const size = rng.int(2, 4096);
    for (let i = size; i < n; i += size) cuts.push(i);
    return { cuts, how: `every ${size}` };
  }
  if (kind === 3) {
    for (const e of edges) for (const d of [-1, 0, 1]) if (e + d > 0 && e + d < n) cuts.push(e + d);
    return { cuts: [...new Set(cuts)].sort((a, b) => a - b), how: "frame edges ±1" };
  }
  // Random sizes, log-uniform from 1 byte to 64 KiB.
  for (let p = Math.max(1, Math.floor(2 ** ((rng.u32() / 2 ** 32) * 16))); p < n;) {
    cuts.push(p);
    p += Math.max(1, Math.floor(2 ** ((rng.u32() / 2 ** 32) * 16)));
  }
  return { cuts, how: "random" };
}

function payloadOf(rng: Rng): Uint8Array {
  const size = [0, 1, rng.int(2, 64), rng.int(64, 4096), rng.int(4096, 300_000)][rng.int(0, 4)];
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i += 997) out[i] = rng.u8();
  return out;
}

function feed(d: Decoder, stream: Uint8Array, cuts: number[]): Uint8Array[] {
  const got: Uint8Array[] = [];
  let prev = 0;
  for (const c of [...cuts, stream.length]) {
    for (const f of d.push(stream.subarray(prev, c))) got.push(f);
    prev = c;
  }
  return got;
}

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** One chunking run: valid frames, possibly with garbage bytes spliced in. */
function chunkingRun(rng: Rng, fail: (msg: string) => void): boolean {
  const framing = FRAMINGS[rng.int(0, FRAMINGS.length - 1)];
  const payloads = Array.from({ length: rng.int(1, 6) }, () => payloadOf(rng));
  const frames = payloads.map((p) => framing.frame(p));
  const total = frames.reduce((n, f) => n + f.length, 0);
  const stream = new Uint8Array(total);
  const edges: number[] = [];
  let at = 0;
  for (const f of frames) {
    stream.set(f, at);
    at += f.length;
    edges.push(at);
  }
  const garbage = rng.chance(0.3);
  let how = "";
  if (garbage) {
    const p = rng.int(0, Math.max(0, total - 1));
    const n = rng.int(1, 8);
    for (let i = 0; i < n && p + i < total; i++) stream[p + i] = rng.u8();
    how = ` garbage ${n}@${p}`;
  }
  const { cuts, how: pattern } = chunking(rng, total, edges);
  const d = framing.decoder(1 << 20);
  try {
    const got = feed(d, stream, cuts);
    if (!garbage) {
      if (got.length !== payloads.length || !got.every((g, i) => equal(g, payloads[i]))) {
        fail(
          `${framing.name} [${pattern}]: ${got.length} frames out of ${payloads.length}, or different bytes`,
        );
      } else if (d.buffered !== 0) fail(`${framing.name} [${pattern}]: ${d.buffered} bytes left over`);
    }
    return false;
  } catch (e) {
    if (!isWireError(e)) {
      fail(`${framing.name} [${pattern}${how}] escaped ${(e as Error)?.name}: ${(e as Error)?.message}`);
      return false;
    }
    if (!garbage) fail(`${framing.name} [${pattern}]: valid stream rejected with ${e.code}`);
    return true;
  }
}

/** One claimed-size run: a prefix announcing a large frame, then a few bytes at most. */
function claimedRun(rng: Rng, fail: (msg: string) => void): boolean {
  const framing = FRAMINGS[rng.int(0, FRAMINGS.length - 1)];
  const max = [1 << 20, 64 << 20, 100 << 20][rng.int(0, 2)];
  const total = rng.chance(0.2) ? max + rng.int(1, 1 << 20) : rng.int(Math.min(max, 1 << 16), max);
  const prefix = framing.claim(total);
  const tail = new Uint8Array(rng.int(0, 64));
  const stream = new Uint8Array([...prefix, ...tail]);
  const { cuts } = chunking(rng, stream.length, [prefix.length]);
  let rejected = false;
  const { bytes, largest } = countAllocations(() => {
    const d = framing.decoder(max);
    try {
      feed(d, stream, cuts);
    } catch (e) {
      if (!isWireError(e)) fail(`${framing.name} claim ${total}: escaped ${(e as Error)?.message}`);
      else if (total <= max) fail(`${framing.name} claim ${total} <= ${max}: rejected with ${e.code}`);
      rejected = true;
    }
  });
  if (total > max && !rejected) fail(`${framing.name} claim ${total} > max ${max} accepted`);
  if (largest > 8192 || bytes > 64 * 1024) {
    fail(
      `${framing.name} claim ${total}: allocated ${bytes} bytes (largest ${largest}) for ${stream.length} in`,
    );
  }
  return rejected;
}

/** A pool of compressed batches (built once: compressing in TypeScript is the slow part). */
interface PoolBatch {
  bytes: Uint8Array;
  /** Bytes its records decompress to. */
  records: number;
}

let pool: PoolBatch[] | undefined;
function batchPool(rng: Rng): PoolBatch[] {
  if (pool) return pool;
  pool = [];
  for (let i = 0; i < 48; i++) {
    const compression = (1 + (i % 4)) as 1 | 2 | 3 | 4;
    const n = rng.int(1, 20);
    const records = Array.from({ length: n }, () => ({
      key: rng.chance(0.5) ? new Uint8Array(rng.int(0, 16)) : null,
      value: new Uint8Array(rng.int(0, rng.chance(0.2) ? 40_000 : 2000)).fill(rng.u8()),
      headers: rng.chance(0.3) ? [{ key: "h", value: new Uint8Array(3) }] : [],
    }));
    const bytes = encodeRecordBatch({ compression, baseOffset: BigInt(i * 100), records }, {
      codecs: allCodecs(),
    });
    const plain = encodeRecordBatch({ compression: 0, records });
    pool.push({ bytes, records: plain.length - 61 });
  }
  return pool;
}

/** One record-set run: many compressed batches, a random budget, maybe one corrupted byte. */
function recordSetRun(rng: Rng, fail: (msg: string) => void): boolean {
  const p = batchPool(rng);
  const picked = Array.from({ length: rng.int(2, 40) }, () => p[rng.int(0, p.length - 1)]);
  const set = new Uint8Array(picked.reduce((n, b) => n + b.bytes.length, 0));
  let at = 0;
  for (const b of picked) {
    set.set(b.bytes, at);
    at += b.bytes.length;
  }
  const honest = picked.reduce((n, b) => n + b.records, 0);
  const corrupt = rng.chance(0.3);
  if (corrupt) set[rng.int(0, set.length - 1)] ^= 1 << rng.int(0, 7);
  const cut = rng.chance(0.2) ? rng.int(0, set.length) : set.length;
  const budget = new DecompressionBudget(rng.int(0, Math.ceil(honest * 1.3)));
  let limited = false;
  try {
    const { batches } = decodeRecordSet(set.subarray(0, cut), {
      decompressionBudget: budget,
      verifyChecksum: rng.chance(0.8),
      codecs: allCodecs(),
    });
    for (const b of batches) {
      const c = b.records();
      while (c.next()) { /* every record checked */ }
    }
  } catch (e) {
    if (!isWireError(e)) {
      fail(`record set of ${picked.length} batches escaped ${(e as Error)?.name}: ${(e as Error)?.message}`);
      return false;
    }
    if (e.code === "LIMIT_EXCEEDED") limited = true;
    else if (!corrupt) fail(`honest record set rejected with ${e.code}: ${e.message}`);
    if (budget.used > budget.maxBytes) fail(`budget overrun: ${budget.used} > ${budget.maxBytes}`);
    return true;
  }
  if (budget.used > budget.maxBytes) fail(`budget overrun: ${budget.used} > ${budget.maxBytes}`);
  if (!corrupt && cut === set.length && honest > budget.maxBytes && !limited) {
    fail(`${picked.length} batches of ${honest} decompressed bytes passed a budget of ${budget.maxBytes}`);
  }
  return false;
}

/**
 * Runs `runs` layer cases (a third each of chunking, claimed sizes and record sets), calling
 * `fail` with a message for each failure; one case may take at most 10 × `slowMs` of CPU.
 */
export function fuzzLayers(
  rng: Rng,
  runs: number,
  slowMs: number,
  fail: (msg: string) => void,
): LayerStats {
  const stats: LayerStats = { chunking: 0, claimed: 0, recordSets: 0, rejected: 0 };
  if (runs > 0) batchPool(rng); // built outside the timed cases
  for (let i = 0; i < runs; i++) {
    const which = i % 3;
    // Process CPU time: the machine may be shared, and a case cannot be re-run to re-measure.
    const c0 = process.cpuUsage();
    const label = ["chunking", "claimed size", "record set"][which];
    const rejected = which === 0
      ? chunkingRun(rng, fail)
      : which === 1
      ? claimedRun(rng, fail)
      : recordSetRun(rng, fail);
    const c = process.cpuUsage(c0);
    const ms = (c.user + c.system) / 1000;
    // The slowest honest case: 40 compressed batches, or 64 KiB fed one byte at a time.
    if (ms > slowMs * 10) fail(`${label} case ${i} took ${ms.toFixed(0)} ms`);
    if (which === 0) stats.chunking++;
    else if (which === 1) stats.claimed++;
    else stats.recordSets++;
    if (rejected) stats.rejected++;
  }
  return stats;
}

let codecs: CodecRegistry | undefined;
/** Compression is opt-in: the record-set layer runs with all four codecs (made on first use). */
function allCodecs(): CodecRegistry {
  return codecs ??= createCodecRegistry();
}
