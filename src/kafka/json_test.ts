import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromJsonForm, toJsonForm } from "./json.ts";
import { decodeWith, encodeWith } from "./codec.ts";
import {
  AlterClientQuotasRequestCodec,
  ApiVersionsResponseCodec,
  FetchResponseCodec,
  MetadataRequestCodec,
} from "./messages/mod.ts";
import { toHex } from "../wire/hex.ts";
import { assertWireError } from "../testdata/wire_assert_test.ts";

describe("toJsonForm", () => {
  it("toJsonForm() lists exactly the fields of the version, tagged ones with their defaults", () => {
    const m = ApiVersionsResponseCodec.meta;
    const value = decodeWith(ApiVersionsResponseCodec, encodeWith(ApiVersionsResponseCodec, {}, 3), 3);
    assert.deepEqual(toJsonForm(m, value, 0), { errorCode: 0, apiKeys: [] });
    assert.deepEqual(toJsonForm(m, value, 3), {
      errorCode: 0,
      apiKeys: [],
      throttleTimeMs: 0,
      supportedFeatures: [],
      finalizedFeaturesEpoch: "-1",
      finalizedFeatures: [],
      zkMigrationReady: false,
    });
  });
  it("toJsonForm() writes int64 as decimal, records as { hex }, UUIDs as text and unknown tags as hex", () => {
    const c = FetchResponseCodec;
    const bytes = encodeWith(c, {
      responses: [{
        topicId: "0123456789abcdef0123456789abcdef".replace(
          /(.{8})(.{4})(.{4})(.{4})(.{12})/,
          "$1-$2-$3-$4-$5",
        ),
        partitions: [{ highWatermark: 9007199254740993n, records: new Uint8Array([1, 2]) }],
      }],
      _unknownTaggedFields: [{ tag: 7, data: new Uint8Array([0xab]) }],
    }, 13);
    const j = toJsonForm(c.meta, decodeWith(c, bytes, 13), 13) as Record<string, any>;
    const p = j.responses[0].partitions[0];
    assert.equal(j.responses[0].topicId, "01234567-89ab-cdef-0123-456789abcdef");
    assert.equal(p.highWatermark, "9007199254740993");
    assert.deepEqual(p.records, { hex: "0102" });
    assert.deepEqual(j._unknownTaggedFields, [{ tag: 7, hex: "ab" }]);
  });
  it("toJsonForm() writes non-finite and negative-zero floats as strings", () => {
    const c = AlterClientQuotasRequestCodec;
    for (const [value, want] of [[NaN, "NaN"], [-0, "-0"], [Infinity, "Infinity"], [1.5, 1.5]] as const) {
      const bytes = encodeWith(c, { entries: [{ ops: [{ key: "k", value }] }] }, 1);
      const j = toJsonForm(c.meta, decodeWith(c, bytes, 1), 1) as Record<string, any>;
      assert.equal(j.entries[0].ops[0].value, want);
    }
  });
});

describe("fromJsonForm", () => {
  it("fromJsonForm() inverts toJsonForm() byte for byte", () => {
    const c = FetchResponseCodec;
    const bytes = encodeWith(c, {
      throttleTimeMs: 3,
      responses: [{
        topicId: "01234567-89ab-cdef-0123-456789abcdef",
        partitions: [{ partitionIndex: 2, records: null }],
      }],
    }, 16);
    const j = toJsonForm(c.meta, decodeWith(c, bytes, 16), 16);
    assert.equal(toHex(encodeWith(c, fromJsonForm(c.meta, j, 16), 16)), toHex(bytes));
  });
  const bad = [
    { name: "a field the version lacks", json: { topics: [], allowAutoTopicCreation: true }, version: 3 },
    { name: "an unknown field", json: { topics: [], nope: 1 }, version: 12 },
    { name: "a string where a number belongs", json: { topics: [{ name: 5 }] }, version: 1 },
    { name: "an array that is not one", json: { topics: {} }, version: 1 },
  ];
  for (const { name, json, version } of bad) {
    it(`fromJsonForm() throws INVALID_VALUE for ${name}`, () => {
      assertWireError(() => fromJsonForm(MetadataRequestCodec.meta, json, version), "INVALID_VALUE");
    });
  }
});
