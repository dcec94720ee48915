/**
 * Adapters for the Iggy message batch, the messages commands and the VSR consensus headers:
 * JSON-form values (vectors/README.md) to and from streamwire's types.
 *
 * Header values list every field of the crate's struct (enum bytes by their lowerCamelCase
 * variant name, reserved regions as hex); encoding writes exactly those fields, `checksum`
 * included, so a vector's bytes are reproduced without re-sealing.
 *
 * @module
 */

import { Reader } from "../../src/wire/reader.ts";
import type { ProtocolAdapters } from "../lib/types.ts";
import { big, bytesOf, type DecimalString, type Hex } from "../lib/json.ts";
import { toHex } from "../../src/wire/hex.ts";
import { Command, commandName } from "../../src/iggy/consensus/command.ts";
import {
  isClientAllowedOperation,
  isInternalOperation,
  isKnownOperation,
  isMetadataOperation,
  isMetadataPlaneOperation,
  isPartitionLifecycleOperation,
  isPartitionOperation,
  isPlaneRoutableOperation,
  isResultFramedOperation,
  isVsrReservedOperation,
  type Operation,
  OPERATION_INTERNAL_START,
  OPERATION_METADATA_START,
  OPERATION_PARTITION_START,
  operationName,
  requestOperation,
} from "../../src/iggy/consensus/operation.ts";
import {
  operationForCode,
  operationFromCommandCode,
  operationToCommandCode,
} from "../../src/iggy/command_table.ts";
import {
  CHECKSUM_UNSEALED,
  COMMON_FIELDS,
  createHeader,
  decodeHeader,
  type FieldSpec,
  frameBody,
  frameChecksumBytes,
  HEADER_SIZE,
  type HeaderClass,
  prepareIdentityChecksumBytes,
  readSizeField,
  RESERVED_COMMAND_LEN,
  SIZE_FIELD_OFFSET,
} from "../../src/iggy/consensus/header.ts";
import {
  CONSUMER_SESSION_ENCODED_SIZE,
  DoViewChangeHeader,
  DVC_HEADERS_MAX,
  LIFECYCLE_BATCH_HEADER_SIZE,
  LIFECYCLE_COMPLETION_SIZE,
  LIFECYCLE_COMPLETIONS_MAX,
  MAX_CONSUMER_SESSIONS_PER_HEARTBEAT,
  PrimaryRebalanceHeader,
  ReplyHeader,
} from "../../src/iggy/consensus/headers.ts";
import { HEADER_TYPES } from "../../src/iggy/consensus/dispatch.ts";
import { unknownCommandError, unsupportedOperationError } from "../../src/iggy/consensus/error.ts";
import {
  REJECTION_SECTION_LEN,
  RESULT_COUNT_LEN,
  RESULT_ENTRY_LEN,
  resultCode,
  resultSectionLen,
} from "../../src/iggy/consensus/reply_result.ts";
import * as ns from "../../src/iggy/consensus/namespace.ts";
import { type BatchIntegrity, type BatchView, decodeBatch } from "../../src/iggy/batch/batch.ts";
import { encodeBatchRecord, type RawRecord, restampBatch } from "../../src/iggy/batch/builder.ts";
import type { CaseContext } from "../lib/types.ts";
import {
  decodePollMessagesResponse,
  forEachPolledMessage,
  getPartitionRouteRequest,
  partitionRouteResponse,
  pollMessagesRequest,
  pollMessagesResponse,
  sendMessagesRequest,
  sendMessagesResponse,
} from "../../src/iggy/commands/messages.ts";
import { decodePayload, encodePayload } from "../../src/iggy/codec.ts";
import type { Partitioning } from "../../src/iggy/primitives/partitioning.ts";
import type { Identifier } from "../../src/iggy/primitives/identifier.ts";

// ------------------------------------------------------------------------------------------
// The JSON shapes of the values these adapters produce. The value-schema generator
// (conformance/lib/iggy_value_schemas.ts) translates them, by the names in
// IGGY_BATCH_VALUE_TYPES, into the vectors' value schemas.

/** A consensus command byte by its lowerCamelCase variant name. */
export type CommandNameJson = Uncapitalize<keyof typeof Command>;
/** An operation byte by its lowerCamelCase variant name. */
export type OperationNameJson = Uncapitalize<keyof typeof Operation>;

