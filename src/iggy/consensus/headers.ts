/**
 * Every consensus header type `iggy_binary_protocol` 0.11.1-edge.3 re-exports, as zero-copy
 * views with typed getters, a field table (for {@linkcode createHeader} and `toObject`), and
 * the crate's `validate` rules in the crate's order, each failing with the crate's reason text.
 *
 * Layouts are the crate's `#[repr(C)]` structs: after the common 128-byte prefix each type
 * places its own fields; u128 fields sit on 16-byte boundaries.
 *
 * @module
 */

import { Command } from "./command.ts";
import { Operation } from "./operation.ts";
import {
  EvictionReason,
  ForwardLogoutOutcome,
  ForwardRegisterOutcome,
  PrimaryRebalanceKind,
  SegmentDeleteKind,
} from "./enums.ts";
import {
  allZero,
  type CommonHeaderFields,
  ConsensusHeaderView,
  type EnumSpec,
  enumSpec,
  type FieldSpec,
  HEADER_SIZE,
  prepareIdentityChecksumBytes,
  RESERVED_COMMAND_LEN,
} from "./header.ts";
import {
  commitInvalidCommandError,
  commitInvalidSizeError,
  invalidChecksumError,
  invalidCommandError,
  invalidFieldError,
  invalidSizeError,
  replyInvalidCommandError,
} from "./error.ts";

/** Suffix headers a `DoViewChange`/`StartView` may carry (one bit each in the u128 bitsets). */
export const DVC_HEADERS_MAX = 128;
/** Upper bound on the completions of one `CompleteLifecycle` batch. */
export const LIFECYCLE_COMPLETIONS_MAX = 1024;
/** `metadata_op` (u64), `stream_id` (u32) and the completion count (u32) of a lifecycle batch. */
export const LIFECYCLE_BATCH_HEADER_SIZE = 16;
/** `topic_id` (u32), `partition_id` (u32) and `partition_op` (u64) of one lifecycle completion. */
export const LIFECYCLE_COMPLETION_SIZE = 16;
/** Sessions one consumer-session heartbeat may carry. */
export const MAX_CONSUMER_SESSIONS_PER_HEARTBEAT = 1024;
/** One `ConsumerSession` in a heartbeat body: `client_id` (u128) + `session` (u64). */
export const CONSUMER_SESSION_ENCODED_SIZE = 24;
/** The body a `ForwardRegister` carries: the bind secret (32) and a u64. */
export const REGISTER_REQUEST_BYTES = 40;
/** The body of a forwarded consumer-group revocation: two numeric ids, a partition, an install, an op. */
export const REVOCATION_BODY_SIZE = 80;

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

const u8 = (name: string, offset: number): FieldSpec => ({ name, offset, kind: "u8" });
const u16 = (name: string, offset: number): FieldSpec => ({ name, offset, kind: "u16" });
const u32 = (name: string, offset: number): FieldSpec => ({ name, offset, kind: "u32" });
const u64 = (name: string, offset: number): FieldSpec => ({ name, offset, kind: "u64" });
const u128 = (name: string, offset: number): FieldSpec => ({ name, offset, kind: "u128" });
const bytes = (name: string, offset: number, length: number): FieldSpec => ({
  name,
  offset,
  kind: "bytes",
  length,
});
const en = (name: string, offset: number, enumSpec: EnumSpec): FieldSpec => ({
  name,
  offset,
  kind: "enum",
  enumSpec,
});

function checkCommand(h: ConsensusHeaderView, expected: number): void {
  if (h.command !== expected) throw invalidCommandError(expected, h.command);
}

function checkHeaderOnly(h: ConsensusHeaderView): void {
  if (h.size !== HEADER_SIZE) throw invalidSizeError(HEADER_SIZE, h.size);
}

function suffixLen(frame: string, size: number): number {
  if (size < HEADER_SIZE) {
    throw invalidFieldError(`${frame}: size ${size} is shorter than the ${HEADER_SIZE}-byte header`);
  }
  const body = size - HEADER_SIZE;
  if (body % HEADER_SIZE !== 0) {
    throw invalidFieldError(`${frame}: body of ${body} bytes is not a whole number of headers`);
  }
  const n = body / HEADER_SIZE;
  if (n > DVC_HEADERS_MAX) {
    throw invalidFieldError(`${frame}: ${n} suffix entries exceeds the maximum ${DVC_HEADERS_MAX}`);
  }
  return n;
}

function validateRequestFields(client: bigint, operation: number, session: bigint, request: bigint): void {
  if (client === 0n) throw invalidFieldError("request: client must be != 0");
  if (operation === Operation.Reserved) throw invalidFieldError("operation must not be Reserved");
  if (operation === Operation.Register) {
    if (session !== 0n) throw invalidFieldError("register: session must be 0");
    if (request !== 0n) throw invalidFieldError("register: request must be 0");
  } else if (operation !== Operation.NonReplicated) {
    if (session === 0n) throw invalidFieldError("non-register: session must be > 0");
    if (request === 0n) throw invalidFieldError("non-register: request must be > 0");
  }
}

function validateForwardFrame(
  h: ConsensusHeaderView,
  size: number,
  client: bigint,
  nonce: bigint,
  reservedAt: number,
  reservedLen: number,
): void {
  if (size !== HEADER_SIZE) throw invalidSizeError(HEADER_SIZE, size);
  if (client === 0n) throw invalidFieldError("forward client must be non-zero");
  if (nonce === 0n) throw invalidFieldError("forward nonce must be non-zero");
  if (!allZero(h.bytes, reservedAt, reservedLen)) {
    throw invalidFieldError("forward reserved bytes must be zero");
  }
}

// ---------------------------------------------------------------------------------------------
// GenericHeader

/** Fields of {@linkcode GenericHeader}. */
export interface GenericHeaderFields extends CommonHeaderFields {
  /** Per-command scratch area (replica auth nonce / MAC / reject reason). */
  reservedCommand: Uint8Array;
}

/**
 * The type-erased 256-byte view every frame is first read through: the common prefix plus
 * 128 opaque bytes. Not sealed and without rules; only the command byte is checked.
 *
 * @example
 * ```ts
 * import { GenericHeader } from "@streamwire/codec/iggy";
 * const frame = new Uint8Array(256); frame[60] = 9;
 * console.log(GenericHeader.decode(frame).command); // 9
 * ```
 */
export class GenericHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "GenericHeader";
  /** Built with `Reserved`; accepts every command. */
  static readonly COMMAND: number = Command.Reserved;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [bytes("reservedCommand", 128, RESERVED_COMMAND_LEN)];
  /**
   * Any known command may be viewed generically.
   *
   * @example
   * ```ts
   * import { Command, GenericHeader } from "@streamwire/codec/iggy";
   * console.log(GenericHeader.accepts(Command.Prepare)); // true
   * ```
   */
  static override accepts(_command: number): boolean {
    return true;
  }
  /** The per-command scratch area (a view). */
  get reservedCommand(): Uint8Array {
    return this.bytes.subarray(128, 256);
  }
  /**
   * No rules.
   *
   * @example
   * ```ts
   * import { GenericHeader } from "@streamwire/codec/iggy";
   * const h = GenericHeader.create();
   * h.validate(); // a WireError would name the first broken rule
   * console.log(h.size); // 256
   * ```
   */
  validate(): void {}
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { GenericHeader } from "@streamwire/codec/iggy";
   * const fields = GenericHeader.create().toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): GenericHeaderFields {
    return super.toObject() as GenericHeaderFields;
  }
}

// ---------------------------------------------------------------------------------------------
// RequestHeader / RoutedRequestHeader

/** Fields of {@linkcode RequestHeader}. */
export interface RequestHeaderFields extends CommonHeaderFields {
  /** Client id (non-zero). */
  client: bigint;
  /** Random id of a logical metadata/session request, kept across retries; zero otherwise. */
  requestChecksum: bigint;
  /** Client timestamp (unused by replicated prepares). */
  timestamp: bigint;
  /** Request number. */
  request: bigint;
  /** {@linkcode Operation} byte. */
  operation: number;
  /** 7 padding bytes after `operation`. */
  operationPadding: Uint8Array;
  /** Session fence epoch (0 on Register, may be 0 on NonReplicated). */
  session: bigint;
  /** Acting user id (server-stamped). */
  userId: number;
  /** For `NonReplicated`: the command code, u32 LE. */
  reserved: Uint8Array;
  /** Captured partition incarnation. */
  partitionIncarnation: bigint;
  /** Captured consumer-group owner generation. */
  ownerGeneration: bigint;
  /** Minimum committed metadata op needed to interpret the request. */
  minimumMetadataOp: bigint;
  /** 32 reserved bytes. */
  reservedTail: Uint8Array;
}

const REQUEST_FIELDS: readonly FieldSpec[] = [
  u128("client", 128),
  u128("requestChecksum", 144),
  u64("timestamp", 160),
  u64("request", 168),
  en("operation", 176, OPERATION_ENUM),
  bytes("operationPadding", 177, 7),
  u64("session", 184),
  u32("userId", 192),
  bytes("reserved", 196, 4),
  u64("partitionIncarnation", 200),
  u64("ownerGeneration", 208),
  u64("minimumMetadataOp", 216),
];

/**
 * Getters and rules shared by {@linkcode RequestHeader} and {@linkcode RoutedRequestHeader}.
 *
 * @example
 * ```ts
 * import { Operation, RequestHeader, RequestHeaderBase } from "@streamwire/codec/iggy";
 * const h = RequestHeader.create({ client: 7n, operation: Operation.SendMessages, session: 1n, request: 1n });
 * console.log(h instanceof RequestHeaderBase, h.client); // true 7n
 * ```
 */
export abstract class RequestHeaderBase extends ConsensusHeaderView {
  /** Client id. */
  get client(): bigint {
    return this.u128(128);
  }
  /** Logical request id for metadata/session requests, else 0. */
  get requestChecksum(): bigint {
    return this.u128(144);
  }
  /** Client timestamp. */
  get timestamp(): bigint {
    return this.u64(160);
  }
  /** Request number. */
  get request(): bigint {
    return this.u64(168);
  }
  /** Operation byte. */
  get operation(): number {
    return this.bytes[176];
  }
  /** Padding after `operation` (a view). */
  get operationPadding(): Uint8Array {
    return this.bytes.subarray(177, 184);
  }
  /** Session fence epoch. */
  get session(): bigint {
    return this.u64(184);
  }
  /** Acting user id. */
  get userId(): number {
    return this.u32(192);
  }
  /** Reserved bytes; the command code of a `NonReplicated` request (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(196, 200);
  }
  /** The command code a `NonReplicated` request carries in `reserved[0..4]`. */
  get nonReplicatedCode(): number {
    return this.u32(196);
  }
  /** Captured partition incarnation. */
  get partitionIncarnation(): bigint {
    return this.u64(200);
  }
  /** Captured owner generation. */
  get ownerGeneration(): bigint {
    return this.u64(208);
  }
  /** Minimum committed metadata op. */
  get minimumMetadataOp(): bigint {
    return this.u64(216);
  }
  /**
   * Client frame field rules (shared by both layouts).
   *
   * @example
   * ```ts
   * import { Operation, RequestHeader } from "@streamwire/codec/iggy";
   * const h = RequestHeader.create({ client: 0xcafen, operation: Operation.SendMessages, session: 10n, request: 1n });
   * h.validate();
   * console.log(h.session); // 10n
   * ```
   */
  validate(): void {
    checkCommand(this, Command.Request);
    validateRequestFields(this.client, this.operation, this.session, this.request);
  }
}

/**
 * Client → primary request. Not sealed. Rules: command `Request`; `client` non-zero;
 * `operation` not `Reserved`; `Register` needs session 0 and request 0; other operations
 * except `NonReplicated` need both non-zero.
 *
 * @example
 * ```ts
 * import { RequestHeader, Operation } from "@streamwire/codec/iggy";
 * const h = RequestHeader.create({ client: 0xcafen, operation: Operation.SendMessages, session: 10n, request: 1n });
 * h.validate();
 * ```
 */
