/**
 * The one place where bytes become numbers: a cursor over a `Uint8Array` with a single
 * `DataView`, bounds-checked reads named by width and byte order, and the count guard that
 * every length and count passes before anything is allocated.
 *
 * @module
 */

import { WireError } from "./error.ts";
import { decodeUtf8Lenient, decodeUtf8Strict } from "./utf8.ts";

const TWO_32 = 4294967296;
const U64_MASK = 0xffff_ffff_ffff_ffffn;

/**
 * A bounds-checked cursor over bytes. Every read either returns a value or throws a
 * {@linkcode WireError} (`TRUNCATED` with `need`/`have`); byte fields come back as zero-copy
 * views into the input, so keep (or copy) the input for as long as you keep them.
 *
 * Offsets in errors are counted from the start of the reader's view.
 *
 * @example
 * ```ts
 * import { Reader } from "@streamwire/codec/wire";
 * const r = new Reader(new Uint8Array([0x01, 0x00, 0x00, 0x00, 0x2a]));
 * console.log(r.u32le(), r.u8()); // 1 42
 * ```
 */
export class Reader {
  /** The bytes being read (the view given to the constructor). */
  readonly buf: Uint8Array;
  /** A DataView over exactly `buf` (honours its `byteOffset`). */
  readonly view: DataView;
  /** Current read position, relative to `buf`. */
  pos: number;
  /** End of readable bytes, relative to `buf`. */
  readonly end: number;
  /** Names what is being decoded, for error messages (e.g. `"MetadataRequest v12"`). */
  context: string | undefined;

  /** Reads `buf` from its first to its last byte. */
  constructor(buf: Uint8Array, context?: string) {
    this.buf = buf;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    this.pos = 0;
    this.end = buf.byteLength;
    this.context = context;
  }

  /** Bytes left to read. */
  get remaining(): number {
    return this.end - this.pos;
  }

  /**
   * Throws `TRUNCATED` unless `n` more bytes are available.
   *
   * @example
   * ```ts
   * import { isWireError, Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array(3));
   * try {
   *   r.need(4);
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code); // TRUNCATED
   * }
   * ```
   */
  need(n: number): void {
    if (n > this.end - this.pos) throw this.truncated(n);
  }

  /**
   * A `TRUNCATED` error at the current position (for callers that detect it themselves).
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array(1), "MyHeader");
   * console.log(r.truncated(4).code); // TRUNCATED
   * ```
   */
  truncated(n: number): WireError {
    return new WireError("TRUNCATED", {
      offset: this.pos,
      need: n,
      have: this.end - this.pos,
      incomplete: true,
      context: this.context,
    });
  }

  /**
   * An error of any code at the current (or given) position, with this reader's context.
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([7]), "MyHeader");
   * const e = r.error("INVALID_VALUE", "kind 7 is unknown");
   * console.log(e.code, e.offset); // INVALID_VALUE 0
   * ```
   */
  error(code: ConstructorParameters<typeof WireError>[0], detail?: string, offset = this.pos): WireError {
    return new WireError(code, { offset, detail, context: this.context });
  }

  /**
   * Throws `TRAILING_BYTES` if anything is left (exact-length decoding).
   *
   * @example
   * ```ts
   * import { isWireError, Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([1, 2]));
   * r.u8();
   * try {
   *   r.expectEnd();
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code); // TRAILING_BYTES
   * }
   * ```
   */
  expectEnd(): void {
    if (this.pos !== this.end) {
      throw new WireError("TRAILING_BYTES", {
        offset: this.pos,
        detail: `${this.end - this.pos} byte(s) after the value`,
        context: this.context,
      });
    }
  }

  /**
   * Checks that `n` elements of at least `minElementBytes` each can still be present, before
   * the caller allocates for them. Returns `n`. Negative counts are `NEGATIVE_LENGTH`.
   *
   * @example
   * ```ts
   * import { isWireError, Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array(8));
   * console.log(r.count(2, 4)); // 2
   * try {
   *   r.count(1_000_000, 4); // a hostile count: rejected before anything is allocated
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code); // COUNT_EXCEEDS_REMAINING
   * }
   * ```
   */
  count(n: number, minElementBytes: number): number {
    if (n < 0) throw this.error("NEGATIVE_LENGTH", `count ${n}`, this.pos);
    if (n * minElementBytes > this.end - this.pos) {
      throw new WireError("COUNT_EXCEEDS_REMAINING", {
        offset: this.pos,
        detail: `${n} element(s) of >= ${minElementBytes} byte(s), ${this.end - this.pos} byte(s) left`,
        context: this.context,
      });
    }
    return n;
  }

