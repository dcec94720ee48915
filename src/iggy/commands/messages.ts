/**
 * Messages commands — SendMessages (101), PollMessages (100), GetPartitionRoute (105) — with
 * their responses. SendMessages bodies and poll replies carry message batch records
 * (`../batch/`); records are validated and iterated in place, never copied into objects.
 *
 * How each body is read, following the crate (`iggy_binary_protocol` 0.11.1-edge.3):
 *
 * - **SendMessages request**: `[metadata_length u32][stream_id][topic_id][partitioning]
 *   [messages_count u32][batch record]`. The metadata is decoded from exactly
 *   `metadata_length` bytes (bytes it does not use are skipped, as the crate's
 *   `SendMessagesHeader::decode` skips them), then the record with every checksum verified.
 *   `messages_count` is not compared with the record's count (the crate does not). The crate
 *   has no whole-body decoder and leaves bytes after a record to callers whose buffer is
 *   meant to be one record; a request body is, so they are rejected (`INVALID_VALUE`). The
 *   producer encoder is the crate's: an empty batch and a timestamp more than
 *   `u32::MAX` µs after the earliest are `INVALID_VALUE`.
 * - **SendMessages response**: a u32 count and 20-byte confirmations; trailing bytes are
 *   rejected and an empty body is `TRUNCATED`, as in the crate. The Rust and Node SDKs map
 *   the empty body older servers send to "no confirmations" before decoding;
 *   {@linkcode decodeSendMessagesResponse} does the same when asked (`allowEmpty`), so both
 *   kinds of server are supported without loosening the codec.
 * - **PollMessages request**: the crate's layout; a partition flag other than 1 means "no
 *   partition" and its value is ignored; any nonzero auto-commit byte is true; trailing
 *   bytes are ignored (`decode_from`).
 * - **PollMessages response**: a 40-byte header (`partition_id`, `current_offset`,
 *   `messages_count`, the served `PartitionContext`) then batch records back to back, each
 *   validated layout-only — checksums are passed through as served, as the crate's
 *   `PolledBatchesIterator` does (pass `integrity: "verify"` to
 *   {@linkcode decodePollMessagesResponse} to re-hash them). The crate validates records
 *   lazily while iterating; here the whole walk happens in `decode`, so a reply that would make
 *   the crate's iterator fail is rejected with the same error. Older SDKs decoded a
 *   pre-VSR message layout; the crate's (batch records) is the one servers send now.
 * - **GetPartitionRoute**: request `[stream_id][topic_id][partition_id u32]` (trailing bytes
 *   ignored); response exactly 25 bytes (`INVALID_VALUE` for any other length).
 *
 * @module
 */

import { Reader } from "../../wire/reader.ts";
import { Writer } from "../../wire/writer.ts";
import { WireError } from "../../wire/error.ts";
import {
  type CommandCodecs,
  decodePayload,
  decodeSlice,
  encodeFailure,
  invalid,
  invalidValue,
  type PayloadCodec,
  readBool,
} from "../codec.ts";
import { type Identifier, identifier } from "../primitives/identifier.ts";
import { type Partitioning, partitioning } from "../primitives/partitioning.ts";
import { type Consumer, consumer } from "../primitives/consumer.ts";
import { type PollingStrategy, pollingStrategy } from "../primitives/polling_strategy.ts";
import { type PartitionContext, partitionContext } from "../primitives/partition.ts";
import { type BatchIntegrity, type BatchView, decodeBatch, MessageCursor } from "../batch/batch.ts";
import { type BatchMessageInput, sizeOfBatch, writeBatchSized } from "../batch/builder.ts";
import { CommandCode } from "../command_codes.ts";

/** Command code of PollMessages. */
export const POLL_MESSAGES_CODE: typeof CommandCode.PollMessages = CommandCode.PollMessages;
/** Command code of SendMessages. */
export const SEND_MESSAGES_CODE: typeof CommandCode.SendMessages = CommandCode.SendMessages;
/** Command code of GetPartitionRoute. */
export const GET_PARTITION_ROUTE_CODE: typeof CommandCode.GetPartitionRoute = CommandCode.GetPartitionRoute;
/** Size of the PollMessages response header (partition, offset, count, context). */
export const POLL_RESPONSE_HEADER_SIZE = 40;
/** Size of one SendMessages confirmation (frozen stride). */
export const CONFIRMATION_SIZE = 20;
/** Size of a PartitionRoute response. */
export const PARTITION_ROUTE_SIZE = 25;

