/**
 * Control records: the key every control record carries (int16 version, int16 type) and the
 * value of the transaction markers (Kafka's EndTxnMarker: int16 version, int32 coordinator epoch),
 * plus a builder for a whole COMMIT/ABORT marker batch as a transaction coordinator writes it.
 *
 * @module
 */

import { fail, i16At, i32At, putI16, putI32 } from "./_bytes.ts";
import type { RecordBatch } from "./batch.ts";
import { CONTROL_RECORD_TYPE, CONTROL_RECORD_TYPE_NAMES } from "./constants.ts";
import { encodeRecordBatch } from "./encode.ts";

/** The key of a control record. */
export interface ControlRecordKey {
  /** Key version (0 today; Kafka reads newer versions too). */
  version: number;
  /** Type id; see {@linkcode CONTROL_RECORD_TYPE}. */
  type: number;
  /** Kafka's name for the type ("ABORT", "COMMIT", …), or "UNKNOWN". */
  typeName: string;
}

/** The value of an ABORT or COMMIT marker. */
export interface EndTxnMarkerValue {
  /** Value version (0). */
  version: number;
  /** Epoch of the transaction coordinator that wrote the marker. */
  coordinatorEpoch: number;
}

/**
 * Decodes a control record key. A key shorter than 4 bytes is `TRUNCATED`, a negative version
 * `INVALID_VALUE`; unknown types are returned with `typeName` "UNKNOWN" (consumers ignore them).
 *
 * @example
 * ```ts
 * import { decodeControlRecordKey } from "@streamwire/codec/kafka";
 * console.log(decodeControlRecordKey(new Uint8Array([0, 0, 0, 1])).typeName); // COMMIT
 * ```
 */
export function decodeControlRecordKey(key: Uint8Array | null): ControlRecordKey {
  if (key === null || key.length < 4) {
    throw fail(
      "TRUNCATED",
      "control record key",
      key?.length ?? 0,
      `needs 4 bytes, has ${key?.length ?? "null"}`,
    );
  }
  const version = i16At(key, 0);
  if (version < 0) throw fail("INVALID_VALUE", "control record key", 0, `version ${version}`);
  const type = i16At(key, 2);
  return { version, type, typeName: CONTROL_RECORD_TYPE_NAMES[type] ?? "UNKNOWN" };
}

/**
 * Decodes the value of an ABORT/COMMIT marker (`TRUNCATED` below 6 bytes, `INVALID_VALUE` for
 * a negative version).
 *
 * @example
 * ```ts
 * import { decodeEndTxnMarkerValue } from "@streamwire/codec/kafka";
 * console.log(decodeEndTxnMarkerValue(new Uint8Array([0, 0, 0, 0, 0, 7])).coordinatorEpoch); // 7
 * ```
 */
export function decodeEndTxnMarkerValue(value: Uint8Array | null): EndTxnMarkerValue {
  if (value === null || value.length < 6) {
    throw fail(
      "TRUNCATED",
      "EndTxnMarkerValue",
      value?.length ?? 0,
      `needs 6 bytes, has ${value?.length ?? "null"}`,
    );
  }
  const version = i16At(value, 0);
  if (version < 0) throw fail("INVALID_VALUE", "EndTxnMarkerValue", 0, `version ${version}`);
  return { version, coordinatorEpoch: i32At(value, 2) };
}

/**
 * The 4-byte key of a control record of `type`.
 *
 * @example
 * ```ts
 * import { encodeControlRecordKey, CONTROL_RECORD_TYPE } from "@streamwire/codec/kafka";
 * console.log(encodeControlRecordKey(CONTROL_RECORD_TYPE.abort)); // Uint8Array(4) [ 0, 0, 0, 0 ]
 * ```
 */
export function encodeControlRecordKey(type: number, version = 0): Uint8Array {
  const out = new Uint8Array(4);
  putI16(out, 0, version);
  putI16(out, 2, type);
  return out;
}

