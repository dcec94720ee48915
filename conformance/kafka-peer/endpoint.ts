/**
 * `deno task kafka:endpoint`: the in-memory broker (broker.ts) on a TCP port, for any Kafka
 * client. Listens on 127.0.0.1 only, advertises itself as 127.0.0.1:PORT in Metadata and
 * FindCoordinator, prints one line when it listens and one summary line when it stops (SIGTERM,
 * SIGINT or `--seconds`).
 *
 * Usage: deno task kafka:endpoint --port N [--seconds S] [--sasl-plain user:pass] [--sasl-port M]
 *        [--pcap FILE] [--max-connections N] [--idle-timeout-ms MS] [--auto-create-topics]
 *        [--topic name:partitions]… [--verbose]
 *
 * `--sasl-plain` alone makes the one listener a SASL listener; with `--sasl-port M` the broker has
 * two listeners, as a Kafka cluster with PLAINTEXT and SASL_PLAINTEXT ones: N without SASL, M
 * with it (each advertises its own port), one set of topics and groups, one capture, one summary.
 *
 * Every client session is bounded: at most `--max-connections` open at once (default 64; more
 * are refused by closing them), and a connection that sends nothing for `--idle-timeout-ms`
 * (default 600000, Kafka's `connections.max.idle.ms`) is closed.
 *
 * @module
 */

import * as net from "node:net";
import { appendFileSync, writeFileSync } from "node:fs";
import process from "node:process";
import { PcapWriter, type TcpConversation } from "../../src/cli/pcap_writer.ts";
import { type BrokerStats, createKafkaBroker, type KafkaBroker } from "./broker.ts";

/** Parsed command line. */
export interface EndpointArgs {
  port: number;
  /** A second listener that requires SASL (with `saslPlain`). */
  saslPort: number | undefined;
  seconds: number | undefined;
  saslPlain: Record<string, string> | undefined;
  pcap: string | undefined;
  maxConnections: number;
  idleTimeoutMs: number;
  autoCreateTopics: boolean;
  topics: [string, number][];
  verbose: boolean;
}

const USAGE =
  "usage: kafka:endpoint --port N [--seconds S] [--sasl-plain user:pass] [--sasl-port M] [--pcap FILE] " +
  "[--max-connections N] [--idle-timeout-ms MS] [--auto-create-topics] [--topic name:partitions]... [--verbose]";

/** Parses `argv`; throws with the usage on a bad argument. */
export function parseArgs(argv: string[]): EndpointArgs {
  const out: EndpointArgs = {
    port: -1,
    saslPort: undefined,
    seconds: undefined,
    saslPlain: undefined,
    pcap: undefined,
    maxConnections: 64,
    idleTimeoutMs: 600_000,
    autoCreateTopics: false,
    topics: [],
    verbose: false,
  };
  const num = (flag: string, v: string | undefined, min: number, max: number) => {
    const n = Number(v);
    if (v === undefined || !Number.isInteger(n) || n < min || n > max) {
      throw new Error(`${flag} needs an integer in [${min}, ${max}]\n${USAGE}`);
    }
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--port") out.port = num(a, argv[++i], 0, 65535);
    else if (a === "--sasl-port") out.saslPort = num(a, argv[++i], 0, 65535);
    else if (a === "--seconds") out.seconds = num(a, argv[++i], 1, 86_400);
    else if (a === "--max-connections") out.maxConnections = num(a, argv[++i], 1, 10_000);
    else if (a === "--idle-timeout-ms") out.idleTimeoutMs = num(a, argv[++i], 100, 86_400_000);
    else if (a === "--pcap") out.pcap = argv[++i];
    else if (a === "--auto-create-topics") out.autoCreateTopics = true;
    else if (a === "--verbose") out.verbose = true;
    else if (a === "--sasl-plain") {
      const v = argv[++i] ?? "";
      const c = v.indexOf(":");
      if (c <= 0) throw new Error(`--sasl-plain needs user:password\n${USAGE}`);
      out.saslPlain = { ...out.saslPlain, [v.slice(0, c)]: v.slice(c + 1) };
    } else if (a === "--topic") {
      const [name, n] = (argv[++i] ?? "").split(":");
      out.topics.push([name, num("--topic", n ?? "1", 1, 10_000)]);
    } else if (a === "--help" || a === "-h") throw new Error(USAGE);
    else throw new Error(`unknown argument ${a}\n${USAGE}`);
  }
  if (out.port < 0) throw new Error(`--port is required\n${USAGE}`);
  if (out.pcap === "") throw new Error(`--pcap needs a file\n${USAGE}`);
  if (out.saslPort !== undefined && out.saslPlain === undefined) {
    throw new Error(`--sasl-port needs --sasl-plain\n${USAGE}`);
  }
  return out;
}

