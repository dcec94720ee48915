import { test } from "node:test";
import assert from "node:assert/strict";
import { type Host, main } from "./main.ts";
import { PcapWriter } from "./pcap_writer.ts";
import { encodeRequest, encodeResponse } from "../kafka/api.ts";
import { encodeRecordBatch } from "../kafka/records/mod.ts";
import { createCodecRegistry } from "../kafka/compression/registry.ts";
import { encodeRequestFrame } from "../iggy/framing.ts";
import { encodeRequestBody as iggyRequest } from "../iggy/dispatch.ts";
import { existsSync, readFileSync } from "node:fs";

function host(args: string[], files: Record<string, Uint8Array> = {}, stdin?: Uint8Array) {
  const out: string[] = [];
  const err: string[] = [];
  const h: Host = {
    args,
    async *readFile(path) {
      const f = files[path];
      if (!f) throw new Error(`No such file: ${path}`);
      for (let o = 0; o < f.length; o += 1000) yield f.subarray(o, o + 1000);
    },
    fileSize: (path) => Promise.resolve(files[path]?.length),
    async *stdin() {
      if (stdin) yield stdin;
    },
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    stdoutIsTerminal: false,
    stderrIsTerminal: false,
  };
  return { h, out, err };
}

function capture(): Uint8Array {
  const w = new PcapWriter();
  const c = w.connection("10.2.0.1", 45000, "10.2.0.2", 9092, 1.7e15);
  c.send(
    "client",
    encodeRequest(3, 12, { correlationId: 1, clientId: "cli" }, {
      topics: [{ name: "orders" }],
      allowAutoTopicCreation: false,
    }, { sizePrefix: true }),
    1.7e15 + 10,
  );
  c.send(
    "server",
    encodeResponse(3, 12, { correlationId: 1 }, {
      brokers: [],
      topics: [{ errorCode: 3, name: "orders", partitions: [] }],
    }, { sizePrefix: true }),
    1.7e15 + 2010,
  );
  c.send(
    "client",
    encodeRequest(18, 3, { correlationId: 2, clientId: "cli" }, {
      clientSoftwareName: "n",
      clientSoftwareVersion: "1",
    }, { sizePrefix: true }),
    1.7e15 + 3000,
  );
  return w.bytes();
}

test("inspect --help prints usage without reading input", async () => {
  const { h, out } = host(["inspect", "--help"]);
  assert.equal(await main(h), 0);
  assert.match(out.join(""), /Usage:/);
});

test("inspect rejects an unknown flag with exit 2", async () => {
  const { h, err } = host(["inspect", "--frobnicate", "x.pcap"]);
  assert.equal(await main(h), 2);
  assert.match(err.join(""), /unknown option --frobnicate/);
});

test("an unknown command fails", async () => {
  const { h } = host(["dissect"]);
  assert.equal(await main(h), 2);
});

test("inspect --format json prints one object per message with the documented keys", async () => {
  const { h, out } = host(["inspect", "--format", "json", "c.pcap"], { "c.pcap": capture() });
  assert.equal(await main(h), 0);
  const rows = out.join("").trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(rows.length, 3);
  for (const k of ["ts", "conn", "dir", "protocol", "apiKey", "name", "version", "correlationId", "body"]) {
    assert.ok(k in rows[0], `missing ${k}`);
  }
  assert.equal(rows[1].dir, "response");
  assert.equal(rows[1].latencyMs, 2);
  assert.equal(rows[1].errorName, "UNKNOWN_TOPIC_OR_PARTITION");
  assert.equal(rows[0].ts, "2023-11-14T22:13:20.000010Z");
});

test("inspect filters: --api, --errors, --topic, --conn", async () => {
  const count = async (...flags: string[]) => {
    const { h, out } = host(["inspect", "--format", "json", ...flags, "c.pcap"], { "c.pcap": capture() });
    assert.equal(await main(h), 0);
    return out.join("").trim().split("\n").filter((l) => l).length;
  };
  assert.equal(await count("--api", "Metadata"), 2);
  assert.equal(await count("--api", "18"), 1);
  assert.equal(await count("--errors"), 1);
  assert.equal(await count("--topic", "orders"), 2);
  assert.equal(await count("--conn", "1"), 3);
  assert.equal(await count("--conn", "nope"), 0);
});

