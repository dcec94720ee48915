/**
 * Layout constants of Kafka's record formats: the v2 record batch (magic 2), the legacy
 * message (magic 0 and 1), their attribute bits, and the control record types.
 *
 * @module
 */

/**
 * Record format versions (the `magic` byte).
 *
 * @example
 * ```ts
 * import { MAGIC } from "@streamwire/codec/kafka";
 * console.log(MAGIC.v2); // 2
 * ```
 */
export const MAGIC = { v0: 0, v1: 1, v2: 2 } as const;

/** Bytes before a batch's own content: baseOffset (8) + batchLength (4), common to every magic. */
export const LOG_OVERHEAD = 12;

/** Bytes from the start of an entry to just after its magic byte (offset 16 in every magic). */
export const HEADER_SIZE_UP_TO_MAGIC = 17;

/**
 * Byte offsets inside a v2 record batch, from the start of the batch.
 *
 * @example
 * ```ts
 * import { BATCH_V2 } from "@streamwire/codec/kafka";
 * console.log(BATCH_V2.crc, BATCH_V2.recordsCount, BATCH_V2.overhead); // 17 57 61
 * ```
 */
export const BATCH_V2 = {
  baseOffset: 0,
  batchLength: 8,
  partitionLeaderEpoch: 12,
  magic: 16,
  crc: 17,
  attributes: 21,
  lastOffsetDelta: 23,
  baseTimestamp: 27,
  maxTimestamp: 35,
  producerId: 43,
  producerEpoch: 51,
  baseSequence: 53,
  recordsCount: 57,
  /** Where the records start; also the size of an empty batch. */
  overhead: 61,
} as const;

/**
 * The smallest possible record inside a v2 batch: a one-byte length and six one-byte fields
 * (attributes, timestamp delta, offset delta, key length, value length, header count). Record
 * counts are checked against the remaining bytes with this size.
 */
export const MIN_RECORD_SIZE_V2 = 7;

/**
 * Bits of the v2 batch `attributes` (int16).
 *
 * @example
 * ```ts
 * import { BATCH_ATTRIBUTES } from "@streamwire/codec/kafka";
 * const attributes = 0x0031; // gzip, transactional, control
 * console.log((attributes & BATCH_ATTRIBUTES.control) !== 0); // true
 * ```
 */
export const BATCH_ATTRIBUTES = {
  /** Bits 0–2: the compression type (0 none, 1 gzip, 2 snappy, 3 lz4, 4 zstd). */
  compressionMask: 0x07,
  /** Bit 3: LogAppendTime when set, CreateTime otherwise. */
  timestampType: 0x08,
  /** Bit 4: the batch belongs to a transaction. */
  transactional: 0x10,
  /** Bit 5: the batch holds control records (transaction markers and KRaft records). */
  control: 0x20,
  /** Bit 6: `baseTimestamp` holds the delete horizon set by the log cleaner. */
  deleteHorizon: 0x40,
} as const;

/**
 * Offsets and sizes of a legacy message (magic 0 and 1), counted from the start of the
 * message, that is after the 12-byte offset and size of its message-set entry.
 */
export const LEGACY = {
  crc: 0,
  magic: 4,
  attributes: 5,
  /** Magic 1 only. */
  timestamp: 6,
  keySizeV0: 6,
  keySizeV1: 14,
  /** crc + magic + attributes + key size + value size. */
  overheadV0: 14,
  /** Magic 0 overhead plus the 8-byte timestamp. */
  overheadV1: 22,
  /** Bit 3 of a magic 1 message's attributes: LogAppendTime. */
  timestampTypeBit: 0x08,
  /** Bits 0–2 of the attributes: the compression type (zstd is not defined for legacy messages). */
  compressionMask: 0x07,
} as const;

