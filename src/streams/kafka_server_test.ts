import { it } from "node:test";
import assert from "node:assert/strict";
import * as net from "node:net";
import { Duplex } from "node:stream";
import { ApiKey } from "../kafka/messages/api_keys.ts";
import { encodeFrame, FrameDecoder } from "../kafka/frame.ts";
import { ClientConnection } from "../kafka/client.ts";
import { isWireError } from "../wire/error.ts";
import { type ByteDuplex, duplexPair } from "./duplex.ts";
import { isChannelError } from "./errors.ts";
import { KafkaClientChannel } from "./kafka_client.ts";
import { KafkaServerChannel } from "./kafka_server.ts";
import { denoDuplex } from "./runtimes.ts";

// deno-lint-ignore no-explicit-any
const g = globalThis as any;
const test = (name: string, fn: () => Promise<void>) =>
  g.Deno ? g.Deno.test({ name, fn, sanitizeOps: true, sanitizeResources: true }) : it(name, fn);

const metadata = (name: string) => ({ brokers: [], topics: [{ name, errorCode: 0, partitions: [] }] });

/** A broker whose answers finish in an order of its choosing: the one for topic `n` after `delays[n]` turns. */
function scrambled(server: ByteDuplex, delays: number[]) {
  const broker = new KafkaServerChannel(server);
  let concurrent = 0, most = 0;
  const served = broker.serve(async (req) => {
    if (req.apiKey === ApiKey.ApiVersions) return broker.connection.apiVersionsResponse();
    if (req.apiKey !== ApiKey.Metadata) throw new Error(`not mocked: ${req.apiKey}`);
    concurrent++;
    most = Math.max(most, concurrent);
    const name = req.body.topics![0].name!;
    for (let i = 0; i < delays[Number(name)]; i++) await Promise.resolve();
    concurrent--;
    return metadata(name);
  });
  return { broker, served, most: () => most };
}

test("KafkaServerChannel: answers finished out of order reach the client in request order", async () => {
  const [client, server] = duplexPair();
  const delays = [9, 1, 5, 0, 7, 3, 8, 2, 6, 4];
  const { served } = scrambled(server, delays);
  const kafka = new KafkaClientChannel(client);
  await kafka.negotiate();
  const all = await Promise.all(
    delays.map((_, i) => kafka.request(ApiKey.Metadata, { topics: [{ name: `${i}` }] })),
  );
  assert.deepEqual(all.map((r) => r.body.topics[0].name), delays.map((_, i) => `${i}`));
  await kafka.close();
  assert.equal(await served, undefined);
});

test("KafkaServerChannel: at maxInFlight unanswered requests it reads nothing more, then goes on", async () => {
  const [client, server] = duplexPair();
  const broker = new KafkaServerChannel(server, { maxInFlight: 2 });
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let concurrent = 0, most = 0, seen = 0;
  const served = broker.serve(async (req) => {
    concurrent++;
    seen++;
    most = Math.max(most, concurrent);
    await gate;
    concurrent--;
    if (req.apiKey !== ApiKey.Metadata) throw new Error(`not mocked: ${req.apiKey}`);
    return metadata(req.body.topics![0].name!);
  });
  // Ten requests in ten separate writes, so the broker can stop between them.
  const conn = new ClientConnection();
  const w = client.writable.getWriter();
  for (let i = 0; i < 10; i++) {
    void w.write(conn.request(ApiKey.Metadata, { topics: [{ name: `${i}` }] }, { version: 12 }).frame);
  }
  // Give the broker every chance to read more than it should.
  for (let i = 0; i < 100; i++) await Promise.resolve();
  assert.equal(seen, 2, "the handler saw more than maxInFlight requests");
  assert.equal(broker.connection.held, 0, "the broker kept reading past its bound");
  open();
  const answers = await readResponses(client.readable, conn, 10);
  assert.deepEqual(answers, Array.from({ length: 10 }, (_, i) => `${i}`));
  assert.ok(most <= 2, `${most} requests in the handler at once`);
  await w.close();
  assert.equal(await served, undefined);
});

