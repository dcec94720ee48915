/**
 * Decompression output never allocates past its cap, allocates once when the size is known
 * (declared, bounded by the block headers, or gzip's ISIZE), and keeps the peak — old plus new
 * buffer during a growth — within 1.25 × the cap, for data of every size up to the cap and for
 * bombs past it. Allocations are counted through a proxy of the Uint8Array constructor.
 */

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { isWireError } from "../src/wire/error.ts";
import { BUILT_IN_CODECS } from "../src/kafka/compression/registry.ts";
import { Rng } from "./differential/_rng.ts";

const MiB = 1 << 20;
const CAP = 2 * MiB;

/** Compressible but not trivial: runs of random bytes repeated with small changes. */
function sample(n: number, seed: number): Uint8Array {
  const rng = new Rng(seed);
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = i >= 64 && rng.u8() < 200 ? out[i - 64] : rng.u8() & 0x3f;
  return out;
}

/** Allocations above 128 KiB (the largest scratch: zstd literals), in order: the output buffers. */
function bigAllocations(fn: () => unknown): { sizes: number[]; error?: string } {
  const sizes: number[] = [];
  let error: string | undefined;
  const g = globalThis as { Uint8Array: Uint8ArrayConstructor };
  const real = g.Uint8Array;
  g.Uint8Array = new Proxy(real, {
    construct(target, args, newTarget) {
      if (typeof args[0] === "number" && args[0] > 128 * 1024) sizes.push(args[0]);
      return Reflect.construct(target, args, newTarget === g.Uint8Array ? target : newTarget);
    },
  });
  try {
    fn();
  } catch (e) {
    if (!isWireError(e)) throw e;
    error = e.code;
  } finally {
    g.Uint8Array = real;
  }
  return { sizes, error };
}

describe("decompression output: one allocation when the size is known, peak <= 1.25 x cap", () => {
  for (const codec of BUILT_IN_CODECS) {
    it(`${codec.name}: outputs from 10% to 100% of the cap, and a bomb past it`, { timeout: 300_000 }, () => {
      for (const fraction of [0.1, 0.6, 1]) {
        const n = Math.floor(CAP * fraction);
        const packed = codec.compress(sample(n, n));
        const { sizes, error } = bigAllocations(() => {
          const out = codec.decompress(packed, { maxOutputBytes: CAP });
          assert.equal(out.length, n);
        });
        assert.equal(error, undefined);
        const peak = Math.max(0, ...sizes.map((s, i) => s + (sizes[i - 1] ?? 0)));
        const line = `${codec.name} ${n} bytes: big allocations ${sizes.join(", ")}`;
        assert.ok(sizes.every((s) => s <= CAP), line);
        assert.ok(peak <= 1.25 * CAP, line);
        // The streams the built-in compressors write all have a known or bounded size.
        assert.ok(sizes.length <= 1, line);
        assert.ok(sizes.length === 0 || sizes[0] <= n + 256 * 1024, line);
      }
      const bomb = codec.compress(new Uint8Array(4 * CAP));
      const { sizes, error } = bigAllocations(() => codec.decompress(bomb, { maxOutputBytes: CAP }));
      assert.equal(error, "LIMIT_EXCEEDED");
      assert.ok(sizes.every((s) => s <= CAP), sizes.join(", "));
    });
  }

  for (const codec of BUILT_IN_CODECS.filter((c) => c.name !== "snappy")) {
    it(
      `${codec.name}: two concatenated frames (members), within and past the cap`,
      { timeout: 300_000 },
      () => {
        for (const [fraction, expected] of [[0.4, undefined], [0.6, "LIMIT_EXCEEDED"]] as const) {
          const n = Math.floor(CAP * fraction);
          const one = codec.compress(sample(n, 7));
          const two = new Uint8Array(one.length * 2);
          two.set(one);
          two.set(one, one.length);
          const { sizes, error } = bigAllocations(() => {
            assert.equal(codec.decompress(two, { maxOutputBytes: CAP }).length, 2 * n);
          });
          const line = `${codec.name} 2 x ${n} bytes: big allocations ${sizes.join(", ")}`;
          assert.equal(error, expected, line);
          assert.ok(sizes.every((s) => s <= CAP), line);
          assert.ok(Math.max(0, ...sizes.map((s, i) => s + (sizes[i - 1] ?? 0))) <= 1.25 * CAP, line);
        }
      },
    );
  }

  it("gzip with a lying ISIZE starts again with a growing buffer and stays within the bound", {
    timeout: 300_000,
  }, () => {
    const gzip = BUILT_IN_CODECS.find((c) => c.name === "gzip")!;
    const data = sample(1.5 * MiB, 1);
    const packed = gzip.compress(data);
    const n = packed.length;
    packed.set([0, 0, 0x10, 0], n - 4); // ISIZE says 1 MiB (the member check still fails at the end)
    const { sizes, error } = bigAllocations(() => gzip.decompress(packed, { maxOutputBytes: CAP }));
    assert.equal(error, "CHECKSUM_MISMATCH");
    assert.ok(sizes.every((s) => s <= CAP), sizes.join(", "));
    // The 2 MiB hint is dropped before the second attempt; each growth step stays within the bound.
    const rest = sizes.slice(1);
    assert.ok(Math.max(0, ...rest.map((s, i) => s + (rest[i - 1] ?? 0))) <= 1.25 * CAP, sizes.join(", "));
  });
});
