import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { DescribeClientQuotasResponseCodec as Codec } from "./messages/describe_client_quotas.ts";
import { Reader } from "../wire/reader.ts";
import { Writer } from "../wire/writer.ts";
import { floatBits, withFloatBits } from "../wire/float_bits.ts";
import { fromJsonForm, toJsonForm } from "./json.ts";

const encode = (value: any, v: number): Uint8Array => {
  const w = new Writer();
  Codec.write(w, value, v);
  return w.finish();
};

describe("Kafka float64 fields keep NaN bits", () => {
  for (const bits of [0x7ff8000000000001n, 0xfff8000000000000n, 0x7ff4000000000000n, 0x7ff8000000000000n]) {
    it(`0x${bits.toString(16)} survives encode, decode, encode`, () => {
      const value = withFloatBits({ key: "producer_byte_rate", value: NaN }, "value", bits);
      for (const v of [0, 1]) {
        const body = {
          throttleTimeMs: 0,
          errorCode: 0,
          errorMessage: null,
          entries: [{ entity: [{ entityType: "user", entityName: "u" }], values: [value] }],
        };
        const bytes = encode(body, v);
        const back = Codec.read(new Reader(bytes), v);
        const decoded = back.entries![0].values[0];
        assert.ok(Number.isNaN(decoded.value));
        if (bits !== 0x7ff8000000000000n) assert.equal(floatBits(decoded)?.value, bits);
        assert.deepEqual(encode(back, v), bytes);
        // The bits are on the wire as given (big-endian), whatever the runtime does to NaN numbers.
        const be = new Uint8Array(8);
        new DataView(be.buffer).setBigUint64(0, bits, false);
        assert.ok(bytes.join(",").includes(be.join(",")));
      }
    });
  }
});

describe("Kafka JSON form of float64 NaNs", () => {
  const value = (v: unknown) => ({
    throttleTimeMs: 0,
    errorCode: 0,
    errorMessage: null,
    entries: [{ entity: [{ entityType: "user", entityName: "u" }], values: [{ key: "k", value: v }] }],
  });
  for (const bits of [0x7ff8000000000001n, 0xfff8000000000000n, 0x7ff0000000000001n]) {
    const json = `NaN:${bits.toString(16).padStart(16, "0")}`;
    it(`${json} reads to those bits and writes back the same string`, () => {
      const typed = fromJsonForm(Codec.meta, value(json), 1) as any;
      const entry = typed.entries[0].values[0];
      assert.ok(Number.isNaN(entry.value));
      assert.equal(floatBits(entry)?.value, bits);
      const back = Codec.read(new Reader(encode(typed, 1)), 1);
      assert.deepEqual(toJsonForm(Codec.meta, back, 1), value(json));
    });
  }
  it('the canonical quiet NaN stays plain "NaN"', () => {
    const back = Codec.read(new Reader(encode(fromJsonForm(Codec.meta, value("NaN"), 1), 1)), 1);
    assert.deepEqual(toJsonForm(Codec.meta, back, 1), value("NaN"));
  });
});
