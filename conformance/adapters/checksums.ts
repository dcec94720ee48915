/**
 * Checksum vectors: the bytes are the input, the value the checksum as a decimal string.
 *
 * @module
 */

import { xxh3_64 } from "../../src/wire/xxh3.ts";
import type { ProtocolAdapters } from "../lib/types.ts";
import type { DecimalString } from "../lib/json.ts";

/** A checksum vector's value: the u64 checksum. */
export type ChecksumJson = DecimalString;

/** The type of each file's values (read by conformance/lib/iggy_value_schemas.ts). */
export const IGGY_CHECKSUM_VALUE_TYPES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Xxh3_64: { data: "ChecksumJson" },
};

/** Iggy's XXH3-64 (seed 0). */
export const iggyChecksumAdapters: ProtocolAdapters = {
  Xxh3_64: { decode: (bytes): ChecksumJson => xxh3_64(bytes).toString() },
};
