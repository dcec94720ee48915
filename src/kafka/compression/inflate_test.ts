import { describe, it } from "node:test";
import assert from "node:assert/strict";
import zlib from "node:zlib";
import fc from "fast-check";
import { inflateRaw } from "./inflate.ts";
import { isWireError } from "../../wire/error.ts";
import { fromHex, toHex } from "../../wire/hex.ts";
import { textCorpus } from "../../testdata/corpus.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

/** Decodes or throws a WireError; anything else fails the property. */
function valueOrWireError(fn: () => Uint8Array): void {
  try {
    fn();
  } catch (e) {
    if (!isWireError(e)) throw e;
  }
}

/** Packs [value, bitCount] pairs LSB first; `huff` pairs are Huffman codes, written MSB first. */
function bits(fields: ([number, number] | { huff: number; len: number })[]): Uint8Array {
  const out: number[] = [];
  let acc = 0;
  let n = 0;
  const put = (bit: number) => {
    acc |= bit << n;
    if (++n === 8) {
      out.push(acc);
      acc = 0;
      n = 0;
    }
  };
  for (const f of fields) {
    if (Array.isArray(f)) { for (let i = 0; i < f[1]; i++) put((f[0] >>> i) & 1); }
    else for (let i = f.len - 1; i >= 0; i--) put((f.huff >>> i) & 1);
  }
  if (n > 0) out.push(acc);
  return Uint8Array.from(out);
}

/** Fixed-Huffman code of literal/length symbol `s` (RFC 1951 §3.2.6). */
function fixedLit(s: number): { huff: number; len: number } {
  if (s < 144) return { huff: 0x30 + s, len: 8 };
  if (s < 256) return { huff: 0x190 + s - 144, len: 9 };
  if (s < 280) return { huff: s - 256, len: 7 };
  return { huff: 0xc0 + s - 280, len: 8 };
}

const enc = new TextEncoder();

describe("inflateRaw known streams", () => {
  const cases: { name: string; hex: string; want: string }[] = [
    { name: "fixed block 'hi'", hex: "cbc80400", want: "6869" },
    { name: "empty fixed block", hex: "0300", want: "" },
    { name: "empty stored block", hex: "010000ffff", want: "" },
    { name: "stored block 'abc'", hex: "010300fcff616263", want: "616263" },
    { name: "non-final stored then final fixed", hex: "000100feff61" + "0300", want: "61" },
    {
      name: "fixed block with an overlapping match (a, then length 4 distance 1)",
      hex: toHex(bits([[1, 1], [1, 2], fixedLit(0x61), fixedLit(258), [0, 5], fixedLit(256)])),
      want: "6161616161",
    },
  ];
  for (const { name, hex, want } of cases) {
    it(`decodes ${name}`, () => assert.equal(toHex(inflateRaw(fromHex(hex))), want));
  }

  it("ignores bytes after the final block", () => {
    assert.equal(toHex(inflateRaw(fromHex("cbc80400ffff"))), "6869");
  });
});

describe("inflateRaw rejects corrupt streams", () => {
  const cases: { name: string; bytes: Uint8Array; code: string }[] = [
    { name: "block type 3", bytes: fromHex("07000000"), code: "CORRUPT_DATA" },
    { name: "stored LEN/NLEN mismatch", bytes: fromHex("0103000000616263"), code: "CORRUPT_DATA" },
    {
      name: "distance before the start of the output",
      bytes: bits([[1, 1], [1, 2], fixedLit(257), [0, 5], fixedLit(256), [0, 16]]),
      code: "CORRUPT_DATA",
    },
    {
      name: "fixed literal/length symbol 286",
      bytes: bits([[1, 1], [1, 2], fixedLit(286), [0, 24]]),
      code: "CORRUPT_DATA",
    },
    {
      name: "fixed distance symbol 30",
      bytes: bits([[1, 1], [1, 2], fixedLit(0x61), fixedLit(257), { huff: 30, len: 5 }, [0, 24]]),
      code: "CORRUPT_DATA",
    },
    {
      name: "dynamic header with no code-length codes",
      bytes: bits([[1, 1], [2, 2], [0, 5], [0, 5], [0, 4], [0, 12], [0, 32]]),
      code: "CORRUPT_DATA",
    },
    {
      name: "dynamic header with HLIT 287",
      bytes: bits([[1, 1], [2, 2], [30, 5], [0, 5], [0, 4], [0, 32]]),
      code: "CORRUPT_DATA",
    },
    {
      // Code-length code: symbols 1 and 18 of length 1. Lengths: 1 (sym 0), then 18 with 0 extra
      // (11 zeros) repeated... we give only sym 0 and 1 a length, so code 256 has length 0.
      name: "dynamic block without an end-of-block code",
      bytes: bits([
        [1, 1],
        [2, 2],
        [0, 5],
        [0, 5],
        [14, 4],
        // CLEN_ORDER: 16 17 18 0 8 7 9 6 10 5 11 4 12 3 13 2 14 1 -> 18 gets 1, 1 gets 1
        [0, 3],
        [0, 3],
        [1, 3],
        [0, 3],
        [0, 3],
        [0, 3],
        [0, 3],
        [0, 3],
        [0, 3],
        [0, 3],
        [0, 3],
        [0, 3],
        [0, 3],
        [0, 3],
        [0, 3],
        [0, 3],
        [0, 3],
        [1, 3],
        // Symbol 1 is code 0, symbol 18 is code 1. Two lengths of 1, then 18 x (138, 118) zeros.
        { huff: 0, len: 1 },
        { huff: 0, len: 1 },
        { huff: 1, len: 1 },
        [127, 7],
        { huff: 1, len: 1 },
        [107, 7],
        [0, 32],
      ]),
      code: "CORRUPT_DATA",
    },
    {
      name: "repeat code 16 with no previous length",
      bytes: bits([
        [1, 1],
        [2, 2],
        [0, 5],
        [0, 5],
        [0, 4],
        // 16 and 17 get length 1 (code 0 and 1), 18 and 0 nothing.
        [1, 3],
        [1, 3],
        [0, 3],
        [0, 3],
        { huff: 0, len: 1 },
        [0, 2],
        [0, 32],
      ]),
      code: "CORRUPT_DATA",
    },
  ];
  for (const { name, bytes, code } of cases) {
    it(`throws ${code} for ${name}`, () => {
      assertWireError(() => inflateRaw(bytes), code);
    });
  }
});

