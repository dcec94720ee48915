import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { createSnappyCodec, snappyCodec, snappyCompress, snappyDecompress, XERIAL_MAGIC } from "./snappy.ts";
import { crc32 } from "../../wire/crc32.ts";
import { isWireError } from "../../wire/error.ts";
import { fromHex, toHex } from "../../wire/hex.ts";
import { KAT_FIXTURES } from "./testdata/kat_fixtures.ts";
import { katInput } from "./testdata/kat_input.ts";
import { recordsCorpus, textCorpus } from "../../testdata/corpus.ts";
import { assertWireError, concat } from "../../testdata/wire_assert_test.ts";

function be32(v: number): Uint8Array {
  return Uint8Array.of(v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255);
}

const XERIAL_HEADER = "82534e415050590000000001" + "00000001";

/** Splits a xerial stream into its chunk payloads. */
function xerialChunks(stream: Uint8Array): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let p = 16; p < stream.length;) {
    const n = (stream[p] << 24) | (stream[p + 1] << 16) | (stream[p + 2] << 8) | stream[p + 3];
    chunks.push(stream.subarray(p + 4, p + 4 + n));
    p += 4 + n;
  }
  return chunks;
}

const fixtures = KAT_FIXTURES.filter((f) => f.codec === "snappy");

describe("snappyDecompress known answers from libsnappy and Kafka's Java client", () => {
  it("has fixtures of both framings", () => {
    assert.ok(fixtures.some((f) => f.name.includes("raw")));
    assert.ok(fixtures.some((f) => f.name.includes("xerial")));
  });
  for (const f of fixtures) {
    it(`decodes ${f.name}`, () => {
      const input = katInput(f.input.kind, f.input.size);
      assert.equal(crc32(input), f.input.crc32, "kat_input.ts and the generator agree");
      assert.deepEqual(snappyDecompress(fromHex(f.hex)), input);
    });
  }

  it("writes the same xerial header and 32 KiB chunking as Kafka's Java client", () => {
    const java = fixtures.find((f) => f.name === "snappy xerial lines70k (Kafka Java)")!;
    const javaBytes = fromHex(java.hex);
    const ours = snappyCompress(katInput("lines", 70000));
    assert.equal(toHex(ours.subarray(0, 16)), toHex(javaBytes.subarray(0, 16)));
    assert.equal(toHex(ours.subarray(0, 16)), XERIAL_HEADER);
    assert.equal(xerialChunks(ours).length, xerialChunks(javaBytes).length);
  });

  it("writes only the 16-byte header for empty input, as Kafka's Java client does", () => {
    const java = fixtures.find((f) => f.name === "snappy xerial empty (Kafka Java)")!;
    assert.equal(toHex(snappyCompress(new Uint8Array(0))), java.hex);
  });
});

