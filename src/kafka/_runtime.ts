/**
 * Private: field-kind helpers shared by the generated Kafka message codecs in `./messages/`:
 * compact and classic strings, bytes, records and arrays, nullability, UUIDs and tagged-field
 * sections. Nothing here is public API; the public codec shape and options the generated modules
 * expose are in `./codec.ts`.
 *
 * The generated code stays straight-line per struct (version checks are plain comparisons on
 * `v`); these helpers only hold the parts every field of one kind shares, so a schema is never
 * interpreted at run time.
 *
 * The rules follow Kafka's generated Java readers (kafka-clients 4.4.0): a negative length or
 * count means null (an error for a non-nullable field), an array count may not exceed the bytes
 * that remain nor 1 000 000, a tagged-field count may not exceed the bytes that remain nor
 * 10 000, string lengths above 0x7fff are rejected, and strings are decoded leniently (U+FFFD
 * for malformed UTF-8) unless `strictUtf8` is set.
 *
 * @module
 */

import type { Reader } from "../wire/reader.ts";
import { encodeError, WireError } from "../wire/error.ts";
import { got, locateEncodeError, withRejected } from "../wire/_encode_path.ts";
import { Writer } from "../wire/writer.ts";
import { CANONICAL_NAN_F64, type FloatBits, floatBits } from "../wire/float_bits.ts";
export { attachFloatBits } from "../wire/float_bits.ts";
import { decodeUtf8Strict, utf8Length } from "../wire/utf8.ts";
import { decodeUtf8Java } from "./_utf8_java.ts";
import {
  type DecodeOptions,
  decodeWith,
  DEFAULT_MAX_ARRAY_LENGTH,
  DEFAULT_MAX_TAGGED_FIELDS,
  encodeWith,
  type Init,
  type MessageCodec,
  type StructMeta,
  type TaggedField,
  type TaggedFieldsSink,
} from "./codec.ts";

/** {@linkcode DecodeOptions} with every field set; what generated readers receive. */
export interface ResolvedOptions {
  readonly strictUtf8: boolean;
  readonly maxArrayLength: number;
  readonly maxTaggedFields: number;
  readonly taggedFieldsRead: TaggedFieldsSink | undefined;
}

/** The options used when none are given. */
export const DEFAULT_OPTIONS: ResolvedOptions = /* @__PURE__ */ Object.freeze({
  strictUtf8: false,
  maxArrayLength: DEFAULT_MAX_ARRAY_LENGTH,
  maxTaggedFields: DEFAULT_MAX_TAGGED_FIELDS,
  taggedFieldsRead: undefined,
});

/** The last options resolved, and what they resolved to: a caller decoding message after message with one
 * options object (the inspector), and the entry points that pass resolved options on to a codec, get the
 * same resolved object back instead of a new one per call. */
let lastIn: DecodeOptions | undefined;
let lastOut: ResolvedOptions = DEFAULT_OPTIONS;

/** Fills in defaults; returns the shared default object when nothing is set. */
export function resolveOptions(o: DecodeOptions | undefined): ResolvedOptions {
  if (o === undefined) return DEFAULT_OPTIONS;
  if (o === lastOut) return lastOut;
  // The fields are compared too: the caller may have changed its object since.
  if (
    o === lastIn && o.taggedFieldsRead === lastOut.taggedFieldsRead &&
    (o.strictUtf8 ?? false) === lastOut.strictUtf8 &&
    (o.maxArrayLength ?? DEFAULT_MAX_ARRAY_LENGTH) === lastOut.maxArrayLength &&
    (o.maxTaggedFields ?? DEFAULT_MAX_TAGGED_FIELDS) === lastOut.maxTaggedFields
  ) {
    return lastOut;
  }
  if (
    o.strictUtf8 === undefined && o.maxArrayLength === undefined && o.maxTaggedFields === undefined &&
    o.taggedFieldsRead === undefined
  ) {
    return DEFAULT_OPTIONS;
  }
  lastIn = o;
  lastOut = {
    strictUtf8: o.strictUtf8 ?? false,
    maxArrayLength: o.maxArrayLength ?? DEFAULT_MAX_ARRAY_LENGTH,
    maxTaggedFields: o.maxTaggedFields ?? DEFAULT_MAX_TAGGED_FIELDS,
    taggedFieldsRead: o.taggedFieldsRead,
  };
  return lastOut;
}

