/**
 * Private: runs CRC-32C through the generated WebAssembly kernels (src/wire/_generated/),
 * made on first use (never at import) and only where WebAssembly exists and accepts them;
 * otherwise callers stay on the pure-TS slice-by-16 path. The SIMD module is preferred; the
 * MVP one (64-bit words) serves engines without wasm SIMD.
 *
 * Input is copied into the module's memory in chunks: a copy runs at 30–50 GB/s, against
 * 1–2 GB/s for the JS kernel on the shared bench machine, so it costs a few per cent.
 * Measured in one process (CPU clock; bench/targets.bench.ts and tools/wasm/crc_kernel.ts):
 * the wasm slice-by-16 `update` ties the JS one at 140 B and wins from 256 B up (1.2–1.7× at
 * 1 KiB); the table-free `chorba` loop beats it from about 4 KiB and runs at about 3× (MVP)
 * and 5× (SIMD) the JS kernel at 1 MiB on V8 and JSC.
 *
 * @module
 */

import {
  CHUNK_AT,
  CHUNK_BYTES,
  crc32cSimdBytes,
  crc32cWasmBytes,
  SPAN,
  SPAN_SIMD,
} from "./_generated/crc32c_wasm.ts";

/** Inputs shorter than this stay in JS: at 140 B the call and copy cost what the kernel saves. */
export const WASM_MIN = 256;
/** From here the table-free loop beats slice-by-16 (the MVP and SIMD loops both win by 4 KiB). */
const CHORBA_MIN = 4096;

/** One instantiated kernel module. */
export type Kernel = {
  mem: Uint8Array;
  update: (c: number, p: number, n: number) => number;
  chorba: (c: number, p: number, n: number) => number;
  /** Smallest input `chorba` accepts. */
  chorbaMin: number;
};

/** undefined: not tried yet; null: unavailable here (no WebAssembly, refused, or big-endian). */
let kernel: Kernel | null | undefined;

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Instantiates the SIMD or the MVP module with `table`, or returns null where that fails. */
export function makeKernel(table: Int32Array, simd: boolean): Kernel | null {
  // The table is copied in through a host-order view, which matches wasm's order only on LE.
  if (!LITTLE_ENDIAN || typeof WebAssembly !== "object") return null;
  try {
    const bytes = simd ? crc32cSimdBytes() : crc32cWasmBytes();
    const inst = new WebAssembly.Instance(new WebAssembly.Module(bytes as BufferSource), {});
    const e = inst.exports as Record<string, unknown>;
    const mem = new Uint8Array((e.memory as WebAssembly.Memory).buffer);
    new Int32Array(mem.buffer, 0, table.length).set(table);
    return {
      mem,
      update: e.update as Kernel["update"],
      chorba: e.chorba as Kernel["chorba"],
      chorbaMin: Math.max(CHORBA_MIN, simd ? SPAN_SIMD + 16 : SPAN + 8),
    };
  } catch {
    // No SIMD, a content-security policy, or a JIT-less engine: the caller falls back.
    return null;
  }
}

/** Advances the raw register `crc` over `bytes` with kernel `k`. */
export function updateWith(k: Kernel, crc: number, bytes: Uint8Array): number {
  const { mem, update, chorba, chorbaMin } = k;
  let c = crc | 0;
  for (let o = 0; o < bytes.length; o += CHUNK_BYTES) {
    const part = o === 0 && bytes.length <= CHUNK_BYTES ? bytes : bytes.subarray(o, o + CHUNK_BYTES);
    mem.set(part, CHUNK_AT);
    const n = part.length;
    c = n >= chorbaMin ? chorba(c, CHUNK_AT, n) : update(c, CHUNK_AT, n);
  }
  return c;
}

/**
 * Advances the raw register `crc` over `bytes` with the best kernel this engine runs, or
 * returns undefined when none does. `table` is the CRC-32C slice-by-16 table (copied in once).
 */
export function updateWasm(table: Int32Array, crc: number, bytes: Uint8Array): number | undefined {
  if (kernel === undefined) kernel = makeKernel(table, true) ?? makeKernel(table, false);
  return kernel === null ? undefined : updateWith(kernel, crc, bytes);
}
