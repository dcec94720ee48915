/**
 * XXH3-64 with seed 0 and the default secret: the checksum Iggy stores for every message and
 * batch. Written from the XXH3 specification (xxHash 0.8).
 *
 * The hot path uses no BigInt: 64-bit values travel as two 32-bit halves, low products come
 * from `Math.imul`, and the high half of a 32 × 32-bit product is recovered from the rounded
 * float product (see {@linkcode mulHi}), exactly, with one float multiply where 16-bit
 * splitting would need four.
 *
 * Only seed 0 with the default secret is implemented: that is all Iggy uses.
 *
 * @module
 */

import { fromHex } from "./hex.ts";

/** The 192-byte default secret of XXH3 (`kSecret`). */
const SECRET = fromHex(
  "b8fe6c3923a44bbe7c01812cf721ad1cded46de9839097db7240a4a4b7b3671f" +
    "cb79e64eccc0e578825ad07dccff7221b8084674f743248ee03590e6813a264c" +
    "3c2852bb91c300cb88d0658b1b532ea371644897a20df94e3819ef46a9deacd8" +
    "a8fa763fe39c343ff9dcbbc7c70b4f1d8a51e04bcdb45931c89f7ec9d9787364" +
    "eac5ac8334d3ebc3c581a0fffa1363eb170ddd51b7f0da49d316552629d4689e" +
    "2b16be587d47a1fc8ff8b8d17ad031ce45cb3a8f95160428afd7fbcabb4b407e",
);

/**
 * `K[o]` is the little-endian 32-bit word of the secret at byte offset `o`. XXH3 reads the
 * secret at odd offsets (3, 11, 119, 121), so every offset gets its word: one load per read.
 */
const K = new Int32Array(SECRET.length - 3);
for (let o = 0; o < K.length; o++) {
  K[o] = SECRET[o] | (SECRET[o + 1] << 8) | (SECRET[o + 2] << 16) | (SECRET[o + 3] << 24);
}

const P32_1 = 0x9e3779b1;
const P32_2 = 0x85ebca77;
const P32_3 = 0xc2b2ae3d;
const P64_1_HI = 0x9e3779b1, P64_1_LO = 0x85ebca87;
const P64_2_HI = 0xc2b2ae3d, P64_2_LO = 0x27d4eb4f;
const P64_3_HI = 0x165667b1, P64_3_LO = 0x9e3779f9;
const P64_4_HI = 0x85ebca77, P64_4_LO = 0xc2b2ae63;
const P64_5_HI = 0x27d4eb2f, P64_5_LO = 0x165667c5;
const MX1_HI = 0x16566791, MX1_LO = 0x9e3779f9;
const MX2_HI = 0x9fb21c65, MX2_LO = 0x1e98df25;

const TWO_NEG_32 = 2.3283064365386963e-10;

/** Inputs above this take the striped path (`XXH3_MIDSIZE_MAX`). */
const MIDSIZE_MAX = 240;
const STRIPE = 64;
/** 16 stripes of 64 bytes per block: (secret length − stripe) / 8. */
const BLOCK = 1024;
/** Inputs from this length on are read through an `Int32Array` view when aligned. */
const WORD_VIEW_MIN = 1024;
/** True on little-endian hosts, where an `Int32Array` view yields words in XXH3's byte order. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * High 32 bits of the product of unsigned 32-bit `a` and `b`, given its low 32 bits `lo`.
 * The float product is within 2^11 of the exact one, so after removing `lo` and scaling by
 * 2^-32 the result is within 2^-20 of an integer; adding one half and truncating lands on it.
 */
function mulHi(a: number, b: number, lo: number): number {
  return ((a * b - lo) * TWO_NEG_32 + 0.5) >>> 0;
}

/** Little-endian 32-bit word of `b` at `p`, as a signed value. */
function r32(b: Uint8Array, p: number): number {
  return b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24);
}

/**
 * `st += lo64(a × b) ^ hi64(a × b)` for 64-bit `a`, `b` given as unsigned halves: XXH3's
 * 128-bit folded multiply, accumulated into the `[lo, hi]` pair `st`. Carries are found by
 * unsigned comparison so that every sum stays a 32-bit integer operation.
 */
