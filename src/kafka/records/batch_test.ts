import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { crc32c } from "../../wire/crc32c.ts";
import { isWireError } from "../../wire/error.ts";
import { fromHex, toHex } from "../../wire/hex.ts";
import { decodeRecordBatch as decodeBare, type KafkaRecord } from "./batch.ts";
import {
  encodeRecordBatch as encodeBare,
  encodeRecordBatchInto,
  recordBatchSize,
  type RecordInit,
} from "./encode.ts";
import { ALL_CODECS, decodeRecordBatch, encodeRecordBatch } from "./testdata/with_codecs.ts";
import { assertWireError, wireErrorCode } from "../../testdata/wire_assert_test.ts";

// Known answers written by Kafka's MemoryRecordsBuilder (kafka-clients 4.4.0, vectors/kafka/record_batch.json).
const KAFKA_SINGLE =
  "000000000000000000000040ffffffff02db5e9cdd0000000000000000018bcfe568000000018bcfe56800ffffffffffffffffffffffffffff000000011c000000066b65790a76616c756500";
const KAFKA_HEADERS =
  "00000000000000000000008dffffffff02146931c30000000000010000018bcfe568000000018bcfe56801ffffffffffffffffffffffffffff000000029e01000000026b0276081074726163652d696420346266393266333537376233346461360000146e756c6c2d76616c7565011ad0bad0bbd18ed1872df09f949120d0b7d0bdd0b0d187d0b5d0bdd0b8d0b51400020201010202680231";
const KAFKA_LOG_APPEND =
  "000000000000000000000041ffffffff0262fec5ae0008000000010000018bcfe568000000018bcfe56be7ffffffffffffffffffffffffffff000000020e000000010261000e000e0201026200";
const KAFKA_COMPRESSED: Record<string, string> = {
  gzip:
    "000000000000000000000081ffffffff02f481c9280001000000020000018bcfe568000000018bcfe56805ffffffffffffffffffffffffffff000000031f8b08000000000000ff53616060e0ca4eadd435e02b4bcc294dd53560f063e062020b195a40840c15ca334b3214121592324b1472f38b52154a522b4a18a418585918a1ba8c1800b661613c49000000",
  snappy:
    "00000000000000000000008cffffffff02407a17c80002000000020000018bcfe568000000018bcfe56805ffffffffffffffffffffffffffff0000000382534e41505059000000000100000001000000474958240000000a6b65792d300e76616c75652d30004e000a02051308313876051390312077697468206120626974206d6f72652074657874001a000504010e76616c75652d3200",
  lz4:
    "000000000000000000000087ffffffff029762da6a0003000000020000018bcfe568000000018bcfe56805ffffffffffffffffffffffffffff0000000304224d1860408247000000f108240000000a6b65792d300e76616c75652d30004e000a0213002231381300f016312077697468206120626974206d6f72652074657874001a000504010e76616c75652d320000000000",
  zstd:
    "000000000000000000000080ffffffff02e8417eb50004000000020000018bcfe568000000018bcfe56805ffffffffffffffffffffffffffff0000000328b52ffd00581c02007403240000000a6b65792d300e76616c75652d30004e000a023138312077697468206120626974206d6f72652074657874001a000504013200030064951d18dcaed904010000",
};
const T0 = 1700000000000;
const text = (s: string) => new TextEncoder().encode(s);
const str = (b: Uint8Array | null) => (b === null ? null : new TextDecoder().decode(b));

/** Rewrites the CRC-32C of a single batch after a deliberate edit. */
function reseal(b: Uint8Array): Uint8Array {
  new DataView(b.buffer, b.byteOffset).setUint32(17, crc32c(b.subarray(21)));
  return b;
}

const decodeAll = (b: Uint8Array, o?: Parameters<typeof decodeRecordBatch>[1]) =>
  decodeRecordBatch(b, o).toArray();