/** Reads one array element. */
export type ReadElem<T> = (r: Reader, v: number, o: ResolvedOptions) => T;
/** Writes one array element. */
export type WriteElem<T> = (w: Writer, x: T, v: number) => void;
/** Sizes one array element. */
export type SizeElem<T> = (x: T, v: number) => number;

// ---------------------------------------------------------------------------------------------
// Decoding

/** A compact length: unsigned varint of length + 1, in Java's int arithmetic (so it may be negative). */
export function compactLength(r: Reader): number {
  return (r.uvarint() - 1) | 0;
}

function nullError(r: Reader, name: string, at: number): WireError {
  return r.error("NULL_FOR_NON_NULLABLE", `non-nullable field ${name} was serialized as null`, at);
}

/**
 * Checks a string's length `n` (not negative: that is null) against Kafka's limit and the bytes
 * that remain; the string's bytes are then the next `n`.
 */
export function stringLength(r: Reader, n: number, name: string, at: number): void {
  if (n > 0x7fff) throw r.error("STRING_TOO_LONG", `string field ${name} had invalid length ${n}`, at);
  r.length(n);
}

function stringBody(r: Reader, n: number, o: ResolvedOptions, name: string, at: number): string {
  stringLength(r, n, name, at);
  if (o.strictUtf8) return r.utf8(n);
  const p = r.pos;
  let s: string;
  try {
    s = decodeUtf8Strict(r.buf, p, p + n, p);
  } catch {
    // Malformed: replace the way kafka-clients (Java) does, not the way TextDecoder does.
    s = decodeUtf8Java(r.buf, p, p + n);
  }
  r.pos = p + n;
  return s;
}

/** A non-nullable string (classic: int16 length; compact: uvarint length + 1). */
export function rStr(r: Reader, compact: boolean, o: ResolvedOptions, name: string): string {
  const at = r.pos;
  const n = compact ? compactLength(r) : r.i16be();
  if (n < 0) throw nullError(r, name, at);
  return stringBody(r, n, o, name, at);
}

/** A string that may be null when `nullable` (any negative length is null, as in Kafka). */
export function rStrN(
  r: Reader,
  compact: boolean,
  nullable: boolean,
  o: ResolvedOptions,
  name: string,
): string | null {
  const at = r.pos;
  const n = compact ? compactLength(r) : r.i16be();
  if (n < 0) {
    if (nullable) return null;
    throw nullError(r, name, at);
  }
  return stringBody(r, n, o, name, at);
}

/** Non-nullable bytes (classic: int32 length), as a zero-copy view. */
export function rBytes(r: Reader, compact: boolean, name: string): Uint8Array {
  const at = r.pos;
  const n = compact ? compactLength(r) : r.i32be();
  if (n < 0) throw nullError(r, name, at);
  return r.bytes(n);
}

/** Bytes that may be null when `nullable`, as a zero-copy view. */
export function rBytesN(r: Reader, compact: boolean, nullable: boolean, name: string): Uint8Array | null {
  const at = r.pos;
  const n = compact ? compactLength(r) : r.i32be();
  if (n < 0) {
    if (nullable) return null;
    throw nullError(r, name, at);
  }
  return r.bytes(n);
}

/** A records field: opaque bytes (a zero-copy view) or null. */
export function rRec(r: Reader, compact: boolean, nullable: boolean, name: string): Uint8Array | null {
  return rBytesN(r, compact, nullable, name);
}

const HEX2: string[] = [];
for (let i = 0; i < 256; i++) HEX2.push((i < 16 ? "0" : "") + i.toString(16));

/** A UUID as lowercase 8-4-4-4-12 text. */
export function rUuid(r: Reader): string {
  r.need(16);
  const b = r.buf;
  const p = r.pos;
  r.pos = p + 16;
  return HEX2[b[p]] + HEX2[b[p + 1]] + HEX2[b[p + 2]] + HEX2[b[p + 3]] + "-" +
    HEX2[b[p + 4]] + HEX2[b[p + 5]] + "-" + HEX2[b[p + 6]] + HEX2[b[p + 7]] + "-" +
    HEX2[b[p + 8]] + HEX2[b[p + 9]] + "-" + HEX2[b[p + 10]] + HEX2[b[p + 11]] +
    HEX2[b[p + 12]] + HEX2[b[p + 13]] + HEX2[b[p + 14]] + HEX2[b[p + 15]];
}

