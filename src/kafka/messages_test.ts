import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { decodeWith, encodeWith, type MessageCodec } from "./codec.ts";
import { API_LIST, DATA_CODECS } from "./messages/_table.ts";
import {
  ApiVersionsRequestCodec,
  ApiVersionsResponseCodec,
  BrokerHeartbeatRequestCodec,
  ConsumerGroupHeartbeatResponseCodec,
  decodeApiVersionsRequest,
  decodeApiVersionsResponse,
  decodeBrokerHeartbeatRequest,
  decodeMetadataRequest,
  decodeRequestHeader,
  encodeApiVersionsRequest,
  encodeApiVersionsResponse,
  encodeBrokerHeartbeatRequest,
  encodeMetadataRequest,
  encodeRequestHeader,
  FetchRequestCodec,
  MetadataRequestCodec,
  MetadataResponseCodec,
  ProduceRequestCodec,
} from "./messages/mod.ts";
import { isWireError } from "../wire/error.ts";
import { fromHex, toHex } from "../wire/hex.ts";
import { assertWireError } from "../testdata/wire_assert_test.ts";

/** Tags of a top-level tagged section that starts at `at`, in wire order. */
function tagsAt(bytes: Uint8Array, at: number): number[] {
  let p = at;
  const uv = () => {
    let v = 0;
    for (let s = 0;; s += 7) {
      const b = bytes[p++];
      v |= (b & 0x7f) << s;
      if (b < 0x80) return v >>> 0;
    }
  };
  const n = uv();
  const tags: number[] = [];
  for (let i = 0; i < n; i++) {
    tags.push(uv());
    const size = uv();
    p += size;
  }
  return tags;
}

describe("string limits", () => {
  it("decode throws STRING_TOO_LONG for a compact string of 0x8000 bytes", () => {
    // uvarint 0x8001 = 81 80 02, then more bytes than the limit allows
    assertWireError(
      () => decodeApiVersionsRequest(fromHex("818002" + "61".repeat(0x8000) + "0100"), 3),
      "STRING_TOO_LONG",
    );
  });
  it("decode accepts a compact string of exactly 0x7fff bytes", () => {
    const s = "a".repeat(0x7fff);
    const bytes = encodeApiVersionsRequest({ clientSoftwareName: s }, 3);
    assert.equal(toHex(bytes.subarray(0, 3)), "808002");
    assert.equal(decodeApiVersionsRequest(bytes, 3).clientSoftwareName, s);
  });
  it("encode throws STRING_TOO_LONG for 0x8000 ASCII bytes", () => {
    assertWireError(
      () => encodeApiVersionsRequest({ clientSoftwareName: "a".repeat(0x8000) }, 3),
      "STRING_TOO_LONG",
    );
  });
  it("encode throws STRING_TOO_LONG for 0x4000 two-byte characters (0x8000 UTF-8 bytes)", () => {
    assertWireError(
      () => encodeMetadataRequest({ topics: [{ name: "é".repeat(0x4000) }] }, 1),
      "STRING_TOO_LONG",
    );
  });
  it("decode throws LENGTH_EXCEEDS_REMAINING when a string runs past the end", () => {
    assertWireError(() => decodeApiVersionsRequest(fromHex("05616263"), 3), "LENGTH_EXCEEDS_REMAINING");
  });
  it("decode is lenient with malformed UTF-8 unless strictUtf8 is set", () => {
    const bytes = fromHex("03ff61" + "0100");
    assert.equal(decodeApiVersionsRequest(bytes, 3).clientSoftwareName, "\ufffda");
    assertWireError(() => decodeApiVersionsRequest(bytes, 3, { strictUtf8: true }), "INVALID_UTF8");
  });
  const nulls = [
    // MetadataRequest v1: topics is a nullable array; a topic name is a non-nullable int16 string.
    { name: "a null non-nullable string", hex: "00000001ffff", version: 1, code: "NULL_FOR_NON_NULLABLE" },
    {
      name: "a length of -2 for a non-nullable string",
      hex: "00000001fffe",
      version: 1,
      code: "NULL_FOR_NON_NULLABLE",
    },
    {
      name: "a null array at v0 (not nullable there)",
      hex: "ffffffff",
      version: 0,
      code: "NULL_FOR_NON_NULLABLE",
    },
  ];
  for (const { name, hex, version, code } of nulls) {
    it(`decode throws ${code} for ${name}`, () => {
      assertWireError(() => decodeMetadataRequest(fromHex(hex), version), code);
    });
  }
  it("decode reads any negative length of a nullable array as null (as Kafka does)", () => {
    assert.equal(decodeMetadataRequest(fromHex("fffffffe"), 1).topics, null);
    assert.equal(toHex(encodeMetadataRequest({ topics: null }, 1)), "ffffffff");
  });
  it("encode throws NULL_FOR_NON_NULLABLE for null where the version has no null", () => {
    assertWireError(() => encodeMetadataRequest({ topics: null }, 0), "NULL_FOR_NON_NULLABLE");
  });
});

