/**
 * Decoding every partition's `records` of a Fetch response under one decompression budget, so
 * that the whole response — not only each batch — is bounded.
 *
 * @module
 */

import type { RecordsDecodeOptions } from "./batch.ts";
import { DecompressionBudget, DEFAULT_MAX_DECOMPRESSED_BYTES_PER_SET } from "./budget.ts";
import { decodeRecordSet, type RecordSet } from "./record_set.ts";

/** The parts of a decoded Fetch response body this reads (any version). */
export interface FetchResponseRecords {
  /** One entry per topic. */
  readonly responses: readonly {
    /** Topic name (versions 0–12). */
    readonly topic?: string | null;
    /** Topic id (versions 13+). */
    readonly topicId?: string;
    /** The topic's partitions. */
    readonly partitions: readonly { readonly partitionIndex: number; readonly records: Uint8Array | null }[];
  }[];
}

/** One partition's decoded records. */
export interface FetchedPartitionRecords {
  /** Topic name, when the version carries it. */
  topic: string | null | undefined;
  /** Topic id, when the version carries it. */
  topicId: string | undefined;
  /** The partition. */
  partitionIndex: number;
  /** Its batches (an empty set for null records). */
  records: RecordSet;
}

/** Options of {@linkcode decodeFetchRecords}. */
export interface FetchRecordsOptions extends RecordsDecodeOptions {
  /**
   * Most bytes all compressed batches of the response may decompress to together. Default
   * {@linkcode DEFAULT_MAX_DECOMPRESSED_BYTES_PER_SET} (256 MiB). Ignored when
   * `decompressionBudget` is given.
   */
  maxDecompressedBytesPerResponse?: number;
}

/**
 * Decodes the `records` of every partition of a Fetch response, all charging one
 * {@linkcode DecompressionBudget}: past it, the batch that would pass it is `LIMIT_EXCEEDED`
 * when its records are read. Each batch keeps its own cap (`maxDecompressedBytes`).
 *
 * @example
 * ```ts
 * import { decodeFetchRecords, encodeRecordBatch } from "@streamwire/codec/kafka";
 * const batch = encodeRecordBatch({ records: [{ value: new Uint8Array(3) }] });
 * const parts = decodeFetchRecords({
 *   responses: [{ topic: "t", partitions: [{ partitionIndex: 0, records: batch }] }],
 * }, { maxDecompressedBytesPerResponse: 32 << 20 });
 * console.log(parts[0].topic, parts[0].records.batches.length); // t 1
 * ```
 */
export function decodeFetchRecords(
  response: FetchResponseRecords,
  options?: FetchRecordsOptions,
): FetchedPartitionRecords[] {
  const budget = options?.decompressionBudget ??
    new DecompressionBudget(
      options?.maxDecompressedBytesPerResponse ?? DEFAULT_MAX_DECOMPRESSED_BYTES_PER_SET,
    );
  const opts: RecordsDecodeOptions = { ...options, decompressionBudget: budget };
  const out: FetchedPartitionRecords[] = [];
  const empty = new Uint8Array(0);
  for (const t of response.responses) {
    for (const p of t.partitions) {
      out.push({
        topic: t.topic,
        topicId: t.topicId,
        partitionIndex: p.partitionIndex,
        records: decodeRecordSet(p.records ?? empty, opts),
      });
    }
  }
  return out;
}
