/**
 * Adapters of the Iggy-core vectors: frames (`Frame`, with command bodies decoded through the
 * dispatch table), `ClientVersionInfo`, `ProtocolVersion`, `CommandTable`, and the system,
 * stream and topic commands.
 *
 * JSON → value conversion is guided by a template: the value streamwire decodes from the
 * test's own bytes. Its types (bigint, Uint8Array, number) say how each JSON field converts;
 * the encoder then runs on the converted JSON value, so encode tests check the encoder, not a
 * copy of the decoder's output.
 *
 * @module
 */

import { decodePayload, encodePayload, type PayloadCodec } from "../../src/iggy/codec.ts";
import { systemCommands, systemOperations } from "../../src/iggy/commands/system.ts";
import { streamCommands, streamOperations } from "../../src/iggy/commands/streams.ts";
import { topicCommands, topicOperations } from "../../src/iggy/commands/topics.ts";
import { metadataChangesCommands } from "../../src/iggy/commands/metadata_changes.ts";
import {
  decodeRequestBody,
  decodeResponseBody,
  encodeRequestBody,
  encodeResponseBody,
} from "../../src/iggy/dispatch.ts";
import { COMMAND_TABLE, lookupCommand } from "../../src/iggy/command_table.ts";
import { WireError } from "../../src/wire/error.ts";
import {
  decodeRequestFrame,
  decodeResponseFrame,
  encodeRequestFrame,
  encodeResponseFrame,
} from "../../src/iggy/framing.ts";
import {
  clientVersionInfo,
  formatProtocolVersion,
  isProtocolCompatible,
  packProtocolVersion,
  unpackProtocolVersion,
} from "../../src/iggy/version.ts";
import { identifier, wireName } from "../../src/iggy/primitives/identifier.ts";
import { consumer } from "../../src/iggy/primitives/consumer.ts";
import { partitioning } from "../../src/iggy/primitives/partitioning.ts";
import { ackLevel, pollingStrategy } from "../../src/iggy/primitives/polling_strategy.ts";
import { permissions } from "../../src/iggy/primitives/permissions.ts";
import {
  consumerGroupOwner,
  createdPartitionAssignment,
  partitionContext,
} from "../../src/iggy/primitives/partition.ts";
import { consumerSession } from "../../src/iggy/consensus/consumer_session.ts";
import {
  encodeUserHeaders,
  iterateUserHeaders,
  type UserHeaderEntry,
  userHeadersToEnd,
} from "../../src/iggy/primitives/user_headers.ts";
import { optionsToEnd } from "../../src/iggy/primitives/options.ts";
import { fromHex, toHex } from "../../src/wire/hex.ts";
import { Reader } from "../../src/wire/reader.ts";
import { Writer } from "../../src/wire/writer.ts";
import { type AnyJson, type DecimalString, float, type Hex, nanBitsOf, toJsonForm } from "../lib/json.ts";
import { withFloatBits } from "../../src/wire/float_bits.ts";
import type { CaseContext, MessageAdapter, ProtocolAdapters } from "../lib/types.ts";

// deno-lint-ignore no-explicit-any
type AnyCodec = PayloadCodec<any>;

/** Converts a JSON-form value to the library's types, shaped like `template`. */
export function fromJsonLike(json: unknown, template: unknown): unknown {
  if (json === null || json === undefined) return json;
  if (typeof template === "bigint") return BigInt(json as string);
  if (template instanceof Uint8Array) return fromHex(json as string);
  if (typeof template === "number") return typeof json === "number" ? json : float(json);
  if (Array.isArray(json)) {
    const t = Array.isArray(template) ? template : [];
    return json.map((x, i) => fromJsonLike(x, t[i] ?? t[0]));
  }
  if (typeof json === "object") {
    const t = (template ?? {}) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(json as Record<string, unknown>)) {
      out[k] = fromJsonLike(v, t[k]);
      const bits = nanBitsOf(v);
      if (bits !== undefined) withFloatBits(out, k, bits);
    }
    return out;
  }
  return json;
}

function testBytes(ctx: CaseContext): Uint8Array {
  if (ctx.test.hex === undefined) {
    throw new Error(`${ctx.test.name}: encode needs the test's bytes as a template`);
  }
  return fromHex(ctx.test.hex);
}

