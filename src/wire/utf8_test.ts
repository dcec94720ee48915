import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { decodeUtf8Strict, utf8SequenceLength } from "./utf8.ts";
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

describe("utf8SequenceLength agrees with a fatal TextDecoder", () => {
  const fatal = new TextDecoder("utf-8", { fatal: true });
  /** Whether `b` is well-formed UTF-8 by walking it with `utf8SequenceLength`. */
  const walks = (b: Uint8Array) => {
    for (let i = 0; i < b.length;) {
      if (b[i] < 0x80) i++;
      else {
        const n = utf8SequenceLength(b, i, b.length);
        if (n === 0) return false;
        i += n;
      }
    }
    return true;
  };
  const decodes = (b: Uint8Array) => {
    try {
      fatal.decode(b);
      return true;
    } catch {
      return false;
    }
  };
  it("on every one- and two-byte input, and every three-byte one led by 0xe0-0xf4", () => {
    let checked = 0;
    for (let a = 0; a < 256; a++) {
      for (let b = 0; b < 256; b++) {
        const two = new Uint8Array([a, b]);
        assert.equal(walks(two), decodes(two), `${a.toString(16)} ${b.toString(16)}`);
        checked++;
        if (a < 0xe0 || a > 0xf4) continue;
        // The third byte only matters as continuation or not: two of each kind.
        for (const c of [0x41, 0x80, 0xbf, 0xc0]) {
          const three = new Uint8Array([a, b, c]);
          assert.equal(walks(three), decodes(three), `${a.toString(16)} ${b.toString(16)} ${c.toString(16)}`);
          checked++;
        }
      }
    }
    assert.ok(checked > 65536);
  });
  it("on every four-byte input led by 0xf0-0xf4 (last two bytes continuation or not)", () => {
    for (let a = 0xf0; a <= 0xf4; a++) {
      for (let b = 0; b < 256; b++) {
        for (const c of [0x41, 0x80, 0xbf]) {
          for (const d of [0x41, 0x80, 0xbf]) {
            const four = new Uint8Array([a, b, c, d]);
            assert.equal(walks(four), decodes(four), [...four].map((x) => x.toString(16)).join(" "));
          }
        }
      }
    }
  });
  it("on 200,000 seeded inputs of code points' encodings, stray bytes and ASCII, cut anywhere", () => {
    let seed = 20261207;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8;
    const stray = [
      0x22,
      0x7f,
      0x80,
      0x8f,
      0x90,
      0x9f,
      0xa0,
      0xbf,
      0xc0,
      0xc1,
      0xc2,
      0xe0,
      0xed,
      0xf0,
      0xf4,
      0xf5,
      0xff,
    ];
    const tops = [0x7ff, 0xffff, 0x10ffff];
    const enc = new TextEncoder();
    let valid = 0;
    for (let k = 0; k < 200_000; k++) {
      const parts: number[] = [];
      for (let n = 1 + (next() % 4); n > 0; n--) {
        const kind = next() % 4;
        if (kind === 0) parts.push(stray[next() % stray.length]);
        else if (kind === 1) parts.push(0x41);
        else parts.push(...enc.encode(String.fromCodePoint(0x80 + (next() % (tops[next() % 3] - 0x80)))));
      }
      const b = new Uint8Array(parts.slice(0, next() % 2 ? parts.length : next() % (parts.length + 1)));
      const ok = decodes(b);
      assert.equal(walks(b), ok, [...b].map((x) => x.toString(16)).join(" "));
      if (ok) valid++;
    }
    // Both kinds are well represented.
    assert.ok(valid > 20_000 && valid < 180_000, `${valid} valid`);
  });
});