/** Checks an array count `n` (not negative: that is null) against the bytes that remain and the limit. */
export function arrayCount(r: Reader, n: number, o: ResolvedOptions, name: string, at: number): number {
  if (n > r.end - r.pos) {
    throw new WireError("COUNT_EXCEEDS_REMAINING", {
      offset: at,
      context: r.context,
      detail: `Tried to allocate a collection of size ${n}, but there are only ${
        r.end - r.pos
      } bytes remaining (${name})`,
    });
  }
  if (n > o.maxArrayLength) {
    throw r.error(
      "LIMIT_EXCEEDED",
      `collection ${name} of size ${n} exceeds the maximum of ${o.maxArrayLength}`,
      at,
    );
  }
  return n;
}

/** A non-nullable array. */
export function rArr<T>(
  r: Reader,
  compact: boolean,
  name: string,
  o: ResolvedOptions,
  v: number,
  el: ReadElem<T>,
): T[] {
  const at = r.pos;
  const n = compact ? compactLength(r) : r.i32be();
  if (n < 0) throw nullError(r, name, at);
  arrayCount(r, n, o, name, at);
  const a: T[] = [];
  for (let i = 0; i < n; i++) a.push(el(r, v, o));
  return a;
}

/** An array that may be null when `nullable`. */
export function rArrN<T>(
  r: Reader,
  compact: boolean,
  nullable: boolean,
  name: string,
  o: ResolvedOptions,
  v: number,
  el: ReadElem<T>,
): T[] | null {
  const at = r.pos;
  const n = compact ? compactLength(r) : r.i32be();
  if (n < 0) {
    if (nullable) return null;
    throw nullError(r, name, at);
  }
  arrayCount(r, n, o, name, at);
  const a: T[] = [];
  for (let i = 0; i < n; i++) a.push(el(r, v, o));
  return a;
}

/** Element kinds of {@linkcode rPrims} / {@linkcode wPrims}. */
export const K_I8 = 0;
/** int16 elements. */
export const K_I16 = 1;
/** int32 elements. */
export const K_I32 = 2;
/** int64 elements. */
export const K_I64 = 3;
/** uuid elements. */
export const K_UUID = 4;
/** String elements (compact when the array is). */
export const K_STR = 5;

/**
 * An array of primitives (null only when `nullable`): one loop per kind, so the hot path has no
 * per-element indirect call.
 */
export function rPrims(
  r: Reader,
  compact: boolean,
  nullable: boolean,
  name: string,
  o: ResolvedOptions,
  kind: number,
): unknown[] | null {
  const at = r.pos;
  const n = compact ? compactLength(r) : r.i32be();
  if (n < 0) {
    if (nullable) return null;
    throw nullError(r, name, at);
  }
  arrayCount(r, n, o, name, at);
  switch (kind) {
    case K_I32: {
      const a: number[] = [];
      if (n * 4 <= r.end - r.pos) {
        // All elements are there: read the bytes directly (the common case, and the hot one).
        const b = r.buf;
        let p = r.pos;
        for (let i = 0; i < n; i++, p += 4) {
          a.push((b[p] << 24) | (b[p + 1] << 16) | (b[p + 2] << 8) | b[p + 3]);
        }
        r.pos = p;
      } else {
        for (let i = 0; i < n; i++) a.push(r.i32be());
      }
      return a;
    }
    case K_I8: {
      const a: number[] = [];
      for (let i = 0; i < n; i++) a.push(r.i8());
      return a;
    }
    case K_I16: {
      const a: number[] = [];
      for (let i = 0; i < n; i++) a.push(r.i16be());
      return a;
    }
    case K_I64: {
      const a: bigint[] = [];
      for (let i = 0; i < n; i++) a.push(r.i64be());
      return a;
    }
    case K_UUID: {
      const a: string[] = [];
      for (let i = 0; i < n; i++) a.push(rUuid(r));
      return a;
    }
    default: {
      const a: string[] = [];
      for (let i = 0; i < n; i++) a.push(rStr(r, compact, o, name));
      return a;
    }
  }
}

/** A nullable struct outside a tagged section: a marker byte (negative = null) then the struct. */
export function rStructN<T>(r: Reader, v: number, o: ResolvedOptions, el: ReadElem<T>): T | null {
  return rNullMarker(r) ? null : el(r, v, o);
}

/** Reads the marker byte before a nullable struct outside a tagged section: true for null. */
export function rNullMarker(r: Reader): boolean {
  return r.i8() < 0;
}

