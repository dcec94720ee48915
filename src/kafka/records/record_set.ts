/**
 * Reading a `records` field as a Fetch response delivers it: batches one after another, of
 * any magic, possibly ending with a partial batch that the broker cut at `max_bytes` — which
 * is not an error: the complete batches are returned and the partial one is reported.
 *
 * @module
 */

import { fail, i32At } from "./_bytes.ts";
import {
  decodeBatchAt,
  type RecordBatch,
  type RecordsDecodeOptions,
  type ResolvedDecodeOptions,
  resolveDecodeOptions,
} from "./batch.ts";
import { HEADER_SIZE_UP_TO_MAGIC, LEGACY, LOG_OVERHEAD } from "./constants.ts";
import { decodeLegacyAt, type LegacyRecordBatch } from "./legacy.ts";

/** A batch of any magic: a v2 {@linkcode RecordBatch} or a legacy message-set entry. */
export type AnyRecordBatch = RecordBatch | LegacyRecordBatch;

/** A decoded `records` field. */
export interface RecordSet {
  /** The complete batches, in order. */
  batches: AnyRecordBatch[];
  /** Bytes of a partial batch at the end (0 when the input ends on a batch boundary). */
  partialBytes: number;
}

const CONTEXT = "records";

/**
 * Walks the batches of a `records` field one at a time, checking each (size, magic, CRC)
 * as it is reached. A batch cut off by the end of the input stops the walk quietly and is
 * reported by {@linkcode RecordBatchIterator.partialBytes}.
 *
 * Errors: `CORRUPT_DATA` (a size below the 14-byte minimum of any message, or a v2 batch
 * below its 61-byte header), `UNSUPPORTED_VERSION` (magic above 2), and whatever the batch
 * itself fails with (`CHECKSUM_MISMATCH`, …).
 *
 * @example
 * ```ts
 * import { encodeRecordBatch, RecordBatchIterator } from "@streamwire/codec/kafka";
 * const one = encodeRecordBatch({ records: [{ value: new Uint8Array(3) }] });
 * const fetched = new Uint8Array(one.length * 2 - 5); // the broker cut the second batch
 * fetched.set(one);
 * fetched.set(one.subarray(0, one.length - 5), one.length);
 * const it = new RecordBatchIterator(fetched);
 * let n = 0;
 * for (const batch of it) n += batch.toArray().length;
 * console.log(n, it.partialBytes); // 1 66
 * ```
 */
export class RecordBatchIterator implements IterableIterator<AnyRecordBatch> {
  /** The input. */
  readonly bytes: Uint8Array;
  /** Position of the next batch. */
  position: number;
  private readonly opts: ResolvedDecodeOptions;
  private partial: number;

  /** Iterates `bytes` (a whole `records` field). */
  constructor(bytes: Uint8Array, options?: RecordsDecodeOptions) {
    this.bytes = bytes;
    this.position = 0;
    this.opts = resolveDecodeOptions(options);
    this.partial = 0;
  }

  /**
   * Bytes of the partial batch the input ends with; known once {@linkcode nextBatch} has
   * returned undefined (0 before that, and when nothing is left over).
   */
  get partialBytes(): number {
    return this.partial;
  }

  /**
   * The next complete batch, or undefined at the end of the input or at a partial batch.
   *
   * @example
   * ```ts
   * import { encodeRecordBatch, RecordBatchIterator } from "@streamwire/codec/kafka";
   * const it = new RecordBatchIterator(encodeRecordBatch({ baseOffset: 5n, records: [{}] }));
   * console.log(it.nextBatch()?.lastOffset, it.nextBatch()); // 5n undefined
   * ```
   */
  nextBatch(): AnyRecordBatch | undefined {
    const b = this.bytes;
    const p = this.position;
    const left = b.length - p;
    if (left < LOG_OVERHEAD) {
      this.partial = left;
      return undefined;
    }
    const size = i32At(b, p + 8);
    if (size < LEGACY.overheadV0) {
      throw fail(
        "CORRUPT_DATA",
        CONTEXT,
        p + 8,
        `batch size ${size} is below the ${LEGACY.overheadV0}-byte minimum`,
      );
    }
    if (left < HEADER_SIZE_UP_TO_MAGIC) {
      this.partial = left;
      return undefined;
    }
    const magic = b[p + HEADER_SIZE_UP_TO_MAGIC - 1];
    if (magic > 2) throw fail("UNSUPPORTED_VERSION", CONTEXT, p + 16, `magic ${magic}`);
    const total = size + LOG_OVERHEAD;
    if (total > left) {
      this.partial = left;
      return undefined;
    }
    const batch = magic === 2
      ? decodeBatchAt(b, p, total, this.opts)
      : decodeLegacyAt(b, p, total, this.opts);
    this.position = p + total;
    return batch;
  }

  /**
   * Iterator protocol over {@linkcode nextBatch}.
   *
   * @example
   * ```ts
   * import { encodeRecordBatch, RecordBatchIterator } from "@streamwire/codec/kafka";
   * const it = new RecordBatchIterator(encodeRecordBatch({ records: [{}] }));
   * console.log(it.next().done, it.next().done); // false true
   * ```
   */
  next(): IteratorResult<AnyRecordBatch> {
    const v = this.nextBatch();
    return v === undefined ? { done: true, value: undefined } : { done: false, value: v };
  }

  /**
   * This iterator.
   *
   * @example
   * ```ts
   * import { encodeRecordBatch, RecordBatchIterator } from "@streamwire/codec/kafka";
   * const one = encodeRecordBatch({ records: [{}] });
   * console.log([...new RecordBatchIterator(new Uint8Array([...one, ...one]))].length); // 2
   * ```
   */
  [Symbol.iterator](): IterableIterator<AnyRecordBatch> {
    return this;
  }
}

/**
 * Decodes a whole `records` field: every complete batch (any magic, each checked) and the
 * size of a trailing partial batch. Records are read from each batch with `records()` (a
 * cursor) or `toArray()`.
 *
 * @example
 * ```ts
 * import { decodeRecordSet, encodeMessageSet, encodeRecordBatch } from "@streamwire/codec/kafka";
 * const enc = new TextEncoder();
 * const old = encodeMessageSet({ magic: 0, records: [{ value: enc.encode("v0") }] });
 * const cur = encodeRecordBatch({ baseOffset: 1n, records: [{ value: enc.encode("v2") }] });
 * const all = new Uint8Array([...old, ...cur]);
 * const set = decodeRecordSet(all);
 * console.log(set.batches.map((b) => b.magic), set.partialBytes); // [ 0, 2 ] 0
 * ```
 */
export function decodeRecordSet(bytes: Uint8Array, options?: RecordsDecodeOptions): RecordSet {
  const it = new RecordBatchIterator(bytes, options);
  const batches: AnyRecordBatch[] = [];
  for (let b = it.nextBatch(); b !== undefined; b = it.nextBatch()) batches.push(b);
  return { batches, partialBytes: it.partialBytes };
}
