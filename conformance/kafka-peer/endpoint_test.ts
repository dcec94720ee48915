/**
 * The endpoint over real sockets: every bad-input case of probe.ts, each on its own connection
 * and all at once, must end as it ended against Apache Kafka 4.4.0 (probe_kafka-4.4.0.txt,
 * recorded by the command in README.md), while a well-behaved client on another connection
 * keeps being served; the summary counts what happened.
 */

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { connect, type Socket } from "node:net";
import { Buffer } from "node:buffer";
import { ClientConnection, encodeRecordBatch } from "../../src/kafka/mod.ts";
import { normalizeOutcome, probeCases, runCase } from "./probe.ts";
import { repoRoot } from "../lib/files.ts";
import { parseArgs, startEndpoint, summaryLine } from "./endpoint.ts";

const USER = "streamwire";
const PASSWORD = "streamwire-secret";
/** Bounds a wait that an event normally ends (a reply, a close). */
const TIMEOUT_MS = 30_000;

/** Kafka's outcome of each case, by case name (names contain ": " too, so they are matched whole). */
function reference(names: string[]): Map<string, string> {
  const path = join(repoRoot(), "conformance", "kafka-peer", "probe_kafka-4.4.0.txt");
  const lines = readFileSync(path, "utf8").split("\n");
  const out = new Map<string, string>();
  for (const name of names) {
    const line = lines.find((l) => l.startsWith(`${name}: `));
    if (line !== undefined) out.set(name, normalizeOutcome(line.slice(name.length + 2)));
  }
  return out;
}

/** A client on its own connection, one request at a time. */
class Client {
  readonly conn = new ClientConnection({ clientId: "healthy" });
  readonly #socket: Socket;
  #waiting: ((r: unknown) => void)[] = [];
  #failed: Error | undefined;
  /** Resolves when the endpoint closes the connection. */
  readonly closed: Promise<void>;

  private constructor(socket: Socket) {
    this.#socket = socket;
    this.closed = new Promise((resolve) => socket.once("close", () => resolve()));
    socket.on("data", (chunk: Uint8Array) => {
      for (const r of this.conn.receive(new Uint8Array(chunk))) this.#waiting.shift()?.(r);
    });
    socket.on("close", () => {
      this.#failed = new Error("the endpoint closed the healthy connection");
      for (const w of this.#waiting.splice(0)) w(this.#failed);
    });
  }

  static open(port: number): Promise<Client> {
    return new Promise((resolve, reject) => {
      const s = connect({ host: "127.0.0.1", port }, () => resolve(new Client(s)));
      s.once("error", reject);
    });
  }

  async call(
    apiKey: number,
    body: unknown,
    version?: number,
  ): Promise<{ apiKey: number; body: Record<string, unknown> }> {
    if (this.#failed) throw this.#failed;
    const req = apiKey === 18
      ? this.conn.apiVersionsRequest()
      : this.conn.request(apiKey as 3, body as never, version === undefined ? undefined : { version });
    const r = await new Promise<unknown>((resolve, reject) => {
      const t = setTimeout(
        () => reject(new Error(`no reply to API ${apiKey} within ${TIMEOUT_MS} ms`)),
        TIMEOUT_MS,
      );
      this.#waiting.push((x) => {
        clearTimeout(t);
        resolve(x);
      });
      this.#socket.write(Buffer.from(req.frame));
    });
    if (r instanceof Error) throw r;
    return r as { apiKey: number; body: Record<string, unknown> };
  }

  close(): void {
    this.#socket.destroy();
  }
}

describe("kafka:endpoint over TCP", () => {
  it("answers every bad-input case as Kafka 4.4.0 does, all at once, while another client is served", async () => {
    // One broker, two listeners (as Kafka's PLAINTEXT and SASL_PLAINTEXT), like the client judges use it.
    const ep = await startEndpoint(
      parseArgs(["--port", "0", "--sasl-port", "0", "--sasl-plain", `${USER}:${PASSWORD}`]),
    );
    const plain = { port: ep.port };
    const sasl = { port: ep.saslPort! };
    try {
      const healthy = await Client.open(plain.port);
      const r = await healthy.call(18, {});
      if (r.apiKey === 18) healthy.conn.applyApiVersions(r.body as never);
      await healthy.call(19, {
        topics: [{ name: "steady", numPartitions: 1, replicationFactor: 1, assignments: [], configs: [] }],
        timeoutMs: 1000,
      });
      const cases = probeCases(USER, PASSWORD);
      const expected = reference(cases.map((c) => c.name));
      assert.equal(expected.size, cases.length, "probe_kafka-4.4.0.txt has a line for every case");
      const results = Promise.all(
        cases.map((c) =>
          runCase(c, `127.0.0.1:${c.listener === "sasl" ? sasl.port : plain.port}`, TIMEOUT_MS)
        ),
      );
      // Meanwhile, on its own connection: produce and read back, ten times.
      const value = new TextEncoder().encode("still here");
      for (let i = 0; i < 10; i++) {
        const records = encodeRecordBatch({ records: [{ value, timestamp: 1700000000000 }] });
        const p = await healthy.call(0, {
          acks: -1,
          timeoutMs: 1000,
          topicData: [{ name: "steady", partitionData: [{ index: 0, records }] }],
        }, 12); // by name (v13 names topics by id)
        const part =
          (p.body.responses as { partitionResponses: { errorCode: number; baseOffset: bigint }[] }[])[0]
            .partitionResponses[0];
        assert.deepEqual([part.errorCode, part.baseOffset], [0, BigInt(i)]);
      }
      const outcomes = await results;
      for (let i = 0; i < cases.length; i++) {
        assert.equal(normalizeOutcome(outcomes[i].outcome), expected.get(cases[i].name), cases[i].name);
      }
      const md = await healthy.call(3, { topics: null, allowAutoTopicCreation: false });
      assert.equal((md.body.topics as unknown[]).length, 3); // steady + the two probe topics
      healthy.close();
      // Closed without an answer: 9 on the plain listener, 4 on the SASL one, plus the request
      // after a SaslHandshake v1 (answered, then closed).
      assert.equal(ep.stats.undecodable, 14, summaryLine(ep.stats));
      assert.equal(ep.stats.handlerErrors, 0, summaryLine(ep.stats));
    } finally {
      await ep.stop();
    }
  });

  it("refuses connections over --max-connections and closes idle ones", async () => {
    const ep = await startEndpoint(
      parseArgs(["--port", "0", "--max-connections", "1", "--idle-timeout-ms", "300"]),
    );
    try {
      const first = await Client.open(ep.port);
      await first.call(18, {});
      const refused = await new Promise<string>((resolve) => {
        const s = connect({ host: "127.0.0.1", port: ep.port });
        const t = setTimeout(() => resolve("still open"), TIMEOUT_MS);
        s.on("close", () => {
          clearTimeout(t);
          resolve("closed");
        });
        s.on("error", () => {});
      });
      assert.equal(refused, "closed");
      assert.equal(ep.stats.refused, 1);
      // The first connection now sends nothing: the idle timeout closes it.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const outcome = await Promise.race([
        first.closed.then(() => "closed"),
        new Promise((resolve) =>
          timer = setTimeout(() => resolve(`open after ${TIMEOUT_MS} ms`), TIMEOUT_MS)
        ),
      ]);
      clearTimeout(timer);
      assert.equal(outcome, "closed");
    } finally {
      await ep.stop();
    }
  });
});
