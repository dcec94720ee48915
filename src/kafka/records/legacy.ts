/**
 * Kafka's legacy message sets (magic 0 and 1): messages with a CRC-32 each, compressed
 * wrapper messages whose value is a compressed inner message set, and the offset and
 * timestamp rules Kafka applies to the inner messages.
 *
 * Kafka 4 no longer accepts these formats from producers, but old log segments can still be
 * fetched as they were written, so consumers must read them.
 *
 * @module
 */

import { crc32 } from "../../wire/crc32.ts";
import { WireError } from "../../wire/error.ts";
import type { CodecRegistry } from "../compression/codec.ts";
import { xxh32 } from "../compression/xxhash32.ts";
import { fail, i32At, i64At, i64NumberAt, notSafe, putI32, putI64, u32At } from "./_bytes.ts";
import { compressWith, decompressWith, defaultCodecs } from "./_codecs.ts";
import type { RecordHeader, ResolvedDecodeOptions } from "./batch.ts";
import { LEGACY, LOG_OVERHEAD } from "./constants.ts";

const CONTEXT = "legacy message";
const LZ4_MAGIC = 0x184d2204;

/** A record of a legacy message set as a plain object (from {@linkcode LegacyRecordBatch.toArray}). */
export interface LegacyRecord {
  /** Absolute offset (inner offsets of magic 1 wrappers already resolved). */
  offset: bigint;
  /** Timestamp in ms (-1 for magic 0; the wrapper's for LogAppendTime wrappers). */
  timestamp: bigint;
  /** -1 none (magic 0), 0 CreateTime, 1 LogAppendTime. */
  timestampType: -1 | 0 | 1;
  /** The message's own magic. */
  magic: 0 | 1;
  /** The message's attributes byte. */
  attributes: number;
  /** Key bytes or null (a view). */
  key: Uint8Array | null;
  /** Value bytes or null (a view). */
  value: Uint8Array | null;
  /** Always empty: legacy messages have no headers. */
  headers: RecordHeader[];
}

/** One parsed message; positions refer to `buf`. */
interface Msg {
  buf: Uint8Array;
  offset: bigint;
  magic: 0 | 1;
  attributes: number;
  timestamp: bigint;
  timestampType: -1 | 0 | 1;
  keyStart: number;
  keyLength: number;
  valueStart: number;
  valueLength: number;
}

/**
 * Parses the message at `buf[at, at + size)` (after its offset and size fields): CRC-32,
 * attributes, key and value lengths. `base` turns positions into offsets for errors (-1 when
 * `buf` is decompressed data).
 */
