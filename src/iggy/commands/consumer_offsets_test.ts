import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromHex, toHex } from "../../wire/hex.ts";
import { decodePayload, encodePayload } from "../codec.ts";
import {
  consumerOffsetResponse,
  deleteConsumerOffsetRequest,
  getConsumerOffsetRequest,
  storeConsumerOffsetRequest,
} from "./consumer_offsets.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

// consumer group "g", stream 1, topic 2
const prefix = "02" + "020167" + "010401000000" + "010402000000";

describe("consumer offset layouts", () => {
  it("encodes a missing partition as five zero bytes", () => {
    const v = {
      consumer: { kind: "consumerGroup", id: { kind: "string", value: "g" } },
      streamId: { kind: "numeric", value: 1 },
      topicId: { kind: "numeric", value: 2 },
      partitionId: null,
    } as const;
    assert.equal(toHex(encodePayload(getConsumerOffsetRequest, v)), prefix + "0000000000");
  });

  it("encodes StoreConsumerOffset with the offset before the ack byte", () => {
    const hex = prefix + "0103000000" + "2a00000000000000" + "00";
    const v = decodePayload(storeConsumerOffsetRequest, fromHex(hex));
    assert.equal(v.partitionId, 3);
    assert.equal(v.offset, 42n);
    assert.equal(v.ack, "noAck");
    assert.equal(toHex(encodePayload(storeConsumerOffsetRequest, v)), hex);
  });

  it("decodes a 20-byte ConsumerOffset response with u64 offsets above 2^53", () => {
    const v = decodePayload(
      consumerOffsetResponse,
      fromHex("07000000" + "ffffffffffffffff" + "0100000000002000"),
    );
    assert.deepEqual(v, {
      partitionId: 7,
      currentOffset: 0xffff_ffff_ffff_ffffn,
      storedOffset: (1n << 53n) + 1n,
    });
  });
});

describe("consumer offset validation", () => {
  it("decode() reads a partition flag other than 1 as null and skips the id", () => {
    for (const flag of ["00", "02", "ff"]) {
      assert.equal(
        decodePayload(getConsumerOffsetRequest, fromHex(prefix + flag + "09090909")).partitionId,
        null,
      );
    }
  });
  it("decode() throws UNKNOWN_DISCRIMINANT for ack level 2", () => {
    assertWireError(
      () => decodePayload(deleteConsumerOffsetRequest, fromHex(prefix + "0100000000" + "02")),
      "UNKNOWN_DISCRIMINANT",
    );
  });
  it("decode() throws UNKNOWN_DISCRIMINANT for consumer kind 4 before reading the identifier", () => {
    assertWireError(() => decodePayload(getConsumerOffsetRequest, fromHex("04")), "UNKNOWN_DISCRIMINANT");
  });
  it("decode() throws TRUNCATED when the partition id is cut", () => {
    assertWireError(() => decodePayload(getConsumerOffsetRequest, fromHex(prefix + "01030000")), "TRUNCATED");
  });
});
