/**
 * User headers: a block of TLV fields alternating key and value,
 * `[key_kind:u8][key_len:u32][key][value_kind:u8][value_len:u32][value] …`.
 *
 * The wire layer (the crate's `validate_user_headers`) only checks structure: every kind byte
 * non-zero, every length 1–255, no overrun, an even number of fields. Kind codes above the
 * known range are accepted so that a newer peer's headers pass through. The typed meaning of
 * each kind and its value-size rule (the `HeaderKind` table of `iggy_common`, which the SDKs
 * share) is here too, separately: {@linkcode decodeHeaderValue} / {@linkcode encodeHeaderValue}.
 *
 * A block is kept as the raw validated bytes (`Uint8Array`), as the crate keeps it; the
 * iterator yields views into it, without copying.
 *
 * @module
 */

import { CANONICAL_NAN_F32, CANONICAL_NAN_F64, floatBits, withFloatBits } from "../../wire/float_bits.ts";
import { WireError } from "../../wire/error.ts";
import type { Reader } from "../../wire/reader.ts";
import type { Writer } from "../../wire/writer.ts";
import type { PayloadCodec } from "../codec.ts";
import { decodeUtf8Strict, encodeUtf8 } from "../../wire/utf8.ts";

/** Longest key or value in bytes. */
export const MAX_HEADER_FIELD_LENGTH = 255;

/** Header kinds by name, with their wire bytes (iggy_common `HeaderKind`). */
export const HEADER_KINDS = {
  raw: 1,
  string: 2,
  bool: 3,
  int8: 4,
  int16: 5,
  int32: 6,
  int64: 7,
  int128: 8,
  uint8: 9,
  uint16: 10,
  uint32: 11,
  uint64: 12,
  uint128: 13,
  float32: 14,
  float64: 15,
} as const;

/** A header kind name. */
export type HeaderKindName = keyof typeof HEADER_KINDS;

/** Highest kind code with a defined meaning (float64). */
export const HEADER_KIND_KNOWN_MAX = 15;

/**
 * True when `code` is a kind with a defined meaning (1–15).
 *
 * @example
 * ```ts
 * import { isKnownHeaderKind } from "@streamwire/codec/iggy";
 * console.log(isKnownHeaderKind(2), isKnownHeaderKind(99)); // true false
 * ```
 */
export function isKnownHeaderKind(code: number): boolean {
  return code >= 1 && code <= HEADER_KIND_KNOWN_MAX;
}

/** Fixed value size of each fixed-width kind; raw and string are 1–255 bytes. */
export const HEADER_VALUE_SIZES: Readonly<Record<HeaderKindName, number | undefined>> = {
  raw: undefined,
  string: undefined,
  bool: 1,
  int8: 1,
  int16: 2,
  int32: 4,
  int64: 8,
  int128: 16,
  uint8: 1,
  uint16: 2,
  uint32: 4,
  uint64: 8,
  uint128: 16,
  float32: 4,
  float64: 8,
};

const KIND_NAMES: readonly (HeaderKindName | undefined)[] = [
  undefined,
  "raw",
  "string",
  "bool",
  "int8",
  "int16",
  "int32",
  "int64",
  "int128",
  "uint8",
  "uint16",
  "uint32",
  "uint64",
  "uint128",
  "float32",
  "float64",
];

/** One key-value pair as it is on the wire; `key` and `value` are views into the block. */
export interface UserHeaderEntry {
  /** Header kind of the key (2 = string). */
  readonly keyKind: number;
  /** The key. */
  readonly key: Uint8Array;
  /** Header kind of the value. */
  readonly valueKind: number;
  /** The value. */
  readonly value: Uint8Array;
}

function headerError(
  code: "TRUNCATED" | "INVALID_VALUE",
  offset: number,
  detail: string,
  need?: number,
  have?: number,
) {
  return new WireError(code, { offset, detail, need, have, context: "user headers" });
}

/**
 * Checks the structure of a header block and returns its number of pairs: kind bytes non-zero
 * and lengths 1–255 (`INVALID_VALUE`), no field running past the end (`TRUNCATED`), an even
 * number of fields (`INVALID_VALUE`). The empty block has 0 pairs.
 *
 * @example
 * ```ts
 * import { validateUserHeaders, buildUserHeaders, HEADER_KINDS } from "@streamwire/codec/iggy";
 * const block = buildUserHeaders([{ key: "k", value: { kind: "uint8", value: 1 } }]);
 * console.log(validateUserHeaders(block)); // 1
 * ```
 */