function parseMessage(
  buf: Uint8Array,
  at: number,
  size: number,
  offset: bigint,
  verify: boolean,
  base: number,
): Msg {
  const where = (p: number) => (base < 0 ? -1 : base + p);
  if (size < LEGACY.overheadV0) {
    throw fail(
      "CORRUPT_DATA",
      CONTEXT,
      where(at - 4),
      `message size ${size} is below the ${LEGACY.overheadV0}-byte minimum`,
    );
  }
  const magic = buf[at + LEGACY.magic];
  if (magic > 1) {
    throw fail("CORRUPT_DATA", CONTEXT, where(at + LEGACY.magic), `magic ${magic} inside a message set`);
  }
  if (magic === 1 && size < LEGACY.overheadV1) {
    throw fail(
      "CORRUPT_DATA",
      CONTEXT,
      where(at - 4),
      `message size ${size} is below the ${LEGACY.overheadV1}-byte minimum of magic 1`,
    );
  }
  const end = at + size;
  if (verify) {
    const stored = u32At(buf, at + LEGACY.crc);
    const computed = crc32(buf.subarray(at + LEGACY.magic, end));
    if (stored !== computed) {
      throw fail(
        "CHECKSUM_MISMATCH",
        CONTEXT,
        where(at + LEGACY.crc),
        `stored crc ${stored}, computed ${computed}`,
      );
    }
  }
  const attributes = buf[at + LEGACY.attributes];
  const compression = attributes & LEGACY.compressionMask;
  if (compression > 3) {
    throw fail(
      "UNKNOWN_DISCRIMINANT",
      CONTEXT,
      where(at + LEGACY.attributes),
      `compression type ${compression} with magic ${magic}`,
    );
  }
  let timestamp = -1n;
  let timestampType: -1 | 0 | 1 = -1;
  let p = at + LEGACY.keySizeV0;
  if (magic === 1) {
    timestamp = i64At(buf, at + LEGACY.timestamp);
    timestampType = (attributes & LEGACY.timestampTypeBit) !== 0 ? 1 : 0;
    p = at + LEGACY.keySizeV1;
  }
  // Kafka reads any negative length as null.
  const kl = i32At(buf, p);
  p += 4;
  let keyStart = p;
  let keyLength = -1;
  if (kl >= 0) {
    if (kl > end - p - 4) {
      throw fail(
        "LENGTH_EXCEEDS_REMAINING",
        CONTEXT,
        where(p - 4),
        `key length ${kl}, ${end - p - 4} byte(s) left`,
      );
    }
    keyStart = p;
    keyLength = kl;
    p += kl;
  }
  const vl = i32At(buf, p);
  p += 4;
  let valueStart = p;
  let valueLength = -1;
  if (vl >= 0) {
    if (vl > end - p) {
      throw fail(
        "LENGTH_EXCEEDS_REMAINING",
        CONTEXT,
        where(p - 4),
        `value length ${vl}, ${end - p} byte(s) left`,
      );
    }
    valueStart = p;
    valueLength = vl;
    p += vl;
  }
  if (p !== end) {
    throw fail("CORRUPT_DATA", CONTEXT, where(p), `${end - p} byte(s) after the value inside the message`);
  }
  return {
    buf,
    offset,
    magic: magic as 0 | 1,
    attributes,
    timestamp,
    timestampType,
    keyStart,
    keyLength,
    valueStart,
    valueLength,
  };
}

/** Offset of the LZ4 frame header checksum byte, or -1 when `data` is not an LZ4 frame. */
function lz4HeaderChecksumAt(data: Uint8Array): number {
  if (data.length < 7 || u32le(data, 0) !== LZ4_MAGIC) return -1;
  const flg = data[4];
  const at = 6 + ((flg & 0x08) !== 0 ? 8 : 0) + ((flg & 0x01) !== 0 ? 4 : 0);
  return at < data.length ? at : -1;
}

function u32le(b: Uint8Array, p: number): number {
  return (b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24)) >>> 0;
}

/**
 * A copy of an LZ4 frame with its header checksum rewritten: the standard one (over the
 * descriptor) or, with `legacy`, the one magic 0 producers wrote (over magic and descriptor,
 * KAFKA-3160). Lets any standard LZ4 codec read and write magic 0 data, as librdkafka does.
 *
 * @example
 * ```ts
 * import { fixLz4HeaderChecksum } from "@streamwire/codec/kafka";
 * // An empty LZ4 frame: magic, FLG 0x60, BD 0x40, header checksum 0x82, end mark.
 * const frame = new Uint8Array([0x04, 0x22, 0x4d, 0x18, 0x60, 0x40, 0x82, 0, 0, 0, 0]);
 * const legacy = fixLz4HeaderChecksum(frame, true); // as magic 0 producers wrote it
 * console.log(legacy[6] !== frame[6], fixLz4HeaderChecksum(legacy, false)[6] === frame[6]); // true true
 * ```
 */
export function fixLz4HeaderChecksum(frame: Uint8Array, legacy: boolean): Uint8Array {
  const at = lz4HeaderChecksumAt(frame);
  if (at < 0) return frame;
  const out = frame.slice();
  out[at] = (xxh32(out, 0, legacy ? 0 : 4, at) >>> 8) & 0xff;
  return out;
}