function foldMulAdd(st: Uint32Array, aLo: number, aHi: number, bLo: number, bHi: number): void {
  const llLo = Math.imul(aLo, bLo) >>> 0, llHi = mulHi(aLo, bLo, llLo);
  const lhLo = Math.imul(aLo, bHi) >>> 0, lhHi = mulHi(aLo, bHi, lhLo);
  const hlLo = Math.imul(aHi, bLo) >>> 0, hlHi = mulHi(aHi, bLo, hlLo);
  const hhLo = Math.imul(aHi, bHi) >>> 0, hhHi = mulHi(aHi, bHi, hhLo);
  let t = (llHi + lhLo) >>> 0;
  let c1 = t < lhLo ? 1 : 0;
  const p1 = (t + hlLo) >>> 0;
  c1 += p1 < hlLo ? 1 : 0;
  t = (hhLo + lhHi) >>> 0;
  let c2 = t < lhHi ? 1 : 0;
  t = (t + hlHi) >>> 0;
  c2 += t < hlHi ? 1 : 0;
  const p2 = (t + c1) >>> 0;
  c2 += p2 < c1 ? 1 : 0;
  const fLo = (llLo ^ p2) >>> 0;
  const sLo = (st[0] + fLo) >>> 0;
  st[0] = sLo;
  st[1] = (st[1] + (p1 ^ (hhHi + c2)) + (sLo < fLo ? 1 : 0)) | 0;
}

/**
 * Adds `mix16B(input at p, secret at s)` (seed 0) to `st`. This is {@linkcode foldMulAdd}
 * written out again on purpose: V8 does not inline every call on the medium path (its budget
 * runs out), and a non-inlined call boxes each 32-bit argument above 2^30 as a heap number.
 * Only small integers cross this function's boundary.
 */
function mix16(st: Uint32Array, b: Uint8Array, p: number, s: number): void {
  const aLo = (r32(b, p) ^ K[s]) >>> 0, aHi = (r32(b, p + 4) ^ K[s + 4]) >>> 0;
  const bLo = (r32(b, p + 8) ^ K[s + 8]) >>> 0, bHi = (r32(b, p + 12) ^ K[s + 12]) >>> 0;
  const llLo = Math.imul(aLo, bLo) >>> 0, llHi = mulHi(aLo, bLo, llLo);
  const lhLo = Math.imul(aLo, bHi) >>> 0, lhHi = mulHi(aLo, bHi, lhLo);
  const hlLo = Math.imul(aHi, bLo) >>> 0, hlHi = mulHi(aHi, bLo, hlLo);
  const hhLo = Math.imul(aHi, bHi) >>> 0, hhHi = mulHi(aHi, bHi, hhLo);
  let t = (llHi + lhLo) >>> 0;
  let c1 = t < lhLo ? 1 : 0;
  const p1 = (t + hlLo) >>> 0;
  c1 += p1 < hlLo ? 1 : 0;
  t = (hhLo + lhHi) >>> 0;
  let c2 = t < lhHi ? 1 : 0;
  t = (t + hlHi) >>> 0;
  c2 += t < hlHi ? 1 : 0;
  const p2 = (t + c1) >>> 0;
  c2 += p2 < c1 ? 1 : 0;
  const fLo = (llLo ^ p2) >>> 0;
  const sLo = (st[0] + fLo) >>> 0;
  st[0] = sLo;
  st[1] = (st[1] + (p1 ^ (hhHi + c2)) + (sLo < fLo ? 1 : 0)) | 0;
}

/** `st = n × PRIME64_1 (mod 2^64)`: the starting value of the medium and long paths. */
function startLen(st: Uint32Array, n: number): void {
  const nLo = n >>> 0, nHi = Math.floor(n * TWO_NEG_32);
  const lo = Math.imul(nLo, P64_1_LO) >>> 0;
  st[0] = lo;
  st[1] = (mulHi(nLo, P64_1_LO, lo) + Math.imul(nLo, P64_1_HI) + Math.imul(nHi, P64_1_LO)) | 0;
}

/** XXH3's final mix of `st` in place: `h ^= h >> 37; h *= MX1; h ^= h >> 32`. */
function avalanche(st: Uint32Array): void {
  const hi = st[1];
  const lo = (st[0] ^ (hi >>> 5)) >>> 0;
  const mLo = Math.imul(lo, MX1_LO) >>> 0;
  const mHi = (mulHi(lo, MX1_LO, mLo) + Math.imul(lo, MX1_HI) + Math.imul(hi, MX1_LO)) | 0;
  st[0] = mLo ^ mHi;
  st[1] = mHi;
}

