/**
 * Consumer group commands: create, delete, get one (with its members and their partitions),
 * list, join, leave, and sync (a member's current assignment and the group generation).
 *
 * @module
 */

import {
  type CommandCodecs,
  emptyCodec,
  invalidValue,
  type PayloadCodec,
  readUntilEnd,
  sizeOfAll,
} from "../codec.ts";
import { type Identifier, identifier, wireName } from "../primitives/identifier.ts";
import { CommandCode } from "../command_codes.ts";

/** `CreateConsumerGroup` request (code 602). */
export interface CreateConsumerGroupRequest {
  /** The stream, by numeric id or name. */
  readonly streamId: Identifier;
  /** The topic, by numeric id or name. */
  readonly topicId: Identifier;
  /** 1–255 UTF-8 bytes. */
  readonly name: string;
}

/**
 * `[stream_id][topic_id][name]`.
 *
 * @example
 * ```ts
 * import { createConsumerGroupRequest, encodePayload } from "@streamwire/codec/iggy";
 * encodePayload(createConsumerGroupRequest, {
 *   streamId: { kind: "numeric", value: 1 }, topicId: { kind: "numeric", value: 2 }, name: "g",
 * }); // 01 04 01 00 00 00 01 04 02 00 00 00 01 67
 * ```
 */
export const createConsumerGroupRequest: PayloadCodec<CreateConsumerGroupRequest> = {
  name: "CreateConsumerGroup",
  encode(w, v) {
    identifier.encode(w, v.streamId);
    identifier.encode(w, v.topicId);
    wireName.encode(w, v.name);
  },
  sizeOf: (v) => identifier.sizeOf(v.streamId) + identifier.sizeOf(v.topicId) + wireName.sizeOf(v.name),
  decode: (r) => ({
    streamId: identifier.decode(r),
    topicId: identifier.decode(r),
    name: wireName.decode(r),
  }),
};

/** A request naming one group of one topic. */
export interface ConsumerGroupRef {
  /** The stream, by numeric id or name. */
  readonly streamId: Identifier;
  /** The topic, by numeric id or name. */
  readonly topicId: Identifier;
  /** The consumer group, by numeric id or name. */
  readonly groupId: Identifier;
}

function groupRefCodec(name: string): PayloadCodec<ConsumerGroupRef> {
  return {
    name,
    encode(w, v) {
      identifier.encode(w, v.streamId);
      identifier.encode(w, v.topicId);
      identifier.encode(w, v.groupId);
    },
    sizeOf: (v) =>
      identifier.sizeOf(v.streamId) + identifier.sizeOf(v.topicId) + identifier.sizeOf(v.groupId),
    decode: (r) => ({
      streamId: identifier.decode(r),
      topicId: identifier.decode(r),
      groupId: identifier.decode(r),
    }),
  };
}

/** `DeleteConsumerGroup` request (code 603): `[stream_id][topic_id][group_id]`. */
export const deleteConsumerGroupRequest: PayloadCodec<ConsumerGroupRef> = /* @__PURE__ */ groupRefCodec(
  "DeleteConsumerGroup",
);
/** `GetConsumerGroup` request (code 600): `[stream_id][topic_id][group_id]`. */
export const getConsumerGroupRequest: PayloadCodec<ConsumerGroupRef> = /* @__PURE__ */ groupRefCodec(
  "GetConsumerGroup",
);
/** `JoinConsumerGroup` request (code 604): `[stream_id][topic_id][group_id]`. */
export const joinConsumerGroupRequest: PayloadCodec<ConsumerGroupRef> = /* @__PURE__ */ groupRefCodec(
  "JoinConsumerGroup",
);
/** `LeaveConsumerGroup` request (code 605): `[stream_id][topic_id][group_id]`. */
export const leaveConsumerGroupRequest: PayloadCodec<ConsumerGroupRef> = /* @__PURE__ */ groupRefCodec(
  "LeaveConsumerGroup",
);
/** `SyncConsumerGroup` request (code 606): `[stream_id][topic_id][group_id]`. */
export const syncConsumerGroupRequest: PayloadCodec<ConsumerGroupRef> = /* @__PURE__ */ groupRefCodec(
  "SyncConsumerGroup",
);

