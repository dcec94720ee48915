/**
 * Partition commands (CreatePartitions, DeletePartitions) and the server-internal partition
 * bodies that travel only inside VSR prepares (no command code): CreatePartitionsWithAssignments
 * (operation 65), InstallConsumerGroupOwner (167), TransitionPartitionHistory (168) and
 * RetireConsumerGroupOwners (169). The internal bodies reject trailing bytes, as the crate does.
 *
 * @module
 */

import type { Writer } from "../../wire/writer.ts";
import {
  type CommandCodecs,
  decodeSlice,
  emptyCodec,
  invalid,
  invalidValue,
  type OperationCodec,
  type PayloadCodec,
} from "../codec.ts";
import { type Identifier, identifier } from "../primitives/identifier.ts";
import {
  type ConsumerGroupOwner,
  consumerGroupOwner,
  type CreatedPartitionAssignment,
  createdPartitionAssignment,
} from "../primitives/partition.ts";
import { CommandCode } from "../command_codes.ts";

/** Most partitions one create/delete request may name (enforced by the server, not the codec). */
export const MAX_PARTITIONS_PER_REQUEST = 1000;

/** Most live group ids one RetireConsumerGroupOwners catalog may carry. */
export const CONSUMER_GROUP_OWNERS_MAX = 1 << 20;

/** CreatePartitions (402) / DeletePartitions (403) request. */
export interface PartitionsRequest {
  /** The stream, by numeric id or name. */
  readonly streamId: Identifier;
  /** The topic, by numeric id or name. */
  readonly topicId: Identifier;
  /** Number of partitions. */
  readonly partitionsCount: number;
}

function partitionsCodec(name: string): PayloadCodec<PartitionsRequest> {
  return {
    name,
    encode(w, v) {
      identifier.encode(w, v.streamId);
      identifier.encode(w, v.topicId);
      w.u32le(v.partitionsCount);
    },
    sizeOf: (v) => identifier.sizeOf(v.streamId) + identifier.sizeOf(v.topicId) + 4,
    decode: (r) => ({
      streamId: identifier.decode(r),
      topicId: identifier.decode(r),
      partitionsCount: r.u32le(),
    }),
  };
}

/**
 * `CreatePartitions` request: `[stream_id][topic_id][partitions_count:u32]`.
 *
 * @example
 * ```ts
 * import { createPartitionsRequest, encodePayload } from "@streamwire/codec/iggy";
 * encodePayload(createPartitionsRequest, {
 *   streamId: { kind: "numeric", value: 1 }, topicId: { kind: "numeric", value: 2 }, partitionsCount: 3,
 * }); // 01 04 01 00 00 00 01 04 02 00 00 00 03 00 00 00
 * ```
 */
export const createPartitionsRequest: PayloadCodec<PartitionsRequest> = /* @__PURE__ */ partitionsCodec(
  "CreatePartitions",
);

/** `DeletePartitions` request: `[stream_id][topic_id][partitions_count:u32]`. */
export const deletePartitionsRequest: PayloadCodec<PartitionsRequest> = /* @__PURE__ */ partitionsCodec(
  "DeletePartitions",
);

/** The replicated CreatePartitions body with the placement decided by the primary. */
export interface CreatePartitionsWithAssignmentsRequest {
  /** The client's CreatePartitions request. */
  readonly request: PartitionsRequest;
  /** One assignment per created partition: as many as `request.partitionsCount`. */
  readonly partitions: readonly CreatedPartitionAssignment[];
}

/**
 * `[request_len:u32][CreatePartitions request][count:u32][assignment:16]*`. The inner request
 * must fill `request_len` exactly and `count` must equal its `partitions_count`
 * (`INVALID_VALUE`); a `request_len` beyond the payload is `TRUNCATED`.
 */
