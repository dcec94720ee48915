import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromHex, toHex } from "../../wire/hex.ts";
import { decodeRecordBatch } from "./testdata/with_codecs.ts";
import {
  decodeControlRecordKey,
  decodeEndTxnMarkerValue,
  encodeControlRecordKey,
  encodeEndTxnMarkerBatch,
  encodeEndTxnMarkerValue,
  readControlRecord,
} from "./control.ts";
import { decodeRecordSet, encodeMessageSet, encodeRecordBatch } from "./testdata/with_codecs.ts";
import { type AbortedTransactionEntry, deliverableBatches, TransactionFilter } from "./transactions.ts";
import { concat, wireErrorCode } from "../../testdata/wire_assert_test.ts";

// MemoryRecords.withEndTransactionMarker(17, T0 + 100, 3, 1234, 5, COMMIT with coordinator epoch 7), kafka-clients 4.4.0.
const KAFKA_COMMIT =
  "0000000000000011000000420000000302739fd1610030000000000000018bcfe568640000018bcfe5686400000000000004d20005ffffffff000000012000000008000000010c00000000000700";
const T0 = 1700000000000;

describe("control records", () => {
  it("reproduces Kafka's COMMIT marker batch", () => {
    const bytes = encodeEndTxnMarkerBatch({
      marker: "commit",
      baseOffset: 17,
      timestamp: T0 + 100,
      partitionLeaderEpoch: 3,
      producerId: 1234,
      producerEpoch: 5,
      coordinatorEpoch: 7,
    });
    assert.equal(toHex(bytes), KAFKA_COMMIT);
  });

  it("decodes Kafka's COMMIT marker", () => {
    const batch = decodeRecordBatch(fromHex(KAFKA_COMMIT));
    assert.deepEqual([batch.isControl, batch.isTransactional, batch.producerId, batch.producerEpoch], [
      true,
      true,
      1234n,
      5,
    ]);
    assert.deepEqual(readControlRecord(batch), {
      key: { version: 0, type: 1, typeName: "COMMIT" },
      marker: { version: 0, coordinatorEpoch: 7 },
    });
  });

  it("names unknown control types UNKNOWN and gives them no marker", () => {
    const batch = decodeRecordBatch(
      encodeRecordBatch({ isControl: true, records: [{ key: encodeControlRecordKey(42), value: null }] }),
    );
    assert.deepEqual(readControlRecord(batch), {
      key: { version: 0, type: 42, typeName: "UNKNOWN" },
      marker: undefined,
    });
    assert.equal(readControlRecord(decodeRecordBatch(encodeRecordBatch({ records: [{}] }))), undefined);
  });

  const bad: [string, () => unknown, string][] = [
    ["a 3-byte key", () => decodeControlRecordKey(new Uint8Array(3)), "TRUNCATED"],
    ["a null key", () => decodeControlRecordKey(null), "TRUNCATED"],
    ["a negative key version", () => decodeControlRecordKey(fromHex("ffff0001")), "INVALID_VALUE"],
    ["a 5-byte marker value", () => decodeEndTxnMarkerValue(new Uint8Array(5)), "TRUNCATED"],
    ["a negative marker version", () => decodeEndTxnMarkerValue(fromHex("800000000001")), "INVALID_VALUE"],
  ];
  for (const [what, fn, code] of bad) {
    it(`throws ${code} for ${what}`, () => assert.equal(wireErrorCode(fn), code));
  }

  it("encodes keys and marker values as Kafka lays them out", () => {
    assert.equal(toHex(encodeControlRecordKey(1)), "00000001");
    assert.equal(toHex(encodeEndTxnMarkerValue(-2)), "0000fffffffe");
  });
});

/** Batches of one partition, in offset order, described compactly. */
type Step =
  | { data: number; pid?: number; txn?: boolean; count?: number }
  | { marker: "commit" | "abort"; at: number; pid: number };

