/**
 * The Apache Iggy binary protocol, as `iggy_binary_protocol` 0.11.1-edge.3 defines it:
 * frames, the command table and every command's payload codec, the protocol-version
 * handshake, the message batch and the VSR consensus headers.
 *
 * Every payload codec is a {@linkcode PayloadCodec} (`encode` into a `Writer`, exact `sizeOf`,
 * `decode` from a `Reader`); {@linkcode decodeRequest} / {@linkcode encodeRequest} and their
 * response twins pick the codec by command code. Decoders throw only `WireError`, with the
 * code the crate's own rejection maps to; byte fields are zero-copy views into the input.
 *
 * Where the crate and deployed software differ, this module follows the crate and also reads
 * what real servers send, and says so at the symbol: frames come in the crate's layout (with
 * a request id) and in the legacy layout of released servers ({@linkcode FrameLayout});
 * `StatsResponse` accepts servers that omit the open-files fields; option-catalog descriptions
 * decode leniently as the crate does; {@linkcode decodeResponseOrNull} reads the empty
 * "not found" payload servers send for Get* queries (the crate's decoders reject it); bytes
 * after a fixed-layout request are ignored as the crate's `decode_from` ignores them (the Node
 * SDK's DeleteTopic sends 4 extra bytes), and are `TRAILING_BYTES` with `{ exact: true }`; the
 * protocol version is the crate's 0.12.0, which released 0.11.x servers reject.
 *
 * @example
 * ```ts
 * import {
 *   decodeResponse,
 *   encodeRequest,
 *   encodeRequestFrame,
 *   ResponseFrameDecoder,
 *   STATUS_OK,
 * } from "@streamwire/codec/iggy";
 *
 * // CreateStream (code 202) as a frame with request id 1:
 * const payload = encodeRequest(202, { name: "orders", options: new Uint8Array() });
 * const frame = encodeRequestFrame(202, 1n, payload);
 *
 * // Reading responses as chunks arrive from a socket:
 * const responses = new ResponseFrameDecoder({ maxFrameBytes: 16 << 20 });
 * for (const chunk of [new Uint8Array([0, 0, 0, 0, 8, 0, 0, 0, 1, 0]), new Uint8Array(6)]) {
 *   for (const r of responses.frames(chunk)) {
 *     if (r.status === STATUS_OK) console.log(r.requestId, decodeResponse(1, r.payload)); // 1n {}
 *   }
 * }
 * ```
 *
 * @module
 */

// The byte cursor and buffer every codec reads from and writes to.
export { isWireError, Reader, WIRE_ERROR_CODES, WireError, Writer } from "../wire/mod.ts";
export type { WireErrorCode } from "../wire/mod.ts";

// The payload codec pattern.
export {
  decodePayload,
  decodeWithLength,
  emptyCodec,
  encodePayload,
  encodePayloadInto,
  u32Bytes,
  u32String,
  u8String,
} from "./codec.ts";
export type { CommandCodecs, DecodePayloadOptions, OperationCodec, PayloadCodec } from "./codec.ts";

// Frames (crate and legacy layouts) and the incremental frame decoders.
export {
  decodeRequestFrame,
  decodeResponseFrame,
  DEFAULT_MAX_FRAME_BYTES,
  encodeRequestFrame,
  encodeResponseFrame,
  FrameDecoderBase,
  frameRequest,
  frameResponse,
  LEGACY_HEADER_SIZE,
  REQUEST_HEADER_SIZE,
  requestFrameCodec,
  RequestFrameDecoder,
  RESPONSE_HEADER_SIZE,
  responseFrameCodec,
  ResponseFrameDecoder,
  STATUS_OK,
  writeRequestHeader,
  writeResponseHeader,
} from "./framing.ts";
export type { FrameDecoderOptions, FrameLayout, RequestFrame, ResponseFrame } from "./framing.ts";

// The protocol-version handshake.
export {
  clientVersionInfo,
  EVICTION_INCOMPATIBLE_PROTOCOL,
  EVICTION_MALFORMED_LOGIN,
  formatProtocolVersion,
  IGGY_PROTOCOL_VERSION,
  IGGY_PROTOCOL_VERSION_MIN,
  incompatibleProtocolWindow,
  isProtocolCompatible,
  packProtocolVersion,
  unpackProtocolVersion,
} from "./version.ts";
export type { ClientVersionInfo } from "./version.ts";