export class RequestHeader extends RequestHeaderBase {
  /** The crate's type name. */
  static readonly TYPE_NAME = "RequestHeader";
  /** `Request`. */
  static readonly COMMAND: number = Command.Request;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [...REQUEST_FIELDS, bytes("reservedTail", 224, 32)];
  /** 32 reserved bytes (a view). */
  get reservedTail(): Uint8Array {
    return this.bytes.subarray(224, 256);
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { RequestHeader } from "@streamwire/codec/iggy";
   * // All-default fields do not make a valid RequestHeader; validation is off to show the layout.
   * const fields = RequestHeader.create({}, { validate: false }).toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): RequestHeaderFields {
    return super.toObject() as RequestHeaderFields;
  }
}

/** Fields of {@linkcode RoutedRequestHeader}. */
export interface RoutedRequestHeaderFields extends Omit<RequestHeaderFields, "reservedTail"> {
  /** 16 reserved bytes. */
  reservedTail: Uint8Array;
  /** Server-observed metadata frontier at partition admission. */
  metadataWatermark: bigint;
  /** Resolved consensus group id. */
  group: bigint;
}

/**
 * A request after the receiving node resolved its target (server-internal; same rules as
 * {@linkcode RequestHeader}, with `metadataWatermark` and `group` in the tail).
 *
 * @example
 * ```ts
 * import { RoutedRequestHeader, Operation } from "@streamwire/codec/iggy";
 * const h = RoutedRequestHeader.create({ client: 1n, operation: Operation.SendMessages, session: 1n, request: 1n, group: 7n });
 * console.log(h.group); // 7n
 * ```
 */
export class RoutedRequestHeader extends RequestHeaderBase {
  /** The crate's type name. */
  static readonly TYPE_NAME = "RoutedRequestHeader";
  /** `Request`. */
  static readonly COMMAND: number = Command.Request;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    ...REQUEST_FIELDS,
    bytes("reservedTail", 224, 16),
    u64("metadataWatermark", 240),
    u64("group", 248),
  ];
  /** 16 reserved bytes (a view). */
  get reservedTail(): Uint8Array {
    return this.bytes.subarray(224, 240);
  }
  /** Metadata frontier at admission. */
  get metadataWatermark(): bigint {
    return this.u64(240);
  }
  /** Resolved consensus group. */
  get group(): bigint {
    return this.u64(248);
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { RoutedRequestHeader } from "@streamwire/codec/iggy";
   * // All-default fields do not make a valid RoutedRequestHeader; validation is off to show the layout.
   * const fields = RoutedRequestHeader.create({}, { validate: false }).toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): RoutedRequestHeaderFields {
    return super.toObject() as RoutedRequestHeaderFields;
  }
}

// ---------------------------------------------------------------------------------------------
// ReplyHeader

/** Fields of {@linkcode ReplyHeader}. */
export interface ReplyHeaderFields extends CommonHeaderFields {
  /** The original request's `requestChecksum`. */
  requestChecksum: bigint;
  /** Context. */
  context: bigint;
  /** Client id. */
  client: bigint;
  /** Op of the committed prepare. */
  op: bigint;
  /** Commit (the prepare's op). */
  commit: bigint;
  /** Timestamp. */
  timestamp: bigint;
  /** Request number. */
  request: bigint;
  /** {@linkcode Operation} byte. */
  operation: number;
  /** 7 padding bytes. */
  operationPadding: Uint8Array;
  /** 0 = ok; otherwise an IggyError code (the body is then empty). */
  status: number;
  /** `reserved[0] === 1` marks a final committed result. */
  reserved: Uint8Array;
  /** Echoed / served partition incarnation. */
  partitionIncarnation: bigint;
  /** 24 reserved bytes. */
  reservedTail: Uint8Array;
}

/**
 * Primary → client reply. Not sealed; the only rule is command `Reply`.
 *
 * @example
 * ```ts
 * import { ReplyHeader } from "@streamwire/codec/iggy";
 * const h = ReplyHeader.create({ status: 1009 });
 * console.log(h.status, h.hasCommittedResult); // 1009 false
 * ```
 */
export class ReplyHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "ReplyHeader";
  /** `Reply`. */
  static readonly COMMAND: number = Command.Reply;
  /** `reserved[0]` value marking a final committed result. */
  static readonly COMMITTED_RESULT = 1;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u128("requestChecksum", 128),
    u128("context", 144),
    u128("client", 160),
    u64("op", 176),
    u64("commit", 184),
    u64("timestamp", 192),
    u64("request", 200),
    en("operation", 208, OPERATION_ENUM),
    bytes("operationPadding", 209, 7),
    u32("status", 216),
    bytes("reserved", 220, 4),
    u64("partitionIncarnation", 224),
    bytes("reservedTail", 232, 24),
  ];
  /** The original request's stamp. */
  get requestChecksum(): bigint {
    return this.u128(128);
  }
  /** Context. */
  get context(): bigint {
    return this.u128(144);
  }
  /** Client id. */
  get client(): bigint {
    return this.u128(160);
  }
  /** Op. */
  get op(): bigint {
    return this.u64(176);
  }
  /** Commit. */
  get commit(): bigint {
    return this.u64(184);
  }
  /** Timestamp. */
  get timestamp(): bigint {
    return this.u64(192);
  }
  /** Request number. */
  get request(): bigint {
    return this.u64(200);
  }
  /** Operation byte. */
  get operation(): number {
    return this.bytes[208];
  }
  /** Padding after `operation` (a view). */
  get operationPadding(): Uint8Array {
    return this.bytes.subarray(209, 216);
  }
  /** Request-level status (0 = ok). */
  get status(): number {
    return this.u32(216);
  }
  /** Reserved; byte 0 is the committed-result marker (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(220, 224);
  }
  /** Partition incarnation. */
  get partitionIncarnation(): bigint {
    return this.u64(224);
  }
  /** 24 reserved bytes (a view). */
  get reservedTail(): Uint8Array {
    return this.bytes.subarray(232, 256);
  }
  /** Header evidence of a final committed result: command Reply, status 0, marker 1. */
  get hasCommittedResult(): boolean {
    return this.command === Command.Reply && this.status === 0 &&
      this.bytes[220] === ReplyHeader.COMMITTED_RESULT;
  }
  /**
   * Command `Reply`.
   *
   * @example
   * ```ts
   * import { ReplyHeader } from "@streamwire/codec/iggy";
   * const h = ReplyHeader.create();
   * h.validate(); // a WireError would name the first broken rule
   * console.log(h.size); // 256
   * ```
   */
  validate(): void {
    if (this.command !== Command.Reply) throw replyInvalidCommandError();
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { ReplyHeader } from "@streamwire/codec/iggy";
   * const fields = ReplyHeader.create().toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): ReplyHeaderFields {
    return super.toObject() as ReplyHeaderFields;
  }
}

// ---------------------------------------------------------------------------------------------
// EvictionHeader

/** Fields of {@linkcode EvictionHeader}. */
export interface EvictionHeaderFields extends CommonHeaderFields {
  /** Client id (non-zero). */
  client: bigint;
  /** Accepted protocol version (only on `IncompatibleProtocol`). */
  serverProtocolVersion: number;
  /** Minimum accepted protocol version (only on `IncompatibleProtocol`). */
  serverProtocolVersionMin: number;
  /** 103 reserved bytes (must be zero). */
  reserved: Uint8Array;
  /** {@linkcode EvictionReason} byte. */
  reason: number;
}

/**
 * Primary → client: the session is terminated. Header-only, not sealed. Rules (in order):
 * command, size 256, client non-zero, both reserved regions zero, reason not `Reserved`, the
 * protocol window (1 ≤ min ≤ max) exactly on `IncompatibleProtocol` and zero otherwise.
 *
 * @example
 * ```ts
 * import { EvictionHeader, EvictionReason } from "@streamwire/codec/iggy";
 * const h = EvictionHeader.create({ client: 0xcafen, reason: EvictionReason.StaleClient });
 * h.validate();
 * ```
 */
export class EvictionHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "EvictionHeader";
  /** `Eviction`. */
  static readonly COMMAND: number = Command.Eviction;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u128("client", 128),
    u32("serverProtocolVersion", 144),
    u32("serverProtocolVersionMin", 148),
    bytes("reserved", 152, 103),
    en("reason", 255, EVICTION_REASON_ENUM),
  ];
  /** Client id. */
  get client(): bigint {
    return this.u128(128);
  }
  /** Accepted protocol version. */
  get serverProtocolVersion(): number {
    return this.u32(144);
  }
  /** Minimum accepted protocol version. */
  get serverProtocolVersionMin(): number {
    return this.u32(148);
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(152, 255);
  }
  /** Reason byte. */
  get reason(): number {
    return this.bytes[255];
  }
  /**
   * The crate's rules, in order.
   *
   * @example
   * ```ts
   * import { EvictionHeader } from "@streamwire/codec/iggy";
   * import { isWireError } from "@streamwire/codec/wire";
   * try {
   *   EvictionHeader.create().validate(); // the all-zero defaults break one of its rules
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code); // INVALID_VALUE
   * }
   * ```
   */
  validate(): void {
    checkCommand(this, Command.Eviction);
    checkHeaderOnly(this);
    if (this.client === 0n) throw invalidFieldError("eviction: client must be != 0");
    if (!allZero(this.bytes, 62, 66)) throw invalidFieldError("eviction: reserved_frame bytes must be zero");
    if (!allZero(this.bytes, 152, 103)) throw invalidFieldError("eviction: reserved bytes must be zero");
    if (this.reason === EvictionReason.Reserved) {
      throw invalidFieldError("eviction: reason must not be Reserved");
    }
    const max = this.serverProtocolVersion, min = this.serverProtocolVersionMin;
    if (this.reason === EvictionReason.IncompatibleProtocol) {
      if (min === 0 || max < min) {
        throw invalidFieldError("eviction: incompatible-protocol window must satisfy 1 <= min <= max");
      }
    } else if (max !== 0 || min !== 0) {
      throw invalidFieldError("eviction: protocol window bytes must be zero");
    }
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { EvictionHeader } from "@streamwire/codec/iggy";
   * // All-default fields do not make a valid EvictionHeader; validation is off to show the layout.
   * const fields = EvictionHeader.create({}, { validate: false }).toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): EvictionHeaderFields {
    return super.toObject() as EvictionHeaderFields;
  }
}

// ---------------------------------------------------------------------------------------------
// PrepareHeader / RepairPrepareHeader

/** Fields of {@linkcode PrepareHeader} (and {@linkcode RepairPrepareHeader}). */
export interface PrepareHeaderFields extends CommonHeaderFields {
  /** Client id. */
  client: bigint;
  /** Identity of the previous prepare (hash chain). */
  parent: bigint;
  /** Copied from the admitted request. */
  requestChecksum: bigint;
  /** Op number. */
  op: bigint;
  /** Commit number. */
  commit: bigint;
  /** Timestamp. */
  timestamp: bigint;
  /** Request number. */
  request: bigint;
  /** {@linkcode Operation} byte. */
  operation: number;
  /** 7 padding bytes. */
  operationPadding: Uint8Array;
  /** Consensus group id. */
  group: bigint;
  /** Acting user id. */
  userId: number;
  /** Retry capacity nominated by the group's first committed prepare. */
  retryCapacity: number;
  /** Partition incarnation. */
  partitionIncarnation: bigint;
  /** 8 reserved bytes (must be zero). */
  reserved: Uint8Array;
  /** Register commit identifying the session. */
  session: bigint;
}

const PREPARE_FIELDS: readonly FieldSpec[] = [
  u128("client", 128),
  u128("parent", 144),
  u128("requestChecksum", 160),
  u64("op", 176),
  u64("commit", 184),
  u64("timestamp", 192),
  u64("request", 200),
  en("operation", 208, OPERATION_ENUM),
  bytes("operationPadding", 209, 7),
  u64("group", 216),
  u32("userId", 224),
  u32("retryCapacity", 228),
  u64("partitionIncarnation", 232),
  bytes("reserved", 240, 8),
  u64("session", 248),
];

