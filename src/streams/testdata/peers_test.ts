/**
 * Test peers for the channels: a small Kafka broker and an Iggy server over any duplex (the
 * sans-IO codecs do the protocol), a loopback TCP endpoint that serves them, and a proxy that
 * injects faults between a client and such an endpoint. Test code: it uses node:net.
 *
 * @module
 */

import * as net from "node:net";
import { ApiKey } from "../../kafka/messages/api_keys.ts";
import { decodeRequest, encodeResponse } from "../../kafka/api.ts";
import { FrameDecoder } from "../../kafka/frame.ts";
import { IggyServerConnection } from "../../iggy/session/server.ts";
import type { ByteDuplex } from "../duplex.ts";
import { nodeDuplex } from "../runtimes.ts";
import { type ChannelError, isChannelError } from "../errors.ts";

/** The versions the test broker advertises. */
export const BROKER_VERSIONS = [
  { apiKey: ApiKey.Produce, minVersion: 3, maxVersion: 9 },
  { apiKey: ApiKey.Metadata, minVersion: 0, maxVersion: 12 },
  { apiKey: ApiKey.ApiVersions, minVersion: 0, maxVersion: 3 },
];

/** The answer of the test broker to one request payload (size prefix included), or undefined for none. */
export function brokerAnswer(payload: Uint8Array): Uint8Array | undefined {
  const req = decodeRequest(payload);
  const h = { correlationId: req.header.correlationId };
  const v = req.apiVersion;
  if (req.apiKey === ApiKey.ApiVersions) {
    return encodeResponse(ApiKey.ApiVersions, v, h, { apiKeys: BROKER_VERSIONS }, { sizePrefix: true });
  }
  if (req.apiKey === ApiKey.Metadata) {
    // The topic names come back, so a large request gets a large answer.
    const topics = (req.body.topics ?? []).map((t) => ({ name: t.name, errorCode: 0, partitions: [] }));
    return encodeResponse(ApiKey.Metadata, v, h, { brokers: [], topics }, { sizePrefix: true });
  }
  if (req.apiKey === ApiKey.Produce) {
    if (req.body.acks === 0) return undefined;
    return encodeResponse(ApiKey.Produce, v, h, { responses: [] }, { sizePrefix: true });
  }
  throw new Error(`test broker: API key ${req.apiKey} not served`);
}

/** Serves `duplex` as the test broker until the client closes; resolves with the requests seen. */
export async function serveKafka(duplex: ByteDuplex): Promise<number> {
  const frames = new FrameDecoder();
  const w = duplex.writable.getWriter();
  let n = 0;
  try {
    for await (const chunk of duplex.readable) {
      for (const payload of frames.push(chunk)) {
        n++;
        const answer = brokerAnswer(payload);
        if (answer !== undefined) await w.write(answer);
      }
    }
    await w.close();
  } catch {
    // The client went away first.
  }
  return n;
}

/** Serves `duplex` as an Iggy server that answers every request with an empty success reply. */
export async function serveIggy(duplex: ByteDuplex): Promise<void> {
  const conn = new IggyServerConnection();
  const w = duplex.writable.getWriter();
  try {
    for await (const chunk of duplex.readable) {
      for (const ev of conn.receive(chunk)) if (ev.kind === "request") await w.write(conn.reply(ev.request));
    }
    await w.close();
  } catch {
    // The client went away first.
  }
}

/** A listening loopback server, its port, and a way to stop it with every connection it holds. */
/** A `node:net` connection to 127.0.0.1:`port` through `nodeDuplex`, once connected (node:net is on every runtime). */
export function nodeConnect(port: number): Promise<ByteDuplex> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => resolve(nodeDuplex(socket))).once("error", reject);
  });
}