export function validateUserHeaders(buf: Uint8Array): number {
  const end = buf.length;
  let pos = 0;
  let fields = 0;
  while (pos < end) {
    const kind = buf[pos];
    if (kind === 0) throw headerError("INVALID_VALUE", pos, `header kind is 0 (reserved) at offset ${pos}`);
    pos += 1;
    if (end - pos < 4) throw headerError("TRUNCATED", pos, "header field length", 4, end - pos);
    const len = (buf[pos] | (buf[pos + 1] << 8) | (buf[pos + 2] << 16) | (buf[pos + 3] << 24)) >>> 0;
    if (len === 0 || len > MAX_HEADER_FIELD_LENGTH) {
      throw headerError(
        "INVALID_VALUE",
        pos,
        `header field length ${len} out of range 1..=255 at offset ${pos}`,
      );
    }
    pos += 4;
    if (len > end - pos) throw headerError("TRUNCATED", pos, "header field data", len, end - pos);
    pos += len;
    fields++;
  }
  if (fields % 2 !== 0) {
    throw headerError(
      "INVALID_VALUE",
      end,
      `odd number of TLV entries (${fields}), expected key-value pairs`,
    );
  }
  return fields / 2;
}

/**
 * Walks a block that {@linkcode validateUserHeaders} accepted, yielding each pair with views
 * into `buf` (no copies). Iterating an unvalidated block is undefined.
 *
 * @example
 * ```ts
 * import { iterateUserHeaders, buildUserHeaders } from "@streamwire/codec/iggy";
 * const block = buildUserHeaders([{ key: "a", value: { kind: "string", value: "b" } }]);
 * for (const e of iterateUserHeaders(block)) console.log(e.keyKind, e.key.length); // 2 1
 * ```
 */
export function* iterateUserHeaders(buf: Uint8Array): Generator<UserHeaderEntry, void, undefined> {
  let pos = 0;
  const readField = (): [number, Uint8Array] => {
    const kind = buf[pos];
    const len = (buf[pos + 1] | (buf[pos + 2] << 8) | (buf[pos + 3] << 16) | (buf[pos + 4] << 24)) >>> 0;
    const start = pos + 5;
    pos = start + len;
    return [kind, buf.subarray(start, pos)];
  };
  while (pos < buf.length) {
    const [keyKind, key] = readField();
    const [valueKind, value] = readField();
    yield { keyKind, key, valueKind, value };
  }
}

/**
 * Bytes a block of `entries` takes: 10 + key + value bytes per pair.
 *
 * @example
 * ```ts
 * import { userHeadersEncodedSize } from "@streamwire/codec/iggy";
 * const te = new TextEncoder();
 * console.log(userHeadersEncodedSize([{ keyKind: 2, key: te.encode("k"), valueKind: 2, value: te.encode("v") }])); // 12
 * ```
 */
export function userHeadersEncodedSize(entries: readonly UserHeaderEntry[]): number {
  let n = 0;
  for (const e of entries) n += 10 + e.key.length + e.value.length;
  return n;
}

/**
 * Appends `entries` as TLV fields, in order. Each key and value must be 1–255 bytes and each
 * kind 1–255 (`INVALID_VALUE`), so that what is written always validates.
 *
 * @example
 * ```ts
 * import { encodeUserHeaders, Writer } from "@streamwire/codec/iggy";
 * const te = new TextEncoder();
 * const w = new Writer();
 * encodeUserHeaders(w, [{ keyKind: 2, key: te.encode("k"), valueKind: 2, value: te.encode("v") }]);
 * console.log(w.finish().length); // 12
 * ```
 */
export function encodeUserHeaders(w: Writer, entries: readonly UserHeaderEntry[]): void {
  w.ensure(userHeadersEncodedSize(entries));
  for (const e of entries) {
    writeField(w, e.keyKind, e.key);
    writeField(w, e.valueKind, e.value);
  }
}

function writeField(w: Writer, kind: number, data: Uint8Array): void {
  if (!Number.isInteger(kind) || kind < 1 || kind > 255) {
    throw new WireError("INVALID_VALUE", {
      side: "encode",
      context: "user headers",
      detail: `header kind ${kind}`,
    });
  }
  if (data.length === 0 || data.length > MAX_HEADER_FIELD_LENGTH) {
    throw new WireError("INVALID_VALUE", {
      side: "encode",
      context: "user headers",
      detail: `header field length ${data.length} out of range 1..=255`,
    });
  }
  w.u8(kind);
  w.u32le(data.length);
  w.bytes(data);
}

// ---------------------------------------------------------------------------------------------
// Typed values (iggy_common's HeaderKind interpretation).

/** A typed header value; 64- and 128-bit integers are bigint. */
export type HeaderValue =
  | { readonly kind: "raw"; readonly value: Uint8Array }
  | { readonly kind: "string"; readonly value: string }
  | { readonly kind: "bool"; readonly value: boolean }
  | {
    /** The kind. */
    readonly kind: "int8" | "int16" | "int32" | "uint8" | "uint16" | "uint32" | "float32" | "float64";
    /** The value. */
    readonly value: number;
  }
  | { readonly kind: "int64" | "int128" | "uint64" | "uint128"; readonly value: bigint }
  | { readonly kind: "unknown"; readonly code: number; readonly value: Uint8Array };

