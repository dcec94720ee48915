/**
 * User commands: account management (CreateUser, DeleteUser, ChangePassword,
 * UpdatePermissions, the replicated UpdateUserResolved body), queries (GetUser, GetUsers) and
 * the login family (LoginUser, the VSR LoginRegister / LoginRegisterWithPat, LogoutUser), with
 * their response records.
 *
 * Strings follow the crate's three encodings: `WireName` (1–255 bytes), u8-length strings that
 * may be empty (passwords, the PAT token of LoginRegisterWithPat), and optional u32-length
 * strings where a zero length reads as `null`.
 *
 * @module
 */

import type { Reader } from "../../wire/reader.ts";
import type { Writer } from "../../wire/writer.ts";
import { utf8Length } from "../../wire/utf8.ts";
import {
  type CommandCodecs,
  decodeSlice,
  emptyCodec,
  invalid,
  invalidValue,
  type OperationCodec,
  type PayloadCodec,
  readBytes,
  readStr,
  readUntilEnd,
  sizeOfAll,
  u8String,
} from "../codec.ts";
import { type Identifier, identifier, wireName } from "../primitives/identifier.ts";
import { optionsPrefixed, optionsToEnd } from "../primitives/options.ts";
import { type Permissions, permissions } from "../primitives/permissions.ts";
import { type ClientVersionInfo, clientVersionInfo } from "../version.ts";
import { CommandCode } from "../command_codes.ts";

// ---------------------------------------------------------------------------------------------
// Shared pieces.

/** Bytes of the session-binding secret a login-register request carries. */
export const BIND_SECRET_BYTES = 32;

/** `[len:u32][utf8]` where a zero length means `null` (so `""` encodes as `null`). */
/** `[len u32][utf8]`, a zero length meaning `null` (login contexts). */
export const optionalU32String: PayloadCodec<string | null> = {
  name: "OptionalU32String",
  encode(w: Writer, v: string | null): void {
    if (v === null) {
      w.u32le(0);
      return;
    }
    const n = utf8Length(v);
    w.u32le(n);
    w.utf8Sized(v, n);
  },
  sizeOf: (v: string | null) => 4 + (v === null ? 0 : utf8Length(v)),
  decode(r: Reader): string | null {
    const n = r.u32le();
    return n === 0 ? null : readStr(r, n);
  },
};

/**
 * `[has:u8][len:u32][permissions]` as CreateUser and UpdatePermissions carry it: only a flag of
 * exactly 1 means permissions follow (any other flag: none, nothing more is read), and the
 * length must equal the bytes the permissions occupy.
 */
const flaggedPermissions: PayloadCodec<Permissions | null> = {
  name: "WirePermissions",
  encode(w: Writer, v: Permissions | null): void {
    if (v === null) {
      w.u8(0);
      return;
    }
    w.u8(1);
    w.u32le(permissions.sizeOf(v));
    permissions.encode(w, v);
  },
  sizeOf: (v: Permissions | null) => (v === null ? 1 : 5 + permissions.sizeOf(v)),
  decode(r: Reader): Permissions | null {
    if (r.u8() !== 1) return null;
    const declared = r.u32le();
    const start = r.pos;
    // The crate decodes the permissions from everything that follows, then compares lengths.
    const v = permissions.decode(r);
    const consumed = r.pos - start;
    if (consumed !== declared) {
      throw invalid(
        r,
        `permissions length mismatch: header says ${declared}, decoded ${consumed}`,
        start - 4,
      );
    }
    return v;
  },
};

function checkBindSecret(what: string, s: Uint8Array): void {
  if (s.length !== BIND_SECRET_BYTES) {
    throw invalidValue(what, `bind secret must be ${BIND_SECRET_BYTES} bytes, got ${s.length}`);
  }
}

/** Reads a presence byte that must be exactly 0 or 1 (UpdateUserResolved). */
function presence(r: Reader): boolean {
  const at = r.pos;
  const b = r.u8();
  if (b === 0) return false;
  if (b === 1) return true;
  throw invalid(r, "presence byte must be 0 or 1", at);
}