/** `Command` vectors: the variant a byte names. */
export interface CommandJson {
  /** The variant. */
  name: CommandNameJson;
}

/** `Operation` vectors: the variant a byte names and what the crate's predicates say of it. */
export interface OperationJson {
  /** The variant. */
  name: OperationNameJson;
  /** `is_internal`. */
  isInternal: boolean;
  /** `is_partition_lifecycle`. */
  isPartitionLifecycle: boolean;
  /** `is_metadata`. */
  isMetadata: boolean;
  /** `is_vsr_reserved`. */
  isVsrReserved: boolean;
  /** `is_result_framed`. */
  isResultFramed: boolean;
  /** `is_partition`. */
  isPartition: boolean;
  /** `is_metadata_plane`. */
  isMetadataPlane: boolean;
  /** `is_plane_routable`. */
  isPlaneRoutable: boolean;
  /** `is_client_allowed`. */
  isClientAllowed: boolean;
  /** The command code it maps to, or null. */
  commandCode: number | null;
  /** The request operation it answers. */
  requestOperation: OperationNameJson;
}

/** `OperationForCode` vectors: the operation for a u32 command code. */
export interface OperationForCodeJson {
  /** `Operation::for_code`. */
  operation: OperationNameJson;
  /** `Operation::from_command_code`, or null. */
  fromCommandCode: OperationNameJson | null;
}

/** `FrameChecksum` vectors: the checksums and size field of a frame. */
export interface FrameChecksumJson {
  /** The frame seal (u128). */
  frameChecksum: DecimalString;
  /** The prepare identity checksum (u128). */
  prepareIdentityChecksum: DecimalString;
  /** The header's size field. */
  sizeField: number;
  /** The body the size field delimits. */
  frameBody: Hex;
}

/** `ReplyResult` vectors: a reply body's result code and section length, or null. */
export interface ReplyResultJson {
  /** The result code, or null. */
  resultCode: number | null;
  /** The result section's length, or null. */
  resultSectionLen: number | null;
}

/** `ConsensusConstants` vectors: the crate's public constants by their Rust names. */
export interface ConsensusConstantsJson {
  HEADER_SIZE: number;
  RESERVED_COMMAND_LEN: number;
  SIZE_FIELD_OFFSET: number;
  DVC_HEADERS_MAX: number;
  CHECKSUM_UNSEALED: DecimalString;
  REJECTION_SECTION_LEN: number;
  RESULT_COUNT_LEN: number;
  RESULT_ENTRY_LEN: number;
  LIFECYCLE_BATCH_HEADER_SIZE: number;
  LIFECYCLE_COMPLETION_SIZE: number;
  LIFECYCLE_COMPLETIONS_MAX: number;
  MAX_CONSUMER_SESSIONS_PER_HEARTBEAT: number;
  CONSUMER_SESSION_ENCODED_SIZE: number;
  NO_QUORUM_EVIDENCE: DecimalString;
  COMMITTED_RESULT: number;
  FLAG_UNTRUSTED_LOG: number;
  MAX_STREAMS: number;
  MAX_TOPICS: number;
  MAX_PARTITIONS: number;
  STREAM_BITS: number;
  TOPIC_BITS: number;
  PARTITION_BITS: number;
  PARTITION_SHIFT: number;
  TOPIC_SHIFT: number;
  STREAM_SHIFT: number;
  PARTITION_MASK: DecimalString;
  TOPIC_MASK: DecimalString;
  STREAM_MASK: DecimalString;
  PACKED_NAMESPACE_BITS: number;
  PACKED_NAMESPACE_MAX: DecimalString;
  METADATA_GROUP: DecimalString;
  INTERNAL_START: number;
  METADATA_START: number;
  PARTITION_START: number;
}

/** One message frame of a batch record. */
export interface BatchMessageJson {
  /** Frame checksum (u64). */
  checksum: DecimalString;
  /** Message id (u128). */
  id: DecimalString;
  /** Offset delta from the batch's base offset. */
  offsetDelta: number;
  /** Timestamp delta from the batch's base timestamp. */
  timestampDelta: number;
  /** Payload. */
  payload: Hex;
  /** User-header block, as its bytes. */
  userHeaders: Hex;
}

