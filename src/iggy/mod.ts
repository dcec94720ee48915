/**
 * The Apache Iggy binary protocol, as `iggy_binary_protocol` 0.11.1-edge.3 defines it:
 * frames, the command table and every command's payload codec, the protocol-version
 * handshake, the message batch and the VSR consensus headers.
 *
 * Every payload codec is a {@linkcode PayloadCodec} (`encode` into a `Writer`, exact `sizeOf`,
 * `decode` from a `Reader`). The names follow `./kafka`'s: {@linkcode decodeRequest} /
 * {@linkcode encodeRequest} and their response twins work on whole frames (header + body), and
 * {@linkcode decodeRequestBody} / {@linkcode encodeRequestBody} and theirs on the body alone,
 * both picking the codec by command code. Decoders throw only `WireError`, with the code the
 * crate's own rejection maps to; byte fields are zero-copy views into the input.
 *
 * Where the crate and deployed software differ, this module follows the crate and also reads
 * what real servers send, and says so at the symbol: frames come in the crate's layout (with
 * a request id) and in the legacy layout of released servers ({@linkcode FrameLayout});
 * `StatsResponse` accepts servers that omit the open-files fields; option-catalog descriptions
 * decode leniently as the crate does; {@linkcode decodeResponseBodyOrNull} reads the empty
 * "not found" payload servers send for Get* queries (the crate's decoders reject it); bytes
 * after a fixed-layout request are ignored as the crate's `decode_from` ignores them (the Node
 * SDK's DeleteTopic sends 4 extra bytes), and are `TRAILING_BYTES` with `{ exact: true }`; the
 * protocol version is the crate's 0.12.0, which released 0.11.x servers reject.
 *
 * @example
 * ```ts
 * import {
 *   CommandCode,
 *   decodeResponseBody,
 *   encodeRequest,
 *   ResponseFrameDecoder,
 *   STATUS_OK,
 * } from "@streamwire/codec/iggy";
 *
 * // CreateStream as a whole frame with request id 1:
 * const frame = encodeRequest(CommandCode.CreateStream, { requestId: 1n }, { name: "orders", options: new Uint8Array() });
 * console.log(frame.length); // 23
 *
 * // Reading responses as chunks arrive from a socket:
 * const responses = new ResponseFrameDecoder({ maxFrameBytes: 16 << 20 });
 * for (const chunk of [new Uint8Array([0, 0, 0, 0, 8, 0, 0, 0, 1, 0]), new Uint8Array(6)]) {
 *   for (const r of responses.push(chunk)) {
 *     if (r.status === STATUS_OK) console.log(r.requestId, decodeResponseBody(CommandCode.Ping, r.payload)); // 1n {}
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
export {
  commandCodecsAt,
  isResultFramedAt,
  requestCodeAt,
  revisionOperationOf,
} from "./revisions/dispatch.ts";
export {
  clusterMetadataResponse011,
  getStreamResponse011,
  getStreamsResponse011,
  getTopicResponse011,
  getTopicsResponse011,
  isV011OnlyOperation,
  loginRegisterRequest011,
  loginRegisterWithPatRequest011,
  partitionResponse011,
  pollMessagesResponse011,
  purgeStreamRequest011,
  purgeTopicRequest011,
  streamResponse011,
  topicHeader011,
  updateStreamRequest011,
  updateTopicRequest011,
  V011_OPERATIONS,
} from "./revisions/v0_11_0.ts";
export type {
  ClusterMetadataResponse011,
  ClusterNodeResponse011,
  GetStreamResponse011,
  GetStreamsResponse011,
  GetTopicResponse011,
  GetTopicsResponse011,
  LoginRegisterRequest011,
  LoginRegisterWithPatRequest011,
  PartitionResponse011,
  PollMessagesResponse011,
  PurgeStreamRequest011,
  PurgeTopicRequest011,
  StreamResponse011,
  TopicHeader011,
  UpdateStreamRequest011,
  UpdateTopicRequest011,
} from "./revisions/v0_11_0.ts";
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

// Whole messages (frame header + body), as `./kafka` names them.
export { decodeRequest, decodeResponse, encodeRequest, encodeResponse } from "./api.ts";
export type {
  AnyDecodedRequest,
  DecodedRequest,
  DecodedResponse,
  DecodeOptions,
  EncodeOptions,
  RequestHeaderInit,
  ResponseHeaderInit,
} from "./api.ts";

// The command table (code, name, operation). The code <-> operation lookups derived from it
// are re-exported by ./iggy/consensus (below).
export {
  COMMAND_TABLE,
  commandCodeName,
  lookupByOperation,
  lookupCommand,
  RETIRED_COMMAND_CODES,
} from "./command_table.ts";
export type { CommandMeta } from "./command_table.ts";

// Body-only codecs by command code or operation.
export {
  commandCodecs,
  decodeAnyRequestBody,
  decodeOperationBody,
  decodeRequestBody,
  decodeResponseBody,
  decodeResponseBodyOrNull,
  EMPTY_MEANS_NOT_FOUND_CODES,
  encodeOperationBody,
  encodeRequestBody,
  encodeResponseBody,
  operationBodyCodec,
  registeredCommands,
  writeRequestBody,
} from "./dispatch.ts";
export type { AnyCommandCodecs, AnyRequestBody, PayloadValue, RequestOf, ResponseOf } from "./dispatch.ts";
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
} from "./commands/metadata_change_bodies.ts";
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
} from "./commands/metadata_change_bodies.ts";
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

// The published subpaths ./iggy/consensus (VSR consensus headers, Command and Operation) and
// ./iggy/batch (the message batch), whole: each one's mod.ts is its list of names.
export * from "./consensus/mod.ts";
export * from "./batch/mod.ts";

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
export type { ConsensusFrameOptions } from "./session/frames.ts";
