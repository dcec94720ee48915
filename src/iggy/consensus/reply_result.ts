/**
 * The result section leading a result-framed reply body: `[count: u32]` then `count` ×
 * `{index: u32, result: u32}`, little-endian. Success is `count == 0` followed by the
 * payload; a rejection is one `{0, code}` entry and no payload.
 *
 * @module
 */

import { WireError } from "../../wire/error.ts";

/** Width of the leading `count`. */
export const RESULT_COUNT_LEN = 4;
/** Width of one `{index, result}` entry. */
export const RESULT_ENTRY_LEN = 8;
/** Length of the single-entry rejection section. */
export const REJECTION_SECTION_LEN: number = RESULT_COUNT_LEN + RESULT_ENTRY_LEN;

function u32(b: Uint8Array, at: number): number {
  return (b[at] | b[at + 1] << 8 | b[at + 2] << 16 | b[at + 3] << 24) >>> 0;
}

/**
 * Length of the result section (where the typed payload starts), or `undefined` when the body
 * cannot hold the entries its count claims. The crate's `result_section_len`.
 *
 * @example
 * ```ts
 * import { resultSectionLen } from "@streamwire/codec/iggy";
 * console.log(resultSectionLen(new Uint8Array([0, 0, 0, 0, 9]))); // 4
 * ```
 */
export function resultSectionLen(body: Uint8Array): number | undefined {
  if (body.length < RESULT_COUNT_LEN) return undefined;
  // count × 8 + 4 stays below 2^36: exact in a double.
  const len = u32(body, 0) * RESULT_ENTRY_LEN + RESULT_COUNT_LEN;
  return body.length >= len ? len : undefined;
}

/**
 * The leading result code: 0 on success, the first entry's result on a rejection, or
 * `undefined` for a malformed section (never read as success). The crate's `result_code`.
 *
 * @example
 * ```ts
 * import { resultCode } from "@streamwire/codec/iggy";
 * console.log(resultCode(new Uint8Array([1, 0, 0, 0, 0, 0, 0, 0, 0xf1, 3, 0, 0]))); // 1009
 * ```
 */
export function resultCode(body: Uint8Array): number | undefined {
  const len = resultSectionLen(body);
  if (len === undefined) return undefined;
  if (len === RESULT_COUNT_LEN) return 0;
  return body.length >= RESULT_COUNT_LEN + 8 ? u32(body, RESULT_COUNT_LEN + 4) : undefined;
}

/**
 * Writes the rejection section `[1][0][code]` into `dst[at .. at + 12]`. The crate's
 * `write_rejection_section` (which panics on a short destination; this throws
 * `LIMIT_EXCEEDED`).
 *
 * @example
 * ```ts
 * import { writeRejectionSection } from "@streamwire/codec/iggy";
 * const dst = new Uint8Array(12);
 * writeRejectionSection(dst, 1009);
 * console.log(dst); // Uint8Array(12) [1, 0, 0, 0, 0, 0, 0, 0, 241, 3, 0, 0]
 * ```
 */
export function writeRejectionSection(dst: Uint8Array, code: number, at = 0): void {
  if (dst.length - at < REJECTION_SECTION_LEN) {
    throw new WireError("LIMIT_EXCEEDED", {
      side: "encode",
      detail: `rejection section needs ${REJECTION_SECTION_LEN} bytes`,
    });
  }
  if (!Number.isInteger(code) || code < 0 || code > 0xffff_ffff) {
    throw new WireError("VALUE_OUT_OF_RANGE", { side: "encode", detail: `result code ${code} is not a u32` });
  }
  const dv = new DataView(dst.buffer, dst.byteOffset + at, REJECTION_SECTION_LEN);
  dv.setUint32(0, 1, true);
  dv.setUint32(4, 0, true);
  dv.setUint32(8, code, true);
}
