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
 * The shape of the rounds was chosen by measurement. Rounds written out with the secret words as
 * literals, the accumulator in locals and int32 arithmetic were measured per hash on V8 (Deno)
 * and JSC (Bun) against a helper per round, typed-array state and a loop over the secret: 1.45× /
 * 1.81× faster at 140 B, 1.22× / 1.57× at 100 B. Rejected with the same measurements: a loop
 * over the secret words (−4% on V8, −16% on JSC), a `DataView` per call (no faster than byte
 * loads), a `DataView` cached per buffer (1.16× on V8, slower on JSC, and it pins the buffer),
 * branch-free carries (slower on V8, equal on JSC), a copy into an aligned scratch read as words
 * (+10% on V8, −15% on JSC). What remains: on V8 the bounds-checked byte loads take about half
 * the time (the same code with computed words runs 2× faster); on JSC the carries take about a
 * third.
 *
 * So 17 to 128 bytes (most Iggy frames) run written-out rounds. 129 to 240 bytes are the one
 * place the rejected loop over the secret words is used, for size, not speed: the loop costs −7%
 * at 140 B on V8 and nothing on JSC (median of 9 interleaved rounds of 300k hashes, process CPU
 * time, load ~1.5), and written out they were +9% / +3% (V8 / JSC, 7 interleaved rounds of 1000
 * hashes, load ~2) but +5 KB minified, past the Iggy batch decoder's 25 KB bundle budget.
 *
 * Measured since at 140 B and not kept (V8 / JSC, 7 interleaved rounds of 1000 hashes, process
 * CPU time, load ~2): words from an `Int32Array` over the input's buffer +33% / +13%, but only
 * for 4-aligned input (unaligned words built from two loads: ±0) and it pins the buffer; carries
 * taken from float column sums −28% / −19%; unsigned compares as XOR-biased signed ones
 * −10% / −10%; a helper per round that returns one half and leaves the other in a module
 * variable −40% / −32%.
 *
 * Where WebAssembly exists, 17 to 240 bytes are hashed by the kernel of
 * src/wire/_generated/xxh3_wasm.ts (tools/wasm/xxh3_kernel.ts) instead: one copy into its
 * memory and one call, its 128-bit products four native 64-bit multiplies. At 140 B that is
 * 2.2× (V8) and 2.3× (JSC) the rate of the JS rounds below, at 17 B 1.5× / 1.2×, 0–16 B stay
 * in JS (bench/xxh3_lengths.ts, 7 interleaved rounds of 1000 hashes, process CPU time, load
 * ~1). The JS paths remain for runtimes without WebAssembly, and `xxh3_64IntoJs` lets the
 * tests hold the kernel to them.
 *
 * {@linkcode xxh3_64RangeInto} hashes a range of a larger array without a view: the JS paths
 * to 240 bytes take the start index as a parameter (an add per load; −4 to −10 % at 100 B,
 * inside the rounds' spread). With the kernel, 129–240 B ranges take one view to copy from
 * (1.2× JSC, 1.8× V8 at 140 B); at 17–128 B the view made the kernel slower than the JS
 * rounds on JSC (0.5× at 17 B, 0.75× at 64 B).
 *
 * Longer inputs (Iggy batches) keep the eight lanes in locals with carries deferred to each
 * scramble: 1.8–2.3× faster on V8 and 1.5–2.4× on JSC from 241 bytes to 64 KiB.
 *
 * @module
 */

import { stripedLanesWasm, type Xxh3Kernel, xxh3Kernel } from "./_xxh3_wasm.ts";
import { CHUNK_AT } from "./_generated/xxh3_wasm.ts";

/**
 * The 192-byte default secret of XXH3 (`kSecret`), here in base64 (the shortest form a
 * bundle can carry; the hex of the specification is in the tests).
 */
const SECRET = /* @__PURE__ */ fromBase64(
  "uP5sOSOkS758AYEs9yGtHN7UbemDkJfbckCkpLezZx/LeeZOzMDleIJa0H3M/3IhuAhGdPdDJI7gNZDmgTomTDwoUruRwwDL" +
    "iNBlixtTLqNxZEiXog35TjgZ70ap3qzYqPp2P+OcND/53LvHxwtPHYpR4EvNtFkxyJ9+ydl4c2TqxayDNNPrw8WBoP/6E2Pr" +
    "Fw3dUbfw2knTFlUmKdRonisWvlh9R6H8j/i40XrQMc5FyzqPlRYEKK/X+8q7S0B+",
);

function fromBase64(b64: string): Uint8Array {
  const text = atob(b64);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/**
 * `K[o]` is the little-endian 32-bit word of the secret at byte offset `o`. XXH3 reads the
 * secret at odd offsets (3, 11, 119, 121), so every offset gets its word: one load per read.
 */
const K = /* @__PURE__ */ new Int32Array(SECRET.length - 3);
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
const LITTLE_ENDIAN = /* @__PURE__ */ isLittleEndian();

/** True when typed arrays use little-endian order (a call, so a bundler may drop it unused). */
function isLittleEndian(): boolean {
  return new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
}

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

function upTo16(b: Uint8Array, o: number, n: number, out: Uint32Array): void {
  if (n > 8) {
    const aLo = (r32(b, o) ^ K[24] ^ K[32]) >>> 0;
    const aHi = (r32(b, o + 4) ^ K[28] ^ K[36]) >>> 0;
    const bLo = (r32(b, o + n - 8) ^ K[40] ^ K[48]) >>> 0;
    const bHi = (r32(b, o + n - 4) ^ K[44] ^ K[52]) >>> 0;
    // len + swap64(a) + b, then the folded product of a and b.
    const sLo = n + (bswap32(aHi) >>> 0) + bLo;
    out[0] = sLo;
    out[1] = (bswap32(aLo) >>> 0) + bHi + Math.floor(sLo * TWO_NEG_32);
    foldMulAdd(out, aLo, aHi, bLo, bHi);
    avalanche(out);
  } else if (n >= 4) {
    out[0] = r32(b, o + n - 4) ^ K[8] ^ K[16];
    out[1] = r32(b, o) ^ K[12] ^ K[20];
    rrmxmx(out, n);
  } else if (n > 0) {
    out[0] = ((b[o] << 16) | (b[o + (n >>> 1)] << 24) | b[o + n - 1] | (n << 8)) ^ K[0] ^ K[4];
    out[1] = 0;
    avalanche64(out);
  } else {
    out[0] = K[56] ^ K[64];
    out[1] = K[60] ^ K[68];
    avalanche64(out);
  }
}

/**
 * XXH3-64 of 17 to 128 bytes (`XXH3_len_17to128`, seed 0) into `out`: pairs of 16-byte
 * blocks from the head and the tail, keyed by consecutive secret blocks.
 */
function upTo128(b: Uint8Array, o: number, n: number, out: Uint32Array): void {
  // acc = n * PRIME64_1: n < 2^8, so both partial products are exact doubles.
  const m = n * P64_1_LO;
  let accLo = m >>> 0;
  let accHi = (m - accLo) * TWO_NEG_32 + n * P64_1_HI;

  {
    const aLo = (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24)) ^ 0x396cfeb8;
    const aHi = (b[o + 4] | (b[o + 5] << 8) | (b[o + 6] << 16) | (b[o + 7] << 24)) ^ -0x41b45bdd;
    const bLo = (b[o + 8] | (b[o + 9] << 8) | (b[o + 10] << 16) | (b[o + 11] << 24)) ^ 0x2c81017c;
    const bHi = (b[o + 12] | (b[o + 13] << 8) | (b[o + 14] << 16) | (b[o + 15] << 24)) ^ 0x1cad21f7;
    const aL = aLo >>> 0, aH = aHi >>> 0, bL = bLo >>> 0, bH = bHi >>> 0;
    const llLo = Math.imul(aLo, bLo), llHi = ((aL * bL - (llLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
    const lhLo = Math.imul(aLo, bHi), lhHi = ((aL * bH - (lhLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
    const hlLo = Math.imul(aHi, bLo), hlHi = ((aH * bL - (hlLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
    const hhLo = Math.imul(aHi, bHi), hhHi = ((aH * bH - (hhLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
    const t0 = (llHi + lhLo) | 0, p1 = (t0 + hlLo) | 0;
    const c1 = ((t0 >>> 0) < (lhLo >>> 0) ? 1 : 0) + ((p1 >>> 0) < (hlLo >>> 0) ? 1 : 0);
    const t1 = (hhLo + lhHi) | 0, t2 = (t1 + hlHi) | 0, p2 = (t2 + c1) | 0;
    const c2 = ((t1 >>> 0) < (lhHi >>> 0) ? 1 : 0) + ((t2 >>> 0) < (hlHi >>> 0) ? 1 : 0) +
      ((p2 >>> 0) < c1 ? 1 : 0);
    accLo += (llLo ^ p2) >>> 0;
    accHi += (p1 ^ (hhHi + c2)) >>> 0;
  }
  const q1 = o + n - 16;
  {
    const aLo = (b[q1] | (b[q1 + 1] << 8) | (b[q1 + 2] << 16) | (b[q1 + 3] << 24)) ^ -0x16922b22;
    const aHi = (b[q1 + 4] | (b[q1 + 5] << 8) | (b[q1 + 6] << 16) | (b[q1 + 7] << 24)) ^ -0x24686f7d;
    const bLo = (b[q1 + 8] | (b[q1 + 9] << 8) | (b[q1 + 10] << 16) | (b[q1 + 11] << 24)) ^ -0x5b5bbf8e;
    const bHi = (b[q1 + 12] | (b[q1 + 13] << 8) | (b[q1 + 14] << 16) | (b[q1 + 15] << 24)) ^ 0x1f67b3b7;
    const aL = aLo >>> 0, aH = aHi >>> 0, bL = bLo >>> 0, bH = bHi >>> 0;
    const llLo = Math.imul(aLo, bLo), llHi = ((aL * bL - (llLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
    const lhLo = Math.imul(aLo, bHi), lhHi = ((aL * bH - (lhLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
    const hlLo = Math.imul(aHi, bLo), hlHi = ((aH * bL - (hlLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
    const hhLo = Math.imul(aHi, bHi), hhHi = ((aH * bH - (hhLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
    const t0 = (llHi + lhLo) | 0, p1 = (t0 + hlLo) | 0;
    const c1 = ((t0 >>> 0) < (lhLo >>> 0) ? 1 : 0) + ((p1 >>> 0) < (hlLo >>> 0) ? 1 : 0);
    const t1 = (hhLo + lhHi) | 0, t2 = (t1 + hlHi) | 0, p2 = (t2 + c1) | 0;
    const c2 = ((t1 >>> 0) < (lhHi >>> 0) ? 1 : 0) + ((t2 >>> 0) < (hlHi >>> 0) ? 1 : 0) +
      ((p2 >>> 0) < c1 ? 1 : 0);
    accLo += (llLo ^ p2) >>> 0;
    accHi += (p1 ^ (hhHi + c2)) >>> 0;
  }
  if (n > 32) {
    {
      const aLo = (b[o + 16] | (b[o + 17] << 8) | (b[o + 18] << 16) | (b[o + 19] << 24)) ^ 0x4ee679cb;
      const aHi = (b[o + 20] | (b[o + 21] << 8) | (b[o + 22] << 16) | (b[o + 23] << 24)) ^ 0x78e5c0cc;
      const bLo = (b[o + 24] | (b[o + 25] << 8) | (b[o + 26] << 16) | (b[o + 27] << 24)) ^ 0x7dd05a82;
      const bHi = (b[o + 28] | (b[o + 29] << 8) | (b[o + 30] << 16) | (b[o + 31] << 24)) ^ 0x2172ffcc;
      const aL = aLo >>> 0, aH = aHi >>> 0, bL = bLo >>> 0, bH = bHi >>> 0;
      const llLo = Math.imul(aLo, bLo), llHi = ((aL * bL - (llLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
      const lhLo = Math.imul(aLo, bHi), lhHi = ((aL * bH - (lhLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
      const hlLo = Math.imul(aHi, bLo), hlHi = ((aH * bL - (hlLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
      const hhLo = Math.imul(aHi, bHi), hhHi = ((aH * bH - (hhLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
      const t0 = (llHi + lhLo) | 0, p1 = (t0 + hlLo) | 0;
      const c1 = ((t0 >>> 0) < (lhLo >>> 0) ? 1 : 0) + ((p1 >>> 0) < (hlLo >>> 0) ? 1 : 0);
      const t1 = (hhLo + lhHi) | 0, t2 = (t1 + hlHi) | 0, p2 = (t2 + c1) | 0;
      const c2 = ((t1 >>> 0) < (lhHi >>> 0) ? 1 : 0) + ((t2 >>> 0) < (hlHi >>> 0) ? 1 : 0) +
        ((p2 >>> 0) < c1 ? 1 : 0);
      accLo += (llLo ^ p2) >>> 0;
      accHi += (p1 ^ (hhHi + c2)) >>> 0;
    }
    const q3 = o + n - 32;
    {
      const aLo = (b[q3] | (b[q3 + 1] << 8) | (b[q3 + 2] << 16) | (b[q3 + 3] << 24)) ^ 0x744608b8;
      const aHi = (b[q3 + 4] | (b[q3 + 5] << 8) | (b[q3 + 6] << 16) | (b[q3 + 7] << 24)) ^ -0x71dbbc09;
      const bLo = (b[q3 + 8] | (b[q3 + 9] << 8) | (b[q3 + 10] << 16) | (b[q3 + 11] << 24)) ^ -0x196fca20;
      const bHi = (b[q3 + 12] | (b[q3 + 13] << 8) | (b[q3 + 14] << 16) | (b[q3 + 15] << 24)) ^ 0x4c263a81;
      const aL = aLo >>> 0, aH = aHi >>> 0, bL = bLo >>> 0, bH = bHi >>> 0;
      const llLo = Math.imul(aLo, bLo), llHi = ((aL * bL - (llLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
      const lhLo = Math.imul(aLo, bHi), lhHi = ((aL * bH - (lhLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
      const hlLo = Math.imul(aHi, bLo), hlHi = ((aH * bL - (hlLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
      const hhLo = Math.imul(aHi, bHi), hhHi = ((aH * bH - (hhLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
      const t0 = (llHi + lhLo) | 0, p1 = (t0 + hlLo) | 0;
      const c1 = ((t0 >>> 0) < (lhLo >>> 0) ? 1 : 0) + ((p1 >>> 0) < (hlLo >>> 0) ? 1 : 0);
      const t1 = (hhLo + lhHi) | 0, t2 = (t1 + hlHi) | 0, p2 = (t2 + c1) | 0;
      const c2 = ((t1 >>> 0) < (lhHi >>> 0) ? 1 : 0) + ((t2 >>> 0) < (hlHi >>> 0) ? 1 : 0) +
        ((p2 >>> 0) < c1 ? 1 : 0);
      accLo += (llLo ^ p2) >>> 0;
      accHi += (p1 ^ (hhHi + c2)) >>> 0;
    }
    if (n > 64) {
      {
        const aLo = (b[o + 32] | (b[o + 33] << 8) | (b[o + 34] << 16) | (b[o + 35] << 24)) ^ -0x44add7c4;
        const aHi = (b[o + 36] | (b[o + 37] << 8) | (b[o + 38] << 16) | (b[o + 39] << 24)) ^ -0x34ff3c6f;
        const bLo = (b[o + 40] | (b[o + 41] << 8) | (b[o + 42] << 16) | (b[o + 43] << 24)) ^ -0x749a2f78;
        const bHi = (b[o + 44] | (b[o + 45] << 8) | (b[o + 46] << 16) | (b[o + 47] << 24)) ^ -0x5cd1ace5;
        const aL = aLo >>> 0, aH = aHi >>> 0, bL = bLo >>> 0, bH = bHi >>> 0;
        const llLo = Math.imul(aLo, bLo), llHi = ((aL * bL - (llLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
        const lhLo = Math.imul(aLo, bHi), lhHi = ((aL * bH - (lhLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
        const hlLo = Math.imul(aHi, bLo), hlHi = ((aH * bL - (hlLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
        const hhLo = Math.imul(aHi, bHi), hhHi = ((aH * bH - (hhLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
        const t0 = (llHi + lhLo) | 0, p1 = (t0 + hlLo) | 0;
        const c1 = ((t0 >>> 0) < (lhLo >>> 0) ? 1 : 0) + ((p1 >>> 0) < (hlLo >>> 0) ? 1 : 0);
        const t1 = (hhLo + lhHi) | 0, t2 = (t1 + hlHi) | 0, p2 = (t2 + c1) | 0;
        const c2 = ((t1 >>> 0) < (lhHi >>> 0) ? 1 : 0) + ((t2 >>> 0) < (hlHi >>> 0) ? 1 : 0) +
          ((p2 >>> 0) < c1 ? 1 : 0);
        accLo += (llLo ^ p2) >>> 0;
        accHi += (p1 ^ (hhHi + c2)) >>> 0;
      }
      const q5 = o + n - 48;
      {
        const aLo = (b[q5] | (b[q5 + 1] << 8) | (b[q5 + 2] << 16) | (b[q5 + 3] << 24)) ^ -0x68b79b8f;
        const aHi = (b[q5 + 4] | (b[q5 + 5] << 8) | (b[q5 + 6] << 16) | (b[q5 + 7] << 24)) ^ 0x4ef90da2;
        const bLo = (b[q5 + 8] | (b[q5 + 9] << 8) | (b[q5 + 10] << 16) | (b[q5 + 11] << 24)) ^ 0x46ef1938;
        const bHi = (b[q5 + 12] | (b[q5 + 13] << 8) | (b[q5 + 14] << 16) | (b[q5 + 15] << 24)) ^ -0x27532157;
        const aL = aLo >>> 0, aH = aHi >>> 0, bL = bLo >>> 0, bH = bHi >>> 0;
        const llLo = Math.imul(aLo, bLo), llHi = ((aL * bL - (llLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
        const lhLo = Math.imul(aLo, bHi), lhHi = ((aL * bH - (lhLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
        const hlLo = Math.imul(aHi, bLo), hlHi = ((aH * bL - (hlLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
        const hhLo = Math.imul(aHi, bHi), hhHi = ((aH * bH - (hhLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
        const t0 = (llHi + lhLo) | 0, p1 = (t0 + hlLo) | 0;
        const c1 = ((t0 >>> 0) < (lhLo >>> 0) ? 1 : 0) + ((p1 >>> 0) < (hlLo >>> 0) ? 1 : 0);
        const t1 = (hhLo + lhHi) | 0, t2 = (t1 + hlHi) | 0, p2 = (t2 + c1) | 0;
        const c2 = ((t1 >>> 0) < (lhHi >>> 0) ? 1 : 0) + ((t2 >>> 0) < (hlHi >>> 0) ? 1 : 0) +
          ((p2 >>> 0) < c1 ? 1 : 0);
        accLo += (llLo ^ p2) >>> 0;
        accHi += (p1 ^ (hhHi + c2)) >>> 0;
      }
      if (n > 96) {
        {
          const aLo = (b[o + 48] | (b[o + 49] << 8) | (b[o + 50] << 16) | (b[o + 51] << 24)) ^ 0x3f76faa8;
          const aHi = (b[o + 52] | (b[o + 53] << 8) | (b[o + 54] << 16) | (b[o + 55] << 24)) ^ 0x3f349ce3;
          const bLo = (b[o + 56] | (b[o + 57] << 8) | (b[o + 58] << 16) | (b[o + 59] << 24)) ^ -0x38442307;
          const bHi = (b[o + 60] | (b[o + 61] << 8) | (b[o + 62] << 16) | (b[o + 63] << 24)) ^ 0x1d4f0bc7;
          const aL = aLo >>> 0, aH = aHi >>> 0, bL = bLo >>> 0, bH = bHi >>> 0;
          const llLo = Math.imul(aLo, bLo), llHi = ((aL * bL - (llLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
          const lhLo = Math.imul(aLo, bHi), lhHi = ((aL * bH - (lhLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
          const hlLo = Math.imul(aHi, bLo), hlHi = ((aH * bL - (hlLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
          const hhLo = Math.imul(aHi, bHi), hhHi = ((aH * bH - (hhLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
          const t0 = (llHi + lhLo) | 0, p1 = (t0 + hlLo) | 0;
          const c1 = ((t0 >>> 0) < (lhLo >>> 0) ? 1 : 0) + ((p1 >>> 0) < (hlLo >>> 0) ? 1 : 0);
          const t1 = (hhLo + lhHi) | 0, t2 = (t1 + hlHi) | 0, p2 = (t2 + c1) | 0;
          const c2 = ((t1 >>> 0) < (lhHi >>> 0) ? 1 : 0) + ((t2 >>> 0) < (hlHi >>> 0) ? 1 : 0) +
            ((p2 >>> 0) < c1 ? 1 : 0);
          accLo += (llLo ^ p2) >>> 0;
          accHi += (p1 ^ (hhHi + c2)) >>> 0;
        }
        const q7 = o + n - 64;
        {
          const aLo = (b[q7] | (b[q7 + 1] << 8) | (b[q7 + 2] << 16) | (b[q7 + 3] << 24)) ^ 0x4be0518a;
          const aHi = (b[q7 + 4] | (b[q7 + 5] << 8) | (b[q7 + 6] << 16) | (b[q7 + 7] << 24)) ^ 0x3159b4cd;
          const bLo = (b[q7 + 8] | (b[q7 + 9] << 8) | (b[q7 + 10] << 16) | (b[q7 + 11] << 24)) ^ -0x36816038;
          const bHi = (b[q7 + 12] | (b[q7 + 13] << 8) | (b[q7 + 14] << 16) | (b[q7 + 15] << 24)) ^ 0x647378d9;
          const aL = aLo >>> 0, aH = aHi >>> 0, bL = bLo >>> 0, bH = bHi >>> 0;
          const llLo = Math.imul(aLo, bLo), llHi = ((aL * bL - (llLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
          const lhLo = Math.imul(aLo, bHi), lhHi = ((aL * bH - (lhLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
          const hlLo = Math.imul(aHi, bLo), hlHi = ((aH * bL - (hlLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
          const hhLo = Math.imul(aHi, bHi), hhHi = ((aH * bH - (hhLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
          const t0 = (llHi + lhLo) | 0, p1 = (t0 + hlLo) | 0;
          const c1 = ((t0 >>> 0) < (lhLo >>> 0) ? 1 : 0) + ((p1 >>> 0) < (hlLo >>> 0) ? 1 : 0);
          const t1 = (hhLo + lhHi) | 0, t2 = (t1 + hlHi) | 0, p2 = (t2 + c1) | 0;
          const c2 = ((t1 >>> 0) < (lhHi >>> 0) ? 1 : 0) + ((t2 >>> 0) < (hlHi >>> 0) ? 1 : 0) +
            ((p2 >>> 0) < c1 ? 1 : 0);
          accLo += (llLo ^ p2) >>> 0;
          accHi += (p1 ^ (hhHi + c2)) >>> 0;
        }
      }
    }
  }
  const l0 = accLo >>> 0, h0 = (accHi + (accLo - l0) * TWO_NEG_32) | 0;
  const lo = (l0 ^ (h0 >>> 5)) >>> 0, mLo = Math.imul(lo, MX1_LO) >>> 0;
  const mHi =
    ((((lo * MX1_LO - mLo) * TWO_NEG_32 + 0.5) >>> 0) + Math.imul(lo, MX1_HI) + Math.imul(h0, MX1_LO)) | 0;
  out[0] = mLo ^ mHi;
  out[1] = mHi;
}

/**
 * XXH3-64 of the 129 to 240 bytes `b[o, o + n)` (`XXH3_len_129to240`, seed 0) into `out`: the
 * first 128 bytes in eight rounds, an avalanche, then the remaining whole blocks and the last
 * 16 bytes. Only runtimes without WebAssembly take it (elsewhere the kernel hashes these
 * lengths), so there is one copy, with the start index, for whole arrays and ranges alike.
 */
function upTo240(b: Uint8Array, o: number, n: number, out: Uint32Array): void {
  // acc = n * PRIME64_1: n < 2^8, so both partial products are exact doubles.
  const m = n * P64_1_LO;
  let accLo = m >>> 0;
  let accHi = (m - accLo) * TWO_NEG_32 + n * P64_1_HI;

  // The first eight rounds: bytes 0..127 against the secret at offsets 0, 16, …, 112.
  for (let s = 0; s < 128; s += 16) {
    const p = o + s;
    const aLo = (b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24)) ^ K[s];
    const aHi = (b[p + 4] | (b[p + 5] << 8) | (b[p + 6] << 16) | (b[p + 7] << 24)) ^ K[s + 4];
    const bLo = (b[p + 8] | (b[p + 9] << 8) | (b[p + 10] << 16) | (b[p + 11] << 24)) ^ K[s + 8];
    const bHi = (b[p + 12] | (b[p + 13] << 8) | (b[p + 14] << 16) | (b[p + 15] << 24)) ^ K[s + 12];
    const aL = aLo >>> 0, aH = aHi >>> 0, bL = bLo >>> 0, bH = bHi >>> 0;
    const llLo = Math.imul(aLo, bLo), llHi = ((aL * bL - (llLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
    const lhLo = Math.imul(aLo, bHi), lhHi = ((aL * bH - (lhLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
    const hlLo = Math.imul(aHi, bLo), hlHi = ((aH * bL - (hlLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
    const hhLo = Math.imul(aHi, bHi), hhHi = ((aH * bH - (hhLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
    const t0 = (llHi + lhLo) | 0, p1 = (t0 + hlLo) | 0;
    const c1 = ((t0 >>> 0) < (lhLo >>> 0) ? 1 : 0) + ((p1 >>> 0) < (hlLo >>> 0) ? 1 : 0);
    const t1 = (hhLo + lhHi) | 0, t2 = (t1 + hlHi) | 0, p2 = (t2 + c1) | 0;
    const c2 = ((t1 >>> 0) < (lhHi >>> 0) ? 1 : 0) + ((t2 >>> 0) < (hlHi >>> 0) ? 1 : 0) +
      ((p2 >>> 0) < c1 ? 1 : 0);
    accLo += (llLo ^ p2) >>> 0;
    accHi += (p1 ^ (hhHi + c2)) >>> 0;
  }
  {
    const l0 = accLo >>> 0, h0 = (accHi + (accLo - l0) * TWO_NEG_32) | 0;
    const lo = (l0 ^ (h0 >>> 5)) >>> 0, mLo = Math.imul(lo, MX1_LO) >>> 0;
    const mHi =
      ((((lo * MX1_LO - mLo) * TWO_NEG_32 + 0.5) >>> 0) + Math.imul(lo, MX1_HI) + Math.imul(h0, MX1_LO)) | 0;
    accLo = (mLo ^ mHi) >>> 0;
    accHi = mHi;
  }
  // Rounds past the eighth restart the secret at offset 3; the last 16 bytes use offset 119.
  const end = n & ~15;
  for (let i = 128; i <= end; i += 16) {
    const p = o + (i === end ? n - 16 : i), s = i === end ? 119 : i - 125;
    const aLo = (b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24)) ^ K[s];
    const aHi = (b[p + 4] | (b[p + 5] << 8) | (b[p + 6] << 16) | (b[p + 7] << 24)) ^ K[s + 4];
    const bLo = (b[p + 8] | (b[p + 9] << 8) | (b[p + 10] << 16) | (b[p + 11] << 24)) ^ K[s + 8];
    const bHi = (b[p + 12] | (b[p + 13] << 8) | (b[p + 14] << 16) | (b[p + 15] << 24)) ^ K[s + 12];
    const aL = aLo >>> 0, aH = aHi >>> 0, bL = bLo >>> 0, bH = bHi >>> 0;
    const llLo = Math.imul(aLo, bLo), llHi = ((aL * bL - (llLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
    const lhLo = Math.imul(aLo, bHi), lhHi = ((aL * bH - (lhLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
    const hlLo = Math.imul(aHi, bLo), hlHi = ((aH * bL - (hlLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
    const hhLo = Math.imul(aHi, bHi), hhHi = ((aH * bH - (hhLo >>> 0)) * TWO_NEG_32 + 0.5) | 0;
    const t0 = (llHi + lhLo) | 0, p1 = (t0 + hlLo) | 0;
    const c1 = ((t0 >>> 0) < (lhLo >>> 0) ? 1 : 0) + ((p1 >>> 0) < (hlLo >>> 0) ? 1 : 0);
    const t1 = (hhLo + lhHi) | 0, t2 = (t1 + hlHi) | 0, p2 = (t2 + c1) | 0;
    const c2 = ((t1 >>> 0) < (lhHi >>> 0) ? 1 : 0) + ((t2 >>> 0) < (hlHi >>> 0) ? 1 : 0) +
      ((p2 >>> 0) < c1 ? 1 : 0);
    accLo += (llLo ^ p2) >>> 0;
    accHi += (p1 ^ (hhHi + c2)) >>> 0;
  }
  const l0 = accLo >>> 0, h0 = (accHi + (accLo - l0) * TWO_NEG_32) | 0;
  const lo = (l0 ^ (h0 >>> 5)) >>> 0, mLo = Math.imul(lo, MX1_LO) >>> 0;
  const mHi =
    ((((lo * MX1_LO - mLo) * TWO_NEG_32 + 0.5) >>> 0) + Math.imul(lo, MX1_HI) + Math.imul(h0, MX1_LO)) | 0;
  out[0] = mLo ^ mHi;
  out[1] = mHi;
}

/** 1 KiB of words for {@linkcode striped}, for input that cannot be viewed in place. */
const SCRATCH = /* @__PURE__ */ new Int32Array(BLOCK / 4);
const SCRATCH_BYTES = /* @__PURE__ */ new Uint8Array(SCRATCH.buffer);

/**
 * Copies `len` input bytes from `p` into {@linkcode SCRATCH} as little-endian words (a plain
 * copy on little-endian hosts) and returns it. Its contents never outlive one call.
 */
function fill(b: Uint8Array, p: number, len: number): Int32Array {
  if (LITTLE_ENDIAN) SCRATCH_BYTES.set(b.subarray(p, p + len));
  else for (let i = 0; i < len; i += 4) SCRATCH[i >>> 2] = r32(b, p + i);
  return SCRATCH;
}

/**
 * XXH3-64 of more than 240 bytes (`XXH3_hashLong_64b`, seed 0) into `out`: 64-byte stripes
 * into eight 64-bit lanes, scrambled after every 1 KiB block, then merged.
 *
 * The lanes live in sixteen locals (halves) that take sums without carries: a half gains
 * less than 2^33 per stripe, so it stays exact (below 2^38) until a scramble or the merge
 * reduces it. Against lanes in a typed array with compare-based carries this made 64 KiB
 * 1.9× faster on V8 and 3× on JSC. Words come from an aligned view of the input when it is
 * long and aligned, otherwise from {@linkcode SCRATCH}, filled a block at a time.
 */
function striped(b: Uint8Array, n: number, out: Uint32Array): void {
  let a0Lo = P32_3, a0Hi = 0;
  let a1Lo = P64_1_LO, a1Hi = P64_1_HI;
  let a2Lo = P64_2_LO, a2Hi = P64_2_HI;
  let a3Lo = P64_3_LO, a3Hi = P64_3_HI;
  let a4Lo = P64_4_LO, a4Hi = P64_4_HI;
  let a5Lo = P32_2, a5Hi = 0;
  let a6Lo = P64_5_LO, a6Hi = P64_5_HI;
  let a7Lo = P32_1, a7Hi = 0;
  const blocks = Math.floor((n - 1) / BLOCK);
  const tail = ((n - 1 - blocks * BLOCK) / STRIPE) | 0;
  const view = n >= WORD_VIEW_MIN && LITTLE_ENDIAN && (b.byteOffset & 3) === 0
    ? new Int32Array(b.buffer, b.byteOffset, n >>> 2)
    : undefined;
  // Jobs: every stripe of every block, the stripes of the last partial block, and one more
  // stripe on the last 64 bytes, keyed at secret offset 121.
  const last = blocks * 16 + tail;
  let w: Int32Array = SCRATCH, q = 0, s = 0;
  for (let j = 0; j <= last; j++) {
    if (j === last) {
      const p = n - STRIPE;
      if (view !== undefined && (p & 3) === 0) {
        w = view;
        q = p >>> 2;
      } else {
        w = fill(b, p, STRIPE);
        q = 0;
      }
      s = 121;
    } else if ((j & 15) === 0) {
      const p = j * STRIPE;
      if (view !== undefined) {
        w = view;
        q = p >>> 2;
      } else {
        w = fill(b, p, j < blocks * 16 ? BLOCK : tail * STRIPE);
        q = 0;
      }
      s = 0;
    }
    {
      const d0Lo = w[q + 0], d0Hi = w[q + 1], d1Lo = w[q + 2], d1Hi = w[q + 3];
      const k0Lo = d0Lo ^ K[s + 0], k0Hi = d0Hi ^ K[s + 4];
      const k1Lo = d1Lo ^ K[s + 8], k1Hi = d1Hi ^ K[s + 12];
      const x0 = Math.imul(k0Lo, k0Hi) >>> 0, x1 = Math.imul(k1Lo, k1Hi) >>> 0;
      a0Lo += x0 + (d1Lo >>> 0);
      a0Hi += ((((k0Lo >>> 0) * (k0Hi >>> 0) - x0) * TWO_NEG_32 + 0.5) >>> 0) + (d1Hi >>> 0);
      a1Lo += x1 + (d0Lo >>> 0);
      a1Hi += ((((k1Lo >>> 0) * (k1Hi >>> 0) - x1) * TWO_NEG_32 + 0.5) >>> 0) + (d0Hi >>> 0);
    }
    {
      const d0Lo = w[q + 4], d0Hi = w[q + 5], d1Lo = w[q + 6], d1Hi = w[q + 7];
      const k0Lo = d0Lo ^ K[s + 16], k0Hi = d0Hi ^ K[s + 20];
      const k1Lo = d1Lo ^ K[s + 24], k1Hi = d1Hi ^ K[s + 28];
      const x0 = Math.imul(k0Lo, k0Hi) >>> 0, x1 = Math.imul(k1Lo, k1Hi) >>> 0;
      a2Lo += x0 + (d1Lo >>> 0);
      a2Hi += ((((k0Lo >>> 0) * (k0Hi >>> 0) - x0) * TWO_NEG_32 + 0.5) >>> 0) + (d1Hi >>> 0);
      a3Lo += x1 + (d0Lo >>> 0);
      a3Hi += ((((k1Lo >>> 0) * (k1Hi >>> 0) - x1) * TWO_NEG_32 + 0.5) >>> 0) + (d0Hi >>> 0);
    }
    {
      const d0Lo = w[q + 8], d0Hi = w[q + 9], d1Lo = w[q + 10], d1Hi = w[q + 11];
      const k0Lo = d0Lo ^ K[s + 32], k0Hi = d0Hi ^ K[s + 36];
      const k1Lo = d1Lo ^ K[s + 40], k1Hi = d1Hi ^ K[s + 44];
      const x0 = Math.imul(k0Lo, k0Hi) >>> 0, x1 = Math.imul(k1Lo, k1Hi) >>> 0;
      a4Lo += x0 + (d1Lo >>> 0);
      a4Hi += ((((k0Lo >>> 0) * (k0Hi >>> 0) - x0) * TWO_NEG_32 + 0.5) >>> 0) + (d1Hi >>> 0);
      a5Lo += x1 + (d0Lo >>> 0);
      a5Hi += ((((k1Lo >>> 0) * (k1Hi >>> 0) - x1) * TWO_NEG_32 + 0.5) >>> 0) + (d0Hi >>> 0);
    }
    {
      const d0Lo = w[q + 12], d0Hi = w[q + 13], d1Lo = w[q + 14], d1Hi = w[q + 15];
      const k0Lo = d0Lo ^ K[s + 48], k0Hi = d0Hi ^ K[s + 52];
      const k1Lo = d1Lo ^ K[s + 56], k1Hi = d1Hi ^ K[s + 60];
      const x0 = Math.imul(k0Lo, k0Hi) >>> 0, x1 = Math.imul(k1Lo, k1Hi) >>> 0;
      a6Lo += x0 + (d1Lo >>> 0);
      a6Hi += ((((k0Lo >>> 0) * (k0Hi >>> 0) - x0) * TWO_NEG_32 + 0.5) >>> 0) + (d1Hi >>> 0);
      a7Lo += x1 + (d0Lo >>> 0);
      a7Hi += ((((k1Lo >>> 0) * (k1Hi >>> 0) - x1) * TWO_NEG_32 + 0.5) >>> 0) + (d0Hi >>> 0);
    }
    q += 16;
    s += 8;
    if ((j & 15) === 15 && j < blocks * 16) {
      {
        const l0 = a0Lo >>> 0, hi = (a0Hi + (a0Lo - l0) * TWO_NEG_32) | 0;
        const lo = (l0 ^ (hi >>> 15) ^ K[128]) >>> 0, m = Math.imul(lo, P32_1) >>> 0;
        a0Lo = m;
        a0Hi = ((((lo * P32_1 - m) * TWO_NEG_32 + 0.5) >>> 0) + Math.imul(hi ^ K[132], P32_1)) >>> 0;
      }
      {
        const l0 = a1Lo >>> 0, hi = (a1Hi + (a1Lo - l0) * TWO_NEG_32) | 0;
        const lo = (l0 ^ (hi >>> 15) ^ K[136]) >>> 0, m = Math.imul(lo, P32_1) >>> 0;
        a1Lo = m;
        a1Hi = ((((lo * P32_1 - m) * TWO_NEG_32 + 0.5) >>> 0) + Math.imul(hi ^ K[140], P32_1)) >>> 0;
      }
      {
        const l0 = a2Lo >>> 0, hi = (a2Hi + (a2Lo - l0) * TWO_NEG_32) | 0;
        const lo = (l0 ^ (hi >>> 15) ^ K[144]) >>> 0, m = Math.imul(lo, P32_1) >>> 0;
        a2Lo = m;
        a2Hi = ((((lo * P32_1 - m) * TWO_NEG_32 + 0.5) >>> 0) + Math.imul(hi ^ K[148], P32_1)) >>> 0;
      }
      {
        const l0 = a3Lo >>> 0, hi = (a3Hi + (a3Lo - l0) * TWO_NEG_32) | 0;
        const lo = (l0 ^ (hi >>> 15) ^ K[152]) >>> 0, m = Math.imul(lo, P32_1) >>> 0;
        a3Lo = m;
        a3Hi = ((((lo * P32_1 - m) * TWO_NEG_32 + 0.5) >>> 0) + Math.imul(hi ^ K[156], P32_1)) >>> 0;
      }
      {
        const l0 = a4Lo >>> 0, hi = (a4Hi + (a4Lo - l0) * TWO_NEG_32) | 0;
        const lo = (l0 ^ (hi >>> 15) ^ K[160]) >>> 0, m = Math.imul(lo, P32_1) >>> 0;
        a4Lo = m;
        a4Hi = ((((lo * P32_1 - m) * TWO_NEG_32 + 0.5) >>> 0) + Math.imul(hi ^ K[164], P32_1)) >>> 0;
      }
      {
        const l0 = a5Lo >>> 0, hi = (a5Hi + (a5Lo - l0) * TWO_NEG_32) | 0;
        const lo = (l0 ^ (hi >>> 15) ^ K[168]) >>> 0, m = Math.imul(lo, P32_1) >>> 0;
        a5Lo = m;
        a5Hi = ((((lo * P32_1 - m) * TWO_NEG_32 + 0.5) >>> 0) + Math.imul(hi ^ K[172], P32_1)) >>> 0;
      }
      {
        const l0 = a6Lo >>> 0, hi = (a6Hi + (a6Lo - l0) * TWO_NEG_32) | 0;
        const lo = (l0 ^ (hi >>> 15) ^ K[176]) >>> 0, m = Math.imul(lo, P32_1) >>> 0;
        a6Lo = m;
        a6Hi = ((((lo * P32_1 - m) * TWO_NEG_32 + 0.5) >>> 0) + Math.imul(hi ^ K[180], P32_1)) >>> 0;
      }
      {
        const l0 = a7Lo >>> 0, hi = (a7Hi + (a7Lo - l0) * TWO_NEG_32) | 0;
        const lo = (l0 ^ (hi >>> 15) ^ K[184]) >>> 0, m = Math.imul(lo, P32_1) >>> 0;
        a7Lo = m;
        a7Hi = ((((lo * P32_1 - m) * TWO_NEG_32 + 0.5) >>> 0) + Math.imul(hi ^ K[188], P32_1)) >>> 0;
      }
    }
  }
  const h0 = (a0Hi + (a0Lo - (a0Lo >>> 0)) * TWO_NEG_32) >>> 0, l0 = a0Lo >>> 0;
  const h1 = (a1Hi + (a1Lo - (a1Lo >>> 0)) * TWO_NEG_32) >>> 0, l1 = a1Lo >>> 0;
  const h2 = (a2Hi + (a2Lo - (a2Lo >>> 0)) * TWO_NEG_32) >>> 0, l2 = a2Lo >>> 0;
  const h3 = (a3Hi + (a3Lo - (a3Lo >>> 0)) * TWO_NEG_32) >>> 0, l3 = a3Lo >>> 0;
  const h4 = (a4Hi + (a4Lo - (a4Lo >>> 0)) * TWO_NEG_32) >>> 0, l4 = a4Lo >>> 0;
  const h5 = (a5Hi + (a5Lo - (a5Lo >>> 0)) * TWO_NEG_32) >>> 0, l5 = a5Lo >>> 0;
  const h6 = (a6Hi + (a6Lo - (a6Lo >>> 0)) * TWO_NEG_32) >>> 0, l6 = a6Lo >>> 0;
  const h7 = (a7Hi + (a7Lo - (a7Lo >>> 0)) * TWO_NEG_32) >>> 0, l7 = a7Lo >>> 0;
  startLen(out, n);
  foldMulAdd(out, (l0 ^ K[11]) >>> 0, (h0 ^ K[15]) >>> 0, (l1 ^ K[19]) >>> 0, (h1 ^ K[23]) >>> 0);
  foldMulAdd(out, (l2 ^ K[27]) >>> 0, (h2 ^ K[31]) >>> 0, (l3 ^ K[35]) >>> 0, (h3 ^ K[39]) >>> 0);
  foldMulAdd(out, (l4 ^ K[43]) >>> 0, (h4 ^ K[47]) >>> 0, (l5 ^ K[51]) >>> 0, (h5 ^ K[55]) >>> 0);
  foldMulAdd(out, (l6 ^ K[59]) >>> 0, (h6 ^ K[63]) >>> 0, (l7 ^ K[67]) >>> 0, (h7 ^ K[71]) >>> 0);
  avalanche(out);
}

/** From this length the lanes run in WebAssembly (where there is one): 64-bit adds and multiplies are native there. */
const WASM_MIN = 1024;

/** The lanes' starting values as `[lo0, hi0, …, lo7, hi7]`, for the WebAssembly kernel. */
const INIT_LANES = /* @__PURE__ */ new Uint32Array([
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

/** {@linkcode striped} with the lanes computed by the WebAssembly kernel; false when it is unavailable. */
function stripedWasm(b: Uint8Array, n: number, out: Uint32Array): boolean {
  const a = stripedLanesWasm(b, SECRET, INIT_LANES);
  if (a === undefined) return false;
  startLen(out, n);
  foldMulAdd(out, (a[0] ^ K[11]) >>> 0, (a[1] ^ K[15]) >>> 0, (a[2] ^ K[19]) >>> 0, (a[3] ^ K[23]) >>> 0);
  foldMulAdd(out, (a[4] ^ K[27]) >>> 0, (a[5] ^ K[31]) >>> 0, (a[6] ^ K[35]) >>> 0, (a[7] ^ K[39]) >>> 0);
  foldMulAdd(out, (a[8] ^ K[43]) >>> 0, (a[9] ^ K[47]) >>> 0, (a[10] ^ K[51]) >>> 0, (a[11] ^ K[55]) >>> 0);
  foldMulAdd(out, (a[12] ^ K[59]) >>> 0, (a[13] ^ K[63]) >>> 0, (a[14] ^ K[67]) >>> 0, (a[15] ^ K[71]) >>> 0);
  avalanche(out);
  return true;
}

/**
 * XXH3-64 (seed 0) of `bytes`, written into `out` as `[low 32 bits, high 32 bits]`; returns
 * `out`. Allocates nothing for inputs up to 240 bytes (above, one word view per call, or for
 * short or unaligned input one `subarray` per KiB), so a decoder can keep one
 * `Uint32Array(2)` and compare a stored checksum word by word.
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
  if (n <= 16) upTo16(bytes, 0, n, out);
  else if (n <= MIDSIZE_MAX) {
    const k = xxh3Kernel(SECRET);
    if (k !== null) hashInWasm(k, bytes, n, out);
    else if (n <= 128) upTo128(bytes, 0, n, out);
    else upTo240(bytes, 0, n, out);
  } else if (n < WASM_MIN || !stripedWasm(bytes, n, out)) striped(bytes, n, out);
  return out;
}

/**
 * The WebAssembly kernel with XXH3's default secret, made on first use; null where it is
 * unavailable (not exported from the package): the Iggy batch encoder hashes its runs of
 * frames with it.
 */
export function xxh3DefaultKernel(): Xxh3Kernel | null {
  return xxh3Kernel(SECRET);
}

/** XXH3-64 of 17 to 240 bytes in the WebAssembly kernel: one copy in, one call (see the module doc). */
function hashInWasm(k: Xxh3Kernel, bytes: Uint8Array, n: number, out: Uint32Array): void {
  k.mem.set(bytes, CHUNK_AT);
  k.hash(CHUNK_AT, n);
  const r = k.res;
  out[0] = r[0];
  out[1] = r[1];
}

/**
 * XXH3-64 (seed 0) of the `length` bytes of `bytes` from index `start`, written into `out` as
 * {@linkcode xxh3_64Into} does; returns `out`. The same hash as
 * `xxh3_64Into(bytes.subarray(start, start + length), out)` without making the view up to 128
 * bytes, where a view costs as much as the JS hash saves (for a frame inside a larger buffer,
 * an Iggy message in its batch); above, where WebAssembly exists, it makes one to copy the
 * range into the kernel, which is still faster. Throws a `RangeError` when the range is not
 * inside `bytes`.
 *
 * @example
 * ```ts
 * import { xxh3_64Into, xxh3_64RangeInto } from "@streamwire/codec/wire";
 * const buf = new TextEncoder().encode("--hello--");
 * const a = xxh3_64RangeInto(buf, 2, 5, new Uint32Array(2));
 * const b = xxh3_64Into(buf.subarray(2, 7), new Uint32Array(2));
 * console.log(a[0] === b[0] && a[1] === b[1]); // true
 * ```
 */
export function xxh3_64RangeInto(
  bytes: Uint8Array,
  start: number,
  length: number,
  out: Uint32Array,
): Uint32Array {
  if (out.length < 2) throw new RangeError("xxh3_64RangeInto needs an output of at least 2 elements");
  if ((start >>> 0) !== start || (length >>> 0) !== length || start + length > bytes.length) {
    throw new RangeError(
      `xxh3_64RangeInto: bytes ${start}..${start + length} are outside an array of ${bytes.length}`,
    );
  }
  if (length <= 16) upTo16(bytes, start, length, out);
  else if (length <= 128) upTo128(bytes, start, length, out);
  else if (length <= MIDSIZE_MAX) {
    // The kernel needs a view to copy from: worth it only above 128 bytes (see the module doc).
    const k = xxh3Kernel(SECRET);
    if (k !== null) hashInWasm(k, bytes.subarray(start, start + length), length, out);
    else upTo240(bytes, start, length, out);
  } else {
    // Long inputs take one view, negligible beside their hash.
    const v = bytes.subarray(start, start + length);
    if (length < WASM_MIN || !stripedWasm(v, length, out)) striped(v, length, out);
  }
  return out;
}

/**
 * XXH3-64 (seed 0) of `bytes` as an unsigned 64-bit `bigint`. Hot paths that only compare
 * should use {@linkcode xxh3_64Into}, which avoids the BigInt.
 *
 * @example
 * ```ts
 * import { xxh3_64 } from "@streamwire/codec/wire";
 * console.log(xxh3_64(new Uint8Array(0)).toString(16)); // 2d06800538d394c2
 * ```
 */
export function xxh3_64(bytes: Uint8Array): bigint {
  xxh3_64Into(bytes, HALVES);
  // One BigInt from 8 bytes instead of four (two conversions, a shift and an OR): for an
  // 8-byte input the call got 6.4x faster on V8 and 2.2x on JSC.
  BIG.setUint32(0, HALVES[0], true);
  BIG.setUint32(4, HALVES[1], true);
  return BIG.getBigUint64(0, true);
}

/**
 * Scratch for {@linkcode xxh3_64}: never observable, since nothing can run between the
 * writes and the read.
 */
const HALVES = /* @__PURE__ */ new Uint32Array(2);
const BIG = /* @__PURE__ */ new DataView(new ArrayBuffer(8));

/**
 * XXH3-64 through the JS paths only, whatever the length (not exported from the package), of
 * `bytes` or of its `length` bytes from `start`: lets tests hold the WebAssembly kernel to
 * the pure-TS paths that runtimes without it take.
 */
export function xxh3_64IntoJs(
  bytes: Uint8Array,
  out: Uint32Array,
  start = 0,
  length = bytes.length - start,
): Uint32Array {
  // The range form runs the same start-index arithmetic as xxh3_64RangeInto without WebAssembly.
  if (length <= 16) upTo16(bytes, start, length, out);
  else if (length <= 128) upTo128(bytes, start, length, out);
  else if (length <= MIDSIZE_MAX) upTo240(bytes, start, length, out);
  else striped(bytes.subarray(start, start + length), length, out);
  return out;
}
