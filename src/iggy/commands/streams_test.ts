import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromHex, toHex } from "../../wire/hex.ts";
import { decodePayload, encodePayload } from "../codec.ts";
import {
  createStreamRequest,
  getStreamResponse,
  getStreamsResponse,
  rewrapStreamKeysRequest,
  streamResponse,
  updateStreamResolvedRequest,
} from "./streams.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

const ORDERS = {
  id: 1,
  createdAt: 2n,
  topicsCount: 0,
  sizeBytes: 3n,
  messagesCount: 4n,
  name: "orders",
  options: new Uint8Array(),
  derivedOptions: new Uint8Array(),
};
const ORDERS_HEX = "01000000" + "0200000000000000" + "00000000" + "0300000000000000" + "0400000000000000" +
  "066f7264657273" + "00000000" + "00000000";

describe("streams", () => {
  it("CreateStream request is the name and the options to the end", () => {
    const opts = fromHex("020100000061090100000007");
    assert.equal(
      toHex(encodePayload(createStreamRequest, { name: "s", options: opts })),
      "0173" + toHex(opts),
    );
    assert.deepEqual(decodePayload(createStreamRequest, fromHex("0173" + toHex(opts))), {
      name: "s",
      options: opts,
    });
  });
  const invalid: { name: string; codec: any; hex: string; code: string }[] = [
    {
      name: "a stray byte after the name (read as options)",
      codec: createStreamRequest,
      hex: "017300",
      code: "INVALID_VALUE",
    },
    { name: "an empty name", codec: createStreamRequest, hex: "00", code: "INVALID_VALUE" },
    {
      name: "a stream record cut in its name",
      codec: streamResponse,
      hex: ORDERS_HEX.slice(0, 70),
      code: "TRUNCATED",
    },
    {
      name: "topics_count 1 without a topic",
      codec: getStreamResponse,
      hex: ORDERS_HEX.replace(/^(.{24})00000000/, "$101000000"),
      code: "TRUNCATED",
    },
    {
      name: "a stray byte after the last stream",
      codec: getStreamsResponse,
      hex: ORDERS_HEX + "00",
      code: "TRUNCATED",
    },
    {
      name: "presence byte 2",
      codec: updateStreamResolvedRequest,
      hex: "010401000000" + "02",
      code: "INVALID_VALUE",
    },
    {
      name: "trailing bytes after the blocks",
      codec: updateStreamResolvedRequest,
      hex: "010401000000" + "00" + "00000000" + "00000000" + "00",
      code: "INVALID_VALUE",
    },
    {
      name: "a rewrap count the body cannot hold",
      codec: rewrapStreamKeysRequest,
      hex: "02000000" + "00".repeat(99),
      code: "INVALID_VALUE",
    },
    {
      name: "a 77-byte wrap set",
      codec: rewrapStreamKeysRequest,
      hex: "01000000" + "00".repeat(20) + "4d" + "00".repeat(78),
      code: "INVALID_VALUE",
    },
  ];
  for (const { name, codec, hex, code } of invalid) {
    it(`${codec.name} decode() throws ${code} for ${name}`, () => {
      assertWireError(() => decodePayload(codec, fromHex(hex)), code);
    });
  }
  it("StreamResponse round-trips a record with empty option blocks", () => {
    assert.equal(toHex(encodePayload(streamResponse, ORDERS)), ORDERS_HEX);
    assert.deepEqual(decodePayload(streamResponse, fromHex(ORDERS_HEX)), ORDERS);
  });
  it("GetStream encode() throws INVALID_VALUE when topics_count and topics disagree", () => {
    assertWireError(
      () => encodePayload(getStreamResponse, { stream: { ...ORDERS, topicsCount: 1 }, topics: [] }),
      "INVALID_VALUE",
    );
  });
});
