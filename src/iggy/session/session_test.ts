import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromHex } from "../../wire/hex.ts";
import { readVectorFile } from "../../testdata/vectors_test.ts";
import { encodePayload } from "../codec.ts";
import { commandCodecs } from "../dispatch.ts";
import { HEADER_SIZE } from "../consensus/header.ts";
import { EvictionHeader, PrepareOkHeader, ReplyHeader, RequestHeader } from "../consensus/headers.ts";
import { EvictionReason } from "../consensus/enums.ts";
import { Operation } from "../consensus/operation.ts";
import { loginRegisterResponse } from "../commands/users.ts";
import { IGGY_PROTOCOL_VERSION, packProtocolVersion } from "../version.ts";
import { IggyServerConnection, IggySessionTable, type IncomingRequest, type ServerEvent } from "./server.ts";
import { type ClientEvent, IggyClientSession } from "./client.ts";
import { ConsensusFrameAssembler } from "./frames.ts";
import { wireErrorCode } from "../../testdata/wire_assert_test.ts";

interface VectorTest {
  tcId: number;
  name: string;
  hex: string;
  result: string;
  error?: { code: string };
  value?: Record<string, unknown>;
}

function tests(file: string): VectorTest[] {
  const f = readVectorFile<{ testGroups: { tests: VectorTest[] }[] }>(`iggy/${file}`);
  return f.testGroups.flatMap((g) => g.tests);
}

function u128(bytes: Uint8Array, at: number): bigint {
  let v = 0n;
  for (let i = 15; i >= 0; i--) v = (v << 8n) | BigInt(bytes[at + i]);
  return v;
}

/** A header vector as a whole frame: padded to its claimed size, or its size set to its length. */
function wholeFrame(hex: string): Uint8Array {
  const bytes = fromHex(hex);
  if (bytes.length < HEADER_SIZE) return bytes;
  const size = new DataView(bytes.buffer).getUint32(48, true);
  if (size >= HEADER_SIZE && size <= 65536) {
    const out = new Uint8Array(size);
    out.set(bytes.subarray(0, size));
    return out;
  }
  new DataView(bytes.buffer).setUint32(48, bytes.length, true);
  return bytes;
}

const VERSION = { protocolVersion: IGGY_PROTOCOL_VERSION, sdkName: "test", sdkVersion: "1" };

function request(events: ServerEvent[]): IncomingRequest {
  assert.equal(events.length, 1);
  const ev = events[0];
  assert.equal(ev.kind, "request", JSON.stringify(ev.kind === "evicted" ? ev.detail : ev.kind));
  return (ev as { request: IncomingRequest }).request;
}

function one(events: ClientEvent[]): ClientEvent {
  assert.equal(events.length, 1);
  return events[0];
}

/** A bound client/server pair (session 42). */
function loggedIn(): { client: IggyClientSession; server: IggyServerConnection } {
  const client = new IggyClientSession({ clientId: 0xc1n, versionInfo: VERSION });
  const server = new IggyServerConnection();
  const req = request(server.receive(client.login({ username: "iggy", password: "iggy" }).frame));
  const body = encodePayload(loginRegisterResponse, {
    userId: 0,
    session: 42n,
    serverProtocolVersion: IGGY_PROTOCOL_VERSION,
    serverVersion: "t",
  });
  const ev = one(client.receive(server.acceptLogin(req, 42n, body, { op: 5n })));
  assert.equal(ev.kind, "reply");
  return { client, server };
}

describe("IggyServerConnection on the crate's RequestHeader vectors", () => {
  for (const t of tests("consensus_request_header.json")) {
    it(`${t.tcId} ${t.name}`, () => {
      const bytes = fromHex(t.hex);
      // The vectors are headers alone; make each one a whole frame (size = what is there).
      if (bytes.length >= HEADER_SIZE) new DataView(bytes.buffer).setUint32(48, bytes.length, true);
      const server = new IggyServerConnection();
      if (t.result !== "valid") {
        if (t.error!.code === "TRUNCATED") {
          // A short header is not an error on a stream: the machine waits for the rest.
          assert.deepEqual(server.receive(bytes), []);
          return;
        }
        assert.equal(wireErrorCode(() => server.receive(bytes)), t.error!.code);
        return;
      }
      const h = new RequestHeader(bytes);
      const events = server.receive(bytes).map(summary);
      if (h.operation === Operation.Register) {
        // The crate's header is valid; its empty body is not a login: evicted as malformed.
        assert.deepEqual(events, [{ kind: "evicted", reason: EvictionReason.MalformedLogin }]);
      } else if (h.session === 0n) {
        // Unbound NonReplicated: admitted before any login, as the command in `reserved`, with
        // the header's request number, and nothing else happens.
        assert.equal(h.operation, Operation.NonReplicated);
        assert.deepEqual(events, [{
          kind: "request",
          code: h.nonReplicatedCode,
          name: commandCodecs(h.nonReplicatedCode).name,
          request: h.request,
        }]);
      } else {
        // A numbered request on a connection that never registered: no session.
        assert.deepEqual(events, [{ kind: "evicted", reason: EvictionReason.NoSession }]);
      }
    });
  }
  it("covers every branch above: a Register, an unbound request and a numbered one", () => {
    const valid = tests("consensus_request_header.json").filter((t) => t.result === "valid")
      .map((t) => new RequestHeader(fromHex(t.hex)));
    assert.ok(valid.some((h) => h.operation === Operation.Register));
    assert.ok(valid.some((h) => h.operation !== Operation.Register && h.session === 0n));
    assert.ok(valid.some((h) => h.operation !== Operation.Register && h.session !== 0n));
  });
});

