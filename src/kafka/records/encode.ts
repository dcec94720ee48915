/**
 * Encoding of Kafka's v2 record batch: one sizing pass, one allocation, the records written
 * in place and the CRC-32C computed over the result. Compressed batches encode the records
 * into a scratch buffer and hand it to the codec.
 *
 * @module
 */

import { crc32c } from "../../wire/crc32c.ts";
import { WireError } from "../../wire/error.ts";
import { got, locateEncodeError, withRejected } from "../../wire/_encode_path.ts";
import { encodeUtf8Into, utf8Length } from "../../wire/utf8.ts";
import type { CodecRegistry } from "../compression/codec.ts";
import { putI16, putI32, putI64 } from "./_bytes.ts";
import { compressWith, defaultCodecs } from "./_codecs.ts";
import {
  BATCH_ATTRIBUTES,
  BATCH_V2,
  type CompressionType,
  LOG_OVERHEAD,
  type TimestampType,
} from "./constants.ts";

/** A record header to encode. */
export interface RecordHeaderInit {
  /** Header key (UTF-8 on the wire, never null). */
  key: string;
  /** Header value; null or absent for a null value. */
  value?: Uint8Array | null;
}

/** A record to encode into a v2 batch. */
export interface RecordInit {
  /** Key bytes; null or absent for a null key. */
  key?: Uint8Array | null;
  /** Value bytes; null or absent for a null value (a tombstone). */
  value?: Uint8Array | null;
  /** Headers, in order. */
  headers?: readonly RecordHeaderInit[];
  /** Absolute timestamp in ms; the delta to the batch's base timestamp is written. */
  timestamp?: number | bigint;
  /** Timestamp delta to write as is (wins over `timestamp`). */
  timestampDelta?: number | bigint;
  /** Offset delta; defaults to the record's index in the batch. */
  offsetDelta?: number;
  /** Record attributes byte (Kafka writes 0). */
  attributes?: number;
}

/** A v2 record batch to encode. Everything but `records` has Kafka's producer defaults. */
export interface RecordBatchInit {
  /** The records, in order. */
  records: readonly RecordInit[];
  /** First offset (producers send 0). Default 0. */
  baseOffset?: number | bigint;
  /** Partition leader epoch. Default -1. */
  partitionLeaderEpoch?: number;
  /** Compression type 0–4. Default 0 (none). */
  compression?: CompressionType;
  /** 0 CreateTime (default) or 1 LogAppendTime. */
  timestampType?: TimestampType;
  /** Transactional flag (attributes bit 4). */
  isTransactional?: boolean;
  /** Control flag (attributes bit 5). */
  isControl?: boolean;
  /** Delete-horizon flag (attributes bit 6); `baseTimestamp` then holds the horizon. */
  hasDeleteHorizon?: boolean;
  /** Default: the last record's offset delta (0 for an empty batch). */
  lastOffsetDelta?: number;
  /** Default: the first record's `timestamp`, or -1 when it has none. */
  baseTimestamp?: number | bigint;
  /** Default: the largest record timestamp (-1 for an empty batch). */
  maxTimestamp?: number | bigint;
  /** Default -1 (no idempotence). */
  producerId?: number | bigint;
  /** Default -1. */
  producerEpoch?: number;
  /** Default -1. */
  baseSequence?: number;
}

/** Options for {@linkcode encodeRecordBatch}. */
export interface RecordBatchEncodeOptions {
  /** Codecs for compressed batches. Default: none (compressing is `UNKNOWN_DISCRIMINANT`); `createCodecRegistry()` from `@streamwire/codec/kafka/compression` gives all four. */
  codecs?: CodecRegistry;
  /** Compression level passed to the codec (codec-specific; default the codec's). */
  compressionLevel?: number;
}

const TWO_31 = 0x80000000;

// Errors carry the refused value; the entry points below find its field's path from it.
function refused(v: unknown, what: string, expected: string): WireError {
  return withRejected(
    new WireError(typeof v === "number" || typeof v === "bigint" ? "VALUE_OUT_OF_RANGE" : "INVALID_VALUE", {
      side: "encode",
      context: "RecordBatch v2",
      expected,
      detail: `${what}: ${got(v)}`,
    }),
    v,
  );
}

