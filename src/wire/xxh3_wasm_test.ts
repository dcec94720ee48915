import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { CHUNK_BYTES } from "./_generated/xxh3_wasm.ts";
import { xxh3_64Into, xxh3_64IntoJs } from "./xxh3.ts";

// The WebAssembly lanes (inputs of 1 KiB and more) against the pure-TS lanes; the known
// answers from the reference C library are in xxh3_test.ts.
function noise(n: number, seed: number): Uint8Array {
  const b = new Uint8Array(n);
  let x = seed | 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    b[i] = x & 0xff;
  }
  return b;
}

describe("XXH3-64 WebAssembly kernel", () => {
  const a = new Uint32Array(2), b = new Uint32Array(2);
  const same = (bytes: Uint8Array, what: string) => {
    xxh3_64Into(bytes, a);
    xxh3_64IntoJs(bytes, b);
    assert.deepEqual([...a], [...b], what);
  };

  it("equals the pure-TS lanes on every length from 1000 to 3200 at alignments 0, 1, 3, 4", () => {
    // Every tail stripe count (0–15), every last-stripe overlap into the previous block.
    const data = noise(3208, 9);
    for (const at of [0, 1, 3, 4]) {
      for (let n = 1000; n <= 3200; n++) same(data.subarray(at, at + n), `length ${n} at ${at}`);
    }
  });

  it("equals the pure-TS lanes around the chunk size and on multi-chunk inputs", () => {
    const data = noise(3 * CHUNK_BYTES + 2048, 4);
    for (
      const n of [
        CHUNK_BYTES - 1,
        CHUNK_BYTES,
        CHUNK_BYTES + 1,
        CHUNK_BYTES + 63,
        CHUNK_BYTES + 64,
        CHUNK_BYTES + 65,
        CHUNK_BYTES + 1025,
        2 * CHUNK_BYTES + 7,
        3 * CHUNK_BYTES + 2000,
        1 << 20,
      ]
    ) {
      for (const at of [0, 5]) same(data.subarray(at, at + n), `length ${n} at ${at}`);
    }
  });

  it("does not modify the caller's bytes", () => {
    const bytes = noise(10_000, 2);
    const before = bytes.slice();
    xxh3_64Into(bytes, a);
    assert.deepEqual(bytes, before);
  });
});
