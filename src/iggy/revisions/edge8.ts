/**
 * The command bodies of revision `0.11.1-edge.8` that differ from edge.3 (docs/iggy-revisions.md):
 * the deferred poll (code 106) and its cancel (108), and topic partitions that list their
 * replica members (GetTopic / CreateTopic responses).
 *
 * @module
 */

import type { Reader } from "../../wire/reader.ts";
import type { Writer } from "../../wire/writer.ts";
import { WireError } from "../../wire/error.ts";
import {
  type CommandCodecs,
  emptyCodec,
  invalid,
  invalidValue,
  type PayloadCodec,
  readBytes,
} from "../codec.ts";
import { type PollMessagesRequest, pollMessagesRequest, pollMessagesResponse } from "../commands/messages.ts";
import { type PartitionResponse, partitionResponse } from "../commands/topics.ts";
import { type TopicHeader, topicHeader } from "../commands/streams.ts";
import { COMMAND_TABLE, type CommandMeta } from "../command_table.ts";

/** `POLL_MESSAGES_DEFERRED_CODE`. */
export const POLL_MESSAGES_DEFERRED_CODE = 106;
/** `CANCEL_DEFERRED_REQUEST_CODE`. */
export const CANCEL_DEFERRED_REQUEST_CODE = 108;
/** `FETCH_MESSAGES_CODE` (no codec here yet; see docs/iggy-revisions.md). */
export const FETCH_MESSAGES_CODE = 109;

/** `MAX_DEFERRED_POLL_WAIT_US`: 600 s. */
export const MAX_DEFERRED_POLL_WAIT_US = 600_000_000n;
/** `MAX_DEFERRED_POLL_TIMEOUT_US`: the wait's maximum plus 30 s of headroom. */
export const MAX_DEFERRED_POLL_TIMEOUT_US: bigint = MAX_DEFERRED_POLL_WAIT_US + 30_000_000n;
/** `MIN_DEFERRED_POLL_REPLY_MARGIN_US`: a timeout must cover the wait by 1 s. */
export const MIN_DEFERRED_POLL_REPLY_MARGIN_US = 1_000_000n;
/** `MIN_DEFERRED_POLL_MAX_BYTES`: a poll response header, a batch header and one message header. */
export const MIN_DEFERRED_POLL_MAX_BYTES: number = 40 + 256 + 48;

/** `DeferredPollMessagesRequest` (code 106): a poll that may wait on the server for messages. */
export interface DeferredPollMessagesRequest {
  /** The poll itself (the PollMessages body). */
  readonly poll: PollMessagesRequest;
  /** How long the server may hold the poll for `minCount` messages, µs (u64; 0 answers at once). */
  readonly waitUs: bigint;
  /** Messages that end the wait (1 ≤ minCount ≤ poll.count). */
  readonly minCount: number;
  /** Byte limit of the reply (≥ {@linkcode MIN_DEFERRED_POLL_MAX_BYTES}). */
  readonly maxBytes: number;
  /** The client's own timeout, µs (u64): at least the wait plus 1 s (unless the wait is 0), at most 630 s. */
  readonly requestTimeoutUs: bigint;
}

function deferredProblem(v: DeferredPollMessagesRequest): string | undefined {
  const coversWait = v.waitUs === 0n || v.requestTimeoutUs >= v.waitUs + MIN_DEFERRED_POLL_REPLY_MARGIN_US;
  if (
    v.waitUs > MAX_DEFERRED_POLL_WAIT_US || v.minCount === 0 || v.minCount > v.poll.count ||
    v.requestTimeoutUs === 0n || !coversWait || v.requestTimeoutUs > MAX_DEFERRED_POLL_TIMEOUT_US ||
    v.maxBytes < MIN_DEFERRED_POLL_MAX_BYTES
  ) {
    return "invalid deferred poll wait, message counts or byte limit";
  }
  return undefined;
}

