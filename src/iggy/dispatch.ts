/**
 * The command table of `iggy_binary_protocol` 0.11.1-edge.3 as data — every command code with
 * its name, its VSR operation (replicated commands) — and generic entry points that decode and
 * encode a payload by command code.
 *
 * Each command area lists its codecs in `src/iggy/commands/<area>.ts` (a `CommandCodecs[]`,
 * and an `OperationCodec[]` for bodies that travel by operation only); the registry below
 * imports each list with one line.
 *
 * Retired codes are never reused (released clients still send them) and are unknown here,
 * as in the crate: 14 (consumer-session attach), 35 (UpdateUser), 102 (FlushUnsavedBuffer),
 * 103 (GetPollRouting), 104 (PollMessagesOnPrimary), 123 (GetConsumerOffsetRouting),
 * 124 (DeleteConsumerOffset2), 204 (UpdateStream), 205 (PurgeStream), 304 (UpdateTopic),
 * 305 (PurgeTopic). Updates now go through the generic `UpdateResource` (16).
 *
 * @module
 */

import { WireError } from "../wire/error.ts";
import type { Writer } from "../wire/writer.ts";
import {
  type CommandCodecs,
  decodePayload,
  type DecodePayloadOptions,
  encodePayload,
  type OperationCodec,
  type PayloadCodec,
} from "./codec.ts";
import { Operation } from "./consensus/operation.ts";
import { CommandCode, type CommandCodeValue } from "./command_codes.ts";

// Command areas: one import line each, and the list(s) in AREA_COMMANDS / AREA_OPERATIONS.
import { systemCommands, systemOperations } from "./commands/system.ts";
import { streamCommands, streamOperations } from "./commands/streams.ts";
import { topicCommands, topicOperations } from "./commands/topics.ts";
import { metadataChangesCommands } from "./commands/metadata_changes.ts";
import { messageCommands } from "./commands/messages.ts";
import { userCommands, userOperations } from "./commands/users.ts";
import { personalAccessTokenCommands } from "./commands/personal_access_tokens.ts";
import { partitionCommands, partitionOperations } from "./commands/partitions.ts";
import { segmentCommands } from "./commands/segments.ts";
import { consumerGroupCommands } from "./commands/consumer_groups.ts";
import { consumerOffsetCommands } from "./commands/consumer_offsets.ts";
import { clientCommands } from "./commands/clients.ts";

/** Every command's codec entry, with its literal code and its codecs' value types. */
export type AnyCommandCodecs =
  | (typeof systemCommands)[number]
  | (typeof streamCommands)[number]
  | (typeof topicCommands)[number]
  | (typeof metadataChangesCommands)[number]
  | (typeof messageCommands)[number]
  | (typeof userCommands)[number]
  | (typeof personalAccessTokenCommands)[number]
  | (typeof partitionCommands)[number]
  | (typeof segmentCommands)[number]
  | (typeof consumerGroupCommands)[number]
  | (typeof consumerOffsetCommands)[number]
  | (typeof clientCommands)[number];

/** The value type a payload codec reads and writes. */
export type PayloadValue<C> = C extends PayloadCodec<infer T> ? T : never;

/** The decoded request type of command code `C` (`RequestOf<typeof CommandCode.CreateStream>`). */
export type RequestOf<C extends CommandCodeValue> = PayloadValue<
  Extract<AnyCommandCodecs, { code: C }>["request"]
>;
/** The decoded (successful) response type of command code `C`. */
export type ResponseOf<C extends CommandCodeValue> = PayloadValue<
  Extract<AnyCommandCodecs, { code: C }>["response"]
>;

/** What {@linkcode decodeRequest} returns for `code`: the request type for a literal command code, else `unknown`. */
export type DecodedRequest<C extends number> = C extends CommandCodeValue ? RequestOf<C> : unknown;
/** What {@linkcode decodeResponse} returns for `code`: the response type for a literal command code, else `unknown`. */
export type DecodedResponse<C extends number> = C extends CommandCodeValue ? ResponseOf<C> : unknown;

/**
 * A decoded request of any command, discriminated by `code` (as Kafka's decoded requests are by
 * `apiKey`).
 */
export type AnyRequest = {
  [C in CommandCodeValue]: { readonly code: C; readonly value: RequestOf<C> };
}[CommandCodeValue];

const AREA_COMMANDS: readonly (readonly CommandCodecs[])[] = [
  systemCommands,
  streamCommands,
  topicCommands,
  metadataChangesCommands,
  messageCommands,
  userCommands,
  personalAccessTokenCommands,
  partitionCommands,
  segmentCommands,
  consumerGroupCommands,
  consumerOffsetCommands,
  clientCommands,
];

const AREA_OPERATIONS: readonly (readonly OperationCodec[])[] = [
  systemOperations,
  streamOperations,
  topicOperations,
  userOperations,
  partitionOperations,
];

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

