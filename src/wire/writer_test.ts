import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { Writer } from "./writer.ts";
import { Reader } from "./reader.ts";
import { toHex } from "./hex.ts";
import { utf8Length } from "./utf8.ts";
import { assertWireError } from "../testdata/wire_assert_test.ts";

function outOfRange(fn: () => unknown): void {
  assertWireError(fn, "VALUE_OUT_OF_RANGE");
}

describe("Writer", () => {
  const cases: { write: (w: Writer) => void; hex: string }[] = [
    { write: (w) => w.u8(255), hex: "ff" },
    { write: (w) => w.i8(-1), hex: "ff" },
    { write: (w) => w.u16le(0x1234), hex: "3412" },
    { write: (w) => w.u16be(0x1234), hex: "1234" },
    { write: (w) => w.i16be(-2), hex: "fffe" },
    { write: (w) => w.u32le(0xffffffff), hex: "ffffffff" },
    { write: (w) => w.i32le(-2), hex: "feffffff" },
    { write: (w) => w.u32be(1), hex: "00000001" },
    { write: (w) => w.i32be(-2147483648), hex: "80000000" },
    { write: (w) => w.u64le(18446744073709551615n), hex: "ffffffffffffffff" },
    { write: (w) => w.u64leNumber(2 ** 40 + 5), hex: "0500000000010000" },
    { write: (w) => w.i64be(-2n), hex: "fffffffffffffffe" },
    { write: (w) => w.i64le(-2n), hex: "feffffffffffffff" },
    { write: (w) => w.u128le((1n << 127n) + 1n), hex: "01000000000000000000000000000080" },
    { write: (w) => w.f64be(1), hex: "3ff0000000000000" },
    { write: (w) => w.uvarint(300), hex: "ac02" },
    { write: (w) => w.varint(-1), hex: "01" },
    { write: (w) => w.varlong(9223372036854775807n), hex: "feffffffffffffffff01" },
    { write: (w) => w.varlongNumber(-3), hex: "05" },
    { write: (w) => w.bool(true), hex: "01" },
    { write: (w) => w.zeros(3), hex: "000000" },
    { write: (w) => w.utf8("héllo"), hex: "68c3a96c6c6f" },
  ];
  for (const { write, hex } of cases) {
    it(`writes ${hex}`, () => {
      const w = new Writer(1);
      write(w);
      assert.equal(toHex(w.finish()), hex);
    });
  }

  it("rejects values a width cannot hold with VALUE_OUT_OF_RANGE", () => {
    const w = new Writer();
    outOfRange(() => w.u8(256));
    outOfRange(() => w.i8(128));
    outOfRange(() => w.u16le(-1));
    outOfRange(() => w.i16be(40000));
    outOfRange(() => w.u32le(2 ** 32));
    outOfRange(() => w.i32be(1.5));
    outOfRange(() => w.u64le(-1n));
    outOfRange(() => w.i64be(2n ** 63n));
    outOfRange(() => w.u128le(1n << 128n));
    outOfRange(() => w.uvarint(-1));
    outOfRange(() => w.varlong(-(2n ** 63n) - 1n));
    assert.equal(w.pos, 0);
  });

  it("grows, and finish() copies while finishView() shares the buffer", () => {
    const w = new Writer(1);
    for (let i = 0; i < 1000; i++) w.u32be(i);
    const copy = w.finish();
    const view = w.finishView();
    assert.equal(copy.length, 4000);
    assert.equal(view.buffer, w.buf.buffer);
    w.reset().u32be(0xdeadbeef);
    assert.equal(toHex(view.subarray(0, 4)), "deadbeef");
    assert.equal(toHex(copy.subarray(0, 4)), "00000000");
  });

  it("encodeInto() copies into a destination and reports what it wrote", () => {
    const w = new Writer();
    w.u16be(7);
    const dest = new Uint8Array(4);
    assert.deepEqual(w.encodeInto(dest, 1), { written: 2 });
    assert.equal(toHex(dest), "00000700");
    assertWireError(() => w.encodeInto(new Uint8Array(1)), "LIMIT_EXCEEDED");
  });

  it("setU32le()/setI32be() back-patch lengths", () => {
    const w = new Writer();
    w.u32le(0);
    w.i32be(0);
    w.setU32le(0, 9);
    w.setI32be(4, -1);
    assert.equal(toHex(w.finish()), "09000000ffffffff");
  });

  it("utf8Length() equals the encoded length for any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200, size: "max" }), (s) => {
        const w = new Writer(1);
        const n = w.utf8(s);
        assert.equal(n, new TextEncoder().encode(s).length);
        assert.equal(utf8Length(s), n);
      }),
      { numRuns: 2000 },
    );
  });

  it("lone surrogates count as U+FFFD, as TextEncoder writes them", () => {
    for (const s of ["\ud800", "a\udc00b", "\ud83d"]) {
      assert.equal(utf8Length(s), new TextEncoder().encode(s).length);
    }
  });

  it("round-trips mixed fields through Reader", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
        fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }),
        fc.string({ unit: "binary", maxLength: 40, size: "max" }),
        fc.double({ noNaN: true }),
        (u, i, x, s, f) => {
          const w = new Writer(2);
          w.u32le(u);
          w.i64be(i);
          w.u128le(x);
          const n = utf8Length(s);
          w.u32le(n);
          w.utf8Sized(s, n);
          w.f64be(f);
          const r = new Reader(w.finish());
          assert.equal(r.u32le(), u);
          assert.equal(r.i64be(), i);
          assert.equal(r.u128le(), x);
          assert.equal(r.utf8Lenient(r.u32le()), new TextDecoder().decode(new TextEncoder().encode(s)));
          assert.ok(Object.is(r.f64be(), f));
          r.expectEnd();
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("writes a safe-integer number to every 64-bit width as it writes the bigint", () => {
    fc.assert(
      fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        const viaNumber = new Writer(1), viaBig = new Writer(1);
        viaNumber.i64be(n);
        viaNumber.i64le(n);
        viaNumber.varlong(n);
        viaBig.i64be(BigInt(n));
        viaBig.i64le(BigInt(n));
        viaBig.varlong(BigInt(n));
        if (n >= 0) {
          viaNumber.u64le(n);
          viaNumber.u64be(n);
          viaNumber.u128le(n);
          viaBig.u64le(BigInt(n));
          viaBig.u64be(BigInt(n));
          viaBig.u128le(BigInt(n));
        }
        assert.equal(toHex(viaNumber.finish()), toHex(viaBig.finish()));
      }),
      { numRuns: 500 },
    );
  });

  it("refuses numbers a 64-bit width cannot take exactly (VALUE_OUT_OF_RANGE) and other types (INVALID_VALUE)", () => {
    for (const v of [0.5, 2 ** 53, -(2 ** 53), NaN, Infinity]) outOfRange(() => new Writer().i64be(v));
    outOfRange(() => new Writer().u64le(-1));
    const invalid = (fn: () => unknown) => assertWireError(fn, "INVALID_VALUE", { side: "encode" });
    invalid(() => new Writer().i64be("1" as never));
    invalid(() => new Writer().i16be("all" as never));
    invalid(() => new Writer().bool(1 as never));
    invalid(() => new Writer().f64be("1.5" as never));
    invalid(() => new Writer().bytes("abc" as never));
    invalid(() => utf8Length(5 as never));
  });

  it("says what a width takes in `expected`", () => {
    assertWireError(() => new Writer().i16be(40000), "VALUE_OUT_OF_RANGE", {
      expected: "i16, an integer from -32768 to 32767",
    });
  });
});