/** `GetConsumerGroups` request (code 601). */
export interface GetConsumerGroupsRequest {
  /** The stream, by numeric id or name. */
  readonly streamId: Identifier;
  /** The topic, by numeric id or name. */
  readonly topicId: Identifier;
}

/** `[stream_id][topic_id]`. */
export const getConsumerGroupsRequest: PayloadCodec<GetConsumerGroupsRequest> = {
  name: "GetConsumerGroups",
  encode(w, v) {
    identifier.encode(w, v.streamId);
    identifier.encode(w, v.topicId);
  },
  sizeOf: (v) => identifier.sizeOf(v.streamId) + identifier.sizeOf(v.topicId),
  decode: (r) => ({ streamId: identifier.decode(r), topicId: identifier.decode(r) }),
};

/** A consumer group record. */
export interface ConsumerGroupResponse {
  /** Numeric id. */
  readonly id: number;
  /** Number of partitions. */
  readonly partitionsCount: number;
  /** Number of members. */
  readonly membersCount: number;
  /** 1–255 UTF-8 bytes. */
  readonly name: string;
}

/** `[id:u32][partitions_count:u32][members_count:u32][name]`. */
export const consumerGroupResponse: PayloadCodec<ConsumerGroupResponse> = {
  name: "ConsumerGroupResponse",
  encode(w, v) {
    w.u32le(v.id);
    w.u32le(v.partitionsCount);
    w.u32le(v.membersCount);
    wireName.encode(w, v.name);
  },
  sizeOf: (v) => 12 + wireName.sizeOf(v.name),
  decode: (r) => ({
    id: r.u32le(),
    partitionsCount: r.u32le(),
    membersCount: r.u32le(),
    name: wireName.decode(r),
  }),
};

/** A group member and the partitions assigned to it. */
export interface ConsumerGroupMemberResponse {
  /** Numeric id. */
  readonly id: number;
  /** Always `partitions.length` (the wire carries it before the list). */
  readonly partitionsCount: number;
  /** Partition ids. */
  readonly partitions: readonly number[];
}

/** `[id:u32][partitions_count:u32][partition_id:u32]*`. */
export const consumerGroupMemberResponse: PayloadCodec<ConsumerGroupMemberResponse> = {
  name: "ConsumerGroupMemberResponse",
  encode(w, v) {
    if (v.partitionsCount !== v.partitions.length) {
      throw invalidValue(
        "ConsumerGroupMemberResponse",
        `partitionsCount ${v.partitionsCount} but ${v.partitions.length} partition(s)`,
      );
    }
    w.u32le(v.id);
    w.u32le(v.partitions.length);
    for (const p of v.partitions) w.u32le(p);
  },
  sizeOf: (v) => 8 + 4 * v.partitions.length,
  decode(r) {
    const id = r.u32le();
    const partitionsCount = r.u32le();
    // A count past the end fails at the first missing id (TRUNCATED, as the crate reports);
    // nothing is allocated for it up front.
    const partitions: number[] = [];
    for (let i = 0; i < partitionsCount; i++) partitions.push(r.u32le());
    return { id, partitionsCount, partitions };
  },
};

/** `GetConsumerGroup` response: the group and its `membersCount` members. */
export interface ConsumerGroupDetailsResponse {
  /** The group record. */
  readonly group: ConsumerGroupResponse;
  /** Exactly `group.membersCount` members. */
  readonly members: readonly ConsumerGroupMemberResponse[];
}

