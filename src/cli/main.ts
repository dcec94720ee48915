/**
 * `streamwire inspect`: the command line over the inspector. Everything here is sans-IO
 * too — the runtime's files, stdin and stdout come in as a {@linkcode Host} — so the same
 * code runs under Deno, Node, Bun and in tests.
 *
 * @module
 */

import { CaptureReader, isCapture } from "./capture.ts";
import {
  DEFAULT_MAX_BYTES,
  type Filters,
  type FormatOptions,
  matches,
  prettyLine,
  prettyTree,
  Summary,
  writeJsonLine,
} from "./format.ts";
import { JsonOut } from "./_json_out.ts";
import { parseApiSelection } from "./api_names.ts";
import { parseHexDump } from "./hexdump.ts";
import { DEFAULT_MAX_CONNECTIONS, Inspector } from "./inspector.ts";
import type { InspectedMessage } from "./message.ts";
import { TopicIds } from "./topic_ids.ts";
import { VERSION } from "./version.ts";

/** What the command needs from the runtime. */
export interface Host {
  /** Command-line arguments after the program name. */
  args: readonly string[];
  /**
   * Reads a file as a stream of chunks. Once the reader sets `chunks.reused` (it copies what it
   * keeps), a host may read every later chunk into one buffer, valid until the next is asked for.
   */
  readFile(path: string, chunks?: { reused: boolean }): AsyncIterable<Uint8Array>;
  /** The file's size in bytes, when known (for the progress bar). */
  fileSize(path: string): Promise<number | undefined>;
  /** Standard input as chunks. */
  stdin(): AsyncIterable<Uint8Array>;
  /** Writes text to standard output (resolves when it may write more). */
  stdout(text: string): Promise<void> | void;
  /**
   * Writes UTF-8 bytes to standard output (resolves when it may write more, and when `bytes`
   * may be reused); optional, the command falls back to `stdout`.
   */
  stdoutBytes?(bytes: Uint8Array): Promise<void> | void;
  /** Writes text to standard error. */
  stderr(text: string): void;
  /** Whether standard output is a terminal. */
  stdoutIsTerminal: boolean;
  /** Whether standard error is a terminal. */
  stderrIsTerminal: boolean;
  /** Ends the program with `code` (optional: a test host leaves it out). */
  exit?(code: number): void;
}

/** Usage text. */
export const USAGE = `streamwire inspect — decode Kafka and Iggy traffic from captures and hex dumps

Usage:
  streamwire inspect [options] FILE...      pcap / pcapng captures, or hex dumps (xxd, tcpdump -X/-xx, plain hex)
  streamwire inspect [options] -            read stdin (capture, hex dump, or raw bytes with --raw)

Input:
  --kafka-port N        a port that speaks Kafka (repeatable; default 9092)
  --iggy-port N         a port that speaks Iggy (repeatable; default 8090)
  --no-sniff            ignore connections on other ports instead of guessing from content
  --direction D         for a hex dump or raw stream: request (client bytes) or response
  --protocol P          for a hex dump or raw stream: kafka or iggy (default: guessed)
  --raw                 stdin/FILE is raw stream bytes, not a capture or a hex dump
  --max-connections N   most connections open at once (default ${DEFAULT_MAX_CONNECTIONS}); past it the least
                        recently active is ended early, and the closing line counts them

Output:
  --format F            pretty (default on a terminal) or json (one object per message)
  -v, --verbose         pretty: print the decoded tree under each line
  --records             decode record batches / message sets and Iggy batches in bodies
  --defaults            also show, under "_defaults", the values the decoder fills in for Kafka
                        fields that were not on the wire (absent at the version, tagged and left out)
  --max-bytes N         longest byte field printed whole (default 256)
  --summary             per API: count, errors by name, latency p50/p99, bytes (after the messages;
                        with --summary-only, instead of them)
  --summary-only        only the summary
  --no-progress         no progress bar on stderr
  --fail-on-undecoded   exit 1 when any message did not decode (for CI over a corpus)

Filters:
  --api NAME[,NAME…]    only these APIs / commands: Kafka names (Metadata), Iggy CommandCode names
                        (SendMessages) or dotted names (message.send), or numbers; any case
  --topic NAME          only messages that mention this topic (by name, or by an id a reply in the
                        capture gave it)
  --errors              only messages with a non-zero error code or a decode failure
  --conn N|TEXT         only this connection (number, or part of "client > server")

  -h, --help            this text
  --version             the version
`;

