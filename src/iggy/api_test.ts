import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { toHex } from "../wire/hex.ts";
import { decodeRequest, decodeResponse, encodeRequest, encodeResponse } from "./api.ts";
import { CommandCode } from "./command_codes.ts";
import { encodeRequestBody } from "./dispatch.ts";
import { encodeRequestFrame, encodeResponseFrame } from "./framing.ts";
import { assertWireError } from "../testdata/wire_assert_test.ts";

const stream = { name: "orders", options: new Uint8Array() };

describe("encodeRequest / decodeRequest (whole frames)", () => {
  it("encodeRequest() is the frame of encodeRequestBody(), in both layouts", () => {
    const body = encodeRequestBody(CommandCode.CreateStream, stream);
    for (const layout of ["crate", "legacy"] as const) {
      assert.equal(
        toHex(encodeRequest(CommandCode.CreateStream, { requestId: 5n }, stream, { layout })),
        toHex(encodeRequestFrame(CommandCode.CreateStream, layout === "crate" ? 5n : 0n, body, layout)),
      );
    }
  });
  it("decodeRequest() returns code, request id and the typed body, narrowed by code", () => {
    const req = decodeRequest(encodeRequest(CommandCode.CreateStream, { requestId: 9n }, stream));
    assert.equal(req.requestId, 9n);
    if (req.code !== CommandCode.CreateStream) assert.fail(`code ${req.code}`);
    assert.equal(req.body.name, "orders");
    const legacy = decodeRequest(
      encodeRequest(CommandCode.Ping, {}, {}, { layout: "legacy" }),
      { layout: "legacy" },
    );
    assert.deepEqual(legacy, { code: CommandCode.Ping, requestId: 0n, body: {} });
  });
  it("decodeRequest() rejects trailing bytes, unknown codes and a cut frame", () => {
    const ping = encodeRequest(CommandCode.Ping, {}, {});
    const cases: [Uint8Array, string][] = [
      [new Uint8Array([...ping, 0]), "TRAILING_BYTES"],
      [encodeRequestFrame(204, 1n, new Uint8Array()), "UNKNOWN_COMMAND"],
      [ping.subarray(0, 10), "TRUNCATED"],
    ];
    for (const [bytes, code] of cases) {
      assertWireError(() => decodeRequest(bytes), code, {}, code);
    }
  });
});

describe("encodeResponse / decodeResponse (whole frames)", () => {
  it("round-trips a successful response with its request id", () => {
    const bytes = encodeResponse(CommandCode.Ping, { requestId: 3n }, {});
    assert.equal(toHex(bytes), "00000000" + "08000000" + "0300000000000000");
    assert.deepEqual(decodeResponse(CommandCode.Ping, bytes), { status: 0, requestId: 3n, body: {} });
  });
  it("an error status has no body; an unknown code is still UNKNOWN_COMMAND", () => {
    const err = encodeResponseFrame(1009, 4n, new Uint8Array());
    assert.deepEqual(decodeResponse(CommandCode.GetStream, err), {
      status: 1009,
      requestId: 4n,
      body: undefined,
    });
    assertWireError(() => decodeResponse(204, err), "UNKNOWN_COMMAND");
    assertWireError(
      () => decodeResponse(CommandCode.GetStream, new Uint8Array([...err, 1])),
      "TRAILING_BYTES",
    );
  });
});
