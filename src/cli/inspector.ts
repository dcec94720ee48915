/**
 * The inspector's pipeline, sans-IO: captured packets (or a raw byte stream of one
 * direction) in, decoded protocol messages out. TCP connections are keyed by their two
 * endpoints; which side is the client comes from the handshake (the SYN without ACK), the
 * configured ports, or the first bytes; which protocol from the ports, else from the content
 * (a plausible Kafka request header, or an Iggy frame of a known command).
 *
 * @module
 */

import { ByteQueue } from "./_bytes.ts";
import type { CapturedPacket } from "./capture.ts";
import { IggyConnection, type IggyLayout, sniffIggyLayout } from "./iggy_conn.ts";
import { KafkaConnection, looksLikeKafkaRequest } from "./kafka_conn.ts";
import type { InspectedMessage } from "./message.ts";
import { addressText, SegmentFields, type TcpSegment } from "./packet.ts";
import { HalfStream, ReassemblyBudget, type StreamPiece } from "./tcp.ts";

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
  /** Kafka bodies as JSON straight from their bytes (see `ConnOptions.jsonBodies`). */
  jsonBodies?: { maxBytes: number };
  /**
   * Most connections open at once (default 10,000). A connection ends when both sides have
   * sent FIN, or on RST; past the limit, the least recently active open one is ended early
   * (counted in {@linkcode InspectorStats.endedEarly}).
   */
  maxConnections?: number;
  /** Bytes of early (out-of-order) segments held across all connections (default 64 MiB). */
  maxReassemblyBytes?: number;
}

/**
 * Default of {@linkcode InspectorOptions.maxConnections}.
 *
 * @example
 * ```ts
 * import { DEFAULT_MAX_CONNECTIONS } from "@streamwire/codec/cli";
 * console.log(DEFAULT_MAX_CONNECTIONS); // 10000
 * ```
 */
export const DEFAULT_MAX_CONNECTIONS = 10_000;

/** The protocols the inspector decodes. */
export type InspectedProtocol = "kafka" | "iggy";

type Dir = "request" | "response";

/**
 * What the connection table needs of a segment (a `TcpSegment`, or the fields of a packet read
 * in place): its flags and payload, and its endpoints' text, made when a connection opens.
 */
interface Segment
  extends Pick<TcpSegment, "srcPort" | "dstPort" | "seq" | "syn" | "ack" | "fin" | "rst" | "payload"> {
  /** Source and destination as `address:port`. */
  names(): [string, string];
}

/** A packet's segment, read in place: its endpoints' text from the addresses' bytes. */
class PacketSegment extends SegmentFields implements Segment {
  names(): [string, string] {
    const { data, addrAt, addrLen } = this;
    return [
      endpoint(addressText(data.subarray(addrAt, addrAt + addrLen)), this.srcPort),
      endpoint(addressText(data.subarray(addrAt + addrLen, addrAt + 2 * addrLen)), this.dstPort),
    ];
  }
}

interface Conn {
  id: number;
  /** Its key in the connection table. */
  key: string;
  /** The client endpoint's key (a half of `key`). */
  clientKey: string;
  client: string;
  server: string;
  c2s: HalfStream;
  s2c: HalfStream;
  protocol?: InspectedProtocol;
  decoder?: KafkaConnection | IggyConnection;
  /** Pieces seen before the protocol was known. */
  early?: { dir: Dir; piece: StreamPiece; ts: number }[];
  earlyBytes: number;
  /** The client's first bytes, while the protocol is sniffed. */
  head?: ByteQueue;
  ignored: boolean;
  /** Directions whose capture started mid-stream. */
  mid?: Dir[];
  /** Directions closed by a FIN (bit 1 request, bit 2 response). */
  fins: number;
  /** Seen since the eviction clock last passed (second chance). */
  active: boolean;
}

/** Bytes of an undecided connection held while its protocol is sniffed. */
const SNIFF_LIMIT = 64 * 1024;
/**
 * Client bytes after which a protocol guess is final: every sniffer decides on fewer (a Kafka
 * header needs 14, an Iggy frame header 8, a consensus header 256).
 */
const SNIFF_DECIDED = 256;

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
  /** Connections ended before their close because more than `maxConnections` were open. */
  endedEarly: number;
}

