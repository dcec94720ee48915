/**
 * A Kafka client connection over any duplex: `ClientConnection` (the sans-IO state machine of
 * `./kafka`) paired with a socket's `{ readable, writable }`, so a request is a promise of its
 * decoded response.
 *
 * @module
 */

import { WireError } from "../wire/error.ts";
import type { Init } from "../kafka/codec.ts";
import { apiInfo, type RequestOf } from "../kafka/api.ts";
import {
  ClientConnection,
  type ClientConnectionOptions,
  type ClientResponse,
  type OutgoingRequest,
} from "../kafka/client.ts";
import type { RequestTypes } from "../kafka/messages/_table.ts";
import { type CallOptions, ChannelCore, type ChannelOptions } from "./_channel.ts";
import type { ByteDuplex } from "./duplex.ts";
import type { ChannelError } from "./errors.ts";

/** The ApiVersions API key. */
const API_VERSIONS = 18;
/** Kafka's UNSUPPORTED_VERSION error code (an ApiVersions reply asking for a lower version). */
const UNSUPPORTED_VERSION = 35;

/** Options of {@linkcode KafkaClientChannel}. */
export interface KafkaClientChannelOptions extends ClientConnectionOptions, ChannelOptions {
  /** A state machine to drive instead of a new one (the `ClientConnectionOptions` are then ignored). */
  connection?: ClientConnection;
}

/** Options of {@linkcode KafkaClientChannel.request}. */
export interface KafkaRequestOptions extends CallOptions {
  /** The version to send; default the negotiated one (see {@linkcode KafkaClientChannel.negotiate}). */
  version?: number;
}

/** Options of {@linkcode KafkaClientChannel.negotiate}. */
export interface NegotiateOptions extends CallOptions {
  /** The client software name ApiVersions v3+ announces. Default "streamwire". */
  clientSoftwareName?: string;
  /** The client software version ApiVersions v3+ announces. Default the codec's version. */
  clientSoftwareVersion?: string;
}

/**
 * One connection to one broker: requests go out in call order, answers come back as the
 * promises of their requests. Timeouts, aborts, the in-flight bound and backpressure are the
 * channel's ({@linkcode ChannelOptions}); a reply that breaks the protocol (an unknown
 * correlation id, bad bytes) fails every waiting request with `PROTOCOL` and closes the channel.
 *
 * @example
 * ```ts
 * import { duplexPair } from "@streamwire/codec/streams";
 * import { KafkaClientChannel } from "@streamwire/codec/streams/kafka";
 * import { ApiKey, decodeRequest, encodeResponse, FrameDecoder } from "@streamwire/codec/kafka";
 * const [client, broker] = duplexPair();
 * // A broker that answers one Metadata request.
 * void (async () => {
 *   const frames = new FrameDecoder();
 *   const w = broker.writable.getWriter();
 *   for await (const chunk of broker.readable) {
 *     for (const payload of frames.push(chunk)) {
 *       const req = decodeRequest(payload);
 *       await w.write(encodeResponse(ApiKey.Metadata, req.apiVersion, { correlationId: req.header.correlationId }, {
 *         brokers: [{ nodeId: 1, host: "127.0.0.1", port: 9092 }],
 *         topics: [],
 *       }, { sizePrefix: true }));
 *     }
 *   }
 * })();
 * const kafka = new KafkaClientChannel(client, { clientId: "demo" });
 * const res = await kafka.request(ApiKey.Metadata, { topics: [] }, { version: 12 });
 * console.log(res.body.brokers[0].port, kafka.inFlight); // 9092 0
 * await kafka.close();
 * ```
 */
export class KafkaClientChannel {
  /** The protocol state: correlation ids, negotiated versions, requests awaiting replies. */
  readonly connection: ClientConnection;
  readonly #core: ChannelCore<number>;

