/**
 * Private: XXH3-64 through the generated WebAssembly kernel (src/wire/_generated/xxh3_wasm.ts),
 * where 64-bit lanes and multiplies are native: the striped part of long inputs, whole hashes
 * of 17 to 240 bytes, and the Iggy batch encoder's runs of frames. Made on first use and
 * skipped where WebAssembly is missing or refused (src/wire/xxh3.ts then uses its JS paths).
 *
 * @module
 */

import { CHUNK_AT, CHUNK_BYTES, LANES_AT, OUT_AT, SECRET_AT, xxh3WasmBytes } from "./_generated/xxh3_wasm.ts";

/** The instantiated kernel: its memory, views of it, and its exports. */
export type Xxh3Kernel = {
  /** The whole memory. */
  mem: Uint8Array;
  /** The same memory, for the frame headers the batch encoder writes there. */
  dv: DataView;
  /** The eight lanes, `[lo0, hi0, …]`. */
  lanes: Uint32Array;
  /** `hash`'s result, `[lo, hi]`. */
  res: Uint32Array;
  blocks: (p: number, nb: number) => void;
  tail: (p: number, ns: number, last: number) => void;
  /** XXH3-64 of the `n >= 17` bytes at `p`, into `res`. */
  hash: (p: number, n: number) => void;
  /** Checksums every frame from `p` to `end` in place and gathers them at `g`. */
  frames: (p: number, end: number, g: number) => void;
};

/** undefined: not tried yet; null: unavailable here. */
let kernel: Xxh3Kernel | null | undefined;

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function instantiate(secret: Uint8Array): Xxh3Kernel | null {
  // Lanes are read and written through a host-order view: wasm's order only on LE hosts.
  if (!LITTLE_ENDIAN || typeof WebAssembly !== "object") return null;
  try {
    const inst = new WebAssembly.Instance(new WebAssembly.Module(xxh3WasmBytes() as BufferSource), {});
    const e = inst.exports as Record<string, unknown>;
    const mem = new Uint8Array((e.memory as WebAssembly.Memory).buffer);
    mem.set(secret, SECRET_AT);
    // The memory never grows, so these views stay valid.
    return {
      mem,
      dv: new DataView(mem.buffer),
      lanes: new Uint32Array(mem.buffer, LANES_AT, 16),
      res: new Uint32Array(mem.buffer, OUT_AT, 2),
      blocks: e.blocks as Xxh3Kernel["blocks"],
      tail: e.tail as Xxh3Kernel["tail"],
      hash: e.hash as Xxh3Kernel["hash"],
      frames: e.frames as Xxh3Kernel["frames"],
    };
  } catch {
    return null;
  }
}

/**
 * The kernel, instantiated with `secret` (XXH3's default secret) on the first call; null
 * where WebAssembly is unavailable or the host is big-endian.
 */
export function xxh3Kernel(secret: Uint8Array): Xxh3Kernel | null {
  if (kernel === undefined) kernel = instantiate(secret);
  return kernel;
}

/**
 * Runs the stripes of `XXH3_hashLong_64b` over `b` (more than 240 bytes) from the lanes
 * `init` (`[lo0, hi0, …, lo7, hi7]`) and returns the final lanes in the same layout (a view
 * valid until the next call), or undefined when the kernel is unavailable.
 */
export function stripedLanesWasm(
  b: Uint8Array,
  secret: Uint8Array,
  init: Uint32Array,
): Uint32Array | undefined {
  const k = xxh3Kernel(secret);
  if (k === null) return undefined;
  const { mem, lanes, blocks, tail } = k;
  const n = b.length;
  lanes.set(init);
  const whole = Math.floor((n - 1) / 1024) * 1024;
  for (let o = 0; o < whole; o += CHUNK_BYTES) {
    const len = Math.min(CHUNK_BYTES, whole - o);
    mem.set(b.subarray(o, o + len), CHUNK_AT);
    blocks(CHUNK_AT, len >>> 10);
  }
  // The last partial block's stripes, then the last 64 bytes (which may reach back into the
  // previous block): copied together from whichever starts first.
  const stripes = ((n - 1 - whole) / 64) | 0;
  const from = Math.min(whole, n - 64);
  mem.set(b.subarray(from, n), CHUNK_AT);
  tail(CHUNK_AT + (whole - from), stripes, CHUNK_AT + (n - 64 - from));
  return lanes;
}
