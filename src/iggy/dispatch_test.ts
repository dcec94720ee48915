import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromHex, toHex } from "../wire/hex.ts";
import { isWireError } from "../wire/error.ts";
import {
  COMMAND_TABLE,
  commandName,
  decodeOperationBody,
  decodeRequest,
  decodeResponse,
  decodeResponseOrNull,
  encodeRequest,
  lookupByOperation,
  lookupCommand,
  RETIRED_COMMAND_CODES,
} from "./dispatch.ts";
import { Operation } from "./consensus/operation.ts";

describe("command table", () => {
  it("has 49 entries with distinct codes and operations", () => {
    assert.equal(COMMAND_TABLE.length, 49);
    assert.equal(new Set(COMMAND_TABLE.map((m) => m.code)).size, 49);
    const ops = COMMAND_TABLE.filter((m) => m.replicated).map((m) => m.operation);
    assert.equal(new Set(ops).size, ops.length);
  });
  const lookups: [number, string, number | undefined][] = [
    [1, "ping", undefined],
    [202, "stream.create", 128],
    [101, "message.send", 160],
    [16, "resource.update", 150],
    [17, "metadata.changes", undefined],
    [45, "user.login_register_with_pat", undefined],
  ];
  for (const [code, name, op] of lookups) {
    it(`lookupCommand(${code}) is ${name}`, () => {
      const m = lookupCommand(code)!;
      assert.equal(m.name, name);
      assert.equal(m.operation, op);
      assert.equal(m.replicated, op !== undefined);
      if (op !== undefined) assert.equal(lookupByOperation(op), m);
    });
  }
  it("treats retired codes as unknown (UNKNOWN_COMMAND)", () => {
    for (const code of [...RETIRED_COMMAND_CODES, 0, 9999]) {
      assert.equal(lookupCommand(code), undefined);
      assert.throws(() => commandName(code), (e) => isWireError(e) && e.code === "UNKNOWN_COMMAND");
    }
  });
  it("lookupByOperation() is undefined for operations without a client code", () => {
    for (
      const op of [
        Operation.Reserved,
        Operation.Register,
        Operation.NonReplicated,
        Operation.UpdateStreamResolved,
      ]
    ) {
      assert.equal(lookupByOperation(op), undefined);
    }
  });
});

describe("decodeRequest / encodeRequest", () => {
  it("round-trips CreateStream through the registry", () => {
    const bytes = encodeRequest(202, { name: "orders", options: new Uint8Array() });
    assert.equal(toHex(bytes), "066f7264657273");
    assert.deepEqual(decodeRequest(202, bytes), { name: "orders", options: new Uint8Array() });
  });
  it("decodes an empty Ping request and response", () => {
    assert.deepEqual(decodeRequest(1, new Uint8Array()), {});
    assert.deepEqual(decodeResponse(1, new Uint8Array()), {});
  });
  it("decodeResponseOrNull() reads an empty GetStream payload as not found, and still rejects it for GetStats", () => {
    assert.equal(decodeResponseOrNull(200, new Uint8Array()), null);
    assert.throws(
      () => decodeResponse(200, new Uint8Array()),
      (e) => isWireError(e) && e.code === "TRUNCATED",
    );
    assert.throws(
      () => decodeResponseOrNull(10, new Uint8Array()),
      (e) => isWireError(e) && e.code === "TRUNCATED",
    );
  });
  it("throws UNKNOWN_COMMAND for an unknown or retired code", () => {
    for (const code of [204, 9999]) {
      assert.throws(
        () => decodeRequest(code, new Uint8Array()),
        (e) => isWireError(e) && e.code === "UNKNOWN_COMMAND",
      );
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
