import { test } from "node:test";
import assert from "node:assert/strict";
import { CaptureReader } from "./capture.ts";
import { Inspector } from "./inspector.ts";
import type { InspectedMessage } from "./message.ts";
import { PcapWriter } from "./pcap_writer.ts";
import { JsonOut } from "./_json_out.ts";
import { writeJsonLine } from "./format.ts";
import { frameJson } from "./kafka_json.ts";
import { onTheWire } from "./kafka_wire.ts";
import { Reader } from "../wire/reader.ts";
import { FetchRequestCodec } from "../kafka/messages/fetch.ts";
import { MetadataRequestCodec, MetadataResponseCodec } from "../kafka/messages/metadata.ts";
import { SaslHandshakeRequestCodec, SaslHandshakeResponseCodec } from "../kafka/messages/sasl_handshake.ts";
import { ApiVersionsRequestCodec, ApiVersionsResponseCodec } from "../kafka/messages/api_versions.ts";
import { RequestHeaderCodec } from "../kafka/messages/request_header.ts";
import { encodeWith } from "../kafka/codec.ts";
import { requestHeaderVersion } from "../kafka/api.ts";
import { ResponseHeaderCodec } from "../kafka/messages/response_header.ts";
import type { Init, MessageCodec } from "../kafka/codec.ts";
import { kafkaCorpus, sized } from "../testdata/kafka_corpus_test.ts";
import { jsonBothWays, jsonLines } from "../testdata/json_both_ways_test.ts";

/** Asserts that both ways give the same text, line by line; returns their counts. */
function sameBothWays(
  pcap: Uint8Array,
  kafkaPorts?: number[],
): { messages: number; fromBytes: number; failed: number } {
  const r = jsonBothWays(pcap, kafkaPorts);
  assert.equal(r.fast, r.slow, `message ${r.firstDiff}`);
  assert.equal(r.firstDiff, -1);
  return r;
}

test("bodies written from their bytes are the decoded ones' JSON, byte for byte: every vector", () => {
  const { pcap, messages } = kafkaCorpus();
  const { messages: n, fromBytes } = sameBothWays(pcap);
  assert.equal(n, messages.length);
  // All but what the walk leaves to the decoder.
  assert.ok(fromBytes > 3000, `${fromBytes} of ${n} written from bytes`);
  console.log(`vectors: ${fromBytes} of ${n} bodies written from their bytes`);
});

/** A seeded 32-bit generator (mulberry32). */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** Bytes that make lengths, counts and markers interesting when put anywhere. */
const EDGES = [0x00, 0x01, 0x02, 0x7f, 0x80, 0xfe, 0xff, 0x22, 0x5c, 0xc3, 0xed];

/** `payload` flipped, overwritten, cut or extended at random (never below `least` bytes). */
function mutate(payload: Uint8Array, next: () => number, least: number): Uint8Array {
  const b = payload.slice();
  switch (next() % 4) {
    case 0:
      for (let k = 1 + (next() % 3); k > 0; k--) b[next() % b.length] ^= 1 + (next() % 255);
      return b;
    case 1:
      for (let k = 1 + (next() % 2); k > 0; k--) b[next() % b.length] = EDGES[next() % EDGES.length];
      return b;
    case 2:
      return b.subarray(0, least + (next() % Math.max(1, b.length - least)));
    default: {
      const extra = new Uint8Array(1 + (next() % 4));
      for (let i = 0; i < extra.length; i++) extra[i] = next() & 0xff;
      return new Uint8Array([...b, ...extra]);
    }
  }
}

