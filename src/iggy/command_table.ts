/**
 * The command table of `iggy_binary_protocol` 0.11.1-edge.3 as data: every command code with
 * its dotted name and, for a replicated command, its VSR operation. It is the only place that
 * pairs a command code with an operation; every code ↔ operation lookup (here and in
 * `./iggy/consensus`) is derived from it, on first use.
 *
 * This module imports only the two name tables ({@linkcode CommandCode} and
 * {@linkcode Operation}), so the consensus layer can use it without loading any codec.
 *
 * Retired codes are never reused (released clients still send them) and are unknown here, as
 * in the crate: 14 (consumer-session attach), 35 (UpdateUser), 102 (FlushUnsavedBuffer), 103
 * (GetPollRouting), 104 (PollMessagesOnPrimary), 123 (GetConsumerOffsetRouting), 124
 * (DeleteConsumerOffset2), 204 (UpdateStream), 205 (PurgeStream), 304 (UpdateTopic), 305
 * (PurgeTopic). Updates now go through the generic `UpdateResource` (16).
 *
 * @module
 */

import { CommandCode, type CommandCodeValue } from "./command_codes.ts";
import { Operation } from "./consensus/operation.ts";

/** One entry of the command table. */
export interface CommandMeta {
  /** The command code. */
  readonly code: number;
  /** The crate's dotted name, e.g. `"stream.create"`. */
  readonly name: string;
  /** The VSR operation byte of a replicated command; `undefined` for non-replicated ones. */
  readonly operation: number | undefined;
  /** True when the command goes through consensus. */
  readonly replicated: boolean;
}

function entry(code: CommandCodeValue, name: string, operation?: Operation): CommandMeta {
  return Object.freeze({ code, name, operation, replicated: operation !== undefined });
}

/**
 * Every command, in the crate's table order (which is not sorted by code).
 *
 * @example
 * ```ts
 * import { COMMAND_TABLE } from "@streamwire/codec/iggy";
 * console.log(COMMAND_TABLE.length); // 49
 * ```
 */