// Protocol revisions (which iggy_binary_protocol release a peer speaks).
export {
  DEFAULT_IGGY_REVISION,
  describeProtocolVersion,
  IGGY_REVISIONS,
  iggyRevision,
  isRevisionCompatible,
  revisionOfProtocolVersion,
} from "./revision.ts";
export type { IggyRevision, IggyRevisionInfo } from "./revision.ts";
export { commandCodecsAt } from "./revisions/dispatch.ts";
export {
  CANCEL_DEFERRED_REQUEST_CODE,
  deferredPollMessagesRequest,
  edge8CommandTable,
  FETCH_MESSAGES_CODE,
  getTopicMembersResponse,
  MAX_DEFERRED_POLL_TIMEOUT_US,
  MAX_DEFERRED_POLL_WAIT_US,
  MIN_DEFERRED_POLL_MAX_BYTES,
  MIN_DEFERRED_POLL_REPLY_MARGIN_US,
  partitionMembersResponse,
  POLL_MESSAGES_DEFERRED_CODE,
} from "./revisions/edge8.ts";
export type {
  DeferredPollMessagesRequest,
  GetTopicMembersResponse,
  PartitionMembersResponse,
} from "./revisions/edge8.ts";

// The command table and decode/encode by command code or operation.
export {
  COMMAND_TABLE,
  commandCodecs,
  commandName as commandCodeName,
  decodeAnyRequest,
  decodeOperationBody,
  decodeRequest,
  decodeResponse,
  decodeResponseOrNull,
  EMPTY_MEANS_NOT_FOUND_CODES,
  encodeOperationBody,
  encodeRequest,
  encodeResponse,
  lookupByOperation,
  lookupCommand,
  operationBodyCodec,
  registeredCommands,
  RETIRED_COMMAND_CODES,
  writeRequest,
} from "./dispatch.ts";
export type {
  AnyCommandCodecs,
  AnyRequest,
  CommandMeta,
  DecodedRequest,
  DecodedResponse,
  PayloadValue,
  RequestOf,
  ResponseOf,
} from "./dispatch.ts";
export { CommandCode } from "./command_codes.ts";
export type { CommandCodeValue, CommandName } from "./command_codes.ts";

// Primitives.
export {
  checkWireName,
  identifier,
  MAX_WIRE_NAME_LENGTH,
  numericId,
  stringId,
  wireName,
} from "./primitives/identifier.ts";
export type { Identifier } from "./primitives/identifier.ts";
export {
  consumer,
  CONSUMER_KINDS,
  KIND_CONSUMER,
  KIND_CONSUMER_GROUP,
  KIND_EXTERNAL_GROUP,
} from "./primitives/consumer.ts";
export type { Consumer, ConsumerKind } from "./primitives/consumer.ts";
export { MAX_MESSAGES_KEY_LENGTH, partitioning } from "./primitives/partitioning.ts";
export type { Partitioning } from "./primitives/partitioning.ts";
export { ACK_LEVELS, ackLevel, POLLING_KINDS, pollingStrategy } from "./primitives/polling_strategy.ts";
export type { AckLevel, PollingKind, PollingStrategy } from "./primitives/polling_strategy.ts";
export {
  buildUserHeaders,
  decodeHeaderValue,
  encodeHeaderValue,
  encodeUserHeaders,
  HEADER_KIND_KNOWN_MAX,
  HEADER_KINDS,
  HEADER_VALUE_SIZES,
  isKnownHeaderKind,
  iterateUserHeaders,
  MAX_HEADER_FIELD_LENGTH,
  userHeadersEncodedSize,
  userHeadersToEnd,
  validateUserHeaders,
} from "./primitives/user_headers.ts";
export type {
  HeaderKindName,
  HeaderValue,
  UserHeaderEntry,
  UserHeaderInput,
} from "./primitives/user_headers.ts";
export {
  buildOptions,
  MAX_OPTIONS,
  MAX_OPTIONS_BYTES,
  optionEntries,
  optionsPrefixed,
  optionsToEnd,
  validateOptions,
} from "./primitives/options.ts";
export type { OptionEntry } from "./primitives/options.ts";
export { permissions } from "./primitives/permissions.ts";
export type {
  GlobalPermissions,
  Permissions,
  StreamPermissions,
  TopicPermissions,
} from "./primitives/permissions.ts";
export {
  CONSUMER_SESSION_SIZE,
  consumerSession,
  decodeConsumerSession,
  encodeConsumerSession,
} from "./consensus/consumer_session.ts";
export type { ConsumerSession } from "./consensus/consumer_session.ts";
export { consumerGroupOwner, createdPartitionAssignment, partitionContext } from "./primitives/partition.ts";
export type {
  ConsumerGroupOwner,
  CreatedPartitionAssignment,
  PartitionContext,
} from "./primitives/partition.ts";

