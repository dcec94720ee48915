/**
 * Read-committed delivery: which batches of a fetched partition a consumer hands to the
 * application, given the Fetch response's aborted-transactions list and the control batches
 * in the data — Kafka's consumer rules, batch by batch.
 *
 * @module
 */

import { WireError } from "../../wire/error.ts";
import { readControlRecord } from "./control.ts";
import { CONTROL_RECORD_TYPE } from "./constants.ts";
import type { AnyRecordBatch } from "./record_set.ts";

/** One entry of a Fetch response's `abortedTransactions` (`producerId`, `firstOffset`). */
export interface AbortedTransactionEntry {
  /** Producer whose transaction was aborted. */
  producerId: bigint | number;
  /** First offset of the aborted transaction. */
  firstOffset: bigint | number;
}

function big(v: bigint | number, what: string): bigint {
  if (typeof v === "bigint") return v;
  if (!Number.isSafeInteger(v)) {
    throw new WireError("VALUE_OUT_OF_RANGE", {
      context: "abortedTransactions",
      detail: `${what} ${v} is not a safe integer`,
    });
  }
  return BigInt(v);
}

/**
 * Decides, batch by batch and in fetch order, whether a consumer delivers a batch's records:
 *
 * - control batches are never delivered (they are markers);
 * - with `abortedTransactions` (read_committed), a transactional batch is dropped while its
 *   producer has an aborted transaction that started at or before the batch's last offset
 *   and whose ABORT marker has not been passed yet;
 * - with `null` (read_uncommitted) everything else is delivered.
 *
 * The list may arrive in any order (some brokers do not sort it); the filter sorts a copy.
 * Feed it every batch of the partition in order, control batches included: the ABORT marker
 * ends the skipping for its producer.
 *
 * @example
 * ```ts
 * import { decodeRecordSet, encodeEndTxnMarkerBatch, encodeRecordBatch, TransactionFilter } from "@streamwire/codec/kafka";
 * const txn = { producerId: 7n, producerEpoch: 0, isTransactional: true };
 * const data = encodeRecordBatch({ ...txn, baseOffset: 0n, records: [{}] });
 * const abort = encodeEndTxnMarkerBatch({ marker: "abort", producerId: 7n, producerEpoch: 0, coordinatorEpoch: 0, timestamp: 1, baseOffset: 1n });
 * const later = encodeRecordBatch({ baseOffset: 2n, records: [{}] });
 * const { batches } = decodeRecordSet(new Uint8Array([...data, ...abort, ...later]));
 * const filter = new TransactionFilter([{ producerId: 7n, firstOffset: 0n }]);
 * console.log(batches.map((b) => filter.accept(b))); // [ false, false, true ]
 * ```
 */
export class TransactionFilter {
  private readonly aborted: { producerId: bigint; firstOffset: bigint }[];
  private readonly readCommitted: boolean;
  private next: number;
  private readonly abortedProducers: Set<bigint>;

  /** `abortedTransactions` from the Fetch response for read_committed; null for read_uncommitted. */
  constructor(abortedTransactions: readonly AbortedTransactionEntry[] | null) {
    this.readCommitted = abortedTransactions !== null;
    this.aborted = (abortedTransactions ?? [])
      .map((a) => ({
        producerId: big(a.producerId, "producerId"),
        firstOffset: big(a.firstOffset, "firstOffset"),
      }))
      .sort((a, b) => (a.firstOffset < b.firstOffset ? -1 : a.firstOffset > b.firstOffset ? 1 : 0));
    this.next = 0;
    this.abortedProducers = new Set();
  }

  /**
   * True when the batch's records go to the application. Call once per batch, in order.
   *
   * @example
   * ```ts
   * import { decodeRecordBatch, encodeRecordBatch, TransactionFilter } from "@streamwire/codec/kafka";
   * const batch = decodeRecordBatch(encodeRecordBatch({ records: [{}] }));
   * console.log(new TransactionFilter(null).accept(batch)); // true
   * ```
   */
  accept(batch: AnyRecordBatch): boolean {
    if (batch.magic !== 2) return true;
    if (this.readCommitted) {
      const pid = batch.producerId;
      if (pid >= 0n) {
        const last = batch.lastOffset;
        while (this.next < this.aborted.length && this.aborted[this.next].firstOffset <= last) {
          this.abortedProducers.add(this.aborted[this.next++].producerId);
        }
        if (batch.isControl && readControlRecord(batch)?.key.type === CONTROL_RECORD_TYPE.abort) {
          this.abortedProducers.delete(pid);
        } else if (batch.isTransactional && this.abortedProducers.has(pid)) {
          return false;
        }
      }
    }
    return !batch.isControl;
  }
}

/**
 * The batches a consumer delivers from `batches` (one partition, fetch order): read_committed
 * with an `abortedTransactions` list, read_uncommitted with null. See {@linkcode TransactionFilter}.
 *
 * @example
 * ```ts
 * import { decodeRecordSet, deliverableBatches, encodeEndTxnMarkerBatch } from "@streamwire/codec/kafka";
 * const marker = encodeEndTxnMarkerBatch({ marker: "commit", producerId: 1n, producerEpoch: 0, coordinatorEpoch: 0, timestamp: 0 });
 * console.log(deliverableBatches(decodeRecordSet(marker).batches, null).length); // 0
 * ```
 */
export function deliverableBatches(
  batches: readonly AnyRecordBatch[],
  abortedTransactions: readonly AbortedTransactionEntry[] | null,
): AnyRecordBatch[] {
  const f = new TransactionFilter(abortedTransactions);
  return batches.filter((b) => f.accept(b));
}