export const createPartitionsWithAssignmentsRequest: PayloadCodec<CreatePartitionsWithAssignmentsRequest> = {
  name: "CreatePartitionsWithAssignments",
  trailing: "reject",
  encode(w, v) {
    if (v.partitions.length !== v.request.partitionsCount) {
      throw invalidValue(
        "CreatePartitionsWithAssignments",
        `${v.partitions.length} assignment(s) for partitions_count ${v.request.partitionsCount}`,
      );
    }
    w.u32le(createPartitionsRequest.sizeOf(v.request));
    createPartitionsRequest.encode(w, v.request);
    w.u32le(v.partitions.length);
    for (const p of v.partitions) createdPartitionAssignment.encode(w, p);
  },
  sizeOf: (v) => 8 + createPartitionsRequest.sizeOf(v.request) + 16 * v.partitions.length,
  decode(r) {
    const size = r.u32le();
    r.need(size);
    const start = r.pos;
    const request = decodeSlice(r, size, (sub) => {
      const inner = createPartitionsRequest.decode(sub);
      if (sub.pos !== sub.end) throw invalid(r, "trailing create partitions request bytes", start + sub.pos);
      return inner;
    });
    const countAt = r.pos;
    const count = r.u32le();
    if (count !== request.partitionsCount) throw invalid(r, "partition assignment count mismatch", countAt);
    // No preallocation: each element is read (and bounds-checked) before it is kept.
    const partitions: CreatedPartitionAssignment[] = [];
    for (let i = 0; i < count; i++) partitions.push(createdPartitionAssignment.decode(r));
    return { request, partitions };
  },
};

/** Server-only partition barrier installing a consumer group's offset owner. */
export interface InstallConsumerGroupOwnerRequest {
  /** u64. */
  readonly incarnation: bigint;
  /** u64. */
  readonly groupId: bigint;
  /** The owner to install. */
  readonly owner: ConsumerGroupOwner;
  /** Non-zero u64. */
  readonly metadataOp: bigint;
}

function checkOwner(what: string, o: ConsumerGroupOwner): void {
  if ((o.clientId === 0n) !== (o.session === 0n)) {
    throw invalidValue(what, "incomplete consumer owner identity");
  }
}

/**
 * `[incarnation:u64][group_id:u64][owner:32][metadata_op:u64]` (56 bytes). The owner's
 * identity is checked as soon as it is read; a zero generation or metadata_op is
 * `INVALID_VALUE`.
 */
export const installConsumerGroupOwnerRequest: PayloadCodec<InstallConsumerGroupOwnerRequest> = {
  name: "InstallConsumerGroupOwner",
  trailing: "reject",
  encode(w: Writer, v) {
    checkOwner("InstallConsumerGroupOwner", v.owner);
    if (v.owner.generation === 0n || v.metadataOp === 0n) {
      throw invalidValue("InstallConsumerGroupOwner", "incomplete ownership transition identity");
    }
    w.u64le(v.incarnation);
    w.u64le(v.groupId);
    consumerGroupOwner.encode(w, v.owner);
    w.u64le(v.metadataOp);
  },
  sizeOf: () => 56,
  decode(r) {
    const start = r.pos;
    const incarnation = r.u64le();
    const groupId = r.u64le();
    const owner = consumerGroupOwner.decode(r);
    const metadataOp = r.u64le();
    if (owner.generation === 0n || metadataOp === 0n) {
      throw invalid(r, "incomplete ownership transition identity", start);
    }
    return { incarnation, groupId, owner, metadataOp };
  },
};

/** Server-only: retire the owners of consumer groups the metadata catalog no longer lists. */
export interface RetireConsumerGroupOwnersRequest {
  /** The partition incarnation (u64). */
  readonly incarnation: bigint;
  /** Non-zero u64. */
  readonly metadataOp: bigint;
  /** Group ids below this one that are absent from `liveGroupIds` are retired. */
  readonly nextGroupId: bigint;
  /** Strictly ascending, each below `nextGroupId`, at most {@linkcode CONSUMER_GROUP_OWNERS_MAX}. */
  readonly liveGroupIds: readonly bigint[];
}

/**
 * `[incarnation:u64][metadata_op:u64][next_group_id:u64][count:u32][group_id:u64]*`. A zero
 * metadata_op, a count over the limit, a list shorter than the count (note: `INVALID_VALUE`,
 * not `TRUNCATED`), or ids out of order or not below next_group_id are `INVALID_VALUE`.
 */