/**
 * One entry of a legacy message set: a plain message, or a compressed wrapper whose records
 * are its inner messages. Checked (size, CRC-32, lengths) when created; a wrapper's inner set
 * is decompressed and checked on the first `records()`/`toArray()` call.
 *
 * @example
 * ```ts
 * import { decodeRecordSet, encodeMessageSet } from "@streamwire/codec/kafka";
 * const bytes = encodeMessageSet({
 *   magic: 1,
 *   baseOffset: 10n,
 *   records: [{ value: new TextEncoder().encode("old"), timestamp: 1500000000000 }],
 * });
 * const [entry] = decodeRecordSet(bytes).batches;
 * console.log(entry.magic, entry.toArray()[0].offset); // 1 10n
 * ```
 */
export class LegacyRecordBatch {
  /** 0 or 1. */
  readonly magic: 0 | 1;
  /** The entry's bytes: offset, size and message. */
  readonly bytes: Uint8Array;
  /** Bytes on the wire (12 + message size). */
  readonly sizeInBytes: number;
  /** The stored CRC-32. */
  readonly crc: number;
  /** The message's attributes byte. */
  readonly attributes: number;
  /** Compression type (bits 0–2); non-zero for a wrapper. */
  readonly compression: 0 | 1 | 2 | 3;
  /** -1 none (magic 0), 0 CreateTime, 1 LogAppendTime. */
  readonly timestampType: -1 | 0 | 1;
  /** Legacy messages are never transactional. */
  readonly isTransactional: false = false;
  /** Legacy messages are never control messages. */
  readonly isControl: false = false;
  /** Where the entry starts in the decoder's input. */
  readonly inputOffset: number;
  private readonly msg: Msg;
  private readonly opts: ResolvedDecodeOptions;
  private inner: Msg[] | undefined;

  /** Use `decodeRecordSet` or `RecordBatchIterator`; this checks nothing. */
  constructor(bytes: Uint8Array, inputOffset: number, msg: Msg, opts: ResolvedDecodeOptions) {
    this.bytes = bytes;
    this.sizeInBytes = bytes.length;
    this.inputOffset = inputOffset;
    this.msg = msg;
    this.opts = opts;
    this.magic = msg.magic;
    this.crc = u32At(bytes, LOG_OVERHEAD + LEGACY.crc);
    this.attributes = msg.attributes;
    this.compression = (msg.attributes & LEGACY.compressionMask) as 0 | 1 | 2 | 3;
    this.timestampType = msg.timestampType;
  }

  /** The entry's offset: the message's own, or for a wrapper the offset of its last inner message. */
  get offset(): bigint {
    return i64At(this.bytes, 0);
  }
  /** `offset` as a number (`VALUE_OUT_OF_RANGE` beyond 2^53). */
  get offsetNumber(): number {
    const v = i64NumberAt(this.bytes, 0);
    if (v !== v) throw notSafe("offset");
    return v;
  }
  /** Kafka's `lastOffset()` of a legacy entry: its offset. */
  get lastOffset(): bigint {
    return this.offset;
  }
  /** Message timestamp (-1 for magic 0). */
  get timestamp(): bigint {
    return this.msg.timestamp;
  }
  /** Legacy messages have no producer id: always -1. */
  get producerId(): bigint {
    return -1n;
  }
  /** True for a compressed wrapper. */
  get isCompressed(): boolean {
    return this.compression !== 0;
  }
  /** The message's own key (a view), or null. */
  get key(): Uint8Array | null {
    const m = this.msg;
    return m.keyLength < 0 ? null : m.buf.subarray(m.keyStart, m.keyStart + m.keyLength);
  }
  /** The message's own value (compressed inner set for a wrapper), or null. */
  get value(): Uint8Array | null {
    const m = this.msg;
    return m.valueLength < 0 ? null : m.buf.subarray(m.valueStart, m.valueStart + m.valueLength);
  }