test("bodies written from their bytes are the decoded ones' JSON, byte for byte: 4000 mutated vector frames", () => {
  // The vectors' frames as the inspector cut them, each response with its request.
  const ins = new Inspector({ keepRaw: true });
  const msgs: InspectedMessage[] = [];
  for (const p of new CaptureReader().push(kafkaCorpus().pcap)) msgs.push(...ins.packet(p));
  const requests = new Map<number, Uint8Array>();
  const pairs: { request: Uint8Array; response?: Uint8Array }[] = [];
  for (const m of msgs) {
    if (m.dir === "request") {
      requests.set(m.correlationId!, m.raw!);
      pairs.push({ request: m.raw! });
    } else pairs.push({ request: requests.get(m.correlationId!)!, response: m.raw! });
  }
  const next = random(20261204);
  const w = new PcapWriter();
  let ts = 1_764_590_400_000_000;
  const cases = 4000;
  for (let i = 0; i < cases; i++) {
    const { request, response } = pairs[next() % pairs.length];
    const c = w.connection("10.0.0.1", 20000 + i, "10.0.0.2", 9092, ts += 10);
    if (response === undefined) {
      c.send("client", sized([mutate(request.subarray(4), next, 8)]), ts += 10);
    } else {
      c.send("client", request, ts += 10);
      c.send("server", sized([mutate(response.subarray(4), next, 4)]), ts += 10);
    }
  }
  const { messages, fromBytes, failed } = sameBothWays(w.bytes());
  assert.ok(messages >= cases, `${messages} messages`);
  // Both ways are taken: some mutated bodies are still good, many are not.
  assert.ok(
    fromBytes > cases / 4 && fromBytes < messages - cases / 4,
    `${fromBytes} of ${messages} from bytes`,
  );
  console.log(
    `mutated frames: ${fromBytes} of ${messages} messages written from their bytes, ${failed} not decoded`,
  );
});

/** A size-prefixed request frame: its header (client id "t") at the API's header version, then `body`. */
function request<T>(codec: MessageCodec<T>, key: number, v: number, id: number, body: Init<T>): Uint8Array {
  const header = { requestApiKey: key, requestApiVersion: v, correlationId: id, clientId: "t" };
  return sized([encodeWith(RequestHeaderCodec, header, requestHeaderVersion(key, v)), codec.encode(body, v)]);
}

/** A size-prefixed response frame with a v0 header (correlation id `id` < 256). */
function response<T>(codec: MessageCodec<T>, v: number, id: number, body: Init<T>): Uint8Array {
  return sized([new Uint8Array([0, 0, 0, id]), codec.encode(body, v)]);
}

test("after a SaslHandshake v0 written from its bytes, bare SASL tokens follow as on the decoder's way", () => {
  const w = new PcapWriter();
  let ts = 1_764_590_400_000_000;
  /** A connection that opens with a SaslHandshake v0 answered with `errorCode`. */
  const handshake = (port: number, mechanism: string, errorCode: number) => {
    const c = w.connection("10.0.0.1", port, "10.0.0.2", 9092, ts);
    c.send("client", request(SaslHandshakeRequestCodec, 17, 0, 1, { mechanism }), ts += 10);
    c.send(
      "server",
      response(SaslHandshakeResponseCodec, 0, 1, { errorCode, mechanisms: ["PLAIN"] }),
      ts += 10,
    );
    return c;
  };
  // A handshake that succeeds: the next frames are bare tokens, then Kafka again.
  const ok = handshake(30001, "PLAIN", 0);
  ok.send("client", sized([new TextEncoder().encode("\0user\0secret")]), ts += 10);
  ok.send("server", sized([]), ts += 10);
  ok.send("client", request(MetadataRequestCodec, 3, 1, 2, { topics: null }), ts += 10);
  ok.send("server", response(MetadataResponseCodec, 1, 2, { brokers: [], topics: [] }), ts += 10);
  // One that fails (UNSUPPORTED_SASL_MECHANISM): no tokens; the next frame is a Kafka request.
  handshake(30002, "X", 33).send(
    "client",
    request(MetadataRequestCodec, 3, 1, 2, { topics: null }),
    ts += 10,
  );
  const pcap = w.bytes();
  const names = jsonLines(pcap, true).text.map((l) => JSON.parse(l).name);
  assert.deepEqual(names, [
    "SaslHandshake",
    "SaslHandshake",
    "SaslToken",
    "SaslToken",
    "Metadata",
    "Metadata",
    "SaslHandshake",
    "SaslHandshake",
    "Metadata",
  ]);
  const { messages, fromBytes } = sameBothWays(pcap);
  assert.equal(messages, 9);
  // Every Kafka frame but the two bare tokens and the first request after them (while tokens
  // may still come, the decoder tells a request from a token) was written from its bytes.
  assert.equal(fromBytes, 6);
});