/** A batch record (the crate's `BatchRef`): header fields and frames. */
export interface BatchJson {
  /** Partition id (u64). */
  partitionId: DecimalString;
  /** Base offset (u64). */
  baseOffset: DecimalString;
  /** Base timestamp (u64). */
  baseTimestamp: DecimalString;
  /** Origin timestamp (u64). */
  originTimestamp: DecimalString;
  /** Batch length (u64). */
  batchLength: DecimalString;
  /** Batch checksum (u64). */
  batchChecksum: DecimalString;
  /** Message count. */
  messageCount: number;
  /** The frames. */
  messages: BatchMessageJson[];
}

/**
 * `SendMessages` requests: the metadata and the batch record (`streamId`, `topicId` and
 * `partitioning` in the plain JSON form of the codec's types).
 */
export interface SendMessagesRequestJson {
  /** Stream. */
  streamId: Identifier;
  /** Topic. */
  topicId: Identifier;
  /** Partitioning. */
  partitioning: Partitioning;
  /** `messages_count` of the metadata. */
  messagesCount: number;
  /** The batch record. */
  batch: BatchJson;
}

/** A message of the producer form of `SendMessages` (encode tests: the crate builds the batch). */
export interface ProducerMessageJson {
  /** Message id (u128). */
  id: DecimalString;
  /** Producer timestamp (u64). */
  originTimestamp: DecimalString;
  /** User-header block, as its bytes. */
  userHeaders: Hex;
  /** Payload. */
  payload: Hex;
}

/** The producer form of a `SendMessages` request: the messages to build the batch record from. */
export interface SendMessagesProducerJson {
  /** Stream. */
  streamId: Identifier;
  /** Topic. */
  topicId: Identifier;
  /** Partitioning. */
  partitioning: Partitioning;
  /** The messages. */
  messages: ProducerMessageJson[];
}

/** A `SendMessages` request value: decoded (with the batch record) or in producer form. */
export type SendMessagesRequestValueJson = SendMessagesRequestJson | SendMessagesProducerJson;

/** A partition context (the crate's `PartitionContext`). */
export interface PartitionContextJson {
  /** Partition incarnation (u64). */
  incarnation: DecimalString;
  /** Consumer-group owner generation (u64). */
  ownerGeneration: DecimalString;
  /** Applied metadata frontier (u64). */
  metadataOp: DecimalString;
}

/** A polled message: a frame with its absolute offset and timestamp. */
export interface PolledMessageJson {
  /** Frame checksum (u64). */
  checksum: DecimalString;
  /** Message id (u128). */
  id: DecimalString;
  /** Absolute offset (u64). */
  offset: DecimalString;
  /** Absolute timestamp (u64). */
  timestamp: DecimalString;
  /** Origin timestamp (u64). */
  originTimestamp: DecimalString;
  /** Payload. */
  payload: Hex;
  /** User-header block, as its bytes. */
  userHeaders: Hex;
}

/** `PollMessages` responses: the fixed part, the batch records, and their messages in order. */
export interface PollMessagesResponseJson {
  /** Partition. */
  partitionId: number;
  /** Current offset (u64). */
  currentOffset: DecimalString;
  /** Message count. */
  messagesCount: number;
  /** The partition context. */
  context: PartitionContextJson;
  /** The batch records. */
  batches: BatchJson[];
  /** Every message of every batch. */
  messages: PolledMessageJson[];
}

const lowerFirst = (s: string): string => s[0].toLowerCase() + s.slice(1);
const upperFirst = (s: string): string => s[0].toUpperCase() + s.slice(1);

function fieldToJson(f: FieldSpec, v: unknown): unknown {
  switch (f.kind) {
    case "u64":
    case "u128":
      return (v as bigint).toString();
    case "bytes":
      return toHex(v as Uint8Array);
    case "command":
      return lowerFirst(commandName(v as number) ?? String(v));
    case "enum":
      return lowerFirst(f.enumSpec!.names[v as number] ?? String(v));
    default:
      return v;
  }
}