  /** The messages this entry delivers, with absolute offsets and effective timestamps. */
  private messages(): Msg[] {
    if (this.inner !== undefined) return this.inner;
    const m = this.msg;
    if (this.compression === 0) {
      this.inner = [m];
      return this.inner;
    }
    if (m.valueLength < 0) {
      throw fail("CORRUPT_DATA", CONTEXT, this.inputOffset, "compressed wrapper with a null value");
    }
    let packed = m.buf.subarray(m.valueStart, m.valueStart + m.valueLength);
    // Magic 0 LZ4 frames carry the KAFKA-3160 header checksum, which Kafka ignores on read.
    if (this.compression === 3 && this.magic === 0) packed = fixLz4HeaderChecksum(packed, false);
    const data = decompressWith(
      this.opts.codecs ?? defaultCodecs(),
      this.compression,
      packed,
      this.opts,
      CONTEXT,
    );
    const out: Msg[] = [];
    let p = 0;
    // An inner set ending with a partial message is cut there, as Kafka's reader does.
    while (data.length - p >= LOG_OVERHEAD) {
      const size = i32At(data, p + 8);
      if (size < LEGACY.overheadV0) {
        throw fail(
          "CORRUPT_DATA",
          CONTEXT,
          -1,
          `inner message size ${size} is below the ${LEGACY.overheadV0}-byte minimum`,
        );
      }
      if (size > data.length - p - LOG_OVERHEAD) break;
      if (out.length >= this.opts.maxRecordsPerBatch) {
        throw fail(
          "LIMIT_EXCEEDED",
          CONTEXT,
          -1,
          `more than maxRecordsPerBatch ${this.opts.maxRecordsPerBatch} inner messages`,
        );
      }
      const inner = parseMessage(data, p + LOG_OVERHEAD, size, i64At(data, p), this.opts.verifyChecksum, -1);
      if ((inner.attributes & LEGACY.compressionMask) !== 0) {
        throw fail("CORRUPT_DATA", CONTEXT, -1, "an inner message is itself compressed");
      }
      // Inner magic 1 messages take the wrapper's timestamp type, and its timestamp for LogAppendTime.
      if (inner.magic === 1) {
        inner.timestampType = m.timestampType;
        if (m.timestampType === 1) inner.timestamp = m.timestamp;
      }
      out.push(inner);
      p += LOG_OVERHEAD + size;
    }
    if (out.length === 0) {
      throw fail("CORRUPT_DATA", CONTEXT, this.inputOffset, "compressed wrapper without inner messages");
    }
    if (this.magic === 1) {
      // Magic 1 inner offsets are relative; the wrapper holds the absolute offset of the last one
      // (0 from some librdkafka producers, meaning "relative to 0").
      const wrapper = this.offset;
      const last = out[out.length - 1].offset;
      let base = 0n;
      if (wrapper !== 0n) {
        if (wrapper < last) {
          throw fail(
            "CORRUPT_DATA",
            CONTEXT,
            this.inputOffset,
            `wrapper offset ${wrapper} is below the last inner offset ${last}`,
          );
        }
        base = wrapper - last;
      }
      for (const x of out) x.offset = base + x.offset;
    }
    this.inner = out;
    return out;
  }

  /**
   * A cursor over the messages this entry delivers (one for a plain message, the inner
   * messages for a wrapper), with the same reading members as the v2 `RecordCursor`.
   *
   * @example
   * ```ts
   * import { decodeRecordSet, encodeMessageSet, LegacyRecordBatch } from "@streamwire/codec/kafka";
   * // Uncompressed, each message is its own entry; a compressed wrapper would hold many.
   * const bytes = encodeMessageSet({ magic: 1, records: [{ value: new Uint8Array([1]) }, { value: null }] });
   * let n = 0;
   * for (const batch of decodeRecordSet(bytes).batches) {
   *   if (!(batch instanceof LegacyRecordBatch)) continue;
   *   for (const c = batch.records(); c.next();) n++;
   * }
   * console.log(n); // 2
   * ```
   */
  records(): LegacyRecordCursor {
    return new LegacyRecordCursor(this.messages());
  }

