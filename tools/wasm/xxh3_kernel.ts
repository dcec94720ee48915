/**
 * Source of the XXH3-64 WebAssembly kernel (`src/wire/_generated/xxh3_wasm.ts` is generated
 * from it by `deno task wasm`), for what JS can only emulate with 32-bit halves: 64-bit adds
 * and the 64 × 64 → 128-bit multiplies.
 *
 * - `blocks` and `tail`: the striped accumulation of `XXH3_hashLong_64b` over eight 64-bit
 *   lanes. For a long input hashed from JS the merge of the lanes stays in JS
 *   (src/wire/xxh3.ts): it runs once per input.
 * - `hash(p, n)`: the whole hash of `n >= 17` bytes at `p`, into `OUT_AT`. From JS it pays
 *   for 17 to 240 bytes, where the folded multiplies dominate: the 128-bit product is four
 *   native `i64.mul` of 32-bit halves here against sixteen float and integer multiplies with
 *   compared carries in JS. Longer inputs call `blocks` and `tail` and merge here too, for
 *   `frames`.
 * - `frames(p, end, g)`: every Iggy message frame laid out from `p` to `end` hashed (the
 *   bytes after its 8-byte checksum field, sized by its header's lengths), its checksum stored
 *   in the frame and gathered at `g`, 8 bytes each: one call per chunk of frames for the batch
 *   encoder, instead of a call (and a copy in) per frame.
 *
 * Memory: the 192-byte secret at `SECRET_AT`, the eight lanes (u64, little-endian) at
 * `LANES_AT`, a hash result at `OUT_AT`, the input chunk at `CHUNK_AT` (at most
 * `CHUNK_BYTES`, a whole number of 1 KiB blocks); the gathered frame checksums at `GATHER_AT`.
 *
 * @module
 */

import { type Func, I32, I64, type Ins, op } from "./asm.ts";

/** Where the secret is copied. */
export const SECRET_AT = 0;
/** Where the eight lanes live between calls. */
export const LANES_AT = 256;
/** Where `hash` stores its result (u64, little-endian). */
export const OUT_AT = 512;
/** Where the input chunk is copied. */
export const CHUNK_AT = 1024;
/** Largest chunk per call (256 blocks of 1 KiB). */
export const CHUNK_BYTES = 262144;
/** Largest run of frames per `frames` call, from `CHUNK_AT`. */
export const FRAMES_BYTES = 65536;
/** Pages of memory the module declares. */
export const PAGES = 5;
/**
 * Where `frames` gathers checksums: after the chunk, to the end of memory. The batch encoder
 * lays the batch checksum's whole input out here (44 header bytes, then 8 per frame) and
 * hashes it in place when it fits; a run's checksums always fit (8 per frame of >= 48 bytes).
 */
export const GATHER_AT = CHUNK_AT + CHUNK_BYTES;
/** Bytes from `GATHER_AT` to the end of memory. */
export const GATHER_BYTES = PAGES * 65536 - GATHER_AT;

const PRIME32_1 = 0x9e3779b1n;

// Locals shared by both functions: params first, then the eight lanes, then scratch.
// blocks(p, nb): P = 0, NB = 1; tail(p, ns, last): P = 0, NS = 1, LAST = 2.
const P = 0;
const A0 = 3; // lanes a0..a7 in locals 3..10 (i64)
const S = 11, END = 12, STRIPE_END = 13; // i32 scratch
const DV = 14, DK = 15; // i64 scratch

function loadLanes(): Ins[] {
  const b: Ins[] = [];
  for (let i = 0; i < 8; i++) b.push(op.const(LANES_AT), op.load64(8 * i), op.set(A0 + i));
  return b;
}
function storeLanes(): Ins[] {
  const b: Ins[] = [];
  for (let i = 0; i < 8; i++) b.push(op.const(LANES_AT), op.get(A0 + i), op.store64(8 * i));
  return b;
}

