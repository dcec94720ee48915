import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  ALL_CODECS,
  decodeRecordBatch,
  decodeRecordSet,
  encodeMessageSet,
  encodeRecordBatch,
  RecordBatchIterator,
} from "./testdata/with_codecs.ts";
import { DecompressionBudget, DEFAULT_MAX_DECOMPRESSED_BYTES_PER_SET } from "./budget.ts";
import { decodeFetchRecords as decodeFetchRecordsBare } from "./fetch_records.ts";
import { wireErrorCode } from "../../testdata/wire_assert_test.ts";

// Compression is opt-in: every decode here runs with all four codecs.
const decodeFetchRecords: typeof decodeFetchRecordsBare = (response, options) =>
  decodeFetchRecordsBare(response, { codecs: ALL_CODECS, ...options });

const MiB = 1 << 20;

/** `n` compressed batches, each decompressing to a little over `size` bytes. */
function manyBatches(compression: 1 | 2 | 3 | 4, n: number, size: number): Uint8Array {
  const one = encodeRecordBatch({ compression, records: [{ value: new Uint8Array(size).fill(7) }] });
  const out = new Uint8Array(one.length * n);
  for (let i = 0; i < n; i++) out.set(one, i * one.length);
  return out;
}

function readAll(batches: { toArray(): unknown[] }[]): number {
  let n = 0;
  for (const b of batches) n += b.toArray().length;
  return n;
}

describe("decompression is bounded per record set", () => {
  it("defaults to 256 MiB per set", () => {
    assert.equal(DEFAULT_MAX_DECOMPRESSED_BYTES_PER_SET, 256 * MiB);
  });

  for (const compression of [1, 2, 3, 4] as const) {
    it(
      `codec ${compression}: 16 batches of 1 MiB each pass the per-batch cap but stop at a 4.5 MiB set budget`,
      {
        timeout: 120_000,
      },
      () => {
        const set = manyBatches(compression, 16, MiB);
        assert.ok(set.length < 16 * 64 * 1024, `${set.length} bytes of input`);
        const opts = { maxDecompressedBytesPerSet: 4.5 * MiB };
        const { batches } = decodeRecordSet(set, opts);
        assert.equal(batches.length, 16);
        assert.equal(readAll(batches.slice(0, 4)), 4);
        assert.equal(wireErrorCode(() => batches[4].toArray()), "LIMIT_EXCEEDED");
        // Each decode call has its own budget: a new call reads the first batches again.
        assert.equal(readAll(decodeRecordSet(set, opts).batches.slice(0, 4)), 4);
        // The iterator is one set too.
        const it = new RecordBatchIterator(set, opts);
        const got = [...it];
        assert.equal(readAll(got.slice(0, 4)), 4);
        assert.equal(wireErrorCode(() => got[5].toArray()), "LIMIT_EXCEEDED");
      },
    );
  }

  it("a shared budget bounds several sets together, and a refused batch takes nothing", () => {
    const set = manyBatches(1, 3, MiB);
    const budget = new DecompressionBudget(4.5 * MiB);
    assert.equal(readAll(decodeRecordSet(set, { decompressionBudget: budget }).batches), 3);
    const second = decodeRecordSet(set, { decompressionBudget: budget }).batches;
    assert.equal(readAll(second.slice(0, 1)), 1);
    const used = budget.used;
    assert.equal(wireErrorCode(() => second[1].toArray()), "LIMIT_EXCEEDED");
    assert.equal(budget.used, used);
    assert.ok(budget.used <= budget.maxBytes);
  });

  it("legacy compressed wrappers charge the same budget", () => {
    const one = encodeMessageSet({ magic: 1, compression: 1, records: [{ value: new Uint8Array(MiB) }] });
    const set = new Uint8Array([...one, ...one, ...one]);
    const { batches } = decodeRecordSet(set, { maxDecompressedBytesPerSet: 2.5 * MiB });
    assert.equal(readAll(batches.slice(0, 2)), 2);
    assert.equal(wireErrorCode(() => batches[2].toArray()), "LIMIT_EXCEEDED");
  });

  it("a per-batch cap raised above the set default raises the set default with it", () => {
    const b = encodeRecordBatch({ compression: 4, records: [{ value: new Uint8Array(2 * MiB) }] });
    assert.equal(decodeRecordBatch(b, { maxDecompressedBytes: 300 * MiB }).toArray().length, 1);
    assert.equal(
      wireErrorCode(() => decodeRecordSet(b, { maxDecompressedBytesPerSet: -1 })),
      "INVALID_VALUE",
    );
    assert.equal(wireErrorCode(() => new DecompressionBudget(Number.NaN)), "INVALID_VALUE");
  });
});

describe("decodeFetchRecords bounds decompression per Fetch response", () => {
  it("charges every partition to one budget", () => {
    const records = manyBatches(3, 2, MiB);
    const response = {
      responses: [
        { topic: "a", partitions: [{ partitionIndex: 0, records }, { partitionIndex: 1, records: null }] },
        { topic: "b", partitions: [{ partitionIndex: 0, records }] },
      ],
    };
    const parts = decodeFetchRecords(response, { maxDecompressedBytesPerResponse: 3.5 * MiB });
    assert.deepEqual(parts.map((p) => [p.topic, p.partitionIndex, p.records.batches.length]), [
      ["a", 0, 2],
      ["a", 1, 0],
      ["b", 0, 2],
    ]);
    assert.equal(readAll(parts[0].records.batches), 2);
    assert.equal(readAll(parts[2].records.batches.slice(0, 1)), 1);
    assert.equal(wireErrorCode(() => parts[2].records.batches[1].toArray()), "LIMIT_EXCEEDED");
    // Without the response cap each partition alone fits.
    const loose = decodeFetchRecords(response);
    assert.equal(readAll(loose[0].records.batches) + readAll(loose[2].records.batches), 4);
  });
});
