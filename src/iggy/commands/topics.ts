/**
 * Topic commands — CreateTopic, DeleteTopic, GetTopic, GetTopics — their responses, and the
 * replicated topic bodies without a command code: `CreateTopicWithAssignments` (the create as
 * the metadata log records it, with each partition's consensus group) and
 * `UpdateTopicResolved`.
 *
 * @module
 */

import {
  type CommandCodecs,
  decodeSlice,
  emptyCodec,
  invalid,
  invalidValue,
  type OperationCodec,
  type PayloadCodec,
  sizeOfAll,
} from "../codec.ts";
import { type Identifier, identifier, wireName } from "../primitives/identifier.ts";
import { optionsPrefixed, optionsToEnd } from "../primitives/options.ts";
import {
  type CreatedPartitionAssignment,
  createdPartitionAssignment,
  type PartitionContext,
  partitionContext,
} from "../primitives/partition.ts";
import { decodeResolvedBlocks, optionalName, type TopicHeader, topicHeader } from "./streams.ts";
import { utf8Length } from "../../wire/utf8.ts";
import { CommandCode } from "../command_codes.ts";

/** CreateTopic request. */
export interface CreateTopicRequest {
  /** The stream. */
  readonly streamId: Identifier;
  /** Number of partitions. */
  readonly partitionsCount: number;
  /** The name (1–255 UTF-8 bytes). */
  readonly name: string;
  /** Options block (raw, validated) running to the end of the payload. */
  readonly options: Uint8Array;
}

/** `[stream_id][partitions_count:u32][name:WireName][options block to the end]`. */
export const createTopicRequest: PayloadCodec<CreateTopicRequest> = {
  name: "CreateTopic",
  encode(w, v) {
    identifier.encode(w, v.streamId);
    w.u32le(v.partitionsCount);
    wireName.encode(w, v.name);
    optionsToEnd.encode(w, v.options);
  },
  sizeOf: (v) => identifier.sizeOf(v.streamId) + 5 + utf8Length(v.name) + v.options.length,
  decode: (r) => ({
    streamId: identifier.decode(r),
    partitionsCount: r.u32le(),
    name: wireName.decode(r),
    options: optionsToEnd.decode(r),
  }),
};

/** A request that names one topic of one stream. */
export interface TopicIdRequest {
  /** The stream. */
  readonly streamId: Identifier;
  /** The topic. */
  readonly topicId: Identifier;
}

function topicIdCodec(name: string): PayloadCodec<TopicIdRequest> {
  return {
    name,
    encode(w, v) {
      identifier.encode(w, v.streamId);
      identifier.encode(w, v.topicId);
    },
    sizeOf: (v) => identifier.sizeOf(v.streamId) + identifier.sizeOf(v.topicId),
    decode: (r) => ({ streamId: identifier.decode(r), topicId: identifier.decode(r) }),
  };
}

/** DeleteTopic request: `[stream_id][topic_id]`. */
export const deleteTopicRequest: PayloadCodec<TopicIdRequest> = /* @__PURE__ */ topicIdCodec("DeleteTopic");
/** GetTopic request: `[stream_id][topic_id]`. */
export const getTopicRequest: PayloadCodec<TopicIdRequest> = /* @__PURE__ */ topicIdCodec("GetTopic");

/** GetTopics request: the stream. */
export interface GetTopicsRequest {
  /** The stream. */
  readonly streamId: Identifier;
}

/** `[stream_id]`. */
export const getTopicsRequest: PayloadCodec<GetTopicsRequest> = {
  name: "GetTopics",
  encode: (w, v) => identifier.encode(w, v.streamId),
  sizeOf: (v) => identifier.sizeOf(v.streamId),
  decode: (r) => ({ streamId: identifier.decode(r) }),
};

