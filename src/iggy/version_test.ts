import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromHex, toHex } from "../wire/hex.ts";
import { decodePayload, encodePayload } from "./codec.ts";
import {
  clientVersionInfo,
  formatProtocolVersion,
  IGGY_PROTOCOL_VERSION,
  IGGY_PROTOCOL_VERSION_MIN,
  incompatibleProtocolWindow,
  isProtocolCompatible,
  packProtocolVersion,
} from "./version.ts";
import { assertWireError } from "../testdata/wire_assert_test.ts";

describe("protocol version", () => {
  it("packs 10 bits per component in semver order", () => {
    assert.equal(packProtocolVersion(0, 10, 1), 10241);
    assert.equal(packProtocolVersion(1, 2, 3), (1 << 20) | (2 << 10) | 3);
    assert.ok(packProtocolVersion(0, 9, 1023) < packProtocolVersion(0, 10, 0));
    assert.equal(formatProtocolVersion(packProtocolVersion(0, 10, 1)), "0.10.1");
  });
  it("packProtocolVersion() throws VALUE_OUT_OF_RANGE for a component above 1023", () => {
    assertWireError(() => packProtocolVersion(0, 1024, 0), "VALUE_OUT_OF_RANGE");
  });
  it("targets 0.12.0 for both bounds", () => {
    assert.equal(IGGY_PROTOCOL_VERSION, 12288);
    assert.equal(IGGY_PROTOCOL_VERSION_MIN, 12288);
  });
  const gate: [string, number, boolean][] = [
    ["0.11.0", packProtocolVersion(0, 11, 0), false],
    ["0.11.1", packProtocolVersion(0, 11, 1), false],
    ["0.12.0", packProtocolVersion(0, 12, 0), true],
    ["0.12.1", packProtocolVersion(0, 12, 1), false],
    ["u32 max", 0xffffffff, false],
  ];
  for (const [name, v, ok] of gate) {
    it(`isProtocolCompatible() is ${ok} for ${name}`, () => assert.equal(isProtocolCompatible(v), ok));
  }
});

describe("clientVersionInfo", () => {
  const hex = "00300000" + "087275737" + "42d73646b" + "06302e31302e31";
  it("encodes the crate's sample (rust-sdk 0.10.1)", () => {
    const v = { protocolVersion: 12288, sdkName: "rust-sdk", sdkVersion: "0.10.1" };
    assert.equal(toHex(encodePayload(clientVersionInfo, v)), hex);
    assert.deepEqual(decodePayload(clientVersionInfo, fromHex(hex)), v);
  });
  it("decode() throws at every truncation", () => {
    const bytes = fromHex(hex);
    for (let n = 0; n < bytes.length; n++) {
      assertWireError(() => decodePayload(clientVersionInfo, bytes.subarray(0, n)), "TRUNCATED");
    }
  });
  it("decode() throws INVALID_VALUE for an empty sdk name", () => {
    assertWireError(() => decodePayload(clientVersionInfo, fromHex("00300000000131")), "INVALID_VALUE");
  });
  it("encode() throws INVALID_VALUE for an empty sdk version", () => {
    assertWireError(
      () => encodePayload(clientVersionInfo, { protocolVersion: 1, sdkName: "a", sdkVersion: "" }),
      "INVALID_VALUE",
    );
  });
});

describe("incompatibleProtocolWindow", () => {
  it("reads max and min of an incompatible-protocol eviction and ignores other headers", () => {
    const h = new Uint8Array(256);
    h[60] = 13;
    h[255] = 14;
    h[144] = 2;
    h[148] = 1;
    assert.deepEqual(incompatibleProtocolWindow(h), { max: 2, min: 1 });
    h[255] = 15;
    assert.equal(incompatibleProtocolWindow(h), undefined);
  });
});
