import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { ApiKey } from "../kafka/messages/api_keys.ts";
import { encodeResponse } from "../kafka/api.ts";
import { FrameDecoder } from "../kafka/frame.ts";
import { isWireError } from "../wire/error.ts";
import { encodePayload } from "../iggy/codec.ts";
import { loginRegisterResponse } from "../iggy/commands/users.ts";
import { CommandCode } from "../iggy/command_codes.ts";
import { EvictionReason } from "../iggy/consensus/enums.ts";
import { IggyServerConnection, type IncomingRequest } from "../iggy/session/server.ts";
import { type ByteDuplex, duplexPair } from "./duplex.ts";
import type { ChannelError } from "./errors.ts";
import { KafkaClientChannel } from "./kafka_client.ts";
import { IggyClientChannel } from "./iggy_client.ts";
import { concat } from "../testdata/wire_assert_test.ts";
import { brokerAnswer, countingWritable, rejection, serveKafka } from "./testdata/peers_test.ts";

/** Reads whole Kafka frames from `duplex` as the peer, without answering. */
function silentPeer(duplex: ByteDuplex): { frames: Uint8Array[]; next(): Promise<Uint8Array> } {
  const frames: Uint8Array[] = [];
  let wake: (() => void) | undefined;
  void (async () => {
    const d = new FrameDecoder();
    try {
      for await (const chunk of duplex.readable) {
        for (const f of d.push(chunk)) frames.push(f.slice());
        wake?.();
      }
    } catch { /* the client went away */ }
  })();
  let taken = 0;
  return {
    frames,
    async next() {
      while (frames.length <= taken) await new Promise<void>((r) => (wake = r));
      return frames[taken++];
    },
  };
}

const metadata = (name: string) => ({ topics: [{ name }] });
/** A Metadata v12 answer frame with `correlationId`. */
const brokerFrame = (correlationId: number, body: object) =>
  encodeResponse(ApiKey.Metadata, 12, { correlationId }, body as never, { sizePrefix: true });

