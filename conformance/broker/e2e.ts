/**
 * End-to-end suite against a real Apache Kafka broker: a client's whole life spoken with
 * streamwire's codec only (requests encoded, responses decoded, record batches built and read
 * by `src/kafka`). Started by run.sh, which launches the broker; see README.md.
 *
 *   e2e.ts --broker-version 4.4.0 --bootstrap 127.0.0.1:9092 --sasl 127.0.0.1:9093 \
 *          --sasl-user u --sasl-password p [--modes max,min] [--results file.json] [--verbose]
 *   e2e.ts --summary a.json b.json      # the combined matrix of several runs
 *
 * Each API is exercised at the highest version both sides support ("max" mode) and, on 3.9,
 * also at the oldest version the broker accepts ("min" mode, a client from long ago). Every
 * error code a response carries is checked: one the step did not expect fails the step and is
 * printed by name.
 *
 * @module
 */

import process from "node:process";
import { readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { apiInfo, type ResponseOf } from "../../src/kafka/api.ts";
import { supportedVersions } from "../../src/kafka/versions.ts";
import { ApiFailure, type Cell, Matrix, printMatrix } from "./_harness.ts";
import { BrokerSocket } from "./socket.ts";
import { compareRequestLog, RequestRecorder } from "./_requestlog.ts";
import { arg, CLIENT_ID, type Ctx, eventually, hostPort, K, sleep, V } from "./_context.ts";
import {
  advertisedButRefused,
  apiVersions,
  clusterAndMetadata,
  createTopics,
  partitionsAndConfigs,
  type Topics,
} from "./scenarios/basics.ts";
import {
  deleteRecords,
  idempotence,
  produceAndFetch,
  recordsAtScale,
  wireCorners,
} from "./scenarios/produce_fetch.ts";
import { classicGroup } from "./scenarios/classic_group.ts";
import { consumerGroup } from "./scenarios/consumer_group.ts";
import { shareGroup } from "./scenarios/share_group.ts";
import { streamsGroup } from "./scenarios/streams_group.ts";
import { transactions } from "./scenarios/transactions.ts";
import { adminApis } from "./scenarios/admin.ts";
import { tokensAndFeatures } from "./scenarios/tokens_features.ts";
import { sasl } from "./scenarios/sasl.ts";
import { deleteTopics } from "./scenarios/delete_topics.ts";
import { parseArgs } from "../lib/args.ts";

// Checked (and `--help` answered) before anything runs; values are read with arg() below.
parseArgs({
  usage:
    "e2e.ts --broker-version V --bootstrap H:P --sasl H:P [flags]   |   e2e.ts --summary a.json b.json …",
  summary: "End-to-end suite against a real Kafka broker (started by conformance/broker/run.sh).",
  flags: {
    "broker-version": { kind: "string", help: "the broker's version, for the report", value: "version" },
    bootstrap: { kind: "string", help: "plaintext listener", value: "host:port", default: "127.0.0.1:9092" },
    sasl: { kind: "string", help: "SASL listener", value: "host:port", default: "127.0.0.1:9093" },
    "sasl-user": { kind: "string", help: "SASL user", value: "name" },
    "sasl-password": { kind: "string", help: "SASL password", value: "secret" },
    modes: { kind: "string", help: "comma-separated: max, min, all", value: "list", default: "all" },
    wait: { kind: "number", help: "seconds to wait for the broker", default: 90 },
    results: { kind: "string", help: "write the cells as JSON here", value: "file" },
    "broker-log": { kind: "string", help: "the broker's request log, to compare with ours", value: "file" },
    verbose: { kind: "boolean", help: "print every cell" },
    summary: { kind: "boolean", help: "print the combined matrix of the result files given as arguments" },
    "wait-only": { kind: "boolean", help: "only wait until the broker answers and lists itself, then exit" },
  },
  positionals: { help: "result files (with --summary)" },
});

// ---------------------------------------------------------------------------------------------
// Main

async function waitForBroker(
  host: string,
  port: number,
  seconds: number,
  recorder: RequestRecorder,
): Promise<BrokerSocket> {
  const deadline = Date.now() + seconds * 1000;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const s = await BrokerSocket.connect(host, port, { clientId: CLIENT_ID, timeoutMs: 5000, recorder });
      const ours = supportedVersions(K.ApiVersions)!;
      let r = await s.exchange(s.conn.apiVersionsRequest({ version: ours.max }));
      const retry = s.conn.retryApiVersionsVersion(r.body as ResponseOf<18>);
      if (retry !== undefined) r = await s.exchange(s.conn.apiVersionsRequest({ version: retry }));
      s.conn.applyApiVersions(r.body as ResponseOf<18>);
      // A broker that answers ApiVersions may still be registering; wait until it lists itself.
      const md = await s.send(K.Metadata, { topics: [], allowAutoTopicCreation: false });
      if ((md.body as ResponseOf<3>).brokers.length > 0) return s;
      s.close();
    } catch (e) {
      last = e;
    }
    await sleep(500);
  }
  throw new Error(
    `broker at ${host}:${port} did not answer in ${seconds} s: ${
      last instanceof Error ? last.message : last
    }`,
  );
}