/** Parsed `inspect` arguments. */
export interface InspectArgs {
  /** Inputs (`-` for stdin). */
  files: string[];
  /** `--kafka-port` values. */
  kafkaPorts: number[];
  /** `--iggy-port` values. */
  iggyPorts: number[];
  /** Not `--no-sniff`. */
  sniff: boolean;
  /** `--direction`. */
  direction?: "request" | "response";
  /** `--protocol`. */
  protocol?: "kafka" | "iggy";
  /** `--raw`. */
  raw: boolean;
  /** `--format`. */
  format?: "pretty" | "json";
  /** `-v`. */
  verbose: boolean;
  /** `--records`. */
  records: boolean;
  /** `--max-bytes`. */
  maxBytes?: number;
  /** `--summary`. */
  summary: boolean;
  /** `--summary-only`. */
  summaryOnly: boolean;
  /** Not `--no-progress`. */
  progress: boolean;
  /** The filters. */
  filters: Filters;
  /** `--fail-on-undecoded`. */
  failOnUndecoded: boolean;
  /** `--max-connections`. */
  maxConnections?: number;
  /** `--defaults`. */
  defaults: boolean;
  /** `--help`. */
  help: boolean;
  /** `--version`. */
  version: boolean;
}

/** Thrown for bad command-line arguments. */
export class UsageError extends Error {
  /** A usage error. */
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/**
 * Parses `inspect`'s arguments (without the `inspect` word).
 *
 * @example
 * ```ts
 * import { parseArgs } from "@streamwire/codec/cli";
 * console.log(parseArgs(["--api", "Fetch", "a.pcap"]).filters.api); // Fetch
 * ```
 */
export function parseArgs(args: readonly string[]): InspectArgs {
  const p: InspectArgs = {
    files: [],
    kafkaPorts: [],
    iggyPorts: [],
    sniff: true,
    raw: false,
    verbose: false,
    records: false,
    summary: false,
    summaryOnly: false,
    progress: true,
    filters: {},
    failOnUndecoded: false,
    defaults: false,
    help: false,
    version: false,
  };
  const value = (i: number, flag: string): string => {
    const v = args[i + 1];
    if (v === undefined) throw new UsageError(`${flag} needs a value`);
    return v;
  };
  const port = (v: string, flag: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 65535) throw new UsageError(`${flag}: not a port: ${v}`);
    return n;
  };
  for (let i = 0; i < args.length; i++) {
    let a = args[i];
    let inline: string | undefined;
    const eq = a.indexOf("=");
    if (a.startsWith("--") && eq > 0) {
      inline = a.slice(eq + 1);
      a = a.slice(0, eq);
    }
    const take = (): string => {
      if (inline !== undefined) return inline;
      const v = value(i, a);
      i++;
      return v;
    };
    switch (a) {
      case "-h":
      case "--help":
        p.help = true;
        break;
      case "--version":
        p.version = true;
        break;
      case "--defaults":
        p.defaults = true;
        break;
      case "--max-connections": {
        const n = Number(take());
        if (!Number.isInteger(n) || n < 1) throw new UsageError("--max-connections: a whole number above 0");
        p.maxConnections = n;
        break;
      }
      case "--kafka-port":
        p.kafkaPorts.push(port(take(), a));
        break;
      case "--iggy-port":
        p.iggyPorts.push(port(take(), a));
        break;
      case "--no-sniff":
        p.sniff = false;
        break;
      case "--direction": {
        const v = take();
        if (v !== "request" && v !== "response") {
          throw new UsageError(`--direction: request or response, not ${v}`);
        }
        p.direction = v;
        break;
      }
      case "--protocol": {
        const v = take();
        if (v !== "kafka" && v !== "iggy") throw new UsageError(`--protocol: kafka or iggy, not ${v}`);
        p.protocol = v;
        break;
      }
      case "--raw":
        p.raw = true;
        break;
      case "--format": {
        const v = take();
        if (v !== "pretty" && v !== "json") throw new UsageError(`--format: pretty or json, not ${v}`);
        p.format = v;
        break;
      }
      case "-v":
      case "--verbose":
        p.verbose = true;
        break;
      case "--records":
        p.records = true;
        break;
      case "--max-bytes": {
        const n = Number(take());
        if (!Number.isInteger(n) || n < 0) throw new UsageError("--max-bytes: a whole number");
        p.maxBytes = n;
        break;
      }
      case "--summary":
        p.summary = true;
        break;
      case "--summary-only":
        p.summary = true;
        p.summaryOnly = true;
        break;
      case "--no-progress":
        p.progress = false;
        break;
      case "--fail-on-undecoded":
        p.failOnUndecoded = true;
        break;
      case "--api": {
        const v = take();
        try {
          parseApiSelection(v);
        } catch (e) {
          throw new UsageError(`--api: ${(e as Error).message}`);
        }
        p.filters.api = v;
        break;
      }
      case "--topic":
        p.filters.topic = take();
        break;
      case "--errors":
        p.filters.errors = true;
        break;
      case "--conn":
        p.filters.conn = take();
        break;
      default:
        if (a.startsWith("-") && a !== "-") throw new UsageError(`unknown option ${a} (see --help)`);
        p.files.push(a);
    }
  }
  return p;
}