  /**
   * The messages as plain objects.
   *
   * @example
   * ```ts
   * import { decodeRecordSet, encodeMessageSet } from "@streamwire/codec/kafka";
   * const bytes = encodeMessageSet({ magic: 0, baseOffset: 3n, records: [{ value: new Uint8Array([1]) }] });
   * console.log(decodeRecordSet(bytes).batches[0].toArray()[0].offset); // 3n
   * ```
   */
  toArray(): LegacyRecord[] {
    return this.messages().map((m) => ({
      offset: m.offset,
      timestamp: m.timestamp,
      timestampType: m.timestampType,
      magic: m.magic,
      attributes: m.attributes,
      key: m.keyLength < 0 ? null : m.buf.subarray(m.keyStart, m.keyStart + m.keyLength),
      value: m.valueLength < 0 ? null : m.buf.subarray(m.valueStart, m.valueStart + m.valueLength),
      headers: [],
    }));
  }
}

/**
 * A cursor over legacy messages, shaped like the v2 `RecordCursor` (`next()`, `offset`,
 * `timestamp`, `key`, `value`, `headers()`), so consumers can read either format with one
 * loop.
 *
 * @example
 * ```ts
 * import { decodeRecordSet, encodeMessageSet, LegacyRecordBatch } from "@streamwire/codec/kafka";
 * const bytes = encodeMessageSet({ magic: 1, baseOffset: 5n, records: [{ value: new Uint8Array([1]), timestamp: 1 }] });
 * const [batch] = decodeRecordSet(bytes).batches;
 * if (batch instanceof LegacyRecordBatch) {
 *   const cursor = batch.records();
 *   while (cursor.next()) console.log(cursor.offset, cursor.timestamp); // 5 1
 * }
 * ```
 */
export class LegacyRecordCursor {
  /** Index of the current message (−1 before the first `next()`). */
  index: number;
  private readonly msgs: Msg[];
  private cur: Msg | undefined;

  /** Use {@linkcode LegacyRecordBatch.records}. */
  constructor(msgs: Msg[]) {
    this.msgs = msgs;
    this.index = -1;
    this.cur = undefined;
  }

  /**
   * Moves to the next message; false after the last one.
   *
   * @example
   * ```ts
   * import { decodeRecordSet, encodeMessageSet, LegacyRecordBatch } from "@streamwire/codec/kafka";
   * const [batch] = decodeRecordSet(encodeMessageSet({ magic: 1, records: [{}, {}, {}] })).batches;
   * if (batch instanceof LegacyRecordBatch) {
   *   const c = batch.records();
   *   while (c.next()) console.log(c.index); // 0
   * }
   * ```
   */
  next(): boolean {
    if (this.index + 1 >= this.msgs.length) {
      this.index = this.msgs.length;
      this.cur = undefined;
      return false;
    }
    this.cur = this.msgs[++this.index];
    return true;
  }

  /** The current message; INVALID_VALUE before next() or after the end. */
  private get m(): Msg {
    if (this.cur === undefined) {
      throw new WireError("INVALID_VALUE", { detail: "cursor is not on a record; call next()" });
    }
    return this.cur;
  }

