/**
 * A tiny WebAssembly binary assembler: just the instructions the checksum kernels use, so that
 * the kernels' source is readable TypeScript in this folder and their bytes need no external
 * tool. Each helper returns the instruction's encoding; a function body is a flat list of them.
 *
 * @module
 */

/** Unsigned LEB128. */
export function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

/** Signed LEB128 of a 32-bit value. */
export function sleb(n: number): number[] {
  const out: number[] = [];
  n |= 0;
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

/** Signed LEB128 of a 64-bit value. */
export function sleb64(v: bigint): number[] {
  const out: number[] = [];
  let n = BigInt.asIntN(64, v);
  for (;;) {
    const b = Number(n & 0x7fn);
    n >>= 7n;
    if ((n === 0n && (b & 0x40) === 0) || (n === -1n && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

/** Value types. */
export const I32 = 0x7f, I64 = 0x7e, V128 = 0x7b;

/** Instruction encodings (a subset of the MVP). */
export const op = {
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  end: [0x0b],
  br: (depth: number) => [0x0c, ...uleb(depth)],
  brIf: (depth: number) => [0x0d, ...uleb(depth)],
  call: (f: number) => [0x10, ...uleb(f)],
  get: (i: number) => [0x20, ...uleb(i)],
  set: (i: number) => [0x21, ...uleb(i)],
  tee: (i: number) => [0x22, ...uleb(i)],
  /** `i32.load` with alignment log2 `align` and constant `offset`. */
  load: (offset = 0, align = 2) => [0x28, ...uleb(align), ...uleb(offset)],
  load64: (offset = 0, align = 3) => [0x29, ...uleb(align), ...uleb(offset)],
  load8: (offset = 0) => [0x2d, 0, ...uleb(offset)],
  store: (offset = 0, align = 2) => [0x36, ...uleb(align), ...uleb(offset)],
  store64: (offset = 0, align = 3) => [0x37, ...uleb(align), ...uleb(offset)],
  select: [0x1b],
  const: (v: number) => [0x41, ...sleb(v)],
  const64: (v: number | bigint) => [0x42, ...(typeof v === "bigint" ? sleb64(v) : sleb(v))],
  ltU: [0x49],
  geU: [0x4f],
  add: [0x6a],
  sub: [0x6b],
  and: [0x71],
  xor: [0x73],
  shl: [0x74],
  shrU: [0x76],
  xor64: [0x85],
  add64: [0x7c],
  mul64: [0x7e],
  extendU: [0xad],
  /** SIMD (the 128-bit proposal, in every engine since 2021–2023). */
  load128: (offset = 0, align = 4) => [0xfd, 0x00, ...uleb(align), ...uleb(offset)],
  store128: (offset = 0, align = 4) => [0xfd, 0x0b, ...uleb(align), ...uleb(offset)],
  zero128: [0xfd, 0x0c, ...new Array(16).fill(0)],
  xor128: [0xfd, 0x51],
  /** `select` with an explicit result type (needed for v128). */
  selectT: (t: number) => [0x1c, 0x01, t],
  wrap: [0xa7],
  shrU64: [0x88],
  /** Structured `if` without a result, and its `else`. */
  if: [0x04, 0x40],
  else: [0x05],
  gtU: [0x4b],
  /** `i64.load32_u` (unaligned). */
  load64u32: (offset = 0) => [0x35, 0, ...uleb(offset)],
  and64: [0x83],
  or64: [0x84],
  shl64: [0x86],
} as const;

/** One instruction's encoding. */
export type Ins = readonly number[];

/** One exported function: its signature, extra locals and body (without the final `end`). */
export type Func = { name: string; params: number[]; results: number[]; locals: number[]; body: Ins[] };

function section(id: number, payload: number[]): number[] {
  return [id, ...uleb(payload.length), ...payload];
}
function vec(items: number[][]): number[] {
  return [...uleb(items.length), ...items.flat()];
}
function name(s: string): number[] {
  const b = [...new TextEncoder().encode(s)];
  return [...uleb(b.length), ...b];
}

/** A module with one memory of `pages` 64 KiB pages exported as `memory`, and `funcs` exported by name. */
export function module(pages: number, funcs: Func[]): Uint8Array {
  const types = funcs.map((f) => [0x60, ...vec(f.params.map((t) => [t])), ...vec(f.results.map((t) => [t]))]);
  const codes = funcs.map((f) => {
    const locals = vec(f.locals.map((t) => [1, t]));
    const body = [...locals, ...f.body.flat(), 0x0b];
    return [...uleb(body.length), ...body];
  });
  return new Uint8Array([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, vec(types)),
    ...section(3, vec(funcs.map((_, i) => uleb(i)))),
    ...section(5, vec([[0x00, ...uleb(pages)]])),
    ...section(
      7,
      vec([[...name("memory"), 0x02, 0], ...funcs.map((f, i) => [...name(f.name), 0x00, ...uleb(i)])]),
    ),
    ...section(10, vec(codes)),
  ]);
}
