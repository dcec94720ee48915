import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { WireError } from "../wire/error.ts";
import { encodeRequest } from "./api.ts";
import { ApiKey } from "./messages/api_keys.ts";

const thrown = (f: () => unknown): WireError => {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof WireError);
    return e;
  }
  assert.fail("did not throw");
};

describe("Kafka encode errors", () => {
  it("names the field path of a Kafka encode error", () => {
    const e = thrown(() =>
      encodeRequest(ApiKey.CreateTopics, 5, { correlationId: 1, clientId: "c" }, {
        topics: [{
          name: "x".repeat(40000),
          numPartitions: 1,
          replicationFactor: 1,
          assignments: [],
          configs: [],
        }],
        timeoutMs: 1000,
        validateOnly: false,
      } as any)
    );
    assert.equal(e.code, "STRING_TOO_LONG");
    assert.equal(e.side, "encode");
    assert.equal(e.path, "topics[0].name");
  });
});
