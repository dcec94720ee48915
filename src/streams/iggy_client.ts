/**
 * An Iggy client connection over any duplex: `IggyClientSession` (the sans-IO VSR client
 * session of `./iggy`) paired with a socket's `{ readable, writable }`, so a command is a promise
 * of its decoded reply.
 *
 * @module
 */

import { CommandCode } from "../iggy/command_codes.ts";
import {
  decodeResponseBody,
  EMPTY_MEANS_NOT_FOUND_CODES,
  type RequestOf,
  type ResponseOf,
} from "../iggy/dispatch.ts";
import type { LoginRegisterResponse } from "../iggy/commands/users.ts";
import type { PartitionContext } from "../iggy/primitives/partition.ts";
import {
  type ClientEvent,
  IggyClientSession,
  type IggyClientSessionOptions,
  type IggyCredentials,
  type OutgoingIggyRequest,
} from "../iggy/session/client.ts";
import { ConsensusFrameAssembler } from "../iggy/session/frames.ts";
import { type CallOptions, ChannelCore, type ChannelOptions } from "./_channel.ts";
import type { ByteDuplex } from "./duplex.ts";
import { ChannelError } from "./errors.ts";

/** Options of {@linkcode IggyClientChannel}. */
export interface IggyClientChannelOptions extends IggyClientSessionOptions, ChannelOptions {
  /** A session to drive instead of a new one (the `IggyClientSessionOptions` are then ignored). */
  session?: IggyClientSession;
}

/** Options of {@linkcode IggyClientChannel.request}. */
export interface IggyRequestOptions extends CallOptions {
  /** The route context of a request aimed at a partition (send, poll, consumer offsets). */
  context?: PartitionContext;
}

/** A successful reply as the session reports it: the body with the result section stripped. */
export type IggyReply = Extract<ClientEvent, { kind: "reply" }>;

/**
 * One connection to an Iggy server: commands go out as the session numbers them, replies come
 * back as the promises of their commands. An error status rejects the command with `REJECTED`
 * (`status`: the server's error code); an eviction rejects every waiting command with `EVICTED`
 * (`status`: the reason); timeouts, aborts, the in-flight bound and backpressure are the
 * channel's ({@linkcode ChannelOptions}).
 *
 * @example
 * ```ts
 * import { duplexPair } from "@streamwire/codec/streams";
 * import { IggyClientChannel } from "@streamwire/codec/streams/iggy";
 * import { IggyServerConnection } from "@streamwire/codec/iggy";
 * const [client, server] = duplexPair();
 * // A server that answers every request with an empty success reply.
 * void (async () => {
 *   const conn = new IggyServerConnection();
 *   const w = server.writable.getWriter();
 *   for await (const chunk of server.readable) {
 *     for (const ev of conn.receive(chunk)) if (ev.kind === "request") await w.write(conn.reply(ev.request));
 *   }
 * })();
 * const iggy = new IggyClientChannel(client);
 * await iggy.ping();
 * console.log(iggy.inFlight); // 0
 * await iggy.close();
 * ```
 */
export class IggyClientChannel {
  /** The session state: binding, request numbering, the metadata watermark. */
  readonly session: IggyClientSession;
  readonly #core: ChannelCore<bigint>;

