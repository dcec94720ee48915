import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromHex, toHex } from "../../wire/hex.ts";
import { Writer } from "../../wire/writer.ts";
import {
  buildUserHeaders,
  decodeHeaderValue,
  encodeHeaderValue,
  encodeUserHeaders,
  HEADER_KINDS,
  type HeaderValue,
  iterateUserHeaders,
  userHeadersEncodedSize,
  validateUserHeaders,
} from "./user_headers.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

// key "a" (string) -> uint8 7
const ONE = "020100000061" + "090100000007";

describe("validateUserHeaders", () => {
  const valid: { name: string; hex: string; pairs: number }[] = [
    { name: "the empty block", hex: "", pairs: 0 },
    { name: "one pair", hex: ONE, pairs: 1 },
    { name: "two pairs", hex: ONE + ONE, pairs: 2 },
    { name: "a kind above the known range", hex: "c8010000006163010000007a", pairs: 1 },
  ];
  for (const { name, hex, pairs } of valid) {
    it(`accepts ${name}`, () => assert.equal(validateUserHeaders(fromHex(hex)), pairs));
  }
  const invalid: { name: string; hex: string; code: string }[] = [
    { name: "kind 0", hex: "000100000061090100000007", code: "INVALID_VALUE" },
    { name: "length 0", hex: "0200000000", code: "INVALID_VALUE" },
    { name: "length 256", hex: "0200010000", code: "INVALID_VALUE" },
    { name: "a short length", hex: "02010000", code: "TRUNCATED" },
    { name: "a short field", hex: "0202000000" + "61", code: "TRUNCATED" },
    { name: "an odd number of fields", hex: "020100000061", code: "INVALID_VALUE" },
  ];
  for (const { name, hex, code } of invalid) {
    it(`throws ${code} for ${name}`, () => {
      assertWireError(() => validateUserHeaders(fromHex(hex)), code);
    });
  }
});

describe("iterateUserHeaders", () => {
  it("yields views into the block without copying", () => {
    const block = fromHex(ONE + "0201000000620101000000ff");
    const entries = [...iterateUserHeaders(block)];
    assert.equal(entries.length, 2);
    assert.equal(entries[1].key.buffer, block.buffer);
    assert.deepEqual(entries.map((e) => [e.keyKind, toHex(e.key), e.valueKind, toHex(e.value)]), [
      [2, "61", 9, "07"],
      [2, "62", 1, "ff"],
    ]);
  });
  it("re-encodes to the same bytes with the same size", () => {
    const block = fromHex(ONE + ONE);
    const entries = [...iterateUserHeaders(block)];
    const w = new Writer(1);
    encodeUserHeaders(w, entries);
    assert.equal(toHex(w.finish()), ONE + ONE);
    assert.equal(userHeadersEncodedSize(entries), block.length);
  });
});

describe("header values", () => {
  const cases: { value: HeaderValue; code: number; hex: string }[] = [
    { value: { kind: "raw", value: fromHex("00ff") }, code: 1, hex: "00ff" },
    { value: { kind: "string", value: "ü" }, code: 2, hex: "c3bc" },
    { value: { kind: "bool", value: true }, code: 3, hex: "01" },
    { value: { kind: "int8", value: -1 }, code: 4, hex: "ff" },
    { value: { kind: "int16", value: -2 }, code: 5, hex: "feff" },
    { value: { kind: "int32", value: 1 }, code: 6, hex: "01000000" },
    { value: { kind: "int64", value: -1n }, code: 7, hex: "ffffffffffffffff" },
    { value: { kind: "int128", value: -(1n << 127n) }, code: 8, hex: "00000000000000000000000000000080" },
    { value: { kind: "uint8", value: 255 }, code: 9, hex: "ff" },
    { value: { kind: "uint16", value: 258 }, code: 10, hex: "0201" },
    { value: { kind: "uint32", value: 0xffffffff }, code: 11, hex: "ffffffff" },
    { value: { kind: "uint64", value: 1n }, code: 12, hex: "0100000000000000" },
    {
      value: { kind: "uint128", value: (1n << 128n) - 1n },
      code: 13,
      hex: "ffffffffffffffffffffffffffffffff",
    },
    { value: { kind: "float32", value: 1.5 }, code: 14, hex: "0000c03f" },
    { value: { kind: "float64", value: -0.5 }, code: 15, hex: "000000000000e0bf" },
    { value: { kind: "unknown", code: 99, value: fromHex("01") }, code: 99, hex: "01" },
  ];
  for (const { value, code, hex } of cases) {
    it(`${value.kind} encodes as kind ${code} ${hex} and decodes back`, () => {
      const enc = encodeHeaderValue(value);
      assert.equal(enc.code, code);
      assert.equal(toHex(enc.bytes), hex);
      assert.deepEqual(decodeHeaderValue(code, fromHex(hex)), value);
    });
  }
  const bad: { name: string; code: number; hex: string }[] = [
    { name: "a 2-byte bool", code: 3, hex: "0100" },
    { name: "bool byte 2", code: 3, hex: "02" },
    { name: "a 3-byte int32", code: 6, hex: "010000" },
    { name: "a 15-byte uint128", code: 13, hex: "00".repeat(15) },
    { name: "an empty raw value", code: 1, hex: "" },
    { name: "an invalid UTF-8 string", code: 2, hex: "ff" },
    { name: "kind 0", code: 0, hex: "01" },
  ];
  for (const { name, code, hex } of bad) {
    it(`decodeHeaderValue() throws INVALID_VALUE for ${name}`, () => {
      assertWireError(() => decodeHeaderValue(code, fromHex(hex)), "INVALID_VALUE");
    });
  }
  it("encodeHeaderValue() rejects out-of-range numbers with INVALID_VALUE", () => {
    for (
      const v of [{ kind: "uint8", value: 256 }, { kind: "int64", value: 1n << 63n }, {
        kind: "string",
        value: "",
      }] as HeaderValue[]
    ) {
      assertWireError(() => encodeHeaderValue(v), "INVALID_VALUE");
    }
  });
  it("buildUserHeaders() writes string keys and typed values", () => {
    assert.equal(toHex(buildUserHeaders([{ key: "a", value: { kind: "uint8", value: 7 } }])), ONE);
  });
});

describe("header values keep NaN bits", () => {
  it("float32 and float64 header values survive decode then encode", () => {
    const f32 = new Uint8Array(4);
    new DataView(f32.buffer).setUint32(0, 0x7fa00000, true);
    const f64 = new Uint8Array(8);
    new DataView(f64.buffer).setBigUint64(0, 0xfff4000000000001n, true);
    for (const [kind, bytes] of [[HEADER_KINDS.float32, f32], [HEADER_KINDS.float64, f64]] as const) {
      const v = decodeHeaderValue(kind, bytes);
      assert.ok(Number.isNaN(v.value));
      assert.deepEqual(encodeHeaderValue(v).bytes, bytes);
    }
  });
});
