import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { encodeError, prefixPath, WIRE_ERROR_CODES, WIRE_ERROR_DESCRIPTIONS, WireError } from "./error.ts";
import { Reader } from "./reader.ts";
import { Writer } from "./writer.ts";

const thrown = (f: () => unknown): WireError => {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof WireError);
    return e;
  }
  assert.fail("did not throw");
};

describe("WireError", () => {
  it("leaves the offset undefined when unknown (no -1 sentinel)", () => {
    assert.equal(new WireError("CORRUPT_DATA").offset, undefined);
    assert.equal(new WireError("CORRUPT_DATA", { offset: 3 }).offset, 3);
    assert.equal(thrown(() => new Reader(new Uint8Array(1)).u32le()).offset, 0);
  });

  it("words decode and encode errors differently", () => {
    assert.match(new WireError("TRUNCATED").message, /^Invalid wire data/);
    const e = thrown(() => new Writer().u8(300));
    assert.equal(e.side, "encode");
    assert.match(e.message, /^Cannot encode/);
  });

  it("includes the message and known facts in toJSON, and nothing unknown", () => {
    const j = JSON.parse(JSON.stringify(new WireError("TRUNCATED", { need: 4, have: 1, offset: 2 })));
    assert.deepEqual(j, {
      name: "WireError",
      code: "TRUNCATED",
      message: "Invalid wire data at offset 2: TRUNCATED: need 4 bytes, have 1",
      side: "decode",
      offset: 2,
      need: 4,
      have: 1,
    });
  });

  it("builds field paths as an encode error travels up", () => {
    const e = prefixPath(
      prefixPath(encodeError("STRING_TOO_LONG", "name", "x"), "topics[0]"),
      "req",
    ) as WireError;
    assert.equal(e.path, "req.topics[0].name");
    assert.match(e.message, /\(field req\.topics\[0\]\.name\)/);
  });
});

it("WIRE_ERROR_DESCRIPTIONS: every code has one sentence of its own, and nothing else has one", () => {
  assert.deepEqual(Object.keys(WIRE_ERROR_DESCRIPTIONS).sort(), [...WIRE_ERROR_CODES].sort());
  const texts = Object.values(WIRE_ERROR_DESCRIPTIONS);
  assert.equal(new Set(texts).size, texts.length);
  for (const t of texts) assert.match(t, /^[A-Z].{20,}\.$/);
});
