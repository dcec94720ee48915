import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { fromHex, toHex } from "../../wire/hex.ts";
import { decodePayload, encodePayload, type PayloadCodec } from "../codec.ts";
import {
  type ChangePasswordRequest,
  changePasswordRequest,
  createUserRequest,
  getUsersResponse,
  loginRegisterRequest,
  loginUserRequest,
  updatePermissionsRequest,
  updateUserResolvedRequest,
  userDetailsResponse,
} from "./users.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

// deno-lint-ignore no-explicit-any
const layouts: { name: string; codec: PayloadCodec<any>; value: unknown; hex: string }[] = [
  {
    name: "ChangePassword with an empty new password",
    codec: changePasswordRequest,
    value: { userId: { kind: "numeric", value: 1 }, currentPassword: "a", newPassword: "" },
    hex: "010401000000" + "0161" + "00",
  },
  {
    name: "CreateUser without permissions or options",
    codec: createUserRequest,
    value: { username: "a", password: "", status: 1, permissions: null, options: new Uint8Array() },
    hex: "0161" + "00" + "01" + "00",
  },
  {
    name: "LoginUser with a version and no context",
    codec: loginUserRequest,
    value: { username: "u", password: "p", version: "1", context: null },
    hex: "0175" + "0170" + "0100000031" + "00000000",
  },
  {
    name: "UpdateUserResolved with a status only",
    codec: updateUserResolvedRequest,
    value: {
      userId: { kind: "string", value: "b" },
      username: null,
      status: 2,
      explicitOptions: new Uint8Array(),
      derivedOptions: new Uint8Array(),
    },
    hex: "020162" + "00" + "0102" + "00000000" + "00000000",
  },
];

describe("user command layouts", () => {
  for (const { name, codec, value, hex } of layouts) {
    it(`encodes and decodes ${name}`, () => {
      assert.equal(toHex(encodePayload(codec, value)), hex);
      assert.equal(codec.sizeOf(value), hex.length / 2);
      assert.deepEqual(decodePayload(codec, fromHex(hex)), value);
    });
  }
});

const rejects: { name: string; codec: PayloadCodec<unknown>; hex: string; code: string }[] = [
  {
    name: "a password length past the end",
    codec: changePasswordRequest as PayloadCodec<unknown>,
    hex: "010401000000" + "0961",
    code: "TRUNCATED",
  },
  {
    name: "a password that is not UTF-8",
    codec: changePasswordRequest as PayloadCodec<unknown>,
    hex: "010401000000" + "01ff" + "00",
    code: "INVALID_UTF8",
  },
  {
    name: "a reserved options kind after CreateUser's fields",
    codec: createUserRequest as PayloadCodec<unknown>,
    hex: "0161" + "00" + "01" + "00" + "00",
    code: "INVALID_VALUE",
  },
  {
    name: "a permissions length that disagrees",
    codec: createUserRequest as PayloadCodec<unknown>,
    hex: "0161" + "00" + "01" + "01" + "0c000000" + "00".repeat(11),
    code: "INVALID_VALUE",
  },
  {
    name: "an UpdateUserResolved presence byte of 2",
    codec: updateUserResolvedRequest as PayloadCodec<unknown>,
    hex: "010401000000" + "02" + "00" + "00000000" + "00000000",
    code: "INVALID_VALUE",
  },
  {
    name: "a byte after UpdateUserResolved's derived block",
    codec: updateUserResolvedRequest as PayloadCodec<unknown>,
    hex: "010401000000" + "00" + "00" + "00000000" + "00000000" + "aa",
    code: "INVALID_VALUE",
  },
  {
    name: "a partial user record after a complete one",
    codec: getUsersResponse as PayloadCodec<unknown>,
    hex: "01000000" + "0000000000000000" + "01" + "0161" + "00000000" + "00000000" + "0100",
    code: "TRUNCATED",
  },
  {
    name: "UserDetails without the three padding bytes",
    codec: userDetailsResponse as PayloadCodec<unknown>,
    hex: "01000000" + "0000000000000000" + "01" + "0161" + "00000000" + "00000000" + "0000",
    code: "TRUNCATED",
  },
];

describe("user command validation", () => {
  for (const { name, codec, hex, code } of rejects) {
    it(`decode() throws ${code} for ${name}`, () => {
      assertWireError(() => decodePayload(codec, fromHex(hex)), code);
    });
  }

  it("decode() reads has_permissions 2 as no permissions and nothing more", () => {
    const v = decodePayload(updatePermissionsRequest, fromHex("010401000000" + "02"));
    assert.equal(v.permissions, null);
  });

  it("decode() skips unchecked padding after a zero permissions flag", () => {
    const hex = "07000000" + "0100000000000000" + "01" + "0161" + "00000000" + "00000000" + "00" + "010203";
    const v = decodePayload(userDetailsResponse, fromHex(hex));
    assert.equal(v.permissions, null);
    assert.equal(v.user.createdAt, 1n);
  });

  it("encode() sends an empty client context as a zero length, which decodes as null", () => {
    const value = {
      versionInfo: { protocolVersion: 12288, sdkName: "ts", sdkVersion: "1" },
      bindSecret: new Uint8Array(32),
      username: "u",
      password: "",
      clientContext: "",
    };
    const bytes = encodePayload(loginRegisterRequest, value);
    assert.equal(toHex(bytes.subarray(bytes.length - 4)), "00000000");
    assert.equal(decodePayload(loginRegisterRequest, bytes).clientContext, null);
  });

  it("encode() throws INVALID_VALUE for a 31-byte bind secret or a 256-byte password", () => {
    const base = {
      versionInfo: { protocolVersion: 1, sdkName: "s", sdkVersion: "v" },
      username: "u",
      clientContext: null,
    };
    assertWireError(
      () => encodePayload(loginRegisterRequest, { ...base, bindSecret: new Uint8Array(31), password: "" }),
      "INVALID_VALUE",
    );
    assertWireError(
      () =>
        encodePayload(loginRegisterRequest, {
          ...base,
          bindSecret: new Uint8Array(32),
          password: "p".repeat(256),
        }),
      "INVALID_VALUE",
    );
  });

  it("round-trips any ChangePassword", () => {
    const str = fc.string({ unit: "binary", maxLength: 60, size: "medium" });
    const arb = fc.record({
      userId: fc.nat({ max: 0xffffffff }).map((value) => ({ kind: "numeric" as const, value })),
      currentPassword: str,
      newPassword: str,
    }).map((r) => ({ ...r }));
    fc.assert(
      fc.property(arb, (v: ChangePasswordRequest) => {
        const bytes = encodePayload(changePasswordRequest, v);
        assert.equal(bytes.length, changePasswordRequest.sizeOf(v));
        assert.deepEqual(decodePayload(changePasswordRequest, bytes), v);
      }),
      { numRuns: 200 },
    );
  });
});
