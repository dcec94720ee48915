import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { KafkaServerConnection, type KafkaServerEvent } from "./server.ts";
import { ClientConnection, saslPlainToken } from "./client.ts";
import { decodeResponse, encodeRequest } from "./api.ts";
import { encodeFrame } from "./frame.ts";
import { fromHex, toHex } from "../wire/hex.ts";
import { isWireError } from "../wire/error.ts";

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (isWireError(e)) return e.code;
    throw e;
  }
  return "no error";
}

const frame = (
  key: number,
  version: number,
  body: unknown,
  correlationId = 1,
  clientId: string | null = "c",
) => encodeRequest(key, version, { correlationId, clientId }, body as never, { sizePrefix: true });

const cat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

/** A frame of `key`/`version` with header v1 or v2 written by hand, for versions the codec cannot encode. */
function handFrame(key: number, version: number, tail: string, correlationId = 9): Uint8Array {
  const h = new DataView(new ArrayBuffer(8));
  h.setInt16(0, key);
  h.setInt16(2, version);
  h.setInt32(4, correlationId);
  return encodeFrame(cat(new Uint8Array(h.buffer), fromHex("0001" + "63" + tail)));
}

function requests(events: KafkaServerEvent[]) {
  return events.map((e) => {
    if (e.kind !== "request") throw new Error(`expected a request, got ${e.kind}`);
    return e.request;
  });
}

const METADATA = { topics: null, allowAutoTopicCreation: false };
const HEARTBEAT = { groupId: "g", generationId: 1, memberId: "m" };
const EMPTY_METADATA = { brokers: [], topics: [] };

describe("KafkaServerConnection: headers", () => {
  it("receive() reads request header v0 (ControlledShutdown v0: no client id)", () => {
    const s = new KafkaServerConnection();
    const [r] = requests(s.receive(fromHex("0000000c" + "0007" + "0000" + "00000003" + "00000001")));
    assert.equal(r.apiKey, 7);
    assert.equal(r.headerVersion, 0);
    assert.equal(r.correlationId, 3);
    assert.equal(r.header.clientId, ""); // the schema default: v0 has no client id on the wire
  });

  it("receive() reads request header v1 (Metadata v8) and v2 with header tagged fields (Metadata v12)", () => {
    const s = new KafkaServerConnection();
    const v1 = frame(3, 8, METADATA, 4, "app");
    const v2 = encodeRequest(
      3,
      12,
      {
        correlationId: 5,
        clientId: "app",
        _unknownTaggedFields: [{ tag: 7, data: fromHex("abcd") }],
      },
      METADATA,
      { sizePrefix: true },
    );
    const [a, b] = requests(s.receive(cat(v1, v2)));
    assert.deepEqual([a.headerVersion, a.correlationId, a.header.clientId], [1, 4, "app"]);
    assert.deepEqual([b.headerVersion, b.correlationId], [2, 5]);
    assert.equal(toHex(b.header._unknownTaggedFields![0].data), "abcd");
  });

  it("respond() writes response header v0 for a non-flexible version and v1 for a flexible one", () => {
    const s = new KafkaServerConnection();
    const [a, b] = requests(s.receive(cat(frame(12, 3, HEARTBEAT, 0x11), frame(12, 4, HEARTBEAT, 0x12))));
    // v3: corr | throttle | error ; v4: corr | header tags | throttle | error | body tags
    assert.equal(toHex(s.respond(a, { errorCode: 27 })), "0000000a" + "00000011" + "00000000" + "001b");
    assert.equal(
      toHex(s.respond(b, { errorCode: 27 })),
      "0000000c" + "00000012" + "00" + "00000000" + "001b" + "00",
    );
  });

  it("respond() writes ApiVersions v3+ (flexible body) with response header v0", () => {
    const s = new KafkaServerConnection({ apiVersions: [{ apiKey: 18, minVersion: 0, maxVersion: 4 }] });
    const [r] = requests(
      s.receive(frame(18, 4, { clientSoftwareName: "n", clientSoftwareVersion: "1" }, 0x21)),
    );
    const out = s.respond(r, s.apiVersionsResponse());
    // corr, then straight into the body: error 0, compact array of 1 entry (18, 0, 4, no tags)
    assert.equal(toHex(out.subarray(4, 17)), "00000021" + "0000" + "02" + "0012" + "0000" + "0004");
    assert.equal(decodeResponse(18, 4, out.subarray(4)).headerVersion, 0);
  });

  it("a ClientConnection reads the answers: negotiation and a Metadata round trip", () => {
    const s = new KafkaServerConnection();
    const c = new ClientConnection({ clientId: "demo" });
    const [av] = requests(s.receive(c.apiVersionsRequest().frame));
    const [res] = c.receive(s.respond(av, s.apiVersionsResponse()));
    if (res.apiKey !== 18) throw new Error("not ApiVersions");
    c.applyApiVersions(res.body);
    const [md] = requests(s.receive(c.request(3, METADATA).frame));
    assert.equal(md.apiVersion, c.version(3));
    const [mres] = c.receive(
      s.respond(md, { brokers: [{ nodeId: 1, host: "127.0.0.1", port: 9092 }], topics: [] }),
    );
    if (mres.apiKey !== 3) throw new Error("not Metadata");
    assert.equal(mres.body.brokers[0].port, 9092);
  });

  it("receive() ignores bytes after a request body, as Kafka 4.4.0 does (probe: Metadata v12 with trailing bytes)", () => {
    const s = new KafkaServerConnection();
    const f = cat(frame(3, 12, METADATA), fromHex("07070707"));
    new DataView(f.buffer).setInt32(0, f.length - 4);
    const [r] = requests(s.receive(f));
    assert.equal(r.apiKey, 3);
  });
});

