/**
 * How a (stream, topic, partition) triple packs into a consensus group id, and the reserved
 * metadata group. Clients never send a namespace; these describe the `group` values found in
 * server-to-server headers.
 *
 * @module
 */

import { WireError } from "../../wire/error.ts";

/** Streams addressable in a packed namespace. */
export const MAX_STREAMS = 1 << 20;
/** Topics per stream. */
export const MAX_TOPICS = 4096;
/** Partitions per topic. */
export const MAX_PARTITIONS = 1_000_000;

/**
 * Bits needed to hold `n` (1 for 0). The crate's `bits_required`.
 *
 * @example
 * ```ts
 * import { bitsRequired } from "@streamwire/codec/iggy";
 * console.log(bitsRequired(4095)); // 12
 * ```
 */
export function bitsRequired(n: bigint | number): number {
  let v = BigInt(n);
  if (v === 0n) return 1;
  let b = 0;
  while (v > 0n) {
    b++;
    v >>= 1n;
  }
  return b;
}

/** Stream field width (20). */
export const STREAM_BITS = 20;
/** Topic field width (12). */
export const TOPIC_BITS = 12;
/** Partition field width (20). */
export const PARTITION_BITS = 20;
/** Partition field shift (0). */
export const PARTITION_SHIFT = 0;
/** Topic field shift (20). */
export const TOPIC_SHIFT: number = PARTITION_SHIFT + PARTITION_BITS;
/** Stream field shift (32). */
export const STREAM_SHIFT: number = TOPIC_SHIFT + TOPIC_BITS;
/** Partition field mask. */
export const PARTITION_MASK: bigint = (1n << BigInt(PARTITION_BITS)) - 1n;
/** Topic field mask. */
export const TOPIC_MASK: bigint = (1n << BigInt(TOPIC_BITS)) - 1n;
/** Stream field mask. */
export const STREAM_MASK: bigint = (1n << BigInt(STREAM_BITS)) - 1n;
/** Bits the packed layout uses (52). */
export const PACKED_NAMESPACE_BITS: number = STREAM_BITS + TOPIC_BITS + PARTITION_BITS;
/** Largest packed value. */
export const PACKED_NAMESPACE_MAX: bigint = (1n << BigInt(PACKED_NAMESPACE_BITS)) - 1n;
/** The metadata plane's consensus group (the top bit, above every packed value). */
export const METADATA_GROUP: bigint = 1n << 63n;

/**
 * Packs a partition's namespace into its consensus group id. Bounds are the `MAX_*` constants
 * (not the wider masks), as the crate checks them.
 *
 * @example
 * ```ts
 * import { packNamespace } from "@streamwire/codec/iggy";
 * console.log(packNamespace(1, 2, 3).toString(16)); // 100200003
 * ```
 */
export function packNamespace(stream: number, topic: number, partition: number): bigint {
  if (!Number.isInteger(stream) || stream < 0 || stream >= MAX_STREAMS) {
    throw new WireError("VALUE_OUT_OF_RANGE", {
      side: "encode",
      detail: `stream ${stream} outside [0, ${MAX_STREAMS})`,
    });
  }
  if (!Number.isInteger(topic) || topic < 0 || topic >= MAX_TOPICS) {
    throw new WireError("VALUE_OUT_OF_RANGE", {
      side: "encode",
      detail: `topic ${topic} outside [0, ${MAX_TOPICS})`,
    });
  }
  if (!Number.isInteger(partition) || partition < 0 || partition >= MAX_PARTITIONS) {
    throw new WireError("VALUE_OUT_OF_RANGE", {
      side: "encode",
      detail: `partition ${partition} outside [0, ${MAX_PARTITIONS})`,
    });
  }
  return (BigInt(stream) << BigInt(STREAM_SHIFT)) | (BigInt(topic) << BigInt(TOPIC_SHIFT)) |
    BigInt(partition);
}

/**
 * Splits a packed partition group back into its fields (no range checks beyond the masks).
 *
 * @example
 * ```ts
 * import { unpackNamespace } from "@streamwire/codec/iggy";
 * console.log(unpackNamespace(0x100200003n)); // { stream: 1, topic: 2, partition: 3 }
 * ```
 */
export function unpackNamespace(group: bigint): { stream: number; topic: number; partition: number } {
  return {
    stream: Number((group >> BigInt(STREAM_SHIFT)) & STREAM_MASK),
    topic: Number((group >> BigInt(TOPIC_SHIFT)) & TOPIC_MASK),
    partition: Number(group & PARTITION_MASK),
  };
}
