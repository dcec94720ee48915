import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { ApiKey } from "./messages/api_keys.ts";
import { API_KEYS, API_LIST } from "./messages/_table.ts";

describe("ApiKey", () => {
  it("names every API of the table by its key, and is the table's API_KEYS", () => {
    assert.equal(API_KEYS, ApiKey);
    assert.equal(ApiKey.Metadata, 3);
    assert.deepEqual(
      Object.entries(ApiKey).sort((a, b) => a[1] - b[1]),
      API_LIST.map((a) => [a.name, a.apiKey]).sort((a, b) => (a[1] as number) - (b[1] as number)),
    );
  });
});
