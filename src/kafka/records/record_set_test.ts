import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { isWireError } from "../../wire/error.ts";
import { fromHex } from "../../wire/hex.ts";
import {
  decodeRecordSet,
  encodeMessageSet,
  encodeRecordBatch,
  RecordBatchIterator,
} from "./testdata/with_codecs.ts";
import { concat, wireErrorCode } from "../../testdata/wire_assert_test.ts";

const text = (s: string) => new TextEncoder().encode(s);

const v0 = encodeMessageSet({ magic: 0, records: [{ value: text("zero") }] });
const v1 = encodeMessageSet({
  magic: 1,
  compression: 1,
  baseOffset: 1,
  records: [{ value: text("one"), timestamp: 1 }],
});
const v2 = encodeRecordBatch({
  baseOffset: 2,
  compression: 4,
  records: [{ value: text("two"), timestamp: 2 }],
});
const v2b = encodeRecordBatch({
  baseOffset: 3,
  records: [{ value: text("three"), timestamp: 3 }, { value: text("four") }],
});

describe("decodeRecordSet", () => {
  it("reads batches of every magic back to back", () => {
    const set = decodeRecordSet(concat(v0, v1, v2, v2b));
    assert.deepEqual(set.batches.map((b) => b.magic), [0, 1, 2, 2]);
    assert.equal(set.partialBytes, 0);
    const values = set.batches.flatMap((b) => {
      const c = b.records();
      const out: [number, string][] = [];
      while (c.next()) out.push([c.offset, new TextDecoder().decode(c.value!)]);
      return out;
    });
    assert.deepEqual(values, [[0, "zero"], [1, "one"], [2, "two"], [3, "three"], [4, "four"]]);
  });

  it("never fails for a cut anywhere: complete batches plus partialBytes", () => {
    const all = concat(v0, v1, v2, v2b);
    const ends = [v0.length, v0.length + v1.length, v0.length + v1.length + v2.length, all.length];
    for (let n = 0; n <= all.length; n++) {
      const set = decodeRecordSet(all.subarray(0, n));
      const complete = ends.filter((e) => e <= n);
      assert.equal(set.batches.length, complete.length, `cut at ${n}`);
      assert.equal(set.partialBytes, n - (complete.at(-1) ?? 0), `cut at ${n}`);
      for (const b of set.batches) b.toArray();
    }
  });

  it("reports the partial batch through the iterator too", () => {
    const it = new RecordBatchIterator(concat(v2b, v2b.subarray(0, 30)));
    const seen = [...it].map((b) => b.sizeInBytes);
    assert.deepEqual(seen, [v2b.length]);
    assert.equal(it.partialBytes, 30);
    assert.equal(it.nextBatch(), undefined);
  });

  const broken: [string, string, string][] = [
    ["a size below 14 bytes", "0000000000000000" + "0000000d" + "00".repeat(13), "CORRUPT_DATA"],
    ["a negative size", "0000000000000000" + "ffffffff" + "00".repeat(20), "CORRUPT_DATA"],
    ["magic 3", "0000000000000000" + "00000031" + "00000000" + "03" + "00".repeat(44), "UNSUPPORTED_VERSION"],
    [
      "a v2 batch below its 61-byte header",
      "0000000000000000" + "0000001e" + "ffffffff" + "02" + "00".repeat(25),
      "CORRUPT_DATA",
    ],
  ];
  for (const [what, hex, code] of broken) {
    it(`throws ${code} for ${what}`, () => {
      assert.equal(wireErrorCode(() => decodeRecordSet(fromHex(hex))), code);
    });
  }

  it("checks the size before calling a short input partial, as Kafka does", () => {
    // 12 bytes of offset and size are enough to reject a size below the minimum.
    assert.equal(
      wireErrorCode(() => decodeRecordSet(fromHex("0000000000000000" + "00000005"))),
      "CORRUPT_DATA",
    );
    assert.equal(decodeRecordSet(fromHex("0000000000000000" + "000000")).partialBytes, 11);
  });

  it("throws only WireErrors on random bytes and random mutations", () => {
    const all = concat(v0, v1, v2, v2b);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(all.length - 1), fc.integer({ min: 1, max: 255 })), {
          maxLength: 4,
          size: "small",
        }),
        (edits) => {
          const b = all.slice();
          for (const [at, x] of edits) b[at] ^= x;
          try {
            for (const batch of decodeRecordSet(b, { verifyChecksum: false }).batches) batch.toArray();
          } catch (e) {
            assert.ok(isWireError(e), String(e));
          }
        },
      ),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200, size: "medium" }), (b) => {
        try {
          for (const batch of decodeRecordSet(b, { verifyChecksum: false }).batches) batch.toArray();
        } catch (e) {
          assert.ok(isWireError(e), String(e));
        }
      }),
      { numRuns: 2000 },
    );
  });
});
