import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { WIRE_ERROR_CODES } from "../../src/wire/error.ts";
import { codeMatches } from "./check.ts";
import { readJson, vectorsDir } from "./files.ts";
import { ERROR_FAMILIES, FAMILY_OF_CODE, familyOf } from "./format.ts";
import { validate } from "./schema.ts";
import { keepOffset, stampFile } from "./stamp.ts";
import type { VectorFile, VectorTest } from "./types.ts";

test("every wire error code has exactly one known family", () => {
  assert.deepEqual(Object.keys(FAMILY_OF_CODE).sort(), [...WIRE_ERROR_CODES].sort());
  for (const code of WIRE_ERROR_CODES) assert.ok(ERROR_FAMILIES.includes(familyOf(code)!), code);
  assert.equal(familyOf("NOT_A_CODE"), undefined);
});

test("codeMatches: exact, by family, and with the short-input families as one", () => {
  assert.ok(codeMatches("TRUNCATED", "TRUNCATED", "code"));
  assert.ok(!codeMatches("NEGATIVE_LENGTH", "LENGTH_EXCEEDS_REMAINING", "code"));
  assert.ok(codeMatches("NEGATIVE_LENGTH", "LENGTH_EXCEEDS_REMAINING", "family"));
  assert.ok(!codeMatches("TRUNCATED", "COUNT_EXCEEDS_REMAINING", "family"));
  assert.ok(codeMatches("TRUNCATED", "COUNT_EXCEEDS_REMAINING", "short"));
  assert.ok(!codeMatches("TRUNCATED", "INVALID_UTF8", "short"));
});

function fileWith(t: VectorTest): VectorFile {
  return {
    schema: "wirevec-v1.1.schema.json",
    protocol: "iggy",
    message: "X",
    upstream: { name: "iggy_binary_protocol", version: "0" },
    numberOfTests: 1,
    testGroups: [{
      direction: "request",
      framing: "body",
      source: { name: "iggy_binary_protocol", version: "0" },
      tests: [t],
    }],
  };
}

test("stamp: family from the table, offsets kept only where the reference places them in the input", () => {
  const whole: VectorTest = {
    tcId: 1,
    name: "a",
    hex: "0102",
    result: "invalid",
    error: {
      code: "TRUNCATED",
      offset: 2,
      detail: "unexpected end of buffer at offset 2: need 4 bytes, have 0",
    },
  };
  const inner: VectorTest = {
    ...whole,
    error: {
      code: "TRUNCATED",
      offset: 0,
      detail: "unexpected end of buffer at offset 0: need 4 bytes, have 0",
    },
  };
  const utf8: VectorTest = {
    ...whole,
    error: { code: "INVALID_UTF8", offset: 1, detail: "invalid utf-8 at offset 1" },
  };
  assert.ok(keepOffset(whole, whole.error!));
  assert.ok(!keepOffset(inner, inner.error!));
  assert.ok(!keepOffset(utf8, utf8.error!));
  const once = stampFile(fileWith(structuredClone(whole)));
  assert.deepEqual(once.testGroups[0].tests[0].error, { ...whole.error, family: "truncated" });
  assert.equal(once.schema, "wirevec-v1.1.schema.json");
  assert.deepEqual(stampFile(structuredClone(once)), once, "stamping is idempotent");
  const dropped = stampFile(fileWith(structuredClone(inner))).testGroups[0].tests[0].error!;
  assert.equal(dropped.offset, undefined);
  assert.equal(dropped.family, "truncated");
});

test("the generated value schemas reject values that differ from Kafka's shape", () => {
  const s = readJson<Record<string, any>>(
    join(vectorsDir(), "schema", "values", "kafka", "api_versions.schema.json"),
  );
  const v3 = s.$defs["request.v3"];
  const good = { clientSoftwareName: "a", clientSoftwareVersion: "b" };
  assert.deepEqual(validate(good, v3, s), []);
  assert.notDeepEqual(validate({ clientSoftwareName: "a" }, v3, s), [], "missing field");
  assert.notDeepEqual(validate({ ...good, extra: 1 }, v3, s), [], "unknown field");
  assert.notDeepEqual(validate({ ...good, clientSoftwareName: 7 }, v3, s), [], "wrong type");
  const hdr = s.$defs["response.hdr.v3"];
  assert.ok(hdr, "header+body groups have a {header, body} schema");
  assert.notDeepEqual(validate({ body: {} }, hdr, s), []);
});

test("the file schema ties error.family to error.code", () => {
  const schema = readJson<Record<string, unknown>>(join(vectorsDir(), "schema", "wirevec-v1.1.schema.json"));
  const t: VectorTest = {
    tcId: 1,
    name: "a",
    hex: "",
    result: "invalid",
    error: { code: "TRUNCATED", family: "truncated" },
  };
  assert.deepEqual(validate(fileWith(t), schema), []);
  t.error!.family = "count";
  assert.notDeepEqual(validate(fileWith(t), schema), []);
});

test("the Iggy value schemas (from streamwire's TS types) reject values off the type", () => {
  const dir = vectorsDir();
  const s = readJson<Record<string, any>>(join(dir, "schema", "values", "iggy", "create_topic.schema.json"));
  const file = readJson<VectorFile>(join(dir, "iggy", "create_topic.json"));
  const g = file.testGroups.find((x) => x.direction === "request")!;
  const value = g.tests.find((t) => t.result === "valid")!.value as Record<string, unknown>;
  const def = s.$defs["request.v-"];
  assert.deepEqual(validate(value, def, s), []);
  assert.notDeepEqual(validate({ ...value, extra: 1 }, def, s), [], "unknown field");
  const { name: _name, ...noName } = value;
  assert.notDeepEqual(validate(noName, def, s), [], "missing field");
  assert.notDeepEqual(
    validate({ ...value, streamId: { kind: "numeric", value: "7" } }, def, s),
    [],
    "wrong type",
  );
});
