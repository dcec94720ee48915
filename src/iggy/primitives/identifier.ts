/**
 * `WireName` (a 1–255-byte UTF-8 name behind a u8 length) and `WireIdentifier` (a numeric
 * or string id: `[kind:u8][len:u8][value]`), the addressing primitives of every stream,
 * topic, group and user command.
 *
 * @module
 */

import type { Reader } from "../../wire/reader.ts";
import type { Writer } from "../../wire/writer.ts";
import { utf8Length } from "../../wire/utf8.ts";
import {
  invalid,
  invalidValue,
  type PayloadCodec,
  readBytes,
  readStr,
  unknownDiscriminant,
} from "../codec.ts";
import { decodeUtf8Strict } from "../../wire/utf8.ts";

/** Longest `WireName` in bytes (the u8 length prefix). */
export const MAX_WIRE_NAME_LENGTH = 255;

const KIND_NUMERIC = 1;
const KIND_STRING = 2;

/**
 * A stream, topic, group or user id: numeric (u32) or a 1–255-byte name.
 * JSON form: `{ "kind": "numeric", "value": 7 }` / `{ "kind": "string", "value": "orders" }`.
 */
export type Identifier =
  | { readonly kind: "numeric"; readonly value: number }
  | { readonly kind: "string"; readonly value: string };

/**
 * A numeric identifier.
 *
 * @example
 * ```ts
 * import { numericId } from "@streamwire/codec/iggy";
 * numericId(7); // { kind: "numeric", value: 7 }
 * ```
 */
export function numericId(value: number): Identifier {
  return { kind: "numeric", value };
}

/**
 * A string identifier (1–255 UTF-8 bytes, checked when encoded).
 *
 * @example
 * ```ts
 * import { stringId } from "@streamwire/codec/iggy";
 * stringId("orders"); // { kind: "string", value: "orders" }
 * ```
 */
export function stringId(value: string): Identifier {
  return { kind: "string", value };
}

/**
 * Throws `INVALID_VALUE` unless `s` is 1–255 UTF-8 bytes; returns the byte length.
 *
 * @example
 * ```ts
 * import { checkWireName } from "@streamwire/codec/iggy";
 * console.log(checkWireName("orders")); // 6
 * ```
 */
export function checkWireName(s: string, what = "WireName"): number {
  const n = utf8Length(s);
  if (n === 0 || n > MAX_WIRE_NAME_LENGTH) {
    throw invalidValue(what, `wire name must be 1-${MAX_WIRE_NAME_LENGTH} bytes, got ${n}`, s);
  }
  return n;
}

/**
 * `WireName`: `[len:u8][utf8]`, 1–255 bytes. A zero length is `INVALID_VALUE`; a short buffer
 * `TRUNCATED`; malformed UTF-8 `INVALID_UTF8` (the crate decodes names strictly).
 *
 * @example
 * ```ts
 * import { encodePayload, wireName } from "@streamwire/codec/iggy";
 * encodePayload(wireName, "ab"); // 02 61 62
 * ```
 */
export const wireName: PayloadCodec<string> = {
  name: "WireName",
  encode(w: Writer, v: string): void {
    const n = checkWireName(v);
    w.u8(n);
    w.utf8Sized(v, n);
  },
  sizeOf: (v: string) => 1 + utf8Length(v),
  decode(r: Reader): string {
    const start = r.pos;
    const n = r.u8();
    if (n === 0) throw invalid(r, `wire name must be 1-${MAX_WIRE_NAME_LENGTH} bytes, got 0`, start);
    return readStr(r, n);
  },
};

/**
 * `WireIdentifier`: `[kind:u8][len:u8][value:len]`; kind 1 = numeric (len must be 4, u32),
 * kind 2 = string (len 1–255, strict UTF-8).
 *
 * The crate reads kind, length and the value bytes before it looks at the kind, so a short
 * buffer is `TRUNCATED` even when the kind is unknown; only then come `INVALID_VALUE` (wrong
 * numeric length, empty string), `INVALID_UTF8` and `UNKNOWN_DISCRIMINANT`.
 *
 * @example
 * ```ts
 * import { decodePayload, identifier } from "@streamwire/codec/iggy";
 * decodePayload(identifier, new Uint8Array([1, 4, 7, 0, 0, 0])); // { kind: "numeric", value: 7 }
 * ```
 */
export const identifier: PayloadCodec<Identifier> = {
  name: "WireIdentifier",
  encode(w: Writer, v: Identifier): void {
    if (v.kind === "numeric") {
      w.u8(KIND_NUMERIC);
      w.u8(4);
      w.u32le(v.value);
    } else if (v.kind === "string") {
      const n = checkWireName(v.value, "WireIdentifier");
      w.u8(KIND_STRING);
      w.u8(n);
      w.utf8Sized(v.value, n);
    } else {
      const kind = (v as { kind: unknown }).kind;
      throw invalidValue("WireIdentifier", `unknown identifier kind ${kind}`, kind);
    }
  },
  sizeOf: (v: Identifier) => (v.kind === "numeric" ? 6 : 2 + utf8Length(v.value)),
  decode(r: Reader): Identifier {
    const start = r.pos;
    const kind = r.u8();
    const len = r.u8();
    const value = readBytes(r, len);
    if (kind === KIND_NUMERIC) {
      if (len !== 4) throw invalid(r, `numeric identifier must be 4 bytes, got ${len}`, start);
      return {
        kind: "numeric",
        value: (value[0] | (value[1] << 8) | (value[2] << 16) | (value[3] << 24)) >>> 0,
      };
    }
    if (kind === KIND_STRING) {
      if (len === 0) throw invalid(r, "string identifier cannot be empty", start);
      return { kind: "string", value: decodeUtf8Strict(value, 0, len, start + 2) };
    }
    throw unknownDiscriminant(r, "WireIdentifier", kind, start);
  },
};
