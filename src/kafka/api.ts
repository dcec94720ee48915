/**
 * Whole Kafka requests and responses: header + body, with the header version chosen the way
 * Kafka chooses it, and lookups in the API table.
 *
 * @module
 */

import { Reader } from "../wire/reader.ts";
import { Writer } from "../wire/writer.ts";
import { WireError } from "../wire/error.ts";
import {
  type DecodeOptions,
  decodeWith,
  encodeWith,
  type Init,
  type MessageCodec,
  type TaggedField,
} from "./codec.ts";
import { resolveOptions } from "./_runtime.ts";
import { API_LIST, type ApiInfo, type RequestTypes, type ResponseTypes } from "./messages/_table.ts";
import { type RequestHeader, RequestHeaderCodec } from "./messages/request_header.ts";
import { type ResponseHeader, ResponseHeaderCodec } from "./messages/response_header.ts";

let byKey: (ApiInfo | undefined)[] | undefined;

/** API_LIST indexed by key, built on first use (nothing runs at import). */
function apisByKey(): (ApiInfo | undefined)[] {
  if (byKey === undefined) {
    byKey = [];
    for (const a of API_LIST) byKey[a.apiKey] = a;
  }
  return byKey;
}

/** Request body type of API key `K` (`unknown` for a key not known at compile time). */
export type RequestOf<K extends number> = K extends keyof RequestTypes ? RequestTypes[K] : unknown;
/** Response body type of API key `K`. */
export type ResponseOf<K extends number> = K extends keyof ResponseTypes ? ResponseTypes[K] : unknown;

/**
 * The table entry of `apiKey`, or undefined for a key neither release defines.
 *
 * @example
 * ```ts
 * import { apiInfo, ApiKey } from "@streamwire/codec/kafka";
 * console.log(apiInfo(ApiKey.ApiVersions)?.name, apiInfo(ApiKey.ApiVersions)?.maxVersion); // ApiVersions 5
 * ```
 */
export function apiInfo(apiKey: number): ApiInfo | undefined {
  return Number.isInteger(apiKey) ? apisByKey()[apiKey] : undefined;
}

function info(apiKey: number, offset = -1, side: "decode" | "encode" = "decode"): ApiInfo {
  const a = apiInfo(apiKey);
  if (!a) throw new WireError("UNKNOWN_API_KEY", { offset, side, detail: `API key ${apiKey}` });
  return a;
}

function has(mask: number, v: number): boolean {
  return v >= 0 && v < 31 && ((mask >>> v) & 1) === 1;
}

function lowestBit(mask: number): number {
  for (let v = 0; v < 31; v++) if ((mask >>> v) & 1) return v;
  return -1;
}

function checkApiVersion(
  a: ApiInfo,
  version: number,
  offset = -1,
  side: "decode" | "encode" = "decode",
): void {
  if (!has(a.validVersions, version)) {
    throw new WireError("UNSUPPORTED_VERSION", {
      offset,
      side,
      detail: `${a.name} (key ${a.apiKey}) has versions ${a.minVersion}-${a.maxVersion}, not ${version}`,
    });
  }
}

/** True when `version` of `a` is flexible; versions above the table follow the open-ended flexible range. */
function isFlexible(a: ApiInfo, version: number): boolean {
  if (has(a.validVersions, version)) return has(a.flexibleVersions, version);
  const lo = lowestBit(a.flexibleVersions);
  return lo >= 0 && version >= lo;
}

/**
 * The request header version of `apiKey` at `version`: 2 for flexible versions, 1 otherwise, 0
 * for ControlledShutdown v0. Versions above the table's maximum follow the flexible rule, so a
 * server can still read the header of a request it will reject.
 *
 * @example
 * ```ts
 * import { ApiKey, requestHeaderVersion } from "@streamwire/codec/kafka";
 * console.log(requestHeaderVersion(ApiKey.Metadata, 12), requestHeaderVersion(ApiKey.Metadata, 8)); // 2 1
 * ```
 */
export function requestHeaderVersion(apiKey: number, version: number): number {
  const a = info(apiKey);
  if (has(a.requestHeaderV0, version)) return 0;
  return isFlexible(a, version) ? 2 : 1;
}

/**
 * The response header version of `apiKey` at `version`: 1 for flexible versions, 0 otherwise,
 * and always 0 for ApiVersions.
 *
 * @example
 * ```ts
 * import { ApiKey, responseHeaderVersion } from "@streamwire/codec/kafka";
 * console.log(responseHeaderVersion(ApiKey.Metadata, 12), responseHeaderVersion(ApiKey.ApiVersions, 4)); // 1 0
 * ```
 */
