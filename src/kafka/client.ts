/**
 * A sans-IO Kafka client connection: the protocol state of one connection to one broker, with
 * no I/O inside. The caller moves bytes: {@linkcode ClientConnection.request} returns the frame
 * to write, {@linkcode ClientConnection.receive} takes whatever chunks the socket delivers and
 * returns the decoded responses. The state machine keeps the correlation ids, remembers the
 * (API key, version) of every request awaiting a reply so the reply can be decoded, assembles
 * frames from chunks, picks versions from the broker's ApiVersions response, and builds the SASL
 * handshake/authenticate messages.
 *
 * @example
 * ```ts
 * import { ApiKey, ClientConnection, encodeResponse } from "@streamwire/codec/kafka";
 * const conn = new ClientConnection({ clientId: "demo" });
 * const req = conn.apiVersionsRequest();
 * // ... write req.frame to the socket; a broker answers:
 * const reply = encodeResponse(ApiKey.ApiVersions, req.version, { correlationId: req.correlationId }, {
 *   apiKeys: [{ apiKey: ApiKey.Metadata, minVersion: 0, maxVersion: 12 }],
 * }, { sizePrefix: true });
 * const [res] = conn.receive(reply);
 * if (res.apiKey === ApiKey.ApiVersions) conn.applyApiVersions(res.body);
 * console.log(conn.version(ApiKey.Metadata)); // 12
 * ```
 *
 * @module
 */

import { WireError } from "../wire/error.ts";
import { encodeUtf8 } from "../wire/utf8.ts";
import type { DecodeOptions, Init } from "./codec.ts";
import { apiInfo, decodeResponse, encodeRequest, type RequestOf, type ResponseOf } from "./api.ts";
import { FrameDecoder } from "./frame.ts";
import type { ResponseHeader } from "./messages/response_header.ts";
import type { RequestTypes, ResponseTypes } from "./messages/_table.ts";
import { type BrokerApiVersion, negotiateVersions, pickVersion, type VersionRange } from "./versions.ts";

/** The ApiVersions API key; its replies have their own fallback rule. */
const API_VERSIONS = 18;
/** Kafka's UNSUPPORTED_VERSION error code. */
const UNSUPPORTED_VERSION = 35;
/** Correlation ids are int32; wrap before overflowing into negative ids. */
const MAX_CORRELATION_ID = 0x7fffffff;

/** Options of {@linkcode ClientConnection}. */
export interface ClientConnectionOptions {
  /** The `client_id` of every request header. Default null. */
  clientId?: string | null;
  /** First correlation id (then +1 per request, wrapping to 0 after 2^31-1). Default 0. */
  firstCorrelationId?: number;
  /**
   * Largest response frame accepted (`FRAME_TOO_LARGE` above it). Default 100 MiB; `Infinity`
   * only with `allowUnboundedFrames`.
   */
  maxFrameBytes?: number;
  /** Accept `maxFrameBytes: Infinity` (see `FrameDecoderOptions`). Default false. */
  allowUnboundedFrames?: boolean;
  /** Options for decoding response bodies. */
  decode?: DecodeOptions;
  /** Negotiate versions Kafka marks unstable too. Default false. */
  includeUnstable?: boolean;
}

/** Options of one {@linkcode ClientConnection.request} call. */
export interface RequestOptions {
  /** The version to send; default the negotiated version (see {@linkcode ClientConnection.version}). */
  version?: number;
}

/** A request ready to be written to the socket. */
export interface OutgoingRequest {
  /** The request's correlation id. */
  correlationId: number;
  /** API key. */
  apiKey: number;
  /** API version used. */
  version: number;
  /** The complete frame (size prefix, header, body). */
  frame: Uint8Array;
  /** False for a request the broker never answers (Produce with `acks` 0). */
  expectResponse: boolean;
}

