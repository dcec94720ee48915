import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromHex, toHex } from "../../wire/hex.ts";
import { decodePayload, encodePayload } from "../codec.ts";
import {
  consumerGroupDetailsResponse,
  getConsumerGroupsResponse,
  joinConsumerGroupRequest,
  syncConsumerGroupResponse,
} from "./consumer_groups.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

// id 1, 3 partitions, 1 member, name "g"; member 10 with partitions 1 and 2.
const details = "01000000" + "03000000" + "01000000" + "0167" + "0a000000" + "02000000" + "01000000" +
  "02000000";

describe("consumer group layouts", () => {
  it("encodes JoinConsumerGroup as three identifiers", () => {
    const v = {
      streamId: { kind: "numeric", value: 1 },
      topicId: { kind: "string", value: "t" },
      groupId: { kind: "numeric", value: 2 },
    } as const;
    assert.equal(
      toHex(encodePayload(joinConsumerGroupRequest, v)),
      "010401000000" + "020174" + "010402000000",
    );
  });

  it("decodes a group with one member and re-encodes it", () => {
    const v = decodePayload(consumerGroupDetailsResponse, fromHex(details));
    assert.deepEqual(v.members, [{ id: 10, partitionsCount: 2, partitions: [1, 2] }]);
    assert.equal(toHex(encodePayload(consumerGroupDetailsResponse, v)), details);
  });

  it("decodes an empty GetConsumerGroups payload as no groups", () => {
    assert.deepEqual(decodePayload(getConsumerGroupsResponse, new Uint8Array()), { groups: [] });
  });
});

describe("consumer group validation", () => {
  it("decode() throws TRUNCATED when members_count exceeds the members present", () => {
    assertWireError(
      () =>
        decodePayload(
          consumerGroupDetailsResponse,
          fromHex(details.slice(0, 16) + "02000000" + details.slice(24)),
        ),
      "TRUNCATED",
    );
  });
  it("decode() throws TRUNCATED, without allocating, for a partition count of u32::MAX", () => {
    assertWireError(
      () => decodePayload(syncConsumerGroupResponse, fromHex("0100000000000000" + "ffffffff" + "01000000")),
      "TRUNCATED",
    );
  });
  it("decode() throws INVALID_VALUE for an empty group name", () => {
    assertWireError(
      () => decodePayload(getConsumerGroupsResponse, fromHex("01000000" + "00000000" + "00000000" + "00")),
      "INVALID_VALUE",
    );
  });
  it("encode() throws INVALID_VALUE when a count disagrees with its list", () => {
    const v = decodePayload(consumerGroupDetailsResponse, fromHex(details));
    assertWireError(
      () => encodePayload(consumerGroupDetailsResponse, { ...v, group: { ...v.group, membersCount: 2 } }),
      "INVALID_VALUE",
    );
    assertWireError(
      () =>
        encodePayload(consumerGroupDetailsResponse, {
          ...v,
          members: [{ id: 1, partitionsCount: 3, partitions: [1] }],
        }),
      "INVALID_VALUE",
    );
  });
});