/** What a server event says, without the frames it carries. */
function summary(ev: ServerEvent): Record<string, unknown> {
  if (ev.kind === "request") {
    return {
      kind: ev.kind,
      code: ev.request.code,
      name: ev.request.name,
      request: ev.request.header.request,
    };
  }
  if (ev.kind === "evicted") return { kind: ev.kind, reason: ev.reason };
  return { kind: ev.kind };
}

describe("IggyClientSession on the crate's ReplyHeader and EvictionHeader vectors", () => {
  for (const t of tests("consensus_reply_header.json")) {
    it(`reply ${t.tcId} ${t.name}`, () => {
      const bytes = wholeFrame(t.hex);
      const client = new IggyClientSession({ clientId: 1n });
      if (t.result !== "valid") {
        if (t.error!.code === "TRUNCATED") assert.deepEqual(client.receive(bytes), []);
        else assert.equal(wireErrorCode(() => client.receive(bytes)), t.error!.code);
        return;
      }
      // A valid header answering nothing this session sent is a protocol error, never a reply.
      const h = new ReplyHeader(bytes.slice(0, HEADER_SIZE));
      const frame = bytes.slice();
      new DataView(frame.buffer).setUint32(48, frame.length, true);
      assert.match(
        String(wireErrorCode(() => client.receive(frame))),
        /INVALID_VALUE/,
        `request ${h.request}`,
      );
    });
  }
  for (const t of tests("consensus_eviction_header.json")) {
    it(`eviction ${t.tcId} ${t.name}`, () => {
      const bytes = wholeFrame(t.hex);
      if (t.result !== "valid") {
        const client = new IggyClientSession({ clientId: 1n });
        if (t.error!.code === "TRUNCATED") assert.deepEqual(client.receive(bytes), []);
        else assert.equal(wireErrorCode(() => client.receive(bytes)), t.error!.code);
        return;
      }
      const client = new IggyClientSession({ clientId: u128(bytes, 128) });
      const ev = one(client.receive(bytes));
      assert.equal(ev.kind, "evicted");
      assert.equal((ev as { reason: number }).reason, bytes[255]);
      assert.equal(client.session, 0n);
    });
  }
});

describe("ConsensusFrameAssembler", () => {
  it("rejects a claimed size over the cap from the header alone, before any body arrives", () => {
    const header = new Uint8Array(HEADER_SIZE);
    new DataView(header.buffer).setUint32(48, 1 << 30, true);
    const server = new IggyServerConnection({ maxFrameBytes: 1 << 20 });
    assert.equal(wireErrorCode(() => server.receive(header)), "FRAME_TOO_LARGE");
  });
  it("refuses maxFrameBytes: Infinity unless allowUnboundedFrames is set", () => {
    assert.equal(
      wireErrorCode(() => new ConsensusFrameAssembler({ maxFrameBytes: Infinity })),
      "INVALID_VALUE",
    );
    assert.equal(wireErrorCode(() => new IggyServerConnection({ maxFrameBytes: Infinity })), "INVALID_VALUE");
    assert.equal(wireErrorCode(() => new IggyClientSession({ maxFrameBytes: Infinity })), "INVALID_VALUE");
    const open = new ConsensusFrameAssembler({ maxFrameBytes: Infinity, allowUnboundedFrames: true });
    assert.equal(open.maxFrameBytes, Infinity);
  });
  it("end() is TRUNCATED (incomplete) with part of a frame buffered, and quiet between frames", () => {
    const frame = PrepareOkHeader.create({ op: 8n, commit: 7n }).bytes;
    const frames = new ConsensusFrameAssembler();
    assert.equal(frames.push(frame.subarray(0, 54)).length, 0);
    const e = (() => {
      try {
        frames.end();
      } catch (e) {
        return e as { code: string; incomplete: boolean; need: number };
      }
    })();
    assert.deepEqual([e?.code, e?.incomplete, e?.need], ["TRUNCATED", true, 256 - 54]);
    assert.equal(frames.push(frame.subarray(54)).length, 1);
    frames.end();
  });
  it("rejects a size below the header", () => {
    const header = new Uint8Array(HEADER_SIZE);
    new DataView(header.buffer).setUint32(48, 100, true);
    assert.equal(wireErrorCode(() => new IggyClientSession().receive(header)), "INVALID_VALUE");
  });
});

