// The compatibility policy (vectors/README.md "Compatibility") as schema facts: every published
// file schema, and the manifest schema, accept what a later v1 minor may add, and refuse what only
// a new major may change; the lint's strict form refuses anything this minor does not document.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { manifestSchema, vectorFileSchema } from "./file_schema.ts";
import { readJson, vectorsDir } from "./files.ts";
import { FILE_SCHEMA, FROZEN_SCHEMAS } from "./format.ts";
import { validate } from "./schema.ts";

type Obj = Record<string, any>;
const dir = vectorsDir();
const published: [string, Obj][] = readdirSync(join(dir, "schema"))
  .filter((n) => /^wirevec-v.*\.schema\.json$/.test(n))
  .sort()
  .map((n) => [n, readJson<Obj>(join(dir, "schema", n))]);

/** A real file with one test of each shape that matters: a valid hex test, an error, a .bin file. */
function sample(): Obj {
  const f = readJson<Obj>(join(dir, "kafka", "record_batch.json"));
  const tests = f.testGroups[0].tests as Obj[];
  const pick = [
    tests.find((t) => t.result === "valid" && t.hex),
    tests.find((t) => t.error && t.hex),
    tests.find((t) => t.file),
  ];
  f.testGroups = [{ ...f.testGroups[0], tests: pick }];
  f.numberOfTests = pick.length;
  return f;
}

/** What a later minor may do: optional keys on every object, and its own `schema` name. */
function laterMinor(f: Obj): Obj {
  const g = f.testGroups[0];
  f.schema = "wirevec-v1.7.schema.json";
  f.addedInMinor = { any: "thing" };
  g.addedInMinor = 1;
  for (const t of g.tests) {
    t.addedInMinor = [1, 2];
    if (t.error) t.error.addedInMinor = "x";
    if (t.file) t.file.addedInMinor = true;
  }
  return f;
}

test("every published file schema: there are the frozen ones and the current one", () => {
  assert.deepEqual(published.map(([n]) => n).sort(), [...Object.keys(FROZEN_SCHEMAS), FILE_SCHEMA].sort());
});

for (const [name, schema] of published) {
  test(`${name} accepts a file with the keys a later v1 minor may add`, () => {
    assert.deepEqual(validate(sample(), schema), []);
    assert.deepEqual(validate(laterMinor(sample()), schema), []);
  });

  const majorOnly: [string, (f: Obj) => void][] = [
    ["another major's schema name", (f) => (f.schema = "wirevec-v2.schema.json")],
    ["a result 1.0 does not define", (f) => (f.testGroups[0].tests[1].result = "skipped")],
    ["an error code that is not in the list", (f) => (f.testGroups[0].tests[1].error.code = "NEW_CODE")],
    ["a framing that is not defined", (f) => (f.testGroups[0].framing = "stream")],
    ["a missing required key", (f) => delete f.upstream],
  ];
  for (const [what, change] of majorOnly) {
    test(`${name} refuses ${what}`, () => {
      const f = sample();
      change(f);
      assert.notDeepEqual(validate(f, schema), []);
    });
  }
}

test(`the published ${FILE_SCHEMA} refuses an options key (a runner must apply every option)`, () => {
  const f = sample();
  f.testGroups[0].tests[1].options = { maxNewThing: 1 };
  assert.notDeepEqual(validate(f, vectorFileSchema()), []);
});

test("the strict form refuses every key this minor does not document, and result limit", () => {
  const strict = vectorFileSchema({ strict: true });
  assert.deepEqual(validate(sample(), strict), []);
  const errors = validate(laterMinor(sample()), strict);
  for (
    const where of ["$", "$.testGroups[0]", "$.testGroups[0].tests[0]", "$.testGroups[0].tests[1].error"]
  ) {
    assert.ok(errors.some((e) => e.startsWith(`${where}: unexpected property addedInMinor`)), where);
  }
  assert.ok(errors.some((e) => e.includes("must be")), "schema pinned to this minor's name");
  const limit = sample();
  Object.assign(limit.testGroups[0].tests[1], { result: "limit", options: { maxRecordsPerBatch: 1 } });
  limit.testGroups[0].tests[1].error = { code: "LIMIT_EXCEEDED", family: "limit" };
  assert.deepEqual(validate(limit, vectorFileSchema()), [], "1.1.0's limit tests stay valid when published");
  assert.notDeepEqual(validate(limit, strict), []);
});

test("the manifest schema accepts a later minor's manifest and refuses another major's", () => {
  const m = readJson<Obj>(join(dir, "manifest.json"));
  const published = readJson<Obj>(join(dir, "schema", "manifest.schema.json"));
  assert.deepEqual(validate(m, published), []);
  const later = {
    ...m,
    schemaVersion: "wirevec-v1.7",
    addedInMinor: 1,
    files: [{ ...m.files[0], addedInMinor: 2 }],
  };
  assert.deepEqual(validate(later, published), []);
  assert.notDeepEqual(validate(later, manifestSchema({ strict: true })), []);
  assert.notDeepEqual(validate({ ...m, schemaVersion: "wirevec-v2" }, published), []);
});
