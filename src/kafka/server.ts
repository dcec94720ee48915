/**
 * A sans-IO Kafka server connection: the broker side of one client connection, with no I/O
 * inside and the mirror of {@linkcode ClientConnection}. The caller moves bytes:
 * {@linkcode KafkaServerConnection.receive} takes whatever chunks the socket delivers and returns
 * the decoded requests; {@linkcode KafkaServerConnection.respond} encodes the answer to one of
 * them and returns the bytes to write now. The state machine owns the protocol rules around the
 * application's answers:
 *
 * - **Headers**: each request's header is read at the version its key and version call for (v0,
 *   v1 or v2); each response is written with the header version and correlation id that request
 *   needs (response header v0 always for ApiVersions). Bytes after a request body are ignored, as
 *   Kafka 4.4.0's broker ignores them (librdkafka sends some).
 * - **Versions**: requests are checked against the broker's advertised ranges (`apiVersions`).
 *   An ApiVersions request at a version the broker lacks is answered here, as Kafka's broker
 *   does: at v0, `UNSUPPORTED_VERSION` (35) and the broker's ApiVersions range, without reading
 *   the body (a newer client's body need not parse). Any other request at a version the broker
 *   lacks, or with a key it does not know, closes the connection (Kafka's `SocketServer` does
 *   the same: `InvalidRequestException`, then close).
 * - **Order**: Kafka answers the requests of one connection in the order they came; answers the
 *   application gives out of order are held back until every earlier one is out. A Produce with
 *   `acks` 0 gets no response (its answer only keeps the order), and one whose answer carries an
 *   error closes the connection, as Kafka's broker does.
 * - **SASL**: SaslHandshake and SaslAuthenticate are surfaced like any request; the state follows
 *   the answers the application gives (an accepted SaslHandshake v0 switches the connection to
 *   raw, un-framed tokens, surfaced as `saslToken` events). With `requireSasl`, a request other
 *   than ApiVersions (once) or SaslHandshake before the handshake closes the connection, one
 *   other than SaslAuthenticate after it gets an empty answer of its API and then the close, and
 *   a failed authentication closes it after its error response, as Kafka's
 *   `SaslServerAuthenticator` does (each checked against Kafka 4.4.0: see
 *   `conformance/kafka-peer/probe_kafka-4.4.0.txt`).
 *   While SASL is in progress requests are handed out one at a time (Kafka reads the next frame
 *   only after answering one, and the frame after a SaslHandshake v0 is a raw token).
 * - **Bounds**: a frame over `maxFrameBytes` is refused before it is buffered; at most
 *   `maxInFlight` requests are handed out unanswered ({@linkcode KafkaServerConnection.paused}
 *   asks the caller to stop reading), and the frames held back meanwhile may not exceed
 *   `maxFrameBytes` in total. Bad input throws a `WireError` and leaves the connection
 *   {@linkcode KafkaServerConnection.closed}.
 *
 * @example
 * ```ts
 * import { ApiKey, ClientConnection, KafkaServerConnection } from "@streamwire/codec/kafka";
 * const server = new KafkaServerConnection();
 * const client = new ClientConnection({ clientId: "demo" });
 * for (const ev of server.receive(client.apiVersionsRequest().frame)) {
 *   if (ev.kind !== "request" || ev.request.apiKey !== 18) continue;
 *   const reply = server.respond(ev.request, server.apiVersionsResponse()); // write it to the socket
 *   const [res] = client.receive(reply);
 *   if (res.apiKey === ApiKey.ApiVersions) client.applyApiVersions(res.body);
 * }
 * console.log(client.version(ApiKey.Metadata)); // 13
 * ```
 *
 * @module
 */