/** The one summary line printed on exit. */
export function summaryLine(s: BrokerStats & { refused?: number }, resources?: string): string {
  const per = [...s.perApi].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k}=${v}`).join(" ");
  return `kafka endpoint summary: connections=${s.connections} requests=${s.requests} responses=${s.responses} ` +
    `undecodable=${s.undecodable} handler_errors=${s.handlerErrors} refused_connections=${s.refused ?? 0} ` +
    (resources === undefined ? "" : `${resources} `) + `per_api: ${per || "none"}`;
}

/** A running endpoint. */
export interface Endpoint {
  readonly broker: KafkaBroker;
  readonly port: number;
  /** Stops listening, closes every connection, writes the pcap; resolves when closed. */
  stop(): Promise<void>;
}

const nowMicros = () => Math.round((performance.timeOrigin + performance.now()) * 1000);

/** Pcap bytes kept in memory before they are appended to the file. */
const PCAP_FLUSH_BYTES = 4 * 1024 * 1024;

/** Starts the broker on 127.0.0.1:`args.port` (0 = a free port), and on `args.saslPort` if given. */
export async function startEndpoint(
  args: EndpointArgs,
  log: (line: string) => void = () => {},
): Promise<Endpoint & { saslPort: number | undefined; stats: BrokerStats & { refused: number } }> {
  const broker = createKafkaBroker({
    port: args.port,
    saslPlainUsers: args.saslPlain,
    autoCreateTopics: args.autoCreateTopics,
    log,
  });
  for (const [name, n] of args.topics) broker.createTopic(name, n);
  const stats = Object.assign(broker.stats, { refused: 0 });
  const pcap = args.pcap === undefined ? undefined : new PcapWriter("ethernet");
  let pending = 0;
  const record = (conv: TcpConversation | undefined, side: "client" | "server", bytes: Uint8Array) => {
    if (conv === undefined || args.pcap === undefined) return;
    conv.send(side, bytes, nowMicros());
    pending += bytes.length;
    if (pending >= PCAP_FLUSH_BYTES) {
      appendFileSync(args.pcap, pcap!.drain());
      pending = 0;
    }
  };
  if (args.pcap !== undefined) writeFileSync(args.pcap, pcap!.drain());
  const sockets = new Set<net.Socket>();
  const listen = async (wanted: number, sasl: boolean): Promise<[net.Server, number]> => {
    let port = wanted;
    const server = net.createServer((socket) => {
      if (sockets.size >= args.maxConnections) {
        stats.refused++;
        socket.destroy();
        return;
      }
      sockets.add(socket);
      const conv = pcap?.connection("127.0.0.1", socket.remotePort ?? 0, "127.0.0.1", port, nowMicros(), {
        mss: 65000,
      });
      socket.setNoDelay(true);
      socket.setTimeout(args.idleTimeoutMs, () => {
        log(`connection from ${socket.remotePort}: idle for ${args.idleTimeoutMs} ms, closing`);
        conn.end();
      });
      const conn = broker.connection({
        write(bytes) {
          record(conv, "server", bytes);
          socket.write(bytes);
        },
        close() {
          socket.end();
          // A client that never reads must not keep the socket (and its buffers) alive.
          setTimeout(() => socket.destroy(), 5000).unref?.();
        },
        resume() {
          if (socket.isPaused()) socket.resume();
        },
      }, { clientHost: `/${socket.remoteAddress ?? "127.0.0.1"}`, port, sasl });
      socket.on("data", (chunk: Uint8Array) => {
        const bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        record(conv, "client", bytes);
        conn.receive(bytes);
        // Back-pressure: stop reading while the connection holds requests back (resume() above).
        if (conn.protocol.paused) socket.pause();
      });
      socket.on("close", () => {
        sockets.delete(socket);
        conn.end();
      });
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(wanted, "127.0.0.1", () => resolve());
    });
    port = (server.address() as net.AddressInfo).port;
    return [server, port];
  };
  const servers: net.Server[] = [];
  const [main, port] = await listen(args.port, args.saslPlain !== undefined && args.saslPort === undefined);
  servers.push(main);
  broker.port = port;
  let saslPort: number | undefined;
  if (args.saslPort !== undefined) {
    try {
      const [s, p] = await listen(args.saslPort, true);
      servers.push(s);
      saslPort = p;
    } catch (e) {
      main.close();
      throw e;
    }
  }
  let stopped: Promise<void> | undefined;
  return {
    broker,
    port,
    saslPort,
    stats,
    stop() {
      stopped ??= Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))))
        .then(() => {});
      broker.close();
      for (const s of sockets) s.destroy();
      if (pcap !== undefined && args.pcap !== undefined) appendFileSync(args.pcap, pcap.drain());
      return stopped;
    },
  };
}

/** CPU time and peak RSS of this process, for the summary line. */
export function resourceLine(): string {
  const cpu = process.cpuUsage();
  const rss = process.resourceUsage?.().maxRSS;
  return `cpu_user_ms=${Math.round(cpu.user / 1000)} cpu_system_ms=${Math.round(cpu.system / 1000)}` +
    (rss === undefined ? "" : ` max_rss_kb=${rss}`);
}

async function main(): Promise<void> {
  let args: EndpointArgs;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    const msg = (e as Error).message;
    console.error(msg);
    process.exit(msg.startsWith("usage:") ? 0 : 2);
  }
  const log = args.verbose ? (line: string) => console.error(line) : () => {};
  let ep;
  try {
    ep = await startEndpoint(args, log);
  } catch (e) {
    console.error(`kafka endpoint: cannot listen: ${(e as Error).message}`);
    process.exit(1);
  }
  console.log(
    `kafka endpoint listening on 127.0.0.1:${ep.port}` +
      (ep.saslPort === undefined ? "" : ` (SASL on 127.0.0.1:${ep.saslPort})`),
  );
  let done = false;
  const stop = async (why: string) => {
    if (done) return;
    done = true;
    await ep.stop();
    console.log(summaryLine(ep.stats, resourceLine()));
    if (args.verbose) console.error(`kafka endpoint: stopped (${why})`);
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  if (args.seconds !== undefined) {
    setTimeout(() => void stop(`--seconds ${args.seconds}`), args.seconds * 1000);
  }
}

// Run as a script (Deno, Bun); imported by the tests, it only exports.
if ((import.meta as ImportMeta & { main?: boolean }).main) await main();
