import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { assertWireError } from "../testdata/wire_assert_test.ts";
import { encodeRequest, encodeRequestBody, encodeResponseBody } from "./api.ts";
import { ApiKey } from "./messages/api_keys.ts";
import { encodeRecordBatch } from "./records/encode.ts";

const TOPIC_ID = "12345678-1234-4234-8234-123456789abc";
const h = { correlationId: 1, clientId: "c" };

describe("Kafka encode errors", () => {
  it("names the field path of a Kafka encode error", () => {
    assertWireError(
      () =>
        encodeRequest(ApiKey.CreateTopics, 5, h, {
          topics: [{
            name: "x".repeat(40000),
            numPartitions: 1,
            replicationFactor: 1,
            assignments: [],
            configs: [],
          }],
          timeoutMs: 1000,
          validateOnly: false,
        } as any),
      "STRING_TOO_LONG",
      { side: "encode", path: "topics[0].name" },
    );
  });

  // Every kind of field a value can fail in, with the path the error must name (leaf included).
  const cases: { name: string; code: string; path: string; encode: () => unknown }[] = [
    {
      name: 'an int16 given a string (acks: "all")',
      code: "INVALID_VALUE",
      path: "acks",
      encode: () => encodeRequestBody(ApiKey.Produce, 9, { acks: "all" as any, topicData: [] }),
    },
    {
      name: "an int64 in an array of structs given a fraction",
      code: "VALUE_OUT_OF_RANGE",
      path: "topics[0].partitions[1].fetchOffset",
      encode: () =>
        encodeRequestBody(ApiKey.Fetch, 12, {
          topics: [{
            topic: "t",
            partitions: [{ partition: 0, fetchOffset: 0n }, { partition: 1, fetchOffset: 1.5 }],
          }],
        }),
    },
    {
      name: "an int64 given a number beyond 2^53",
      code: "VALUE_OUT_OF_RANGE",
      path: "topics[0].partitions[0].fetchOffset",
      encode: () =>
        encodeRequestBody(ApiKey.Fetch, 12, {
          topics: [{ topic: "t", partitions: [{ partition: 0, fetchOffset: 2 ** 53 }] }],
        }),
    },
    {
      name: "an int64 given a string",
      code: "INVALID_VALUE",
      path: "topics[0].partitions[0].fetchOffset",
      encode: () =>
        encodeRequestBody(ApiKey.Fetch, 12, {
          topics: [{ topic: "t", partitions: [{ partition: 0, fetchOffset: "5" as any }] }],
        }),
    },
    {
      name: "an int32 out of range in an array of int32",
      code: "VALUE_OUT_OF_RANGE",
      path: "topics[0].partitions[0].replicaNodes[2]",
      encode: () =>
        encodeResponseBody(ApiKey.Metadata, 12, {
          topics: [{ name: "t", partitions: [{ replicaNodes: [0, 1, 2 ** 31] }] }],
        }),
    },
    {
      name: "a string element of an array given a number",
      code: "INVALID_VALUE",
      path: "groups[1]",
      encode: () => encodeRequestBody(ApiKey.DescribeGroups, 5, { groups: ["a", 5 as any] }),
    },
    {
      name: "a field of a struct field (not an array)",
      code: "INVALID_VALUE",
      path: "cursor.partitionIndex",
      encode: () =>
        encodeRequestBody(ApiKey.DescribeTopicPartitions, 0, {
          topics: [{ name: "t" }],
          cursor: { topicName: "t", partitionIndex: "x" as any },
        }),
    },
    {
      name: "a field of a tagged struct",
      code: "VALUE_OUT_OF_RANGE",
      path: "replicaState.replicaEpoch",
      encode: () =>
        encodeRequestBody(ApiKey.Fetch, 15, { replicaState: { replicaId: 1, replicaEpoch: 0.5 } }),
    },
    {
      name: "a tagged int64 field",
      code: "INVALID_VALUE",
      path: "topics[0].partitions[0].highWatermark",
      encode: () =>
        encodeRequestBody(ApiKey.Fetch, 18, {
          topics: [{ topicId: TOPIC_ID, partitions: [{ partition: 0, highWatermark: "9" as any }] }],
        }),
    },
    {
      name: "a bool given a number",
      code: "INVALID_VALUE",
      path: "allowAutoTopicCreation",
      encode: () =>
        encodeRequestBody(ApiKey.Metadata, 12, { topics: null, allowAutoTopicCreation: 1 as any }),
    },
    {
      name: "a UUID that is not one",
      code: "INVALID_VALUE",
      path: "topicData[0].topicId",
      encode: () =>
        encodeRequestBody(ApiKey.Produce, 13, { topicData: [{ topicId: "zz", partitionData: [] }] }),
    },
    {
      name: "bytes given a string",
      code: "INVALID_VALUE",
      path: "topicData[0].partitionData[0].records",
      encode: () =>
        encodeRequestBody(ApiKey.Produce, 9, {
          topicData: [{ name: "t", partitionData: [{ index: 0, records: "abc" as any }] }],
        }),
    },
    {
      name: "null in an array nullable only from a later version",
      code: "NULL_FOR_NON_NULLABLE",
      path: "topics",
      encode: () => encodeRequestBody(ApiKey.Metadata, 0, { topics: null }),
    },
    {
      name: "an array given an object",
      code: "INVALID_VALUE",
      path: "topics",
      encode: () => encodeRequestBody(ApiKey.Metadata, 12, { topics: {} as any }),
    },
    {
      name: "unknown tagged fields out of order",
      code: "INVALID_VALUE",
      path: "topics[0]._unknownTaggedFields[1].tag",
      encode: () =>
        encodeRequestBody(ApiKey.Metadata, 12, {
          topics: [{
            name: "t",
            _unknownTaggedFields: [{ tag: 9, data: new Uint8Array(1) }, { tag: 8, data: new Uint8Array(1) }],
          }],
        }),
    },
    {
      name: "a non-default field the version does not carry (Kafka's non-ignorable rule)",
      code: "UNSUPPORTED_VERSION",
      path: "transactionalId",
      encode: () => encodeRequestBody(ApiKey.Produce, 2, { transactionalId: "tx", topicData: [] }),
    },
    {
      name: "a header field",
      code: "INVALID_VALUE",
      path: "clientId",
      encode: () => encodeRequest(ApiKey.Metadata, 12, { correlationId: 1, clientId: 5 as any }, {}),
    },
    {
      name: "a record's timestamp in a record batch",
      code: "VALUE_OUT_OF_RANGE",
      path: "records[1].timestamp",
      encode: () => encodeRecordBatch({ records: [{ timestamp: 1 }, { timestamp: 0.5 }] }),
    },
    {
      name: "a record header key",
      code: "NULL_FOR_NON_NULLABLE",
      path: "records[0].headers[1].key",
      encode: () =>
        encodeRecordBatch({
          records: [{ headers: [{ key: "a", value: null }, { key: null as any, value: null }] }],
        }),
    },
  ];
  for (const c of cases) {
    it(`names ${c.path} for ${c.name} (${c.code})`, () => {
      assertWireError(c.encode, c.code, { side: "encode", path: c.path });
    });
  }

  it('says "Cannot encode", the message, version, field, and what the field takes', () => {
    const e = assertWireError(
      () =>
        encodeRequestBody(ApiKey.Fetch, 12, { topics: [{ topic: "t", partitions: [{ fetchOffset: 1.5 }] }] }),
      "VALUE_OUT_OF_RANGE",
    );
    assert.equal(
      e.message,
      "Cannot encode FetchRequest v12 (field topics[0].partitions[0].fetchOffset): VALUE_OUT_OF_RANGE " +
        "(expected i64, a bigint or a safe-integer number; got 1.5)",
    );
    assert.equal(e.expected, "i64, a bigint or a safe-integer number");
    assert.doesNotMatch(
      assertWireError(() => encodeRequestBody(ApiKey.Metadata, 99, {}), "UNSUPPORTED_VERSION").message,
      /Invalid wire data/,
    );
  });

  it("takes safe-integer numbers for int64 fields, with the bytes of the bigint", () => {
    const body = (offset: bigint | number, hw: bigint | number) =>
      encodeRequestBody(ApiKey.Fetch, 18, {
        topics: [{
          topicId: TOPIC_ID,
          partitions: [{ partition: 0, fetchOffset: offset, logStartOffset: -1, highWatermark: hw }],
        }],
      });
    for (const n of [0, 1, -1, 2 ** 32 + 5, -(2 ** 40), Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]) {
      assert.deepEqual(body(n, n), body(BigInt(n), BigInt(n)), String(n));
    }
    // A number equal to a tagged field's default is the default: the tag is left out, as for the bigint.
    const hwDefault = 9223372036854775807n;
    assert.deepEqual(body(0, 2 ** 53 - 1).length, body(0n, 2n ** 53n - 1n).length);
    assert.ok(body(0, hwDefault).length < body(0, 0).length);
  });

  it("leaves an error from an encoder that differs on replay with its own (relative) path", () => {
    // A getter that fails only the first time: the replay cannot find the field, so the error
    // keeps what the helper knew rather than guessing.
    let reads = 0;
    const topic = {
      get name() {
        // The encoder reads it twice (undefined test, then the value); the replay gets "ok".
        return reads++ < 2 ? 5 : "ok";
      },
    };
    assertWireError(
      () => encodeRequestBody(ApiKey.Metadata, 12, { topics: [topic as any] }),
      "INVALID_VALUE",
      {
        path: "name",
      },
    );
  });

  it("finds paths in frozen values", () => {
    const value = Object.freeze({
      topics: Object.freeze([
        Object.freeze({ topic: "t", partitions: Object.freeze([{ fetchOffset: 0.5 }]) }),
      ]),
    });
    assertWireError(() => encodeRequestBody(ApiKey.Fetch, 12, value), "VALUE_OUT_OF_RANGE", {
      path: "topics[0].partitions[0].fetchOffset",
    });
  });
});