export const retireConsumerGroupOwnersRequest: PayloadCodec<RetireConsumerGroupOwnersRequest> = {
  name: "RetireConsumerGroupOwners",
  trailing: "reject",
  encode(w, v) {
    const ids = v.liveGroupIds;
    if (v.metadataOp === 0n || ids.length > CONSUMER_GROUP_OWNERS_MAX) {
      throw invalidValue("RetireConsumerGroupOwners", "invalid owner retirement catalog");
    }
    for (let i = 0; i < ids.length; i++) {
      if (ids[i] >= v.nextGroupId || (i > 0 && ids[i - 1] >= ids[i])) {
        throw invalidValue("RetireConsumerGroupOwners", "unordered owner retirement catalog");
      }
    }
    w.u64le(v.incarnation);
    w.u64le(v.metadataOp);
    w.u64le(v.nextGroupId);
    w.u32le(ids.length);
    for (const id of ids) w.u64le(id);
  },
  sizeOf: (v) => 28 + 8 * v.liveGroupIds.length,
  decode(r) {
    const incarnation = r.u64le();
    const metadataOp = r.u64le();
    const nextGroupId = r.u64le();
    const countAt = r.pos;
    const count = r.u32le();
    if (metadataOp === 0n || count > CONSUMER_GROUP_OWNERS_MAX) {
      throw invalid(r, "invalid owner retirement catalog", countAt);
    }
    if (count * 8 > r.remaining) throw invalid(r, "truncated owner retirement catalog", countAt);
    const liveGroupIds: bigint[] = [];
    for (let i = 0; i < count; i++) {
      const at = r.pos;
      const id = r.u64le();
      if (id >= nextGroupId || (i > 0 && liveGroupIds[i - 1] >= id)) {
        throw invalid(r, "unordered owner retirement catalog", at);
      }
      liveGroupIds.push(id);
    }
    return { incarnation, metadataOp, nextGroupId, liveGroupIds };
  },
};

/** Server-only: the terminal fence of a partition incarnation being deleted. */
export interface TransitionPartitionHistoryRequest {
  /** The partition incarnation (u64). */
  readonly incarnation: bigint;
  /** Non-zero u64. */
  readonly metadataOp: bigint;
}

/** `[incarnation:u64][metadata_op:u64]`; a zero metadata_op is `INVALID_VALUE`. */
export const transitionPartitionHistoryRequest: PayloadCodec<TransitionPartitionHistoryRequest> = {
  name: "TransitionPartitionHistory",
  trailing: "reject",
  encode(w, v) {
    if (v.metadataOp === 0n) {
      throw invalidValue("TransitionPartitionHistory", "missing history transition identity");
    }
    w.u64le(v.incarnation);
    w.u64le(v.metadataOp);
  },
  sizeOf: () => 16,
  decode(r) {
    const start = r.pos;
    const incarnation = r.u64le();
    const metadataOp = r.u64le();
    if (metadataOp === 0n) throw invalid(r, "missing history transition identity", start);
    return { incarnation, metadataOp };
  },
};

const emptyResponse: PayloadCodec<Record<string, never>> = emptyCodec("EmptyResponse");

/** The partition commands, for the dispatch table. */
export const partitionCommands = [
  {
    code: CommandCode.CreatePartitions,
    name: "CreatePartitions",
    request: createPartitionsRequest,
    response: emptyResponse,
  },
  {
    code: CommandCode.DeletePartitions,
    name: "DeletePartitions",
    request: deletePartitionsRequest,
    response: emptyResponse,
  },
] as const satisfies readonly CommandCodecs[];

/** The partition bodies that travel by operation only. */
export const partitionOperations: readonly OperationCodec[] = [
  { operation: 65, name: "CreatePartitionsWithAssignments", body: createPartitionsWithAssignmentsRequest },
  { operation: 167, name: "InstallConsumerGroupOwner", body: installConsumerGroupOwnerRequest },
  { operation: 168, name: "TransitionPartitionHistory", body: transitionPartitionHistoryRequest },
  { operation: 169, name: "RetireConsumerGroupOwners", body: retireConsumerGroupOwnersRequest },
];
