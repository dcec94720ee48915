/**
 * Private: RFC 1951 constants shared by the inflater and the deflater.
 *
 * @module
 */

/** Base match length of length codes 257..285. */
export const LEN_BASE: readonly number[] = [
  3,
  4,
  5,
  6,
  7,
  8,
  9,
  10,
  11,
  13,
  15,
  17,
  19,
  23,
  27,
  31,
  35,
  43,
  51,
  59,
  67,
  83,
  99,
  115,
  131,
  163,
  195,
  227,
  258,
];
/** Extra bits of length codes 257..285. */
export const LEN_EXTRA: readonly number[] = [
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  1,
  1,
  1,
  2,
  2,
  2,
  2,
  3,
  3,
  3,
  3,
  4,
  4,
  4,
  4,
  5,
  5,
  5,
  5,
  0,
];
/** Base distance of distance codes 0..29. */
export const DIST_BASE: readonly number[] = [
  1,
  2,
  3,
  4,
  5,
  7,
  9,
  13,
  17,
  25,
  33,
  49,
  65,
  97,
  129,
  193,
  257,
  385,
  513,
  769,
  1025,
  1537,
  2049,
  3073,
  4097,
  6145,
  8193,
  12289,
  16385,
  24577,
];
/** Extra bits of distance codes 0..29. */
export const DIST_EXTRA: readonly number[] = [
  0,
  0,
  0,
  0,
  1,
  1,
  2,
  2,
  3,
  3,
  4,
  4,
  5,
  5,
  6,
  6,
  7,
  7,
  8,
  8,
  9,
  9,
  10,
  10,
  11,
  11,
  12,
  12,
  13,
  13,
];
/** Order in which code-length code lengths are transmitted. */
export const CLEN_ORDER: readonly number[] = [
  16,
  17,
  18,
  0,
  8,
  7,
  9,
  6,
  10,
  5,
  11,
  4,
  12,
  3,
  13,
  2,
  14,
  1,
  15,
];

/** Code lengths of the fixed literal/length code (RFC 1951 §3.2.6), 288 symbols. */
export function fixedLitLengths(): Uint8Array {
  const l = new Uint8Array(288);
  l.fill(8, 0, 144);
  l.fill(9, 144, 256);
  l.fill(7, 256, 280);
  l.fill(8, 280, 288);
  return l;
}

/** Code lengths of the fixed distance code, 32 symbols of 5 bits. */
export function fixedDistLengths(): Uint8Array {
  return new Uint8Array(32).fill(5);
}

/** `code` (of `len` bits) with its bit order reversed, because deflate packs codes LSB first. */
export function reverseBits(code: number, len: number): number {
  let r = 0;
  for (let i = 0; i < len; i++) {
    r = (r << 1) | (code & 1);
    code >>>= 1;
  }
  return r;
}
