import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { fromHex, toHex } from "../../wire/hex.ts";
import { decodePayload, encodePayload } from "../codec.ts";
import { type Identifier, identifier, wireName } from "./identifier.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

const valid: { name: string; hex: string; value: Identifier }[] = [
  { name: "numeric 7", hex: "010407000000", value: { kind: "numeric", value: 7 } },
  { name: "numeric max", hex: "0104ffffffff", value: { kind: "numeric", value: 0xffffffff } },
  { name: "string a", hex: "020161", value: { kind: "string", value: "a" } },
  { name: "string café", hex: "0205636166c3a9", value: { kind: "string", value: "café" } },
];

const invalid: { name: string; hex: string; code: string }[] = [
  { name: "empty", hex: "", code: "TRUNCATED" },
  { name: "kind only", hex: "01", code: "TRUNCATED" },
  { name: "numeric value short", hex: "0104070000", code: "TRUNCATED" },
  { name: "unknown kind with short value", hex: "090401", code: "TRUNCATED" },
  { name: "unknown kind", hex: "090107", code: "UNKNOWN_DISCRIMINANT" },
  { name: "numeric length 3", hex: "0103010000", code: "INVALID_VALUE" },
  { name: "empty string", hex: "0200", code: "INVALID_VALUE" },
  { name: "bad utf-8", hex: "0202fffe", code: "INVALID_UTF8" },
];

describe("identifier", () => {
  for (const { name, hex, value } of valid) {
    it(`decodes and re-encodes ${name}`, () => {
      assert.deepEqual(decodePayload(identifier, fromHex(hex)), value);
      assert.equal(toHex(encodePayload(identifier, value)), hex);
    });
  }
  for (const { name, hex, code } of invalid) {
    it(`decode() throws ${code} for ${name}`, () => {
      assertWireError(() => decodePayload(identifier, fromHex(hex)), code);
    });
  }
  it("encode() rejects an empty or 256-byte string with INVALID_VALUE", () => {
    for (const value of ["", "x".repeat(256), "é".repeat(128)]) {
      assertWireError(() => encodePayload(identifier, { kind: "string", value }), "INVALID_VALUE");
    }
  });
  it("round-trips any id", () => {
    const arb = fc.oneof(
      fc.nat({ max: 0xffffffff }).map((value): Identifier => ({ kind: "numeric", value })),
      fc.string({ unit: "binary", minLength: 1, maxLength: 60, size: "medium" })
        .map((value): Identifier => ({ kind: "string", value })),
    );
    fc.assert(
      fc.property(arb, (id) => {
        const bytes = encodePayload(identifier, id);
        assert.equal(bytes.length, identifier.sizeOf(id));
        assert.deepEqual(decodePayload(identifier, bytes), id);
      }),
      { numRuns: 300 },
    );
  });
});

describe("wireName", () => {
  it("decodes a 255-byte name", () => {
    const bytes = new Uint8Array(256).fill(0x61);
    bytes[0] = 255;
    assert.equal(decodePayload(wireName, bytes), "a".repeat(255));
  });
  it("decode() throws INVALID_VALUE for length 0 and TRUNCATED for a short name", () => {
    assertWireError(() => decodePayload(wireName, fromHex("00")), "INVALID_VALUE");
    assertWireError(() => decodePayload(wireName, fromHex("0361")), "TRUNCATED");
  });
});
