/**
 * Differential generators of the batch / messages / consensus area: batch records (verified
 * and layout-only), the messages commands, and every consensus header type. Each generator
 * makes values the crate must accept (headers respect every validation rule of their type);
 * the driver's mutations then check that both sides reject the same broken bytes with the same
 * code.
 *
 * @module
 */

import type { Rng } from "./_rng.ts";
import type { DiffType } from "./_types.ts";
import { encodePayload, type PayloadCodec } from "../../src/iggy/codec.ts";
import type { Reader } from "../../src/wire/reader.ts";
import type { Writer } from "../../src/wire/writer.ts";
import { genConsumer, genIdentifier, genPartitioning, genPollingStrategy } from "./iggy_core.ts";
import { BatchView, decodeBatch } from "../../src/iggy/batch/batch.ts";
import { type BatchMessageInput, encodeBatch } from "../../src/iggy/batch/builder.ts";
import {
  decodePollMessagesResponse,
  getPartitionRouteRequest,
  partitionRouteResponse,
  pollMessagesRequest,
  type PollMessagesResponse,
  pollMessagesResponse,
  type SendMessagesRequest,
  sendMessagesRequest,
  sendMessagesResponse,
} from "../../src/iggy/commands/messages.ts";
import {
  COMMON_FIELDS,
  type ConsensusHeaderView,
  createHeader,
  decodeHeader,
  type FieldSpec,
  type HeaderClass,
} from "../../src/iggy/consensus/header.ts";
import { HEADER_TYPES } from "../../src/iggy/consensus/dispatch.ts";
import { Command } from "../../src/iggy/consensus/command.ts";
import { Operation } from "../../src/iggy/consensus/operation.ts";
import { EvictionReason, PrimaryRebalanceKind, SegmentDeleteKind } from "../../src/iggy/consensus/enums.ts";
import { PrimaryRebalanceHeader } from "../../src/iggy/consensus/headers.ts";
import { batchToJson, headerToJson, iggyMessagesAdapters } from "../adapters/iggy_batch.ts";
import type { CaseContext } from "../lib/types.ts";

const U64_MAX = 0xffff_ffff_ffff_ffffn;

// ---------------------------------------------------------------------------------------------
// Batch records.

function genMessage(r: Rng, origin: bigint): BatchMessageInput {
  return {
    id: r.chance(0.3) ? BigInt(r.int(0, 1000)) : r.u128(),
    payload: r.bytes(r.len(0, 64)),
    userHeaders: r.chance(0.5) ? new Uint8Array(0) : r.bytes(r.len(1, 40)),
    originTimestamp: origin + BigInt(r.chance(0.2) ? r.pick([0, 0xffff_ffff]) : r.int(0, 100_000)),
  };
}

function genMessages(r: Rng, min: number): BatchMessageInput[] {
  const origin = r.chance(0.2)
    ? r.pick([0n, U64_MAX - 0xffff_ffffn])
    : BigInt(r.int(0, 2 ** 31)) * 1_000_000n;
  return r.array(min, 8, (x) => genMessage(x, origin));
}

interface GenRecord {
  readonly messages: BatchMessageInput[];
  readonly stamp: { partitionId: bigint; baseOffset: bigint; baseTimestamp: bigint };
}

function genRecord(r: Rng): GenRecord {
  return {
    messages: genMessages(r, 0),
    stamp: {
      partitionId: r.chance(0.5) ? 0n : r.u64(),
      // Kept below u64::MAX - 2^32 so that base + delta never wraps in the crate's poll view.
      baseOffset: r.chance(0.5) ? 0n : r.u64() & 0x7fff_ffff_ffff_ffffn,
      baseTimestamp: r.chance(0.5) ? 0n : r.u64(),
    },
  };
}

type RecordValue = BatchView | GenRecord | Uint8Array;

function recordBytes(v: RecordValue): Uint8Array {
  if (v instanceof BatchView) return v.bytes;
  if (v instanceof Uint8Array) return v;
  return encodeBatch(v.messages, v.stamp);
}

function recordCodec(integrity: "verify" | "layoutOnly"): PayloadCodec<RecordValue> {
  return {
    name: integrity === "verify" ? "Batch" : "BatchLayoutOnly",
    encode: (w: Writer, v: RecordValue) => w.bytes(recordBytes(v)),
    sizeOf: (v: RecordValue) => recordBytes(v).length,
    decode(r: Reader): RecordValue {
      const b = decodeBatch(r.buf.subarray(r.pos, r.end), { integrity });
      r.pos += b.bytes.length;
      return b;
    },
  };
}