/** Steps needed to reach every version of every API the suite uses (the widest range). */
function spanOf(s: BrokerSocket, major: number): number {
  let span = 1;
  for (const k of Object.values(K)) {
    const hi = s.conn.tryVersion(k);
    const r = s.conn.brokerVersions(k);
    const ours = supportedVersions(k);
    if (hi === undefined || r === undefined || ours === undefined) continue;
    const lo = k === K.Produce && major >= 4 ? Math.max(r.min, ours.min, 3) : Math.max(r.min, ours.min);
    span = Math.max(span, hi - lo);
  }
  return span;
}

function negotiationNotes(ctx: Ctx): void {
  const unknown: string[] = [];
  const above: string[] = [];
  for (let k = 0; k < 200; k++) {
    const r = ctx.s.conn.brokerVersions(k);
    if (r === undefined) continue;
    const ours = supportedVersions(k, { includeUnstable: true });
    if (ours === undefined) unknown.push(String(k));
    else if (r.max > ours.max) above.push(`${k} (broker ${r.min}-${r.max}, codec ${ours.min}-${ours.max})`);
    else if (ctx.s.conn.tryVersion(k) === undefined) above.push(`${k} (no common version)`);
  }
  if (unknown.length) {
    ctx.m.note(`API keys the broker advertises and the codec does not know: ${unknown.join(", ")}`);
  }
  if (above.length) ctx.m.note(`APIs where the broker goes beyond the codec: ${above.join("; ")}`);
}