// ---------------------------------------------------------------------------------------------
// Requests.

/** `ChangePassword` request (code 37). */
export interface ChangePasswordRequest {
  /** The user, by numeric id or username. */
  readonly userId: Identifier;
  /** 0–255 UTF-8 bytes. */
  readonly currentPassword: string;
  /** 0–255 UTF-8 bytes. */
  readonly newPassword: string;
}

/**
 * `[user_id][current_len:u8][current][new_len:u8][new]`.
 *
 * @example
 * ```ts
 * import { changePasswordRequest, encodePayload } from "@streamwire/codec/iggy";
 * encodePayload(changePasswordRequest, { userId: { kind: "numeric", value: 1 }, currentPassword: "a", newPassword: "" });
 * // 01 04 01 00 00 00 01 61 00
 * ```
 */
export const changePasswordRequest: PayloadCodec<ChangePasswordRequest> = {
  name: "ChangePassword",
  encode(w, v) {
    identifier.encode(w, v.userId);
    u8String.encode(w, v.currentPassword);
    u8String.encode(w, v.newPassword);
  },
  sizeOf: (v) =>
    identifier.sizeOf(v.userId) + u8String.sizeOf(v.currentPassword) + u8String.sizeOf(v.newPassword),
  decode: (r) => ({
    userId: identifier.decode(r),
    currentPassword: u8String.decode(r),
    newPassword: u8String.decode(r),
  }),
};

/** `CreateUser` request (code 33). */
export interface CreateUserRequest {
  /** 1–255 UTF-8 bytes. */
  readonly username: string;
  /** 0–255 UTF-8 bytes. */
  readonly password: string;
  /** The crate carries the status as a raw byte (1 active, 2 inactive on current servers). */
  readonly status: number;
  /** The permission set; `null` for none. */
  readonly permissions: Permissions | null;
  /** The options block (raw TLV bytes), running to the end of the payload. */
  readonly options: Uint8Array;
}

/**
 * `[username][password_len:u8][password][status:u8][has_permissions:u8][len:u32?][permissions?]
 * [options to the end]`. Every byte after the permissions is the options block, so garbage
 * there fails the options validator rather than being ignored.
 *
 * @example
 * ```ts
 * import { createUserRequest, encodePayload } from "@streamwire/codec/iggy";
 * encodePayload(createUserRequest, { username: "a", password: "", status: 1, permissions: null, options: new Uint8Array() });
 * // 01 61 00 01 00
 * ```
 */
export const createUserRequest: PayloadCodec<CreateUserRequest> = {
  name: "CreateUser",
  encode(w, v) {
    wireName.encode(w, v.username);
    u8String.encode(w, v.password);
    w.u8(v.status);
    flaggedPermissions.encode(w, v.permissions);
    optionsToEnd.encode(w, v.options);
  },
  sizeOf: (v) =>
    wireName.sizeOf(v.username) + u8String.sizeOf(v.password) + 1 + flaggedPermissions.sizeOf(v.permissions) +
    v.options.length,
  decode: (r) => ({
    username: wireName.decode(r),
    password: u8String.decode(r),
    status: r.u8(),
    permissions: flaggedPermissions.decode(r),
    options: optionsToEnd.decode(r),
  }),
};

/** A request that names one user: DeleteUser (34), GetUser (31). */
export interface UserIdRequest {
  /** The user, by numeric id or username. */
  readonly userId: Identifier;
}

function userIdCodec(name: string): PayloadCodec<UserIdRequest> {
  return {
    name,
    encode: (w, v) => identifier.encode(w, v.userId),
    sizeOf: (v) => identifier.sizeOf(v.userId),
    decode: (r) => ({ userId: identifier.decode(r) }),
  };
}

/**
 * `DeleteUser` request: `[user_id]`.
 *
 * @example
 * ```ts
 * import { deleteUserRequest, encodePayload } from "@streamwire/codec/iggy";
 * encodePayload(deleteUserRequest, { userId: { kind: "string", value: "bob" } }); // 02 03 62 6f 62
 * ```
 */
