import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { crc32 } from "./crc32.ts";
import { crc32c } from "./crc32c.ts";

// Properties both CRCs share (they run on one slice-by-16 kernel with different tables); the
// known answers of each live in crc32_test.ts and crc32c_test.ts.
const crcs = [
  { name: "crc32", fn: crc32, poly: 0xedb88320 },
  { name: "crc32c", fn: crc32c, poly: 0x82f63b78 },
];

for (const { name, fn, poly } of crcs) {
  describe(`${name}() properties`, () => {
    it("agrees with one-byte-per-step CRC on every length to 1100 at every alignment", () => {
      // Both kernels (bytes below the word-view threshold, words above), every 8-/4-/1-byte
      // remainder and every alignment prologue meet here.
      const table = new Int32Array(256);
      for (let b = 0; b < 256; b++) {
        let c = b;
        for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ poly : c >>> 1;
        table[b] = c;
      }
      const data = new Uint8Array(1104);
      for (let i = 0; i < data.length; i++) data[i] = ((i * 7 + 3) ^ ((i * i) >>> 3)) & 0xff;
      for (let at = 0; at < 4; at++) {
        for (let n = 0; n + at <= 1104 && n <= 1100; n++) {
          const bytes = data.subarray(at, at + n);
          let c = -1;
          for (let i = 0; i < n; i++) c = table[(c ^ bytes[i]) & 255] ^ (c >>> 8);
          assert.equal(fn(bytes), ~c >>> 0, `length ${n} at ${at}`);
        }
      }
    });

    it("returns an unsigned 32-bit number", () => {
      const v = fn(new TextEncoder().encode("123456789"));
      assert.ok(Number.isInteger(v) && v >= 0x80000000 && v <= 0xffffffff);
    });

    it("of nothing returns `initial` unchanged", () => {
      fc.assert(
        fc.property(fc.nat({ max: 0xffffffff }), (initial) => fn(new Uint8Array(0), initial) === initial),
        { numRuns: 200 },
      );
    });

    it("continued over any split equals the one-shot result", () => {
      fc.assert(
        fc.property(
          fc.uint8Array({ maxLength: 700, size: "max" }),
          fc.nat(),
          fc.nat(),
          (bytes, s1, s2) => {
            const a = s1 % (bytes.length + 1);
            const b = a + (s2 % (bytes.length - a + 1));
            return fn(bytes.subarray(b), fn(bytes.subarray(a, b), fn(bytes.subarray(0, a)))) === fn(bytes);
          },
        ),
        { numRuns: 300 },
      );
    });

    it("continued byte by byte equals the one-shot result", () => {
      const bytes = new Uint8Array(300);
      for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7 + 3) & 0xff;
      let crc = 0;
      for (let i = 0; i < bytes.length; i++) crc = fn(bytes.subarray(i, i + 1), crc);
      assert.equal(crc, fn(bytes));
    });
  });
}