/**
 * Getters and rules shared by {@linkcode PrepareHeader} and {@linkcode RepairPrepareHeader}.
 *
 * @example
 * ```ts
 * import { PrepareHeader, PrepareHeaderBase } from "@streamwire/codec/iggy";
 * const h = PrepareHeader.create({ op: 42n });
 * console.log(h instanceof PrepareHeaderBase, h.op); // true 42n
 * ```
 */
export abstract class PrepareHeaderBase extends ConsensusHeaderView {
  /** `checksum` is the prepare identity, not a frame seal. */
  static override readonly IDENTITY_CHECKSUMMED: boolean = true;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = PREPARE_FIELDS;
  /** Client id. */
  get client(): bigint {
    return this.u128(128);
  }
  /** Previous prepare's identity. */
  get parent(): bigint {
    return this.u128(144);
  }
  /** Request stamp. */
  get requestChecksum(): bigint {
    return this.u128(160);
  }
  /** Op. */
  get op(): bigint {
    return this.u64(176);
  }
  /** Commit. */
  get commit(): bigint {
    return this.u64(184);
  }
  /** Timestamp. */
  get timestamp(): bigint {
    return this.u64(192);
  }
  /** Request number. */
  get request(): bigint {
    return this.u64(200);
  }
  /** Operation byte. */
  get operation(): number {
    return this.bytes[208];
  }
  /** Padding (a view). */
  get operationPadding(): Uint8Array {
    return this.bytes.subarray(209, 216);
  }
  /** Consensus group. */
  get group(): bigint {
    return this.u64(216);
  }
  /** Acting user id. */
  get userId(): number {
    return this.u32(224);
  }
  /** Retry capacity. */
  get retryCapacity(): number {
    return this.u32(228);
  }
  /** Partition incarnation. */
  get partitionIncarnation(): bigint {
    return this.u64(232);
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(240, 248);
  }
  /** Session. */
  get session(): bigint {
    return this.u64(248);
  }
  /**
   * Which prepare this is, independent of the view that sent it (see {@linkcode prepareIdentityChecksumBytes}).
   *
   * @example
   * ```ts
   * import { PrepareHeader } from "@streamwire/codec/iggy";
   * const h = PrepareHeader.create({ op: 42n });
   * console.log(h.checksum === h.identityChecksum()); // true
   * ```
   */
  identityChecksum(scratch?: Uint8Array): bigint {
    return prepareIdentityChecksumBytes(this.bytes, scratch);
  }
  /**
   * Throws `CHECKSUM_MISMATCH` (the crate's `InvalidChecksum`) unless `checksum` is the
   * identity. Not part of the typed parse, which accepts any prepare checksum.
   *
   * @example
   * ```ts
   * import { PrepareHeader } from "@streamwire/codec/iggy";
   * import { isWireError } from "@streamwire/codec/wire";
   * const h = PrepareHeader.create({ op: 42n });
   * h.bytes[0] ^= 1;
   * try {
   *   h.verifyIdentity();
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code); // CHECKSUM_MISMATCH
   * }
   * ```
   */
  verifyIdentity(): void {
    if (this.checksum !== this.identityChecksum()) throw invalidChecksumError();
  }
  /** Whether a parent chain can be proven down from this header. */
  get anchorsChain(): boolean {
    return this.checksum !== 0n && (this.parent !== 0n || this.op === 1n);
  }
  /**
   * Stamps the identity into `checksum`, in place.
   *
   * @example
   * ```ts
   * import { PrepareHeader } from "@streamwire/codec/iggy";
   * const h = PrepareHeader.create({ op: 42n });
   * const before = h.checksum;
   * h.bytes[160] = 1; // an edit after creation
   * console.log(h.stampIdentity().checksum !== before); // true
   * ```
   */
  stampIdentity(): this {
    const v = this.identityChecksum();
    this.dv.setBigUint64(0, v & 0xffff_ffff_ffff_ffffn, true);
    this.dv.setBigUint64(8, v >> 64n, true);
    return this;
  }
  /** Command, then both reserved regions zero. */
  protected validatePrepare(command: number, label: string): void {
    checkCommand(this, command);
    if (!allZero(this.bytes, 62, 66)) throw invalidFieldError(`${label}: reserved_frame bytes must be zero`);
    if (!allZero(this.bytes, 240, 8)) throw invalidFieldError(`${label}: reserved bytes must be zero`);
  }
}

/**
 * Primary → replicas: replicate an operation. `checksum` is the prepare identity (not a
 * seal; the typed parse does not check it — use {@linkcode PrepareHeader.verifyIdentity}).
 * Rules: command `Prepare`, `reservedFrame` and `reserved` zero.
 *
 * @example
 * ```ts
 * import { PrepareHeader, Operation } from "@streamwire/codec/iggy";
 * const h = PrepareHeader.create({ client: 0xcafen, op: 7n, operation: Operation.CreateStream });
 * h.verifyIdentity(); // create() stamped it
 * ```
 */
export class PrepareHeader extends PrepareHeaderBase {
  /** The crate's type name. */
  static readonly TYPE_NAME = "PrepareHeader";
  /** `Prepare`. */
  static readonly COMMAND: number = Command.Prepare;
  /**
   * The crate's rules.
   *
   * @example
   * ```ts
   * import { PrepareHeader } from "@streamwire/codec/iggy";
   * const h = PrepareHeader.create();
   * h.validate(); // a WireError would name the first broken rule
   * console.log(h.size); // 256
   * ```
   */
  validate(): void {
    this.validatePrepare(Command.Prepare, "prepare");
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { PrepareHeader } from "@streamwire/codec/iggy";
   * const fields = PrepareHeader.create().toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): PrepareHeaderFields {
    return super.toObject() as PrepareHeaderFields;
  }
}

/**
 * A stored prepare served for journal repair: the prepare layout with command `RepairPrepare`.
 *
 * @example
 * ```ts
 * import { RepairPrepareHeader } from "@streamwire/codec/iggy";
 * console.log(RepairPrepareHeader.create({ op: 3n }).command); // 19
 * ```
 */
export class RepairPrepareHeader extends PrepareHeaderBase {
  /** The crate's type name. */
  static readonly TYPE_NAME = "RepairPrepareHeader";
  /** `RepairPrepare`. */
  static readonly COMMAND: number = Command.RepairPrepare;
  /**
   * The crate's rules.
   *
   * @example
   * ```ts
   * import { RepairPrepareHeader } from "@streamwire/codec/iggy";
   * const h = RepairPrepareHeader.create();
   * h.validate(); // a WireError would name the first broken rule
   * console.log(h.size); // 256
   * ```
   */
  validate(): void {
    this.validatePrepare(Command.RepairPrepare, "repair_prepare");
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { RepairPrepareHeader } from "@streamwire/codec/iggy";
   * const fields = RepairPrepareHeader.create().toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): PrepareHeaderFields {
    return super.toObject() as PrepareHeaderFields;
  }
}

// ---------------------------------------------------------------------------------------------
// PrepareOkHeader

/** Fields of {@linkcode PrepareOkHeader}. */
export interface PrepareOkHeaderFields extends CommonHeaderFields {
  /** Parent identity. */
  parent: bigint;
  /** The acknowledged prepare's identity. */
  prepareChecksum: bigint;
  /** Op. */
  op: bigint;
  /** Commit. */
  commit: bigint;
  /** Timestamp. */
  timestamp: bigint;
  /** Request number. */
  request: bigint;
  /** {@linkcode Operation} byte. */
  operation: number;
  /** 7 padding bytes. */
  operationPadding: Uint8Array;
  /** Consensus group. */
  group: bigint;
  /** 48 reserved bytes. */
  reserved: Uint8Array;
}

/**
 * Replica → primary: acknowledge a prepare. Sealed; rule: command `PrepareOk`.
 *
 * @example
 * ```ts
 * import { PrepareOkHeader } from "@streamwire/codec/iggy";
 * console.log(PrepareOkHeader.decode(PrepareOkHeader.create({ op: 8n }).bytes).op); // 8n
 * ```
 */
export class PrepareOkHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "PrepareOkHeader";
  /** `PrepareOk`. */
  static readonly COMMAND: number = Command.PrepareOk;
  /** Sealed. */
  static override readonly FRAME_SEALED: boolean = true;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u128("parent", 128),
    u128("prepareChecksum", 144),
    u64("op", 160),
    u64("commit", 168),
    u64("timestamp", 176),
    u64("request", 184),
    en("operation", 192, OPERATION_ENUM),
    bytes("operationPadding", 193, 7),
    u64("group", 200),
    bytes("reserved", 208, 48),
  ];
  /** Parent identity. */
  get parent(): bigint {
    return this.u128(128);
  }
  /** Acknowledged prepare's identity. */
  get prepareChecksum(): bigint {
    return this.u128(144);
  }
  /** Op. */
  get op(): bigint {
    return this.u64(160);
  }
  /** Commit. */
  get commit(): bigint {
    return this.u64(168);
  }
  /** Timestamp. */
  get timestamp(): bigint {
    return this.u64(176);
  }
  /** Request number. */
  get request(): bigint {
    return this.u64(184);
  }
  /** Operation byte. */
  get operation(): number {
    return this.bytes[192];
  }
  /** Padding (a view). */
  get operationPadding(): Uint8Array {
    return this.bytes.subarray(193, 200);
  }
  /** Consensus group. */
  get group(): bigint {
    return this.u64(200);
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(208, 256);
  }
  /**
   * Command `PrepareOk`.
   *
   * @example
   * ```ts
   * import { PrepareOkHeader } from "@streamwire/codec/iggy";
   * const h = PrepareOkHeader.create();
   * h.validate(); // a WireError would name the first broken rule
   * console.log(h.size); // 256
   * ```
   */
  validate(): void {
    checkCommand(this, Command.PrepareOk);
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { PrepareOkHeader } from "@streamwire/codec/iggy";
   * const fields = PrepareOkHeader.create().toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): PrepareOkHeaderFields {
    return super.toObject() as PrepareOkHeaderFields;
  }
}

// ---------------------------------------------------------------------------------------------
// CommitHeader

/** Fields of {@linkcode CommitHeader}. */
export interface CommitHeaderFields extends CommonHeaderFields {
  /** Identity of the committed prepare. */
  commitChecksum: bigint;
  /** Monotonic timestamp. */
  timestampMonotonic: bigint;
  /** Commit number. */
  commit: bigint;
  /** Checkpoint op. */
  checkpointOp: bigint;
  /** Consensus group. */
  group: bigint;
  /** Partition incarnation. */
  partitionIncarnation: bigint;
  /** 72 reserved bytes. */
  reserved: Uint8Array;
}

/**
 * Primary → replicas: commit up to `commit`. Header-only, sealed. Rules: command `Commit`
 * (its own error text), size 256.
 *
 * @example
 * ```ts
 * import { CommitHeader } from "@streamwire/codec/iggy";
 * console.log(CommitHeader.create({ commit: 77n }).commit); // 77n
 * ```
 */
