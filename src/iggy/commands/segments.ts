/**
 * The DeleteSegments command (code 503): drop the oldest segments of one partition.
 *
 * @module
 */

import { type CommandCodecs, emptyCodec, type PayloadCodec } from "../codec.ts";
import { type Identifier, identifier } from "../primitives/identifier.ts";
import { CommandCode } from "../command_codes.ts";

/** `DeleteSegments` request. */
export interface DeleteSegmentsRequest {
  /** The stream, by numeric id or name. */
  readonly streamId: Identifier;
  /** The topic, by numeric id or name. */
  readonly topicId: Identifier;
  /** Partition id. */
  readonly partitionId: number;
  /** How many of the oldest segments to delete. */
  readonly segmentsCount: number;
}

/**
 * `[stream_id][topic_id][partition_id:u32][segments_count:u32]`.
 *
 * @example
 * ```ts
 * import { deleteSegmentsRequest, encodePayload } from "@streamwire/codec/iggy";
 * encodePayload(deleteSegmentsRequest, {
 *   streamId: { kind: "numeric", value: 1 }, topicId: { kind: "numeric", value: 2 }, partitionId: 3, segmentsCount: 4,
 * }).length; // 20
 * ```
 */
export const deleteSegmentsRequest: PayloadCodec<DeleteSegmentsRequest> = {
  name: "DeleteSegments",
  encode(w, v) {
    identifier.encode(w, v.streamId);
    identifier.encode(w, v.topicId);
    w.u32le(v.partitionId);
    w.u32le(v.segmentsCount);
  },
  sizeOf: (v) => identifier.sizeOf(v.streamId) + identifier.sizeOf(v.topicId) + 8,
  decode: (r) => ({
    streamId: identifier.decode(r),
    topicId: identifier.decode(r),
    partitionId: r.u32le(),
    segmentsCount: r.u32le(),
  }),
};

const emptyResponse: PayloadCodec<Record<string, never>> = emptyCodec("EmptyResponse");

/** The segment commands, for the dispatch table. */
export const segmentCommands = [
  {
    code: CommandCode.DeleteSegments,
    name: "DeleteSegments",
    request: deleteSegmentsRequest,
    response: emptyResponse,
  },
] as const satisfies readonly CommandCodecs[];