/** One 64-byte stripe at local `P` keyed by the secret at local `S` (+ `keyOff`). */
function stripe(keyOff: number): Ins[] {
  const b: Ins[] = [];
  for (let i = 0; i < 8; i++) {
    b.push(
      op.get(P),
      op.load64(8 * i, 0),
      op.tee(DV),
      op.get(S),
      op.load64(SECRET_AT + keyOff + 8 * i, 0),
      op.xor64,
      op.set(DK),
      // a[i ^ 1] += dv
      op.get(A0 + (i ^ 1)),
      op.get(DV),
      op.add64,
      op.set(A0 + (i ^ 1)),
      // a[i] += lo32(dk) * hi32(dk)
      op.get(A0 + i),
      op.get(DK),
      op.wrap,
      op.extendU,
      op.get(DK),
      op.const64(32),
      op.shrU64,
      op.mul64,
      op.add64,
      op.set(A0 + i),
    );
  }
  return b;
}

function scramble(): Ins[] {
  const b: Ins[] = [];
  for (let i = 0; i < 8; i++) {
    b.push(
      op.get(A0 + i),
      op.get(A0 + i),
      op.const64(47),
      op.shrU64,
      op.xor64,
      op.const(0),
      op.load64(SECRET_AT + 128 + 8 * i, 0),
      op.xor64,
      op.const64(PRIME32_1),
      op.mul64,
      op.set(A0 + i),
    );
  }
  return b;
}

const LOCALS = [I64, I64, I64, I64, I64, I64, I64, I64, I32, I32, I32, I64, I64];

/** `blocks(p, nb)`: `nb` whole 1 KiB blocks at `p` (16 stripes, then a scramble, each). */
export function xxhBlocks(): Func {
  const body: Ins[] = [
    ...loadLanes(),
    op.get(P),
    op.get(1),
    op.const(10),
    op.shl,
    op.add,
    op.set(END),
    op.block,
    op.loop,
    op.get(P),
    op.get(END),
    op.geU,
    op.brIf(1),
    op.const(0),
    op.set(S),
    op.get(P),
    op.const(1024),
    op.add,
    op.set(STRIPE_END),
    op.block,
    op.loop,
    op.get(P),
    op.get(STRIPE_END),
    op.geU,
    op.brIf(1),
    ...stripe(0),
    op.get(P),
    op.const(64),
    op.add,
    op.set(P),
    op.get(S),
    op.const(8),
    op.add,
    op.set(S),
    op.br(0),
    op.end,
    op.end,
    ...scramble(),
    op.br(0),
    op.end,
    op.end,
    ...storeLanes(),
  ];
  // The i32 params occupy 0..1; local 2 is unused padding so both functions share indices.
  return { name: "blocks", params: [I32, I32, I32], results: [], locals: LOCALS, body };
}

/** `tail(p, ns, last)`: `ns` stripes at `p` (secret from 0), then the stripe at `last` keyed at 121. */
export function xxhTail(): Func {
  const body: Ins[] = [
    ...loadLanes(),
    op.const(0),
    op.set(S),
    op.get(P),
    op.get(1),
    op.const(6),
    op.shl,
    op.add,
    op.set(STRIPE_END),
    op.block,
    op.loop,
    op.get(P),
    op.get(STRIPE_END),
    op.geU,
    op.brIf(1),
    ...stripe(0),
    op.get(P),
    op.const(64),
    op.add,
    op.set(P),
    op.get(S),
    op.const(8),
    op.add,
    op.set(S),
    op.br(0),
    op.end,
    op.end,
    op.get(2),
    op.set(P),
    op.const(0),
    op.set(S),
    ...stripe(121),
    ...storeLanes(),
  ];
  return { name: "tail", params: [I32, I32, I32], results: [], locals: LOCALS, body };
}

// ---- hash(p, n) and frames(p, end, g) ----

const PRIME64_1 = 0x9e3779b185ebca87n;
const MIX1 = 0x165667919e3779f9n;
const INIT_LANES = [
  0xc2b2ae3dn,
  PRIME64_1,
  0xc2b2ae3d27d4eb4fn,
  0x165667b19e3779f9n,
  0x85ebca77c2b2ae63n,
  0x85ebca77n,
  0x27d4eb2f165667c5n,
  0x9e3779b1n,
];

// hash(p, n): P = 0, N = 1 (i32); then i32 Q, S, E; i64 ACC, X, Y, LL, LH, HL, HH, CROSS.
const N = 1, Q = 2, HS = 3, E = 4;
const ACC = 5, X = 6, Y = 7, LL = 8, LH = 9, HL = 10, HH = 11, CROSS = 12;
const HASH_LOCALS = [I32, I32, I32, I64, I64, I64, I64, I64, I64, I64, I64];

