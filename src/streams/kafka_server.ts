/**
 * The broker side of a Kafka connection over any duplex: `KafkaServerConnection` (the sans-IO
 * broker state machine of `./kafka`) paired with a socket's `{ readable, writable }`, so a broker
 * — a mock for an application's tests, a proxy, a small server — is a function from a decoded
 * request to its response body.
 *
 * @module
 */

import {
  type AnyKafkaServerRequest,
  KafkaServerConnection,
  type KafkaServerConnectionOptions,
  type KafkaServerEvent,
  type RespondOptions,
} from "../kafka/server.ts";
import type { ByteDuplex } from "./duplex.ts";
import { ChannelError } from "./errors.ts";
import { positive } from "./_channel.ts";

/**
 * What a handler answers with: the response body (as `respond` takes it), or the body with the
 * options of `respond` (a SASL round that is not the last).
 */
export type KafkaAnswer = object | { readonly body: object; readonly options: RespondOptions };

/**
 * Answers one request with its response body, or a promise of it; answers may complete in any
 * order (the connection writes them in request order).
 */
export type KafkaRequestHandler = (request: AnyKafkaServerRequest) => KafkaAnswer | Promise<KafkaAnswer>;

/** Options of {@linkcode KafkaServerChannel}. */
export interface KafkaServerChannelOptions extends KafkaServerConnectionOptions {
  /** A state machine to drive instead of a new one (the `KafkaServerConnectionOptions` are then ignored). */
  connection?: KafkaServerConnection;
  /**
   * Answers a raw SASL token (after an accepted SaslHandshake v0) with the token to send back.
   * Without it such a token closes the connection.
   */
  saslToken?: (token: Uint8Array) => Uint8Array | Promise<Uint8Array>;
  /**
   * Milliseconds a connection may go without a whole request while no answer is being worked
   * on; then it is closed (cleanly) and {@linkcode KafkaServerChannel.serve} resolves with
   * `TIMEOUT`. Bytes of an unfinished frame do not count as activity. Default: no limit (a
   * broker's `connections.max.idle.ms` plays this part).
   */
  idleTimeoutMs?: number;
}

/**
 * One client connection, served: {@linkcode serve} reads requests, hands each to the handler,
 * and writes the answers in the order Kafka requires (the state machine holds back an answer
 * until the ones before it are out). While `maxInFlight` requests are unanswered it stops
 * reading, so a client that pipelines faster than the handler answers meets TCP backpressure,
 * not a growing queue. A request the state machine refuses (bad bytes, an unknown version, a
 * request before SASL) ends the connection, as a Kafka broker does.
 *
 * @example
 * ```ts
 * import { duplexPair } from "@streamwire/codec/streams";
 * import { KafkaClientChannel, KafkaServerChannel } from "@streamwire/codec/streams/kafka";
 * import { ApiKey } from "@streamwire/codec/kafka";
 * const [client, server] = duplexPair();
 * const broker = new KafkaServerChannel(server);
 * const served = broker.serve((req) => {
 *   if (req.apiKey === ApiKey.ApiVersions) return broker.connection.apiVersionsResponse();
 *   if (req.apiKey === ApiKey.Metadata) return { brokers: [{ nodeId: 1, host: "mock", port: 9092 }], topics: [] };
 *   throw new Error(`not mocked: API key ${req.apiKey}`);
 * });
 * const kafka = new KafkaClientChannel(client);
 * await kafka.negotiate();
 * console.log((await kafka.request(ApiKey.Metadata, { topics: [] })).body.brokers[0].host); // mock
 * await kafka.close();
 * console.log(await served); // undefined
 * ```
 */
export class KafkaServerChannel {
  /** The protocol state: versions, SASL, the answers held back for order. */
  readonly connection: KafkaServerConnection;
  readonly #duplex: ByteDuplex;
  readonly #saslToken: KafkaServerChannelOptions["saslToken"];
  readonly #idleMs: number | undefined;
  #serving = false;

  /** Nothing is read until {@linkcode serve}. */
  constructor(duplex: ByteDuplex, options?: KafkaServerChannelOptions) {
    this.#duplex = duplex;
    this.connection = options?.connection ?? new KafkaServerConnection(options);
    this.#saslToken = options?.saslToken;
    const idle = options?.idleTimeoutMs;
    this.#idleMs = idle === undefined || idle === Infinity
      ? undefined
      : positive("idleTimeoutMs", idle, 0, false);
  }

