import { test } from "node:test";
import assert from "node:assert/strict";
import { CaptureReader } from "./capture.ts";
import { Inspector } from "./inspector.ts";
import type { InspectedMessage } from "./message.ts";
import { PcapWriter } from "./pcap_writer.ts";
import { encodeRequest, encodeResponse } from "../kafka/api.ts";
import { encodeRequestFrame, encodeResponseFrame } from "../iggy/framing.ts";
import { encodeRequestBody as iggyRequestBody } from "../iggy/dispatch.ts";
import { kafkaCorpus, sized } from "../testdata/kafka_corpus_test.ts";

function run(capture: Uint8Array, chunk = 1 << 16): { msgs: InspectedMessage[]; ins: Inspector } {
  const ins = new Inspector();
  const reader = new CaptureReader();
  const msgs: InspectedMessage[] = [];
  for (let o = 0; o < capture.length; o += chunk) {
    for (const p of reader.push(capture.subarray(o, o + chunk))) msgs.push(...ins.packet(p));
  }
  msgs.push(...ins.finish());
  return { msgs, ins };
}

test("Inspector decodes every Kafka API and version of the vectors, paired by correlation id", () => {
  const { pcap, messages } = kafkaCorpus();
  assert.ok(messages.length > 3000, `only ${messages.length} messages`);
  // Chunks that cut frames and packets anywhere.
  const { msgs } = run(pcap, 7919);
  assert.equal(msgs.length, messages.length);
  const failed = msgs.filter((m) => m.error);
  assert.deepEqual(failed.map((m) => `${m.name} v${m.version} ${m.dir}: ${m.error?.detail}`), []);
  for (const m of msgs.filter((m) => m.dir === "response")) {
    assert.ok(m.latencyMs !== undefined && m.latencyMs > 0, `${m.name} v${m.version} has no latency`);
    assert.equal(typeof m.body, "object");
  }
});

test("Inspector reassembles out-of-order, repeated and overlapping segments", () => {
  const w = new PcapWriter();
  const c = w.connection("10.1.0.1", 41001, "10.1.0.2", 9092, 1e15, { mss: 16 });
  const req = encodeRequest(3, 12, { correlationId: 9, clientId: "x" }, {
    topics: [{ name: "orders" }, { name: "payments" }],
    allowAutoTopicCreation: false,
  }, { sizePrefix: true });
  const segs = c.segments("client", req);
  // Reverse order, the first one twice, and one overlapping copy of two segments.
  const overlap = { seq: segs[1].seq, payload: req.subarray(16, 40) };
  for (const s of [...segs].reverse()) c.write("client", 1e15 + 1, s);
  c.write("client", 1e15 + 2, segs[0]);
  c.write("client", 1e15 + 3, overlap);
  const { msgs } = run(w.bytes());
  assert.equal(msgs.length, 1);
  assert.equal(msgs[0].name, "Metadata");
  assert.equal(msgs[0].error, undefined);
  assert.equal((msgs[0].body as { topics: { name: string }[] }).topics[1].name, "payments");
});

test("Inspector resynchronises on a capture that starts mid-stream and says so", () => {
  const w = new PcapWriter();
  const c = w.connection("10.1.0.1", 41002, "10.1.0.2", 9092, 1e15, { handshake: false });
  const a = encodeRequest(18, 3, { correlationId: 1, clientId: "c" }, {
    clientSoftwareName: "n",
    clientSoftwareVersion: "1",
  }, { sizePrefix: true });
  const b = encodeRequest(3, 12, { correlationId: 2, clientId: "c" }, {
    topics: null,
    allowAutoTopicCreation: true,
  }, { sizePrefix: true });
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  const cut = 7; // the capture starts 7 bytes into the first frame
  const segs = c.segments("client", joined);
  c.write("client", 1e15, { seq: segs[0].seq + cut, payload: joined.subarray(cut) });
  const { msgs } = run(w.bytes());
  const ok = msgs.filter((m) => !m.error);
  assert.equal(ok.length, 1);
  assert.equal(ok[0].name, "Metadata");
  assert.match(ok[0].notes?.join() ?? "", /resynchronised: skipped 14 bytes/);
});

test("Inspector skips a capture hole and decodes what follows", () => {
  const w = new PcapWriter();
  const c = w.connection("10.1.0.1", 41003, "10.1.0.2", 9092, 1e15, { mss: 8 });
  const frames = [1, 2, 3].map((i) =>
    encodeRequest(3, 12, { correlationId: i, clientId: "c" }, {
      topics: [{ name: `t${i}` }],
      allowAutoTopicCreation: false,
    }, {
      sizePrefix: true,
    })
  );
  const all = c.segments("client", new Uint8Array(frames.reduce<number[]>((a, f) => [...a, ...f], [])));
  const drop = 3; // inside the first frame
  all.forEach((s, i) => {
    if (i !== drop) c.write("client", 1e15 + i, s);
  });
  const { msgs, ins } = run(w.bytes());
  const ok = msgs.filter((m) => !m.error).map((m) => m.correlationId);
  assert.deepEqual(ok, [2, 3]);
  assert.equal(ins.stats.lostBytes, 8);
});

