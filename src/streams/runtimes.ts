/**
 * Tiny shims from each runtime's socket to a {@linkcode ByteDuplex}. They take the runtime's
 * objects as arguments and import nothing, so this module runs (and bundles) everywhere.
 *
 * | runtime        | duplex                                                                      |
 * | -------------- | --------------------------------------------------------------------------- |
 * | Deno           | `denoDuplex(await Deno.connect({ hostname, port }))`                          |
 * | Bun            | `await bunDuplex(Bun.connect, { hostname, port })`                            |
 * | Node.js 20+    | `nodeDuplex(net.connect({ host, port }))` (or `Duplex.toWeb`, 1.4–2× slower to read) |
 * | browsers       | `await webSocketDuplex(new WebSocket(url))`, through a WebSocket-to-TCP bridge |
 *
 * On Node and Bun, leave the socket's `allowHalfOpen` at its default (false): Node's
 * `Duplex.toWeb` readable ends only once both directions have, so with a half-open socket a
 * peer's close would never reach the reader. On Deno use `Deno.connect`: Deno's port of
 * `Duplex.toWeb` (2.9.6) throws an uncaught error from inside the socket's "finish" handler
 * once a socket it wraps ends after its web side closed or was cancelled.
 *
 * @module
 */

import type { ByteDuplex } from "./duplex.ts";

/** What `Deno.connect()` returns, as far as a duplex needs it (a `Deno.Conn`). */
export interface DenoConnLike {
  /** The bytes from the peer. */
  readonly readable: ReadableStream<Uint8Array>;
  /** The bytes to the peer (closing it closes the whole connection). */
  readonly writable: WritableStream<Uint8Array>;
  /** Half-closes: sends FIN, reading goes on. */
  closeWrite(): Promise<void>;
  /** Closes both directions. */
  close(): void;
}

/**
 * A `Deno.Conn` as a duplex whose writable half-closes on close (`conn.writable.close()` would
 * close the whole connection, and a reply still on its way would be lost). Reading to the end
 * or cancelling the readable releases the connection, as Deno's own streams do.
 *
 * @example
 * ```ts ignore
 * import { denoDuplex } from "@streamwire/codec/streams";
 * import { KafkaClientChannel } from "@streamwire/codec/streams/kafka";
 * const kafka = new KafkaClientChannel(denoDuplex(await Deno.connect({ hostname: "127.0.0.1", port: 9092 })));
 * ```
 */
export function denoDuplex(conn: DenoConnLike): ByteDuplex {
  const writer = conn.writable.getWriter();
  const writable = new WritableStream<Uint8Array>({
    write: (chunk) => writer.write(chunk),
    async close() {
      await writer.ready;
      writer.releaseLock();
      // The connection may be gone already (the peer closed and the reader reached the end).
      await conn.closeWrite().catch(() => {});
    },
    abort() {
      try {
        conn.close();
      } catch { /* already closed */ }
    },
  });
  return { readable: conn.readable, writable };
}

/** The socket `Bun.connect()` resolves to, as far as a duplex needs it. */
export interface BunSocketLike {
  /** Writes what it can now; returns the bytes taken (the rest waits for `drain`). */
  write(data: Uint8Array): number;
  /** Half-closes: sends FIN, reading goes on. */
  shutdown(): void;
  /** Closes at once. */
  terminate(): void;
  /** Stops reading. */
  pause(): void;
  /** Reads again. */
  resume(): void;
}

/** The socket handlers `Bun.connect()` takes (the ones a duplex needs). */
export interface BunSocketHandlers {
  /** Bytes arrived. */
  data(socket: BunSocketLike, data: Uint8Array): void;
  /** The socket can take more bytes. */
  drain(socket: BunSocketLike): void;
  /** The socket closed (an `error` argument when it failed). */
  close(socket: BunSocketLike, error?: unknown): void;
  /** The socket failed. */
  error(socket: BunSocketLike, error: unknown): void;
}

/** `Bun.connect`, as far as a duplex needs it. */
export type BunConnect = (
  options: { hostname: string; port: number; socket: BunSocketHandlers },
) => Promise<BunSocketLike>;

/**
 * Connects with `Bun.connect` (pass the function itself) and returns the socket as a duplex:
 * reads pause while nobody reads the readable, a write settles once Bun took all of it (it
 * waits for `drain` when the socket is full), closing the writable half-closes.
 *
 * @example
 * ```ts ignore
 * import { bunDuplex } from "@streamwire/codec/streams";
 * import { KafkaClientChannel } from "@streamwire/codec/streams/kafka";
 * const kafka = new KafkaClientChannel(await bunDuplex(Bun.connect, { hostname: "127.0.0.1", port: 9092 }));
 * ```
 */
