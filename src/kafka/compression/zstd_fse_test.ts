import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  BitWriter,
  buildCTable,
  buildDTable,
  encodeSymbol,
  flushCState,
  initCState,
  LL_BASE,
  LL_BITS,
  LL_DEFAULT_DTABLE,
  LL_DEFAULT_NORM,
  llCode,
  ML_BASE,
  ML_BITS,
  mlCode,
  newDTable,
  normalizeCounts,
  optimalLog,
  readNCount,
  writeNCount,
} from "./zstd_fse.ts";
import {
  buildHufCTable,
  decodeHufStream,
  encodeHufStream,
  HUF_MAX_BITS,
  newHufDTable,
  readHuffmanTree,
  writeHuffmanTree,
} from "./zstd_huffman.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

/** Symbol counts with at least two distinct symbols. */
const countsArb = fc.array(fc.nat({ max: 5000 }), { minLength: 2, maxLength: 53 }).filter((a) =>
  a.filter((x) => x > 0).length >= 2 && a[a.length - 1] > 0
);

describe("sequence code tables", () => {
  it("llCode() and mlCode() map every length into its code's range", () => {
    for (let ll = 0; ll < 131072; ll++) {
      const c = llCode(ll);
      assert.ok(ll >= LL_BASE[c] && ll < LL_BASE[c] + 2 ** LL_BITS[c], `ll ${ll}`);
    }
    for (let ml = 3; ml < 131075; ml++) {
      const c = mlCode(ml);
      assert.ok(ml >= ML_BASE[c] && ml < ML_BASE[c] + 2 ** ML_BITS[c], `ml ${ml}`);
    }
  });

  it("the predefined literal length distribution sums to 2^6 and builds a 64-state table", () => {
    assert.equal(LL_DEFAULT_NORM.reduce((a, n) => a + Math.abs(n), 0), 64);
    assert.equal(LL_DEFAULT_DTABLE.log, 6);
  });
});

describe("FSE table descriptions", () => {
  it("normalizeCounts() keeps every present symbol and sums to the table size", () => {
    fc.assert(
      fc.property(countsArb, fc.integer({ min: 5, max: 9 }), (counts, log) => {
        const c = Uint32Array.from(counts);
        const total = counts.reduce((a, b) => a + b, 0);
        if (counts.filter((x) => x > 0).length > 1 << log) return;
        const norm = normalizeCounts(c, c.length - 1, total, log);
        assert.equal(norm.reduce((a, n) => a + n, 0), 1 << log);
        for (let s = 0; s < c.length; s++) assert.equal(norm[s] > 0, c[s] > 0);
      }),
      { numRuns: 300 },
    );
  });

  it("writeNCount() then readNCount() gives back the distribution and its byte length", () => {
    fc.assert(
      fc.property(countsArb, fc.integer({ min: 5, max: 9 }), (counts, log) => {
        if (counts.filter((x) => x > 0).length > 1 << log) return;
        const c = Uint32Array.from(counts);
        const total = counts.reduce((a, b) => a + b, 0);
        const norm = normalizeCounts(c, c.length - 1, total, log);
        const buf = new Uint8Array(256);
        const size = writeNCount(buf, 3, norm, c.length - 1, log);
        const back = new Int16Array(64);
        const packed = readNCount(buf, 3, 3 + size, back, 63, 9);
        assert.equal(packed & 0xff, log);
        assert.equal((packed >>> 8) & 0xff, c.length - 1);
        assert.equal(packed >>> 16, size);
        assert.deepEqual([...back.subarray(0, c.length)], [...norm]);
      }),
      { numRuns: 300 },
    );
  });

  it("readNCount() throws CORRUPT_DATA for an accuracy log above the stream's maximum", () => {
    // low 4 bits 0x5 -> log 10, above 9
    assertWireError(
      () => readNCount(Uint8Array.of(0x05, 0xff, 0xff), 0, 3, new Int16Array(64), 35, 9),
      "CORRUPT_DATA",
    );
  });

  it("encoded symbols decode back through the decoding table", () => {
    fc.assert(
      fc.property(countsArb, fc.array(fc.nat(), { minLength: 1, maxLength: 500 }), (counts, picks) => {
        const present = counts.flatMap((x, s) => (x > 0 ? [s] : []));
        const syms = picks.map((p) => present[p % present.length]);
        const c = Uint32Array.from(counts);
        const total = counts.reduce((a, b) => a + b, 0);
        const log = optimalLog(9, total, c.length - 1);
        if (present.length > 1 << log) return;
        const norm = normalizeCounts(c, c.length - 1, total, log);
        const ct = buildCTable(norm, c.length - 1, log);
        const dt = newDTable(9);
        buildDTable(dt, norm, c.length - 1, log, new Uint16Array(64));
        // One stream, last symbol first, as the sequence encoder does.
        const w = new BitWriter(16);
        let st = initCState(ct, syms[syms.length - 1]);
        for (let i = syms.length - 2; i >= 0; i--) st = encodeSymbol(w, ct, st, syms[i]);
        flushCState(w, ct, st);
        const len = w.close();
        const bytes = w.buf.subarray(0, len);
        let pos = (len - 1) * 8 + (31 - Math.clz32(bytes[len - 1]));
        const read = (n: number): number => {
          let v = 0;
          for (let k = 0; k < n; k++) {
            pos--;
            v = (v << 1) | ((bytes[pos >> 3] >> (pos & 7)) & 1);
          }
          return v;
        };
        let state = read(log);
        for (let i = 0; i < syms.length; i++) {
          assert.equal(dt.symbol[state], syms[i]);
          if (i < syms.length - 1) state = dt.next[state] + read(dt.nbBits[state]);
        }
        assert.equal(pos, 0);
      }),
      { numRuns: 300 },
    );
  });
});