describe("tagged fields", () => {
  it("known and unknown tagged fields are written in ascending tag order", () => {
    const bytes = encodeApiVersionsResponse({
      finalizedFeaturesEpoch: 7n,
      zkMigrationReady: true,
      _unknownTaggedFields: [{ tag: 4, data: fromHex("aa") }, { tag: 9, data: fromHex("bbcc") }],
    }, 3);
    // errorCode (2) + empty compact array (1) + throttleTimeMs (4)
    assert.deepEqual(tagsAt(bytes, 7), [1, 3, 4, 9]);
    const back = decodeApiVersionsResponse(bytes, 3);
    assert.equal(back.finalizedFeaturesEpoch, 7n);
    assert.equal(back.zkMigrationReady, true);
    assert.deepEqual(back._unknownTaggedFields?.map((t) => [t.tag, toHex(t.data)]), [[4, "aa"], [9, "bbcc"]]);
    assert.equal(toHex(encodeApiVersionsResponse(back, 3)), toHex(bytes));
  });
  it("unknown tags of a struct without known tags are written as given", () => {
    const bytes = encodeRequestHeader({
      _unknownTaggedFields: [{ tag: 0, data: fromHex("01") }, { tag: 3, data: new Uint8Array(0) }],
    }, 2);
    assert.deepEqual(tagsAt(bytes, 10), [0, 3]);
  });
  it("encode throws INVALID_VALUE for unknown tags out of order or reusing a known tag", () => {
    assertWireError(
      () =>
        encodeApiVersionsResponse({
          _unknownTaggedFields: [{ tag: 9, data: fromHex("") }, { tag: 5, data: fromHex("") }],
        }, 3),
      "INVALID_VALUE",
    );
    assertWireError(
      () => encodeApiVersionsResponse({ _unknownTaggedFields: [{ tag: 2, data: fromHex("") }] }, 3),
      "INVALID_VALUE",
    );
  });
  it("encode throws UNSUPPORTED_VERSION for unknown tagged fields on a non-flexible version", () => {
    assertWireError(
      () => encodeApiVersionsResponse({ _unknownTaggedFields: [{ tag: 9, data: fromHex("00") }] }, 2),
      "UNSUPPORTED_VERSION",
    );
  });
  it("a tagged field at its default is not written", () => {
    assert.equal(
      toHex(encodeApiVersionsResponse({ finalizedFeaturesEpoch: -1n }, 3)),
      "00000100000000" + "00",
    );
  });
  // RequestHeader v2: key, version, correlation id, null client id, then the tagged section.
  const header = "0000000000000000ffff";
  const caps = [
    {
      name: "more tagged fields than maxTaggedFields",
      hex: header + "03" + "0000" + "0100" + "0200",
      o: { maxTaggedFields: 2 },
      code: "LIMIT_EXCEEDED",
    },
    {
      name: "a tagged-field count above the bytes left",
      hex: header + "05" + "0000",
      o: {},
      code: "COUNT_EXCEEDS_REMAINING",
    },
    {
      name: "a tagged field longer than the input",
      hex: header + "01" + "0005aa",
      o: {},
      code: "LENGTH_EXCEEDS_REMAINING",
    },
    {
      name: "a tag varint of six bytes",
      hex: header + "01" + "ffffffffff01",
      o: {},
      code: "VARINT_TOO_LONG",
    },
  ];
  for (const { name, hex, o, code } of caps) {
    it(`decode throws ${code} for ${name}`, () => {
      assertWireError(() => decodeRequestHeader(fromHex(hex), 2, o), code);
    });
  }
  it("decode accepts exactly maxTaggedFields tagged fields", () => {
    const h = decodeRequestHeader(fromHex(header + "02" + "0000" + "0100"), 2, { maxTaggedFields: 2 });
    assert.equal(h._unknownTaggedFields?.length, 2);
  });
  // BrokerHeartbeat: brokerId, brokerEpoch, currentMetadataOffset, wantFence, wantShutDown, then tags.
  const hb = "00000001" + "0000000000000002" + "0000000000000003" + "00" + "00";
  it("decode throws CORRUPT_DATA for a known tag at a version that does not have it", () => {
    // Tag 0 (offlineLogDirs) is tagged from v1; at v0 Kafka rejects it rather than skip it.
    assertWireError(
      () => decodeBrokerHeartbeatRequest(fromHex(hb + "01" + "0011" + "01" + "00".repeat(16)), 0),
      "CORRUPT_DATA",
    );
    const v1 = decodeBrokerHeartbeatRequest(fromHex(hb + "01" + "0011" + "02" + "00".repeat(16)), 1);
    assert.deepEqual(v1.offlineLogDirs, ["00000000-0000-0000-0000-000000000000"]);
  });
});