export class CommitHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "CommitHeader";
  /** `Commit`. */
  static readonly COMMAND: number = Command.Commit;
  /** Sealed. */
  static override readonly FRAME_SEALED: boolean = true;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u128("commitChecksum", 128),
    u64("timestampMonotonic", 144),
    u64("commit", 152),
    u64("checkpointOp", 160),
    u64("group", 168),
    u64("partitionIncarnation", 176),
    bytes("reserved", 184, 72),
  ];
  /** Committed prepare's identity. */
  get commitChecksum(): bigint {
    return this.u128(128);
  }
  /** Monotonic timestamp. */
  get timestampMonotonic(): bigint {
    return this.u64(144);
  }
  /** Commit number. */
  get commit(): bigint {
    return this.u64(152);
  }
  /** Checkpoint op. */
  get checkpointOp(): bigint {
    return this.u64(160);
  }
  /** Consensus group. */
  get group(): bigint {
    return this.u64(168);
  }
  /** Partition incarnation. */
  get partitionIncarnation(): bigint {
    return this.u64(176);
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(184, 256);
  }
  /**
   * Command `Commit`, size 256.
   *
   * @example
   * ```ts
   * import { CommitHeader } from "@streamwire/codec/iggy";
   * const h = CommitHeader.create();
   * h.validate(); // a WireError would name the first broken rule
   * console.log(h.size); // 256
   * ```
   */
  validate(): void {
    if (this.command !== Command.Commit) throw commitInvalidCommandError();
    if (this.size !== 256) throw commitInvalidSizeError(this.size);
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { CommitHeader } from "@streamwire/codec/iggy";
   * const fields = CommitHeader.create().toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): CommitHeaderFields {
    return super.toObject() as CommitHeaderFields;
  }
}

// ---------------------------------------------------------------------------------------------
// StartViewChangeHeader

/** Fields of {@linkcode StartViewChangeHeader}. */
export interface StartViewChangeHeaderFields extends CommonHeaderFields {
  /** Consensus group. */
  group: bigint;
  /** Partition incarnation. */
  partitionIncarnation: bigint;
  /** 112 reserved bytes. */
  reserved: Uint8Array;
}

/**
 * A replica suspects the primary failed. Header-only, sealed. Rules: command, release 0.
 *
 * @example
 * ```ts
 * import { StartViewChangeHeader } from "@streamwire/codec/iggy";
 * console.log(StartViewChangeHeader.create({ view: 7 }).view); // 7
 * ```
 */
export class StartViewChangeHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "StartViewChangeHeader";
  /** `StartViewChange`. */
  static readonly COMMAND: number = Command.StartViewChange;
  /** Sealed. */
  static override readonly FRAME_SEALED: boolean = true;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u64("group", 128),
    u64("partitionIncarnation", 136),
    bytes("reserved", 144, 112),
  ];
  /** Consensus group. */
  get group(): bigint {
    return this.u64(128);
  }
  /** Partition incarnation. */
  get partitionIncarnation(): bigint {
    return this.u64(136);
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(144, 256);
  }
  /**
   * Command, release 0.
   *
   * @example
   * ```ts
   * import { StartViewChangeHeader } from "@streamwire/codec/iggy";
   * const h = StartViewChangeHeader.create();
   * h.validate(); // a WireError would name the first broken rule
   * console.log(h.size); // 256
   * ```
   */
  validate(): void {
    checkCommand(this, Command.StartViewChange);
    if (this.release !== 0) throw invalidFieldError("release != 0");
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { StartViewChangeHeader } from "@streamwire/codec/iggy";
   * const fields = StartViewChangeHeader.create().toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): StartViewChangeHeaderFields {
    return super.toObject() as StartViewChangeHeaderFields;
  }
}

// ---------------------------------------------------------------------------------------------
// DoViewChangeHeader

/** Fields of {@linkcode DoViewChangeHeader}. */
export interface DoViewChangeHeaderFields extends CommonHeaderFields {
  /** Highest op in the sender's log. */
  op: bigint;
  /** Highest committed op. */
  commit: bigint;
  /** Consensus group. */
  group: bigint;
  /** View when status was last normal. */
  logView: number;
  /** Bit 0: untrusted log; other bits must be zero. */
  flags: number;
  /** 59 reserved bytes (not checked). */
  reserved: Uint8Array;
  /** Partition incarnation. */
  partitionIncarnation: bigint;
  /** Suffix entries the sender proves it never prepared. */
  nackBitset: bigint;
  /** Suffix entries whose body the sender can serve. */
  presentBitset: bigint;
}

/**
 * A replica's view-change vote, carrying a suffix of prepare headers in its body. Sealed.
 * Rules (in order): command, release 0, `logView ≤ view`, `commit ≤ op`, no unknown flag
 * bits, size = 256 + n × 256 with n ≤ 128, no bitset bit at or past n.
 *
 * @example
 * ```ts
 * import { DoViewChangeHeader } from "@streamwire/codec/iggy";
 * const h = DoViewChangeHeader.create({ view: 7, logView: 5, op: 42n, commit: 40n, size: 256 * 3, nackBitset: 1n });
 * h.validate();
 * console.log(h.suffixLen()); // 2
 * ```
 */
export class DoViewChangeHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "DoViewChangeHeader";
  /** `DoViewChange`. */
  static readonly COMMAND: number = Command.DoViewChange;
  /** Sealed. */
  static override readonly FRAME_SEALED: boolean = true;
  /** The sender's log is untrusted (recovered, not yet settled). */
  static readonly FLAG_UNTRUSTED_LOG = 1;
  /** Every flag bit this build understands. */
  static readonly FLAGS_KNOWN = 1;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u64("op", 128),
    u64("commit", 136),
    u64("group", 144),
    u32("logView", 152),
    u8("flags", 156),
    bytes("reserved", 157, 59),
    u64("partitionIncarnation", 216),
    u128("nackBitset", 224),
    u128("presentBitset", 240),
  ];
  /** Highest op. */
  get op(): bigint {
    return this.u64(128);
  }
  /** Highest committed op. */
  get commit(): bigint {
    return this.u64(136);
  }
  /** Consensus group. */
  get group(): bigint {
    return this.u64(144);
  }
  /** View when last normal. */
  get logView(): number {
    return this.u32(152);
  }
  /** Flags. */
  get flags(): number {
    return this.bytes[156];
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(157, 216);
  }
  /** Partition incarnation. */
  get partitionIncarnation(): bigint {
    return this.u64(216);
  }
  /** Nack bitset. */
  get nackBitset(): bigint {
    return this.u128(224);
  }
  /** Present bitset. */
  get presentBitset(): bigint {
    return this.u128(240);
  }
  /** Whether the sender marked its log untrusted. */
  get untrustedLog(): boolean {
    return (this.flags & DoViewChangeHeader.FLAG_UNTRUSTED_LOG) !== 0;
  }
  /**
   * Prepare headers in the body; throws `INVALID_VALUE` when `size` cannot describe a suffix.
   *
   * @example
   * ```ts
   * import { DoViewChangeHeader } from "@streamwire/codec/iggy";
   * console.log(DoViewChangeHeader.create({ size: 256 * 3 }).suffixLen()); // 2
   * ```
   */
  suffixLen(): number {
    return suffixLen("do_view_change", this.size);
  }
  /**
   * The crate's rules, in order.
   *
   * @example
   * ```ts
   * import { DoViewChangeHeader } from "@streamwire/codec/iggy";
   * const h = DoViewChangeHeader.create();
   * h.validate(); // a WireError would name the first broken rule
   * console.log(h.size); // 256
   * ```
   */
  validate(): void {
    checkCommand(this, Command.DoViewChange);
    if (this.release !== 0) throw invalidFieldError("release must be 0");
    if (this.logView > this.view) throw invalidFieldError("log_view cannot exceed view");
    if (this.commit > this.op) throw invalidFieldError("commit cannot exceed op");
    const unknown = this.flags & ~DoViewChangeHeader.FLAGS_KNOWN & 0xff;
    if (unknown !== 0) {
      throw invalidFieldError(`do_view_change: unknown flag bits 0x${unknown.toString(16).padStart(2, "0")}`);
    }
    const n = this.suffixLen();
    if (n < DVC_HEADERS_MAX) {
      const beyond = ~((1n << BigInt(n)) - 1n) & ((1n << 128n) - 1n);
      if ((this.nackBitset & beyond) !== 0n || (this.presentBitset & beyond) !== 0n) {
        throw invalidFieldError(`do_view_change: bitset bits set past the ${n}-entry suffix`);
      }
    }
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { DoViewChangeHeader } from "@streamwire/codec/iggy";
   * const fields = DoViewChangeHeader.create().toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): DoViewChangeHeaderFields {
    return super.toObject() as DoViewChangeHeaderFields;
  }
}

// ---------------------------------------------------------------------------------------------
// StartViewHeader

/** Fields of {@linkcode StartViewHeader}. */
export interface StartViewHeaderFields extends CommonHeaderFields {
  /** Highest op in the new primary's log. */
  op: bigint;
  /** max(commit) over the votes. */
  commit: bigint;
  /** Consensus group. */
  group: bigint;
  /** Partition incarnation. */
  partitionIncarnation: bigint;
  /** 80 reserved bytes. */
  reserved: Uint8Array;
  /** Echo of the requester's incarnation (0 = unsolicited). */
  incarnation: bigint;
}

/**
 * New primary → replicas: start the view, with an optional suffix of prepare headers. Sealed.
 * Rules: command, release 0, `commit ≤ op`, size a whole suffix of at most 128 headers.
 *
 * @example
 * ```ts
 * import { StartViewHeader } from "@streamwire/codec/iggy";
 * console.log(StartViewHeader.create({ op: 42n, commit: 40n }).suffixLen()); // 0
 * ```
 */
export class StartViewHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "StartViewHeader";
  /** `StartView`. */
  static readonly COMMAND: number = Command.StartView;
  /** Sealed. */
  static override readonly FRAME_SEALED: boolean = true;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u64("op", 128),
    u64("commit", 136),
    u64("group", 144),
    u64("partitionIncarnation", 152),
    bytes("reserved", 160, 80),
    u128("incarnation", 240),
  ];
  /** Highest op. */
  get op(): bigint {
    return this.u64(128);
  }
  /** Commit. */
  get commit(): bigint {
    return this.u64(136);
  }
  /** Consensus group. */
  get group(): bigint {
    return this.u64(144);
  }
  /** Partition incarnation. */
  get partitionIncarnation(): bigint {
    return this.u64(152);
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(160, 240);
  }
  /** Requester incarnation echo. */
  get incarnation(): bigint {
    return this.u128(240);
  }
  /**
   * Prepare headers in the body.
   *
   * @example
   * ```ts
   * import { StartViewHeader } from "@streamwire/codec/iggy";
   * console.log(StartViewHeader.create({ size: 256 * 3 }).suffixLen()); // 2
   * ```
   */
  suffixLen(): number {
    return suffixLen("start_view", this.size);
  }
  /**
   * The crate's rules, in order.
   *
   * @example
   * ```ts
   * import { StartViewHeader } from "@streamwire/codec/iggy";
   * const h = StartViewHeader.create();
   * h.validate(); // a WireError would name the first broken rule
   * console.log(h.size); // 256
   * ```
   */
  validate(): void {
    checkCommand(this, Command.StartView);
    if (this.release !== 0) throw invalidFieldError("release must be 0");
    if (this.commit > this.op) throw invalidFieldError("commit cannot exceed op");
    this.suffixLen();
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { StartViewHeader } from "@streamwire/codec/iggy";
   * const fields = StartViewHeader.create().toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): StartViewHeaderFields {
    return super.toObject() as StartViewHeaderFields;
  }
}

// ---------------------------------------------------------------------------------------------
// RequestStartViewHeader

/** Fields of {@linkcode RequestStartViewHeader}. */
export interface RequestStartViewHeaderFields extends CommonHeaderFields {
  /** Consensus group. */
  group: bigint;
  /** Partition incarnation. */
  partitionIncarnation: bigint;
  /** 96 reserved bytes. */
  reserved: Uint8Array;
  /** The requester's per-boot incarnation. */
  incarnation: bigint;
}

/**
 * A recovering replica asks for the current `StartView`. Header-only, sealed. Rules:
 * command, release 0.
 *
 * @example
 * ```ts
 * import { RequestStartViewHeader } from "@streamwire/codec/iggy";
 * console.log(RequestStartViewHeader.create({ incarnation: 77n }).incarnation); // 77n
 * ```
 */
