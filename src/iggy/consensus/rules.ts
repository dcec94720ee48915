/**
 * What the consensus header types do beyond reading their layout (`layouts.ts`): the crate's
 * `validate` rules of each type in the crate's order (each failing with the crate's reason
 * text), and the few derived readings (a request's non-replicated command code, a reply's
 * committed-result marker, the prepare identity, a view change's suffix). The generated
 * classes (`_generated/headers.ts`) call these.
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
  type ConsensusHeaderView,
  HEADER_SIZE,
  prepareIdentityChecksumBytes,
  setU128,
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
import type {
  CommitHeader,
  ConsumerSessionHeartbeatHeader,
  DoViewChangeHeader,
  EvictionHeader,
  ForwardCompletionHeader,
  ForwardLogoutHeader,
  ForwardLogoutResultHeader,
  ForwardRegisterHeader,
  ForwardRegisterResultHeader,
  PrepareHeader,
  PrepareHeaderBase,
  PrepareOkHeader,
  PrimaryRebalanceHeader,
  RepairPrepareHeader,
  RepairRangeReplyHeader,
  ReplyHeader,
  RequestHeaderBase,
  RequestPreparesHeader,
  RequestStartViewHeader,
  RequestStateChunkHeader,
  RequestStateTransferHeader,
  SegmentDeleteHeader,
  StartViewChangeHeader,
  StartViewHeader,
  StateChunkHeader,
  StateTransferTargetHeader,
} from "./_generated/headers.ts";

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

/** `ReplyHeader.COMMITTED_RESULT`: the `reserved[0]` value marking a final committed result. */
export const REPLY_COMMITTED_RESULT = 1;
/** `DoViewChangeHeader.FLAG_UNTRUSTED_LOG`: the sender's log is untrusted (recovered, not yet settled). */
export const DVC_FLAG_UNTRUSTED_LOG = 1;
/** `DoViewChangeHeader.FLAGS_KNOWN`: every flag bit this build understands. */
export const DVC_FLAGS_KNOWN = 1;
/** `PrimaryRebalanceHeader.NO_QUORUM_EVIDENCE`: `quorumAgeNs` when the sender has no quorum evidence. */
export const NO_QUORUM_EVIDENCE: bigint = 0xffff_ffff_ffff_ffffn;

function checkCommand(h: ConsensusHeaderView, expected: number): void {
  if (h.command !== expected) throw invalidCommandError(expected, h.command);
}

function checkHeaderOnly(h: ConsensusHeaderView): void {
  if (h.size !== HEADER_SIZE) throw invalidSizeError(HEADER_SIZE, h.size);
}