describe("inflateRaw and truncation", () => {
  const sample = new Uint8Array(zlib.deflateRawSync(textCorpus(3000), { level: 6 }));
  const stored = new Uint8Array(zlib.deflateRawSync(textCorpus(300), { level: 0 }));
  const fixed = new Uint8Array(
    zlib.deflateRawSync(enc.encode("abcabcabcabc hello"), { strategy: zlib.constants.Z_FIXED }),
  );
  for (const [name, full] of [["dynamic", sample], ["stored", stored], ["fixed", fixed]] as const) {
    it(`throws TRUNCATED for every proper prefix of a ${name}-block stream (${full.length} bytes)`, () => {
      for (let n = 0; n < full.length; n++) {
        try {
          inflateRaw(full.subarray(0, n));
          assert.fail(`prefix ${n} decoded`);
        } catch (e) {
          assert.ok(isWireError(e), String(e));
          assert.equal(e.code, "TRUNCATED", `prefix ${n}: ${e.message}`);
        }
      }
    });
  }
});

describe("inflateRaw output cap", () => {
  const zeros = new Uint8Array(zlib.deflateRawSync(new Uint8Array(1 << 20), { level: 9 }));

  it("throws LIMIT_EXCEEDED for a ~1 KiB bomb that expands to 1 MiB with a 64 KiB cap", () => {
    assert.ok(zeros.length < 1100, `bomb is ${zeros.length} bytes`);
    assertWireError(() => inflateRaw(zeros, { maxOutputBytes: 64 * 1024 }), "LIMIT_EXCEEDED");
  });

  it("decodes output of exactly maxOutputBytes and rejects one byte less", () => {
    assert.equal(inflateRaw(zeros, { maxOutputBytes: 1 << 20 }).length, 1 << 20);
    assertWireError(() => inflateRaw(zeros, { maxOutputBytes: (1 << 20) - 1 }), "LIMIT_EXCEEDED");
  });

  it("throws LIMIT_EXCEEDED for a stored block larger than the cap", () => {
    assertWireError(() => inflateRaw(fromHex("010300fcff616263"), { maxOutputBytes: 2 }), "LIMIT_EXCEEDED");
  });

  it("throws INVALID_VALUE for a negative maxOutputBytes", () => {
    assertWireError(() => inflateRaw(zeros, { maxOutputBytes: -1 }), "INVALID_VALUE");
  });
});

describe("inflateRaw interop with zlib", () => {
  const corpus = textCorpus(200_000);
  const strategies = [
    ["default", zlib.constants.Z_DEFAULT_STRATEGY],
    ["filtered", zlib.constants.Z_FILTERED],
    ["huffman-only", zlib.constants.Z_HUFFMAN_ONLY],
    ["rle", zlib.constants.Z_RLE],
    ["fixed", zlib.constants.Z_FIXED],
  ] as const;
  for (let level = 0; level <= 9; level++) {
    it(`decodes zlib deflateRawSync level ${level} of a 200 kB text corpus`, () => {
      const z = zlib.deflateRawSync(corpus, { level });
      assert.deepEqual(inflateRaw(z), corpus);
    });
  }
  for (const [name, strategy] of strategies) {
    it(`decodes zlib deflateRawSync with strategy ${name}`, () => {
      const z = zlib.deflateRawSync(corpus, { strategy });
      assert.deepEqual(inflateRaw(z), corpus);
    });
  }

  it("decodes zlib output of arbitrary bytes at any level (property)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ size: "large" }), fc.integer({ min: 0, max: 9 }), (data, level) => {
        const z = zlib.deflateRawSync(data, { level });
        assert.deepEqual(inflateRaw(z), data);
      }),
      { numRuns: 200 },
    );
  });

  it("decodes zlib output of repetitive bytes, which exercises long matches (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ size: "small", minLength: 1 }), { size: "medium", minLength: 1 }),
        fc.integer({ min: 1, max: 300 }),
        (parts, reps) => {
          const one = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
          let at = 0;
          for (const p of parts) {
            one.set(p, at);
            at += p.length;
          }
          const data = new Uint8Array(one.length * reps);
          for (let i = 0; i < reps; i++) data.set(one, i * one.length);
          assert.deepEqual(inflateRaw(zlib.deflateRawSync(data)), data);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe("inflateRaw on hostile input", () => {
  it("returns bytes or throws WireError for arbitrary input (property)", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ size: "large" }),
        (data) => valueOrWireError(() => inflateRaw(data, { maxOutputBytes: 1 << 20 })),
      ),
      { numRuns: 2000 },
    );
  });

  it("returns bytes or throws WireError for a valid stream with corrupted bytes (property)", () => {
    const valid = new Uint8Array(zlib.deflateRawSync(textCorpus(4000)));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: valid.length - 1 }), fc.integer({ min: 1, max: 255 })), {
          size: "small",
          minLength: 1,
        }),
        (flips) => {
          const bad = valid.slice();
          for (const [i, x] of flips) bad[i] ^= x;
          valueOrWireError(() => inflateRaw(bad, { maxOutputBytes: 1 << 20 }));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
