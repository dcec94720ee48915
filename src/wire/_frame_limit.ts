/**
 * Private: the check of a frame decoder's `maxFrameBytes` option, shared by the Kafka and Iggy
 * decoders so both refuse the same things the same way.
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