  /** Absolute offset as a number. */
  get offset(): number {
    const v = Number(this.m.offset);
    if (!Number.isSafeInteger(v)) throw notSafe("offset");
    return v;
  }
  /**
   * Absolute offset.
   *
   * @example
   * ```ts
   * import { decodeRecordSet, encodeMessageSet, LegacyRecordBatch } from "@streamwire/codec/kafka";
   * const [batch] = decodeRecordSet(encodeMessageSet({ magic: 1, baseOffset: 9n, records: [{}] })).batches;
   * if (batch instanceof LegacyRecordBatch) {
   *   const c = batch.records();
   *   c.next();
   *   console.log(c.offsetBigInt()); // 9n
   * }
   * ```
   */
  offsetBigInt(): bigint {
    return this.m.offset;
  }
  /** Timestamp in ms (-1 for magic 0). */
  get timestamp(): number {
    const v = Number(this.m.timestamp);
    if (!Number.isSafeInteger(v)) throw notSafe("timestamp");
    return v;
  }
  /**
   * Timestamp as a bigint.
   *
   * @example
   * ```ts
   * import { decodeRecordSet, encodeMessageSet, LegacyRecordBatch } from "@streamwire/codec/kafka";
   * const [batch] = decodeRecordSet(encodeMessageSet({ magic: 1, records: [{ timestamp: 1500000000000 }] })).batches;
   * if (batch instanceof LegacyRecordBatch) {
   *   const c = batch.records();
   *   c.next();
   *   console.log(c.timestampBigInt()); // 1500000000000n
   * }
   * ```
   */
  timestampBigInt(): bigint {
    return this.m.timestamp;
  }
  /** -1 none, 0 CreateTime, 1 LogAppendTime. */
  get timestampType(): -1 | 0 | 1 {
    return this.m.timestampType;
  }
  /** The message's magic. */
  get magic(): 0 | 1 {
    return this.m.magic;
  }
  /** The message's attributes byte. */
  get attributes(): number {
    return this.m.attributes;
  }
  /** Key length, −1 for null. */
  get keyLength(): number {
    return this.m.keyLength;
  }
  /** Value length, −1 for null. */
  get valueLength(): number {
    return this.m.valueLength;
  }
  /** Key bytes (a view) or null. */
  get key(): Uint8Array | null {
    const m = this.m;
    return m.keyLength < 0 ? null : m.buf.subarray(m.keyStart, m.keyStart + m.keyLength);
  }
  /** Value bytes (a view) or null. */
  get value(): Uint8Array | null {
    const m = this.m;
    return m.valueLength < 0 ? null : m.buf.subarray(m.valueStart, m.valueStart + m.valueLength);
  }
  /** Always 0. */
  get headerCount(): number {
    return 0;
  }
  /**
   * Always empty.
   *
   * @example
   * ```ts
   * import { decodeRecordSet, encodeMessageSet, LegacyRecordBatch } from "@streamwire/codec/kafka";
   * const [batch] = decodeRecordSet(encodeMessageSet({ magic: 1, records: [{}] })).batches;
   * if (batch instanceof LegacyRecordBatch) {
   *   const c = batch.records();
   *   c.next();
   *   console.log(c.headers()); // []
   * }
   * ```
   */
  headers(): RecordHeader[] {
    return [];
  }
}

/**
 * Checks and wraps the legacy entry at `bytes[start, start + size)` (offset and size fields
 * included; `size` already known to fit).
 */
export function decodeLegacyAt(
  bytes: Uint8Array,
  start: number,
  size: number,
  opts: ResolvedDecodeOptions,
): LegacyRecordBatch {
  const b = bytes.subarray(start, start + size);
  const msg = parseMessage(b, LOG_OVERHEAD, size - LOG_OVERHEAD, i64At(b, 0), opts.verifyChecksum, start);
  return new LegacyRecordBatch(b, start, msg, opts);
}

// ---------------------------------------------------------------------------------------------
// Encoding

/** A message of a legacy message set to encode. */
export interface LegacyRecordInit {
  /** Absolute offset; default the set's base offset plus the index. */
  offset?: bigint | number;
  /** Timestamp in ms (magic 1 only); default -1. */
  timestamp?: bigint | number;
  /** Key bytes; null or absent for null. */
  key?: Uint8Array | null;
  /** Value bytes; null or absent for null. */
  value?: Uint8Array | null;
}

/** A legacy message set to encode, with the shape Kafka's own builder gives it. */
export interface MessageSetInit {
  /** 0 or 1. */
  magic: 0 | 1;
  /** The messages. */
  records: readonly LegacyRecordInit[];
  /** 0 none, 1 gzip, 2 snappy, 3 lz4 (zstd is not defined for magic 0/1). Default 0. */
  compression?: 0 | 1 | 2 | 3;
  /** Magic 1: 0 CreateTime (default) or 1 LogAppendTime. */
  timestampType?: 0 | 1;
  /** Magic 1 with LogAppendTime: the append time written on every message. */
  logAppendTime?: bigint | number;
  /** Offset of the first message (default 0). */
  baseOffset?: bigint | number;
}