// Commands: one module per area.
export {
  bindSessionRequest,
  clusterMetadataResponse,
  describeOptionsRequest,
  describeOptionsResponse,
  emptyResponse,
  finalizeSessionRequest,
  getClientRequest,
  getClientsRequest,
  getClusterMetadataRequest,
  getMeRequest,
  getSnapshotRequest,
  getSnapshotResponse,
  getStatsRequest,
  MAX_RESET_KEYS,
  MAX_SESSIONS_PER_RETIREMENT,
  OPTIONS_SCOPE,
  pingRequest,
  rawResponse,
  retireSessionsRequest,
  sessionIdentity,
  SNAPSHOT_COMPRESSION,
  SNAPSHOT_TYPES,
  statsResponse,
  systemCommands,
  systemOperations,
  updateResourceRequest,
} from "./commands/system.ts";
export type {
  BindSessionRequest,
  CacheMetricEntry,
  ClusterMetadataResponse,
  ClusterNodeResponse,
  DescribeOptionsRequest,
  DescribeOptionsResponse,
  FinalizeSessionRequest,
  GetClientRequest,
  GetSnapshotRequest,
  GetSnapshotResponse,
  OptionDescriptor,
  ResourceTarget,
  RetireSessionsRequest,
  SessionIdentity,
  StatsResponse,
  UpdateResourceRequest,
} from "./commands/system.ts";
export {
  createStreamRequest,
  decodeResolvedBlocks,
  deleteStreamRequest,
  getStreamRequest,
  getStreamResponse,
  getStreamsRequest,
  getStreamsResponse,
  MAX_WRAP_SET_ENVELOPES,
  optionalName,
  rewrapStreamKeysRequest,
  streamCommands,
  streamOperations,
  streamResponse,
  topicHeader,
  updateStreamResolvedRequest,
  WRAPPED_STREAM_KEY_LENGTH,
} from "./commands/streams.ts";
export type {
  CreateStreamRequest,
  GetStreamResponse,
  GetStreamsResponse,
  RewrapStreamKeyEntry,
  RewrapStreamKeysRequest,
  StreamIdRequest,
  StreamResponse,
  TopicHeader,
  UpdateStreamResolvedRequest,
} from "./commands/streams.ts";
export {
  createTopicRequest,
  createTopicWithAssignmentsRequest,
  deleteTopicRequest,
  getTopicRequest,
  getTopicResponse,
  getTopicsRequest,
  getTopicsResponse,
  partitionResponse,
  topicCommands,
  topicOperations,
  updateTopicResolvedRequest,
} from "./commands/topics.ts";
export type {
  CreateTopicRequest,
  CreateTopicWithAssignmentsRequest,
  GetTopicResponse,
  GetTopicsRequest,
  GetTopicsResponse,
  PartitionResponse,
  TopicIdRequest,
  UpdateTopicResolvedRequest,
} from "./commands/topics.ts";
export {
  getMetadataChangesRequest,
  getMetadataChangesResponse,
  MAX_PAGE_TOKEN_KEY_SIZE,
  MAX_PAGE_TOKEN_SIZE,
  METADATA_CHANGE_CURSOR_SIZE,
  METADATA_CHANGE_GROUPS,
  METADATA_CHANGE_KINDS,
  metadataChangeCursor,
  metadataChangeKindGroup,
  metadataChangeRecord,
  metadataChangesCommands,
  metadataCurrentPageToken,
  metadataItem,
} from "./commands/metadata_changes.ts";
export type {
  GetMetadataChangesRequest,
  GetMetadataChangesResponse,
  MetadataChangeCursor,
  MetadataChangeEnvelope,
  MetadataChangeGroup,
  MetadataChangePhase,
  MetadataChangeRecord,
  MetadataChangeStart,
  MetadataChangeStatus,
  MetadataCurrentPageToken,
  MetadataItem,
} from "./commands/metadata_changes.ts";
export {
  consumerGroupCreatedBody,
  consumerGroupDeletedBody,
  consumerGroupItemBody,
  decodeMetadataChange,
  decodeMetadataItem,
  encodeMetadataChange,
  encodeMetadataItem,
  memberItemBody,
  memberJoinedBody,
  memberLeftBody,
  METADATA_ITEM_KINDS,
  metadataChangeBody,
  metadataChangeBodyCodec,
  metadataChangeView,
  metadataItemBody,
  metadataItemBodyCodec,
  metadataItemView,
  partitionHandedOverBody,
  partitionsChangedBody,
  partitionsItemBody,
  sessionBody,
  sessionClosedBody,
  streamBody,
  streamDeletedBody,
  streamKey,
  tokenBody,
  tokenDeletedBody,
  topicBody,
  topicDeletedBody,
  topicItemBody,
  topicKey,
  userBody,
  userIdentityBody,
  userKey,
  userPermissionsBody,
} from "./primitives/metadata_change_bodies.ts";
export type {
  ChangeOptions,
  ConsumerGroupCreatedBody,
  ConsumerGroupDeletedBody,
  ConsumerGroupItemBody,
  MemberItemBody,
  MemberJoinedBody,
  MemberLeftBody,
  MemberLeftReason,
  MetadataBodyRejection,
  MetadataChange,
  MetadataChangeKind,
  MetadataChangeView,
  MetadataCurrentItem,
  MetadataCurrentItemView,
  MetadataItemKind,
  PartitionHandedOverBody,
  PartitionsChangedBody,
  PartitionsItemBody,
  PermissionsUpdatedReason,
  SessionBody,
  SessionClosedBody,
  SessionClosedReason,
  StreamBody,
  StreamDeletedBody,
  StreamKey,
  TokenBody,
  TokenDeletedBody,
  TokenDeletedReason,
  TopicBody,
  TopicDeletedBody,
  TopicItemBody,
  TopicKey,
  UserBody,
  UserIdentityBody,
  UserKey,
  UserPermissionsBody,
} from "./primitives/metadata_change_bodies.ts";
export {
  CONFIRMATION_SIZE,
  decodePollMessagesResponse,
  decodeSendMessagesRequest,
  decodeSendMessagesResponse,
  encodeSendMessages,
  forEachPolledMessage,
  GET_PARTITION_ROUTE_CODE,
  getPartitionRouteRequest,
  messageCommands,
  PARTITION_ROUTE_SIZE,
  partitionRouteResponse,
  POLL_MESSAGES_CODE,
  POLL_RESPONSE_HEADER_SIZE,
  pollMessagesRequest,
  pollMessagesResponse,
  SEND_MESSAGES_CODE,
  sendMessagesRequest,
  sendMessagesResponse,
} from "./commands/messages.ts";
export type {
  DecodedPollMessagesResponse,
  DecodedSendMessagesRequest,
  GetPartitionRouteRequest,
  PartitionRouteResponse,
  PollMessagesRequest,
  PollMessagesResponse,
  SendMessagesConfirmation,
  SendMessagesRequest,
  SendMessagesResponse,
} from "./commands/messages.ts";
export {
  BIND_SECRET_BYTES,
  changePasswordRequest,
  createUserRequest,
  deleteUserRequest,
  getUserRequest,
  getUsersRequest,
  getUsersResponse,
  identityResponse,
  loginRegisterRequest,
  loginRegisterResponse,
  loginRegisterWithPatRequest,
  loginUserRequest,
  logoutUserRequest,
  updatePermissionsRequest,
  updateUserResolvedRequest,
  userCommands,
  userDetailsResponse,
  userOperations,
  userResponse,
} from "./commands/users.ts";
export type {
  ChangePasswordRequest,
  CreateUserRequest,
  GetUsersResponse,
  IdentityResponse,
  LoginRegisterRequest,
  LoginRegisterResponse,
  LoginRegisterWithPatRequest,
  LoginUserRequest,
  UpdatePermissionsRequest,
  UpdateUserResolvedRequest,
  UserDetailsResponse,
  UserIdRequest,
  UserResponse,
} from "./commands/users.ts";
export {
  createPersonalAccessTokenRequest,
  deletePersonalAccessTokenRequest,
  getPersonalAccessTokensRequest,
  getPersonalAccessTokensResponse,
  loginWithPersonalAccessTokenRequest,
  personalAccessTokenCommands,
  personalAccessTokenResponse,
  rawPersonalAccessTokenResponse,
} from "./commands/personal_access_tokens.ts";
export type {
  CreatePersonalAccessTokenRequest,
  DeletePersonalAccessTokenRequest,
  GetPersonalAccessTokensResponse,
  LoginWithPersonalAccessTokenRequest,
  PersonalAccessTokenResponse,
  RawPersonalAccessTokenResponse,
} from "./commands/personal_access_tokens.ts";
export {
  clientCommands,
  clientDetailsResponse,
  clientResponse,
  consumerGroupInfoResponse,
  getClientsResponse,
} from "./commands/clients.ts";
export type {
  ClientDetailsResponse,
  ClientResponse,
  ConsumerGroupInfoResponse,
  GetClientsResponse,
} from "./commands/clients.ts";
export {
  CONSUMER_GROUP_OWNERS_MAX,
  createPartitionsRequest,
  createPartitionsWithAssignmentsRequest,
  deletePartitionsRequest,
  installConsumerGroupOwnerRequest,
  MAX_PARTITIONS_PER_REQUEST,
  partitionCommands,
  partitionOperations,
  retireConsumerGroupOwnersRequest,
  transitionPartitionHistoryRequest,
} from "./commands/partitions.ts";
export type {
  CreatePartitionsWithAssignmentsRequest,
  InstallConsumerGroupOwnerRequest,
  PartitionsRequest,
  RetireConsumerGroupOwnersRequest,
  TransitionPartitionHistoryRequest,
} from "./commands/partitions.ts";
export { deleteSegmentsRequest, segmentCommands } from "./commands/segments.ts";
export type { DeleteSegmentsRequest } from "./commands/segments.ts";
export {
  consumerGroupCommands,
  consumerGroupDetailsResponse,
  consumerGroupMemberResponse,
  consumerGroupResponse,
  createConsumerGroupRequest,
  deleteConsumerGroupRequest,
  getConsumerGroupRequest,
  getConsumerGroupsRequest,
  getConsumerGroupsResponse,
  joinConsumerGroupRequest,
  leaveConsumerGroupRequest,
  syncConsumerGroupRequest,
  syncConsumerGroupResponse,
} from "./commands/consumer_groups.ts";
export type {
  ConsumerGroupDetailsResponse,
  ConsumerGroupMemberResponse,
  ConsumerGroupRef,
  ConsumerGroupResponse,
  CreateConsumerGroupRequest,
  GetConsumerGroupsRequest,
  GetConsumerGroupsResponse,
  SyncConsumerGroupResponse,
} from "./commands/consumer_groups.ts";
export {
  consumerOffsetCommands,
  consumerOffsetResponse,
  deleteConsumerOffsetRequest,
  getConsumerOffsetRequest,
  storeConsumerOffsetRequest,
} from "./commands/consumer_offsets.ts";
export type {
  ConsumerOffsetResponse,
  DeleteConsumerOffsetRequest,
  GetConsumerOffsetRequest,
  StoreConsumerOffsetRequest,
} from "./commands/consumer_offsets.ts";