/** Reads `n` Metadata responses through `conn`; returns their first topic names. */
async function readResponses(readable: ReadableStream<Uint8Array>, conn: ClientConnection, n: number) {
  const names: string[] = [];
  const reader = readable.getReader();
  while (names.length < n) {
    for (const r of conn.receive((await reader.read()).value!)) {
      if (r.apiKey === ApiKey.Metadata) names.push(r.body.topics[0].name!);
    }
  }
  reader.releaseLock();
  return names;
}

test("KafkaServerChannel: bytes that are no request end the connection with PROTOCOL", async () => {
  const [client, server] = duplexPair();
  const served = new KafkaServerChannel(server).serve(() => ({}));
  const w = client.writable.getWriter();
  await w.write(encodeFrame(new Uint8Array([0x7f, 0x7f, 0, 0, 0, 0, 0, 1]))); // API key 32639
  const e = await served;
  assert.equal(e?.code, "PROTOCOL");
  assert.ok(isWireError(e?.cause));
  // The client's side sees the connection end.
  await assert.rejects(
    client.readable.getReader().read().then((r) => {
      if (r.done) throw new Error("closed");
      return r;
    }),
  );
});

test("KafkaServerChannel: a client gone in the middle of a frame is CLOSED with TRUNCATED", async () => {
  const [client, server] = duplexPair();
  const served = new KafkaServerChannel(server).serve(() => ({}));
  const w = client.writable.getWriter();
  await w.write(new Uint8Array([0, 0, 0, 40, 0, 3]));
  await w.close();
  const e = await served;
  assert.equal(e?.code, "CLOSED");
  assert.ok(isWireError(e?.cause) && e.cause.code === "TRUNCATED");
});

test("KafkaServerChannel: a handler that throws rejects serve() and closes the connection", async () => {
  const [client, server] = duplexPair();
  const boom = new Error("handler bug");
  const served = new KafkaServerChannel(server).serve(() => {
    throw boom;
  });
  const kafka = new KafkaClientChannel(client);
  const req = kafka.request(ApiKey.Metadata, { topics: [] }, { version: 12 });
  await assert.rejects(served, (e) => e === boom);
  const e = await req.then(() => undefined, (e) => e);
  assert.ok(isChannelError(e) && (e.code === "TRANSPORT" || e.code === "CLOSED"), String(e));
});

/** Serves one loopback TCP connection with `serve`; returns the port and what serve() ended with. */
async function tcpBroker(serve: (d: ByteDuplex) => Promise<unknown>) {
  if (g.Deno) {
    const listener = g.Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const done = listener.accept().then((conn: never) => serve(denoDuplex(conn))).finally(() =>
      listener.close()
    );
    return { port: listener.addr.port as number, done };
  }
  let done!: Promise<unknown>;
  const accepted = new Promise<void>((resolve) => {
    const server = net.createServer((s) => {
      server.close();
      done = serve(Duplex.toWeb(s) as unknown as ByteDuplex);
      resolve();
    });
    server.listen(0, "127.0.0.1", () => portReady((server.address() as net.AddressInfo).port));
  });
  let portReady!: (p: number) => void;
  const port = await new Promise<number>((resolve) => (portReady = resolve));
  return { port, done: accepted.then(() => done) };
}

async function tcpClient(port: number): Promise<ByteDuplex> {
  if (g.Deno) return denoDuplex(await g.Deno.connect({ hostname: "127.0.0.1", port }));
  return Duplex.toWeb(net.connect({ host: "127.0.0.1", port })) as unknown as ByteDuplex;
}

test("KafkaServerChannel over a loopback socket: a client's whole session, then a clean end", async () => {
  const delays = [3, 0, 2, 1];
  const { port, done } = await tcpBroker((d) => scrambled(d, delays).served);
  const kafka = new KafkaClientChannel(await tcpClient(port), { timeoutMs: 10_000 });
  await kafka.negotiate();
  const all = await Promise.all(
    delays.map((_, i) => kafka.request(ApiKey.Metadata, { topics: [{ name: `${i}` }] })),
  );
  assert.deepEqual(all.map((r) => r.body.topics[0].name), ["0", "1", "2", "3"]);
  assert.equal(await kafka.close(), undefined);
  assert.equal(await done, undefined);
});

