/**
 * Kafka traffic for the inspector's corpus, built from kafka-clients' vectors: every valid
 * request and response body of every API and version (`vectors/kafka/<api>.json`, framing
 * `body`), each request behind a request header of its version, each response answering a
 * request of the same API and version; and the vectors' own header+body frames. The body and
 * header bytes are kafka-clients'; the size prefixes, correlation ids, client id and TCP/IP
 * packets are laid out here (kafka-clients has no notion of a capture).
 *
 * `deno run -A conformance/captures/write_kafka.ts FILE` writes it to a file; the value each
 * message carries is returned beside the capture, so a test can hold the inspector's output
 * against what kafka-clients decoded.
 *
 * @module
 */

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { PcapWriter } from "../cli/pcap_writer.ts";
import { apiInfo, requestHeaderVersion, responseHeaderVersion } from "../kafka/api.ts";
import { encodeWith } from "../kafka/codec.ts";
import { RequestHeaderCodec } from "../kafka/messages/request_header.ts";
import { ResponseHeaderCodec } from "../kafka/messages/response_header.ts";
import { fromHex } from "../wire/hex.ts";

interface Vec {
  apiKey?: number;
  testGroups: {
    direction: string;
    version?: number;
    framing: string;
    tests: { name: string; hex?: string; result: string; op?: string; options?: unknown; value?: unknown }[];
  }[];
}

/** One message of the corpus, in capture order. */
export interface CorpusMessage {
  /** Kafka API key. */
  apiKey: number;
  /** API version. */
  version: number;
  /** Client to broker, or back. */
  dir: "request" | "response";
  /** The body's value as the vector gives it (kafka-clients' decode, JSON form); absent for a repeated request. */
  body?: Record<string, unknown>;
  /** The header's value when the vector holds header and body. */
  header?: Record<string, unknown>;
  /** The vector's name (`req.v3.defaults`), with its body. */
  vector?: string;
}

function vectorsDir(): URL {
  for (let u = new URL("./", import.meta.url); u.pathname !== "/"; u = new URL("../", u)) {
    if (existsSync(new URL("vectors/manifest.json", u))) return new URL("vectors/kafka/", u);
  }
  throw new Error("vectors/ not found");
}

/** `parts` joined behind a 4-byte big-endian size: a Kafka frame. */
export function sized(parts: Uint8Array[]): Uint8Array {
  const n = parts.reduce((a, p) => a + p.length, 0);
  const out = new Uint8Array(4 + n);
  new DataView(out.buffer).setUint32(0, n);
  let o = 4;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

interface Sample {
  name: string;
  bytes: Uint8Array;
  value: Record<string, unknown>;
}

/** The corpus capture (one connection to port 9092), and its messages in order. */
export function kafkaCorpus(): { pcap: Uint8Array; messages: CorpusMessage[] } {
  const w = new PcapWriter();
  let ts = 1_764_590_400_000_000; // 2025-12-01T12:00:00Z
  const c = w.connection("127.0.0.1", 50100, "127.0.0.1", 9092, ts);
  const messages: CorpusMessage[] = [];
  let corr = 0;
  const requestFrame = (apiKey: number, version: number, id: number, body: Uint8Array) =>
    sized([
      encodeWith(
        RequestHeaderCodec,
        { requestApiKey: apiKey, requestApiVersion: version, correlationId: id, clientId: "corpus" },
        requestHeaderVersion(apiKey, version),
      ),
      body,
    ]);
  const dir = vectorsDir();
  for (const f of readdirSync(dir).sort()) {
    if (!f.endsWith(".json")) continue;
    const v = JSON.parse(readFileSync(new URL(f, dir), "utf8")) as Vec;
    const apiKey = v.apiKey;
    if (apiKey === undefined || !apiInfo(apiKey)) continue;
    const bodies = new Map<string, Sample[]>();
    const framed: { dir: string; version: number; sample: Sample }[] = [];
    for (const g of v.testGroups) {
      if (g.version === undefined) continue;
      for (const t of g.tests) {
        if (t.result !== "valid" || t.hex === undefined || t.op === "encode" || t.options) continue;
        const sample = { name: t.name, bytes: fromHex(t.hex), value: t.value as Record<string, unknown> };
        if (g.framing === "body") {
          const key = `${g.direction}/${g.version}`;
          bodies.set(key, [...bodies.get(key) ?? [], sample]);
        } else if (g.framing === "header+body") framed.push({ dir: g.direction, version: g.version, sample });
      }
    }
    const versions = new Set([...bodies.keys()].map((k) => Number(k.split("/")[1])));
    for (const version of [...versions].sort((a, b) => a - b)) {
      const reqs = bodies.get(`request/${version}`) ?? [];
      const ress = bodies.get(`response/${version}`) ?? [];
      if (reqs.length === 0) continue;
      const hv = responseHeaderVersion(apiKey, version);
      for (let i = 0; i < Math.max(reqs.length, ress.length); i++) {
        const id = ++corr;
        const req = reqs[i % reqs.length];
        c.send("client", requestFrame(apiKey, version, id, req.bytes), ts += 50);
        messages.push(
          i < reqs.length
            ? { apiKey, version, dir: "request", body: req.value, vector: req.name }
            : { apiKey, version, dir: "request" },
        );
        if (i >= ress.length) continue;
        const header = encodeWith(ResponseHeaderCodec, { correlationId: id }, hv);
        c.send("server", sized([header, ress[i].bytes]), ts += 120);
        messages.push({ apiKey, version, dir: "response", body: ress[i].value, vector: ress[i].name });
      }
    }
    for (const { dir, version, sample } of framed) {
      const value = sample.value as { header: Record<string, unknown>; body: Record<string, unknown> };
      if (dir === "request") {
        c.send("client", sized([sample.bytes]), ts += 50);
        messages.push({
          apiKey,
          version,
          dir: "request",
          header: value.header,
          body: value.body,
          vector: sample.name,
        });
        continue;
      }
      // A response answers the request with its correlation id: send one of the same version first.
      const req = bodies.get(`request/${version}`)?.[0];
      if (!req) continue;
      const id = new DataView(sample.bytes.buffer, sample.bytes.byteOffset).getInt32(0);
      c.send("client", requestFrame(apiKey, version, id, req.bytes), ts += 50);
      messages.push({ apiKey, version, dir: "request" });
      c.send("server", sized([sample.bytes]), ts += 120);
      messages.push({
        apiKey,
        version,
        dir: "response",
        header: value.header,
        body: value.body,
        vector: sample.name,
      });
    }
  }
  c.close("client", ts += 10);
  return { pcap: w.bytes(), messages };
}
