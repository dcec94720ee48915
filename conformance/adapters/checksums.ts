/**
 * Checksum vectors: the bytes are the input, the value the checksum as a decimal string.
 *
 * @module
 */

import { xxh3_64 } from "../../src/wire/xxh3.ts";
import type { ProtocolAdapters } from "../lib/types.ts";

/** Iggy's XXH3-64 (seed 0). */
export const iggyChecksumAdapters: ProtocolAdapters = {
  Xxh3_64: { decode: (bytes) => xxh3_64(bytes).toString() },
};