describe("client and server sessions together", () => {
  it("numbers Register 0/0 with a kept identifier, then bound requests from 1", () => {
    const { client, server } = loggedIn();
    assert.equal(client.session, 42n);
    assert.equal(server.session, 42n);
    assert.equal(client.metadataWatermark, 5n);
    const ping = client.ping();
    const h = new RequestHeader(ping.frame.subarray(0, HEADER_SIZE));
    assert.equal(h.request, 1n);
    assert.equal(h.session, 42n);
    assert.equal(h.requestChecksum, 0n);
    assert.equal(h.nonReplicatedCode, 1);
    assert.equal(h.minimumMetadataOp, 5n, "reads carry the metadata watermark");
    const req = request(server.receive(ping.frame));
    assert.equal(req.name, "Ping");
    assert.equal(one(client.receive(server.reply(req))).kind, "reply");
  });

  it("commits metadata writes with the result section and raises the watermark", () => {
    const { client, server } = loggedIn();
    const out = client.request(202, { name: "s", options: new Uint8Array(0) });
    const h = new RequestHeader(out.frame.subarray(0, HEADER_SIZE));
    assert.notEqual(h.requestChecksum, 0n);
    assert.equal(h.operation, Operation.CreateStream);
    assert.equal(h.minimumMetadataOp, 0n, "metadata writes carry no context");
    const req = request(server.receive(out.frame));
    const reply = server.reply(req, new Uint8Array([1, 2, 3]), { op: 9n });
    const rh = new ReplyHeader(reply.subarray(0, HEADER_SIZE));
    assert.equal(rh.hasCommittedResult, true);
    assert.equal(rh.requestChecksum, h.requestChecksum);
    assert.equal(rh.op, 9n);
    assert.equal(rh.commit, 9n);
    assert.deepEqual([...reply.subarray(HEADER_SIZE)], [0, 0, 0, 0, 1, 2, 3]);
    const ev = one(client.receive(reply));
    assert.equal(ev.kind, "reply");
    assert.deepEqual([...(ev as { body: Uint8Array }).body], [1, 2, 3]);
    assert.equal(client.metadataWatermark, 9n);
  });

  it("rejects result-framed operations in the result section and others by status", () => {
    const { client, server } = loggedIn();
    const del = client.request(203, { streamId: { kind: "numeric", value: 7 } });
    const reply = server.reject(request(server.receive(del.frame)), 1009);
    assert.equal(new ReplyHeader(reply.subarray(0, HEADER_SIZE)).status, 0);
    assert.deepEqual(one(client.receive(reply)), {
      kind: "error",
      request: del.request,
      code: 203,
      error: 1009,
    });
    const get = client.request(200, { streamId: { kind: "numeric", value: 7 } });
    const denied = server.reject(request(server.receive(get.frame)), 41);
    assert.equal(new ReplyHeader(denied.subarray(0, HEADER_SIZE)).status, 41);
    assert.equal(denied.length, HEADER_SIZE);
    assert.equal((one(client.receive(denied)) as { error: number }).error, 41);
  });

  it("answers a retried replicated request with the cached reply", () => {
    const { client, server } = loggedIn();
    const out = client.request(202, { name: "s", options: new Uint8Array(0) });
    const reply = server.reply(request(server.receive(out.frame)));
    const again = server.receive(out.frame);
    assert.equal(again.length, 1);
    assert.equal(again[0].kind, "answered");
    assert.deepEqual((again[0] as { frame: Uint8Array }).frame, reply);
  });

  it("evicts a stale replicated request, a foreign session, and an unbound numbered request", () => {
    const { client, server } = loggedIn();
    const first = client.request(202, { name: "a", options: new Uint8Array(0) });
    const second = client.request(202, { name: "b", options: new Uint8Array(0) });
    server.reply(request(server.receive(second.frame)));
    const stale = server.receive(first.frame); // below the client table's watermark
    assert.equal(stale[0].kind, "evicted");
    assert.equal((stale[0] as { reason: number }).reason, EvictionReason.StaleClient);
    assert.equal(server.closed, true);

    const other = loggedIn();
    const frame = other.client.ping().frame.slice();
    new DataView(frame.buffer).setBigUint64(184, 43n, true); // session 43, bound is 42
    const ev = other.server.receive(frame)[0];
    assert.equal((ev as { reason: number }).reason, EvictionReason.SessionError);

    const fresh = new IggyServerConnection();
    const ev2 = fresh.receive(other.client.ping().frame)[0];
    assert.equal((ev2 as { reason: number }).reason, EvictionReason.NoSession);
  });

  it("carries a session to a new connection with BindSession, numbering continuing", () => {
    const sessions = new IggySessionTable();
    const client = new IggyClientSession({ versionInfo: VERSION });
    const first = new IggyServerConnection({ sessions });
    const login = request(first.receive(client.login({ username: "u", password: "p" }).frame));
    const body = encodePayload(loginRegisterResponse, {
      userId: 3,
      session: 77n,
      serverProtocolVersion: IGGY_PROTOCOL_VERSION,
      serverVersion: "t",
    });
    client.receive(first.acceptLogin(login, 77n, body));
    const lost = client.ping(); // request 1; its reply never comes
    request(first.receive(lost.frame));
    assert.deepEqual(client.connectionLost(), [1n]);
    const second = new IggyServerConnection({ sessions });
    const bind = client.bind();
    const req = request(second.receive(bind.frame));
    assert.equal(req.code, 15);
    assert.equal(new RequestHeader(bind.frame.subarray(0, HEADER_SIZE)).request, 2n);
    assert.equal(one(client.receive(second.reply(req, body))).kind, "reply");
    assert.equal(second.session, 77n);
    assert.equal(request(second.receive(client.ping().frame)).header.request, 3n);
    // The read lost with the old connection is re-sent as it was: reads bypass the watermark.
    assert.equal(request(second.receive(client.resend(lost).frame)).header.request, 1n);

    // A bind with another secret, or for a session that ended, is refused by the machine.
    const stranger = new IggyClientSession({ clientId: client.clientId, versionInfo: VERSION });
    const forged = stranger.requestBody(15, bind.frame.slice(HEADER_SIZE)).frame;
    new DataView(forged.buffer).setBigUint64(184, 77n, true);
    new DataView(forged.buffer).setBigUint64(168, 9n, true);
    forged[forged.length - 1] ^= 1;
    const refused = new IggyServerConnection({ sessions }).receive(forged)[0];
    assert.equal(refused.kind, "answered");
    assert.equal(
      new ReplyHeader((refused as { frame: Uint8Array }).frame.subarray(0, HEADER_SIZE)).status,
      40,
    );
  });

  it("evicts a login outside the protocol window with the window (the version handshake)", () => {
    const server = new IggyServerConnection();
    const client = new IggyClientSession({
      versionInfo: { protocolVersion: packProtocolVersion(9, 0, 0), sdkName: "x", sdkVersion: "1" },
    });
    const ev = server.receive(client.login({ username: "u", password: "p" }).frame)[0];
    assert.equal(ev.kind, "evicted");
    const frame = (ev as { frame: Uint8Array }).frame;
    const h = EvictionHeader.decode(frame);
    assert.equal(h.reason, EvictionReason.IncompatibleProtocol);
    assert.equal(h.serverProtocolVersion, IGGY_PROTOCOL_VERSION);
    const got = one(client.receive(frame));
    assert.equal(got.kind, "evicted");
    assert.deepEqual((got as { pending: bigint[] }).pending, [0n]);
  });

  it("tells a token login from a password login by the body's layout", () => {
    const server = new IggyServerConnection();
    const client = new IggyClientSession({ versionInfo: VERSION });
    const req = request(server.receive(client.login({ token: "secret-token" }).frame));
    assert.equal(req.code, 45);
    assert.equal((req.payload as { token: string }).token, "secret-token");
  });

  it("refuses to number a replicated request before login, and sends unbound reads as 0/0", () => {
    const client = new IggyClientSession();
    assert.equal(
      wireErrorCode(() => client.request(202, { name: "s", options: new Uint8Array(0) })),
      "INVALID_VALUE",
    );
    const h = new RequestHeader(client.ping().frame.subarray(0, HEADER_SIZE));
    assert.equal(h.request, 0n);
    assert.equal(h.session, 0n);
  });

  it("rejects a committed reply that does not match the request", () => {
    const { client, server } = loggedIn();
    const out = client.request(202, { name: "s", options: new Uint8Array(0) });
    const reply = server.reply(request(server.receive(out.frame)));
    reply[128] ^= 1; // requestChecksum
    assert.equal(wireErrorCode(() => client.receive(reply)), "INVALID_VALUE");
  });

  it("reassembles frames split across chunks and several frames in one chunk", () => {
    const { client, server } = loggedIn();
    const a = client.ping(), b = client.ping();
    const both = new Uint8Array(a.frame.length + b.frame.length);
    both.set(a.frame);
    both.set(b.frame, a.frame.length);
    assert.deepEqual(server.receive(both.subarray(0, 100)), []);
    const evs = server.receive(both.subarray(100));
    assert.equal(evs.length, 2);
  });
});
