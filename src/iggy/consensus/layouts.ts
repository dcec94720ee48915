/**
 * The consensus header layouts, stated once: for each header type of `iggy_binary_protocol`
 * 0.11.1-edge.3, the fields after the common 128-byte prefix (name, byte offset, storage) in
 * the crate's `#[repr(C)]` order, u128 fields on 16-byte boundaries. These tables are the
 * classes' `FIELDS` (they drive `createHeader`, `toObject` and the enum checks), and
 * `tools/consensus` generates the typed getters and `…Fields` interfaces of
 * `_generated/headers.ts` from them, each field's doc comment included: edit a layout here,
 * then run `deno task consensus:gen`.
 *
 * @module
 */

import { Operation } from "./operation.ts";
import {
  EvictionReason,
  ForwardLogoutOutcome,
  ForwardRegisterOutcome,
  PrimaryRebalanceKind,
  SegmentDeleteKind,
} from "./enums.ts";
import { type EnumSpec, enumSpec, type FieldSpec } from "./header.ts";

/** The `Operation` enum as a field enum. */
export const OPERATION_ENUM: EnumSpec = /* @__PURE__ */ enumSpec("Operation", Operation);
/** The `EvictionReason` enum as a field enum. */
export const EVICTION_REASON_ENUM: EnumSpec = /* @__PURE__ */ enumSpec("EvictionReason", EvictionReason);
/** The `ForwardRegisterOutcome` enum as a field enum. */
export const FORWARD_REGISTER_OUTCOME_ENUM: EnumSpec = /* @__PURE__ */ enumSpec(
  "ForwardRegisterOutcome",
  ForwardRegisterOutcome,
);
/** The `ForwardLogoutOutcome` enum as a field enum. */
export const FORWARD_LOGOUT_OUTCOME_ENUM: EnumSpec = /* @__PURE__ */ enumSpec(
  "ForwardLogoutOutcome",
  ForwardLogoutOutcome,
);
/** The `PrimaryRebalanceKind` enum as a field enum. */
export const PRIMARY_REBALANCE_KIND_ENUM: EnumSpec = /* @__PURE__ */ enumSpec(
  "PrimaryRebalanceKind",
  PrimaryRebalanceKind,
);
/** The `SegmentDeleteKind` enum as a field enum. */
export const SEGMENT_DELETE_KIND_ENUM: EnumSpec = /* @__PURE__ */ enumSpec(
  "SegmentDeleteKind",
  SegmentDeleteKind,
);

/** `GenericHeader`. */
export const GENERIC_FIELDS: readonly FieldSpec[] = [
  /** Per-command scratch area (replica auth nonce / MAC / reject reason). */
  { name: "reservedCommand", offset: 128, kind: "bytes", length: 128 },
];

/** The fields `RequestHeader` and `RoutedRequestHeader` share. */
export const REQUEST_COMMON_FIELDS: readonly FieldSpec[] = [
  /** Client id (non-zero). */
  { name: "client", offset: 128, kind: "u128" },
  /** Random id of a logical metadata/session request, kept across retries; zero otherwise. */
  { name: "requestChecksum", offset: 144, kind: "u128" },
  /** Client timestamp (unused by replicated prepares). */
  { name: "timestamp", offset: 160, kind: "u64" },
  /** Request number. */
  { name: "request", offset: 168, kind: "u64" },
  /** {@linkcode Operation} byte. */
  { name: "operation", offset: 176, kind: "enum", enumSpec: OPERATION_ENUM },
  /** 7 padding bytes after `operation`. */
  { name: "operationPadding", offset: 177, kind: "bytes", length: 7 },
  /** Session fence epoch (0 on Register, may be 0 on NonReplicated). */
  { name: "session", offset: 184, kind: "u64" },
  /** Acting user id (server-stamped). */
  { name: "userId", offset: 192, kind: "u32" },
  /** For `NonReplicated`: the command code, u32 LE. */
  { name: "reserved", offset: 196, kind: "bytes", length: 4 },
  /** Captured partition incarnation. */
  { name: "partitionIncarnation", offset: 200, kind: "u64" },
  /** Captured consumer-group owner generation. */
  { name: "ownerGeneration", offset: 208, kind: "u64" },
  /** Minimum committed metadata op needed to interpret the request. */
  { name: "minimumMetadataOp", offset: 216, kind: "u64" },
];