function fieldFromJson(f: FieldSpec, v: unknown): unknown {
  switch (f.kind) {
    case "u64":
    case "u128":
      return big(v);
    case "bytes":
      return bytesOf(v);
    case "command":
      return (Command as Record<string, number>)[upperFirst(v as string)];
    case "enum":
      return f.enumSpec!.values[upperFirst(v as string)];
    default:
      return v;
  }
}

const MAX_BY_KIND: Readonly<Record<string, number>> = { u8: 0xff, u16: 0xffff, u32: 0xffffffff };

/** The JSON Schema of one field's JSON form, as {@linkcode fieldToJson} writes it. */
function fieldSchema(type: HeaderClass, f: FieldSpec): Record<string, unknown> {
  switch (f.kind) {
    case "u64":
    case "u128":
      return { type: "string", pattern: "^(0|[1-9][0-9]*)$" };
    case "bytes":
      return { type: "string", pattern: `^([0-9a-f]{2}){${f.length}}$` };
    case "command":
      // The commands this header type may be typed from.
      return {
        enum: Object.entries(Command).filter(([, c]) => type.accepts(c)).map(([n]) => lowerFirst(n)),
      };
    case "enum":
      return { enum: Object.keys(f.enumSpec!.values).map(lowerFirst) };
    default:
      return { type: "integer", minimum: 0, maximum: MAX_BY_KIND[f.kind] };
  }
}

/**
 * The JSON Schema of a header's JSON form ({@linkcode headerToJson}), from its field table: read
 * by conformance/lib/iggy_value_schemas.ts.
 */
export function headerValueSchema(type: HeaderClass): Record<string, unknown> {
  const fields = [...COMMON_FIELDS, ...type.FIELDS];
  return {
    type: "object",
    required: fields.map((f) => f.name),
    additionalProperties: false,
    properties: Object.fromEntries(fields.map((f) => [f.name, fieldSchema(type, f)])),
  };
}

/** A header's JSON form: every field of its type, enums by name, bytes as hex. */
export function headerToJson(type: HeaderClass, h: { toObject(): unknown }): unknown {
  const o = h.toObject() as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const f of [...COMMON_FIELDS, ...type.FIELDS]) out[f.name] = fieldToJson(f, o[f.name]);
  return out;
}

function headerAdapter(type: HeaderClass) {
  const fields = [...COMMON_FIELDS, ...type.FIELDS];
  return {
    decode: (bytes: Uint8Array): unknown => headerToJson(type, decodeHeader(type, bytes)),
    encode(value: unknown): Uint8Array {
      const v = value as Record<string, unknown>;
      const init: Record<string, unknown> = {};
      for (const f of fields) init[f.name] = fieldFromJson(f, v[f.name]);
      return createHeader(type, init, { seal: false }).bytes;
    },
  };
}

const operationNameJson = (op: Operation): OperationNameJson =>
  lowerFirst(operationName(op)!) as OperationNameJson;

function operationJson(op: Operation): OperationJson {
  return {
    name: operationNameJson(op),
    isInternal: isInternalOperation(op),
    isPartitionLifecycle: isPartitionLifecycleOperation(op),
    isMetadata: isMetadataOperation(op),
    isVsrReserved: isVsrReservedOperation(op),
    isResultFramed: isResultFramedOperation(op),
    isPartition: isPartitionOperation(op),
    isMetadataPlane: isMetadataPlaneOperation(op),
    isPlaneRoutable: isPlaneRoutableOperation(op),
    isClientAllowed: isClientAllowedOperation(op),
    commandCode: operationToCommandCode(op) ?? null,
    requestOperation: operationNameJson(requestOperation(op)),
  };
}

/** Reads exactly one value from `bytes` (a wrong length is a WireError, as for any decoder). */
function oneValue<T>(bytes: Uint8Array, read: (r: Reader) => T): T {
  const r = new Reader(bytes);
  const v = read(r);
  r.expectEnd();
  return v;
}