// VSR consensus headers.
export {
  allZero,
  bitsRequired,
  checkBitPattern,
  CHECKSUM_UNSEALED,
  Command,
  COMMAND_MAX,
  COMMAND_OFFSET,
  commandName,
  CommitHeader,
  COMMON_FIELDS,
  ConsensusHeaderView,
  CONSUMER_SESSION_ENCODED_SIZE,
  ConsumerSessionHeartbeatHeader,
  createHeader,
  decodeConsensusHeader,
  decodeHeader,
  DoViewChangeHeader,
  DVC_HEADERS_MAX,
  enumSpec,
  EVICTION_REASON_ENUM,
  EvictionHeader,
  EvictionReason,
  FORWARD_LOGOUT_OUTCOME_ENUM,
  FORWARD_REGISTER_OUTCOME_ENUM,
  ForwardCompletionHeader,
  ForwardLogoutHeader,
  ForwardLogoutOutcome,
  ForwardLogoutResultHeader,
  ForwardRegisterHeader,
  ForwardRegisterOutcome,
  ForwardRegisterResultHeader,
  frameBody,
  frameChecksumBytes,
  GenericHeader,
  HEADER_SIZE,
  HEADER_TYPES,
  headerTypeForCommand,
  isClientAllowedOperation,
  isConsensusHeader,
  isInternalOperation,
  isKnownCommand,
  isKnownOperation,
  isMetadataOperation,
  isMetadataPlaneOperation,
  isPartitionLifecycleOperation,
  isPartitionOperation,
  isPlaneRoutableOperation,
  isResultFramedOperation,
  isVsrReservedOperation,
  LIFECYCLE_BATCH_HEADER_SIZE,
  LIFECYCLE_COMPLETION_SIZE,
  LIFECYCLE_COMPLETIONS_MAX,
  MAX_CONSUMER_SESSIONS_PER_HEARTBEAT,
  MAX_PARTITIONS,
  MAX_STREAMS,
  MAX_TOPICS,
  METADATA_GROUP,
  NON_REPLICATED_CODE_RANGE,
  Operation,
  OPERATION_ENUM,
  OPERATION_INTERNAL_START,
  OPERATION_METADATA_START,
  OPERATION_PARTITION_START,
  operationForCode,
  operationFromCommandCode,
  operationName,
  operationToCommandCode,
  PACKED_NAMESPACE_BITS,
  PACKED_NAMESPACE_MAX,
  packNamespace,
  PARTITION_BITS,
  PARTITION_MASK,
  PARTITION_SHIFT,
  PrepareHeader,
  PrepareHeaderBase,
  prepareIdentityChecksumBytes,
  PrepareOkHeader,
  PRIMARY_REBALANCE_KIND_ENUM,
  PrimaryRebalanceHeader,
  PrimaryRebalanceKind,
  readSizeField,
  REGISTER_REQUEST_BYTES,
  REJECTION_SECTION_LEN,
  RepairPrepareHeader,
  RepairRangeReplyHeader,
  ReplyHeader,
  RequestHeader,
  RequestHeaderBase,
  requestOperation,
  RequestPreparesHeader,
  RequestStartViewHeader,
  RequestStateChunkHeader,
  RequestStateTransferHeader,
  RESERVED_COMMAND_LEN,
  RESULT_COUNT_LEN,
  RESULT_ENTRY_LEN,
  resultCode,
  resultSectionLen,
  REVOCATION_BODY_SIZE,
  RoutedRequestHeader,
  SEGMENT_DELETE_KIND_ENUM,
  SegmentDeleteHeader,
  SegmentDeleteKind,
  SIZE_FIELD_OFFSET,
  StartViewChangeHeader,
  StartViewHeader,
  StateChunkHeader,
  StateTransferTargetHeader,
  STREAM_BITS,
  STREAM_MASK,
  STREAM_SHIFT,
  TOPIC_BITS,
  TOPIC_MASK,
  TOPIC_SHIFT,
  unpackNamespace,
  writeRejectionSection,
} from "./consensus/mod.ts";
export type {
  AnyConsensusHeader,
  CommitHeaderFields,
  CommonHeaderFields,
  ConsumerSessionHeartbeatHeaderFields,
  CreateHeaderOptions,
  DoViewChangeHeaderFields,
  EnumSpec,
  EvictionHeaderFields,
  FieldKind,
  FieldSpec,
  ForwardCompletionHeaderFields,
  ForwardLogoutHeaderFields,
  ForwardLogoutResultHeaderFields,
  ForwardRegisterHeaderFields,
  ForwardRegisterResultHeaderFields,
  GenericHeaderFields,
  HeaderClass,
  HeaderFields,
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
} from "./consensus/mod.ts";

