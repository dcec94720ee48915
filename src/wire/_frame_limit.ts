/**
 * Private: the `maxFrameBytes` option and the limit it sets, shared by the frame assembler and
 * the whole-buffer frame decoders of both protocols, so all refuse the same things the same way.
 *
 * @module
 */

import { WireError } from "./error.ts";

/**
 * Checks a `maxFrameBytes` option: a non-negative number, and `Infinity` only when the caller
 * asked for it explicitly (it removes the one bound on buffered bytes).
 */
export function resolveMaxFrameBytes(
  max: number | undefined,
  fallback: number,
  allowUnbounded: boolean | undefined,
): number {
  if (max === undefined) return fallback;
  if (typeof max !== "number" || !(max >= 0)) {
    throw new WireError("INVALID_VALUE", { detail: `maxFrameBytes ${max} is not a non-negative number` });
  }
  if (max === Infinity && allowUnbounded !== true) {
    throw new WireError("INVALID_VALUE", {
      detail: "maxFrameBytes: Infinity lets a peer fill memory; pass allowUnboundedFrames: true to accept it",
    });
  }
  return max;
}

/**
 * The limit rule of every frame decoder: a frame whose length (as its framing counts it) is
 * above `max` is `FRAME_TOO_LARGE`, at the offset where the frame starts, before anything is
 * allocated for it.
 */
export function checkFrameLimit(length: number, max: number, offset: number, context?: string): void {
  if (length > max) {
    throw new WireError("FRAME_TOO_LARGE", {
      offset,
      context,
      detail: `frame of ${length} bytes exceeds maxFrameBytes ${max}`,
    });
  }
}
