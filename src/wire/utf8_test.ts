import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { decodeUtf8Strict } from "./utf8.ts";
import { assertWireError } from "../testdata/wire_assert_test.ts";

describe("decodeUtf8Strict at every length of the short-string paths", () => {
  // Lengths around both thresholds (appending below 13 chars, one piece from 13, TextDecoder
  // above 32), read at an offset into a larger array, as the decoders do.
  const text = "The quick brown fox jumps over the lazy dog, 0123456789";
  const bytes = new TextEncoder().encode("..." + text);
  for (let n = 0; n <= 40; n++) {
    it(`${n} ASCII bytes at an offset`, () => {
      assert.equal(decodeUtf8Strict(bytes, 3, 3 + n), text.slice(0, n));
    });
  }
  for (const n of [12, 13, 20, 32]) {
    it(`${n} bytes with a two-byte character last`, () => {
      const s = "x".repeat(n - 2) + "é";
      assert.equal(decodeUtf8Strict(new TextEncoder().encode(s), 0, n), s);
    });
    it(`${n} bytes with a stray continuation byte: INVALID_UTF8 at the string's offset`, () => {
      const b = new Uint8Array(n + 5).fill(0x61);
      b[5 + n - 1] = 0x80;
      assertWireError(() => decodeUtf8Strict(b, 5, 5 + n), "INVALID_UTF8", { offset: 5 });
    });
  }
});