function entry(code: number, name: string, operation?: number): CommandMeta {
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

/** Codes retired in `codes.rs`; they are unknown commands and must never be reused. */
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

const BY_CODE = /* @__PURE__ */ new Map<number, CommandMeta>(COMMAND_TABLE.map((m) => [m.code, m]));
const BY_OPERATION = /* @__PURE__ */ new Map<number, CommandMeta>(
  COMMAND_TABLE.filter((m) => m.operation !== undefined).map((m) => [m.operation!, m]),
);

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
  return BY_CODE.get(code);
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
  return BY_OPERATION.get(operation);
}

/**
 * The dotted name of `code`; `UNKNOWN_COMMAND` for unknown and retired codes.
 *
 * @example
 * ```ts
 * import { commandCodeName } from "@streamwire/codec/iggy";
 * console.log(commandCodeName(202)); // stream.create
 * ```
 */
export function commandName(code: number): string {
  const m = BY_CODE.get(code);
  if (!m) throw unknownCommand(code);
  return m.name;
}

function unknownCommand(code: number, detail = `unknown command code: ${code}`): WireError {
  return new WireError("UNKNOWN_COMMAND", { detail });
}

// ---------------------------------------------------------------------------------------------
// Codec registry.

interface Registry {
  codecs: Map<number, CommandCodecs>;
  operations: Map<number, OperationCodec>;
}
let registry: Registry | undefined;

/** The codecs by command code and by operation, built (and checked) on first use. */
function codecRegistry(): Registry {
  if (registry) return registry;
  const codecs = new Map<number, CommandCodecs>();
  for (const list of AREA_COMMANDS) {
    for (const c of list) {
      if (!BY_CODE.has(c.code)) {
        throw new Error(`codec registered for code ${c.code}, which is not in the command table`);
      }
      if (codecs.has(c.code)) throw new Error(`two codecs registered for code ${c.code}`);
      codecs.set(c.code, c);
    }
  }
  const operations = new Map<number, OperationCodec>();
  for (const list of AREA_OPERATIONS) {
    for (const c of list) {
      if (operations.has(c.operation)) {
        throw new Error(`two codecs registered for operation ${c.operation}`);
      }
      operations.set(c.operation, c);
    }
  }
  registry = { codecs, operations };
  return registry;
}

/**
 * The request/response codecs of `code`; `UNKNOWN_COMMAND` for a code outside the table (or,
 * during development, a table code no area has registered yet).
 *
 * @example
 * ```ts
 * import { commandCodecs } from "@streamwire/codec/iggy";
 * console.log(commandCodecs(1).request.name); // Ping
 * ```
 */
export function commandCodecs(code: number): CommandCodecs {
  const c = codecRegistry().codecs.get(code);
  if (c) return c;
  throw BY_CODE.has(code)
    ? unknownCommand(code, `no codec registered for command code ${code}`)
    : unknownCommand(code);
}

/**
 * Every registered command's codecs (in registration order).
 *
 * @example
 * ```ts
 * import { registeredCommands } from "@streamwire/codec/iggy";
 * console.log(registeredCommands().length); // 49
 * ```
 */
export function registeredCommands(): CommandCodecs[] {
  return [...codecRegistry().codecs.values()];
}

/**
 * Decodes the request payload of command `code` (trailing bytes as the crate treats them). With a
 * literal code (a {@linkcode CommandCode} member) the result has that command's request type;
 * with a plain `number` it is `unknown`.
 *
 * @example
 * ```ts
 * import { CommandCode, decodeRequest } from "@streamwire/codec/iggy";
 * const req = decodeRequest(CommandCode.CreateStream, new Uint8Array([1, 0x61]));
 * console.log(req.name); // a
 * ```
 */
export function decodeRequest<C extends number>(
  code: C,
  payload: Uint8Array,
  options?: DecodePayloadOptions,
): DecodedRequest<C> {
  return decodePayload(commandCodecs(code).request, payload, options);
}

/**
 * Decodes a request payload into {@linkcode AnyRequest}: `{ code, value }`, narrowed by
 * checking `code`.
 *
 * @example
 * ```ts
 * import { CommandCode, decodeAnyRequest } from "@streamwire/codec/iggy";
 * const r = decodeAnyRequest(202, new Uint8Array([1, 0x61]));
 * if (r.code === CommandCode.CreateStream) console.log(r.value.name); // a
 * ```
 */
export function decodeAnyRequest(
  code: number,
  payload: Uint8Array,
  options?: DecodePayloadOptions,
): AnyRequest {
  return { code, value: decodePayload(commandCodecs(code).request, payload, options) } as AnyRequest;
}

/**
 * Encodes `value` as the request payload of command `code` (typed for a literal command code).
 *
 * @example
 * ```ts
 * import { CommandCode, encodeRequest } from "@streamwire/codec/iggy";
 * const payload = encodeRequest(CommandCode.CreateStream, { name: "orders", options: new Uint8Array() });
 * console.log(payload.length); // 7
 * ```
 */
export function encodeRequest<C extends number>(code: C, value: DecodedRequest<C>): Uint8Array {
  return encodePayload(commandCodecs(code).request, value);
}

