/**
 * The Iggy real-peer suite: starts the loopback endpoint (127.0.0.1, a free port) built on
 * streamwire's `IggyServerConnection` and the in-memory model, runs the official Rust SDK's
 * scripted session against it (conformance/iggy-peer/src/main.rs), records every request frame
 * the SDK sent, then drives streamwire's `IggyClientSession` through the same requests against a
 * fresh model and compares its frames with the SDK's byte for byte (random fields masked and
 * checked for format; see replay.ts).
 *
 * Usage: deno run -A conformance/iggy-peer/peer.ts --sdk <path to the built iggy-peer binary>
 *        [--record <file.json>]
 *
 * Fails when the SDK reports a failed step, when a request cannot be decoded or breaks a
 * protocol rule, or when a replayed frame differs.
 *
 * @module
 */

import * as net from "node:net";
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import process from "node:process";
import {
  EvictionReason,
  IggyServerConnection,
  IggySessionTable,
  type IncomingRequest,
} from "../../src/iggy/mod.ts";
import { IggyModel } from "./model.ts";
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

function args(): { sdk: string; record?: string } {
  const a = process.argv.slice(2);
  let sdk = "", record: string | undefined;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === "--sdk") sdk = a[++i];
    else if (a[i] === "--record") record = a[++i];
    else if (a[i] === "--help" || a[i] === "-h") {
      console.log("usage: peer.ts --sdk <iggy-peer binary> [--record <file.json>]");
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
  return { sdk, record };
}

const problems: string[] = [];

/** Each server's sessions, shared by its connections (BindSession after a reconnect). */
const SESSIONS: Record<ServerKind, IggySessionTable> = {
  main: new IggySessionTable(),
  newer: new IggySessionTable(),
};

/** The request after whose reply the endpoint drops the connection: creating stream "peer-reconnect". */
function dropsConnection(req: IncomingRequest): boolean {
  return req.code === 202 && (req.payload as { name: string }).name === "peer-reconnect";
}

/** Every exchange of every connection, in arrival order. */
const exchanges: Exchange[] = [];

function serve(model: IggyModel, server_: ServerKind): Promise<net.Server> {
  const server = net.createServer((socket) => {
    const conn = new IggyServerConnection({ ...SERVER_OPTIONS[server_], sessions: SESSIONS[server_] });
    const client = model.connect(conn, `${socket.remoteAddress}:${socket.remotePort}`);
    const port = (socket.address() as net.AddressInfo).port;
    const conv: TcpConversation | undefined = capture?.connection(
      "127.0.0.1",
      socket.remotePort ?? 0,
      "127.0.0.1",
      port,
      nowMicros(),
      { mss: 65000 },
    );
    if (conv) {
      const write = socket.write.bind(socket) as (b: Uint8Array) => boolean;
      (socket as unknown as { write: (b: Uint8Array) => boolean }).write = (b: Uint8Array) => {
        conv.send("server", b, nowMicros());
        return write(b);
      };
      socket.on("data", (chunk: Uint8Array) => conv.send("client", new Uint8Array(chunk), nowMicros()));
    }
    socket.on("data", (chunk: Uint8Array) => {
      let events;
      try {
        events = conn.receive(new Uint8Array(chunk));
      } catch (e) {
        problems.push(`connection ${client.id}: undecodable request: ${(e as Error).message}`);
        socket.destroy();
        return;
      }
      for (const ev of events) {
        if (ev.kind === "request") {
          let answer;
          try {
            answer = model.handle(client, ev.request);
          } catch (e) {
            problems.push(`connection ${client.id}: ${ev.request.name}: ${(e as Error).stack}`);
            socket.destroy();
            return;
          }
          exchanges.push({
            server: server_,
            connection: client.id,
            request: ev.request.frame,
            reply: answer.frame,
          });
          socket.write(answer.frame);
          if (dropsConnection(ev.request)) {
            // Fault injection: the server goes away after answering; the SDK must redial and
            // carry its session over with BindSession.
            socket.destroy();
            return;
          }
          if (answer.close) {
            socket.end();
            return;
          }
        } else if (ev.kind === "answered") {
          exchanges.push({
            server: server_,
            connection: client.id,
            request: ev.requestFrame,
            reply: ev.frame,
          });
          socket.write(ev.frame);
        } else {
          // The newer server exists to evict logins by the version handshake; anywhere else a
          // protocol-rule eviction means the SDK broke a session rule.
          const handshake = server_ === "newer" && ev.reason === EvictionReason.IncompatibleProtocol;
          if (!handshake) problems.push(`connection ${client.id}: evicted by a protocol rule: ${ev.detail}`);
          if (ev.request !== undefined) {
            exchanges.push({ server: server_, connection: client.id, request: ev.request, reply: ev.frame });
          }
          socket.write(ev.frame);
          socket.end();
          return;
        }
      }
    });
    socket.on("close", () => model.disconnect(client));
    socket.on("error", () => {});
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

async function main(): Promise<void> {
  const { sdk, record } = args();
  const model = new IggyModel();
  const server = await serve(model, "main");
  const port = (server.address() as net.AddressInfo).port;
  model.port = port;
  const newerModel = new IggyModel();
  const newer = await serve(newerModel, "newer");
  const newerPort = (newer.address() as net.AddressInfo).port;
  newerModel.port = newerPort;
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
  server.close();
  newer.close();
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

  const result = replay(exchanges);
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
