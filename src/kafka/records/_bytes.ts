/**
 * Private big-endian field access by absolute position, for record headers read once per batch
 * (no DataView to allocate per batch, no BigInt unless asked for), and the errors the record
 * decoders share.
 *
 * @module
 */

import { WireError, type WireErrorCode } from "../../wire/error.ts";

const TWO_32 = 4294967296;

/** Signed 16-bit big-endian at `p`. */
export function i16At(b: Uint8Array, p: number): number {
  return (((b[p] << 8) | b[p + 1]) << 16) >> 16;
}

/** Signed 32-bit big-endian at `p`. */
export function i32At(b: Uint8Array, p: number): number {
  return (b[p] << 24) | (b[p + 1] << 16) | (b[p + 2] << 8) | b[p + 3];
}

/** Unsigned 32-bit big-endian at `p`. */
export function u32At(b: Uint8Array, p: number): number {
  return ((b[p] << 24) | (b[p + 1] << 16) | (b[p + 2] << 8) | b[p + 3]) >>> 0;
}

/** Signed 64-bit big-endian at `p`, as bigint. */
export function i64At(b: Uint8Array, p: number): bigint {
  return (BigInt(i32At(b, p)) << 32n) | BigInt(u32At(b, p + 4));
}

/** Signed 64-bit big-endian at `p` as a number, or NaN when it is not a safe integer. */
export function i64NumberAt(b: Uint8Array, p: number): number {
  const v = i32At(b, p) * TWO_32 + u32At(b, p + 4);
  return Number.isSafeInteger(v) ? v : NaN;
}

/** Writes a signed 16-bit big-endian value. */
export function putI16(b: Uint8Array, p: number, v: number): void {
  b[p] = v >>> 8;
  b[p + 1] = v;
}

/** Writes a 32-bit big-endian value (signed or unsigned). */
export function putI32(b: Uint8Array, p: number, v: number): void {
  b[p] = v >>> 24;
  b[p + 1] = v >>> 16;
  b[p + 2] = v >>> 8;
  b[p + 3] = v;
}

/** Writes a signed 64-bit big-endian value given as a safe integer or a bigint. */
export function putI64(b: Uint8Array, p: number, v: number | bigint): void {
  if (typeof v === "number") {
    const hi = Math.floor(v / TWO_32);
    putI32(b, p, hi | 0);
    putI32(b, p + 4, (v - hi * TWO_32) >>> 0);
  } else {
    putI32(b, p, Number(BigInt.asIntN(32, v >> 32n)));
    putI32(b, p + 4, Number(BigInt.asUintN(32, v)));
  }
}

/** A {@linkcode WireError} with a context and offset. */
export function fail(code: WireErrorCode, context: string, offset: number, detail?: string): WireError {
  return new WireError(code, { context, offset, detail });
}

/** The error for a 64-bit field asked for as a number when it is not a safe integer. */
export function notSafe(what: string): WireError {
  return new WireError("VALUE_OUT_OF_RANGE", {
    detail: `${what} is beyond 2^53; use the bigint accessor`,
  });
}