describe("KafkaServerConnection: order", () => {
  it("respond() holds a later answer back until the earlier one is given", () => {
    const s = new KafkaServerConnection();
    const c = new ClientConnection();
    const f1 = c.request(3, METADATA, { version: 12 });
    const f2 = c.request(12, HEARTBEAT, { version: 4 });
    const f3 = c.request(12, HEARTBEAT, { version: 4 });
    const [a, b, d] = requests(s.receive(cat(f1.frame, f2.frame, f3.frame)));
    assert.equal(s.respond(d, { errorCode: 0 }).length, 0);
    assert.equal(s.respond(b, { errorCode: 0 }).length, 0);
    assert.equal(s.inFlight, 3);
    const out = s.respond(a, EMPTY_METADATA);
    assert.deepEqual(c.receive(out).map((r) => r.correlationId), [0, 1, 2]);
    assert.equal(s.inFlight, 0);
  });

  it("respond() twice, or with a request of another connection, is refused", () => {
    const s = new KafkaServerConnection();
    const other = new KafkaServerConnection();
    const [r] = requests(s.receive(frame(12, 4, HEARTBEAT)));
    const [foreign] = requests(other.receive(frame(3, 12, METADATA)));
    assert.equal(code(() => s.respond(foreign, EMPTY_METADATA)), "INVALID_VALUE");
    s.respond(r, { errorCode: 0 });
    assert.equal(code(() => s.respond(r, { errorCode: 0 })), "INVALID_VALUE");
  });

  it("a body that does not encode leaves the request unanswered", () => {
    const s = new KafkaServerConnection();
    const [r] = requests(s.receive(frame(12, 4, HEARTBEAT)));
    assert.equal(code(() => s.respond(r, { errorCode: 70000 })), "VALUE_OUT_OF_RANGE");
    assert.equal(s.inFlight, 1);
    assert.ok(s.respond(r, { errorCode: 0 }).length > 0);
  });

  it("Produce with acks 0 writes nothing but keeps its place; an error in its answer closes (Kafka does)", () => {
    const s = new KafkaServerConnection();
    const produce = {
      acks: 0,
      timeoutMs: 1000,
      topicData: [{ name: "t", partitionData: [{ index: 0, records: null }] }],
    };
    const [p, h] = requests(s.receive(cat(frame(0, 9, produce, 1), frame(12, 4, HEARTBEAT, 2))));
    assert.equal(p.expectResponse, false);
    assert.equal(s.respond(h, { errorCode: 0 }).length, 0); // waits behind the produce
    const ok = { responses: [{ name: "t", partitionResponses: [{ index: 0, errorCode: 0 }] }] };
    const out = s.respond(p, ok);
    assert.equal(new DataView(out.buffer, out.byteOffset).getInt32(4), 2); // only the heartbeat's answer
    assert.equal(s.closed, false);
    const [p2] = requests(s.receive(frame(0, 9, produce, 3)));
    const bad = { responses: [{ name: "t", partitionResponses: [{ index: 0, errorCode: 3 }] }] };
    assert.equal(s.respond(p2, bad).length, 0);
    assert.equal(s.closed, true);
  });
});

