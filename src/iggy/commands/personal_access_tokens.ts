/**
 * Personal access token commands: create (the response carries the raw token once), list,
 * delete, and log in with a token.
 *
 * @module
 */

import { type CommandCodecs, emptyCodec, type PayloadCodec, readUntilEnd, sizeOfAll } from "../codec.ts";
import { identityResponse } from "./users.ts";
import { wireName } from "../primitives/identifier.ts";
import { CommandCode } from "../command_codes.ts";

/** `CreatePersonalAccessToken` request (code 42). */
export interface CreatePersonalAccessTokenRequest {
  /** 1–255 UTF-8 bytes. */
  readonly name: string;
  /** Lifetime in microseconds; 0 means the token never expires (u64). */
  readonly expiry: bigint;
}

/**
 * `[name][expiry:u64]`.
 *
 * @example
 * ```ts
 * import { createPersonalAccessTokenRequest, encodePayload } from "@streamwire/codec/iggy";
 * encodePayload(createPersonalAccessTokenRequest, { name: "ci", expiry: 0n }); // 02 63 69 00 00 00 00 00 00 00 00
 * ```
 */
export const createPersonalAccessTokenRequest: PayloadCodec<CreatePersonalAccessTokenRequest> = {
  name: "CreatePersonalAccessToken",
  encode(w, v) {
    wireName.encode(w, v.name);
    w.u64le(v.expiry);
  },
  sizeOf: (v) => wireName.sizeOf(v.name) + 8,
  decode: (r) => ({ name: wireName.decode(r), expiry: r.u64le() }),
};

/** `CreatePersonalAccessToken` response: the raw token, shown only once. */
export interface RawPersonalAccessTokenResponse {
  /** The token. */
  readonly token: string;
}

/** `[token]` (a `WireName`). */
export const rawPersonalAccessTokenResponse: PayloadCodec<RawPersonalAccessTokenResponse> = {
  name: "CreatePersonalAccessToken",
  encode: (w, v) => wireName.encode(w, v.token),
  sizeOf: (v) => wireName.sizeOf(v.token),
  decode: (r) => ({ token: wireName.decode(r) }),
};

/** `DeletePersonalAccessToken` request (code 43). */
export interface DeletePersonalAccessTokenRequest {
  /** 1–255 UTF-8 bytes. */
  readonly name: string;
}

/** `[name]`. */
export const deletePersonalAccessTokenRequest: PayloadCodec<DeletePersonalAccessTokenRequest> = {
  name: "DeletePersonalAccessToken",
  encode: (w, v) => wireName.encode(w, v.name),
  sizeOf: (v) => wireName.sizeOf(v.name),
  decode: (r) => ({ name: wireName.decode(r) }),
};

/** `GetPersonalAccessTokens` request (code 41): empty. */
export const getPersonalAccessTokensRequest: PayloadCodec<Record<string, never>> = /* @__PURE__ */ emptyCodec(
  "GetPersonalAccessTokens",
);

/** One token of a GetPersonalAccessTokens response. */
export interface PersonalAccessTokenResponse {
  /** 1–255 UTF-8 bytes. */
  readonly name: string;
  /** Expiry time in microseconds since the epoch; 0 when it never expires (u64). */
  readonly expiryAt: bigint;
}

/** `[name][expiry_at:u64]`. */
export const personalAccessTokenResponse: PayloadCodec<PersonalAccessTokenResponse> = {
  name: "PersonalAccessTokenResponse",
  encode(w, v) {
    wireName.encode(w, v.name);
    w.u64le(v.expiryAt);
  },
  sizeOf: (v) => wireName.sizeOf(v.name) + 8,
  decode: (r) => ({ name: wireName.decode(r), expiryAt: r.u64le() }),
};

/** `GetPersonalAccessTokens` response. */
export interface GetPersonalAccessTokensResponse {
  /** The token records. */
  readonly tokens: readonly PersonalAccessTokenResponse[];
}

/** Token records to the end of the payload; a partial last record fails. */
export const getPersonalAccessTokensResponse: PayloadCodec<GetPersonalAccessTokensResponse> = {
  name: "GetPersonalAccessTokens",
  encode(w, v) {
    for (const t of v.tokens) personalAccessTokenResponse.encode(w, t);
  },
  sizeOf: (v) => sizeOfAll(personalAccessTokenResponse, v.tokens),
  decode: (r) => ({ tokens: readUntilEnd(r, personalAccessTokenResponse.decode) }),
};

/** `LoginWithPersonalAccessToken` request (code 44); the response is an Identity. */
export interface LoginWithPersonalAccessTokenRequest {
  /** 1–255 UTF-8 bytes (a `WireName`, unlike the token of LoginRegisterWithPat). */
  readonly token: string;
}

/** `[token]`. */
export const loginWithPersonalAccessTokenRequest: PayloadCodec<LoginWithPersonalAccessTokenRequest> = {
  name: "LoginWithPersonalAccessToken",
  encode: (w, v) => wireName.encode(w, v.token),
  sizeOf: (v) => wireName.sizeOf(v.token),
  decode: (r) => ({ token: wireName.decode(r) }),
};

const emptyResponse: PayloadCodec<Record<string, never>> = emptyCodec("EmptyResponse");

/** The personal access token commands, for the dispatch table. */
export const personalAccessTokenCommands = [
  {
    code: CommandCode.GetPersonalAccessTokens,
    name: "GetPersonalAccessTokens",
    request: getPersonalAccessTokensRequest,
    response: getPersonalAccessTokensResponse,
  },
  {
    code: CommandCode.CreatePersonalAccessToken,
    name: "CreatePersonalAccessToken",
    request: createPersonalAccessTokenRequest,
    response: rawPersonalAccessTokenResponse,
  },
  {
    code: CommandCode.DeletePersonalAccessToken,
    name: "DeletePersonalAccessToken",
    request: deletePersonalAccessTokenRequest,
    response: emptyResponse,
  },
  {
    code: CommandCode.LoginWithPersonalAccessToken,
    name: "LoginWithPersonalAccessToken",
    request: loginWithPersonalAccessTokenRequest,
    response: identityResponse,
  },
] as const satisfies readonly CommandCodecs[];
