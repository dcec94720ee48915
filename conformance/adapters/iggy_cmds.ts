/**
 * Adapters of the user, personal-access-token, partition, segment, consumer-group,
 * consumer-offset and client commands: each vector file's request and response groups run
 * against the codec of that direction.
 *
 * @module
 */

import {
  type CommandCodecs,
  decodePayload,
  encodePayload,
  type OperationCodec,
  type PayloadCodec,
} from "../../src/iggy/codec.ts";
import * as users from "../../src/iggy/commands/users.ts";
import * as pats from "../../src/iggy/commands/personal_access_tokens.ts";
import * as partitions from "../../src/iggy/commands/partitions.ts";
import * as segments from "../../src/iggy/commands/segments.ts";
import * as groups from "../../src/iggy/commands/consumer_groups.ts";
import * as offsets from "../../src/iggy/commands/consumer_offsets.ts";
import * as clients from "../../src/iggy/commands/clients.ts";
import { bytesOf, toJsonForm } from "../lib/json.ts";
import type { CaseContext, MessageAdapter, ProtocolAdapters } from "../lib/types.ts";

// deno-lint-ignore no-explicit-any
type AnyCodec = PayloadCodec<any>;

const COMMAND_LISTS: readonly (readonly CommandCodecs[])[] = [
  users.userCommands,
  pats.personalAccessTokenCommands,
  partitions.partitionCommands,
  segments.segmentCommands,
  groups.consumerGroupCommands,
  offsets.consumerOffsetCommands,
  clients.clientCommands,
];
const OPERATION_LISTS: readonly (readonly OperationCodec[])[] = [
  users.userOperations,
  partitions.partitionOperations,
];

/**
 * Request and response codec of each message whose vector file this area produces (the
 * response is absent for bodies that travel by operation only). GetMe's file belongs to the
 * system area.
 */
export const IGGY_CMD_CODECS: Record<string, { request: AnyCodec; response?: AnyCodec }> = Object.fromEntries(
  [
    ...COMMAND_LISTS.flat().filter((c) => c.name !== "GetMe").map((
      c,
    ) => [c.name, { request: c.request, response: c.response }]),
    ...OPERATION_LISTS.flat().map((o) => [o.name, { request: o.body }]),
  ],
);

/** JSON-form fields that are u64/u128 decimal strings in these messages. */
const BIG_FIELDS = new Set([
  "createdAt",
  "session",
  "expiry",
  "expiryAt",
  "offset",
  "currentOffset",
  "storedOffset",
  "generation",
  "incarnation",
  "groupId",
  "metadataOp",
  "nextGroupId",
  "liveGroupIds",
  "consensusGroupId",
  "clientId",
]);
/** JSON-form fields that are hex byte strings. */
const BYTES_FIELDS = new Set(["options", "derivedOptions", "explicitOptions", "bindSecret"]);

/**
 * JSON form → library value. Names collide across messages (`groupId` is an identifier object
 * in group requests and a u64 in InstallConsumerGroupOwner; `clientId` a u32 number in
 * GetClient and a u128 string in an owner), so only strings in those fields become bigints.
 */
export function reviveIggyCmd(v: unknown, key = ""): unknown {
  if (Array.isArray(v)) return v.map((x) => reviveIggyCmd(x, key));
  if (typeof v === "string") {
    if (BIG_FIELDS.has(key)) return BigInt(v);
    if (BYTES_FIELDS.has(key)) return bytesOf(v);
    return v;
  }
  if (v !== null && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = reviveIggyCmd(x, k);
    return out;
  }
  return v;
}

function codecFor(ctx: CaseContext): AnyCodec {
  const entry = IGGY_CMD_CODECS[ctx.file.message];
  const codec = ctx.group.direction === "response" ? entry.response : entry.request;
  if (!codec) throw new Error(`${ctx.file.message}: no ${ctx.group.direction} codec`);
  return codec;
}

const adapter: MessageAdapter = {
  decode: (bytes, ctx) => toJsonForm(decodePayload(codecFor(ctx), bytes)),
  encode: (value, ctx) => encodePayload(codecFor(ctx), reviveIggyCmd(value)),
};

/** One adapter per message of the area. */
export const iggyCmdAdapters: ProtocolAdapters = Object.fromEntries(
  Object.keys(IGGY_CMD_CODECS).map((m) => [m, adapter]),
);
