/**
 * `streamwire inspect` over the endpoint's captures (run.sh's last step): the command is run
 * in-process exactly as `deno task inspect --format json FILE…` would run, and every message must
 * decode — except the client quirks listed in `inspect_known.json`, each with the reason the
 * bytes are the client's and not the endpoint's. Prints the inspector's per-API summary and one
 * verdict line; exits 1 on an undecoded message that is not listed.
 *
 * Usage: deno run --allow-read --allow-env [--allow-write=DIR] inspect_check.ts
 *          [--kafka-port N]… [--merge-to FILE] FILE.pcap…
 *
 * `--merge-to` also writes the captures as one pcap, packets in time order (how the conformance
 * capture in conformance/captures/ is made from the plain and the SASL endpoint).
 *
 * @module
 */

import { readFileSync, writeFileSync } from "node:fs";
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

/** Classic pcap files (one link type) merged into one, packets in time order. */
export function mergePcaps(files: readonly Uint8Array[]): Uint8Array {
  const records: { ts: number; bytes: Uint8Array }[] = [];
  for (const f of files) {
    const v = new DataView(f.buffer, f.byteOffset, f.byteLength);
    if (f.length < 24 || v.getUint32(0, true) !== 0xa1b2c3d4) {
      throw new Error("not a little-endian classic pcap");
    }
    for (let o = 24; o + 16 <= f.length;) {
      const len = v.getUint32(o + 8, true);
      if (o + 16 + len > f.length) throw new Error(`truncated pcap record at ${o}`);
      records.push({
        ts: v.getUint32(o, true) * 1e6 + v.getUint32(o + 4, true),
        bytes: f.subarray(o, o + 16 + len),
      });
      o += 16 + len;
    }
  }
  records.sort((a, b) => a.ts - b.ts); // stable: each file's own order is kept on ties
  const out = new Uint8Array(24 + records.reduce((n, r) => n + r.bytes.length, 0));
  out.set(files[0].subarray(0, 24));
  let o = 24;
  for (const r of records) {
    out.set(r.bytes, o);
    o += r.bytes.length;
  }
  return out;
}

async function run(argv: string[]): Promise<number> {
  const ports: string[] = [];
  const files: string[] = [];
  let mergeTo: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--kafka-port") ports.push("--kafka-port", argv[++i]);
    else if (argv[i] === "--merge-to") mergeTo = argv[++i];
    else files.push(argv[i]);
  }
  if (files.length === 0) {
    console.error("usage: inspect_check.ts [--kafka-port N]... [--merge-to FILE] FILE.pcap...");
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
  if (mergeTo !== undefined) writeFileSync(mergeTo, mergePcaps(files.map((f) => readFileSync(f))));
  const quirks = [...seen.values()].reduce((a, b) => a + b, 0);
  console.log(
    `inspect: ${messages.length} messages, ${unknown.length} not decoded` +
      (quirks > 0 ? ` (besides ${quirks} from known client quirks)` : ""),
  );
  return unknown.length === 0 ? 0 : 1;
}

if (import.meta.main) process.exit(await run(process.argv.slice(2)));