describe("KafkaServerConnection: ApiVersions fallback", () => {
  // Kafka 4.4.0 (probe "ApiVersions v99 with an unparsable body"): v0 reply, UNSUPPORTED_VERSION,
  // only its own ApiVersions range; the connection stays open.
  it("an ApiVersions version above the codec's is answered at v0 with 35 and the ApiVersions range, body unread", () => {
    const s = new KafkaServerConnection();
    const [ev] = s.receive(handFrame(18, 99, "00" + "deadbeefff"));
    assert.equal(ev.kind, "answered");
    if (ev.kind !== "answered") return;
    assert.equal(ev.correlationId, 9);
    const res = decodeResponse(18, 0, ev.bytes.subarray(4));
    assert.equal(res.header.correlationId, 9);
    assert.equal(res.body.errorCode, 35);
    assert.deepEqual(res.body.apiKeys.map((k) => [k.apiKey, k.minVersion, k.maxVersion]), [[18, 0, 5]]);
    assert.equal(s.closed, false);
    const c = new ClientConnection();
    assert.equal(c.retryApiVersionsVersion(res.body), 5);
  });

  it("an ApiVersions version the codec knows but the broker does not advertise gets the same answer", () => {
    const s = new KafkaServerConnection({ apiVersions: [{ apiKey: 18, minVersion: 0, maxVersion: 2 }] });
    const [ev] = s.receive(frame(18, 3, { clientSoftwareName: "n", clientSoftwareVersion: "1" }, 4));
    if (ev.kind !== "answered") throw new Error(ev.kind);
    const res = decodeResponse(18, 0, ev.bytes.subarray(4));
    assert.deepEqual([res.body.errorCode, res.body.apiKeys[0].maxVersion], [35, 2]);
  });

  // Kafka 4.4.0 (probe "ApiVersions v99 with an unparsable header"): closed, no reply.
  it("an ApiVersions request whose header does not parse closes the connection", () => {
    const s = new KafkaServerConnection();
    assert.equal(code(() => s.receive(handFrame(18, 99, "deadbeefff"))), "VARINT_TOO_LONG");
    assert.equal(s.closed, true);
  });

  it("the fallback answer waits behind an earlier unanswered request", () => {
    const s = new KafkaServerConnection();
    const [md, ev] = s.receive(cat(frame(3, 12, METADATA, 1), handFrame(18, 50, "00", 2)));
    if (md.kind !== "request" || ev.kind !== "answered") throw new Error("unexpected events");
    assert.equal(ev.bytes.length, 0);
    const out = s.respond(md.request, EMPTY_METADATA);
    const c = new ClientConnection();
    c.request(3, METADATA, { version: 12 });
    c.apiVersionsRequest({ version: 4 }); // stands for the v50 request: correlation id 1
    const v = new DataView(out.buffer, out.byteOffset);
    const second = 4 + v.getInt32(0);
    assert.deepEqual([v.getInt32(4), v.getInt32(second + 4)], [1, 2]);
  });
});