/**
 * The field count that opens a tagged section. `legacy` selects kafka-clients 3.9's reader (for
 * versions only 3.9 defines), which has no count checks: a negative count means no fields and
 * a too-large one fails later as truncation. Either way no allocation depends on the count.
 */
export function rTagCount(r: Reader, o: ResolvedOptions, legacy = false): number {
  const at = r.pos;
  const n = r.uvarint() | 0;
  if (legacy) return n < 0 ? 0 : n;
  if (n < 0) throw r.error("NEGATIVE_LENGTH", `negative number of tagged fields ${n}`, at);
  if (n > r.end - r.pos) {
    throw new WireError("COUNT_EXCEEDS_REMAINING", {
      offset: at,
      context: r.context,
      detail: `Tried to read ${n} tagged fields, but there are only ${r.end - r.pos} bytes remaining`,
    });
  }
  if (n > o.maxTaggedFields) {
    throw r.error("LIMIT_EXCEEDED", `${n} tagged fields exceed the maximum of ${o.maxTaggedFields}`, at);
  }
  return n;
}

/** The payload of an unknown tagged field (`size` as read, in Java's int arithmetic). */
export function rUnknownTag(
  r: Reader,
  tag: number,
  size: number,
  list: TaggedField[] | undefined,
): TaggedField[] {
  // Kafka fails here with NegativeArraySizeException, which the vectors call CORRUPT_DATA.
  if (size < 0) throw r.error("CORRUPT_DATA", `tagged field ${tag} has negative size ${size}`);
  const data = r.bytes(size);
  if (list === undefined) return [{ tag, data }];
  list.push({ tag, data });
  return list;
}

/** A known tag that the version being decoded does not allow (Kafka rejects it rather than skip it). */
export function badTag(r: Reader, tag: number, v: number): WireError {
  return r.error("CORRUPT_DATA", `Tag ${tag} is not valid for version ${v}`);
}

// ---------------------------------------------------------------------------------------------
// Encoding

/** Bytes of the unsigned varint `n` (0 ≤ n < 2^32). */
export function uvarintSize(n: number): number {
  return n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5;
}

const STRING = "a string of at most 32767 UTF-8 bytes";

function notString(name: string, s: unknown): WireError {
  return encodeError("INVALID_VALUE", name, got(s), STRING);
}

function strLen(s: string, name: string): number {
  if (typeof s !== "string") throw notString(name, s);
  const n = utf8Length(s);
  if (n > 0x7fff) throw encodeError("STRING_TOO_LONG", name, `got ${n} UTF-8 bytes`, STRING);
  return n;
}

function nullOnEncode(name: string): WireError {
  return encodeError(
    "NULL_FOR_NON_NULLABLE",
    name,
    "null, which this version does not allow here",
    "a value",
  );
}

/** Writes a string (null only when `nullable`). */
export function wStr(w: Writer, compact: boolean, nullable: boolean, s: string | null, name: string): void {
  if (s === null) {
    if (!nullable) throw nullOnEncode(name);
    if (compact) w.uvarint(0);
    else w.i16be(-1);
    return;
  }
  const n = strLen(s, name);
  if (compact) w.uvarint(n + 1);
  else w.i16be(n);
  w.utf8Sized(s, n);
}

/** Size of a string field. */
export function sStr(compact: boolean, s: string | null, name: string): number {
  if (s === null) return compact ? 1 : 2;
  const n = strLen(s, name);
  return compact ? uvarintSize(n + 1) + n : 2 + n;
}

function checkBytes(b: unknown, name: string): Uint8Array {
  if (!(b instanceof Uint8Array)) throw encodeError("INVALID_VALUE", name, got(b), "a Uint8Array");
  return b;
}

/** Writes bytes or records (null only when `nullable`). */
export function wBytes(
  w: Writer,
  compact: boolean,
  nullable: boolean,
  b: Uint8Array | null,
  name: string,
): void {
  if (b === null) {
    if (!nullable) throw nullOnEncode(name);
    if (compact) w.uvarint(0);
    else w.i32be(-1);
    return;
  }
  checkBytes(b, name);
  if (compact) w.uvarint(b.length + 1);
  else w.i32be(b.length);
  w.bytes(b);
}

/** Size of a bytes or records field. */
export function sBytes(compact: boolean, b: Uint8Array | null): number {
  if (b === null) return compact ? 1 : 4;
  return compact ? uvarintSize(b.length + 1) + b.length : 4 + b.length;
}

