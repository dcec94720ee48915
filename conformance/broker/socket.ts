/**
 * A thin node:net adapter over the sans-IO {@linkcode ClientConnection} for the broker suite:
 * it writes the frames the state machine builds and feeds it whatever chunks the socket
 * delivers. Works on Deno, Bun and Node (node:net is the one socket API all three share).
 *
 * @module
 */

import { connect, type Socket } from "node:net";
import { Buffer } from "node:buffer";
import {
  type AnyClientResponse,
  ClientConnection,
  type ClientConnectionOptions,
  type ClientResponse,
  type OutgoingRequest,
} from "../../src/kafka/client.ts";
import type { Init } from "../../src/kafka/codec.ts";
import type { RequestOf } from "../../src/kafka/api.ts";
import type { RequestTypes } from "../../src/kafka/messages/_table.ts";
import { encodeFrame, FrameDecoder } from "../../src/kafka/frame.ts";
import { encodeResponse } from "../../src/kafka/api.ts";
import { toHex } from "../../src/wire/hex.ts";
import type { RequestRecorder } from "./_requestlog.ts";
import { captureSocket } from "./_capture.ts";

/** Options of {@linkcode BrokerSocket.connect}. */
export interface BrokerSocketOptions extends ClientConnectionOptions {
  /** Milliseconds to wait for the TCP connection and for each response. Default 30 000. */
  timeoutMs?: number;
  /**
   * Re-encode every decoded response with the codec and compare it with the broker's bytes; a
   * difference fails the request. Default true: it turns every reply into a byte-exact check of
   * the response encoders against Kafka's own.
   */
  verifyReencode?: boolean;
  /** Records every request sent and response decoded (for the broker request-log comparison). */
  recorder?: RequestRecorder;
}

/** Where the codec's re-encoding of a response differs from the broker's bytes, or undefined. */
export function reencodeDifference(r: AnyClientResponse, payload: Uint8Array): string | undefined {
  let again: Uint8Array;
  try {
    again = encodeResponse(r.apiKey, r.version, r.header, r.body as never);
  } catch (e) {
    return `re-encoding failed: ${e instanceof Error ? e.message : e}`;
  }
  if (again.length === payload.length && again.every((x, i) => x === payload[i])) return undefined;
  let i = 0;
  while (i < again.length && i < payload.length && again[i] === payload[i]) i++;
  const around = (b: Uint8Array) => toHex(b.subarray(Math.max(0, i - 8), i + 16));
  return `re-encoded response differs at byte ${i} of ${payload.length} (codec wrote ${again.length}): broker …${
    around(payload)
  }…, codec …${around(again)}…`;
}

interface Waiter {
  resolve: (r: AnyClientResponse) => void;
  reject: (e: unknown) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** One TCP connection to a broker, driven by a {@linkcode ClientConnection}. */
export class BrokerSocket {
  /** The protocol state (versions, pending requests). */
  readonly conn: ClientConnection;
  readonly #socket: Socket;
  readonly #timeoutMs: number;
  readonly #waiters = new Map<number, Waiter>();
  #failure: unknown;
  /** A second frame decoder over the same chunks: the raw payloads, paired with the responses in order. */
  readonly #tee: FrameDecoder | undefined;
  readonly #recorder: RequestRecorder | undefined;