/** Consensus header, discriminant and helper adapters, by vector-file `message`. */
export const iggyConsensusAdapters: ProtocolAdapters = {
  ...Object.fromEntries(Object.entries(HEADER_TYPES).map(([name, type]) => [name, headerAdapter(type)])),
  Command: {
    decode(bytes) {
      const byte = oneValue(bytes, (r) => r.u8());
      const name = commandName(byte);
      if (name === undefined) throw unknownCommandError();
      return { name: lowerFirst(name) as CommandNameJson } satisfies CommandJson;
    },
  },
  Operation: {
    decode(bytes) {
      const byte = oneValue(bytes, (r) => r.u8());
      if (!isKnownOperation(byte)) throw unsupportedOperationError(byte, 0);
      return operationJson(byte);
    },
  },
  OperationForCode: {
    decode(bytes) {
      const code = oneValue(bytes, (r) => r.u32le());
      const from = operationFromCommandCode(code);
      return {
        operation: operationNameJson(operationForCode(code)),
        fromCommandCode: from === undefined ? null : operationNameJson(from),
      } satisfies OperationForCodeJson;
    },
  },
  FrameChecksum: {
    decode(bytes) {
      const frame = frameChecksumBytes(bytes);
      const size = readSizeField(bytes)!;
      return {
        frameChecksum: frame.toString(),
        prepareIdentityChecksum: prepareIdentityChecksumBytes(bytes).toString(),
        sizeField: size,
        frameBody: toHex(frameBody(bytes, size)),
      } satisfies FrameChecksumJson;
    },
  },
  ReplyResult: {
    decode(bytes) {
      return {
        resultCode: resultCode(bytes) ?? null,
        resultSectionLen: resultSectionLen(bytes) ?? null,
      } satisfies ReplyResultJson;
    },
  },
  ConsensusConstants: {
    decode() {
      return {
        HEADER_SIZE,
        RESERVED_COMMAND_LEN,
        SIZE_FIELD_OFFSET,
        DVC_HEADERS_MAX,
        CHECKSUM_UNSEALED: CHECKSUM_UNSEALED.toString(),
        REJECTION_SECTION_LEN,
        RESULT_COUNT_LEN,
        RESULT_ENTRY_LEN,
        LIFECYCLE_BATCH_HEADER_SIZE,
        LIFECYCLE_COMPLETION_SIZE,
        LIFECYCLE_COMPLETIONS_MAX,
        MAX_CONSUMER_SESSIONS_PER_HEARTBEAT,
        CONSUMER_SESSION_ENCODED_SIZE,
        NO_QUORUM_EVIDENCE: PrimaryRebalanceHeader.NO_QUORUM_EVIDENCE.toString(),
        COMMITTED_RESULT: ReplyHeader.COMMITTED_RESULT,
        FLAG_UNTRUSTED_LOG: DoViewChangeHeader.FLAG_UNTRUSTED_LOG,
        MAX_STREAMS: ns.MAX_STREAMS,
        MAX_TOPICS: ns.MAX_TOPICS,
        MAX_PARTITIONS: ns.MAX_PARTITIONS,
        STREAM_BITS: ns.STREAM_BITS,
        TOPIC_BITS: ns.TOPIC_BITS,
        PARTITION_BITS: ns.PARTITION_BITS,
        PARTITION_SHIFT: ns.PARTITION_SHIFT,
        TOPIC_SHIFT: ns.TOPIC_SHIFT,
        STREAM_SHIFT: ns.STREAM_SHIFT,
        PARTITION_MASK: ns.PARTITION_MASK.toString(),
        TOPIC_MASK: ns.TOPIC_MASK.toString(),
        STREAM_MASK: ns.STREAM_MASK.toString(),
        PACKED_NAMESPACE_BITS: ns.PACKED_NAMESPACE_BITS,
        PACKED_NAMESPACE_MAX: ns.PACKED_NAMESPACE_MAX.toString(),
        METADATA_GROUP: ns.METADATA_GROUP.toString(),
        INTERNAL_START: OPERATION_INTERNAL_START,
        METADATA_START: OPERATION_METADATA_START,
        PARTITION_START: OPERATION_PARTITION_START,
      } satisfies ConsensusConstantsJson;
    },
  },
};

/** A decoded record in its JSON form (the crate's `BatchRef`: header fields and frames). */
export function batchToJson(b: BatchView): BatchJson {
  const messages: BatchMessageJson[] = [];
  const c = b.cursor();
  while (c.next()) {
    messages.push({
      checksum: c.checksum.toString(),
      id: c.id.toString(),
      offsetDelta: c.offsetDelta,
      timestampDelta: c.timestampDelta,
      payload: toHex(c.payload),
      userHeaders: toHex(c.userHeaders),
    });
  }
  return {
    partitionId: b.partitionId.toString(),
    baseOffset: b.baseOffset.toString(),
    baseTimestamp: b.baseTimestamp.toString(),
    originTimestamp: b.originTimestamp.toString(),
    batchLength: b.batchLength.toString(),
    batchChecksum: b.batchChecksum.toString(),
    messageCount: b.messageCount,
    messages,
  };
}