function hexNibble(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

const UUID = "a UUID as 8-4-4-4-12 hex text";

function notUuid(s: unknown, name: string | undefined): WireError {
  // Unnamed (an array element): the path is found by the refused value.
  const e = encodeError("INVALID_VALUE", name, got(s), UUID);
  return name === undefined ? withRejected(e, s) : e;
}

/** Writes a UUID given as 8-4-4-4-12 hex text (either case); `name` is the field's, for errors. */
export function wUuid(w: Writer, s: string, name?: string): void {
  if (typeof s !== "string" || s.length !== 36) throw notUuid(s, name);
  w.ensure(16);
  const b = w.buf;
  let p = w.pos;
  for (let i = 0; i < 36;) {
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (s.charCodeAt(i) !== 45) throw notUuid(s, name);
      i++;
      continue;
    }
    const hi = hexNibble(s.charCodeAt(i));
    const lo = hexNibble(s.charCodeAt(i + 1));
    if ((hi | lo) < 0) throw notUuid(s, name);
    b[p++] = (hi << 4) | lo;
    i += 2;
  }
  w.pos = p;
}

function checkArray(a: unknown, name: string): readonly unknown[] {
  if (!Array.isArray(a)) throw encodeError("INVALID_VALUE", name, got(a), "an array");
  return a;
}

/** Writes an array (null only when `nullable`). */
export function wArr<T>(
  w: Writer,
  compact: boolean,
  nullable: boolean,
  a: readonly T[] | null,
  name: string,
  v: number,
  el: WriteElem<T>,
): void {
  if (a === null) {
    if (!nullable) throw nullOnEncode(name);
    if (compact) w.uvarint(0);
    else w.i32be(-1);
    return;
  }
  checkArray(a, name);
  if (compact) w.uvarint(a.length + 1);
  else w.i32be(a.length);
  // An element's errors name no index: the codec's entry point finds the path (_encode_path.ts).
  for (let i = 0; i < a.length; i++) el(w, a[i], v);
}

/** Size of an array. */
export function sArr<T>(
  compact: boolean,
  a: readonly T[] | null,
  name: string,
  v: number,
  el: SizeElem<T>,
): number {
  if (a === null) return compact ? 1 : 4;
  checkArray(a, name);
  let n = compact ? uvarintSize(a.length + 1) : 4;
  for (let i = 0; i < a.length; i++) n += el(a[i], v);
  return n;
}

/** Size of an array of fixed-width elements. */
export function sArrFixed(
  compact: boolean,
  a: readonly unknown[] | null,
  name: string,
  width: number,
): number {
  if (a === null) return compact ? 1 : 4;
  checkArray(a, name);
  return (compact ? uvarintSize(a.length + 1) : 4) + a.length * width;
}

/** Writes an array of primitives (null only when `nullable`). */
export function wPrims(
  w: Writer,
  compact: boolean,
  nullable: boolean,
  a: readonly unknown[] | null,
  name: string,
  kind: number,
): void {
  if (a === null) {
    if (!nullable) throw nullOnEncode(name);
    if (compact) w.uvarint(0);
    else w.i32be(-1);
    return;
  }
  checkArray(a, name);
  const n = a.length;
  if (compact) w.uvarint(n + 1);
  else w.i32be(n);
  switch (kind) {
    case K_I32:
      for (let i = 0; i < n; i++) w.i32be(a[i] as number);
      return;
    case K_I8:
      for (let i = 0; i < n; i++) w.i8(a[i] as number);
      return;
    case K_I16:
      for (let i = 0; i < n; i++) w.i16be(a[i] as number);
      return;
    case K_I64:
      for (let i = 0; i < n; i++) w.i64be(a[i] as bigint);
      return;
    case K_UUID:
      for (let i = 0; i < n; i++) wUuid(w, a[i] as string);
      return;
    default:
      for (let i = 0; i < n; i++) wStrElem(w, compact, a[i]);
  }
}

/** One string element of an array: its errors carry the refused value, which names its index. */
function wStrElem(w: Writer, compact: boolean, s: unknown): void {
  if (typeof s !== "string") throw withRejected(encodeError("INVALID_VALUE", undefined, got(s), STRING), s);
  const n = utf8Length(s);
  if (n > 0x7fff) {
    throw withRejected(encodeError("STRING_TOO_LONG", undefined, `got ${n} UTF-8 bytes`, STRING), s);
  }
  if (compact) w.uvarint(n + 1);
  else w.i16be(n);
  w.utf8Sized(s, n);
}