/** XXH64's avalanche of `st` in place, used for inputs of 0 to 3 bytes. */
function avalanche64(st: Uint32Array): void {
  let hi = st[1];
  let lo = (st[0] ^ (hi >>> 1)) >>> 0;
  let mLo = Math.imul(lo, P64_2_LO) >>> 0;
  let mHi = (mulHi(lo, P64_2_LO, mLo) + Math.imul(lo, P64_2_HI) + Math.imul(hi, P64_2_LO)) >>> 0;
  lo = (mLo ^ ((mLo >>> 29) | (mHi << 3))) >>> 0;
  hi = mHi ^ (mHi >>> 29);
  mLo = Math.imul(lo, P64_3_LO) >>> 0;
  mHi = (mulHi(lo, P64_3_LO, mLo) + Math.imul(lo, P64_3_HI) + Math.imul(hi, P64_3_LO)) | 0;
  st[0] = mLo ^ mHi;
  st[1] = mHi;
}

/** The `rrmxmx` finaliser of 4-to-8-byte inputs, applied to `st` in place, for length `n`. */
function rrmxmx(st: Uint32Array, n: number): void {
  const hi0 = st[1], lo0 = st[0];
  // h ^= rotl64(h, 49) ^ rotl64(h, 24)
  let hi = hi0 ^ (lo0 << 17) ^ (hi0 >>> 15) ^ (hi0 << 24) ^ (lo0 >>> 8);
  let lo = (lo0 ^ (hi0 << 17) ^ (lo0 >>> 15) ^ (lo0 << 24) ^ (hi0 >>> 8)) >>> 0;
  let mLo = Math.imul(lo, MX2_LO) >>> 0;
  let mHi = (mulHi(lo, MX2_LO, mLo) + Math.imul(lo, MX2_HI) + Math.imul(hi, MX2_LO)) >>> 0;
  // h ^= (h >> 35) + len; the sum stays below 2^32.
  lo = (mLo ^ ((mHi >>> 3) + n)) >>> 0;
  hi = mHi;
  mLo = Math.imul(lo, MX2_LO) >>> 0;
  mHi = (mulHi(lo, MX2_LO, mLo) + Math.imul(lo, MX2_HI) + Math.imul(hi, MX2_LO)) >>> 0;
  st[0] = mLo ^ ((mLo >>> 28) | (mHi << 4));
  st[1] = mHi ^ (mHi >>> 28);
}

function bswap32(v: number): number {
  return ((v & 0xff) << 24) | ((v & 0xff00) << 8) | ((v >>> 8) & 0xff00) | (v >>> 24);
}

function upTo16(b: Uint8Array, n: number, out: Uint32Array): void {
  if (n > 8) {
    const aLo = (r32(b, 0) ^ K[24] ^ K[32]) >>> 0;
    const aHi = (r32(b, 4) ^ K[28] ^ K[36]) >>> 0;
    const bLo = (r32(b, n - 8) ^ K[40] ^ K[48]) >>> 0;
    const bHi = (r32(b, n - 4) ^ K[44] ^ K[52]) >>> 0;
    // len + swap64(a) + b, then the folded product of a and b.
    const sLo = n + (bswap32(aHi) >>> 0) + bLo;
    out[0] = sLo;
    out[1] = (bswap32(aLo) >>> 0) + bHi + Math.floor(sLo * TWO_NEG_32);
    foldMulAdd(out, aLo, aHi, bLo, bHi);
    avalanche(out);
  } else if (n >= 4) {
    out[0] = r32(b, n - 4) ^ K[8] ^ K[16];
    out[1] = r32(b, 0) ^ K[12] ^ K[20];
    rrmxmx(out, n);
  } else if (n > 0) {
    out[0] = ((b[0] << 16) | (b[n >>> 1] << 24) | b[n - 1] | (n << 8)) ^ K[0] ^ K[4];
    out[1] = 0;
    avalanche64(out);
  } else {
    out[0] = K[56] ^ K[64];
    out[1] = K[60] ^ K[68];
    avalanche64(out);
  }
}

function upTo128(b: Uint8Array, n: number, out: Uint32Array): void {
  startLen(out, n);
  if (n > 32) {
    if (n > 64) {
      if (n > 96) {
        mix16(out, b, 48, 96);
        mix16(out, b, n - 64, 112);
      }
      mix16(out, b, 32, 64);
      mix16(out, b, n - 48, 80);
    }
    mix16(out, b, 16, 32);
    mix16(out, b, n - 32, 48);
  }
  mix16(out, b, 0, 0);
  mix16(out, b, n - 16, 16);
  avalanche(out);
}

function upTo240(b: Uint8Array, n: number, out: Uint32Array): void {
  startLen(out, n);
  for (let i = 0; i < 128; i += 16) mix16(out, b, i, i);
  avalanche(out);
  // Rounds past the eighth restart the secret at offset 3; the last 16 bytes use offset 119.
  const end = n & ~15;
  for (let i = 128; i < end; i += 16) mix16(out, b, i, i - 125);
  mix16(out, b, n - 16, 119);
  avalanche(out);
}