/**
 * Decodes the (successful) response payload of command `code` (typed for a literal command code).
 *
 * @example
 * ```ts
 * import { CommandCode, decodeResponse } from "@streamwire/codec/iggy";
 * console.log(decodeResponse(CommandCode.Ping, new Uint8Array())); // {}
 * ```
 */
export function decodeResponse<C extends number>(
  code: C,
  payload: Uint8Array,
  options?: DecodePayloadOptions,
): DecodedResponse<C> {
  return decodePayload(commandCodecs(code).response, payload, options);
}

/**
 * Commands whose "not found" answer from released servers (and the SDKs that read them) is a
 * success status with an empty payload rather than an error status: GetUser, GetClient,
 * GetConsumerOffset, GetStream, GetTopic, GetConsumerGroup.
 */
export const EMPTY_MEANS_NOT_FOUND_CODES: readonly number[] = /* @__PURE__ */ Object.freeze([
  31,
  21,
  120,
  200,
  300,
  600,
]);

/**
 * {@linkcode decodeResponse}, except that an empty payload of a command in
 * {@linkcode EMPTY_MEANS_NOT_FOUND_CODES} is `null` (not found) instead of `TRUNCATED`. The crate
 * has no such rule — its decoders reject the empty payload — but servers send it.
 *
 * @example
 * ```ts
 * import { decodeResponseOrNull } from "@streamwire/codec/iggy";
 * decodeResponseOrNull(200, new Uint8Array()); // null (stream not found)
 * ```
 */
export function decodeResponseOrNull(
  code: number,
  payload: Uint8Array,
  options?: DecodePayloadOptions,
): unknown {
  if (payload.length === 0 && EMPTY_MEANS_NOT_FOUND_CODES.includes(code)) return null;
  return decodeResponse(code, payload, options);
}

/**
 * Encodes `value` as the response payload of command `code`.
 *
 * @example
 * ```ts
 * import { decodeResponse, encodeResponse } from "@streamwire/codec/iggy";
 * const bytes = encodeResponse(1, {}); // Ping
 * console.log(bytes.length, decodeResponse(1, bytes)); // 0 {}
 * ```
 */
export function encodeResponse(code: number, value: unknown): Uint8Array {
  return encodePayload(commandCodecs(code).response, value);
}

/**
 * Appends the request payload of `code` to `w` (building frames without a copy).
 *
 * @example
 * ```ts
 * import { Writer, writeRequest, writeRequestHeader } from "@streamwire/codec/iggy";
 * const w = new Writer();
 * writeRequestHeader(w, 1, 7n, 0); // Ping, request id 7, empty payload
 * writeRequest(w, 1, {});
 * console.log(w.finish().length); // 16
 * ```
 */
export function writeRequest(w: Writer, code: number, value: unknown): void {
  const codec: PayloadCodec<unknown> = commandCodecs(code).request;
  w.ensure(codec.sizeOf(value));
  codec.encode(w, value);
}

/**
 * The codec of a body that travels by operation only (e.g. 72 `UpdateStreamResolved`), or of
 * a replicated command's request body; `UNKNOWN_DISCRIMINANT` when no codec is known.
 *
 * @example
 * ```ts
 * import { Operation, operationBodyCodec } from "@streamwire/codec/iggy";
 * console.log(operationBodyCodec(Operation.UpdateStreamResolved).name); // UpdateStreamResolved
 * ```
 */
export function operationBodyCodec(operation: number): PayloadCodec<unknown> {
  const internal = codecRegistry().operations.get(operation);
  if (internal) return internal.body;
  const m = BY_OPERATION.get(operation);
  const c = m && codecRegistry().codecs.get(m.code);
  if (c) return c.request;
  throw new WireError("UNKNOWN_DISCRIMINANT", { detail: `no body codec for operation ${operation}` });
}

/**
 * Decodes the body of a replicated operation (what a prepare carries).
 *
 * @example
 * ```ts
 * import { decodeOperationBody, Operation } from "@streamwire/codec/iggy";
 * decodeOperationBody(Operation.CreateStream, new Uint8Array([1, 0x61])); // { name: "a", options: ... }
 * ```
 */
export function decodeOperationBody(
  operation: number,
  body: Uint8Array,
  options?: DecodePayloadOptions,
): unknown {
  return decodePayload(operationBodyCodec(operation), body, options);
}

/**
 * Encodes the body of a replicated operation.
 *
 * @example
 * ```ts
 * import { encodeOperationBody, encodeRequest, Operation } from "@streamwire/codec/iggy";
 * // A replicated CreateStream carries its request payload as the operation body:
 * const body = encodeOperationBody(Operation.CreateStream, { name: "orders", options: new Uint8Array() });
 * console.log(body.length === encodeRequest(202, { name: "orders", options: new Uint8Array() }).length); // true
 * ```
 */
export function encodeOperationBody(operation: number, value: unknown): Uint8Array {
  return encodePayload(operationBodyCodec(operation), value);
}