/** Writes a nullable struct outside a tagged section (marker -1 for null, 1 then the struct). */
export function wStructN<T>(
  w: Writer,
  nullable: boolean,
  x: T | null,
  name: string,
  v: number,
  el: WriteElem<T>,
): void {
  if (!nullable) {
    if (x === null) throw nullOnEncode(name);
    el(w, x, v);
  } else if (x === null) {
    w.i8(-1);
  } else {
    w.i8(1);
    el(w, x, v);
  }
}

function sStrElem(compact: boolean, s: unknown): number {
  if (typeof s !== "string") throw withRejected(encodeError("INVALID_VALUE", undefined, got(s), STRING), s);
  const n = utf8Length(s);
  if (n > 0x7fff) {
    throw withRejected(encodeError("STRING_TOO_LONG", undefined, `got ${n} UTF-8 bytes`, STRING), s);
  }
  return compact ? uvarintSize(n + 1) + n : 2 + n;
}

/** Element sizer: classic string. */
export const sStrE: SizeElem<string> = (x) => sStrElem(false, x);
/** Element sizer: compact string. */
export const sStrEC: SizeElem<string> = (x) => sStrElem(true, x);

const UNKNOWN_TAGS = "an array of { tag, data: Uint8Array } in ascending tag order";

function checkUnknown(u: unknown): readonly TaggedField[] {
  if (!Array.isArray(u)) throw encodeError("INVALID_VALUE", "_unknownTaggedFields", got(u), UNKNOWN_TAGS);
  return u;
}

/**
 * Writes the unknown tagged fields of `u` from index `from` whose tag is below `below`, and
 * returns the index of the first one not written. Tags must ascend and may not reuse a known
 * tag (`INVALID_VALUE`), so known and unknown fields come out merged in ascending order.
 */
export function wUnknown(w: Writer, u: readonly TaggedField[], from: number, below: number): number {
  let i = from;
  for (; i < u.length; i++) {
    const f = u[i];
    if (f.tag >= below) {
      if (f.tag === below) {
        throw encodeError(
          "INVALID_VALUE",
          `_unknownTaggedFields[${i}].tag`,
          `reuses known tag ${below}`,
          UNKNOWN_TAGS,
        );
      }
      break;
    }
    if (i > 0 && u[i - 1].tag >= f.tag) {
      throw encodeError(
        "INVALID_VALUE",
        `_unknownTaggedFields[${i}].tag`,
        `tag ${f.tag} after ${u[i - 1].tag}`,
        UNKNOWN_TAGS,
      );
    }
    checkBytes(f.data, `_unknownTaggedFields[${i}].data`);
    w.uvarint(f.tag);
    w.uvarint(f.data.length);
    w.bytes(f.data);
  }
  return i;
}

/** Writes a tagged section that has only unknown fields (count, then the fields). */
export function wTags(w: Writer, u: readonly TaggedField[] | undefined): void {
  if (u === undefined || u.length === 0) {
    w.u8(0);
    return;
  }
  checkUnknown(u);
  w.uvarint(u.length);
  wUnknown(w, u, 0, Infinity);
}

/** Size of the unknown fields of a tagged section (without the count). */
export function sUnknown(u: readonly TaggedField[] | undefined): number {
  if (u === undefined) return 0;
  checkUnknown(u);
  let n = 0;
  for (let i = 0; i < u.length; i++) {
    const len = checkBytes(u[i].data, `_unknownTaggedFields[${i}].data`).length;
    n += uvarintSize(u[i].tag) + uvarintSize(len) + len;
  }
  return n;
}

/** The error for a value a version cannot carry (Kafka's UnsupportedVersionException on write). */
export function cannotCarry(what: string, name: string, v: number): WireError {
  return new WireError("UNSUPPORTED_VERSION", {
    side: "encode",
    path: name,
    detail: `Attempted to write a non-default ${name} at version ${v} of ${what}`,
  });
}

/**
 * The error for a field set at a version that does not carry it while the field that replaces
 * it there is left at its default (Produce v13 addressed by `name` with `topicId` unset): the
 * request would be valid but name nothing, so it is refused rather than sent.
 */
