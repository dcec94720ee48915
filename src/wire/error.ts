/**
 * The one error a decoder throws on bad input, in both protocols and every runtime.
 *
 * Codes are a stable, language-neutral vocabulary (vectors/README.md lists them); tests and
 * vectors compare `code`, never the message text.
 *
 * @module
 */

/** Every code a {@linkcode WireError} can carry. */
export const WIRE_ERROR_CODES = [
  "TRUNCATED",
  "TRAILING_BYTES",
  "NEGATIVE_LENGTH",
  "NULL_FOR_NON_NULLABLE",
  "LENGTH_EXCEEDS_REMAINING",
  "COUNT_EXCEEDS_REMAINING",
  "STRING_TOO_LONG",
  "VARINT_TOO_LONG",
  "INVALID_UTF8",
  "UNKNOWN_API_KEY",
  "UNKNOWN_COMMAND",
  "UNSUPPORTED_VERSION",
  "UNKNOWN_DISCRIMINANT",
  "FRAME_TOO_LARGE",
  "LIMIT_EXCEEDED",
  "CHECKSUM_MISMATCH",
  "VALUE_OUT_OF_RANGE",
  "INVALID_VALUE",
  "CORRUPT_DATA",
] as const;

/** A stable error code; see {@linkcode WIRE_ERROR_CODES}. */
export type WireErrorCode = typeof WIRE_ERROR_CODES[number];

/**
 * What each {@linkcode WireErrorCode} means: which kind of check refused the input (or, with
 * `side: "encode"`, the value). The same codes are the vocabulary of the conformance vectors,
 * whose README says, per protocol, which check gives which code.
 *
 * @example
 * ```ts
 * import { WIRE_ERROR_DESCRIPTIONS } from "@streamwire/codec/wire";
 * console.log(WIRE_ERROR_DESCRIPTIONS.TRAILING_BYTES); // Bytes are left over after the complete value was read.
 * ```
 */
export const WIRE_ERROR_DESCRIPTIONS: Readonly<Record<WireErrorCode, string>> = {
  TRUNCATED: "The input ends inside a fixed-size field, a varint or another item of known size.",
  TRAILING_BYTES: "Bytes are left over after the complete value was read.",
  NEGATIVE_LENGTH: "A length or count prefix is negative where the format has no null for it.",
  NULL_FOR_NON_NULLABLE:
    "The null marker (a length or count of -1) appears on a field that can never be null.",
  LENGTH_EXCEEDS_REMAINING:
    "A length prefix claims more bytes than remain in the input (or in the enclosing item).",
  COUNT_EXCEEDS_REMAINING:
    "An element count is larger than the bytes that remain could hold; refused before anything is allocated for it.",
  STRING_TOO_LONG: "A string is longer than the protocol allows (Kafka: 32,767 UTF-8 bytes).",
  VARINT_TOO_LONG: "A varint goes on past its largest size (5 bytes for 32 bits, 10 for 64).",
  INVALID_UTF8: "A string's bytes are not well-formed UTF-8 (where the decoder is strict about it).",
  UNKNOWN_API_KEY: "A Kafka API key that no known API has.",
  UNKNOWN_COMMAND: "An Iggy command code that no known command has.",
  UNSUPPORTED_VERSION:
    "A version the codec does not define (API version, header version, record magic), or a value this version cannot carry.",
  UNKNOWN_DISCRIMINANT: "A tag, kind or type byte that selects no defined variant (e.g. a compression type).",
  FRAME_TOO_LARGE: "A frame's size prefix is above the decoder's maxFrameBytes.",
  LIMIT_EXCEEDED:
    "A decoder cap was passed: decompressed bytes, records per batch, array elements or tagged fields.",
  CHECKSUM_MISMATCH:
    "A checksum stored in the bytes (CRC-32, CRC-32C, XXH3-64) does not match the bytes it covers.",
  VALUE_OUT_OF_RANGE: "A number outside what its field or JavaScript type can hold.",
  INVALID_VALUE:
    "Well-formed bytes, or a value to encode, that break a rule of the protocol (or have the wrong type).",
  CORRUPT_DATA:
    "Parts of the input contradict each other: sizes that do not add up, or compressed data that does not decode.",
};

/** Optional facts attached to a {@linkcode WireError}. */
export interface WireErrorInit {
  /** Byte offset (from the start of the decoded input) where the problem was found. */
  offset?: number;
  /** Bytes a read needed (truncation). */
  need?: number;
  /** Bytes that were left (truncation). */
  have?: number;
  /** True when the input is a valid prefix and more bytes would complete it (frame layers). */
  incomplete?: boolean;
  /** What was being decoded or encoded, e.g. `"ApiVersionsRequest v3"`; used in the message. */
  context?: string;
  /** Free-form detail, e.g. the reference implementation's own reason text. */
  detail?: string;
  /** `"encode"` for a value the wire cannot carry; `"decode"` (default) for bad input bytes. */
  side?: "decode" | "encode";
  /** Path of the offending field in the value being encoded, e.g. `"topics[0].name"`. */
  path?: string;
  /** On encode: what the field's type accepts, e.g. `"int16 (an integer from -32768 to 32767)"`. */
  expected?: string;
}

/**
 * The only exception a decoder throws for bad input; encoders use it for values the wire
 * cannot carry (`VALUE_OUT_OF_RANGE`, `STRING_TOO_LONG`, …), with `side: "encode"` and the
 * field's `path` where the encoder knows it.
 *
 * @example
 * ```ts
 * import { Reader, isWireError } from "@streamwire/codec/wire";
 * try {
 *   new Reader(new Uint8Array([1, 2])).u32le();
 * } catch (e) {
 *   if (isWireError(e)) console.log(e.code, e.need, e.have); // TRUNCATED 4 2
 * }
 * ```
 */