/**
 * `[PollMessages body][wait_us:u64][min_count:u32][max_bytes:u32][request_timeout_us:u64]`, held
 * to the crate's limits on decode and on encode (`INVALID_VALUE`); exactly 24 bytes must follow
 * the poll.
 *
 * @example
 * ```ts
 * import { deferredPollMessagesRequest, encodePayload } from "@streamwire/codec/iggy";
 * const body = encodePayload(deferredPollMessagesRequest, {
 *   poll: {
 *     consumer: { kind: "consumer", id: { kind: "numeric", value: 1 } },
 *     streamId: { kind: "numeric", value: 1 }, topicId: { kind: "numeric", value: 1 },
 *     partitionId: 0, strategy: { kind: "offset", value: 0n }, count: 10, autoCommit: false,
 *   },
 *   waitUs: 0n, minCount: 1, maxBytes: 1 << 20, requestTimeoutUs: 10_000_000n,
 * });
 * console.log(body.length); // 62 (38 + 24)
 * ```
 */
export const deferredPollMessagesRequest: PayloadCodec<DeferredPollMessagesRequest> = {
  name: "DeferredPollMessages",
  encode(w: Writer, v: DeferredPollMessagesRequest): void {
    const problem = deferredProblem(v);
    if (problem !== undefined) throw invalidValue("DeferredPollMessages", problem);
    pollMessagesRequest.encode(w, v.poll);
    w.u64le(v.waitUs);
    w.u32le(v.minCount);
    w.u32le(v.maxBytes);
    w.u64le(v.requestTimeoutUs);
  },
  sizeOf: (v: DeferredPollMessagesRequest) => pollMessagesRequest.sizeOf(v.poll) + 24,
  decode(r: Reader): DeferredPollMessagesRequest {
    const poll = pollMessagesRequest.decode(r);
    const at = r.pos;
    if (r.remaining !== 24) {
      throw invalid(r, "deferred poll requires wait, minimum count, byte limit and request timeout", at);
    }
    const v = {
      poll,
      waitUs: r.u64le(),
      minCount: r.u32le(),
      maxBytes: r.u32le(),
      requestTimeoutUs: r.u64le(),
    };
    const problem = deferredProblem(v);
    if (problem !== undefined) throw invalid(r, problem, at);
    return v;
  },
};

/** A partition of a topic at edge.8: the edge.3 record, then its replica members. */
export interface PartitionMembersResponse extends PartitionResponse {
  /** Node ids of the partition's replicas (at most 255). */
  readonly members: Uint8Array;
  /** Node ids of the replicas in sync (at most 255). */
  readonly inSyncMembers: Uint8Array;
}

function nodes(what: string, list: Uint8Array): void {
  if (list.length > 255) {
    throw invalidValue("PartitionResponse", `${what}: ${list.length} nodes, at most 255`);
  }
}

/** `[64-byte edge.3 partition][members:u8 count + ids][in_sync_members:u8 count + ids]`. */
export const partitionMembersResponse: PayloadCodec<PartitionMembersResponse> = {
  name: "PartitionResponse",
  encode(w: Writer, v: PartitionMembersResponse): void {
    nodes("members", v.members);
    nodes("inSyncMembers", v.inSyncMembers);
    partitionResponse.encode(w, v);
    w.u8(v.members.length);
    w.bytes(v.members);
    w.u8(v.inSyncMembers.length);
    w.bytes(v.inSyncMembers);
  },
  sizeOf: (v: PartitionMembersResponse) => 66 + v.members.length + v.inSyncMembers.length,
  decode(r: Reader): PartitionMembersResponse {
    const p = partitionResponse.decode(r);
    const members = readBytes(r, r.u8());
    const inSyncMembers = readBytes(r, r.u8());
    return { ...p, members, inSyncMembers };
  },
};

/** GetTopic / CreateTopic response at edge.8. */
export interface GetTopicMembersResponse {
  /** The topic header (as edge.3). */
  readonly topic: TopicHeader;
  /** The partitions, with their members. */
  readonly partitions: readonly PartitionMembersResponse[];
}

