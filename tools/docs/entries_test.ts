import { test } from "node:test";
import assert from "node:assert/strict";
import { exportEntries } from "./entries.ts";

test("exportEntries lists every exports value once, in order", () => {
  const json = JSON.stringify({ exports: { ".": "./mod.ts", "./a": "./src/a.ts", "./b": "./src/a.ts" } });
  assert.deepEqual(exportEntries(json), ["./mod.ts", "./src/a.ts"]);
});

test("exportEntries accepts the string form and a missing field", () => {
  assert.deepEqual(exportEntries(JSON.stringify({ exports: "./mod.ts" })), ["./mod.ts"]);
  assert.deepEqual(exportEntries("{}"), []);
});
