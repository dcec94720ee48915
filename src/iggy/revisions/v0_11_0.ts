/**
 * The command bodies of revision `0.11.0` (the Python SDK apache-iggy 0.9.0 and the Rust SDK
 * 0.11.0) whose layout differs from edge.3's, and the commands edge.3 retired
 * (docs/iggy-revisions.md, "0.11.0 → 0.11.1-edge.3"). Each value type has exactly the fields
 * the 0.11.0 crate lays out; an edge.3 value (with `derivedOptions`, a partition `context`, a
 * node's `replicaId`) can be passed to an encoder, which ignores what 0.11.0 has no room for.
 *
 * @module
 */

import type { Reader } from "../../wire/reader.ts";
import type { Writer } from "../../wire/writer.ts";
import { utf8Length } from "../../wire/utf8.ts";
import {
  type CommandCodecs,
  emptyCodec,
  invalidValue,
  type PayloadCodec,
  u32String,
  u8String,
} from "../codec.ts";
import { type ClientVersionInfo, clientVersionInfo } from "../version.ts";
import { optionalU32String } from "../commands/users.ts";
import { type Identifier, identifier, wireName } from "../primitives/identifier.ts";
import { optionsPrefixed, optionsToEnd } from "../primitives/options.ts";
import { type BatchView, decodeBatch } from "../batch/batch.ts";

/** A stream record at 0.11.0: edge.3's without derived options. */
export interface StreamResponse011 {
  /** The id. */
  readonly id: number;
  /** Creation time, µs since the Unix epoch (u64). */
  readonly createdAt: bigint;
  /** Number of topics. */
  readonly topicsCount: number;
  /** Bytes stored (u64). */
  readonly sizeBytes: bigint;
  /** Messages stored (u64). */
  readonly messagesCount: bigint;
  /** 1–255 UTF-8 bytes. */
  readonly name: string;
  /** The options block. */
  readonly options: Uint8Array;
}
/** A partition record at 0.11.0: edge.3's without the partition context (40 bytes). */
export interface PartitionResponse011 {
  /** The id. */
  readonly id: number;
  /** Creation time, µs since the Unix epoch (u64). */
  readonly createdAt: bigint;
  /** Number of segments. */
  readonly segmentsCount: number;
  /** Offset of the newest message (u64). */
  readonly currentOffset: bigint;
  /** Bytes stored (u64). */
  readonly sizeBytes: bigint;
  /** Messages stored (u64). */
  readonly messagesCount: bigint;
}
/** A cluster node at 0.11.0: edge.3's without the replica id. */
export interface ClusterNodeResponse011 {
  /** Node name. */
  readonly name: string;
  /** Node address. */
  readonly ip: string;
  /** TCP port. */
  readonly tcpPort: number;
  /** QUIC port. */
  readonly quicPort: number;
  /** HTTP port. */
  readonly httpPort: number;
  /** WebSocket port. */
  readonly websocketPort: number;
  /** Role code. */
  readonly role: number;
  /** Status code. */
  readonly status: number;
}
/** GetClusterMetadata response at 0.11.0. */
export interface ClusterMetadataResponse011 {
  /** Cluster name. */
  readonly name: string;
  /** The nodes. */
  readonly nodes: readonly ClusterNodeResponse011[];
}
/** GetStreams response at 0.11.0. */
export interface GetStreamsResponse011 {
  /** The streams. */
  readonly streams: readonly StreamResponse011[];
}
/** PollMessages response at 0.11.0: no context after the 16-byte header. */
export interface PollMessagesResponse011 {
  /** The partition. */
  readonly partitionId: number;
  /** Offset of the partition's newest message (u64). */
  readonly currentOffset: bigint;
  /** Messages in the reply. */
  readonly messagesCount: number;
  /** The batch records (views on decode). */
  readonly batches: readonly (BatchView | Uint8Array)[];
}

/** A topic header at 0.11.0: edge.3's, and the three settings 0.11.0 still lays out as fields. */
export interface TopicHeader011 {
  /** The id. */
  readonly id: number;
  /** Creation time, µs since the Unix epoch (u64). */
  readonly createdAt: bigint;
  /** Number of partitions. */
  readonly partitionsCount: number;
  /** Message expiry, µs (u64; 0 the server default, u64::MAX never). */
  readonly messageExpiry: bigint;
  /** Compression algorithm code (u8). */
  readonly compressionAlgorithm: number;
  /** Size cap, bytes (u64; 0 the server default, u64::MAX unlimited). */
  readonly maxTopicSize: bigint;
  /** Bytes stored (u64). */
  readonly sizeBytes: bigint;
  /** Messages stored (u64). */
  readonly messagesCount: bigint;
  /** 1–255 UTF-8 bytes. */
  readonly name: string;
  /** The options block. */
  readonly options: Uint8Array;
  /** The options the server derived. */
  readonly derivedOptions: Uint8Array;
}