const recordJson = (integrity: "verify" | "layoutOnly") => (v: RecordValue) =>
  batchToJson(v instanceof BatchView ? v : decodeBatch(recordBytes(v), { integrity }));

/** A record whose checksums may be wrong (what a layout-only reader must still accept). */
function genLooseRecord(r: Rng): Uint8Array {
  const bytes = encodeBatch(genMessages(r, 0), genRecord(r).stamp);
  if (r.chance(0.7)) bytes[40 + r.int(0, 7)] ^= 1 << r.int(0, 7);
  const view = decodeBatch(bytes, { integrity: "layoutOnly" });
  const c = view.cursor();
  while (c.next()) if (r.chance(0.3)) bytes[c.frameOffset + r.int(0, 7)] ^= 1;
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// Messages commands.

function genSendMessages(r: Rng): SendMessagesRequest {
  return {
    streamId: genIdentifier(r),
    topicId: genIdentifier(r),
    partitioning: genPartitioning(r),
    messages: genMessages(r, 1),
    ...(r.chance(0.2) ? { messagesCount: r.u32e() } : {}),
  };
}

const messagesCtx = (direction: "request" | "response") =>
  ({ group: { direction } }) as unknown as CaseContext;

/** The JSON form of a generated value: the decode of its encoding (the record is built). */
function sendMessagesJson(v: SendMessagesRequest): unknown {
  return iggyMessagesAdapters.SendMessages.decode(
    encodePayload(sendMessagesRequest, v),
    messagesCtx("request"),
  );
}

function genPollResponse(r: Rng): PollMessagesResponse {
  const n = r.len(0, 3);
  const batches: Uint8Array[] = [];
  for (let i = 0; i < n; i++) {
    batches.push(r.chance(0.5) ? genLooseRecord(r) : encodeBatch(genRecord(r).messages, genRecord(r).stamp));
  }
  return {
    partitionId: r.u32e(),
    currentOffset: r.u64(),
    messagesCount: r.u32e(),
    context: { incarnation: r.u64(), ownerGeneration: r.u64(), metadataOp: r.u64() },
    batches,
  };
}

function pollResponseJson(v: PollMessagesResponse): unknown {
  return iggyMessagesAdapters.PollMessages.decode(
    encodePayload(pollMessagesResponse, v),
    messagesCtx("response"),
  );
}

// ---------------------------------------------------------------------------------------------
// Consensus headers: random field values, then the type's rules applied.

type Init = Record<string, unknown>;

function randomField(r: Rng, f: FieldSpec): unknown {
  switch (f.kind) {
    case "u8":
      return r.u8();
    case "u16":
      return r.u16();
    case "u32":
      return r.u32e();
    case "u64":
      return r.u64();
    case "u128":
      return r.u128();
    case "bytes":
      return r.chance(0.5) ? new Uint8Array(f.length!) : r.bytes(f.length!);
    case "command":
      return r.int(0, 34);
    case "enum":
      return r.pick(Object.values(f.enumSpec!.values));
  }
}

const HS = 256;
const zero = (n: number) => new Uint8Array(n);
const nz64 = (r: Rng) => r.u64nz();
const nz128 = (r: Rng) => {
  const v = r.u128();
  return v === 0n ? 1n : v;
};
const small64 = (r: Rng) => BigInt(r.int(0, 1_000_000));

/** Makes `h` satisfy the rules of its type (see each header's `validate`). */
const FIXERS: Record<string, (r: Rng, h: Init) => void> = {
  GenericHeader: () => {},
  RequestHeader: fixRequest,
  RoutedRequestHeader: fixRequest,
  ReplyHeader: () => {},
  EvictionHeader(r, h) {
    h.size = HS;
    if (h.client === 0n) h.client = 1n;
    h.reservedFrame = zero(66);
    h.reserved = zero(103);
    h.reason = r.int(1, 15);
    if (h.reason === EvictionReason.IncompatibleProtocol) {
      const min = r.int(1, 1000);
      h.serverProtocolVersionMin = min;
      h.serverProtocolVersion = min + r.int(0, 1000);
    } else {
      h.serverProtocolVersion = 0;
      h.serverProtocolVersionMin = 0;
    }
  },
  PrepareHeader: fixPrepare,
  RepairPrepareHeader: fixPrepare,
  PrepareOkHeader: () => {},
  CommitHeader(_r, h) {
    h.size = HS;
  },
  StartViewChangeHeader(_r, h) {
    h.release = 0;
  },
  DoViewChangeHeader(r, h) {
    h.release = 0;
    h.view = r.u32e();
    h.logView = r.int(0, Math.min(h.view as number, 0xffff_ffff));
    const op = r.u64();
    h.op = op;
    h.commit = op === 0n ? 0n : r.chance(0.3) ? op : op - (r.u64() % op);
    h.flags = r.int(0, 1);
    const n = r.chance(0.2) ? r.pick([0, 1, 127, 128]) : r.int(0, 128);
    h.size = HS * (1 + n);
    const mask = n >= 128 ? (1n << 128n) - 1n : (1n << BigInt(n)) - 1n;
    h.nackBitset = (h.nackBitset as bigint) & mask;
    h.presentBitset = (h.presentBitset as bigint) & mask;
  },
  StartViewHeader(r, h) {
    h.release = 0;
    const op = r.u64();
    h.op = op;
    h.commit = op === 0n ? 0n : op - (r.u64() % op);
    h.size = HS * (1 + r.int(0, 128));
  },
  RequestStartViewHeader(_r, h) {
    h.release = 0;
  },
  RequestPreparesHeader(r, h) {
    const from = nz64(r);
    h.fromOp = from;
    h.toOp = from + (r.u64() % (U64_MAX - from + 1n));
  },
  RepairRangeReplyHeader(r, h) {
    h.command = r.pick([Command.RepairDone, Command.RangeEvicted]);
  },
  RequestStateTransferHeader(_r, h) {
    h.size = HS;
  },
  StateTransferTargetHeader(r, h) {
    h.available = r.int(0, 1);
    h.unavailableTransient = h.available === 1 ? 0 : r.int(0, 1);
    if (h.available === 0) h.size = HS;
  },
  RequestStateChunkHeader(r, h) {
    h.size = HS;
    if (h.len === 0) h.len = r.int(1, 1 << 20);
  },
  StateChunkHeader(r, h) {
    if ((h.size as number) < HS) h.size = HS + r.int(0, 1 << 20);
  },
  ForwardRegisterHeader(r, h) {
    h.size = HS + 40;
    h.client = nz128(r);
    h.nonce = nz128(r);
    h.reserved = zero(92);
  },
  ForwardRegisterResultHeader(r, h) {
    h.size = HS;
    h.client = nz128(r);
    h.nonce = nz128(r);
    h.reserved = zero(79);
    if (h.outcome !== 0) {
      h.epoch = 0n;
      h.watermark = 0n;
    }
  },
  ForwardLogoutHeader(r, h) {
    h.size = HS;
    h.client = nz128(r);
    h.nonce = nz128(r);
    h.session = nz64(r);
    h.request = nz64(r);
    h.reserved = zero(80);
  },
  ForwardLogoutResultHeader(r, h) {
    h.size = HS;
    h.client = nz128(r);
    h.nonce = nz128(r);
    h.reserved = zero(87);
    if (h.outcome !== 0) h.commit = 0n;
  },
  ForwardCompletionHeader(r, h) {
    if (r.bool()) {
      h.operation = Operation.CompleteLifecycle;
      h.size = HS + 16 + 16 * (r.chance(0.2) ? r.pick([1, 1024]) : r.int(1, 1024));
    } else {
      h.operation = Operation.CompleteConsumerGroupRevocation;
      h.size = HS + 80;
      h.reporter = 0;
    }
    h.release = 0;
    h.reservedFrame = zero(66);
    h.reserved = zero(125);
  },
  ConsumerSessionHeartbeatHeader(r, h) {
    h.command = r.pick([Command.ConsumerSessionHeartbeat, Command.SessionRetirementProgress]);
    h.size = HS + 24 * (r.chance(0.2) ? r.pick([0, 1024]) : r.int(0, 1024));
    h.incomplete = r.int(0, 1);
    h.release = 0;
    if (h.command === Command.ConsumerSessionHeartbeat) h.namespaceRevision = 0n;
    h.reservedFrame = zero(66);
    h.reserved = zero(119);
  },
  PrimaryRebalanceHeader(r, h) {
    const K = PrimaryRebalanceKind;
    h.size = HS;
    h.checksumBody = 0n;
    h.release = 0;
    h.reservedFrame = zero(66);
    h.reserved = zero(73);
    h.nonce = nz128(r);
    const kind = h.kind as number;
    const reply = kind === K.MetadataReply || kind === K.PartitionReply || kind === K.SourceReply;
    h.ready = reply ? r.int(0, 1) : 0;
    h.target = kind === K.PrimaryTransfer ? r.u8() : 0;
    h.quorumAgeNs = kind === K.MetadataProbe && r.bool()
      ? small64(r)
      : PrimaryRebalanceHeader.NO_QUORUM_EVIDENCE;
    if (kind === K.MetadataReply) h.commit = 0n;
    if (kind === K.MetadataProbe || kind === K.MetadataReply) {
      h.namespace = 0n;
      h.createdRevision = 0n;
      h.partitionView = 0;
    } else if (h.createdRevision === 0n) h.createdRevision = 1n;
  },
  SegmentDeleteHeader(r, h) {
    h.size = HS;
    h.checksumBody = 0n;
    h.release = 0;
    h.reservedFrame = zero(66);
    h.reserved = zero(75);
    h.nonce = nz128(r);
    h.createdRevision = nz64(r);
    if (h.kind !== SegmentDeleteKind.Resolved) h.upToOffset = 0n;
  },
};

function fixRequest(r: Rng, h: Init): void {
  h.command = Command.Request;
  if (h.client === 0n) h.client = 1n;
  if (h.operation === Operation.Reserved) h.operation = Operation.SendMessages;
  if (h.operation === Operation.Register) {
    h.session = 0n;
    h.request = 0n;
  } else if (h.operation !== Operation.NonReplicated) {
    h.session = nz64(r);
    h.request = nz64(r);
  }
}

function fixPrepare(_r: Rng, h: Init): void {
  h.reservedFrame = zero(66);
  h.reserved = zero(8);
  delete h.checksum;
}

function headerType(name: string, type: HeaderClass): DiffType<ConsensusHeaderView> {
  const fields = [...COMMON_FIELDS, ...type.FIELDS];
  return {
    type: name,
    direction: "data",
    codec: {
      name,
      encode: (w: Writer, v: ConsensusHeaderView) => w.bytes(v.bytes),
      sizeOf: () => 256,
      decode(r: Reader): ConsensusHeaderView {
        const h = decodeHeader(type, r.buf.subarray(r.pos, r.end));
        r.pos += 256;
        return h;
      },
    },
    gen(r: Rng): ConsensusHeaderView {
      const init: Init = {};
      for (const f of fields) init[f.name] = randomField(r, f);
      init.command = type.COMMAND;
      FIXERS[name](r, init);
      return createHeader(type, init, { validate: false }); // random headers may break a rule on purpose
    },
    json: (v: ConsensusHeaderView) => headerToJson(type, v),
  };
}

/** Every type this area registers with the differential driver. */
export const types: DiffType<any>[] = [
  {
    type: "Batch",
    direction: "data",
    codec: recordCodec("verify"),
    gen: genRecord,
    json: recordJson("verify"),
  },
  {
    type: "BatchLayoutOnly",
    direction: "data",
    codec: recordCodec("layoutOnly"),
    gen: genLooseRecord,
    json: recordJson("layoutOnly"),
  },
  {
    type: "SendMessages",
    direction: "request",
    codec: sendMessagesRequest,
    gen: genSendMessages,
    json: sendMessagesJson,
  },
  {
    type: "SendMessages",
    direction: "response",
    codec: sendMessagesResponse,
    gen: (r: Rng) => ({
      confirmations: r.array(
        0,
        6,
        (x) => ({ streamId: x.u32e(), topicId: x.u32e(), partitionId: x.u32e(), baseOffset: x.u64() }),
      ),
    }),
  },
  {
    type: "PollMessages",
    direction: "request",
    codec: pollMessagesRequest,
    gen: (r: Rng) => ({
      consumer: genConsumer(r),
      streamId: genIdentifier(r),
      topicId: genIdentifier(r),
      partitionId: r.chance(0.3) ? null : r.u32e(),
      strategy: genPollingStrategy(r),
      count: r.u32e(),
      autoCommit: r.bool(),
    }),
  },
  {
    type: "PollMessages",
    direction: "response",
    codec: pollMessagesResponse,
    gen: genPollResponse,
    json: pollResponseJson,
    decode: (bytes: Uint8Array) => decodePollMessagesResponse(bytes),
  },
  {
    type: "GetPartitionRoute",
    direction: "request",
    codec: getPartitionRouteRequest,
    gen: (r: Rng) => ({ streamId: genIdentifier(r), topicId: genIdentifier(r), partitionId: r.u32e() }),
  },
  {
    type: "GetPartitionRoute",
    direction: "response",
    codec: partitionRouteResponse,
    gen: (r: Rng) => ({
      incarnation: r.u64(),
      metadataOp: r.u64(),
      view: r.u32e(),
      partitionsCount: r.u32e(),
      primaryReplica: r.u8(),
    }),
  },
  ...Object.entries(HEADER_TYPES).map(([name, type]) => headerType(name, type)),
];