/**
 * Adds one 64-byte stripe at `p`, keyed by the secret at `s`, to the eight 64-bit lanes of
 * `acc` (`[lo0, hi0, lo1, hi1, …]`): each lane gains the neighbouring lane's input word and
 * the 32 × 32-bit product of its own keyed word's halves.
 */
function stripe(acc: Uint32Array, b: Uint8Array, p: number, s: number): void {
  for (let i = 0; i < 16; i += 4) {
    // Lanes come in pairs (2i, 2i + 1 in 64-bit terms), each feeding the other its raw input.
    const d0Lo = r32(b, p), d0Hi = r32(b, p + 4), d1Lo = r32(b, p + 8), d1Hi = r32(b, p + 12);
    const k0Lo = (d0Lo ^ K[s]) >>> 0, k0Hi = (d0Hi ^ K[s + 4]) >>> 0;
    const k1Lo = (d1Lo ^ K[s + 8]) >>> 0, k1Hi = (d1Hi ^ K[s + 12]) >>> 0;
    const q0Lo = Math.imul(k0Lo, k0Hi) >>> 0, q0Hi = mulHi(k0Lo, k0Hi, q0Lo);
    const q1Lo = Math.imul(k1Lo, k1Hi) >>> 0, q1Hi = mulHi(k1Lo, k1Hi, q1Lo);
    let lo = (acc[i] + q0Lo) >>> 0;
    let c = lo < q0Lo ? 1 : 0;
    const e1 = d1Lo >>> 0;
    lo = (lo + e1) >>> 0;
    acc[i] = lo;
    acc[i + 1] = (acc[i + 1] + q0Hi + d1Hi + c + (lo < e1 ? 1 : 0)) | 0;
    lo = (acc[i + 2] + q1Lo) >>> 0;
    c = lo < q1Lo ? 1 : 0;
    const e0 = d0Lo >>> 0;
    lo = (lo + e0) >>> 0;
    acc[i + 2] = lo;
    acc[i + 3] = (acc[i + 3] + q1Hi + d0Hi + c + (lo < e0 ? 1 : 0)) | 0;
    p += 16;
    s += 16;
  }
}

/**
 * {@linkcode stripe} over an aligned `Int32Array` view (`q` = word index): one load per word
 * instead of four. Used for long inputs, where the view's allocation is amortised.
 */
function stripeWords(acc: Uint32Array, w: Int32Array, q: number, s: number): void {
  for (let i = 0; i < 16; i += 4) {
    const d0Lo = w[q], d0Hi = w[q + 1], d1Lo = w[q + 2], d1Hi = w[q + 3];
    const k0Lo = (d0Lo ^ K[s]) >>> 0, k0Hi = (d0Hi ^ K[s + 4]) >>> 0;
    const k1Lo = (d1Lo ^ K[s + 8]) >>> 0, k1Hi = (d1Hi ^ K[s + 12]) >>> 0;
    const q0Lo = Math.imul(k0Lo, k0Hi) >>> 0, q0Hi = mulHi(k0Lo, k0Hi, q0Lo);
    const q1Lo = Math.imul(k1Lo, k1Hi) >>> 0, q1Hi = mulHi(k1Lo, k1Hi, q1Lo);
    let lo = (acc[i] + q0Lo) >>> 0;
    let c = lo < q0Lo ? 1 : 0;
    const e1 = d1Lo >>> 0;
    lo = (lo + e1) >>> 0;
    acc[i] = lo;
    acc[i + 1] = (acc[i + 1] + q0Hi + d1Hi + c + (lo < e1 ? 1 : 0)) | 0;
    lo = (acc[i + 2] + q1Lo) >>> 0;
    c = lo < q1Lo ? 1 : 0;
    const e0 = d0Lo >>> 0;
    lo = (lo + e0) >>> 0;
    acc[i + 2] = lo;
    acc[i + 3] = (acc[i + 3] + q1Hi + d0Hi + c + (lo < e0 ? 1 : 0)) | 0;
    q += 4;
    s += 16;
  }
}

/** Scrambles every lane after a block: `a ^= a >> 47; a ^= secret; a *= PRIME32_1`. */
function scramble(acc: Uint32Array): void {
  for (let i = 0, s = 128; i < 16; i += 2, s += 8) {
    const hi = acc[i + 1];
    const lo = (acc[i] ^ (hi >>> 15) ^ K[s]) >>> 0;
    const h = (hi ^ K[s + 4]) >>> 0;
    const mLo = Math.imul(lo, P32_1) >>> 0;
    acc[i] = mLo;
    acc[i + 1] = (mulHi(lo, P32_1, mLo) + Math.imul(h, P32_1)) | 0;
  }
}

