import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as root from "../mod.ts";
import * as wire from "./wire/mod.ts";

describe("the root entry (mod.ts)", () => {
  it("names the protocol in every value it exports besides the shared wire layer", () => {
    const unnamed = Object.keys(root).filter((name) => !(name in wire) && !/iggy|kafka/i.test(name));
    assert.deepEqual(unnamed, []);
  });
  it("exports the shared wire layer under its own names", () => {
    for (const name of ["Reader", "Writer", "WireError", "isWireError", "toHex"]) {
      assert.equal((root as Record<string, unknown>)[name], (wire as Record<string, unknown>)[name], name);
    }
  });
});
