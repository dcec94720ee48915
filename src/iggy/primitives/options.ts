/**
 * Options blocks: the key-value settings of streams, topics and users, in the user-headers
 * TLV encoding with a stricter contract — string keys only (kind 2, valid UTF-8), no duplicate
 * keys, at most {@linkcode MAX_OPTIONS} pairs and {@linkcode MAX_OPTIONS_BYTES} bytes. Value
 * kinds are not restricted. Requests carry the block unprefixed to the end of the payload;
 * response records carry it behind a u32 length.
 *
 * A block is kept as its raw validated bytes, like the crate's `WireOptions`.
 *
 * @module
 */

import type { Reader } from "../../wire/reader.ts";
import type { Writer } from "../../wire/writer.ts";
import { WireError } from "../../wire/error.ts";
import { decodeUtf8Strict } from "../../wire/utf8.ts";
import { type PayloadCodec, readBytes } from "../codec.ts";
import {
  buildUserHeaders,
  decodeHeaderValue,
  type HeaderValue,
  iterateUserHeaders,
  validateUserHeaders,
} from "./user_headers.ts";

/** Most key-value pairs in one block. */
export const MAX_OPTIONS = 1024;
/** Most bytes in one block. */
export const MAX_OPTIONS_BYTES = 100_000;

function optionsError(detail: string): WireError {
  return new WireError("INVALID_VALUE", { context: "options", detail });
}

/**
 * Validates an options block and returns its number of pairs, in the crate's order: size
 * over {@linkcode MAX_OPTIONS_BYTES}, then the user-headers structure (`TRUNCATED` /
 * `INVALID_VALUE`), then more than {@linkcode MAX_OPTIONS} pairs, then each key's kind and
 * UTF-8, then duplicate keys — all `INVALID_VALUE` except truncation.
 *
 * @example
 * ```ts
 * import { buildOptions, validateOptions } from "@streamwire/codec/iggy";
 * validateOptions(buildOptions([{ key: "segment_size", value: { kind: "uint64", value: 1024n } }])); // 1
 * ```
 */
export function validateOptions(buf: Uint8Array): number {
  if (buf.length > MAX_OPTIONS_BYTES) {
    throw optionsError(`options block is ${buf.length} bytes, exceeds maximum ${MAX_OPTIONS_BYTES}`);
  }
  const pairs = validateUserHeaders(buf);
  if (pairs === 0) return 0;
  if (pairs > MAX_OPTIONS) {
    throw optionsError(`options block has ${pairs} entries, exceeds maximum ${MAX_OPTIONS}`);
  }
  const keys: string[] = [];
  for (const e of iterateUserHeaders(buf)) {
    if (e.keyKind !== 2) throw optionsError(`option key kind ${e.keyKind} is not a string`);
    try {
      keys.push(decodeUtf8Strict(e.key, 0, e.key.length));
    } catch {
      throw optionsError("option key is not valid UTF-8");
    }
  }
  // Duplicates are judged after every key passed, so a bad kind later in the block wins.
  keys.sort();
  for (let i = 1; i < keys.length; i++) {
    if (keys[i] === keys[i - 1]) throw optionsError(`duplicate option key: ${keys[i]}`);
  }
  return pairs;
}

/**
 * An unprefixed block running to the end of the payload (requests). Decoding takes every
 * remaining byte and validates it; the result is a view into the input.
 */
export const optionsToEnd: PayloadCodec<Uint8Array> = {
  name: "WireOptions",
  encode(w: Writer, v: Uint8Array): void {
    validateOptions(v);
    w.bytes(v);
  },
  sizeOf: (v: Uint8Array) => v.length,
  decode(r: Reader): Uint8Array {
    const block = r.buf.subarray(r.pos, r.end);
    validateOptions(block);
    r.pos = r.end;
    return block;
  },
};

/**
 * A `[len:u32][block]` options block (response records). A length beyond the remaining bytes
 * is `TRUNCATED`; the block is validated on exactly its bytes.
 */
export const optionsPrefixed: PayloadCodec<Uint8Array> = {
  name: "WireOptions",
  encode(w: Writer, v: Uint8Array): void {
    validateOptions(v);
    w.u32le(v.length);
    w.bytes(v);
  },
  sizeOf: (v: Uint8Array) => 4 + v.length,
  decode(r: Reader): Uint8Array {
    const n = r.u32le();
    const block = readBytes(r, n);
    validateOptions(block);
    return block;
  },
};

/** One option with its typed value. */
export interface OptionEntry {
  /** The key. */
  readonly key: string;
  /** The value. */
  readonly value: HeaderValue;
}

/**
 * Builds an options block in the given order (the Rust SDK sorts keys; the server accepts
 * any order). Validates the result.
 *
 * @example
 * ```ts
 * import { buildOptions } from "@streamwire/codec/iggy";
 * buildOptions([{ key: "enforce_fsync", value: { kind: "bool", value: true } }]);
 * ```
 */
export function buildOptions(entries: readonly OptionEntry[]): Uint8Array {
  const block = buildUserHeaders(entries);
  validateOptions(block);
  return block;
}

/**
 * The typed entries of a validated block (values interpreted by kind; see
 * {@linkcode decodeHeaderValue}).
 *
 * @example
 * ```ts
 * import { buildOptions, optionEntries } from "@streamwire/codec/iggy";
 * const block = buildOptions([{ key: "segment_size", value: { kind: "uint64", value: 1024n } }]);
 * console.log(optionEntries(block)[0].value); // { kind: "uint64", value: 1024n }
 * ```
 */
export function optionEntries(block: Uint8Array): OptionEntry[] {
  const out: OptionEntry[] = [];
  for (const e of iterateUserHeaders(block)) {
    out.push({
      key: decodeUtf8Strict(e.key, 0, e.key.length),
      value: decodeHeaderValue(e.valueKind, e.value),
    });
  }
  return out;
}