/** A decoded response, matched to the request it answers. */
export interface ClientResponse<K extends number = number> {
  /** The correlation id shared with the request. */
  correlationId: number;
  /** API key of the request. */
  apiKey: K;
  /** Version the body was decoded at (for ApiVersions possibly 0, see {@linkcode ClientConnection.receive}). */
  version: number;
  /** The response header. */
  header: ResponseHeader;
  /** The response body. */
  body: ResponseOf<K>;
}

/** Every response type, discriminated by `apiKey`. */
export type AnyClientResponse = { [K in keyof ResponseTypes]: ClientResponse<K> }[keyof ResponseTypes];

interface Pending {
  correlationId: number;
  apiKey: number;
  version: number;
}

/**
 * The protocol state of one client connection (no I/O). Kafka answers requests on one
 * connection in the order they were sent, so a reply whose correlation id is not the oldest
 * pending one is a protocol violation (`CORRUPT_DATA`), as is a reply nobody asked for.
 *
 * @example
 * ```ts
 * import { ApiKey, ClientConnection, encodeResponse } from "@streamwire/codec/kafka";
 * const conn = new ClientConnection({ clientId: "demo" });
 * const req = conn.apiVersionsRequest(); // write req.frame to the socket
 * const reply = encodeResponse(ApiKey.ApiVersions, req.version, { correlationId: req.correlationId }, {
 *   apiKeys: [{ apiKey: ApiKey.Metadata, minVersion: 0, maxVersion: 12 }],
 * }, { sizePrefix: true });
 * for (const res of conn.receive(reply)) if (res.apiKey === ApiKey.ApiVersions) conn.applyApiVersions(res.body);
 * console.log(conn.version(ApiKey.Metadata)); // 12
 * ```
 */
export class ClientConnection {
  readonly #clientId: string | null;
  readonly #frames: FrameDecoder;
  readonly #decode: DecodeOptions | undefined;
  readonly #includeUnstable: boolean;
  #next: number;
  readonly #pending: Pending[] = [];
  #versions = new Map<number, number>();
  #broker = new Map<number, VersionRange>();