async function runBroker(): Promise<number> {
  const broker = arg("--broker-version") ?? "unknown";
  const { host, port } = hostPort(arg("--bootstrap") ?? "127.0.0.1:9092");
  const saslAddr = hostPort(arg("--sasl") ?? "127.0.0.1:9093");
  // Steps: "max" (every API at its highest version), "min" (its oldest), "all" (every version
  // of every API: step n tests each API's n-th oldest version, capped at its highest).
  const modes = (arg("--modes") ?? "all").split(",");
  const m = new Matrix(broker);
  const started = Date.now();
  const recorder = new RequestRecorder();
  const s = await waitForBroker(host, port, Number(arg("--wait") ?? 90), recorder);
  console.log(`broker ${broker} answers after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  try {
    const span = spanOf(s, Number(broker.split(".")[0]));
    const steps = [
      ...new Set(
        modes.flatMap((x) =>
          x === "max"
            ? [Infinity]
            : x === "min"
            ? [0]
            : x === "all"
            ? [...Array(span).keys(), Infinity]
            : [Number(x)]
        ),
      ),
    ];
    for (const step of steps) {
      const t0 = Date.now();
      const mode = step === Infinity ? "max" : `s${step}`;
      const ctx: Ctx = {
        m,
        broker,
        major: Number(broker.split(".")[0]),
        host,
        port,
        saslHost: saslAddr.host,
        saslPort: saslAddr.port,
        user: arg("--sasl-user") ?? "streamwire",
        password: arg("--sasl-password") ?? "streamwire-secret",
        step,
        s,
        ids: new Map(),
        prefix: `sw-${mode}-${randomBytes(3).toString("hex")}`,
        recorder,
      };
      if (mode === "max") negotiationNotes(ctx);
      await apiVersions(ctx);
      if (step === 0) await advertisedButRefused(ctx);
      await clusterAndMetadata(ctx);
      let topics: Topics | undefined;
      try {
        topics = await createTopics(ctx);
      } catch (e) {
        m.fail(K.CreateTopics, V(ctx, K.CreateTopics), `setup: ${e instanceof Error ? e.message : e}`);
      }
      if (topics !== undefined) {
        const t = topics;
        for (
          const step of [
            partitionsAndConfigs,
            produceAndFetch,
            recordsAtScale,
            wireCorners,
            idempotence,
            deleteRecords,
            classicGroup,
            consumerGroup,
            shareGroup,
            streamsGroup,
            transactions,
          ]
        ) {
          try {
            await step(ctx, t);
          } catch (e) {
            // A step's own checks record failures; this is a failure outside any check.
            const f = e instanceof ApiFailure ? e : new ApiFailure(K.ApiVersions, -1, String(e));
            m.fail(f.apiKey, f.version, `${step.name}: ${f.message}`);
          }
        }
        await sasl(ctx);
        for (const step of [adminApis, tokensAndFeatures]) {
          try {
            await step(ctx, t);
          } catch (e) {
            const f = e instanceof ApiFailure ? e : new ApiFailure(K.ApiVersions, -1, String(e));
            m.fail(f.apiKey, f.version, `${step.name}: ${f.message}`);
          }
        }
        await deleteTopics(ctx, t);
      }
      console.log(`step ${mode}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    // A last request whose log line says the broker has logged everything before it (it logs a
    // request after sending its response, so the reply alone does not say the line is written).
    await s.send(K.Metadata, { topics: [], allowAutoTopicCreation: false });
  } finally {
    s.close();
  }
  const log = arg("--broker-log");
  if (log !== undefined) {
    const sent = [...recorder.sent.values()];
    const last = sent[sent.length - 1];
    const lastKey = `${last.localPort}:${last.correlationId}`;
    let c;
    try {
      c = await eventually(
        "the broker's request log to show our last request",
        () => Promise.resolve(compareRequestLog(log, recorder)),
        (x) => x.seen.has(lastKey),
        { timeoutMs: 60_000, show: (x) => `${x.logged} of ${x.ours} logged` },
      );
    } catch (e) {
      // Compared as far as it goes; requests the log lacks are only fewer cross-checks.
      m.note(e instanceof Error ? e.message : String(e));
      c = compareRequestLog(log, recorder);
    }
    console.log(`broker request log: ${c.logged} of our ${c.ours} requests logged and compared`);
    if (process.argv.includes("--verbose")) {
      console.log(`  not logged: ${[...c.unlogged].map(([k, n]) => `${k} x${n}`).join(", ")}`);
    }
    for (const cell of c.matched.values()) {
      if (cell.differences.length === 0) {
        m.pass(cell.apiKey, cell.version, `broker's request log agrees (${cell.count} exchange(s))`);
      } else {for (const d of cell.differences) {
          m.fail(cell.apiKey, cell.version, `broker's request log: ${d}`);
        }}
    }
  }
  // Coverage: advertised APIs and versions the run never exercised.
  const missing: string[] = [];
  for (let k = 0; k < 200; k++) {
    const r = s.conn.brokerVersions(k);
    if (r === undefined) continue;
    const seen = new Set(m.sorted().filter((c) => c.apiKey === k).map((c) => c.version));
    const gaps: number[] = [];
    for (let v = r.min; v <= r.max; v++) if (!seen.has(v)) gaps.push(v);
    if (gaps.length === r.max - r.min + 1) missing.push(`${apiInfo(k)?.name ?? k} (${k})`);
    else if (gaps.length > 0) missing.push(`${apiInfo(k)?.name ?? k} v${gaps.join(",")}`);
  }
  if (missing.length > 0) m.note(`advertised but not exercised: ${missing.join("; ")}`);
  const cells = m.sorted();
  const { passed, failed } = printMatrix(cells, process.argv.includes("--verbose"));
  for (const n of m.notes) console.log(`note: ${n}`);
  const results = arg("--results");
  if (results !== undefined) {
    writeFileSync(
      results,
      JSON.stringify({ broker, notes: m.notes, seconds: (Date.now() - started) / 1000, cells }, null, 1),
    );
  }
  console.log(`\nbroker ${broker}: ${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

function runSummary(files: string[]): number {
  const cells: Cell[] = [];
  for (const f of files) {
    const r = JSON.parse(readFileSync(f, "utf8")) as {
      broker: string;
      notes: string[];
      seconds: number;
      cells: Cell[];
    };
    cells.push(...r.cells);
    console.log(`broker ${r.broker}: ${r.seconds.toFixed(0)} s`);
    for (const n of r.notes) console.log(`  note: ${n}`);
  }
  const { passed, failed } = printMatrix(cells, false);
  console.log(`\n${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

/** `--wait-only`: run.sh --serve says "ready" once this returns (clients can connect then). */
async function runWaitOnly(): Promise<number> {
  const { host, port } = hostPort(arg("--bootstrap") ?? "127.0.0.1:9092");
  const started = Date.now();
  const s = await waitForBroker(host, port, Number(arg("--wait") ?? 90), new RequestRecorder());
  s.close();
  console.log(`broker answers after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}

const summary = process.argv.indexOf("--summary");
const code = summary >= 0
  ? runSummary(process.argv.slice(summary + 1))
  : process.argv.includes("--wait-only")
  ? await runWaitOnly()
  : await runBroker();
process.exit(code);
