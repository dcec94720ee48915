import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromHex, toHex } from "../../wire/hex.ts";
import { isWireError } from "../../wire/error.ts";
import { decodePayload, encodePayload } from "../codec.ts";
import { encodeBatch } from "../batch/builder.ts";
import { encodeRequest } from "../api.ts";
import { CommandCode } from "../command_codes.ts";
import { encodeRequestBody } from "../dispatch.ts";
import {
  decodePollMessagesResponse,
  decodeSendMessagesRequest,
  decodeSendMessagesResponse,
  encodeSendMessages,
  forEachPolledMessage,
  getPartitionRouteRequest,
  partitionRouteResponse,
  pollMessagesRequest,
  pollMessagesResponse,
  sendMessagesRequest,
  sendMessagesResponse,
} from "./messages.ts";

function failure(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (isWireError(e)) return `${e.code}: ${e.detail}`;
    throw e;
  }
  return "ok";
}

// The crate's SendMessagesEncoder: stream 1, topic 2, balanced, one message (id 1, ts 1000, "hello").
const SEND_ONE = "1200000001040100000001040200000001000100000000000000000000000000000000000000000000000000" +
  "0000e8030000000000003501000000000000e3b881c7571edb1801000000" + "00".repeat(204) +
  "8e5ca59edbbdbfb9010000000000000000000000000000000000000000000000000000000500000000000000000000" +
  "0068656c6c6f";
const numeric = (value: number) => ({ kind: "numeric" as const, value });

describe("SendMessages", () => {
  it("encodeSendMessages() matches the crate's producer encoder byte for byte", () => {
    const body = encodeSendMessages(numeric(1), numeric(2), { kind: "balanced" }, [
      { id: 1n, originTimestamp: 1000, payload: new TextEncoder().encode("hello") },
    ]);
    assert.equal(toHex(body), SEND_ONE);
  });

  it("decodes the crate's bytes and re-encodes them verbatim from the record", () => {
    const req = decodeSendMessagesRequest(fromHex(SEND_ONE));
    assert.equal(req.messagesCount, 1);
    assert.equal(req.batch.messageCount, 1);
    assert.equal(toHex(encodePayload(sendMessagesRequest, req)), SEND_ONE);
  });

  const rejects = [
    {
      name: "a trailing byte",
      hex: SEND_ONE + "00",
      want: "INVALID_VALUE: validation failed: 1 trailing byte(s) after SendMessages",
    },
    { name: "a corrupt payload", hex: SEND_ONE.slice(0, -2) + "6e", want: "CHECKSUM_MISMATCH" },
    { name: "metadata_length past the end", hex: "ffffffff" + SEND_ONE.slice(8), want: "TRUNCATED" },
    {
      name: "stream id kind 9",
      hex: SEND_ONE.slice(0, 8) + "09" + SEND_ONE.slice(10),
      want: "UNKNOWN_DISCRIMINANT",
    },
  ];
  for (const r of rejects) {
    it(`rejects ${r.name}`, () =>
      assert.ok(failure(() => decodePayload(sendMessagesRequest, fromHex(r.hex))).startsWith(r.want)));
  }

  it("encodeSendMessages() equals the payload codec's bytes, in batches below and above the XXH3 kernel's chunk", () => {
    // The frames are laid out in the kernel's memory in runs and copied out: one run, several,
    // and frames larger than a run (written in place).
    for (const [count, size] of [[1, 0], [1000, 100], [1700, 100], [1800, 100], [3, 200_000], [2, 300_000]]) {
      const messages = Array.from({ length: count }, (_, i) => ({
        id: i % 2 ? BigInt(i) << 80n : i,
        originTimestamp: 1_700_000_000_000_000 + i,
        payload: new Uint8Array(size).map((_, j) => (i * 31 + j * 7) & 0xff),
        userHeaders: i % 3 === 0 ? new Uint8Array([1, 2, 3]) : undefined,
      }));
      const v = { streamId: numeric(1), topicId: { kind: "string" as const, value: "t" }, messages };
      const want = encodePayload(sendMessagesRequest, { ...v, partitioning: { kind: "balanced" } });
      const got = encodeSendMessages(v.streamId, v.topicId, { kind: "balanced" }, messages);
      assert.equal(got.length, want.length, `${count} x ${size} B`);
      assert.ok(got.every((b, i) => b === want[i]), `${count} x ${size} B`);
      assert.equal(got.byteOffset, 0);
      assert.equal(got.buffer.byteLength, got.length, "the result owns its buffer");
      assert.equal(decodeSendMessagesRequest(got).batch.messageCount, count);
    }
  });

  it("the three ways to build SendMessages give the same bytes (the README's advice relies on it)", () => {
    const messages = Array.from({ length: 50 }, (_, i) => ({
      id: BigInt(i + 1),
      originTimestamp: 1_700_000_000_000_000 + i * 10,
      payload: new TextEncoder().encode(`message ${i}`),
    }));
    const streamId = numeric(1), topicId = { kind: "string" as const, value: "orders" };
    const partitioning = { kind: "partitionId" as const, value: 3 };
    const direct = encodeSendMessages(streamId, topicId, partitioning, messages);
    const byCode = encodeRequestBody(CommandCode.SendMessages, { streamId, topicId, partitioning, messages });
    const prebuilt = encodeRequestBody(CommandCode.SendMessages, {
      streamId,
      topicId,
      partitioning,
      batch: encodeBatch(messages),
    });
    assert.equal(toHex(byCode), toHex(direct));
    assert.equal(toHex(prebuilt), toHex(direct));
    // And as a whole frame: header + the same body.
    const frame = encodeRequest(CommandCode.SendMessages, { requestId: 9n }, {
      streamId,
      topicId,
      partitioning,
      messages,
    });
    assert.equal(toHex(frame.subarray(frame.length - direct.length)), toHex(direct));
  });

  it("refuses to encode an empty batch", () => {
    assert.equal(
      failure(() => encodeSendMessages(numeric(1), numeric(1), { kind: "balanced" }, [])),
      "INVALID_VALUE: validation failed: cannot encode an empty message batch",
    );
  });

  it("writes a given record verbatim and counts its messages", () => {
    const batch = encodeBatch([{ payload: new Uint8Array(3) }, { payload: new Uint8Array(4) }]);
    const body = encodePayload(sendMessagesRequest, {
      streamId: numeric(1),
      topicId: numeric(1),
      partitioning: { kind: "balanced" },
      batch,
    });
    assert.equal(decodePayload(sendMessagesRequest, body).messagesCount, 2);
  });

  it("response: an empty body is TRUNCATED unless allowEmpty", () => {
    assert.match(failure(() => decodeSendMessagesResponse(new Uint8Array(0))), /^TRUNCATED/);
    assert.deepEqual(decodeSendMessagesResponse(new Uint8Array(0), { allowEmpty: true }), {
      confirmations: [],
    });
  });

  it("response: round-trips a confirmation and rejects a trailing byte", () => {
    const v = { confirmations: [{ streamId: 1, topicId: 2, partitionId: 3, baseOffset: 4n }] };
    const bytes = encodePayload(sendMessagesResponse, v);
    assert.equal(toHex(bytes), "01000000010000000200000003000000" + "0400000000000000");
    assert.deepEqual(decodePayload(sendMessagesResponse, bytes), v);
    assert.equal(
      failure(() => decodePayload(sendMessagesResponse, new Uint8Array([...bytes, 0]))),
      "INVALID_VALUE: validation failed: send_messages response has 1 trailing bytes",
    );
  });
});

