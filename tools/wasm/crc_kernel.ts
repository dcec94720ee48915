/**
 * Source of the WebAssembly CRC kernel (`src/wire/_crc_wasm.ts` is generated from it by
 * `deno task wasm`): reflected table-driven CRC, slice-by-16 over aligned u32 words.
 *
 * Memory layout (one module instance per polynomial): bytes 0–16383 hold the 16 × 256 slice
 * table (entry `k * 256 + b` at byte `4 * (k * 256 + b)`, as `buildSlice16` lays it out);
 * the input chunk is copied to `CHUNK_AT` and is at most `CHUNK_BYTES` long.
 *
 * Why WebAssembly wins where JS does not: the JS loop is bound by the bounds checks V8 and JSC
 * keep on every table lookup and input load; a wasm load's check is done by guard pages, and
 * the slice number is folded into the load's constant offset, so a lookup is shift, and, load,
 * xor.
 *
 * @module
 */

import { type Func, I32, type Ins, op, V128 } from "./asm.ts";

/** Where the input chunk starts in the module's memory. */
export const CHUNK_AT = 65536;
/** Largest chunk the caller copies in per call. */
export const CHUNK_BYTES = 262144;
/** Pages of memory the module declares: table page + chunk page. */
export const PAGES = 5;

// Locals of `update(c, p, n)`.
const C = 0, P = 1, N = 2, END = 3, END16 = 4, A = 5, X = 6, Y = 7, Z = 8;

/** Table lookup for byte `b` (0 = lowest) of local `w`, from slice `k`. */
function lookup(w: number, b: number, k: number): Ins[] {
  const shift = b === 0 ? [op.get(w), op.const(2), op.shl] : [op.get(w), op.const(8 * b - 2), op.shrU];
  return [...shift, op.const(0x3fc), op.and, op.load(k * 1024)];
}

/** `update(c, p, n) -> c`: advances the raw (inverted) register `c` over memory `[p, p + n)`; `p` is 4-aligned. */
export function crcUpdate(): Func {
  const body: Ins[] = [
    op.get(P),
    op.get(N),
    op.add,
    op.set(END),
    op.get(P),
    op.get(N),
    op.const(-16),
    op.and,
    op.add,
    op.set(END16),
    op.block,
    op.loop,
    op.get(P),
    op.get(END16),
    op.geU,
    op.brIf(1),
    op.get(P),
    op.load(0),
    op.get(C),
    op.xor,
    op.set(A),
    op.get(P),
    op.load(4),
    op.set(X),
    op.get(P),
    op.load(8),
    op.set(Y),
    op.get(P),
    op.load(12),
    op.set(Z),
  ];
  const terms: Ins[][] = [];
  const words = [A, X, Y, Z];
  for (let w = 0; w < 4; w++) for (let b = 0; b < 4; b++) terms.push(lookup(words[w], b, 15 - (4 * w + b)));
  body.push(...terms[0]);
  for (let i = 1; i < terms.length; i++) body.push(...terms[i], op.xor);
  body.push(
    op.set(C),
    op.get(P),
    op.const(16),
    op.add,
    op.set(P),
    op.br(0),
    op.end,
    op.end,
    // Up to 15 bytes: one at a time.
    op.block,
    op.loop,
    op.get(P),
    op.get(END),
    op.geU,
    op.brIf(1),
    op.get(C),
    op.get(P),
    op.load8(0),
    op.xor,
    op.const(255),
    op.and,
    op.const(2),
    op.shl,
    op.load(0),
    op.get(C),
    op.const(8),
    op.shrU,
    op.xor,
    op.set(C),
    op.get(P),
    op.const(1),
    op.add,
    op.set(P),
    op.br(0),
    op.end,
    op.end,
    op.get(C),
  );
  return {
    name: "update",
    params: [I32, I32, I32],
    results: [I32],
    locals: [I32, I32, I32, I32, I32, I32],
    body,
  };
}

/**
 * Exponents (in 64-bit words) of a sparse multiple of the CRC-32C polynomial:
 * x^(64·209) + x^(64·144) + x^(64·54) + x^(64·39) + x^(64·14) + 1 ≡ 0 (mod 0x1EDC6F41). The
 * polynomial has the factor x + 1, so every multiple has an even number of terms; six is the
 * fewest with a span under 2 KiB (four need 5275 words). Found by a meet-in-the-middle search
 * over x^(64k) mod P; `verifyMultiple` re-checks it whenever the module is generated.
 */
export const MULTIPLE = [209, 144, 54, 39, 14, 0] as const;

