import { describe, it } from "node:test";
import assert from "node:assert/strict";
import zlib from "node:zlib";
import fc from "fast-check";
import { DEFAULT_DEFLATE_LEVEL, deflateRaw, huffmanLengths, resolveDeflateLevel } from "./deflate.ts";
import { inflateRaw } from "./inflate.ts";
import { toHex } from "../../wire/hex.ts";
import { recordsCorpus, textCorpus } from "../../testdata/corpus.ts";

describe("deflateRaw round trips", () => {
  it("encodes empty input as one empty fixed block, as zlib does", () => {
    assert.equal(toHex(deflateRaw(new Uint8Array(0))), "0300");
    assert.equal(toHex(new Uint8Array(zlib.deflateRawSync(new Uint8Array(0)))), "0300");
  });

  for (let level = 0; level <= 9; level++) {
    it(`round-trips arbitrary bytes at level ${level} through inflateRaw and zlib (property)`, () => {
      fc.assert(
        fc.property(fc.uint8Array({ size: "large" }), (data) => {
          const packed = deflateRaw(data, { level });
          assert.deepEqual(inflateRaw(packed), data);
          assert.deepEqual(new Uint8Array(zlib.inflateRawSync(packed)), data);
        }),
        { numRuns: 60 },
      );
    });
  }

  it("round-trips low-entropy byte strings with long repeats (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(0, 1, 97, 98, 255), { size: "large" }),
        fc.integer({ min: 1, max: 9 }),
        (arr, level) => {
          const data = Uint8Array.from(arr);
          const packed = deflateRaw(data, { level });
          assert.deepEqual(new Uint8Array(zlib.inflateRawSync(packed)), data);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("round-trips 300 KiB of random bytes as stored blocks, 5 bytes per 16 KiB block, no larger than zlib", () => {
    const data = new Uint8Array(300 * 1024);
    let x = 1;
    for (let i = 0; i < data.length; i++) data[i] = (x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 24;
    const packed = deflateRaw(data);
    assert.deepEqual(inflateRaw(packed), data);
    assert.ok(packed.length <= data.length + 5 * Math.ceil(data.length / 16383) + 16, `${packed.length}`);
    assert.ok(packed.length <= zlib.deflateRawSync(data).length, `${packed.length}`);
  });

  it("round-trips a 2 MiB text corpus at every level and matches zlib's decoding", () => {
    const data = textCorpus(2 << 20, 5);
    for (const level of [0, 1, 4, 6, 9]) {
      const packed = deflateRaw(data, { level });
      assert.deepEqual(new Uint8Array(zlib.inflateRawSync(packed)), data);
    }
  });
});

describe("deflateRaw compresses as well as zlib", () => {
  const cases = [
    { name: "1 MiB JSON log text", data: textCorpus(1 << 20) },
    { name: "1000 Kafka records of 100 B", data: recordsCorpus(1000, 100) },
  ];
  for (const { name, data } of cases) {
    for (const level of [1, 6, 9]) {
      it(`output for ${name} at level ${level} is within 2% of zlib's size`, () => {
        const ours = deflateRaw(data, { level }).length;
        const theirs = zlib.deflateRawSync(data, { level }).length;
        assert.ok(ours <= theirs * 1.02, `ours ${ours}, zlib ${theirs}`);
      });
    }
  }

  it("higher levels never give larger output on the text corpus", () => {
    const data = textCorpus(256 * 1024, 9);
    const sizes = [1, 3, 5, 6, 9].map((level) => deflateRaw(data, { level }).length);
    for (let i = 1; i < sizes.length; i++) assert.ok(sizes[i] <= sizes[i - 1] * 1.005, sizes.join(" "));
  });
});

describe("resolveDeflateLevel", () => {
  const cases: { level: number | undefined; want: number }[] = [
    { level: undefined, want: DEFAULT_DEFLATE_LEVEL },
    { level: -1, want: 6 },
    { level: 0, want: 0 },
    { level: 9, want: 9 },
    { level: 12, want: 9 },
    { level: -7, want: 0 },
    { level: 3.7, want: 3 },
    { level: Number.NaN, want: 6 },
  ];
  for (const { level, want } of cases) {
    it(`maps level ${level} to ${want}`, () => assert.equal(resolveDeflateLevel(level), want));
  }
});

describe("huffmanLengths", () => {
  function check(freq: Uint32Array, maxBits: number): Uint8Array {
    const lens = new Uint8Array(freq.length);
    huffmanLengths(freq, freq.length, maxBits, lens);
    let kraft = 0;
    let coded = 0;
    for (let s = 0; s < freq.length; s++) {
      assert.ok(lens[s] <= maxBits, `symbol ${s} has length ${lens[s]}`);
      if (freq[s] > 0) assert.ok(lens[s] > 0, `used symbol ${s} has no code`);
      if (lens[s] > 0) {
        kraft += 2 ** -lens[s];
        coded++;
      }
    }
    assert.ok(coded >= 2, "at least two codes");
    assert.equal(kraft, 1, "complete prefix code");
    return lens;
  }

  it("limits Fibonacci frequencies (which want 30-bit codes) to 15 bits with a complete code", () => {
    const freq = new Uint32Array(30);
    let a = 1;
    let b = 1;
    for (let i = 0; i < 30; i++) {
      freq[i] = a;
      [a, b] = [b, a + b];
    }
    check(freq, 15);
  });

  it("limits code-length-code frequencies to 7 bits", () => {
    check(
      Uint32Array.from([1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597, 2584, 4181]),
      7,
    );
  });

  it("gives two codes when only one symbol is used", () => {
    const lens = check(Uint32Array.from([0, 0, 5, 0]), 15);
    assert.equal(lens[2], 1);
  });

  it("matches the unrestricted Huffman cost when no length exceeds the limit (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 1000 }), { size: "medium", minLength: 2, maxLength: 286 }),
        (arr) => {
          const freq = Uint32Array.from(arr);
          const used = arr.filter((f) => f > 0);
          fc.pre(used.length >= 2);
          const lens = check(freq, 15);
          // Reference: the classic two-smallest merge; its total is the optimal cost, and its
          // depth tells whether the 15-bit limit had to cost anything.
          let heap = used.map((w) => ({ w, depth: 0 }));
          let optimal = 0;
          while (heap.length > 1) {
            heap.sort((x, y) => x.w - y.w);
            const merged = { w: heap[0].w + heap[1].w, depth: Math.max(heap[0].depth, heap[1].depth) + 1 };
            optimal += merged.w;
            heap = [merged, ...heap.slice(2)];
          }
          let cost = 0;
          for (let s = 0; s < arr.length; s++) cost += arr[s] * lens[s];
          if (heap[0].depth <= 15) assert.equal(cost, optimal);
          else assert.ok(cost >= optimal);
        },
      ),
      { numRuns: 300 },
    );
  });
});
