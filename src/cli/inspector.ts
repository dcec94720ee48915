/**
 * The inspector's pipeline, sans-IO: captured packets (or a raw byte stream of one
 * direction) in, decoded protocol messages out. TCP connections are keyed by their two
 * endpoints; which side is the client comes from the handshake (the SYN without ACK), the
 * configured ports, or the first bytes; which protocol from the ports, else from the content
 * (a plausible Kafka request header, or an Iggy frame of a known command).
 *
 * @module
 */

import type { CapturedPacket } from "./capture.ts";
import { IggyConnection, type IggyLayout, sniffIggyLayout } from "./iggy_conn.ts";
import { KafkaConnection, looksLikeKafkaRequest } from "./kafka_conn.ts";
import type { InspectedMessage } from "./message.ts";
import { type TcpSegment, tcpSegment } from "./packet.ts";
import { HalfStream, type StreamPiece } from "./tcp.ts";

/** Inspector options. */
export interface InspectorOptions {
  /** Ports that speak Kafka (default `[9092]`). */
  kafkaPorts?: readonly number[];
  /** Ports that speak Iggy (default `[8090]`). */
  iggyPorts?: readonly number[];
  /** Guess the protocol of connections on other ports from their first bytes (default true). */
  sniff?: boolean;
  /** Keep raw frames on the messages (for a hex view). */
  keepRaw?: boolean;
  /** Largest frame accepted (default 100 MiB). */
  maxFrameBytes?: number;
  /** Show the decoder's defaults for fields that were not on the wire, under `_defaults` (Kafka). */
  defaults?: boolean;
}

/** The protocols the inspector decodes. */
export type InspectedProtocol = "kafka" | "iggy";

interface Conn {
  id: number;
  client: string;
  server: string;
  c2s: HalfStream;
  s2c: HalfStream;
  protocol?: InspectedProtocol;
  decoder?: KafkaConnection | IggyConnection;
  /** Pieces seen before the protocol was known. */
  early: { dir: "request" | "response"; piece: StreamPiece; ts: number }[];
  earlyBytes: number;
  ignored: boolean;
  /** Directions whose capture started mid-stream. */
  mid: Set<"request" | "response">;
}

/** Bytes of an undecided connection held while its protocol is sniffed. */
const SNIFF_LIMIT = 64 * 1024;

/** Statistics of a run, for the summary and the closing stderr line. */
export interface InspectorStats {
  /** Packets read. */
  packets: number;
  /** TCP segments among them. */
  segments: number;
  /** Connections seen (decoded or not). */
  connections: number;
  /** Connections of an unrecognised protocol. */
  ignoredConnections: number;
  /** Bytes never captured (holes skipped). */
  lostBytes: number;
}

/**
 * Turns packets into messages.
 *
 * @example
 * ```ts
 * import { Inspector } from "@streamwire/codec/cli";
 * import { encodeRequest } from "@streamwire/codec/kafka";
 * const ins = new Inspector();
 * const frame = encodeRequest(18, 3, { correlationId: 1, clientId: "c" }, {
 *   clientSoftwareName: "x",
 *   clientSoftwareVersion: "1",
 * }, { sizePrefix: true });
 * const [m] = ins.stream("request", frame, 0);
 * console.log(m.name, m.version, m.correlationId); // ApiVersions 3 1
 * ```
 */
export class Inspector {
  readonly #kafkaPorts: Set<number>;
  readonly #iggyPorts: Set<number>;
  readonly #sniff: boolean;
  readonly #keepRaw: boolean;
  readonly #maxFrameBytes: number | undefined;
  readonly #defaults: boolean;
  readonly #conns = new Map<string, Conn>();
  #nextId = 1;
  #raw: Conn | undefined;
  /** Counters. */
  readonly stats: InspectorStats = {
    packets: 0,
    segments: 0,
    connections: 0,
    ignoredConnections: 0,
    lostBytes: 0,
  };

  /** An inspector. */
  constructor(options: InspectorOptions = {}) {
    this.#kafkaPorts = new Set(options.kafkaPorts ?? [9092]);
    this.#iggyPorts = new Set(options.iggyPorts ?? [8090]);
    this.#sniff = options.sniff ?? true;
    this.#keepRaw = options.keepRaw ?? false;
    this.#maxFrameBytes = options.maxFrameBytes;
    this.#defaults = options.defaults ?? false;
  }

