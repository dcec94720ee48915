import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { crc32 } from "../../wire/crc32.ts";
import { isWireError } from "../../wire/error.ts";
import { fromHex, toHex } from "../../wire/hex.ts";
import { lz4Decompress } from "../compression/lz4.ts";
import { encodeLegacyMessage, fixLz4HeaderChecksum, type LegacyRecordBatch } from "./legacy.ts";
import { decodeRecordSet, encodeMessageSet } from "./testdata/with_codecs.ts";
import { wireErrorCode } from "../../testdata/wire_assert_test.ts";

// Written by Kafka's MemoryRecordsBuilder (kafka-clients 4.4.0, vectors/kafka/message_set.json).
const KAFKA_V0_SINGLE = "0000000000000000000000162356c1370000000000036b65790000000576616c7565";
const KAFKA_V1_SINGLE =
  "00000000000000000000001e6ad05db801000000018bcfe56800000000036b65790000000576616c7565";
const KAFKA_V0_LZ4 =
  "000000000000002a0000008dea13716e0003ffffffff0000007f04224d1860401a700000001200010091280000001ae4ffc8290f00f100056b65792d300000000776616c75650b00000200001e00f2002a1d5afc320000ffffffff0000001c2100f007312077697468206120626974206d6f726520746578743300c10000002a00000013b05f31100e00a0056b65792d32ffffffff00000000";
const KAFKA_V1_GZIP =
  "000000000000002a000000877b28b03b01010000018bcfe56805ffffffff000000711f8b08000000000000ff63608003a5e3a22f3519810cc6eef34f334022acd9a995ba0640067b59624e692a98090220454682af8ef6c355b3fe0702204706a2d050a13cb3244321512129b3442137bf2855a124b5a204aa9b0988a58f56a51e86eb6686d96504320600ce8711bf93000000";
const KAFKA_V1_LOG_APPEND =
  "00000000000000000000001730124cc501080000018bcfe56b09ffffffff0000000161000000000000000100000017a91b1d7f01080000018bcfe56b09ffffffff0000000162";
const T0 = 1700000000000;
const text = (s: string) => new TextEncoder().encode(s);
const str = (b: Uint8Array | null) => (b === null ? null : new TextDecoder().decode(b));

const entries = (hex: string | Uint8Array) =>
  decodeRecordSet(typeof hex === "string" ? fromHex(hex) : hex).batches as LegacyRecordBatch[];
const records = (hex: string | Uint8Array) => entries(hex).flatMap((b) => b.toArray());