const I128_MIN = -(1n << 127n);
const I128_MAX = (1n << 127n) - 1n;
const U128_MAX = (1n << 128n) - 1n;

function valueError(detail: string): WireError {
  return new WireError("INVALID_VALUE", { context: "header value", detail });
}

/**
 * Interprets a value of kind `code`, enforcing its size rule (`INVALID_VALUE` on a wrong
 * size, a bool byte other than 0/1, or a string that is not UTF-8). Kinds above 15 come back
 * as `{ kind: "unknown", code, value }`. Raw values are views into `bytes`.
 *
 * @example
 * ```ts
 * import { decodeHeaderValue } from "@streamwire/codec/iggy";
 * decodeHeaderValue(11, new Uint8Array([1, 0, 0, 0])); // { kind: "uint32", value: 1 }
 * ```
 */
export function decodeHeaderValue(code: number, bytes: Uint8Array): HeaderValue {
  const kind = KIND_NAMES[code];
  if (kind === undefined) {
    if (code === 0) throw valueError("header kind 0 is reserved");
    return { kind: "unknown", code, value: bytes };
  }
  const n = bytes.length;
  const fixed = HEADER_VALUE_SIZES[kind];
  if (fixed === undefined) {
    if (n === 0 || n > MAX_HEADER_FIELD_LENGTH) throw valueError(`${kind} header value of ${n} bytes`);
  } else if (n !== fixed) {
    throw valueError(`${kind} header value must be ${fixed} bytes, got ${n}`);
  }
  const dv = new DataView(bytes.buffer, bytes.byteOffset, n);
  switch (kind) {
    case "raw":
      return { kind, value: bytes };
    case "string":
      try {
        return { kind, value: decodeUtf8Strict(bytes, 0, n) };
      } catch {
        throw valueError("string header value is not valid UTF-8");
      }
    case "bool":
      if (bytes[0] > 1) throw valueError(`bool header value ${bytes[0]}`);
      return { kind, value: bytes[0] === 1 };
    case "int8":
      return { kind, value: dv.getInt8(0) };
    case "int16":
      return { kind, value: dv.getInt16(0, true) };
    case "int32":
      return { kind, value: dv.getInt32(0, true) };
    case "int64":
      return { kind, value: dv.getBigInt64(0, true) };
    case "int128":
      return {
        kind,
        value: BigInt.asIntN(128, (dv.getBigUint64(8, true) << 64n) | dv.getBigUint64(0, true)),
      };
    case "uint8":
      return { kind, value: bytes[0] };
    case "uint16":
      return { kind, value: dv.getUint16(0, true) };
    case "uint32":
      return { kind, value: dv.getUint32(0, true) };
    case "uint64":
      return { kind, value: dv.getBigUint64(0, true) };
    case "uint128":
      return { kind, value: (dv.getBigUint64(8, true) << 64n) | dv.getBigUint64(0, true) };
    case "float32": {
      // NaN sign and payload are kept on the result (src/wire/float_bits.ts).
      const bits = dv.getUint32(0, true);
      const out = { kind, value: dv.getFloat32(0, true) };
      return out.value !== out.value && bits !== CANONICAL_NAN_F32 ? withFloatBits(out, "value", bits) : out;
    }
    case "float64": {
      const bits = dv.getBigUint64(0, true);
      const out = { kind, value: dv.getFloat64(0, true) };
      return out.value !== out.value && bits !== CANONICAL_NAN_F64 ? withFloatBits(out, "value", bits) : out;
    }
  }
}

/**
 * The kind code and bytes of a typed value (range-checked: `INVALID_VALUE` on overflow, an
 * empty or over-long raw/string value).
 *
 * @example
 * ```ts
 * import { encodeHeaderValue } from "@streamwire/codec/iggy";
 * encodeHeaderValue({ kind: "bool", value: true }); // { code: 3, bytes: Uint8Array [1] }
 * ```
 */
