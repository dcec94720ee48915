/**
 * XXH64, the hash behind the zstd content checksum (RFC 8878 §3.1.1: the low 32 bits of
 * XXH64 with seed 0 over the decompressed content).
 *
 * JavaScript has no fast 64-bit integers (BigInt is far too slow for a hash over megabytes),
 * so every 64-bit lane is carried as two unsigned 32-bit halves and multiplied with 16-bit
 * limbs. The arithmetic lives in a small per-call `Uint32Array` so nothing is shared between
 * calls.
 *
 * @module
 */

// The five XXH64 primes, split into (high, low) 32-bit halves.
const P1H = 0x9e3779b1, P1L = 0x85ebca87;
const P2H = 0xc2b2ae3d, P2L = 0x27d4eb4f;
const P3H = 0x165667b1, P3L = 0x9e3779f9;
const P4H = 0x85ebca77, P4L = 0xc2b2ae63;
const P5H = 0x27d4eb2f, P5L = 0x165667c5;

const TWO_NEG_32 = 2 ** -32;

/**
 * High 32 bits of the product of unsigned 32-bit `a` and `b`, given its low 32 bits `lo`: the
 * float product is within 2^11 of the exact one, so after removing `lo` and scaling by 2^-32
 * it is within 2^-20 of the integer, and rounding lands on it.
 */
function mulhi(a: number, b: number, lo: number): number {
  return ((a * b - lo) * TWO_NEG_32 + 0.5) >>> 0;
}

/** s[i], s[i+1] (lo, hi) *= (bh, bl), modulo 2^64. */
function mul(s: Uint32Array, i: number, bh: number, bl: number): void {
  const al = s[i], ah = s[i + 1];
  const lo = Math.imul(al, bl) >>> 0;
  s[i + 1] = (mulhi(al, bl, lo) + Math.imul(ah, bl) + Math.imul(al, bh)) >>> 0;
  s[i] = lo;
}

/** s[i..] += (bh, bl). */
function add(s: Uint32Array, i: number, bh: number, bl: number): void {
  const lo = s[i] + bl;
  s[i] = lo >>> 0;
  s[i + 1] = (s[i + 1] + bh + (lo > 0xffffffff ? 1 : 0)) >>> 0;
}

/** s[i..] = rotl64(s[i..], r) for 0 < r < 32. */
function rotl(s: Uint32Array, i: number, r: number): void {
  const lo = s[i], hi = s[i + 1];
  s[i] = ((lo << r) | (hi >>> (32 - r))) >>> 0;
  s[i + 1] = ((hi << r) | (lo >>> (32 - r))) >>> 0;
}

/** Little-endian 32-bit word of `d` at `p`, as a signed value. */
function r32(d: Uint8Array, p: number): number {
  return d[p] | (d[p + 1] << 8) | (d[p + 2] << 16) | (d[p + 3] << 24);
}

function u32(d: Uint8Array, p: number): number {
  return (d[p] | (d[p + 1] << 8) | (d[p + 2] << 16) | (d[p + 3] << 24)) >>> 0;
}

function mergeRound(s: Uint32Array, i: number): void {
  // h = (h ^ round(0, v)) * P1 + P4, with h at s[10..11]
  s[8] = s[i];
  s[9] = s[i + 1];
  s[12] = 0;
  s[13] = 0;
  mul(s, 8, P2H, P2L);
  add(s, 12, s[9], s[8]);
  rotl(s, 12, 31);
  mul(s, 12, P1H, P1L);
  s[10] = (s[10] ^ s[12]) >>> 0;
  s[11] = (s[11] ^ s[13]) >>> 0;
  mul(s, 10, P1H, P1L);
  add(s, 10, P4H, P4L);
}

/**
 * Computes XXH64 and writes it as (low, high) 32-bit halves into `out[0]`, `out[1]`.
 * Slots: 0..7 the four accumulators, 8..9 a lane, 10..11 the hash, 12..13 scratch.
 */