test("an ApiVersions answer written from its bytes gives the broker's ranges as on the decoder's way", () => {
  const w = new PcapWriter();
  let ts = 1_764_590_400_000_000;
  /**
   * A connection whose ApiVersions v3 is answered with `errorCode`, Metadata up to `metadataMax`
   * and, when `saslV0`, SaslHandshake v0 only.
   */
  const conn = (port: number, metadataMax: number, errorCode = 0, saslV0 = false) => {
    const c = w.connection("10.0.0.1", port, "10.0.0.2", 9092, ts);
    c.send(
      "client",
      request(ApiVersionsRequestCodec, 18, 3, 1, {
        clientSoftwareName: "t",
        clientSoftwareVersion: "1",
      }),
      ts += 10,
    );
    c.send(
      "server",
      response(ApiVersionsResponseCodec, 3, 1, {
        errorCode,
        apiKeys: [
          { apiKey: 3, minVersion: 0, maxVersion: metadataMax },
          { apiKey: 18, minVersion: 0, maxVersion: 3 },
          ...(saslV0 ? [{ apiKey: 17, minVersion: 0, maxVersion: 0 }] : []),
        ],
      }),
      ts += 10,
    );
    c.send("client", request(MetadataRequestCodec, 3, 9, 2, { topics: null }), ts += 10);
    c.send("client", request(SaslHandshakeRequestCodec, 17, 1, 3, { mechanism: "PLAIN" }), ts += 10);
  };
  conn(30011, 5);
  conn(30012, 5); // another connection, the same answer
  conn(30013, 12, 0, true); // another answer at the same version: its own ranges
  conn(30014, 5, 35); // UNSUPPORTED_VERSION: no ranges followed
  const pcap = w.bytes();
  const notes = jsonLines(pcap, true).text.map((l) => JSON.parse(l)).filter((m) =>
    m.dir === "request" && m.apiKey !== 18
  )
    .map((m) => `${m.connId} ${m.name} ${m.notes?.join("; ") ?? "-"}`);
  assert.deepEqual(notes, [
    "1 Metadata version 9 outside the broker's range 0–5",
    "1 SaslHandshake API not advertised by the broker",
    "2 Metadata version 9 outside the broker's range 0–5",
    "2 SaslHandshake API not advertised by the broker",
    "3 Metadata -",
    "3 SaslHandshake version 1 outside the broker's range 0–0",
    "4 Metadata -",
    "4 SaslHandshake -",
  ]);
  const { messages, fromBytes } = sameBothWays(pcap);
  assert.equal(messages, 16);
  assert.equal(fromBytes, 16);
});

/** The JSON `format.ts` writes for the decoded, projected body: what {@linkcode frameJson} must give. */
function decodedJson<T>(codec: MessageCodec<T>, bytes: Uint8Array, v: number): string {
  const tags = new Map<object, number>();
  const body = onTheWire(codec.meta, codec.decode(bytes, v, { taggedFieldsRead: tags }), v, tags);
  const out = new JsonOut();
  writeJsonLine(out, {
    tsMicros: 0,
    connId: 1,
    conn: "c",
    dir: "request",
    protocol: "kafka",
    apiKey: 1,
    name: "Fetch",
    version: v,
    bytes: 0,
    body,
  });
  const text = out.text();
  return text.slice(text.indexOf(',"body":') + 8, -1);
}