describe("values a version cannot carry", () => {
  it("encode throws UNSUPPORTED_VERSION for a non-default, non-ignorable field the version lacks", () => {
    // MetadataRequest.allowAutoTopicCreation exists from v4 (default true, not ignorable).
    assertWireError(
      () => encodeMetadataRequest({ topics: [], allowAutoTopicCreation: false }, 3),
      "UNSUPPORTED_VERSION",
    );
    assert.equal(toHex(encodeMetadataRequest({ topics: [], allowAutoTopicCreation: true }, 3)), "00000000");
    // A tagged field below its tagged versions: BrokerHeartbeat.offlineLogDirs (v1+).
    assertWireError(
      () => encodeBrokerHeartbeatRequest({ offlineLogDirs: ["00000000-0000-0000-0000-000000000001"] }, 0),
      "UNSUPPORTED_VERSION",
    );
  });
  it("encode drops an ignorable field the version lacks", () => {
    // ApiVersionsResponse.throttleTimeMs is v1+ and ignorable.
    assert.equal(toHex(encodeApiVersionsResponse({ errorCode: 0, throttleTimeMs: 5 }, 0)), "000000000000");
  });
  it("encode fills absent fields with their defaults and decode restores them", () => {
    const v = decodeApiVersionsRequest(encodeApiVersionsRequest({}, 5), 5);
    assert.deepEqual(v, { clientSoftwareName: "", clientSoftwareVersion: "", clusterId: null, nodeId: -1 });
  });
  it("encode throws VALUE_OUT_OF_RANGE for an int16 that does not fit", () => {
    assertWireError(() => encodeApiVersionsResponse({ errorCode: 40000 }, 0), "VALUE_OUT_OF_RANGE");
  });
  it("encode throws INVALID_VALUE for a malformed UUID", () => {
    assertWireError(
      () => encodeBrokerHeartbeatRequest({ offlineLogDirs: ["not-a-uuid"] }, 1),
      "INVALID_VALUE",
    );
  });
});