describe("decodeRecordBatch", () => {
  it("decodes Kafka's single-record batch", () => {
    const batch = decodeRecordBatch(fromHex(KAFKA_SINGLE));
    assert.equal(batch.baseOffset, 0n);
    assert.equal(batch.partitionLeaderEpoch, -1);
    assert.equal(batch.compression, 0);
    assert.equal(batch.producerId, -1n);
    assert.equal(batch.producerEpoch, -1);
    assert.equal(batch.baseSequence, -1);
    assert.equal(batch.maxTimestamp, BigInt(T0));
    const [r] = batch.toArray();
    assert.equal(str(r.key), "key");
    assert.equal(str(r.value), "value");
    assert.equal(r.timestamp, BigInt(T0));
    assert.deepEqual(r.headers, []);
  });

  it("decodes headers with an empty key, a null value and multi-byte UTF-8", () => {
    const [a, b] = decodeAll(fromHex(KAFKA_HEADERS));
    assert.deepEqual(a.headers.map((h) => [h.key, str(h.value)]), [
      ["trace-id", "4bf92f3577b34da6"],
      ["", ""],
      ["null-value", null],
      ["ключ-🔑", "значение"],
    ]);
    assert.equal(b.key, null);
    assert.equal(b.value, null);
    assert.deepEqual(b.headers.map((h) => [h.key, str(h.value)]), [["h", "1"]]);
  });

  it("reports the batch's max timestamp for every LogAppendTime record", () => {
    const batch = decodeRecordBatch(fromHex(KAFKA_LOG_APPEND));
    assert.equal(batch.timestampType, 1);
    const c = batch.records();
    const seen: [number, number][] = [];
    while (c.next()) seen.push([c.timestamp, c.timestampDelta]);
    assert.deepEqual(seen, [[T0 + 999, 0], [T0 + 999, 7]]);
  });

  for (const [codec, hex] of Object.entries(KAFKA_COMPRESSED)) {
    it(`decodes Kafka's ${codec} batch through the codec registry`, () => {
      const rs = decodeAll(fromHex(hex));
      assert.deepEqual(rs.map((r) => [r.offset, str(r.key), str(r.value), Number(r.timestamp) - T0]), [
        [0n, "key-0", "value-0", 0],
        [1n, "key-1", "value-1 with a bit more text", 5],
        [2n, null, "value-2", -3],
      ]);
    });
  }

  it("registers no codec by default: a compressed batch needs options.codecs", () => {
    const bytes = fromHex(KAFKA_COMPRESSED.zstd);
    // The message says how to register the codecs (the one place a test reads a message).
    assert.match(
      assertWireError(() => decodeBare(bytes).records().next(), "UNKNOWN_DISCRIMINANT").message,
      /createCodecRegistry/,
    );
    assertWireError(
      () => encodeBare({ compression: 1, records: [{ value: text("x") }] }),
      "UNKNOWN_DISCRIMINANT",
    );
    assert.equal(decodeBare(bytes, { codecs: ALL_CODECS }).toArray().length, 3);
  });

  it("the cursor exposes numbers and builds views only when asked", () => {
    const bytes = encodeRecordBatch({
      baseOffset: 10,
      records: [
        { key: text("a"), value: text("one"), timestamp: T0 },
        { key: null, value: null, timestamp: T0 + 2, offsetDelta: 5 },
      ],
    });
    const c = decodeRecordBatch(bytes).records();
    assert.equal(c.next(), true);
    assert.deepEqual([c.offset, c.timestamp, c.keyLength, c.valueLength, c.headerCount], [10, T0, 1, 3, 0]);
    assert.equal(str(bytes.subarray(c.valueStart, c.valueStart + c.valueLength)), "one");
    assert.equal(c.next(), true);
    assert.deepEqual([c.offset, c.offsetDelta, c.timestamp, c.keyLength, c.valueLength], [
      15,
      5,
      T0 + 2,
      -1,
      -1,
    ]);
    assert.equal(c.key, null);
    assert.equal(c.next(), false);
    assert.equal(c.next(), false);
  });

  it("keeps 64-bit values exact through the bigint accessors", () => {
    const base = 2n ** 60n;
    const bytes = encodeRecordBatch({
      baseOffset: base,
      baseTimestamp: 0,
      records: [{ timestampDelta: 2n ** 62n + 1n }],
    });
    const batch = decodeRecordBatch(bytes);
    const c = batch.records();
    c.next();
    assert.equal(c.offsetBigInt(), base);
    assert.equal(c.timestampDeltaBigInt(), 2n ** 62n + 1n);
    assert.ok(Number.isNaN(c.timestampDelta));
    assert.equal(wireErrorCode(() => c.offset), "VALUE_OUT_OF_RANGE");
    assert.equal(wireErrorCode(() => c.timestamp), "VALUE_OUT_OF_RANGE");
    assert.equal(wireErrorCode(() => batch.baseOffsetNumber), "VALUE_OUT_OF_RANGE");
    assert.equal(batch.toArray()[0].timestamp, 2n ** 62n + 1n);
  });

  it("throws TRUNCATED for every prefix of a batch", () => {
    const whole = fromHex(KAFKA_SINGLE);
    for (let n = 0; n < whole.length; n++) {
      assert.equal(wireErrorCode(() => decodeRecordBatch(whole.subarray(0, n))), "TRUNCATED", `prefix ${n}`);
    }
  });

  it("throws TRAILING_BYTES for bytes after the batch", () => {
    const b = fromHex(KAFKA_SINGLE + "00");
    assert.equal(wireErrorCode(() => decodeRecordBatch(b)), "TRAILING_BYTES");
  });

  it("throws UNSUPPORTED_VERSION for magic 1 or 3", () => {
    for (const magic of [1, 3]) {
      const b = fromHex(KAFKA_SINGLE);
      b[16] = magic;
      assert.equal(wireErrorCode(() => decodeRecordBatch(b)), "UNSUPPORTED_VERSION");
    }
  });

  it("never returns a different record after a bit flip, wherever it lands", () => {
    for (const hex of [KAFKA_SINGLE, KAFKA_HEADERS, KAFKA_COMPRESSED.gzip, KAFKA_COMPRESSED.zstd]) {
      const original = decodeAll(fromHex(hex));
      const content = (rs: KafkaRecord[]) =>
        JSON.stringify(
          rs.map((
            r,
          ) => [
            toHex(r.key ?? new Uint8Array()),
            r.key === null,
            r.value && toHex(r.value),
            r.timestamp.toString(),
            r.headers.map((h) => [h.key, h.value && toHex(h.value)]),
          ]),
        );
      const want = content(original);
      const n = hex.length / 2;
      for (let i = 0; i < n; i++) {
        for (let bit = 0; bit < 8; bit++) {
          const b = fromHex(hex);
          b[i] ^= 1 << bit;
          let got: KafkaRecord[];
          try {
            got = decodeAll(b);
          } catch (e) {
            assert.ok(isWireError(e), `byte ${i} bit ${bit}: ${e}`);
            // Everything from the attributes on is covered by the CRC-32C.
            if (i >= 17) {
              assert.equal((e as { code: string }).code, "CHECKSUM_MISMATCH", `byte ${i} bit ${bit}`);
            }
            continue;
          }
          // Only baseOffset and partitionLeaderEpoch (bytes 0-15) are outside the CRC.
          assert.ok(i < 16, `byte ${i} bit ${bit} decoded`);
          assert.equal(content(got), want, `byte ${i} bit ${bit}`);
        }
      }
    }
  });

  it("skips the CRC check with verifyChecksum: false", () => {
    const b = fromHex(KAFKA_SINGLE);
    b[b.length - 2] ^= 1; // last byte of the value
    assert.equal(wireErrorCode(() => decodeAll(b)), "CHECKSUM_MISMATCH");
    assert.equal(str(decodeAll(b, { verifyChecksum: false })[0].value), "valud");
  });

  // A one-record batch (key "k", value "v"): record bytes from 61: length, attributes,
  // timestampDelta, offsetDelta, keyLength, key, valueLength, value, headerCount.
  const one = () => encodeRecordBatch({ records: [{ key: text("k"), value: text("v") }] });
  const withHeader = () =>
    encodeRecordBatch({ records: [{ key: text("k"), value: text("v"), headers: [{ key: "a" }] }] });
  const edit = (b: Uint8Array, at: number, v: number) => {
    b[at] = v;
    return b;
  };
  const setCount = (b: Uint8Array, n: number) => {
    new DataView(b.buffer, b.byteOffset).setInt32(57, n);
    return b;
  };
  const structural: { name: string; bytes: () => Uint8Array; code: string }[] = [
    {
      name: "record count beyond the bytes",
      bytes: () => setCount(one(), 1_000_000),
      code: "COUNT_EXCEEDS_REMAINING",
    },
    { name: "negative record count", bytes: () => setCount(one(), -1), code: "NEGATIVE_LENGTH" },
    {
      name: "one record more than present",
      bytes: () => setCount(encodeRecordBatch({ records: [{ value: new Uint8Array(40) }, {}] }), 3),
      code: "TRUNCATED",
    },
    {
      name: "one record fewer than present",
      bytes: () => setCount(encodeRecordBatch({ records: [{}, {}] }), 1),
      code: "TRAILING_BYTES",
    },
    { name: "negative record length", bytes: () => edit(one(), 61, 0x01), code: "NEGATIVE_LENGTH" },
    {
      name: "record length past the batch",
      bytes: () => edit(one(), 61, 0x12),
      code: "LENGTH_EXCEEDS_REMAINING",
    },
    {
      name: "record length longer than its fields",
      bytes: () =>
        edit(encodeRecordBatch({ records: [{ value: text("v") }, { value: text("v") }] }), 61, 0x10),
      code: "CORRUPT_DATA",
    },
    { name: "record length shorter than its fields", bytes: () => edit(one(), 61, 0x0e), code: "TRUNCATED" },
    {
      name: "key length past the record",
      bytes: () => edit(one(), 65, 0x7e),
      code: "LENGTH_EXCEEDS_REMAINING",
    },
    {
      name: "value length past the record",
      bytes: () => edit(one(), 67, 0x7e),
      code: "LENGTH_EXCEEDS_REMAINING",
    },
    {
      name: "header count beyond the record",
      bytes: () => edit(one(), 69, 0x7e),
      code: "COUNT_EXCEEDS_REMAINING",
    },
    { name: "negative header count", bytes: () => edit(one(), 69, 0x01), code: "NEGATIVE_LENGTH" },
    { name: "null header key", bytes: () => edit(withHeader(), 70, 0x01), code: "NEGATIVE_LENGTH" },
    {
      name: "header key past the record",
      bytes: () => edit(withHeader(), 70, 0x7e),
      code: "LENGTH_EXCEEDS_REMAINING",
    },
    {
      name: "a six-byte varint",
      bytes: () => {
        const b = encodeRecordBatch({ records: [{ value: new Uint8Array(300) }] });
        // The record length varint (2 bytes) becomes 0xff 0xff 0xff 0xff 0xff 0x01 over the next bytes.
        b.set([0xff, 0xff, 0xff, 0xff, 0xff, 0x01], 61);
        return b;
      },
      code: "VARINT_TOO_LONG",
    },
    {
      name: "compression type 5",
      bytes: () => edit(one(), 22, 5),
      code: "UNKNOWN_DISCRIMINANT",
    },
  ];
  for (const { name, bytes, code } of structural) {
    it(`throws ${code} for ${name} (CRC resealed)`, () => {
      assert.equal(wireErrorCode(() => decodeAll(reseal(bytes()))), code);
    });
  }

  it("accepts any negative key or value length as null, as Kafka does", () => {
    // Key and value null (zigzag 1 = -1) rewritten as -2 and -64 (zigzag 3 and 127).
    const b = encodeRecordBatch({ records: [{ key: null, value: null }] });
    assert.deepEqual([b[65], b[66]], [0x01, 0x01]);
    b[65] = 0x03;
    b[66] = 0x7f;
    const [r] = decodeAll(reseal(b));
    assert.equal(r.key, null);
    assert.equal(r.value, null);
  });

  it("throws LIMIT_EXCEEDED past maxRecordsPerBatch", () => {
    const b = encodeRecordBatch({ records: [{}, {}, {}] });
    assert.equal(wireErrorCode(() => decodeRecordBatch(b, { maxRecordsPerBatch: 2 })), "LIMIT_EXCEEDED");
    assert.equal(decodeRecordBatch(b, { maxRecordsPerBatch: 3 }).recordCount, 3);
  });

  for (const compression of [1, 2, 3, 4] as const) {
    it(`throws LIMIT_EXCEEDED for a compression-${compression} bomb under maxDecompressedBytes`, () => {
      const b = encodeRecordBatch({ compression, records: [{ value: new Uint8Array(1 << 20) }] });
      assert.ok(b.length < 1 << 16, `${b.length} bytes`);
      assert.equal(wireErrorCode(() => decodeAll(b, { maxDecompressedBytes: 65536 })), "LIMIT_EXCEEDED");
      assert.equal(decodeAll(b)[0].value!.length, 1 << 20);
    });

    it(`throws COUNT_EXCEEDS_REMAINING when a compression-${compression} batch claims more records than it holds`, () => {
      const b = encodeRecordBatch({ compression, records: [{ value: text("x") }] });
      assert.equal(wireErrorCode(() => decodeAll(reseal(setCount(b, 100_000)))), "COUNT_EXCEEDS_REMAINING");
    });
  }

  it("decompresses a batch once, and only when its records are read", () => {
    let calls = 0;
    const gz = {
      id: 1,
      name: "gzip",
      compress: (d: Uint8Array) => d,
      decompress: (d: Uint8Array) => (calls++, d),
    };
    const codecs = { byId: { 1: gz }, has: (id: number) => id === 1, get: () => gz };
    const bytes = encodeRecordBatch({ compression: 1, records: [{ value: text("raw") }] }, { codecs });
    const batch = decodeRecordBatch(bytes, { codecs });
    assert.equal(calls, 0);
    batch.records();
    batch.toArray();
    assert.equal(calls, 1);
  });
});