function range(what: string, v: number, lo: number, hi: number): void {
  if (!Number.isInteger(v) || v < lo || v > hi) throw refused(v, what, `an integer from ${lo} to ${hi}`);
}

const INT64 = "int64, a bigint or a safe-integer number";

function toBig(v: number | bigint, what: string): bigint {
  if (typeof v === "bigint") {
    if (v < -(1n << 63n) || v >= 1n << 63n) throw refused(v, what, INT64);
    return v;
  }
  if (!Number.isSafeInteger(v)) throw refused(v, what, INT64);
  return BigInt(v);
}

/** Size of the unsigned varint of `u` (a uint32). */
function uvarintSize(u: number): number {
  return u < 0x80 ? 1 : u < 0x4000 ? 2 : u < 0x200000 ? 3 : u < 0x10000000 ? 4 : 5;
}

/** Size of the zigzag varint of the int32 `v`. */
function varintSize(v: number): number {
  return uvarintSize(((v << 1) ^ (v >> 31)) >>> 0);
}

/** Size of the zigzag varlong of `v` (a safe integer or bigint). */
function varlongSize(v: number | bigint): number {
  if (typeof v === "number" && v >= -0x40000000 && v < 0x40000000) return varintSize(v);
  let z = typeof v === "number" ? BigInt(v) : v;
  z = BigInt.asUintN(64, (z << 1n) ^ (z >> 63n));
  let n = 1;
  while (z >= 0x80n) {
    z >>= 7n;
    n++;
  }
  return n;
}

/** Writes the unsigned varint of the uint32 `u` at `p`; returns the next position. */
function putUvarint(b: Uint8Array, p: number, u: number): number {
  while (u >= 0x80) {
    b[p++] = (u & 0x7f) | 0x80;
    u >>>= 7;
  }
  b[p++] = u;
  return p;
}

/** Writes the zigzag varlong of `v` at `p`; returns the next position. */
function putVarlong(b: Uint8Array, p: number, v: number | bigint): number {
  if (typeof v === "number" && v >= -0x40000000 && v < 0x40000000) {
    return putUvarint(b, p, ((v << 1) ^ (v >> 31)) >>> 0);
  }
  let z = typeof v === "number" ? BigInt(v) : v;
  z = BigInt.asUintN(64, (z << 1n) ^ (z >> 63n));
  while (z >= 0x80n) {
    b[p++] = Number(z & 0x7fn) | 0x80;
    z >>= 7n;
  }
  b[p++] = Number(z);
  return p;
}

/**
 * Copies `src` into `b` at `p`. Keys and short values are copied byte by byte: for a few
 * bytes that beats the call into `Uint8Array.prototype.set` on V8 and JSC.
 */
function copyInto(b: Uint8Array, p: number, src: Uint8Array): void {
  const n = src.length;
  if (n <= 24) { for (let i = 0; i < n; i++) b[p + i] = src[i]; }
  else b.set(src, p);
}

/** Batch-level facts derived from an init once, shared by the sizing and writing passes. */
interface Plan {
  baseTs: number | bigint;
  maxTs: number | bigint;
  lastOffsetDelta: number;
  recordsSize: number;
  /** Body size of each record, from the sizing pass (so the writing pass need not redo it). */
  bodies: Int32Array;
  /** Timestamp delta of each record when every delta is a number; else undefined. */
  deltas: Float64Array | undefined;
}

/** The timestamp delta of `r` against the batch base (number when exact, else bigint). */
function tsDelta(r: RecordInit, base: number | bigint): number | bigint {
  const d = r.timestampDelta;
  if (d !== undefined) {
    return typeof d === "number"
      ? (range("timestampDelta", d, -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER), d)
      : toBig(d, "timestampDelta");
  }
  const t = r.timestamp;
  if (t === undefined) return 0;
  if (typeof t === "number" && typeof base === "number") {
    const v = t - base;
    if (Number.isSafeInteger(v) && Number.isSafeInteger(t)) return v;
  }
  const big = toBig(t, "timestamp") - toBig(base, "baseTimestamp");
  return big >= -9007199254740991n && big <= 9007199254740991n ? Number(big) : BigInt.asIntN(64, big);
}

