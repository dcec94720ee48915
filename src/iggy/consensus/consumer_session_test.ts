import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { CONSUMER_SESSION_SIZE, decodeConsumerSession, encodeConsumerSession } from "./consumer_session.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

describe("ConsumerSession", () => {
  it("round-trips the widest ids, little-endian", () => {
    const v = { clientId: (1n << 128n) - 1n, session: (1n << 63n) | 5n };
    const b = encodeConsumerSession(v);
    assert.equal(b.length, CONSUMER_SESSION_SIZE);
    assert.equal(b[0], 0xff);
    assert.equal(b[16], 5);
    assert.deepEqual(decodeConsumerSession(b), v);
  });

  it("rejects a zero client id or session on decode and on encode", () => {
    const b = encodeConsumerSession({ clientId: 9n, session: 3n });
    for (const [from, to] of [[0, 16], [16, 24]]) {
      const z = b.slice();
      z.fill(0, from, to);
      assertWireError(() => decodeConsumerSession(z), "INVALID_VALUE");
    }
    assertWireError(() => encodeConsumerSession({ clientId: 0n, session: 1n }), "INVALID_VALUE");
  });

  it("is TRUNCATED under 24 bytes", () => {
    assertWireError(() => decodeConsumerSession(new Uint8Array(23)), "TRUNCATED");
  });
});
