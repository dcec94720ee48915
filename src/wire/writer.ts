/**
 * The one place where numbers become bytes: a growable, reusable buffer with writes named by
 * width and byte order, and three ways out — a copy, a view of the buffer, or `encodeInto`.
 *
 * @module
 */

import { WireError } from "./error.ts";
import { got, withRejected } from "./_encode_path.ts";
import { encodeUtf8Into, utf8Length } from "./utf8.ts";

const U64_MAX = 0xffff_ffff_ffff_ffffn;
const I64_MIN = -0x8000_0000_0000_0000n;
const I64_MAX = 0x7fff_ffff_ffff_ffffn;
const U128_MAX = (1n << 128n) - 1n;

/**
 * Appends bytes to a buffer that grows by doubling. Reuse one writer across messages with
 * {@linkcode Writer.reset}; when the exact size is known up front (`sizeOf`), pass it to the
 * constructor and the buffer is allocated once.
 *
 * Every write checks its value: a number outside the width's range is `VALUE_OUT_OF_RANGE`, a
 * value of the wrong type (a string for an integer, a number for a boolean) `INVALID_VALUE`,
 * each with `expected` saying what the width accepts. The 64-bit writes take a `bigint` or a
 * safe-integer `number` (`Number.isSafeInteger`), so `w.i64be(0)` and `w.i64be(0n)` write the
 * same bytes.
 *
 * @example
 * ```ts
 * import { Writer } from "@streamwire/codec/wire";
 * const w = new Writer(8);
 * w.u32le(1);
 * w.i16be(-2);
 * console.log(w.finish()); // Uint8Array(6) [ 1, 0, 0, 0, 255, 254 ]
 * ```
 */
export class Writer {
  /** The underlying buffer; bytes `[0, pos)` are written. */
  buf: Uint8Array;
  /** DataView over `buf`. */
  view: DataView;
  /** Write position. */
  pos: number;

  /** Starts with `initialCapacity` bytes (grows as needed). */
  constructor(initialCapacity = 256) {
    this.buf = new Uint8Array(Math.max(1, initialCapacity));
    this.view = new DataView(this.buf.buffer);
    this.pos = 0;
  }

  /**
   * Forgets what was written; keeps the buffer for reuse.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.u32le(1);
   * console.log(w.reset().pos); // 0
   * ```
   */
  reset(): this {
    this.pos = 0;
    return this;
  }

  /**
   * Makes room for `n` more bytes.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer(4);
   * w.ensure(1024); // one reallocation now instead of several later
   * console.log(w.buf.length >= 1024); // true
   * ```
   */
  ensure(n: number): void {
    if (this.pos + n > this.buf.length) this.grow(n);
  }

