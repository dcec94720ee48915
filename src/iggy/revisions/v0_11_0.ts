/**
 * The command bodies of revision `0.11.0` (the Python SDK apache-iggy 0.9.0 and the Rust SDK
 * 0.11.0) whose layout differs from edge.3's, and the commands edge.3 retired
 * (docs/iggy-revisions.md, "0.11.0 → 0.11.1-edge.3"). Values keep edge.3's types where the
 * fields are the same; a field a layout lacks is not written and decodes as its zero value
 * (`derivedOptions` empty, `replicaId` 0, a partition's context zero).
 *
 * @module
 */

import type { Reader } from "../../wire/reader.ts";
import type { Writer } from "../../wire/writer.ts";
import { utf8Length } from "../../wire/utf8.ts";
import { type CommandCodecs, emptyCodec, invalidValue, type PayloadCodec, u32String } from "../codec.ts";
import { type Identifier, identifier, wireName } from "../primitives/identifier.ts";
import { optionsPrefixed, optionsToEnd } from "../primitives/options.ts";
import type {
  GetStreamResponse,
  GetStreamsResponse,
  StreamResponse,
  TopicHeader,
} from "../commands/streams.ts";
import type { GetTopicResponse, GetTopicsResponse, PartitionResponse } from "../commands/topics.ts";
import type { ClusterMetadataResponse, ClusterNodeResponse } from "../commands/system.ts";
import type { PollMessagesResponse } from "../commands/messages.ts";
import { type BatchView, decodeBatch } from "../batch/batch.ts";

const EMPTY = new Uint8Array(0);
const NO_CONTEXT = { incarnation: 0n, ownerGeneration: 0n, metadataOp: 0n };

/** A topic header at 0.11.0: edge.3's, and the three settings 0.11.0 still lays out as fields. */
export interface TopicHeader011 extends TopicHeader {
  /** Message expiry, µs (u64; 0 the server default, u64::MAX never). */
  readonly messageExpiry: bigint;
  /** Compression algorithm code (u8). */
  readonly compressionAlgorithm: number;
  /** Size cap, bytes (u64; 0 the server default, u64::MAX unlimited). */
  readonly maxTopicSize: bigint;
}

