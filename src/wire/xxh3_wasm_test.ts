import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { CHUNK_AT, CHUNK_BYTES, GATHER_AT } from "./_generated/xxh3_wasm.ts";
import { xxh3_64Into, xxh3_64IntoJs, xxh3_64RangeInto, xxh3DefaultKernel } from "./xxh3.ts";

// The WebAssembly kernel (lanes from 1 KiB; whole hashes of 17 to 240 bytes; `hash` and
// `frames` called directly) against the pure-TS paths that runtimes without WebAssembly take;
// the known answers from the reference C library and a BigInt formulation of the
// specification are in xxh3_test.ts (which, where WebAssembly exists, run through the kernel).
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

  it("is what this runtime uses (the tests above would otherwise compare the JS path to itself)", () => {
    assert.notEqual(xxh3DefaultKernel(), null);
  });

  it("equals the pure-TS paths on every length from 0 to 300, random contents, as views and ranges", () => {
    let seed = 1;
    for (let n = 0; n <= 300; n++) {
      for (let rep = 0; rep < 4; rep++) {
        const data = noise(n + 8, seed++);
        const at = rep * 3 % 8;
        same(data.subarray(at, at + n), `length ${n} at ${at}`);
        xxh3_64RangeInto(data, at, n, a);
        xxh3_64IntoJs(data.subarray(at, at + n), b);
        assert.deepEqual([...a], [...b], `range of length ${n} at ${at}`);
        // The JS paths with a start index, as runtimes without WebAssembly hash ranges.
        xxh3_64IntoJs(data, b, at, n);
        assert.deepEqual([...a], [...b], `JS range of length ${n} at ${at}`);
      }
    }
  });

  it("hash(p, n) equals the pure-TS paths on 17 to 3000 bytes, its long path included", () => {
    // xxh3_64Into only calls it to 240 bytes; the batch encoder calls it on any length.
    const k = xxh3DefaultKernel()!;
    const data = noise(3000, 77);
    for (let n = 17; n <= 3000; n += n < 300 ? 1 : 37) {
      k.mem.set(data.subarray(0, n), CHUNK_AT + 3);
      k.hash(CHUNK_AT + 3, n);
      xxh3_64IntoJs(data.subarray(0, n), b);
      assert.deepEqual([...k.res], [...b], `length ${n}`);
    }
  });

  it("frames(p, end, g) stamps and gathers each frame's checksum", () => {
    const k = xxh3DefaultKernel()!;
    const sizes = [0, 1, 88, 89, 200, 201, 1000, 2500, 7];
    let q = CHUNK_AT + 1;
    const starts: number[] = [];
    for (const [i, pl] of sizes.entries()) {
      const frame = noise(48 + pl + 5, 100 + i);
      const dv = new DataView(frame.buffer);
      dv.setUint32(32, 5, true); // user headers length
      dv.setUint32(36, pl, true); // payload length
      k.mem.set(frame, q);
      starts.push(q);
      q += frame.length;
    }
    k.frames(CHUNK_AT + 1, q, GATHER_AT);
    const mdv = new DataView(k.mem.buffer);
    for (const [i, at] of starts.entries()) {
      const end = at + 48 + sizes[i] + 5;
      xxh3_64IntoJs(k.mem.slice(at + 8, end), b);
      assert.deepEqual([mdv.getUint32(at, true), mdv.getUint32(at + 4, true)], [...b], `frame ${i} stamped`);
      assert.deepEqual(
        [mdv.getUint32(GATHER_AT + 8 * i, true), mdv.getUint32(GATHER_AT + 8 * i + 4, true)],
        [...b],
        `frame ${i} gathered`,
      );
    }
  });

  it("does not modify the caller's bytes", () => {
    for (const n of [20, 140, 10_000]) {
      const bytes = noise(n, 2);
      const before = bytes.slice();
      xxh3_64Into(bytes, a);
      xxh3_64RangeInto(bytes, 1, n - 1, a);
      assert.deepEqual(bytes, before);
    }
  });
});
