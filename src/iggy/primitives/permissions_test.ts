import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { fromHex, toHex } from "../../wire/hex.ts";
import { decodePayload, encodePayload } from "../codec.ts";
import { type Permissions, permissions } from "./permissions.ts";
import { consumerGroupOwner, createdPartitionAssignment, partitionContext } from "./partition.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

const g = (b: boolean) => ({
  manageServers: b,
  readServers: b,
  manageUsers: b,
  readUsers: b,
  manageStreams: b,
  readStreams: b,
  manageTopics: b,
  readTopics: b,
  pollMessages: b,
  sendMessages: b,
});

describe("permissions", () => {
  it("encodes no streams as 11 bytes", () => {
    assert.equal(toHex(encodePayload(permissions, { global: g(true), streams: [] })), "01".repeat(10) + "00");
  });
  it("encodes the linked lists with has-next bytes", () => {
    const p: Permissions = {
      global: g(false),
      streams: [
        {
          streamId: 1,
          manageStream: true,
          readStream: false,
          manageTopics: false,
          readTopics: false,
          pollMessages: false,
          sendMessages: true,
          topics: [],
        },
        {
          streamId: 2,
          manageStream: false,
          readStream: false,
          manageTopics: false,
          readTopics: false,
          pollMessages: false,
          sendMessages: false,
          topics: [
            { topicId: 3, manageTopic: true, readTopic: false, pollMessages: false, sendMessages: false },
            { topicId: 4, manageTopic: false, readTopic: false, pollMessages: false, sendMessages: true },
          ],
        },
      ],
    };
    const hex = "00".repeat(10) + "01" +
      "01000000" + "010000000001" + "00" + "01" +
      "02000000" + "000000000000" + "01" + "03000000" + "01000000" + "01" + "04000000" + "00000001" + "00" +
      "00";
    assert.equal(toHex(encodePayload(permissions, p)), hex);
    assert.deepEqual(decodePayload(permissions, fromHex(hex)), p);
    assert.equal(permissions.sizeOf(p), hex.length / 2);
  });
  it("reads any non-zero flag byte as true", () => {
    const v = decodePayload(permissions, fromHex("02".repeat(10) + "00"));
    assert.deepEqual(v.global, g(true));
  });
  it("decode() throws TRUNCATED at every proper prefix", () => {
    const bytes = encodePayload(permissions, {
      global: g(true),
      streams: [{
        streamId: 9,
        manageStream: true,
        readStream: true,
        manageTopics: true,
        readTopics: true,
        pollMessages: true,
        sendMessages: true,
        topics: [{ topicId: 1, manageTopic: true, readTopic: true, pollMessages: true, sendMessages: true }],
      }],
    });
    for (let n = 0; n < bytes.length; n++) {
      assertWireError(() => decodePayload(permissions, bytes.subarray(0, n)), "TRUNCATED");
    }
  });
  it("round-trips random permission sets", () => {
    const topic = fc.record({
      topicId: fc.nat({ max: 0xffffffff }),
      manageTopic: fc.boolean(),
      readTopic: fc.boolean(),
      pollMessages: fc.boolean(),
      sendMessages: fc.boolean(),
    });
    const stream = fc.record({
      streamId: fc.nat({ max: 0xffffffff }),
      manageStream: fc.boolean(),
      readStream: fc.boolean(),
      manageTopics: fc.boolean(),
      readTopics: fc.boolean(),
      pollMessages: fc.boolean(),
      sendMessages: fc.boolean(),
      topics: fc.array(topic, { maxLength: 4, size: "small" }),
    });
    const perms = fc.record({
      global: fc.boolean().map(g),
      streams: fc.array(stream, { maxLength: 4, size: "small" }),
    });
    fc.assert(
      fc.property(perms, (p) => {
        assert.deepEqual(decodePayload(permissions, encodePayload(permissions, p)), structuredClone(p));
      }),
      { numRuns: 200 },
    );
  });
});

describe("partition records", () => {
  it("createdPartitionAssignment is 16 bytes and TRUNCATED (need 16) below that", () => {
    const v = { partitionId: 1, consensusGroupId: 0xffffffffffffffffn, initialView: 2 };
    const hex = "01000000ffffffffffffffff02000000";
    assert.equal(toHex(encodePayload(createdPartitionAssignment, v)), hex);
    assert.deepEqual(decodePayload(createdPartitionAssignment, fromHex(hex)), v);
    assertWireError(() => decodePayload(createdPartitionAssignment, fromHex(hex.slice(0, 30))), "TRUNCATED", {
      need: 16,
    });
  });
  it("partitionContext is three u64", () => {
    const v = { incarnation: 1n, ownerGeneration: 2n, metadataOp: 3n };
    assert.deepEqual(decodePayload(partitionContext, encodePayload(partitionContext, v)), v);
  });
  it("consumerGroupOwner throws INVALID_VALUE when only one of client and session is zero", () => {
    const ok = { clientId: 0n, session: 0n, generation: 5n };
    assert.deepEqual(decodePayload(consumerGroupOwner, encodePayload(consumerGroupOwner, ok)), ok);
    const half = encodePayload(consumerGroupOwner, { clientId: 1n, session: 0n, generation: 0n });
    assertWireError(() => decodePayload(consumerGroupOwner, half), "INVALID_VALUE");
  });
});
