/**
 * The Apache Kafka protocol: every API key and version of kafka-clients 4.4.0 and 3.9.x,
 * request/response headers with Kafka's header-version rules, size-prefixed frames with an
 * incremental decoder, version negotiation, and the JSON form of messages.
 *
 * The per-message codecs (`decodeMetadataResponse`, `MetadataRequest`, …) are generated from
 * Kafka's JSON schemas into `./messages/` and re-exported here (also available alone as
 * `@streamwire/codec/kafka/messages`); the rest of this module is the handwritten layer over
 * them: headers, frames, negotiation, JSON form.
 *
 * Decoding follows kafka-clients' own readers: strings are decoded leniently (malformed UTF-8
 * becomes U+FFFD, as Java's `new String(bytes, UTF_8)` does; pass `{ strictUtf8: true }` to get
 * `INVALID_UTF8` instead), any negative length of a nullable field is null, arrays may hold at
 * most 1 000 000 elements and structs 10 000 tagged fields (`maxArrayLength`,
 * `maxTaggedFields`), and every length and count is checked against the bytes left before
 * anything is allocated. Encoding refuses what Kafka's writers refuse: a non-default value in a
 * field the version lacks (unless the schema marks it ignorable) is `UNSUPPORTED_VERSION`, a
 * string over 32 767 UTF-8 bytes is `STRING_TOO_LONG`. It also refuses what Kafka's writers let
 * through silently: a field set at a version that carries another in its place (Produce v13
 * addresses a topic by `topicId`, not `name`) while that other is left at its default is
 * `UNSUPPORTED_VERSION`. Encode errors name the field's full `path` and what it `expected`;
 * int64 fields take safe-integer numbers as well as bigints.
 *
 * @example
 * ```ts
 * import { ApiKey, decodeRequest, encodeRequest, FrameDecoder } from "@streamwire/codec/kafka";
 * const frame = encodeRequest(ApiKey.Metadata, 12, { correlationId: 1, clientId: "demo" }, {
 *   topics: [{ name: "orders" }],
 *   allowAutoTopicCreation: false,
 * }, { sizePrefix: true });
 * const [payload] = new FrameDecoder().push(frame);
 * const req = decodeRequest(payload);
 * if (req.apiKey === ApiKey.Metadata) console.log(req.body.topics?.[0].name); // orders
 * ```
 *
 * @module
 */