function recordBodySize(r: RecordInit, delta: number | bigint, offsetDelta: number): number {
  let n = 1 + varlongSize(delta) + varintSize(offsetDelta);
  const k = r.key;
  n += k == null ? 1 : varintSize(k.length) + k.length;
  const v = r.value;
  n += v == null ? 1 : varintSize(v.length) + v.length;
  const hs = r.headers;
  if (hs === undefined || hs.length === 0) return n + 1;
  n += varintSize(hs.length);
  for (let i = 0; i < hs.length; i++) {
    const h = hs[i];
    if (typeof h.key !== "string") {
      throw new WireError("NULL_FOR_NON_NULLABLE", {
        side: "encode",
        context: "RecordBatch v2",
        path: "key",
        expected: "a string",
        detail: got(h.key),
      });
    }
    const kl = utf8Length(h.key);
    n += varintSize(kl) + kl;
    const hv = h.value;
    n += hv == null ? 1 : varintSize(hv.length) + hv.length;
  }
  return n;
}

function plan(init: RecordBatchInit): Plan {
  const rs = init.records;
  const first = rs.length > 0 ? rs[0].timestamp : undefined;
  const baseTs = init.baseTimestamp ?? first ?? -1;
  if (typeof baseTs === "number") {
    range("baseTimestamp", baseTs, -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  } else toBig(baseTs, "baseTimestamp");
  let size = 0;
  let maxDelta: number | bigint | undefined;
  const bodies = new Int32Array(rs.length);
  let deltas: Float64Array | undefined = new Float64Array(rs.length);
  for (let i = 0; i < rs.length; i++) {
    const r = rs[i];
    const od = r.offsetDelta ?? i;
    if ((od | 0) !== od) range("offsetDelta", od, -TWO_31, TWO_31 - 1);
    const d = tsDelta(r, baseTs);
    if (maxDelta === undefined || d > maxDelta) maxDelta = d;
    if (typeof d === "number") {
      if (deltas !== undefined) deltas[i] = d;
    } else deltas = undefined;
    const body = recordBodySize(r, d, od);
    bodies[i] = body;
    size += uvarintSize(body * 2) + body;
  }
  let maxTs = init.maxTimestamp;
  if (maxTs === undefined) {
    if (maxDelta === undefined) maxTs = -1;
    else if (
      typeof maxDelta === "number" && typeof baseTs === "number" && Number.isSafeInteger(baseTs + maxDelta)
    ) {
      maxTs = baseTs + maxDelta;
    } else maxTs = BigInt.asIntN(64, toBig(baseTs, "baseTimestamp") + BigInt(maxDelta));
  }
  const last = rs.length > 0 ? rs[rs.length - 1].offsetDelta ?? rs.length - 1 : 0;
  return { baseTs, maxTs, lastOffsetDelta: init.lastOffsetDelta ?? last, recordsSize: size, bodies, deltas };
}

/** Writes the records of `init` at `p`; returns the position after them. */
function writeRecords(b: Uint8Array, p: number, init: RecordBatchInit, pl: Plan): number {
  const rs = init.records;
  const bodies = pl.bodies;
  const deltas = pl.deltas;
  for (let i = 0; i < rs.length; i++) {
    const r = rs[i];
    const od = r.offsetDelta ?? i;
    const d = deltas !== undefined ? deltas[i] : tsDelta(r, pl.baseTs);
    p = putUvarint(b, p, bodies[i] * 2);
    const attrs = r.attributes ?? 0;
    b[p++] = attrs;
    p = putVarlong(b, p, d);
    p = putUvarint(b, p, ((od << 1) ^ (od >> 31)) >>> 0);
    const k = r.key;
    if (k == null) b[p++] = 1;
    else {
      p = putUvarint(b, p, k.length * 2);
      copyInto(b, p, k);
      p += k.length;
    }
    const v = r.value;
    if (v == null) b[p++] = 1;
    else {
      p = putUvarint(b, p, v.length * 2);
      copyInto(b, p, v);
      p += v.length;
    }
    const hs = r.headers;
    if (hs === undefined || hs.length === 0) b[p++] = 0;
    else {
      p = putUvarint(b, p, hs.length * 2);
      for (let j = 0; j < hs.length; j++) {
        const h = hs[j];
        const kl = utf8Length(h.key);
        p = putUvarint(b, p, kl * 2);
        p += encodeUtf8Into(h.key, b, p);
        const hv = h.value;
        if (hv == null) b[p++] = 1;
        else {
          p = putUvarint(b, p, hv.length * 2);
          copyInto(b, p, hv);
          p += hv.length;
        }
      }
    }
  }
  return p;
}

/** Writes the 61-byte header (CRC left 0) at `at`. */
function writeHeader(b: Uint8Array, at: number, init: RecordBatchInit, pl: Plan, batchSize: number): void {
  const compression = init.compression ?? 0;
  range("compression", compression, 0, 7);
  const pe = init.partitionLeaderEpoch ?? -1;
  range("partitionLeaderEpoch", pe, -TWO_31, TWO_31 - 1);
  const epoch = init.producerEpoch ?? -1;
  range("producerEpoch", epoch, -32768, 32767);
  const seq = init.baseSequence ?? -1;
  range("baseSequence", seq, -TWO_31, TWO_31 - 1);
  range("lastOffsetDelta", pl.lastOffsetDelta, -TWO_31, TWO_31 - 1);
  range("record count", init.records.length, 0, TWO_31 - 1);
  let attrs = compression;
  if (init.timestampType === 1) attrs |= BATCH_ATTRIBUTES.timestampType;
  if (init.isTransactional) attrs |= BATCH_ATTRIBUTES.transactional;
  if (init.isControl) attrs |= BATCH_ATTRIBUTES.control;
  if (init.hasDeleteHorizon) attrs |= BATCH_ATTRIBUTES.deleteHorizon;
  const baseOffset = init.baseOffset ?? 0;
  putI64(
    b,
    at + BATCH_V2.baseOffset,
    typeof baseOffset === "number"
      ? (range("baseOffset", baseOffset, -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER), baseOffset)
      : toBig(baseOffset, "baseOffset"),
  );
  putI32(b, at + BATCH_V2.batchLength, batchSize - LOG_OVERHEAD);
  putI32(b, at + BATCH_V2.partitionLeaderEpoch, pe);
  b[at + BATCH_V2.magic] = 2;
  putI16(b, at + BATCH_V2.attributes, attrs);
  putI32(b, at + BATCH_V2.lastOffsetDelta, pl.lastOffsetDelta);
  putI64(b, at + BATCH_V2.baseTimestamp, pl.baseTs);
  putI64(
    b,
    at + BATCH_V2.maxTimestamp,
    typeof pl.maxTs === "number" ? pl.maxTs : toBig(pl.maxTs, "maxTimestamp"),
  );
  const pid = init.producerId ?? -1;
  putI64(
    b,
    at + BATCH_V2.producerId,
    typeof pid === "number"
      ? (range("producerId", pid, -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER), pid)
      : toBig(pid, "producerId"),
  );
  putI16(b, at + BATCH_V2.producerEpoch, epoch);
  putI32(b, at + BATCH_V2.baseSequence, seq);
  putI32(b, at + BATCH_V2.recordsCount, init.records.length);
}

function seal(b: Uint8Array, at: number, size: number): void {
  putI32(b, at + BATCH_V2.crc, crc32c(b.subarray(at + BATCH_V2.attributes, at + size)));
}

/**
 * Bytes {@linkcode encodeRecordBatch} produces for an uncompressed batch (for a compressed one
 * this is the size before compression).
 *
 * @example
 * ```ts
 * import { recordBatchSize } from "@streamwire/codec/kafka";
 * console.log(recordBatchSize({ records: [] })); // 61
 * ```
 */
export function recordBatchSize(init: RecordBatchInit): number {
  try {
    return BATCH_V2.overhead + plan(init).recordsSize;
  } catch (e) {
    throw locateEncodeError(e, init, (t) => plan(t as RecordBatchInit), "RecordBatch v2");
  }
}

/**
 * Encodes a v2 record batch with its CRC-32C. Uncompressed batches are sized first and
 * written into one allocation; compressed ones are compressed with the registry's codec
 * (`options.codecs`; none by default).
 *
 * A value the wire cannot carry throws `VALUE_OUT_OF_RANGE` (a number out of range) or
 * `INVALID_VALUE` (a value of the wrong type), with the field's `path` (`records[2].timestamp`).
 *
 * @example
 * ```ts
 * import { Compression, decodeRecordBatch, encodeRecordBatch } from "@streamwire/codec/kafka";
 * import { createCodecRegistry } from "@streamwire/codec/kafka/compression";
 * const codecs = createCodecRegistry(); // compression is opt-in
 * const enc = new TextEncoder();
 * const bytes = encodeRecordBatch({
 *   compression: Compression.Gzip,
 *   records: [{ key: enc.encode("k"), value: enc.encode("hello"), headers: [{ key: "trace", value: enc.encode("1") }] }],
 * }, { codecs });
 * console.log(decodeRecordBatch(bytes, { codecs }).toArray()[0].headers[0].key); // trace
 * ```
 */
export function encodeRecordBatch(init: RecordBatchInit, options?: RecordBatchEncodeOptions): Uint8Array {
  try {
    return encodeBatch(init, options);
  } catch (e) {
    throw locateEncodeError(e, init, (t) => encodeBatch(t as RecordBatchInit, options), "RecordBatch v2");
  }
}

function encodeBatch(init: RecordBatchInit, options?: RecordBatchEncodeOptions): Uint8Array {
  const pl = plan(init);
  const compression = init.compression ?? 0;
  if (compression === 0) {
    const size = BATCH_V2.overhead + pl.recordsSize;
    const out = new Uint8Array(size);
    writeHeader(out, 0, init, pl, size);
    writeRecords(out, BATCH_V2.overhead, init, pl);
    seal(out, 0, size);
    return out;
  }
  const raw = new Uint8Array(pl.recordsSize);
  writeRecords(raw, 0, init, pl);
  const codecs = options?.codecs ?? defaultCodecs();
  const packed = compressWith(codecs, compression, raw, options?.compressionLevel);
  const size = BATCH_V2.overhead + packed.length;
  const out = new Uint8Array(size);
  writeHeader(out, 0, init, pl, size);
  out.set(packed, BATCH_V2.overhead);
  seal(out, 0, size);
  return out;
}

/**
 * Encodes an uncompressed v2 batch straight into `dest` at `at` (no allocation besides the
 * caller's buffer). `LIMIT_EXCEEDED` when `dest` is too small; compressed batches are
 * `INVALID_VALUE` here (use {@linkcode encodeRecordBatch}).
 *
 * @example
 * ```ts
 * import { encodeRecordBatchInto, recordBatchSize } from "@streamwire/codec/kafka";
 * const init = { records: [{ value: new Uint8Array(10) }] };
 * const dest = new Uint8Array(recordBatchSize(init));
 * console.log(encodeRecordBatchInto(init, dest).written === dest.length); // true
 * ```
 */
export function encodeRecordBatchInto(init: RecordBatchInit, dest: Uint8Array, at = 0): { written: number } {
  try {
    return encodeBatchInto(init, dest, at);
  } catch (e) {
    const scratch = new Uint8Array(dest.length);
    throw locateEncodeError(
      e,
      init,
      (t) => encodeBatchInto(t as RecordBatchInit, scratch, at),
      "RecordBatch v2",
    );
  }
}

function encodeBatchInto(init: RecordBatchInit, dest: Uint8Array, at: number): { written: number } {
  if ((init.compression ?? 0) !== 0) {
    throw new WireError("INVALID_VALUE", {
      side: "encode",
      context: "RecordBatch v2",
      detail: "encodeRecordBatchInto writes uncompressed batches only",
    });
  }
  const pl = plan(init);
  const size = BATCH_V2.overhead + pl.recordsSize;
  if (dest.length - at < size) {
    throw new WireError("LIMIT_EXCEEDED", {
      side: "encode",
      context: "RecordBatch v2",
      detail: `destination has ${dest.length - at} bytes, need ${size}`,
    });
  }
  writeHeader(dest, at, init, pl, size);
  writeRecords(dest, at + BATCH_V2.overhead, init, pl);
  seal(dest, at, size);
  return { written: size };
}
