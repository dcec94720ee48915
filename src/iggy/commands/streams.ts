/**
 * Stream commands — CreateStream, DeleteStream, GetStream, GetStreams — their responses, and
 * the two replicated stream bodies that have no command code: `UpdateStreamResolved` (a
 * prepare-resolved `UpdateResource` on a stream) and `RewrapStreamKeys` (key-encryption key
 * rotation).
 *
 * Stream and topic records carry two options blocks behind u32 lengths: the options set on
 * the resource and the values the server derived. Requests carry one unprefixed block that
 * runs to the end of the payload.
 *
 * @module
 */

import type { Reader } from "../../wire/reader.ts";
import type { Writer } from "../../wire/writer.ts";
import { utf8Length } from "../../wire/utf8.ts";
import {
  type CommandCodecs,
  emptyCodec,
  invalid,
  invalidValue,
  type OperationCodec,
  type PayloadCodec,
  readBytes,
  readUntilEnd,
  sizeOfAll,
} from "../codec.ts";
import { checkWireName, type Identifier, identifier, wireName } from "../primitives/identifier.ts";
import { optionsPrefixed, optionsToEnd } from "../primitives/options.ts";
import { CommandCode } from "../command_codes.ts";

// ---------------------------------------------------------------------------------------------
// Records shared with topics.

/** One stream as responses describe it. */
export interface StreamResponse {
  /** The id. */
  readonly id: number;
  /** µs since the epoch (u64). */
  readonly createdAt: bigint;
  /** Number of topics. */
  readonly topicsCount: number;
  /** Bytes stored (u64). */
  readonly sizeBytes: bigint;
  /** Messages stored (u64). */
  readonly messagesCount: bigint;
  /** The name (1–255 UTF-8 bytes). */
  readonly name: string;
  /** Options set on the stream (raw block). */
  readonly options: Uint8Array;
  /** Options the server derived (raw block). */
  readonly derivedOptions: Uint8Array;
}

/** A topic as stream responses and topic lists describe it (no partitions). */
export interface TopicHeader {
  /** The id. */
  readonly id: number;
  /** Creation time, µs since the Unix epoch (u64). */
  readonly createdAt: bigint;
  /** Number of partitions. */
  readonly partitionsCount: number;
  /** Bytes stored (u64). */
  readonly sizeBytes: bigint;
  /** Messages stored (u64). */
  readonly messagesCount: bigint;
  /** The name (1–255 UTF-8 bytes). */
  readonly name: string;
  /** Options block (raw, validated; empty for none). */
  readonly options: Uint8Array;
  /** Options the server derived (raw options block). */
  readonly derivedOptions: Uint8Array;
}

/**
 * `[id:u32][created_at:u64][count:u32][size_bytes:u64][messages_count:u64][name:WireName]
 * [options:u32+block][derived_options:u32+block]` — the same layout for streams (count =
 * topics) and topic headers (count = partitions).
 */
function recordCodec<T extends StreamResponse | TopicHeader>(
  name: string,
  countKey: "topicsCount" | "partitionsCount",
): PayloadCodec<T> {
  return {
    name,
    encode(w: Writer, v: T): void {
      const n = checkWireName(v.name, name);
      w.u32le(v.id);
      w.u64le(v.createdAt);
      w.u32le((v as unknown as Record<string, number>)[countKey]);
      w.u64le(v.sizeBytes);
      w.u64le(v.messagesCount);
      w.u8(n);
      w.utf8Sized(v.name, n);
      optionsPrefixed.encode(w, v.options);
      optionsPrefixed.encode(w, v.derivedOptions);
    },
    sizeOf: (v: T) => 41 + utf8Length(v.name) + v.options.length + v.derivedOptions.length,
    decode(r: Reader): T {
      const id = r.u32le();
      const createdAt = r.u64le();
      const count = r.u32le();
      const sizeBytes = r.u64le();
      const messagesCount = r.u64le();
      const recordName = wireName.decode(r);
      const options = optionsPrefixed.decode(r);
      const derivedOptions = optionsPrefixed.decode(r);
      return {
        id,
        createdAt,
        [countKey]: count,
        sizeBytes,
        messagesCount,
        name: recordName,
        options,
        derivedOptions,
      } as unknown as T;
    },
  };
}