export async function bunDuplex(
  connect: BunConnect,
  options: { hostname: string; port: number },
): Promise<ByteDuplex> {
  // Set once connected; the readable exists first (the data handler needs its controller).
  const ref: { socket?: BunSocketLike } = {};
  let reads!: ReadableStreamDefaultController<Uint8Array>;
  let done = false;
  let drained: (() => void) | undefined;
  let failure: unknown;
  const readable = new ReadableStream<Uint8Array>({
    start: (c) => void (reads = c),
    pull: () => ref.socket?.resume(),
    cancel() {
      done = true;
      failure = new Error("the socket was closed");
      ref.socket?.terminate();
    },
  }, { highWaterMark: 4 });
  const finish = (error?: unknown) => {
    if (done) return; // also after a cancel: the stream is closed already
    done = true;
    failure = error ?? new Error("the socket closed");
    if (error === undefined) reads.close();
    else reads.error(error);
    drained?.();
  };
  const socket = ref.socket = await connect({
    ...options,
    socket: {
      data(s, data) {
        if (done) return;
        reads.enqueue(data);
        if ((reads.desiredSize ?? 1) <= 0) s.pause();
      },
      drain: () => drained?.(),
      close: (_s, error) => finish(error),
      error: (_s, error) => finish(error),
    },
  });
  const writable = new WritableStream<Uint8Array>({
    async write(chunk) {
      let rest = chunk;
      for (;;) {
        if (done) throw failure;
        const n = socket.write(rest);
        if (n >= rest.length) return;
        rest = rest.subarray(Math.max(n, 0));
        await new Promise<void>((resolve) => (drained = resolve));
        drained = undefined;
      }
    },
    close: () => socket.shutdown(),
    abort: () => socket.terminate(),
  });
  return { readable, writable };
}

/** A `node:net` `Socket` (Node, and the `node:net` of Bun and Deno), as far as a duplex needs it. */
export interface NodeSocketLike {
  /** Queues `chunk`; false when the socket's buffer is full (wait for `"drain"`). */
  write(chunk: Uint8Array): boolean;
  /** Half-closes (FIN); `callback` runs once everything written is flushed. */
  end(callback?: () => void): unknown;
  /** Closes at once. */
  destroy(error?: Error): unknown;
  /** Stops `"data"` events. */
  pause(): unknown;
  /** Starts them again. */
  resume(): unknown;
  /** Listens for `"data"`, `"end"`, `"error"`, `"close"` and `"drain"` (for the socket's lifetime). */
  on(event: string, listener: (arg?: never) => void): unknown;
}

/**
 * A `node:net` socket as a duplex: reads pause while nobody reads the readable, a write settles
 * once the socket's buffer is below its high-water mark (it waits for `"drain"`), closing the
 * writable half-closes (FIN) once written bytes are flushed, cancelling the readable or aborting
 * the writable destroys the socket. The peer's FIN ends the readable whatever `allowHalfOpen`
 * says. Node's own `Duplex.toWeb(socket)` is a duplex too; this one reads 1.4–2× faster (a
 * 2 MiB burst of 16 KiB frames on Node 20: `bench/streams.ts`), since it enqueues each chunk
 * as it arrives.
 *
 * @example
 * ```ts ignore
 * import { nodeDuplex } from "@streamwire/codec/streams";
 * import { KafkaClientChannel } from "@streamwire/codec/streams/kafka";
 * const net = await import("node:net");
 * const socket = net.connect({ host: "127.0.0.1", port: 9092 });
 * await new Promise((ok, fail) => socket.once("connect", ok).once("error", fail));
 * const kafka = new KafkaClientChannel(nodeDuplex(socket));
 * ```
 */
