/**
 * Source of the XXH3-64 WebAssembly kernel for long inputs (`src/wire/_generated/xxh3_wasm.ts`
 * is generated from it by `deno task wasm`): the striped accumulation of `XXH3_hashLong_64b`
 * over eight 64-bit lanes, which JS can only emulate with 32-bit halves and deferred carries.
 * The merge of the lanes into the hash stays in JS (src/wire/xxh3.ts): it runs once per input.
 *
 * Memory: the 192-byte secret at `SECRET_AT`, the eight lanes (u64, little-endian) at
 * `LANES_AT`, the input chunk at `CHUNK_AT` (at most `CHUNK_BYTES`, a whole number of 1 KiB
 * blocks).
 *
 * @module
 */

import { type Func, I32, I64, type Ins, op } from "./asm.ts";

/** Where the secret is copied. */
export const SECRET_AT = 0;
/** Where the eight lanes live between calls. */
export const LANES_AT = 256;
/** Where the input chunk is copied. */
export const CHUNK_AT = 1024;
/** Largest chunk per call (256 blocks of 1 KiB). */
export const CHUNK_BYTES = 262144;
/** Pages of memory the module declares. */
export const PAGES = 5;

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
