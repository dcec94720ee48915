import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { buildSlice16, updateSlice16 } from "./_crc_slice16.ts";
import { makeKernel, updateWith } from "./_crc32c_wasm.ts";
import { CHUNK_BYTES, SPAN, SPAN_SIMD } from "./_generated/crc32c_wasm.ts";
import { crc32c } from "./crc32c.ts";

// The WebAssembly kernel (slice-by-16 `update` and table-free `chorba`) against the pure-TS
// kernel, which stays the path for short inputs and for runtimes without WebAssembly.
const table = buildSlice16(0x82f63b78);
const js = (bytes: Uint8Array, crc = -1) => updateSlice16(table, crc, bytes);

function pattern(n: number, seed: number): Uint8Array {
  const data = new Uint8Array(n);
  let x = seed | 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    data[i] = x & 0xff;
  }
  return data;
}

for (const simd of [true, false]) {
  const kernel = makeKernel(table, simd);
  const wasm = (bytes: Uint8Array, crc = -1) => {
    assert.ok(kernel, "every runtime this suite runs on has WebAssembly with SIMD");
    return updateWith(kernel, crc, bytes);
  };
  describe(`CRC-32C WebAssembly kernel (${simd ? "SIMD" : "MVP"} module)`, () => {
    it("equals the pure-TS kernel on every length to 4200 at every alignment 0–7", () => {
      // Covers the slice-by-16 word loop and its 0–15-byte tail, and `chorba` from its minimum
      // (SPAN + 8) through the first lengths whose table tail ends on every remainder.
      assert.ok(SPAN + 8 < 4200 && SPAN_SIMD + 16 < 4200);
      const data = pattern(4208, 7);
      for (let at = 0; at < 8; at++) {
        for (let n = 0; n <= 4200; n++) {
          const bytes = data.subarray(at, at + n);
          assert.equal(wasm(bytes), js(bytes), `length ${n} at ${at}`);
        }
      }
    });

    it("equals the pure-TS kernel around the chunk size and on multi-chunk inputs", () => {
      const data = pattern(3 * CHUNK_BYTES + 64, 11);
      const lengths = [
        CHUNK_BYTES - 1,
        CHUNK_BYTES,
        CHUNK_BYTES + 1,
        CHUNK_BYTES + SPAN + 7,
        CHUNK_BYTES + SPAN + 8,
        CHUNK_BYTES + 4096,
        2 * CHUNK_BYTES + 5,
        3 * CHUNK_BYTES + 61,
        120_933,
        1 << 20,
      ];
      for (const n of lengths) {
        for (const at of [0, 1, 3, 6]) {
          const bytes = data.subarray(at, at + n);
          assert.equal(wasm(bytes), js(bytes), `length ${n} at ${at}`);
        }
      }
    });

    it("carries any initial register like the pure-TS kernel", () => {
      fc.assert(
        fc.property(
          fc.integer({ min: -0x80000000, max: 0x7fffffff }),
          fc.integer({ min: 0, max: 9000 }),
          fc.integer({ min: 0, max: 7 }),
          (crc, n, at) => {
            const bytes = pattern(n + 8, n + 1).subarray(at, at + n);
            return wasm(bytes, crc) === js(bytes, crc);
          },
        ),
        { numRuns: 300 },
      );
    });
  });
}

describe("crc32c() through WebAssembly", () => {
  it("does not modify the caller's bytes (the kernel works on its own copy)", () => {
    const bytes = pattern(20_000, 3);
    const before = bytes.slice();
    crc32c(bytes);
    assert.deepEqual(bytes, before);
  });

  it("crc32c() gives the same answer through either kernel on a Kafka-sized batch", () => {
    const bytes = pattern(120_933, 5);
    assert.equal(crc32c(bytes), ~js(bytes) >>> 0);
    assert.equal(crc32c(bytes.subarray(60_000), crc32c(bytes.subarray(0, 60_000))), crc32c(bytes));
  });
});
