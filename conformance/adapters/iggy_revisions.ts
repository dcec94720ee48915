/**
 * Adapters of the vector files of further protocol revisions (`<stem>__edge8.json`,
 * `<stem>__v0_11_0.json`, written
 * by conformance/iggy-oracle/<revision>/: the same oracle built against that crate release).
 * A file is routed by its `upstream.version`; where a revision's layout or table differs, its
 * adapter here replaces the default one, and every other message runs through the default
 * adapter unchanged (its layout is the same in that revision).
 *
 * @module
 */

import {
  commandCodecsAt,
  type CommandMeta,
  DEFAULT_IGGY_REVISION,
  deferredPollMessagesRequest,
  edge8CommandTable,
  formatProtocolVersion,
  getTopicMembersResponse,
  iggyRevision,
  isRevisionCompatible,
  pollMessagesRequest,
  unpackProtocolVersion,
} from "../../src/iggy/mod.ts";
import { decodePayload, encodePayload, type PayloadCodec } from "../../src/iggy/codec.ts";
import { Reader } from "../../src/wire/reader.ts";
import { WireError } from "../../src/wire/error.ts";
import { toJsonForm } from "../lib/json.ts";
import type { CaseContext, MessageAdapter, ProtocolAdapters } from "../lib/types.ts";
import type { CommandTableJson, ProtocolVersionJson } from "./iggy_core.ts";
import { fromJsonLike } from "./iggy_core.ts";
import { fromHex } from "../../src/wire/hex.ts";

/** A response codec of one revision behind the default request adapter. */
function responseOverride(base: MessageAdapter, codec: PayloadCodec<unknown>): MessageAdapter {
  return {
    decode: (bytes, ctx) =>
      ctx.group.direction === "response" ? toJsonForm(decodePayload(codec, bytes)) : base.decode(bytes, ctx),
    encode(value, ctx) {
      if (ctx.group.direction !== "response") return base.encode!(value, ctx);
      if (ctx.test.hex === undefined) {
        throw new Error(`${ctx.test.name}: encode needs the test's bytes as a template`);
      }
      return encodePayload(codec, fromJsonLike(value, decodePayload(codec, fromHex(ctx.test.hex))));
    },
  };
}

function protocolVersion(base: MessageAdapter, revision: string): MessageAdapter {
  const info = iggyRevision(revision);
  return {
    decode(bytes) {
      const v = new Reader(bytes, "ProtocolVersion").u32le();
      return {
        ...unpackProtocolVersion(v),
        display: formatProtocolVersion(v),
        compatible: isRevisionCompatible(info, v),
      } satisfies ProtocolVersionJson;
    },
    encode: base.encode,
  };
}

function commandTable(base: MessageAdapter, table: readonly CommandMeta[]): MessageAdapter {
  return {
    decode(bytes) {
      const code = new Reader(bytes, "CommandTable").u32le();
      const i = table.findIndex((m) => m.code === code);
      if (i < 0) {
        throw new WireError("UNKNOWN_COMMAND", {
          context: "CommandTable",
          detail: `unknown command code ${code}`,
        });
      }
      const m = table[i];
      return {
        code: m.code,
        name: m.name,
        operation: m.operation ?? null,
        replicated: m.replicated,
        index: i,
      } satisfies CommandTableJson;
    },
    encode: base.encode,
  };
}

/** `PollMessagesDeferred` (edge.8): the poll in the PollMessages adapter's JSON form, and the limits. */
function deferredPoll(poll: MessageAdapter): MessageAdapter {
  return {
    decode(bytes, ctx) {
      const r = decodePayload(deferredPollMessagesRequest, bytes);
      const pollJson = poll.decode(encodePayload(pollMessagesRequest, r.poll), ctx);
      return {
        poll: pollJson,
        waitUs: r.waitUs.toString(),
        minCount: r.minCount,
        maxBytes: r.maxBytes,
        requestTimeoutUs: r.requestTimeoutUs.toString(),
      } satisfies DeferredPollJson;
    },
    encode(value, ctx) {
      const v = value as DeferredPollJson;
      return encodePayload(deferredPollMessagesRequest, {
        poll: decodePayload(pollMessagesRequest, poll.encode!(v.poll, ctx)),
        waitUs: BigInt(v.waitUs),
        minCount: v.minCount,
        maxBytes: v.maxBytes,
        requestTimeoutUs: BigInt(v.requestTimeoutUs),
      });
    },
  };
}