describe("KafkaServerConnection: SASL", () => {
  const handshake = (v: number, mechanism = "PLAIN", corr = 1) => frame(17, v, { mechanism }, corr);
  const HS_OK = { errorCode: 0, mechanisms: ["PLAIN"] };

  it("SaslHandshake v1 then SaslAuthenticate (framed) authenticates; later requests flow", () => {
    const s = new KafkaServerConnection({ requireSasl: true });
    assert.equal(s.saslState, "handshake");
    const [hs] = requests(s.receive(handshake(1)));
    s.respond(hs, HS_OK);
    assert.deepEqual([s.saslState, s.saslMechanism], ["authenticate", "PLAIN"]);
    const [auth] = requests(s.receive(frame(36, 2, { authBytes: saslPlainToken("u", "p") }, 2)));
    if (auth.apiKey !== 36) throw new Error("not SaslAuthenticate");
    assert.equal(toHex(auth.body.authBytes), "00750070");
    s.respond(auth, { errorCode: 0, authBytes: new Uint8Array(0) });
    assert.equal(s.authenticated, true);
    assert.equal(requests(s.receive(frame(3, 12, METADATA, 3)))[0].apiKey, 3);
  });

  it("SaslHandshake v0 switches to raw token frames (no Kafka header) and back to requests", () => {
    const s = new KafkaServerConnection({ requireSasl: true });
    const [hs] = requests(s.receive(handshake(0)));
    s.respond(hs, HS_OK);
    assert.equal(s.saslState, "raw");
    // The raw token: not a Kafka header (API key 0x0075 would be unknown).
    const [tok] = s.receive(encodeFrame(saslPlainToken("u", "p")));
    if (tok.kind !== "saslToken") throw new Error(tok.kind);
    assert.equal(toHex(tok.token), "00750070");
    assert.equal(toHex(s.respondSaslToken(tok.sequence, new Uint8Array(0))), "00000000");
    assert.equal(s.authenticated, true);
    assert.equal(requests(s.receive(frame(3, 12, METADATA, 3)))[0].apiKey, 3);
  });

  it("a multi-round mechanism stays unauthenticated while answers say saslComplete: false", () => {
    const s = new KafkaServerConnection({ requireSasl: true });
    s.respond(requests(s.receive(handshake(1, "SCRAM-SHA-256")))[0], {
      errorCode: 0,
      mechanisms: ["SCRAM-SHA-256"],
    });
    const [first] = requests(s.receive(frame(36, 2, { authBytes: new Uint8Array([1]) }, 2)));
    s.respond(first, { errorCode: 0, authBytes: new Uint8Array([2]) }, { saslComplete: false });
    assert.equal(s.saslState, "authenticate");
    const [second] = requests(s.receive(frame(36, 2, { authBytes: new Uint8Array([3]) }, 3)));
    s.respond(second, { errorCode: 0, authBytes: new Uint8Array([4]) });
    assert.equal(s.authenticated, true);
  });

  it("frames after a SaslHandshake wait until it is answered (Kafka reads one request at a time)", () => {
    const s = new KafkaServerConnection({ requireSasl: true });
    const events = s.receive(cat(handshake(0), encodeFrame(saslPlainToken("u", "p"))));
    assert.equal(events.length, 1);
    assert.equal(s.paused, true);
    assert.equal(s.held, 1);
    s.respond(requests(events)[0], HS_OK);
    const [tok] = s.receive();
    assert.equal(tok.kind, "saslToken");
  });

  // Each case below is what Kafka 4.4.0's SASL listener did in conformance/kafka-peer/probe.ts.
  it("probe 'SASL: Metadata before the handshake': closed unanswered", () => {
    const s = new KafkaServerConnection({ requireSasl: true });
    assert.equal(code(() => s.receive(frame(3, 12, METADATA))), "INVALID_VALUE");
    assert.equal(s.closed, true);
  });

  it("probe 'SASL: SaslAuthenticate before the handshake': closed unanswered", () => {
    const s = new KafkaServerConnection({ requireSasl: true });
    assert.equal(code(() => s.receive(frame(36, 2, { authBytes: new Uint8Array(0) }))), "INVALID_VALUE");
  });

  it("probe 'SASL: ApiVersions twice': the second one closes the connection", () => {
    const s = new KafkaServerConnection({ requireSasl: true });
    const av = frame(18, 3, { clientSoftwareName: "n", clientSoftwareVersion: "1" });
    s.respond(requests(s.receive(av))[0], s.apiVersionsResponse());
    assert.equal(code(() => s.receive(av)), "INVALID_VALUE");
  });

  it("probe 'SASL: unknown mechanism': the UNSUPPORTED_SASL_MECHANISM answer, then closed", () => {
    const s = new KafkaServerConnection({ requireSasl: true });
    const out = s.respond(requests(s.receive(handshake(1, "NOPE")))[0], {
      errorCode: 33,
      mechanisms: ["PLAIN"],
    });
    assert.ok(out.length > 0);
    assert.equal(s.closed, true);
    assert.equal(code(() => s.receive(frame(3, 12, METADATA))), "INVALID_VALUE");
  });

  it("probe 'SASL: handshake v1, then Metadata': an empty Metadata answer, then closed", () => {
    const s = new KafkaServerConnection({ requireSasl: true });
    s.respond(requests(s.receive(handshake(1)))[0], HS_OK);
    const [ev] = s.receive(frame(3, 12, METADATA, 7));
    if (ev.kind !== "answered") throw new Error(ev.kind);
    assert.equal(ev.error?.code, "INVALID_VALUE");
    const res = decodeResponse(3, 12, ev.bytes.subarray(4));
    assert.deepEqual([res.header.correlationId, res.body.topics.length], [7, 0]);
    assert.equal(s.closed, true);
  });

  it("probe 'SASL: handshake v1, wrong password': SASL_AUTHENTICATION_FAILED, then closed", () => {
    const s = new KafkaServerConnection({ requireSasl: true });
    s.respond(requests(s.receive(handshake(1)))[0], HS_OK);
    const [auth] = requests(s.receive(frame(36, 2, { authBytes: saslPlainToken("u", "bad") }, 2)));
    const out = s.respond(auth, {
      errorCode: 58,
      errorMessage: "Authentication failed",
      authBytes: new Uint8Array(0),
    });
    assert.equal(decodeResponse(36, 2, out.subarray(4)).body.errorCode, 58);
    assert.deepEqual([s.closed, s.authenticated], [true, false]);
  });

  it("probe 'SASL: handshake v0, raw token, wrong password': no answer, closed (close())", () => {
    const s = new KafkaServerConnection({ requireSasl: true });
    s.respond(requests(s.receive(handshake(0)))[0], HS_OK);
    s.receive(encodeFrame(saslPlainToken("u", "bad")));
    s.close();
    assert.equal(s.closed, true);
  });

  it("probe 'SaslHandshake on the plain listener': an ILLEGAL_SASL_STATE answer keeps the connection open", () => {
    const s = new KafkaServerConnection();
    s.respond(requests(s.receive(handshake(1)))[0], { errorCode: 34, mechanisms: [] });
    assert.deepEqual([s.closed, s.saslState], [false, "none"]);
    assert.equal(requests(s.receive(frame(3, 12, METADATA, 2)))[0].apiKey, 3);
  });
});

