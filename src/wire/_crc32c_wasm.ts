/**
 * Private: runs CRC-32C through the generated WebAssembly kernel (src/wire/_generated/), made
 * on first use (never at import) and only where WebAssembly exists and accepts it; otherwise
 * callers stay on the pure-TS slice-by-16 path.
 *
 * Input is copied into the module's memory in chunks (a copy runs at 30–50 GB/s, against
 * 1–2 GB/s for the JS kernel, so it costs a few per cent). Measured in one process (CPU
 * clock, bench/checksums.bench.ts): the wasm slice-by-16 `update` ties the JS one at 140 B
 * and wins from 256 B up (1.2–1.6× at 1 KiB); the table-free `chorba` loop beats it from
 * about 4 KiB and runs at 2.5–5× the JS kernel from 64 KiB up.
 *
 * @module
 */

import { CHUNK_AT, CHUNK_BYTES, crc32cWasmBytes, SPAN } from "./_generated/crc32c_wasm.ts";

/** Inputs shorter than this stay in JS: at 140 B the call and copy cost what the kernel saves. */
export const WASM_MIN = 256;
/** From here the table-free loop beats slice-by-16 (it needs `SPAN + 8` bytes at least). */
const CHORBA_MIN = 4096;

type Kernel = {
  mem: Uint8Array;
  update: (c: number, p: number, n: number) => number;
  chorba: (c: number, p: number, n: number) => number;
};

/** undefined: not tried yet; null: unavailable here (no WebAssembly, refused, or big-endian). */
let kernel: Kernel | null | undefined;

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function instantiate(table: Int32Array): Kernel | null {
  // The table is copied in through a host-order view, which matches wasm's order only on LE.
  if (!LITTLE_ENDIAN || typeof WebAssembly !== "object") return null;
  try {
    const inst = new WebAssembly.Instance(new WebAssembly.Module(crc32cWasmBytes() as BufferSource), {});
    const e = inst.exports as Record<string, unknown>;
    const mem = new Uint8Array((e.memory as WebAssembly.Memory).buffer);
    new Int32Array(mem.buffer, 0, table.length).set(table);
    return { mem, update: e.update as Kernel["update"], chorba: e.chorba as Kernel["chorba"] };
  } catch {
    // A content-security policy or a JIT-less engine refuses to compile: stay on JS.
    return null;
  }
}

/**
 * Advances the raw register `crc` over `bytes` with the wasm kernel, or returns undefined if
 * the kernel is unavailable. `table` is the CRC-32C slice-by-16 table (copied in once).
 */
export function updateWasm(table: Int32Array, crc: number, bytes: Uint8Array): number | undefined {
  if (kernel === undefined) kernel = instantiate(table);
  if (kernel === null) return undefined;
  const { mem, update, chorba } = kernel;
  let c = crc | 0;
  for (let o = 0; o < bytes.length; o += CHUNK_BYTES) {
    const part = o === 0 && bytes.length <= CHUNK_BYTES ? bytes : bytes.subarray(o, o + CHUNK_BYTES);
    mem.set(part, CHUNK_AT);
    const n = part.length;
    c = n >= CHORBA_MIN && n >= SPAN + 8 ? chorba(c, CHUNK_AT, n) : update(c, CHUNK_AT, n);
  }
  return c;
}
