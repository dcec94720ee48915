import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromHex, toHex } from "../../wire/hex.ts";
import { decodePayload, encodePayload } from "../codec.ts";
import {
  createTopicRequest,
  createTopicWithAssignmentsRequest,
  getTopicsResponse,
  partitionResponse,
} from "./topics.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

const REQ = {
  streamId: { kind: "numeric", value: 1 } as const,
  partitionsCount: 1,
  name: "t",
  options: new Uint8Array(),
};

describe("topics", () => {
  it("CreateTopic request: stream id, partitions count, name, options", () => {
    assert.equal(toHex(encodePayload(createTopicRequest, REQ)), "010401000000" + "01000000" + "0174");
  });
  it("PartitionResponse is 64 bytes", () => {
    const v = {
      id: 1,
      createdAt: 2n,
      segmentsCount: 3,
      currentOffset: 4n,
      sizeBytes: 5n,
      messagesCount: 6n,
      context: { incarnation: 7n, ownerGeneration: 8n, metadataOp: 9n },
    };
    const bytes = encodePayload(partitionResponse, v);
    assert.equal(bytes.length, 64);
    assert.deepEqual(decodePayload(partitionResponse, bytes), v);
  });
  it("CreateTopicWithAssignments round-trips and rejects trailing bytes with INVALID_VALUE", () => {
    const v = {
      request: REQ,
      derivedOptions: new Uint8Array(),
      partitions: [{ partitionId: 1, consensusGroupId: 2n, initialView: 3 }],
    };
    const bytes = encodePayload(createTopicWithAssignmentsRequest, v);
    assert.deepEqual(decodePayload(createTopicWithAssignmentsRequest, bytes), v);
    const longer = new Uint8Array(bytes.length + 1);
    longer.set(bytes);
    assertWireError(() => decodePayload(createTopicWithAssignmentsRequest, longer), "INVALID_VALUE");
  });
  const invalid: { name: string; codec: any; hex: string; code: string }[] = [
    {
      name: "an assignment count different from partitions_count",
      codec: createTopicWithAssignmentsRequest,
      hex: "0d000000" + "010401000000010000000174" + "00000000" + "00000000",
      code: "INVALID_VALUE",
    },
    {
      name: "a request size past the end",
      codec: createTopicWithAssignmentsRequest,
      hex: "ff000000" + "0104",
      code: "TRUNCATED",
    },
    {
      name: "a topic count larger than the topics",
      codec: getTopicsResponse,
      hex: "01000000",
      code: "TRUNCATED",
    },
  ];
  for (const { name, codec, hex, code } of invalid) {
    it(`${codec.name} decode() throws ${code} for ${name}`, () => {
      assertWireError(() => decodePayload(codec, fromHex(hex)), code);
    });
  }
  it("CreateTopicWithAssignments encode() throws INVALID_VALUE for a count mismatch", () => {
    assertWireError(() =>
      encodePayload(createTopicWithAssignmentsRequest, {
        request: REQ,
        derivedOptions: new Uint8Array(),
        partitions: [],
      }), "INVALID_VALUE");
  });
});
