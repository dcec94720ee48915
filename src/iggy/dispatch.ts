/**
 * Body-only codecs picked by command code or by operation: the request and response payloads
 * of every command (`decodeRequestBody(code, bytes)`, …), the bodies replicated operations
 * carry, and the registry behind them. Whole messages (frame header + body) are
 * `src/iggy/api.ts`; the table of codes, names and operations is `src/iggy/command_table.ts`.
 *
 * Each command area lists its codecs in `src/iggy/commands/<area>.ts` (a `CommandCodecs[]`,
 * and an `OperationCodec[]` for bodies that travel by operation only); the registry below
 * imports each list with one line.
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
  encodePayloadInto,
  type OperationCodec,
  type PayloadCodec,
} from "./codec.ts";
import { CommandCode, type CommandCodeValue } from "./command_codes.ts";
import { lookupByOperation, lookupCommand } from "./command_table.ts";

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

/**
 * The request body type of command code `C` (`RequestOf<typeof CommandCode.CreateStream>`);
 * `unknown` for a code not known at compile time (as Kafka's `RequestOf<K>`).
 */
export type RequestOf<C extends number> = C extends CommandCodeValue
  ? PayloadValue<Extract<AnyCommandCodecs, { code: C }>["request"]>
  : unknown;
/** The (successful) response body type of command code `C`; `unknown` for a plain `number`. */
export type ResponseOf<C extends number> = C extends CommandCodeValue
  ? PayloadValue<Extract<AnyCommandCodecs, { code: C }>["response"]>
  : unknown;

/**
 * A request body of any command, discriminated by `code` (what
 * {@linkcode decodeAnyRequestBody} returns).
 */