export const COMMAND_TABLE: readonly CommandMeta[] = /* @__PURE__ */ Object.freeze([
  entry(CommandCode.Ping, "ping"),
  entry(CommandCode.GetStats, "stats"),
  entry(CommandCode.GetSnapshot, "snapshot"),
  entry(CommandCode.GetClusterMetadata, "cluster.metadata"),
  entry(CommandCode.GetMe, "me"),
  entry(CommandCode.GetClient, "client.get"),
  entry(CommandCode.GetClients, "client.list"),
  entry(CommandCode.GetUser, "user.get"),
  entry(CommandCode.GetUsers, "user.list"),
  entry(CommandCode.CreateUser, "user.create", Operation.CreateUser),
  entry(CommandCode.DeleteUser, "user.delete", Operation.DeleteUser),
  entry(CommandCode.UpdatePermissions, "user.permissions", Operation.UpdatePermissions),
  entry(CommandCode.ChangePassword, "user.password", Operation.ChangePassword),
  entry(CommandCode.LoginUser, "user.login"),
  entry(CommandCode.LogoutUser, "user.logout"),
  entry(CommandCode.LoginRegister, "user.login_register"),
  entry(CommandCode.GetPersonalAccessTokens, "personal_access_token.list"),
  entry(
    CommandCode.CreatePersonalAccessToken,
    "personal_access_token.create",
    Operation.CreatePersonalAccessToken,
  ),
  entry(
    CommandCode.DeletePersonalAccessToken,
    "personal_access_token.delete",
    Operation.DeletePersonalAccessToken,
  ),
  entry(CommandCode.LoginWithPersonalAccessToken, "personal_access_token.login"),
  entry(CommandCode.PollMessages, "message.poll"),
  entry(CommandCode.SendMessages, "message.send", Operation.SendMessages),
  entry(CommandCode.GetConsumerOffset, "consumer_offset.get"),
  entry(CommandCode.StoreConsumerOffset, "consumer_offset.store", Operation.StoreConsumerOffset),
  entry(CommandCode.DeleteConsumerOffset, "consumer_offset.delete", Operation.DeleteConsumerOffset),
  entry(CommandCode.GetStream, "stream.get"),
  entry(CommandCode.GetStreams, "stream.list"),
  entry(CommandCode.CreateStream, "stream.create", Operation.CreateStream),
  entry(CommandCode.DeleteStream, "stream.delete", Operation.DeleteStream),
  entry(CommandCode.GetTopic, "topic.get"),
  entry(CommandCode.GetTopics, "topic.list"),
  entry(CommandCode.CreateTopic, "topic.create", Operation.CreateTopic),
  entry(CommandCode.DeleteTopic, "topic.delete", Operation.DeleteTopic),
  entry(CommandCode.CreatePartitions, "partition.create", Operation.CreatePartitions),
  entry(CommandCode.DeletePartitions, "partition.delete", Operation.DeletePartitions),
  entry(CommandCode.DeleteSegments, "segment.delete", Operation.DeleteSegments),
  entry(CommandCode.GetConsumerGroup, "consumer_group.get"),
  entry(CommandCode.GetConsumerGroups, "consumer_group.list"),
  entry(CommandCode.CreateConsumerGroup, "consumer_group.create", Operation.CreateConsumerGroup),
  entry(CommandCode.DeleteConsumerGroup, "consumer_group.delete", Operation.DeleteConsumerGroup),
  entry(CommandCode.JoinConsumerGroup, "consumer_group.join", Operation.JoinConsumerGroup),
  entry(CommandCode.LeaveConsumerGroup, "consumer_group.leave", Operation.LeaveConsumerGroup),
  entry(CommandCode.SyncConsumerGroup, "consumer_group.sync"),
  entry(CommandCode.LoginRegisterWithPat, "user.login_register_with_pat"),
  entry(CommandCode.DescribeOptions, "options.describe"),
  entry(CommandCode.BindSession, "session.bind"),
  entry(CommandCode.GetPartitionRoute, "partition.route"),
  entry(CommandCode.UpdateResource, "resource.update", Operation.UpdateResource),
  entry(CommandCode.GetMetadataChanges, "metadata.changes"),
]);

/**
 * Codes retired in `codes.rs`; they are unknown commands and must never be reused.
 *
 * @example
 * ```ts
 * import { lookupCommand, RETIRED_COMMAND_CODES } from "@streamwire/codec/iggy";
 * console.log(RETIRED_COMMAND_CODES.includes(204), lookupCommand(204)); // true undefined
 * ```
 */
export const RETIRED_COMMAND_CODES: readonly number[] = /* @__PURE__ */ Object.freeze([
  14,
  35,
  102,
  103,
  104,
  123,
  124,
  204,
  205,
  304,
  305,
]);

/**
 * The commands a client sends under a VSR-reserved operation instead of `NonReplicated`: the
 * two login-register commands travel as `Register` (the body tells password from token), and
 * `LogoutUser` as `Logout`. The first entry of an operation is the code a request header with
 * that operation is read as.
 */
const SESSION_OPERATIONS: readonly (readonly [CommandCodeValue, Operation])[] = [
  [CommandCode.LoginRegister, Operation.Register],
  [CommandCode.LoginRegisterWithPat, Operation.Register],
  [CommandCode.LogoutUser, Operation.Logout],
];

interface Index {
  byCode: Map<number, CommandMeta>;
  byOperation: Map<number, CommandMeta>;
  /** The operation a client's request header carries for a code (absent: `NonReplicated`). */
  sentAs: Map<number, Operation>;
  /** The code a request header's operation names (absent: none, or `NonReplicated`). */
  codeOfOperation: Map<number, number>;
}
let index: Index | undefined;

