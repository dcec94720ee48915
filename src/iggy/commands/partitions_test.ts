import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromHex, toHex } from "../../wire/hex.ts";
import { decodePayload, encodePayload, type PayloadCodec } from "../codec.ts";
import {
  createPartitionsRequest,
  createPartitionsWithAssignmentsRequest,
  installConsumerGroupOwnerRequest,
  retireConsumerGroupOwnersRequest,
  transitionPartitionHistoryRequest,
} from "./partitions.ts";
import { decodeOperationBody, decodeRequestBody } from "../dispatch.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

const u64 = (v: bigint) => toHex(new Uint8Array(new BigUint64Array([v]).buffer));
const id1 = "010401000000";
const inner = id1 + "010402000000" + "01000000"; // stream 1, topic 2, one partition
const assignment = "05000000" + u64(7n) + "09000000";

describe("partition layouts", () => {
  it("encodes CreatePartitions field by field", () => {
    const ids = { streamId: { kind: "numeric", value: 1 }, topicId: { kind: "numeric", value: 2 } } as const;
    assert.equal(toHex(encodePayload(createPartitionsRequest, { ...ids, partitionsCount: 1 })), inner);
  });

  it("is reachable through the dispatch table by code and by operation", () => {
    assert.deepEqual(decodeRequestBody(402, fromHex(inner)), {
      streamId: { kind: "numeric", value: 1 },
      topicId: { kind: "numeric", value: 2 },
      partitionsCount: 1,
    });
    assert.deepEqual(decodeOperationBody(168, fromHex(u64(3n) + u64(9n))), {
      incarnation: 3n,
      metadataOp: 9n,
    });
    assertWireError(() => decodeOperationBody(168, fromHex(u64(3n) + u64(9n) + "00")), "INVALID_VALUE");
  });

  it("frames the inner request of CreatePartitionsWithAssignments with its length", () => {
    const hex = "10000000" + inner + "01000000" + assignment;
    const v = decodePayload(createPartitionsWithAssignmentsRequest, fromHex(hex));
    assert.deepEqual(v.partitions, [{ partitionId: 5, consensusGroupId: 7n, initialView: 9 }]);
    assert.equal(toHex(encodePayload(createPartitionsWithAssignmentsRequest, v)), hex);
  });
});

const rejects: { name: string; codec: PayloadCodec<unknown>; hex: string; code: string }[] = [
  {
    name: "an assignment count unlike partitions_count",
    codec: createPartitionsWithAssignmentsRequest as PayloadCodec<unknown>,
    hex: "10000000" + inner + "00000000",
    code: "INVALID_VALUE",
  },
  {
    name: "a request length one byte longer than the request",
    codec: createPartitionsWithAssignmentsRequest as PayloadCodec<unknown>,
    hex: "11000000" + inner + "00" + "01000000" + assignment,
    code: "INVALID_VALUE",
  },
  {
    name: "a request length past the end",
    codec: createPartitionsWithAssignmentsRequest as PayloadCodec<unknown>,
    hex: "ffffffff" + inner,
    code: "TRUNCATED",
  },
  {
    name: "a byte after the last assignment",
    codec: createPartitionsWithAssignmentsRequest as PayloadCodec<unknown>,
    hex: "10000000" + inner + "01000000" + assignment + "00",
    code: "INVALID_VALUE",
  },
  {
    name: "an owner with a client but no session",
    codec: installConsumerGroupOwnerRequest as PayloadCodec<unknown>,
    hex: u64(1n) + u64(1n) + "01" + "00".repeat(15) + u64(0n) + u64(1n) + u64(1n),
    code: "INVALID_VALUE",
  },
  {
    name: "a zero metadata_op",
    codec: installConsumerGroupOwnerRequest as PayloadCodec<unknown>,
    hex: u64(1n) + u64(1n) + "00".repeat(24) + u64(1n) + u64(0n),
    code: "INVALID_VALUE",
  },
  {
    name: "a catalog shorter than its count",
    codec: retireConsumerGroupOwnersRequest as PayloadCodec<unknown>,
    hex: u64(1n) + u64(1n) + u64(9n) + "02000000" + u64(1n),
    code: "INVALID_VALUE",
  },
  {
    name: "a catalog count over 2^20",
    codec: retireConsumerGroupOwnersRequest as PayloadCodec<unknown>,
    hex: u64(1n) + u64(1n) + u64(9n) + "01001000",
    code: "INVALID_VALUE",
  },
  {
    name: "catalog ids out of order",
    codec: retireConsumerGroupOwnersRequest as PayloadCodec<unknown>,
    hex: u64(1n) + u64(1n) + u64(9n) + "02000000" + u64(4n) + u64(3n),
    code: "INVALID_VALUE",
  },
  {
    name: "a catalog id not below next_group_id",
    codec: retireConsumerGroupOwnersRequest as PayloadCodec<unknown>,
    hex: u64(1n) + u64(1n) + u64(9n) + "01000000" + u64(9n),
    code: "INVALID_VALUE",
  },
  {
    name: "a history transition without metadata_op",
    codec: transitionPartitionHistoryRequest as PayloadCodec<unknown>,
    hex: u64(3n) + u64(0n),
    code: "INVALID_VALUE",
  },
  {
    name: "a history transition cut to 15 bytes",
    codec: transitionPartitionHistoryRequest as PayloadCodec<unknown>,
    hex: u64(3n) + "01".repeat(7),
    code: "TRUNCATED",
  },
];

describe("partition validation", () => {
  for (const { name, codec, hex, code } of rejects) {
    it(`decode() throws ${code} for ${name}`, () => {
      assertWireError(() => decodePayload(codec, fromHex(hex)), code);
    });
  }

  it("encode() throws INVALID_VALUE for values the crate would reject on decode", () => {
    const request = {
      streamId: { kind: "numeric", value: 1 },
      topicId: { kind: "numeric", value: 2 },
      partitionsCount: 2,
    } as const;
    assertWireError(
      () => encodePayload(createPartitionsWithAssignmentsRequest, { request, partitions: [] }),
      "INVALID_VALUE",
    );
    assertWireError(
      () =>
        encodePayload(retireConsumerGroupOwnersRequest, {
          incarnation: 0n,
          metadataOp: 1n,
          nextGroupId: 5n,
          liveGroupIds: [2n, 2n],
        }),
      "INVALID_VALUE",
    );
    assertWireError(
      () => encodePayload(transitionPartitionHistoryRequest, { incarnation: 0n, metadataOp: 0n }),
      "INVALID_VALUE",
    );
  });
});