/** Request/response adapter over a pair of codecs. */
function codecAdapter(request: AnyCodec, response?: AnyCodec): MessageAdapter {
  const pick = (ctx: CaseContext): AnyCodec => {
    const c = ctx.group.direction === "response" ? response : request;
    if (!c) throw new Error(`no ${ctx.group.direction} codec`);
    return c;
  };
  return {
    decode: (bytes, ctx) => toJsonForm(decodePayload(pick(ctx), bytes)),
    encode(value, ctx) {
      const codec = pick(ctx);
      const template = decodePayload(codec, testBytes(ctx));
      return encodePayload(codec, fromJsonLike(value, template));
    },
  };
}

/**
 * A TLV block (user headers, options) as its pairs `{ entries: [{ keyKind, key, valueKind, value }] }`:
 * decode validates the block with `codec` and lists its pairs; encode writes the pairs and
 * validates the result the same way.
 */
function tlvBlockAdapter(codec: PayloadCodec<Uint8Array>): MessageAdapter {
  return {
    decode(bytes) {
      const block = decodePayload(codec, bytes);
      return toJsonForm({ entries: [...iterateUserHeaders(block)] });
    },
    encode(value) {
      const entries = (value as { entries: Record<string, unknown>[] }).entries.map((e): UserHeaderEntry => ({
        keyKind: e.keyKind as number,
        key: fromHex(e.key as string),
        valueKind: e.valueKind as number,
        value: fromHex(e.value as string),
      }));
      const w = new Writer();
      encodeUserHeaders(w, entries);
      return encodePayload(codec, w.finish());
    },
  };
}

const commandAdapters: ProtocolAdapters = {};
for (const c of [...systemCommands, ...streamCommands, ...topicCommands, ...metadataChangesCommands]) {
  commandAdapters[c.name] = codecAdapter(c.request, c.response);
}
for (const o of [...systemOperations, ...streamOperations, ...topicOperations]) {
  commandAdapters[o.name] = codecAdapter(o.body);
}
// Requests whose responses are client records (the client commands' codecs).
for (const name of ["GetMe"]) {
  const code = COMMAND_TABLE.find((m) => m.name === "me")!.code;
  commandAdapters[name] = {
    decode: (bytes, ctx) =>
      toJsonForm(
        ctx.group.direction === "response" ? decodeResponseBody(code, bytes) : decodeRequestBody(code, bytes),
      ),
    encode(value, ctx) {
      const template = ctx.group.direction === "response"
        ? decodeResponseBody(code, testBytes(ctx))
        : decodeRequestBody(code, testBytes(ctx));
      const v = fromJsonLike(value, template);
      return ctx.group.direction === "response" ? encodeResponseBody(code, v) : encodeRequestBody(code, v);
    },
  };
}

/** A request frame (`Frame` request groups). */
export interface RequestFrameJson {
  /** Command code. */
  code: number;
  /** Request id (u64). */
  requestId: DecimalString;
  /** The payload. */
  payload: Hex;
  /** With `options.commandCode`: the payload decoded as that command's request (its own schema). */
  body?: AnyJson;
}

/** A response frame (`Frame` response groups). */
export interface ResponseFrameJson {
  /** Status code. */
  status: number;
  /** Request id (u64). */
  requestId: DecimalString;
  /** The payload. */
  payload: Hex;
  /** With `options.commandCode`: the payload decoded as that command's response (its own schema). */
  body?: AnyJson;
}

/** Either frame, as the encoder reads it. */
interface FrameJson {
  code?: number;
  status?: number;
  requestId: string;
  payload: string;
  body?: unknown;
}

/** `ProtocolVersion` vectors: a packed u32 version, unpacked. */
export interface ProtocolVersionJson {
  /** Major. */
  major: number;
  /** Minor. */
  minor: number;
  /** Patch. */
  patch: number;
  /** `major.minor.patch`. */
  display: string;
  /** Whether this side accepts it. */
  compatible: boolean;
}

/** `CommandTable` vectors: the command table's row for a u32 code. */
export interface CommandTableJson {
  /** The code. */
  code: number;
  /** The command's name in the table. */
  name: string;
  /** The operation it maps to, or null. */
  operation: number | null;
  /** Whether it is replicated. */
  replicated: boolean;
  /** Its index in the table. */
  index: number;
}

/** A TLV block (user headers, options) as its pairs. */
export interface TlvBlockJson {
  /** The pairs, in order. */
  entries: UserHeaderEntry[];
}