/** The lookups, derived from {@linkcode COMMAND_TABLE} on first use. */
function tableIndex(): Index {
  if (index) return index;
  const byCode = new Map<number, CommandMeta>();
  const byOperation = new Map<number, CommandMeta>();
  const sentAs = new Map<number, Operation>();
  const codeOfOperation = new Map<number, number>();
  for (const m of COMMAND_TABLE) {
    byCode.set(m.code, m);
    if (m.operation !== undefined) {
      byOperation.set(m.operation, m);
      sentAs.set(m.code, m.operation as Operation);
      codeOfOperation.set(m.operation, m.code);
    }
  }
  for (const [code, op] of SESSION_OPERATIONS) {
    sentAs.set(code, op);
    if (!codeOfOperation.has(op)) codeOfOperation.set(op, code);
  }
  index = { byCode, byOperation, sentAs, codeOfOperation };
  return index;
}

/**
 * The table entry of `code`, or `undefined` for unknown and retired codes.
 *
 * @example
 * ```ts
 * import { lookupCommand } from "@streamwire/codec/iggy";
 * lookupCommand(202)?.name; // "stream.create"
 * lookupCommand(204);       // undefined (retired UpdateStream)
 * ```
 */
export function lookupCommand(code: number): CommandMeta | undefined {
  return tableIndex().byCode.get(code);
}

/**
 * The entry of the command a replicated operation carries, or `undefined` for operations no
 * client command maps to (VSR-reserved, internal and resolved operations).
 *
 * @example
 * ```ts
 * import { lookupByOperation, Operation } from "@streamwire/codec/iggy";
 * lookupByOperation(Operation.SendMessages)?.code; // 101
 * ```
 */
export function lookupByOperation(operation: number): CommandMeta | undefined {
  return tableIndex().byOperation.get(operation);
}

/**
 * The dotted name of command `code`, or `undefined` for unknown and retired codes (as
 * {@linkcode lookupCommand}; a name lookup is for display, so an unknown code is not an error —
 * decoding one is, with `UNKNOWN_COMMAND`).
 *
 * @example
 * ```ts
 * import { commandCodeName } from "@streamwire/codec/iggy";
 * console.log(commandCodeName(202), commandCodeName(204)); // stream.create undefined
 * ```
 */
export function commandCodeName(code: number): string | undefined {
  return tableIndex().byCode.get(code)?.name;
}

/**
 * The client command code of a replicated operation, or `undefined` (VSR-reserved and internal
 * operations have none).
 *
 * @example
 * ```ts
 * import { Operation, operationToCommandCode } from "@streamwire/codec/iggy";
 * console.log(operationToCommandCode(Operation.SendMessages)); // 101
 * ```
 */
export function operationToCommandCode(op: Operation): number | undefined {
  return tableIndex().byOperation.get(op)?.code;
}

/**
 * The operation a replicated command code maps to, or `undefined` for non-replicated codes.
 *
 * @example
 * ```ts
 * import { operationFromCommandCode } from "@streamwire/codec/iggy";
 * console.log(operationFromCommandCode(202)); // 128 (CreateStream)
 * ```
 */
export function operationFromCommandCode(code: number): Operation | undefined {
  return tableIndex().byCode.get(code)?.operation as Operation | undefined;
}

/**
 * The operation a client sends `code` as: `Register` for the login-register codes,
 * `Logout` for `LogoutUser`, the replicated operation where there is one, otherwise
 * `NonReplicated`.
 *
 * @example
 * ```ts
 * import { CommandCode, Operation, operationForCode } from "@streamwire/codec/iggy";
 * console.log(operationForCode(CommandCode.Ping) === Operation.NonReplicated); // true
 * console.log(operationForCode(CommandCode.LoginRegister) === Operation.Register); // true
 * ```
 */
export function operationForCode(code: number): Operation {
  return tableIndex().sentAs.get(code) ?? Operation.NonReplicated;
}

/**
 * The command code a request header names (the inverse of {@linkcode operationForCode}): the
 * code in `reserved` for `NonReplicated`, `LoginRegister` for `Register` (the body tells
 * password from token), `LogoutUser` for `Logout`, otherwise the operation's own command;
 * `undefined` for an operation no client command is sent as. (Used by the session layer; not
 * exported from the package.)
 */
export function requestCodeOf(operation: number, reserved: number): number | undefined {
  if (operation === Operation.NonReplicated) return reserved;
  return tableIndex().codeOfOperation.get(operation);
}
