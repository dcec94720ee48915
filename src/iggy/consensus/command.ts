/**
 * The VSR `Command` discriminant: the byte at offset 60 of every consensus header that says
 * which header layout the 256 bytes follow.
 *
 * @module
 */

/**
 * Every command byte `iggy_binary_protocol` 0.11.1-edge.3 defines (0–34); any other byte makes
 * a header unreadable (`UNKNOWN_COMMAND`).
 *
 * @example
 * ```ts
 * import { Command } from "@streamwire/codec/iggy";
 * console.log(Command.Prepare); // 6
 * ```
 */
export const Command = {
  Reserved: 0,
  Ping: 1,
  Pong: 2,
  PingClient: 3,
  PongClient: 4,
  Request: 5,
  Prepare: 6,
  PrepareOk: 7,
  Reply: 8,
  Commit: 9,
  StartViewChange: 10,
  DoViewChange: 11,
  StartView: 12,
  Eviction: 13,
  ReplicaHello: 14,
  ReplicaChallenge: 15,
  ReplicaFinish: 16,
  RequestStartView: 17,
  RequestPrepares: 18,
  RepairPrepare: 19,
  RepairDone: 20,
  RangeEvicted: 21,
  RequestStateTransfer: 22,
  StateTransferTarget: 23,
  RequestStateChunk: 24,
  StateChunk: 25,
  ForwardRegister: 26,
  ForwardRegisterResult: 27,
  ForwardLogout: 28,
  ForwardLogoutResult: 29,
  ConsumerSessionHeartbeat: 30,
  SessionRetirementProgress: 31,
  ForwardCompletion: 32,
  PrimaryRebalance: 33,
  SegmentDelete: 34,
} as const;

/** A command byte value. */
export type Command = typeof Command[keyof typeof Command];

/** The highest command byte this build knows. */
export const COMMAND_MAX = 34;

const COMMAND_NAMES: readonly string[] = /* @__PURE__ */ Object.keys(Command);

/**
 * True for a byte the `Command` enum defines.
 *
 * @example
 * ```ts
 * import { isKnownCommand } from "@streamwire/codec/iggy";
 * console.log(isKnownCommand(34), isKnownCommand(35)); // true false
 * ```
 */
export function isKnownCommand(byte: number): byte is Command {
  return Number.isInteger(byte) && byte >= 0 && byte <= COMMAND_MAX;
}

/**
 * The crate's name of a command byte (`"PrepareOk"`), or `undefined` for an unknown byte.
 *
 * @example
 * ```ts
 * import { commandName } from "@streamwire/codec/iggy";
 * console.log(commandName(7)); // PrepareOk
 * ```
 */
export function commandName(byte: number): string | undefined {
  return isKnownCommand(byte) ? COMMAND_NAMES[byte] : undefined;
}
