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
import {
  encodeUserHeaders,
  type UserHeaderEntry,
  userHeadersToEnd,
} from "../../src/iggy/primitives/user_headers.ts";
import { Writer } from "../../src/wire/writer.ts";
import { optionsToEnd } from "../../src/iggy/primitives/options.ts";
import { iterateUserHeaders } from "../../src/iggy/primitives/user_headers.ts";
import * as streams from "../../src/iggy/commands/streams.ts";
import * as topics from "../../src/iggy/commands/topics.ts";
import * as system from "../../src/iggy/commands/system.ts";
import * as mc from "../../src/iggy/commands/metadata_changes.ts";
import { metadataChangeView, metadataItemView } from "../../src/iggy/commands/metadata_change_bodies.ts";
import { clientVersionInfo } from "../../src/iggy/version.ts";
import { requestFrameCodec, responseFrameCodec } from "../../src/iggy/framing.ts";

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
      manageServers: b(),
      readServers: b(),
      manageUsers: b(),
      readUsers: b(),
      manageStreams: b(),
      readStreams: b(),
      manageTopics: b(),
      readTopics: b(),
      pollMessages: b(),
      sendMessages: b(),
    },
    streams: r.array(0, 3, () => ({
      streamId: r.u32e(),
      manageStream: b(),
      readStream: b(),
      manageTopics: b(),
      readTopics: b(),
      pollMessages: b(),
      sendMessages: b(),
      topics: r.array(
        0,
        3,
        () => ({ topicId: r.u32e(), manageTopic: b(), readTopic: b(), pollMessages: b(), sendMessages: b() }),
      ),
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
// Command generators.

const empty = () => ({});

function genStreamRecord(r: Rng, count?: number): streams.StreamResponse {
  return {
    id: r.u32e(),
    createdAt: r.u64(),
    topicsCount: count ?? r.u32e(),
    sizeBytes: r.u64(),
    messagesCount: r.u64(),
    name: genName(r),
    options: genOptions(r),
    derivedOptions: genOptions(r),
  };
}

function genTopicHeader(r: Rng, count?: number): streams.TopicHeader {
  return {
    id: r.u32e(),
    createdAt: r.u64(),
    partitionsCount: count ?? r.u32e(),
    sizeBytes: r.u64(),
    messagesCount: r.u64(),
    name: genName(r),
    options: genOptions(r),
    derivedOptions: genOptions(r),
  };
}

function genPartitionResponse(r: Rng): topics.PartitionResponse {
  return {
    id: r.u32e(),
    createdAt: r.u64(),
    segmentsCount: r.u32e(),
    currentOffset: r.u64(),
    sizeBytes: r.u64(),
    messagesCount: r.u64(),
    context: { incarnation: r.u64(), ownerGeneration: r.u64(), metadataOp: r.u64() },
  };
}

function genCreateTopic(r: Rng): topics.CreateTopicRequest {
  return { streamId: genIdentifier(r), partitionsCount: r.u32e(), name: genName(r), options: genOptions(r) };
}

function genSessionIdentity(r: Rng): system.SessionIdentity {
  return { clientId: r.u128(), session: r.u64(), metadataWatermark: r.u64() };
}

function genRetiredIdentity(r: Rng): system.SessionIdentity {
  const session = r.u64nz();
  let clientId = r.u128();
  if (clientId === 0n) clientId = 1n;
  const room = 0xffff_ffff_ffff_ffffn - session;
  const extra = room === 0n ? 0n : r.u64() % (room + 1n);
  return { clientId, session, metadataWatermark: session + extra };
}

function genTarget(r: Rng): system.ResourceTarget {
  switch (r.int(0, 2)) {
    case 0:
      return { kind: "topic", streamId: genIdentifier(r), topicId: genIdentifier(r) };
    case 1:
      return { kind: "stream", streamId: genIdentifier(r) };
    default:
      return { kind: "user", userId: genIdentifier(r) };
  }
}

function genUpdateResource(r: Rng): system.UpdateResourceRequest {
  const options = genOptions(r);
  const used = new Set<string>();
  const dec = new TextDecoder();
  for (const e of iterateUserHeaders(options)) used.add(dec.decode(e.key));
  const reset: string[] = [];
  const n = r.len(options.length === 0 ? 1 : 0, r.chance(0.05) ? 255 : 5);
  while (reset.length < n) {
    const k = r.str(1, r.chance(0.9) ? 20 : 255);
    if (used.has(k)) continue;
    used.add(k);
    reset.push(k);
  }
  return { target: genTarget(r), reset, options };
}

function genStats(r: Rng): system.StatsResponse {
  return {
    processId: r.u32e(),
    cpuUsage: r.f32(),
    totalCpuUsage: r.f32(),
    memoryUsage: r.u64(),
    totalMemory: r.u64(),
    availableMemory: r.u64(),
    runTime: r.u64(),
    startTime: r.u64(),
    readBytes: r.u64(),
    writtenBytes: r.u64(),
    messagesSizeBytes: r.u64(),
    streamsCount: r.u32e(),
    topicsCount: r.u32e(),
    partitionsCount: r.u32e(),
    segmentsCount: r.u32e(),
    messagesCount: r.u64(),
    clientsCount: r.u32e(),
    consumerGroupsCount: r.u32e(),
    hostname: r.str(0, 40),
    osName: r.str(0, 40),
    osVersion: r.str(0, 40),
    kernelVersion: r.str(0, 40),
    iggyServerVersion: r.str(0, 40),
    iggyServerSemver: r.chance(0.3) ? null : (r.u32e() || 1),
    cacheMetrics: r.array(0, 4, () => ({
      streamId: r.u32e(),
      topicId: r.u32e(),
      partitionId: r.u32e(),
      hits: r.u64(),
      misses: r.u64(),
      hitRatio: r.f32(),
    })),
    threadsCount: r.u32e(),
    freeDiskSpace: r.u64(),
    totalDiskSpace: r.u64(),
    openFilesCount: r.u64(),
    openFilesLimit: r.u64(),
  };
}

function genCursor(r: Rng): mc.MetadataChangeCursor {
  const op = r.u64();
  return op === 0n
    ? { logId: r.u128(), op, checksum: 0n, ordinal: 0 }
    : { logId: r.u128(), op, checksum: r.u128(), ordinal: r.u32e() };
}

const GROUPS = Object.keys(mc.METADATA_CHANGE_GROUPS) as mc.MetadataChangeGroup[];

function genTokenKey(r: Rng, group: mc.MetadataChangeGroup): Uint8Array {
  switch (group) {
    case "streams":
    case "users":
      return r.bytes(4);
    case "topics":
    case "partitions":
    case "sessions":
      return r.bytes(8);
    case "consumerGroups":
      return r.bytes(12);
    case "consumerGroupMembers":
      return r.bytes(16);
    case "personalAccessTokens": {
      const name = new TextEncoder().encode(genName(r));
      const key = new Uint8Array(5 + name.length);
      key.set(r.bytes(4));
      key[4] = name.length;
      key.set(name, 5);
      return key;
    }
  }
}

function genToken(r: Rng): mc.MetadataCurrentPageToken {
  const anchor = genCursor(r);
  const group = r.pick(GROUPS);
  const bit = 1 << (mc.METADATA_CHANGE_GROUPS[group] - 1);
  const room = 0xffff_ffff_ffff_ffffn - anchor.op;
  const requiredHead = anchor.op + (room === 0n ? 0n : r.u64() % (room + 1n));
  return { anchor, requiredHead, groupsMask: r.u8() | bit, group, lastKey: genTokenKey(r, group) };
}

function genStart(r: Rng): mc.MetadataChangeStart {
  switch (r.int(0, 3)) {
    case 0:
      return "earliest";
    case 1:
      return "latest";
    case 2:
      return { kind: "after", value: genCursor(r) };
    default:
      return { kind: "current", value: r.bool() ? genToken(r) : null };
  }
}

function genMetadataChangesResponse(r: Rng): mc.GetMetadataChangesResponse {
  const phase = r.pick(["changes", "current"] as const);
  return {
    status: r.pick(["ok", "behind", "expired", "reset"] as const),
    phase,
    logId: r.bool() ? r.u128() : null,
    oldestOp: r.u64(),
    retainedSince: r.u64(),
    headOp: r.u64(),
    next: r.bool() ? genCursor(r) : null,
    hasMore: r.bool(),
    records: phase === "changes"
      ? r.array(0, 4, () => {
        const envelope = {
          op: r.u64(),
          ordinal: r.u32e(),
          checksum: r.u128(),
          timestamp: r.u64(),
          actorUserId: r.bool() ? r.u32e() : null,
        };
        const [group, kind, body] = [r.u8(), r.u8(), r.bytes(r.len(0, 40))];
        return { ...envelope, group, kind, body, change: metadataChangeView(group, kind, body) };
      })
      : [],
    items: phase === "current"
      ? r.array(0, 4, () => {
        const [group, body] = [r.u8(), r.bytes(r.len(0, 40))];
        return { group, body, item: metadataItemView(group, body) };
      })
      : [],
    currentPageToken: phase === "current" && r.bool() ? genToken(r) : null,
  };
}

const commandTypes: DiffType<any>[] = [
  {
    type: "GetMetadataChanges",
    direction: "request",
    codec: mc.getMetadataChangesRequest,
    gen: (r) => ({
      start: genStart(r),
      since: r.bool() ? r.u64() : null,
      until: r.bool() ? r.u64() : null,
      limit: r.u32e(),
      groups: r.array(0, r.chance(0.05) ? 255 : 8, () => r.u8()),
    }),
  },
  {
    type: "GetMetadataChanges",
    direction: "response",
    codec: mc.getMetadataChangesResponse,
    gen: genMetadataChangesResponse,
  },
  { type: "WireMetadataChangeCursor", direction: "data", codec: mc.metadataChangeCursor, gen: genCursor },
  {
    type: "WireMetadataCurrentPageToken",
    direction: "data",
    codec: mc.metadataCurrentPageToken,
    gen: genToken,
  },
  // system
  { type: "Ping", direction: "request", codec: system.pingRequest, gen: empty },
  { type: "Ping", direction: "response", codec: system.emptyResponse, gen: empty },
  { type: "GetStats", direction: "request", codec: system.getStatsRequest, gen: empty },
  { type: "GetStats", direction: "response", codec: system.statsResponse, gen: genStats },
  {
    type: "GetSnapshot",
    direction: "request",
    codec: system.getSnapshotRequest,
    gen: (r) => ({ compression: r.u8(), snapshotTypes: r.array(0, r.chance(0.1) ? 255 : 8, () => r.u8()) }),
  },
  {
    type: "GetSnapshot",
    direction: "response",
    codec: system.getSnapshotResponse,
    gen: (r) => ({ data: r.bytes(r.len(0, 300)) }),
  },
  { type: "GetClusterMetadata", direction: "request", codec: system.getClusterMetadataRequest, gen: empty },
  {
    type: "GetClusterMetadata",
    direction: "response",
    codec: system.clusterMetadataResponse,
    gen: (r) => ({
      name: r.str(0, 60),
      nodes: r.array(0, 4, () => ({
        replicaId: r.u8(),
        name: r.str(0, 30),
        ip: r.str(0, 40),
        tcpPort: r.u16(),
        quicPort: r.u16(),
        httpPort: r.u16(),
        websocketPort: r.u16(),
        role: r.u8(),
        status: r.u8(),
      })),
    }),
  },
  { type: "GetMe", direction: "request", codec: system.getMeRequest, gen: empty },
  {
    type: "GetClient",
    direction: "request",
    codec: system.getClientRequest,
    gen: (r) => ({ clientId: r.u32e() }),
  },
  { type: "GetClients", direction: "request", codec: system.getClientsRequest, gen: empty },
  {
    type: "DescribeOptions",
    direction: "request",
    codec: system.describeOptionsRequest,
    gen: (r) => ({ scope: r.int(1, 3) }),
  },
  {
    type: "DescribeOptions",
    direction: "response",
    codec: system.describeOptionsResponse,
    gen: (r) => ({
      entries: r.array(0, 5, () => ({
        key: genName(r),
        kind: r.u8(),
        flags: r.u8(),
        defaultValue: r.bytes(r.len(0, 20)),
        description: r.str(0, 80),
      })),
    }),
  },
  {
    type: "UpdateResource",
    direction: "request",
    codec: system.updateResourceRequest,
    gen: genUpdateResource,
  },
  { type: "UpdateResource", direction: "response", codec: system.emptyResponse, gen: empty },
  {
    type: "BindSession",
    direction: "request",
    codec: system.bindSessionRequest,
    gen: (r) => ({
      versionInfo: { protocolVersion: r.u32e(), sdkName: genName(r), sdkVersion: genName(r) },
      identity: genSessionIdentity(r),
      bindSecret: r.bytes(32),
    }),
  },
  {
    type: "FinalizeSession",
    direction: "request",
    codec: system.finalizeSessionRequest,
    gen: (r) => ({ identity: genSessionIdentity(r), namespaceRevision: r.u64() }),
  },
  {
    type: "RetireSessions",
    direction: "request",
    codec: system.retireSessionsRequest,
    gen: (r) => ({ identities: r.array(1, 128, genRetiredIdentity) }),
  },
  // streams
  {
    type: "CreateStream",
    direction: "request",
    codec: streams.createStreamRequest,
    gen: (r) => ({ name: genName(r), options: genOptions(r) }),
  },
  {
    type: "CreateStream",
    direction: "response",
    codec: streams.streamResponse,
    gen: (r) => genStreamRecord(r),
  },
  {
    type: "DeleteStream",
    direction: "request",
    codec: streams.deleteStreamRequest,
    gen: (r) => ({ streamId: genIdentifier(r) }),
  },
  { type: "DeleteStream", direction: "response", codec: system.emptyResponse, gen: empty },
  {
    type: "GetStream",
    direction: "request",
    codec: streams.getStreamRequest,
    gen: (r) => ({ streamId: genIdentifier(r) }),
  },
  {
    type: "GetStream",
    direction: "response",
    codec: streams.getStreamResponse,
    gen: (r) => {
      const topics = r.array(0, 3, () => genTopicHeader(r));
      return { stream: genStreamRecord(r, topics.length), topics };
    },
  },
  { type: "GetStreams", direction: "request", codec: streams.getStreamsRequest, gen: empty },
  {
    type: "GetStreams",
    direction: "response",
    codec: streams.getStreamsResponse,
    gen: (r) => ({ streams: r.array(0, 3, () => genStreamRecord(r)) }),
  },
  {
    type: "UpdateStreamResolved",
    direction: "request",
    codec: streams.updateStreamResolvedRequest,
    gen: (r) => ({
      streamId: genIdentifier(r),
      name: r.bool() ? genName(r) : null,
      explicitOptions: genOptions(r),
      derivedOptions: genOptions(r),
    }),
  },
  {
    type: "RewrapStreamKeys",
    direction: "request",
    codec: streams.rewrapStreamKeysRequest,
    gen: (r) => ({
      entries: r.array(0, 3, () => ({
        streamId: r.u32e(),
        createdOp: r.u64(),
        keyFingerprint: r.bytes(8),
        wrapSet: r.bytes(78 * r.int(1, 3)),
      })),
    }),
  },
  // topics
  { type: "CreateTopic", direction: "request", codec: topics.createTopicRequest, gen: genCreateTopic },
  {
    type: "CreateTopic",
    direction: "response",
    codec: topics.getTopicResponse,
    gen: (r) => {
      const partitions = r.array(0, 3, genPartitionResponse);
      return { topic: genTopicHeader(r, partitions.length), partitions };
    },
  },
  {
    type: "DeleteTopic",
    direction: "request",
    codec: topics.deleteTopicRequest,
    gen: (r) => ({ streamId: genIdentifier(r), topicId: genIdentifier(r) }),
  },
  { type: "DeleteTopic", direction: "response", codec: system.emptyResponse, gen: empty },
  {
    type: "GetTopic",
    direction: "request",
    codec: topics.getTopicRequest,
    gen: (r) => ({ streamId: genIdentifier(r), topicId: genIdentifier(r) }),
  },
  {
    type: "GetTopic",
    direction: "response",
    codec: topics.getTopicResponse,
    gen: (r) => {
      const partitions = r.array(0, 3, genPartitionResponse);
      return { topic: genTopicHeader(r, partitions.length), partitions };
    },
  },
  {
    type: "GetTopics",
    direction: "request",
    codec: topics.getTopicsRequest,
    gen: (r) => ({ streamId: genIdentifier(r) }),
  },
  {
    type: "GetTopics",
    direction: "response",
    codec: topics.getTopicsResponse,
    gen: (r) => ({ topics: r.array(0, 3, () => genTopicHeader(r)) }),
  },
  {
    type: "CreateTopicWithAssignments",
    direction: "request",
    codec: topics.createTopicWithAssignmentsRequest,
    gen: (r) => {
      const partitions = r.array(
        0,
        4,
        () => ({ partitionId: r.u32e(), consensusGroupId: r.u64(), initialView: r.u32e() }),
      );
      return {
        request: { ...genCreateTopic(r), partitionsCount: partitions.length },
        derivedOptions: genOptions(r),
        partitions,
      };
    },
  },
  {
    type: "UpdateTopicResolved",
    direction: "request",
    codec: topics.updateTopicResolvedRequest,
    gen: (r) => ({
      streamId: genIdentifier(r),
      topicId: genIdentifier(r),
      name: r.bool() ? genName(r) : null,
      explicitOptions: genOptions(r),
      derivedOptions: genOptions(r),
    }),
  },
  // frames and version
  {
    type: "ClientVersionInfo",
    direction: "data",
    codec: clientVersionInfo,
    gen: (r) => ({ protocolVersion: r.u32e(), sdkName: genName(r), sdkVersion: genName(r) }),
  },
  {
    type: "RequestFrame",
    direction: "data",
    codec: requestFrameCodec(),
    gen: (r) => ({ code: r.u32e(), requestId: r.u64(), payload: r.bytes(r.len(0, 64)) }),
  },
  {
    type: "ResponseFrame",
    direction: "data",
    codec: responseFrameCodec(),
    gen: (r) => ({
      status: r.chance(0.5) ? 0 : r.u32e(),
      requestId: r.u64(),
      payload: r.bytes(r.len(0, 64)),
    }),
  },
];

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
    type: "CreatedPartitionAssignment",
    direction: "data",
    codec: createdPartitionAssignment,
    gen: (r) => ({ partitionId: r.u32e(), consensusGroupId: r.u64(), initialView: r.u32e() }),
  },
  {
    type: "PartitionContext",
    direction: "data",
    codec: partitionContext,
    gen: (r) => ({ incarnation: r.u64(), ownerGeneration: r.u64(), metadataOp: r.u64() }),
  },
  {
    type: "ConsumerGroupOwner",
    direction: "data",
    codec: consumerGroupOwner,
    gen: (r) =>
      r.chance(0.2)
        ? { clientId: 0n, session: 0n, generation: r.u64() }
        : { clientId: r.u128() || 1n, session: r.u64nz(), generation: r.u64() },
  },
  { type: "WireUserHeaders", direction: "data", codec: userHeadersToEnd, gen: genUserHeaders },
  { type: "WireOptions", direction: "data", codec: optionsToEnd, gen: genOptions },
  ...commandTypes,
];