export class RequestStartViewHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "RequestStartViewHeader";
  /** `RequestStartView`. */
  static readonly COMMAND: number = Command.RequestStartView;
  /** Sealed. */
  static override readonly FRAME_SEALED: boolean = true;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u64("group", 128),
    u64("partitionIncarnation", 136),
    bytes("reserved", 144, 96),
    u128("incarnation", 240),
  ];
  /** Consensus group. */
  get group(): bigint {
    return this.u64(128);
  }
  /** Partition incarnation. */
  get partitionIncarnation(): bigint {
    return this.u64(136);
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(144, 240);
  }
  /** Requester incarnation. */
  get incarnation(): bigint {
    return this.u128(240);
  }
  /**
   * Command, release 0.
   *
   * @example
   * ```ts
   * import { RequestStartViewHeader } from "@streamwire/codec/iggy";
   * const h = RequestStartViewHeader.create();
   * h.validate(); // a WireError would name the first broken rule
   * console.log(h.size); // 256
   * ```
   */
  validate(): void {
    checkCommand(this, Command.RequestStartView);
    if (this.release !== 0) throw invalidFieldError("release must be 0");
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { RequestStartViewHeader } from "@streamwire/codec/iggy";
   * const fields = RequestStartViewHeader.create().toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): RequestStartViewHeaderFields {
    return super.toObject() as RequestStartViewHeaderFields;
  }
}

// ---------------------------------------------------------------------------------------------
// RequestPreparesHeader

/** Fields of {@linkcode RequestPreparesHeader}. */
export interface RequestPreparesHeaderFields extends CommonHeaderFields {
  /** Correlation nonce. */
  nonce: bigint;
  /** First op of the range (1-based). */
  fromOp: bigint;
  /** Last op of the range. */
  toOp: bigint;
  /** Consensus group. */
  group: bigint;
  /** Partition incarnation. */
  partitionIncarnation: bigint;
  /** 80 reserved bytes. */
  reserved: Uint8Array;
}

/**
 * Ask a peer for committed prepares `[fromOp, toOp]`. Header-only, sealed. Rules: command,
 * `1 ≤ fromOp ≤ toOp`.
 *
 * @example
 * ```ts
 * import { RequestPreparesHeader } from "@streamwire/codec/iggy";
 * RequestPreparesHeader.create({ fromOp: 1n, toOp: 5n }).validate();
 * ```
 */
export class RequestPreparesHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "RequestPreparesHeader";
  /** `RequestPrepares`. */
  static readonly COMMAND: number = Command.RequestPrepares;
  /** Sealed. */
  static override readonly FRAME_SEALED: boolean = true;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u128("nonce", 128),
    u64("fromOp", 144),
    u64("toOp", 152),
    u64("group", 160),
    u64("partitionIncarnation", 168),
    bytes("reserved", 176, 80),
  ];
  /** Nonce. */
  get nonce(): bigint {
    return this.u128(128);
  }
  /** First op. */
  get fromOp(): bigint {
    return this.u64(144);
  }
  /** Last op. */
  get toOp(): bigint {
    return this.u64(152);
  }
  /** Consensus group. */
  get group(): bigint {
    return this.u64(160);
  }
  /** Partition incarnation. */
  get partitionIncarnation(): bigint {
    return this.u64(168);
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(176, 256);
  }
  /**
   * Command, non-empty 1-based range.
   *
   * @example
   * ```ts
   * import { RequestPreparesHeader } from "@streamwire/codec/iggy";
   * import { isWireError } from "@streamwire/codec/wire";
   * try {
   *   RequestPreparesHeader.create().validate(); // the all-zero defaults break one of its rules
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code); // INVALID_VALUE
   * }
   * ```
   */
  validate(): void {
    checkCommand(this, Command.RequestPrepares);
    if (this.fromOp === 0n || this.fromOp > this.toOp) {
      throw invalidFieldError("repair range must be non-empty and 1-based");
    }
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { RequestPreparesHeader } from "@streamwire/codec/iggy";
   * // All-default fields do not make a valid RequestPreparesHeader; validation is off to show the layout.
   * const fields = RequestPreparesHeader.create({}, { validate: false }).toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): RequestPreparesHeaderFields {
    return super.toObject() as RequestPreparesHeaderFields;
  }
}

// ---------------------------------------------------------------------------------------------
// RepairRangeReplyHeader

/** Fields of {@linkcode RepairRangeReplyHeader}. */
export interface RepairRangeReplyHeaderFields extends CommonHeaderFields {
  /** Correlation nonce. */
  nonce: bigint;
  /** `RepairDone`: last op served; `RangeEvicted`: oldest retained op. */
  op: bigint;
  /** Consensus group. */
  group: bigint;
  /** Partition incarnation. */
  partitionIncarnation: bigint;
  /** 88 reserved bytes. */
  reserved: Uint8Array;
}

/**
 * Terminates a repair stream: one layout for `RepairDone` (20) and `RangeEvicted` (21).
 * Sealed; rule: one of the two commands.
 *
 * @example
 * ```ts
 * import { RepairRangeReplyHeader, Command } from "@streamwire/codec/iggy";
 * RepairRangeReplyHeader.create({ command: Command.RangeEvicted, op: 100n }).validate();
 * ```
 */
export class RepairRangeReplyHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "RepairRangeReplyHeader";
  /** `RepairDone` (also accepts `RangeEvicted`). */
  static readonly COMMAND: number = Command.RepairDone;
  /** Sealed. */
  static override readonly FRAME_SEALED: boolean = true;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u128("nonce", 128),
    u64("op", 144),
    u64("group", 152),
    u64("partitionIncarnation", 160),
    bytes("reserved", 168, 88),
  ];
  /**
   * `RepairDone` or `RangeEvicted`.
   *
   * @example
   * ```ts
   * import { Command, RepairRangeReplyHeader } from "@streamwire/codec/iggy";
   * console.log(RepairRangeReplyHeader.accepts(Command.Prepare)); // false
   * ```
   */
  static override accepts(command: number): boolean {
    return command === Command.RepairDone || command === Command.RangeEvicted;
  }
  /** Nonce. */
  get nonce(): bigint {
    return this.u128(128);
  }
  /** Last op served / oldest retained op. */
  get op(): bigint {
    return this.u64(144);
  }
  /** Consensus group. */
  get group(): bigint {
    return this.u64(152);
  }
  /** Partition incarnation. */
  get partitionIncarnation(): bigint {
    return this.u64(160);
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(168, 256);
  }
  /**
   * One of the two commands.
   *
   * @example
   * ```ts
   * import { RepairRangeReplyHeader } from "@streamwire/codec/iggy";
   * const h = RepairRangeReplyHeader.create();
   * h.validate(); // a WireError would name the first broken rule
   * console.log(h.size); // 256
   * ```
   */
  validate(): void {
    if (this.command !== Command.RepairDone && this.command !== Command.RangeEvicted) {
      throw invalidCommandError(Command.RepairDone, this.command);
    }
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { RepairRangeReplyHeader } from "@streamwire/codec/iggy";
   * const fields = RepairRangeReplyHeader.create().toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): RepairRangeReplyHeaderFields {
    return super.toObject() as RepairRangeReplyHeaderFields;
  }
}

// ---------------------------------------------------------------------------------------------
// State transfer

/** Fields of {@linkcode RequestStateTransferHeader}. */
export interface RequestStateTransferHeaderFields extends CommonHeaderFields {
  /** Transfer session nonce. */
  nonce: bigint;
  /** Consensus group. */
  group: bigint;
  /** Partition incarnation. */
  partitionIncarnation: bigint;
  /** 96 reserved bytes. */
  reserved: Uint8Array;
}

/**
 * Ask the primary for a state-transfer target. Header-only, sealed. Rules: command, size 256.
 *
 * @example
 * ```ts
 * import { RequestStateTransferHeader } from "@streamwire/codec/iggy";
 * RequestStateTransferHeader.create({ nonce: 1n }).validate();
 * ```
 */
export class RequestStateTransferHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "RequestStateTransferHeader";
  /** `RequestStateTransfer`. */
  static readonly COMMAND: number = Command.RequestStateTransfer;
  /** Sealed. */
  static override readonly FRAME_SEALED: boolean = true;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u128("nonce", 128),
    u64("group", 144),
    u64("partitionIncarnation", 152),
    bytes("reserved", 160, 96),
  ];
  /** Nonce. */
  get nonce(): bigint {
    return this.u128(128);
  }
  /** Consensus group. */
  get group(): bigint {
    return this.u64(144);
  }
  /** Partition incarnation. */
  get partitionIncarnation(): bigint {
    return this.u64(152);
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(160, 256);
  }
  /**
   * Command, size 256.
   *
   * @example
   * ```ts
   * import { RequestStateTransferHeader } from "@streamwire/codec/iggy";
   * const h = RequestStateTransferHeader.create();
   * h.validate(); // a WireError would name the first broken rule
   * console.log(h.size); // 256
   * ```
   */
  validate(): void {
    checkCommand(this, Command.RequestStateTransfer);
    checkHeaderOnly(this);
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { RequestStateTransferHeader } from "@streamwire/codec/iggy";
   * const fields = RequestStateTransferHeader.create().toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): RequestStateTransferHeaderFields {
    return super.toObject() as RequestStateTransferHeaderFields;
  }
}

/** Fields of {@linkcode StateTransferTargetHeader}. */
export interface StateTransferTargetHeaderFields extends CommonHeaderFields {
  /** Transfer session nonce. */
  nonce: bigint;
  /** Serving primary's applied frontier. */
  commitOp: bigint;
  /** Consensus group. */
  group: bigint;
  /** 1 = an offer (manifest in the body), 0 = refusal (header-only). */
  available: number;
  /** 1 on a refusal that means "not right now". */
  unavailableTransient: number;
  /** 6 alignment bytes. */
  reservedAlignment: Uint8Array;
  /** Serving replica's commit_max. */
  commitMax: bigint;
  /** Partition incarnation. */
  partitionIncarnation: bigint;
  /** 72 reserved bytes. */
  reserved: Uint8Array;
}

/**
 * The state-transfer descriptor. Sealed. Rules (in order): command, `available` ∈ {0,1},
 * `unavailableTransient` ∈ {0,1}, not both 1, a refusal is header-only.
 *
 * @example
 * ```ts
 * import { StateTransferTargetHeader } from "@streamwire/codec/iggy";
 * StateTransferTargetHeader.create({ available: 1, size: 320 }).validate();
 * ```
 */
export class StateTransferTargetHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "StateTransferTargetHeader";
  /** `StateTransferTarget`. */
  static readonly COMMAND: number = Command.StateTransferTarget;
  /** Sealed. */
  static override readonly FRAME_SEALED: boolean = true;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u128("nonce", 128),
    u64("commitOp", 144),
    u64("group", 152),
    u8("available", 160),
    u8("unavailableTransient", 161),
    bytes("reservedAlignment", 162, 6),
    u64("commitMax", 168),
    u64("partitionIncarnation", 176),
    bytes("reserved", 184, 72),
  ];
  /** Nonce. */
  get nonce(): bigint {
    return this.u128(128);
  }
  /** Applied frontier. */
  get commitOp(): bigint {
    return this.u64(144);
  }
  /** Consensus group. */
  get group(): bigint {
    return this.u64(152);
  }
  /** Offer (1) or refusal (0). */
  get available(): number {
    return this.bytes[160];
  }
  /** Transient refusal flag. */
  get unavailableTransient(): number {
    return this.bytes[161];
  }
  /** Alignment bytes (a view). */
  get reservedAlignment(): Uint8Array {
    return this.bytes.subarray(162, 168);
  }
  /** commit_max. */
  get commitMax(): bigint {
    return this.u64(168);
  }
  /** Partition incarnation. */
  get partitionIncarnation(): bigint {
    return this.u64(176);
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(184, 256);
  }
  /**
   * The crate's rules, in order.
   *
   * @example
   * ```ts
   * import { StateTransferTargetHeader } from "@streamwire/codec/iggy";
   * const h = StateTransferTargetHeader.create();
   * h.validate(); // a WireError would name the first broken rule
   * console.log(h.size); // 256
   * ```
   */
  validate(): void {
    checkCommand(this, Command.StateTransferTarget);
    if (this.available > 1) throw invalidFieldError("available must be 0 or 1");
    if (this.unavailableTransient > 1) throw invalidFieldError("unavailable_transient must be 0 or 1");
    if (this.available === 1 && this.unavailableTransient === 1) {
      throw invalidFieldError("unavailable_transient must be 0 on an available offer");
    }
    if (this.available === 0 && this.size !== HEADER_SIZE) {
      throw invalidFieldError("unavailable descriptor must be header-only");
    }
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { StateTransferTargetHeader } from "@streamwire/codec/iggy";
   * const fields = StateTransferTargetHeader.create().toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): StateTransferTargetHeaderFields {
    return super.toObject() as StateTransferTargetHeaderFields;
  }
}