describe("encodeRecordBatch", () => {
  it("reproduces Kafka's single-record batch", () => {
    const bytes = encodeRecordBatch({ records: [{ key: text("key"), value: text("value"), timestamp: T0 }] });
    assert.equal(toHex(bytes), KAFKA_SINGLE);
  });

  it("reproduces Kafka's batch with headers", () => {
    const bytes = encodeRecordBatch({
      records: [
        {
          key: text("k"),
          value: text("v"),
          timestamp: T0,
          headers: [
            { key: "trace-id", value: text("4bf92f3577b34da6") },
            { key: "", value: new Uint8Array() },
            { key: "null-value", value: null },
            { key: "ключ-🔑", value: text("значение") },
          ],
        },
        { timestamp: T0 + 1, headers: [{ key: "h", value: text("1") }] },
      ],
    });
    assert.equal(toHex(bytes), KAFKA_HEADERS);
  });

  it("reproduces Kafka's LogAppendTime batch", () => {
    const bytes = encodeRecordBatch({
      timestampType: 1,
      maxTimestamp: T0 + 999,
      records: [{ value: text("a"), timestamp: T0 }, { value: text("b"), timestamp: T0 + 7 }],
    });
    assert.equal(toHex(bytes), KAFKA_LOG_APPEND);
  });

  it("sizes exactly and writes into a caller's buffer", () => {
    const init = {
      records: [{ key: text("k"), value: new Uint8Array(200), headers: [{ key: "é", value: null }] }],
    };
    const size = recordBatchSize(init);
    const dest = new Uint8Array(size + 7);
    assert.deepEqual(encodeRecordBatchInto(init, dest, 7), { written: size });
    assert.equal(toHex(dest.subarray(7)), toHex(encodeRecordBatch(init)));
    assert.equal(
      wireErrorCode(() => encodeRecordBatchInto(init, new Uint8Array(size - 1))),
      "LIMIT_EXCEEDED",
    );
  });

  const ranges: [string, Parameters<typeof encodeRecordBatch>[0]][] = [
    ["producerEpoch 40000", { producerEpoch: 40000, records: [] }],
    ["baseSequence 2^31", { baseSequence: 2 ** 31, records: [] }],
    ["offsetDelta 2^31", { records: [{ offsetDelta: 2 ** 31 }] }],
    ["baseOffset 2^63", { baseOffset: 2n ** 63n, records: [] }],
    ["an unsafe number timestamp", { records: [{ timestamp: 2 ** 60 }] }],
  ];
  for (const [what, init] of ranges) {
    it(`throws VALUE_OUT_OF_RANGE for ${what}`, () => {
      assert.equal(wireErrorCode(() => encodeRecordBatch(init)), "VALUE_OUT_OF_RANGE");
    });
  }

  const bytesArb = fc.option(fc.uint8Array({ maxLength: 300, size: "small" }), { nil: null });
  const recordArb: fc.Arbitrary<RecordInit> = fc.record({
    key: bytesArb,
    value: bytesArb,
    headers: fc.array(
      fc.record({ key: fc.string({ unit: "grapheme", maxLength: 6, size: "small" }), value: bytesArb }),
      { maxLength: 3, size: "small" },
    ),
    timestamp: fc.integer({ min: 0, max: 2 ** 45 }),
  });
  for (const compression of [0, 1, 2, 3, 4] as const) {
    it(`round-trips arbitrary records with compression ${compression}`, () => {
      fc.assert(
        fc.property(
          fc.array(recordArb, { maxLength: 12, size: "small" }),
          fc.bigInt({ min: 0n, max: 2n ** 62n }),
          fc.boolean(),
          (records, baseOffset, transactional) => {
            const init = {
              baseOffset,
              compression,
              isTransactional: transactional,
              producerId: 5n,
              producerEpoch: 1,
              baseSequence: 0,
              records,
            };
            const batch = decodeRecordBatch(encodeRecordBatch(init));
            assert.equal(batch.isTransactional, transactional);
            assert.equal(batch.recordCount, records.length);
            const got = batch.toArray();
            got.forEach((r, i) => {
              const want = records[i];
              assert.equal(r.offset, baseOffset + BigInt(i));
              assert.equal(r.timestamp, BigInt(want.timestamp as number));
              assert.deepEqual(r.key, want.key ?? null);
              assert.deepEqual(r.value, want.value ?? null);
              assert.deepEqual(
                r.headers,
                (want.headers ?? []).map((h) => ({ key: h.key, value: h.value ?? null })),
              );
            });
          },
        ),
        { numRuns: compression === 0 ? 200 : 40 },
      );
    });
  }
});