/** `[ConsumerGroupResponse][ConsumerGroupMemberResponse]*` with `members_count` members. */
export const consumerGroupDetailsResponse: PayloadCodec<ConsumerGroupDetailsResponse> = {
  name: "GetConsumerGroup",
  encode(w, v) {
    if (v.group.membersCount !== v.members.length) {
      throw invalidValue(
        "GetConsumerGroup",
        `membersCount ${v.group.membersCount} but ${v.members.length} member(s)`,
      );
    }
    consumerGroupResponse.encode(w, v.group);
    for (const m of v.members) consumerGroupMemberResponse.encode(w, m);
  },
  sizeOf: (v) => consumerGroupResponse.sizeOf(v.group) + sizeOfAll(consumerGroupMemberResponse, v.members),
  decode(r) {
    const group = consumerGroupResponse.decode(r);
    const members: ConsumerGroupMemberResponse[] = [];
    for (let i = 0; i < group.membersCount; i++) members.push(consumerGroupMemberResponse.decode(r));
    return { group, members };
  },
};

/** `GetConsumerGroups` response. */
export interface GetConsumerGroupsResponse {
  /** The group records. */
  readonly groups: readonly ConsumerGroupResponse[];
}

/** Group records to the end of the payload; empty means no groups. */
export const getConsumerGroupsResponse: PayloadCodec<GetConsumerGroupsResponse> = {
  name: "GetConsumerGroups",
  encode(w, v) {
    for (const g of v.groups) consumerGroupResponse.encode(w, g);
  },
  sizeOf: (v) => sizeOfAll(consumerGroupResponse, v.groups),
  decode: (r) => ({ groups: readUntilEnd(r, consumerGroupResponse.decode) }),
};

/** `SyncConsumerGroup` response: the caller's assignment in the current generation. */
export interface SyncConsumerGroupResponse {
  /** u64. */
  readonly generation: bigint;
  /** Partition ids. */
  readonly partitions: readonly number[];
}

/** `[generation:u64][partitions_count:u32][partition_id:u32]*`. */
export const syncConsumerGroupResponse: PayloadCodec<SyncConsumerGroupResponse> = {
  name: "SyncConsumerGroup",
  encode(w, v) {
    w.u64le(v.generation);
    w.u32le(v.partitions.length);
    for (const p of v.partitions) w.u32le(p);
  },
  sizeOf: (v) => 12 + 4 * v.partitions.length,
  decode(r) {
    const generation = r.u64le();
    const count = r.u32le();
    const partitions: number[] = [];
    for (let i = 0; i < count; i++) partitions.push(r.u32le());
    return { generation, partitions };
  },
};

const emptyResponse: PayloadCodec<Record<string, never>> = /* @__PURE__ */ emptyCodec("EmptyResponse");

/** The consumer group commands, for the dispatch table. */
export const consumerGroupCommands = [
  {
    code: CommandCode.GetConsumerGroup,
    name: "GetConsumerGroup",
    request: getConsumerGroupRequest,
    response: consumerGroupDetailsResponse,
  },
  {
    code: CommandCode.GetConsumerGroups,
    name: "GetConsumerGroups",
    request: getConsumerGroupsRequest,
    response: getConsumerGroupsResponse,
  },
  {
    code: CommandCode.CreateConsumerGroup,
    name: "CreateConsumerGroup",
    request: createConsumerGroupRequest,
    response: emptyResponse,
  },
  {
    code: CommandCode.DeleteConsumerGroup,
    name: "DeleteConsumerGroup",
    request: deleteConsumerGroupRequest,
    response: emptyResponse,
  },
  {
    code: CommandCode.JoinConsumerGroup,
    name: "JoinConsumerGroup",
    request: joinConsumerGroupRequest,
    response: emptyResponse,
  },
  {
    code: CommandCode.LeaveConsumerGroup,
    name: "LeaveConsumerGroup",
    request: leaveConsumerGroupRequest,
    response: emptyResponse,
  },
  {
    code: CommandCode.SyncConsumerGroup,
    name: "SyncConsumerGroup",
    request: syncConsumerGroupRequest,
    response: syncConsumerGroupResponse,
  },
] as const satisfies readonly CommandCodecs[];
