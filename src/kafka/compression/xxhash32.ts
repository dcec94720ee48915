/**
 * XXH32, the checksum of the LZ4 frame format (header, block and content checksums).
 *
 * @module
 */

const P1 = 0x9e3779b1;
const P2 = 0x85ebca77;
const P3 = 0xc2b2ae3d;
const P4 = 0x27d4eb2f;
const P5 = 0x165667b1;

function u32(b: Uint8Array, i: number): number {
  return b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24);
}

/**
 * XXH32 of `bytes[start, end)` (default: all of it) with `seed`, as an unsigned 32-bit number.
 *
 * @example
 * ```ts
 * import { xxh32 } from "./xxhash32.ts";
 * console.log(xxh32(new Uint8Array(0)).toString(16)); // 2cc5d05
 * console.log(xxh32(new TextEncoder().encode("abc")).toString(16)); // 32d153ff
 * ```
 */
export function xxh32(bytes: Uint8Array, seed = 0, start = 0, end = bytes.length): number {
  let p = start;
  const len = end - start;
  let h: number;
  if (len >= 16) {
    let v1 = (seed + P1 + P2) | 0;
    let v2 = (seed + P2) | 0;
    let v3 = seed | 0;
    let v4 = (seed - P1) | 0;
    const limit = end - 16;
    while (p <= limit) {
      v1 = (v1 + Math.imul(u32(bytes, p), P2)) | 0;
      v1 = Math.imul((v1 << 13) | (v1 >>> 19), P1);
      v2 = (v2 + Math.imul(u32(bytes, p + 4), P2)) | 0;
      v2 = Math.imul((v2 << 13) | (v2 >>> 19), P1);
      v3 = (v3 + Math.imul(u32(bytes, p + 8), P2)) | 0;
      v3 = Math.imul((v3 << 13) | (v3 >>> 19), P1);
      v4 = (v4 + Math.imul(u32(bytes, p + 12), P2)) | 0;
      v4 = Math.imul((v4 << 13) | (v4 >>> 19), P1);
      p += 16;
    }
    h = ((v1 << 1) | (v1 >>> 31)) + ((v2 << 7) | (v2 >>> 25)) + ((v3 << 12) | (v3 >>> 20)) +
      ((v4 << 18) | (v4 >>> 14));
  } else {
    h = seed + P5;
  }
  h = (h + len) | 0;
  while (p + 4 <= end) {
    h = (h + Math.imul(u32(bytes, p), P3)) | 0;
    h = Math.imul((h << 17) | (h >>> 15), P4);
    p += 4;
  }
  while (p < end) {
    h = (h + Math.imul(bytes[p], P5)) | 0;
    h = Math.imul((h << 11) | (h >>> 21), P1);
    p++;
  }
  h ^= h >>> 15;
  h = Math.imul(h, P2);
  h ^= h >>> 13;
  h = Math.imul(h, P3);
  h ^= h >>> 16;
  return h >>> 0;
}
