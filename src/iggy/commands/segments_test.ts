import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromHex, toHex } from "../../wire/hex.ts";
import { decodePayload, encodePayload } from "../codec.ts";
import { deleteSegmentsRequest } from "./segments.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

const cases: { name: string; hex: string; code: string }[] = [
  { name: "a missing segments_count", hex: "010401000000" + "010402000000" + "03000000", code: "TRUNCATED" },
  {
    name: "an unknown topic identifier kind",
    hex: "010401000000" + "030402000000" + "03000000" + "04000000",
    code: "UNKNOWN_DISCRIMINANT",
  },
];

describe("deleteSegmentsRequest", () => {
  it("encodes stream, topic, partition and count in order", () => {
    const v = {
      streamId: { kind: "numeric", value: 1 },
      topicId: { kind: "string", value: "t" },
      partitionId: 3,
      segmentsCount: 4,
    } as const;
    const hex = "010401000000" + "020174" + "03000000" + "04000000";
    assert.equal(toHex(encodePayload(deleteSegmentsRequest, v)), hex);
    assert.deepEqual(decodePayload(deleteSegmentsRequest, fromHex(hex)), v);
  });
  for (const { name, hex, code } of cases) {
    it(`decode() throws ${code} for ${name}`, () => {
      assertWireError(() => decodePayload(deleteSegmentsRequest, fromHex(hex)), code);
    });
  }
});