/** Fields of {@linkcode RequestStateChunkHeader}. */
export interface RequestStateChunkHeaderFields extends CommonHeaderFields {
  /** Transfer session nonce. */
  nonce: bigint;
  /** Byte offset in the artifact. */
  offset: bigint;
  /** Consensus group. */
  group: bigint;
  /** Requested length (non-zero). */
  len: number;
  /** Index into the offered manifest. */
  artifact: number;
  /** Partition incarnation. */
  partitionIncarnation: bigint;
  /** 80 reserved bytes. */
  reserved: Uint8Array;
}

/**
 * Pull one chunk of an artifact. Header-only, sealed. Rules: command, `len` ≠ 0, size 256.
 *
 * @example
 * ```ts
 * import { RequestStateChunkHeader } from "@streamwire/codec/iggy";
 * RequestStateChunkHeader.create({ len: 65536 }).validate();
 * ```
 */
export class RequestStateChunkHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "RequestStateChunkHeader";
  /** `RequestStateChunk`. */
  static readonly COMMAND: number = Command.RequestStateChunk;
  /** Sealed. */
  static override readonly FRAME_SEALED: boolean = true;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u128("nonce", 128),
    u64("offset", 144),
    u64("group", 152),
    u32("len", 160),
    u32("artifact", 164),
    u64("partitionIncarnation", 168),
    bytes("reserved", 176, 80),
  ];
  /** Nonce. */
  get nonce(): bigint {
    return this.u128(128);
  }
  /** Artifact offset. */
  get offset(): bigint {
    return this.u64(144);
  }
  /** Consensus group. */
  get group(): bigint {
    return this.u64(152);
  }
  /** Requested length. */
  get len(): number {
    return this.u32(160);
  }
  /** Artifact index. */
  get artifact(): number {
    return this.u32(164);
  }
  /** Partition incarnation. */
  get partitionIncarnation(): bigint {
    return this.u64(168);
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(176, 256);
  }
  /**
   * Command, non-zero length, size 256.
   *
   * @example
   * ```ts
   * import { RequestStateChunkHeader } from "@streamwire/codec/iggy";
   * import { isWireError } from "@streamwire/codec/wire";
   * try {
   *   RequestStateChunkHeader.create().validate(); // the all-zero defaults break one of its rules
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code); // INVALID_VALUE
   * }
   * ```
   */
  validate(): void {
    checkCommand(this, Command.RequestStateChunk);
    if (this.len === 0) throw invalidFieldError("chunk len must be non-zero");
    checkHeaderOnly(this);
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { RequestStateChunkHeader } from "@streamwire/codec/iggy";
   * // All-default fields do not make a valid RequestStateChunkHeader; validation is off to show the layout.
   * const fields = RequestStateChunkHeader.create({}, { validate: false }).toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): RequestStateChunkHeaderFields {
    return super.toObject() as RequestStateChunkHeaderFields;
  }
}

/** Fields of {@linkcode StateChunkHeader}. */
export interface StateChunkHeaderFields extends CommonHeaderFields {
  /** Transfer session nonce. */
  nonce: bigint;
  /** Byte offset in the artifact. */
  offset: bigint;
  /** Consensus group. */
  group: bigint;
  /** Index into the offered manifest. */
  artifact: number;
  /** 84 reserved bytes. */
  reserved: Uint8Array;
  /** Partition incarnation. */
  partitionIncarnation: bigint;
}

/**
 * One chunk of artifact bytes (the body). Sealed. Rules: command, size ≥ 256.
 *
 * @example
 * ```ts
 * import { StateChunkHeader } from "@streamwire/codec/iggy";
 * StateChunkHeader.create({ size: 256 + 4096 }).validate();
 * ```
 */
export class StateChunkHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "StateChunkHeader";
  /** `StateChunk`. */
  static readonly COMMAND: number = Command.StateChunk;
  /** Sealed. */
  static override readonly FRAME_SEALED: boolean = true;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u128("nonce", 128),
    u64("offset", 144),
    u64("group", 152),
    u32("artifact", 160),
    bytes("reserved", 164, 84),
    u64("partitionIncarnation", 248),
  ];
  /** Nonce. */
  get nonce(): bigint {
    return this.u128(128);
  }
  /** Artifact offset. */
  get offset(): bigint {
    return this.u64(144);
  }
  /** Consensus group. */
  get group(): bigint {
    return this.u64(152);
  }
  /** Artifact index. */
  get artifact(): number {
    return this.u32(160);
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(164, 248);
  }
  /** Partition incarnation. */
  get partitionIncarnation(): bigint {
    return this.u64(248);
  }
  /**
   * Command, size ≥ 256.
   *
   * @example
   * ```ts
   * import { StateChunkHeader } from "@streamwire/codec/iggy";
   * const h = StateChunkHeader.create();
   * h.validate(); // a WireError would name the first broken rule
   * console.log(h.size); // 256
   * ```
   */
  validate(): void {
    checkCommand(this, Command.StateChunk);
    if (this.size < HEADER_SIZE) throw invalidFieldError("state chunk size below header size");
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { StateChunkHeader } from "@streamwire/codec/iggy";
   * const fields = StateChunkHeader.create().toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): StateChunkHeaderFields {
    return super.toObject() as StateChunkHeaderFields;
  }
}

// ---------------------------------------------------------------------------------------------
// Forwarding

/** Fields of {@linkcode ForwardRegisterHeader}. */
export interface ForwardRegisterHeaderFields extends CommonHeaderFields {
  /** The login's consensus client id. */
  client: bigint;
  /** Correlation nonce. */
  nonce: bigint;
  /** The authenticated user. */
  userId: number;
  /** 92 reserved bytes (must be zero). */
  reserved: Uint8Array;
}

/**
 * A backup relays an authenticated login. Sealed. Rules: command, size 256 + 40, client and
 * nonce non-zero, reserved zero.
 *
 * @example
 * ```ts
 * import { ForwardRegisterHeader } from "@streamwire/codec/iggy";
 * ForwardRegisterHeader.create({ size: 296, client: 1n, nonce: 2n, userId: 41 }).validate();
 * ```
 */
export class ForwardRegisterHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "ForwardRegisterHeader";
  /** `ForwardRegister`. */
  static readonly COMMAND: number = Command.ForwardRegister;
  /** Sealed. */
  static override readonly FRAME_SEALED: boolean = true;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u128("client", 128),
    u128("nonce", 144),
    u32("userId", 160),
    bytes("reserved", 164, 92),
  ];
  /** Client id. */
  get client(): bigint {
    return this.u128(128);
  }
  /** Nonce. */
  get nonce(): bigint {
    return this.u128(144);
  }
  /** Authenticated user. */
  get userId(): number {
    return this.u32(160);
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(164, 256);
  }
  /**
   * The crate's rules, in order.
   *
   * @example
   * ```ts
   * import { ForwardRegisterHeader } from "@streamwire/codec/iggy";
   * import { isWireError } from "@streamwire/codec/wire";
   * try {
   *   ForwardRegisterHeader.create().validate(); // the all-zero defaults break one of its rules
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code); // INVALID_VALUE
   * }
   * ```
   */
  validate(): void {
    checkCommand(this, Command.ForwardRegister);
    const expected = HEADER_SIZE + REGISTER_REQUEST_BYTES;
    if (this.size !== expected) throw invalidSizeError(expected, this.size);
    // The crate checks the register frame's own size above and hands the shared rules the
    // header size, so their size check always passes here.
    validateForwardFrame(this, HEADER_SIZE, this.client, this.nonce, 164, 92);
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { ForwardRegisterHeader } from "@streamwire/codec/iggy";
   * // All-default fields do not make a valid ForwardRegisterHeader; validation is off to show the layout.
   * const fields = ForwardRegisterHeader.create({}, { validate: false }).toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): ForwardRegisterHeaderFields {
    return super.toObject() as ForwardRegisterHeaderFields;
  }
}

/** Fields of {@linkcode ForwardRegisterResultHeader}. */
export interface ForwardRegisterResultHeaderFields extends CommonHeaderFields {
  /** Echoed nonce. */
  nonce: bigint;
  /** Echoed client id. */
  client: bigint;
  /** Committed register op (0 unless Ok). */
  epoch: bigint;
  /** Highest committed request number (0 unless Ok). */
  watermark: bigint;
  /** 79 reserved bytes (must be zero). */
  reserved: Uint8Array;
  /** {@linkcode ForwardRegisterOutcome} byte. */
  outcome: number;
}

/**
 * The primary's verdict on a forwarded register. Header-only, sealed. Rules: command, size
 * 256, client and nonce non-zero, reserved zero, epoch and watermark zero unless `Ok`.
 *
 * @example
 * ```ts
 * import { ForwardRegisterResultHeader } from "@streamwire/codec/iggy";
 * ForwardRegisterResultHeader.create({ client: 1n, nonce: 2n, epoch: 91n }).validate();
 * ```
 */
export class ForwardRegisterResultHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "ForwardRegisterResultHeader";
  /** `ForwardRegisterResult`. */
  static readonly COMMAND: number = Command.ForwardRegisterResult;
  /** Sealed. */
  static override readonly FRAME_SEALED: boolean = true;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u128("nonce", 128),
    u128("client", 144),
    u64("epoch", 160),
    u64("watermark", 168),
    bytes("reserved", 176, 79),
    en("outcome", 255, FORWARD_REGISTER_OUTCOME_ENUM),
  ];
  /** Nonce. */
  get nonce(): bigint {
    return this.u128(128);
  }
  /** Client id. */
  get client(): bigint {
    return this.u128(144);
  }
  /** Register epoch. */
  get epoch(): bigint {
    return this.u64(160);
  }
  /** Request watermark. */
  get watermark(): bigint {
    return this.u64(168);
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(176, 255);
  }
  /** Outcome byte. */
  get outcome(): number {
    return this.bytes[255];
  }
  /**
   * The crate's rules, in order.
   *
   * @example
   * ```ts
   * import { ForwardRegisterResultHeader } from "@streamwire/codec/iggy";
   * import { isWireError } from "@streamwire/codec/wire";
   * try {
   *   ForwardRegisterResultHeader.create().validate(); // the all-zero defaults break one of its rules
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code); // INVALID_VALUE
   * }
   * ```
   */
  validate(): void {
    checkCommand(this, Command.ForwardRegisterResult);
    validateForwardFrame(this, this.size, this.client, this.nonce, 176, 79);
    if (this.outcome !== ForwardRegisterOutcome.Ok && (this.epoch !== 0n || this.watermark !== 0n)) {
      throw invalidFieldError("forward register result bind must be zero on failure");
    }
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { ForwardRegisterResultHeader } from "@streamwire/codec/iggy";
   * // All-default fields do not make a valid ForwardRegisterResultHeader; validation is off to show the layout.
   * const fields = ForwardRegisterResultHeader.create({}, { validate: false }).toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): ForwardRegisterResultHeaderFields {
    return super.toObject() as ForwardRegisterResultHeaderFields;
  }
}

