import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { Reader } from "./reader.ts";
import { Writer } from "./writer.ts";
import { isWireError } from "./error.ts";
import { fromHex, toHex } from "./hex.ts";
import { assertWireError } from "../testdata/wire_assert_test.ts";

describe("Reader fixed-width reads", () => {
  const cases: { hex: string; read: (r: Reader) => unknown; want: unknown }[] = [
    { hex: "ff", read: (r) => r.u8(), want: 255 },
    { hex: "ff", read: (r) => r.i8(), want: -1 },
    { hex: "3412", read: (r) => r.u16le(), want: 0x1234 },
    { hex: "1234", read: (r) => r.u16be(), want: 0x1234 },
    { hex: "fffe", read: (r) => r.i16be(), want: -2 },
    { hex: "78563412", read: (r) => r.u32le(), want: 0x12345678 },
    { hex: "ffffffff", read: (r) => r.u32le(), want: 0xffffffff },
    { hex: "feffffff", read: (r) => r.i32le(), want: -2 },
    { hex: "ffffffff", read: (r) => r.u32be(), want: 0xffffffff },
    { hex: "80000000", read: (r) => r.i32be(), want: -2147483648 },
    { hex: "ffffffffffffffff", read: (r) => r.u64le(), want: 18446744073709551615n },
    { hex: "0100000000000000", read: (r) => r.u64le(), want: 1n },
    { hex: "ffffffffffff1f00", read: (r) => r.u64leNumber(), want: Number.MAX_SAFE_INTEGER },
    { hex: "8000000000000000", read: (r) => r.i64be(), want: -9223372036854775808n },
    { hex: "ffffffffffffffff", read: (r) => r.i64le(), want: -1n },
    { hex: "0000000000000001", read: (r) => r.u64be(), want: 1n },
    { hex: "0100000000000000" + "0000000000000080", read: (r) => r.u128le(), want: (1n << 127n) + 1n },
    { hex: "0000803f", read: (r) => r.f32le(), want: 1 },
    { hex: "3ff0000000000000", read: (r) => r.f64be(), want: 1 },
    { hex: "000000000000f03f", read: (r) => r.f64le(), want: 1 },
  ];
  for (const { hex, read, want } of cases) {
    it(`reads ${hex} as ${want}`, () => {
      const r = new Reader(fromHex(hex));
      assert.equal(read(r), want);
      assert.equal(r.remaining, 0);
    });
    it(`throws TRUNCATED with need/have when ${hex.length / 2 - 1} of ${hex.length / 2} bytes remain`, () => {
      const bytes = fromHex(hex);
      const r = new Reader(bytes.subarray(0, bytes.length - 1));
      assertWireError(() => read(r), "TRUNCATED", {
        need: bytes.length,
        have: bytes.length - 1,
        offset: 0,
        incomplete: true,
      });
    });
  }

  it("u64leNumber() throws VALUE_OUT_OF_RANGE above 2^53", () => {
    assertWireError(() => new Reader(fromHex("0000000000002000")).u64leNumber(), "VALUE_OUT_OF_RANGE");
  });

  it("honours the byteOffset of a subarray", () => {
    const backing = fromHex("aabbccdd01000000ffff");
    const r = new Reader(backing.subarray(4, 8));
    assert.equal(r.u32le(), 1);
    assertWireError(() => r.u8(), "TRUNCATED", { offset: 4 });
  });
});

