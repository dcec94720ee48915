import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { ClientConnection, saslPlainToken } from "./client.ts";
import { decodeRequest, encodeResponse } from "./api.ts";
import { fromHex, toHex } from "../wire/hex.ts";
import { wireErrorCode } from "../testdata/wire_assert_test.ts";

/** A negotiated connection: the broker advertised `ranges` ([key, min, max]). */
function negotiated(
  ranges: [number, number, number][],
  options?: ConstructorParameters<typeof ClientConnection>[0],
) {
  const c = new ClientConnection(options);
  const req = c.apiVersionsRequest({ version: 3 });
  const reply = encodeResponse(18, 3, { correlationId: req.correlationId }, {
    errorCode: 0,
    apiKeys: ranges.map(([apiKey, minVersion, maxVersion]) => ({ apiKey, minVersion, maxVersion })),
  }, { sizePrefix: true });
  const [res] = c.receive(reply);
  assert.equal(res.apiKey, 18);
  c.applyApiVersions(res.body as { apiKeys: { apiKey: number; minVersion: number; maxVersion: number }[] });
  return c;
}

describe("ClientConnection", () => {
  it("request() frames ApiVersions v3 with header v2 and the compact body", () => {
    // size 17 | key 18 | v3 | corr 0 | client id "c" (int16 length) | no header tags |
    // compact "n" | compact "1" | no body tags
    const c = new ClientConnection({ clientId: "c" });
    const req = c.apiVersionsRequest({ version: 3, clientSoftwareName: "n", clientSoftwareVersion: "1" });
    assert.equal(
      toHex(req.frame),
      "00000011" + "0012" + "0003" + "00000000" + "000163" + "00" + "026e" + "0231" + "00",
    );
    assert.equal(req.expectResponse, true);
    assert.equal(c.pending, 1);
  });

  it("request() numbers requests from firstCorrelationId and wraps after 2^31-1", () => {
    const c = negotiated([[3, 0, 12]], { firstCorrelationId: 0x7ffffffe, clientId: "x" });
    const ids = [0, 1, 2].map(() => c.request(3, { topics: null }).correlationId);
    assert.deepEqual(ids, [0x7fffffff, 0, 1]);
    const decoded = decodeRequest(c.request(3, { topics: null }).frame.subarray(4));
    assert.equal(decoded.header.correlationId, 2);
    assert.equal(decoded.header.clientId, "x");
    assert.equal(decoded.apiVersion, 12);
  });

  it("request() of Produce with acks 0 expects no response and leaves nothing pending", () => {
    const c = negotiated([[0, 3, 11]]);
    for (
      const { acks, expect, pending } of [{ acks: 0, expect: false, pending: 0 }, {
        acks: 1,
        expect: true,
        pending: 1,
      }]
    ) {
      const before = c.pending;
      const req = c.request(0, { acks, timeoutMs: 1000, topicData: [] });
      assert.equal(req.expectResponse, expect);
      assert.equal(c.pending - before, pending);
    }
  });

  it("receive() assembles a response delivered one byte at a time", () => {
    const c = negotiated([[12, 0, 4]]);
    const req = c.request(12, { groupId: "g", generationId: 1, memberId: "m" });
    const reply = encodeResponse(12, 4, { correlationId: req.correlationId }, { errorCode: 27 }, {
      sizePrefix: true,
    });
    const got = [];
    for (const byte of reply) got.push(...c.receive(Uint8Array.of(byte)));
    assert.equal(got.length, 1);
    assert.equal(got[0].apiKey, 12);
    assert.equal(got[0].version, 4);
    assert.deepEqual(got[0].body, { throttleTimeMs: 0, errorCode: 27 });
    assert.equal(c.pending, 0);
  });

  it("receive() matches two pipelined responses in order", () => {
    const c = negotiated([[12, 0, 4], [16, 0, 5]]);
    const a = c.request(12, { groupId: "g" });
    const b = c.request(16, {});
    const bytes = new Uint8Array([
      ...encodeResponse(12, 4, { correlationId: a.correlationId }, {}, { sizePrefix: true }),
      ...encodeResponse(16, 5, { correlationId: b.correlationId }, { groups: [] }, { sizePrefix: true }),
    ]);
    assert.deepEqual(c.receive(bytes).map((r) => [r.apiKey, r.correlationId]), [[12, a.correlationId], [
      16,
      b.correlationId,
    ]]);
  });

  const corrupt = [
    { name: "an unsolicited response", send: false, corr: 0 },
    { name: "a response out of order", send: true, corr: 99 },
  ];
  for (const { name, send, corr } of corrupt) {
    it(`receive() throws CORRUPT_DATA for ${name}`, () => {
      const c = negotiated([[12, 0, 4]]);
      if (send) c.request(12, { groupId: "g" });
      const reply = encodeResponse(12, 4, { correlationId: corr }, {}, { sizePrefix: true });
      assert.equal(wireErrorCode(() => c.receive(reply)), "CORRUPT_DATA");
    });
  }

  it("receive() throws TRUNCATED for a frame shorter than a correlation id", () => {
    const c = negotiated([[12, 0, 4]]);
    c.request(12, { groupId: "g" });
    assert.equal(wireErrorCode(() => c.receive(fromHex("00000002abcd"))), "TRUNCATED");
  });

  it("receive() decodes an ApiVersions reply to an unknown version at v0, and the retry version follows", () => {
    // A broker that does not know ApiVersions v5 answers in v0: corr, UNSUPPORTED_VERSION (35),
    // one entry: ApiVersions 0-4.
    const c = new ClientConnection();
    const req = c.apiVersionsRequest({ version: 5 });
    const reply = fromHex("00000010" + "00000000" + "0023" + "00000001" + "0012" + "0000" + "0004");
    const [res] = c.receive(reply);
    assert.equal(res.version, 0);
    assert.equal(res.correlationId, req.correlationId);
    const body = res.body as {
      errorCode: number;
      apiKeys: { apiKey: number; minVersion: number; maxVersion: number }[];
    };
    assert.equal(body.errorCode, 35);
    assert.equal(c.retryApiVersionsVersion(body), 4);
    assert.equal(wireErrorCode(() => c.applyApiVersions(body)), "UNSUPPORTED_VERSION");
  });

  it("retryApiVersionsVersion() is undefined for a successful reply", () => {
    const c = new ClientConnection();
    assert.equal(
      c.retryApiVersionsVersion({ errorCode: 0, apiKeys: [{ apiKey: 18, minVersion: 0, maxVersion: 3 }] }),
      undefined,
    );
  });

  const picks: { name: string; broker: [number, number, number][]; key: number; want: number | string }[] = [
    { name: "the broker's max when the codec goes higher", broker: [[3, 0, 9]], key: 3, want: 9 },
    { name: "the codec's max when the broker goes higher", broker: [[3, 0, 40]], key: 3, want: 13 },
    {
      name: "UNSUPPORTED_VERSION for a key the broker lacks",
      broker: [[3, 0, 9]],
      key: 1,
      want: "UNSUPPORTED_VERSION",
    },
    {
      name: "UNSUPPORTED_VERSION when the ranges miss",
      broker: [[3, 20, 30]],
      key: 3,
      want: "UNSUPPORTED_VERSION",
    },
  ];
  for (const { name, broker, key, want } of picks) {
    it(`version() gives ${name}`, () => {
      const c = negotiated(broker);
      if (typeof want === "number") assert.equal(c.version(key), want);
      else assert.equal(wireErrorCode(() => c.version(key)), want);
    });
  }

  it("version() throws UNSUPPORTED_VERSION before negotiation, and request() without a version too", () => {
    const c = new ClientConnection();
    assert.equal(wireErrorCode(() => c.version(3)), "UNSUPPORTED_VERSION");
    assert.equal(wireErrorCode(() => c.request(3, { topics: null })), "UNSUPPORTED_VERSION");
    assert.equal(c.pending, 0);
  });

  it("saslHandshake() refuses v0 (raw token frames) and sends v1 by default", () => {
    const c = new ClientConnection();
    assert.equal(wireErrorCode(() => c.saslHandshake("PLAIN", { version: 0 })), "UNSUPPORTED_VERSION");
    const req = c.saslHandshake("PLAIN");
    assert.equal(req.version, 1);
    // size | key 17 | v1 | corr 0 | null client id | "PLAIN"
    assert.equal(
      toHex(req.frame),
      "00000011" + "0011" + "0001" + "00000000" + "ffff" + "0005" + "504c41494e",
    );
  });

  it("saslAuthenticate() carries the token at the negotiated version", () => {
    const c = negotiated([[36, 0, 2]]);
    const req = c.saslAuthenticate(Uint8Array.of(1, 2));
    assert.equal(req.version, 2);
    // header v2 (null client id, no tags) | compact bytes 0102 | no tags
    assert.equal(
      toHex(req.frame.subarray(4)),
      "0024" + "0002" + "00000001" + "ffff" + "00" + "030102" + "00",
    );
  });

  it("end() throws TRUNCATED while half a frame is buffered", () => {
    const c = new ClientConnection();
    c.receive(fromHex("0000000a0000"));
    assert.equal(wireErrorCode(() => c.end()), "TRUNCATED");
  });

  it("constructor throws INVALID_VALUE for a negative firstCorrelationId", () => {
    assert.equal(wireErrorCode(() => new ClientConnection({ firstCorrelationId: -1 })), "INVALID_VALUE");
  });
});

describe("saslPlainToken", () => {
  const cases = [
    { user: "alice", pw: "pw", authzid: "", hex: "00616c69636500" + "7077" },
    { user: "u", pw: "p", authzid: "admin", hex: "61646d696e00" + "7500" + "70" },
    { user: "é", pw: "", authzid: "", hex: "00c3a900" },
  ];
  for (const { user, pw, authzid, hex } of cases) {
    it(`saslPlainToken() encodes ${JSON.stringify([authzid, user, pw])}`, () => {
      assert.equal(toHex(saslPlainToken(user, pw, authzid)), hex);
    });
  }

  it("saslPlainToken() throws INVALID_VALUE for a NUL in the password", () => {
    assert.equal(wireErrorCode(() => saslPlainToken("u", "a\0b")), "INVALID_VALUE");
  });
});