describe("legacy message sets", () => {
  it("decodes Kafka's magic 0 and magic 1 messages", () => {
    const [v0] = entries(KAFKA_V0_SINGLE);
    assert.deepEqual([v0.magic, v0.timestampType, v0.timestamp, str(v0.key), str(v0.value)], [
      0,
      -1,
      -1n,
      "key",
      "value",
    ]);
    const [v1] = entries(KAFKA_V1_SINGLE);
    assert.deepEqual([v1.magic, v1.timestampType, v1.timestamp, str(v1.key), str(v1.value)], [
      1,
      0,
      BigInt(T0),
      "key",
      "value",
    ]);
  });

  it("reproduces Kafka's messages byte for byte", () => {
    assert.equal(
      toHex(encodeMessageSet({ magic: 0, records: [{ key: text("key"), value: text("value") }] })),
      KAFKA_V0_SINGLE,
    );
    assert.equal(
      toHex(
        encodeMessageSet({ magic: 1, records: [{ key: text("key"), value: text("value"), timestamp: T0 }] }),
      ),
      KAFKA_V1_SINGLE,
    );
    assert.equal(
      toHex(
        encodeMessageSet({
          magic: 1,
          timestampType: 1,
          logAppendTime: T0 + 777,
          records: [{ value: text("a") }, { value: text("b") }],
        }),
      ),
      KAFKA_V1_LOG_APPEND,
    );
  });

  it("resolves magic 1 relative inner offsets against the wrapper's offset", () => {
    const rs = records(KAFKA_V1_GZIP);
    assert.deepEqual(rs.map((r) => [r.offset, r.timestamp, str(r.key)]), [
      [40n, BigInt(T0), "key-0"],
      [41n, BigInt(T0 + 5), null],
      [42n, BigInt(T0 + 3), "key-2"],
    ]);
  });

  it("keeps inner offsets relative to 0 when the wrapper offset is 0", () => {
    const b = fromHex(KAFKA_V1_GZIP);
    b.fill(0, 0, 8);
    assert.deepEqual(records(b).map((r) => r.offset), [0n, 1n, 2n]);
  });

  it("throws CORRUPT_DATA when the wrapper offset is below the last inner offset", () => {
    const b = fromHex(KAFKA_V1_GZIP);
    b.fill(0, 0, 8);
    b[7] = 1;
    assert.equal(wireErrorCode(() => records(b)), "CORRUPT_DATA");
  });

  it("reads Kafka's magic 0 LZ4 frame with the KAFKA-3160 header checksum", () => {
    const [w] = entries(KAFKA_V0_LZ4);
    // The frame as stored fails a standard LZ4 reader.
    assert.equal(wireErrorCode(() => lz4Decompress(w.value!)), "CHECKSUM_MISMATCH");
    assert.deepEqual(w.toArray().map((r) => [r.offset, str(r.value)]), [
      [40n, "value-0"],
      [41n, "value-1 with a bit more text"],
      [42n, null],
    ]);
  });

  it("writes the KAFKA-3160 header checksum for magic 0 LZ4, as Kafka does", () => {
    const set = encodeMessageSet({
      magic: 0,
      compression: 3,
      baseOffset: 40,
      records: [{ value: text("x") }],
    });
    const [w] = entries(set);
    const frame = w.value!;
    assert.equal(wireErrorCode(() => lz4Decompress(frame)), "CHECKSUM_MISMATCH");
    assert.equal(wireErrorCode(() => lz4Decompress(fixLz4HeaderChecksum(frame, false))), "ok");
    assert.equal(w.toArray()[0].offset, 40n);
  });

  it("applies the wrapper's LogAppendTime to the inner messages", () => {
    const set = encodeMessageSet({
      magic: 1,
      compression: 1,
      timestampType: 1,
      logAppendTime: 99,
      records: [{ value: text("a"), timestamp: 5 }],
    });
    const [w] = entries(set);
    assert.equal(w.timestampType, 1);
    const c = w.records();
    assert.equal(c.next(), true);
    assert.deepEqual([c.timestamp, c.timestampType, c.offset, c.headerCount], [99, 1, 0, 0]);
    assert.equal(c.next(), false);
  });

  for (const magic of [0, 1] as const) {
    for (const compression of [0, 1, 2, 3] as const) {
      it(`round-trips arbitrary magic ${magic} sets with compression ${compression}`, () => {
        fc.assert(
          fc.property(
            fc.array(
              fc.record({
                key: fc.option(fc.uint8Array({ maxLength: 40, size: "small" }), { nil: null }),
                value: fc.option(fc.uint8Array({ maxLength: 200, size: "small" }), { nil: null }),
                timestamp: fc.integer({ min: 0, max: 2 ** 45 }),
              }),
              { minLength: 1, maxLength: 8, size: "small" },
            ),
            fc.bigInt({ min: 0n, max: 2n ** 50n }),
            (rs, base) => {
              const got = records(encodeMessageSet({ magic, compression, baseOffset: base, records: rs }));
              assert.equal(got.length, rs.length);
              got.forEach((r, i) => {
                assert.equal(r.offset, base + BigInt(i));
                assert.equal(r.timestamp, magic === 0 ? -1n : BigInt(rs[i].timestamp));
                assert.deepEqual(r.key, rs[i].key);
                assert.deepEqual(r.value, rs[i].value);
              });
            },
          ),
          { numRuns: compression === 0 ? 100 : 30 },
        );
      });
    }
  }

  it("throws CHECKSUM_MISMATCH for a flip anywhere in a message, never a different record", () => {
    for (const hex of [KAFKA_V0_SINGLE, KAFKA_V1_SINGLE, KAFKA_V1_GZIP]) {
      const want = JSON.stringify(
        records(hex).map((r) => [r.key && toHex(r.key), r.value && toHex(r.value), r.timestamp.toString()]),
      );
      for (let i = 0; i < hex.length / 2; i++) {
        for (let bit = 0; bit < 8; bit++) {
          const b = fromHex(hex);
          b[i] ^= 1 << bit;
          let got;
          try {
            const set = decodeRecordSet(b);
            // A larger size field makes the message a partial one: reported, not returned.
            if (set.partialBytes > 0) {
              assert.ok(i >= 8 && i < 12, `byte ${i} bit ${bit}`);
              assert.equal(set.batches.length, 0);
              continue;
            }
            got = (set.batches as LegacyRecordBatch[]).flatMap((x) => x.toArray());
          } catch (e) {
            assert.ok(isWireError(e));
            // The magic byte also picks the format: other magics fail in other ways.
            if (i >= 12 && i !== 16) {
              assert.equal((e as { code: string }).code, "CHECKSUM_MISMATCH", `byte ${i} bit ${bit}`);
            }
            continue;
          }
          // Offset and size are outside the CRC: an offset may change, the content may not.
          assert.ok(i < 12, `byte ${i} bit ${bit}`);
          assert.equal(
            JSON.stringify(
              got.map((r) => [r.key && toHex(r.key), r.value && toHex(r.value), r.timestamp.toString()]),
            ),
            want,
          );
        }
      }
    }
  });

  /** A wrapper around `inner` (an uncompressed message set) with identity "compression". */
  function rawWrapper(magic: 0 | 1, offset: number, inner: Uint8Array, attributes = 1): Uint8Array {
    return encodeLegacyMessage({ magic, offset, attributes, timestamp: 0, key: null, value: inner });
  }
  const identity = { id: 1, name: "gzip", compress: (d: Uint8Array) => d, decompress: (d: Uint8Array) => d };
  const identityCodecs = { byId: { 1: identity }, has: (id: number) => id === 1, get: () => identity };
  const innerCases: { name: string; bytes: () => Uint8Array; code: string }[] = [
    {
      name: "an inner message failing its CRC",
      bytes: () => {
        const inner = encodeMessageSet({ magic: 1, records: [{ value: text("a") }, { value: text("b") }] });
        inner[inner.length - 1] ^= 1;
        return rawWrapper(1, 1, inner);
      },
      code: "CHECKSUM_MISMATCH",
    },
    {
      name: "a compressed inner message",
      bytes: () =>
        rawWrapper(1, 0, encodeLegacyMessage({ magic: 1, offset: 0, attributes: 1, value: text("x") })),
      code: "CORRUPT_DATA",
    },
    {
      name: "a wrapper without inner messages",
      bytes: () => rawWrapper(1, 0, new Uint8Array(0)),
      code: "CORRUPT_DATA",
    },
    {
      name: "a wrapper with a null value",
      bytes: () => encodeLegacyMessage({ magic: 1, offset: 0, attributes: 1, value: null }),
      code: "CORRUPT_DATA",
    },
    {
      name: "an inner message below 14 bytes",
      bytes: () => rawWrapper(0, 0, fromHex("000000000000000000000005" + "0000000000")),
      code: "CORRUPT_DATA",
    },
    {
      name: "a wrapper claiming zstd",
      bytes: () => rawWrapper(1, 0, encodeMessageSet({ magic: 1, records: [{}] }), 4),
      code: "UNKNOWN_DISCRIMINANT",
    },
  ];
  for (const { name, bytes, code } of innerCases) {
    it(`throws ${code} for ${name}`, () => {
      assert.equal(
        wireErrorCode(() =>
          decodeRecordSet(bytes(), { codecs: identityCodecs }).batches.map((b) => b.toArray())
        ),
        code,
      );
    });
  }

  it("stops quietly at a partial inner message, as Kafka does", () => {
    const inner = encodeMessageSet({ magic: 0, records: [{ value: text("a") }, { value: text("b") }] });
    const got = decodeRecordSet(rawWrapper(0, 0, inner.subarray(0, inner.length - 3)), {
      codecs: identityCodecs,
    });
    assert.deepEqual(got.batches[0].toArray().map((r) => str(r.value)), ["a"]);
  });

  it("throws LIMIT_EXCEEDED for a gzip bomb under maxDecompressedBytes", () => {
    const set = encodeMessageSet({ magic: 1, compression: 1, records: [{ value: new Uint8Array(1 << 20) }] });
    assert.equal(
      wireErrorCode(() => decodeRecordSet(set, { maxDecompressedBytes: 65536 }).batches[0].toArray()),
      "LIMIT_EXCEEDED",
    );
  });

  it("throws LENGTH_EXCEEDS_REMAINING for a key longer than its message (CRC resealed)", () => {
    const b = encodeMessageSet({ magic: 0, records: [{ key: text("k"), value: text("v") }] });
    const dv = new DataView(b.buffer);
    dv.setInt32(18, 100);
    dv.setUint32(12, crc32(b.subarray(16)));
    assert.equal(wireErrorCode(() => records(b)), "LENGTH_EXCEEDS_REMAINING");
  });

  it("rejects zstd and out-of-range values when encoding", () => {
    assert.equal(
      wireErrorCode(() => encodeMessageSet({ magic: 1, compression: 4 as 3, records: [] })),
      "INVALID_VALUE",
    );
    assert.equal(wireErrorCode(() => encodeMessageSet({ magic: 2 as 1, records: [] })), "VALUE_OUT_OF_RANGE");
    assert.equal(
      wireErrorCode(() => encodeLegacyMessage({ magic: 0, offset: 2n ** 63n })),
      "VALUE_OUT_OF_RANGE",
    );
  });
});