/** `[id u32][created_at u64][topics_count u32][size u64][messages u64][name][options u32+block]`. */
export const streamResponse011: PayloadCodec<StreamResponse011> = {
  name: "StreamResponse",
  encode(w: Writer, v: StreamResponse011): void {
    w.u32le(v.id);
    w.u64le(v.createdAt);
    w.u32le(v.topicsCount);
    w.u64le(v.sizeBytes);
    w.u64le(v.messagesCount);
    wireName.encode(w, v.name);
    optionsPrefixed.encode(w, v.options);
  },
  sizeOf: (v: StreamResponse011) => 32 + wireName.sizeOf(v.name) + optionsPrefixed.sizeOf(v.options),
  decode: (r: Reader): StreamResponse011 => ({
    id: r.u32le(),
    createdAt: r.u64le(),
    topicsCount: r.u32le(),
    sizeBytes: r.u64le(),
    messagesCount: r.u64le(),
    name: wireName.decode(r),
    options: optionsPrefixed.decode(r),
  }),
};

/**
 * `[id u32][created_at u64][partitions_count u32][message_expiry u64][compression u8]
 * [max_topic_size u64][size u64][messages u64][name][options u32+block][derived u32+block]`
 * (a 50-byte fixed part).
 */
export const topicHeader011: PayloadCodec<TopicHeader011> = {
  name: "TopicHeader",
  encode(w: Writer, v: TopicHeader011): void {
    w.u32le(v.id);
    w.u64le(v.createdAt);
    w.u32le(v.partitionsCount);
    w.u64le(v.messageExpiry);
    w.u8(v.compressionAlgorithm);
    w.u64le(v.maxTopicSize);
    w.u64le(v.sizeBytes);
    w.u64le(v.messagesCount);
    wireName.encode(w, v.name);
    optionsPrefixed.encode(w, v.options);
    optionsPrefixed.encode(w, v.derivedOptions);
  },
  sizeOf: (v: TopicHeader011) =>
    49 + wireName.sizeOf(v.name) + optionsPrefixed.sizeOf(v.options) +
    optionsPrefixed.sizeOf(v.derivedOptions),
  decode: (r: Reader): TopicHeader011 => ({
    id: r.u32le(),
    createdAt: r.u64le(),
    partitionsCount: r.u32le(),
    messageExpiry: r.u64le(),
    compressionAlgorithm: r.u8(),
    maxTopicSize: r.u64le(),
    sizeBytes: r.u64le(),
    messagesCount: r.u64le(),
    name: wireName.decode(r),
    options: optionsPrefixed.decode(r),
    derivedOptions: optionsPrefixed.decode(r),
  }),
};

/** GetStream / CreateStream response at 0.11.0: the stream, then `topicsCount` 0.11.0 topic headers. */
export interface GetStreamResponse011 {
  /** The stream. */
  readonly stream: StreamResponse011;
  /** The topics. */
  readonly topics: readonly TopicHeader011[];
}

/**
 * `[StreamResponse][TopicHeader × topics_count]`, both in 0.11.0's layout.
 *
 * @example
 * ```ts
 * import { encodePayload, getStreamResponse011 } from "@streamwire/codec/iggy";
 * const stream = { id: 1, createdAt: 0n, topicsCount: 0, sizeBytes: 0n, messagesCount: 0n, name: "s", options: new Uint8Array(), derivedOptions: new Uint8Array() };
 * console.log(encodePayload(getStreamResponse011, { stream, topics: [] }).length); // 38
 * ```
 */
