/**
 * The payload codec pattern every Iggy request, response and primitive follows, and the
 * read helpers that make a TypeScript decoder fail exactly where, and with the same code as,
 * the `iggy_binary_protocol` crate (0.11.1-edge.3) fails.
 *
 * A {@linkcode PayloadCodec} has three parts: `encode` appends to a {@linkcode Writer},
 * `sizeOf` returns the exact number of bytes `encode` appends (so a frame is allocated once),
 * and `decode` reads from a {@linkcode Reader} at its position. Like the crate's
 * `WireDecode::decode`, a codec's `decode` consumes only the bytes its value occupies; what to
 * do with bytes after it is the caller's choice:
 *
 * - {@linkcode decodePayload} follows the crate's `decode_from`: trailing bytes are ignored,
 *   except for the few types whose crate decoder rejects them (they say so with
 *   `trailing: "reject"` and fail with `INVALID_VALUE`, the code the crate's `Validation`
 *   error maps to).
 * - `decodePayload(codec, bytes, { exact: true })` is stricter than the crate: any byte left
 *   over is `TRAILING_BYTES`.
 *
 * Error-code parity rules (the crate's reader helpers are all bounds checks that report
 * `UnexpectedEof`): a length or count read off the wire that exceeds the remaining bytes is
 * `TRUNCATED`, never `LENGTH_EXCEEDS_REMAINING` — use {@linkcode readStr} and
 * {@linkcode readBytes} rather than `Reader.utf8`/`Reader.bytes`, which report the latter.
 * Every `Validation` rejection of the crate is `INVALID_VALUE`. Error offsets are counted from
 * the start of the whole payload; the crate counts them from the sub-slice a nested value was
 * decoded from, so offsets are informative only.
 *
 * @module
 */

import { Reader } from "../wire/reader.ts";
import { Writer } from "../wire/writer.ts";
import { WireError } from "../wire/error.ts";
import { locateEncodeError, withRejected } from "../wire/_encode_path.ts";
import { utf8Length } from "../wire/utf8.ts";

/**
 * Encoder, exact size and decoder of one wire type.
 *
 * @example
 * ```ts
 * import { type PayloadCodec, encodePayload, decodePayload } from "@streamwire/codec/iggy";
 * const u32Codec: PayloadCodec<number> = {
 *   name: "U32",
 *   encode: (w, v) => w.u32le(v),
 *   sizeOf: () => 4,
 *   decode: (r) => r.u32le(),
 * };
 * const bytes = encodePayload(u32Codec, 7);      // 07 00 00 00
 * console.log(decodePayload(u32Codec, bytes));   // 7
 * ```
 */
export interface PayloadCodec<T> {
  /** The crate's type name without `Request`/`Response` (used in error messages). */
  readonly name: string;
  /** Appends the encoding of `v`; throws `WireError` for values the wire cannot carry. */
  encode(w: Writer, v: T): void;
  /** The exact number of bytes {@linkcode PayloadCodec.encode} appends for `v`. */
  sizeOf(v: T): number;
  /**
   * Reads one value starting at `r.pos`, leaving `r.pos` after it. Types whose layout runs
   * to the end of the payload read up to `r.end`.
   */
  decode(r: Reader): T;
  /**
   * What the crate's whole-payload decode does with bytes after the value: `"ignore"`
   * (the default, `WireDecode::decode_from`) or `"reject"` (with a `Validation` error).
   */
  readonly trailing?: "ignore" | "reject";
}

/**
 * The codecs of one command, as each area file (`src/iggy/commands/<area>.ts`) lists them for
 * the dispatch table (`src/iggy/dispatch.ts`): the command code, the crate's type name without
 * `Request`/`Response`, and the request and response payload codecs.
 *
 * @example
 * ```ts
 * import { type CommandCodecs, emptyCodec } from "@streamwire/codec/iggy";
 * const ping: CommandCodecs = { code: 1, name: "Ping", request: emptyCodec("Ping"), response: emptyCodec("Ping") };
 * ```
 */
export interface CommandCodecs {
  /** The command code (`codes.rs`). */
  readonly code: number;
  /** The crate's type name without `Request`/`Response`, e.g. `"CreateStream"`. */
  readonly name: string;
  /** The request payload codec. */
  readonly request: PayloadCodec<any>;
  /** The (successful) response payload codec. */
  readonly response: PayloadCodec<any>;
}

/**
 * A replicated body that has an operation but no command code (server-originated or
 * prepare-resolved bodies such as `UpdateStreamResolved`), for `decodeOperationBody`.
 */
