/**
 * Fixed-size partition records: `CreatedPartitionAssignment` (16 bytes, in the internal
 * "with assignments" bodies), `PartitionContext` (24 bytes, the context a partition operation
 * was issued under) and `ConsumerGroupOwner` (32 bytes, the exact offset authority of a
 * partition).
 *
 * @module
 */

import type { Reader } from "../../wire/reader.ts";
import type { Writer } from "../../wire/writer.ts";
import { invalid, type PayloadCodec } from "../codec.ts";

/** A partition created with its consensus group and the view it was placed in. */
export interface CreatedPartitionAssignment {
  /** The partition. */
  readonly partitionId: number;
  /** u64. */
  readonly consensusGroupId: bigint;
  /** The view the partition was placed in. */
  readonly initialView: number;
}

/**
 * `CreatedPartitionAssignment`: `[partition_id:u32][consensus_group_id:u64][initial_view:u32]`.
 * Fewer than 16 bytes is `TRUNCATED` (need 16), checked before any field.
 */
export const createdPartitionAssignment: PayloadCodec<CreatedPartitionAssignment> = {
  name: "CreatedPartitionAssignment",
  encode(w: Writer, v: CreatedPartitionAssignment): void {
    w.u32le(v.partitionId);
    w.u64le(v.consensusGroupId);
    w.u32le(v.initialView);
  },
  sizeOf: () => 16,
  decode(r: Reader): CreatedPartitionAssignment {
    r.need(16);
    return { partitionId: r.u32le(), consensusGroupId: r.u64le(), initialView: r.u32le() };
  },
};

/** The partition state an operation was issued against (all u64). */
export interface PartitionContext {
  /** Partition incarnation: changes when a partition id is reused (u64). */
  readonly incarnation: bigint;
  /** Installed consumer-group owner generation; 0 without a group (u64). */
  readonly ownerGeneration: bigint;
  /** Applied metadata frontier (u64). */
  readonly metadataOp: bigint;
}

/** `PartitionContext`: three u64, 24 bytes. */
export const partitionContext: PayloadCodec<PartitionContext> = {
  name: "PartitionContext",
  encode(w: Writer, v: PartitionContext): void {
    w.u64le(v.incarnation);
    w.u64le(v.ownerGeneration);
    w.u64le(v.metadataOp);
  },
  sizeOf: () => 24,
  decode(r: Reader): PartitionContext {
    return { incarnation: r.u64le(), ownerGeneration: r.u64le(), metadataOp: r.u64le() };
  },
};

/** The owner a partition log installed for a consumer group. */
export interface ConsumerGroupOwner {
  /** u128. */
  readonly clientId: bigint;
  /** u64. */
  readonly session: bigint;
  /** u64: the metadata op that decided this owner. */
  readonly generation: bigint;
}

/**
 * `ConsumerGroupOwner`: `[client_id:u128][session:u64][generation:u64]`. Client and session
 * are both zero (unowned) or both non-zero; anything else is `INVALID_VALUE` on decode.
 */
export const consumerGroupOwner: PayloadCodec<ConsumerGroupOwner> = {
  name: "ConsumerGroupOwner",
  encode(w: Writer, v: ConsumerGroupOwner): void {
    w.u128le(v.clientId);
    w.u64le(v.session);
    w.u64le(v.generation);
  },
  sizeOf: () => 32,
  decode(r: Reader): ConsumerGroupOwner {
    const start = r.pos;
    const v = { clientId: r.u128le(), session: r.u64le(), generation: r.u64le() };
    if ((v.clientId === 0n) !== (v.session === 0n)) {
      throw invalid(r, "incomplete consumer owner identity", start);
    }
    return v;
  },
};
