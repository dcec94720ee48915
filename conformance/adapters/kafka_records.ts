/**
 * Adapters for Kafka record data: `RecordBatch` (vectors/kafka/record_batch.json, magic 2) and
 * `MessageSet` (message_set.json, magic 0/1 and mixed). Both decode a whole `records` field with
 * `decodeRecordSet` into the JSON form of vectors/README.md ("Kafka records"), and encode that form
 * back batch by batch.
 *
 * @module
 */

import type { CaseContext, ProtocolAdapters } from "../lib/types.ts";
import { fromHex, toHex } from "../../src/wire/hex.ts";
import { WireError } from "../../src/wire/error.ts";
import {
  type AnyRecordBatch,
  COMPRESSION_NAMES,
  decodeControlRecordKey,
  decodeEndTxnMarkerValue,
  decodeRecordSet,
  encodeLegacyMessage,
  encodeRecordBatch,
  type RecordBatch,
  type RecordBatchEncodeOptions,
  type RecordsDecodeOptions,
} from "../../src/kafka/records/mod.ts";
import { createCodecRegistry } from "../../src/kafka/compression/mod.ts";

/** All four codecs: the vectors include compressed batches (the library registers none by default). */
const codecs = createCodecRegistry();
import type { LegacyRecordBatch } from "../../src/kafka/records/legacy.ts";

type Json = Record<string, any>;

const TS_NAMES = ["CreateTime", "LogAppendTime"] as const;

const hexOrNull = (b: Uint8Array | null): string | null => (b === null ? null : toHex(b));
const bytesOrNull = (
  v: unknown,
): Uint8Array | null => (v === null || v === undefined ? null : fromHex(v as string));

function v2ToJson(b: RecordBatch): Json {
  const records: Json[] = [];
  const c = b.records();
  while (c.next()) {
    const r: Json = {
      offsetDelta: c.offsetDelta,
      timestampDelta: c.timestampDeltaBigInt().toString(),
      offset: c.offsetBigInt().toString(),
      timestamp: c.timestampBigInt().toString(),
      key: hexOrNull(c.key),
      value: hexOrNull(c.value),
      headers: c.headers().map((h) => ({ key: h.key, value: hexOrNull(h.value) })),
    };
    if (b.isControl) {
      const k = decodeControlRecordKey(c.key);
      const control: Json = { type: k.typeName, version: k.version };
      if (k.type === 0 || k.type === 1) {
        control.coordinatorEpoch = decodeEndTxnMarkerValue(c.value).coordinatorEpoch;
      }
      r.control = control;
    }
    records.push(r);
  }
  return {
    magic: 2,
    baseOffset: b.baseOffset.toString(),
    partitionLeaderEpoch: b.partitionLeaderEpoch,
    attributes: {
      compression: COMPRESSION_NAMES[b.compression],
      timestampType: TS_NAMES[b.timestampType],
      transactional: b.isTransactional,
      control: b.isControl,
      deleteHorizon: b.hasDeleteHorizon,
    },
    lastOffsetDelta: b.lastOffsetDelta,
    baseTimestamp: b.baseTimestamp.toString(),
    maxTimestamp: b.maxTimestamp.toString(),
    producerId: b.producerId.toString(),
    producerEpoch: b.producerEpoch,
    baseSequence: b.baseSequence,
    records,
  };
}

function legacyToJson(b: LegacyRecordBatch): Json {
  const attributes: Json = { compression: COMPRESSION_NAMES[b.compression] };
  if (b.magic === 1) attributes.timestampType = TS_NAMES[b.timestampType as 0 | 1];
  const out: Json = { magic: b.magic, offset: b.offset.toString(), attributes };
  if (b.magic === 1) out.timestamp = b.timestamp.toString();
  out.key = hexOrNull(b.key);
  out.value = hexOrNull(b.value);
  if (b.isCompressed) {
    out.records = b.toArray().map((r) => {
      const j: Json = { offset: r.offset.toString() };
      if (r.magic === 1) j.timestamp = r.timestamp.toString();
      j.key = hexOrNull(r.key);
      j.value = hexOrNull(r.value);
      return j;
    });
  }
  return out;
}