/** Fields of {@linkcode ForwardLogoutHeader}. */
export interface ForwardLogoutHeaderFields extends CommonHeaderFields {
  /** The client whose table entry goes. */
  client: bigint;
  /** Correlation nonce. */
  nonce: bigint;
  /** The register epoch being logged out. */
  session: bigint;
  /** Request number. */
  request: bigint;
  /** 80 reserved bytes (must be zero). */
  reserved: Uint8Array;
}

/**
 * A backup asks the metadata primary to tear down a session. Header-only, sealed. Rules:
 * command, size 256, client and nonce non-zero, reserved zero, session and request non-zero.
 *
 * @example
 * ```ts
 * import { ForwardLogoutHeader } from "@streamwire/codec/iggy";
 * ForwardLogoutHeader.create({ client: 1n, nonce: 2n, session: 3n, request: 4n }).validate();
 * ```
 */
export class ForwardLogoutHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "ForwardLogoutHeader";
  /** `ForwardLogout`. */
  static readonly COMMAND: number = Command.ForwardLogout;
  /** Sealed. */
  static override readonly FRAME_SEALED: boolean = true;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u128("client", 128),
    u128("nonce", 144),
    u64("session", 160),
    u64("request", 168),
    bytes("reserved", 176, 80),
  ];
  /** Client id. */
  get client(): bigint {
    return this.u128(128);
  }
  /** Nonce. */
  get nonce(): bigint {
    return this.u128(144);
  }
  /** Session epoch. */
  get session(): bigint {
    return this.u64(160);
  }
  /** Request number. */
  get request(): bigint {
    return this.u64(168);
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(176, 256);
  }
  /**
   * The crate's rules, in order.
   *
   * @example
   * ```ts
   * import { ForwardLogoutHeader } from "@streamwire/codec/iggy";
   * import { isWireError } from "@streamwire/codec/wire";
   * try {
   *   ForwardLogoutHeader.create().validate(); // the all-zero defaults break one of its rules
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code); // INVALID_VALUE
   * }
   * ```
   */
  validate(): void {
    checkCommand(this, Command.ForwardLogout);
    validateForwardFrame(this, this.size, this.client, this.nonce, 176, 80);
    if (this.session === 0n) throw invalidFieldError("forward logout session must be non-zero");
    if (this.request === 0n) throw invalidFieldError("forward logout request must be non-zero");
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { ForwardLogoutHeader } from "@streamwire/codec/iggy";
   * // All-default fields do not make a valid ForwardLogoutHeader; validation is off to show the layout.
   * const fields = ForwardLogoutHeader.create({}, { validate: false }).toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): ForwardLogoutHeaderFields {
    return super.toObject() as ForwardLogoutHeaderFields;
  }
}

/** Fields of {@linkcode ForwardLogoutResultHeader}. */
export interface ForwardLogoutResultHeaderFields extends CommonHeaderFields {
  /** Echoed nonce. */
  nonce: bigint;
  /** Echoed client id. */
  client: bigint;
  /** Committed logout op (0 unless Ok). */
  commit: bigint;
  /** 87 reserved bytes (must be zero). */
  reserved: Uint8Array;
  /** {@linkcode ForwardLogoutOutcome} byte. */
  outcome: number;
}

/**
 * The primary's verdict on a forwarded logout. Header-only, sealed. Rules: command, size 256,
 * client and nonce non-zero, reserved zero, commit zero unless `Ok`.
 *
 * @example
 * ```ts
 * import { ForwardLogoutResultHeader } from "@streamwire/codec/iggy";
 * ForwardLogoutResultHeader.create({ client: 1n, nonce: 2n, commit: 92n }).validate();
 * ```
 */
export class ForwardLogoutResultHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "ForwardLogoutResultHeader";
  /** `ForwardLogoutResult`. */
  static readonly COMMAND: number = Command.ForwardLogoutResult;
  /** Sealed. */
  static override readonly FRAME_SEALED: boolean = true;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u128("nonce", 128),
    u128("client", 144),
    u64("commit", 160),
    bytes("reserved", 168, 87),
    en("outcome", 255, FORWARD_LOGOUT_OUTCOME_ENUM),
  ];
  /** Nonce. */
  get nonce(): bigint {
    return this.u128(128);
  }
  /** Client id. */
  get client(): bigint {
    return this.u128(144);
  }
  /** Committed op. */
  get commit(): bigint {
    return this.u64(160);
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(168, 255);
  }
  /** Outcome byte. */
  get outcome(): number {
    return this.bytes[255];
  }
  /**
   * The crate's rules, in order.
   *
   * @example
   * ```ts
   * import { ForwardLogoutResultHeader } from "@streamwire/codec/iggy";
   * import { isWireError } from "@streamwire/codec/wire";
   * try {
   *   ForwardLogoutResultHeader.create().validate(); // the all-zero defaults break one of its rules
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code); // INVALID_VALUE
   * }
   * ```
   */
  validate(): void {
    checkCommand(this, Command.ForwardLogoutResult);
    validateForwardFrame(this, this.size, this.client, this.nonce, 168, 87);
    if (this.outcome !== ForwardLogoutOutcome.Ok && this.commit !== 0n) {
      throw invalidFieldError("forward logout result commit must be zero on failure");
    }
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { ForwardLogoutResultHeader } from "@streamwire/codec/iggy";
   * // All-default fields do not make a valid ForwardLogoutResultHeader; validation is off to show the layout.
   * const fields = ForwardLogoutResultHeader.create({}, { validate: false }).toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): ForwardLogoutResultHeaderFields {
    return super.toObject() as ForwardLogoutResultHeaderFields;
  }
}

/** Fields of {@linkcode ForwardCompletionHeader}. */
export interface ForwardCompletionHeaderFields extends CommonHeaderFields {
  /** Shard that built a lifecycle batch (0 for a revocation). */
  reporter: number;
  /** `CompleteLifecycle` or `CompleteConsumerGroupRevocation`. */
  operation: number;
  /** 125 reserved bytes (must be zero). */
  reserved: Uint8Array;
}

/**
 * A backup relays a partition completion to the metadata primary. Sealed. Rules (in order):
 * command; a completion operation with a body of its size (lifecycle: 16 + n × 16 with
 * 1 ≤ n ≤ 1024; revocation: 80); no reporter on a revocation; release 0; reserved zero.
 *
 * @example
 * ```ts
 * import { ForwardCompletionHeader, Operation } from "@streamwire/codec/iggy";
 * ForwardCompletionHeader.create({ operation: Operation.CompleteLifecycle, size: 256 + 32, reporter: 5 }).validate();
 * ```
 */
export class ForwardCompletionHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "ForwardCompletionHeader";
  /** `ForwardCompletion`. */
  static readonly COMMAND: number = Command.ForwardCompletion;
  /** Sealed. */
  static override readonly FRAME_SEALED: boolean = true;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u16("reporter", 128),
    en("operation", 130, OPERATION_ENUM),
    bytes("reserved", 131, 125),
  ];
  /** Reporting shard. */
  get reporter(): number {
    return this.dv.getUint16(128, true);
  }
  /** Operation byte. */
  get operation(): number {
    return this.bytes[130];
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(131, 256);
  }
  /**
   * The crate's rules, in order.
   *
   * @example
   * ```ts
   * import { ForwardCompletionHeader } from "@streamwire/codec/iggy";
   * import { isWireError } from "@streamwire/codec/wire";
   * try {
   *   ForwardCompletionHeader.create().validate(); // the all-zero defaults break one of its rules
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code); // INVALID_VALUE
   * }
   * ```
   */
  validate(): void {
    checkCommand(this, Command.ForwardCompletion);
    const body = Math.max(0, this.size - HEADER_SIZE);
    let fits: boolean;
    if (this.operation === Operation.CompleteLifecycle) {
      const completions = body - LIFECYCLE_BATCH_HEADER_SIZE;
      const n = completions / LIFECYCLE_COMPLETION_SIZE;
      fits = completions >= 0 && completions % LIFECYCLE_COMPLETION_SIZE === 0 && n >= 1 &&
        n <= LIFECYCLE_COMPLETIONS_MAX;
    } else if (this.operation === Operation.CompleteConsumerGroupRevocation) {
      fits = body === REVOCATION_BODY_SIZE;
    } else {
      throw invalidFieldError("forward completion operation must be a partition completion");
    }
    if (!fits) throw invalidFieldError("forward completion body must have the size of its operation");
    if (this.operation === Operation.CompleteConsumerGroupRevocation && this.reporter !== 0) {
      throw invalidFieldError("a forward revocation names no reporter");
    }
    if (this.release !== 0) throw invalidFieldError("forward completion release must be zero");
    if (!allZero(this.bytes, 62, 66) || !allZero(this.bytes, 131, 125)) {
      throw invalidFieldError("forward completion reserved bytes must be zero");
    }
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { ForwardCompletionHeader } from "@streamwire/codec/iggy";
   * // All-default fields do not make a valid ForwardCompletionHeader; validation is off to show the layout.
   * const fields = ForwardCompletionHeader.create({}, { validate: false }).toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): ForwardCompletionHeaderFields {
    return super.toObject() as ForwardCompletionHeaderFields;
  }
}

// ---------------------------------------------------------------------------------------------
// ConsumerSessionHeartbeatHeader

/** Fields of {@linkcode ConsumerSessionHeartbeatHeader}. */
export interface ConsumerSessionHeartbeatHeaderFields extends CommonHeaderFields {
  /** 1 if a local shard failed to report. */
  incomplete: number;
  /** 119 reserved bytes (must be zero). */
  reserved: Uint8Array;
  /** Namespace revision (retirement progress only; zero on heartbeats). */
  namespaceRevision: bigint;
}

/**
 * Backups report transport-bound sessions (command 30), or session-retirement progress (31,
 * same layout), with 24-byte sessions in the body. Sealed. Rules (in order): command; size ≥
 * 256; at most 1024 sessions; whole sessions; `incomplete` ∈ {0,1}; release 0; no namespace
 * revision on a heartbeat; reserved zero.
 *
 * @example
 * ```ts
 * import { ConsumerSessionHeartbeatHeader } from "@streamwire/codec/iggy";
 * ConsumerSessionHeartbeatHeader.create({ size: 256 + 48 }).validate();
 * ```
 */
export class ConsumerSessionHeartbeatHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "ConsumerSessionHeartbeatHeader";
  /** `ConsumerSessionHeartbeat` (also accepts `SessionRetirementProgress`). */
  static readonly COMMAND: number = Command.ConsumerSessionHeartbeat;
  /** Sealed. */
  static override readonly FRAME_SEALED: boolean = true;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u8("incomplete", 128),
    bytes("reserved", 129, 119),
    u64("namespaceRevision", 248),
  ];
  /**
   * Heartbeat or retirement progress.
   *
   * @example
   * ```ts
   * import { Command, ConsumerSessionHeartbeatHeader } from "@streamwire/codec/iggy";
   * console.log(ConsumerSessionHeartbeatHeader.accepts(Command.Prepare)); // false
   * ```
   */
  static override accepts(command: number): boolean {
    return command === Command.ConsumerSessionHeartbeat || command === Command.SessionRetirementProgress;
  }
  /** Incomplete flag. */
  get incomplete(): number {
    return this.bytes[128];
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(129, 248);
  }
  /** Namespace revision. */
  get namespaceRevision(): bigint {
    return this.u64(248);
  }
  /**
   * The crate's rules, in order.
   *
   * @example
   * ```ts
   * import { ConsumerSessionHeartbeatHeader } from "@streamwire/codec/iggy";
   * const h = ConsumerSessionHeartbeatHeader.create();
   * h.validate(); // a WireError would name the first broken rule
   * console.log(h.size); // 256
   * ```
   */
  validate(): void {
    if (!ConsumerSessionHeartbeatHeader.accepts(this.command)) {
      throw invalidCommandError(Command.ConsumerSessionHeartbeat, this.command);
    }
    const body = Math.max(0, this.size - HEADER_SIZE);
    if (this.size < HEADER_SIZE) {
      throw invalidFieldError("consumer session heartbeat size is smaller than its header");
    }
    if (body > MAX_CONSUMER_SESSIONS_PER_HEARTBEAT * CONSUMER_SESSION_ENCODED_SIZE) {
      throw invalidFieldError("consumer session heartbeat exceeds the batch limit");
    }
    if (body % CONSUMER_SESSION_ENCODED_SIZE !== 0) {
      throw invalidFieldError("consumer session heartbeat contains a truncated session");
    }
    if (this.incomplete > 1) {
      throw invalidFieldError("consumer session heartbeat incomplete flag must be 0 or 1");
    }
    if (this.release !== 0) throw invalidFieldError("consumer session heartbeat release must be zero");
    if (this.command === Command.ConsumerSessionHeartbeat && this.namespaceRevision !== 0n) {
      throw invalidFieldError("consumer session heartbeat namespace revision must be zero");
    }
    if (!allZero(this.bytes, 62, 66) || !allZero(this.bytes, 129, 119)) {
      throw invalidFieldError("consumer session heartbeat reserved bytes must be zero");
    }
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { ConsumerSessionHeartbeatHeader } from "@streamwire/codec/iggy";
   * const fields = ConsumerSessionHeartbeatHeader.create().toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): ConsumerSessionHeartbeatHeaderFields {
    return super.toObject() as ConsumerSessionHeartbeatHeaderFields;
  }
}