describe("arrays", () => {
  // ApiVersionsResponse v0: errorCode, then an int32 count of (apiKey, min, max) entries.
  const three = "0000" + "00000003" + "000000000000".repeat(3);
  it("decode throws LIMIT_EXCEEDED above maxArrayLength", () => {
    assertWireError(
      () => decodeApiVersionsResponse(fromHex(three), 0, { maxArrayLength: 2 }),
      "LIMIT_EXCEEDED",
    );
    assert.equal(decodeApiVersionsResponse(fromHex(three), 0, { maxArrayLength: 3 }).apiKeys.length, 3);
  });
  it("decode throws COUNT_EXCEEDS_REMAINING before allocating for a huge count", () => {
    assertWireError(
      () => decodeApiVersionsResponse(fromHex("0000" + "7fffffff" + "00"), 0),
      "COUNT_EXCEEDS_REMAINING",
    );
  });
  it("decode reads a nullable struct marker (ConsumerGroupHeartbeat assignment)", () => {
    const c = ConsumerGroupHeartbeatResponseCodec;
    const empty = encodeWith(c, { assignment: null }, 0);
    assert.equal(decodeWith(c, empty, 0).assignment, null);
    const some = encodeWith(c, { assignment: { topicPartitions: [] } }, 0);
    assert.equal(some.length, empty.length + 2); // marker 1 and an empty compact array, and the struct's tag section
    assert.deepEqual(decodeWith(c, some, 0).assignment, { topicPartitions: [] });
  });
});

// `any`: MessageCodec is invariant in T (read returns it, write takes it), so no `unknown` element type fits
// every codec; which TypeScript accepts otherwise depends on its check order.
const SAMPLE: MessageCodec<any>[] = [
  ApiVersionsRequestCodec,
  ApiVersionsResponseCodec,
  MetadataRequestCodec,
  MetadataResponseCodec,
  FetchRequestCodec,
  ProduceRequestCodec,
  BrokerHeartbeatRequestCodec,
  ConsumerGroupHeartbeatResponseCodec,
  DATA_CODECS.RequestHeader,
  DATA_CODECS.ConsumerProtocolSubscription,
];

function versionsOf(mask: number): number[] {
  const out: number[] = [];
  for (let v = 0; v < 31; v++) if ((mask >>> v) & 1) out.push(v);
  return out;
}

describe("robustness", () => {
  it("decode of random bytes returns a value or throws WireError, nothing else", () => {
    const targets = SAMPLE.flatMap((c) => versionsOf(c.validVersions).map((v) => ({ c, v })));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: targets.length - 1 }),
        fc.uint8Array({ maxLength: 96, size: "max" }),
        (i, bytes) => {
          const { c, v } = targets[i];
          try {
            decodeWith(c, bytes, v);
          } catch (e) {
            if (!isWireError(e)) throw e;
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
  it("decode of a mutated valid encoding returns a value or throws WireError", () => {
    const seeds = API_LIST.flatMap((a) =>
      versionsOf(a.validVersions).flatMap((v) => [
        { c: a.response, v, bytes: encodeWith(a.response, {}, v) },
        { c: a.request, v, bytes: encodeWith(a.request, {}, v) },
      ])
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: seeds.length - 1 }),
        fc.nat(),
        fc.integer({ min: 0, max: 255 }),
        (i, at, b) => {
          const { c, v, bytes } = seeds[i];
          if (bytes.length === 0) return;
          const m = bytes.slice();
          m[at % m.length] = b;
          try {
            decodeWith(c, m, v);
          } catch (e) {
            if (!isWireError(e)) throw e;
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe("coverage", () => {
  it("every API key, version and direction, and every data schema, round-trips its default value", () => {
    let keys = 0;
    let versions = 0;
    let total = 0;
    for (const a of API_LIST) {
      let ok = true;
      for (const v of versionsOf(a.validVersions)) {
        for (const c of [a.request, a.response]) {
          total++;
          const bytes = encodeWith(c, {}, v);
          const again = encodeWith(c, decodeWith(c, bytes, v), v);
          if (toHex(again) === toHex(bytes)) versions++;
          else ok = false;
        }
      }
      if (ok) keys++;
    }
    let data = 0;
    const schemas = Object.values(DATA_CODECS);
    for (const c of schemas) {
      const ok = versionsOf(c.validVersions).every((v) =>
        toHex(encodeWith(c, decodeWith(c, encodeWith(c, {}, v), v), v)) === toHex(encodeWith(c, {}, v))
      );
      if (ok) data++;
    }
    console.log(
      `coverage: keys ${keys}/${API_LIST.length}, versions ${versions}/${total}, schemas ${data}/${schemas.length}`,
    );
    assert.equal(keys, API_LIST.length);
    assert.equal(versions, total);
    assert.equal(data, schemas.length);
    assert.equal(API_LIST.length, 95);
    assert.equal(total, 736);
  });
});