export function responseHeaderVersion(apiKey: number, version: number): number {
  const a = info(apiKey);
  if (a.apiKey === 18) return 0;
  return isFlexible(a, version) ? 1 : 0;
}

/** Header fields a caller supplies when encoding a request (key and version come from the call). */
export interface RequestHeaderInit {
  /** Matches the response to the request. Default 0. */
  correlationId?: number;
  /** Client id (header v1+). Default null. */
  clientId?: string | null;
  /** Header-level unknown tagged fields (header v2 only). */
  _unknownTaggedFields?: TaggedField[];
}

/** Header fields of a response. */
export interface ResponseHeaderInit {
  /** The request's correlation id. Default 0. */
  correlationId?: number;
  /** Header-level unknown tagged fields (header v1 only). */
  _unknownTaggedFields?: TaggedField[];
}

/** Options for encoding a whole request or response. */
export interface EncodeOptions {
  /** Prepend the int32 size, making a complete frame as sent on the socket. Default false. */
  sizePrefix?: boolean;
}

function encodeWhole<H, B>(
  hc: MessageCodec<H>,
  header: Init<H>,
  hv: number,
  bc: MessageCodec<B>,
  body: Init<B>,
  version: number,
  sizePrefix: boolean,
): Uint8Array {
  const hs = hc.sizeOf(header, hv);
  const bs = bc.sizeOf(body, version);
  const pre = sizePrefix ? 4 : 0;
  // Slack: Writer reserves the widest varint before each varint write, so a buffer of exactly
  // the size would grow (and be copied) at the final tagged-field count.
  const w = new Writer(pre + hs + bs + 8);
  if (sizePrefix) w.i32be(hs + bs);
  hc.write(w, header, hv);
  bc.write(w, body, version);
  if (w.pos !== pre + hs + bs) {
    throw new WireError("CORRUPT_DATA", {
      side: "encode",
      detail: `${bc.name} v${version}: sized ${pre + hs + bs}, wrote ${w.pos}`,
    });
  }
  return w.buf.subarray(0, w.pos);
}

/**
 * Encodes request header + body of `apiKey` at `version` (the header version follows Kafka's
 * rule). With `sizePrefix`, the result is a complete frame.
 *
 * @example
 * ```ts
 * import { ApiKey, decodeRequest, encodeRequest } from "@streamwire/codec/kafka";
 * const bytes = encodeRequest(ApiKey.ApiVersions, 3, { correlationId: 7, clientId: "app" }, {
 *   clientSoftwareName: "streamwire",
 *   clientSoftwareVersion: "0.1.0",
 * });
 * const req = decodeRequest(bytes);
 * console.log(req.apiKey, req.header.correlationId); // 18 7
 * ```
 */
export function encodeRequest<K extends number>(
  apiKey: K,
  version: number,
  header: RequestHeaderInit,
  body: Init<RequestOf<K>>,
  options?: EncodeOptions,
): Uint8Array {
  const a = info(apiKey, -1, "encode");
  checkApiVersion(a, version, -1, "encode");
  const hv = requestHeaderVersion(apiKey, version);
  const h: Init<RequestHeader> = {
    requestApiKey: apiKey,
    requestApiVersion: version,
    correlationId: header.correlationId ?? 0,
    clientId: header.clientId === undefined ? null : header.clientId,
    _unknownTaggedFields: header._unknownTaggedFields,
  };
  return encodeWhole<RequestHeader, unknown>(
    RequestHeaderCodec,
    h,
    hv,
    a.request,
    body as Init<unknown>,
    version,
    options?.sizePrefix ?? false,
  );
}

/** A decoded request: header, header version and body. */
export interface DecodedRequest<B = unknown> {
  /** API key from the header. */
  apiKey: number;
  /** API version from the header. */
  apiVersion: number;
  /** The request header version that was read. */
  headerVersion: number;
  /** The header. */
  header: RequestHeader;
  /** The body. */
  body: B;
}

/** Every decoded request type, discriminated by `apiKey`. */
export type AnyDecodedRequest = {
  [K in keyof RequestTypes]: DecodedRequest<RequestTypes[K]> & { apiKey: K };
}[keyof RequestTypes];

/** The result of {@linkcode peekRequestHeader}. */
export interface PeekedRequestHeader {
  /** The header. */
  header: RequestHeader;
  /** The request header version that was read. */
  headerVersion: number;
  /** Offset of the body in the input. */
  bodyOffset: number;
}

