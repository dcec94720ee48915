import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  attachFloatBits,
  CANONICAL_NAN_F32,
  type FloatBits,
  floatBits,
  readF32,
  writeF32,
} from "./float_bits.ts";
import { Reader } from "./reader.ts";
import { Writer } from "./writer.ts";

const roundTrip = (bits: number): number => {
  const w0 = new Writer();
  w0.u32le(bits);
  const nan: FloatBits = {};
  const r = new Reader(w0.finish());
  const obj = attachFloatBits({ x: readF32(r, nan, "x") }, nan);
  const w = new Writer();
  writeF32(w, obj, "x");
  return new Reader(w.finish()).u32le();
};

describe("float32 NaN bits", () => {
  it("survive decode then encode: payloads, sign, signalling", () => {
    for (const bits of [0x7fc00001, 0xffc00000, 0x7fa00000, 0xff800001, 0x7fffffff, CANONICAL_NAN_F32]) {
      assert.equal(roundTrip(bits), bits, bits.toString(16));
    }
  });

  it("record nothing for numbers and the canonical NaN, and stay out of enumeration", () => {
    const nan: FloatBits = {};
    const w = new Writer();
    w.u32le(CANONICAL_NAN_F32);
    w.u32le(0x3f800000);
    const r = new Reader(w.finish());
    const o = attachFloatBits({ a: readF32(r, nan, "a"), b: readF32(r, nan, "b") }, nan);
    assert.equal(floatBits(o), undefined);
    assert.equal(o.b, 1);
    const p = attachFloatBits({ c: NaN }, { c: 0x7fa00000 });
    assert.deepEqual(Object.keys(p), ["c"]);
    assert.deepEqual(floatBits(p), { c: 0x7fa00000 });
  });

  it("write a changed value, not stale bits", () => {
    const o = attachFloatBits({ x: NaN }, { x: 0x7fa00000 });
    o.x = 2;
    const w = new Writer();
    writeF32(w, o, "x");
    assert.equal(new Reader(w.finish()).f32le(), 2);
  });
});