export function nodeDuplex(socket: NodeSocketLike): ByteDuplex {
  let reading = true;
  /** Set once the socket failed or closed: later writes throw it. */
  let broken: unknown;
  /** Wakes a write waiting for "drain", and a close waiting for the flush, when the socket goes. */
  let wake: (() => void) | undefined;
  let reads!: ReadableStreamDefaultController<Uint8Array>;
  const endReads = (error?: unknown) => {
    if (!reading) return;
    reading = false;
    if (error === undefined) reads.close();
    else reads.error(error);
  };
  const gone = (error: unknown) => {
    broken ??= error;
    wake?.();
  };
  const onData = (chunk?: Uint8Array) => {
    if (!reading || chunk === undefined) return;
    // A view, so readers get a plain Uint8Array rather than a Node Buffer subclass.
    reads.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((reads.desiredSize ?? 1) <= 0) socket.pause();
  };
  const onError = (e?: unknown) => {
    const error = e ?? new Error("socket error");
    endReads(error);
    gone(error);
  };
  const onClose = () => {
    endReads();
    gone(new Error("the socket closed"));
  };
  const readable = new ReadableStream<Uint8Array>({
    start(c) {
      reads = c;
      socket.on("data", onData as (arg?: never) => void);
      socket.on("end", () => endReads());
      socket.on("error", onError as (arg?: never) => void);
      socket.on("close", onClose);
      socket.on("drain", () => wake?.());
    },
    pull: () => void socket.resume(),
    cancel() {
      reading = false;
      socket.destroy();
    },
  }, { highWaterMark: 4 });
  /** Resolves on `"drain"` (or when the socket goes), or at once when it is gone already. */
  const waitFor = (start: (done: () => void) => void) =>
    new Promise<void>((resolve) => {
      if (broken !== undefined) return resolve();
      wake = resolve;
      start(resolve);
    }).finally(() => (wake = undefined));
  const writable = new WritableStream<Uint8Array>({
    async write(chunk) {
      if (broken !== undefined) throw broken;
      if (socket.write(chunk)) return;
      await waitFor(() => {});
      if (broken !== undefined) throw broken;
    },
    close: () => waitFor((done) => void socket.end(done)),
    abort: () => void socket.destroy(),
  });
  return { readable, writable };
}

/** Options of {@linkcode webSocketDuplex}. */
export interface WebSocketDuplexOptions {
  /** A write waits while more than this many bytes are buffered in the socket. Default 1 MiB. */
  highWaterMark?: number;
  /** How often a waiting write looks at `bufferedAmount` (WebSocket has no drain event). Default 10 ms. */
  pollMs?: number;
}

/**
 * A browser `WebSocket` carrying the protocol's bytes as binary messages (one chunk each way per
 * message), once it is open; for a broker behind a WebSocket-to-TCP bridge. WebSocket has no
 * half-close (closing the writable closes the socket) and no read backpressure; a write waits
 * while `bufferedAmount` is above `highWaterMark`. A close other than a clean one (code 1000)
 * errors the readable.
 *
 * @example
 * ```ts ignore
 * import { webSocketDuplex } from "@streamwire/codec/streams";
 * import { IggyClientChannel } from "@streamwire/codec/streams/iggy";
 * const iggy = new IggyClientChannel(await webSocketDuplex(new WebSocket("ws://127.0.0.1:8090/iggy")));
 * ```
 */
export async function webSocketDuplex(ws: WebSocket, options?: WebSocketDuplexOptions): Promise<ByteDuplex> {
  const hwm = options?.highWaterMark ?? 1 << 20;
  const pollMs = options?.pollMs ?? 10;
  ws.binaryType = "arraybuffer";
  if (ws.readyState === 0) {
    await new Promise<void>((resolve, reject) => {
      const failed = () => reject(new Error(`WebSocket to ${ws.url} did not open`));
      ws.addEventListener("open", () => resolve(), { once: true });
      ws.addEventListener("error", failed, { once: true });
      ws.addEventListener("close", failed, { once: true });
    });
  }
  if (ws.readyState !== 1) throw new Error(`WebSocket to ${ws.url} is not open`);
  let closed = false;
  const readable = new ReadableStream<Uint8Array>({
    start(c) {
      ws.addEventListener("message", (e) => {
        if (e.data instanceof ArrayBuffer) c.enqueue(new Uint8Array(e.data));
        else c.error(new TypeError("a text WebSocket message where bytes were expected"));
      });
      ws.addEventListener("close", (e) => {
        if (closed) return; // cancelled: the stream is closed already
        closed = true;
        if (e.code === 1000) c.close();
        else c.error(new Error(`WebSocket closed with code ${e.code} ${e.reason}`.trim()));
      });
    },
    cancel() {
      closed = true;
      ws.close(1000);
    },
  });
  const writable = new WritableStream<Uint8Array>({
    async write(chunk) {
      if (closed) throw new Error("WebSocket closed");
      ws.send(chunk as Uint8Array<ArrayBuffer>);
      while (ws.bufferedAmount > hwm && !closed) await new Promise((r) => setTimeout(r, pollMs));
    },
    close: () => ws.close(1000),
    abort: () => ws.close(1000),
  });
  return { readable, writable };
}