/**
 * Reads only the request header: what a server needs to answer a request whose version it does
 * not support (Kafka answers an unknown ApiVersions version with a v0 error response).
 * Throws `UNKNOWN_API_KEY` for a key neither release defines.
 *
 * @example
 * ```ts
 * import { ApiKey, encodeRequest, peekRequestHeader } from "@streamwire/codec/kafka";
 * const bytes = encodeRequest(ApiKey.Metadata, 12, { correlationId: 9, clientId: "demo" }, {});
 * const { header, headerVersion } = peekRequestHeader(bytes);
 * console.log(header.requestApiKey, header.requestApiVersion, header.correlationId, headerVersion); // 3 12 9 2
 * ```
 */
export function peekRequestHeader(bytes: Uint8Array, options?: DecodeOptions): PeekedRequestHeader {
  const r = new Reader(bytes, "RequestHeader");
  r.need(4);
  const apiKey = r.view.getInt16(0);
  const version = r.view.getInt16(2);
  info(apiKey, 0);
  const headerVersion = requestHeaderVersion(apiKey, version < 0 ? 0 : version);
  const header = RequestHeaderCodec.read(r, headerVersion, options);
  return { header, headerVersion, bodyOffset: r.pos };
}

/**
 * Decodes a whole request (header + body, no size prefix): the header's key and version pick
 * the body codec. `UNKNOWN_API_KEY` / `UNSUPPORTED_VERSION` when the table has neither;
 * `TRAILING_BYTES` when bytes follow the body.
 *
 * @example
 * ```ts
 * import { ApiKey, decodeRequest, encodeRequest } from "@streamwire/codec/kafka";
 * const bytes = encodeRequest(ApiKey.ApiVersions, 3, { correlationId: 7, clientId: "demo" }, {
 *   clientSoftwareName: "demo",
 *   clientSoftwareVersion: "1.0",
 * });
 * const req = decodeRequest(bytes);
 * console.log(req.apiKey, req.apiVersion, req.header.correlationId); // 18 3 7
 * ```
 */
export function decodeRequest(bytes: Uint8Array, options?: DecodeOptions): AnyDecodedRequest {
  const o = resolveOptions(options);
  const r = new Reader(bytes, "RequestHeader");
  r.need(4);
  const apiKey = r.view.getInt16(0);
  const version = r.view.getInt16(2);
  const a = info(apiKey, 0);
  checkApiVersion(a, version, 2);
  const headerVersion = requestHeaderVersion(apiKey, version);
  const header = RequestHeaderCodec.read(r, headerVersion, o);
  const body = a.request.read(r, version, o);
  r.expectEnd();
  return { apiKey, apiVersion: version, headerVersion, header, body } as AnyDecodedRequest;
}

/** A decoded response: header, header version and body. */
export interface DecodedResponse<B = unknown> {
  /** The response header version that was read. */
  headerVersion: number;
  /** The header. */
  header: ResponseHeader;
  /** The body. */
  body: B;
}

/**
 * Decodes a whole response (header + body, no size prefix) of `apiKey` at `version` — both
 * known from the request it answers.
 *
 * @example
 * ```ts
 * import { ApiKey, decodeResponse, encodeResponse } from "@streamwire/codec/kafka";
 * const bytes = encodeResponse(ApiKey.ApiVersions, 3, { correlationId: 7 }, { errorCode: 0, apiKeys: [] });
 * console.log(decodeResponse(ApiKey.ApiVersions, 3, bytes).header.correlationId); // 7
 * ```
 */
export function decodeResponse<K extends number>(
  apiKey: K,
  version: number,
  bytes: Uint8Array,
  options?: DecodeOptions,
): DecodedResponse<ResponseOf<K>> {
  const a = info(apiKey);
  checkApiVersion(a, version);
  const o = resolveOptions(options);
  const headerVersion = responseHeaderVersion(apiKey, version);
  const r = new Reader(bytes, "ResponseHeader");
  const header = ResponseHeaderCodec.read(r, headerVersion, o);
  const body = a.response.read(r, version, o) as ResponseOf<K>;
  r.expectEnd();
  return { headerVersion, header, body };
}