export const getStreamResponse011: PayloadCodec<GetStreamResponse011> = {
  name: "GetStream",
  encode(w: Writer, v: GetStreamResponse011): void {
    if (v.topics.length !== v.stream.topicsCount) {
      throw invalidValue("GetStream", `topicsCount ${v.stream.topicsCount} but ${v.topics.length} topic(s)`);
    }
    streamResponse011.encode(w, v.stream);
    for (const t of v.topics) topicHeader011.encode(w, t);
  },
  sizeOf: (v: GetStreamResponse011) =>
    streamResponse011.sizeOf(v.stream) + v.topics.reduce((n, t) => n + topicHeader011.sizeOf(t), 0),
  decode(r: Reader): GetStreamResponse011 {
    const stream = streamResponse011.decode(r);
    const topics: TopicHeader011[] = [];
    // Each header is at least 59 bytes: a hostile count runs out of bytes (TRUNCATED) first.
    for (let i = 0; i < stream.topicsCount; i++) topics.push(topicHeader011.decode(r));
    return { stream, topics };
  },
};

/** `[StreamResponse]…` to the end, in 0.11.0's layout. */
export const getStreamsResponse011: PayloadCodec<GetStreamsResponse011> = {
  name: "GetStreams",
  encode(w: Writer, v: GetStreamsResponse011): void {
    for (const s of v.streams) streamResponse011.encode(w, s);
  },
  sizeOf: (v: GetStreamsResponse011) => v.streams.reduce((n, s) => n + streamResponse011.sizeOf(s), 0),
  decode(r: Reader): GetStreamsResponse011 {
    const streams: StreamResponse011[] = [];
    while (r.remaining > 0) streams.push(streamResponse011.decode(r));
    return { streams };
  },
};

/** `[id u32][created_at u64][segments u32][current_offset u64][size u64][messages u64]` (40 bytes; no context). */
export const partitionResponse011: PayloadCodec<PartitionResponse011> = {
  name: "PartitionResponse",
  encode(w: Writer, v: PartitionResponse011): void {
    w.u32le(v.id);
    w.u64le(v.createdAt);
    w.u32le(v.segmentsCount);
    w.u64le(v.currentOffset);
    w.u64le(v.sizeBytes);
    w.u64le(v.messagesCount);
  },
  sizeOf: () => 40,
  decode: (r: Reader): PartitionResponse011 => ({
    id: r.u32le(),
    createdAt: r.u64le(),
    segmentsCount: r.u32le(),
    currentOffset: r.u64le(),
    sizeBytes: r.u64le(),
    messagesCount: r.u64le(),
  }),
};

/** GetTopic / CreateTopic response at 0.11.0. */
export interface GetTopicResponse011 {
  /** The topic header. */
  readonly topic: TopicHeader011;
  /** The partitions. */
  readonly partitions: readonly PartitionResponse011[];
}

/** `[TopicHeader][PartitionResponse (40 bytes) × partitions_count]`, in 0.11.0's layout. */
export const getTopicResponse011: PayloadCodec<GetTopicResponse011> = {
  name: "GetTopic",
  encode(w: Writer, v: GetTopicResponse011): void {
    if (v.partitions.length !== v.topic.partitionsCount) {
      throw invalidValue(
        "GetTopic",
        `partitionsCount ${v.topic.partitionsCount} but ${v.partitions.length} partition(s)`,
      );
    }
    topicHeader011.encode(w, v.topic);
    for (const p of v.partitions) partitionResponse011.encode(w, p);
  },
  sizeOf: (v: GetTopicResponse011) => topicHeader011.sizeOf(v.topic) + 40 * v.partitions.length,
  decode(r: Reader): GetTopicResponse011 {
    const topic = topicHeader011.decode(r);
    const partitions: PartitionResponse011[] = [];
    for (let i = 0; i < topic.partitionsCount; i++) {
      if (r.remaining < 40) throw r.error("TRUNCATED", `partition ${i} of ${topic.partitionsCount}`, r.pos);
      partitions.push(partitionResponse011.decode(r));
    }
    return { topic, partitions };
  },
};

/** GetTopics response at 0.11.0. */
export interface GetTopicsResponse011 {
  /** The topics. */
  readonly topics: readonly TopicHeader011[];
}

/** `[count u32][TopicHeader × count]`, in 0.11.0's layout. */
export const getTopicsResponse011: PayloadCodec<GetTopicsResponse011> = {
  name: "GetTopics",
  encode(w: Writer, v: GetTopicsResponse011): void {
    w.u32le(v.topics.length);
    for (const t of v.topics) topicHeader011.encode(w, t);
  },
  sizeOf: (v: GetTopicsResponse011) => 4 + v.topics.reduce((n, t) => n + topicHeader011.sizeOf(t), 0),
  decode(r: Reader): GetTopicsResponse011 {
    const count = r.u32le();
    const topics: TopicHeader011[] = [];
    for (let i = 0; i < count; i++) topics.push(topicHeader011.decode(r));
    return { topics };
  },
};

