import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { assertWireError } from "../testdata/wire_assert_test.ts";
import { toHex } from "../wire/hex.ts";
import { Writer } from "../wire/writer.ts";
import { encodeRequest } from "./api.ts";
import { encodePayload } from "./codec.ts";
import { CommandCode } from "./command_codes.ts";
import { encodeRequestBody, writeRequestBody } from "./dispatch.ts";
import { encodeSendMessages } from "./commands/messages.ts";
import { encodeBatch } from "./batch/builder.ts";
import { identifier } from "./primitives/identifier.ts";
import type { PollingStrategy } from "./primitives/polling_strategy.ts";

const numeric = (value: number) => ({ kind: "numeric" as const, value });
const poll = (strategy: PollingStrategy) => ({
  consumer: { kind: "consumer" as const, id: numeric(1) },
  streamId: numeric(1),
  topicId: numeric(2),
  partitionId: 0,
  strategy,
  count: 10,
  autoCommit: true,
});
const send = (messages: unknown[]) => ({
  streamId: numeric(1),
  topicId: numeric(2),
  partitioning: { kind: "balanced" as const },
  messages: messages as never,
});

describe("Iggy encode errors", () => {
  const cases: { name: string; code: string; path: string; encode: () => unknown }[] = [
    {
      name: "a name given a number, in a whole request frame",
      code: "INVALID_VALUE",
      path: "name",
      encode: () =>
        encodeRequest(CommandCode.CreateStream, { requestId: 1n }, {
          name: 5 as never,
          options: new Uint8Array(),
        }),
    },
    {
      name: "an empty name",
      code: "INVALID_VALUE",
      path: "name",
      encode: () => encodeRequestBody(CommandCode.CreateStream, { name: "", options: new Uint8Array() }),
    },
    {
      name: "a u32 inside an identifier inside a request",
      code: "VALUE_OUT_OF_RANGE",
      path: "topicId.value",
      encode: () =>
        encodeRequestBody(CommandCode.PollMessages, {
          ...poll({ kind: "next", value: 0n }),
          topicId: numeric(-2),
        }),
    },
    {
      name: "an unknown polling kind",
      code: "INVALID_VALUE",
      path: "strategy.kind",
      encode: () => encodeRequestBody(CommandCode.PollMessages, poll({ kind: "latest" as never, value: 0n })),
    },
    {
      name: "a message id out of range, in SendMessages by code",
      code: "VALUE_OUT_OF_RANGE",
      path: "messages[1].id",
      encode: () =>
        encodeRequestBody(
          CommandCode.SendMessages,
          send([{ payload: new Uint8Array(1) }, { payload: new Uint8Array(1), id: -1n }]),
        ),
    },
    {
      name: "a payload given a string, in encodeSendMessages",
      code: "INVALID_VALUE",
      path: "messages[0].payload",
      encode: () =>
        encodeSendMessages(numeric(1), numeric(2), { kind: "balanced" }, [{ payload: "x" as never }]),
    },
    {
      name: "a payload given a string, in the batch builder",
      code: "INVALID_VALUE",
      path: "[1].payload",
      encode: () => encodeBatch([{ payload: new Uint8Array(1) }, { payload: "x" as never }]),
    },
    {
      name: "a field written into a caller's Writer",
      code: "INVALID_VALUE",
      path: "count",
      encode: () =>
        writeRequestBody(new Writer(), CommandCode.PollMessages, {
          ...poll({ kind: "next", value: 0n }),
          count: "10" as never,
        }),
    },
    {
      name: "a primitive codec's own field",
      code: "VALUE_OUT_OF_RANGE",
      path: "value",
      encode: () => encodePayload(identifier, numeric(2 ** 32)),
    },
  ];
  for (const c of cases) {
    it(`names ${c.path} for ${c.name} (${c.code})`, () => {
      assertWireError(c.encode, c.code, { side: "encode", path: c.path });
    });
  }

  it("names the command in the context", () => {
    assertWireError(cases[0].encode, "INVALID_VALUE", { context: "CreateStream" });
  });

  it("takes safe-integer numbers for u64 fields, with the bytes of the bigint", () => {
    const a = encodeRequestBody(CommandCode.PollMessages, poll({ kind: "offset", value: 5 as never }));
    const b = encodeRequestBody(CommandCode.PollMessages, poll({ kind: "offset", value: 5n }));
    assert.equal(toHex(a), toHex(b));
    assertWireError(
      () => encodeRequestBody(CommandCode.PollMessages, poll({ kind: "offset", value: -1 as never })),
      "VALUE_OUT_OF_RANGE",
      { path: "strategy.value" },
    );
  });
});
