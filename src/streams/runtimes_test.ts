/**
 * The runtime shims on real sockets: a clean exchange, a half-close that still gets its answers,
 * and (where the runtime has a WebSocket server) the WebSocket shim against a broker speaking
 * Kafka over binary messages.
 */

import { it } from "node:test";
import assert from "node:assert/strict";
import * as net from "node:net";
import { Duplex } from "node:stream";
import { ApiKey } from "../kafka/messages/api_keys.ts";
import { FrameDecoder } from "../kafka/frame.ts";
import type { ByteDuplex } from "./duplex.ts";
import { isChannelError } from "./errors.ts";
import { KafkaClientChannel } from "./kafka_client.ts";
import { type BunConnect, bunDuplex, type DenoConnLike, denoDuplex, webSocketDuplex } from "./runtimes.ts";
import { brokerAnswer, kafkaEndpoint, nodeConnect } from "./testdata/peers_test.ts";

// deno-lint-ignore no-explicit-any
const g = globalThis as any;

const TRANSPORTS: { name: string; connect(port: number): Promise<ByteDuplex> }[] = [];
if (g.Deno) {
  TRANSPORTS.push({
    name: "denoDuplex(Deno.connect)",
    connect: async (port) =>
      denoDuplex(await (g.Deno.connect({ hostname: "127.0.0.1", port }) as Promise<DenoConnLike>)),
  });
} else {
  TRANSPORTS.push({
    name: "Duplex.toWeb(node:net)",
    connect: (port) =>
      Promise.resolve(Duplex.toWeb(net.connect({ host: "127.0.0.1", port })) as unknown as ByteDuplex),
  });
}
TRANSPORTS.push({ name: "nodeDuplex(node:net)", connect: nodeConnect });
if (g.Bun) {
  TRANSPORTS.push({
    name: "bunDuplex(Bun.connect)",
    connect: (port) => bunDuplex(g.Bun.connect as BunConnect, { hostname: "127.0.0.1", port }),
  });
}

const test = (name: string, fn: () => Promise<void>) =>
  g.Deno ? g.Deno.test({ name, fn, sanitizeOps: true, sanitizeResources: true }) : it(name, fn);

const md = (name: string) => ({ topics: [{ name }] });

for (const t of TRANSPORTS) {
  test(`${t.name}: requests, then a half-close that still reads the answers, then the end`, async () => {
    const broker = await kafkaEndpoint();
    try {
      const kafka = new KafkaClientChannel(await t.connect(broker.port), { timeoutMs: 10_000 });
      await kafka.negotiate();
      const reqs = ["a", "b", "c"].map((n) => kafka.request(ApiKey.Metadata, md(n)));
      await kafka.closeWrite();
      assert.deepEqual((await Promise.all(reqs)).map((r) => r.body.topics[0].name), ["a", "b", "c"]);
      assert.equal(await kafka.closed, undefined);
      await broker.allClosed(5000);
    } finally {
      await broker.close();
    }
  });

  test(`${t.name}: close() after the answers ends cleanly`, async () => {
    const broker = await kafkaEndpoint();
    try {
      const kafka = new KafkaClientChannel(await t.connect(broker.port), { timeoutMs: 10_000 });
      const r = await kafka.request(ApiKey.Metadata, md("x"), { version: 12 });
      assert.equal(r.body.topics[0].name, "x");
      assert.equal(await kafka.close(), undefined);
      await broker.allClosed(5000);
    } finally {
      await broker.close();
    }
  });
}

/** A WebSocket server on 127.0.0.1 that speaks the test broker's Kafka in binary messages. */
interface WsBroker {
  url: string;
  /** Closes every connection with `code` (1000 = clean). */
  drop(code: number): void;
  /** Stops answering. */
  mute(): void;
  stop(): Promise<void>;
}

function wsBroker(): WsBroker | undefined {
  let muted = false;
  const mute = () => void (muted = true);
  const answer = (frames: FrameDecoder, data: ArrayBuffer | Uint8Array, send: (b: Uint8Array) => void) => {
    for (const p of frames.push(new Uint8Array(data))) {
      const a = brokerAnswer(p);
      if (a !== undefined && !muted) send(a);
    }
  };
  if (g.Deno) {
    const sockets = new Set<WebSocket>();
    const server = g.Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req: Request) => {
      const { socket, response } = g.Deno.upgradeWebSocket(req);
      const frames = new FrameDecoder();
      socket.binaryType = "arraybuffer";
      socket.onopen = () => sockets.add(socket);
      socket.onclose = () => sockets.delete(socket);
      socket.onmessage = (e: MessageEvent) => answer(frames, e.data, (b) => socket.send(b));
      return response;
    });
    return {
      url: `ws://127.0.0.1:${server.addr.port}/`,
      drop: (code) => sockets.forEach((s) => s.close(code, "test")),
      mute,
      stop: async () => {
        await server.shutdown();
      },
    };
  }
  if (g.Bun) {
    // deno-lint-ignore no-explicit-any
    const sockets = new Set<any>();
    const server = g.Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: (req: Request, srv: { upgrade(r: Request, o: unknown): boolean }) =>
        srv.upgrade(req, { data: { frames: new FrameDecoder() } })
          ? undefined
          : new Response("no", { status: 400 }),
      websocket: {
        // deno-lint-ignore no-explicit-any
        open: (ws: any) => sockets.add(ws),
        // deno-lint-ignore no-explicit-any
        close: (ws: any) => sockets.delete(ws),
        // deno-lint-ignore no-explicit-any
        message: (ws: any, msg: Uint8Array) => answer(ws.data.frames, msg, (b) => ws.sendBinary(b)),
      },
    });
    return {
      url: `ws://127.0.0.1:${server.port}/`,
      drop: (code) => sockets.forEach((s) => s.close(code, "test")),
      mute,
      stop: async () => {
        await server.stop(true);
      },
    };
  }
  return undefined; // Node 20 has no WebSocket server (nor, without a flag, a client)
}

if (g.Deno || g.Bun) {
  test("webSocketDuplex: a Kafka channel over binary messages; a clean close; an unclean one is TRANSPORT", async () => {
    const ws = wsBroker()!;
    try {
      const kafka = new KafkaClientChannel(await webSocketDuplex(new WebSocket(ws.url)), {
        timeoutMs: 10_000,
      });
      await kafka.negotiate();
      const names = Array.from({ length: 20 }, (_, i) => `t${i}`);
      const all = await Promise.all(names.map((n) => kafka.request(ApiKey.Metadata, md(n))));
      assert.deepEqual(all.map((r) => r.body.topics[0].name), names);
      assert.equal(await kafka.close(), undefined);

      const second = new KafkaClientChannel(await webSocketDuplex(new WebSocket(ws.url)), {
        timeoutMs: 10_000,
      });
      await second.request(ApiKey.Metadata, md("x"), { version: 12 });
      ws.mute();
      const pending = second.request(ApiKey.Metadata, md("y"), { version: 12, timeoutMs: 60_000 });
      const failed = pending.then(() => undefined, (e) => e);
      ws.drop(1011);
      const e = await failed;
      assert.ok(isChannelError(e) && e.code === "TRANSPORT", String(e));
      assert.equal((await second.closed)?.code, "TRANSPORT");
    } finally {
      await ws.stop();
    }
  });
}