/** Options for {@linkcode encodeMessageSet}. */
export interface MessageSetEncodeOptions {
  /** Codecs for compressed sets. Default: none; `createCodecRegistry()` from `@streamwire/codec/kafka/compression` gives all four. */
  codecs?: CodecRegistry;
  /** Codec-specific level. */
  compressionLevel?: number;
}

function big(v: bigint | number, what: string): bigint {
  if (typeof v === "number" && !Number.isSafeInteger(v)) {
    throw new WireError("VALUE_OUT_OF_RANGE", {
      context: "MessageSet",
      detail: `${what} ${v} is not a safe integer`,
    });
  }
  const b = BigInt(v);
  if (b !== BigInt.asIntN(64, b)) {
    throw new WireError("VALUE_OUT_OF_RANGE", {
      context: "MessageSet",
      detail: `${what} ${v} is not an int64`,
    });
  }
  return b;
}

/** Size of one entry (offset, size, message). */
function entrySize(
  magic: 0 | 1,
  key: Uint8Array | null | undefined,
  value: Uint8Array | null | undefined,
): number {
  return LOG_OVERHEAD + (magic === 1 ? LEGACY.overheadV1 : LEGACY.overheadV0) + (key?.length ?? 0) +
    (value?.length ?? 0);
}

/** Writes one entry at `p` with its CRC-32; returns the position after it. */
function writeEntry(
  b: Uint8Array,
  p: number,
  magic: 0 | 1,
  offset: bigint,
  attributes: number,
  timestamp: bigint,
  key: Uint8Array | null | undefined,
  value: Uint8Array | null | undefined,
): number {
  const size = entrySize(magic, key, value);
  putI64(b, p, offset);
  putI32(b, p + 8, size - LOG_OVERHEAD);
  const m = p + LOG_OVERHEAD;
  b[m + LEGACY.magic] = magic;
  b[m + LEGACY.attributes] = attributes;
  let q = m + LEGACY.keySizeV0;
  if (magic === 1) {
    putI64(b, m + LEGACY.timestamp, timestamp);
    q = m + LEGACY.keySizeV1;
  }
  if (key == null) putI32(b, q, -1);
  else {
    putI32(b, q, key.length);
    b.set(key, q + 4);
    q += key.length;
  }
  q += 4;
  if (value == null) putI32(b, q, -1);
  else {
    putI32(b, q, value.length);
    b.set(value, q + 4);
    q += value.length;
  }
  q += 4;
  putI32(b, m + LEGACY.crc, crc32(b.subarray(m + LEGACY.magic, q)));
  return q;
}

/**
 * Encodes a legacy message set (magic 0 or 1) as Kafka's builder writes it: uncompressed,
 * one message per record with absolute offsets; compressed, one wrapper message whose value is
 * the compressed inner set (magic 1 inner offsets relative to the first, the wrapper carrying
 * the last absolute offset and the largest timestamp, or the append time). Magic 0 LZ4 frames
 * get the header checksum old Kafka expects.
 *
 * @example
 * ```ts
 * import { Compression, decodeRecordSet, encodeMessageSet } from "@streamwire/codec/kafka";
 * import { createCodecRegistry } from "@streamwire/codec/kafka/compression";
 * const codecs = createCodecRegistry(); // compression is opt-in
 * const enc = new TextEncoder();
 * const bytes = encodeMessageSet({
 *   magic: 1,
 *   compression: Compression.Gzip,
 *   baseOffset: 40n,
 *   records: [{ value: enc.encode("a"), timestamp: 1 }, { value: enc.encode("b"), timestamp: 2 }],
 * }, { codecs });
 * const [wrapper] = decodeRecordSet(bytes, { codecs }).batches;
 * console.log(wrapper.lastOffset, wrapper.toArray().map((r) => r.offset)); // 41n [ 40n, 41n ]
 * ```
 */
