import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromHex, toHex } from "../../wire/hex.ts";
import { decodePayload, encodePayload } from "../codec.ts";
import { clientDetailsResponse, getClientsResponse } from "./clients.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

// client 1, user 2, TCP, address "a:1", one group (stream 3, topic 4, group 5)
const client = "01000000" + "02000000" + "01" + "03000000" + "613a31" + "01000000";
const group = "03000000" + "04000000" + "05000000";

describe("client layouts", () => {
  it("decodes a client with one consumer group and re-encodes it", () => {
    const v = decodePayload(clientDetailsResponse, fromHex(client + group));
    assert.deepEqual(v, {
      client: { clientId: 1, userId: 2, transport: 1, address: "a:1", consumerGroupsCount: 1 },
      consumerGroups: [{ streamId: 3, topicId: 4, groupId: 5 }],
    });
    assert.equal(toHex(encodePayload(clientDetailsResponse, v)), client + group);
  });
  it("decodes client records to the end of the payload", () => {
    assert.equal(decodePayload(getClientsResponse, fromHex(client + client)).clients.length, 2);
  });
});

describe("client validation", () => {
  it("decode() throws TRUNCATED when consumer_groups_count exceeds the entries", () => {
    assertWireError(
      () => decodePayload(clientDetailsResponse, fromHex(client.slice(0, -8) + "02000000" + group)),
      "TRUNCATED",
    );
  });
  it("decode() throws TRUNCATED for an address length past the end", () => {
    assertWireError(
      () => decodePayload(getClientsResponse, fromHex("01000000" + "02000000" + "01" + "ffffffff" + "61")),
      "TRUNCATED",
    );
  });
  it("decode() throws INVALID_UTF8 for an address that is not UTF-8", () => {
    assertWireError(
      () =>
        decodePayload(
          getClientsResponse,
          fromHex("01000000" + "02000000" + "01" + "01000000" + "ff" + "00000000"),
        ),
      "INVALID_UTF8",
    );
  });
  it("decode() throws TRUNCATED for a partial record after a complete one", () => {
    assertWireError(
      () => decodePayload(getClientsResponse, fromHex(client + client.slice(0, 20))),
      "TRUNCATED",
    );
  });
});