  /**
   * Checks that a byte length fits in what remains (`LENGTH_EXCEEDS_REMAINING`). Returns `n`.
   *
   * @example
   * ```ts
   * import { isWireError, Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array(4));
   * try {
   *   r.length(5);
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code, e.need, e.have); // LENGTH_EXCEEDS_REMAINING 5 4
   * }
   * ```
   */
  length(n: number): number {
    if (n < 0) throw this.error("NEGATIVE_LENGTH", `length ${n}`);
    if (n > this.end - this.pos) {
      throw new WireError("LENGTH_EXCEEDS_REMAINING", {
        offset: this.pos,
        need: n,
        have: this.end - this.pos,
        context: this.context,
      });
    }
    return n;
  }

  /**
   * Advances `n` bytes.
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0, 0, 9]));
   * console.log((r.skip(2), r.u8())); // 9
   * ```
   */
  skip(n: number): void {
    this.need(n);
    this.pos += n;
  }

  /**
   * Unsigned 8-bit.
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0xff]));
   * console.log(r.u8()); // 255
   * ```
   */
  u8(): number {
    if (this.pos >= this.end) throw this.truncated(1);
    return this.buf[this.pos++];
  }

  /**
   * Signed 8-bit.
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0xff]));
   * console.log(r.i8()); // -1
   * ```
   */
  i8(): number {
    if (this.pos >= this.end) throw this.truncated(1);
    return (this.buf[this.pos++] << 24) >> 24;
  }

  /**
   * Unsigned 16-bit little-endian.
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0x01, 0x02]));
   * console.log(r.u16le()); // 513
   * ```
   */
  u16le(): number {
    const p = this.pos;
    if (p + 2 > this.end) throw this.truncated(2);
    this.pos = p + 2;
    return this.buf[p] | (this.buf[p + 1] << 8);
  }

  /**
   * Unsigned 16-bit big-endian.
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0x01, 0x02]));
   * console.log(r.u16be()); // 258
   * ```
   */
  u16be(): number {
    const p = this.pos;
    if (p + 2 > this.end) throw this.truncated(2);
    this.pos = p + 2;
    return (this.buf[p] << 8) | this.buf[p + 1];
  }

  /**
   * Signed 16-bit big-endian.
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0xff, 0xfe]));
   * console.log(r.i16be()); // -2
   * ```
   */
  i16be(): number {
    const p = this.pos;
    if (p + 2 > this.end) throw this.truncated(2);
    this.pos = p + 2;
    return (((this.buf[p] << 8) | this.buf[p + 1]) << 16) >> 16;
  }

  /**
   * Unsigned 32-bit little-endian.
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0x01, 0, 0, 0x80]));
   * console.log(r.u32le()); // 2147483649
   * ```
   */
  u32le(): number {
    const p = this.pos;
    if (p + 4 > this.end) throw this.truncated(4);
    this.pos = p + 4;
    return this.view.getUint32(p, true);
  }

  /**
   * Signed 32-bit little-endian.
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0xfe, 0xff, 0xff, 0xff]));
   * console.log(r.i32le()); // -2
   * ```
   */
  i32le(): number {
    const p = this.pos;
    if (p + 4 > this.end) throw this.truncated(4);
    this.pos = p + 4;
    return this.view.getInt32(p, true);
  }

  /**
   * Unsigned 32-bit big-endian.
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0x80, 0, 0, 0x01]));
   * console.log(r.u32be()); // 2147483649
   * ```
   */
  u32be(): number {
    const p = this.pos;
    if (p + 4 > this.end) throw this.truncated(4);
    this.pos = p + 4;
    return this.view.getUint32(p, false);
  }

  /**
   * Signed 32-bit big-endian.
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0xff, 0xff, 0xff, 0xfe]));
   * console.log(r.i32be()); // -2
   * ```
   */
  i32be(): number {
    const p = this.pos;
    if (p + 4 > this.end) throw this.truncated(4);
    this.pos = p + 4;
    return this.view.getInt32(p, false);
  }

  /**
   * Unsigned 64-bit little-endian, as bigint.
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([1, 0, 0, 0, 0, 0, 0, 0x80]));
   * console.log(r.u64le()); // 9223372036854775809n
   * ```
   */
  u64le(): bigint {
    const p = this.pos;
    if (p + 8 > this.end) throw this.truncated(8);
    this.pos = p + 8;
    return this.view.getBigUint64(p, true);
  }