export interface Loopback {
  readonly port: number;
  /** Connections accepted so far. */
  readonly accepted: number;
  /** Resolves when every accepted connection has closed (bounded: rejects after `ms`, saying why). */
  allClosed(ms: number): Promise<void>;
  /** Destroys every connection and stops listening. */
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (a free port) and hands each connection to `onSocket`. */
export async function listen(onSocket: (socket: net.Socket) => void): Promise<Loopback> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  let waiters: (() => void)[] = [];
  const server = net.createServer((s) => {
    accepted++;
    sockets.add(s);
    s.on("error", () => {});
    s.on("close", () => {
      sockets.delete(s);
      if (sockets.size === 0) {
        for (const w of waiters) w();
        waiters = [];
      }
    });
    onSocket(s);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    get accepted() {
      return accepted;
    },
    allClosed(ms: number) {
      if (sockets.size === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(
            new Error(
              `${sockets.size} connection(s) still open after ${ms} ms: the client did not release its socket`,
            ),
          );
        }, ms);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// The endpoints drive node:net sockets directly (Deno's Duplex.toWeb throws from inside its
// adapter when a server-side socket ends on its own).

/** A test broker on loopback: each connection answered with {@linkcode brokerAnswer}. */
export function kafkaEndpoint(): Promise<Loopback> {
  return listen((s) => {
    const frames = new FrameDecoder();
    s.on("data", (chunk: Uint8Array) => {
      for (const payload of frames.push(chunk)) {
        const answer = brokerAnswer(payload);
        if (answer !== undefined) s.write(answer);
      }
    });
    s.on("end", () => s.end());
  });
}

/** An Iggy server on loopback: every request answered with an empty success reply. */
export function iggyEndpoint(): Promise<Loopback> {
  return listen((s) => {
    const conn = new IggyServerConnection();
    s.on("data", (chunk: Uint8Array) => {
      for (const ev of conn.receive(new Uint8Array(chunk))) {
        if (ev.kind === "request") s.write(conn.reply(ev.request));
      }
    });
    s.on("end", () => s.end());
  });
}

/** A fault the proxy injects. */
export type Fault =
  /** Pass everything through. */
  | "none"
  /** Forward half of the first answer, then close the client's connection (a FIN). */
  | "close-mid-frame"
  /** Reset the client's connection (an RST) when its first request arrives. */
  | "reset"
  /** Pass the first answer through `corrupt` (which rewrites its correlation id to one nobody sent). */
  | "unknown-correlation-id"
  /** Read the client's bytes slowly (about 16 MB/s): a pause after each chunk, as long as the chunk. */
  | "slow-reader"
  /** Read the requests and never forward them (nor answer). */
  | "never-answer";

/** Rewrites the correlation id of the answer at the start of `chunk` (in place). */
export type CorruptAnswer = (chunk: Uint8Array) => void;

/** Kafka: the correlation id is the int32 after the size. */
export const corruptKafkaAnswer: CorruptAnswer = (c) =>
  new DataView(c.buffer, c.byteOffset).setInt32(4, 0x7654321);

/** Iggy consensus reply: the request number is the u64 at byte 200 of the header. */
export const corruptIggyAnswer: CorruptAnswer = (c) =>
  new DataView(c.buffer, c.byteOffset).setBigUint64(200, 0x7654321n, true);

/** A proxy on loopback to `upstream`, injecting `fault` on every connection. */
export function faultProxy(upstream: number, fault: Fault, corrupt?: CorruptAnswer): Promise<Loopback> {
  return listen((client) => {
    if (fault === "never-answer") {
      client.on("data", () => {});
      return;
    }
    const server = net.connect({ host: "127.0.0.1", port: upstream });
    server.on("error", () => client.destroy());
    client.on("close", () => server.destroy());
    server.on("close", () => client.destroy());
    let answered = false;
    server.on("data", (chunk: Uint8Array) => {
      if (fault === "close-mid-frame" && !answered) {
        answered = true;
        client.end(chunk.subarray(0, Math.max(1, chunk.length >> 1)));
        return;
      }
      if (fault === "unknown-correlation-id" && !answered) {
        answered = true;
        const bad = new Uint8Array(chunk);
        corrupt!(bad);
        client.write(bad);
        return;
      }
      client.write(chunk);
    });
    client.on("data", (chunk: Uint8Array) => {
      if (fault === "reset") {
        client.resetAndDestroy();
        return;
      }
      server.write(chunk);
      if (fault === "slow-reader") {
        // A reader that takes about 16 MB/s whatever the chunk sizes: the client's writes must wait.
        client.pause();
        setTimeout(() => client.resume(), Math.ceil(chunk.length / 16_384));
      }
    });
  });
}

/**
 * `writable` with a count of the bytes its writer was handed whose write has not settled (the
 * channel's view of what the transport has not taken), and the most there ever were.
 */
export function countingWritable(
  writable: WritableStream<Uint8Array>,
): { writable: WritableStream<Uint8Array>; most(): number } {
  let outstanding = 0, most = 0;
  const counted = {
    getWriter() {
      const inner = writable.getWriter();
      return {
        get ready() {
          return inner.ready;
        },
        get closed() {
          return inner.closed;
        },
        get desiredSize() {
          return inner.desiredSize;
        },
        write(chunk: Uint8Array) {
          outstanding += chunk.length;
          most = Math.max(most, outstanding);
          return inner.write(chunk).finally(() => (outstanding -= chunk.length));
        },
        close: () => inner.close(),
        abort: (reason?: unknown) => inner.abort(reason),
        releaseLock: () => inner.releaseLock(),
      };
    },
  };
  return { writable: counted as unknown as WritableStream<Uint8Array>, most: () => most };
}

/** The `ChannelError` `p` rejects with (fails if it resolves or rejects with anything else). */
export async function rejection(p: Promise<unknown>): Promise<ChannelError> {
  try {
    await p;
  } catch (e) {
    if (isChannelError(e)) return e;
    throw e;
  }
  throw new Error("resolved, expected a ChannelError");
}