function partition(steps: Step[]): Uint8Array {
  const parts = steps.map((s) =>
    "marker" in s
      ? encodeEndTxnMarkerBatch({
        marker: s.marker,
        baseOffset: s.at,
        producerId: s.pid,
        producerEpoch: 0,
        coordinatorEpoch: 0,
        timestamp: 0,
      })
      : encodeRecordBatch({
        baseOffset: s.data,
        producerId: s.pid ?? -1,
        producerEpoch: s.pid === undefined ? -1 : 0,
        baseSequence: s.pid === undefined ? -1 : 0,
        isTransactional: s.txn ?? false,
        records: Array.from({ length: s.count ?? 1 }, () => ({})),
      })
  );
  return concat(...parts);
}

const delivered = (steps: Step[], aborted: AbortedTransactionEntry[] | null) =>
  deliverableBatches(decodeRecordSet(partition(steps)).batches, aborted).map((b) =>
    Number(b.magic === 2 ? b.baseOffset : b.offset)
  );

describe("TransactionFilter", () => {
  const mixed: Step[] = [
    { data: 0, pid: 1, txn: true, count: 2 }, // aborted transaction of producer 1
    { data: 2, pid: 2, txn: true }, // committed transaction of producer 2
    { data: 3 }, // non-transactional
    { marker: "abort", at: 4, pid: 1 },
    { marker: "commit", at: 5, pid: 2 },
    { data: 6, pid: 1, txn: true }, // producer 1 again, new committed transaction
    { marker: "commit", at: 7, pid: 1 },
  ];

  it("read_committed drops the aborted transaction's batches and every control batch", () => {
    assert.deepEqual(delivered(mixed, [{ producerId: 1n, firstOffset: 0n }]), [2, 3, 6]);
  });

  it("read_uncommitted delivers every data batch and no control batch", () => {
    assert.deepEqual(delivered(mixed, null), [0, 2, 3, 6]);
  });

  it("sorts an unsorted aborted-transactions list", () => {
    const steps: Step[] = [
      { data: 0, pid: 1, txn: true },
      { marker: "abort", at: 1, pid: 1 },
      { data: 2, pid: 2, txn: true },
      { marker: "abort", at: 3, pid: 2 },
      { data: 4, pid: 1, txn: true },
    ];
    const aborted = [{ producerId: 2, firstOffset: 2 }, { producerId: 1, firstOffset: 0 }];
    assert.deepEqual(delivered(steps, aborted), [4]);
  });

  it("does not apply an aborted transaction before its first offset", () => {
    const steps: Step[] = [
      { data: 0, pid: 1, txn: true }, // committed earlier transaction
      { marker: "commit", at: 1, pid: 1 },
      { data: 2, pid: 1, txn: true }, // the aborted one starts here
      { marker: "abort", at: 3, pid: 1 },
    ];
    assert.deepEqual(delivered(steps, [{ producerId: 1n, firstOffset: 2n }]), [0]);
  });

  it("keeps non-transactional batches of an aborted producer id", () => {
    const steps: Step[] = [{ data: 0, pid: 1, txn: true }, { data: 1, pid: 1, txn: false }, {
      marker: "abort",
      at: 2,
      pid: 1,
    }];
    assert.deepEqual(delivered(steps, [{ producerId: 1n, firstOffset: 0n }]), [1]);
  });

  it("delivers legacy messages untouched", () => {
    const legacy = encodeMessageSet({ magic: 1, baseOffset: 9, records: [{}] });
    const batches = decodeRecordSet(legacy).batches;
    const f = new TransactionFilter([{ producerId: -1n, firstOffset: 0n }]);
    assert.deepEqual(batches.map((b) => f.accept(b)), [true]);
  });

  it("throws VALUE_OUT_OF_RANGE for an unsafe number in the list", () => {
    assert.equal(
      wireErrorCode(() => new TransactionFilter([{ producerId: 2 ** 60, firstOffset: 0 }])),
      "VALUE_OUT_OF_RANGE",
    );
  });
});