describe("RecordBatch.toArray() absolute offsets and timestamps", () => {
  it("equal the cursor's bigint values for any base and deltas (fast and exact paths agree)", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n - 4000n }),
        fc.oneof(
          fc.bigInt({ min: -(2n ** 60n), max: 2n ** 60n }),
          fc.constantFrom(2n ** 52n, 2n ** 52n - 1n, -(2n ** 52n), 1700000000000n),
        ),
        fc.array(
          fc.oneof(fc.bigInt({ min: -3n, max: 1100n }), fc.bigInt({ min: -(2n ** 40n), max: 2n ** 40n })),
          { minLength: 1, maxLength: 5 },
        ),
        fc.boolean(),
        (baseOffset, baseTimestamp, deltas, logAppend) => {
          const bytes = encodeRecordBatch({
            baseOffset,
            baseTimestamp,
            timestampType: logAppend ? 1 : 0,
            records: deltas.map((d) => ({
              key: null,
              value: new Uint8Array([1]),
              timestamp: baseTimestamp + d,
            })),
          });
          const batch = decodeRecordBatch(bytes);
          const arr = batch.toArray();
          const c = batch.records();
          let i = 0;
          while (c.next()) {
            assert.equal(arr[i].offset, c.offsetBigInt());
            assert.equal(arr[i].timestamp, c.timestampBigInt());
            assert.equal(arr[i].timestampDelta, c.timestampDeltaBigInt());
            assert.deepEqual(arr[i].headers, []);
            i++;
          }
          assert.equal(i, arr.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("RecordCursor fast path", () => {
  // next() parses the common record shape optimistically and falls back to nextChecked();
  // both must agree on every record and every error, byte for byte, for any input.
  type Step = string;
  const walk = (bytes: Uint8Array, advance: "next" | "nextChecked"): Step[] => {
    const out: Step[] = [];
    try {
      const c = decodeBare(bytes, { verifyChecksum: false }).records() as unknown as
        & Record<string, () => boolean>
        & {
          [k: string]: unknown;
        };
      while (c[advance]()) {
        out.push(
          [
            c.index,
            c.recordStart,
            c.attributes,
            c.offsetDelta,
            c.timestampDelta,
            c.keyStart,
            c.keyLength,
            c.valueStart,
            c.valueLength,
            c.headerCount,
          ].join(","),
        );
      }
      out.push(`end ${c.index}`);
    } catch (e) {
      if (!isWireError(e)) throw e;
      out.push(`${e.code} ${e.offset} ${e.message}`);
    }
    return out;
  };
  const base = encodeBare({
    baseOffset: 10n,
    records: [
      { key: text("k"), value: text("v".repeat(70)), timestamp: T0 },
      { key: null, value: null, timestamp: T0 + 9000, headers: [{ key: "h", value: text("x") }] },
      { key: text("key-2"), value: text("a".repeat(200)), timestamp: T0 - 3 },
      { value: new Uint8Array(9000), timestamp: T0 + 1 },
    ],
  });

  it("agrees with the checked path on valid batches", () => {
    assert.deepEqual(walk(base, "next"), walk(base, "nextChecked"));
    assert.equal(walk(base, "next").at(-1), "end 4");
  });

  it("agrees with the checked path on every one- and two-byte edit of the records", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(base.length - 62), fc.nat(255)), { minLength: 1, maxLength: 3 }),
        fc.nat(base.length - 61),
        (edits, cut) => {
          const b = base.slice(0, base.length - (cut % 4 === 0 ? cut : 0));
          new DataView(b.buffer).setInt32(8, b.length - 12);
          for (const [at, v] of edits) if (61 + at < b.length) b[61 + at] = v;
          assert.deepEqual(walk(b, "next"), walk(b, "nextChecked"));
        },
      ),
      { numRuns: 3000, seed: 15 },
    );
  });
});
