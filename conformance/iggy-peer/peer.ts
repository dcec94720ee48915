/**
 * The Iggy real-peer suite: starts the loopback endpoint (127.0.0.1, a free port) built on
 * streamwire's `IggyServerConnection` and the in-memory model, runs the official Rust SDK's
 * scripted session against it (conformance/iggy-peer/src/main.rs), records every request frame
 * the SDK sent, then drives streamwire's `IggyClientSession` through the same requests against a
 * fresh model and compares its frames with the SDK's byte for byte (random fields masked and
 * checked for format; see replay.ts).
 *
 * Usage: deno run -A conformance/iggy-peer/peer.ts --sdk <path to the built iggy-peer binary>
 *        [--revision <revision the SDK speaks>] [--record <file.json>]
 *
 * Fails when the SDK reports a failed step, when a request cannot be decoded or breaks a
 * protocol rule, or when a replayed frame differs.
 *
 * @module
 */

import type * as net from "node:net";
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import process from "node:process";
import { DEFAULT_IGGY_REVISION, EvictionReason, type IncomingRequest } from "../../src/iggy/mod.ts";
import { type Endpoint, startEndpoint } from "./endpoint.ts";
import { type Exchange, replay, SERVER_OPTIONS, type ServerKind } from "./replay.ts";
import { PcapWriter, type TcpConversation } from "../../src/cli/pcap_writer.ts";

/**
 * With `STREAMWIRE_CAPTURE=<file>`, every connection's bytes are recorded to a pcap as they
 * pass (the SDK's requests, the endpoint's replies), for the inspector's corpus: the real
 * SDK's consensus-framed traffic. Written when the process exits.
 */
const capturePath = process.env.STREAMWIRE_CAPTURE;
const capture = capturePath ? new PcapWriter("ethernet") : undefined;
if (capture && capturePath) process.on("exit", () => writeFileSync(capturePath, capture.bytes()));
const nowMicros = () => Math.round((performance.timeOrigin + performance.now()) * 1000);

/** The SDK program's whole session must end within this (it retries on its own otherwise). */
const SDK_TIMEOUT_MS = 240_000;

function hex(b: Uint8Array): string {
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

function args(): { sdk: string; record?: string; revision: string } {
  const a = process.argv.slice(2);
  let sdk = "", record: string | undefined, revision: string = DEFAULT_IGGY_REVISION;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === "--sdk") sdk = a[++i];
    else if (a[i] === "--record") record = a[++i];
    else if (a[i] === "--revision") revision = a[++i];
    else if (a[i] === "--help" || a[i] === "-h") {
      console.log("usage: peer.ts --sdk <iggy-peer binary> [--revision <revision>] [--record <file.json>]");
      process.exit(0);
    } else {
      console.error(`unknown argument ${a[i]}`);
      process.exit(2);
    }
  }
  if (sdk === "") {
    console.error("--sdk <binary> is required");
    process.exit(2);
  }
  return { sdk, record, revision };
}

const problems: string[] = [];

/** The request after whose reply the endpoint drops the connection: creating stream "peer-reconnect". */
function dropsConnection(req: IncomingRequest): boolean {
  return req.code === 202 && (req.payload as { name: string }).name === "peer-reconnect";
}

/** Every exchange of every connection, in arrival order. */
const exchanges: Exchange[] = [];

/** Records a socket's bytes (both directions) into the capture. */
function captureSocket(socket: net.Socket): void {
  if (capture === undefined) return;
  const conv: TcpConversation = capture.connection(
    "127.0.0.1",
    socket.remotePort ?? 0,
    "127.0.0.1",
    (socket.address() as net.AddressInfo).port,
    nowMicros(),
    { mss: 65000 },
  );
  const write = socket.write.bind(socket) as (b: Uint8Array) => boolean;
  (socket as unknown as { write: (b: Uint8Array) => boolean }).write = (b: Uint8Array) => {
    conv.send("server", b, nowMicros());
    return write(b);
  };
  socket.on("data", (chunk: Uint8Array) => conv.send("client", new Uint8Array(chunk), nowMicros()));
}

function serve(server: ServerKind, revision: string): Promise<Endpoint> {
  return startEndpoint({
    port: 0,
    revision,
    connection: SERVER_OPTIONS[server],
    onExchange: (e) => exchanges.push({ server, ...e }),
    onProblem: (p) => problems.push(p),
    onEviction: (connection, ev) => {
      // The newer server exists to evict logins by the version handshake; anywhere else a
      // protocol-rule eviction means the SDK broke a session rule.
      const handshake = server === "newer" && ev.reason === EvictionReason.IncompatibleProtocol;
      if (!handshake) problems.push(`connection ${connection}: evicted by a protocol rule: ${ev.detail}`);
    },
    dropAfter: dropsConnection,
    onSocket: captureSocket,
  });
}

async function main(): Promise<void> {
  const { sdk, record, revision } = args();
  const server = await serve("main", revision);
  const port = server.port;
  const newer = await serve("newer", revision);
  const newerPort = newer.port;
  const started = performance.now();
  const child = spawn(sdk, [`127.0.0.1:${port}`, `127.0.0.1:${newerPort}`], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (d: Uint8Array) => {
    const s = new TextDecoder().decode(d);
    out += s;
    process.stdout.write(s);
  });
  const timer = setTimeout(() => {
    problems.push(`the SDK program did not finish within ${SDK_TIMEOUT_MS / 1000} s`);
    child.kill("SIGKILL");
  }, SDK_TIMEOUT_MS);
  const code: number = await new Promise((resolve) =>
    child.on("close", (c: number | null) => resolve(c ?? 1))
  );
  clearTimeout(timer);
  await server.close();
  await newer.close();
  const sdkMs = performance.now() - started;
  const summary = /(\d+) passed, (\d+) failed/.exec(out);
  if (summary === null) problems.push("the SDK program did not print its summary");
  else if (summary[2] !== "0" || code !== 0) {
    problems.push(`the SDK program reported ${summary[2]} failed step(s)`);
  }
  if (record !== undefined) {
    writeFileSync(
      record,
      JSON.stringify(
        exchanges.map((e) => ({
          server: e.server,
          connection: e.connection,
          request: hex(e.request),
          reply: hex(e.reply),
        })),
        null,
        1,
      ),
    );
  }
  console.log(
    `endpoint: ${exchanges.length} requests answered on 127.0.0.1:${port} in ${Math.round(sdkMs)} ms`,
  );

  const result = replay(exchanges, revision);
  for (const line of result.lines) console.log(line);
  problems.push(...result.problems);
  if (problems.length > 0) {
    for (const p of problems) console.log(`PROBLEM ${p}`);
    process.exit(1);
  }
  console.log("iggy-peer: ok");
  process.exit(0);
}

await main();