/** Throws unless `MULTIPLE` is a multiple of the Castagnoli polynomial (normal form, x^32 implicit). */
export function verifyMultiple(): void {
  const poly = 0x1edc6f41;
  let acc = 0;
  for (const e of MULTIPLE) {
    let r = 1;
    for (let k = 0; k < 64 * e; k++) r = r & 0x80000000 ? ((r << 1) ^ poly) >>> 0 : (r << 1) >>> 0;
    acc ^= r;
  }
  if (acc !== 0) throw new Error(`MULTIPLE is not a multiple of the CRC-32C polynomial (remainder ${acc})`);
}

/** Bytes the multiple spans: the zeroed gap the kernel reads before the chunk, and the table-driven tail. */
export const SPAN = 8 * MULTIPLE[0];

// Locals of `chorba(c, p, n)`.
const KEND = 3, Q = 4, LIM = 5, END8 = 6;

/**
 * `chorba(c, p, n) -> c` (function index 1; calls `update`, index 0): the same result as
 * `update`, for `n >= SPAN + 8`, destroying memory `[p, p + n)`; `p` is 8-aligned and the
 * `SPAN` bytes before it are zero.
 *
 * The Chorba method (S. Russell, 2024): a 64-bit word `w` at stream word `k` stands for
 * `w · x^e`; since the multiple is ≡ 0, it can be replaced by `w` XORed into words `k + 209 −
 * e_j` for the other exponents, without changing the CRC. Done for every word but the last
 * 209, in pull form (word `i` absorbs the already-final words `i − 65`, `i − 155`, `i − 170`,
 * `i − 195`, `i − 209`: five loads and one store, no table), the message becomes zeros — which
 * leave a zero register unchanged — followed by 209 words that the table loop finishes. The
 * register `c` enters as an XOR into the first four bytes.
 */
export function crcChorba(): Func {
  return chorba(8);
}

/**
 * The same loop over 128-bit words (SIMD): by the Frobenius map (squaring is linear over
 * GF(2)), the multiple's exponents also hold in units of x^128, so the span doubles to
 * `SPAN_SIMD` and each step does half the instructions per byte.
 */
export function crcChorbaSimd(): Func {
  return chorba(16);
}

/** Bytes the multiple spans in 128-bit words. */
export const SPAN_SIMD = 16 * MULTIPLE[0];

function chorba(unit: 8 | 16): Func {
  const SPAN = unit * MULTIPLE[0];
  const offs = MULTIPLE.slice(1).map((e) => unit * e); // word i − (209 − e) is at Q + unit·e, Q = p_i − SPAN
  const load = unit === 8 ? op.load64 : op.load128;
  const pull = (guard: boolean): Ins[] => {
    const b: Ins[] = [op.get(Q), op.get(Q), load(SPAN)];
    for (const o of offs) {
      b.push(op.get(Q), load(o));
      if (guard) {
        b.push(unit === 8 ? op.const64(0) : op.zero128, op.get(Q), op.const(o), op.add, op.get(KEND), op.ltU);
        b.push(unit === 8 ? op.select : op.selectT(V128));
      }
      b.push(unit === 8 ? op.xor64 : op.xor128);
    }
    b.push(unit === 8 ? op.store64(SPAN) : op.store128(SPAN), op.get(Q), op.const(unit), op.add, op.set(Q));
    return b;
  };
  const body: Ins[] = [
    op.get(P),
    op.get(P),
    op.load(0),
    op.get(C),
    op.xor,
    op.store(0),
    // KEND = p + unit * (floor(n / unit) − 209), END8 = p + unit * floor(n / unit)
    op.get(P),
    op.get(N),
    op.const(-unit),
    op.and,
    op.add,
    op.set(END8),
    op.get(END8),
    op.const(SPAN),
    op.sub,
    op.set(KEND),
    op.get(P),
    op.const(SPAN),
    op.sub,
    op.set(Q),
    op.get(KEND),
    op.const(SPAN),
    op.sub,
    op.set(LIM),
    op.block,
    op.loop,
    op.get(Q),
    op.get(LIM),
    op.geU,
    op.brIf(1),
    ...pull(false),
    op.br(0),
    op.end,
    op.end,
    op.get(END8),
    op.const(SPAN),
    op.sub,
    op.set(LIM),
    op.block,
    op.loop,
    op.get(Q),
    op.get(LIM),
    op.geU,
    op.brIf(1),
    ...pull(true),
    op.br(0),
    op.end,
    op.end,
    op.const(0),
    op.get(KEND),
    op.get(P),
    op.get(N),
    op.add,
    op.get(KEND),
    op.sub,
    op.call(0),
  ];
  return {
    name: "chorba",
    params: [I32, I32, I32],
    results: [I32],
    locals: [I32, I32, I32, I32],
    body,
  };
}