/**
 * `[TopicHeader][PartitionMembersResponse × partitions_count]`.
 *
 * @example
 * ```ts
 * import { decodePayload, encodePayload, getTopicMembersResponse } from "@streamwire/codec/iggy";
 * const partition = {
 *   id: 0, createdAt: 1n, segmentsCount: 1, currentOffset: 0n, sizeBytes: 0n, messagesCount: 0n,
 *   context: { incarnation: 1n, ownerGeneration: 0n, metadataOp: 1n },
 *   members: new Uint8Array([1, 3]), inSyncMembers: new Uint8Array([1]),
 * };
 * const bytes = encodePayload(getTopicMembersResponse, {
 *   topic: {
 *     id: 1, createdAt: 1n, partitionsCount: 1, sizeBytes: 0n, messagesCount: 0n, name: "t",
 *     options: new Uint8Array(), derivedOptions: new Uint8Array(),
 *   },
 *   partitions: [partition],
 * });
 * console.log(decodePayload(getTopicMembersResponse, bytes).partitions[0].members); // Uint8Array(2) [ 1, 3 ]
 * ```
 */
export const getTopicMembersResponse: PayloadCodec<GetTopicMembersResponse> = {
  name: "GetTopic",
  encode(w: Writer, v: GetTopicMembersResponse): void {
    if (v.partitions.length !== v.topic.partitionsCount) {
      throw invalidValue(
        "GetTopic",
        `partitionsCount ${v.topic.partitionsCount} but ${v.partitions.length} partition(s)`,
      );
    }
    topicHeader.encode(w, v.topic);
    for (const p of v.partitions) partitionMembersResponse.encode(w, p);
  },
  sizeOf: (v: GetTopicMembersResponse) =>
    topicHeader.sizeOf(v.topic) + v.partitions.reduce((n, p) => n + partitionMembersResponse.sizeOf(p), 0),
  decode(r: Reader): GetTopicMembersResponse {
    const topic = topicHeader.decode(r);
    const partitions: PartitionMembersResponse[] = [];
    for (let i = 0; i < topic.partitionsCount; i++) {
      if (r.remaining < 66) throw r.error("TRUNCATED", `partition ${i} of ${topic.partitionsCount}`, r.pos);
      partitions.push(partitionMembersResponse.decode(r));
    }
    return { topic, partitions };
  },
};

const emptyResponse = /* @__PURE__ */ emptyCodec("EmptyResponse");

/**
 * The command table of edge.8: edge.3's, then the three NonReplicated commands it adds (the
 * crate's `COMMAND_TABLE` indexes 49–51).
 *
 * @example
 * ```ts
 * import { edge8CommandTable } from "@streamwire/codec/iggy";
 * console.log(edge8CommandTable().slice(-3).map((m) => m.name)); // [ "message.poll_deferred", "message.cancel_deferred", "message.fetch" ]
 * ```
 */
export function edge8CommandTable(): readonly CommandMeta[] {
  const added = [
    [POLL_MESSAGES_DEFERRED_CODE, "message.poll_deferred"],
    [CANCEL_DEFERRED_REQUEST_CODE, "message.cancel_deferred"],
    [FETCH_MESSAGES_CODE, "message.fetch"],
  ] as const;
  return [
    ...COMMAND_TABLE,
    ...added.map(([code, name]) => Object.freeze({ code, name, operation: undefined, replicated: false })),
  ];
}

/** The commands whose codecs edge.8 adds or changes, over edge.3's table. */
export function edge8Commands(): CommandCodecs[] {
  return [
    {
      code: POLL_MESSAGES_DEFERRED_CODE,
      name: "PollMessagesDeferred",
      request: deferredPollMessagesRequest,
      response: pollMessagesResponse,
    },
    {
      code: CANCEL_DEFERRED_REQUEST_CODE,
      name: "CancelDeferredRequest",
      request: emptyCodec("CancelDeferredRequest"),
      response: emptyResponse,
    },
  ];
}

/** Response codecs edge.8 replaces (by command code). */
export function edge8Responses(): Map<number, PayloadCodec<unknown>> {
  return new Map<number, PayloadCodec<unknown>>([
    [300, getTopicMembersResponse as PayloadCodec<unknown>],
    [302, getTopicMembersResponse as PayloadCodec<unknown>],
  ]);
}

/** An unknown-command error that names the revision a code belongs to. */
export function otherRevisionCommand(
  code: number,
  configured: string,
  belongsTo: string,
  name: string,
): WireError {
  return new WireError("UNKNOWN_COMMAND", {
    context: `Iggy revision ${configured}`,
    detail:
      `command code ${code} (${name}) is not part of revision ${configured}; it looks like revision ${belongsTo}`,
  });
}