export function suffixLen(frame: string, size: number): number {
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

/** The command code a `NonReplicated` request carries in `reserved[0..4]` (u32 LE at 196). */
export function nonReplicatedCode(h: RequestHeaderBase): number {
  const b = h.bytes;
  return (b[196] | b[197] << 8 | b[198] << 16 | b[199] << 24) >>> 0;
}

/** Header evidence of a final committed result: command Reply, status 0, marker 1. */
export function hasCommittedResult(h: ReplyHeader): boolean {
  return h.command === Command.Reply && h.status === 0 && h.bytes[220] === REPLY_COMMITTED_RESULT;
}

/** Throws the crate's `InvalidChecksum` unless a prepare's `checksum` is its identity. */
export function verifyIdentity(h: PrepareHeaderBase): void {
  if (h.checksum !== h.identityChecksum()) throw invalidChecksumError();
}

/** Whether a parent chain can be proven down from this prepare. */
export function anchorsChain(h: PrepareHeaderBase): boolean {
  return h.checksum !== 0n && (h.parent !== 0n || h.op === 1n);
}

/** Stamps the prepare identity into `checksum`, in place. */
export function stampIdentity(h: PrepareHeaderBase): void {
  setU128(new DataView(h.bytes.buffer, h.bytes.byteOffset, 16), 0, prepareIdentityChecksumBytes(h.bytes));
}

/** Command, then both reserved regions zero (both prepare layouts). */
function validatePrepareLayout(h: PrepareHeaderBase, command: number, label: string): void {
  checkCommand(h, command);
  if (!allZero(h.bytes, 62, 66)) throw invalidFieldError(`${label}: reserved_frame bytes must be zero`);
  if (!allZero(h.bytes, 240, 8)) throw invalidFieldError(`${label}: reserved bytes must be zero`);
}

function isHeartbeatCommand(command: number): boolean {
  return command === Command.ConsumerSessionHeartbeat || command === Command.SessionRetirementProgress;
}

/** `RequestHeaderBase`: Client frame field rules (shared by both layouts). */
export function validateRequestHeaderBase(h: RequestHeaderBase): void {
  checkCommand(h, Command.Request);
  validateRequestFields(h.client, h.operation, h.session, h.request);
}

/** `ReplyHeader`: Command `Reply`. */
export function validateReplyHeader(h: ReplyHeader): void {
  if (h.command !== Command.Reply) throw replyInvalidCommandError();
}

/** `EvictionHeader`: The crate's rules, in order. */
export function validateEvictionHeader(h: EvictionHeader): void {
  checkCommand(h, Command.Eviction);
  checkHeaderOnly(h);
  if (h.client === 0n) throw invalidFieldError("eviction: client must be != 0");
  if (!allZero(h.bytes, 62, 66)) throw invalidFieldError("eviction: reserved_frame bytes must be zero");
  if (!allZero(h.bytes, 152, 103)) throw invalidFieldError("eviction: reserved bytes must be zero");
  if (h.reason === EvictionReason.Reserved) {
    throw invalidFieldError("eviction: reason must not be Reserved");
  }
  const max = h.serverProtocolVersion, min = h.serverProtocolVersionMin;
  if (h.reason === EvictionReason.IncompatibleProtocol) {
    if (min === 0 || max < min) {
      throw invalidFieldError("eviction: incompatible-protocol window must satisfy 1 <= min <= max");
    }
  } else if (max !== 0 || min !== 0) {
    throw invalidFieldError("eviction: protocol window bytes must be zero");
  }
}

/** `PrepareHeader`: The crate's rules. */
export function validatePrepareHeader(h: PrepareHeader): void {
  validatePrepareLayout(h, Command.Prepare, "prepare");
}

/** `RepairPrepareHeader`: The crate's rules. */
export function validateRepairPrepareHeader(h: RepairPrepareHeader): void {
  validatePrepareLayout(h, Command.RepairPrepare, "repair_prepare");
}

/** `PrepareOkHeader`: Command `PrepareOk`. */
export function validatePrepareOkHeader(h: PrepareOkHeader): void {
  checkCommand(h, Command.PrepareOk);
}

/** `CommitHeader`: Command `Commit`, size 256. */
export function validateCommitHeader(h: CommitHeader): void {
  if (h.command !== Command.Commit) throw commitInvalidCommandError();
  if (h.size !== 256) throw commitInvalidSizeError(h.size);
}

/** `StartViewChangeHeader`: Command, release 0. */
export function validateStartViewChangeHeader(h: StartViewChangeHeader): void {
  checkCommand(h, Command.StartViewChange);
  if (h.release !== 0) throw invalidFieldError("release != 0");
}

/** `DoViewChangeHeader`: The crate's rules, in order. */
export function validateDoViewChangeHeader(h: DoViewChangeHeader): void {
  checkCommand(h, Command.DoViewChange);
  if (h.release !== 0) throw invalidFieldError("release must be 0");
  if (h.logView > h.view) throw invalidFieldError("log_view cannot exceed view");
  if (h.commit > h.op) throw invalidFieldError("commit cannot exceed op");
  const unknown = h.flags & ~DVC_FLAGS_KNOWN & 0xff;
  if (unknown !== 0) {
    throw invalidFieldError(`do_view_change: unknown flag bits 0x${unknown.toString(16).padStart(2, "0")}`);
  }
  const n = h.suffixLen();
  if (n < DVC_HEADERS_MAX) {
    const beyond = ~((1n << BigInt(n)) - 1n) & ((1n << 128n) - 1n);
    if ((h.nackBitset & beyond) !== 0n || (h.presentBitset & beyond) !== 0n) {
      throw invalidFieldError(`do_view_change: bitset bits set past the ${n}-entry suffix`);
    }
  }
}

/** `StartViewHeader`: The crate's rules, in order. */
export function validateStartViewHeader(h: StartViewHeader): void {
  checkCommand(h, Command.StartView);
  if (h.release !== 0) throw invalidFieldError("release must be 0");
  if (h.commit > h.op) throw invalidFieldError("commit cannot exceed op");
  h.suffixLen();
}

/** `RequestStartViewHeader`: Command, release 0. */
export function validateRequestStartViewHeader(h: RequestStartViewHeader): void {
  checkCommand(h, Command.RequestStartView);
  if (h.release !== 0) throw invalidFieldError("release must be 0");
}

/** `RequestPreparesHeader`: Command, non-empty 1-based range. */
export function validateRequestPreparesHeader(h: RequestPreparesHeader): void {
  checkCommand(h, Command.RequestPrepares);
  if (h.fromOp === 0n || h.fromOp > h.toOp) {
    throw invalidFieldError("repair range must be non-empty and 1-based");
  }
}

/** `RepairRangeReplyHeader`: One of the two commands. */
export function validateRepairRangeReplyHeader(h: RepairRangeReplyHeader): void {
  if (h.command !== Command.RepairDone && h.command !== Command.RangeEvicted) {
    throw invalidCommandError(Command.RepairDone, h.command);
  }
}

/** `RequestStateTransferHeader`: Command, size 256. */
export function validateRequestStateTransferHeader(h: RequestStateTransferHeader): void {
  checkCommand(h, Command.RequestStateTransfer);
  checkHeaderOnly(h);
}

/** `StateTransferTargetHeader`: The crate's rules, in order. */
export function validateStateTransferTargetHeader(h: StateTransferTargetHeader): void {
  checkCommand(h, Command.StateTransferTarget);
  if (h.available > 1) throw invalidFieldError("available must be 0 or 1");
  if (h.unavailableTransient > 1) throw invalidFieldError("unavailable_transient must be 0 or 1");
  if (h.available === 1 && h.unavailableTransient === 1) {
    throw invalidFieldError("unavailable_transient must be 0 on an available offer");
  }
  if (h.available === 0 && h.size !== HEADER_SIZE) {
    throw invalidFieldError("unavailable descriptor must be header-only");
  }
}

/** `RequestStateChunkHeader`: Command, non-zero length, size 256. */
export function validateRequestStateChunkHeader(h: RequestStateChunkHeader): void {
  checkCommand(h, Command.RequestStateChunk);
  if (h.len === 0) throw invalidFieldError("chunk len must be non-zero");
  checkHeaderOnly(h);
}

/** `StateChunkHeader`: Command, size ≥ 256. */
export function validateStateChunkHeader(h: StateChunkHeader): void {
  checkCommand(h, Command.StateChunk);
  if (h.size < HEADER_SIZE) throw invalidFieldError("state chunk size below header size");
}

/** `ForwardRegisterHeader`: The crate's rules, in order. */
export function validateForwardRegisterHeader(h: ForwardRegisterHeader): void {
  checkCommand(h, Command.ForwardRegister);
  const expected = HEADER_SIZE + REGISTER_REQUEST_BYTES;
  if (h.size !== expected) throw invalidSizeError(expected, h.size);
  // The crate checks the register frame's own size above and hands the shared rules the
  // header size, so their size check always passes here.
  validateForwardFrame(h, HEADER_SIZE, h.client, h.nonce, 164, 92);
}

/** `ForwardRegisterResultHeader`: The crate's rules, in order. */
export function validateForwardRegisterResultHeader(h: ForwardRegisterResultHeader): void {
  checkCommand(h, Command.ForwardRegisterResult);
  validateForwardFrame(h, h.size, h.client, h.nonce, 176, 79);
  if (h.outcome !== ForwardRegisterOutcome.Ok && (h.epoch !== 0n || h.watermark !== 0n)) {
    throw invalidFieldError("forward register result bind must be zero on failure");
  }
}

/** `ForwardLogoutHeader`: The crate's rules, in order. */
export function validateForwardLogoutHeader(h: ForwardLogoutHeader): void {
  checkCommand(h, Command.ForwardLogout);
  validateForwardFrame(h, h.size, h.client, h.nonce, 176, 80);
  if (h.session === 0n) throw invalidFieldError("forward logout session must be non-zero");
  if (h.request === 0n) throw invalidFieldError("forward logout request must be non-zero");
}

/** `ForwardLogoutResultHeader`: The crate's rules, in order. */
export function validateForwardLogoutResultHeader(h: ForwardLogoutResultHeader): void {
  checkCommand(h, Command.ForwardLogoutResult);
  validateForwardFrame(h, h.size, h.client, h.nonce, 168, 87);
  if (h.outcome !== ForwardLogoutOutcome.Ok && h.commit !== 0n) {
    throw invalidFieldError("forward logout result commit must be zero on failure");
  }
}

/** `ForwardCompletionHeader`: The crate's rules, in order. */
export function validateForwardCompletionHeader(h: ForwardCompletionHeader): void {
  checkCommand(h, Command.ForwardCompletion);
  const body = Math.max(0, h.size - HEADER_SIZE);
  let fits: boolean;
  if (h.operation === Operation.CompleteLifecycle) {
    const completions = body - LIFECYCLE_BATCH_HEADER_SIZE;
    const n = completions / LIFECYCLE_COMPLETION_SIZE;
    fits = completions >= 0 && completions % LIFECYCLE_COMPLETION_SIZE === 0 && n >= 1 &&
      n <= LIFECYCLE_COMPLETIONS_MAX;
  } else if (h.operation === Operation.CompleteConsumerGroupRevocation) {
    fits = body === REVOCATION_BODY_SIZE;
  } else {
    throw invalidFieldError("forward completion operation must be a partition completion");
  }
  if (!fits) throw invalidFieldError("forward completion body must have the size of its operation");
  if (h.operation === Operation.CompleteConsumerGroupRevocation && h.reporter !== 0) {
    throw invalidFieldError("a forward revocation names no reporter");
  }
  if (h.release !== 0) throw invalidFieldError("forward completion release must be zero");
  if (!allZero(h.bytes, 62, 66) || !allZero(h.bytes, 131, 125)) {
    throw invalidFieldError("forward completion reserved bytes must be zero");
  }
}

/** `ConsumerSessionHeartbeatHeader`: The crate's rules, in order. */
export function validateConsumerSessionHeartbeatHeader(h: ConsumerSessionHeartbeatHeader): void {
  if (!isHeartbeatCommand(h.command)) {
    throw invalidCommandError(Command.ConsumerSessionHeartbeat, h.command);
  }
  const body = Math.max(0, h.size - HEADER_SIZE);
  if (h.size < HEADER_SIZE) {
    throw invalidFieldError("consumer session heartbeat size is smaller than its header");
  }
  if (body > MAX_CONSUMER_SESSIONS_PER_HEARTBEAT * CONSUMER_SESSION_ENCODED_SIZE) {
    throw invalidFieldError("consumer session heartbeat exceeds the batch limit");
  }
  if (body % CONSUMER_SESSION_ENCODED_SIZE !== 0) {
    throw invalidFieldError("consumer session heartbeat contains a truncated session");
  }
  if (h.incomplete > 1) {
    throw invalidFieldError("consumer session heartbeat incomplete flag must be 0 or 1");
  }
  if (h.release !== 0) throw invalidFieldError("consumer session heartbeat release must be zero");
  if (h.command === Command.ConsumerSessionHeartbeat && h.namespaceRevision !== 0n) {
    throw invalidFieldError("consumer session heartbeat namespace revision must be zero");
  }
  if (!allZero(h.bytes, 62, 66) || !allZero(h.bytes, 129, 119)) {
    throw invalidFieldError("consumer session heartbeat reserved bytes must be zero");
  }
}

/** `PrimaryRebalanceHeader`: The crate's rules, in order. */
export function validatePrimaryRebalanceHeader(h: PrimaryRebalanceHeader): void {
  checkCommand(h, Command.PrimaryRebalance);
  checkHeaderOnly(h);
  if (h.checksumBody !== 0n || h.release !== 0) {
    throw invalidFieldError("primary rebalance body checksum and release must be zero");
  }
  if (!allZero(h.bytes, 62, 66) || !allZero(h.bytes, 183, 73)) {
    throw invalidFieldError("primary rebalance reserved bytes must be zero");
  }
  if (h.nonce === 0n) throw invalidFieldError("primary rebalance nonce must be nonzero");
  const K = PrimaryRebalanceKind;
  const kind = h.kind;
  const probeOrGrant = kind === K.MetadataProbe || kind === K.PartitionProbe || kind === K.SourceProbe ||
    kind === K.PrimaryTransfer;
  if (h.ready > 1 || (h.ready !== 0 && probeOrGrant)) {
    throw invalidFieldError("primary rebalance probes and grants cannot be ready; replies require 0 or 1");
  }
  if (kind !== K.PrimaryTransfer && h.target !== 0) {
    throw invalidFieldError("only a primary rebalance grant names a target");
  }
  if (kind !== K.MetadataProbe && h.quorumAgeNs !== NO_QUORUM_EVIDENCE) {
    throw invalidFieldError("only a metadata probe can advertise quorum evidence");
  }
  if (kind === K.MetadataReply && h.commit !== 0n) {
    throw invalidFieldError("metadata reply cannot advertise a commit");
  }
  if (kind === K.MetadataProbe || kind === K.MetadataReply) {
    if (h.namespace !== 0n || h.createdRevision !== 0n || h.partitionView !== 0) {
      throw invalidFieldError("primary rebalance metadata exchange cannot carry partition fields");
    }
  } else if (h.createdRevision === 0n) {
    throw invalidFieldError("primary rebalance partition revision must be nonzero");
  }
}

/** `SegmentDeleteHeader`: The crate's rules, in order. */
export function validateSegmentDeleteHeader(h: SegmentDeleteHeader): void {
  checkCommand(h, Command.SegmentDelete);
  checkHeaderOnly(h);
  if (
    h.checksumBody !== 0n || h.release !== 0 || !allZero(h.bytes, 62, 66) ||
    !allZero(h.bytes, 181, 75)
  ) {
    throw invalidFieldError("segment delete body checksum, release and reserved bytes must be zero");
  }
  if (h.nonce === 0n || h.createdRevision === 0n) {
    throw invalidFieldError("segment delete nonce and revision must be nonzero");
  }
  if (h.kind !== SegmentDeleteKind.Resolved && h.upToOffset !== 0n) {
    throw invalidFieldError("only a resolved segment delete can carry an offset");
  }
}
