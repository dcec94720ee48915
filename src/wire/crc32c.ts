/**
 * CRC-32C (Castagnoli, reflected, polynomial 0x82F63B78), the checksum of Kafka's
 * RecordBatch (message format v2), computed from the `attributes` field to the end of the
 * batch.
 *
 * @module
 */

import { buildSlice16, updateSlice16 } from "./_crc_slice16.ts";

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
  table ??= buildSlice16(0x82f63b78);
  return ~updateSlice16(table, ~initial, bytes) >>> 0;
}
