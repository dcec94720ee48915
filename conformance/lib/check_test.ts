import { test } from "node:test";
import assert from "node:assert/strict";
import { WireError } from "../../src/wire/error.ts";
import { checkCase } from "./check.ts";
import type { CaseContext, MessageAdapter, VectorTest } from "./types.ts";

/** A decoder that rejects with LIMIT_EXCEEDED at offset 3 when a cap is in force, else TRUNCATED at 1. */
const adapter: MessageAdapter = {
  decode(_bytes, ctx) {
    if (ctx.test.options?.maxRecordsPerBatch !== undefined) {
      throw new WireError("LIMIT_EXCEEDED", { offset: 3 });
    }
    throw new WireError("TRUNCATED", { offset: 1 });
  },
};

function ctx(t: Partial<VectorTest>): CaseContext {
  const test = { tcId: 1, name: "t", hex: "00", result: "invalid", ...t } as VectorTest;
  return {
    file: {
      schema: "wirevec-v1.1.schema.json",
      protocol: "kafka",
      message: "X",
      upstream: { name: "kafka-clients", version: "0" },
      numberOfTests: 1,
      testGroups: [],
    },
    group: {
      direction: "data",
      framing: "body",
      source: { name: "kafka-clients", version: "0" },
      tests: [test],
    },
    test,
  };
}

const run = (t: Partial<VectorTest>, match: "code" | "family" | "short" = "code") =>
  checkCase(adapter, ctx(t), new Uint8Array(1), match);

test("result limit: passes only when the decoder rejects with the cap in force", () => {
  const limit = { result: "limit" as const, error: { code: "LIMIT_EXCEEDED", family: "limit" } };
  assert.equal(run({ ...limit, options: { maxRecordsPerBatch: 1 } }).ok, true);
  assert.equal(run({ ...limit, options: {} }).ok, false);
});

test("error.offset is a required check unless the test says recommended", () => {
  const e = { code: "TRUNCATED", family: "truncated" };
  assert.equal(run({ error: { ...e, offset: 1 } }).ok, true);
  assert.equal(run({ error: { ...e, offset: 2 } }).ok, false);
  const rec = run({ error: { ...e, offset: 2 }, level: "recommended" });
  assert.equal(rec.ok, true);
  assert.equal(rec.offsetMismatch, true);
});

test("match levels: a TRUNCATED rejection of a COUNT_EXCEEDS_REMAINING case passes only at short", () => {
  const t = { error: { code: "COUNT_EXCEEDS_REMAINING", family: "count" } };
  assert.equal(run(t, "code").ok, false);
  assert.equal(run(t, "family").ok, false);
  assert.equal(run(t, "short").ok, true);
});