  /**
   * Unsigned 64-bit little-endian as a number, for fields whose values stay below 2^53 in
   * practice (lengths, counts, timestamps in µs); larger values are `VALUE_OUT_OF_RANGE`.
   * Avoids a BigInt allocation on hot paths.
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0x40, 0x42, 0x0f, 0, 0, 0, 0, 0]));
   * console.log(r.u64leNumber()); // 1000000
   * ```
   */
  u64leNumber(): number {
    const p = this.pos;
    if (p + 8 > this.end) throw this.truncated(8);
    const lo = this.view.getUint32(p, true);
    const hi = this.view.getUint32(p + 4, true);
    if (hi > 0x1fffff) throw this.error("VALUE_OUT_OF_RANGE", "u64 above 2^53", p);
    this.pos = p + 8;
    return hi * TWO_32 + lo;
  }

  /**
   * Signed 64-bit little-endian, as bigint.
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]));
   * console.log(r.i64le()); // -1n
   * ```
   */
  i64le(): bigint {
    const p = this.pos;
    if (p + 8 > this.end) throw this.truncated(8);
    this.pos = p + 8;
    return this.view.getBigInt64(p, true);
  }

  /**
   * Signed 64-bit big-endian, as bigint.
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe]));
   * console.log(r.i64be()); // -2n
   * ```
   */
  i64be(): bigint {
    const p = this.pos;
    if (p + 8 > this.end) throw this.truncated(8);
    this.pos = p + 8;
    return this.view.getBigInt64(p, false);
  }

  /**
   * Unsigned 64-bit big-endian, as bigint.
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0, 0, 0, 0, 0, 0, 0x01, 0x00]));
   * console.log(r.u64be()); // 256n
   * ```
   */
  u64be(): bigint {
    const p = this.pos;
    if (p + 8 > this.end) throw this.truncated(8);
    this.pos = p + 8;
    return this.view.getBigUint64(p, false);
  }

  /**
   * Unsigned 128-bit little-endian, as bigint.
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const bytes = new Uint8Array(16);
   * bytes[8] = 1;
   * console.log(new Reader(bytes).u128le()); // 18446744073709551616n
   * ```
   */
  u128le(): bigint {
    const p = this.pos;
    if (p + 16 > this.end) throw this.truncated(16);
    this.pos = p + 16;
    return (this.view.getBigUint64(p + 8, true) << 64n) | this.view.getBigUint64(p, true);
  }

  /**
   * 32-bit float little-endian.
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0, 0, 0xc0, 0x3f]));
   * console.log(r.f32le()); // 1.5
   * ```
   */
  f32le(): number {
    const p = this.pos;
    if (p + 4 > this.end) throw this.truncated(4);
    this.pos = p + 4;
    return this.view.getFloat32(p, true);
  }

  /**
   * 64-bit float little-endian.
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0, 0, 0, 0, 0, 0, 0xf8, 0x3f]));
   * console.log(r.f64le()); // 1.5
   * ```
   */
  f64le(): number {
    const p = this.pos;
    if (p + 8 > this.end) throw this.truncated(8);
    this.pos = p + 8;
    return this.view.getFloat64(p, true);
  }

  /**
   * 64-bit float big-endian (Kafka `float64`).
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0x3f, 0xf8, 0, 0, 0, 0, 0, 0]));
   * console.log(r.f64be()); // 1.5
   * ```
   */
  f64be(): number {
    const p = this.pos;
    if (p + 8 > this.end) throw this.truncated(8);
    this.pos = p + 8;
    return this.view.getFloat64(p, false);
  }

  /**
   * Unsigned varint of at most 5 bytes (Kafka's `readUnsignedVarint`): a fifth byte with its
   * continuation bit set is `VARINT_TOO_LONG`. Bits past 32 are dropped, as Java's int does;
   * the result is in [0, 2^32).
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0xac, 0x02]));
   * console.log(r.uvarint()); // 300
   * ```
   */
  uvarint(): number {
    const b = this.buf;
    let p = this.pos;
    const end = this.end;
    if (p >= end) throw this.truncated(1);
    let c = b[p++];
    if (c < 0x80) {
      this.pos = p;
      return c;
    }
    let v = c & 0x7f;
    for (let shift = 7; shift < 35; shift += 7) {
      if (p >= end) {
        this.pos = p;
        throw this.truncated(1);
      }
      c = b[p++];
      v |= (c & 0x7f) << shift;
      if (c < 0x80) {
        this.pos = p;
        return v >>> 0;
      }
    }
    throw this.error("VARINT_TOO_LONG", "unsigned varint longer than 5 bytes", this.pos);
  }

