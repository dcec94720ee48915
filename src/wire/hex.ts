/**
 * Lowercase hex, the byte notation of tests and vectors.
 *
 * @module
 */

import { WireError } from "./error.ts";

const HEX = "0123456789abcdef";

/**
 * Lowercase hex of `bytes`, two digits a byte, no separators.
 *
 * @example
 * ```ts
 * import { toHex } from "@streamwire/codec/wire";
 * console.log(toHex(new Uint8Array([0, 255]))); // 00ff
 * ```
 */
export function toHex(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    s += HEX[b >> 4] + HEX[b & 15];
  }
  return s;
}

/**
 * Parses hex (either case, no separators); odd length or a non-hex digit is `INVALID_VALUE`.
 *
 * @example
 * ```ts
 * import { fromHex } from "@streamwire/codec/wire";
 * console.log(fromHex("00ff")); // Uint8Array(2) [ 0, 255 ]
 * ```
 */
export function fromHex(hex: string): Uint8Array {
  if (hex.length % 2 !== 0) throw new WireError("INVALID_VALUE", { detail: "odd-length hex" });
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) {
    const hi = nibble(hex.charCodeAt(2 * i));
    const lo = nibble(hex.charCodeAt(2 * i + 1));
    if ((hi | lo) < 0) throw new WireError("INVALID_VALUE", { offset: 2 * i, detail: "not a hex digit" });
    out[i] = (hi << 4) | lo;
  }
  return out;
}

function nibble(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}