const utf8 = (t: string) => new TextEncoder().encode(t);

/** `p`, or a failure that says `why` after `ms` (a broken idle timer must fail, not hang). */
async function within<T>(p: Promise<T>, ms: number, why: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(why)), ms)));
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A broker that requires SASL and takes `rounds` SaslAuthenticate tokens, the last must be "secret". */
function saslBroker(server: ByteDuplex, rounds: number) {
  const broker = new KafkaServerChannel(server, { requireSasl: true });
  const tokens: string[] = [];
  const served = broker.serve((req) => {
    if (req.apiKey === ApiKey.ApiVersions) return broker.connection.apiVersionsResponse();
    if (req.apiKey === ApiKey.SaslHandshake) return { errorCode: 0, mechanisms: ["PLAIN"] };
    if (req.apiKey === ApiKey.SaslAuthenticate) {
      tokens.push(new TextDecoder().decode(req.body.authBytes));
      const last = tokens.length === rounds;
      if (last && tokens[rounds - 1] !== "secret") return { errorCode: 58, authBytes: new Uint8Array(0) };
      return {
        body: { errorCode: 0, authBytes: utf8(`round ${tokens.length}`) },
        options: { saslComplete: last },
      };
    }
    if (req.apiKey === ApiKey.Metadata) return metadata("authenticated");
    throw new Error(`not mocked: ${req.apiKey}`);
  });
  return { broker, served, tokens };
}

test("KafkaServerChannel: SASL tokens in SaslAuthenticate after SaslHandshake v1, two rounds, then requests", async () => {
  const [client, server] = duplexPair();
  const { broker, served, tokens } = saslBroker(server, 2);
  const kafka = new KafkaClientChannel(client);
  await kafka.negotiate();
  const hs = await kafka.request(ApiKey.SaslHandshake, { mechanism: "PLAIN" }, { version: 1 });
  assert.deepEqual(hs.body.mechanisms, ["PLAIN"]);
  assert.equal(broker.connection.saslState, "authenticate");
  const first = await kafka.request(ApiKey.SaslAuthenticate, { authBytes: utf8("hello") });
  assert.equal(new TextDecoder().decode(first.body.authBytes), "round 1");
  assert.equal(broker.connection.authenticated, false); // the first round was not the last
  await kafka.request(ApiKey.SaslAuthenticate, { authBytes: utf8("secret") });
  assert.equal(broker.connection.authenticated, true);
  assert.deepEqual(tokens, ["hello", "secret"]);
  assert.equal((await kafka.request(ApiKey.Metadata, { topics: [] })).body.topics[0].name, "authenticated");
  await kafka.close();
  assert.equal(await served, undefined);
});

test("KafkaServerChannel: after SaslHandshake v0 the next frame is a raw token for saslToken, then requests", async () => {
  const [client, server] = duplexPair();
  const seen: string[] = [];
  const broker = new KafkaServerChannel(server, {
    requireSasl: true,
    saslToken: (token) => {
      seen.push(new TextDecoder().decode(token));
      return new Uint8Array(0); // PLAIN: an empty answer token, then authenticated
    },
  });
  const served = broker.serve((req) => {
    if (req.apiKey === ApiKey.SaslHandshake) return { errorCode: 0, mechanisms: ["PLAIN"] };
    if (req.apiKey === ApiKey.Metadata) return metadata("after-v0");
    throw new Error(`not mocked: ${req.apiKey}`);
  });
  // A client as librdkafka's old path speaks it: Kafka-framed handshake, then one un-headered frame.
  const conn = new ClientConnection({ clientId: "v0" });
  const w = client.writable.getWriter();
  const r = client.readable.getReader();
  const frames = new FrameDecoder();
  const next = async () => {
    for (;;) {
      const got = frames.push((await r.read()).value!);
      if (got.length > 0) return got[0];
    }
  };
  const hs = conn.request(ApiKey.SaslHandshake, { mechanism: "PLAIN" }, { version: 0 });
  await w.write(hs.frame);
  const hsFrame = await next();
  assert.deepEqual(conn.receive(encodeFrame(hsFrame))[0].body, { errorCode: 0, mechanisms: ["PLAIN"] });
  await w.write(encodeFrame(new TextEncoder().encode("\0alice\0secret")));
  assert.equal((await next()).length, 0); // the raw answer token: a frame of size 0
  assert.deepEqual(seen, ["\0alice\0secret"]);
  assert.equal(broker.connection.authenticated, true);
  await w.write(conn.request(ApiKey.Metadata, { topics: [] }, { version: 12 }).frame);
  const md = conn.receive(encodeFrame(await next()))[0];
  assert.equal((md.body as { topics: { name: string }[] }).topics[0].name, "after-v0");
  await w.close();
  r.releaseLock();
  await client.readable.cancel();
  assert.equal(await served, undefined);
});