  /** Reallocates to at least double the size, keeping what was written. */
  private grow(n: number): void {
    const need = this.pos + n;
    let cap = this.buf.length * 2;
    while (cap < need) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  /**
   * A copy of the written bytes, independent of this writer.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.u8(1);
   * console.log(w.finish()); // Uint8Array(1) [ 1 ]
   * ```
   */
  finish(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }

  /**
   * A view of the written bytes inside this writer's buffer: no copy, but it is overwritten by
   * the next use of the writer.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.u16be(258);
   * console.log(w.finishView()); // Uint8Array(2) [ 1, 2 ]
   * ```
   */
  finishView(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }

  /**
   * Copies the written bytes into `dest` (which must be large enough) and returns the count.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.u16be(258);
   * const dest = new Uint8Array(4);
   * console.log(w.encodeInto(dest, 1), dest); // { written: 2 } Uint8Array(4) [ 0, 1, 2, 0 ]
   * ```
   */
  encodeInto(dest: Uint8Array, at = 0): { written: number } {
    if (dest.length - at < this.pos) {
      throw new WireError("LIMIT_EXCEEDED", {
        side: "encode",
        detail: `destination has ${dest.length - at} bytes, need ${this.pos}`,
      });
    }
    dest.set(this.buf.subarray(0, this.pos), at);
    return { written: this.pos };
  }

  /**
   * Unsigned 8-bit.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.u8(255);
   * console.log(w.finish()); // Uint8Array(1) [ 255 ]
   * ```
   */
  u8(v: number): void {
    if ((v & 0xff) !== v) checkInt(v, 0, 0xff, "u8");
    if (this.pos + 1 > this.buf.length) this.grow(1);
    this.buf[this.pos++] = v;
  }

  /**
   * Signed 8-bit.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.i8(-1);
   * console.log(w.finish()); // Uint8Array(1) [ 255 ]
   * ```
   */
  i8(v: number): void {
    checkInt(v, -0x80, 0x7f, "i8");
    this.ensure(1);
    this.buf[this.pos++] = v & 0xff;
  }

  /**
   * Boolean as one byte, 0 or 1.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.bool(true);
   * console.log(w.finish()); // Uint8Array(1) [ 1 ]
   * ```
   */
  bool(v: boolean): void {
    if (typeof v !== "boolean") throw typeError(v, "bool, true or false");
    this.ensure(1);
    this.buf[this.pos++] = v ? 1 : 0;
  }

  /**
   * Unsigned 16-bit little-endian.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.u16le(513);
   * console.log(w.finish()); // Uint8Array(2) [ 1, 2 ]
   * ```
   */
  u16le(v: number): void {
    checkInt(v, 0, 0xffff, "u16");
    this.ensure(2);
    const p = this.pos;
    this.buf[p] = v;
    this.buf[p + 1] = v >>> 8;
    this.pos = p + 2;
  }

  /**
   * Unsigned 16-bit big-endian.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.u16be(258);
   * console.log(w.finish()); // Uint8Array(2) [ 1, 2 ]
   * ```
   */
  u16be(v: number): void {
    checkInt(v, 0, 0xffff, "u16");
    this.ensure(2);
    const p = this.pos;
    this.buf[p] = v >>> 8;
    this.buf[p + 1] = v;
    this.pos = p + 2;
  }

  /**
   * Signed 16-bit big-endian.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.i16be(-2);
   * console.log(w.finish()); // Uint8Array(2) [ 255, 254 ]
   * ```
   */
  i16be(v: number): void {
    checkInt(v, -0x8000, 0x7fff, "i16");
    this.ensure(2);
    const p = this.pos;
    this.buf[p] = v >> 8;
    this.buf[p + 1] = v;
    this.pos = p + 2;
  }

  /**
   * Unsigned 32-bit little-endian.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.u32le(1);
   * console.log(w.finish()); // Uint8Array(4) [ 1, 0, 0, 0 ]
   * ```
   */
  u32le(v: number): void {
    if (v >>> 0 !== v) checkInt(v, 0, 0xffffffff, "u32");
    if (this.pos + 4 > this.buf.length) this.grow(4);
    this.view.setUint32(this.pos, v, true);
    this.pos += 4;
  }

  /**
   * Signed 32-bit little-endian.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.i32le(-2);
   * console.log(w.finish()); // Uint8Array(4) [ 254, 255, 255, 255 ]
   * ```
   */
  i32le(v: number): void {
    if ((v | 0) !== v) checkInt(v, -0x80000000, 0x7fffffff, "i32");
    if (this.pos + 4 > this.buf.length) this.grow(4);
    this.view.setInt32(this.pos, v, true);
    this.pos += 4;
  }

  /**
   * Unsigned 32-bit big-endian.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.u32be(1);
   * console.log(w.finish()); // Uint8Array(4) [ 0, 0, 0, 1 ]
   * ```
   */
  u32be(v: number): void {
    if (v >>> 0 !== v) checkInt(v, 0, 0xffffffff, "u32");
    if (this.pos + 4 > this.buf.length) this.grow(4);
    this.view.setUint32(this.pos, v, false);
    this.pos += 4;
  }

  /**
   * Signed 32-bit big-endian.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.i32be(-2);
   * console.log(w.finish()); // Uint8Array(4) [ 255, 255, 255, 254 ]
   * ```
   */
  i32be(v: number): void {
    if ((v | 0) !== v) checkInt(v, -0x80000000, 0x7fffffff, "i32");
    if (this.pos + 4 > this.buf.length) this.grow(4);
    this.view.setInt32(this.pos, v, false);
    this.pos += 4;
  }

  /**
   * Unsigned 64-bit little-endian.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.u64le(258n);
   * console.log(w.finish().subarray(0, 2)); // Uint8Array(2) [ 2, 1 ]
   * ```
   */
  u64le(v: bigint | number): void {
    if (typeof v !== "bigint") {
      this.u64leNumber(checkSafe(v, 0, "u64"));
      return;
    }
    checkBig(v, 0n, U64_MAX, "u64");
    this.ensure(8);
    this.view.setBigUint64(this.pos, v, true);
    this.pos += 8;
  }

  /**
   * Unsigned 64-bit little-endian from a safe integer number (no BigInt on hot paths).
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.u64leNumber(1_000_000);
   * console.log(w.finish().subarray(0, 3)); // Uint8Array(3) [ 64, 66, 15 ]
   * ```
   */
  u64leNumber(v: number): void {
    checkInt(v, 0, Number.MAX_SAFE_INTEGER, "u64");
    this.ensure(8);
    this.view.setUint32(this.pos, v >>> 0, true);
    this.view.setUint32(this.pos + 4, Math.floor(v / 4294967296), true);
    this.pos += 8;
  }

  /**
   * Signed 64-bit little-endian.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.i64le(-1n);
   * console.log(w.finish().every((b) => b === 255)); // true
   * ```
   */
  i64le(v: bigint | number): void {
    if (typeof v !== "bigint") v = BigInt(checkSafe(v, Number.MIN_SAFE_INTEGER, "i64"));
    checkBig(v, I64_MIN, I64_MAX, "i64");
    this.ensure(8);
    this.view.setBigInt64(this.pos, v, true);
    this.pos += 8;
  }

  /**
   * Signed 64-bit big-endian.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.i64be(-2n);
   * console.log(w.finish()[7]); // 254
   * ```
   */
  i64be(v: bigint | number): void {
    if (typeof v !== "bigint") {
      // A safe integer splits into two int32 halves exactly; no BigInt needed.
      checkSafe(v, Number.MIN_SAFE_INTEGER, "i64");
      const hi = Math.floor(v / 4294967296);
      if (this.pos + 8 > this.buf.length) this.grow(8);
      this.view.setInt32(this.pos, hi, false);
      this.view.setUint32(this.pos + 4, v - hi * 4294967296, false);
      this.pos += 8;
      return;
    }
    checkBig(v, I64_MIN, I64_MAX, "i64");
    this.ensure(8);
    this.view.setBigInt64(this.pos, v, false);
    this.pos += 8;
  }

  /**
   * Unsigned 64-bit big-endian.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.u64be(256n);
   * console.log(w.finish()[6]); // 1
   * ```
   */
  u64be(v: bigint | number): void {
    if (typeof v !== "bigint") v = BigInt(checkSafe(v, 0, "u64"));
    checkBig(v, 0n, U64_MAX, "u64");
    this.ensure(8);
    this.view.setBigUint64(this.pos, v, false);
    this.pos += 8;
  }

  /**
   * Unsigned 128-bit little-endian.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.u128le(1n << 64n);
   * console.log(w.finish()[8]); // 1
   * ```
   */
  u128le(v: bigint | number): void {
    if (typeof v !== "bigint") v = BigInt(checkSafe(v, 0, "u128"));
    checkBig(v, 0n, U128_MAX, "u128");
    this.ensure(16);
    this.view.setBigUint64(this.pos, v & U64_MAX, true);
    this.view.setBigUint64(this.pos + 8, v >> 64n, true);
    this.pos += 16;
  }

  /**
   * 32-bit float little-endian.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.f32le(1.5);
   * console.log(w.finish()); // Uint8Array(4) [ 0, 0, 192, 63 ]
   * ```
   */
  f32le(v: number): void {
    if (typeof v !== "number") throw typeError(v, "float32, a number");
    this.ensure(4);
    this.view.setFloat32(this.pos, v, true);
    this.pos += 4;
  }

  /**
   * 64-bit float little-endian.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.f64le(1.5);
   * console.log(w.finish()[7]); // 63
   * ```
   */
  f64le(v: number): void {
    if (typeof v !== "number") throw typeError(v, "float64, a number");
    this.ensure(8);
    this.view.setFloat64(this.pos, v, true);
    this.pos += 8;
  }

  /**
   * 64-bit float big-endian (Kafka `float64`).
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.f64be(1.5);
   * console.log(w.finish()[0]); // 63
   * ```
   */
  f64be(v: number): void {
    if (typeof v !== "number") throw typeError(v, "float64, a number");
    this.ensure(8);
    this.view.setFloat64(this.pos, v, false);
    this.pos += 8;
  }

  /**
   * Unsigned varint (up to 5 bytes) of a value in [0, 2^32).
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.uvarint(300);
   * console.log(w.finish()); // Uint8Array(2) [ 172, 2 ]
   * ```
   */
  uvarint(v: number): void {
    if (v >>> 0 !== v) checkInt(v, 0, 0xffffffff, "uvarint");
    if (this.pos + 5 > this.buf.length) this.grow(5);
    const b = this.buf;
    let p = this.pos;
    while (v >= 0x80) {
      b[p++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    b[p++] = v;
    this.pos = p;
  }

  /**
   * Zigzag signed varint of a 32-bit value.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.varint(-2);
   * console.log(w.finish()); // Uint8Array(1) [ 3 ]
   * ```
   */
  varint(v: number): void {
    checkInt(v, -0x80000000, 0x7fffffff, "varint");
    this.uvarint(((v << 1) ^ (v >> 31)) >>> 0);
  }

  /**
   * Zigzag signed varlong of a 64-bit value.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.varlong(-1n);
   * console.log(w.finish()); // Uint8Array(1) [ 1 ]
   * ```
   */
  varlong(v: bigint | number): void {
    if (typeof v !== "bigint") v = BigInt(checkSafe(v, Number.MIN_SAFE_INTEGER, "varlong"));
    checkBig(v, I64_MIN, I64_MAX, "varlong");
    if (v >= -0x4000_0000n && v < 0x4000_0000n) {
      this.varint(Number(v));
      return;
    }
    let raw = ((v << 1n) ^ (v >> 63n)) & U64_MAX;
    this.ensure(10);
    const b = this.buf;
    let p = this.pos;
    while (raw >= 0x80n) {
      b[p++] = Number(raw & 0x7fn) | 0x80;
      raw >>= 7n;
    }
    b[p++] = Number(raw);
    this.pos = p;
  }

  /**
   * Zigzag varlong of a safe-integer number (record deltas, without BigInt when small).
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.varlongNumber(150);
   * console.log(w.finish()); // Uint8Array(2) [ 172, 2 ]
   * ```
   */
  varlongNumber(v: number): void {
    if (v >= -0x40000000 && v < 0x40000000) this.varint(v);
    else this.varlong(BigInt(v));
  }

  /**
   * Raw bytes.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.bytes(new Uint8Array([1, 2]));
   * console.log(w.finish()); // Uint8Array(2) [ 1, 2 ]
   * ```
   */
  bytes(v: Uint8Array): void {
    // The tag test runs only for arrays of another realm (or a value that is not one at all).
    if (!(v instanceof Uint8Array) && Object.prototype.toString.call(v) !== "[object Uint8Array]") {
      throw typeError(v, "a Uint8Array");
    }
    if (this.pos + v.length > this.buf.length) this.grow(v.length);
    this.buf.set(v, this.pos);
    this.pos += v.length;
  }

  /**
   * `n` zero bytes (reserved fields, padding).
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.zeros(3);
   * console.log(w.finish()); // Uint8Array(3) [ 0, 0, 0 ]
   * ```
   */
  zeros(n: number): void {
    this.ensure(n);
    this.buf.fill(0, this.pos, this.pos + n);
    this.pos += n;
  }

  /**
   * UTF-8 of `s` without a length prefix; returns the bytes written.
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * console.log(w.utf8("é")); // 2
   * ```
   */
  utf8(s: string): number {
    // Up to 3 bytes a UTF-16 unit; reserving the worst case avoids a sizing pass.
    this.ensure(s.length * 3);
    const n = encodeUtf8Into(s, this.buf, this.pos);
    this.pos += n;
    return n;
  }

  /**
   * UTF-8 of `s` whose byte length the caller already knows (from {@linkcode utf8Length}).
   *
   * @example
   * ```ts
   * import { utf8Length, Writer } from "@streamwire/codec/wire";
   * const s = "héllo";
   * const n = utf8Length(s); // the caller needed the length anyway, for a prefix
   * const w = new Writer();
   * w.u8(n);
   * w.utf8Sized(s, n);
   * console.log(w.finish().length); // 7
   * ```
   */
  utf8Sized(s: string, byteLength: number): void {
    this.ensure(byteLength);
    this.pos += encodeUtf8Into(s, this.buf, this.pos);
  }

  /**
   * Overwrites a u32 little-endian at `at` (length back-patching).
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.u32le(0); // length placeholder
   * w.bytes(new Uint8Array([7, 7]));
   * w.setU32le(0, w.pos - 4);
   * console.log(w.finish()); // Uint8Array(6) [ 2, 0, 0, 0, 7, 7 ]
   * ```
   */
  setU32le(at: number, v: number): void {
    this.view.setUint32(at, v, true);
  }

  /**
   * Overwrites an i32 big-endian at `at` (length back-patching).
   *
   * @example
   * ```ts
   * import { Writer } from "@streamwire/codec/wire";
   * const w = new Writer();
   * w.i32be(0); // length placeholder
   * w.bytes(new Uint8Array([7]));
   * w.setI32be(0, w.pos - 4);
   * console.log(w.finish()); // Uint8Array(5) [ 0, 0, 0, 1, 7 ]
   * ```
   */
  setI32be(at: number, v: number): void {
    this.view.setInt32(at, v, false);
  }
}

export { utf8Length };

// The checks below run only once a value has failed the fast test at the call site, or cost one
// comparison; their messages name the width and what it accepts.

function rangeError(v: unknown, expected: string): WireError {
  return withRejected(
    new WireError("VALUE_OUT_OF_RANGE", { side: "encode", expected, detail: got(v) }),
    v,
  );
}

function typeError(v: unknown, expected: string): WireError {
  return withRejected(new WireError("INVALID_VALUE", { side: "encode", expected, detail: got(v) }), v);
}

function intExpected(what: string, min: number | bigint, max: number | bigint): string {
  return `${what}, an integer from ${min} to ${max}`;
}

function checkInt(v: number, min: number, max: number, what: string): void {
  if (!(Number.isInteger(v) && v >= min && v <= max)) {
    const expected = intExpected(what, min, max);
    throw typeof v === "number" ? rangeError(v, expected) : typeError(v, expected);
  }
}

function bigExpected(what: string): string {
  return `${what}, a bigint or a safe-integer number`;
}

/** `v` when it is a safe integer ≥ `min` (a 64-bit field given as a number). */
function checkSafe(v: unknown, min: number, what: string): number {
  if (typeof v !== "number") throw typeError(v, bigExpected(what));
  if (!Number.isSafeInteger(v) || v < min) throw rangeError(v, bigExpected(what));
  return v;
}

function checkBig(v: bigint, min: bigint, max: bigint, what: string): void {
  if (typeof v !== "bigint") throw typeError(v, bigExpected(what));
  if (v < min || v > max) throw rangeError(v, intExpected(what, min, max));
}