/** One cluster node at 0.11.0: no replica id in front. */
const clusterNode011: PayloadCodec<ClusterNodeResponse011> = {
  name: "ClusterNodeResponse",
  encode(w: Writer, v: ClusterNodeResponse011): void {
    u32String.encode(w, v.name);
    u32String.encode(w, v.ip);
    w.u16le(v.tcpPort);
    w.u16le(v.quicPort);
    w.u16le(v.httpPort);
    w.u16le(v.websocketPort);
    w.u8(v.role);
    w.u8(v.status);
  },
  sizeOf: (v: ClusterNodeResponse011) => 18 + utf8Length(v.name) + utf8Length(v.ip),
  decode: (r: Reader): ClusterNodeResponse011 => ({
    name: u32String.decode(r),
    ip: u32String.decode(r),
    tcpPort: r.u16le(),
    quicPort: r.u16le(),
    httpPort: r.u16le(),
    websocketPort: r.u16le(),
    role: r.u8(),
    status: r.u8(),
  }),
};

/** `[name u32+utf8][count u32][node × count]`, nodes without a replica id. */
export const clusterMetadataResponse011: PayloadCodec<ClusterMetadataResponse011> = {
  name: "GetClusterMetadata",
  encode(w: Writer, v: ClusterMetadataResponse011): void {
    u32String.encode(w, v.name);
    w.u32le(v.nodes.length);
    for (const n of v.nodes) clusterNode011.encode(w, n);
  },
  sizeOf: (v: ClusterMetadataResponse011) =>
    8 + utf8Length(v.name) + v.nodes.reduce((n, x) => n + clusterNode011.sizeOf(x), 0),
  decode(r: Reader): ClusterMetadataResponse011 {
    const name = u32String.decode(r);
    const count = r.u32le();
    const nodes: ClusterNodeResponse011[] = [];
    for (let i = 0; i < count; i++) nodes.push(clusterNode011.decode(r));
    return { name, nodes };
  },
};

/**
 * `[partition_id u32][current_offset u64][messages_count u32]` (16 bytes, no context), then
 * the batch records back to back (each checked for layout, checksums passed through as served,
 * as edge.3's codec does).
 */
export const pollMessagesResponse011: PayloadCodec<PollMessagesResponse011> = {
  name: "PollMessagesResponse",
  encode(w: Writer, v: PollMessagesResponse011): void {
    w.u32le(v.partitionId);
    w.u64le(v.currentOffset);
    w.u32le(v.messagesCount);
    for (const b of v.batches) w.bytes(b instanceof Uint8Array ? b : b.bytes);
  },
  sizeOf: (v: PollMessagesResponse011) =>
    16 + v.batches.reduce((n, b) => n + (b instanceof Uint8Array ? b : b.bytes).length, 0),
  decode(r: Reader): PollMessagesResponse011 {
    const partitionId = r.u32le();
    const currentOffset = r.u64le();
    const messagesCount = r.u32le();
    const batches: BatchView[] = [];
    while (r.pos < r.end) {
      const b = decodeBatch(r.buf.subarray(r.pos, r.end), { integrity: "layoutOnly" });
      batches.push(b);
      r.pos += b.bytes.length;
    }
    return { partitionId, currentOffset, messagesCount, batches };
  },
};

/** `LoginRegister` request at 0.11.0 (code 40): no bind secret. */
export interface LoginRegisterRequest011 {
  /** The client's protocol version and SDK identity, read first by the server's login gate. */
  readonly versionInfo: ClientVersionInfo;
  /** 1–255 UTF-8 bytes. */
  readonly username: string;
  /** 0–255 UTF-8 bytes. */
  readonly password: string;
  /** `null` is sent as a zero length. */
  readonly clientContext: string | null;
}

/**
 * `[ClientVersionInfo][username][password u8+utf8][context u32+utf8]`.
 *
 * @example
 * ```ts
 * import { encodePayload, loginRegisterRequest011 } from "@streamwire/codec/iggy";
 * const body = encodePayload(loginRegisterRequest011, {
 *   versionInfo: { protocolVersion: 11264, sdkName: "rust-sdk", sdkVersion: "0.11.0" },
 *   username: "iggy", password: "iggy", clientContext: null,
 * });
 * // The length of the login body the Python SDK 0.9.0 sends for iggy/iggy:
 * console.log(body.length); // 34
 * ```
 */