  /** Bytes held across all connections (frames in flight, early segments). */
  get buffered(): number {
    let n = 0;
    for (const c of this.#conns.values()) n += (c.decoder?.buffered ?? 0) + c.earlyBytes;
    return n;
  }

  /** Feeds one captured packet. */
  packet(p: CapturedPacket): InspectedMessage[] {
    this.stats.packets++;
    const s = tcpSegment(p.linkType, p.data);
    if (!s) return [];
    this.stats.segments++;
    return this.segment(s, p.tsMicros);
  }

  /** Feeds one TCP segment. */
  segment(s: TcpSegment, tsMicros: number): InspectedMessage[] {
    const a = endpoint(s.src, s.srcPort);
    const b = endpoint(s.dst, s.dstPort);
    const key = a < b ? `${a}|${b}` : `${b}|${a}`;
    let c = this.#conns.get(key);
    if (c && s.syn && !s.ack && c.client === a) {
      // A new connection reusing the 4-tuple.
      this.#conns.delete(key);
      c = undefined;
    }
    if (!c) {
      c = this.#open(s, a, b);
      this.#conns.set(key, c);
    }
    const fromClient = a === c.client;
    const half = fromClient ? c.c2s : c.s2c;
    if (s.syn) {
      half.syn(s.seq);
      return [];
    }
    const out: InspectedMessage[] = [];
    const dir = fromClient ? "request" : "response";
    const wasMid = half.midstream;
    const pieces = half.segment(s.seq, s.payload);
    if (!wasMid && half.midstream) {
      // The capture started inside this stream: find a frame start before decoding.
      if (c.decoder) c.decoder.desync(dir);
      else c.mid.add(dir);
    }
    for (const piece of pieces) out.push(...this.#deliver(c, dir, piece, tsMicros));
    if (s.fin || s.rst) {
      for (const piece of half.flush()) out.push(...this.#deliver(c, dir, piece, tsMicros));
    }
    return out;
  }

  /**
   * Feeds bytes of a single stream without TCP (a hex dump or stdin): `dir` says which side
   * sent them; the protocol comes from the content.
   */
  stream(
    dir: "request" | "response",
    bytes: Uint8Array,
    tsMicros: number,
    protocol?: InspectedProtocol,
  ): InspectedMessage[] {
    if (!this.#raw) {
      this.#raw = this.#newConn("stdin", "stdin");
      if (protocol) this.#setProtocol(this.#raw, protocol);
      this.#conns.set("stdin", this.#raw);
    }
    return this.#deliver(this.#raw, dir, { bytes }, tsMicros);
  }

  /** Flushes every connection at the end of the input. */
  finish(tsMicros = 0): InspectedMessage[] {
    const out: InspectedMessage[] = [];
    for (const c of this.#conns.values()) {
      for (const piece of c.c2s.flush()) out.push(...this.#deliver(c, "request", piece, tsMicros));
      for (const piece of c.s2c.flush()) out.push(...this.#deliver(c, "response", piece, tsMicros));
      if (c.decoder) out.push(...c.decoder.finish(tsMicros));
      this.stats.lostBytes += c.c2s.lost + c.s2c.lost;
    }
    return out;
  }

  #open(s: TcpSegment, a: string, b: string): Conn {
    // The client: the SYN sender; else the side not on a known server port; else the sender.
    let client = a, server = b;
    const known = (port: number) => this.#kafkaPorts.has(port) || this.#iggyPorts.has(port);
    if (s.syn && s.ack) [client, server] = [b, a];
    else if (!s.syn && known(s.srcPort) && !known(s.dstPort)) [client, server] = [b, a];
    const c = this.#newConn(client, server);
    const serverPort = Number(server.slice(server.lastIndexOf(":") + 1));
    if (this.#kafkaPorts.has(serverPort)) this.#setProtocol(c, "kafka");
    else if (this.#iggyPorts.has(serverPort)) this.#setProtocol(c, "iggy");
    else if (!this.#sniff) {
      c.ignored = true;
      this.stats.ignoredConnections++;
    }
    return c;
  }

  #newConn(client: string, server: string): Conn {
    this.stats.connections++;
    return {
      id: this.#nextId++,
      client,
      server,
      c2s: new HalfStream(),
      s2c: new HalfStream(),
      early: [],
      earlyBytes: 0,
      ignored: false,
      mid: new Set(),
    };
  }

  #setProtocol(c: Conn, protocol: InspectedProtocol, layout?: IggyLayout): void {
    c.protocol = protocol;
    const label = `${c.client} > ${c.server}`;
    const o = { keepRaw: this.#keepRaw, maxFrameBytes: this.#maxFrameBytes, defaults: this.#defaults };
    c.decoder = protocol === "kafka"
      ? new KafkaConnection(c.id, label, o)
      : new IggyConnection(c.id, label, { ...o, layout });
    for (const d of c.mid) c.decoder.desync(d);
  }

  #deliver(c: Conn, dir: "request" | "response", piece: StreamPiece, ts: number): InspectedMessage[] {
    if (c.ignored) return [];
    if (!c.decoder) {
      c.early.push({ dir, piece, ts });
      c.earlyBytes += piece.bytes?.length ?? 0;
      const guess = this.#guess(c);
      if (!guess) {
        if (c.earlyBytes > SNIFF_LIMIT) {
          c.ignored = true;
          c.early = [];
          c.earlyBytes = 0;
          this.stats.ignoredConnections++;
        }
        return [];
      }
      this.#setProtocol(c, guess);
      const out: InspectedMessage[] = [];
      const early = c.early;
      c.early = [];
      c.earlyBytes = 0;
      // Requests first, so that responses find what they answer.
      for (const e of early) if (e.dir === "request") out.push(...c.decoder!.push(e.dir, e.piece, e.ts));
      for (const e of early) if (e.dir === "response") out.push(...c.decoder!.push(e.dir, e.piece, e.ts));
      return out;
    }
    return c.decoder.push(dir, piece, ts);
  }

  #guess(c: Conn): InspectedProtocol | undefined {
    const parts: Uint8Array[] = [];
    for (const e of c.early) if (e.dir === "request" && e.piece.bytes) parts.push(e.piece.bytes);
    const head = concat(parts, 1 << 16);
    if (head.length < 8) return undefined;
    if (head.length >= 14 && looksLikeKafkaRequest(head)) return "kafka";
    if (sniffIggyLayout(head) !== undefined) return "iggy";
    return undefined;
  }
}

function endpoint(addr: string, port: number): string {
  return addr.includes(":") ? `[${addr}]:${port}` : `${addr}:${port}`;
}

function concat(parts: Uint8Array[], max: number): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(Math.min(n, max));
  let o = 0;
  for (const p of parts) {
    if (o >= out.length) break;
    const take = Math.min(p.length, out.length - o);
    out.set(p.subarray(0, take), o);
    o += take;
  }
  return out;
}