// ---------------------------------------------------------------------------------------------
// SendMessages

/**
 * A SendMessages request. Decoded, it carries the validated `batch` record (a view into the
 * input). To encode, give either `messages` (the producer form: the batch is built straight
 * into the request buffer, as the crate's encoder does) or `batch` (a record written
 * verbatim, e.g. when forwarding).
 */
export interface SendMessagesRequest {
  /** Stream. */
  readonly streamId: Identifier;
  /** Topic. */
  readonly topicId: Identifier;
  /** Partitioning. */
  readonly partitioning: Partitioning;
  /** `messages_count` of the metadata; when encoding, defaults to the record's message count. */
  readonly messagesCount?: number;
  /** The batch record (decoded: a validated view). */
  readonly batch?: BatchView | Uint8Array;
  /** Producer form: the messages to build the batch from. */
  readonly messages?: readonly BatchMessageInput[];
}

/** A decoded SendMessages request. */
export interface DecodedSendMessagesRequest extends SendMessagesRequest {
  /** `messages_count` of the metadata. */
  readonly messagesCount: number;
  /** The verified record. */
  readonly batch: BatchView;
}

function metadataSize(v: SendMessagesRequest): number {
  return identifier.sizeOf(v.streamId) + identifier.sizeOf(v.topicId) + partitioning.sizeOf(v.partitioning) +
    4;
}

function recordBytes(b: BatchView | Uint8Array): Uint8Array {
  return b instanceof Uint8Array ? b : b.bytes;
}

function recordCount(b: BatchView | Uint8Array): number {
  const bytes = recordBytes(b);
  if (bytes.length < 52) throw invalidValue("SendMessages", "batch record shorter than its header", b);
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(48, true);
}

/**
 * The body of `sendMessagesRequest.encode` with the metadata size and, for `messages`, the
 * batch size already computed (`sizeOfBatch`), so {@linkcode encodeSendMessages} walks the
 * messages once to size them instead of twice.
 */
function writeSendMessages(w: Writer, v: SendMessagesRequest, meta: number, batchSize: number): void {
  let count: number;
  let size: number;
  if (v.messages !== undefined) {
    if (v.messages.length === 0) {
      throw invalidValue("SendMessages", "validation failed: cannot encode an empty message batch");
    }
    count = v.messages.length;
    size = batchSize;
  } else if (v.batch !== undefined) {
    count = recordCount(v.batch);
    size = recordBytes(v.batch).length;
  } else throw invalidValue("SendMessages", "either messages or batch is required");
  if (size > 0xffff_ffff) {
    throw new WireError("LIMIT_EXCEEDED", {
      side: "encode",
      context: "SendMessages",
      detail: `payload too large: ${size} bytes, max 4294967295`,
    });
  }
  w.u32le(meta);
  identifier.encode(w, v.streamId);
  identifier.encode(w, v.topicId);
  partitioning.encode(w, v.partitioning);
  w.u32le(v.messagesCount ?? count);
  w.ensure(size);
  if (v.messages !== undefined) writeBatchSized(w.buf, w.pos, v.messages, size);
  else w.buf.set(recordBytes(v.batch!), w.pos);
  w.pos += size;
}

/**
 * `SendMessages` request codec. Encoding the producer form writes the record in place (one
 * buffer, sized by `sizeOf`); an empty `messages` is `INVALID_VALUE` ("cannot encode an
 * empty message batch").
 *
 * Three ways build the same bytes: {@linkcode encodeSendMessages} (the body alone, the
 * messages sized in one pass: the fastest when you frame the body yourself); this codec through
 * `encodeRequest(CommandCode.SendMessages, …)` / `encodeRequestBody` / `writeRequestBody` (the
 * generic command API and a whole frame in one allocation; the messages are walked once more
 * for `sizeOf`); and `batch: encodeBatch(messages)` in place of `messages` (a record built once
 * and sent as it is: a resend after a timeout, one batch to several partitions, or a batch read
 * from a poll, whose `BatchView` it also takes).
 *
 * @example
 * ```ts
 * import { encodePayload, decodeSendMessagesRequest, sendMessagesRequest } from "@streamwire/codec/iggy";
 * const body = encodePayload(sendMessagesRequest, {
 *   streamId: { kind: "numeric", value: 1 },
 *   topicId: { kind: "numeric", value: 2 },
 *   partitioning: { kind: "balanced" },
 *   messages: [{ id: 1n, payload: new TextEncoder().encode("hello"), originTimestamp: 1_000 }],
 * });
 * const req = decodeSendMessagesRequest(body);
 * console.log(req.messagesCount, req.batch.messageCount); // 1 1
 * ```
 */