import { WireError } from "../wire/error.ts";
import { Reader } from "../wire/reader.ts";
import type { DecodeOptions, Init } from "./codec.ts";
import { resolveOptions } from "./_runtime.ts";
import {
  apiInfo,
  encodeResponse,
  peekRequestHeader,
  requestHeaderVersion,
  type RequestOf,
  type ResponseOf,
} from "./api.ts";
import { FrameDecoder } from "./frame.ts";
import { type RequestHeader, RequestHeaderCodec } from "./messages/request_header.ts";
import type { RequestTypes } from "./messages/_table.ts";
import { type BrokerApiVersion, knownApiKeys, supportedVersions } from "./versions.ts";

const API_VERSIONS = 18;
const SASL_HANDSHAKE = 17;
const SASL_AUTHENTICATE = 36;
const PRODUCE = 0;
/** Kafka's UNSUPPORTED_VERSION error code. */
const UNSUPPORTED_VERSION = 35;
/** Kafka's ILLEGAL_SASL_STATE error code. */
const ILLEGAL_SASL_STATE = 34;
/** Default {@linkcode KafkaServerConnectionOptions.maxFrameBytes}: Kafka's `socket.request.max.bytes`. */
const DEFAULT_MAX_REQUEST_BYTES = 100 * 1024 * 1024;
/** Default {@linkcode KafkaServerConnectionOptions.maxInFlight}. */
const DEFAULT_MAX_IN_FLIGHT = 100;
const EMPTY = new Uint8Array(0);

/** Options of {@linkcode KafkaServerConnection}. */
export interface KafkaServerConnectionOptions {
  /**
   * The broker's advertised ranges, one entry per API key it serves. Requests outside them close
   * the connection (ApiVersions outside them is answered with `UNSUPPORTED_VERSION`). Default:
   * every API key of this codec at its stable versions.
   */
  apiVersions?: readonly BrokerApiVersion[];
  /** Largest request frame accepted (`FRAME_TOO_LARGE` above it). Default 100 MiB, as Kafka's `socket.request.max.bytes`. */
  maxFrameBytes?: number;
  /**
   * Most requests handed out and not yet answered (default 100). Beyond it the connection holds
   * the frames back ({@linkcode KafkaServerConnection.paused}) until answers free a slot.
   */
  maxInFlight?: number;
  /**
   * Require SASL authentication before any request other than ApiVersions and SaslHandshake
   * (a SASL listener). Default false: SASL requests are still framed, but nothing waits for them.
   */
  requireSasl?: boolean;
  /** Options for decoding request bodies. */
  decode?: DecodeOptions;
}

/** A decoded request, as {@linkcode KafkaServerConnection.receive} hands it out. */
export interface KafkaServerRequest<K extends number = number> {
  /** API key. */
  readonly apiKey: K;
  /** API version of the request (and of its response). */
  readonly apiVersion: number;
  /** Correlation id (the response carries it back). */
  readonly correlationId: number;
  /** The request header version that was read (0, 1 or 2). */
  readonly headerVersion: number;
  /** The request header (client id, header tagged fields). */
  readonly header: RequestHeader;
  /** The decoded body. */
  readonly body: RequestOf<K>;
  /** Size of the frame's payload (without the size prefix). */
  readonly size: number;
  /** False for a request Kafka does not answer (Produce with `acks` 0): `respond` still keeps the order. */
  readonly expectResponse: boolean;
  /** Position of the request on the connection, from 0. */
  readonly sequence: number;
}

/** Every request type, discriminated by `apiKey`. */
export type AnyKafkaServerRequest = {
  [K in keyof RequestTypes]: KafkaServerRequest<K>;
}[keyof RequestTypes];