/** `RequestHeader`: the shared request fields, then a 32-byte reserved tail. */
export const REQUEST_FIELDS: readonly FieldSpec[] = /* @__PURE__ */ REQUEST_COMMON_FIELDS.concat([
  /** 32 reserved bytes. */
  { name: "reservedTail", offset: 224, kind: "bytes", length: 32 },
]);

/** `RoutedRequestHeader`: the shared request fields, then the routing tail. */
export const ROUTED_REQUEST_FIELDS: readonly FieldSpec[] = /* @__PURE__ */ REQUEST_COMMON_FIELDS.concat([
  /** 16 reserved bytes. */
  { name: "reservedTail", offset: 224, kind: "bytes", length: 16 },
  /** Server-observed metadata frontier at partition admission. */
  { name: "metadataWatermark", offset: 240, kind: "u64" },
  /** Resolved consensus group id. */
  { name: "group", offset: 248, kind: "u64" },
]);

/** `ReplyHeader`. */
export const REPLY_FIELDS: readonly FieldSpec[] = [
  /** The original request's `requestChecksum`. */
  { name: "requestChecksum", offset: 128, kind: "u128" },
  /** Context. */
  { name: "context", offset: 144, kind: "u128" },
  /** Client id. */
  { name: "client", offset: 160, kind: "u128" },
  /** Op of the committed prepare. */
  { name: "op", offset: 176, kind: "u64" },
  /** Commit (the prepare's op). */
  { name: "commit", offset: 184, kind: "u64" },
  /** Timestamp. */
  { name: "timestamp", offset: 192, kind: "u64" },
  /** Request number. */
  { name: "request", offset: 200, kind: "u64" },
  /** {@linkcode Operation} byte. */
  { name: "operation", offset: 208, kind: "enum", enumSpec: OPERATION_ENUM },
  /** 7 padding bytes. */
  { name: "operationPadding", offset: 209, kind: "bytes", length: 7 },
  /** 0 = ok; otherwise an IggyError code (the body is then empty). */
  { name: "status", offset: 216, kind: "u32" },
  /** `reserved[0] === 1` marks a final committed result. */
  { name: "reserved", offset: 220, kind: "bytes", length: 4 },
  /** Echoed / served partition incarnation. */
  { name: "partitionIncarnation", offset: 224, kind: "u64" },
  /** 24 reserved bytes. */
  { name: "reservedTail", offset: 232, kind: "bytes", length: 24 },
];

/** `EvictionHeader`. */
export const EVICTION_FIELDS: readonly FieldSpec[] = [
  /** Client id (non-zero). */
  { name: "client", offset: 128, kind: "u128" },
  /** Accepted protocol version (only on `IncompatibleProtocol`). */
  { name: "serverProtocolVersion", offset: 144, kind: "u32" },
  /** Minimum accepted protocol version (only on `IncompatibleProtocol`). */
  { name: "serverProtocolVersionMin", offset: 148, kind: "u32" },
  /** 103 reserved bytes (must be zero). */
  { name: "reserved", offset: 152, kind: "bytes", length: 103 },
  /** {@linkcode EvictionReason} byte. */
  { name: "reason", offset: 255, kind: "enum", enumSpec: EVICTION_REASON_ENUM },
];