/** CreateTopicWithAssignments body (operation 64). */
export interface CreateTopicWithAssignmentsRequest {
  /** The request payload codec. */
  readonly request: CreateTopicRequest;
  /** Options the server derived (raw options block). */
  readonly derivedOptions: Uint8Array;
  /** One assignment per partition: exactly `request.partitionsCount` of them. */
  readonly partitions: readonly CreatedPartitionAssignment[];
}

/**
 * `[request_size:u32][CreateTopic][derived:u32+block][count:u32][assignment × count]`. The
 * embedded request is decoded from exactly `request_size` bytes (its options run to the end of
 * those); a size past the end is `TRUNCATED`; a count different from the request's
 * `partitions_count` is `INVALID_VALUE`. Whole-payload decoding rejects trailing bytes
 * (`INVALID_VALUE`), as the crate does.
 */
export const createTopicWithAssignmentsRequest: PayloadCodec<CreateTopicWithAssignmentsRequest> = {
  name: "CreateTopicWithAssignments",
  trailing: "reject",
  encode(w, v) {
    if (v.partitions.length !== v.request.partitionsCount) {
      throw invalidValue("CreateTopicWithAssignments", "partition assignment count mismatch");
    }
    w.u32le(createTopicRequest.sizeOf(v.request));
    createTopicRequest.encode(w, v.request);
    optionsPrefixed.encode(w, v.derivedOptions);
    w.u32le(v.partitions.length);
    for (const p of v.partitions) createdPartitionAssignment.encode(w, p);
  },
  sizeOf: (v) =>
    4 + createTopicRequest.sizeOf(v.request) + 4 + v.derivedOptions.length + 4 + 16 * v.partitions.length,
  decode(r) {
    const size = r.u32le();
    r.need(size);
    const request = decodeSlice(r, size, (sub) => createTopicRequest.decode(sub));
    const derivedOptions = optionsPrefixed.decode(r);
    const countAt = r.pos;
    const count = r.u32le();
    if (count !== request.partitionsCount) throw invalid(r, "partition assignment count mismatch", countAt);
    const partitions: CreatedPartitionAssignment[] = [];
    // Each assignment takes 16 bytes, so a large count fails on the first missing one.
    for (let i = 0; i < count; i++) partitions.push(createdPartitionAssignment.decode(r));
    return { request, derivedOptions, partitions };
  },
};

/** UpdateTopicResolved body (operation 73). */
export interface UpdateTopicResolvedRequest {
  /** The stream. */
  readonly streamId: Identifier;
  /** The topic. */
  readonly topicId: Identifier;
  /** The name (1–255 UTF-8 bytes). */
  readonly name: string | null;
  /** Options set explicitly (raw options block). */
  readonly explicitOptions: Uint8Array;
  /** Options the server derived (raw options block). */
  readonly derivedOptions: Uint8Array;
}

/** `[stream_id][topic_id][presence:u8][name?][explicit:u32+block][derived:u32+block]`. */
export const updateTopicResolvedRequest: PayloadCodec<UpdateTopicResolvedRequest> = {
  name: "UpdateTopicResolved",
  encode(w, v) {
    identifier.encode(w, v.streamId);
    identifier.encode(w, v.topicId);
    optionalName.encode(w, v.name);
    optionsPrefixed.encode(w, v.explicitOptions);
    optionsPrefixed.encode(w, v.derivedOptions);
  },
  sizeOf: (v) =>
    identifier.sizeOf(v.streamId) + identifier.sizeOf(v.topicId) + optionalName.sizeOf(v.name) + 8 +
    v.explicitOptions.length + v.derivedOptions.length,
  decode(r) {
    const streamId = identifier.decode(r);
    const topicId = identifier.decode(r);
    const name = optionalName.decode(r);
    return { streamId, topicId, name, ...decodeResolvedBlocks(r) };
  },
};

// ---------------------------------------------------------------------------------------------
// Responses.

/** One partition of a topic (a fixed 64-byte record). */
export interface PartitionResponse {
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
  /** The partition context. */
  readonly context: PartitionContext;
}