describe("Kafka fields that replace one another across versions", () => {
  // Each: a value with only the old (or only the new) field, a version that carries the other.
  const pairs: { name: string; path: string; encode: () => unknown; ok: () => unknown }[] = [
    {
      name: "Produce v13 with only a topic name",
      path: "topicData[0].topicId",
      encode: () =>
        encodeRequestBody(ApiKey.Produce, 13, { acks: -1, topicData: [{ name: "t", partitionData: [] }] }),
      ok: () =>
        encodeRequestBody(ApiKey.Produce, 13, {
          acks: -1,
          topicData: [{ topicId: TOPIC_ID, partitionData: [] }],
        }),
    },
    {
      name: "Produce v12 with only a topic id",
      path: "topicData[0].name",
      encode: () =>
        encodeRequestBody(ApiKey.Produce, 12, { topicData: [{ topicId: TOPIC_ID, partitionData: [] }] }),
      ok: () => encodeRequestBody(ApiKey.Produce, 12, { topicData: [{ name: "t", topicId: TOPIC_ID }] }),
    },
    {
      name: "Fetch v13 with only a topic name",
      path: "topics[0].topicId",
      encode: () => encodeRequestBody(ApiKey.Fetch, 13, { topics: [{ topic: "t", partitions: [] }] }),
      ok: () => encodeRequestBody(ApiKey.Fetch, 13, { topics: [{ topicId: TOPIC_ID, partitions: [] }] }),
    },
    {
      name: "Fetch v13 forgotten topics by name",
      path: "forgottenTopicsData[0].topicId",
      encode: () =>
        encodeRequestBody(ApiKey.Fetch, 13, { forgottenTopicsData: [{ topic: "t", partitions: [0] }] }),
      ok: () =>
        encodeRequestBody(ApiKey.Fetch, 12, { forgottenTopicsData: [{ topic: "t", partitions: [0] }] }),
    },
    {
      name: "a Fetch v13 response by topic name (a broker's side)",
      path: "responses[0].topicId",
      encode: () => encodeResponseBody(ApiKey.Fetch, 13, { responses: [{ topic: "t", partitions: [] }] }),
      ok: () => encodeResponseBody(ApiKey.Fetch, 12, { responses: [{ topic: "t", partitions: [] }] }),
    },
    {
      name: "OffsetCommit v10 with only a topic name",
      path: "topics[0].topicId",
      encode: () => encodeRequestBody(ApiKey.OffsetCommit, 10, { groupId: "g", topics: [{ name: "t" }] }),
      ok: () => encodeRequestBody(ApiKey.OffsetCommit, 9, { groupId: "g", topics: [{ name: "t" }] }),
    },
    {
      name: "OffsetFetch v10 with only a topic name",
      path: "groups[0].topics[0].topicId",
      encode: () =>
        encodeRequestBody(ApiKey.OffsetFetch, 10, { groups: [{ groupId: "g", topics: [{ name: "t" }] }] }),
      ok: () =>
        encodeRequestBody(ApiKey.OffsetFetch, 9, { groups: [{ groupId: "g", topics: [{ name: "t" }] }] }),
    },
    {
      name: "DeleteTopics v6 with only topicNames",
      path: "topics",
      encode: () => encodeRequestBody(ApiKey.DeleteTopics, 6, { topicNames: ["t"], timeoutMs: 1 }),
      ok: () => encodeRequestBody(ApiKey.DeleteTopics, 6, { topics: [{ name: "t" }], timeoutMs: 1 }),
    },
    {
      name: "TxnOffsetCommit v6 with only a topic name",
      path: "topics[0].topicId",
      encode: () => encodeRequestBody(ApiKey.TxnOffsetCommit, 6, { topics: [{ name: "t" }] }),
      ok: () => encodeRequestBody(ApiKey.TxnOffsetCommit, 5, { topics: [{ name: "t" }] }),
    },
  ];
  for (const p of pairs) {
    it(`refuses ${p.name}: UNSUPPORTED_VERSION at ${p.path}`, () => {
      assertWireError(p.encode, "UNSUPPORTED_VERSION", { side: "encode", path: p.path });
      assert.ok(p.ok() instanceof Uint8Array);
    });
  }

  it("names both fields and the version in the message", () => {
    const e = assertWireError(pairs[0].encode, "UNSUPPORTED_VERSION");
    assert.match(e.message, /^Cannot encode ProduceRequest v13 \(field topicData\[0\]\.topicId\)/);
    assert.match(
      e.detail!,
      /name is set but version 13 of ProduceRequest does not carry it; it carries topicId/,
    );
  });

  it("leaves alone a field that moved but whose absence is an ordinary value", () => {
    // AddPartitionsToTxnResponse: errorCode (v4+) is not a replacement of the v0-3 results list.
    assert.ok(encodeResponseBody(ApiKey.AddPartitionsToTxn, 3, { errorCode: 1 }) instanceof Uint8Array);
    // Metadata v10+ carries both name and topicId: either alone is a valid request.
    assert.ok(encodeRequestBody(ApiKey.Metadata, 12, { topics: [{ name: "t" }] }) instanceof Uint8Array);
  });
});