describe("Reader varints", () => {
  const uv: [string, number][] = [["00", 0], ["7f", 127], ["8001", 128], ["ac02", 300], [
    "ffffffff0f",
    0xffffffff,
  ]];
  for (const [hex, v] of uv) {
    it(`uvarint() reads ${hex} as ${v}`, () => assert.equal(new Reader(fromHex(hex)).uvarint(), v));
  }
  const sv: [string, number][] = [["00", 0], ["01", -1], ["02", 1], ["feffffff0f", 2147483647], [
    "ffffffff0f",
    -2147483648,
  ]];
  for (const [hex, v] of sv) {
    it(`varint() reads ${hex} as ${v}`, () => assert.equal(new Reader(fromHex(hex)).varint(), v));
  }
  const vl: [string, bigint][] = [
    ["00", 0n],
    ["01", -1n],
    ["feffffffffffffffff01", 9223372036854775807n],
    ["ffffffffffffffffff01", -9223372036854775808n],
    ["80808080808001", 1n << 41n],
  ];
  for (const [hex, v] of vl) {
    it(`varlong() reads ${hex} as ${v}`, () => assert.equal(new Reader(fromHex(hex)).varlong(), v));
  }
  it("uvarint() throws VARINT_TOO_LONG on a sixth byte", () => {
    assertWireError(() => new Reader(fromHex("ffffffffff01")).uvarint(), "VARINT_TOO_LONG", { offset: 0 });
  });
  it("varlong() throws VARINT_TOO_LONG past ten bytes", () => {
    assertWireError(() => new Reader(fromHex("ffffffffffffffffffff01")).varlong(), "VARINT_TOO_LONG");
  });
  it("uvarint() throws TRUNCATED when the continuation bit points past the end", () => {
    assertWireError(() => new Reader(fromHex("8080")).uvarint(), "TRUNCATED");
  });
  it("varlongNumber() agrees with varlong() for safe integers and rejects larger ones", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (v) => {
        const w = new Writer(16);
        w.varlong(v);
        const bytes = w.finish();
        assert.equal(new Reader(bytes).varlong(), v);
        if (v >= -9007199254740991n && v <= 9007199254740991n) {
          assert.equal(new Reader(bytes).varlongNumber(), Number(v));
        } else assertWireError(() => new Reader(bytes).varlongNumber(), "VALUE_OUT_OF_RANGE");
      }),
      { numRuns: 2000 },
    );
  });
  it("varint round-trips every int32", () => {
    fc.assert(
      fc.property(fc.integer({ min: -2147483648, max: 2147483647 }), (v) => {
        const w = new Writer(1);
        w.varint(v);
        const r = new Reader(w.finish());
        assert.equal(r.varint(), v);
        assert.equal(r.remaining, 0);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("Reader lengths, counts and strings", () => {
  it("bytes() returns a zero-copy view", () => {
    const input = fromHex("0102030405");
    const r = new Reader(input);
    r.u8();
    const v = r.bytes(3);
    assert.equal(toHex(v), "020304");
    assert.equal(v.buffer, input.buffer);
  });
  it("bytes() throws LENGTH_EXCEEDS_REMAINING before allocating", () => {
    assertWireError(() => new Reader(fromHex("0102")).bytes(2 ** 31), "LENGTH_EXCEEDS_REMAINING", {
      need: 2 ** 31,
      have: 2,
    });
  });
  it("count() throws COUNT_EXCEEDS_REMAINING for 10^8 elements in 4 bytes", () => {
    assertWireError(() => new Reader(fromHex("00000000")).count(100_000_000, 1), "COUNT_EXCEEDS_REMAINING");
  });
  it("count() accepts exactly what fits and rejects negatives", () => {
    assert.equal(new Reader(new Uint8Array(8)).count(2, 4), 2);
    assertWireError(() => new Reader(new Uint8Array(8)).count(3, 4), "COUNT_EXCEEDS_REMAINING");
    assertWireError(() => new Reader(new Uint8Array(8)).count(-1, 4), "NEGATIVE_LENGTH");
  });
  it("utf8() decodes multi-byte text", () => {
    const bytes = new TextEncoder().encode("zażółć 🦀 streams");
    assert.equal(new Reader(bytes).utf8(bytes.length), "zażółć 🦀 streams");
  });
  const bad = [
    "c0af",
    "eda080",
    "ff",
    "e282",
    "f4908080",
    "61626364656667686970717273747576777879808182838485ff",
  ];
  for (const hex of bad) {
    it(`utf8() throws INVALID_UTF8 on ${hex}`, () => {
      const b = fromHex(hex);
      assertWireError(() => new Reader(b).utf8(b.length), "INVALID_UTF8", { offset: 0 });
    });
    it(`utf8Lenient() substitutes U+FFFD in ${hex}`, () => {
      const b = fromHex(hex);
      assert.ok(new Reader(b).utf8Lenient(b.length).includes("\ufffd"));
    });
  }
  it("expectEnd() throws TRAILING_BYTES", () => {
    const r = new Reader(fromHex("0001"));
    r.u8();
    assertWireError(() => r.expectEnd(), "TRAILING_BYTES", { offset: 1 });
  });
  it("errors carry the reader's context in the message", () => {
    const r = new Reader(new Uint8Array(1), "ApiVersionsRequest v3");
    assert.throws(
      () => r.i32be(),
      /Cannot decode ApiVersionsRequest v3 at offset 0: TRUNCATED: need 4 bytes, have 1/,
    );
  });
  it("any bytes: every read returns a value or throws WireError", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 64, size: "max" }),
        fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 20 }),
        (bytes, ops) => {
          const r = new Reader(bytes);
          for (const op of ops) {
            try {
              [
                () => r.u8(),
                () => r.u32le(),
                () => r.i64be(),
                () => r.u128le(),
                () => r.uvarint(),
                () => r.varlong(),
                () => r.bytes(r.u8()),
                () => r.utf8(r.u8()),
                () => r.count(r.i32be(), 4),
                () => r.varint(),
                () => r.i16be(),
                () => r.f64be(),
                () => r.utf8Lenient(r.u8()),
              ][op]();
            } catch (e) {
              assert.ok(isWireError(e), String(e));
            }
            assert.ok(r.pos <= bytes.length);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