export const deleteUserRequest: PayloadCodec<UserIdRequest> = /* @__PURE__ */ userIdCodec("DeleteUser");

/** `GetUser` request: `[user_id]`. */
export const getUserRequest: PayloadCodec<UserIdRequest> = /* @__PURE__ */ userIdCodec("GetUser");

/** `GetUsers` request: empty. */
export const getUsersRequest: PayloadCodec<Record<string, never>> = /* @__PURE__ */ emptyCodec("GetUsers");

/** `LogoutUser` request: empty. */
export const logoutUserRequest: PayloadCodec<Record<string, never>> = /* @__PURE__ */ emptyCodec(
  "LogoutUser",
);

/** `LoginRegister` request (code 40): the VSR login with a session-binding secret. */
export interface LoginRegisterRequest {
  /** The client's protocol version and SDK identity, read first by the server's login gate. */
  readonly versionInfo: ClientVersionInfo;
  /** Exactly {@linkcode BIND_SECRET_BYTES} bytes. */
  readonly bindSecret: Uint8Array;
  /** 1–255 UTF-8 bytes. */
  readonly username: string;
  /** 0–255 UTF-8 bytes. */
  readonly password: string;
  /** `null` is sent as a zero length; an empty string therefore decodes as `null`. */
  readonly clientContext: string | null;
}

/**
 * `[ClientVersionInfo][bind_secret:32][username][password_len:u8][password]
 * [context_len:u32][context]`.
 *
 * @example
 * ```ts
 * import { encodePayload, loginRegisterRequest } from "@streamwire/codec/iggy";
 * const bytes = encodePayload(loginRegisterRequest, {
 *   versionInfo: { protocolVersion: 12288, sdkName: "streamwire", sdkVersion: "0.1.0" },
 *   bindSecret: crypto.getRandomValues(new Uint8Array(32)),
 *   username: "iggy", password: "iggy", clientContext: null,
 * });
 * ```
 */
export const loginRegisterRequest: PayloadCodec<LoginRegisterRequest> = {
  name: "LoginRegister",
  encode(w, v) {
    checkBindSecret("LoginRegister", v.bindSecret);
    clientVersionInfo.encode(w, v.versionInfo);
    w.bytes(v.bindSecret);
    wireName.encode(w, v.username);
    u8String.encode(w, v.password);
    optionalU32String.encode(w, v.clientContext);
  },
  sizeOf: (v) =>
    clientVersionInfo.sizeOf(v.versionInfo) + BIND_SECRET_BYTES + wireName.sizeOf(v.username) +
    u8String.sizeOf(v.password) + optionalU32String.sizeOf(v.clientContext),
  decode: (r) => ({
    versionInfo: clientVersionInfo.decode(r),
    bindSecret: readBytes(r, BIND_SECRET_BYTES),
    username: wireName.decode(r),
    password: u8String.decode(r),
    clientContext: optionalU32String.decode(r),
  }),
};

/** `LoginRegisterWithPat` request (code 45): the VSR login with a personal access token. */
export interface LoginRegisterWithPatRequest {
  /** The client's protocol version and SDK identity, read first by the server's login gate. */
  readonly versionInfo: ClientVersionInfo;
  /** Exactly {@linkcode BIND_SECRET_BYTES} bytes. */
  readonly bindSecret: Uint8Array;
  /** 0–255 UTF-8 bytes (a u8-length string, not a `WireName`). */
  readonly token: string;
  /** `null` is sent as a zero length. */
  readonly clientContext: string | null;
}