/** `[id:u32][created_at:u64][segments:u32][current_offset:u64][size:u64][messages:u64][context:24]`. */
export const partitionResponse: PayloadCodec<PartitionResponse> = {
  name: "PartitionResponse",
  encode(w, v) {
    w.u32le(v.id);
    w.u64le(v.createdAt);
    w.u32le(v.segmentsCount);
    w.u64le(v.currentOffset);
    w.u64le(v.sizeBytes);
    w.u64le(v.messagesCount);
    partitionContext.encode(w, v.context);
  },
  sizeOf: () => 64,
  decode: (r) => ({
    id: r.u32le(),
    createdAt: r.u64le(),
    segmentsCount: r.u32le(),
    currentOffset: r.u64le(),
    sizeBytes: r.u64le(),
    messagesCount: r.u64le(),
    context: partitionContext.decode(r),
  }),
};

/** GetTopic (and CreateTopic) response: the header and its `partitionsCount` partitions. */
export interface GetTopicResponse {
  /** The topic header. */
  readonly topic: TopicHeader;
  /** The partitions. */
  readonly partitions: readonly PartitionResponse[];
}

/**
 * `[TopicHeader][PartitionResponse × partitions_count]`; a `partitions` length different from
 * `topic.partitionsCount` is `INVALID_VALUE` on encode.
 */
export const getTopicResponse: PayloadCodec<GetTopicResponse> = {
  name: "GetTopic",
  encode(w, v) {
    if (v.partitions.length !== v.topic.partitionsCount) {
      throw invalidValue(
        "GetTopic",
        `partitionsCount ${v.topic.partitionsCount} but ${v.partitions.length} partition(s)`,
      );
    }
    topicHeader.encode(w, v.topic);
    for (const p of v.partitions) partitionResponse.encode(w, p);
  },
  sizeOf: (v) => topicHeader.sizeOf(v.topic) + 64 * v.partitions.length,
  decode(r) {
    const topic = topicHeader.decode(r);
    const partitions: PartitionResponse[] = [];
    for (let i = 0; i < topic.partitionsCount; i++) partitions.push(partitionResponse.decode(r));
    return { topic, partitions };
  },
};

/** GetTopics response. */
export interface GetTopicsResponse {
  /** The topics. */
  readonly topics: readonly TopicHeader[];
}

/** `[count:u32][TopicHeader × count]`. */
export const getTopicsResponse: PayloadCodec<GetTopicsResponse> = {
  name: "GetTopics",
  encode(w, v) {
    w.u32le(v.topics.length);
    for (const t of v.topics) topicHeader.encode(w, t);
  },
  sizeOf: (v) => 4 + sizeOfAll(topicHeader, v.topics),
  decode(r) {
    const count = r.u32le();
    const topics: TopicHeader[] = [];
    for (let i = 0; i < count; i++) topics.push(topicHeader.decode(r));
    return { topics };
  },
};

const emptyResponse: PayloadCodec<Record<string, never>> = /* @__PURE__ */ emptyCodec("EmptyResponse");

/** The topic commands, for the dispatch table. */
export const topicCommands = [
  { code: CommandCode.GetTopic, name: "GetTopic", request: getTopicRequest, response: getTopicResponse },
  { code: CommandCode.GetTopics, name: "GetTopics", request: getTopicsRequest, response: getTopicsResponse },
  {
    code: CommandCode.CreateTopic,
    name: "CreateTopic",
    request: createTopicRequest,
    response: getTopicResponse,
  },
  {
    code: CommandCode.DeleteTopic,
    name: "DeleteTopic",
    request: deleteTopicRequest,
    response: emptyResponse,
  },
] as const satisfies readonly CommandCodecs[];

/** The topic bodies that travel by operation only. */
export const topicOperations: readonly OperationCodec[] = [
  { operation: 64, name: "CreateTopicWithAssignments", body: createTopicWithAssignmentsRequest },
  { operation: 73, name: "UpdateTopicResolved", body: updateTopicResolvedRequest },
];
