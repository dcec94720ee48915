/**
 * The Iggy loopback endpoint: a TCP server on 127.0.0.1 whose connections are streamwire's
 * `IggyServerConnection`s answered by the in-memory model (model.ts). Any Iggy client can be
 * pointed at it; the real-peer suites (peer.ts, python.ts) start it with hooks that record every
 * exchange.
 *
 *   deno task iggy:endpoint --port 19300 [--revision 0.11.1-edge.8] [--seconds 60]
 *
 * prints one line when it listens, then serves until killed or until `--seconds` have passed.
 * The root user is `iggy` / `iggy`.
 *
 * @module
 */

import * as net from "node:net";
import process from "node:process";
import {
  DEFAULT_IGGY_REVISION,
  formatProtocolVersion,
  IGGY_REVISIONS,
  iggyRevision,
  IggyServerConnection,
  type IggyServerConnectionOptions,
  IggySessionTable,
  type IncomingRequest,
  type ServerEvent,
} from "../../src/iggy/mod.ts";
import { parseArgs, usageError } from "../lib/args.ts";
import { IggyModel } from "./model.ts";

/** One request answered (or refused by a protocol rule) on a connection. */
export interface EndpointExchange {
  /** The endpoint's connection number (the model's client id). */
  readonly connection: number;
  /** The request frame. */
  readonly request: Uint8Array;
  /** The frame written back. */
  readonly reply: Uint8Array;
}

/** How the endpoint is started. */
export interface EndpointOptions {
  /** Port on 127.0.0.1 (0: a free one). */
  readonly port: number;
  /** Protocol revision (default `DEFAULT_IGGY_REVISION`). */
  readonly revision?: string;
  /** Further connection options (a protocol window that differs from the revision's). */
  readonly connection?: Omit<IggyServerConnectionOptions, "sessions" | "revision">;
  /** The model (default: a new one). */
  readonly model?: IggyModel;
  /** Every exchange, as it happens. */
  readonly onExchange?: (e: EndpointExchange) => void;
  /** Each eviction by a protocol rule (the SDK broke a session rule, or the version handshake). */
  readonly onEviction?: (connection: number, ev: Extract<ServerEvent, { kind: "evicted" }>) => void;
  /** A request that could not be decoded or that the model could not answer. */
  readonly onProblem?: (problem: string) => void;
  /** After answering this request, drop the connection (fault injection). */
  readonly dropAfter?: (req: IncomingRequest) => boolean;
  /** Sees every socket first (a capture). */
  readonly onSocket?: (socket: net.Socket) => void;
}

/** A running endpoint. */
export interface Endpoint {
  /** The port it listens on. */
  readonly port: number;
  /** The model behind it. */
  readonly model: IggyModel;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

/** Starts the endpoint; resolves once it listens. */
export function startEndpoint(options: EndpointOptions): Promise<Endpoint> {
  const revision = iggyRevision(options.revision ?? DEFAULT_IGGY_REVISION).name;
  const model = options.model ?? new IggyModel({ revision });
  const sessions = new IggySessionTable();
  const sockets = new Set<net.Socket>();
  const problem = options.onProblem ?? ((p: string) => console.error(`iggy endpoint: ${p}`));
  const server = net.createServer((socket) => {
    sockets.add(socket);
    options.onSocket?.(socket);
    const conn = new IggyServerConnection({ ...options.connection, revision, sessions });
    const client = model.connect(conn, `${socket.remoteAddress}:${socket.remotePort}`);
    const exchange = (request: Uint8Array, reply: Uint8Array) =>
      options.onExchange?.({ connection: client.id, request, reply });
    socket.on("data", (chunk: Uint8Array) => {
      let events;
      try {
        events = conn.receive(new Uint8Array(chunk));
      } catch (e) {
        problem(`connection ${client.id}: undecodable request: ${(e as Error).message}`);
        socket.destroy();
        return;
      }
      for (const ev of events) {
        if (ev.kind === "request") {
          let answer;
          try {
            answer = model.handle(client, ev.request);
          } catch (e) {
            problem(`connection ${client.id}: ${ev.request.name}: ${(e as Error).stack}`);
            socket.destroy();
            return;
          }
          exchange(ev.request.frame, answer.frame);
          socket.write(answer.frame);
          if (options.dropAfter?.(ev.request)) {
            socket.destroy();
            return;
          }
          if (answer.close) {
            socket.end();
            return;
          }
        } else if (ev.kind === "answered") {
          exchange(ev.requestFrame, ev.frame);
          socket.write(ev.frame);
        } else {
          options.onEviction?.(client.id, ev);
          if (ev.request !== undefined) exchange(ev.request, ev.frame);
          socket.write(ev.frame);
          socket.end();
          return;
        }
      }
    });
    socket.on("close", () => {
      sockets.delete(socket);
      model.disconnect(client);
    });
    socket.on("error", () => {});
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => {
      const port = (server.address() as net.AddressInfo).port;
      model.port = port;
      resolve({
        port,
        model,
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

async function main(): Promise<void> {
  const { flags } = parseArgs({
    usage: "deno task iggy:endpoint --port N [--revision R] [--seconds S]",
    summary:
      "Serves streamwire's Iggy endpoint (IggyServerConnection + the in-memory model) on 127.0.0.1 until killed or --seconds pass. Root user iggy/iggy.",
    flags: {
      port: { kind: "number", help: "TCP port on 127.0.0.1 (0: a free one)" },
      revision: {
        kind: "string",
        help: "protocol revision (iggy_binary_protocol release)",
        default: DEFAULT_IGGY_REVISION,
        choices: IGGY_REVISIONS,
      },
      seconds: { kind: "number", help: "stop after this many seconds (default: serve until killed)" },
    },
  });
  const port = flags.port;
  if (port === undefined || !Number.isInteger(port) || port < 0 || port > 65535) {
    usageError("--port N (0–65535) is required");
  }
  if (flags.seconds !== undefined && !(flags.seconds > 0)) usageError("--seconds must be positive");
  const info = iggyRevision(flags.revision);
  const endpoint = await startEndpoint({ port, revision: info.name });
  const window = info.patchSensitive
    ? `${formatProtocolVersion(info.protocolVersionMin)}–${formatProtocolVersion(info.protocolVersion)}`
    : `${formatProtocolVersion(info.protocolVersionMin).replace(/\.\d+$/, "")}.x`;
  console.log(
    `iggy endpoint: listening on 127.0.0.1:${endpoint.port} (revision ${info.name}, protocol ${window}, user iggy/iggy)`,
  );
  const stop = () => endpoint.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  if (flags.seconds !== undefined) setTimeout(stop, flags.seconds * 1000);
}

if ((import.meta as ImportMeta & { main?: boolean }).main) await main();