/** Pushes `lo64(X × Y) ^ hi64(X × Y)`: the 128-bit product from four products of 32-bit halves. */
function fold(): Ins[] {
  const lo = (l: number): Ins[] => [op.get(l), op.wrap, op.extendU];
  const hi = (l: number): Ins[] => [op.get(l), op.const64(32), op.shrU64];
  return [
    ...lo(X),
    ...lo(Y),
    op.mul64,
    op.set(LL),
    ...lo(X),
    ...hi(Y),
    op.mul64,
    op.set(LH),
    ...hi(X),
    ...lo(Y),
    op.mul64,
    op.set(HL),
    ...hi(X),
    ...hi(Y),
    op.mul64,
    op.set(HH),
    // cross = (ll >> 32) + lo32(lh) + hl: below 2^64.
    ...hi(LL),
    ...lo(LH),
    op.add64,
    op.get(HL),
    op.add64,
    op.set(CROSS),
    // low half: cross << 32 | lo32(ll); high half: hh + (lh >> 32) + (cross >> 32).
    op.get(CROSS),
    op.const64(32),
    op.shl64,
    ...lo(LL),
    op.or64,
    op.get(HH),
    ...hi(LH),
    op.add64,
    ...hi(CROSS),
    op.add64,
    op.xor64,
  ];
}

/**
 * `acc += mix16B(input at addr, secret at sAddr + sOff)`: `addr` and `sAddr` push i32
 * addresses (the secret sits at 0, so a secret offset is its address).
 */
function mix16(addr: Ins[], sAddr: Ins[], sOff: number): Ins[] {
  return [
    ...addr,
    op.load64(0, 0),
    ...sAddr,
    op.load64(SECRET_AT + sOff, 0),
    op.xor64,
    op.set(X),
    ...addr,
    op.load64(8, 0),
    ...sAddr,
    op.load64(SECRET_AT + sOff + 8, 0),
    op.xor64,
    op.set(Y),
    ...fold(),
    op.get(ACC),
    op.add64,
    op.set(ACC),
  ];
}

/** `acc = avalanche(acc)`: `h ^= h >> 37; h *= MIX1; h ^= h >> 32`. */
function avalanche(): Ins[] {
  return [
    op.get(ACC),
    op.get(ACC),
    op.const64(37),
    op.shrU64,
    op.xor64,
    op.const64(MIX1),
    op.mul64,
    op.tee(ACC),
    op.get(ACC),
    op.const64(32),
    op.shrU64,
    op.xor64,
    op.set(ACC),
  ];
}

const startAcc: Ins[] = [op.get(N), op.extendU, op.const64(PRIME64_1), op.mul64, op.set(ACC)];

/** 17 to 128 bytes: pair `i` is 16 bytes from the head at `16i` and from the tail, keyed at `32i`, `32i + 16`. */
function len17to128(): Ins[] {
  return [
    ...startAcc,
    op.const(0),
    op.set(Q),
    op.loop,
    op.get(Q),
    op.get(Q),
    op.add,
    op.set(HS),
    ...mix16([op.get(P), op.get(Q), op.add], [op.get(HS)], 0),
    op.get(P),
    op.get(N),
    op.add,
    op.get(Q),
    op.sub,
    op.const(16),
    op.sub,
    op.set(E),
    ...mix16([op.get(E)], [op.get(HS)], 16),
    op.get(Q),
    op.const(16),
    op.add,
    op.tee(Q),
    // another pair while 32 × pairs done < n: 1 pair to 32 bytes, 2 to 64, 3 to 96, 4 to 128.
    op.get(Q),
    op.add,
    op.get(N),
    op.ltU,
    op.brIf(0),
    op.end,
  ];
}

/** 129 to 240 bytes: eight rounds, an avalanche, the rounds past 128 keyed from 3, the last 16 bytes at 119. */
function len129to240(): Ins[] {
  return [
    ...startAcc,
    op.const(0),
    op.set(Q),
    op.loop,
    ...mix16([op.get(P), op.get(Q), op.add], [op.get(Q)], 0),
    op.get(Q),
    op.const(16),
    op.add,
    op.tee(Q),
    op.const(128),
    op.ltU,
    op.brIf(0),
    op.end,
    ...avalanche(),
    op.get(N),
    op.const(-16),
    op.and,
    op.set(E),
    op.block,
    op.loop,
    op.get(Q),
    op.get(E),
    op.geU,
    op.brIf(1),
    ...mix16([op.get(P), op.get(Q), op.add], [op.get(Q), op.const(125), op.sub], 0),
    op.get(Q),
    op.const(16),
    op.add,
    op.set(Q),
    op.br(0),
    op.end,
    op.end,
    ...mix16([op.get(P), op.get(N), op.add, op.const(16), op.sub], [op.const(0)], 119),
  ];
}