  private constructor(
    socket: Socket,
    conn: ClientConnection,
    timeoutMs: number,
    verify: boolean,
    recorder?: RequestRecorder,
  ) {
    this.#socket = socket;
    this.#recorder = recorder;
    this.conn = conn;
    this.#timeoutMs = timeoutMs;
    this.#tee = verify ? new FrameDecoder() : undefined;
    socket.on("data", (chunk: Uint8Array) => {
      let responses: AnyClientResponse[];
      let payloads: Uint8Array[] = [];
      try {
        responses = conn.receive(chunk);
        if (this.#tee !== undefined) payloads = this.#tee.push(chunk);
      } catch (e) {
        this.#fail(e);
        return;
      }
      responses.forEach((r, i) => {
        const w = this.#waiters.get(r.correlationId);
        if (w === undefined) return;
        this.#waiters.delete(r.correlationId);
        clearTimeout(w.timer);
        const diff = this.#tee === undefined ? undefined : reencodeDifference(r, payloads[i]);
        this.#recorder?.respond(socket.localPort ?? 0, r.correlationId, r.body);
        if (diff === undefined) w.resolve(r);
        else w.reject(new Error(diff));
      });
    });
    socket.on("error", (e) => this.#fail(e));
    socket.on("close", () => this.#fail(new Error("connection closed by the broker")));
  }

  /** Opens a connection to `host:port`. */
  static connect(host: string, port: number, options?: BrokerSocketOptions): Promise<BrokerSocket> {
    const timeoutMs = options?.timeoutMs ?? 30_000;
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port });
      socket.setNoDelay(true);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`connect to ${host}:${port} timed out`));
      }, timeoutMs);
      socket.once("error", (e) => {
        clearTimeout(timer);
        reject(e);
      });
      socket.once("connect", () => {
        clearTimeout(timer);
        socket.removeAllListeners("error");
        captureSocket(socket);
        resolve(
          new BrokerSocket(
            socket,
            new ClientConnection(options),
            timeoutMs,
            options?.verifyReencode ?? true,
            options?.recorder,
          ),
        );
      });
    });
  }

  #fail(e: unknown): void {
    if (this.#failure === undefined) this.#failure = e;
    for (const [id, w] of this.#waiters) {
      clearTimeout(w.timer);
      this.#waiters.delete(id);
      w.reject(e);
    }
  }

  /** Writes an already-built request and waits for its response. */
  exchange(req: OutgoingRequest): Promise<AnyClientResponse> {
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    const p = new Promise<AnyClientResponse>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters.delete(req.correlationId);
        reject(
          new Error(
            `no response to correlation id ${req.correlationId} (API key ${req.apiKey}) in ${this.#timeoutMs} ms`,
          ),
        );
      }, this.#timeoutMs);
      this.#waiters.set(req.correlationId, { resolve, reject, timer });
    });
    this.#record(req);
    this.#socket.write(Buffer.from(req.frame.buffer, req.frame.byteOffset, req.frame.byteLength));
    return p;
  }

  #record(req: OutgoingRequest): void {
    this.#recorder?.record({
      localPort: this.#socket.localPort ?? 0,
      correlationId: req.correlationId,
      apiKey: req.apiKey,
      version: req.version,
      frame: req.frame,
    });
  }

  /** Writes a request the broker does not answer (Produce with acks 0). */
  sendOnly(req: OutgoingRequest): void {
    this.#record(req);
    this.#socket.write(Buffer.from(req.frame.buffer, req.frame.byteOffset, req.frame.byteLength));
  }

  /** Sends a request (version: `version`, else the negotiated one) and returns its response. */
  async send<K extends keyof RequestTypes>(
    apiKey: K,
    body: Init<RequestOf<K>>,
    version?: number,
  ): Promise<ClientResponse<K>> {
    const req = this.conn.request(apiKey, body, version === undefined ? undefined : { version });
    if (!req.expectResponse) throw new Error(`API key ${apiKey} request expects no response; use sendOnly`);
    return (await this.exchange(req)) as unknown as ClientResponse<K>;
  }

  /** Closes the connection. */
  close(): void {
    this.#failure ??= new Error("connection closed");
    this.#socket.destroy();
  }
}

/**
 * A connection that moves whole frames without a {@linkcode ClientConnection}: for the
 * SaslHandshake v0 exchange, where the SASL tokens travel as bare size-prefixed frames with no
 * Kafka header, which no correlation-id state machine can read.
 */
export class RawFrameSocket {
  readonly #socket: Socket;
  readonly #frames = new FrameDecoder();
  readonly #queue: Uint8Array[] = [];
  #waiter: { resolve: (f: Uint8Array) => void; reject: (e: unknown) => void } | undefined;
  #failure: unknown;
  readonly #timeoutMs: number;

  private constructor(socket: Socket, timeoutMs: number) {
    this.#socket = socket;
    this.#timeoutMs = timeoutMs;
    socket.on("data", (chunk: Uint8Array) => {
      try {
        // Frames may be views into the chunk; copy so later chunks cannot alias them.
        for (const f of this.#frames.push(chunk)) this.#queue.push(f.slice());
      } catch (e) {
        this.#fail(e);
        return;
      }
      this.#deliver();
    });
    socket.on("error", (e) => this.#fail(e));
    socket.on("close", () => this.#fail(new Error("connection closed by the broker")));
  }

  /** Opens a connection to `host:port`. */
  static connect(host: string, port: number, timeoutMs = 30_000): Promise<RawFrameSocket> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port });
      socket.once("error", reject);
      socket.once("connect", () => {
        socket.removeAllListeners("error");
        captureSocket(socket);
        resolve(new RawFrameSocket(socket, timeoutMs));
      });
    });
  }

  #fail(e: unknown): void {
    this.#failure ??= e;
    const w = this.#waiter;
    this.#waiter = undefined;
    w?.reject(e);
  }

  #deliver(): void {
    if (this.#waiter !== undefined && this.#queue.length > 0) {
      const w = this.#waiter;
      this.#waiter = undefined;
      w.resolve(this.#queue.shift()!);
    }
  }

  /** Writes `payload` as one frame (size prefix added). */
  write(payload: Uint8Array): void {
    this.#socket.write(Buffer.from(encodeFrame(payload)));
  }

  /** The next frame's payload. */
  read(): Promise<Uint8Array> {
    if (this.#queue.length > 0) return Promise.resolve(this.#queue.shift()!);
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiter = undefined;
        reject(new Error(`no frame in ${this.#timeoutMs} ms`));
      }, this.#timeoutMs);
      this.#waiter = {
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
    });
  }

  /** Closes the connection. */
  close(): void {
    this.#failure ??= new Error("connection closed");
    this.#socket.destroy();
  }
}