test("inspect --summary-only prints the per-API table", async () => {
  const { h, out } = host(["inspect", "--summary-only", "--format", "pretty", "c.pcap"], {
    "c.pcap": capture(),
  });
  assert.equal(await main(h), 0);
  const text = out.join("");
  assert.match(text, /Metadata\s+1\s+1/);
  assert.match(text, /UNKNOWN_TOPIC_OR_PARTITION×1/);
});

test("inspect reads a hex dump of one direction from stdin", async () => {
  const frame = encodeRequest(18, 3, { correlationId: 4, clientId: "c" }, {
    clientSoftwareName: "n",
    clientSoftwareVersion: "1",
  }, { sizePrefix: true });
  const hex = [...frame].map((b) => b.toString(16).padStart(2, "0")).join(" ");
  const { h, out } = host(
    ["inspect", "--format", "json", "--direction", "request", "-"],
    {},
    new TextEncoder().encode(hex),
  );
  assert.equal(await main(h), 0);
  const row = JSON.parse(out.join("").trim());
  assert.equal(row.name, "ApiVersions");
  assert.equal(row.correlationId, 4);
});

test("inspect -v prints the decoded tree in pretty form", async () => {
  const { h, out } = host(["inspect", "-v", "--format", "pretty", "c.pcap"], { "c.pcap": capture() });
  assert.equal(await main(h), 0);
  assert.match(out.join(""), /body:\n\s+topics: \[1\]\n\s+\[0\]:\n\s+topicId: /);
});

const TOPIC_ID = "5f7b0d7e-6f0a-4f7e-9d0b-1b2c3d4e5f60";

/** Produce v13 (topic by id only) after and before the Metadata reply that names the id. */
function byIdCapture(): Uint8Array {
  const w = new PcapWriter();
  const c = w.connection("10.2.0.1", 45001, "10.2.0.2", 9092, 1.7e15);
  const produce = (corr: number) =>
    encodeRequest(0, 13, { correlationId: corr, clientId: "cli" }, {
      acks: -1,
      timeoutMs: 1000,
      topicData: [{ topicId: TOPIC_ID, partitionData: [{ index: 0, records: null }] }],
    }, { sizePrefix: true });
  c.send("client", produce(1), 1.7e15 + 1);
  c.send(
    "client",
    encodeRequest(3, 12, { correlationId: 2, clientId: "cli" }, { topics: null }, { sizePrefix: true }),
    1.7e15 + 2,
  );
  c.send(
    "server",
    encodeResponse(3, 12, { correlationId: 2 }, {
      brokers: [],
      topics: [{ errorCode: 0, name: "orders", topicId: TOPIC_ID, partitions: [] }],
    }, { sizePrefix: true }),
    1.7e15 + 3,
  );
  c.send("client", produce(3), 1.7e15 + 4);
  return w.bytes();
}

test("inspect --topic finds Produce v13 by the topic id a Metadata reply in the capture gave it", async () => {
  const { h, out } = host(["inspect", "--format", "json", "--topic", "orders", "c.pcap"], {
    "c.pcap": byIdCapture(),
  });
  assert.equal(await main(h), 0);
  const rows = out.join("").trim().split("\n").map((l) => JSON.parse(l));
  // The Metadata reply names it; the second Produce carries only the id, learnt by then.
  assert.deepEqual(rows.map((r) => [r.name, r.correlationId]), [["Metadata", 2], ["Produce", 3]]);
});

