/**
 * One partition's log in memory: the record batches as the producers sent them (their base
 * offset and leader epoch rewritten, as Kafka's broker does — neither is covered by the CRC),
 * the idempotent producers' sequence state, the open and aborted transactions that make the last
 * stable offset and a read_committed fetch's `abortedTransactions`, and the reads Fetch and
 * ListOffsets need.
 *
 * Offsets are JavaScript numbers inside (a log in memory stays far below 2^53) and bigint at the
 * API boundary.
 *
 * @module
 */

import {
  type AnyRecordBatch,
  BATCH_V2,
  type CodecRegistry,
  decodeRecordBatch,
  decodeRecordSet,
  encodeEndTxnMarkerBatch,
  isWireError,
  KAFKA_ERROR as E,
  RecordBatch,
} from "../../src/kafka/mod.ts";

/** The leader epoch of every partition (one broker, never re-elected). */
export const LEADER_EPOCH = 0;
/** Kafka's sequence bookkeeping keeps the metadata of the last 5 batches per producer and partition. */
const DUPLICATE_WINDOW = 5;
const INT32_MAX = 0x7fffffff;

/** One batch as stored. */
export interface StoredBatch {
  /** First offset. */
  readonly baseOffset: number;
  /** Last offset. */
  readonly lastOffset: number;
  /** The batch's bytes (a copy: base offset and leader epoch rewritten). */
  readonly bytes: Uint8Array;
  /** Largest record timestamp (ms). */
  readonly maxTimestamp: number;
  /** Producer id (-1 without idempotence). */
  readonly producerId: bigint;
  /** Transactional data or marker. */
  readonly isTransactional: boolean;
  /** A control batch (transaction marker). */
  readonly isControl: boolean;
  /** The batch as decoded (for timestamp lookups). */
  readonly batch: RecordBatch;
}

interface SequencedBatch {
  firstSeq: number;
  lastSeq: number;
  baseOffset: number;
  lastOffset: number;
}

/** Per producer id: the epoch and sequence state Kafka's `ProducerStateManager` keeps. */
interface ProducerEntry {
  epoch: number;
  /** The last batches, oldest first (at most {@linkcode DUPLICATE_WINDOW}). */
  batches: SequencedBatch[];
}

/** The result of appending one partition's records. */
export interface AppendResult {
  /** Kafka error code (0 = appended). */
  errorCode: number;
  /** Base offset of the first batch (or of the original, for a duplicate); -1 on error. */
  baseOffset: number;
  /** Why, for the response's `errorMessage`. */
  errorMessage: string | null;
}

/** One aborted transaction of this partition (for read_committed fetches). */
export interface AbortedTxn {
  producerId: bigint;
  firstOffset: number;
  lastOffset: number;
}

/** What a fetch of one partition read. */
export interface PartitionRead {
  /** The batches' bytes, concatenated (empty when nothing is there). */
  records: Uint8Array;
  /** Aborted transactions that overlap the range read (read_committed only). */
  aborted: AbortedTxn[] | null;
}

/** A partition of a topic. */
export class PartitionLog {
  readonly batches: StoredBatch[] = [];
  logStartOffset = 0;
  /** Log end offset = high watermark (one replica). */
  endOffset = 0;
  readonly #producers = new Map<bigint, ProducerEntry>();
  /** Open transactions: producer id → first offset in this partition. */
  readonly #open = new Map<bigint, number>();
  readonly #aborted: AbortedTxn[] = [];
  readonly #codecs: CodecRegistry;

  /** An empty log. */
  constructor(codecs: CodecRegistry) {
    this.#codecs = codecs;
  }