export const sendMessagesRequest: PayloadCodec<SendMessagesRequest> = {
  name: "SendMessages",
  trailing: "reject",
  encode(w: Writer, v: SendMessagesRequest): void {
    writeSendMessages(w, v, metadataSize(v), v.messages !== undefined ? sizeOfBatch(v.messages) : 0);
  },
  sizeOf(v: SendMessagesRequest): number {
    const batch = v.messages !== undefined
      ? sizeOfBatch(v.messages)
      : v.batch !== undefined
      ? recordBytes(v.batch).length
      : 0;
    return 4 + metadataSize(v) + batch;
  },
  decode(r: Reader): DecodedSendMessagesRequest {
    const metaLen = r.u32le();
    r.need(metaLen);
    const meta = decodeSlice(r, metaLen, (m) => ({
      streamId: identifier.decode(m),
      topicId: identifier.decode(m),
      partitioning: partitioning.decode(m),
      messagesCount: m.u32le(),
    }));
    const batch = decodeBatch(r.buf.subarray(r.pos, r.end));
    r.pos += batch.bytes.length;
    if (r.pos !== r.end) {
      throw invalid(r, `validation failed: ${r.end - r.pos} trailing byte(s) after SendMessages`);
    }
    return { ...meta, batch };
  },
};

/**
 * Decodes a SendMessages request body (see the module doc), typed with its verified record.
 *
 * @example
 * ```ts
 * import { decodeSendMessagesRequest, encodeSendMessages } from "@streamwire/codec/iggy";
 * const body = encodeSendMessages({ kind: "numeric", value: 1 }, { kind: "numeric", value: 2 },
 *   { kind: "balanced" }, [{ payload: new Uint8Array(10) }]);
 * console.log(decodeSendMessagesRequest(body).batch.messageCount); // 1
 * ```
 */
export function decodeSendMessagesRequest(body: Uint8Array): DecodedSendMessagesRequest {
  return decodePayload(sendMessagesRequest, body) as DecodedSendMessagesRequest;
}

/**
 * Encodes a SendMessages body for `messages` into one array sized in advance (the crate's
 * `SendMessagesEncoder`): the fastest of the three ways to build one (see
 * {@linkcode sendMessagesRequest}), for a producer that writes the frame header itself.
 *
 * @example
 * ```ts
 * import { encodeSendMessages } from "@streamwire/codec/iggy";
 * const body = encodeSendMessages({ kind: "numeric", value: 1 }, { kind: "string", value: "orders" },
 *   { kind: "partitionId", value: 3 }, [{ payload: new Uint8Array(100) }]);
 * console.log(body.length); // 432
 * ```
 */
export function encodeSendMessages(
  streamId: Identifier,
  topicId: Identifier,
  partitioningValue: Partitioning,
  messages: readonly BatchMessageInput[],
): Uint8Array {
  const v: SendMessagesRequest = { streamId, topicId, partitioning: partitioningValue, messages };
  try {
    const meta = metadataSize(v);
    const batchSize = sizeOfBatch(messages);
    const w = new Writer(4 + meta + batchSize);
    writeSendMessages(w, v, meta, batchSize);
    return w.buf;
  } catch (e) {
    throw encodeFailure(e, sendMessagesRequest, v);
  }
}

/** One commit confirmation of a SendMessages response. */
export interface SendMessagesConfirmation {
  /** Stream. */
  readonly streamId: number;
  /** Topic. */
  readonly topicId: number;
  /** Partition. */
  readonly partitionId: number;
  /** Offset of the first message written to the partition. */
  readonly baseOffset: bigint;
}

/** A SendMessages response. */
export interface SendMessagesResponse {
  /** One confirmation per partition written. */
  readonly confirmations: readonly SendMessagesConfirmation[];
}