/** What {@linkcode KafkaServerConnection.receive} reports. */
export type KafkaServerEvent =
  /** A request the application answers with {@linkcode KafkaServerConnection.respond}. */
  | { readonly kind: "request"; readonly request: AnyKafkaServerRequest }
  /**
   * A raw SASL token (the frames after an accepted SaslHandshake v0 carry no Kafka header);
   * answer with {@linkcode KafkaServerConnection.respondSaslToken}.
   */
  | { readonly kind: "saslToken"; readonly token: Uint8Array; readonly sequence: number }
  /**
   * A request the connection answered itself: an ApiVersions request at a version the broker
   * lacks, or (then with `error`, and the connection closed after `bytes`) a request other than
   * SaslAuthenticate after a SaslHandshake. Write `bytes`: empty while an earlier request waits
   * for its answer, the answer then comes out of that request's `respond`.
   */
  | {
    readonly kind: "answered";
    readonly apiKey: number;
    readonly apiVersion: number;
    readonly correlationId: number;
    readonly sequence: number;
    readonly bytes: Uint8Array;
    /** Why the connection closes after `bytes`, when it does. */
    readonly error?: WireError;
  };

/** Options of {@linkcode KafkaServerConnection.respond}. */
export interface RespondOptions {
  /**
   * For a successful SaslAuthenticate answer (or raw token answer): false when the mechanism
   * needs another round (SCRAM's first message), true when authentication is complete.
   * Default true.
   */
  saslComplete?: boolean;
}

/** Where a connection stands in SASL authentication. */
export type SaslState =
  /** Nothing started (and nothing required). */
  | "none"
  /** Waiting for SaslHandshake (ApiVersions allowed before it). */
  | "handshake"
  /** Handshake v1 accepted: tokens travel in SaslAuthenticate requests. */
  | "authenticate"
  /** Handshake v0 accepted: tokens travel as raw frames. */
  | "raw"
  /** Authentication completed. */
  | "authenticated";

interface Slot {
  sequence: number;
  correlationId: number;
  apiKey: number;
  version: number;
  expectResponse: boolean;
  /** The encoded answer, once given (EMPTY for an answer that writes nothing). */
  bytes: Uint8Array | undefined;
  /** For a raw SASL token. */
  raw: boolean;
}

function closedError(detail: string): WireError {
  return new WireError("INVALID_VALUE", { context: "KafkaServerConnection", detail });
}

/**
 * The protocol state of one server-side connection (no I/O). See the module documentation for
 * the rules it follows.
 *
 * @example
 * ```ts
 * import { ApiKey, ClientConnection, KafkaServerConnection } from "@streamwire/codec/kafka";
 * const server = new KafkaServerConnection();
 * const client = new ClientConnection();
 * const first = client.request(ApiKey.Metadata, { topics: null }, { version: 12 });
 * const second = client.request(ApiKey.Heartbeat, { groupId: "g", generationId: 1, memberId: "m" }, { version: 4 });
 * const [a, b] = server.receive(new Uint8Array([...first.frame, ...second.frame]));
 * if (a.kind !== "request" || b.kind !== "request") throw new Error("unexpected");
 * // The Heartbeat is answered first; its response waits for the Metadata response.
 * console.log(server.respond(b.request, { errorCode: 0 }).length); // 0
 * const out = server.respond(a.request, { brokers: [], topics: [] });
 * console.log(client.receive(out).map((r) => r.apiKey)); // [ 3, 12 ]
 * ```
 */
export class KafkaServerConnection {
  readonly #frames: FrameDecoder;
  readonly #maxFrameBytes: number;
  readonly #maxInFlight: number;
  readonly #decode: DecodeOptions | undefined;
  readonly #ranges = new Map<number, { min: number; max: number }>();
  readonly #apiVersions: BrokerApiVersion[];
  /** Requests handed out (or answered here) whose bytes have not been released, in order. */
  readonly #slots: Slot[] = [];
  /** Frames split from the socket but not yet handed out (held by `maxInFlight` or SASL). */
  readonly #held: Uint8Array[] = [];
  #heldBytes = 0;
  #next = 0;
  #sasl: SaslState;
  #mechanism: string | undefined;
  /** ApiVersions was answered successfully while waiting for the handshake (Kafka allows one). */
  #versionsSeen = false;
  #closed = false;