test("Inspector follows ApiVersions: a v0 answer to a newer version decodes, later versions are checked", () => {
  const w = new PcapWriter();
  const c = w.connection("10.1.0.1", 41004, "10.1.0.2", 9092, 1e15);
  const req = encodeRequest(18, 4, { correlationId: 1, clientId: "c" }, {
    clientSoftwareName: "n",
    clientSoftwareVersion: "1",
  }, { sizePrefix: true });
  // The broker answers in v0: UNSUPPORTED_VERSION with its range.
  const res = encodeResponse(18, 0, { correlationId: 1 }, {
    errorCode: 35,
    apiKeys: [{ apiKey: 18, minVersion: 0, maxVersion: 3 }, { apiKey: 3, minVersion: 0, maxVersion: 9 }],
  }, { sizePrefix: true });
  c.send("client", req, 1e15);
  c.send("server", res, 1e15 + 10);
  const { msgs } = run(w.bytes());
  assert.equal(msgs.length, 2);
  assert.equal(msgs[1].version, 0);
  assert.equal(msgs[1].errorName, "UNSUPPORTED_VERSION");
  assert.match(msgs[1].notes?.join() ?? "", /answered in v0/);
});

test("Inspector decodes Iggy crate-layout frames of a known port, paired by request id", () => {
  const w = new PcapWriter();
  const c = w.connection("10.1.0.1", 41005, "10.1.0.2", 8090, 1e15);
  const payload = iggyRequestBody(202, { name: "orders", options: new Uint8Array() });
  c.send("client", encodeRequestFrame(202, 77n, payload), 1e15);
  c.send("client", encodeRequestFrame(1, 78n, new Uint8Array()), 1e15 + 1);
  c.send("server", encodeResponseFrame(0, 78n, new Uint8Array()), 1e15 + 5);
  c.send("server", encodeResponseFrame(1012, 77n, new Uint8Array()), 1e15 + 9);
  const { msgs } = run(w.bytes());
  assert.deepEqual(msgs.map((m) => [m.dir, m.name, m.requestId, m.errorCode]), [
    ["request", msgs[0].name, "77", undefined],
    ["request", "ping", "78", undefined],
    ["response", "ping", "78", undefined],
    ["response", msgs[0].name, "77", 1012],
  ]);
  assert.equal((msgs[0].body as { name: string }).name, "orders");
  assert.equal(msgs[0].layout, "crate");
});

test("Inspector sniffs Kafka on an unusual port", () => {
  const w = new PcapWriter();
  const c = w.connection("10.1.0.1", 41006, "10.1.0.2", 19093, 1e15);
  c.send(
    "client",
    encodeRequest(18, 3, { correlationId: 1, clientId: "c" }, {
      clientSoftwareName: "n",
      clientSoftwareVersion: "1",
    }, { sizePrefix: true }),
    1e15,
  );
  const { msgs } = run(w.bytes());
  assert.equal(msgs.length, 1);
  assert.equal(msgs[0].protocol, "kafka");
});

test("Inspector reports an undecodable frame with its hex prefix and goes on", () => {
  const w = new PcapWriter();
  const c = w.connection("10.1.0.1", 41007, "10.1.0.2", 9092, 1e15);
  const bad = sized([new Uint8Array([0, 3, 0, 12, 0, 0, 0, 1, 0, 1, 0x63, 0xff])]);
  const good = encodeRequest(18, 3, { correlationId: 2, clientId: "c" }, {
    clientSoftwareName: "n",
    clientSoftwareVersion: "1",
  }, { sizePrefix: true });
  c.send("client", bad, 1e15);
  c.send("client", good, 1e15 + 1);
  const { msgs } = run(w.bytes());
  assert.equal(msgs.length, 2);
  assert.ok(msgs[0].error);
  assert.match(msgs[0].hexPrefix ?? "", /^0003000c/);
  assert.equal(msgs[1].error, undefined);
});

test("Inspector time is linear in the bytes pushed, whatever the chunking", () => {
  // One 8 MiB Produce-sized frame through the raw-stream path: whole vs 1-byte vs random chunks.
  const big = new Uint8Array(8 << 20);
  new DataView(big.buffer).setUint32(0, big.length - 4);
  big.set([0, 18, 0, 3, 0, 0, 0, 1, 0, 1, 0x63], 4);
  const time = (chunks: (n: number) => number) => {
    const ins = new Inspector();
    const t0 = performance.now();
    for (let o = 0; o < big.length;) {
      const n = Math.min(chunks(o), big.length - o);
      ins.stream("request", big.subarray(o, o + n), 0, "kafka");
      o += n;
    }
    return performance.now() - t0;
  };
  const whole = Math.max(time(() => big.length), 5);
  let seed = 7;
  const random = time(() => 1 + ((seed = (seed * 1103515245 + 12345) >>> 0) % 3000));
  const byte = time(() => 1);
  // A quadratic decoder takes minutes here; linear is a few hundred ms per MiB at worst.
  assert.ok(
    random < whole * 50 + 2000,
    `random chunks ${random.toFixed(0)} ms vs whole ${whole.toFixed(0)} ms`,
  );
  assert.ok(byte < 60_000, `1-byte chunks ${byte.toFixed(0)} ms`);
});