export function encodeMessageSet(init: MessageSetInit, options?: MessageSetEncodeOptions): Uint8Array {
  const magic = init.magic;
  if (magic !== 0 && magic !== 1) {
    throw new WireError("VALUE_OUT_OF_RANGE", {
      context: "MessageSet",
      detail: `magic ${magic} is not 0 or 1`,
    });
  }
  const compression = init.compression ?? 0;
  if (compression < 0 || compression > 3) {
    throw new WireError("INVALID_VALUE", {
      context: "MessageSet",
      detail: `compression type ${compression} is not defined for magic ${magic}`,
    });
  }
  const logAppend = magic === 1 && init.timestampType === 1;
  const typeBit = logAppend ? LEGACY.timestampTypeBit : 0;
  const base = big(init.baseOffset ?? 0, "baseOffset");
  const appendTime = logAppend ? big(init.logAppendTime ?? -1, "logAppendTime") : -1n;
  const rs = init.records;
  let size = 0;
  for (const r of rs) size += entrySize(magic, r.key, r.value);
  const inner = new Uint8Array(size);
  let p = 0;
  let last = base;
  let maxTs = -1n;
  for (let i = 0; i < rs.length; i++) {
    const r = rs[i];
    const abs = r.offset === undefined ? base + BigInt(i) : big(r.offset, "offset");
    last = abs;
    const ts = magic === 0 ? -1n : logAppend ? appendTime : big(r.timestamp ?? -1, "timestamp");
    if (ts > maxTs) maxTs = ts;
    const wireOffset = compression !== 0 && magic === 1 ? abs - base : abs;
    p = writeEntry(inner, p, magic, wireOffset, typeBit, ts, r.key, r.value);
  }
  if (compression === 0) return inner;
  const codecs = options?.codecs ?? defaultCodecs();
  let packed = compressWith(codecs, compression, inner, options?.compressionLevel);
  if (compression === 3 && magic === 0) packed = fixLz4HeaderChecksum(packed, true);
  const out = new Uint8Array(entrySize(magic, null, packed));
  const wrapperTs = magic === 0 ? -1n : logAppend ? appendTime : maxTs;
  writeEntry(out, 0, magic, last, compression | typeBit, wrapperTs, null, packed);
  return out;
}

/** One legacy message to encode as is (for tests and tools that need exact control). */
export interface LegacyMessageInit {
  /** 0 or 1. */
  magic: 0 | 1;
  /** The offset field of the entry, written as given. */
  offset: bigint | number;
  /** Raw attributes byte (compression bits and, for magic 1, the timestamp type bit). */
  attributes?: number;
  /** Magic 1 timestamp; default -1. */
  timestamp?: bigint | number;
  /** Key bytes or null. */
  key?: Uint8Array | null;
  /** Value bytes or null (for a wrapper, the compressed inner set). */
  value?: Uint8Array | null;
}

/**
 * Encodes one message-set entry exactly as described (offset, size, CRC-32, fields), without
 * any of the builder's rules.
 *
 * @example
 * ```ts
 * import { encodeLegacyMessage } from "@streamwire/codec/kafka";
 * console.log(encodeLegacyMessage({ magic: 0, offset: 0, key: null, value: null }).length); // 26
 * ```
 */
export function encodeLegacyMessage(m: LegacyMessageInit): Uint8Array {
  if (m.magic !== 0 && m.magic !== 1) {
    throw new WireError("VALUE_OUT_OF_RANGE", {
      context: "MessageSet",
      detail: `magic ${m.magic} is not 0 or 1`,
    });
  }
  const attributes = m.attributes ?? 0;
  if ((attributes & 0xff) !== attributes) {
    throw new WireError("VALUE_OUT_OF_RANGE", {
      context: "MessageSet",
      detail: `attributes ${attributes} is not a byte`,
    });
  }
  const out = new Uint8Array(entrySize(m.magic, m.key, m.value));
  writeEntry(
    out,
    0,
    m.magic,
    big(m.offset, "offset"),
    attributes,
    big(m.timestamp ?? -1, "timestamp"),
    m.key,
    m.value,
  );
  return out;
}
