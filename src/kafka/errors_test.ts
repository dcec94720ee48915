import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { errorInfo, errorName, isRetriable, KAFKA_ERROR } from "./_generated/errors.ts";

describe("Kafka error table", () => {
  // Rows of Kafka's protocol error table (name, code, retriable) that clients act on.
  const rows: [number, string, boolean][] = [
    [-1, "UNKNOWN_SERVER_ERROR", false],
    [0, "NONE", false],
    [1, "OFFSET_OUT_OF_RANGE", false],
    [3, "UNKNOWN_TOPIC_OR_PARTITION", true],
    [6, "NOT_LEADER_OR_FOLLOWER", true],
    [15, "COORDINATOR_NOT_AVAILABLE", true],
    [16, "NOT_COORDINATOR", true],
    [22, "ILLEGAL_GENERATION", false],
    [25, "UNKNOWN_MEMBER_ID", false],
    [27, "REBALANCE_IN_PROGRESS", false],
    [35, "UNSUPPORTED_VERSION", false],
    [36, "TOPIC_ALREADY_EXISTS", false],
    [45, "OUT_OF_ORDER_SEQUENCE_NUMBER", false],
    [51, "CONCURRENT_TRANSACTIONS", true],
    [58, "SASL_AUTHENTICATION_FAILED", false],
    [76, "UNSUPPORTED_COMPRESSION_TYPE", false],
    [79, "MEMBER_ID_REQUIRED", false],
    [100, "UNKNOWN_TOPIC_ID", true],
    [110, "FENCED_MEMBER_EPOCH", false],
    [113, "STALE_MEMBER_EPOCH", false],
  ];
  for (const [code, name, retriable] of rows) {
    it(`errorInfo(${code}) is ${name}, ${retriable ? "retriable" : "not retriable"}`, () => {
      const { description, ...row } = errorInfo(code)!;
      assert.deepEqual(row, { code, name, retriable });
      assert.equal(typeof description, "string");
      assert.equal(errorName(code), name);
      assert.equal(isRetriable(code), retriable);
      assert.equal(KAFKA_ERROR[name as keyof typeof KAFKA_ERROR], code);
    });
  }

  for (const code of [-2, 9999, 0.5]) {
    it(`errorInfo(${code}) is undefined and errorName() says UNKNOWN_ERROR_CODE`, () => {
      assert.equal(errorInfo(code), undefined);
      assert.equal(errorName(code), `UNKNOWN_ERROR_CODE_${code}`);
      assert.equal(isRetriable(code), false);
    });
  }

  it("KAFKA_ERROR has unique codes, contiguous from -1, and every name round-trips", () => {
    const codes = Object.values(KAFKA_ERROR);
    assert.equal(new Set(codes).size, codes.length);
    const sorted = [...codes].sort((a, b) => a - b);
    assert.deepEqual(sorted, Array.from({ length: sorted.length }, (_, i) => i - 1));
    for (const [name, code] of Object.entries(KAFKA_ERROR)) assert.equal(errorName(code), name);
  });

  it("every code has a description of its own: one sentence, none shared with another code", () => {
    const seen = new Map<string, number>();
    for (const code of Object.values(KAFKA_ERROR)) {
      const d = errorInfo(code)!.description;
      assert.match(d, /^[A-Z].{15,}\.$/, `code ${code}: ${JSON.stringify(d)}`);
      assert.equal(seen.get(d), undefined, `codes ${seen.get(d)} and ${code} share ${JSON.stringify(d)}`);
      seen.set(d, code);
    }
    assert.match(errorInfo(KAFKA_ERROR.NOT_COORDINATOR)!.description, /coordinator/);
  });
});