  /**
   * Zigzag-encoded signed varint of at most 5 bytes (Kafka `varint`).
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0x03]));
   * console.log(r.varint()); // -2
   * ```
   */
  varint(): number {
    const raw = this.uvarint();
    return (raw >>> 1) ^ -(raw & 1);
  }

  /**
   * Zigzag-encoded signed varint of at most 10 bytes (Kafka `varlong`), as bigint.
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0x01]));
   * console.log(r.varlong()); // -1n
   * ```
   */
  varlong(): bigint {
    const start = this.pos;
    const b = this.buf;
    let p = start;
    // Accumulate 28 bits at a time in numbers; fall back to bigint only for long encodings.
    let lo = 0;
    let shift = 0;
    for (; shift < 28; shift += 7) {
      if (p >= this.end) {
        this.pos = p;
        throw this.truncated(1);
      }
      const c = b[p++];
      lo |= (c & 0x7f) << shift;
      if (c < 0x80) {
        this.pos = p;
        return BigInt((lo >>> 1) ^ -(lo & 1));
      }
    }
    let raw = BigInt(lo >>> 0);
    for (let s = 28n; s < 70n; s += 7n) {
      if (p >= this.end) {
        this.pos = p;
        throw this.truncated(1);
      }
      const c = b[p++];
      raw |= BigInt(c & 0x7f) << s;
      if (c < 0x80) {
        this.pos = p;
        raw &= U64_MASK;
        return (raw >> 1n) ^ -(raw & 1n);
      }
    }
    throw this.error("VARINT_TOO_LONG", "varlong longer than 10 bytes", start);
  }

  /**
   * A Kafka `varlong` as a number: exact when the value is a safe integer, otherwise
   * `VALUE_OUT_OF_RANGE`. Record deltas use this to stay off BigInt.
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0xac, 0x02]));
   * console.log(r.varlongNumber()); // 150
   * ```
   */
  varlongNumber(): number {
    const b = this.buf;
    let p = this.pos;
    let lo = 0;
    for (let shift = 0; shift < 28; shift += 7) {
      if (p >= this.end) {
        this.pos = p;
        throw this.truncated(1);
      }
      const c = b[p++];
      lo |= (c & 0x7f) << shift;
      if (c < 0x80) {
        this.pos = p;
        return (lo >>> 1) ^ -(lo & 1);
      }
    }
    const start = this.pos;
    const v = this.varlong();
    if (v > 9007199254740991n || v < -9007199254740991n) {
      throw this.error("VALUE_OUT_OF_RANGE", "varlong beyond 2^53", start);
    }
    return Number(v);
  }

  /**
   * `n` bytes as a zero-copy view into the input (`LENGTH_EXCEEDS_REMAINING` if fewer remain).
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([1, 2, 3]));
   * console.log(r.bytes(2)); // Uint8Array(2) [ 1, 2 ]
   * ```
   */
  bytes(n: number): Uint8Array {
    this.length(n);
    const p = this.pos;
    this.pos = p + n;
    return this.buf.subarray(p, p + n);
  }

  /**
   * `n` bytes of strict UTF-8 (`INVALID_UTF8` on malformed input).
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0x68, 0x69]));
   * console.log(r.utf8(2)); // hi
   * ```
   */
  utf8(n: number): string {
    this.length(n);
    const p = this.pos;
    const s = decodeUtf8Strict(this.buf, p, p + n, p);
    this.pos = p + n;
    return s;
  }

  /**
   * `n` bytes of UTF-8, malformed sequences replaced by U+FFFD (Java's and Rust's lossy decode).
   *
   * @example
   * ```ts
   * import { Reader } from "@streamwire/codec/wire";
   * const r = new Reader(new Uint8Array([0x68, 0xff]));
   * console.log(r.utf8Lenient(2) === "h\uFFFD"); // true
   * ```
   */
  utf8Lenient(n: number): string {
    this.length(n);
    const p = this.pos;
    this.pos = p + n;
    return decodeUtf8Lenient(this.buf, p, p + n);
  }
}
