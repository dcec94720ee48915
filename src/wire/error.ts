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
  /** What was being decoded, e.g. `"ApiVersionsRequest v3"`; used in the message. */
  context?: string;
  /** Free-form detail, e.g. the reference implementation's own reason text. */
  detail?: string;
}

/**
 * The only exception a decoder throws for bad input; encoders use it for values the wire
 * cannot carry (`VALUE_OUT_OF_RANGE`, `STRING_TOO_LONG`, …).
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
  /** Byte offset of the problem, or -1 when unknown. */
  readonly offset: number;
  /** Bytes needed, for truncation. */
  readonly need: number | undefined;
  /** Bytes available, for truncation. */
  readonly have: number | undefined;
  /** True when more input would let the frame layer complete the value. */
  readonly incomplete: boolean;
  /** Free-form detail (e.g. the reference implementation's reason). */
  readonly detail: string | undefined;

  /** Builds an error; the message is derived from the code and facts. */
  constructor(code: WireErrorCode, init: WireErrorInit = {}) {
    super(describe(code, init));
    this.name = "WireError";
    this.code = code;
    this.offset = init.offset ?? -1;
    this.need = init.need;
    this.have = init.have;
    this.incomplete = init.incomplete ?? false;
    this.detail = init.detail;
  }
}

function describe(code: WireErrorCode, init: WireErrorInit): string {
  const what = init.context ? `Cannot decode ${init.context}` : "Invalid wire data";
  const where = init.offset !== undefined && init.offset >= 0 ? ` at offset ${init.offset}` : "";
  let why: string = code;
  if (init.need !== undefined && init.have !== undefined) {
    why = `${code}: need ${init.need} bytes, have ${init.have}`;
  }
  if (init.detail) why += ` (${init.detail})`;
  return `${what}${where}: ${why}`;
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
