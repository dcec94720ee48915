/**
 * Test-only: the record entry points with all four built-in codecs registered, since the
 * library registers none by default (compression is opt-in). Tests that exercise compressed
 * batches import these instead of the bare functions; an explicit `codecs` option still wins.
 *
 * @module
 */

import { createCodecRegistry } from "../../compression/registry.ts";
import { decodeRecordBatch as decodeBatch, type RecordsDecodeOptions } from "../batch.ts";
import { encodeRecordBatch as encodeBatch } from "../encode.ts";
import { encodeMessageSet as encodeSet } from "../legacy.ts";
import { decodeRecordSet as decodeSet, RecordBatchIterator as Iterator } from "../record_set.ts";

/** The four built-in codecs. */
export const ALL_CODECS = createCodecRegistry();

/** {@linkcode decodeBatch} with all codecs. */
export const decodeRecordBatch: typeof decodeBatch = (bytes, options) =>
  decodeBatch(bytes, { codecs: ALL_CODECS, ...options });
/** {@linkcode encodeBatch} with all codecs. */
export const encodeRecordBatch: typeof encodeBatch = (init, options) =>
  encodeBatch(init, { codecs: ALL_CODECS, ...options });
/** {@linkcode encodeSet} with all codecs. */
export const encodeMessageSet: typeof encodeSet = (init, options) =>
  encodeSet(init, { codecs: ALL_CODECS, ...options });
/** {@linkcode decodeSet} with all codecs. */
export const decodeRecordSet: typeof decodeSet = (bytes, options) =>
  decodeSet(bytes, { codecs: ALL_CODECS, ...options });
/** {@linkcode Iterator} with all codecs. */
export class RecordBatchIterator extends Iterator {
  constructor(bytes: Uint8Array, options?: RecordsDecodeOptions) {
    super(bytes, { codecs: ALL_CODECS, ...options });
  }
}