/** `[ClientVersionInfo][bind_secret:32][token_len:u8][token][context_len:u32][context]`. */
export const loginRegisterWithPatRequest: PayloadCodec<LoginRegisterWithPatRequest> = {
  name: "LoginRegisterWithPat",
  encode(w, v) {
    checkBindSecret("LoginRegisterWithPat", v.bindSecret);
    clientVersionInfo.encode(w, v.versionInfo);
    w.bytes(v.bindSecret);
    u8String.encode(w, v.token);
    optionalU32String.encode(w, v.clientContext);
  },
  sizeOf: (v) =>
    clientVersionInfo.sizeOf(v.versionInfo) + BIND_SECRET_BYTES + u8String.sizeOf(v.token) +
    optionalU32String.sizeOf(v.clientContext),
  decode: (r) => ({
    versionInfo: clientVersionInfo.decode(r),
    bindSecret: readBytes(r, BIND_SECRET_BYTES),
    token: u8String.decode(r),
    clientContext: optionalU32String.decode(r),
  }),
};

/** `LoginUser` request (code 38): the legacy login. */
export interface LoginUserRequest {
  /** 1–255 UTF-8 bytes. */
  readonly username: string;
  /** 0–255 UTF-8 bytes. */
  readonly password: string;
  /** Client version; `null` (or `""`) is sent as a zero length. */
  readonly version: string | null;
  /** Client context; `null` is sent as a zero length. */
  readonly context: string | null;
}

/** `[username][password_len:u8][password][version_len:u32][version][context_len:u32][context]`. */
export const loginUserRequest: PayloadCodec<LoginUserRequest> = {
  name: "LoginUser",
  encode(w, v) {
    wireName.encode(w, v.username);
    u8String.encode(w, v.password);
    optionalU32String.encode(w, v.version);
    optionalU32String.encode(w, v.context);
  },
  sizeOf: (v) =>
    wireName.sizeOf(v.username) + u8String.sizeOf(v.password) + optionalU32String.sizeOf(v.version) +
    optionalU32String.sizeOf(v.context),
  decode: (r) => ({
    username: wireName.decode(r),
    password: u8String.decode(r),
    version: optionalU32String.decode(r),
    context: optionalU32String.decode(r),
  }),
};

/** `UpdatePermissions` request (code 36); `null` clears the user's permissions. */
export interface UpdatePermissionsRequest {
  /** The user, by numeric id or username. */
  readonly userId: Identifier;
  /** The permission set; `null` for none. */
  readonly permissions: Permissions | null;
}

/** `[user_id][has_permissions:u8][len:u32?][permissions?]`. */
export const updatePermissionsRequest: PayloadCodec<UpdatePermissionsRequest> = {
  name: "UpdatePermissions",
  encode(w, v) {
    identifier.encode(w, v.userId);
    flaggedPermissions.encode(w, v.permissions);
  },
  sizeOf: (v) => identifier.sizeOf(v.userId) + flaggedPermissions.sizeOf(v.permissions),
  decode: (r) => ({ userId: identifier.decode(r), permissions: flaggedPermissions.decode(r) }),
};

/**
 * `UpdateUserResolved`: the replicated body of an UpdateResource on a user (VSR operation 74,
 * no command code) — rename and status extracted, set keys in `explicitOptions`, reset keys
 * resolved to their defaults in `derivedOptions`.
 */
export interface UpdateUserResolvedRequest {
  /** The user, by numeric id or username. */
  readonly userId: Identifier;
  /** 1–255 UTF-8 bytes. */
  readonly username: string | null;
  /** Raw status byte (1 active, 2 inactive on current servers). */
  readonly status: number | null;
  /** The keys set by the patch (raw TLV block). */
  readonly explicitOptions: Uint8Array;
  /** The values the server filled in (raw TLV block). */
  readonly derivedOptions: Uint8Array;
}

/**
 * `[user_id][has_username:u8][username?][has_status:u8][status:u8?][explicit_len:u32][explicit]
 * [derived_len:u32][derived]`. Presence bytes other than 0/1 and any byte after the derived
 * block are `INVALID_VALUE`.
 */