export function replacedField(what: string, needed: string, replaced: string, v: number): WireError {
  return new WireError("UNSUPPORTED_VERSION", {
    side: "encode",
    path: needed,
    detail: `${replaced} is set but version ${v} of ${what} does not carry it; it carries ${needed}, ` +
      `which is left at its default: set ${needed}, or encode at a version that carries ${replaced}`,
  });
}

/** The error for unknown tagged fields on a version without tagged fields. */
export function noTaggedFields(what: string, v: number): WireError {
  return new WireError("UNSUPPORTED_VERSION", {
    side: "encode",
    path: "_unknownTaggedFields",
    detail: `Tagged fields were set, but version ${v} of ${what} does not support them`,
  });
}

/** Throws `UNSUPPORTED_VERSION` unless bit `v` of `mask` is set. */
function checkVersion(v: number, mask: number, what: string, side: "decode" | "encode"): void {
  if (!(Number.isInteger(v) && v >= 0 && v < 31 && ((mask >>> v) & 1) === 1)) {
    throw new WireError("UNSUPPORTED_VERSION", { side, detail: `${what} has no version ${v}` });
  }
}

/** Size of a nullable struct outside a tagged section (the marker byte counts when `nullable`). */
export function sStructN<T>(nullable: boolean, x: T | null, v: number, el: SizeElem<T>): number {
  if (x === null) return 1;
  return (nullable ? 1 : 0) + el(x, v);
}

// ---------------------------------------------------------------------------------------------
// The codec factory the generated modules call

/**
 * Builds a {@linkcode MessageCodec} around the generated struct functions: version checks,
 * error context and option defaults live here once instead of in every generated module.
 */
export function makeCodec<T>(
  name: string,
  validVersions: number,
  flexibleVersions: number,
  unstableVersions: number,
  readBody: (r: Reader, v: number, o: ResolvedOptions) => T,
  writeBody: (w: Writer, x: Init<T>, v: number) => void,
  sizeBody: (x: Init<T>, v: number) => number,
  meta: StructMeta,
): MessageCodec<T> {
  const read = (r: Reader, version: number, options?: DecodeOptions): T => {
    checkVersion(version, validVersions, name, "decode");
    r.context = name + " v" + version;
    return readBody(r, version, resolveOptions(options));
  };
  // The generated functions name a field only relative to its struct; on failure, the full path
  // is found by replaying them (wire/_encode_path.ts), so the hot path carries no path at all.
  const write = (w: Writer, value: Init<T>, version: number): void => {
    checkVersion(version, validVersions, name, "encode");
    try {
      writeBody(w, value, version);
    } catch (e) {
      throw locateEncodeError(
        e,
        value,
        (t) => writeBody(new Writer(64), t as Init<T>, version),
        name + " v" + version,
      );
    }
  };
  const sizeOf = (value: Init<T>, version: number): number => {
    checkVersion(version, validVersions, name, "encode");
    try {
      return sizeBody(value, version);
    } catch (e) {
      throw locateEncodeError(e, value, (t) => sizeBody(t as Init<T>, version), name + " v" + version);
    }
  };
  const codec: MessageCodec<T> = {
    name,
    validVersions,
    flexibleVersions,
    unstableVersions,
    read,
    write,
    sizeOf,
    decode: (bytes, version, options) => decodeWith(codec, bytes, version, options),
    encode: (value, version) => encodeWith(codec, value, version),
    meta,
  };
  return codec;
}

// ---------------------------------------------------------------------------------------------
// float64 fields keep NaN bits (src/wire/float_bits.ts): a JavaScript number cannot.

/** A fresh map for the NaN bits of one struct's float64 fields. */
export function nanSink(): FloatBits {
  return {};
}

/** Reads a float64 (BE); a non-canonical NaN's bits go to `nan[key]`. */
export function rF64(r: Reader, nan: FloatBits, key: string): number {
  const at = r.pos;
  const v = r.f64be();
  if (v !== v) {
    const bits = r.view.getBigUint64(at, false);
    if (bits !== CANONICAL_NAN_F64) nan[key] = bits;
  }
  return v;
}

/** Writes float64 field `key` of `x` (BE), with its recorded bits when it is NaN. */
export function wF64(w: Writer, x: object, key: string, v: number): void {
  if (v !== v) {
    const bits = floatBits(x)?.[key];
    w.u64be(typeof bits === "bigint" ? bits : CANONICAL_NAN_F64);
    return;
  }
  w.f64be(v);
}