/**
 * Runs the command; resolves to the exit code (0, 1 for unreadable input, 2 for bad usage).
 *
 * @example
 * ```ts
 * import { main } from "@streamwire/codec/cli";
 * const out: string[] = [];
 * const code = await main({
 *   args: ["inspect", "--help"],
 *   readFile: async function* () {},
 *   fileSize: () => Promise.resolve(undefined),
 *   stdin: async function* () {},
 *   stdout: (t) => void out.push(t),
 *   stderr: () => {},
 *   stdoutIsTerminal: false,
 *   stderrIsTerminal: false,
 * });
 * console.log(code, out[0].startsWith("streamwire inspect")); // 0 true
 * ```
 */
export async function main(host: Host): Promise<number> {
  const args = [...host.args];
  if (args[0] === "inspect") args.shift();
  else if (args[0] === "--version") {
    await host.stdout(`streamwire ${VERSION}\n`);
    return 0;
  } else if (args.length === 0 || args[0] === "-h" || args[0] === "--help") {
    await host.stdout(USAGE);
    return args.length === 0 ? 2 : 0;
  } else {
    host.stderr(`streamwire: unknown command ${args[0]} (the command is "inspect"; see --help)\n`);
    return 2;
  }
  let p: InspectArgs;
  try {
    p = parseArgs(args);
  } catch (e) {
    if (e instanceof UsageError) {
      host.stderr(`streamwire inspect: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  if (p.help) {
    await host.stdout(USAGE);
    return 0;
  }
  if (p.version) {
    await host.stdout(`streamwire ${VERSION}\n`);
    return 0;
  }
  if (p.files.length === 0) {
    host.stderr("streamwire inspect: no input (give FILE..., or - for stdin; see --help)\n");
    return 2;
  }
  const format = p.format ?? (host.stdoutIsTerminal ? "pretty" : "json");
  const fo: FormatOptions = { records: p.records, maxBytes: p.maxBytes };
  const summary = new Summary();
  let shown = 0, failed = 0;
  // Output is gathered as UTF-8 into large writes: one write, or one string, per message
  // costs more than decoding it.
  const buffer = new JsonOut(1 << 19);
  const flushOut = async () => {
    if (buffer.pos === 0) return;
    const bytes = buffer.take();
    if (host.stdoutBytes) await host.stdoutBytes(bytes);
    else await host.stdout(new TextDecoder().decode(bytes));
  };
  // Topic ids are learnt from every message, shown or not, so that --topic finds messages by id.
  const topicIds = p.filters.topic !== undefined ? new TopicIds() : undefined;
  const filters = { ...p.filters, topicIds };
  const filtering = Object.values(p.filters).some((v) => v !== undefined && v !== false);
  let warnedEnded = false;
  // Synchronous unless the output buffer is full: a promise only then.
  const emit = (msgs: InspectedMessage[]): Promise<void> | undefined => {
    if (!warnedEnded && ins.stats.endedEarly > 0) {
      warnedEnded = true;
      host.stderr(
        `streamwire inspect: more than ${
          p.maxConnections ?? DEFAULT_MAX_CONNECTIONS
        } connections open at once; ` +
          "the least recently active are being ended early (raise the limit with --max-connections N)\n",
      );
    }
    for (const m of msgs) {
      if (topicIds && m.body !== undefined) topicIds.learn(m.body);
      if (filtering && !matches(m, filters)) continue;
      shown++;
      if (m.error) failed++;
      if (p.summary) summary.add(m);
      if (p.summaryOnly) continue;
      if (format === "json") writeJsonLine(buffer, m, fo);
      else {
        buffer.utf8(prettyLine(m));
        if (p.verbose) {
          const t = prettyTree(m, fo);
          if (t) buffer.utf8("\n" + t);
        }
      }
      buffer.byte(0x0a);
    }
    return buffer.pos >= 1 << 18 ? flushOut() : undefined;
  };
  const ins = new Inspector({
    kafkaPorts: p.kafkaPorts.length ? p.kafkaPorts : undefined,
    iggyPorts: p.iggyPorts.length ? p.iggyPorts : undefined,
    sniff: p.sniff,
    maxConnections: p.maxConnections,
    defaults: p.defaults,
    // Bodies straight to JSON when that JSON is all that is read of them: not for --records
    // (which expands record data from the decoded bytes), --defaults, or --topic (which looks
    // into the decoded body).
    jsonBodies: format === "json" && !p.records && !p.defaults && p.filters.topic === undefined
      ? { maxBytes: p.maxBytes ?? DEFAULT_MAX_BYTES }
      : undefined,
  });
  for (const file of p.files) {
    const chunks = { reused: false };
    const source = file === "-" ? host.stdin() : host.readFile(file, chunks);
    const size = file === "-" ? undefined : await host.fileSize(file);
    const progress = p.progress && host.stderrIsTerminal && size !== undefined && size > 4 * 1024 * 1024
      ? new Progress(host, file, size)
      : undefined;
    try {
      await inspectSource(source, ins, p, emit, progress, chunks);
    } catch (e) {
      await flushOut();
      progress?.done();
      host.stderr(`streamwire inspect: ${file}: ${e instanceof Error ? e.message : String(e)}\n`);
      return 1;
    }
    progress?.done();
  }
  await emit(ins.finish());
  await flushOut();
  if (p.summary) {
    if (format === "json") await host.stdout(JSON.stringify({ summary: summary.rows() }) + "\n");
    else await host.stdout((p.summaryOnly ? "" : "\n") + summary.table() + "\n");
  }
  const s = ins.stats;
  host.stderr(
    `${shown} messages (${failed} not decoded), ${s.connections} connections` +
      (s.ignoredConnections ? ` (${s.ignoredConnections} not Kafka or Iggy)` : "") +
      (s.endedEarly
        ? `, ${s.endedEarly} ended early (more than ${
          p.maxConnections ?? DEFAULT_MAX_CONNECTIONS
        } open at once)`
        : "") +
      (s.lostBytes ? `, ${s.lostBytes} bytes missing from the capture` : "") + "\n",
  );
  return p.failOnUndecoded && failed > 0 ? 1 : 0;
}

async function inspectSource(
  source: AsyncIterable<Uint8Array>,
  ins: Inspector,
  p: InspectArgs,
  emit: (m: InspectedMessage[]) => Promise<void> | undefined,
  progress: Progress | undefined,
  chunks: { reused: boolean },
): Promise<void> {
  const it = source[Symbol.asyncIterator]();
  const first = await it.next();
  if (first.done) return;
  const head = first.value;
  const rest = async function* () {
    yield head;
    for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
  };
  if (!p.raw && isCapture(head)) {
    const reader = new CaptureReader();
    chunks.reused = true; // the reader copies each chunk into its own queue
    const msgs: InspectedMessage[] = [];
    for await (const chunk of rest()) {
      // Messages are written in small batches, so that they die young (a chunk holds
      // thousands); an await only when the output is flushed.
      for (const pkt of reader.push(chunk)) {
        ins.packet(pkt, msgs);
        if (msgs.length >= 32) {
          const flushing = emit(msgs);
          msgs.length = 0;
          if (flushing) await flushing;
        }
      }
      const flushing = emit(msgs);
      msgs.length = 0;
      if (flushing) await flushing;
      progress?.update(reader.consumed);
    }
    if (reader.pending > 0) throw new Error(`capture ends inside a block (${reader.pending} bytes)`);
    return;
  }
  const dir = p.direction ?? "request";
  if (p.raw) {
    for await (const chunk of rest()) await emit(ins.stream(dir, chunk, 0, p.protocol));
    return;
  }
  // A hex dump: small enough to read whole.
  const parts: Uint8Array[] = [];
  for await (const chunk of rest()) parts.push(chunk);
  const text = new TextDecoder().decode(concat(parts));
  const hex = parseHexDump(text);
  if (hex.kind === "packets") { for (const pkt of hex.packets) await emit(ins.packet(pkt)); }
  else await emit(ins.stream(dir, hex.bytes, 0, p.protocol));
}

function concat(parts: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const x of parts) n += x.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const x of parts) {
    out.set(x, o);
    o += x.length;
  }
  return out;
}

class Progress {
  #last = 0;
  readonly #host: Host;
  readonly #name: string;
  readonly #size: number;
  constructor(host: Host, name: string, size: number) {
    this.#host = host;
    this.#name = name;
    this.#size = size;
  }
  update(done: number): void {
    const now = Date.now();
    if (now - this.#last < 200) return;
    this.#last = now;
    const f = Math.min(1, done / this.#size);
    const w = 30;
    const bar = "#".repeat(Math.round(f * w)).padEnd(w, ".");
    this.#host.stderr(`\r${this.#name} [${bar}] ${(f * 100).toFixed(0)}%`);
  }
  done(): void {
    if (this.#last) this.#host.stderr("\r\x1b[K");
  }
}