export function encodeHeaderValue(v: HeaderValue): { code: number; bytes: Uint8Array } {
  if (v.kind === "unknown") return { code: v.code, bytes: v.value };
  const code = HEADER_KINDS[v.kind];
  if (code === undefined) throw valueError(`unknown header kind ${(v as { kind: unknown }).kind}`);
  if (v.kind === "raw" || v.kind === "string") {
    const bytes = v.kind === "raw" ? v.value : encodeUtf8(v.value);
    if (bytes.length === 0 || bytes.length > MAX_HEADER_FIELD_LENGTH) {
      throw valueError(`${v.kind} header value of ${bytes.length} bytes`);
    }
    return { code, bytes };
  }
  const size = HEADER_VALUE_SIZES[v.kind]!;
  const bytes = new Uint8Array(size);
  const dv = new DataView(bytes.buffer);
  const intIn = (x: number, min: number, max: number) => {
    if (!Number.isInteger(x) || x < min || x > max) throw valueError(`${v.kind} cannot hold ${x}`);
  };
  const bigIn = (x: bigint, min: bigint, max: bigint) => {
    if (typeof x !== "bigint" || x < min || x > max) throw valueError(`${v.kind} cannot hold ${x}`);
  };
  switch (v.kind) {
    case "bool":
      bytes[0] = v.value ? 1 : 0;
      break;
    case "int8":
      intIn(v.value, -128, 127);
      dv.setInt8(0, v.value);
      break;
    case "int16":
      intIn(v.value, -32768, 32767);
      dv.setInt16(0, v.value, true);
      break;
    case "int32":
      intIn(v.value, -2147483648, 2147483647);
      dv.setInt32(0, v.value, true);
      break;
    case "uint8":
      intIn(v.value, 0, 255);
      bytes[0] = v.value;
      break;
    case "uint16":
      intIn(v.value, 0, 65535);
      dv.setUint16(0, v.value, true);
      break;
    case "uint32":
      intIn(v.value, 0, 4294967295);
      dv.setUint32(0, v.value, true);
      break;
    case "float32": {
      const bits = v.value !== v.value ? floatBits(v)?.value : undefined;
      if (typeof bits === "number") dv.setUint32(0, bits, true);
      else dv.setFloat32(0, v.value, true);
      break;
    }
    case "float64": {
      const bits = v.value !== v.value ? floatBits(v)?.value : undefined;
      if (typeof bits === "bigint") dv.setBigUint64(0, bits, true);
      else dv.setFloat64(0, v.value, true);
      break;
    }
    case "int64":
      bigIn(v.value, -(1n << 63n), (1n << 63n) - 1n);
      dv.setBigInt64(0, v.value, true);
      break;
    case "uint64":
      bigIn(v.value, 0n, (1n << 64n) - 1n);
      dv.setBigUint64(0, v.value, true);
      break;
    case "int128":
    case "uint128": {
      if (v.kind === "int128") bigIn(v.value, I128_MIN, I128_MAX);
      else bigIn(v.value, 0n, U128_MAX);
      const u = BigInt.asUintN(128, v.value);
      dv.setBigUint64(0, u & 0xffff_ffff_ffff_ffffn, true);
      dv.setBigUint64(8, u >> 64n, true);
      break;
    }
  }
  return { code, bytes };
}

/** A header to build: a string key and a typed value. */
export interface UserHeaderInput {
  /** The key. */
  readonly key: string;
  /** The value. */
  readonly value: HeaderValue;
}

/**
 * Builds a header block from string keys (kind `string`) and typed values, in the given order.
 *
 * @example
 * ```ts
 * import { buildUserHeaders } from "@streamwire/codec/iggy";
 * buildUserHeaders([{ key: "a", value: { kind: "uint8", value: 7 } }]);
 * // 02 01000000 61 09 01000000 07
 * ```
 */
export function buildUserHeaders(entries: readonly UserHeaderInput[]): Uint8Array {
  const raw: UserHeaderEntry[] = entries.map((e) => {
    const { code, bytes } = encodeHeaderValue(e.value);
    return { keyKind: HEADER_KINDS.string, key: encodeUtf8(e.key), valueKind: code, value: bytes };
  });
  const out = new Uint8Array(userHeadersEncodedSize(raw));
  let pos = 0;
  const put = (kind: number, data: Uint8Array) => {
    if (data.length === 0 || data.length > MAX_HEADER_FIELD_LENGTH) {
      throw valueError(`header field length ${data.length} out of range 1..=255`);
    }
    out[pos] = kind;
    new DataView(out.buffer).setUint32(pos + 1, data.length, true);
    out.set(data, pos + 5);
    pos += 5 + data.length;
  };
  for (const e of raw) {
    put(e.keyKind, e.key);
    put(e.valueKind, e.value);
  }
  return out;
}

/**
 * A whole header block as a codec: decoding validates every remaining byte as one block
 * (structure only) and returns a view of it; encoding validates and copies it.
 */
export const userHeadersToEnd: PayloadCodec<Uint8Array> = {
  name: "WireUserHeaders",
  encode(w: Writer, v: Uint8Array): void {
    validateUserHeaders(v);
    w.bytes(v);
  },
  sizeOf: (v: Uint8Array) => v.length,
  decode(r: Reader): Uint8Array {
    const block = r.buf.subarray(r.pos, r.end);
    validateUserHeaders(block);
    r.pos = r.end;
    return block;
  },
};