/** The JSON form of one decoded batch of any magic. */
export function batchToJson(b: AnyRecordBatch): Json {
  return b.magic === 2 ? v2ToJson(b) : legacyToJson(b);
}

/** Decodes a `records` field into the vectors' JSON form. */
export function recordSetToJson(bytes: Uint8Array, options?: RecordsDecodeOptions): Json {
  const set = decodeRecordSet(bytes, { codecs, ...options });
  return { batches: set.batches.map(batchToJson), partialBytes: set.partialBytes };
}

function compressionId(name: string): 0 | 1 | 2 | 3 | 4 {
  const i = COMPRESSION_NAMES.indexOf(name as never);
  if (i < 0) throw new WireError("INVALID_VALUE", { detail: `compression ${name}` });
  return i as 0 | 1 | 2 | 3 | 4;
}

/** Encodes one batch from its JSON form. */
export function batchFromJson(j: Json, options?: RecordBatchEncodeOptions): Uint8Array {
  if (j.magic === 2) {
    const a = j.attributes;
    return encodeRecordBatch({
      baseOffset: BigInt(j.baseOffset),
      partitionLeaderEpoch: j.partitionLeaderEpoch,
      compression: compressionId(a.compression),
      timestampType: a.timestampType === "LogAppendTime" ? 1 : 0,
      isTransactional: a.transactional,
      isControl: a.control,
      hasDeleteHorizon: a.deleteHorizon,
      lastOffsetDelta: j.lastOffsetDelta,
      baseTimestamp: BigInt(j.baseTimestamp),
      maxTimestamp: BigInt(j.maxTimestamp),
      producerId: BigInt(j.producerId),
      producerEpoch: j.producerEpoch,
      baseSequence: j.baseSequence,
      records: (j.records as Json[]).map((r) => ({
        offsetDelta: r.offsetDelta,
        timestampDelta: BigInt(r.timestampDelta),
        key: bytesOrNull(r.key),
        value: bytesOrNull(r.value),
        headers: (r.headers as Json[]).map((h) => ({ key: h.key, value: bytesOrNull(h.value) })),
      })),
    }, { codecs, ...options });
  }
  const a = j.attributes;
  const typeBit = a.timestampType === "LogAppendTime" ? 0x08 : 0;
  return encodeLegacyMessage({
    magic: j.magic,
    offset: BigInt(j.offset),
    attributes: compressionId(a.compression) | typeBit,
    timestamp: j.timestamp === undefined ? -1n : BigInt(j.timestamp),
    key: bytesOrNull(j.key),
    value: bytesOrNull(j.value),
  });
}

/** Encodes a whole `records` field from its JSON form (batches back to back). */
export function recordSetFromJson(value: unknown, options?: RecordBatchEncodeOptions): Uint8Array {
  const v = value as Json;
  if (v.partialBytes !== 0) {
    throw new WireError("INVALID_VALUE", { detail: "a partial batch cannot be encoded from its JSON form" });
  }
  const parts = (v.batches as Json[]).map((b) => batchFromJson(b, options));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function decodeOptions(ctx: CaseContext): RecordsDecodeOptions | undefined {
  const o = ctx.test.options;
  if (!o) return undefined;
  return {
    maxDecompressedBytes: o.maxDecompressedBytes as number | undefined,
    maxRecordsPerBatch: o.maxRecordsPerBatch as number | undefined,
  };
}

const recordsAdapter = {
  decode: (bytes: Uint8Array, ctx: CaseContext) => recordSetToJson(bytes, decodeOptions(ctx)),
  encode: (value: unknown) => recordSetFromJson(value),
};

/** Kafka record data adapters, by vector-file message. */
export const kafkaRecordsAdapters: ProtocolAdapters = {
  RecordBatch: recordsAdapter,
  MessageSet: recordsAdapter,
};
