import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { xxh32 } from "./xxhash32.ts";
import { XXH32_ANSWERS } from "./testdata/kat_fixtures.ts";
import { katInput } from "./testdata/kat_input.ts";

describe("xxh32", () => {
  const fixed: { text: string; seed: number; want: number }[] = [
    { text: "", seed: 0, want: 0x02cc5d05 },
    { text: "abc", seed: 0, want: 0x32d153ff },
  ];
  for (const { text, seed, want } of fixed) {
    it(`hashes "${text}" with seed ${seed} to ${want.toString(16)}`, () => {
      assert.equal(xxh32(new TextEncoder().encode(text), seed), want);
    });
  }

  for (const a of XXH32_ANSWERS) {
    it(`matches libxxhash for ${a.size} bytes with seed ${a.seed.toString(16)}`, () => {
      assert.equal(xxh32(katInput(a.kind, a.size, a.inputSeed), a.seed), a.xxh32);
    });
  }

  it("hashes a range the same as the sliced bytes (property)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ size: "large" }), fc.nat(), fc.nat(), fc.nat(), (data, a, b, seed) => {
        const start = data.length ? a % (data.length + 1) : 0;
        const end = start + (data.length - start ? b % (data.length - start + 1) : 0);
        assert.equal(xxh32(data, seed, start, end), xxh32(data.slice(start, end), seed));
      }),
      { numRuns: 300 },
    );
  });
});