describe("PollMessages", () => {
  const REQ = "0101040100000001040a00000001041400000001050000000164000000000000003200000001";
  it("request: matches the crate's bytes", () => {
    const v = decodePayload(pollMessagesRequest, fromHex(REQ));
    assert.deepEqual(v, {
      consumer: { kind: "consumer", id: numeric(1) },
      streamId: numeric(10),
      topicId: numeric(20),
      partitionId: 5,
      strategy: { kind: "offset", value: 100n },
      count: 50,
      autoCommit: true,
    });
    assert.equal(toHex(encodePayload(pollMessagesRequest, v)), REQ);
  });

  it("request: a partition flag other than 1 is no partition", () => {
    const b = fromHex(REQ);
    b[19] = 2;
    assert.equal(decodePayload(pollMessagesRequest, b).partitionId, null);
  });

  it("response: walks records, resolves offsets and passes checksums through", () => {
    const r1 = encodeBatch([{ payload: new Uint8Array([1]) }, { payload: new Uint8Array([2]) }], {
      baseOffset: 100n,
    });
    const r2 = encodeBatch([{ payload: new Uint8Array([3]) }], { baseOffset: 102n });
    r2[r2.length - 1] ^= 0xff;
    const body = encodePayload(pollMessagesResponse, {
      partitionId: 7,
      currentOffset: 102n,
      messagesCount: 3,
      context: { incarnation: 1n, ownerGeneration: 0n, metadataOp: 5n },
      batches: [r1, r2],
    });
    const reply = decodePollMessagesResponse(body);
    const offsets: number[] = [];
    assert.equal(forEachPolledMessage(reply, (c) => offsets.push(c.offsetNumber)), 3);
    assert.deepEqual(offsets, [100, 101, 102]);
    assert.match(
      failure(() => decodePollMessagesResponse(body, { integrity: "verify" })),
      /^CHECKSUM_MISMATCH/,
    );
  });

  it("response: a bad record fails the decode", () => {
    const rec = encodeBatch([{ payload: new Uint8Array(1) }]);
    new DataView(rec.buffer).setUint32(48, 2, true);
    const body = new Uint8Array(40 + rec.length);
    body.set(rec, 40);
    assert.match(
      failure(() => decodePollMessagesResponse(body)),
      /^INVALID_VALUE: validation failed: batch frames do not tile/,
    );
  });

  it("response: 39 bytes is TRUNCATED", () => {
    assert.match(failure(() => decodePayload(pollMessagesResponse, new Uint8Array(39))), /^TRUNCATED/);
  });
});

describe("GetPartitionRoute", () => {
  const GOLDEN = "08070605040302011817161514131211242322213433323141";
  it("response: decodes the crate's golden bytes", () => {
    assert.deepEqual(decodePayload(partitionRouteResponse, fromHex(GOLDEN)), {
      incarnation: 0x0102030405060708n,
      metadataOp: 0x1112131415161718n,
      view: 0x21222324,
      partitionsCount: 0x31323334,
      primaryReplica: 0x41,
    });
  });

  it("response: 26 bytes is INVALID_VALUE", () => {
    assert.equal(
      failure(() => decodePayload(partitionRouteResponse, fromHex(GOLDEN + "00"))),
      "INVALID_VALUE: validation failed: trailing partition route bytes",
    );
  });

  it("request: ignores trailing bytes", () => {
    const b = encodePayload(getPartitionRouteRequest, {
      streamId: numeric(3),
      topicId: { kind: "string", value: "orders" },
      partitionId: 2,
    });
    assert.equal(decodePayload(getPartitionRouteRequest, new Uint8Array([...b, 9])).partitionId, 2);
  });
});