  /** A connection with no request sent and no versions negotiated. */
  constructor(options?: ClientConnectionOptions) {
    this.#clientId = options?.clientId ?? null;
    const first = options?.firstCorrelationId ?? 0;
    if (!Number.isInteger(first) || first < 0 || first > MAX_CORRELATION_ID) {
      throw new WireError("INVALID_VALUE", { detail: `firstCorrelationId ${first} is not an int32 >= 0` });
    }
    this.#next = first;
    this.#frames = new FrameDecoder({
      maxFrameBytes: options?.maxFrameBytes,
      allowUnboundedFrames: options?.allowUnboundedFrames,
    });
    this.#decode = options?.decode;
    this.#includeUnstable = options?.includeUnstable ?? false;
  }

  /** Requests sent whose response has not arrived yet. */
  get pending(): number {
    return this.#pending.length;
  }

  /** True once {@linkcode applyApiVersions} has run. */
  get negotiated(): boolean {
    return this.#broker.size > 0;
  }

  /**
   * Encodes a request with the next correlation id and remembers it (unless the broker will not
   * answer it: Produce with `acks` 0). The version is `options.version`, else the negotiated one;
   * with neither, `UNSUPPORTED_VERSION`.
   *
   * @example
   * ```ts
   * import { ApiKey, ClientConnection, encodeResponse } from "@streamwire/codec/kafka";
   * const conn = new ClientConnection({ clientId: "demo" });
   * const req = conn.apiVersionsRequest();
   * const reply = encodeResponse(ApiKey.ApiVersions, req.version, { correlationId: req.correlationId }, {
   *   apiKeys: [{ apiKey: ApiKey.Metadata, minVersion: 0, maxVersion: 12 }, { apiKey: ApiKey.SaslAuthenticate, minVersion: 0, maxVersion: 2 }],
   * }, { sizePrefix: true });
   * const [res] = conn.receive(reply);
   * if (res.apiKey === ApiKey.ApiVersions) conn.applyApiVersions(res.body);
   * const md = conn.request(ApiKey.Metadata, { topics: [{ name: "orders" }] }); // Metadata, at the negotiated version
   * console.log(md.version, md.correlationId, conn.pending); // 12 1 1
   * ```
   */
  request<K extends keyof RequestTypes>(
    apiKey: K,
    body: Init<RequestOf<K>>,
    options?: RequestOptions,
  ): OutgoingRequest {
    const version = options?.version ?? this.version(apiKey);
    const correlationId = this.#next;
    this.#next = correlationId === MAX_CORRELATION_ID ? 0 : correlationId + 1;
    const frame = encodeRequest(apiKey, version, { correlationId, clientId: this.#clientId }, body, {
      sizePrefix: true,
    });
    const expectResponse = !(apiKey === 0 && (body as { acks?: number }).acks === 0);
    if (expectResponse) this.#pending.push({ correlationId, apiKey, version });
    return { correlationId, apiKey, version, frame, expectResponse };
  }

  /**
   * The ApiVersions request a client sends first: at `version` (default the highest this codec
   * knows, without unstable versions), carrying the client software name and version (v3+).
   *
   * @example
   * ```ts
   * import { ClientConnection } from "@streamwire/codec/kafka";
   * const conn = new ClientConnection();
   * const req = conn.apiVersionsRequest({ version: 3, clientSoftwareName: "my-app", clientSoftwareVersion: "1.0" });
   * console.log(req.apiKey, req.version, req.expectResponse); // 18 3 true
   * ```
   */
  apiVersionsRequest(
    options?: { version?: number; clientSoftwareName?: string; clientSoftwareVersion?: string },
  ): OutgoingRequest {
    const version = options?.version ??
      pickVersion(API_VERSIONS, 0, 30, { includeUnstable: this.#includeUnstable })!;
    return this.request(API_VERSIONS, {
      clientSoftwareName: options?.clientSoftwareName ?? "streamwire",
      clientSoftwareVersion: options?.clientSoftwareVersion ?? "0.1.0",
    }, { version });
  }

  /**
   * Consumes a chunk from the socket and returns the responses it completes, decoded and matched
   * to their requests, in order.
   *
   * An ApiVersions reply that does not decode at the requested version is decoded at v0: a broker
   * that does not know the requested ApiVersions version answers in v0 with UNSUPPORTED_VERSION
   * and its own range, so the client can retry lower (see {@linkcode retryApiVersionsVersion}).
   *
   * With `each`, every response is handed to it as soon as it is decoded and an empty array is
   * returned: when a later frame of the chunk throws, the responses before it are delivered
   * already (the stream adapters settle their requests this way).
   *
   * @example
   * ```ts
   * import { ApiKey, ClientConnection, encodeResponse } from "@streamwire/codec/kafka";
   * const conn = new ClientConnection();
   * const req = conn.apiVersionsRequest({ version: 3 });
   * const reply = encodeResponse(ApiKey.ApiVersions, 3, { correlationId: req.correlationId }, { apiKeys: [] }, { sizePrefix: true });
   * console.log(conn.receive(reply.subarray(0, 5)).length); // 0
   * console.log(conn.receive(reply.subarray(5))[0].apiKey); // 18
   * ```
   */
  receive(chunk: Uint8Array, each?: (response: AnyClientResponse) => void): AnyClientResponse[] {
    if (each !== undefined) {
      // The frames before a bad size prefix in this chunk still reach `each`.
      this.#frames.push(chunk, (payload) => each(this.#decodeFrame(payload)));
      return [];
    }
    const frames = this.#frames.push(chunk);
    const out: AnyClientResponse[] = [];
    for (let i = 0; i < frames.length; i++) out.push(this.#decodeFrame(frames[i]));
    return out;
  }

  #decodeFrame(payload: Uint8Array): AnyClientResponse {
    if (payload.length < 4) {
      throw new WireError("TRUNCATED", {
        offset: 0,
        need: 4,
        have: payload.length,
        context: "ResponseHeader",
      });
    }
    const correlationId = new DataView(payload.buffer, payload.byteOffset, 4).getInt32(0);
    const p = this.#pending[0];
    if (p === undefined || p.correlationId !== correlationId) {
      const expected = p === undefined ? "no request pending" : `expected ${p.correlationId}`;
      throw new WireError("CORRUPT_DATA", {
        offset: 0,
        context: "ResponseHeader",
        detail: `response with correlation id ${correlationId}: ${expected}`,
      });
    }
    this.#pending.shift();
    let version = p.version;
    let decoded;
    try {
      decoded = decodeResponse(p.apiKey, version, payload, this.#decode);
    } catch (e) {
      if (p.apiKey !== API_VERSIONS || version === 0) throw e;
      version = 0;
      decoded = decodeResponse(p.apiKey, 0, payload, this.#decode);
    }
    return {
      correlationId,
      apiKey: p.apiKey,
      version,
      header: decoded.header,
      body: decoded.body,
    } as AnyClientResponse;
  }

  /**
   * Records a broker's ApiVersions response: afterwards {@linkcode version} returns, per API
   * key, the highest version both sides support. Throws the response's error (as `UNSUPPORTED_VERSION`
   * when the broker rejected the ApiVersions version) instead of negotiating from an error reply.
   *
   * @example
   * ```ts
   * import { ApiKey, ClientConnection } from "@streamwire/codec/kafka";
   * const conn = new ClientConnection();
   * const versions = conn.applyApiVersions({ apiKeys: [{ apiKey: ApiKey.Metadata, minVersion: 0, maxVersion: 9 }] }); // Metadata
   * console.log(versions.get(3), conn.negotiated); // 9 true
   * ```
   */
  applyApiVersions(
    response: { errorCode?: number; apiKeys: readonly BrokerApiVersion[] },
  ): Map<number, number> {
    if (response.errorCode !== undefined && response.errorCode !== 0) {
      throw new WireError(
        response.errorCode === UNSUPPORTED_VERSION ? "UNSUPPORTED_VERSION" : "INVALID_VALUE",
        {
          detail: `ApiVersions response carries error code ${response.errorCode}`,
        },
      );
    }
    this.#broker = new Map(response.apiKeys.map((k) => [k.apiKey, { min: k.minVersion, max: k.maxVersion }]));
    this.#versions = negotiateVersions(response, { includeUnstable: this.#includeUnstable });
    return new Map(this.#versions);
  }

  /**
   * The ApiVersions version to retry with after an UNSUPPORTED_VERSION reply (the highest both
   * sides support, from the broker's ApiVersions range in that reply), or undefined if the reply
   * is not such an error or the ranges do not meet.
   *
   * @example
   * ```ts
   * import { ApiKey, ClientConnection } from "@streamwire/codec/kafka";
   * const conn = new ClientConnection();
   * // A broker that only knows ApiVersions v0-2 answers a v4 request with error 35 (UNSUPPORTED_VERSION):
   * const reply = { errorCode: 35, apiKeys: [{ apiKey: ApiKey.ApiVersions, minVersion: 0, maxVersion: 2 }] };
   * console.log(conn.retryApiVersionsVersion(reply)); // 2
   * ```
   */
  retryApiVersionsVersion(
    response: { errorCode?: number; apiKeys: readonly BrokerApiVersion[] },
  ): number | undefined {
    if (response.errorCode !== UNSUPPORTED_VERSION) return undefined;
    const own = response.apiKeys.find((k) => k.apiKey === API_VERSIONS);
    if (own === undefined) return 0;
    return pickVersion(API_VERSIONS, own.minVersion, own.maxVersion, {
      includeUnstable: this.#includeUnstable,
    });
  }

  /**
   * The broker's advertised range for `apiKey` (after {@linkcode applyApiVersions}), if any.
   *
   * @example
   * ```ts
   * import { ApiKey, ClientConnection, encodeResponse } from "@streamwire/codec/kafka";
   * const conn = new ClientConnection({ clientId: "demo" });
   * const req = conn.apiVersionsRequest();
   * const reply = encodeResponse(ApiKey.ApiVersions, req.version, { correlationId: req.correlationId }, {
   *   apiKeys: [{ apiKey: ApiKey.Metadata, minVersion: 0, maxVersion: 12 }, { apiKey: ApiKey.SaslAuthenticate, minVersion: 0, maxVersion: 2 }],
   * }, { sizePrefix: true });
   * const [res] = conn.receive(reply);
   * if (res.apiKey === ApiKey.ApiVersions) conn.applyApiVersions(res.body);
   * console.log(conn.brokerVersions(3)); // { min: 0, max: 12 }
   * ```
   */
  brokerVersions(apiKey: number): VersionRange | undefined {
    const r = this.#broker.get(apiKey);
    return r === undefined ? undefined : { ...r };
  }

  /**
   * The negotiated version of `apiKey`. `UNSUPPORTED_VERSION` before negotiation, for a key the
   * broker does not advertise, or when no version is common to both sides.
   *
   * @example
   * ```ts
   * import { ApiKey, ClientConnection, encodeResponse } from "@streamwire/codec/kafka";
   * const conn = new ClientConnection({ clientId: "demo" });
   * const req = conn.apiVersionsRequest();
   * const reply = encodeResponse(ApiKey.ApiVersions, req.version, { correlationId: req.correlationId }, {
   *   apiKeys: [{ apiKey: ApiKey.Metadata, minVersion: 0, maxVersion: 12 }, { apiKey: ApiKey.SaslAuthenticate, minVersion: 0, maxVersion: 2 }],
   * }, { sizePrefix: true });
   * const [res] = conn.receive(reply);
   * if (res.apiKey === ApiKey.ApiVersions) conn.applyApiVersions(res.body);
   * console.log(conn.version(ApiKey.SaslAuthenticate)); // 2
   * ```
   */
  version(apiKey: number): number {
    const v = this.#versions.get(apiKey);
    if (v !== undefined) return v;
    const name = apiInfo(apiKey)?.name ?? `API key ${apiKey}`;
    const why = !this.negotiated
      ? "no ApiVersions response applied yet"
      : this.#broker.has(apiKey)
      ? "no version in common with the broker"
      : "the broker does not advertise it";
    throw new WireError("UNSUPPORTED_VERSION", { detail: `${name}: ${why}` });
  }

  /**
   * Like {@linkcode version} but undefined instead of an error.
   *
   * @example
   * ```ts
   * import { ApiKey, ClientConnection, encodeResponse } from "@streamwire/codec/kafka";
   * const conn = new ClientConnection({ clientId: "demo" });
   * const req = conn.apiVersionsRequest();
   * const reply = encodeResponse(ApiKey.ApiVersions, req.version, { correlationId: req.correlationId }, {
   *   apiKeys: [{ apiKey: ApiKey.Metadata, minVersion: 0, maxVersion: 12 }, { apiKey: ApiKey.SaslAuthenticate, minVersion: 0, maxVersion: 2 }],
   * }, { sizePrefix: true });
   * const [res] = conn.receive(reply);
   * if (res.apiKey === ApiKey.ApiVersions) conn.applyApiVersions(res.body);
   * console.log(conn.tryVersion(3), conn.tryVersion(0)); // 12 undefined
   * ```
   */
  tryVersion(apiKey: number): number | undefined {
    return this.#versions.get(apiKey);
  }

  /**
   * SaslHandshake request for `mechanism` (e.g. "PLAIN", "SCRAM-SHA-256"). Version 1 (tokens
   * then travel in SaslAuthenticate requests) unless negotiated otherwise; version 0 (raw token
   * frames without Kafka headers) is not handled by this state machine.
   *
   * @example
   * ```ts
   * import { ApiKey, ClientConnection, encodeResponse } from "@streamwire/codec/kafka";
   * const conn = new ClientConnection({ clientId: "demo" });
   * const req = conn.apiVersionsRequest();
   * const reply = encodeResponse(ApiKey.ApiVersions, req.version, { correlationId: req.correlationId }, {
   *   apiKeys: [{ apiKey: ApiKey.Metadata, minVersion: 0, maxVersion: 12 }, { apiKey: ApiKey.SaslAuthenticate, minVersion: 0, maxVersion: 2 }],
   * }, { sizePrefix: true });
   * const [res] = conn.receive(reply);
   * if (res.apiKey === ApiKey.ApiVersions) conn.applyApiVersions(res.body);
   * console.log(conn.saslHandshake("PLAIN").apiKey); // 17
   * ```
   */
  saslHandshake(mechanism: string, options?: RequestOptions): OutgoingRequest {
    const version = options?.version ?? this.tryVersion(17) ?? 1;
    if (version < 1) {
      throw new WireError("UNSUPPORTED_VERSION", {
        detail: "SaslHandshake v0 (raw SASL frames) is not supported; use v1 with SaslAuthenticate",
      });
    }
    return this.request(17, { mechanism }, { version });
  }

  /**
   * SaslAuthenticate request carrying one SASL token (`authBytes`).
   *
   * @example
   * ```ts
   * import { ApiKey, ClientConnection, encodeResponse, saslPlainToken } from "@streamwire/codec/kafka";
   * const conn = new ClientConnection({ clientId: "demo" });
   * const req = conn.apiVersionsRequest();
   * const reply = encodeResponse(ApiKey.ApiVersions, req.version, { correlationId: req.correlationId }, {
   *   apiKeys: [{ apiKey: ApiKey.Metadata, minVersion: 0, maxVersion: 12 }, { apiKey: ApiKey.SaslAuthenticate, minVersion: 0, maxVersion: 2 }],
   * }, { sizePrefix: true });
   * const [res] = conn.receive(reply);
   * if (res.apiKey === ApiKey.ApiVersions) conn.applyApiVersions(res.body);
   * const auth = conn.saslAuthenticate(saslPlainToken("alice", "secret"));
   * console.log(auth.apiKey, auth.version); // 36 2
   * ```
   */
  saslAuthenticate(authBytes: Uint8Array, options?: RequestOptions): OutgoingRequest {
    const version = options?.version ?? this.tryVersion(36) ?? 0;
    return this.request(36, { authBytes }, { version });
  }

  /**
   * Throws `TRUNCATED` (incomplete) when a partial response frame is buffered: call when the
   * socket closes. Requests still pending are not an error here (see {@linkcode pending}).
   *
   * @example
   * ```ts
   * import { ApiKey, ClientConnection, encodeResponse } from "@streamwire/codec/kafka";
   * import { isWireError } from "@streamwire/codec/wire";
   * const conn = new ClientConnection();
   * const req = conn.apiVersionsRequest({ version: 3 });
   * const reply = encodeResponse(ApiKey.ApiVersions, 3, { correlationId: req.correlationId }, { apiKeys: [] }, { sizePrefix: true });
   * conn.receive(reply.subarray(0, 6)); // the socket closes mid-frame
   * try {
   *   conn.end();
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code); // TRUNCATED
   * }
   * ```
   */
  end(): void {
    this.#frames.end();
  }
}

/**
 * The SASL PLAIN initial response (RFC 4616): `authzid NUL authcid NUL passwd` in UTF-8, the
 * single token a PLAIN exchange sends in SaslAuthenticate.
 *
 * @example
 * ```ts
 * import { saslPlainToken } from "@streamwire/codec/kafka";
 * console.log(saslPlainToken("alice", "pw")); // Uint8Array(9) [0, 97, 108, 105, 99, 101, 0, 112, 119]
 * ```
 */
export function saslPlainToken(username: string, password: string, authzid = ""): Uint8Array {
  for (const [what, s] of [["authzid", authzid], ["username", username], ["password", password]]) {
    if (s.includes("\0")) throw new WireError("INVALID_VALUE", { detail: `SASL PLAIN ${what} contains NUL` });
  }
  const a = encodeUtf8(authzid);
  const u = encodeUtf8(username);
  const p = encodeUtf8(password);
  const out = new Uint8Array(a.length + u.length + p.length + 2);
  out.set(a, 0);
  out.set(u, a.length + 1);
  out.set(p, a.length + u.length + 2);
  return out;
}