  /** Starts reading `duplex` at once; nothing is written until the first command. */
  constructor(duplex: ByteDuplex, options?: IggyClientChannelOptions) {
    const session = options?.session ?? new IggyClientSession(options);
    this.session = session;
    const frames = new ConsensusFrameAssembler({
      maxFrameBytes: options?.maxFrameBytes,
      allowUnboundedFrames: options?.allowUnboundedFrames,
    });
    this.#core = new ChannelCore<bigint>(duplex, {
      // The channel cuts the frames and hands the session one at a time: a reply before a bad
      // one still settles its command, and a close mid-frame is the assembler's TRUNCATED.
      receive: (chunk) => {
        frames.push(chunk, (reply) => {
          for (const ev of session.receive(reply)) this.#event(ev);
        });
      },
      end: () => {
        session.connectionLost();
        frames.end();
      },
      describe: (code) => `command ${code}`,
    }, options);
  }

  #event(ev: ClientEvent): void {
    if (ev.kind === "reply") this.#core.settle(ev.request, ev);
    else if (ev.kind === "error") {
      this.#core.fail(
        ev.request,
        new ChannelError("REJECTED", `command ${ev.code} rejected with status ${ev.error}`, {
          status: ev.error,
        }),
      );
    } else {
      for (const request of ev.pending) {
        this.#core.fail(
          request,
          new ChannelError("EVICTED", `the server ended the session (reason ${ev.reason})`, {
            status: ev.reason,
          }),
        );
      }
    }
  }

  /** Commands awaiting their reply (aborted ones included until it arrives). */
  get inFlight(): number {
    return this.#core.inFlight;
  }

  /** Settles once the channel is finished: with the `ChannelError` that ended it, or undefined. */
  get closed(): Promise<ChannelError | undefined> {
    return this.#core.closed;
  }

  #send(code: number, out: () => OutgoingIggyRequest, options: CallOptions | undefined): Promise<IggyReply> {
    const refused = this.#core.admit(code, options);
    if (refused !== undefined) return Promise.reject(refused);
    let req: OutgoingIggyRequest;
    try {
      req = out();
    } catch (e) {
      return Promise.reject(e);
    }
    return this.#core.track(code, req.frame, req.request, options);
  }

  /**
   * Logs in (a Register: password or personal access token) and resolves with the server's
   * `LoginRegisterResponse`; the session is bound afterwards.
   *
   * @example
   * ```ts
   * import { duplexPair } from "@streamwire/codec/streams";
   * import { IggyClientChannel } from "@streamwire/codec/streams/iggy";
   * import { encodePayload, IggyServerConnection, loginRegisterResponse } from "@streamwire/codec/iggy";
   * const [client, server] = duplexPair();
   * void (async () => {
   *   const conn = new IggyServerConnection();
   *   const w = server.writable.getWriter();
   *   for await (const chunk of server.readable) {
   *     for (const ev of conn.receive(chunk)) {
   *       if (ev.kind !== "request") continue;
   *       const body = encodePayload(loginRegisterResponse, { userId: 1, session: 7n, serverProtocolVersion: 12288, serverVersion: "demo" });
   *       await w.write(conn.acceptLogin(ev.request, 7n, body));
   *     }
   *   }
   * })();
   * const iggy = new IggyClientChannel(client);
   * const login = await iggy.login({ username: "iggy", password: "iggy" });
   * console.log(login.session, iggy.session.session); // 7n 7n
   * await iggy.close();
   * ```
   */
  async login(credentials: IggyCredentials, options?: CallOptions): Promise<LoginRegisterResponse> {
    await this.#send(
      "token" in credentials ? CommandCode.LoginRegisterWithPat : CommandCode.LoginRegister,
      () => this.session.login(credentials),
      options,
    );
    return this.session.loginResponse!;
  }

  /**
   * Sends a Ping and resolves when the server answers.
   *
   * @example
   * ```ts
   * import { duplexPair, isChannelError } from "@streamwire/codec/streams";
   * import { IggyClientChannel } from "@streamwire/codec/streams/iggy";
   * const [client, server] = duplexPair();
   * void server.writable.close(); // the server closes at once
   * const iggy = new IggyClientChannel(client);
   * try {
   *   await iggy.ping();
   * } catch (e) {
   *   if (isChannelError(e)) console.log(e.code); // CLOSED
   * }
   * ```
   */
  async ping(options?: CallOptions): Promise<void> {
    await this.#send(CommandCode.Ping, () => this.session.ping(), options);
  }

  /**
   * Sends command `code` with `value` encoded by its request codec and resolves with the reply
   * decoded by its response codec. A Get* command the server answers with an empty payload
   * (released servers' "not found") rejects with `NOT_FOUND`.
   *
   * @example
   * ```ts
   * import { duplexPair } from "@streamwire/codec/streams";
   * import { IggyClientChannel } from "@streamwire/codec/streams/iggy";
   * import { CommandCode, IggyServerConnection } from "@streamwire/codec/iggy";
   * const [client, server] = duplexPair();
   * void (async () => {
   *   const conn = new IggyServerConnection();
   *   const w = server.writable.getWriter();
   *   for await (const chunk of server.readable) {
   *     for (const ev of conn.receive(chunk)) if (ev.kind === "request") await w.write(conn.reply(ev.request));
   *   }
   * })();
   * const iggy = new IggyClientChannel(client);
   * console.log(await iggy.request(CommandCode.Ping, {})); // {}
   * await iggy.close();
   * ```
   */
  async request<C extends number>(
    code: C,
    value: RequestOf<C>,
    options?: IggyRequestOptions,
  ): Promise<ResponseOf<C>> {
    const reply = await this.#send(code, () => this.session.request(code, value, options?.context), options);
    if (reply.body.length === 0 && (EMPTY_MEANS_NOT_FOUND_CODES as readonly number[]).includes(code)) {
      throw new ChannelError("NOT_FOUND", `command ${code}: the server found nothing`);
    }
    try {
      return decodeResponseBody(code, reply.body);
    } catch (e) {
      throw new ChannelError("PROTOCOL", `the reply to command ${code} does not decode`, { cause: e });
    }
  }

  /**
   * Sends command `code` with an already encoded `body` and resolves with the reply as the
   * session reports it (the raw body, result section stripped, and the reply header).
   *
   * @example
   * ```ts
   * import { duplexPair } from "@streamwire/codec/streams";
   * import { IggyClientChannel } from "@streamwire/codec/streams/iggy";
   * import { CommandCode, IggyServerConnection } from "@streamwire/codec/iggy";
   * const [client, server] = duplexPair();
   * void (async () => {
   *   const conn = new IggyServerConnection();
   *   const w = server.writable.getWriter();
   *   for await (const chunk of server.readable) {
   *     for (const ev of conn.receive(chunk)) if (ev.kind === "request") await w.write(conn.reply(ev.request));
   *   }
   * })();
   * const iggy = new IggyClientChannel(client);
   * const reply = await iggy.requestBody(CommandCode.Ping, new Uint8Array());
   * console.log(reply.body.length); // 0
   * await iggy.close();
   * ```
   */
  requestBody(code: number, body: Uint8Array, options?: IggyRequestOptions): Promise<IggyReply> {
    return this.#send(code, () => this.session.requestBody(code, body, options?.context), options);
  }

  /**
   * Closes cleanly: no new commands; waits for the replies still owed (each bounded by its
   * timeout), then closes the writable and releases the readable.
   *
   * @example
   * ```ts
   * import { duplexPair } from "@streamwire/codec/streams";
   * import { IggyClientChannel } from "@streamwire/codec/streams/iggy";
   * const [client] = duplexPair();
   * console.log(await new IggyClientChannel(client).close()); // undefined
   * ```
   */
  close(): Promise<ChannelError | undefined> {
    return this.#core.close();
  }

  /**
   * Half-closes: no new commands; the writable is closed once every queued frame is written,
   * and the replies still owed are read until the server closes its side.
   *
   * @example
   * ```ts
   * import { duplexPair } from "@streamwire/codec/streams";
   * import { IggyClientChannel } from "@streamwire/codec/streams/iggy";
   * const [client, server] = duplexPair();
   * await new IggyClientChannel(client).closeWrite();
   * console.log((await server.readable.getReader().read()).done); // true
   * ```
   */
  closeWrite(): Promise<void> {
    return this.#core.closeWrite();
  }

  /**
   * Ends the channel at once: waiting commands reject with `CLOSED` (`cause`: `reason`).
   *
   * @example
   * ```ts
   * import { duplexPair } from "@streamwire/codec/streams";
   * import { IggyClientChannel } from "@streamwire/codec/streams/iggy";
   * const [client] = duplexPair();
   * const iggy = new IggyClientChannel(client);
   * iggy.abort();
   * console.log((await iggy.closed)?.code); // CLOSED
   * ```
   */
  abort(reason?: unknown): void {
    this.#core.abort(reason);
  }
}
