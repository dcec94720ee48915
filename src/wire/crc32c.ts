/**
 * CRC-32C (Castagnoli, reflected, polynomial 0x82F63B78), the checksum of Kafka's
 * RecordBatch (message format v2), computed from the `attributes` field to the end of the
 * batch.
 *
 * From 256 bytes up the work goes to a small WebAssembly kernel (made on first use; see
 * `_crc32c_wasm.ts`); shorter inputs, and runtimes without WebAssembly, use the pure-TS
 * slice-by-16 kernel. Both give the same results.
 *
 * @module
 */

import { buildSlice16, updateSlice16 } from "./_crc_slice16.ts";
import { updateWasm, WASM_MIN } from "./_crc32c_wasm.ts";

let table: Int32Array | undefined;

/**
 * CRC-32C of `bytes` as an unsigned 32-bit number. To checksum data that arrives in pieces,
 * pass the previous result as `initial`: `crc32c(b, crc32c(a))` equals `crc32c(a ++ b)`.
 *
 * @example
 * ```ts
 * import { crc32c } from "@streamwire/codec/wire";
 * const data = new TextEncoder().encode("123456789");
 * console.log(crc32c(data).toString(16)); // e3069283
 * console.log(crc32c(data.subarray(4), crc32c(data.subarray(0, 4))) === crc32c(data)); // true
 * ```
 */
export function crc32c(bytes: Uint8Array, initial = 0): number {
  // The table is built on first use so importing the wire module costs nothing.
  const t = table ??= buildSlice16(0x82f63b78);
  if (bytes.length >= WASM_MIN) {
    const c = updateWasm(t, ~initial, bytes);
    if (c !== undefined) return ~c >>> 0;
  }
  return ~updateSlice16(t, ~initial, bytes) >>> 0;
}