  /** A connection that has received nothing yet. */
  constructor(options?: KafkaServerConnectionOptions) {
    this.#maxFrameBytes = options?.maxFrameBytes ?? DEFAULT_MAX_REQUEST_BYTES;
    this.#frames = new FrameDecoder({ maxFrameBytes: this.#maxFrameBytes });
    const inFlight = options?.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
    if (!Number.isInteger(inFlight) || inFlight < 1) {
      throw new WireError("INVALID_VALUE", { detail: `maxInFlight ${inFlight} is not an integer >= 1` });
    }
    this.#maxInFlight = inFlight;
    this.#decode = options?.decode;
    this.#apiVersions = options?.apiVersions?.map((k) => ({ ...k })) ?? defaultApiVersions();
    for (const k of this.#apiVersions) this.#ranges.set(k.apiKey, { min: k.minVersion, max: k.maxVersion });
    this.#sasl = options?.requireSasl ? "handshake" : "none";
  }

  /** True once the connection must close: after bad input (`receive` threw) or a failed SASL answer. */
  get closed(): boolean {
    return this.#closed;
  }

  /** True when SASL authentication completed on this connection. */
  get authenticated(): boolean {
    return this.#sasl === "authenticated";
  }

  /** Where SASL authentication stands. */
  get saslState(): SaslState {
    return this.#sasl;
  }

  /** The mechanism of the accepted SaslHandshake, if any. */
  get saslMechanism(): string | undefined {
    return this.#mechanism;
  }

  /** Requests handed out (or answered here) whose response has not been released yet. */
  get inFlight(): number {
    return this.#slots.length;
  }

  /**
   * True while frames are held back (the in-flight bound is reached, or SASL is in progress):
   * stop reading from the socket, answer, then call `receive()` with no chunk to get them.
   */
  get paused(): boolean {
    return this.#held.length > 0 || this.#slots.length >= this.#limit();
  }

  /** Frames held back (see {@linkcode paused}); `receive()` hands them out once slots are free. */
  get held(): number {
    return this.#held.length;
  }

  /** Bytes received and not handed out yet (a partial frame, held frames). */
  get buffered(): number {
    return this.#frames.buffered + this.#heldBytes;
  }

  /** The broker's advertised ranges (a copy of the `apiVersions` option, or the default). */
  get apiVersions(): BrokerApiVersion[] {
    return this.#apiVersions.map((k) => ({ ...k }));
  }

  /**
   * The body of a successful ApiVersions response listing the broker's ranges; `extra` adds or
   * overrides fields (throttle, features).
   *
   * @example
   * ```ts
   * import { ApiKey, KafkaServerConnection } from "@streamwire/codec/kafka";
   * const server = new KafkaServerConnection({ apiVersions: [{ apiKey: ApiKey.ApiVersions, minVersion: 0, maxVersion: 4 }] });
   * console.log(server.apiVersionsResponse().apiKeys); // [ { apiKey: 18, minVersion: 0, maxVersion: 4 } ]
   * ```
   */
  apiVersionsResponse(
    extra?: Partial<Init<ResponseOf<18>>>,
  ): Init<ResponseOf<18>> {
    return { errorCode: 0, apiKeys: this.apiVersions, throttleTimeMs: 0, ...extra };
  }

  /**
   * Consumes a chunk from the socket (or nothing, to take frames held back by `maxInFlight`) and
   * returns an event for each request it completes, in order. Bad input throws a `WireError`
   * (garbage, a frame over the limit, an unknown key or version, a request before SASL, too much
   * held back); the connection is then closed.
   *
   * @example
   * ```ts
   * import { ApiKey, encodeRequest, KafkaServerConnection } from "@streamwire/codec/kafka";
   * const server = new KafkaServerConnection();
   * const frame = encodeRequest(ApiKey.Heartbeat, 4, { correlationId: 5, clientId: "c" }, { groupId: "g", memberId: "m" }, { sizePrefix: true });
   * console.log(server.receive(frame.subarray(0, 7)).length); // 0
   * const [ev] = server.receive(frame.subarray(7));
   * if (ev.kind === "request") console.log(ev.request.apiKey, ev.request.correlationId, ev.request.headerVersion); // 12 5 2
   * ```
   */
  receive(chunk: Uint8Array = EMPTY): KafkaServerEvent[] {
    if (this.#closed) throw closedError("the connection is closed");
    const out: KafkaServerEvent[] = [];
    try {
      let frames: Uint8Array[] = chunk.length === 0 ? [] : this.#frames.push(chunk);
      if (this.#held.length > 0) {
        frames = [...this.#held, ...frames];
        this.#held.length = 0;
        this.#heldBytes = 0;
      }
      for (let i = 0; i < frames.length; i++) {
        if (this.#slots.length >= this.#limit()) {
          // A frame that is a view into the chunk is copied: the caller may reuse the chunk.
          for (let j = i; j < frames.length; j++) {
            this.#hold(frames[j].buffer === chunk.buffer ? frames[j].slice() : frames[j]);
          }
          break;
        }
        out.push(this.#frame(frames[i]));
        if (this.#closed) break;
      }
    } catch (e) {
      this.#closed = true;
      throw e;
    }
    return out;
  }

  /** One request at a time while SASL is under way, else `maxInFlight`. */
  #limit(): number {
    return this.#sasl === "none" || this.#sasl === "authenticated" ? this.#maxInFlight : 1;
  }

  #hold(frame: Uint8Array): void {
    this.#heldBytes += frame.length;
    this.#held.push(frame);
    if (this.#heldBytes + this.#frames.buffered > this.#maxFrameBytes) {
      throw new WireError("LIMIT_EXCEEDED", {
        context: "KafkaServerConnection",
        detail: `${this.#heldBytes} bytes of requests held back (${this.#held.length} frames) while ` +
          `${this.#slots.length} are unanswered: more than maxFrameBytes ${this.#maxFrameBytes}`,
      });
    }
  }

  #frame(payload: Uint8Array): KafkaServerEvent {
    const sequence = this.#next++;
    if (this.#sasl === "raw") {
      this.#slots.push({
        sequence,
        correlationId: -1,
        apiKey: -1,
        version: -1,
        expectResponse: true,
        bytes: undefined,
        raw: true,
      });
      return { kind: "saslToken", token: payload, sequence };
    }
    if (payload.length < 4) {
      throw new WireError("TRUNCATED", {
        offset: 0,
        need: 4,
        have: payload.length,
        context: "RequestHeader",
      });
    }
    const apiKey = (payload[0] << 24 >> 16) | payload[1];
    const version = (payload[2] << 24 >> 16) | payload[3];
    const range = this.#ranges.get(apiKey);
    const inRange = range !== undefined && version >= range.min && version <= range.max;
    if (apiKey === API_VERSIONS && !(inRange && supported(apiKey, version))) {
      this.#checkSaslOrder(apiKey);
      return this.#unsupportedApiVersions(payload, sequence, version);
    }
    if (!inRange) {
      const name = apiInfo(apiKey)?.name;
      throw new WireError(name === undefined ? "UNKNOWN_API_KEY" : "UNSUPPORTED_VERSION", {
        offset: 0,
        context: "RequestHeader",
        detail: name === undefined
          ? `API key ${apiKey} is not served by this broker`
          : `${name} v${version} is not served by this broker (versions ${
            range ? `${range.min}-${range.max}` : "none"
          })`,
      });
    }
    const illegal = this.#checkSaslOrder(apiKey);
    // Kafka's broker reads the body and ignores any bytes after it (checked against 4.4.0), so
    // this is decodeRequest without the TRAILING_BYTES check.
    const o = resolveOptions(this.#decode);
    const r = new Reader(payload, "RequestHeader");
    const headerVersion = requestHeaderVersion(apiKey, version);
    const header = RequestHeaderCodec.read(r, headerVersion, o);
    const body = apiInfo(apiKey)!.request.read(r, version, o);
    const correlationId = header.correlationId;
    if (illegal !== undefined) {
      return this.#illegalSaslState(apiKey, version, correlationId, sequence, illegal);
    }
    const expectResponse = !(apiKey === PRODUCE && (body as { acks?: number }).acks === 0);
    this.#slots.push({
      sequence,
      correlationId,
      apiKey,
      version,
      expectResponse,
      bytes: undefined,
      raw: false,
    });
    const request = {
      apiKey,
      apiVersion: version,
      correlationId,
      headerVersion,
      header,
      body,
      size: payload.length,
      expectResponse,
      sequence,
    } as AnyKafkaServerRequest;
    return { kind: "request", request };
  }

  /**
   * What Kafka's `SaslServerAuthenticator` lets through before authentication completes (checked
   * against 4.4.0): before the handshake only ApiVersions (once) and SaslHandshake, anything else
   * closes the connection unanswered (thrown here); after a v1 handshake only SaslAuthenticate,
   * anything else gets its API's error response and then the close (returned here).
   */
  #checkSaslOrder(apiKey: number): WireError | undefined {
    const s = this.#sasl;
    if (s === "none" || s === "authenticated") return undefined;
    const allowed = s === "handshake"
      ? apiKey === SASL_HANDSHAKE || (apiKey === API_VERSIONS && !this.#versionsSeen)
      : apiKey === SASL_AUTHENTICATE;
    if (allowed) return undefined;
    const name = apiInfo(apiKey)?.name ?? `API key ${apiKey}`;
    const e = new WireError("INVALID_VALUE", {
      offset: 0,
      context: "RequestHeader",
      detail: `unexpected ${name} request during SASL authentication (state ${s})`,
    });
    if (s === "handshake") throw e;
    return e;
  }

  /**
   * The error response Kafka sends to a request that arrives between SaslHandshake and the end
   * of authentication: the API's response with every field at its default and ILLEGAL_SASL_STATE
   * in its top-level error code where it has one (Kafka's `getErrorResponse` may fill per-item
   * errors too); the connection closes after it.
   */
  #illegalSaslState(
    apiKey: number,
    version: number,
    correlationId: number,
    sequence: number,
    error: WireError,
  ): KafkaServerEvent {
    let bytes: Uint8Array;
    try {
      bytes = encodeResponse(apiKey, version, { correlationId }, { errorCode: ILLEGAL_SASL_STATE } as never, {
        sizePrefix: true,
      });
    } catch {
      bytes = encodeResponse(apiKey, version, { correlationId }, {} as never, { sizePrefix: true });
    }
    this.#slots.push({ sequence, correlationId, apiKey, version, expectResponse: true, bytes, raw: false });
    this.#closed = true;
    return {
      kind: "answered",
      apiKey,
      apiVersion: version,
      correlationId,
      sequence,
      bytes: this.#release(),
      error,
    };
  }

  /**
   * Kafka's answer to an ApiVersions request at a version it lacks: only the header is read
   * (the body of a newer version need not parse), the reply is v0 with UNSUPPORTED_VERSION and
   * the broker's own ApiVersions range.
   */
  #unsupportedApiVersions(payload: Uint8Array, sequence: number, version: number): KafkaServerEvent {
    const { header } = peekRequestHeader(payload, this.#decode);
    const own = this.#ranges.get(API_VERSIONS);
    const bytes = encodeResponse(API_VERSIONS, 0, { correlationId: header.correlationId }, {
      errorCode: UNSUPPORTED_VERSION,
      apiKeys: own === undefined ? [] : [{ apiKey: API_VERSIONS, minVersion: own.min, maxVersion: own.max }],
    }, { sizePrefix: true });
    this.#slots.push({
      sequence,
      correlationId: header.correlationId,
      apiKey: API_VERSIONS,
      version: 0,
      expectResponse: true,
      bytes,
      raw: false,
    });
    return {
      kind: "answered",
      apiKey: API_VERSIONS,
      apiVersion: version,
      correlationId: header.correlationId,
      sequence,
      bytes: this.#release(),
    };
  }

  /**
   * Encodes the answer to `request` (its key, version, header version and correlation id) and
   * returns the bytes to write now: this response and any later ones it unblocks, or nothing
   * while an earlier request waits for its answer. A Produce with `acks` 0 writes nothing (and
   * an error in its answer closes the connection, as Kafka does). A SaslHandshake or
   * SaslAuthenticate answer moves the SASL state; an error in one closes the connection after
   * its bytes (write them, then close).
   *
   * @example
   * ```ts
   * import { ApiKey, ClientConnection, KafkaServerConnection } from "@streamwire/codec/kafka";
   * const server = new KafkaServerConnection();
   * const client = new ClientConnection();
   * const [ev] = server.receive(client.request(ApiKey.Heartbeat, { groupId: "g", generationId: 1, memberId: "m" }, { version: 4 }).frame);
   * if (ev.kind === "request" && ev.request.apiKey === ApiKey.Heartbeat) {
   *   const [res] = client.receive(server.respond(ev.request, { errorCode: 27 })); // REBALANCE_IN_PROGRESS
   *   if (res.apiKey === ApiKey.Heartbeat) console.log(res.correlationId, res.body.errorCode); // 0 27
   * }
   * ```
   */
  respond<K extends number>(
    request: KafkaServerRequest<K>,
    body: Init<ResponseOf<K>>,
    options?: RespondOptions,
  ): Uint8Array {
    const slot = this.#slot(request.sequence);
    if (slot.raw || slot.apiKey !== request.apiKey || slot.correlationId !== request.correlationId) {
      throw closedError(`request ${request.sequence} is not the one this connection handed out`);
    }
    // Encode first: a body that does not encode leaves the connection as it was.
    const bytes = encodeResponse(
      request.apiKey,
      request.apiVersion,
      { correlationId: request.correlationId },
      body,
      {
        sizePrefix: true,
      },
    );
    const errorCode = (body as { errorCode?: number }).errorCode ?? 0;
    if (!slot.expectResponse) {
      slot.bytes = EMPTY;
      if (produceHasError(body)) this.#closed = true;
    } else {
      slot.bytes = bytes;
    }
    if (request.apiKey === SASL_HANDSHAKE) {
      // A refused handshake closes a SASL listener's connection (Kafka's authenticator throws
      // after sending it); elsewhere it is just an answer (ILLEGAL_SASL_STATE on a plain listener).
      if (errorCode !== 0) {
        if (this.#sasl !== "none") this.#closed = true;
      } else {
        this.#mechanism = (request.body as { mechanism: string }).mechanism;
        this.#sasl = request.apiVersion === 0 ? "raw" : "authenticate";
      }
    } else if (
      request.apiKey === SASL_AUTHENTICATE && this.#sasl !== "none" && this.#sasl !== "authenticated"
    ) {
      if (errorCode !== 0) this.#closed = true;
      else if (options?.saslComplete ?? true) this.#sasl = "authenticated";
    } else if (request.apiKey === API_VERSIONS && errorCode === 0 && this.#sasl === "handshake") {
      this.#versionsSeen = true;
    }
    return this.#release();
  }

  /**
   * Answers a raw SASL token (after SaslHandshake v0) with a raw token frame: `token` (empty for
   * PLAIN's success), `saslComplete` default true. A failed raw exchange has no error frame:
   * Kafka closes the connection — call {@linkcode close} instead.
   *
   * @example
   * ```ts
   * import { ApiKey, encodeRequest, KafkaServerConnection } from "@streamwire/codec/kafka";
   * const server = new KafkaServerConnection({ requireSasl: true });
   * const [hs] = server.receive(encodeRequest(ApiKey.SaslHandshake, 0, { correlationId: 1 }, { mechanism: "PLAIN" }, { sizePrefix: true }));
   * if (hs.kind === "request" && hs.request.apiKey === ApiKey.SaslHandshake) server.respond(hs.request, { errorCode: 0, mechanisms: ["PLAIN"] });
   * const [tok] = server.receive(new Uint8Array([0, 0, 0, 5, 0, 97, 0, 112, 119])); // "\0a\0pw", no Kafka header
   * if (tok.kind === "saslToken") console.log(server.respondSaslToken(tok.sequence, new Uint8Array(0)), server.authenticated); // Uint8Array(4) [ 0, 0, 0, 0 ] true
   * ```
   */
  respondSaslToken(sequence: number, token: Uint8Array, options?: RespondOptions): Uint8Array {
    const slot = this.#slot(sequence);
    if (!slot.raw) throw closedError(`request ${sequence} is not a raw SASL token`);
    const bytes = new Uint8Array(4 + token.length);
    new DataView(bytes.buffer).setInt32(0, token.length);
    bytes.set(token, 4);
    slot.bytes = bytes;
    if (options?.saslComplete ?? true) this.#sasl = "authenticated";
    return this.#release();
  }

  /**
   * Marks the connection closed (a failed raw SASL exchange, a broker shutting the connection):
   * later `receive` calls throw.
   *
   * @example
   * ```ts
   * import { KafkaServerConnection } from "@streamwire/codec/kafka";
   * const server = new KafkaServerConnection();
   * server.close();
   * console.log(server.closed); // true
   * ```
   */
  close(): void {
    this.#closed = true;
  }

  /**
   * Throws `TRUNCATED` (incomplete) when a partial request frame is buffered: call when the
   * socket closes.
   *
   * @example
   * ```ts
   * import { KafkaServerConnection } from "@streamwire/codec/kafka";
   * import { isWireError } from "@streamwire/codec/wire";
   * const server = new KafkaServerConnection();
   * server.receive(new Uint8Array([0, 0, 0, 9, 0])); // the client went away mid-frame
   * try {
   *   server.end();
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code); // TRUNCATED
   * }
   * ```
   */
  end(): void {
    this.#frames.end();
  }

  #slot(sequence: number): Slot {
    const head = this.#slots[0];
    const slot = head === undefined ? undefined : this.#slots[sequence - head.sequence];
    if (slot === undefined || slot.sequence !== sequence) {
      throw closedError(`request ${sequence} is not awaiting an answer on this connection`);
    }
    if (slot.bytes !== undefined) throw closedError(`request ${sequence} was answered already`);
    return slot;
  }

  /** Pops every answered slot at the head and joins their bytes. */
  #release(): Uint8Array {
    let n = 0;
    let count = 0;
    for (const s of this.#slots) {
      if (s.bytes === undefined) break;
      n += s.bytes.length;
      count++;
    }
    if (count === 0) return EMPTY;
    const done = this.#slots.splice(0, count);
    if (count === 1) return done[0].bytes!;
    const out = new Uint8Array(n);
    let o = 0;
    for (const s of done) {
      out.set(s.bytes!, o);
      o += s.bytes!.length;
    }
    return out;
  }
}

function supported(apiKey: number, version: number): boolean {
  const r = supportedVersions(apiKey, { includeUnstable: true });
  return r !== undefined && version >= r.min && version <= r.max;
}

/** Every API key of this codec at its stable versions: the default advertised ranges. */
function defaultApiVersions(): BrokerApiVersion[] {
  const out: BrokerApiVersion[] = [];
  for (const apiKey of knownApiKeys()) {
    const r = supportedVersions(apiKey);
    if (r !== undefined) out.push({ apiKey, minVersion: r.min, maxVersion: r.max });
  }
  return out;
}

/** True when a Produce answer carries an error for any partition. */
function produceHasError(body: unknown): boolean {
  const responses = (body as { responses?: { partitionResponses?: { errorCode?: number }[] }[] }).responses;
  for (const t of responses ?? []) {
    for (const p of t.partitionResponses ?? []) if ((p.errorCode ?? 0) !== 0) return true;
  }
  return false;
}
