import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromHex, toHex } from "../wire/hex.ts";
import {
  decodeOperationBody,
  decodeRequestBody,
  decodeResponseBody,
  decodeResponseBodyOrNull,
  encodeRequestBody,
  encodeResponseBody,
} from "./dispatch.ts";
import { CommandCode } from "./command_codes.ts";
import { Operation } from "./consensus/operation.ts";
import { assertWireError } from "../testdata/wire_assert_test.ts";

describe("decodeRequestBody / encodeRequestBody", () => {
  it("round-trips CreateStream through the registry", () => {
    const bytes = encodeRequestBody(202, { name: "orders", options: new Uint8Array() });
    assert.equal(toHex(bytes), "066f7264657273");
    assert.deepEqual(decodeRequestBody(202, bytes), { name: "orders", options: new Uint8Array() });
  });
  it("decodes an empty Ping request and response", () => {
    assert.deepEqual(decodeRequestBody(1, new Uint8Array()), {});
    assert.deepEqual(decodeResponseBody(1, new Uint8Array()), {});
    assert.equal(encodeResponseBody(CommandCode.Ping, {}).length, 0);
  });
  it("decodeResponseBodyOrNull() reads an empty GetStream payload as not found, and still rejects it for GetStats", () => {
    assert.equal(decodeResponseBodyOrNull(CommandCode.GetStream, new Uint8Array()), null);
    assertWireError(() => decodeResponseBody(CommandCode.GetStream, new Uint8Array()), "TRUNCATED");
    assertWireError(() => decodeResponseBodyOrNull(CommandCode.GetStats, new Uint8Array()), "TRUNCATED");
  });
  it("decodeResponseBodyOrNull() is typed by the code (the response type, or null)", () => {
    const body = encodeResponseBody(CommandCode.CreateStream, {
      id: 1,
      createdAt: 2n,
      topicsCount: 0,
      sizeBytes: 0n,
      messagesCount: 0n,
      name: "s",
      options: new Uint8Array(),
      derivedOptions: new Uint8Array(),
    });
    const stream = decodeResponseBodyOrNull(CommandCode.CreateStream, body);
    // Compile-time: `name` exists on the CreateStream response type once null is ruled out.
    const name: string | undefined = stream?.name;
    assert.equal(name, "s");
  });
  it("throws UNKNOWN_COMMAND for an unknown or retired code", () => {
    for (const code of [204, 9999]) {
      assertWireError(() => decodeRequestBody(code, new Uint8Array()), "UNKNOWN_COMMAND");
    }
  });
  it("decodes an operation-only body (UpdateStreamResolved) and a replicated command's body", () => {
    const v = decodeOperationBody(
      Operation.UpdateStreamResolved,
      fromHex("010401000000" + "00" + "00000000" + "00000000"),
    );
    assert.deepEqual(v, {
      streamId: { kind: "numeric", value: 1 },
      name: null,
      explicitOptions: new Uint8Array(),
      derivedOptions: new Uint8Array(),
    });
    assert.deepEqual(decodeOperationBody(Operation.CreateStream, fromHex("0161")), {
      name: "a",
      options: new Uint8Array(),
    });
  });
});
