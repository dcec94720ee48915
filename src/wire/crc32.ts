/**
 * CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), the checksum of Kafka's legacy
 * MessageSet (message format v0/v1).
 *
 * @module
 */

import { buildSlice16, updateSlice16 } from "./_crc_slice16.ts";

let table: Int32Array | undefined;

/**
 * CRC-32 of `bytes` as an unsigned 32-bit number. To checksum data that arrives in pieces,
 * pass the previous result as `initial`: `crc32(b, crc32(a))` equals `crc32(a ++ b)`.
 *
 * @example
 * ```ts
 * import { crc32 } from "@streamwire/codec/wire";
 * const data = new TextEncoder().encode("123456789");
 * console.log(crc32(data).toString(16)); // cbf43926
 * console.log(crc32(data.subarray(4), crc32(data.subarray(0, 4))) === crc32(data)); // true
 * ```
 */
export function crc32(bytes: Uint8Array, initial = 0): number {
  // The table is built on first use so importing the wire module costs nothing.
  table ??= buildSlice16(0xedb88320);
  return ~updateSlice16(table, ~initial, bytes) >>> 0;
}