/** {@linkcode frameJson} of `bytes` as a body after a v0 response header (correlation id 1). */
function frame<T>(codec: MessageCodec<T>, bytes: Uint8Array, v: number) {
  const r = new Reader(new Uint8Array([0, 0, 0, 1, ...bytes]));
  return frameJson(ResponseHeaderCodec.meta, 0, false, codec.meta, v, r, 256);
}

function fromBytes<T>(codec: MessageCodec<T>, bytes: Uint8Array, v: number): string | undefined {
  const j = frame(codec, bytes, v);
  if (j !== undefined) assert.equal(new TextDecoder().decode(j.header), '{"correlationId":1}');
  return j && new TextDecoder().decode(j.body);
}

test("tagged fields go to their place in the field order, unknown ones after the rest", () => {
  // FetchRequest v15: clusterId (tag 0) is its first field, replicaState (tag 1) its second.
  const bytes = FetchRequestCodec.encode({
    clusterId: "cl\u00e9",
    replicaState: { replicaId: 3, replicaEpoch: 9n },
    topics: [{
      topicId: "01234567-89ab-cdef-0123-456789abcdef",
      partitions: [{ partition: 1, fetchOffset: 2n ** 60n }],
    }],
    _unknownTaggedFields: [{ tag: 7, data: new Uint8Array([1, 2]) }],
  }, 15);
  const want = decodedJson(FetchRequestCodec, bytes, 15);
  assert.match(
    want,
    /^\{"clusterId":"clé","replicaState":\{.*"_unknownTaggedFields":\[\{"tag":7,"data":"0102"\}\]\}$/,
  );
  assert.equal(fromBytes(FetchRequestCodec, bytes, 15), want);
  const none = FetchRequestCodec.encode({ replicaState: { replicaId: 3 } }, 15);
  assert.equal(fromBytes(FetchRequestCodec, none, 15), decodedJson(FetchRequestCodec, none, 15));
});

test("a known tag twice, a tagged size that is not its value's, and trailing bytes are left to the decoder", () => {
  // FetchRequest v12 with only clusterId "a" tagged: [count 1] [tag 0] [size 2] [compact "a"].
  const good = FetchRequestCodec.encode({ clusterId: "a" }, 12);
  assert.notEqual(fromBytes(FetchRequestCodec, good, 12), undefined);
  const section = good.length - 5;
  assert.deepEqual([...good.subarray(section)], [1, 0, 2, 2, 0x61]);
  const head = [...good.subarray(0, section)];
  // The decoder takes both (the later value wins; a known tag's size is not checked).
  const twice = new Uint8Array([...head, 2, 0, 2, 2, 0x61, 0, 2, 2, 0x62]);
  const size = new Uint8Array([...head, 1, 0, 3, 2, 0x61]);
  for (const [label, bytes] of [["twice", twice], ["size", size]] as const) {
    assert.doesNotThrow(() => FetchRequestCodec.decode(bytes, 12), label);
    assert.equal(fromBytes(FetchRequestCodec, bytes, 12), undefined, label);
  }
  assert.equal(fromBytes(FetchRequestCodec, new Uint8Array([...good, 0]), 12), undefined, "trailing");
});

test("the first non-zero errorCode is a struct's own before its fields', in field order", () => {
  const bytes = MetadataResponseCodec.encode({
    topics: [{ errorCode: 0, name: "a", partitions: [{ errorCode: 9 }] }, { errorCode: 3, name: "b" }],
  }, 12);
  assert.equal(frame(MetadataResponseCodec, bytes, 12)?.errorCode, 9);
  const own = MetadataResponseCodec.encode({
    errorCode: 0,
    topics: [{ errorCode: 5, partitions: [{ errorCode: 9 }] }],
  }, 12);
  assert.equal(frame(MetadataResponseCodec, own, 12)?.errorCode, 5);
});