/** A `PollMessagesDeferred` request value (the poll in PollMessages' JSON form). */
export interface DeferredPollJson {
  /** The PollMessages request. */
  readonly poll: unknown;
  /** u64 as a decimal string. */
  readonly waitUs: string;
  /** Messages that end the wait. */
  readonly minCount: number;
  /** Byte limit of the reply. */
  readonly maxBytes: number;
  /** u64 as a decimal string. */
  readonly requestTimeoutUs: string;
}

/** Any message of `revision` through its own codecs (by the file's command code and the group's direction). */
function revisionCodecAdapter(revision: string): MessageAdapter {
  const codec = (ctx: CaseContext): PayloadCodec<unknown> => {
    const code = ctx.file.commandCode;
    if (code === undefined) throw new Error(`${ctx.file.message}: no command code`);
    const c = commandCodecsAt(revision, code);
    return (ctx.group.direction === "response" ? c.response : c.request) as PayloadCodec<unknown>;
  };
  return {
    decode: (bytes, ctx) => toJsonForm(decodePayload(codec(ctx), bytes)),
    encode(value, ctx) {
      if (ctx.test.hex === undefined) {
        throw new Error(`${ctx.test.name}: encode needs the test's bytes as a template`);
      }
      const c = codec(ctx);
      return encodePayload(c, fromJsonLike(value, decodePayload(c, fromHex(ctx.test.hex))));
    },
  };
}

/** Replacement adapters by revision, then message. */
function revisionAdapters(base: ProtocolAdapters): Record<string, ProtocolAdapters> {
  return {
    "0.11.1-edge.8": {
      GetTopic: responseOverride(base.GetTopic, getTopicMembersResponse as PayloadCodec<unknown>),
      CreateTopic: responseOverride(base.CreateTopic, getTopicMembersResponse as PayloadCodec<unknown>),
      ProtocolVersion: protocolVersion(base.ProtocolVersion, "0.11.1-edge.8"),
      CommandTable: commandTable(base.CommandTable, edge8CommandTable()),
      PollMessagesDeferred: deferredPoll(base.PollMessages),
    },
    "0.11.0": {
      ProtocolVersion: protocolVersion(base.ProtocolVersion, "0.11.0"),
      ...Object.fromEntries(
        [
          "LoginRegister",
          "GetClusterMetadata",
          "CreateStream",
          "GetStream",
          "GetStreams",
          "CreateTopic",
          "GetTopic",
          "GetTopics",
          "UpdateStream",
          "UpdateTopic",
          "PurgeStream",
          "PurgeTopic",
        ].map((m) => [m, revisionCodecAdapter("0.11.0")]),
      ),
    },
  };
}

/**
 * The Iggy adapters made revision-aware: a file whose `upstream.version` is another revision
 * than the default gets that revision's replacement for its message, when there is one.
 */
export function withRevisions(base: ProtocolAdapters): ProtocolAdapters {
  const byRevision = revisionAdapters(base);
  const out: ProtocolAdapters = {};
  // Messages only a revision has (each file names its revision; the default has none of them).
  for (const table of Object.values(byRevision)) {
    for (const [message, adapter] of Object.entries(table)) if (!(message in base)) out[message] = adapter;
  }
  for (const [message, adapter] of Object.entries(base)) {
    const pick = (version: string | undefined): MessageAdapter =>
      version === undefined || version === DEFAULT_IGGY_REVISION
        ? adapter
        : byRevision[version]?.[message] ?? adapter;
    out[message] = {
      decode: (bytes, ctx) => pick(ctx.file.upstream?.version).decode(bytes, ctx),
      // Only a message that has an encoder gets one (the runner skips encode tests otherwise).
      ...(adapter.encode === undefined ? {} : {
        encode: (value: unknown, ctx: CaseContext) => pick(ctx.file.upstream?.version).encode!(value, ctx),
      }),
    };
  }
  return out;
}