test("KafkaServerChannel: a failed SaslAuthenticate is answered, then the connection is CLOSED", async () => {
  const [client, server] = duplexPair();
  const { served } = saslBroker(server, 1);
  const kafka = new KafkaClientChannel(client);
  await kafka.negotiate();
  await kafka.request(ApiKey.SaslHandshake, { mechanism: "PLAIN" }, { version: 1 });
  const denied = await kafka.request(ApiKey.SaslAuthenticate, { authBytes: utf8("wrong") });
  assert.equal(denied.body.errorCode, 58);
  assert.equal((await served)?.code, "CLOSED");
  await kafka.closed;
});

test("KafkaServerChannel: a request before SaslHandshake under requireSasl ends the connection", async () => {
  const [client, server] = duplexPair();
  const { served } = saslBroker(server, 1);
  const kafka = new KafkaClientChannel(client);
  const early = kafka.request(ApiKey.Metadata, { topics: [] }, { version: 12 });
  const e = await served;
  assert.equal(e?.code, "PROTOCOL");
  await assert.rejects(early, (x) => isChannelError(x));
});

test("KafkaServerChannel: idleTimeoutMs closes a connection that sends no request, with TIMEOUT", async () => {
  const [client, server] = duplexPair();
  const broker = new KafkaServerChannel(server, { idleTimeoutMs: 30 });
  const served = broker.serve(() => broker.connection.apiVersionsResponse());
  const kafka = new KafkaClientChannel(client);
  await kafka.negotiate(); // one request, then nothing
  const e = await within(served, 5000, "the idle connection was not closed in 5 s");
  assert.equal(e?.code, "TIMEOUT");
  assert.match(e!.message, /no request in 30 ms/);
  assert.equal(await kafka.closed, undefined); // a clean close: nothing was owed
});

test("KafkaServerChannel: idleTimeoutMs does not run while an answer is being worked on", async () => {
  const [client, server] = duplexPair();
  const broker = new KafkaServerChannel(server, { idleTimeoutMs: 20 });
  let release!: () => void;
  const slow = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const seen = new Promise<void>((resolve) => (asked = resolve));
  const served = broker.serve(async (req) => {
    if (req.apiKey === ApiKey.ApiVersions) return broker.connection.apiVersionsResponse();
    asked();
    await slow; // held well past the idle timeout
    return metadata("late");
  });
  const kafka = new KafkaClientChannel(client);
  await kafka.negotiate();
  const answer = kafka.request(ApiKey.Metadata, { topics: [] });
  await seen;
  // Three idle periods while the handler works: the connection must stay open.
  await new Promise((resolve) => setTimeout(resolve, 70));
  release();
  assert.equal((await answer).body.topics[0].name, "late");
  const e = await within(served, 5000, "the idle connection was not closed in 5 s");
  assert.equal(e?.code, "TIMEOUT"); // idle again after the answer
  await kafka.closed;
});

test("KafkaServerChannel: idleTimeoutMs must be a positive number", () => {
  const [, server] = duplexPair();
  assert.throws(() => new KafkaServerChannel(server, { idleTimeoutMs: 0 }), (e) => isWireError(e));
  return Promise.resolve();
});