describe("snappy round trips", () => {
  for (const framing of ["xerial", "raw"] as const) {
    it(`round-trips arbitrary bytes with ${framing} framing (property)`, () => {
      fc.assert(
        fc.property(
          fc.uint8Array({ size: "large" }),
          fc.integer({ min: 1, max: 5000 }),
          (data, blockSize) => {
            assert.deepEqual(snappyDecompress(snappyCompress(data, { framing, blockSize })), data);
          },
        ),
        { numRuns: 300 },
      );
    });
  }

  it("round-trips repetitive data with long matches and overlapping copies (property)", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ size: "small", minLength: 1 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.uint8Array({ size: "small" }),
        (unit, reps, tail) => {
          const data = new Uint8Array(unit.length * reps + tail.length);
          for (let i = 0; i < reps; i++) data.set(unit, i * unit.length);
          data.set(tail, unit.length * reps);
          assert.deepEqual(snappyDecompress(snappyCompress(data, { framing: "raw" })), data);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("round-trips 1 MiB of text across 64 KiB fragments and 32 KiB chunks, compressing it", () => {
    const data = textCorpus(1 << 20);
    const raw = snappyCompress(data, { framing: "raw" });
    const xerial = snappyCompress(data);
    assert.deepEqual(snappyDecompress(raw), data);
    assert.deepEqual(snappyDecompress(xerial), data);
    assert.ok(raw.length < data.length * 0.5, `raw ${raw.length}`);
    assert.equal(xerialChunks(xerial).length, 32);
  });

  it("compresses within 10% of libsnappy's size on the fixtures' inputs", () => {
    for (const f of fixtures.filter((x) => x.name.startsWith("snappy raw") && x.input.size >= 5000)) {
      const ours = snappyCompress(katInput(f.input.kind, f.input.size), { framing: "raw" }).length;
      assert.ok(ours <= (f.hex.length / 2) * 1.1, `${f.name}: ours ${ours}, libsnappy ${f.hex.length / 2}`);
    }
  });

  it("round-trips Kafka-like records through the codec objects", () => {
    const data = recordsCorpus(500, 100);
    assert.deepEqual(snappyCodec.decompress(snappyCodec.compress(data)), data);
    const raw = createSnappyCodec({ framing: "raw" });
    const packed = raw.compress(data);
    assert.notEqual(toHex(packed.subarray(0, 8)), toHex(XERIAL_MAGIC));
    assert.deepEqual(snappyCodec.decompress(packed), data);
    assert.equal(snappyCodec.id, 2);
    assert.equal(snappyCodec.name, "snappy");
  });
});

describe("snappyDecompress rejects bad input", () => {
  const cases: { name: string; hex: string; code: string }[] = [
    { name: "empty input", hex: "", code: "TRUNCATED" },
    { name: "a length varint that never ends", hex: "ffff", code: "TRUNCATED" },
    { name: "a length varint of 6 bytes", hex: "808080808001", code: "CORRUPT_DATA" },
    { name: "a length above 2^32", hex: "ffffffff7f", code: "CORRUPT_DATA" },
    { name: "a copy with offset 0", hex: "0800" + "61" + "0500", code: "CORRUPT_DATA" },
    { name: "a copy reaching before the block", hex: "0800" + "61" + "0502", code: "CORRUPT_DATA" },
    { name: "a literal past the declared length", hex: "02" + "0861626364", code: "CORRUPT_DATA" },
    { name: "a copy past the declared length", hex: "03" + "0061" + "0d01", code: "CORRUPT_DATA" },
    { name: "a block shorter than declared", hex: "05" + "08616263", code: "TRUNCATED" },
    { name: "a literal cut short", hex: "05" + "1061", code: "TRUNCATED" },
    { name: "a 2-byte-offset copy cut short", hex: "08" + "0061" + "1e01", code: "TRUNCATED" },
    { name: "a 4-byte-offset copy cut short", hex: "08" + "0061" + "1f010000", code: "TRUNCATED" },
    { name: "a literal length byte cut short", hex: "ff01" + "f0", code: "TRUNCATED" },
    { name: "xerial header cut short", hex: "82534e41505059000000", code: "TRUNCATED" },
    { name: "xerial version 0", hex: "82534e415050590000000000" + "00000001", code: "CORRUPT_DATA" },
    { name: "xerial negative chunk length", hex: XERIAL_HEADER + "ffffffff", code: "CORRUPT_DATA" },
    { name: "xerial chunk length cut short", hex: XERIAL_HEADER + "0000", code: "TRUNCATED" },
    {
      name: "xerial chunk longer than the input",
      hex: XERIAL_HEADER + "00000010" + "0300616263",
      code: "TRUNCATED",
    },
    {
      name: "xerial chunk whose block ends early",
      hex: XERIAL_HEADER + "00000003" + "050461",
      code: "CORRUPT_DATA",
    },
    { name: "xerial empty chunk", hex: XERIAL_HEADER + "00000000", code: "CORRUPT_DATA" },
  ];
  for (const { name, hex, code } of cases) {
    it(`throws ${code} for ${name}`, () => {
      assertWireError(() => snappyDecompress(fromHex(hex)), code);
    });
  }

  it("decodes the valid neighbours of those cases", () => {
    assert.equal(toHex(snappyDecompress(fromHex("05" + "0061" + "0101"))), "6161616161");
    assert.equal(toHex(snappyDecompress(fromHex(XERIAL_HEADER + "00000005" + "0308616263"))), "616263");
    assert.equal(toHex(snappyDecompress(fromHex("05" + "0061" + "0e0100"))), "6161616161");
    assert.equal(toHex(snappyDecompress(fromHex("05" + "0061" + "0f01000000"))), "6161616161");
  });

  for (const f of fixtures.filter((x) => x.input.size >= 100 && x.input.size <= 5000)) {
    it(`throws TRUNCATED for every proper prefix of ${f.name}, except xerial chunk boundaries`, () => {
      const full = fromHex(f.hex);
      const input = katInput(f.input.kind, f.input.size);
      // xerial has no end marker: a stream cut between chunks is a shorter valid stream.
      const boundaries = new Set<number>();
      if (f.name.includes("xerial")) {
        boundaries.add(16);
        let p = 16;
        for (const c of xerialChunks(full)) boundaries.add(p += 4 + c.length);
      }
      for (let n = 0; n < full.length; n++) {
        if (boundaries.has(n)) {
          const got = snappyDecompress(full.subarray(0, n));
          assert.deepEqual(got, input.subarray(0, got.length), `prefix ${n} decodes to a prefix`);
          continue;
        }
        try {
          snappyDecompress(full.subarray(0, n));
          assert.fail(`prefix ${n} decoded`);
        } catch (e) {
          assert.ok(isWireError(e), String(e));
          assert.equal(e.code, "TRUNCATED", `prefix ${n}: ${e.message}`);
        }
      }
    });
  }
});

describe("snappyDecompress output cap", () => {
  it("throws LIMIT_EXCEEDED from the length preamble before allocating (claims 4 GiB)", () => {
    assertWireError(() => snappyDecompress(fromHex("ffffffff0f" + "00")), "LIMIT_EXCEEDED");
  });

  it("throws LIMIT_EXCEEDED for a 1 KiB xerial stream that expands past a 16 KiB cap", () => {
    // One chunk: 'a' then 3-byte copies of 64 bytes (the densest snappy can be).
    const copies = 300;
    const body = concat(fromHex("0061"), ...Array.from({ length: copies }, () => fromHex("fe0100")));
    let n = 1 + copies * 64;
    const varint: number[] = [];
    while (n >= 0x80) {
      varint.push((n & 0x7f) | 0x80);
      n >>>= 7;
    }
    varint.push(n);
    const block = concat(Uint8Array.from(varint), body);
    const stream = concat(fromHex(XERIAL_HEADER), be32(block.length), block);
    assert.ok(stream.length <= 1024, `${stream.length}`);
    assert.equal(snappyDecompress(stream).length, 1 + copies * 64);
    assertWireError(() => snappyDecompress(stream, { maxOutputBytes: 16 * 1024 }), "LIMIT_EXCEEDED");
  });

  it("counts every xerial chunk against the cap", () => {
    const data = new Uint8Array(10_000);
    const stream = snappyCompress(data, { blockSize: 1000 });
    assert.equal(snappyDecompress(stream, { maxOutputBytes: 10_000 }).length, 10_000);
    assertWireError(() => snappyDecompress(stream, { maxOutputBytes: 9_999 }), "LIMIT_EXCEEDED");
  });

  it("throws TRUNCATED, not an allocation, for a short input claiming 60 MiB", () => {
    assertWireError(() => snappyDecompress(fromHex("8080c01d" + "0061")), "TRUNCATED");
  });
});

describe("snappyDecompress on hostile input", () => {
  it("returns bytes or throws WireError for arbitrary input, raw or behind a xerial header (property)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ size: "large" }), fc.boolean(), (data, xerial) => {
        const input = xerial ? concat(fromHex(XERIAL_HEADER), be32(data.length), data) : data;
        try {
          snappyDecompress(input, { maxOutputBytes: 1 << 20 });
        } catch (e) {
          if (!isWireError(e)) throw e;
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("returns bytes or throws WireError for a valid stream with corrupted bytes (property)", () => {
    const valid = snappyCompress(textCorpus(5000), { blockSize: 2000 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: valid.length - 1 }), fc.integer({ min: 1, max: 255 })), {
          size: "small",
          minLength: 1,
        }),
        (flips) => {
          const bad = valid.slice();
          for (const [i, x] of flips) bad[i] ^= x;
          try {
            snappyDecompress(bad, { maxOutputBytes: 1 << 20 });
          } catch (e) {
            if (!isWireError(e)) throw e;
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe("snappy length claims", () => {
  it("rejects a 30-byte xerial stream whose block claims 63 MiB before allocating for it", () => {
    // varint 63 MiB (0x3f00000), then 6 bytes of elements: at most 128 bytes of output.
    const claim = 63 * 1024 * 1024;
    const varint = [
      0x80 | (claim & 0x7f),
      0x80 | ((claim >>> 7) & 0x7f),
      0x80 | ((claim >>> 14) & 0x7f),
      claim >>> 21,
    ];
    const block = [...varint, 0x08, 0x61, 0xfe, 0x01, 0x00, 0x00];
    const stream = fromHex(
      XERIAL_HEADER + block.length.toString(16).padStart(8, "0") + toHex(new Uint8Array(block)),
    );
    assert.equal(stream.length, 30);
    const sizes: number[] = [];
    const g = globalThis as { Uint8Array: Uint8ArrayConstructor };
    const real = g.Uint8Array;
    g.Uint8Array = new Proxy(real, {
      construct(target, args, newTarget) {
        if (typeof args[0] === "number") sizes.push(args[0]);
        return Reflect.construct(target, args, newTarget === g.Uint8Array ? target : newTarget);
      },
    });
    try {
      assertWireError(() => snappyDecompress(stream), "CORRUPT_DATA");
    } finally {
      g.Uint8Array = real;
    }
    assert.ok(Math.max(0, ...sizes) <= 1024, `allocated ${Math.max(...sizes)} bytes`);
  });
});
