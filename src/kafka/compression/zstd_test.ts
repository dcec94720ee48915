import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { fromHex, toHex } from "../../wire/hex.ts";
import { zstdCodec, zstdCompress, zstdDecompress } from "./zstd.ts";
import { wireErrorCode } from "../../testdata/wire_assert_test.ts";

// ---------------------------------------------------------------------------------------------
// Fixtures made by the reference implementation (tools/kat/zstd_fixtures.py).

interface FixtureEntry {
  file: string;
  size: number;
  sha256: string;
  note: string;
  input?: string;
}
interface OursEntry extends FixtureEntry {
  input: string;
  level: number;
}
interface Manifest {
  reference: string;
  fixtures: FixtureEntry[];
  ours: OursEntry[];
}

/** testdata/zstd beside this file, also when run from a compiled copy (tsc's dist/src/...). */
function testdata(): URL {
  let dir = new URL("./", import.meta.url);
  for (let up = 0; up < 8; up++) {
    const candidate = new URL("src/kafka/compression/testdata/zstd/", dir);
    if (existsSync(new URL("./testdata/zstd/manifest.json", dir))) return new URL("./testdata/zstd/", dir);
    if (existsSync(new URL("manifest.json", candidate))) return candidate;
    dir = new URL("../", dir);
  }
  throw new Error("cannot find src/kafka/compression/testdata/zstd");
}
const DIR = testdata();
const manifest = JSON.parse(readFileSync(new URL("manifest.json", DIR), "utf8")) as Manifest;
const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(new URL(name, DIR)));
const sha256 = (b: Uint8Array): string => createHash("sha256").update(b).digest("hex");

/** The original of each encoder input, recovered from a reference fixture (checked by SHA-256). */
function original(input: string): Uint8Array {
  const e = manifest.fixtures.find((f) => f.input === input);
  assert.ok(e, `no reference fixture holds input ${input}`);
  const out = zstdDecompress(fixture(e.file));
  assert.equal(sha256(out), e.sha256);
  return out;
}

const HAS_ZSTD = spawnSync("zstd", ["--version"]).status === 0;
function referenceDecode(frame: Uint8Array): Uint8Array {
  const r = spawnSync("zstd", ["-d", "-c", "-q"], { input: frame, maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`zstd -d failed: ${r.stderr}`);
  return new Uint8Array(r.stdout);
}

describe("zstdDecompress() on reference fixtures", () => {
  it(`has fixtures from ${manifest.reference}`, () => {
    assert.ok(manifest.fixtures.length >= 20);
  });
  for (const f of manifest.fixtures) {
    it(`decodes ${f.file} (${f.note}) to the original ${f.size} bytes`, () => {
      const out = zstdDecompress(fixture(f.file));
      assert.equal(out.length, f.size);
      assert.equal(sha256(out), f.sha256);
    });
  }
  it("decodes text_l3.zst with an exact cap but not one byte less", () => {
    const f = manifest.fixtures.find((x) => x.file === "text_l3.zst")!;
    assert.equal(zstdDecompress(fixture(f.file), { maxOutputBytes: f.size }).length, f.size);
    assert.equal(
      wireErrorCode(() => zstdDecompress(fixture(f.file), { maxOutputBytes: f.size - 1 })),
      "LIMIT_EXCEEDED",
    );
  });
  it("decodes text_l3_nosize.zst (no content size) with an exact cap but not one byte less", () => {
    const f = manifest.fixtures.find((x) => x.file === "text_l3_nosize.zst")!;
    assert.equal(zstdDecompress(fixture(f.file), { maxOutputBytes: f.size }).length, f.size);
    assert.equal(
      wireErrorCode(() => zstdDecompress(fixture(f.file), { maxOutputBytes: f.size - 1 })),
      "LIMIT_EXCEEDED",
    );
  });
});

describe("zstdCompress() output checked by the reference decoder", () => {
  for (const o of manifest.ours) {
    it(`decodes committed ${o.file} to what the reference decoded`, () => {
      const out = zstdDecompress(fixture(o.file));
      assert.equal(out.length, o.size);
      assert.equal(sha256(out), o.sha256);
    });
    it(`still writes the reference-checked bytes of ${o.file} (else rerun tools/kat/zstd_fixtures.py)`, () => {
      const ours = zstdCompress(original(o.input), { level: o.level });
      assert.equal(toHex(ours), toHex(fixture(o.file)));
    });
  }

  it(
    "round-trips through the reference decoder",
    { skip: HAS_ZSTD ? false : "zstd CLI not installed" },
    () => {
      const inputs: Uint8Array[] = [
        original("text"),
        original("logs"),
        original("rand"),
        original("rle"),
        original("binary"),
        new Uint8Array(0),
        new Uint8Array([42]),
        new Uint8Array(300_000).map((_, i) => (i * i) >> 9),
      ];
      for (const input of inputs) {
        for (const level of [1, 3, 7, 12]) {
          const packed = zstdCompress(input, { level });
          assert.equal(
            sha256(referenceDecode(packed)),
            sha256(input),
            `level ${level}, ${input.length} bytes`,
          );
        }
      }
    },
  );

  it("random inputs round-trip through the reference decoder", {
    skip: HAS_ZSTD ? false : "zstd CLI not installed",
  }, () => {
    fc.assert(
      fc.property(compressible(), fc.integer({ min: 1, max: 9 }), (input, level) => {
        const packed = zstdCompress(input, { level });
        assert.equal(toHex(referenceDecode(packed)), toHex(input));
      }),
      { numRuns: 60 },
    );
  });
});

/** Inputs with structure (repeated chunks, small alphabets, runs) so the encoder finds matches. */
function compressible(): fc.Arbitrary<Uint8Array> {
  const chunk = fc.oneof(
    fc.uint8Array({ size: "large" }),
    fc.uint8Array({ minLength: 1, maxLength: 16 }).chain((b) =>
      fc.integer({ min: 1, max: 400 }).map((n) => {
        const out = new Uint8Array(b.length * n);
        for (let i = 0; i < n; i++) out.set(b, i * b.length);
        return out;
      })
    ),
    fc.array(fc.constantFrom(...["the ", "quick ", "brown ", "fox ", '{"id":', "}", "\n"]), { size: "large" })
      .map((w) => new TextEncoder().encode(w.join(""))),
    fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 3000 })).map(([v, n]) =>
      new Uint8Array(n).fill(v)
    ),
  );
  return fc.array(chunk, { size: "large", maxLength: 30 }).map((parts) => {
    const n = parts.reduce((a, p) => a + p.length, 0);
    const out = new Uint8Array(n);
    let o = 0;
    for (const p of parts) out.set(p, o), o += p.length;
    return out;
  });
}

