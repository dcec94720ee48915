/**
 * The Python SDK real-peer suite: starts the loopback endpoint (127.0.0.1, a free port) at the
 * revision the SDK speaks (apache-iggy 0.9.0 wraps the Rust SDK 0.11.0: revision `0.11.0`), runs
 * the scripted session (python/session.py) with the given interpreter, and fails when the SDK
 * reports a failed step, when a request could not be decoded, or when a connection was evicted
 * by a protocol rule (a refused login is the only eviction the script provokes).
 *
 * Usage: deno run -A conformance/iggy-peer/python.ts --python <venv python> [--revision R] [--record f.json]
 *
 * @module
 */

import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import process from "node:process";
import { EvictionReason, type IncomingRequest } from "../../src/iggy/mod.ts";
import { parseArgs } from "../lib/args.ts";
import { type EndpointExchange, startEndpoint } from "./endpoint.ts";

/** The whole session must end within this. */
const SESSION_TIMEOUT_MS = 240_000;
/** Evictions the script provokes on purpose: a wrong password and an unknown token. */
const EXPECTED_EVICTIONS = new Set<number>([EvictionReason.InvalidCredentials, EvictionReason.InvalidToken]);

const { flags } = parseArgs({
  usage: "deno run -A conformance/iggy-peer/python.ts --python <interpreter> [flags]",
  summary: "Runs the apache-iggy scripted session against streamwire's endpoint.",
  flags: {
    python: { kind: "string", help: "the virtualenv's python (with apache-iggy installed)" },
    revision: { kind: "string", help: "endpoint revision", default: "0.11.0" },
    record: { kind: "string", help: "write every request/reply frame (hex) to this file" },
  },
});
if (flags.python === undefined) {
  console.error("--python <interpreter> is required");
  process.exit(2);
}

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
const problems: string[] = [];
const exchanges: EndpointExchange[] = [];
const endpoint = await startEndpoint({
  port: 0,
  revision: flags.revision,
  onExchange: (e) => exchanges.push(e),
  onProblem: (p) => problems.push(p),
  onEviction: (connection, ev) => {
    if (!EXPECTED_EVICTIONS.has(ev.reason)) {
      problems.push(`connection ${connection}: evicted by a protocol rule: ${ev.detail}`);
    }
  },
  // Fault injection, as for the Rust SDK: the server goes away after creating "peer-reconnect".
  dropAfter: (req: IncomingRequest) =>
    req.code === 202 && (req.payload as { name: string }).name === "peer-reconnect",
});
const started = performance.now();
const child = spawn(flags.python, [
  new URL("./python/session.py", import.meta.url).pathname,
  `127.0.0.1:${endpoint.port}`,
], {
  stdio: ["ignore", "pipe", "inherit"],
});
let out = "";
child.stdout.on("data", (d: Uint8Array) => {
  const s = new TextDecoder().decode(d);
  out += s;
  process.stdout.write(s);
});
const timer = setTimeout(() => {
  problems.push(`the Python session did not finish within ${SESSION_TIMEOUT_MS / 1000} s`);
  child.kill("SIGKILL");
}, SESSION_TIMEOUT_MS);
const [code, signal]: [number | null, string | null] = await new Promise((resolve) =>
  child.on("close", (c: number | null, sig: string | null) => resolve([c, sig]))
);
clearTimeout(timer);
await endpoint.close();
const summary = /(\d+) passed, (\d+) failed/.exec(out);
if (summary === null) problems.push("the Python session did not print its summary");
else if (summary[2] !== "0") problems.push(`the Python session reported ${summary[2]} failed step(s)`);
else if (code !== 0) {
  problems.push(
    `the Python session passed every step but ended with ${
      signal ? `signal ${signal}` : `exit code ${code}`
    }`,
  );
}
if (flags.record !== undefined) {
  writeFileSync(
    flags.record,
    JSON.stringify(
      exchanges.map((e) => ({ connection: e.connection, request: hex(e.request), reply: hex(e.reply) })),
      null,
      1,
    ),
  );
}
console.log(
  `endpoint: ${exchanges.length} requests answered on 127.0.0.1:${endpoint.port} (revision ${flags.revision}) in ${
    Math.round(performance.now() - started)
  } ms`,
);
for (const p of problems) console.log(`PROBLEM ${p}`);
console.log(problems.length === 0 ? "iggy-python: ok" : "iggy-python: FAILED");
process.exit(problems.length === 0 ? 0 : 1);
