import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { CommandCode } from "./command_codes.ts";
import { commandCodecs, decodeAnyRequestBody, decodeRequestBody, encodeRequestBody } from "./dispatch.ts";
import { COMMAND_TABLE, RETIRED_COMMAND_CODES } from "./command_table.ts";

describe("CommandCode", () => {
  it("names every command of the table once, by the codec's type name", () => {
    const codes = Object.values(CommandCode);
    assert.equal(new Set(codes).size, codes.length);
    assert.deepEqual(
      [...codes].sort((a, b) => a - b),
      COMMAND_TABLE.map((m) => m.code).sort((a, b) => a - b),
    );
    for (const [name, code] of Object.entries(CommandCode)) {
      assert.equal(commandCodecs(code).name, name);
      assert.ok(!RETIRED_COMMAND_CODES.includes(code));
    }
  });

  it("types decodeRequestBody by a literal code and narrows decodeAnyRequestBody by code", () => {
    const bytes = encodeRequestBody(CommandCode.CreateStream, { name: "orders", options: new Uint8Array(0) });
    // Compile-time: `name` exists on the CreateStream request type.
    const name: string = decodeRequestBody(CommandCode.CreateStream, bytes).name;
    assert.equal(name, "orders");
    const any = decodeAnyRequestBody(CommandCode.CreateStream, bytes);
    if (any.code !== CommandCode.CreateStream) assert.fail("code not kept");
    assert.equal(any.body.name, "orders");
  });
});