/** A record's JSON form back to a raw record (checksums as given). */
export function batchFromJson(v: unknown): RawRecord {
  const r = v as Record<string, unknown>;
  return {
    partitionId: big(r.partitionId),
    baseOffset: big(r.baseOffset),
    baseTimestamp: big(r.baseTimestamp),
    originTimestamp: big(r.originTimestamp),
    batchLength: big(r.batchLength),
    batchChecksum: big(r.batchChecksum),
    messageCount: r.messageCount as number,
    messages: (r.messages as Record<string, unknown>[]).map((m) => ({
      checksum: big(m.checksum),
      id: big(m.id),
      offsetDelta: m.offsetDelta as number,
      timestampDelta: m.timestampDelta as number,
      payload: bytesOf(m.payload),
      userHeaders: bytesOf(m.userHeaders),
    })),
  };
}

/**
 * Re-encodes a valid record from its JSON form with every checksum recomputed by streamwire
 * (zeroed, then re-stamped), so a canonical vector checks the frame and batch hashing too.
 */
export function encodeBatchJson(v: unknown): Uint8Array {
  const raw = batchFromJson(v);
  const bytes = encodeBatchRecord({
    ...raw,
    batchChecksum: 0n,
    messages: raw.messages.map((m) => ({ ...m, checksum: 0n })),
  });
  restampBatch(bytes);
  return bytes;
}

function integrity(ctx: CaseContext): BatchIntegrity {
  return (ctx.test.options?.integrity as BatchIntegrity | undefined) ?? "verify";
}

/** Batch record adapters. */
export const iggyBatchRecordAdapters: ProtocolAdapters = {
  Batch: {
    decode: (bytes, ctx) => batchToJson(decodeBatch(bytes, { integrity: integrity(ctx) })),
    encode: (value) => encodeBatchJson(value),
  },
};

function partitioningToJson(p: Partitioning): unknown {
  return p.kind === "messagesKey" ? { kind: p.kind, value: toHex(p.value) } : p;
}

function partitioningFromJson(v: unknown): Partitioning {
  const p = v as { kind: string; value?: unknown };
  if (p.kind === "messagesKey") return { kind: "messagesKey", value: bytesOf(p.value) };
  return p as Partitioning;
}

type Obj = Record<string, unknown>;

const contextToJson = (
  c: { incarnation: bigint; ownerGeneration: bigint; metadataOp: bigint },
): PartitionContextJson => ({
  incarnation: c.incarnation.toString(),
  ownerGeneration: c.ownerGeneration.toString(),
  metadataOp: c.metadataOp.toString(),
});

