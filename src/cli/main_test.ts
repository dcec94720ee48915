import { test } from "node:test";
import assert from "node:assert/strict";
import { type Host, main } from "./main.ts";
import { PcapWriter } from "./pcap_writer.ts";
import { encodeRequest, encodeResponse } from "../kafka/api.ts";

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