test("inspect --api takes Kafka names, Iggy CommandCode and dotted names, numbers; unknown names fail with the list", async () => {
  const w = new PcapWriter();
  const c = w.connection("10.2.0.1", 45002, "10.2.0.2", 8090, 1.7e15);
  c.send("client", encodeRequestFrame(101, 1n, iggyRequest(101, sendMessagesBody())), 1.7e15 + 1);
  c.send("client", encodeRequestFrame(1, 2n, new Uint8Array()), 1.7e15 + 2);
  const files = { "c.pcap": capture(), "i.pcap": w.bytes() };
  const count = async (api: string, file: string) => {
    const { h, out } = host(["inspect", "--format", "json", "--api", api, file], files);
    assert.equal(await main(h), 0, api);
    return out.join("").trim().split("\n").filter((l) => l).length;
  };
  assert.equal(await count("SendMessages", "i.pcap"), 1);
  assert.equal(await count("message.send", "i.pcap"), 1);
  assert.equal(await count("sendmessages,Ping", "i.pcap"), 2);
  assert.equal(await count("metadata", "c.pcap"), 2);
  assert.equal(await count("ApiVersions", "c.pcap"), 1);
  for (const bad of ["Bogus", "message.sendd", ""]) {
    const { h, err } = host(["inspect", "--api", bad, "c.pcap"], files);
    assert.equal(await main(h), 2, bad);
    if (bad) assert.match(err.join(""), new RegExp(`unknown API or command "${bad.replace(".", "\\.")}"`));
  }
  const { h, err } = host(["inspect", "--api", "Bogus", "c.pcap"], files);
  await main(h);
  assert.match(err.join(""), /Kafka: Produce, Fetch, ListOffsets, Metadata/);
  assert.match(err.join(""), /SendMessages \(message\.send\)/);
});

test("inspect -v --records shows printable bytes as text, the codec by name, timestamps as dates", async () => {
  const enc = new TextEncoder();
  const records = encodeRecordBatch({
    compression: 4,
    records: [
      { key: enc.encode("user-1"), value: enc.encode("clicked"), timestamp: 1700000000000 },
      { value: Uint8Array.of(0, 1, 0x61, 0x62, 0xff), timestamp: 1700000000001 },
    ],
  }, { codecs: createCodecRegistry() });
  const w = new PcapWriter();
  const c = w.connection("10.2.0.1", 45003, "10.2.0.2", 9092, 1.7e15);
  c.send(
    "client",
    encodeRequest(0, 9, { correlationId: 1, clientId: "cli" }, {
      acks: -1,
      timeoutMs: 1000,
      topicData: [{ name: "orders", partitionData: [{ index: 0, records }] }],
    }, { sizePrefix: true }),
    1.7e15 + 1,
  );
  const { h, out } = host(["inspect", "-v", "--records", "--format", "pretty", "c.pcap"], {
    "c.pcap": w.bytes(),
  });
  assert.equal(await main(h), 0);
  const text = out.join("");
  assert.match(text, /compression: 4 \(zstd\)/);
  assert.match(text, /key: "user-1" \(6 bytes\)/);
  assert.match(text, /value: "clicked" \(7 bytes\)/);
  assert.match(text, /value: 00016162ff \|\.\.ab\.\| \(5 bytes\)/);
  assert.match(text, /timestamp: 1700000000000 \(2023-11-14T22:13:20\.000Z\)/);
  assert.match(text, /timestampType: 0 \(CreateTime\)/);
});

test("inspect --version prints the version of deno.json", async () => {
  const deno = JSON.parse(readFileSync(findUp("deno.json"), "utf8")) as { version: string };
  for (const args of [["--version"], ["inspect", "--version"]]) {
    const { h, out } = host(args);
    assert.equal(await main(h), 0);
    assert.equal(out.join(""), `streamwire ${deno.version}\n`);
  }
});

test("inspect --defaults shows the decoder's defaults apart, under _defaults", async () => {
  const { h, out } = host(["inspect", "--format", "json", "--defaults", "c.pcap"], { "c.pcap": capture() });
  assert.equal(await main(h), 0);
  const rows = out.join("").trim().split("\n").map((l) => JSON.parse(l));
  // Metadata v12 has no top-level errorCode (v13+): only a default, so only under _defaults.
  assert.equal("errorCode" in rows[1].body, false);
  assert.equal(rows[1].body._defaults.errorCode, 0);
});

function findUp(name: string): URL {
  for (let u = new URL("./", import.meta.url); u.pathname !== "/"; u = new URL("../", u)) {
    if (existsSync(new URL(name, u))) return new URL(name, u);
  }
  throw new Error(`${name} not found`);
}

function sendMessagesBody() {
  return {
    streamId: { kind: "numeric", value: 1 } as const,
    topicId: { kind: "numeric", value: 1 } as const,
    partitioning: { kind: "balanced" } as const,
    messages: [{ id: 1n, payload: new TextEncoder().encode("hello") }],
  };
}