/** `PrepareHeader` and `RepairPrepareHeader`. */
export const PREPARE_FIELDS: readonly FieldSpec[] = [
  /** Client id. */
  { name: "client", offset: 128, kind: "u128" },
  /** Identity of the previous prepare (hash chain). */
  { name: "parent", offset: 144, kind: "u128" },
  /** Copied from the admitted request. */
  { name: "requestChecksum", offset: 160, kind: "u128" },
  /** Op number. */
  { name: "op", offset: 176, kind: "u64" },
  /** Commit number. */
  { name: "commit", offset: 184, kind: "u64" },
  /** Timestamp. */
  { name: "timestamp", offset: 192, kind: "u64" },
  /** Request number. */
  { name: "request", offset: 200, kind: "u64" },
  /** {@linkcode Operation} byte. */
  { name: "operation", offset: 208, kind: "enum", enumSpec: OPERATION_ENUM },
  /** 7 padding bytes. */
  { name: "operationPadding", offset: 209, kind: "bytes", length: 7 },
  /** Consensus group id. */
  { name: "group", offset: 216, kind: "u64" },
  /** Acting user id. */
  { name: "userId", offset: 224, kind: "u32" },
  /** Retry capacity nominated by the group's first committed prepare. */
  { name: "retryCapacity", offset: 228, kind: "u32" },
  /** Partition incarnation. */
  { name: "partitionIncarnation", offset: 232, kind: "u64" },
  /** 8 reserved bytes (must be zero). */
  { name: "reserved", offset: 240, kind: "bytes", length: 8 },
  /** Register commit identifying the session. */
  { name: "session", offset: 248, kind: "u64" },
];

/** `PrepareOkHeader`. */
export const PREPARE_OK_FIELDS: readonly FieldSpec[] = [
  /** Parent identity. */
  { name: "parent", offset: 128, kind: "u128" },
  /** The acknowledged prepare's identity. */
  { name: "prepareChecksum", offset: 144, kind: "u128" },
  /** Op. */
  { name: "op", offset: 160, kind: "u64" },
  /** Commit. */
  { name: "commit", offset: 168, kind: "u64" },
  /** Timestamp. */
  { name: "timestamp", offset: 176, kind: "u64" },
  /** Request number. */
  { name: "request", offset: 184, kind: "u64" },
  /** {@linkcode Operation} byte. */
  { name: "operation", offset: 192, kind: "enum", enumSpec: OPERATION_ENUM },
  /** 7 padding bytes. */
  { name: "operationPadding", offset: 193, kind: "bytes", length: 7 },
  /** Consensus group. */
  { name: "group", offset: 200, kind: "u64" },
  /** 48 reserved bytes. */
  { name: "reserved", offset: 208, kind: "bytes", length: 48 },
];

/** `CommitHeader`. */
export const COMMIT_FIELDS: readonly FieldSpec[] = [
  /** Identity of the committed prepare. */
  { name: "commitChecksum", offset: 128, kind: "u128" },
  /** Monotonic timestamp. */
  { name: "timestampMonotonic", offset: 144, kind: "u64" },
  /** Commit number. */
  { name: "commit", offset: 152, kind: "u64" },
  /** Checkpoint op. */
  { name: "checkpointOp", offset: 160, kind: "u64" },
  /** Consensus group. */
  { name: "group", offset: 168, kind: "u64" },
  /** Partition incarnation. */
  { name: "partitionIncarnation", offset: 176, kind: "u64" },
  /** 72 reserved bytes. */
  { name: "reserved", offset: 184, kind: "bytes", length: 72 },
];

/** `StartViewChangeHeader`. */
export const START_VIEW_CHANGE_FIELDS: readonly FieldSpec[] = [
  /** Consensus group. */
  { name: "group", offset: 128, kind: "u64" },
  /** Partition incarnation. */
  { name: "partitionIncarnation", offset: 136, kind: "u64" },
  /** 112 reserved bytes. */
  { name: "reserved", offset: 144, kind: "bytes", length: 112 },
];

/** `DoViewChangeHeader`. */
export const DO_VIEW_CHANGE_FIELDS: readonly FieldSpec[] = [
  /** Highest op in the sender's log. */
  { name: "op", offset: 128, kind: "u64" },
  /** Highest committed op. */
  { name: "commit", offset: 136, kind: "u64" },
  /** Consensus group. */
  { name: "group", offset: 144, kind: "u64" },
  /** View when status was last normal. */
  { name: "logView", offset: 152, kind: "u32" },
  /** Bit 0: untrusted log; other bits must be zero. */
  { name: "flags", offset: 156, kind: "u8" },
  /** 59 reserved bytes (not checked). */
  { name: "reserved", offset: 157, kind: "bytes", length: 59 },
  /** Partition incarnation. */
  { name: "partitionIncarnation", offset: 216, kind: "u64" },
  /** Suffix entries the sender proves it never prepared. */
  { name: "nackBitset", offset: 224, kind: "u128" },
  /** Suffix entries whose body the sender can serve. */
  { name: "presentBitset", offset: 240, kind: "u128" },
];