/** `[id u32][created_at u64][topics_count u32][size u64][messages u64][name][options u32+block]`. */
export const streamResponse011: PayloadCodec<StreamResponse> = {
  name: "StreamResponse",
  encode(w: Writer, v: StreamResponse): void {
    w.u32le(v.id);
    w.u64le(v.createdAt);
    w.u32le(v.topicsCount);
    w.u64le(v.sizeBytes);
    w.u64le(v.messagesCount);
    wireName.encode(w, v.name);
    optionsPrefixed.encode(w, v.options);
  },
  sizeOf: (v: StreamResponse) => 32 + wireName.sizeOf(v.name) + optionsPrefixed.sizeOf(v.options),
  decode: (r: Reader): StreamResponse => ({
    id: r.u32le(),
    createdAt: r.u64le(),
    topicsCount: r.u32le(),
    sizeBytes: r.u64le(),
    messagesCount: r.u64le(),
    name: wireName.decode(r),
    options: optionsPrefixed.decode(r),
    derivedOptions: EMPTY,
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
export interface GetStreamResponse011 extends GetStreamResponse {
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
 * console.log(encodePayload(getStreamResponse011, { stream, topics: [] }).length); // 34
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
export const getStreamsResponse011: PayloadCodec<GetStreamsResponse> = {
  name: "GetStreams",
  encode(w: Writer, v: GetStreamsResponse): void {
    for (const s of v.streams) streamResponse011.encode(w, s);
  },
  sizeOf: (v: GetStreamsResponse) => v.streams.reduce((n, s) => n + streamResponse011.sizeOf(s), 0),
  decode(r: Reader): GetStreamsResponse {
    const streams: StreamResponse[] = [];
    while (r.remaining > 0) streams.push(streamResponse011.decode(r));
    return { streams };
  },
};

/** `[id u32][created_at u64][segments u32][current_offset u64][size u64][messages u64]` (40 bytes; no context). */
export const partitionResponse011: PayloadCodec<PartitionResponse> = {
  name: "PartitionResponse",
  encode(w: Writer, v: PartitionResponse): void {
    w.u32le(v.id);
    w.u64le(v.createdAt);
    w.u32le(v.segmentsCount);
    w.u64le(v.currentOffset);
    w.u64le(v.sizeBytes);
    w.u64le(v.messagesCount);
  },
  sizeOf: () => 40,
  decode: (r: Reader): PartitionResponse => ({
    id: r.u32le(),
    createdAt: r.u64le(),
    segmentsCount: r.u32le(),
    currentOffset: r.u64le(),
    sizeBytes: r.u64le(),
    messagesCount: r.u64le(),
    context: NO_CONTEXT,
  }),
};

/** GetTopic / CreateTopic response at 0.11.0. */
export interface GetTopicResponse011 extends GetTopicResponse {
  /** The topic header. */
  readonly topic: TopicHeader011;
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
    const partitions: PartitionResponse[] = [];
    for (let i = 0; i < topic.partitionsCount; i++) {
      if (r.remaining < 40) throw r.error("TRUNCATED", `partition ${i} of ${topic.partitionsCount}`, r.pos);
      partitions.push(partitionResponse011.decode(r));
    }
    return { topic, partitions };
  },
};

/** GetTopics response at 0.11.0. */
export interface GetTopicsResponse011 extends GetTopicsResponse {
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
const clusterNode011: PayloadCodec<ClusterNodeResponse> = {
  name: "ClusterNodeResponse",
  encode(w: Writer, v: ClusterNodeResponse): void {
    u32String.encode(w, v.name);
    u32String.encode(w, v.ip);
    w.u16le(v.tcpPort);
    w.u16le(v.quicPort);
    w.u16le(v.httpPort);
    w.u16le(v.websocketPort);
    w.u8(v.role);
    w.u8(v.status);
  },
  sizeOf: (v: ClusterNodeResponse) => 18 + utf8Length(v.name) + utf8Length(v.ip),
  decode: (r: Reader): ClusterNodeResponse => ({
    replicaId: 0,
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
export const clusterMetadataResponse011: PayloadCodec<ClusterMetadataResponse> = {
  name: "GetClusterMetadata",
  encode(w: Writer, v: ClusterMetadataResponse): void {
    u32String.encode(w, v.name);
    w.u32le(v.nodes.length);
    for (const n of v.nodes) clusterNode011.encode(w, n);
  },
  sizeOf: (v: ClusterMetadataResponse) =>
    8 + utf8Length(v.name) + v.nodes.reduce((n, x) => n + clusterNode011.sizeOf(x), 0),
  decode(r: Reader): ClusterMetadataResponse {
    const name = u32String.decode(r);
    const count = r.u32le();
    const nodes: ClusterNodeResponse[] = [];
    for (let i = 0; i < count; i++) nodes.push(clusterNode011.decode(r));
    return { name, nodes };
  },
};

/**
 * `[partition_id u32][current_offset u64][messages_count u32]` (16 bytes, no context), then
 * the batch records back to back (each checked for layout, checksums passed through as served,
 * as edge.3's codec does).
 */
export const pollMessagesResponse011: PayloadCodec<PollMessagesResponse> = {
  name: "PollMessagesResponse",
  encode(w: Writer, v: PollMessagesResponse): void {
    w.u32le(v.partitionId);
    w.u64le(v.currentOffset);
    w.u32le(v.messagesCount);
    for (const b of v.batches) w.bytes(b instanceof Uint8Array ? b : b.bytes);
  },
  sizeOf: (v: PollMessagesResponse) =>
    16 + v.batches.reduce((n, b) => n + (b instanceof Uint8Array ? b : b.bytes).length, 0),
  decode(r: Reader): PollMessagesResponse {
    const partitionId = r.u32le();
    const currentOffset = r.u64le();
    const messagesCount = r.u32le();
    const batches: BatchView[] = [];
    while (r.pos < r.end) {
      const b = decodeBatch(r.buf.subarray(r.pos, r.end), { integrity: "layoutOnly" });
      batches.push(b);
      r.pos += b.bytes.length;
    }
    return { partitionId, currentOffset, messagesCount, context: NO_CONTEXT, batches };
  },
};

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

/** `PurgeStream` (205) / `PurgeTopic` (305) request: the stream, and for a topic its id. */
export interface PurgeRequest011 {
  /** The stream. */
  readonly streamId: Identifier;
  /** The topic (PurgeTopic only). */
  readonly topicId?: Identifier;
}

function purge(name: string, withTopic: boolean): PayloadCodec<PurgeRequest011> {
  return {
    name,
    encode(w: Writer, v: PurgeRequest011): void {
      identifier.encode(w, v.streamId);
      if (withTopic) {
        if (v.topicId === undefined) throw invalidValue(name, "topicId is required");
        identifier.encode(w, v.topicId);
      }
    },
    sizeOf: (v: PurgeRequest011) =>
      identifier.sizeOf(v.streamId) + (withTopic && v.topicId ? identifier.sizeOf(v.topicId) : 0),
    decode: (r: Reader): PurgeRequest011 =>
      withTopic
        ? { streamId: identifier.decode(r), topicId: identifier.decode(r) }
        : { streamId: identifier.decode(r) },
  };
}

const emptyResponse = /* @__PURE__ */ emptyCodec("EmptyResponse");

/** The commands 0.11.0 has that edge.3 retired (their VSR operations: 129, 131, 133, 135). */
export function v011Commands(): CommandCodecs[] {
  return [
    { code: 204, name: "UpdateStream", request: updateStreamRequest011, response: emptyResponse },
    { code: 205, name: "PurgeStream", request: purge("PurgeStream", false), response: emptyResponse },
    { code: 304, name: "UpdateTopic", request: updateTopicRequest011, response: emptyResponse },
    { code: 305, name: "PurgeTopic", request: purge("PurgeTopic", true), response: emptyResponse },
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