/** `StreamResponse` (also the CreateStream response). */
export const streamResponse: PayloadCodec<StreamResponse> = /* @__PURE__ */ recordCodec<StreamResponse>(
  "StreamResponse",
  "topicsCount",
);

/** `TopicHeader`. */
export const topicHeader: PayloadCodec<TopicHeader> = /* @__PURE__ */ recordCodec<TopicHeader>(
  "TopicHeader",
  "partitionsCount",
);

// ---------------------------------------------------------------------------------------------
// Requests.

/** CreateStream request: a name and the stream's options. */
export interface CreateStreamRequest {
  /** The name (1–255 UTF-8 bytes). */
  readonly name: string;
  /** Options block (raw, validated); empty for none. */
  readonly options: Uint8Array;
}

/**
 * `[name:WireName][options block to the end]`. The whole payload is consumed: every byte after
 * the name is the options block, so garbage there fails its validation.
 *
 * @example
 * ```ts
 * import { createStreamRequest, encodePayload } from "@streamwire/codec/iggy";
 * encodePayload(createStreamRequest, { name: "orders", options: new Uint8Array() }); // 06 6f7264657273
 * ```
 */
export const createStreamRequest: PayloadCodec<CreateStreamRequest> = {
  name: "CreateStream",
  encode(w, v) {
    wireName.encode(w, v.name);
    optionsToEnd.encode(w, v.options);
  },
  sizeOf: (v) => 1 + utf8Length(v.name) + v.options.length,
  decode: (r) => ({ name: wireName.decode(r), options: optionsToEnd.decode(r) }),
};

/** A request that names one stream. */
export interface StreamIdRequest {
  /** The stream. */
  readonly streamId: Identifier;
}

function streamIdCodec(name: string): PayloadCodec<StreamIdRequest> {
  return {
    name,
    encode: (w, v) => identifier.encode(w, v.streamId),
    sizeOf: (v) => identifier.sizeOf(v.streamId),
    decode: (r) => ({ streamId: identifier.decode(r) }),
  };
}

/** DeleteStream request: `[stream_id]`. */
export const deleteStreamRequest: PayloadCodec<StreamIdRequest> = /* @__PURE__ */ streamIdCodec(
  "DeleteStream",
);
/** GetStream request: `[stream_id]`. */
export const getStreamRequest: PayloadCodec<StreamIdRequest> = /* @__PURE__ */ streamIdCodec("GetStream");
/** GetStreams request: empty. */
export const getStreamsRequest: PayloadCodec<Record<string, never>> = /* @__PURE__ */ emptyCodec(
  "GetStreams",
);

/** `[presence:u8][WireName if 1]`; a presence byte other than 0 or 1 is `INVALID_VALUE`. */
export const optionalName: PayloadCodec<string | null> = {
  name: "OptionalName",
  encode(w, v) {
    if (v === null) {
      w.u8(0);
      return;
    }
    w.u8(1);
    wireName.encode(w, v);
  },
  sizeOf: (v) => (v === null ? 1 : 2 + utf8Length(v)),
  decode(r) {
    const start = r.pos;
    const flag = r.u8();
    if (flag === 0) return null;
    if (flag === 1) return wireName.decode(r);
    throw invalid(r, "presence byte must be 0 or 1", start);
  },
};

/**
 * The explicit and derived options blocks of a resolved update, each behind a u32 length,
 * which must end the payload (`INVALID_VALUE` for trailing bytes).
 *
 * @example
 * ```ts
 * import { decodeResolvedBlocks, Reader } from "@streamwire/codec/iggy";
 * // Two u32-length-prefixed option blocks, both empty:
 * const r = new Reader(new Uint8Array(8));
 * console.log(decodeResolvedBlocks(r)); // { explicitOptions: Uint8Array(0) [], derivedOptions: Uint8Array(0) [] }
 * ```
 */
export function decodeResolvedBlocks(r: Reader): { explicitOptions: Uint8Array; derivedOptions: Uint8Array } {
  const explicitOptions = optionsPrefixed.decode(r);
  const derivedOptions = optionsPrefixed.decode(r);
  if (r.pos !== r.end) throw invalid(r, "trailing bytes after the resolved option blocks");
  return { explicitOptions, derivedOptions };
}