export const loginRegisterRequest011: PayloadCodec<LoginRegisterRequest011> = {
  name: "LoginRegister",
  encode(w: Writer, v: LoginRegisterRequest011): void {
    clientVersionInfo.encode(w, v.versionInfo);
    wireName.encode(w, v.username);
    u8String.encode(w, v.password);
    optionalU32String.encode(w, v.clientContext);
  },
  sizeOf: (v: LoginRegisterRequest011) =>
    clientVersionInfo.sizeOf(v.versionInfo) + wireName.sizeOf(v.username) + u8String.sizeOf(v.password) +
    optionalU32String.sizeOf(v.clientContext),
  decode: (r: Reader): LoginRegisterRequest011 => ({
    versionInfo: clientVersionInfo.decode(r),
    username: wireName.decode(r),
    password: u8String.decode(r),
    clientContext: optionalU32String.decode(r),
  }),
};

/** `LoginRegisterWithPat` request at 0.11.0 (code 45): no bind secret. */
export interface LoginRegisterWithPatRequest011 {
  /** The client's protocol version and SDK identity. */
  readonly versionInfo: ClientVersionInfo;
  /** 0–255 UTF-8 bytes. */
  readonly token: string;
  /** `null` is sent as a zero length. */
  readonly clientContext: string | null;
}

/** `[ClientVersionInfo][token u8+utf8][context u32+utf8]`. */
export const loginRegisterWithPatRequest011: PayloadCodec<LoginRegisterWithPatRequest011> = {
  name: "LoginRegisterWithPat",
  encode(w: Writer, v: LoginRegisterWithPatRequest011): void {
    clientVersionInfo.encode(w, v.versionInfo);
    u8String.encode(w, v.token);
    optionalU32String.encode(w, v.clientContext);
  },
  sizeOf: (v: LoginRegisterWithPatRequest011) =>
    clientVersionInfo.sizeOf(v.versionInfo) + u8String.sizeOf(v.token) +
    optionalU32String.sizeOf(v.clientContext),
  decode: (r: Reader): LoginRegisterWithPatRequest011 => ({
    versionInfo: clientVersionInfo.decode(r),
    token: u8String.decode(r),
    clientContext: optionalU32String.decode(r),
  }),
};

/** Request codecs 0.11.0 lays out differently (by command code). */
export function v011Requests(): Map<number, PayloadCodec<unknown>> {
  return new Map<number, PayloadCodec<unknown>>([
    [40, loginRegisterRequest011 as PayloadCodec<unknown>],
    [45, loginRegisterWithPatRequest011 as PayloadCodec<unknown>],
  ]);
}

/** `UpdateStream` request (code 204, operation 129), retired in edge.3. */
export interface UpdateStreamRequest011 {
  /** The stream. */
  readonly streamId: Identifier;
  /** Its (new) name, 1–255 bytes. */
  readonly name: string;
  /** The options block (to the end of the body). */
  readonly options: Uint8Array;
}

/** `[stream_id][name][options to the end]`. */
export const updateStreamRequest011: PayloadCodec<UpdateStreamRequest011> = {
  name: "UpdateStream",
  encode(w: Writer, v: UpdateStreamRequest011): void {
    identifier.encode(w, v.streamId);
    wireName.encode(w, v.name);
    optionsToEnd.encode(w, v.options);
  },
  sizeOf: (v: UpdateStreamRequest011) =>
    identifier.sizeOf(v.streamId) + wireName.sizeOf(v.name) + optionsToEnd.sizeOf(v.options),
  decode: (r: Reader): UpdateStreamRequest011 => ({
    streamId: identifier.decode(r),
    name: wireName.decode(r),
    options: optionsToEnd.decode(r),
  }),
};

/** `UpdateTopic` request (code 304, operation 133), retired in edge.3. */
export interface UpdateTopicRequest011 {
  /** The stream. */
  readonly streamId: Identifier;
  /** The topic. */
  readonly topicId: Identifier;
  /** Its (new) name, 1–255 bytes. */
  readonly name: string;
  /** The options block (to the end of the body). */
  readonly options: Uint8Array;
}

