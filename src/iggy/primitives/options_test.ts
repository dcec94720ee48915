import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromHex, toHex } from "../../wire/hex.ts";
import { isWireError } from "../../wire/error.ts";
import { decodePayload, encodePayload } from "../codec.ts";
import {
  buildOptions,
  MAX_OPTIONS,
  optionEntries,
  optionsPrefixed,
  optionsToEnd,
  validateOptions,
} from "./options.ts";
import { buildUserHeaders } from "./user_headers.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

const A = "020100000061090100000007";

describe("validateOptions", () => {
  it("accepts the empty block and one string-keyed pair", () => {
    assert.equal(validateOptions(new Uint8Array()), 0);
    assert.equal(validateOptions(fromHex(A)), 1);
  });
  const invalid: { name: string; block: () => Uint8Array; code: string }[] = [
    { name: "a block over 100000 bytes", block: () => new Uint8Array(100_001), code: "INVALID_VALUE" },
    { name: "a truncated field", block: () => fromHex("020200000061"), code: "TRUNCATED" },
    { name: "a raw key", block: () => fromHex("010100000061090100000007"), code: "INVALID_VALUE" },
    {
      name: "a key that is not UTF-8",
      block: () => fromHex("0201000000ff090100000007"),
      code: "INVALID_VALUE",
    },
    { name: "a duplicate key", block: () => fromHex(A + A), code: "INVALID_VALUE" },
    {
      name: "more than 1024 pairs",
      block: () =>
        buildUserHeaders(
          Array.from(
            { length: MAX_OPTIONS + 1 },
            (_, i) => ({ key: `k${i}`, value: { kind: "uint8", value: 1 } }),
          ),
        ),
      code: "INVALID_VALUE",
    },
  ];
  for (const { name, block, code } of invalid) {
    it(`throws ${code} for ${name}`, () => {
      assertWireError(() => validateOptions(block()), code);
    });
  }
  it("reports a bad key kind before a duplicate key", () => {
    const block = fromHex(A + A + "010100000062090100000007");
    assert.throws(() => validateOptions(block), (e) => isWireError(e) && /not a string/.test(e.message));
  });
});

describe("options codecs", () => {
  it("optionsToEnd takes every remaining byte", () => {
    assert.equal(toHex(decodePayload(optionsToEnd, fromHex(A))), A);
    assert.equal(toHex(decodePayload(optionsToEnd, new Uint8Array())), "");
  });
  it("optionsPrefixed reads a u32 length and throws TRUNCATED when it exceeds the input", () => {
    assert.equal(toHex(decodePayload(optionsPrefixed, fromHex("0c000000" + A))), A);
    assert.equal(toHex(encodePayload(optionsPrefixed, fromHex(A))), "0c000000" + A);
    assertWireError(() => decodePayload(optionsPrefixed, fromHex("0d000000" + A)), "TRUNCATED");
  });
  it("buildOptions() and optionEntries() are inverse", () => {
    const entries = [
      { key: "segment_size", value: { kind: "uint64", value: 1048576n } },
      { key: "enforce_fsync", value: { kind: "bool", value: true } },
    ] as const;
    assert.deepEqual(optionEntries(buildOptions(entries)), entries);
  });
});