/** UpdateStreamResolved body (operation 72): the stream, a new name or none, both blocks. */
export interface UpdateStreamResolvedRequest {
  /** The stream. */
  readonly streamId: Identifier;
  /** The name (1–255 UTF-8 bytes). */
  readonly name: string | null;
  /** Options set explicitly (raw options block). */
  readonly explicitOptions: Uint8Array;
  /** Options the server derived (raw options block). */
  readonly derivedOptions: Uint8Array;
}

/** `[stream_id][presence:u8][name?][explicit:u32+block][derived:u32+block]`, nothing after. */
export const updateStreamResolvedRequest: PayloadCodec<UpdateStreamResolvedRequest> = {
  name: "UpdateStreamResolved",
  encode(w, v) {
    identifier.encode(w, v.streamId);
    optionalName.encode(w, v.name);
    optionsPrefixed.encode(w, v.explicitOptions);
    optionsPrefixed.encode(w, v.derivedOptions);
  },
  sizeOf: (v) =>
    identifier.sizeOf(v.streamId) + optionalName.sizeOf(v.name) + 8 + v.explicitOptions.length +
    v.derivedOptions.length,
  decode(r) {
    const streamId = identifier.decode(r);
    const name = optionalName.decode(r);
    return { streamId, name, ...decodeResolvedBlocks(r) };
  },
};

/** Bytes of one wrapped stream key envelope. */
export const WRAPPED_STREAM_KEY_LENGTH = 78;
/** Most envelopes in one wrap set. */
export const MAX_WRAP_SET_ENVELOPES = 3;
const FINGERPRINT_BYTES = 8;
const ENTRY_FIXED = 4 + 8 + FINGERPRINT_BYTES + 1;

/** One encrypted stream's new wrap set. */
export interface RewrapStreamKeyEntry {
  /** The stream. */
  readonly streamId: number;
  /** The metadata op that created the stream (u64). */
  readonly createdOp: bigint;
  /** 8 bytes. */
  readonly keyFingerprint: Uint8Array;
  /** 1–3 envelopes of 78 bytes. */
  readonly wrapSet: Uint8Array;
}

/** RewrapStreamKeys body (operation 75). */
export interface RewrapStreamKeysRequest {
  /** The entries. */
  readonly entries: readonly RewrapStreamKeyEntry[];
}

/**
 * `[count:u32]` then per entry `[stream_id:u32][created_op:u64][fingerprint:8][set_len:u8]
 * [wrap_set]`. A count the body cannot hold (at 99 bytes an entry) is `INVALID_VALUE` before
 * any entry is read; a set length that is not 1–3 envelopes is `INVALID_VALUE`; trailing bytes
 * are `INVALID_VALUE`.
 */
export const rewrapStreamKeysRequest: PayloadCodec<RewrapStreamKeysRequest> = {
  name: "RewrapStreamKeys",
  encode(w, v) {
    w.u32le(v.entries.length);
    for (const e of v.entries) {
      if (e.keyFingerprint.length !== FINGERPRINT_BYTES) {
        throw invalidValue("RewrapStreamKeys", `key fingerprint must be ${FINGERPRINT_BYTES} bytes`);
      }
      const n = e.wrapSet.length;
      if (
        n === 0 || n % WRAPPED_STREAM_KEY_LENGTH !== 0 ||
        n > MAX_WRAP_SET_ENVELOPES * WRAPPED_STREAM_KEY_LENGTH
      ) {
        throw invalidValue("RewrapStreamKeys", "rewrap set length is not one to three envelopes");
      }
      w.u32le(e.streamId);
      w.u64le(e.createdOp);
      w.bytes(e.keyFingerprint);
      w.u8(n);
      w.bytes(e.wrapSet);
    }
  },
  sizeOf(v) {
    let n = 4;
    for (const e of v.entries) n += ENTRY_FIXED + e.wrapSet.length;
    return n;
  },
  decode(r) {
    const count = r.u32le();
    if (count > Math.floor(r.remaining / (ENTRY_FIXED + WRAPPED_STREAM_KEY_LENGTH))) {
      throw invalid(r, "rewrap entry count exceeds the body");
    }
    const entries: RewrapStreamKeyEntry[] = [];
    for (let i = 0; i < count; i++) {
      const streamId = r.u32le();
      const createdOp = r.u64le();
      const keyFingerprint = readBytes(r, FINGERPRINT_BYTES);
      const setStart = r.pos;
      const n = r.u8();
      if (
        n === 0 || n % WRAPPED_STREAM_KEY_LENGTH !== 0 ||
        n > MAX_WRAP_SET_ENVELOPES * WRAPPED_STREAM_KEY_LENGTH
      ) {
        throw invalid(r, "rewrap set length is not one to three envelopes", setStart);
      }
      entries.push({ streamId, createdOp, keyFingerprint, wrapSet: readBytes(r, n) });
    }
    if (r.pos !== r.end) throw invalid(r, "trailing bytes after the rewrap entries");
    return { entries };
  },
};