export const updateUserResolvedRequest: PayloadCodec<UpdateUserResolvedRequest> = {
  name: "UpdateUserResolved",
  encode(w, v) {
    identifier.encode(w, v.userId);
    if (v.username === null) w.u8(0);
    else {
      w.u8(1);
      wireName.encode(w, v.username);
    }
    if (v.status === null) w.u8(0);
    else {
      w.u8(1);
      w.u8(v.status);
    }
    optionsPrefixed.encode(w, v.explicitOptions);
    optionsPrefixed.encode(w, v.derivedOptions);
  },
  sizeOf: (v) =>
    identifier.sizeOf(v.userId) + 1 + (v.username === null ? 0 : wireName.sizeOf(v.username)) + 1 +
    (v.status === null ? 0 : 1) + optionsPrefixed.sizeOf(v.explicitOptions) +
    optionsPrefixed.sizeOf(v.derivedOptions),
  decode(r) {
    const userId = identifier.decode(r);
    const username = presence(r) ? wireName.decode(r) : null;
    const status = presence(r) ? r.u8() : null;
    const explicitOptions = optionsPrefixed.decode(r);
    const derivedOptions = optionsPrefixed.decode(r);
    if (r.pos !== r.end) throw invalid(r, "trailing bytes after the resolved option blocks");
    return { userId, username, status, explicitOptions, derivedOptions };
  },
};

// ---------------------------------------------------------------------------------------------
// Responses.

/** A user record (GetUser, GetUsers). */
export interface UserResponse {
  /** Numeric id. */
  readonly id: number;
  /** Microseconds since the Unix epoch (u64). */
  readonly createdAt: bigint;
  /** Raw status byte (1 active, 2 inactive on current servers). */
  readonly status: number;
  /** 1–255 UTF-8 bytes. */
  readonly username: string;
  /** The keys the client set (raw TLV block). */
  readonly options: Uint8Array;
  /** The values the server filled in (raw TLV block). */
  readonly derivedOptions: Uint8Array;
}

/**
 * `[id:u32][created_at:u64][status:u8][username][options_len:u32][options]
 * [derived_len:u32][derived]`.
 */
export const userResponse: PayloadCodec<UserResponse> = {
  name: "UserResponse",
  encode(w, v) {
    w.u32le(v.id);
    w.u64le(v.createdAt);
    w.u8(v.status);
    wireName.encode(w, v.username);
    optionsPrefixed.encode(w, v.options);
    optionsPrefixed.encode(w, v.derivedOptions);
  },
  sizeOf: (v) =>
    13 + wireName.sizeOf(v.username) + optionsPrefixed.sizeOf(v.options) +
    optionsPrefixed.sizeOf(v.derivedOptions),
  decode: (r) => ({
    id: r.u32le(),
    createdAt: r.u64le(),
    status: r.u8(),
    username: wireName.decode(r),
    options: optionsPrefixed.decode(r),
    derivedOptions: optionsPrefixed.decode(r),
  }),
};

/** `GetUser` response: the record and the user's permissions. */
export interface UserDetailsResponse {
  /** The user record. */
  readonly user: UserResponse;
  /** The permission set; `null` for none. */
  readonly permissions: Permissions | null;
}

/**
 * `[UserResponse]` then `00 00 00 00` without permissions, or `01 [len:u32][permissions]`.
 * Decoding is lenient where the crate is: after a zero flag the three padding bytes must exist
 * but are not checked; any non-zero flag means permissions follow; bytes inside `len` after the
 * permissions are skipped.
 */
export const userDetailsResponse: PayloadCodec<UserDetailsResponse> = {
  name: "GetUser",
  encode(w, v) {
    userResponse.encode(w, v.user);
    if (v.permissions === null) {
      w.u32le(0);
      return;
    }
    w.u8(1);
    w.u32le(permissions.sizeOf(v.permissions));
    permissions.encode(w, v.permissions);
  },
  sizeOf: (v) =>
    userResponse.sizeOf(v.user) + (v.permissions === null ? 4 : 5 + permissions.sizeOf(v.permissions)),
  decode(r) {
    const user = userResponse.decode(r);
    if (r.u8() === 0) {
      readBytes(r, 3);
      return { user, permissions: null };
    }
    const n = r.u32le();
    r.need(n);
    // The permissions are decoded from exactly their block: running short inside it is
    // TRUNCATED, bytes left over in it are skipped.
    return { user, permissions: decodeSlice(r, n, permissions.decode) };
  },
};