/** Messages command adapters (SendMessages, PollMessages, GetPartitionRoute). */
export const iggyMessagesAdapters: ProtocolAdapters = {
  SendMessages: {
    decode(bytes, ctx) {
      if (ctx.group.direction === "response") {
        const r = decodePayload(sendMessagesResponse, bytes);
        return {
          confirmations: r.confirmations.map((c) => ({ ...c, baseOffset: c.baseOffset.toString() })),
        };
      }
      const r = decodePayload(sendMessagesRequest, bytes);
      return {
        streamId: r.streamId,
        topicId: r.topicId,
        partitioning: partitioningToJson(r.partitioning),
        messagesCount: r.messagesCount,
        batch: batchToJson(r.batch as BatchView),
      };
    },
    encode(value, ctx) {
      const v = value as Obj;
      if (ctx.group.direction === "response") {
        return encodePayload(sendMessagesResponse, {
          confirmations: (v.confirmations as Obj[]).map((c) => ({
            streamId: c.streamId as number,
            topicId: c.topicId as number,
            partitionId: c.partitionId as number,
            baseOffset: big(c.baseOffset),
          })),
        });
      }
      const base = {
        streamId: v.streamId as never,
        topicId: v.topicId as never,
        partitioning: partitioningFromJson(v.partitioning),
      };
      if (Array.isArray(v.messages)) {
        return encodePayload(sendMessagesRequest, {
          ...base,
          messages: (v.messages as Obj[]).map((m) => ({
            id: big(m.id),
            originTimestamp: big(m.originTimestamp),
            userHeaders: bytesOf(m.userHeaders),
            payload: bytesOf(m.payload),
          })),
        });
      }
      return encodePayload(sendMessagesRequest, {
        ...base,
        messagesCount: v.messagesCount as number,
        batch: encodeBatchJson(v.batch),
      });
    },
  },
  PollMessages: {
    decode(bytes, ctx) {
      if (ctx.group.direction === "request") {
        const r = decodePayload(pollMessagesRequest, bytes);
        return { ...r, strategy: { kind: r.strategy.kind, value: r.strategy.value.toString() } };
      }
      const r = decodePollMessagesResponse(bytes);
      const messages: PolledMessageJson[] = [];
      forEachPolledMessage(r, (c) =>
        messages.push({
          checksum: c.checksum.toString(),
          id: c.id.toString(),
          offset: c.offset.toString(),
          timestamp: c.timestamp.toString(),
          originTimestamp: c.originTimestamp.toString(),
          payload: toHex(c.payload),
          userHeaders: toHex(c.userHeaders),
        }));
      return {
        partitionId: r.partitionId,
        currentOffset: r.currentOffset.toString(),
        messagesCount: r.messagesCount,
        context: contextToJson(r.context),
        batches: r.batches.map(batchToJson),
        messages,
      } satisfies PollMessagesResponseJson;
    },
    encode(value, ctx) {
      const v = value as Obj;
      if (ctx.group.direction === "request") {
        const s = v.strategy as Obj;
        return encodePayload(pollMessagesRequest, {
          ...(v as never as Record<string, never>),
          strategy: { kind: s.kind as never, value: big(s.value) },
        } as never);
      }
      const c = v.context as Obj;
      return encodePayload(pollMessagesResponse, {
        partitionId: v.partitionId as number,
        currentOffset: big(v.currentOffset),
        messagesCount: v.messagesCount as number,
        context: {
          incarnation: big(c.incarnation),
          ownerGeneration: big(c.ownerGeneration),
          metadataOp: big(c.metadataOp),
        },
        batches: (v.batches as unknown[]).map((b) => encodeBatchRecord(batchFromJson(b))),
      });
    },
  },
  GetPartitionRoute: {
    decode(bytes, ctx) {
      if (ctx.group.direction === "request") return decodePayload(getPartitionRouteRequest, bytes);
      const r = decodePayload(partitionRouteResponse, bytes);
      return { ...r, incarnation: r.incarnation.toString(), metadataOp: r.metadataOp.toString() };
    },
    encode(value, ctx) {
      const v = value as Obj;
      if (ctx.group.direction === "request") return encodePayload(getPartitionRouteRequest, v as never);
      return encodePayload(partitionRouteResponse, {
        ...(v as never as Record<string, never>),
        incarnation: big(v.incarnation),
        metadataOp: big(v.metadataOp),
      } as never);
    },
  },
};

/** Everything this area contributes to the `iggy` adapters. */
export const iggyBatchAdapters: ProtocolAdapters = {
  ...iggyConsensusAdapters,
  ...iggyBatchRecordAdapters,
  ...iggyMessagesAdapters,
};

/**
 * The type (exported above, or from src/iggy) of each value these adapters produce, by
 * vector-file message and group direction; directions not listed take the codec's own type.
 * Read by conformance/lib/iggy_value_schemas.ts.
 */
export const IGGY_BATCH_VALUE_TYPES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Command: { data: "CommandJson" },
  Operation: { data: "OperationJson" },
  OperationForCode: { data: "OperationForCodeJson" },
  FrameChecksum: { data: "FrameChecksumJson" },
  ReplyResult: { data: "ReplyResultJson" },
  ConsensusConstants: { data: "ConsensusConstantsJson" },
  Batch: { data: "BatchJson" },
  SendMessages: { request: "SendMessagesRequestValueJson" },
  PollMessages: { response: "PollMessagesResponseJson" },
};