function striped(b: Uint8Array, n: number, out: Uint32Array): void {
  // The only allocations on any path: eight 64-bit lanes (and a word view) above 240 bytes.
  const acc = new Uint32Array([
    P32_3,
    0,
    P64_1_LO,
    P64_1_HI,
    P64_2_LO,
    P64_2_HI,
    P64_3_LO,
    P64_3_HI,
    P64_4_LO,
    P64_4_HI,
    P32_2,
    0,
    P64_5_LO,
    P64_5_HI,
    P32_1,
    0,
  ]);
  const blocks = Math.floor((n - 1) / BLOCK);
  let p = 0;
  if (n >= WORD_VIEW_MIN && LITTLE_ENDIAN && (b.byteOffset & 3) === 0) {
    const w = new Int32Array(b.buffer, b.byteOffset, n >>> 2);
    for (let k = 0; k < blocks; k++) {
      for (let s = 0; s < 128; s += 8, p += STRIPE) stripeWords(acc, w, p >>> 2, s);
      scramble(acc);
    }
    const stripes = ((n - 1 - p) / STRIPE) | 0;
    for (let j = 0, s = 0; j < stripes; j++, s += 8, p += STRIPE) stripeWords(acc, w, p >>> 2, s);
  } else {
    for (let k = 0; k < blocks; k++) {
      for (let s = 0; s < 128; s += 8, p += STRIPE) stripe(acc, b, p, s);
      scramble(acc);
    }
    const stripes = ((n - 1 - p) / STRIPE) | 0;
    for (let j = 0, s = 0; j < stripes; j++, s += 8, p += STRIPE) stripe(acc, b, p, s);
  }
  stripe(acc, b, n - STRIPE, 121);
  startLen(out, n);
  for (let i = 0, s = 11; i < 16; i += 4, s += 16) {
    foldMulAdd(
      out,
      (acc[i] ^ K[s]) >>> 0,
      (acc[i + 1] ^ K[s + 4]) >>> 0,
      (acc[i + 2] ^ K[s + 8]) >>> 0,
      (acc[i + 3] ^ K[s + 12]) >>> 0,
    );
  }
  avalanche(out);
}

/**
 * XXH3-64 (seed 0) of `bytes`, written into `out` as `[low 32 bits, high 32 bits]`; returns
 * `out`. Allocates nothing for inputs up to 240 bytes (and one 64-byte lane array above), so a
 * decoder can keep one `Uint32Array(2)` and compare a stored checksum word by word.
 *
 * @example
 * ```ts
 * import { xxh3_64Into } from "@streamwire/codec/wire";
 * const scratch = new Uint32Array(2);
 * const payload = new TextEncoder().encode("hello");
 * xxh3_64Into(payload, scratch);
 * // A stored little-endian u64 checksum matches when both halves do.
 * const stored = new DataView(new Uint8Array(8).buffer);
 * stored.setUint32(0, scratch[0], true);
 * stored.setUint32(4, scratch[1], true);
 * console.log(scratch[0] === stored.getUint32(0, true) && scratch[1] === stored.getUint32(4, true)); // true
 * ```
 */
export function xxh3_64Into(bytes: Uint8Array, out: Uint32Array): Uint32Array {
  if (out.length < 2) throw new RangeError("xxh3_64Into needs an output of at least 2 elements");
  const n = bytes.length;
  if (n <= 16) upTo16(bytes, n, out);
  else if (n <= 128) upTo128(bytes, n, out);
  else if (n <= MIDSIZE_MAX) upTo240(bytes, n, out);
  else striped(bytes, n, out);
  return out;
}

/**
 * XXH3-64 (seed 0) of `bytes` as an unsigned 64-bit `bigint`. Hot paths that only compare
 * should use {@linkcode xxh3_64Into}, which avoids the BigInt.
 *
 * @example
 * ```ts
 * import { xxh3_64 } from "@streamwire/codec/wire";
 * console.log(xxh3_64(new Uint8Array(0)).toString(16)); // "2d06800538d394c2"
 * ```
 */
export function xxh3_64(bytes: Uint8Array): bigint {
  const out = xxh3_64Into(bytes, new Uint32Array(2));
  return (BigInt(out[1]) << 32n) | BigInt(out[0]);
}