  /** Starts reading `duplex` at once; nothing is written until the first request. */
  constructor(duplex: ByteDuplex, options?: KafkaClientChannelOptions) {
    const conn = options?.connection ?? new ClientConnection(options);
    this.connection = conn;
    this.#core = new ChannelCore<number>(duplex, {
      // Each response settles as it is decoded: one before a bad frame still reaches its caller.
      receive: (chunk) => void conn.receive(chunk, (res) => this.#core.settle(res.correlationId, res)),
      end: () => conn.end(),
      describe: (apiKey) => `${apiInfo(apiKey)?.name ?? `API key ${apiKey}`} request`,
    }, options);
  }

  /** Requests awaiting their response (aborted ones included until it arrives). */
  get inFlight(): number {
    return this.#core.inFlight;
  }

  /** Settles once the channel is finished: with the `ChannelError` that ended it, or undefined. */
  get closed(): Promise<ChannelError | undefined> {
    return this.#core.closed;
  }

  /**
   * Sends a request and resolves with its decoded response. The version is `options.version`,
   * else the negotiated one. A Produce with `acks` 0 gets no response: send it with
   * {@linkcode sendOnly}. Rejects with a `ChannelError` (`TIMEOUT`, `ABORTED`, `CLOSED`,
   * `TRANSPORT`, `PROTOCOL`, `IN_FLIGHT_LIMIT`), or the encoder's `WireError` for a body it cannot
   * encode (nothing is sent then).
   *
   * @example
   * ```ts
   * import { duplexPair, isChannelError } from "@streamwire/codec/streams";
   * import { KafkaClientChannel } from "@streamwire/codec/streams/kafka";
   * import { ApiKey } from "@streamwire/codec/kafka";
   * const [client] = duplexPair(); // a peer that never answers
   * const kafka = new KafkaClientChannel(client, { timeoutMs: 20 });
   * try {
   *   await kafka.request(ApiKey.Metadata, { topics: [] }, { version: 12 });
   * } catch (e) {
   *   if (isChannelError(e)) console.log(e.code); // TIMEOUT
   * }
   * console.log((await kafka.closed)?.code); // CLOSED (a timeout closes the channel)
   * ```
   */
  request<K extends keyof RequestTypes>(
    apiKey: K,
    body: Init<RequestOf<K>>,
    options?: KafkaRequestOptions,
  ): Promise<ClientResponse<K>> {
    const refused = this.#core.admit(apiKey, options);
    if (refused !== undefined) return Promise.reject(refused);
    let req: OutgoingRequest;
    try {
      req = this.connection.request(apiKey, body, options);
    } catch (e) {
      return Promise.reject(e);
    }
    if (!req.expectResponse) {
      // Built but not sent (and not pending in the state machine): nothing is out of step.
      return Promise.reject(
        new WireError("INVALID_VALUE", { detail: `API key ${apiKey}: no response comes; use sendOnly()` }),
      );
    }
    return this.#core.track(apiKey, req.frame, req.correlationId, options);
  }

  /**
   * Sends a request the broker does not answer (Produce with `acks` 0); resolves once the
   * transport took its frame.
   *
   * @example
   * ```ts
   * import { duplexPair } from "@streamwire/codec/streams";
   * import { KafkaClientChannel } from "@streamwire/codec/streams/kafka";
   * import { Acks, ApiKey } from "@streamwire/codec/kafka";
   * const [client, broker] = duplexPair();
   * const kafka = new KafkaClientChannel(client);
   * const read = broker.readable.getReader().read();
   * await kafka.sendOnly(ApiKey.Produce, { acks: Acks.None, timeoutMs: 1000, topicData: [] }, { version: 9 });
   * console.log((await read).value!.length > 4, kafka.inFlight); // true 0
   * kafka.abort();
   * ```
   */
  sendOnly<K extends keyof RequestTypes>(
    apiKey: K,
    body: Init<RequestOf<K>>,
    options?: KafkaRequestOptions,
  ): Promise<void> {
    return this.#send(apiKey, options, () => this.connection.request(apiKey, body, options)).then(() => {});
  }

  /** Admits, builds and sends a request; a build that throws rejects, and nothing is sent. */
  #send<V>(apiKey: number, options: CallOptions | undefined, build: () => OutgoingRequest): Promise<V> {
    const refused = this.#core.admit(apiKey, options);
    if (refused !== undefined) return Promise.reject(refused);
    let req: OutgoingRequest;
    try {
      req = build();
    } catch (e) {
      return Promise.reject(e);
    }
    // A request that does get a response (sendOnly of one) still has to be read: its answer is dropped.
    if (!req.expectResponse) return this.#core.sendOnly(req.frame) as Promise<V>;
    return this.#core.track(apiKey, req.frame, req.correlationId, options);
  }

  /**
   * Sends ApiVersions (retrying at the version the broker names when it answers
   * UNSUPPORTED_VERSION), applies the answer to {@linkcode connection}, and returns the
   * negotiated version of every API key both sides know.
   *
   * @example
   * ```ts
   * import { duplexPair } from "@streamwire/codec/streams";
   * import { KafkaClientChannel } from "@streamwire/codec/streams/kafka";
   * import { ApiKey, encodeResponse, FrameDecoder, peekRequestHeader } from "@streamwire/codec/kafka";
   * const [client, broker] = duplexPair();
   * void (async () => {
   *   const w = broker.writable.getWriter();
   *   const frames = new FrameDecoder();
   *   for await (const chunk of broker.readable) {
   *     for (const p of frames.push(chunk)) {
   *       const { header } = peekRequestHeader(p);
   *       await w.write(encodeResponse(ApiKey.ApiVersions, header.requestApiVersion, { correlationId: header.correlationId }, {
   *         apiKeys: [{ apiKey: ApiKey.Metadata, minVersion: 0, maxVersion: 12 }],
   *       }, { sizePrefix: true }));
   *     }
   *   }
   * })();
   * const kafka = new KafkaClientChannel(client);
   * const versions = await kafka.negotiate();
   * console.log(versions.get(ApiKey.Metadata)); // 12
   * await kafka.close();
   * ```
   */
  async negotiate(options?: NegotiateOptions): Promise<Map<number, number>> {
    const ask = (version?: number) =>
      this.#send<ClientResponse<18>>(
        API_VERSIONS,
        options,
        () => this.connection.apiVersionsRequest({ ...options, version }),
      );
    let res = await ask();
    if (res.body.errorCode === UNSUPPORTED_VERSION) {
      const retry = this.connection.retryApiVersionsVersion(res.body);
      if (retry !== undefined) res = await ask(retry);
    }
    return this.connection.applyApiVersions(res.body);
  }

  /**
   * Closes cleanly: no new requests; waits for the responses still owed (each bounded by its
   * timeout), then closes the writable and releases the readable. Resolves with what
   * {@linkcode closed} settles with.
   *
   * @example
   * ```ts
   * import { duplexPair } from "@streamwire/codec/streams";
   * import { KafkaClientChannel } from "@streamwire/codec/streams/kafka";
   * const [client] = duplexPair();
   * const kafka = new KafkaClientChannel(client);
   * console.log(await kafka.close()); // undefined
   * ```
   */
  close(): Promise<ChannelError | undefined> {
    return this.#core.close();
  }

  /**
   * Half-closes: no new requests; the writable is closed once every queued frame is written,
   * and the responses still owed are read until the broker closes its side.
   *
   * @example
   * ```ts
   * import { duplexPair } from "@streamwire/codec/streams";
   * import { KafkaClientChannel } from "@streamwire/codec/streams/kafka";
   * const [client, broker] = duplexPair();
   * const kafka = new KafkaClientChannel(client);
   * await kafka.closeWrite();
   * console.log((await broker.readable.getReader().read()).done); // true
   * ```
   */
  closeWrite(): Promise<void> {
    return this.#core.closeWrite();
  }

  /**
   * Ends the channel at once: waiting requests reject with `CLOSED` (`cause`: `reason`), the
   * transport is aborted.
   *
   * @example
   * ```ts
   * import { duplexPair } from "@streamwire/codec/streams";
   * import { KafkaClientChannel } from "@streamwire/codec/streams/kafka";
   * const [client] = duplexPair();
   * const kafka = new KafkaClientChannel(client);
   * kafka.abort(new Error("shutting down"));
   * console.log((await kafka.closed)?.code); // CLOSED
   * ```
   */
  abort(reason?: unknown): void {
    this.#core.abort(reason);
  }
}