/** `[stream_id][topic_id][name][options to the end]`. */
export const updateTopicRequest011: PayloadCodec<UpdateTopicRequest011> = {
  name: "UpdateTopic",
  encode(w: Writer, v: UpdateTopicRequest011): void {
    identifier.encode(w, v.streamId);
    identifier.encode(w, v.topicId);
    wireName.encode(w, v.name);
    optionsToEnd.encode(w, v.options);
  },
  sizeOf: (v: UpdateTopicRequest011) =>
    identifier.sizeOf(v.streamId) + identifier.sizeOf(v.topicId) + wireName.sizeOf(v.name) +
    optionsToEnd.sizeOf(v.options),
  decode: (r: Reader): UpdateTopicRequest011 => ({
    streamId: identifier.decode(r),
    topicId: identifier.decode(r),
    name: wireName.decode(r),
    options: optionsToEnd.decode(r),
  }),
};

/** `PurgeStream` request (code 205, operation 131), retired in edge.3. */
export interface PurgeStreamRequest011 {
  /** The stream. */
  readonly streamId: Identifier;
}

/** `[stream_id]`. */
export const purgeStreamRequest011: PayloadCodec<PurgeStreamRequest011> = {
  name: "PurgeStream",
  encode: (w: Writer, v: PurgeStreamRequest011) => identifier.encode(w, v.streamId),
  sizeOf: (v: PurgeStreamRequest011) => identifier.sizeOf(v.streamId),
  decode: (r: Reader): PurgeStreamRequest011 => ({ streamId: identifier.decode(r) }),
};

/** `PurgeTopic` request (code 305, operation 135), retired in edge.3. */
export interface PurgeTopicRequest011 {
  /** The stream. */
  readonly streamId: Identifier;
  /** The topic. */
  readonly topicId: Identifier;
}

/** `[stream_id][topic_id]`. */
export const purgeTopicRequest011: PayloadCodec<PurgeTopicRequest011> = {
  name: "PurgeTopic",
  encode(w: Writer, v: PurgeTopicRequest011): void {
    identifier.encode(w, v.streamId);
    identifier.encode(w, v.topicId);
  },
  sizeOf: (v: PurgeTopicRequest011) => identifier.sizeOf(v.streamId) + identifier.sizeOf(v.topicId),
  decode: (r: Reader): PurgeTopicRequest011 => ({
    streamId: identifier.decode(r),
    topicId: identifier.decode(r),
  }),
};

const emptyResponse = /* @__PURE__ */ emptyCodec("EmptyResponse");

/** The commands 0.11.0 has that edge.3 retired (their VSR operations: 129, 131, 133, 135). */
export function v011Commands(): CommandCodecs[] {
  return [
    { code: 204, name: "UpdateStream", request: updateStreamRequest011, response: emptyResponse },
    { code: 205, name: "PurgeStream", request: purgeStreamRequest011, response: emptyResponse },
    { code: 304, name: "UpdateTopic", request: updateTopicRequest011, response: emptyResponse },
    { code: 305, name: "PurgeTopic", request: purgeTopicRequest011, response: emptyResponse },
  ];
}

/**
 * Whether `operation` is one only 0.11.0 has (its per-resource updates and purges).
 *
 * @example
 * ```ts
 * import { isV011OnlyOperation } from "@streamwire/codec/iggy";
 * console.log(isV011OnlyOperation(129), isV011OnlyOperation(128)); // true false
 * ```
 */
export function isV011OnlyOperation(operation: number): boolean {
  return operation === 129 || operation === 131 || operation === 133 || operation === 135 ||
    operation === 142;
}

/** The VSR operations of 0.11.0's own commands, by code (the rest are edge.3's). */
export const V011_OPERATIONS: ReadonlyMap<number, number> = /* @__PURE__ */ new Map([
  [204, 129],
  [205, 131],
  [304, 133],
  [305, 135],
]);

/** Response codecs 0.11.0 lays out differently (by command code). */
export function v011Responses(): Map<number, PayloadCodec<unknown>> {
  const any = (c: unknown) => c as PayloadCodec<unknown>;
  return new Map<number, PayloadCodec<unknown>>([
    [12, any(clusterMetadataResponse011)],
    [100, any(pollMessagesResponse011)],
    [200, any(getStreamResponse011)],
    [201, any(getStreamsResponse011)],
    [202, any(streamResponse011)],
    [300, any(getTopicResponse011)],
    [301, any(getTopicsResponse011)],
    [302, any(getTopicResponse011)],
  ]);
}