export type AnyRequestBody = {
  [C in CommandCodeValue]: { readonly code: C; readonly body: RequestOf<C> };
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
      if (lookupCommand(c.code) === undefined) {
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
 * import { CommandCode, commandCodecs } from "@streamwire/codec/iggy";
 * console.log(commandCodecs(CommandCode.Ping).request.name); // Ping
 * ```
 */
export function commandCodecs(code: number): CommandCodecs {
  const c = codecRegistry().codecs.get(code);
  if (c) return c;
  throw lookupCommand(code) !== undefined
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
 * Decodes the request body (payload) of command `code`, trailing bytes as the crate treats
 * them. With a literal code (a {@linkcode CommandCode} member) the result has that command's
 * request type; with a plain `number` it is `unknown`. The whole frame is
 * `decodeRequest(bytes)`.
 *
 * @example
 * ```ts
 * import { CommandCode, decodeRequestBody } from "@streamwire/codec/iggy";
 * const req = decodeRequestBody(CommandCode.CreateStream, new Uint8Array([1, 0x61]));
 * console.log(req.name); // a
 * ```
 */
export function decodeRequestBody<C extends number>(
  code: C,
  body: Uint8Array,
  options?: DecodePayloadOptions,
): RequestOf<C> {
  return decodePayload(commandCodecs(code).request, body, options);
}

/**
 * Decodes a request body into {@linkcode AnyRequestBody}: `{ code, body }`, narrowed by
 * checking `code`.
 *
 * @example
 * ```ts
 * import { CommandCode, decodeAnyRequestBody } from "@streamwire/codec/iggy";
 * const r = decodeAnyRequestBody(202, new Uint8Array([1, 0x61]));
 * if (r.code === CommandCode.CreateStream) console.log(r.body.name); // a
 * ```
 */
export function decodeAnyRequestBody(
  code: number,
  body: Uint8Array,
  options?: DecodePayloadOptions,
): AnyRequestBody {
  return { code, body: decodePayload(commandCodecs(code).request, body, options) } as AnyRequestBody;
}

/**
 * Encodes `body` as the request payload of command `code` (typed for a literal command code).
 * The whole frame is `encodeRequest(code, header, body)`.
 *
 * @example
 * ```ts
 * import { CommandCode, encodeRequestBody } from "@streamwire/codec/iggy";
 * const payload = encodeRequestBody(CommandCode.CreateStream, { name: "orders", options: new Uint8Array() });
 * console.log(payload.length); // 7
 * ```
 */
export function encodeRequestBody<C extends number>(code: C, body: RequestOf<C>): Uint8Array {
  return encodePayload(commandCodecs(code).request, body);
}

/**
 * Decodes the (successful) response body of command `code` (typed for a literal command code).
 *
 * @example
 * ```ts
 * import { CommandCode, decodeResponseBody } from "@streamwire/codec/iggy";
 * console.log(decodeResponseBody(CommandCode.Ping, new Uint8Array())); // {}
 * ```
 */
export function decodeResponseBody<C extends number>(
  code: C,
  body: Uint8Array,
  options?: DecodePayloadOptions,
): ResponseOf<C> {
  return decodePayload(commandCodecs(code).response, body, options);
}

/**
 * Commands whose "not found" answer from released servers (and the SDKs that read them) is a
 * success status with an empty payload rather than an error status.
 *
 * @example
 * ```ts
 * import { CommandCode, EMPTY_MEANS_NOT_FOUND_CODES } from "@streamwire/codec/iggy";
 * console.log(EMPTY_MEANS_NOT_FOUND_CODES.includes(CommandCode.GetStream)); // true
 * ```
 */
export const EMPTY_MEANS_NOT_FOUND_CODES: readonly CommandCodeValue[] = /* @__PURE__ */ Object.freeze([
  CommandCode.GetUser,
  CommandCode.GetClient,
  CommandCode.GetConsumerOffset,
  CommandCode.GetStream,
  CommandCode.GetTopic,
  CommandCode.GetConsumerGroup,
]);

/**
 * {@linkcode decodeResponseBody}, except that an empty body of a command in
 * {@linkcode EMPTY_MEANS_NOT_FOUND_CODES} is `null` (not found) instead of `TRUNCATED`. The crate
 * has no such rule — its decoders reject the empty payload — but servers send it.
 *
 * @example
 * ```ts
 * import { CommandCode, decodeResponseBodyOrNull } from "@streamwire/codec/iggy";
 * const stream = decodeResponseBodyOrNull(CommandCode.GetStream, new Uint8Array());
 * console.log(stream === null ? "not found" : stream.stream.name); // not found
 * ```
 */
export function decodeResponseBodyOrNull<C extends number>(
  code: C,
  body: Uint8Array,
  options?: DecodePayloadOptions,
): ResponseOf<C> | null {
  if (body.length === 0 && (EMPTY_MEANS_NOT_FOUND_CODES as readonly number[]).includes(code)) return null;
  return decodeResponseBody(code, body, options);
}

/**
 * Encodes `body` as the (successful) response payload of command `code` (typed for a literal
 * command code). The whole frame is `encodeResponse(code, header, body)`.
 *
 * @example
 * ```ts
 * import { CommandCode, decodeResponseBody, encodeResponseBody } from "@streamwire/codec/iggy";
 * const bytes = encodeResponseBody(CommandCode.Ping, {});
 * console.log(bytes.length, decodeResponseBody(CommandCode.Ping, bytes)); // 0 {}
 * ```
 */
export function encodeResponseBody<C extends number>(code: C, body: ResponseOf<C>): Uint8Array {
  return encodePayload(commandCodecs(code).response, body);
}

/**
 * Appends the request body of `code` to `w` (building frames without a copy).
 *
 * @example
 * ```ts
 * import { CommandCode, Writer, writeRequestBody, writeRequestHeader } from "@streamwire/codec/iggy";
 * const w = new Writer();
 * writeRequestHeader(w, CommandCode.Ping, 7n, 0); // request id 7, empty payload
 * writeRequestBody(w, CommandCode.Ping, {});
 * console.log(w.finish().length); // 16
 * ```
 */
export function writeRequestBody<C extends number>(w: Writer, code: C, body: RequestOf<C>): void {
  encodePayloadInto(commandCodecs(code).request as PayloadCodec<unknown>, w, body);
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
  const m = lookupByOperation(operation);
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
 * import { CommandCode, encodeOperationBody, encodeRequestBody, Operation } from "@streamwire/codec/iggy";
 * // A replicated CreateStream carries its request payload as the operation body:
 * const stream = { name: "orders", options: new Uint8Array() };
 * const body = encodeOperationBody(Operation.CreateStream, stream);
 * console.log(body.length === encodeRequestBody(CommandCode.CreateStream, stream).length); // true
 * ```
 */
export function encodeOperationBody(operation: number, value: unknown): Uint8Array {
  return encodePayload(operationBodyCodec(operation), value);
}