// ---------------------------------------------------------------------------------------------
// Responses.

/** GetStream response: the stream and its `topicsCount` topic headers. */
export interface GetStreamResponse {
  /** The stream record. */
  readonly stream: StreamResponse;
  /** The topics. */
  readonly topics: readonly TopicHeader[];
}

/**
 * `[StreamResponse][TopicHeader × topics_count]`. The topic count comes from the stream
 * record, so encoding a value whose `topics` length differs from `stream.topicsCount` is
 * `INVALID_VALUE` (the bytes would not decode back to it).
 */
export const getStreamResponse: PayloadCodec<GetStreamResponse> = {
  name: "GetStream",
  encode(w, v) {
    if (v.topics.length !== v.stream.topicsCount) {
      throw invalidValue("GetStream", `topicsCount ${v.stream.topicsCount} but ${v.topics.length} topic(s)`);
    }
    streamResponse.encode(w, v.stream);
    for (const t of v.topics) topicHeader.encode(w, t);
  },
  sizeOf: (v) => streamResponse.sizeOf(v.stream) + sizeOfAll(topicHeader, v.topics),
  decode(r) {
    const stream = streamResponse.decode(r);
    const topics: TopicHeader[] = [];
    // Each topic header is at least 42 bytes, so the loop ends (TRUNCATED) long before a
    // hostile count could make the array large.
    for (let i = 0; i < stream.topicsCount; i++) topics.push(topicHeader.decode(r));
    return { stream, topics };
  },
};

/** GetStreams response: stream records back to back until the payload ends. */
export interface GetStreamsResponse {
  /** The streams. */
  readonly streams: readonly StreamResponse[];
}

/** `[StreamResponse]*` to the end of the payload; a partial record fails. */
export const getStreamsResponse: PayloadCodec<GetStreamsResponse> = {
  name: "GetStreams",
  encode(w, v) {
    for (const s of v.streams) streamResponse.encode(w, s);
  },
  sizeOf: (v) => sizeOfAll(streamResponse, v.streams),
  decode: (r) => ({ streams: readUntilEnd(r, (x) => streamResponse.decode(x)) }),
};

const emptyResponse: PayloadCodec<Record<string, never>> = /* @__PURE__ */ emptyCodec("EmptyResponse");

// ---------------------------------------------------------------------------------------------

/** The stream commands, for the dispatch table. */
export const streamCommands = [
  { code: CommandCode.GetStream, name: "GetStream", request: getStreamRequest, response: getStreamResponse },
  {
    code: CommandCode.GetStreams,
    name: "GetStreams",
    request: getStreamsRequest,
    response: getStreamsResponse,
  },
  {
    code: CommandCode.CreateStream,
    name: "CreateStream",
    request: createStreamRequest,
    response: streamResponse,
  },
  {
    code: CommandCode.DeleteStream,
    name: "DeleteStream",
    request: deleteStreamRequest,
    response: emptyResponse,
  },
] as const satisfies readonly CommandCodecs[];

/** The stream bodies that travel by operation only. */
export const streamOperations: readonly OperationCodec[] = [
  { operation: 72, name: "UpdateStreamResolved", body: updateStreamResolvedRequest },
  { operation: 75, name: "RewrapStreamKeys", body: rewrapStreamKeysRequest },
];