describe("Huffman literals", () => {
  it("buildHufCTable() makes complete codes no longer than 11 bits, also for skewed counts", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(0), fc.nat({ max: 10 }), fc.nat({ max: 1 << 24 })), {
          minLength: 2,
          maxLength: 256,
        }),
        (counts) => {
          if (counts.filter((x) => x > 0).length < 2) return;
          const t = buildHufCTable(Uint32Array.from(counts), counts.length - 1);
          let kraft = 0;
          for (let s = 0; s < counts.length; s++) {
            assert.equal(t.len[s] > 0, counts[s] > 0);
            assert.ok(t.len[s] <= HUF_MAX_BITS);
            if (t.len[s]) kraft += 2 ** -t.len[s];
          }
          assert.equal(kraft, 1);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("Fibonacci counts (a deep tree) get limited to 11 bits", () => {
    const counts = new Uint32Array(30);
    let a = 1, b = 1;
    for (let i = 0; i < 30; i++) [counts[i], a, b] = [a, b, a + b];
    const t = buildHufCTable(counts, 29);
    assert.equal(t.maxBits, HUF_MAX_BITS);
  });

  it("a tree description and stream written by the encoder decode back (FSE and direct weights)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 2, size: "large" }), fc.boolean(), (lits, uniform) => {
        if (uniform) lits = lits.map((x) => x & 3); // up to 4 equal-length codes: direct weights
        const counts = new Uint32Array(256);
        for (const x of lits) counts[x]++;
        let maxSymbol = 0, distinct = 0;
        for (let s = 0; s < 256; s++) if (counts[s]) maxSymbol = s, distinct++;
        if (distinct < 2) return;
        const t = buildHufCTable(counts, maxSymbol);
        const buf = new Uint8Array(300);
        const treeSize = writeHuffmanTree(t, buf, 0);
        if (treeSize < 0) return;
        const h = newHufDTable();
        assert.equal(readHuffmanTree(h, buf, 0, treeSize), treeSize);
        assert.equal(h.log, t.maxBits);
        const w = new BitWriter(16);
        const len = encodeHufStream(t, lits, 0, lits.length, w);
        const out = new Uint8Array(lits.length);
        decodeHufStream(h, w.buf, 0, len, out, 0, lits.length);
        assert.deepEqual([...out], [...lits]);
      }),
      { numRuns: 300 },
    );
  });

  it("writeHuffmanTree() uses direct weights when every weight is equal", () => {
    const counts = new Uint32Array(4).fill(10);
    const t = buildHufCTable(counts, 3);
    const buf = new Uint8Array(16);
    assert.equal(writeHuffmanTree(t, buf, 0), 3);
    assert.equal(buf[0], 127 + 3); // direct: 3 explicit weights of 1, the 4th implied
    assert.deepEqual([...buf.subarray(1, 3)], [0x11, 0x10]);
  });

  it("decodeHufStream() throws CORRUPT_DATA when bits are left over or missing", () => {
    const counts = Uint32Array.of(1, 1);
    const t = buildHufCTable(counts, 1);
    const buf = new Uint8Array(8);
    const size = writeHuffmanTree(t, buf, 0);
    const h = newHufDTable();
    readHuffmanTree(h, buf, 0, size);
    // 0b1_0110: four 1-bit codes; asking for 3 leaves one bit, asking for 5 reads past the start
    for (const n of [3, 5]) {
      assertWireError(
        () => decodeHufStream(h, Uint8Array.of(0x16), 0, 1, new Uint8Array(8), 0, n),
        "CORRUPT_DATA",
      );
    }
  });
});