  /** The last stable offset: the first offset of the oldest open transaction, else the high watermark. */
  get lastStableOffset(): number {
    let lso = this.endOffset;
    for (const first of this.#open.values()) if (first < lso) lso = first;
    return lso;
  }

  /** Bytes stored (for `DescribeLogDirs`-like figures and tests). */
  get sizeInBytes(): number {
    let n = 0;
    for (const b of this.batches) n += b.bytes.length;
    return n;
  }

  /**
   * Validates and appends a Produce request's `records` for this partition: every batch decoded
   * (CRC, decompression, record count and offset deltas), magic 2 only, the idempotent
   * producer's epoch and sequence checked the way Kafka's `ProducerAppendInfo` checks them
   * (a retried batch among the last five returns the original offset with no error, as Kafka's
   * broker answers it), and `inTransaction` asked for transactional batches.
   */
  append(
    records: Uint8Array | null,
    now: number,
    inTransaction: (producerId: bigint, epoch: number) => number,
  ): AppendResult {
    if (records === null || records.length === 0) return fail(E.CORRUPT_MESSAGE, "no records");
    let batches: AnyRecordBatch[];
    try {
      const set = decodeRecordSet(records, { codecs: this.#codecs });
      if (set.partialBytes !== 0) {
        return fail(E.CORRUPT_MESSAGE, `${set.partialBytes} bytes of a partial batch`);
      }
      batches = set.batches;
    } catch (e) {
      return fail(E.CORRUPT_MESSAGE, isWireError(e) ? e.message : String(e));
    }
    if (batches.length !== 1) {
      // Kafka: "Produce requests with version 3+ must have exactly one record batch per partition".
      return fail(E.INVALID_RECORD, `${batches.length} record batches; Produce v3+ carries exactly one`);
    }
    const b = batches[0];
    if (!(b instanceof RecordBatch)) return fail(E.UNSUPPORTED_FOR_MESSAGE_FORMAT, `magic ${b.magic}`);
    const check = checkRecords(b);
    if (check !== undefined) return check;
    const pid = b.producerId;
    if (b.isControl) return fail(E.INVALID_RECORD, "a client may not write control batches");
    let entry: ProducerEntry | undefined;
    if (pid >= 0n) {
      entry = this.#producers.get(pid);
      const count = b.lastOffsetDelta + 1;
      const lastSeq = b.baseSequence === -1 ? -1 : (b.baseSequence + count - 1) % (INT32_MAX + 1);
      if (entry !== undefined) {
        if (b.producerEpoch < entry.epoch) {
          return fail(E.INVALID_PRODUCER_EPOCH, `epoch ${b.producerEpoch} is older than ${entry.epoch}`);
        }
        if (b.producerEpoch === entry.epoch) {
          const dup = entry.batches.find((s) => s.firstSeq === b.baseSequence && s.lastSeq === lastSeq);
          if (dup !== undefined) return { errorCode: 0, baseOffset: dup.baseOffset, errorMessage: null };
          const last = entry.batches.at(-1)?.lastSeq ?? -1;
          const expected = last === INT32_MAX ? 0 : last + 1;
          if (entry.batches.length > 0 && b.baseSequence !== expected) {
            return fail(
              E.OUT_OF_ORDER_SEQUENCE_NUMBER,
              `sequence ${b.baseSequence} of producer ${pid} epoch ${b.producerEpoch}, ${expected} expected`,
            );
          }
        } else if (b.baseSequence !== 0) {
          return fail(
            E.OUT_OF_ORDER_SEQUENCE_NUMBER,
            `sequence ${b.baseSequence} for new epoch ${b.producerEpoch}`,
          );
        }
      }
      if (b.isTransactional) {
        const code = inTransaction(pid, b.producerEpoch);
        if (code !== 0) return fail(code, "the partition is not part of the producer's transaction");
      }
    } else if (b.isTransactional) {
      return fail(E.INVALID_RECORD, "a transactional batch without a producer id");
    }
    const base = this.endOffset;
    const stored = this.#store(b.bytes, base, b.lastOffsetDelta, b, now);
    if (pid >= 0n) {
      const e = entry !== undefined && entry.epoch === b.producerEpoch
        ? entry
        : { epoch: b.producerEpoch, batches: [] };
      this.#producers.set(pid, e);
      if (b.baseSequence !== -1) {
        const lastSeq = (b.baseSequence + b.lastOffsetDelta) % (INT32_MAX + 1);
        e.batches.push({
          firstSeq: b.baseSequence,
          lastSeq,
          baseOffset: base,
          lastOffset: stored.lastOffset,
        });
        if (e.batches.length > DUPLICATE_WINDOW) e.batches.shift();
      }
      if (b.isTransactional && !this.#open.has(pid)) this.#open.set(pid, base);
    }
    return { errorCode: 0, baseOffset: base, errorMessage: null };
  }

  #store(bytes: Uint8Array, base: number, lastDelta: number, b: RecordBatch, _now: number): StoredBatch {
    const copy = bytes.slice();
    const v = new DataView(copy.buffer);
    v.setBigInt64(BATCH_V2.baseOffset, BigInt(base));
    v.setInt32(BATCH_V2.partitionLeaderEpoch, LEADER_EPOCH);
    // Checked on the way in; the copy is kept decoded for timestamp lookups.
    const batch = decodeRecordBatch(copy, { codecs: this.#codecs, verifyChecksum: false });
    const stored: StoredBatch = {
      baseOffset: base,
      lastOffset: base + lastDelta,
      bytes: copy,
      maxTimestamp: b.maxTimestampNumber,
      producerId: b.producerId,
      isTransactional: b.isTransactional,
      isControl: b.isControl,
      batch,
    };
    this.batches.push(stored);
    this.endOffset = stored.lastOffset + 1;
    return stored;
  }

  /**
   * Ends `producerId`'s transaction in this partition: a COMMIT or ABORT marker at the end of
   * the log (as Kafka's coordinator writes it through WriteTxnMarkers), and for an abort, the
   * aborted range a read_committed consumer must skip.
   */
  writeMarker(
    producerId: bigint,
    epoch: number,
    commit: boolean,
    coordinatorEpoch: number,
    now: number,
  ): void {
    const bytes = encodeEndTxnMarkerBatch({
      marker: commit ? "commit" : "abort",
      producerId,
      producerEpoch: epoch,
      coordinatorEpoch,
      timestamp: now,
    });
    const b = decodeRecordBatch(bytes);
    const first = this.#open.get(producerId);
    const marker = this.#store(bytes, this.endOffset, 0, b, now);
    if (first !== undefined) {
      this.#open.delete(producerId);
      if (!commit) this.#aborted.push({ producerId, firstOffset: first, lastOffset: marker.baseOffset });
    }
  }

  /** The index of the first batch whose last offset is at or after `offset`. */
  #indexOf(offset: number): number {
    let lo = 0;
    let hi = this.batches.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.batches[mid].lastOffset < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Reads from `offset`: whole batches up to `maxBytes` (the first batch even when it is larger,
   * as KIP-74 has it, when `allowFirstOverflow`), never past `upTo` (the high watermark, or the
   * last stable offset for read_committed).
   */
  read(
    offset: number,
    maxBytes: number,
    upTo: number,
    readCommitted: boolean,
    allowFirstOverflow: boolean,
  ): PartitionRead {
    const parts: StoredBatch[] = [];
    let n = 0;
    for (let i = this.#indexOf(offset); i < this.batches.length; i++) {
      const b = this.batches[i];
      if (b.baseOffset >= upTo) break;
      if (n + b.bytes.length > maxBytes && !(parts.length === 0 && allowFirstOverflow)) break;
      parts.push(b);
      n += b.bytes.length;
    }
    const records = new Uint8Array(n);
    let o = 0;
    for (const b of parts) {
      records.set(b.bytes, o);
      o += b.bytes.length;
    }
    let aborted: AbortedTxn[] | null = null;
    if (readCommitted) {
      const end = parts.length === 0 ? offset : parts[parts.length - 1].lastOffset + 1;
      aborted = this.#aborted.filter((a) => a.lastOffset >= offset && a.firstOffset < end);
    }
    return { records, aborted };
  }

  /**
   * ListOffsets: -2 earliest (and -4 earliest local), -1 latest (the last stable offset for
   * read_committed), -3 the record with the largest timestamp, otherwise the first record whose
   * timestamp is at or after `timestamp`. Returns [offset, timestamp], -1 offset when none.
   */
  offsetFor(timestamp: bigint, readCommitted: boolean): [number, number] {
    if (timestamp === -2n || timestamp === -4n) return [this.logStartOffset, -1];
    if (timestamp === -1n) return [readCommitted ? this.lastStableOffset : this.endOffset, -1];
    if (timestamp === -5n) return [-1, -1]; // earliest pending upload: no tiered storage
    if (timestamp === -3n) {
      let best: [number, number] = [-1, -1];
      for (const s of this.batches) {
        if (s.isControl) continue;
        const c = s.batch.records();
        while (c.next()) if (c.timestamp > best[1]) best = [c.offset, c.timestamp];
      }
      return best;
    }
    const ts = Number(timestamp);
    for (const s of this.batches) {
      if (s.isControl || s.maxTimestamp < ts || s.lastOffset < this.logStartOffset) continue;
      const c = s.batch.records();
      while (c.next()) {
        if (c.timestamp >= ts && c.offset >= this.logStartOffset) return [c.offset, c.timestamp];
      }
    }
    return [-1, -1];
  }

  /** DeleteRecords: moves the log start offset forward (-1 = the high watermark). */
  deleteBefore(offset: number): number {
    const target = offset === -1 ? this.endOffset : offset;
    if (target < 0 || target > this.endOffset) return -1;
    if (target > this.logStartOffset) {
      this.logStartOffset = target;
      while (this.batches.length > 0 && this.batches[0].lastOffset < target) this.batches.shift();
    }
    return this.logStartOffset;
  }
}

function fail(errorCode: number, errorMessage: string): AppendResult {
  return { errorCode, baseOffset: -1, errorMessage };
}

/** Every record decodes, the count matches the header, offset deltas run 0, 1, 2 … as Kafka's LogValidator requires. */
function checkRecords(b: RecordBatch): AppendResult | undefined {
  try {
    const c = b.records();
    let i = 0;
    while (c.next()) {
      if (c.offsetDelta !== i) return fail(E.INVALID_RECORD, `record ${i} has offset delta ${c.offsetDelta}`);
      i++;
    }
    if (i !== b.recordCount || i === 0 || b.lastOffsetDelta !== i - 1) {
      return fail(
        E.INVALID_RECORD,
        `${i} records, the header says ${b.recordCount} (last delta ${b.lastOffsetDelta})`,
      );
    }
  } catch (e) {
    return fail(E.CORRUPT_MESSAGE, isWireError(e) ? e.message : String(e));
  }
  return undefined;
}
