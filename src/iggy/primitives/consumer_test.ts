import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromHex, toHex } from "../../wire/hex.ts";
import { decodePayload, encodePayload } from "../codec.ts";
import { type Consumer, consumer } from "./consumer.ts";
import { type Partitioning, partitioning } from "./partitioning.ts";
import { type AckLevel, ackLevel, type PollingStrategy, pollingStrategy } from "./polling_strategy.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

const cases: { name: string; codec: any; hex: string; value: unknown }[] = [
  {
    name: "consumer",
    codec: consumer,
    hex: "01010401000000",
    value: { kind: "consumer", id: { kind: "numeric", value: 1 } } satisfies Consumer,
  },
  {
    name: "consumerGroup",
    codec: consumer,
    hex: "02020167",
    value: { kind: "consumerGroup", id: { kind: "string", value: "g" } } satisfies Consumer,
  },
  {
    name: "externalGroup",
    codec: consumer,
    hex: "03010402000000",
    value: { kind: "externalGroup", id: { kind: "numeric", value: 2 } } satisfies Consumer,
  },
  { name: "balanced", codec: partitioning, hex: "0100", value: { kind: "balanced" } satisfies Partitioning },
  {
    name: "partitionId",
    codec: partitioning,
    hex: "020403000000",
    value: { kind: "partitionId", value: 3 } satisfies Partitioning,
  },
  {
    name: "messagesKey",
    codec: partitioning,
    hex: "0302ff00",
    value: { kind: "messagesKey", value: fromHex("ff00") } satisfies Partitioning,
  },
  {
    name: "offset",
    codec: pollingStrategy,
    hex: "01ffffffffffffffff",
    value: { kind: "offset", value: 0xffffffffffffffffn } satisfies PollingStrategy,
  },
  {
    name: "next",
    codec: pollingStrategy,
    hex: "050000000000000000",
    value: { kind: "next", value: 0n } satisfies PollingStrategy,
  },
  { name: "noAck", codec: ackLevel, hex: "00", value: "noAck" satisfies AckLevel },
  { name: "quorum", codec: ackLevel, hex: "01", value: "quorum" satisfies AckLevel },
];

const invalid: { name: string; codec: any; hex: string; code: string }[] = [
  { name: "consumer kind 4 before the id", codec: consumer, hex: "04", code: "UNKNOWN_DISCRIMINANT" },
  { name: "consumer kind 0", codec: consumer, hex: "00010401000000", code: "UNKNOWN_DISCRIMINANT" },
  { name: "consumer without id", codec: consumer, hex: "01", code: "TRUNCATED" },
  { name: "partitioning one byte", codec: partitioning, hex: "01", code: "TRUNCATED" },
  { name: "balanced with length 1", codec: partitioning, hex: "0101", code: "INVALID_VALUE" },
  { name: "partitionId with length 3", codec: partitioning, hex: "0203010000", code: "INVALID_VALUE" },
  { name: "partitionId short", codec: partitioning, hex: "0204010000", code: "TRUNCATED" },
  { name: "empty key", codec: partitioning, hex: "0300", code: "INVALID_VALUE" },
  { name: "key short", codec: partitioning, hex: "030201", code: "TRUNCATED" },
  { name: "partitioning kind 4", codec: partitioning, hex: "0400", code: "UNKNOWN_DISCRIMINANT" },
  { name: "polling kind 0 before value", codec: pollingStrategy, hex: "00", code: "UNKNOWN_DISCRIMINANT" },
  { name: "polling kind 6", codec: pollingStrategy, hex: "060000000000000000", code: "UNKNOWN_DISCRIMINANT" },
  { name: "polling value short", codec: pollingStrategy, hex: "0100000000000000", code: "TRUNCATED" },
  { name: "ack level 2", codec: ackLevel, hex: "02", code: "UNKNOWN_DISCRIMINANT" },
  { name: "ack level empty", codec: ackLevel, hex: "", code: "TRUNCATED" },
];

describe("consumer, partitioning, polling strategy, ack level", () => {
  for (const { name, codec, hex, value } of cases) {
    it(`${codec.name} round-trips ${name}`, () => {
      assert.deepEqual(decodePayload(codec, fromHex(hex)), value);
      assert.equal(toHex(encodePayload(codec, value)), hex);
    });
  }
  for (const { name, codec, hex, code } of invalid) {
    it(`${codec.name} decode() throws ${code} for ${name}`, () => {
      assertWireError(() => decodePayload(codec, fromHex(hex)), code);
    });
  }
  it("partitioning encode() rejects an empty or 256-byte key with INVALID_VALUE", () => {
    for (const n of [0, 256]) {
      assertWireError(
        () => encodePayload(partitioning, { kind: "messagesKey", value: new Uint8Array(n) }),
        "INVALID_VALUE",
      );
    }
  });
});