/** `StartViewHeader`. */
export const START_VIEW_FIELDS: readonly FieldSpec[] = [
  /** Highest op in the new primary's log. */
  { name: "op", offset: 128, kind: "u64" },
  /** max(commit) over the votes. */
  { name: "commit", offset: 136, kind: "u64" },
  /** Consensus group. */
  { name: "group", offset: 144, kind: "u64" },
  /** Partition incarnation. */
  { name: "partitionIncarnation", offset: 152, kind: "u64" },
  /** 80 reserved bytes. */
  { name: "reserved", offset: 160, kind: "bytes", length: 80 },
  /** Echo of the requester's incarnation (0 = unsolicited). */
  { name: "incarnation", offset: 240, kind: "u128" },
];

/** `RequestStartViewHeader`. */
export const REQUEST_START_VIEW_FIELDS: readonly FieldSpec[] = [
  /** Consensus group. */
  { name: "group", offset: 128, kind: "u64" },
  /** Partition incarnation. */
  { name: "partitionIncarnation", offset: 136, kind: "u64" },
  /** 96 reserved bytes. */
  { name: "reserved", offset: 144, kind: "bytes", length: 96 },
  /** The requester's per-boot incarnation. */
  { name: "incarnation", offset: 240, kind: "u128" },
];

/** `RequestPreparesHeader`. */
export const REQUEST_PREPARES_FIELDS: readonly FieldSpec[] = [
  /** Correlation nonce. */
  { name: "nonce", offset: 128, kind: "u128" },
  /** First op of the range (1-based). */
  { name: "fromOp", offset: 144, kind: "u64" },
  /** Last op of the range. */
  { name: "toOp", offset: 152, kind: "u64" },
  /** Consensus group. */
  { name: "group", offset: 160, kind: "u64" },
  /** Partition incarnation. */
  { name: "partitionIncarnation", offset: 168, kind: "u64" },
  /** 80 reserved bytes. */
  { name: "reserved", offset: 176, kind: "bytes", length: 80 },
];

/** `RepairRangeReplyHeader`. */
export const REPAIR_RANGE_REPLY_FIELDS: readonly FieldSpec[] = [
  /** Correlation nonce. */
  { name: "nonce", offset: 128, kind: "u128" },
  /** `RepairDone`: last op served; `RangeEvicted`: oldest retained op. */
  { name: "op", offset: 144, kind: "u64" },
  /** Consensus group. */
  { name: "group", offset: 152, kind: "u64" },
  /** Partition incarnation. */
  { name: "partitionIncarnation", offset: 160, kind: "u64" },
  /** 88 reserved bytes. */
  { name: "reserved", offset: 168, kind: "bytes", length: 88 },
];

/** `RequestStateTransferHeader`. */
export const REQUEST_STATE_TRANSFER_FIELDS: readonly FieldSpec[] = [
  /** Transfer session nonce. */
  { name: "nonce", offset: 128, kind: "u128" },
  /** Consensus group. */
  { name: "group", offset: 144, kind: "u64" },
  /** Partition incarnation. */
  { name: "partitionIncarnation", offset: 152, kind: "u64" },
  /** 96 reserved bytes. */
  { name: "reserved", offset: 160, kind: "bytes", length: 96 },
];

/** `StateTransferTargetHeader`. */
export const STATE_TRANSFER_TARGET_FIELDS: readonly FieldSpec[] = [
  /** Transfer session nonce. */
  { name: "nonce", offset: 128, kind: "u128" },
  /** Serving primary's applied frontier. */
  { name: "commitOp", offset: 144, kind: "u64" },
  /** Consensus group. */
  { name: "group", offset: 152, kind: "u64" },
  /** 1 = an offer (manifest in the body), 0 = refusal (header-only). */
  { name: "available", offset: 160, kind: "u8" },
  /** 1 on a refusal that means "not right now". */
  { name: "unavailableTransient", offset: 161, kind: "u8" },
  /** 6 alignment bytes. */
  { name: "reservedAlignment", offset: 162, kind: "bytes", length: 6 },
  /** Serving replica's commit_max. */
  { name: "commitMax", offset: 168, kind: "u64" },
  /** Partition incarnation. */
  { name: "partitionIncarnation", offset: 176, kind: "u64" },
  /** 72 reserved bytes. */
  { name: "reserved", offset: 184, kind: "bytes", length: 72 },
];