/** `GetUsers` response: user records to the end of the payload. */
export interface GetUsersResponse {
  /** The user records. */
  readonly users: readonly UserResponse[];
}

/** `[UserResponse]*` to the end of the payload; a partial last record fails. */
export const getUsersResponse: PayloadCodec<GetUsersResponse> = {
  name: "GetUsers",
  encode(w, v) {
    for (const u of v.users) userResponse.encode(w, u);
  },
  sizeOf: (v) => sizeOfAll(userResponse, v.users),
  decode: (r) => ({ users: readUntilEnd(r, userResponse.decode) }),
};

/** LoginRegister / LoginRegisterWithPat response. */
export interface LoginRegisterResponse {
  /** The user, by numeric id or username. */
  readonly userId: number;
  /** The consensus session number (u64). */
  readonly session: bigint;
  /** The server's packed protocol version (`major << 20 | minor << 10 | patch`). */
  readonly serverProtocolVersion: number;
  /** The server's build version, 1–255 bytes. */
  readonly serverVersion: string;
}

/** `[user_id:u32][session:u64][server_protocol_version:u32][server_version]`. */
export const loginRegisterResponse: PayloadCodec<LoginRegisterResponse> = {
  name: "LoginRegister",
  encode(w, v) {
    w.u32le(v.userId);
    w.u64le(v.session);
    w.u32le(v.serverProtocolVersion);
    wireName.encode(w, v.serverVersion);
  },
  sizeOf: (v) => 16 + wireName.sizeOf(v.serverVersion),
  decode: (r) => ({
    userId: r.u32le(),
    session: r.u64le(),
    serverProtocolVersion: r.u32le(),
    serverVersion: wireName.decode(r),
  }),
};

/** LoginUser / LoginWithPersonalAccessToken response. */
export interface IdentityResponse {
  /** The user, by numeric id or username. */
  readonly userId: number;
}

/** `[user_id:u32]`. */
export const identityResponse: PayloadCodec<IdentityResponse> = {
  name: "Identity",
  encode: (w, v) => w.u32le(v.userId),
  sizeOf: () => 4,
  decode: (r) => ({ userId: r.u32le() }),
};

const emptyResponse: PayloadCodec<Record<string, never>> = /* @__PURE__ */ emptyCodec("EmptyResponse");

/** The user commands, for the dispatch table. */
export const userCommands = [
  { code: CommandCode.GetUser, name: "GetUser", request: getUserRequest, response: userDetailsResponse },
  { code: CommandCode.GetUsers, name: "GetUsers", request: getUsersRequest, response: getUsersResponse },
  { code: CommandCode.CreateUser, name: "CreateUser", request: createUserRequest, response: emptyResponse },
  { code: CommandCode.DeleteUser, name: "DeleteUser", request: deleteUserRequest, response: emptyResponse },
  {
    code: CommandCode.UpdatePermissions,
    name: "UpdatePermissions",
    request: updatePermissionsRequest,
    response: emptyResponse,
  },
  {
    code: CommandCode.ChangePassword,
    name: "ChangePassword",
    request: changePasswordRequest,
    response: emptyResponse,
  },
  { code: CommandCode.LoginUser, name: "LoginUser", request: loginUserRequest, response: identityResponse },
  { code: CommandCode.LogoutUser, name: "LogoutUser", request: logoutUserRequest, response: emptyResponse },
  {
    code: CommandCode.LoginRegister,
    name: "LoginRegister",
    request: loginRegisterRequest,
    response: loginRegisterResponse,
  },
  {
    code: CommandCode.LoginRegisterWithPat,
    name: "LoginRegisterWithPat",
    request: loginRegisterWithPatRequest,
    response: loginRegisterResponse,
  },
] as const satisfies readonly CommandCodecs[];

/** The user bodies that travel by operation only. */
export const userOperations: readonly OperationCodec[] = [
  { operation: 74, name: "UpdateUserResolved", body: updateUserResolvedRequest },
];