/**
 * Turns packets into messages.
 *
 * @example
 * ```ts
 * import { Inspector } from "@streamwire/codec/cli";
 * import { ApiKey, encodeRequest } from "@streamwire/codec/kafka";
 * const ins = new Inspector();
 * const frame = encodeRequest(ApiKey.ApiVersions, 3, { correlationId: 1, clientId: "c" }, {
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
  readonly #jsonBodies: { maxBytes: number } | undefined;
  readonly #maxConnections: number;
  readonly #budget: ReassemblyBudget;
  /** Open connections, least recently (re)inserted first: the eviction clock's order. */
  readonly #conns = new Map<string, Conn>();
  /** The fields of the packet being read (one for every packet: see `SegmentFields`). */
  readonly #fields = new PacketSegment();
  #nextId = 1;
  #raw: Conn | undefined;
  /** Counters. */
  readonly stats: InspectorStats = {
    packets: 0,
    segments: 0,
    connections: 0,
    ignoredConnections: 0,
    lostBytes: 0,
    endedEarly: 0,
  };

  /** An inspector. */
  constructor(options: InspectorOptions = {}) {
    this.#kafkaPorts = new Set(options.kafkaPorts ?? [9092]);
    this.#iggyPorts = new Set(options.iggyPorts ?? [8090]);
    this.#sniff = options.sniff ?? true;
    this.#keepRaw = options.keepRaw ?? false;
    this.#maxFrameBytes = options.maxFrameBytes;
    this.#defaults = options.defaults ?? false;
    this.#jsonBodies = options.jsonBodies;
    this.#maxConnections = Math.max(1, options.maxConnections ?? DEFAULT_MAX_CONNECTIONS);
    this.#budget = new ReassemblyBudget(options.maxReassemblyBytes ?? 64 * 1024 * 1024);
  }

  /** Bytes held across all connections (frames in flight, early segments). */
  get buffered(): number {
    let n = this.#budget.used;
    for (const c of this.#conns.values()) n += (c.decoder?.buffered ?? 0) + c.earlyBytes;
    return n;
  }

  /** Connections open now. */
  get openConnections(): number {
    return this.#conns.size;
  }

  /** Feeds one captured packet; returns the messages it completes (appended to `out` when given). */
  packet(p: CapturedPacket, out: InspectedMessage[] = []): InspectedMessage[] {
    this.stats.packets++;
    const s = this.#fields;
    if (!s.read(p.linkType, p.data)) return out;
    this.stats.segments++;
    // Endpoints are keyed by their bytes; their text is made once, when a connection opens.
    return this.#feed(s, s.srcKey(), s.dstKey(), p.tsMicros, out);
  }

  /** Feeds one TCP segment; returns the messages it completes (appended to `out` when given). */
  segment(s: TcpSegment, tsMicros: number, out: InspectedMessage[] = []): InspectedMessage[] {
    const a = endpoint(s.src, s.srcPort), b = endpoint(s.dst, s.dstPort);
    return this.#feed({ ...s, names: () => [a, b] }, a, b, tsMicros, out);
  }

  /** One segment from endpoint key `a` to `b`. */
  #feed(s: Segment, a: string, b: string, tsMicros: number, out: InspectedMessage[]): InspectedMessage[] {
    // Endpoint keys of one family have one length, so the pair needs no separator.
    const key = a < b ? a + b : b + a;
    let c = this.#conns.get(key);
    if (c && s.syn && !s.ack && c.clientKey === a) {
      // A new connection reusing the 4-tuple.
      this.#end(c, tsMicros, out);
      c = undefined;
    }
    if (!c) {
      // An ACK, FIN or RST of a connection not open (or already ended) opens nothing.
      if (!s.syn && s.payload.length === 0) return out;
      if (this.#conns.size >= this.#maxConnections) this.#evict(tsMicros, out);
      c = this.#open(s, a, b, key);
      this.#conns.set(key, c);
    }
    c.active = true;
    const fromClient = a === c.clientKey;
    const half = fromClient ? c.c2s : c.s2c;
    if (s.syn) {
      half.syn(s.seq);
      return out;
    }
    const dir = fromClient ? "request" : "response";
    const wasMid = half.midstream;
    const pieces = half.segment(s.seq, s.payload);
    if (!wasMid && half.midstream) {
      // The capture started inside this stream: find a frame start before decoding.
      if (c.decoder) c.decoder.desync(dir);
      else (c.mid ??= []).push(dir);
    }
    for (const piece of pieces) this.#deliver(c, dir, piece, tsMicros, out);
    if (s.rst) this.#end(c, tsMicros, out);
    else if (s.fin) {
      for (const piece of half.flush()) this.#deliver(c, dir, piece, tsMicros, out);
      c.fins |= fromClient ? 1 : 2;
      if (c.fins === 3) this.#end(c, tsMicros, out);
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
      this.#raw = this.#newConn("stdin", "stdin", "stdin", "stdin");
      if (protocol) this.#setProtocol(this.#raw, protocol);
      this.#conns.set("stdin", this.#raw);
    }
    const out: InspectedMessage[] = [];
    this.#deliver(this.#raw, dir, { bytes }, tsMicros, out);
    return out;
  }

  /** Flushes every connection at the end of the input. */
  finish(tsMicros = 0): InspectedMessage[] {
    const out: InspectedMessage[] = [];
    for (const c of [...this.#conns.values()]) this.#end(c, tsMicros, out);
    return out;
  }

  /** Ends `c`: what still waits is delivered (holes skipped), and it leaves the table. */
  #end(c: Conn, tsMicros: number, out: InspectedMessage[]): void {
    for (const piece of c.c2s.flush()) this.#deliver(c, "request", piece, tsMicros, out);
    for (const piece of c.s2c.flush()) this.#deliver(c, "response", piece, tsMicros, out);
    if (c.decoder) { for (const m of c.decoder.finish(tsMicros)) out.push(m); }
    this.stats.lostBytes += c.c2s.lost + c.s2c.lost;
    this.#conns.delete(c.key);
  }

  /**
   * Ends the least recently active connection to make room (the clock algorithm: one seen since
   * the clock last passed gets a second chance at the back of the table), in amortised O(1).
   */
  #evict(tsMicros: number, out: InspectedMessage[]): void {
    for (const c of this.#conns.values()) {
      if (c.active) {
        c.active = false;
        this.#conns.delete(c.key);
        this.#conns.set(c.key, c);
        continue;
      }
      this.#end(c, tsMicros, out);
      this.stats.endedEarly++;
      return;
    }
  }

  #open(s: Segment, a: string, b: string, key: string): Conn {
    const [textA, textB] = s.names();
    // The client: the SYN sender; else the side not on a known server port; else the sender.
    const known = (port: number) => this.#kafkaPorts.has(port) || this.#iggyPorts.has(port);
    const swap = (s.syn && s.ack) || (!s.syn && known(s.srcPort) && !known(s.dstPort));
    const c = swap ? this.#newConn(textB, textA, key, b) : this.#newConn(textA, textB, key, a);
    const serverPort = swap ? s.srcPort : s.dstPort;
    if (this.#kafkaPorts.has(serverPort)) this.#setProtocol(c, "kafka");
    else if (this.#iggyPorts.has(serverPort)) this.#setProtocol(c, "iggy");
    else if (!this.#sniff) {
      c.ignored = true;
      this.stats.ignoredConnections++;
    }
    return c;
  }

  #newConn(client: string, server: string, key: string, clientKey: string): Conn {
    this.stats.connections++;
    return {
      id: this.#nextId++,
      key,
      clientKey,
      client,
      server,
      c2s: new HalfStream(undefined, this.#budget),
      s2c: new HalfStream(undefined, this.#budget),
      earlyBytes: 0,
      ignored: false,
      fins: 0,
      active: true,
    };
  }

  #setProtocol(c: Conn, protocol: InspectedProtocol, layout?: IggyLayout): void {
    c.protocol = protocol;
    const label = `${c.client} > ${c.server}`;
    const o = {
      keepRaw: this.#keepRaw,
      maxFrameBytes: this.#maxFrameBytes,
      defaults: this.#defaults,
      jsonBodies: this.#jsonBodies,
    };
    c.decoder = protocol === "kafka"
      ? new KafkaConnection(c.id, label, o)
      : new IggyConnection(c.id, label, { ...o, layout });
    for (const d of c.mid ?? []) c.decoder.desync(d);
  }

  #deliver(c: Conn, dir: Dir, piece: StreamPiece, ts: number, out: InspectedMessage[]): void {
    if (c.ignored) return;
    if (c.decoder) {
      for (const m of c.decoder.push(dir, piece, ts)) out.push(m);
      return;
    }
    (c.early ??= []).push({ dir, piece, ts });
    const n = piece.bytes?.length ?? 0;
    c.earlyBytes += n;
    // The client's first bytes tell the protocol (the first captured, if it started mid-stream).
    const head = c.head ??= new ByteQueue();
    const grows = dir === "request" && n > 0 && head.length < SNIFF_LIMIT;
    if (grows) head.push(piece.bytes!.subarray(0, SNIFF_LIMIT - head.length));
    const guess = grows ? this.#guess(head) : undefined;
    if (!guess) {
      // Past SNIFF_DECIDED client bytes no guess changes; past SNIFF_LIMIT nothing waits longer.
      if (c.earlyBytes > SNIFF_LIMIT || (grows && head.length >= SNIFF_DECIDED)) {
        c.ignored = true;
        c.early = c.head = undefined;
        c.earlyBytes = 0;
        this.stats.ignoredConnections++;
      }
      return;
    }
    this.#setProtocol(c, guess);
    const early = c.early;
    c.early = c.head = undefined;
    c.earlyBytes = 0;
    // Requests first, so that responses find what they answer.
    for (const e of early) if (e.dir === "request") this.#deliver(c, e.dir, e.piece, e.ts, out);
    for (const e of early) if (e.dir === "response") this.#deliver(c, e.dir, e.piece, e.ts, out);
  }

  /** The protocol the client's first bytes speak, or undefined while they do not tell. */
  #guess(head: ByteQueue): InspectedProtocol | undefined {
    if (head.length < 8) return undefined;
    const b = head.peek();
    if (b.length >= 14 && looksLikeKafkaRequest(b)) return "kafka";
    if (sniffIggyLayout(b) !== undefined) return "iggy";
    return undefined;
  }
}

function endpoint(addr: string, port: number): string {
  return addr.includes(":") ? `[${addr}]:${port}` : `${addr}:${port}`;
}