describe("KafkaServerConnection: bounds and bad input", () => {
  it("maxInFlight: frames past the bound are held (paused) and handed out as answers free slots", () => {
    const s = new KafkaServerConnection({ maxInFlight: 2 });
    const chunk = cat(...[1, 2, 3, 4, 5].map((i) => frame(12, 4, HEARTBEAT, i)));
    const first = requests(s.receive(chunk));
    chunk.fill(0); // the caller reuses its buffer: held frames were copied
    assert.deepEqual(first.map((r) => r.correlationId), [1, 2]);
    assert.deepEqual([s.paused, s.held, s.inFlight], [true, 3, 2]);
    s.respond(first[0], { errorCode: 0 });
    const next = requests(s.receive());
    assert.deepEqual(next.map((r) => r.correlationId), [3]);
    s.respond(first[1], { errorCode: 0 });
    s.respond(next[0], { errorCode: 0 });
    assert.deepEqual(requests(s.receive()).map((r) => r.correlationId), [4, 5]);
    assert.equal(s.held, 0);
  });

  it("held frames beyond maxFrameBytes in total are LIMIT_EXCEEDED and close the connection", () => {
    const one = frame(12, 4, HEARTBEAT);
    const s = new KafkaServerConnection({ maxInFlight: 1, maxFrameBytes: one.length * 3 });
    s.receive(cat(one, one, one)); // one handed out, two held
    assert.equal(code(() => s.receive(cat(one, one))), "LIMIT_EXCEEDED");
    assert.equal(s.closed, true);
  });

  it("nothing grows while the caller keeps pushing a frame that never ends: FRAME_TOO_LARGE before buffering", () => {
    const s = new KafkaServerConnection({ maxFrameBytes: 1024 });
    assert.equal(code(() => s.receive(fromHex("00000401"))), "FRAME_TOO_LARGE");
    assert.equal(s.buffered, 0);
  });

  // Each case is what Kafka 4.4.0 did in conformance/kafka-peer/probe.ts: closed, no reply.
  for (
    const { name, hex, err } of [
      { name: "garbage", hex: "0000000c" + "676767676767676767676767", err: "UNKNOWN_API_KEY" },
      { name: "frame over the limit", hex: "7fffffff00000000", err: "FRAME_TOO_LARGE" },
      { name: "negative frame size", hex: "fffffff00000", err: "NEGATIVE_LENGTH" },
      { name: "frame shorter than a header", hex: "000000020012", err: "TRUNCATED" },
      {
        name: "unknown API key 999",
        hex: "0000000c" + "03e7" + "0000" + "00000001" + "000170" + "00",
        err: "UNKNOWN_API_KEY",
      },
      {
        name: "Metadata v99",
        hex: "0000000c" + "0003" + "0063" + "00000001" + "000170" + "00",
        err: "UNSUPPORTED_VERSION",
      },
      {
        name: "Metadata v12 body cut short",
        hex: "0000000e" + "0003" + "000c" + "00000001" + "000170" + "00" + "020a",
        err: "TRUNCATED",
      },
    ]
  ) {
    it(`probe '${name}': ${err}, closed`, () => {
      const s = new KafkaServerConnection();
      assert.equal(code(() => s.receive(fromHex(hex))), err);
      assert.equal(s.closed, true);
      assert.equal(code(() => s.receive(frame(3, 12, METADATA))), "INVALID_VALUE");
    });
  }

  it("probe 'Produce v2 (advertised, refused)': a version outside the broker's ranges closes", () => {
    const s = new KafkaServerConnection({ apiVersions: [{ apiKey: 0, minVersion: 3, maxVersion: 13 }] });
    assert.equal(
      code(() => s.receive(frame(0, 2, { acks: 1, timeoutMs: 1, topicData: [] }))),
      "UNSUPPORTED_VERSION",
    );
  });

  it("a key the codec knows but the broker does not serve closes (UNKNOWN_API_KEY is for unknown keys only)", () => {
    const s = new KafkaServerConnection({ apiVersions: [{ apiKey: 18, minVersion: 0, maxVersion: 4 }] });
    assert.equal(code(() => s.receive(frame(3, 12, METADATA))), "UNSUPPORTED_VERSION");
  });

  it("a bad frame after a good one in the same chunk throws and closes the connection", () => {
    const s = new KafkaServerConnection();
    // The bad frame throws, and the connection is closed: Kafka drops what it had not answered too.
    assert.equal(
      code(() => s.receive(cat(frame(12, 4, HEARTBEAT), fromHex("0000000c676767676767676767676767")))),
      "UNKNOWN_API_KEY",
    );
    assert.equal(s.closed, true);
  });

  it("end() reports a partial frame, and nothing when the stream ended on a frame boundary", () => {
    const s = new KafkaServerConnection();
    s.receive(frame(12, 4, HEARTBEAT));
    s.end();
    s.receive(frame(12, 4, HEARTBEAT).subarray(0, 6));
    assert.equal(code(() => s.end()), "TRUNCATED");
  });

  it("the constructor refuses a maxInFlight below 1", () => {
    assert.equal(code(() => new KafkaServerConnection({ maxInFlight: 0 })), "INVALID_VALUE");
  });
});