describe("KafkaClientChannel", () => {
  it("pipelined requests resolve with their own responses, in any number up to maxInFlight", async () => {
    const [client, broker] = duplexPair();
    const served = serveKafka(broker);
    const kafka = new KafkaClientChannel(client, { maxInFlight: 64 });
    const names = Array.from({ length: 64 }, (_, i) => `topic-${i}`);
    const all = await Promise.all(
      names.map((n) => kafka.request(ApiKey.Metadata, metadata(n), { version: 12 })),
    );
    assert.deepEqual(all.map((r) => r.body.topics[0].name), names);
    assert.deepEqual(all.map((r) => r.correlationId), names.map((_, i) => i));
    assert.equal(kafka.inFlight, 0);
    assert.equal(await kafka.close(), undefined);
    assert.equal(await served, 64);
  });

  it("negotiate() applies the broker's ApiVersions answer", async () => {
    const [client, broker] = duplexPair();
    void serveKafka(broker);
    const kafka = new KafkaClientChannel(client);
    const versions = await kafka.negotiate();
    assert.equal(versions.get(ApiKey.Metadata), 12);
    assert.equal(kafka.connection.version(ApiKey.Produce), 9);
    const res = await kafka.request(ApiKey.Metadata, metadata("a"));
    assert.equal(res.version, 12);
    await kafka.close();
  });

  it("negotiate() retries at the version a broker names in an UNSUPPORTED_VERSION answer", async () => {
    const [client, broker] = duplexPair();
    const peer = silentPeer(broker);
    const w = broker.writable.getWriter();
    const kafka = new KafkaClientChannel(client);
    const done = kafka.negotiate();
    const first = await peer.next();
    // An old broker: ApiVersions v0-2 only, answered at v0 with error 35.
    await w.write(encodeResponse(ApiKey.ApiVersions, 0, { correlationId: 0 }, {
      errorCode: 35,
      apiKeys: [{ apiKey: ApiKey.ApiVersions, minVersion: 0, maxVersion: 2 }],
    }, { sizePrefix: true }));
    const second = await peer.next();
    assert.ok(new DataView(first.buffer).getInt16(2) > 2);
    assert.equal(new DataView(second.buffer).getInt16(2), 2);
    await w.write(brokerAnswer(second)!);
    const versions = await done;
    assert.equal(versions.get(ApiKey.Metadata), 12);
    kafka.abort();
  });

  it("a request over maxInFlight is IN_FLIGHT_LIMIT at once and is not sent", async () => {
    const [client, broker] = duplexPair();
    const peer = silentPeer(broker);
    const kafka = new KafkaClientChannel(client, { maxInFlight: 2 });
    const a = kafka.request(ApiKey.Metadata, metadata("a"), { version: 12 });
    const b = kafka.request(ApiKey.Metadata, metadata("b"), { version: 12 });
    const c = await rejection(kafka.request(ApiKey.Metadata, metadata("c"), { version: 12 }));
    assert.equal(c.code, "IN_FLIGHT_LIMIT");
    await peer.next();
    await peer.next();
    assert.equal(peer.frames.length, 2);
    assert.equal(kafka.connection.pending, 2);
    kafka.abort();
    assert.equal((await rejection(a)).code, "CLOSED");
    assert.equal((await rejection(b)).code, "CLOSED");
  });

  it("an abort rejects at once with ABORTED; the late answer is dropped and the slot freed then", async () => {
    const [client, broker] = duplexPair();
    const peer = silentPeer(broker);
    const w = broker.writable.getWriter();
    const kafka = new KafkaClientChannel(client);
    const ac = new AbortController();
    const reason = new Error("user gave up");
    const first = kafka.request(ApiKey.Metadata, metadata("first"), { version: 12, signal: ac.signal });
    const sent = await peer.next();
    ac.abort(reason);
    const e = await rejection(first);
    assert.equal(e.code, "ABORTED");
    assert.equal(e.cause, reason);
    assert.equal(kafka.inFlight, 1, "the broker still owes the answer");
    const second = kafka.request(ApiKey.Metadata, metadata("second"), { version: 12 });
    await w.write(brokerAnswer(sent)!);
    await w.write(brokerAnswer(await peer.next())!);
    assert.equal((await second).body.topics[0].name, "second");
    assert.equal(kafka.inFlight, 0);
    kafka.abort();
  });

  it("an already aborted signal rejects with ABORTED and sends nothing", async () => {
    const [client, broker] = duplexPair();
    const peer = silentPeer(broker);
    const kafka = new KafkaClientChannel(client);
    const e = await rejection(
      kafka.request(ApiKey.Metadata, metadata("x"), { version: 12, signal: AbortSignal.abort() }),
    );
    assert.equal(e.code, "ABORTED");
    assert.equal(kafka.connection.pending, 0);
    await kafka.close();
    assert.equal(peer.frames.length, 0);
  });

  it("a timeout rejects with TIMEOUT and closes the channel; the other requests get CLOSED", async () => {
    const [client, broker] = duplexPair();
    silentPeer(broker);
    const kafka = new KafkaClientChannel(client);
    const slow = kafka.request(ApiKey.Metadata, metadata("a"), { version: 12, timeoutMs: 10 });
    const other = kafka.request(ApiKey.Metadata, metadata("b"), { version: 12, timeoutMs: 60_000 });
    assert.equal((await rejection(slow)).code, "TIMEOUT");
    const closed = await rejection(other);
    assert.equal(closed.code, "CLOSED");
    assert.equal((closed.cause as ChannelError).code, "TIMEOUT");
    assert.equal((await kafka.closed)?.code, "CLOSED");
    assert.equal(
      (await rejection(kafka.request(ApiKey.Metadata, metadata("c"), { version: 12 }))).code,
      "CLOSED",
    );
  });

  it("close() waits for the answers still owed, then ends both directions", async () => {
    const [client, broker] = duplexPair();
    const peer = silentPeer(broker);
    const w = broker.writable.getWriter();
    const kafka = new KafkaClientChannel(client);
    const req = kafka.request(ApiKey.Metadata, metadata("late"), { version: 12 });
    const closing = kafka.close();
    assert.equal(
      (await rejection(kafka.request(ApiKey.Metadata, metadata("x"), { version: 12 }))).code,
      "CLOSED",
    );
    await w.write(brokerAnswer(await peer.next())!);
    assert.equal((await req).body.topics[0].name, "late");
    assert.equal(await closing, undefined);
  });

  it("closeWrite() half-closes: the broker sees the end, its answers still arrive", async () => {
    const [client, broker] = duplexPair();
    const served = serveKafka(broker); // answers what it read, closes when the client's side ends
    const kafka = new KafkaClientChannel(client);
    const reqs = [
      kafka.request(ApiKey.Metadata, metadata("a"), { version: 12 }),
      kafka.request(ApiKey.Metadata, metadata("b"), { version: 12 }),
    ];
    await kafka.closeWrite();
    assert.equal(
      (await rejection(kafka.request(ApiKey.Metadata, metadata("c"), { version: 12 }))).code,
      "CLOSED",
    );
    assert.deepEqual((await Promise.all(reqs)).map((r) => r.body.topics[0].name), ["a", "b"]);
    assert.equal(await served, 2);
    assert.equal(await kafka.closed, undefined);
  });

  it("a body the encoder refuses rejects with its WireError and sends nothing", async () => {
    const [client, broker] = duplexPair();
    const peer = silentPeer(broker);
    const kafka = new KafkaClientChannel(client);
    try {
      await kafka.request(ApiKey.Metadata, metadata("x".repeat(40_000)), { version: 12 });
      assert.fail("resolved");
    } catch (e) {
      assert.ok(isWireError(e));
      assert.equal(e.code, "STRING_TOO_LONG");
    }
    assert.equal(kafka.inFlight, 0);
    await kafka.close();
    assert.equal(peer.frames.length, 0);
  });

  it("Produce with acks 0: sendOnly() resolves once written; request() refuses it unsent", async () => {
    const [client, broker] = duplexPair();
    const peer = silentPeer(broker);
    const kafka = new KafkaClientChannel(client);
    const body = { acks: 0, timeoutMs: 1000, topicData: [] };
    await assert.rejects(kafka.request(ApiKey.Produce, body, { version: 9 }), (e) => isWireError(e));
    await kafka.sendOnly(ApiKey.Produce, body, { version: 9 });
    assert.equal(kafka.inFlight, 0);
    await peer.next();
    await kafka.close();
    assert.equal(peer.frames.length, 1);
  });

  it("sendOnly() resolves when the write that carries its own frame settles, not an earlier one", async () => {
    // A writable whose writes settle one at a time, when the test says so.
    const releases: (() => void)[] = [];
    const chunks: Uint8Array[] = [];
    const writable = new WritableStream<Uint8Array>({
      write: (chunk) => new Promise<void>((resolve) => releases.push(() => (chunks.push(chunk), resolve()))),
    });
    const [client] = duplexPair();
    // A mark of 1 byte: every frame is its own write, and the next waits for the one before.
    const kafka = new KafkaClientChannel({ readable: client.readable, writable }, { writeHighWaterMark: 1 });
    const body = { acks: 0, timeoutMs: 1000, topicData: [] };
    const done: string[] = [];
    const tracked = kafka.request(ApiKey.Metadata, metadata("a"), { version: 12 });
    const b = kafka.sendOnly(ApiKey.Produce, body, { version: 9 }).then(() => done.push("b"));
    const c = kafka.sendOnly(ApiKey.Produce, body, { version: 9 }).then(() => done.push("c"));
    const turn = () => new Promise((r) => setTimeout(r, 0));
    for (const expected of [[], ["b"], ["b", "c"]]) {
      while (releases.length === 0) await turn();
      releases.shift()!();
      await turn();
      assert.deepEqual(done, expected);
    }
    await Promise.all([b, c]);
    assert.equal(chunks.length, 3);
    kafka.abort();
    await rejection(tracked);
  });

  it("an answer with a correlation id nobody sent fails every waiting request with PROTOCOL", async () => {
    const [client, broker] = duplexPair();
    silentPeer(broker);
    const w = broker.writable.getWriter();
    const kafka = new KafkaClientChannel(client);
    const a = kafka.request(ApiKey.Metadata, metadata("a"), { version: 12 });
    const b = kafka.request(ApiKey.Metadata, metadata("b"), { version: 12 });
    await w.write(encodeResponse(ApiKey.Metadata, 12, { correlationId: 99 }, { brokers: [], topics: [] }, {
      sizePrefix: true,
    }));
    for (const p of [a, b]) {
      const e = await rejection(p);
      assert.equal(e.code, "PROTOCOL");
      assert.ok(isWireError(e.cause) && e.cause.code === "CORRUPT_DATA");
    }
    assert.equal((await kafka.closed)?.code, "PROTOCOL");
  });

  it("answers before a bad frame in the same chunk still resolve; only the later requests fail", async () => {
    const bad = {
      // A correlation id nobody sent, and an answer to the right request that does not decode.
      "unknown correlation id": (_id: number) => brokerFrame(99, { brokers: [], topics: [] }),
      "undecodable body": (id: number) => {
        const f = new Uint8Array(9); // size 5: the correlation id, then a tag count cut short
        new DataView(f.buffer).setInt32(0, 5);
        new DataView(f.buffer).setInt32(4, id);
        f[8] = 0xff;
        return f;
      },
      // A size prefix over the channel's frame limit: the frame assembler itself fails.
      "size over the limit": (_id: number) => new Uint8Array([0x7f, 0xff, 0xff, 0xff]),
    };
    for (const [what, badFrame] of Object.entries(bad)) {
      const [client, broker] = duplexPair();
      const peer = silentPeer(broker);
      const w = broker.writable.getWriter();
      const kafka = new KafkaClientChannel(client);
      const calls = ["a", "b", "c", "d"].map((t) =>
        kafka.request(ApiKey.Metadata, metadata(t), { version: 12 })
      );
      const ids: number[] = [];
      for (let i = 0; i < 4; i++) ids.push(new DataView((await peer.next()).buffer).getInt32(4));
      const answer = (id: number) =>
        brokerFrame(id, { brokers: [], topics: [{ name: `t${id}`, partitions: [] }] });
      // One chunk: two good answers, the bad frame (in place of the third), the fourth's answer.
      await w.write(concat(answer(ids[0]), answer(ids[1]), badFrame(ids[2]), answer(ids[3])));
      const [a, b, c, d] = await Promise.allSettled(calls);
      assert.equal(a.status, "fulfilled", what);
      assert.equal(b.status, "fulfilled", what);
      if (b.status === "fulfilled") assert.equal(b.value.body.topics[0].name, `t${ids[1]}`);
      for (const later of [c, d]) {
        assert.equal(later.status, "rejected", what);
        if (later.status === "rejected") assert.equal((later.reason as ChannelError).code, "PROTOCOL", what);
      }
      assert.equal((await kafka.closed)?.code, "PROTOCOL");
    }
  });

  it("the peer closing in the middle of a frame is CLOSED with the TRUNCATED cause", async () => {
    const [client, broker] = duplexPair();
    const peer = silentPeer(broker);
    const w = broker.writable.getWriter();
    const kafka = new KafkaClientChannel(client);
    const req = kafka.request(ApiKey.Metadata, metadata("a"), { version: 12 });
    const answer = brokerAnswer(await peer.next())!;
    await w.write(answer.subarray(0, 7));
    await w.close();
    const e = await rejection(req);
    assert.equal(e.code, "CLOSED");
    assert.ok(isWireError(e.cause) && e.cause.code === "TRUNCATED");
  });

  it("a failing readable is TRANSPORT with the transport's error", async () => {
    const [client, broker] = duplexPair();
    silentPeer(broker);
    const kafka = new KafkaClientChannel(client);
    const req = kafka.request(ApiKey.Metadata, metadata("a"), { version: 12 });
    const boom = new Error("connection reset");
    await broker.writable.abort(boom);
    const e = await rejection(req);
    assert.equal(e.code, "TRANSPORT");
    assert.equal(e.cause, boom);
  });

  it("writes wait for the transport: bytes handed over and not yet taken stay under the mark", async () => {
    const [client, broker] = duplexPair({ highWaterMark: 1024 });
    const counted = countingWritable(client.writable);
    const kafka = new KafkaClientChannel({ readable: client.readable, writable: counted.writable }, {
      writeHighWaterMark: 2000,
    });
    const big = Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(500, "x"));
    const reqs = big.map((n) => kafka.request(ApiKey.Metadata, metadata(n), { version: 12 }));
    // Nobody reads yet: the duplex takes 1 KiB, the channel hands over less than one frame past its mark.
    const frame = 4 + 10 + 500 + 10;
    const served = serveKafka(broker);
    assert.equal((await Promise.all(reqs)).length, 20);
    assert.ok(counted.most() >= 2000, `the transport never pushed back (${counted.most()} bytes)`);
    assert.ok(counted.most() < 2000 + frame, `${counted.most()} bytes outstanding`);
    await kafka.close();
    assert.equal(await served, 20);
  });
});