/** `RequestStateChunkHeader`. */
export const REQUEST_STATE_CHUNK_FIELDS: readonly FieldSpec[] = [
  /** Transfer session nonce. */
  { name: "nonce", offset: 128, kind: "u128" },
  /** Byte offset in the artifact. */
  { name: "offset", offset: 144, kind: "u64" },
  /** Consensus group. */
  { name: "group", offset: 152, kind: "u64" },
  /** Requested length (non-zero). */
  { name: "len", offset: 160, kind: "u32" },
  /** Index into the offered manifest. */
  { name: "artifact", offset: 164, kind: "u32" },
  /** Partition incarnation. */
  { name: "partitionIncarnation", offset: 168, kind: "u64" },
  /** 80 reserved bytes. */
  { name: "reserved", offset: 176, kind: "bytes", length: 80 },
];

/** `StateChunkHeader`. */
export const STATE_CHUNK_FIELDS: readonly FieldSpec[] = [
  /** Transfer session nonce. */
  { name: "nonce", offset: 128, kind: "u128" },
  /** Byte offset in the artifact. */
  { name: "offset", offset: 144, kind: "u64" },
  /** Consensus group. */
  { name: "group", offset: 152, kind: "u64" },
  /** Index into the offered manifest. */
  { name: "artifact", offset: 160, kind: "u32" },
  /** 84 reserved bytes. */
  { name: "reserved", offset: 164, kind: "bytes", length: 84 },
  /** Partition incarnation. */
  { name: "partitionIncarnation", offset: 248, kind: "u64" },
];

/** `ForwardRegisterHeader`. */
export const FORWARD_REGISTER_FIELDS: readonly FieldSpec[] = [
  /** The login's consensus client id. */
  { name: "client", offset: 128, kind: "u128" },
  /** Correlation nonce. */
  { name: "nonce", offset: 144, kind: "u128" },
  /** The authenticated user. */
  { name: "userId", offset: 160, kind: "u32" },
  /** 92 reserved bytes (must be zero). */
  { name: "reserved", offset: 164, kind: "bytes", length: 92 },
];

/** `ForwardRegisterResultHeader`. */
export const FORWARD_REGISTER_RESULT_FIELDS: readonly FieldSpec[] = [
  /** Echoed nonce. */
  { name: "nonce", offset: 128, kind: "u128" },
  /** Echoed client id. */
  { name: "client", offset: 144, kind: "u128" },
  /** Committed register op (0 unless Ok). */
  { name: "epoch", offset: 160, kind: "u64" },
  /** Highest committed request number (0 unless Ok). */
  { name: "watermark", offset: 168, kind: "u64" },
  /** 79 reserved bytes (must be zero). */
  { name: "reserved", offset: 176, kind: "bytes", length: 79 },
  /** {@linkcode ForwardRegisterOutcome} byte. */
  { name: "outcome", offset: 255, kind: "enum", enumSpec: FORWARD_REGISTER_OUTCOME_ENUM },
];

/** `ForwardLogoutHeader`. */
export const FORWARD_LOGOUT_FIELDS: readonly FieldSpec[] = [
  /** The client whose table entry goes. */
  { name: "client", offset: 128, kind: "u128" },
  /** Correlation nonce. */
  { name: "nonce", offset: 144, kind: "u128" },
  /** The register epoch being logged out. */
  { name: "session", offset: 160, kind: "u64" },
  /** Request number. */
  { name: "request", offset: 168, kind: "u64" },
  /** 80 reserved bytes (must be zero). */
  { name: "reserved", offset: 176, kind: "bytes", length: 80 },
];