/**
 * The compression codecs of a record batch (Kafka's `CompressionType` ids, the low three bits of
 * the batch `attributes`), for `encodeRecordBatch({ compression })` and to compare with
 * `RecordBatch.compression`. Legacy message sets (magic 0 and 1) have no zstd.
 *
 * @example
 * ```ts
 * import { Compression, decodeRecordSet, encodeRecordBatch } from "@streamwire/codec/kafka/records";
 * import { createCodecRegistry } from "@streamwire/codec/kafka/compression";
 * const codecs = createCodecRegistry();
 * const bytes = encodeRecordBatch({ compression: Compression.Zstd, records: [{ value: new Uint8Array(8) }] }, { codecs });
 * console.log(decodeRecordSet(bytes, { codecs }).batches[0].compression === Compression.Zstd); // true
 * ```
 */
export const Compression = { None: 0, Gzip: 1, Snappy: 2, Lz4: 3, Zstd: 4 } as const;

/** A compression type id, 0–4: a value of {@linkcode Compression}. */
export type CompressionType = typeof Compression[keyof typeof Compression];

/** Kafka's names for the compression types, by id (`compression.type`). */
export const COMPRESSION_NAMES: readonly ["none", "gzip", "snappy", "lz4", "zstd"] = [
  "none",
  "gzip",
  "snappy",
  "lz4",
  "zstd",
];

/**
 * Timestamp types of a record batch (Kafka's `TimestampType` ids; bit 3 of the attributes):
 * the producer's create time, or the broker's log-append time. Legacy magic 0 messages have no
 * timestamp.
 *
 * @example
 * ```ts
 * import { decodeRecordBatch, encodeRecordBatch, TimestampType } from "@streamwire/codec/kafka/records";
 * const bytes = encodeRecordBatch({ timestampType: TimestampType.LogAppendTime, records: [{ timestamp: 1 }] });
 * console.log(decodeRecordBatch(bytes).timestampType === TimestampType.LogAppendTime); // true
 * ```
 */
export const TimestampType = { CreateTime: 0, LogAppendTime: 1 } as const;

/** 0 CreateTime, 1 LogAppendTime: a value of {@linkcode TimestampType}. */
export type TimestampType = typeof TimestampType[keyof typeof TimestampType];

/**
 * The timestamp types under their earlier names.
 *
 * @deprecated Use {@linkcode TimestampType} (`TimestampType.LogAppendTime`).
 *
 * @example
 * ```ts
 * import { TIMESTAMP_TYPE, TimestampType } from "@streamwire/codec/kafka";
 * console.log(TIMESTAMP_TYPE.logAppendTime === TimestampType.LogAppendTime); // true
 * ```
 */
export const TIMESTAMP_TYPE = {
  createTime: TimestampType.CreateTime,
  logAppendTime: TimestampType.LogAppendTime,
} as const;

/**
 * Types of control records (the int16 after the version in a control record's key). 0 and 1
 * are transaction markers; 2–6 are written by KRaft only. Readers ignore types they do not
 * know, as Kafka's do.
 *
 * @example
 * ```ts
 * import { CONTROL_RECORD_TYPE } from "@streamwire/codec/kafka";
 * console.log(CONTROL_RECORD_TYPE.commit); // 1
 * ```
 */
export const CONTROL_RECORD_TYPE = {
  abort: 0,
  commit: 1,
  leaderChange: 2,
  snapshotHeader: 3,
  snapshotFooter: 4,
  kraftVersion: 5,
  kraftVoters: 6,
} as const;

/** Kafka's `ControlRecordType` names, by type id. */
export const CONTROL_RECORD_TYPE_NAMES: readonly string[] = [
  "ABORT",
  "COMMIT",
  "LEADER_CHANGE",
  "SNAPSHOT_HEADER",
  "SNAPSHOT_FOOTER",
  "KRAFT_VERSION",
  "KRAFT_VOTERS",
];

/** Producer id of a batch written without idempotence (`RecordBatch.NO_PRODUCER_ID`). */
export const NO_PRODUCER_ID: bigint = -1n;
/** Producer epoch of a batch written without idempotence. */
export const NO_PRODUCER_EPOCH: number = -1;
/** Base sequence of a batch written without idempotence. */
export const NO_SEQUENCE: number = -1;
/** Partition leader epoch a producer writes; the broker stamps the real one. */
export const NO_PARTITION_LEADER_EPOCH: number = -1;
/** Timestamp of a record or batch without one (and of every magic 0 message). */
export const NO_TIMESTAMP: bigint = -1n;