// The message batch.
export {
  BATCH_CHECKSUM_OFFSET,
  BATCH_HEADER_SIZE,
  BATCH_MESSAGE_COUNT_OFFSET,
  BATCH_MESSAGE_HEADER_SIZE,
  BATCH_RESERVED_OFFSET,
  BatchView,
  calculateBatchChecksum,
  decodeBatch,
  encodeBatch,
  encodeBatchInto,
  encodeBatchRecord,
  iterateBatches,
  MAX_TIMESTAMP_DELTA_MICROS,
  MessageCursor,
  restampBatch,
  sizeOfBatch,
} from "./batch/mod.ts";
export type {
  BatchIntegrity,
  BatchMessage,
  BatchMessageInput,
  BatchRecord,
  BatchStamp,
  DecodeBatchOptions,
  RawFrame,
  RawRecord,
} from "./batch/mod.ts";

// The VSR client connection as state machines (sans-IO): the server side and the client side.
export { IggyServerConnection, IggySessionTable } from "./session/server.ts";
export type {
  IggyServerConnectionOptions,
  IggySessionRecord,
  IncomingRequest,
  LoginRegisterBody,
  ReplyOptions,
  ServerEvent,
} from "./session/server.ts";
export { decodeLoginBody } from "./session/server.ts";
export { IggyClientSession } from "./session/client.ts";
export type {
  ClientEvent,
  IggyClientSessionOptions,
  IggyCredentials,
  OutgoingIggyRequest,
} from "./session/client.ts";
export { ConsensusFrameAssembler, DEFAULT_MAX_CONSENSUS_FRAME } from "./session/frames.ts";