/** `ForwardLogoutResultHeader`. */
export const FORWARD_LOGOUT_RESULT_FIELDS: readonly FieldSpec[] = [
  /** Echoed nonce. */
  { name: "nonce", offset: 128, kind: "u128" },
  /** Echoed client id. */
  { name: "client", offset: 144, kind: "u128" },
  /** Committed logout op (0 unless Ok). */
  { name: "commit", offset: 160, kind: "u64" },
  /** 87 reserved bytes (must be zero). */
  { name: "reserved", offset: 168, kind: "bytes", length: 87 },
  /** {@linkcode ForwardLogoutOutcome} byte. */
  { name: "outcome", offset: 255, kind: "enum", enumSpec: FORWARD_LOGOUT_OUTCOME_ENUM },
];

/** `ForwardCompletionHeader`. */
export const FORWARD_COMPLETION_FIELDS: readonly FieldSpec[] = [
  /** Shard that built a lifecycle batch (0 for a revocation). */
  { name: "reporter", offset: 128, kind: "u16" },
  /** `CompleteLifecycle` or `CompleteConsumerGroupRevocation`. */
  { name: "operation", offset: 130, kind: "enum", enumSpec: OPERATION_ENUM },
  /** 125 reserved bytes (must be zero). */
  { name: "reserved", offset: 131, kind: "bytes", length: 125 },
];

/** `ConsumerSessionHeartbeatHeader`. */
export const CONSUMER_SESSION_HEARTBEAT_FIELDS: readonly FieldSpec[] = [
  /** 1 if a local shard failed to report. */
  { name: "incomplete", offset: 128, kind: "u8" },
  /** 119 reserved bytes (must be zero). */
  { name: "reserved", offset: 129, kind: "bytes", length: 119 },
  /** Namespace revision (retirement progress only; zero on heartbeats). */
  { name: "namespaceRevision", offset: 248, kind: "u64" },
];

/** `PrimaryRebalanceHeader`. */
export const PRIMARY_REBALANCE_FIELDS: readonly FieldSpec[] = [
  /** Correlation nonce (non-zero). */
  { name: "nonce", offset: 128, kind: "u128" },
  /** Packed partition namespace. */
  { name: "namespace", offset: 144, kind: "u64" },
  /** Partition creation revision. */
  { name: "createdRevision", offset: 152, kind: "u64" },
  /** Commit. */
  { name: "commit", offset: 160, kind: "u64" },
  /** Quorum-evidence age, or `NO_QUORUM_EVIDENCE`. */
  { name: "quorumAgeNs", offset: 168, kind: "u64" },
  /** View of the probed partition. */
  { name: "partitionView", offset: 176, kind: "u32" },
  /** {@linkcode PrimaryRebalanceKind} byte. */
  { name: "kind", offset: 180, kind: "enum", enumSpec: PRIMARY_REBALANCE_KIND_ENUM },
  /** Readiness (replies only). */
  { name: "ready", offset: 181, kind: "u8" },
  /** Handoff target (transfers only). */
  { name: "target", offset: 182, kind: "u8" },
  /** 73 reserved bytes (must be zero). */
  { name: "reserved", offset: 183, kind: "bytes", length: 73 },
];

/** `SegmentDeleteHeader`. */
export const SEGMENT_DELETE_FIELDS: readonly FieldSpec[] = [
  /** Correlation nonce (non-zero). */
  { name: "nonce", offset: 128, kind: "u128" },
  /** Packed partition namespace. */
  { name: "namespace", offset: 144, kind: "u64" },
  /** Partition creation revision (non-zero). */
  { name: "createdRevision", offset: 152, kind: "u64" },
  /** Minimum metadata op. */
  { name: "minimumMetadataOp", offset: 160, kind: "u64" },
  /** Resolved offset (only on `Resolved`). */
  { name: "upToOffset", offset: 168, kind: "u64" },
  /** Segments to delete. */
  { name: "segmentsCount", offset: 176, kind: "u32" },
  /** {@linkcode SegmentDeleteKind} byte. */
  { name: "kind", offset: 180, kind: "enum", enumSpec: SEGMENT_DELETE_KIND_ENUM },
  /** 75 reserved bytes (must be zero). */
  { name: "reserved", offset: 181, kind: "bytes", length: 75 },
];
