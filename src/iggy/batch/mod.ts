/**
 * The Iggy message batch record shared by `SendMessages`, replicated prepares, segment
 * records and poll replies: a verifying decoder with a zero-allocation cursor, and a builder
 * that writes each record into one buffer sized in advance.
 *
 * ```ts
 * import { encodeBatch, decodeBatch } from "@streamwire/codec/iggy";
 * const record = encodeBatch([
 *   { id: 1n, payload: new TextEncoder().encode("a"), originTimestamp: 1_000 },
 *   { id: 2n, payload: new TextEncoder().encode("b"), originTimestamp: 1_010 },
 * ]);
 * const c = decodeBatch(record).cursor();
 * while (c.next()) console.log(c.offsetNumber, c.originTimestampNumber, c.payloadLength);
 * ```
 *
 * @module
 */

export {
  BATCH_CHECKSUM_OFFSET,
  BATCH_HEADER_SIZE,
  BATCH_MESSAGE_COUNT_OFFSET,
  BATCH_MESSAGE_HEADER_SIZE,
  BATCH_RESERVED_OFFSET,
  BatchView,
  calculateBatchChecksum,
  decodeBatch,
  iterateBatches,
  MAX_TIMESTAMP_DELTA_MICROS,
  MessageCursor,
} from "./batch.ts";
export type { BatchIntegrity, BatchMessage, BatchRecord, DecodeBatchOptions } from "./batch.ts";
export { encodeBatch, encodeBatchInto, encodeBatchRecord, restampBatch, sizeOfBatch } from "./builder.ts";
export type { BatchMessageInput, BatchStamp, RawFrame, RawRecord } from "./builder.ts";