// ---------------------------------------------------------------------------------------------
// Hand-built frames

// "hi" in a raw block: single segment, content size 2, checksum.
const HI = "28b52ffd240211000068 69fa3826ea".replace(/ /g, "");

describe("zstdDecompress() on hand-built frames", () => {
  const ok: { name: string; hex: string; want: string }[] = [
    { name: "a raw block with checksum", hex: HI, want: "6869" },
    { name: "an RLE block", hex: "28b52ffd2005" + "2b0000" + "7a", want: "7a7a7a7a7a" },
    {
      name: "a compressed block with raw literals and one RLE-coded sequence (offset 1, repeat)",
      // literals "abcd", then LL=4, offset value 4 (offset 1), ML=3, all three tables RLE
      hex: "28b52ffd0000" + "5d0000" + "2061626364" + "01" + "54" + "040200" + "04",
      want: "61626364646464",
    },
    { name: "an empty frame with checksum", hex: "28b52ffd2400010000" + "99e9d851", want: "" },
    { name: "a skippable frame alone", hex: "5e2a4d18" + "03000000" + "010203", want: "" },
    {
      name: "a frame with a zero dictionary id field",
      hex: "28b52ffd2100" + "02" + "110000" + "6869",
      want: "6869",
    },
    { name: "two frames back to back", hex: HI + HI, want: "68696869" },
    { name: "RLE literals", hex: "28b52ffd0000" + "1d0000" + "297100", want: "7171717171" },
    {
      name: "Huffman literals with a direct (4-bit) weight description",
      // weights of symbols 0..0x61: all 0 but 'a' = 1; 'b' implied; "abba" as the bits 0110
      hex: "28b52ffd0000" + "bd0100" + "42c00c" + "e1" + "00".repeat(48) + "01" + "16" + "00",
      want: "61626261",
    },
  ];
  for (const { name, hex, want } of ok) {
    it(`decodes ${name}`, () => {
      assert.equal(toHex(zstdDecompress(fromHex(hex))), want);
    });
  }

  const bad: { name: string; hex: string; code: string; max?: number }[] = [
    { name: "empty input", hex: "", code: "TRUNCATED" },
    { name: "3 bytes of magic", hex: "28b52f", code: "TRUNCATED" },
    { name: "an unknown magic", hex: "28b52ffe240211000068", code: "CORRUPT_DATA" },
    { name: "a frame header cut short", hex: "28b52ffd24", code: "TRUNCATED" },
    {
      name: "the reserved frame header bit",
      hex: "28b52ffd2c0211000068 69".replace(/ /g, ""),
      code: "CORRUPT_DATA",
    },
    {
      name: "a non-zero dictionary id",
      hex: "28b52ffd2107" + "02" + "110000" + "6869",
      code: "CORRUPT_DATA",
    },
    { name: "a 256 MiB window", hex: "28b52ffd00" + "90" + "010000", code: "LIMIT_EXCEEDED" },
    { name: "a content size of 2^40", hex: "28b52ffde0" + "0000000000010000", code: "LIMIT_EXCEEDED" },
    { name: "a content size of 2^62", hex: "28b52ffde0" + "0000000000000040", code: "LIMIT_EXCEEDED" },
    { name: "a content size above maxOutputBytes", hex: HI, code: "LIMIT_EXCEEDED", max: 1 },
    { name: "the reserved block type", hex: "28b52ffd2000" + "070000", code: "CORRUPT_DATA" },
    {
      name: "a block larger than the window",
      hex: "28b52ffd2002" + "190000" + "616263",
      code: "CORRUPT_DATA",
    },
    { name: "a raw block cut short", hex: "28b52ffd2402" + "110000" + "68", code: "TRUNCATED" },
    { name: "a missing block header", hex: "28b52ffd2402" + "1100", code: "TRUNCATED" },
    { name: "a checksum cut short", hex: HI.slice(0, -4), code: "TRUNCATED" },
    { name: "a wrong checksum", hex: HI.slice(0, -2) + "eb", code: "CHECKSUM_MISMATCH" },
    {
      name: "content shorter than the declared size",
      hex: "28b52ffd2003" + "110000" + "6869",
      code: "CORRUPT_DATA",
    },
    { name: "a byte after the last frame", hex: HI + "00", code: "TRUNCATED" },
    { name: "an unknown frame after the last frame", hex: HI + "00000000", code: "CORRUPT_DATA" },
    { name: "a skippable frame cut short", hex: "502a4d18" + "05000000" + "0102", code: "TRUNCATED" },
    {
      name: "treeless literals without an earlier Huffman table",
      hex: "28b52ffd0000" + "2d0000" + "434000" + "01" + "00",
      code: "CORRUPT_DATA",
    },
    {
      name: "repeat mode without an earlier table",
      hex: "28b52ffd0000" + "250000" + "0001c001",
      code: "CORRUPT_DATA",
    },
    {
      name: "a match offset before the start of the frame",
      hex: "28b52ffd0000" + "3d0000" + "00" + "01" + "54" + "000500" + "20",
      code: "CORRUPT_DATA",
    },
    {
      name: "a sequence bit stream with bits left over",
      hex: "28b52ffd0000" + "5d0000" + "2061626364" + "01" + "54" + "040200" + "0c",
      code: "CORRUPT_DATA",
    },
    {
      name: "a sequence that takes more literals than exist",
      hex: "28b52ffd0000" + "5d0000" + "2061626364" + "01" + "54" + "050200" + "04",
      code: "CORRUPT_DATA",
    },
    {
      name: "reserved bits in the compression modes",
      hex: "28b52ffd0000" + "250000" + "00" + "01" + "55" + "00",
      code: "CORRUPT_DATA",
    },
    {
      name: "a compressed block without a sequences section",
      hex: "28b52ffd0000" + "0d0000" + "00",
      code: "CORRUPT_DATA",
    },
  ];
  for (const { name, hex, code, max } of bad) {
    it(`throws ${code} for ${name}`, () => {
      assert.equal(
        wireErrorCode(() => zstdDecompress(fromHex(hex), max === undefined ? {} : { maxOutputBytes: max })),
        code,
      );
    });
  }

  it("skips the checksum when verifyChecksum is false", () => {
    assert.equal(toHex(zstdDecompress(fromHex(HI.slice(0, -2) + "eb"), { verifyChecksum: false })), "6869");
  });

  it("throws LIMIT_EXCEEDED for a window above maxWindowBytes and accepts it when raised", () => {
    const frame = fromHex("28b52ffd00" + "90" + "110000" + "6869"); // 256 MiB window, "hi"
    assert.equal(wireErrorCode(() => zstdDecompress(frame)), "LIMIT_EXCEEDED");
    assert.equal(toHex(zstdDecompress(frame, { maxWindowBytes: 1 << 28 })), "6869");
  });

  it("throws LIMIT_EXCEEDED for an RLE bomb without a content size before writing past the cap", () => {
    // 64 RLE blocks of 128 KiB each (8 MiB) from 260 bytes, cap 1 MiB
    const blocks: string[] = [];
    for (let i = 0; i < 64; i++) blocks.push(i === 63 ? "030010" + "61" : "020010" + "61");
    const frame = fromHex("28b52ffd00" + "38" + blocks.join(""));
    assert.equal(wireErrorCode(() => zstdDecompress(frame, { maxOutputBytes: 1 << 20 })), "LIMIT_EXCEEDED");
    assert.equal(zstdDecompress(frame, { maxOutputBytes: 8 << 20 }).length, 8 << 20);
  });

  it("decodes 32768 sequences counted in the 3-byte form", () => {
    // "abcd" raw, then 32768 sequences of 3 bytes (RLE tables, no bits: LL 0, repeat offset 1, ML 3)
    const frame = fromHex(
      "28b52ffd0038" + "200000" + "61626364" + "4d0000" + "00" + "ff0001" + "54" + "000000" + "01",
    );
    const out = zstdDecompress(frame);
    assert.equal(out.length, 4 + 3 * 32768);
    // offsets alternate 4, 1, 4, 1 ... as the two repeat offsets swap
    assert.equal(toHex(out.subarray(0, 16)), "61626364616263636363636363636363");
    assert.ok(out.subarray(10).every((b) => b === 0x63));
  });

  it("throws INVALID_VALUE for a negative maxOutputBytes", () => {
    assert.equal(wireErrorCode(() => zstdDecompress(fromHex(HI), { maxOutputBytes: -1 })), "INVALID_VALUE");
  });

  it("throws CORRUPT_DATA for a block whose RLE content exceeds the declared size", () => {
    // content size 0 (window 0), RLE block of 7 bytes
    assert.equal(
      wireErrorCode(() => zstdDecompress(fromHex("28b52ffd2000" + "3b0000" + "78"))),
      "CORRUPT_DATA",
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Hostile input

describe("zstdDecompress() on hostile input", () => {
  const samples = [
    zstdCompress(original("text"), { level: 3 }),
    zstdCompress(original("binary"), { level: 9 }),
    fixture("text_l19.zst"),
    fixture("logs_l3.zst").subarray(0, 3000),
    fixture("multi_frame.zst"),
  ];

  it("throws only WireErrors (or decodes) for random bytes, with and without a frame header", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ size: "large" }),
        fc.constantFrom("", "28b52ffd", "28b52ffd00", "28b52ffd0038"),
        (b, prefix) => {
          const input = new Uint8Array([...fromHex(prefix), ...b]);
          wireErrorCode(() => zstdDecompress(input, { maxOutputBytes: 1 << 22 }));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("throws only WireErrors (or decodes) for bit-flipped valid frames", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...samples),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 7 })), { minLength: 1, maxLength: 4 }),
        (frame, flips) => {
          const input = frame.slice();
          for (const [at, bit] of flips) input[at % input.length] ^= 1 << bit;
          wireErrorCode(() => zstdDecompress(input, { maxOutputBytes: 1 << 22 }));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it("throws only WireErrors (or decodes) when random bytes overwrite part of a valid frame", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...samples),
        fc.nat(),
        fc.uint8Array({ minLength: 1, maxLength: 64 }),
        (frame, at, junk) => {
          const input = frame.slice();
          input.set(junk.subarray(0, Math.max(0, input.length - (at % input.length))), at % input.length);
          wireErrorCode(() => zstdDecompress(input, { maxOutputBytes: 1 << 22 }));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it("throws TRUNCATED for every strict prefix of a frame", () => {
    for (const frame of [fromHex(HI), zstdCompress(original("binary")), fixture("text_l1.zst").subarray(0)]) {
      const step = Math.max(1, Math.floor(frame.length / 300));
      for (let n = 0; n < frame.length; n += step) {
        assert.equal(
          wireErrorCode(() => zstdDecompress(frame.subarray(0, n))),
          "TRUNCATED",
          `prefix ${n} of ${frame.length}`,
        );
      }
    }
  });
});

describe("zstdCodec", () => {
  it("is Kafka compression type 4 named zstd", () => {
    assert.equal(zstdCodec.id, 4);
    assert.equal(zstdCodec.name, "zstd");
  });

  it("zstdCompress() leaves the checksum out when asked", () => {
    const data = new TextEncoder().encode("abcabcabc".repeat(50));
    const withSum = zstdCompress(data), without = zstdCompress(data, { checksum: false });
    assert.equal(withSum.length, without.length + 4);
    assert.equal(without[4] & 0x04, 0);
    assert.equal(toHex(zstdDecompress(without)), toHex(data));
  });

  it("round-trips and passes maxOutputBytes through", () => {
    const data = new TextEncoder().encode("record batch payload ".repeat(500));
    const packed = zstdCodec.compress(data, { level: 5 });
    assert.ok(packed.length < data.length / 10);
    assert.equal(toHex(zstdCodec.decompress(packed)), toHex(data));
    assert.equal(
      wireErrorCode(() => zstdCodec.decompress(packed, { maxOutputBytes: 100 })),
      "LIMIT_EXCEEDED",
    );
  });

  it("round-trips arbitrary inputs at every level", () => {
    fc.assert(
      fc.property(compressible(), fc.integer({ min: -5, max: 25 }), (input, level) => {
        assert.equal(toHex(zstdCodec.decompress(zstdCodec.compress(input, { level }))), toHex(input));
      }),
      { numRuns: 150 },
    );
  });
});