export {
  apiInfo,
  decodeRequest,
  decodeRequestBody,
  decodeResponse,
  decodeResponseBody,
  encodeRequest,
  encodeRequestBody,
  encodeResponse,
  encodeResponseBody,
  peekRequestHeader,
  requestHeaderVersion,
  responseHeaderVersion,
} from "./api.ts";
export type {
  AnyDecodedRequest,
  DecodedRequest,
  DecodedResponse,
  EncodeOptions,
  PeekedRequestHeader,
  RequestHeaderInit,
  RequestOf,
  ResponseHeaderInit,
  ResponseOf,
} from "./api.ts";
export { decodeFrame, DEFAULT_MAX_FRAME_BYTES, encodeFrame, FrameDecoder } from "./frame.ts";
export type { FrameDecoderOptions } from "./frame.ts";
export { knownApiKeys, negotiateVersions, pickVersion, supportedVersions } from "./versions.ts";
export { ApiKey } from "./messages/api_keys.ts";
// Named values of request fields (acks, isolation levels, ListOffsets timestamps, …).
export {
  Acks,
  ConfigResourceType,
  CoordinatorType,
  IsolationLevel,
  ListOffsetsTimestamp,
} from "./constants.ts";
export type { ApiKeyName } from "./messages/api_keys.ts";
export type { BrokerApiVersion, VersionOptions, VersionRange } from "./versions.ts";
export { fromJsonForm, toJsonForm } from "./json.ts";
export { ClientConnection, saslPlainToken } from "./client.ts";
export type {
  AnyClientResponse,
  ClientConnectionOptions,
  ClientResponse,
  OutgoingRequest,
  RequestOptions,
} from "./client.ts";
export { KafkaServerConnection } from "./server.ts";
export type {
  AnyKafkaServerRequest,
  KafkaServerConnectionOptions,
  KafkaServerEvent,
  KafkaServerRequest,
  RespondOptions,
  SaslState,
} from "./server.ts";
export { errorInfo, errorName, isRetriable, KAFKA_ERROR } from "./_generated/errors.ts";
export type { KafkaErrorInfo, KafkaErrorName } from "./_generated/errors.ts";
export {
  decodeWith,
  DEFAULT_MAX_ARRAY_LENGTH,
  DEFAULT_MAX_TAGGED_FIELDS,
  EMPTY_BYTES,
  encodeWith,
  ZERO_UUID,
} from "./codec.ts";
export type {
  Decode,
  DecodeOptions,
  Encode,
  FieldMeta,
  Init,
  MessageCodec,
  StructMeta,
  TaggedField,
  TaggedFieldsSink,
} from "./codec.ts";
// Record formats: v2 batches, legacy message sets, control records, read-committed filtering.
export {
  BATCH_ATTRIBUTES,
  BATCH_V2,
  Compression,
  COMPRESSION_NAMES,
  CONTROL_RECORD_TYPE,
  CONTROL_RECORD_TYPE_NAMES,
  decodeControlRecordKey,
  decodeEndTxnMarkerValue,
  decodeFetchRecords,
  decodeRecordBatch,
  decodeRecordSet,
  DecompressionBudget,
  DEFAULT_MAX_DECOMPRESSED_BYTES_PER_SET,
  deliverableBatches,
  encodeControlRecordKey,
  encodeEndTxnMarkerBatch,
  encodeEndTxnMarkerValue,
  encodeLegacyMessage,
  encodeMessageSet,
  encodeRecordBatch,
  encodeRecordBatchInto,
  fixLz4HeaderChecksum,
  HEADER_SIZE_UP_TO_MAGIC,
  LEGACY,
  LegacyRecordBatch,
  LegacyRecordCursor,
  LOG_OVERHEAD,
  MAGIC,
  MIN_RECORD_SIZE_V2,
  NO_PARTITION_LEADER_EPOCH,
  NO_PRODUCER_EPOCH,
  NO_PRODUCER_ID,
  NO_SEQUENCE,
  NO_TIMESTAMP,
  readControlRecord,
  RecordBatch,
  RecordBatchIterator,
  recordBatchSize,
  RecordCursor,
  TIMESTAMP_TYPE,
  TimestampType,
  TransactionFilter,
} from "./records/mod.ts";
export type {
  AbortedTransactionEntry,
  AnyRecordBatch,
  CodecRegistry,
  CompressionCodec,
  CompressionType,
  CompressOptions,
  ControlRecord,
  ControlRecordKey,
  DecompressOptions,
  EndTxnMarkerBatchInit,
  EndTxnMarkerValue,
  FetchedPartitionRecords,
  FetchRecordsOptions,
  FetchResponseRecords,
  KafkaRecord,
  LegacyMessageInit,
  LegacyRecord,
  LegacyRecordInit,
  MessageSetEncodeOptions,
  MessageSetInit,
  RecordBatchEncodeOptions,
  RecordBatchInit,
  RecordHeader,
  RecordHeaderInit,
  RecordInit,
  RecordsDecodeOptions,
  RecordSet,
} from "./records/mod.ts";
// Read/write functions of every message take the shared primitives.
export { isWireError, Reader, WIRE_ERROR_CODES, WireError, Writer } from "../wire/mod.ts";
export type { WireErrorCode } from "../wire/mod.ts";
// The generated module is itself an explicit by-name list of every message type and codec
// (about 2 000 names); repeating it here by hand would only let the two drift apart.
export * from "./messages/mod.ts";
