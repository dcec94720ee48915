import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { decodeUtf8Java } from "./_utf8_java.ts";
import { fromHex } from "../wire/hex.ts";

function units(s: string): string {
  let h = "";
  for (let i = 0; i < s.length; i++) h += s.charCodeAt(i).toString(16).padStart(4, "0");
  return h;
}

// Inputs and the UTF-16 code units Java 17's `new String(bytes, UTF_8)` produced for them.
const cases = [
  { hex: "edb5ac", want: "fffd", why: "an encoded surrogate is one malformed unit" },
  { hex: "f3edb5ac", want: "fffdfffd", why: "a bad second byte replaces only the four-byte lead" },
  { hex: "e080af", want: "fffdfffdfffd", why: "an overlong E0 sequence is replaced byte by byte" },
  { hex: "c0af", want: "fffdfffd", why: "C0 is never a lead byte" },
  { hex: "f08f8080", want: "fffdfffdfffdfffd", why: "an overlong F0 sequence is replaced byte by byte" },
  { hex: "f4908080", want: "fffdfffdfffdfffd", why: "above U+10FFFF is replaced byte by byte" },
  { hex: "e180", want: "fffd", why: "a truncated three-byte sequence is one unit" },
  { hex: "f18080", want: "fffd", why: "a truncated four-byte sequence is one unit" },
  { hex: "f1808041", want: "fffd0041", why: "a cut four-byte sequence resumes at the bad byte" },
  { hex: "f58080", want: "fffdfffdfffd", why: "F5 is never a lead byte" },
  { hex: "e1c2a9", want: "fffd00a9", why: "a cut three-byte sequence resumes at the bad byte" },
  { hex: "edb5", want: "fffd", why: "a truncated surrogate is one unit" },
  { hex: "c2", want: "fffd", why: "a lone two-byte lead at the end" },
  { hex: "ff41", want: "fffd0041", why: "FF is one unit" },
  { hex: "f09f9880", want: "d83dde00", why: "valid four-byte sequence" },
  { hex: "41e282ac42", want: "004120ac0042", why: "valid three-byte sequence" },
];

describe("decodeUtf8Java", () => {
  for (const { hex, want, why } of cases) {
    it(`decodeUtf8Java(${hex}) is ${want}: ${why}`, () => {
      const b = fromHex(hex);
      assert.equal(units(decodeUtf8Java(b, 0, b.length)), want);
    });
  }
  it("decodeUtf8Java() equals TextDecoder on valid UTF-8", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40, size: "max" }), (s) => {
        const b = new TextEncoder().encode(s);
        assert.equal(decodeUtf8Java(b, 0, b.length), s);
      }),
      { numRuns: 500 },
    );
  });
  it("decodeUtf8Java() decodes only the given range", () => {
    const b = fromHex("ff4142ff");
    assert.equal(decodeUtf8Java(b, 1, 3), "AB");
  });
});