function xxh64Into(data: Uint8Array, seedLo: number, seedHi: number, out: Uint32Array): void {
  const s = new Uint32Array(14);
  const len = data.length;
  let p = 0;
  if (len >= 32) {
    // v1 = seed + P1 + P2, v2 = seed + P2, v3 = seed, v4 = seed - P1
    s[0] = seedLo, s[1] = seedHi;
    add(s, 0, P1H, P1L);
    add(s, 0, P2H, P2L);
    s[2] = seedLo, s[3] = seedHi;
    add(s, 2, P2H, P2L);
    s[4] = seedLo, s[5] = seedHi;
    // -P1 mod 2^64 = ~P1 + 1
    s[6] = seedLo, s[7] = seedHi;
    add(s, 6, ~P1H >>> 0, ~P1L >>> 0);
    add(s, 6, 0, 1);
    const limit = len - 32;
    if (p <= limit) {
      let v1l = s[0], v1h = s[1], v2l = s[2], v2h = s[3], v3l = s[4], v3h = s[5], v4l = s[6], v4h = s[7];
      // The hot loop keeps the four lanes in locals; each block is one accumulator round
      // (acc = rotl(acc + lane * P2, 31) * P1) spelled out, because a helper cannot return two halves.
      // Halves are kept as signed 32-bit values here (carries by unsigned comparison), so every
      // sum stays an int32 operation instead of a float one.
      let ll = 0, lh = 0, ml = 0, mh = 0, lo = 0, hi = 0, rl = 0, rh = 0;
      while (p <= limit) {
        ll = r32(data, p + 0), lh = r32(data, p + 4);
        ml = Math.imul(ll, P2L);
        mh = mulhi(ll >>> 0, P2L, ml >>> 0) + Math.imul(lh, P2L) + Math.imul(ll, P2H);
        lo = (v1l + ml) | 0;
        hi = (v1h + mh + ((lo >>> 0) < (ml >>> 0) ? 1 : 0)) | 0;
        rl = (lo << 31) | (hi >>> 1), rh = (hi << 31) | (lo >>> 1);
        v1l = Math.imul(rl, P1L);
        v1h = (mulhi(rl >>> 0, P1L, v1l >>> 0) + Math.imul(rh, P1L) + Math.imul(rl, P1H)) | 0;

        ll = r32(data, p + 8), lh = r32(data, p + 12);
        ml = Math.imul(ll, P2L);
        mh = mulhi(ll >>> 0, P2L, ml >>> 0) + Math.imul(lh, P2L) + Math.imul(ll, P2H);
        lo = (v2l + ml) | 0;
        hi = (v2h + mh + ((lo >>> 0) < (ml >>> 0) ? 1 : 0)) | 0;
        rl = (lo << 31) | (hi >>> 1), rh = (hi << 31) | (lo >>> 1);
        v2l = Math.imul(rl, P1L);
        v2h = (mulhi(rl >>> 0, P1L, v2l >>> 0) + Math.imul(rh, P1L) + Math.imul(rl, P1H)) | 0;

        ll = r32(data, p + 16), lh = r32(data, p + 20);
        ml = Math.imul(ll, P2L);
        mh = mulhi(ll >>> 0, P2L, ml >>> 0) + Math.imul(lh, P2L) + Math.imul(ll, P2H);
        lo = (v3l + ml) | 0;
        hi = (v3h + mh + ((lo >>> 0) < (ml >>> 0) ? 1 : 0)) | 0;
        rl = (lo << 31) | (hi >>> 1), rh = (hi << 31) | (lo >>> 1);
        v3l = Math.imul(rl, P1L);
        v3h = (mulhi(rl >>> 0, P1L, v3l >>> 0) + Math.imul(rh, P1L) + Math.imul(rl, P1H)) | 0;

        ll = r32(data, p + 24), lh = r32(data, p + 28);
        ml = Math.imul(ll, P2L);
        mh = mulhi(ll >>> 0, P2L, ml >>> 0) + Math.imul(lh, P2L) + Math.imul(ll, P2H);
        lo = (v4l + ml) | 0;
        hi = (v4h + mh + ((lo >>> 0) < (ml >>> 0) ? 1 : 0)) | 0;
        rl = (lo << 31) | (hi >>> 1), rh = (hi << 31) | (lo >>> 1);
        v4l = Math.imul(rl, P1L);
        v4h = (mulhi(rl >>> 0, P1L, v4l >>> 0) + Math.imul(rh, P1L) + Math.imul(rl, P1H)) | 0;
        p += 32;
      }
      s[0] = v1l >>> 0, s[1] = v1h >>> 0, s[2] = v2l >>> 0, s[3] = v2h >>> 0;
      s[4] = v3l >>> 0, s[5] = v3h >>> 0, s[6] = v4l >>> 0, s[7] = v4h >>> 0;
    }
    // h = rotl(v1,1) + rotl(v2,7) + rotl(v3,12) + rotl(v4,18)
    s[10] = 0, s[11] = 0;
    const rots = [1, 7, 12, 18];
    for (let k = 0; k < 4; k++) {
      s[12] = s[2 * k], s[13] = s[2 * k + 1];
      rotl(s, 12, rots[k]);
      add(s, 10, s[13], s[12]);
    }
    for (let k = 0; k < 8; k += 2) mergeRound(s, k);
  } else {
    s[10] = seedLo, s[11] = seedHi;
    add(s, 10, P5H, P5L);
  }
  // h += len (len < 2^53 splits exactly)
  add(s, 10, Math.floor(len / 4294967296) >>> 0, len >>> 0);
  while (p + 8 <= len) {
    s[8] = u32(data, p), s[9] = u32(data, p + 4);
    s[12] = 0, s[13] = 0;
    // k1 = round(0, lane)
    mul(s, 8, P2H, P2L);
    add(s, 12, s[9], s[8]);
    rotl(s, 12, 31);
    mul(s, 12, P1H, P1L);
    s[10] = (s[10] ^ s[12]) >>> 0;
    s[11] = (s[11] ^ s[13]) >>> 0;
    rotl(s, 10, 27);
    mul(s, 10, P1H, P1L);
    add(s, 10, P4H, P4L);
    p += 8;
  }
  if (p + 4 <= len) {
    s[12] = u32(data, p), s[13] = 0;
    mul(s, 12, P1H, P1L);
    s[10] = (s[10] ^ s[12]) >>> 0;
    s[11] = (s[11] ^ s[13]) >>> 0;
    rotl(s, 10, 23);
    mul(s, 10, P2H, P2L);
    add(s, 10, P3H, P3L);
    p += 4;
  }
  while (p < len) {
    s[12] = data[p], s[13] = 0;
    mul(s, 12, P5H, P5L);
    s[10] = (s[10] ^ s[12]) >>> 0;
    s[11] = (s[11] ^ s[13]) >>> 0;
    rotl(s, 10, 11);
    mul(s, 10, P1H, P1L);
    p++;
  }
  // avalanche: h ^= h >> 33; h *= P2; h ^= h >> 29; h *= P3; h ^= h >> 32
  s[10] = (s[10] ^ (s[11] >>> 1)) >>> 0;
  mul(s, 10, P2H, P2L);
  s[10] = (s[10] ^ ((s[10] >>> 29) | (s[11] << 3))) >>> 0;
  s[11] = (s[11] ^ (s[11] >>> 29)) >>> 0;
  mul(s, 10, P3H, P3L);
  s[10] = (s[10] ^ s[11]) >>> 0;
  out[0] = s[10];
  out[1] = s[11];
}

/**
 * XXH64 of `data` as a `bigint` (seed 0 unless given).
 *
 * @example
 * ```ts
 * import { xxh64 } from "./zstd_xxh64.ts";
 * console.log(xxh64(new Uint8Array(0)).toString(16)); // ef46db3751d8e999
 * ```
 */
export function xxh64(data: Uint8Array, seed = 0n): bigint {
  const s = BigInt.asUintN(64, seed);
  const out = new Uint32Array(2);
  xxh64Into(data, Number(s & 0xffffffffn), Number(s >> 32n), out);
  return (BigInt(out[1]) << 32n) | BigInt(out[0]);
}

/**
 * The low 32 bits of XXH64 (seed 0) as an unsigned number: the zstd content checksum.
 *
 * @example
 * ```ts
 * import { xxh64Low32 } from "./zstd_xxh64.ts";
 * console.log(xxh64Low32(new Uint8Array(0)).toString(16)); // 51d8e999
 * ```
 */
export function xxh64Low32(data: Uint8Array): number {
  const out = new Uint32Array(2);
  xxh64Into(data, 0, 0, out);
  return out[0];
}
