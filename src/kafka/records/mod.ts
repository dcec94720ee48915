/**
 * Kafka record formats: v2 record batches (magic 2) with CRC-32C, legacy message sets
 * (magic 0 and 1) with CRC-32 and compressed wrappers, all four compression codecs through
 * the codec registry, control records and read-committed filtering, and the `records` field
 * of a Fetch response (many batches, mixed magic, a partial last batch).
 *
 * Decoding creates no object per record: a batch's `records()` cursor exposes the current
 * record's fields as numbers and builds key/value views only when read. `toArray()` gives
 * plain objects when convenience matters more.
 *
 * @example
 * ```ts
 * import { decodeRecordSet, encodeRecordBatch } from "@streamwire/codec/kafka";
 * const enc = new TextEncoder();
 * const bytes = encodeRecordBatch({
 *   baseOffset: 42n,
 *   records: [{ key: enc.encode("user-1"), value: enc.encode("clicked"), timestamp: 1700000000000 }],
 * });
 * for (const batch of decodeRecordSet(bytes).batches) {
 *   const c = batch.records();
 *   while (c.next()) console.log(c.offset, new TextDecoder().decode(c.value!)); // 42 clicked
 * }
 * ```
 *
 * @module
 */

export {
  BATCH_ATTRIBUTES,
  BATCH_V2,
  Compression,
  COMPRESSION_NAMES,
  CONTROL_RECORD_TYPE,
  CONTROL_RECORD_TYPE_NAMES,
  HEADER_SIZE_UP_TO_MAGIC,
  LEGACY,
  LOG_OVERHEAD,
  MAGIC,
  MIN_RECORD_SIZE_V2,
  NO_PARTITION_LEADER_EPOCH,
  NO_PRODUCER_EPOCH,
  NO_PRODUCER_ID,
  NO_SEQUENCE,
  NO_TIMESTAMP,
  TIMESTAMP_TYPE,
  TimestampType,
} from "./constants.ts";
export type { CompressionType } from "./constants.ts";
export { decodeRecordBatch, RecordBatch, RecordCursor } from "./batch.ts";
export type { KafkaRecord, RecordHeader, RecordsDecodeOptions } from "./batch.ts";
export { encodeRecordBatch, encodeRecordBatchInto, recordBatchSize } from "./encode.ts";
export type { RecordBatchEncodeOptions, RecordBatchInit, RecordHeaderInit, RecordInit } from "./encode.ts";
export {
  encodeLegacyMessage,
  encodeMessageSet,
  fixLz4HeaderChecksum,
  LegacyRecordBatch,
  LegacyRecordCursor,
} from "./legacy.ts";
export type {
  LegacyMessageInit,
  LegacyRecord,
  LegacyRecordInit,
  MessageSetEncodeOptions,
  MessageSetInit,
} from "./legacy.ts";
export { decodeRecordSet, RecordBatchIterator } from "./record_set.ts";
export { DecompressionBudget, DEFAULT_MAX_DECOMPRESSED_BYTES_PER_SET } from "./budget.ts";
export { decodeFetchRecords } from "./fetch_records.ts";
export type { FetchedPartitionRecords, FetchRecordsOptions, FetchResponseRecords } from "./fetch_records.ts";
export type { AnyRecordBatch, RecordSet } from "./record_set.ts";
export {
  decodeControlRecordKey,
  decodeEndTxnMarkerValue,
  encodeControlRecordKey,
  encodeEndTxnMarkerBatch,
  encodeEndTxnMarkerValue,
  readControlRecord,
} from "./control.ts";
export type { ControlRecord, ControlRecordKey, EndTxnMarkerBatchInit, EndTxnMarkerValue } from "./control.ts";
export { deliverableBatches, TransactionFilter } from "./transactions.ts";
// The codec registry type appears in the options above.
export type {
  CodecRegistry,
  CompressionCodec,
  CompressOptions,
  DecompressOptions,
} from "../compression/codec.ts";
export type { AbortedTransactionEntry } from "./transactions.ts";
