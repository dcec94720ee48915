/**
 * `streamwire inspect` over the endpoint's captures (run.sh's last step): the command is run
 * in-process exactly as `deno task inspect --format json FILE…` would run, and every message must
 * decode — except the client quirks listed in `inspect_known.json`, each with the reason the
 * bytes are the client's and not the endpoint's. Prints the inspector's per-API summary and one
 * verdict line; exits 1 on an undecoded message that is not listed.
 *
 * Usage: deno run --allow-read --allow-env inspect_check.ts [--kafka-port N]… FILE.pcap…
 *
 * @module
 */

import { readFileSync } from "node:fs";
import process from "node:process";
import { currentHost } from "../../../src/cli/host.ts";
import { main } from "../../../src/cli/main.ts";

/** A known client quirk: an undecoded message the inspector reports for bytes a client wrote. */
export interface KnownQuirk {
  /** The client id in the request header (checked in the message's first bytes). */
  clientId: string;
  api: string;
  version: number;
  dir: "request" | "response";
  code: string;
  why: string;
}

interface JsonMessage {
  conn: string;
  dir: string;
  name?: string;
  version?: number;
  correlationId?: number;
  error?: { code: string; detail?: string };
  hexPrefix?: string;
}

const hexOf = (s: string) =>
  [...new TextEncoder().encode(s)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** The messages `streamwire inspect` prints for `files` as JSON lines. */
export async function inspectJson(args: string[]): Promise<JsonMessage[]> {
  const host = await currentHost();
  let out = "";
  const code = await main({
    ...host,
    args: ["inspect", "--format", "json", "--no-progress", ...args],
    stdout: (text: string) => void (out += text),
    stderr: (text: string) => process.stderr.write(text),
    stdoutIsTerminal: false,
    stderrIsTerminal: false,
    exit: undefined,
  });
  if (code !== 0) throw new Error(`streamwire inspect exited ${code}`);
  return out.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as JsonMessage);
}

/** Undecoded messages split into the known quirks (by entry) and the rest. */
export function classify(
  messages: readonly JsonMessage[],
  known: readonly KnownQuirk[],
): { known: Map<KnownQuirk, number>; unknown: JsonMessage[] } {
  const seen = new Map<KnownQuirk, number>();
  const unknown: JsonMessage[] = [];
  for (const m of messages) {
    if (m.error === undefined) continue;
    const k = known.find((q) =>
      q.api === m.name && q.version === m.version && q.dir === m.dir && q.code === m.error?.code &&
      (m.hexPrefix ?? "").includes(hexOf(q.clientId))
    );
    if (k) seen.set(k, (seen.get(k) ?? 0) + 1);
    else unknown.push(m);
  }
  return { known: seen, unknown };
}

async function run(argv: string[]): Promise<number> {
  const ports: string[] = [];
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--kafka-port") ports.push("--kafka-port", argv[++i]);
    else files.push(argv[i]);
  }
  if (files.length === 0) {
    console.error("usage: inspect_check.ts [--kafka-port N]... FILE.pcap...");
    return 2;
  }
  const known = JSON.parse(
    readFileSync(new URL("./inspect_known.json", import.meta.url), "utf8"),
  ) as KnownQuirk[];
  const host = await currentHost();
  await main({
    ...host,
    args: ["inspect", "--summary-only", "--format", "pretty", "--no-progress", ...ports, ...files],
    exit: undefined,
  });
  const messages = await inspectJson([...ports, ...files]);
  const { known: seen, unknown } = classify(messages, known);
  for (const [q, n] of seen) {
    console.log(`known client quirk ×${n}: ${q.clientId} ${q.api} v${q.version} ${q.code} — ${q.why}`);
  }
  for (const m of unknown.slice(0, 20)) {
    console.log(
      `FAIL not decoded: ${m.conn} ${m.dir} ${m.name} v${m.version} corr=${m.correlationId} ${m.error?.code}: ${m.error?.detail}`,
    );
  }
  const quirks = [...seen.values()].reduce((a, b) => a + b, 0);
  console.log(
    `inspect: ${messages.length} messages, ${unknown.length} not decoded` +
      (quirks > 0 ? ` (besides ${quirks} from known client quirks)` : ""),
  );
  return unknown.length === 0 ? 0 : 1;
}

// Run as a script (Deno, Bun); imported by the capture test, it only exports.
if ((import.meta as ImportMeta & { main?: boolean }).main) process.exit(await run(process.argv.slice(2)));