/**
 * Encodes response header + body of `apiKey` at `version`; with `sizePrefix`, a complete frame.
 *
 * @example
 * ```ts
 * import { ApiKey, decodeResponse, encodeResponse } from "@streamwire/codec/kafka";
 * // A Heartbeat (API key 12) v4 response to correlation id 7:
 * const bytes = encodeResponse(ApiKey.Heartbeat, 4, { correlationId: 7 }, { errorCode: 0 });
 * console.log(decodeResponse(ApiKey.Heartbeat, 4, bytes).header.correlationId); // 7
 * ```
 */
export function encodeResponse<K extends number>(
  apiKey: K,
  version: number,
  header: ResponseHeaderInit,
  body: Init<ResponseOf<K>>,
  options?: EncodeOptions,
): Uint8Array {
  const a = info(apiKey, -1, "encode");
  checkApiVersion(a, version, -1, "encode");
  const hv = responseHeaderVersion(apiKey, version);
  const h: Init<ResponseHeader> = {
    correlationId: header.correlationId ?? 0,
    _unknownTaggedFields: header._unknownTaggedFields,
  };
  return encodeWhole<ResponseHeader, unknown>(
    ResponseHeaderCodec,
    h,
    hv,
    a.response,
    body as Init<unknown>,
    version,
    options?.sizePrefix ?? false,
  );
}

/**
 * Encodes only the request body of `apiKey` at `version` (no header, no size prefix): the
 * body-only twin of {@linkcode encodeRequest}, as Iggy's `encodeRequestBody(code, body)` is.
 *
 * @example
 * ```ts
 * import { ApiKey, decodeRequestBody, encodeRequestBody } from "@streamwire/codec/kafka";
 * const body = encodeRequestBody(ApiKey.Metadata, 12, { topics: [{ name: "orders" }] });
 * console.log(decodeRequestBody(ApiKey.Metadata, 12, body).topics?.[0].name); // orders
 * ```
 */
export function encodeRequestBody<K extends number>(
  apiKey: K,
  version: number,
  body: Init<RequestOf<K>>,
): Uint8Array {
  const a = info(apiKey, -1, "encode");
  checkApiVersion(a, version, -1, "encode");
  return encodeWith(a.request, body as Init<unknown>, version);
}

/**
 * Decodes exactly `bytes` as the request body of `apiKey` at `version` (`TRAILING_BYTES` when
 * bytes are left over).
 *
 * @example
 * ```ts
 * import { ApiKey, decodeRequestBody, encodeRequestBody } from "@streamwire/codec/kafka";
 * const body = encodeRequestBody(ApiKey.Heartbeat, 4, { groupId: "g", generationId: 1, memberId: "m" });
 * console.log(decodeRequestBody(ApiKey.Heartbeat, 4, body).groupId); // g
 * ```
 */
export function decodeRequestBody<K extends number>(
  apiKey: K,
  version: number,
  bytes: Uint8Array,
  options?: DecodeOptions,
): RequestOf<K> {
  const a = info(apiKey);
  checkApiVersion(a, version);
  return decodeWith(a.request, bytes, version, options) as RequestOf<K>;
}

/**
 * Encodes only the response body of `apiKey` at `version` (no header, no size prefix).
 *
 * @example
 * ```ts
 * import { ApiKey, decodeResponseBody, encodeResponseBody } from "@streamwire/codec/kafka";
 * const body = encodeResponseBody(ApiKey.Heartbeat, 4, { errorCode: 0 });
 * console.log(decodeResponseBody(ApiKey.Heartbeat, 4, body).errorCode); // 0
 * ```
 */
export function encodeResponseBody<K extends number>(
  apiKey: K,
  version: number,
  body: Init<ResponseOf<K>>,
): Uint8Array {
  const a = info(apiKey, -1, "encode");
  checkApiVersion(a, version, -1, "encode");
  return encodeWith(a.response, body as Init<unknown>, version);
}

/**
 * Decodes exactly `bytes` as the response body of `apiKey` at `version` (`TRAILING_BYTES` when
 * bytes are left over).
 *
 * @example
 * ```ts
 * import { ApiKey, decodeResponseBody, encodeResponseBody } from "@streamwire/codec/kafka";
 * const body = encodeResponseBody(ApiKey.ApiVersions, 3, { errorCode: 35, apiKeys: [] });
 * console.log(decodeResponseBody(ApiKey.ApiVersions, 3, body).errorCode); // 35
 * ```
 */
export function decodeResponseBody<K extends number>(
  apiKey: K,
  version: number,
  bytes: Uint8Array,
  options?: DecodeOptions,
): ResponseOf<K> {
  const a = info(apiKey);
  checkApiVersion(a, version);
  return decodeWith(a.response, bytes, version, options) as ResponseOf<K>;
}
