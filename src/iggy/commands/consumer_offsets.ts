/**
 * Consumer offset commands: get, store and delete the offset a consumer, consumer group or
 * external group keeps on a partition.
 *
 * The partition id travels as `[flag:u8][id:u32]`, five bytes either way: a flag of exactly 1
 * means the id is present; any other flag means `null` and the four id bytes are skipped
 * unread, as the crate does.
 *
 * @module
 */

import type { Reader } from "../../wire/reader.ts";
import type { Writer } from "../../wire/writer.ts";
import { type CommandCodecs, emptyCodec, type PayloadCodec } from "../codec.ts";
import { type Consumer, consumer } from "../primitives/consumer.ts";
import { type Identifier, identifier } from "../primitives/identifier.ts";
import { type AckLevel, ackLevel } from "../primitives/polling_strategy.ts";
import { CommandCode } from "../command_codes.ts";

function writePartition(w: Writer, p: number | null): void {
  w.u8(p === null ? 0 : 1);
  w.u32le(p ?? 0);
}

function readPartition(r: Reader): number | null {
  const flag = r.u8();
  const id = r.u32le();
  return flag === 1 ? id : null;
}

function prefixSize(v: { consumer: Consumer; streamId: Identifier; topicId: Identifier }): number {
  return consumer.sizeOf(v.consumer) + identifier.sizeOf(v.streamId) + identifier.sizeOf(v.topicId) + 5;
}

/** `GetConsumerOffset` request (code 120). */
export interface GetConsumerOffsetRequest {
  /** Who owns the offset: a consumer, a consumer group or an external group. */
  readonly consumer: Consumer;
  /** The stream, by numeric id or name. */
  readonly streamId: Identifier;
  /** The topic, by numeric id or name. */
  readonly topicId: Identifier;
  /** `null`: let the server pick (the group's assigned partition). */
  readonly partitionId: number | null;
}

/**
 * `[consumer][stream_id][topic_id][flag:u8][partition_id:u32]`.
 *
 * @example
 * ```ts
 * import { encodePayload, getConsumerOffsetRequest } from "@streamwire/codec/iggy";
 * encodePayload(getConsumerOffsetRequest, {
 *   consumer: { kind: "consumer", id: { kind: "numeric", value: 1 } },
 *   streamId: { kind: "numeric", value: 2 }, topicId: { kind: "numeric", value: 3 }, partitionId: null,
 * }).length; // 24
 * ```
 */
export const getConsumerOffsetRequest: PayloadCodec<GetConsumerOffsetRequest> = {
  name: "GetConsumerOffset",
  encode(w, v) {
    consumer.encode(w, v.consumer);
    identifier.encode(w, v.streamId);
    identifier.encode(w, v.topicId);
    writePartition(w, v.partitionId);
  },
  sizeOf: prefixSize,
  decode: (r) => ({
    consumer: consumer.decode(r),
    streamId: identifier.decode(r),
    topicId: identifier.decode(r),
    partitionId: readPartition(r),
  }),
};

/** `StoreConsumerOffset` request (code 121). */
export interface StoreConsumerOffsetRequest extends GetConsumerOffsetRequest {
  /** u64. */
  readonly offset: bigint;
  /** Acknowledgement level. */
  readonly ack: AckLevel;
}

/** `[consumer][stream_id][topic_id][flag:u8][partition_id:u32][offset:u64][ack:u8]`. */
export const storeConsumerOffsetRequest: PayloadCodec<StoreConsumerOffsetRequest> = {
  name: "StoreConsumerOffset",
  encode(w, v) {
    getConsumerOffsetRequest.encode(w, v);
    w.u64le(v.offset);
    ackLevel.encode(w, v.ack);
  },
  sizeOf: (v) => prefixSize(v) + 9,
  decode: (r) => ({
    consumer: consumer.decode(r),
    streamId: identifier.decode(r),
    topicId: identifier.decode(r),
    partitionId: readPartition(r),
    offset: r.u64le(),
    ack: ackLevel.decode(r),
  }),
};

/** `DeleteConsumerOffset` request (code 122). */
export interface DeleteConsumerOffsetRequest extends GetConsumerOffsetRequest {
  /** Acknowledgement level. */
  readonly ack: AckLevel;
}

/** `[consumer][stream_id][topic_id][flag:u8][partition_id:u32][ack:u8]`. */
export const deleteConsumerOffsetRequest: PayloadCodec<DeleteConsumerOffsetRequest> = {
  name: "DeleteConsumerOffset",
  encode(w, v) {
    getConsumerOffsetRequest.encode(w, v);
    ackLevel.encode(w, v.ack);
  },
  sizeOf: (v) => prefixSize(v) + 1,
  decode: (r) => ({
    consumer: consumer.decode(r),
    streamId: identifier.decode(r),
    topicId: identifier.decode(r),
    partitionId: readPartition(r),
    ack: ackLevel.decode(r),
  }),
};

/** `GetConsumerOffset` response. */
export interface ConsumerOffsetResponse {
  /** `null`: the server picks (a group's assigned partition). */
  readonly partitionId: number;
  /** The partition's latest offset (u64). */
  readonly currentOffset: bigint;
  /** The consumer's stored offset (u64). */
  readonly storedOffset: bigint;
}

/** `[partition_id:u32][current_offset:u64][stored_offset:u64]` (20 bytes). */
export const consumerOffsetResponse: PayloadCodec<ConsumerOffsetResponse> = {
  name: "GetConsumerOffset",
  encode(w, v) {
    w.u32le(v.partitionId);
    w.u64le(v.currentOffset);
    w.u64le(v.storedOffset);
  },
  sizeOf: () => 20,
  decode: (r) => ({ partitionId: r.u32le(), currentOffset: r.u64le(), storedOffset: r.u64le() }),
};

const emptyResponse: PayloadCodec<Record<string, never>> = emptyCodec("EmptyResponse");

/** The consumer offset commands, for the dispatch table. */
export const consumerOffsetCommands = [
  {
    code: CommandCode.GetConsumerOffset,
    name: "GetConsumerOffset",
    request: getConsumerOffsetRequest,
    response: consumerOffsetResponse,
  },
  {
    code: CommandCode.StoreConsumerOffset,
    name: "StoreConsumerOffset",
    request: storeConsumerOffsetRequest,
    response: emptyResponse,
  },
  {
    code: CommandCode.DeleteConsumerOffset,
    name: "DeleteConsumerOffset",
    request: deleteConsumerOffsetRequest,
    response: emptyResponse,
  },
] as const satisfies readonly CommandCodecs[];