/** More than 240 bytes: the lanes through `blocks` and `tail` (functions 0 and 1), then the merge. */
function lenLong(): Ins[] {
  const b: Ins[] = [];
  for (let i = 0; i < 8; i++) b.push(op.const(LANES_AT), op.const64(INIT_LANES[i]), op.store64(8 * i));
  b.push(
    // whole blocks (E bytes of them): those before the last byte, (n - 1) >> 10
    op.get(N),
    op.const(1),
    op.sub,
    op.const(10),
    op.shrU,
    op.const(10),
    op.shl,
    op.set(E),
    op.get(P),
    op.get(E),
    op.const(10),
    op.shrU,
    op.const(0), // blocks' third, unused, parameter
    op.call(0),
    // the last partial block's stripes, then the last 64 bytes keyed at 121
    op.get(P),
    op.get(E),
    op.add,
    op.get(N),
    op.const(1),
    op.sub,
    op.get(E),
    op.sub,
    op.const(6),
    op.shrU,
    op.get(P),
    op.get(N),
    op.add,
    op.const(64),
    op.sub,
    op.call(1),
    ...startAcc,
    op.const(0),
    op.set(Q),
    op.loop,
    op.get(Q),
    op.load64(LANES_AT, 0),
    op.get(Q),
    op.load64(SECRET_AT + 11, 0),
    op.xor64,
    op.set(X),
    op.get(Q),
    op.load64(LANES_AT + 8, 0),
    op.get(Q),
    op.load64(SECRET_AT + 19, 0),
    op.xor64,
    op.set(Y),
    ...fold(),
    op.get(ACC),
    op.add64,
    op.set(ACC),
    op.get(Q),
    op.const(16),
    op.add,
    op.tee(Q),
    op.const(64),
    op.ltU,
    op.brIf(0),
    op.end,
  );
  return b;
}

/** `hash(p, n)`: XXH3-64 (seed 0) of the `n >= 17` bytes at `p`, stored at `OUT_AT`. */
export function xxhHash(): Func {
  const body: Ins[] = [
    op.get(N),
    op.const(128),
    op.gtU,
    op.if,
    op.get(N),
    op.const(240),
    op.gtU,
    op.if,
    ...lenLong(),
    op.else,
    ...len129to240(),
    op.end,
    op.else,
    ...len17to128(),
    op.end,
    ...avalanche(),
    op.const(OUT_AT),
    op.get(ACC),
    op.store64(0),
  ];
  return { name: "hash", params: [I32, I32], results: [], locals: HASH_LOCALS, body };
}

/**
 * `frames(p, end, g)`: hashes every frame from `p` to `end` through `hash` (function 2), the
 * bytes after its checksum field (40 header bytes + the lengths at +32 and +36), stores each
 * checksum at the frame's start and at `g`, `g + 8`, ….
 */
export function xxhFrames(): Func {
  const FP = 0, FEND = 1, FG = 2, FN = 3, FV = 4;
  const body: Ins[] = [
    op.block,
    op.loop,
    op.get(FP),
    op.get(FEND),
    op.geU,
    op.brIf(1),
    op.get(FP),
    op.load(32, 0),
    op.get(FP),
    op.load(36, 0),
    op.add,
    op.const(40),
    op.add,
    op.set(FN),
    op.get(FP),
    op.const(8),
    op.add,
    op.get(FN),
    op.call(2),
    op.const(OUT_AT),
    op.load64(0),
    op.set(FV),
    op.get(FP),
    op.get(FV),
    op.store64(0, 0),
    op.get(FG),
    op.get(FV),
    op.store64(0, 0),
    op.get(FG),
    op.const(8),
    op.add,
    op.set(FG),
    op.get(FP),
    op.get(FN),
    op.add,
    op.const(8),
    op.add,
    op.set(FP),
    op.br(0),
    op.end,
    op.end,
  ];
  return { name: "frames", params: [I32, I32, I32], results: [], locals: [I32, I64], body };
}