export interface OperationCodec {
  /** The `Operation` byte. */
  readonly operation: number;
  /** The crate's type name without `Request`. */
  readonly name: string;
  /** The body codec. */
  readonly body: PayloadCodec<any>;
}

/** Options of {@linkcode decodePayload}. */
export interface DecodePayloadOptions {
  /** Reject any byte after the value with `TRAILING_BYTES`, even where the crate ignores it. */
  exact?: boolean;
}

/**
 * Encodes `v` into a new array of exactly `codec.sizeOf(v)` bytes.
 *
 * @example
 * ```ts
 * import { encodePayload, identifier } from "@streamwire/codec/iggy";
 * encodePayload(identifier, { kind: "numeric", value: 7 }); // 01 04 07 00 00 00
 * ```
 */
export function encodePayload<T>(codec: PayloadCodec<T>, v: T): Uint8Array {
  try {
    const size = codec.sizeOf(v);
    const w = new Writer(size);
    codec.encode(w, v);
    if (w.pos !== size) {
      // A mismatch is a bug in the codec, not bad input; fail loudly rather than emit a frame
      // whose length prefix disagrees with its body.
      throw new Error(`${codec.name}: sizeOf ${size} but encode wrote ${w.pos} bytes`);
    }
    return w.buf.length === size ? w.buf : w.finish();
  } catch (e) {
    throw encodeFailure(e, codec, v);
  }
}

/**
 * Appends `v` to `w` (for building frames around a payload without an intermediate copy).
 *
 * @example
 * ```ts
 * import { encodePayloadInto, u8String, Writer } from "@streamwire/codec/iggy";
 * const w = new Writer();
 * w.u32le(7); // a header of the caller's own
 * encodePayloadInto(u8String, w, "orders");
 * console.log(w.finish().length); // 11
 * ```
 */
export function encodePayloadInto<T>(codec: PayloadCodec<T>, w: Writer, v: T): void {
  try {
    w.ensure(codec.sizeOf(v));
    codec.encode(w, v);
  } catch (e) {
    throw encodeFailure(e, codec, v);
  }
}

/**
 * The error to throw for `e`, raised while sizing or encoding `v` with `codec`: an encode
 * `WireError` gets the full path of the field it is about (found by encoding `v` once more
 * over a tracing view, `src/wire/_encode_path.ts`) and the codec's name as its context.
 * Internal to the library (the entry points call it); not re-exported.
 */
export function encodeFailure<T>(e: unknown, codec: PayloadCodec<T>, v: T): unknown {
  return locateEncodeError(e, v, (t) => {
    codec.sizeOf(t as T);
    codec.encode(new Writer(), t as T);
  }, codec.name);
}

/**
 * Decodes a whole payload as the crate's `decode_from` does: the value must decode, and
 * trailing bytes are ignored unless the codec (or `options.exact`) says otherwise. Byte
 * fields of the result are views into `bytes`.
 *
 * @example
 * ```ts
 * import { decodePayload, identifier } from "@streamwire/codec/iggy";
 * decodePayload(identifier, new Uint8Array([2, 1, 0x61])); // { kind: "string", value: "a" }
 * ```
 */
export function decodePayload<T>(
  codec: PayloadCodec<T>,
  bytes: Uint8Array,
  options?: DecodePayloadOptions,
): T {
  const r = new Reader(bytes, codec.name);
  const v = codec.decode(r);
  if (r.pos !== r.end) {
    if (options?.exact) r.expectEnd();
    if (codec.trailing === "reject") {
      throw r.error("INVALID_VALUE", `${r.end - r.pos} trailing byte(s) after ${codec.name}`);
    }
  }
  return v;
}

/**
 * Decodes one value from the start of `bytes` and reports how many bytes it occupies
 * (the crate's `WireDecode::decode`).
 *
 * @example
 * ```ts
 * import { decodeWithLength, u8String } from "@streamwire/codec/iggy";
 * const bytes = new Uint8Array([2, 0x68, 0x69, 0xff]);
 * console.log(decodeWithLength(u8String, bytes)); // { value: "hi", consumed: 3 }
 * ```
 */
export function decodeWithLength<T>(
  codec: PayloadCodec<T>,
  bytes: Uint8Array,
): { value: T; consumed: number } {
  const r = new Reader(bytes, codec.name);
  const value = codec.decode(r);
  return { value, consumed: r.pos };
}

/**
 * Runs `codec.decode` on exactly `r.buf[r.pos, r.pos + n)` (the crate decodes nested blocks
 * from a sub-slice, so "to end of buffer" inside them means the end of the block) and
 * advances `r` past the block. The caller checks that `n` bytes remain.
 */
