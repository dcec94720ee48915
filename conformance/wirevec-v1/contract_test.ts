import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { judge, projector, V1_SCHEMA } from "./contract.ts";
import { readJson, vectorsDir } from "../lib/files.ts";
import type { CaseContext, MessageAdapter, VectorFile, VectorGroup, VectorTest } from "../lib/types.ts";
import { WireError } from "../../src/wire/error.ts";

const schema = readJson<Record<string, unknown>>(join(vectorsDir(), V1_SCHEMA));

test("projector() keeps only the keys the 1.0 schema lists", () => {
  const p = projector(schema);
  const t = p.test({
    tcId: 1,
    name: "x",
    result: "invalid",
    hex: "00",
    codeSource: "oracle",
    provenance: "oracle-layout",
    error: { code: "TRUNCATED", family: "truncated", offset: 0 },
  });
  assert.deepEqual(t, {
    tcId: 1,
    name: "x",
    result: "invalid",
    hex: "00",
    error: { code: "TRUNCATED", offset: 0 },
  });
  const g = p.group({
    direction: "request",
    framing: "body",
    version: 3,
    knownTaggedFields: [],
    source: { name: "kafka-clients", version: "4.4.0" },
    tests: [],
  } as VectorGroup);
  assert.equal("knownTaggedFields" in g, false);
  const f = p.file(
    { protocol: "kafka", message: "M", versionPrefix: "int16", testGroups: [] } as unknown as VectorFile,
  );
  assert.equal("versionPrefix" in f, false);
});

const rejects: MessageAdapter = {
  decode() {
    throw new WireError("LIMIT_EXCEEDED");
  },
};
const ctx = (test: Partial<VectorTest>): CaseContext => ({
  file: {} as VectorFile,
  group: {} as VectorGroup,
  test: { tcId: 1, name: "t", hex: "00", ...test } as VectorTest,
});

test("judge() runs 1.0's results and refuses any other", () => {
  const bytes = new Uint8Array(1);
  assert.equal(judge(rejects, ctx({ result: "invalid", error: { code: "LIMIT_EXCEEDED" } }), bytes), null);
  assert.match(
    judge(rejects, ctx({ result: "invalid", error: { code: "TRUNCATED" } }), bytes)!,
    /expected TRUNCATED/,
  );
  assert.match(
    judge(rejects, ctx({ result: "limit", error: { code: "LIMIT_EXCEEDED" } }), bytes)!,
    /not one of 1\.0's/,
  );
});
