/**
 * Differential generators of the Iggy-core area: primitives, frames, version info, system,
 * stream and topic commands. The primitive generators are exported for the other areas.
 *
 * @module
 */

import type { Rng } from "./_rng.ts";
import type { DiffType } from "./_types.ts";
import { type Identifier, identifier, wireName } from "../../src/iggy/primitives/identifier.ts";
import { type Consumer, consumer } from "../../src/iggy/primitives/consumer.ts";
import { type Partitioning, partitioning } from "../../src/iggy/primitives/partitioning.ts";
import {
  type AckLevel,
  ackLevel,
  type PollingStrategy,
  pollingStrategy,
} from "../../src/iggy/primitives/polling_strategy.ts";
import { type Permissions, permissions } from "../../src/iggy/primitives/permissions.ts";
import {
  consumerGroupOwner,
  createdPartitionAssignment,
  partitionContext,
} from "../../src/iggy/primitives/partition.ts";
import { encodeUserHeaders, type UserHeaderEntry } from "../../src/iggy/primitives/user_headers.ts";
import { Writer } from "../../src/wire/writer.ts";
import type { PayloadCodec } from "../../src/iggy/codec.ts";
import { validateOptions } from "../../src/iggy/primitives/options.ts";
import { validateUserHeaders } from "../../src/iggy/primitives/user_headers.ts";
import { decodePayload } from "../../src/iggy/codec.ts";

// ---------------------------------------------------------------------------------------------
// Primitive generators (exported for the other areas).

/** A WireName: 1–255 bytes, ASCII or multi-byte. */
export function genName(r: Rng): string {
  return r.str(1, 255);
}

/** A numeric or string identifier. */
export function genIdentifier(r: Rng): Identifier {
  return r.bool() ? { kind: "numeric", value: r.u32e() } : { kind: "string", value: genName(r) };
}

/** A consumer of any kind. */
export function genConsumer(r: Rng): Consumer {
  return { kind: r.pick(["consumer", "consumerGroup", "externalGroup"] as const), id: genIdentifier(r) };
}

/** A partitioning of any kind. */
export function genPartitioning(r: Rng): Partitioning {
  switch (r.int(0, 2)) {
    case 0:
      return { kind: "balanced" };
    case 1:
      return { kind: "partitionId", value: r.u32e() };
    default:
      return { kind: "messagesKey", value: r.bytes(r.len(1, 255)) };
  }
}

/** A polling strategy of any kind (the value is kept even for first/last/next). */
export function genPollingStrategy(r: Rng): PollingStrategy {
  return { kind: r.pick(["offset", "timestamp", "first", "last", "next"] as const), value: r.u64() };
}

/** An ack level. */
export function genAckLevel(r: Rng): AckLevel {
  return r.pick(["noAck", "quorum"] as const);
}

/** A permission set with 0..3 streams of 0..3 topics. */
export function genPermissions(r: Rng): Permissions {
  const b = () => r.bool();
  return {
    global: {
      manageServers: b(), readServers: b(), manageUsers: b(), readUsers: b(), manageStreams: b(),
      readStreams: b(), manageTopics: b(), readTopics: b(), pollMessages: b(), sendMessages: b(),
    },
    streams: r.array(0, 3, () => ({
      streamId: r.u32e(), manageStream: b(), readStream: b(), manageTopics: b(), readTopics: b(),
      pollMessages: b(), sendMessages: b(),
      topics: r.array(0, 3, () => ({ topicId: r.u32e(), manageTopic: b(), readTopic: b(), pollMessages: b(), sendMessages: b() })),
    })),
  };
}

function field(r: Rng): Uint8Array {
  return r.bytes(r.len(1, 255));
}

/** A structurally valid user-headers block (any non-zero kinds) of 0..4 pairs. */
export function genUserHeaders(r: Rng): Uint8Array {
  const entries: UserHeaderEntry[] = r.array(0, 4, () => ({
    keyKind: r.int(1, 255),
    key: field(r),
    valueKind: r.int(1, 255),
    value: field(r),
  }));
  const w = new Writer(64);
  encodeUserHeaders(w, entries);
  return w.finish();
}

/** A valid options block: 0..4 distinct UTF-8 string keys, any value kinds. */
export function genOptions(r: Rng): Uint8Array {
  const keys = new Set<string>();
  const entries: UserHeaderEntry[] = [];
  const count = r.len(0, 4);
  const enc = new TextEncoder();
  while (entries.length < count) {
    const key = r.str(1, r.chance(0.8) ? 24 : 255);
    if (keys.has(key)) continue;
    keys.add(key);
    entries.push({ keyKind: 2, key: enc.encode(key), valueKind: r.int(1, 255), value: field(r) });
  }
  const w = new Writer(64);
  encodeUserHeaders(w, entries);
  return w.finish();
}

// ---------------------------------------------------------------------------------------------
// Codecs for the raw blocks (their validators are plain functions).

const userHeadersBlock: PayloadCodec<Uint8Array> = {
  name: "WireUserHeaders",
  encode: (w, v) => w.bytes(v),
  sizeOf: (v) => v.length,
  decode(r) {
    const b = r.buf.subarray(r.pos, r.end);
    validateUserHeaders(b);
    r.pos = r.end;
    return b;
  },
};

const optionsBlock: PayloadCodec<Uint8Array> = {
  name: "WireOptions",
  encode: (w, v) => w.bytes(v),
  sizeOf: (v) => v.length,
  decode(r) {
    const b = r.buf.subarray(r.pos, r.end);
    validateOptions(b);
    r.pos = r.end;
    return b;
  },
};

// ---------------------------------------------------------------------------------------------

/** Every type of the area. */
export const types: DiffType<any>[] = [
  { type: "WireName", direction: "data", codec: wireName, gen: genName },
  { type: "WireIdentifier", direction: "data", codec: identifier, gen: genIdentifier },
  { type: "WireConsumer", direction: "data", codec: consumer, gen: genConsumer },
  { type: "WirePartitioning", direction: "data", codec: partitioning, gen: genPartitioning },
  { type: "WirePollingStrategy", direction: "data", codec: pollingStrategy, gen: genPollingStrategy },
  { type: "AckLevel", direction: "data", codec: ackLevel, gen: genAckLevel },
  { type: "WirePermissions", direction: "data", codec: permissions, gen: genPermissions },
  {
    type: "CreatedPartitionAssignment", direction: "data", codec: createdPartitionAssignment,
    gen: (r) => ({ partitionId: r.u32e(), consensusGroupId: r.u64(), initialView: r.u32e() }),
  },
  {
    type: "PartitionContext", direction: "data", codec: partitionContext,
    gen: (r) => ({ incarnation: r.u64(), ownerGeneration: r.u64(), metadataOp: r.u64() }),
  },
  {
    type: "ConsumerGroupOwner", direction: "data", codec: consumerGroupOwner,
    gen: (r) => r.chance(0.2) ? { clientId: 0n, session: 0n, generation: r.u64() } : { clientId: r.u128() || 1n, session: r.u64nz(), generation: r.u64() },
  },
  { type: "WireUserHeaders", direction: "data", codec: userHeadersBlock, gen: genUserHeaders, decode: (b) => decodePayload(userHeadersBlock, b) },
  { type: "WireOptions", direction: "data", codec: optionsBlock, gen: genOptions },
];