/**
 * `SendMessages` response codec: `[count u32]` then 20-byte confirmations; trailing bytes are
 * `INVALID_VALUE`, an empty body `TRUNCATED` (see {@linkcode decodeSendMessagesResponse}).
 *
 * @example
 * ```ts
 * import { decodePayload, sendMessagesResponse } from "@streamwire/codec/iggy";
 * decodePayload(sendMessagesResponse, new Uint8Array(4)); // { confirmations: [] }
 * ```
 */
export const sendMessagesResponse: PayloadCodec<SendMessagesResponse> = {
  name: "SendMessagesResponse",
  encode(w: Writer, v: SendMessagesResponse): void {
    w.u32le(v.confirmations.length);
    for (const c of v.confirmations) {
      w.u32le(c.streamId);
      w.u32le(c.topicId);
      w.u32le(c.partitionId);
      w.u64le(c.baseOffset);
    }
  },
  sizeOf: (v: SendMessagesResponse) => 4 + CONFIRMATION_SIZE * v.confirmations.length,
  decode(r: Reader): SendMessagesResponse {
    const count = r.u32le();
    const confirmations: SendMessagesConfirmation[] = [];
    // Allocation is bounded by the bytes left, as the crate's bounded_capacity; a short list
    // then fails with TRUNCATED at the first missing entry.
    for (let i = 0; i < count; i++) {
      confirmations.push({
        streamId: r.u32le(),
        topicId: r.u32le(),
        partitionId: r.u32le(),
        baseOffset: r.u64le(),
      });
    }
    if (r.pos !== r.end) {
      throw invalid(r, `validation failed: send_messages response has ${r.end - r.pos} trailing bytes`);
    }
    return { confirmations };
  },
};

/**
 * Decodes a SendMessages response body. With `allowEmpty`, an empty body (what servers
 * before confirmations send) is "no confirmations", as the Rust and Node SDKs treat it; the
 * crate's decoder, and this function without the option, reject it.
 *
 * @example
 * ```ts
 * import { decodeSendMessagesResponse } from "@streamwire/codec/iggy";
 * decodeSendMessagesResponse(new Uint8Array(0), { allowEmpty: true }); // { confirmations: [] }
 * ```
 */
export function decodeSendMessagesResponse(
  body: Uint8Array,
  options: { allowEmpty?: boolean } = {},
): SendMessagesResponse {
  if (body.length === 0 && options.allowEmpty) return { confirmations: [] };
  return decodePayload(sendMessagesResponse, body);
}

// ---------------------------------------------------------------------------------------------
// PollMessages

/** A PollMessages request. */
export interface PollMessagesRequest {
  /** Consumer or consumer group. */
  readonly consumer: Consumer;
  /** Stream. */
  readonly streamId: Identifier;
  /** Topic. */
  readonly topicId: Identifier;
  /** Partition, or `null` to let the server choose (plain consumers: 0; groups need one). */
  readonly partitionId: number | null;
  /** Where to start. */
  readonly strategy: PollingStrategy;
  /** Most messages to return. */
  readonly count: number;
  /** Store the consumer offset after the poll. */
  readonly autoCommit: boolean;
}

/**
 * `PollMessages` request codec (26 bytes plus the identifiers).
 *
 * @example
 * ```ts
 * import { encodePayload, pollMessagesRequest } from "@streamwire/codec/iggy";
 * const body = encodePayload(pollMessagesRequest, {
 *   consumer: { kind: "consumer", id: { kind: "numeric", value: 1 } },
 *   streamId: { kind: "numeric", value: 1 }, topicId: { kind: "numeric", value: 1 },
 *   partitionId: 0, strategy: { kind: "next", value: 0n }, count: 100, autoCommit: true,
 * });
 * console.log(body.length); // 38 (7 + 6 + 6 + 5 + 9 + 4 + 1)
 * ```
 */
