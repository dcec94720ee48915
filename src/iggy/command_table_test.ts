import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  COMMAND_TABLE,
  commandCodeName,
  lookupByOperation,
  lookupCommand,
  operationForCode,
  operationFromCommandCode,
  operationToCommandCode,
  requestCodeOf,
  RETIRED_COMMAND_CODES,
} from "./command_table.ts";
import { CommandCode } from "./command_codes.ts";
import { isKnownOperation, Operation } from "./consensus/operation.ts";

describe("command table", () => {
  it("has 49 entries with distinct codes and operations", () => {
    assert.equal(COMMAND_TABLE.length, 49);
    assert.equal(new Set(COMMAND_TABLE.map((m) => m.code)).size, 49);
    const ops = COMMAND_TABLE.filter((m) => m.replicated).map((m) => m.operation);
    assert.equal(new Set(ops).size, ops.length);
  });
  const lookups: [number, string, number | undefined][] = [
    [CommandCode.Ping, "ping", undefined],
    [CommandCode.CreateStream, "stream.create", Operation.CreateStream],
    [CommandCode.SendMessages, "message.send", Operation.SendMessages],
    [CommandCode.UpdateResource, "resource.update", Operation.UpdateResource],
    [CommandCode.GetMetadataChanges, "metadata.changes", undefined],
    [CommandCode.LoginRegisterWithPat, "user.login_register_with_pat", undefined],
  ];
  for (const [code, name, op] of lookups) {
    it(`lookupCommand(${code}) is ${name}`, () => {
      const m = lookupCommand(code)!;
      assert.equal(m.name, name);
      assert.equal(commandCodeName(code), name);
      assert.equal(m.operation, op);
      assert.equal(m.replicated, op !== undefined);
      if (op !== undefined) assert.equal(lookupByOperation(op), m);
    });
  }
  it("treats retired and unknown codes as unknown (undefined, not an error)", () => {
    for (const code of [...RETIRED_COMMAND_CODES, 0, 9999]) {
      assert.equal(lookupCommand(code), undefined);
      assert.equal(commandCodeName(code), undefined);
      assert.equal(operationFromCommandCode(code), undefined);
      assert.equal(operationForCode(code), Operation.NonReplicated);
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
      assert.equal(operationToCommandCode(op), undefined);
    }
  });
});

describe("code <-> operation lookups derived from the table", () => {
  it("operationToCommandCode() and operationFromCommandCode() invert each other on every replicated command", () => {
    const replicated = COMMAND_TABLE.filter((m) => m.replicated);
    assert.equal(replicated.length, 21);
    for (const m of replicated) {
      assert.ok(isKnownOperation(m.operation!), `${m.name}: operation ${m.operation}`);
      assert.equal(operationFromCommandCode(m.code), m.operation);
      assert.equal(operationToCommandCode(m.operation as Operation), m.code);
      assert.equal(operationForCode(m.code), m.operation);
    }
  });
  it("login-register and logout travel under the VSR-reserved operations", () => {
    assert.equal(operationForCode(CommandCode.LoginRegister), Operation.Register);
    assert.equal(operationForCode(CommandCode.LoginRegisterWithPat), Operation.Register);
    assert.equal(operationForCode(CommandCode.LogoutUser), Operation.Logout);
    assert.equal(operationForCode(CommandCode.Ping), Operation.NonReplicated);
  });
  it("requestCodeOf() reads back the code every command is sent as", () => {
    for (const m of COMMAND_TABLE) {
      const op = operationForCode(m.code);
      const back = requestCodeOf(op, op === Operation.NonReplicated ? m.code : 0);
      // Register names the password login; the body tells it from the token login.
      const want = m.code === CommandCode.LoginRegisterWithPat ? CommandCode.LoginRegister : m.code;
      assert.equal(back, want, m.name);
    }
    assert.equal(requestCodeOf(Operation.UpdateStreamResolved, 0), undefined);
  });
});
