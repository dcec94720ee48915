/**
 * Dispatch on the command byte: read the generic view, pick the typed header the command
 * names, and run the typed parse.
 *
 * @module
 */

import { Command } from "./command.ts";
import { ConsensusHeaderView, decodeHeader, type HeaderClass } from "./header.ts";
import {
  CommitHeader,
  ConsumerSessionHeartbeatHeader,
  DoViewChangeHeader,
  EvictionHeader,
  ForwardCompletionHeader,
  ForwardLogoutHeader,
  ForwardLogoutResultHeader,
  ForwardRegisterHeader,
  ForwardRegisterResultHeader,
  GenericHeader,
  PrepareHeader,
  PrepareOkHeader,
  PrimaryRebalanceHeader,
  RepairPrepareHeader,
  RepairRangeReplyHeader,
  ReplyHeader,
  RequestHeader,
  RequestPreparesHeader,
  RequestStartViewHeader,
  RequestStateChunkHeader,
  RequestStateTransferHeader,
  RoutedRequestHeader,
  SegmentDeleteHeader,
  StartViewChangeHeader,
  StartViewHeader,
  StateChunkHeader,
  StateTransferTargetHeader,
} from "./headers.ts";

/** Every typed header a frame can be dispatched to. */
export type AnyConsensusHeader =
  | GenericHeader
  | RequestHeader
  | ReplyHeader
  | EvictionHeader
  | PrepareHeader
  | RepairPrepareHeader
  | PrepareOkHeader
  | CommitHeader
  | StartViewChangeHeader
  | DoViewChangeHeader
  | StartViewHeader
  | RequestStartViewHeader
  | RequestPreparesHeader
  | RepairRangeReplyHeader
  | RequestStateTransferHeader
  | StateTransferTargetHeader
  | RequestStateChunkHeader
  | StateChunkHeader
  | ForwardRegisterHeader
  | ForwardRegisterResultHeader
  | ForwardLogoutHeader
  | ForwardLogoutResultHeader
  | ForwardCompletionHeader
  | ConsumerSessionHeartbeatHeader
  | PrimaryRebalanceHeader
  | SegmentDeleteHeader;

/** Every header type the crate re-exports, by its crate name. */
export const HEADER_TYPES: Readonly<Record<string, HeaderClass>> = {
  GenericHeader,
  RequestHeader,
  RoutedRequestHeader,
  ReplyHeader,
  EvictionHeader,
  PrepareHeader,
  RepairPrepareHeader,
  PrepareOkHeader,
  CommitHeader,
  StartViewChangeHeader,
  DoViewChangeHeader,
  StartViewHeader,
  RequestStartViewHeader,
  RequestPreparesHeader,
  RepairRangeReplyHeader,
  RequestStateTransferHeader,
  StateTransferTargetHeader,
  RequestStateChunkHeader,
  StateChunkHeader,
  ForwardRegisterHeader,
  ForwardRegisterResultHeader,
  ForwardLogoutHeader,
  ForwardLogoutResultHeader,
  ForwardCompletionHeader,
  ConsumerSessionHeartbeatHeader,
  PrimaryRebalanceHeader,
  SegmentDeleteHeader,
};

const BY_COMMAND: readonly HeaderClass[] = /* @__PURE__ */ (() => {
  const t: HeaderClass[] = new Array(35).fill(GenericHeader);
  t[Command.Request] = RequestHeader;
  t[Command.Prepare] = PrepareHeader;
  t[Command.PrepareOk] = PrepareOkHeader;
  t[Command.Reply] = ReplyHeader;
  t[Command.Commit] = CommitHeader;
  t[Command.StartViewChange] = StartViewChangeHeader;
  t[Command.DoViewChange] = DoViewChangeHeader;
  t[Command.StartView] = StartViewHeader;
  t[Command.Eviction] = EvictionHeader;
  t[Command.RequestStartView] = RequestStartViewHeader;
  t[Command.RequestPrepares] = RequestPreparesHeader;
  t[Command.RepairPrepare] = RepairPrepareHeader;
  t[Command.RepairDone] = RepairRangeReplyHeader;
  t[Command.RangeEvicted] = RepairRangeReplyHeader;
  t[Command.RequestStateTransfer] = RequestStateTransferHeader;
  t[Command.StateTransferTarget] = StateTransferTargetHeader;
  t[Command.RequestStateChunk] = RequestStateChunkHeader;
  t[Command.StateChunk] = StateChunkHeader;
  t[Command.ForwardRegister] = ForwardRegisterHeader;
  t[Command.ForwardRegisterResult] = ForwardRegisterResultHeader;
  t[Command.ForwardLogout] = ForwardLogoutHeader;
  t[Command.ForwardLogoutResult] = ForwardLogoutResultHeader;
  t[Command.ConsumerSessionHeartbeat] = ConsumerSessionHeartbeatHeader;
  t[Command.SessionRetirementProgress] = ConsumerSessionHeartbeatHeader;
  t[Command.ForwardCompletion] = ForwardCompletionHeader;
  t[Command.PrimaryRebalance] = PrimaryRebalanceHeader;
  t[Command.SegmentDelete] = SegmentDeleteHeader;
  return t;
})();

/**
 * The header type a command byte is read as: `Request` → {@linkcode RequestHeader} (the
 * client-wire layout), `RepairDone`/`RangeEvicted` → {@linkcode RepairRangeReplyHeader},
 * `ConsumerSessionHeartbeat`/`SessionRetirementProgress` →
 * {@linkcode ConsumerSessionHeartbeatHeader}; commands without a typed layout in the crate
 * (ping/pong, replica auth) → {@linkcode GenericHeader}. `undefined` for an unknown byte.
 *
 * @example
 * ```ts
 * import { headerTypeForCommand, Command } from "@streamwire/codec/iggy";
 * console.log(headerTypeForCommand(Command.RangeEvicted)?.TYPE_NAME); // RepairRangeReplyHeader
 * ```
 */
export function headerTypeForCommand(command: number): HeaderClass | undefined {
  return BY_COMMAND[command];
}

/**
 * Reads a frame's header: the generic view first (the command byte), then the typed parse of
 * the header type its command names (see {@linkcode decodeHeader} for the order of checks).
 * The result is a view into `frame`; narrow it with `instanceof`.
 *
 * @example
 * ```ts
 * import { decodeConsensusHeader, CommitHeader } from "@streamwire/codec/iggy";
 * const h = decodeConsensusHeader(CommitHeader.create({ commit: 5n }).bytes);
 * if (h instanceof CommitHeader) console.log(h.commit); // 5n
 * ```
 */
export function decodeConsensusHeader(frame: Uint8Array): AnyConsensusHeader {
  const generic = decodeHeader(GenericHeader, frame);
  const type = BY_COMMAND[generic.command];
  if (type === GenericHeader) return generic;
  return decodeHeader(type, frame) as AnyConsensusHeader;
}

/**
 * True when `h` is a consensus header view.
 *
 * @example
 * ```ts
 * import { GenericHeader, isConsensusHeader } from "@streamwire/codec/iggy";
 * console.log(isConsensusHeader(GenericHeader.decode(new Uint8Array(256))), isConsensusHeader({})); // true false
 * ```
 */
export function isConsensusHeader(h: unknown): h is ConsensusHeaderView {
  return h instanceof ConsensusHeaderView;
}