export const pollMessagesRequest: PayloadCodec<PollMessagesRequest> = {
  name: "PollMessages",
  encode(w: Writer, v: PollMessagesRequest): void {
    consumer.encode(w, v.consumer);
    identifier.encode(w, v.streamId);
    identifier.encode(w, v.topicId);
    if (v.partitionId === null) {
      w.u8(0);
      w.u32le(0);
    } else {
      w.u8(1);
      w.u32le(v.partitionId);
    }
    pollingStrategy.encode(w, v.strategy);
    w.u32le(v.count);
    w.u8(v.autoCommit ? 1 : 0);
  },
  sizeOf: (v: PollMessagesRequest) =>
    consumer.sizeOf(v.consumer) + identifier.sizeOf(v.streamId) + identifier.sizeOf(v.topicId) + 5 + 9 + 4 +
    1,
  decode(r: Reader): PollMessagesRequest {
    const c = consumer.decode(r);
    const streamId = identifier.decode(r);
    const topicId = identifier.decode(r);
    const flag = r.u8();
    const raw = r.u32le();
    const strategy = pollingStrategy.decode(r);
    const count = r.u32le();
    const autoCommit = readBool(r);
    return {
      consumer: c,
      streamId,
      topicId,
      partitionId: flag === 1 ? raw : null,
      strategy,
      count,
      autoCommit,
    };
  },
};

/** A PollMessages response. */
export interface PollMessagesResponse {
  /** Partition the messages come from. */
  readonly partitionId: number;
  /** The partition's current offset. */
  readonly currentOffset: bigint;
  /** Messages the server says it returned. */
  readonly messagesCount: number;
  /** The partition context the reply was served under. */
  readonly context: PartitionContext;
  /** The records, validated (decoded: views into the input). */
  readonly batches: readonly (BatchView | Uint8Array)[];
}

/** A decoded PollMessages response. */
export interface DecodedPollMessagesResponse extends PollMessagesResponse {
  /** The validated records. */
  readonly batches: readonly BatchView[];
}

function decodePollResponse(r: Reader, integrity: BatchIntegrity): DecodedPollMessagesResponse {
  const partitionId = r.u32le();
  const currentOffset = r.u64le();
  const messagesCount = r.u32le();
  const context = partitionContext.decode(r);
  const batches: BatchView[] = [];
  while (r.pos < r.end) {
    const b = decodeBatch(r.buf.subarray(r.pos, r.end), { integrity });
    batches.push(b);
    r.pos += b.bytes.length;
  }
  return { partitionId, currentOffset, messagesCount, context, batches };
}

/**
 * `PollMessages` response codec: header, then records validated layout-only (see the module
 * doc). Encoding writes the header and each record verbatim.
 *
 * @example
 * ```ts
 * import { decodePayload, pollMessagesResponse } from "@streamwire/codec/iggy";
 * const reply = decodePayload(pollMessagesResponse, new Uint8Array(40));
 * console.log(reply.batches.length); // 0
 * ```
 */
export const pollMessagesResponse: PayloadCodec<PollMessagesResponse> = {
  name: "PollMessagesResponse",
  encode(w: Writer, v: PollMessagesResponse): void {
    w.u32le(v.partitionId);
    w.u64le(v.currentOffset);
    w.u32le(v.messagesCount);
    partitionContext.encode(w, v.context);
    for (const b of v.batches) w.bytes(recordBytes(b));
  },
  sizeOf(v: PollMessagesResponse): number {
    let n = POLL_RESPONSE_HEADER_SIZE;
    for (const b of v.batches) n += recordBytes(b).length;
    return n;
  },
  decode: (r: Reader) => decodePollResponse(r, "layoutOnly"),
};

/**
 * Decodes a PollMessages response body; `integrity: "verify"` also re-hashes every frame and
 * record (the crate's poll path passes checksums through).
 *
 * @example
 * ```ts
 * import { decodePollMessagesResponse, forEachPolledMessage } from "@streamwire/codec/iggy";
 * const reply = decodePollMessagesResponse(new Uint8Array(40));
 * let n = 0;
 * forEachPolledMessage(reply, () => n++);
 * console.log(n); // 0
 * ```
 */
export function decodePollMessagesResponse(
  body: Uint8Array,
  options: { integrity?: BatchIntegrity } = {},
): DecodedPollMessagesResponse {
  return decodePollResponse(new Reader(body, "PollMessagesResponse"), options.integrity ?? "layoutOnly");
}