/**
 * An Iggy server over `duplex` that answers each request with `answer`; `{ last }` is written,
 * then the server closes its side.
 */
function iggyServer(
  duplex: ByteDuplex,
  answer: (
    conn: IggyServerConnection,
    req: IncomingRequest,
  ) => Uint8Array | Uint8Array[] | { last: Uint8Array } | undefined,
): void {
  void (async () => {
    const conn = new IggyServerConnection();
    const w = duplex.writable.getWriter();
    try {
      for await (const chunk of duplex.readable) {
        for (const ev of conn.receive(chunk)) {
          if (ev.kind !== "request") continue;
          const frames = answer(conn, ev.request) ?? [];
          if ("last" in frames) return void await w.write(frames.last).then(() => w.close());
          for (const f of Array.isArray(frames) ? frames : [frames]) await w.write(f);
        }
      }
      await w.close();
    } catch { /* the client went away */ }
  })();
}

const loginBody = (session: bigint) =>
  encodePayload(loginRegisterResponse, {
    userId: 1,
    session,
    serverProtocolVersion: 12288,
    serverVersion: "t",
  });

describe("IggyClientChannel", () => {
  it("logs in, then numbered requests resolve with their decoded replies", async () => {
    const [client, server] = duplexPair();
    iggyServer(server, (conn, req) => {
      if (req.code === 40) return conn.acceptLogin(req, 5n, loginBody(5n));
      if (req.code === CommandCode.GetStream) return conn.reply(req, new Uint8Array());
      return conn.reply(req);
    });
    const iggy = new IggyClientChannel(client);
    const login = await iggy.login({ username: "iggy", password: "iggy" });
    assert.equal(login.session, 5n);
    await Promise.all([iggy.ping(), iggy.ping(), iggy.request(CommandCode.Ping, {})]);
    assert.equal(iggy.session.nextRequest, 4n);
    const missing = await rejection(
      iggy.request(CommandCode.GetStream, { streamId: { kind: "numeric", value: 9 } }),
    );
    assert.equal(missing.code, "NOT_FOUND");
    assert.equal(await iggy.close(), undefined);
  });

  it("an error status rejects that command with REJECTED and its status; the channel goes on", async () => {
    const [client, server] = duplexPair();
    iggyServer(
      server,
      (conn, req) => (req.code === CommandCode.Ping ? conn.refuse(req, 1010) : conn.reply(req)),
    );
    const iggy = new IggyClientChannel(client);
    const e = await rejection(iggy.ping());
    assert.equal(e.code, "REJECTED");
    assert.equal(e.status, 1010);
    assert.equal(iggy.inFlight, 0);
    await iggy.requestBody(CommandCode.GetStats, new Uint8Array());
    await iggy.close();
  });

  it("an eviction rejects every waiting command with EVICTED and the reason", async () => {
    const [client, server] = duplexPair();
    iggyServer(server, (conn, req) => {
      if (req.code === 40) return conn.acceptLogin(req, 5n, loginBody(5n));
      return conn.evict(req, EvictionReason.SessionError);
    });
    const iggy = new IggyClientChannel(client);
    await iggy.login({ username: "u", password: "p" });
    const e = await rejection(iggy.ping());
    assert.equal(e.code, "EVICTED");
    assert.equal(e.status, EvictionReason.SessionError);
    assert.equal(iggy.session.session, 0n);
    iggy.abort();
  });

  it("replies before a bad frame in the same chunk still resolve their commands", async () => {
    const [client, server] = duplexPair();
    let first: Uint8Array | undefined;
    iggyServer(server, (conn, req) => {
      if (req.code === 40) return conn.acceptLogin(req, 5n, loginBody(5n));
      if (first === undefined) {
        first = conn.reply(req);
        return undefined;
      }
      // One chunk: the first ping's reply, the same reply again (no longer pending), the second's.
      return concat(first, first, conn.reply(req));
    });
    const iggy = new IggyClientChannel(client);
    await iggy.login({ username: "u", password: "p" });
    const [one, two] = await Promise.allSettled([iggy.ping(), iggy.ping()]);
    assert.equal(one.status, "fulfilled");
    assert.equal(two.status, "rejected");
    if (two.status === "rejected") assert.equal((two.reason as ChannelError).code, "PROTOCOL");
    assert.equal((await iggy.closed)?.code, "PROTOCOL");
  });

  it("a server that closes in the middle of a reply is CLOSED with the assembler's TRUNCATED", async () => {
    const [client, server] = duplexPair();
    iggyServer(server, (conn, req) => {
      if (req.code === 40) return conn.acceptLogin(req, 5n, loginBody(5n));
      return { last: conn.reply(req).subarray(0, 100) };
    });
    const iggy = new IggyClientChannel(client);
    await iggy.login({ username: "u", password: "p" });
    const e = await rejection(iggy.ping());
    assert.equal(e.code, "CLOSED");
    assert.ok(isWireError(e.cause) && e.cause.code === "TRUNCATED", String(e.cause));
    assert.equal((await iggy.closed)?.code, "CLOSED");
  });

  it("a reply to a request that is not pending is PROTOCOL and fails the rest", async () => {
    const [client, server] = duplexPair();
    iggyServer(server, (conn, req) => {
      if (req.code === 40) return conn.acceptLogin(req, 5n, loginBody(5n));
      if (req.header.request !== 1n) return undefined;
      const reply = conn.reply(req);
      return [reply, reply]; // request 1 answered twice
    });
    const iggy = new IggyClientChannel(client);
    await iggy.login({ username: "u", password: "p" });
    const [first, second] = await Promise.allSettled([iggy.ping(), iggy.ping()]);
    assert.equal(first.status, "fulfilled");
    const e = await rejection(
      second.status === "rejected" ? Promise.reject(second.reason) : Promise.resolve(),
    );
    assert.equal(e.code, "PROTOCOL");
    assert.ok(isWireError(e.cause));
    assert.equal((await iggy.closed)?.code, "PROTOCOL");
  });
});