const frameAdapter: MessageAdapter = {
  decode(bytes, ctx) {
    const code = ctx.test.options?.commandCode as number | undefined;
    if (ctx.group.direction === "response") {
      const { frame } = decodeResponseFrame(bytes);
      const out: ResponseFrameJson = {
        status: frame.status,
        requestId: String(frame.requestId),
        payload: toHex(frame.payload),
      };
      if (code !== undefined) out.body = toJsonForm(decodeResponseBody(code, frame.payload));
      return out;
    }
    const { frame } = decodeRequestFrame(bytes);
    const out: RequestFrameJson = {
      code: frame.code,
      requestId: String(frame.requestId),
      payload: toHex(frame.payload),
    };
    if (code !== undefined) out.body = toJsonForm(decodeRequestBody(code, frame.payload));
    return out;
  },
  encode(value, ctx) {
    const v = value as FrameJson;
    const code = ctx.test.options?.commandCode as number | undefined;
    let payload = fromHex(v.payload);
    if (code !== undefined && v.body !== undefined) {
      // Build the payload from the body through the dispatch table: the frame test then checks
      // command encoding end to end, not only the header.
      const response = ctx.group.direction === "response";
      const template = response ? decodeResponseBody(code, payload) : decodeRequestBody(code, payload);
      const body = fromJsonLike(v.body, template);
      payload = response ? encodeResponseBody(code, body) : encodeRequestBody(code, body);
    }
    return ctx.group.direction === "response"
      ? encodeResponseFrame(v.status!, BigInt(v.requestId), payload)
      : encodeRequestFrame(v.code!, BigInt(v.requestId), payload);
  },
};

const protocolVersionAdapter: MessageAdapter = {
  decode(bytes) {
    const v = decodePayload({
      name: "ProtocolVersion",
      encode: () => {},
      sizeOf: () => 4,
      decode: (r) => r.u32le(),
    }, bytes);
    return {
      ...unpackProtocolVersion(v),
      display: formatProtocolVersion(v),
      compatible: isProtocolCompatible(v),
    } satisfies ProtocolVersionJson;
  },
  encode(value) {
    const v = value as { major: number; minor: number; patch: number };
    const w = new Writer(4);
    w.u32le(packProtocolVersion(v.major, v.minor, v.patch));
    return w.finish();
  },
};

const commandTableAdapter: MessageAdapter = {
  decode(bytes) {
    const code = new Reader(bytes, "CommandTable").u32le();
    const m = lookupCommand(code);
    // Unknown and retired codes are rejected as the crate's table lookup rejects them.
    if (m === undefined) throw new WireError("UNKNOWN_COMMAND", { detail: `unknown command code: ${code}` });
    return {
      code: m.code,
      name: m.name,
      operation: m.operation ?? null,
      replicated: m.replicated,
      index: COMMAND_TABLE.indexOf(m),
    } satisfies CommandTableJson;
  },
  encode(value) {
    const w = new Writer(4);
    w.u32le((value as { code: number }).code);
    return w.finish();
  },
};

/**
 * Data files whose value is one codec's value in the plain JSON form (also read by the Iggy
 * value-schema generator, conformance/lib/iggy_value_schemas.ts).
 */
export const IGGY_DATA_CODECS: Readonly<Record<string, AnyCodec>> = {
  ClientVersionInfo: clientVersionInfo,
  WireName: wireName,
  WireIdentifier: identifier,
  WireConsumer: consumer,
  WirePartitioning: partitioning,
  WirePollingStrategy: pollingStrategy,
  AckLevel: ackLevel,
  WirePermissions: permissions,
  PartitionContext: partitionContext,
  ConsumerGroupOwner: consumerGroupOwner,
  ConsumerSession: consumerSession,
  CreatedPartitionAssignment: createdPartitionAssignment,
};

/**
 * The type of each value the adapters below reshape, by vector-file message and direction (the
 * others take their codec's type). Read by conformance/lib/iggy_value_schemas.ts.
 */
export const IGGY_CORE_VALUE_TYPES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Frame: { request: "RequestFrameJson", response: "ResponseFrameJson" },
  ProtocolVersion: { data: "ProtocolVersionJson" },
  CommandTable: { data: "CommandTableJson" },
  WireUserHeaders: { data: "TlvBlockJson" },
  WireOptions: { data: "TlvBlockJson" },
};

/** The Iggy-core adapters by vector-file message. */
export const iggyCoreAdapters: ProtocolAdapters = {
  ...commandAdapters,
  ...Object.fromEntries(Object.entries(IGGY_DATA_CODECS).map(([m, c]) => [m, codecAdapter(c)])),
  Frame: frameAdapter,
  ProtocolVersion: protocolVersionAdapter,
  CommandTable: commandTableAdapter,
  // The TLV blocks' vector values are the decoded entries, not the block's own bytes.
  WireUserHeaders: tlvBlockAdapter(userHeadersToEnd),
  WireOptions: tlvBlockAdapter(optionsToEnd),
};