  /**
   * Serves the connection until the client closes it: resolves with undefined then, or with the
   * `ChannelError` that ended it (`PROTOCOL` for a request the state machine refused, `TRANSPORT`
   * for a socket error, `CLOSED` for a client gone in the middle of a frame or a connection the
   * answers closed — a failed authentication, a Produce error with `acks` 0; `TIMEOUT` for a
   * connection idle past `idleTimeoutMs`). A handler that
   * throws (or rejects) rejects it, after closing the connection. `handler`'s result is the
   * response body; `{ body, options }` passes `respond` options too.
   */
  async serve(handler: KafkaRequestHandler): Promise<ChannelError | undefined> {
    if (this.#serving) throw new Error("KafkaServerChannel.serve() is already running");
    this.#serving = true;
    const conn = this.connection;
    const reader = this.#duplex.readable.getReader();
    const writer = this.#duplex.writable.getWriter();
    let failure: ChannelError | undefined;
    /** The connection ends by the protocol's own rule: what was answered is still written. */
    let flush = false;
    let handlerError: { error: unknown } | undefined;
    let answered: (() => void) | undefined;
    const pending = new Set<Promise<void>>();
    /** Armed while nothing is being answered; reset by every whole request. */
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    let over = false;
    const idleMs = this.#idleMs;
    const idle = () => {
      clearTimeout(idleTimer);
      idleTimer = undefined;
      if (idleMs === undefined || over || failure !== undefined || pending.size > 0) return;
      idleTimer = setTimeout(() => {
        if (failure !== undefined) return;
        failure = new ChannelError("TIMEOUT", `no request in ${idleMs} ms: the idle connection is closed`);
        flush = true;
        void reader.cancel().catch(() => {});
      }, idleMs);
    };

    const write = (bytes: Uint8Array) => {
      if (bytes.length > 0) writer.write(bytes).catch(() => {});
      if (conn.closed && failure === undefined) {
        failure = new ChannelError("CLOSED", "an answer closed the connection (Kafka's rule)");
        flush = true;
        void reader.cancel().catch(() => {});
      }
    };
    const answer = async (ev: KafkaServerEvent) => {
      try {
        if (ev.kind === "answered") return write(ev.bytes);
        if (ev.kind === "saslToken") {
          if (this.#saslToken === undefined) {
            conn.close();
            return write(new Uint8Array(0));
          }
          const token = await this.#saslToken(ev.token);
          if (failure === undefined) write(conn.respondSaslToken(ev.sequence, token));
          return;
        }
        const result = await handler(ev.request);
        if (failure !== undefined) return;
        const withOptions = "body" in result && "options" in result;
        write(
          withOptions
            ? conn.respond(ev.request, result.body as never, result.options as RespondOptions)
            : conn.respond(ev.request, result as never),
        );
      } catch (e) {
        handlerError ??= { error: e };
        failure ??= new ChannelError("CLOSED", "a handler failed", { cause: e });
        void reader.cancel().catch(() => {});
      } finally {
        answered?.();
      }
    };
    /** The requests in `chunk` (or, with none, the frames held back) to the handler. */
    const take = (chunk?: Uint8Array) => {
      let events: KafkaServerEvent[];
      try {
        events = conn.receive(chunk);
      } catch (e) {
        failure ??= new ChannelError("PROTOCOL", `the client broke the protocol: ${(e as Error).message}`, {
          cause: e,
        });
        return;
      }
      for (const ev of events) {
        const p = answer(ev);
        pending.add(p);
        void p.finally(() => {
          pending.delete(p);
          idle();
        });
      }
      if (events.length > 0) idle();
    };

    idle();
    try {
      while (failure === undefined) {
        // Frames held back (the in-flight bound, SASL's one at a time) are taken as slots free up;
        // while the connection is paused nothing more is read.
        if (conn.held > 0 && !conn.closed) take();
        if (conn.paused && pending.size > 0) {
          await new Promise<void>((resolve) => (answered = resolve));
          answered = undefined;
          continue;
        }
        if (failure !== undefined) break;
        let r: ReadableStreamReadResult<Uint8Array>;
        try {
          r = await reader.read();
        } catch (e) {
          failure ??= new ChannelError("TRANSPORT", "the readable failed", { cause: e });
          break;
        }
        if (r.done || failure !== undefined) {
          if (r.done && failure === undefined) {
            try {
              conn.end();
            } catch (e) {
              failure = new ChannelError("CLOSED", "the client closed in the middle of a frame", {
                cause: e,
              });
            }
          }
          break;
        }
        take(r.value);
      }
      // Answers still being worked on are written if the connection is still good.
      while (pending.size > 0) await Promise.all(pending);
    } finally {
      over = true;
      clearTimeout(idleTimer);
      conn.close();
      await reader.cancel().catch(() => {});
      if (failure === undefined || flush) await writer.close().catch(() => {});
      else await writer.abort(failure).catch(() => {});
      this.#serving = false;
    }
    if (handlerError !== undefined) throw handlerError.error;
    return failure;
  }
}