// ---------------------------------------------------------------------------------------------
// PrimaryRebalanceHeader

/** Fields of {@linkcode PrimaryRebalanceHeader}. */
export interface PrimaryRebalanceHeaderFields extends CommonHeaderFields {
  /** Correlation nonce (non-zero). */
  nonce: bigint;
  /** Packed partition namespace. */
  namespace: bigint;
  /** Partition creation revision. */
  createdRevision: bigint;
  /** Commit. */
  commit: bigint;
  /** Quorum-evidence age, or `NO_QUORUM_EVIDENCE`. */
  quorumAgeNs: bigint;
  /** View of the probed partition. */
  partitionView: number;
  /** {@linkcode PrimaryRebalanceKind} byte. */
  kind: number;
  /** Readiness (replies only). */
  ready: number;
  /** Handoff target (transfers only). */
  target: number;
  /** 73 reserved bytes (must be zero). */
  reserved: Uint8Array;
}

/**
 * A primary-rebalance exchange through the metadata owner. Header-only, sealed. Rules (in
 * order): command; size 256; checksum_body and release zero; reserved zero; nonce non-zero;
 * `ready` only 0/1 and only on replies; `target` only on transfers; quorum age only on a
 * metadata probe; no commit on a metadata reply; metadata kinds carry no partition fields;
 * partition kinds need a non-zero revision.
 *
 * @example
 * ```ts
 * import { PrimaryRebalanceHeader, PrimaryRebalanceKind } from "@streamwire/codec/iggy";
 * PrimaryRebalanceHeader.create({ nonce: 1n, kind: PrimaryRebalanceKind.MetadataProbe,
 *   quorumAgeNs: PrimaryRebalanceHeader.NO_QUORUM_EVIDENCE }).validate();
 * ```
 */
export class PrimaryRebalanceHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "PrimaryRebalanceHeader";
  /** `PrimaryRebalance`. */
  static readonly COMMAND: number = Command.PrimaryRebalance;
  /** Sealed. */
  static override readonly FRAME_SEALED: boolean = true;
  /** `quorumAgeNs` when the sender has no quorum evidence. */
  static readonly NO_QUORUM_EVIDENCE: bigint = 0xffff_ffff_ffff_ffffn;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u128("nonce", 128),
    u64("namespace", 144),
    u64("createdRevision", 152),
    u64("commit", 160),
    u64("quorumAgeNs", 168),
    u32("partitionView", 176),
    en("kind", 180, PRIMARY_REBALANCE_KIND_ENUM),
    u8("ready", 181),
    u8("target", 182),
    bytes("reserved", 183, 73),
  ];
  /** Nonce. */
  get nonce(): bigint {
    return this.u128(128);
  }
  /** Packed namespace. */
  get namespace(): bigint {
    return this.u64(144);
  }
  /** Creation revision. */
  get createdRevision(): bigint {
    return this.u64(152);
  }
  /** Commit. */
  get commit(): bigint {
    return this.u64(160);
  }
  /** Quorum-evidence age. */
  get quorumAgeNs(): bigint {
    return this.u64(168);
  }
  /** Partition view. */
  get partitionView(): number {
    return this.u32(176);
  }
  /** Kind byte. */
  get kind(): number {
    return this.bytes[180];
  }
  /** Ready flag. */
  get ready(): number {
    return this.bytes[181];
  }
  /** Transfer target. */
  get target(): number {
    return this.bytes[182];
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(183, 256);
  }
  /**
   * The crate's rules, in order.
   *
   * @example
   * ```ts
   * import { PrimaryRebalanceHeader } from "@streamwire/codec/iggy";
   * import { isWireError } from "@streamwire/codec/wire";
   * try {
   *   PrimaryRebalanceHeader.create().validate(); // the all-zero defaults break one of its rules
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code); // INVALID_VALUE
   * }
   * ```
   */
  validate(): void {
    checkCommand(this, Command.PrimaryRebalance);
    checkHeaderOnly(this);
    if (this.checksumBody !== 0n || this.release !== 0) {
      throw invalidFieldError("primary rebalance body checksum and release must be zero");
    }
    if (!allZero(this.bytes, 62, 66) || !allZero(this.bytes, 183, 73)) {
      throw invalidFieldError("primary rebalance reserved bytes must be zero");
    }
    if (this.nonce === 0n) throw invalidFieldError("primary rebalance nonce must be nonzero");
    const K = PrimaryRebalanceKind;
    const kind = this.kind;
    const probeOrGrant = kind === K.MetadataProbe || kind === K.PartitionProbe || kind === K.SourceProbe ||
      kind === K.PrimaryTransfer;
    if (this.ready > 1 || (this.ready !== 0 && probeOrGrant)) {
      throw invalidFieldError("primary rebalance probes and grants cannot be ready; replies require 0 or 1");
    }
    if (kind !== K.PrimaryTransfer && this.target !== 0) {
      throw invalidFieldError("only a primary rebalance grant names a target");
    }
    if (kind !== K.MetadataProbe && this.quorumAgeNs !== PrimaryRebalanceHeader.NO_QUORUM_EVIDENCE) {
      throw invalidFieldError("only a metadata probe can advertise quorum evidence");
    }
    if (kind === K.MetadataReply && this.commit !== 0n) {
      throw invalidFieldError("metadata reply cannot advertise a commit");
    }
    if (kind === K.MetadataProbe || kind === K.MetadataReply) {
      if (this.namespace !== 0n || this.createdRevision !== 0n || this.partitionView !== 0) {
        throw invalidFieldError("primary rebalance metadata exchange cannot carry partition fields");
      }
    } else if (this.createdRevision === 0n) {
      throw invalidFieldError("primary rebalance partition revision must be nonzero");
    }
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { PrimaryRebalanceHeader } from "@streamwire/codec/iggy";
   * // All-default fields do not make a valid PrimaryRebalanceHeader; validation is off to show the layout.
   * const fields = PrimaryRebalanceHeader.create({}, { validate: false }).toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): PrimaryRebalanceHeaderFields {
    return super.toObject() as PrimaryRebalanceHeaderFields;
  }
}

// ---------------------------------------------------------------------------------------------
// SegmentDeleteHeader

/** Fields of {@linkcode SegmentDeleteHeader}. */
export interface SegmentDeleteHeaderFields extends CommonHeaderFields {
  /** Correlation nonce (non-zero). */
  nonce: bigint;
  /** Packed partition namespace. */
  namespace: bigint;
  /** Partition creation revision (non-zero). */
  createdRevision: bigint;
  /** Minimum metadata op. */
  minimumMetadataOp: bigint;
  /** Resolved offset (only on `Resolved`). */
  upToOffset: bigint;
  /** Segments to delete. */
  segmentsCount: number;
  /** {@linkcode SegmentDeleteKind} byte. */
  kind: number;
  /** 75 reserved bytes (must be zero). */
  reserved: Uint8Array;
}

/**
 * Resolve a segment count on the partition primary. Header-only, sealed. Rules (in order):
 * command; size 256; checksum_body, release and reserved zero; nonce and revision non-zero;
 * an offset only on `Resolved`.
 *
 * @example
 * ```ts
 * import { SegmentDeleteHeader } from "@streamwire/codec/iggy";
 * SegmentDeleteHeader.create({ nonce: 19n, createdRevision: 31n, segmentsCount: 3 }).validate();
 * ```
 */
export class SegmentDeleteHeader extends ConsensusHeaderView {
  /** The crate's type name. */
  static readonly TYPE_NAME = "SegmentDeleteHeader";
  /** `SegmentDelete`. */
  static readonly COMMAND: number = Command.SegmentDelete;
  /** Sealed. */
  static override readonly FRAME_SEALED: boolean = true;
  /** Own fields after the common prefix. */
  static readonly FIELDS: readonly FieldSpec[] = [
    u128("nonce", 128),
    u64("namespace", 144),
    u64("createdRevision", 152),
    u64("minimumMetadataOp", 160),
    u64("upToOffset", 168),
    u32("segmentsCount", 176),
    en("kind", 180, SEGMENT_DELETE_KIND_ENUM),
    bytes("reserved", 181, 75),
  ];
  /** Nonce. */
  get nonce(): bigint {
    return this.u128(128);
  }
  /** Packed namespace. */
  get namespace(): bigint {
    return this.u64(144);
  }
  /** Creation revision. */
  get createdRevision(): bigint {
    return this.u64(152);
  }
  /** Minimum metadata op. */
  get minimumMetadataOp(): bigint {
    return this.u64(160);
  }
  /** Resolved offset. */
  get upToOffset(): bigint {
    return this.u64(168);
  }
  /** Segment count. */
  get segmentsCount(): number {
    return this.u32(176);
  }
  /** Kind byte. */
  get kind(): number {
    return this.bytes[180];
  }
  /** Reserved (a view). */
  get reserved(): Uint8Array {
    return this.bytes.subarray(181, 256);
  }
  /**
   * The crate's rules, in order.
   *
   * @example
   * ```ts
   * import { SegmentDeleteHeader } from "@streamwire/codec/iggy";
   * import { isWireError } from "@streamwire/codec/wire";
   * try {
   *   SegmentDeleteHeader.create().validate(); // the all-zero defaults break one of its rules
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code); // INVALID_VALUE
   * }
   * ```
   */
  validate(): void {
    checkCommand(this, Command.SegmentDelete);
    checkHeaderOnly(this);
    if (
      this.checksumBody !== 0n || this.release !== 0 || !allZero(this.bytes, 62, 66) ||
      !allZero(this.bytes, 181, 75)
    ) {
      throw invalidFieldError("segment delete body checksum, release and reserved bytes must be zero");
    }
    if (this.nonce === 0n || this.createdRevision === 0n) {
      throw invalidFieldError("segment delete nonce and revision must be nonzero");
    }
    if (this.kind !== SegmentDeleteKind.Resolved && this.upToOffset !== 0n) {
      throw invalidFieldError("only a resolved segment delete can carry an offset");
    }
  }
  /**
   * Every field as a plain object.
   *
   * @example
   * ```ts
   * import { SegmentDeleteHeader } from "@streamwire/codec/iggy";
   * // All-default fields do not make a valid SegmentDeleteHeader; validation is off to show the layout.
   * const fields = SegmentDeleteHeader.create({}, { validate: false }).toObject();
   * console.log(fields.size); // 256
   * ```
   */
  override toObject(): SegmentDeleteHeaderFields {
    return super.toObject() as SegmentDeleteHeaderFields;
  }
}
