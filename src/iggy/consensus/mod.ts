/**
 * VSR consensus headers of the Iggy protocol (`iggy_binary_protocol` 0.11.1-edge.3): every
 * header type the crate re-exports as a zero-copy 256-byte view, the `Command` and
 * `Operation` discriminants, the frame seal and prepare identity checksums, dispatch on the
 * command byte, the reply result section and the namespace packing.
 *
 * ```ts
 * import { decodeConsensusHeader, PrepareOkHeader } from "@streamwire/codec/iggy";
 * const sent = PrepareOkHeader.create({ op: 8n, commit: 7n }); // sealed
 * const h = decodeConsensusHeader(sent.bytes);
 * if (h instanceof PrepareOkHeader) console.log(h.op); // 8n
 * ```
 *
 * @module
 */

export { Command, COMMAND_MAX, commandName, isKnownCommand } from "./command.ts";
export {
  isClientAllowedOperation,
  isInternalOperation,
  isKnownOperation,
  isMetadataOperation,
  isMetadataPlaneOperation,
  isPartitionLifecycleOperation,
  isPartitionOperation,
  isPlaneRoutableOperation,
  isResultFramedOperation,
  isVsrReservedOperation,
  NON_REPLICATED_CODE_RANGE,
  Operation,
  OPERATION_INTERNAL_START,
  OPERATION_METADATA_START,
  OPERATION_PARTITION_START,
  operationName,
  requestOperation,
} from "./operation.ts";
// Which command code an operation carries is the command table's fact.
export { operationForCode, operationFromCommandCode, operationToCommandCode } from "../command_table.ts";
export {
  EvictionReason,
  ForwardLogoutOutcome,
  ForwardRegisterOutcome,
  PrimaryRebalanceKind,
  SegmentDeleteKind,
} from "./enums.ts";
export {
  allZero,
  checkBitPattern,
  CHECKSUM_UNSEALED,
  COMMAND_OFFSET,
  COMMON_FIELDS,
  ConsensusHeaderView,
  createHeader,
  decodeHeader,
  enumSpec,
  frameBody,
  frameChecksumBytes,
  HEADER_SIZE,
  prepareIdentityChecksumBytes,
  readSizeField,
  RESERVED_COMMAND_LEN,
  SIZE_FIELD_OFFSET,
} from "./header.ts";
export type {
  CommonHeaderFields,
  CreateHeaderOptions,
  EnumSpec,
  FieldKind,
  FieldSpec,
  HeaderClass,
  HeaderFields,
} from "./header.ts";
export {
  CommitHeader,
  CONSUMER_SESSION_ENCODED_SIZE,
  ConsumerSessionHeartbeatHeader,
  DoViewChangeHeader,
  DVC_HEADERS_MAX,
  EVICTION_REASON_ENUM,
  EvictionHeader,
  FORWARD_LOGOUT_OUTCOME_ENUM,
  FORWARD_REGISTER_OUTCOME_ENUM,
  ForwardCompletionHeader,
  ForwardLogoutHeader,
  ForwardLogoutResultHeader,
  ForwardRegisterHeader,
  ForwardRegisterResultHeader,
  GenericHeader,
  LIFECYCLE_BATCH_HEADER_SIZE,
  LIFECYCLE_COMPLETION_SIZE,
  LIFECYCLE_COMPLETIONS_MAX,
  MAX_CONSUMER_SESSIONS_PER_HEARTBEAT,
  OPERATION_ENUM,
  PrepareHeader,
  PrepareHeaderBase,
  PrepareOkHeader,
  PRIMARY_REBALANCE_KIND_ENUM,
  PrimaryRebalanceHeader,
  REGISTER_REQUEST_BYTES,
  RepairPrepareHeader,
  RepairRangeReplyHeader,
  ReplyHeader,
  RequestHeader,
  RequestHeaderBase,
  RequestPreparesHeader,
  RequestStartViewHeader,
  RequestStateChunkHeader,
  RequestStateTransferHeader,
  REVOCATION_BODY_SIZE,
  RoutedRequestHeader,
  SEGMENT_DELETE_KIND_ENUM,
  SegmentDeleteHeader,
  StartViewChangeHeader,
  StartViewHeader,
  StateChunkHeader,
  StateTransferTargetHeader,
} from "./headers.ts";
export type {
  CommitHeaderFields,
  ConsumerSessionHeartbeatHeaderFields,
  DoViewChangeHeaderFields,
  EvictionHeaderFields,
  ForwardCompletionHeaderFields,
  ForwardLogoutHeaderFields,
  ForwardLogoutResultHeaderFields,
  ForwardRegisterHeaderFields,
  ForwardRegisterResultHeaderFields,
  GenericHeaderFields,
  PrepareHeaderFields,
  PrepareOkHeaderFields,
  PrimaryRebalanceHeaderFields,
  RepairRangeReplyHeaderFields,
  ReplyHeaderFields,
  RequestHeaderFields,
  RequestPreparesHeaderFields,
  RequestStartViewHeaderFields,
  RequestStateChunkHeaderFields,
  RequestStateTransferHeaderFields,
  RoutedRequestHeaderFields,
  SegmentDeleteHeaderFields,
  StartViewChangeHeaderFields,
  StartViewHeaderFields,
  StateChunkHeaderFields,
  StateTransferTargetHeaderFields,
} from "./headers.ts";
export {
  type AnyConsensusHeader,
  decodeConsensusHeader,
  HEADER_TYPES,
  headerTypeForCommand,
  isConsensusHeader,
} from "./dispatch.ts";
export {
  REJECTION_SECTION_LEN,
  RESULT_COUNT_LEN,
  RESULT_ENTRY_LEN,
  resultCode,
  resultSectionLen,
  writeRejectionSection,
} from "./reply_result.ts";
export {
  bitsRequired,
  MAX_PARTITIONS,
  MAX_STREAMS,
  MAX_TOPICS,
  METADATA_GROUP,
  PACKED_NAMESPACE_BITS,
  PACKED_NAMESPACE_MAX,
  packNamespace,
  PARTITION_BITS,
  PARTITION_MASK,
  PARTITION_SHIFT,
  STREAM_BITS,
  STREAM_MASK,
  STREAM_SHIFT,
  TOPIC_BITS,
  TOPIC_MASK,
  TOPIC_SHIFT,
  unpackNamespace,
} from "./namespace.ts";