export class WireError extends Error {
  /** Stable code from the vocabulary. */
  readonly code: WireErrorCode;
  /** Byte offset of the problem; `undefined` when unknown (and on encode). */
  readonly offset: number | undefined;
  /** Bytes needed, for truncation. */
  readonly need: number | undefined;
  /** Bytes available, for truncation. */
  readonly have: number | undefined;
  /** True when more input would let the frame layer complete the value. */
  readonly incomplete: boolean;
  /** Free-form detail (e.g. the reference implementation's reason). */
  readonly detail: string | undefined;
  /** What was being decoded or encoded, when known. */
  readonly context: string | undefined;
  /** Whether decoding bytes or encoding a value failed. */
  readonly side: "decode" | "encode";
  /**
   * Path of the offending field of an encoded value, leaf included
   * (`"topics[0].partitions[0].fetchOffset"`), relative to the value passed to the encoder;
   * `undefined` when unknown.
   */
  readonly path: string | undefined;
  /** On encode: what the field's type accepts (`"int64 (a bigint, or a safe-integer number)"`), when known. */
  readonly expected: string | undefined;

  /** Builds an error; the message is derived from the code and facts. */
  constructor(code: WireErrorCode, init: WireErrorInit = {}) {
    super(describe(code, init));
    this.name = "WireError";
    this.code = code;
    this.offset = init.offset !== undefined && init.offset >= 0 ? init.offset : undefined;
    this.need = init.need;
    this.have = init.have;
    this.incomplete = init.incomplete ?? false;
    this.detail = init.detail;
    this.context = init.context;
    this.side = init.side ?? "decode";
    this.path = init.path;
    this.expected = init.expected;
  }

  /** A plain object for logs and JSON: every fact that is known, and the message. */
  toJSON(): Record<string, unknown> {
    const o: Record<string, unknown> = {
      name: this.name,
      code: this.code,
      message: this.message,
      side: this.side,
    };
    if (this.offset !== undefined) o.offset = this.offset;
    if (this.need !== undefined) o.need = this.need;
    if (this.have !== undefined) o.have = this.have;
    if (this.incomplete) o.incomplete = true;
    if (this.context !== undefined) o.context = this.context;
    if (this.path !== undefined) o.path = this.path;
    if (this.expected !== undefined) o.expected = this.expected;
    if (this.detail !== undefined) o.detail = this.detail;
    return o;
  }
}

function describe(code: WireErrorCode, init: WireErrorInit): string {
  const encode = init.side === "encode";
  const what = init.context
    ? `Cannot ${encode ? "encode" : "decode"} ${init.context}`
    : encode
    ? "Cannot encode the value"
    : "Invalid wire data";
  const where = init.offset !== undefined && init.offset >= 0 ? ` at offset ${init.offset}` : "";
  const field = init.path ? ` (field ${init.path})` : "";
  let why: string = code;
  if (init.need !== undefined && init.have !== undefined) {
    why = `${code}: need ${init.need} bytes, have ${init.have}`;
  }
  const facts = init.expected ? `expected ${init.expected}` : "";
  if (init.detail) why += ` (${facts ? `${facts}; ` : ""}${init.detail})`;
  else if (facts) why += ` (${facts})`;
  return `${what}${field}${where}: ${why}`;
}

/**
 * An encode-side {@linkcode WireError} (a value the wire cannot carry) for the field at `path`,
 * optionally saying what the field's type accepts.
 *
 * @example
 * ```ts
 * import { encodeError } from "@streamwire/codec/wire";
 * encodeError("STRING_TOO_LONG", "name", "40000 UTF-8 bytes", "a string of at most 32767 UTF-8 bytes").message;
 * // "Cannot encode the value (field name): STRING_TOO_LONG (expected a string of at most 32767 UTF-8 bytes; 40000 UTF-8 bytes)"
 * ```
 */
export function encodeError(
  code: WireErrorCode,
  path: string | undefined,
  detail: string,
  expected?: string,
): WireError {
  return new WireError(code, { side: "encode", path, detail, expected });
}

/**
 * `e` with `segment` (a field name, or `name[index]`) put in front of its field path, for
 * encoders that learn where a nested value sits as the error travels up. Other errors pass
 * through unchanged.
 *
 * @example
 * ```ts
 * import { encodeError, prefixPath } from "@streamwire/codec/wire";
 * (prefixPath(encodeError("STRING_TOO_LONG", "name", "too long"), "topics[0]") as any).path; // "topics[0].name"
 * ```
 */
export function prefixPath(e: unknown, segment: string): unknown {
  if (!(e instanceof WireError) || e.side !== "encode") return e;
  const path = e.path === undefined
    ? segment
    : e.path.startsWith("[")
    ? segment + e.path
    : `${segment}.${e.path}`;
  return new WireError(e.code, {
    side: "encode",
    path,
    context: e.context,
    detail: e.detail,
    need: e.need,
    have: e.have,
    expected: e.expected,
  });
}

/**
 * True for a {@linkcode WireError}, also across realms or duplicated copies of this module,
 * where `instanceof` alone would fail.
 *
 * @example
 * ```ts
 * import { isWireError } from "@streamwire/codec/wire";
 * console.log(isWireError(new Error("x"))); // false
 * ```
 */
export function isWireError(e: unknown): e is WireError {
  return e instanceof WireError ||
    (typeof e === "object" && e !== null && (e as { name?: unknown }).name === "WireError" &&
      typeof (e as { code?: unknown }).code === "string");
}