/**
 * The 6-byte value of an ABORT/COMMIT marker.
 *
 * @example
 * ```ts
 * import { encodeEndTxnMarkerValue } from "@streamwire/codec/kafka";
 * console.log(encodeEndTxnMarkerValue(3)); // Uint8Array(6) [ 0, 0, 0, 0, 0, 3 ]
 * ```
 */
export function encodeEndTxnMarkerValue(coordinatorEpoch: number, version = 0): Uint8Array {
  const out = new Uint8Array(6);
  putI16(out, 0, version);
  putI32(out, 2, coordinatorEpoch);
  return out;
}

/** An end-of-transaction marker batch to encode. */
export interface EndTxnMarkerBatchInit {
  /** "commit" or "abort". */
  marker: "commit" | "abort";
  /** Producer id of the transaction. */
  producerId: bigint | number;
  /** Producer epoch of the transaction. */
  producerEpoch: number;
  /** Coordinator epoch written into the marker value. */
  coordinatorEpoch: number;
  /** Timestamp of the marker (ms). */
  timestamp: bigint | number;
  /** Offset of the marker. Default 0. */
  baseOffset?: bigint | number;
  /** Default -1. */
  partitionLeaderEpoch?: number;
}

/**
 * A transactional control batch holding one COMMIT or ABORT marker, laid out as Kafka's
 * coordinator writes it (CreateTime, no sequence, uncompressed).
 *
 * @example
 * ```ts
 * import { decodeRecordBatch, encodeEndTxnMarkerBatch, readControlRecord } from "@streamwire/codec/kafka";
 * const batch = decodeRecordBatch(encodeEndTxnMarkerBatch({
 *   marker: "abort", producerId: 9n, producerEpoch: 0, coordinatorEpoch: 2, timestamp: 1,
 * }));
 * console.log(batch.isControl, readControlRecord(batch)?.key.typeName); // true ABORT
 * ```
 */
export function encodeEndTxnMarkerBatch(init: EndTxnMarkerBatchInit): Uint8Array {
  const type = init.marker === "commit" ? CONTROL_RECORD_TYPE.commit : CONTROL_RECORD_TYPE.abort;
  return encodeRecordBatch({
    baseOffset: init.baseOffset ?? 0,
    partitionLeaderEpoch: init.partitionLeaderEpoch ?? -1,
    isTransactional: true,
    isControl: true,
    producerId: init.producerId,
    producerEpoch: init.producerEpoch,
    baseSequence: -1,
    baseTimestamp: init.timestamp,
    maxTimestamp: init.timestamp,
    records: [{
      key: encodeControlRecordKey(type),
      value: encodeEndTxnMarkerValue(init.coordinatorEpoch),
      timestamp: init.timestamp,
    }],
  });
}

/** The first control record of a control batch, decoded. */
export interface ControlRecord {
  /** The decoded key. */
  key: ControlRecordKey;
  /** The marker value for ABORT/COMMIT; undefined for other types. */
  marker: EndTxnMarkerValue | undefined;
}

/**
 * The first record of a control batch, decoded (undefined for a data batch or an empty one).
 *
 * @example
 * ```ts
 * import { decodeRecordBatch, encodeEndTxnMarkerBatch, readControlRecord } from "@streamwire/codec/kafka";
 * const batch = decodeRecordBatch(encodeEndTxnMarkerBatch({
 *   marker: "commit", producerId: 1n, producerEpoch: 0, coordinatorEpoch: 5, timestamp: 1,
 * }));
 * console.log(readControlRecord(batch)?.marker?.coordinatorEpoch); // 5
 * ```
 */
export function readControlRecord(batch: RecordBatch): ControlRecord | undefined {
  if (!batch.isControl) return undefined;
  const c = batch.records();
  if (!c.next()) return undefined;
  const key = decodeControlRecordKey(c.key);
  const isMarker = key.type === CONTROL_RECORD_TYPE.abort || key.type === CONTROL_RECORD_TYPE.commit;
  return { key, marker: isMarker ? decodeEndTxnMarkerValue(c.value) : undefined };
}