/**
 * Calls `fn` with one cursor positioned on each polled message in order, across records (the
 * crate's `PolledBatchesIterator`); the cursor is reused, so nothing is allocated per message.
 * Returns the number of messages.
 *
 * @example
 * ```ts
 * import { decodePollMessagesResponse, forEachPolledMessage } from "@streamwire/codec/iggy";
 * const reply = decodePollMessagesResponse(new Uint8Array(40));
 * forEachPolledMessage(reply, (c) => console.log(c.offsetNumber, c.payloadLength));
 * ```
 */
export function forEachPolledMessage(
  reply: DecodedPollMessagesResponse,
  fn: (cursor: MessageCursor) => void,
  cursor: MessageCursor = new MessageCursor(),
): number {
  let n = 0;
  for (const b of reply.batches) {
    b.cursor(cursor);
    while (cursor.next()) {
      fn(cursor);
      n++;
    }
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// GetPartitionRoute

/** A GetPartitionRoute request. */
export interface GetPartitionRouteRequest {
  /** Stream. */
  readonly streamId: Identifier;
  /** Topic. */
  readonly topicId: Identifier;
  /** Partition. */
  readonly partitionId: number;
}

/**
 * `GetPartitionRoute` request codec.
 *
 * @example
 * ```ts
 * import { encodePayload, getPartitionRouteRequest } from "@streamwire/codec/iggy";
 * encodePayload(getPartitionRouteRequest, { streamId: { kind: "numeric", value: 3 }, topicId: { kind: "numeric", value: 7 }, partitionId: 2 });
 * ```
 */
export const getPartitionRouteRequest: PayloadCodec<GetPartitionRouteRequest> = {
  name: "GetPartitionRoute",
  encode(w: Writer, v: GetPartitionRouteRequest): void {
    identifier.encode(w, v.streamId);
    identifier.encode(w, v.topicId);
    w.u32le(v.partitionId);
  },
  sizeOf: (v: GetPartitionRouteRequest) => identifier.sizeOf(v.streamId) + identifier.sizeOf(v.topicId) + 4,
  decode(r: Reader): GetPartitionRouteRequest {
    return { streamId: identifier.decode(r), topicId: identifier.decode(r), partitionId: r.u32le() };
  },
};

/** One replica's route to a partition. */
export interface PartitionRouteResponse {
  /** Partition incarnation. */
  readonly incarnation: bigint;
  /** Metadata op the route was read at. */
  readonly metadataOp: bigint;
  /** View of the partition group. */
  readonly view: number;
  /** Partitions of the topic. */
  readonly partitionsCount: number;
  /** Configured replica id of the view's primary. */
  readonly primaryReplica: number;
}

/**
 * `PartitionRoute` response codec: exactly 25 bytes (trailing bytes `INVALID_VALUE`).
 *
 * @example
 * ```ts
 * import { decodePayload, partitionRouteResponse } from "@streamwire/codec/iggy";
 * decodePayload(partitionRouteResponse, new Uint8Array(25)).partitionsCount; // 0
 * ```
 */
export const partitionRouteResponse: PayloadCodec<PartitionRouteResponse> = {
  name: "PartitionRouteResponse",
  encode(w: Writer, v: PartitionRouteResponse): void {
    w.u64le(v.incarnation);
    w.u64le(v.metadataOp);
    w.u32le(v.view);
    w.u32le(v.partitionsCount);
    w.u8(v.primaryReplica);
  },
  sizeOf: () => PARTITION_ROUTE_SIZE,
  decode(r: Reader): PartitionRouteResponse {
    const v = {
      incarnation: r.u64le(),
      metadataOp: r.u64le(),
      view: r.u32le(),
      partitionsCount: r.u32le(),
      primaryReplica: r.u8(),
    };
    if (r.pos !== r.end) throw invalid(r, "validation failed: trailing partition route bytes");
    return v;
  },
};

/** The messages commands, for the dispatch registry. */
export const messageCommands = [
  {
    code: POLL_MESSAGES_CODE,
    name: "PollMessages",
    request: pollMessagesRequest,
    response: pollMessagesResponse,
  },
  {
    code: SEND_MESSAGES_CODE,
    name: "SendMessages",
    request: sendMessagesRequest,
    response: sendMessagesResponse,
  },
  {
    code: GET_PARTITION_ROUTE_CODE,
    name: "GetPartitionRoute",
    request: getPartitionRouteRequest,
    response: partitionRouteResponse,
  },
] as const satisfies readonly CommandCodecs[];
