import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromHex, toHex } from "../../wire/hex.ts";
import { decodePayload, encodePayload } from "../codec.ts";
import {
  createPersonalAccessTokenRequest,
  getPersonalAccessTokensResponse,
  loginWithPersonalAccessTokenRequest,
} from "./personal_access_tokens.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

describe("personal access token layouts", () => {
  it("encodes CreatePersonalAccessToken as a name then a u64 expiry", () => {
    assert.equal(
      toHex(encodePayload(createPersonalAccessTokenRequest, { name: "ci", expiry: 0x0102030405060708n })),
      "026369" + "0807060504030201",
    );
  });
  it("decodes token records to the end of the payload", () => {
    const v = decodePayload(
      getPersonalAccessTokensResponse,
      fromHex("0161" + "0100000000000000" + "0162" + "ffffffffffffffff"),
    );
    assert.deepEqual(v.tokens, [{ name: "a", expiryAt: 1n }, {
      name: "b",
      expiryAt: 0xffff_ffff_ffff_ffffn,
    }]);
  });
});

describe("personal access token validation", () => {
  it("decode() throws INVALID_VALUE for an empty token (a WireName)", () => {
    assertWireError(() => decodePayload(loginWithPersonalAccessTokenRequest, fromHex("00")), "INVALID_VALUE");
  });
  it("decode() throws TRUNCATED for a record without its expiry", () => {
    assertWireError(
      () => decodePayload(getPersonalAccessTokensResponse, fromHex("0161" + "01000000")),
      "TRUNCATED",
    );
  });
  it("encode() throws INVALID_VALUE for a 256-byte token name", () => {
    assertWireError(
      () => encodePayload(loginWithPersonalAccessTokenRequest, { token: "t".repeat(256) }),
      "INVALID_VALUE",
    );
  });
});