export function decodeSlice<T>(r: Reader, n: number, decode: (sub: Reader) => T): T {
  const sub = new Reader(r.buf.subarray(r.pos, r.pos + n), r.context);
  const v = decode(sub);
  r.pos += n;
  return v;
}

// ---------------------------------------------------------------------------------------------
// Read helpers with the crate's error codes.

/**
 * `n` bytes of strict UTF-8, `TRUNCATED` (not `LENGTH_EXCEEDS_REMAINING`) when fewer remain,
 * as the crate's `read_str` does.
 */
export function readStr(r: Reader, n: number): string {
  r.need(n);
  return r.utf8(n);
}

/** `n` bytes as a zero-copy view, `TRUNCATED` when fewer remain (the crate's `read_bytes`). */
export function readBytes(r: Reader, n: number): Uint8Array {
  r.need(n);
  return r.bytes(n);
}

/** A byte read as a bool the way the crate reads flags: any non-zero byte is `true`. */
export function readBool(r: Reader): boolean {
  return r.u8() !== 0;
}

/** The crate's `Validation` rejection, as a `WireError` with code `INVALID_VALUE`. */
export function invalid(r: Reader, detail: string, offset = r.pos): WireError {
  return r.error("INVALID_VALUE", detail, offset);
}

/** An unknown enum byte, as the crate's `UnknownDiscriminant`. */
export function unknownDiscriminant(r: Reader, typeName: string, value: number, offset: number): WireError {
  return r.error("UNKNOWN_DISCRIMINANT", `unknown discriminant ${value} for ${typeName}`, offset);
}

/**
 * An encoder-side rejection (`INVALID_VALUE`) of a value the wire cannot carry. Pass the
 * refused field's `value` when the rejection is about one field: the entry point then names
 * its path (`topics[1].name`).
 */
export function invalidValue(what: string, detail: string, ...value: [unknown?]): WireError {
  const e = new WireError("INVALID_VALUE", { side: "encode", context: what, detail });
  return value.length === 0 ? e : withRejected(e, value[0]);
}

// ---------------------------------------------------------------------------------------------
// String encodings shared by many commands.

/**
 * `[len:u8][utf8]` with an empty string allowed (passwords, tokens; not a `WireName`).
 * Encoding a string over 255 bytes is `INVALID_VALUE` (the crate would wrap the length byte).
 */
export const u8String: PayloadCodec<string> = {
  name: "U8String",
  encode(w, v) {
    const n = utf8Length(v);
    if (n > 255) throw invalidValue("U8String", `string of ${n} bytes exceeds 255`, v);
    w.u8(n);
    w.utf8Sized(v, n);
  },
  sizeOf: (v) => 1 + utf8Length(v),
  decode(r) {
    const n = r.u8();
    return readStr(r, n);
  },
};

/** `[len:u32][utf8]`, strict UTF-8, empty allowed. */
export const u32String: PayloadCodec<string> = {
  name: "U32String",
  encode(w, v) {
    const n = utf8Length(v);
    w.u32le(n);
    w.utf8Sized(v, n);
  },
  sizeOf: (v) => 4 + utf8Length(v),
  decode(r) {
    const n = r.u32le();
    return readStr(r, n);
  },
};

/** `[len:u32][bytes]` as a zero-copy view. */
export const u32Bytes: PayloadCodec<Uint8Array> = {
  name: "U32Bytes",
  encode(w, v) {
    w.u32le(v.length);
    w.bytes(v);
  },
  sizeOf: (v) => 4 + v.length,
  decode(r) {
    const n = r.u32le();
    return readBytes(r, n);
  },
};

/**
 * Decodes elements until the reader is exhausted ("repeat until end" list responses): a
 * partial last element fails like the element's own decoder does.
 */
export function readUntilEnd<T>(r: Reader, decode: (r: Reader) => T): T[] {
  const out: T[] = [];
  while (r.pos < r.end) out.push(decode(r));
  return out;
}

/** Sum of `sizeOf` over a list. */
export function sizeOfAll<T>(codec: PayloadCodec<T>, list: readonly T[]): number {
  let n = 0;
  for (const v of list) n += codec.sizeOf(v);
  return n;
}

/**
 * A codec of a payload that carries no bytes (Ping, GetStats, ...), valued `{}`.
 *
 * @example
 * ```ts
 * import { decodePayload, emptyCodec, encodePayload } from "@streamwire/codec/iggy";
 * const ping = emptyCodec("Ping");
 * console.log(encodePayload(ping, {}).length, decodePayload(ping, new Uint8Array())); // 0 {}
 * ```
 */
export function emptyCodec(name: string): PayloadCodec<Record<string, never>> {
  return {
    name,
    encode() {},
    sizeOf: () => 0,
    decode: () => ({}),
  };
}
