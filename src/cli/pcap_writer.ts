/**
 * Writes classic pcap files of TCP conversations: a handshake, each side's bytes cut into
 * segments of at most `mss` bytes with running sequence numbers, and a closing FIN. Test
 * doubles and proxies use it to record what they send and receive, so that the inspector
 * (or Wireshark) can read it back; the inspector's own tests use it to build captures with
 * reordered, repeated and missing segments.
 *
 * @module
 */

/** Link layer of the written file. */
export type PcapLink = "ethernet" | "raw";

/** One side of a recorded connection. */
export type Side = "client" | "server";

interface Endpoint {
  addr: number[];
  port: number;
  seq: number;
}

/**
 * A pcap file being written in memory.
 *
 * @example
 * ```ts
 * import { Inspector, CaptureReader, PcapWriter } from "@streamwire/codec/cli";
 * const w = new PcapWriter();
 * const c = w.connection("127.0.0.1", 40000, "127.0.0.1", 9092, 0);
 * c.send("client", new Uint8Array([0, 0, 0, 0]), 10);
 * const ins = new Inspector();
 * for (const p of new CaptureReader().push(w.bytes())) ins.packet(p);
 * console.log(ins.stats.packets); // 4
 * ```
 */
export class PcapWriter {
  readonly #link: PcapLink;
  #parts: Uint8Array[] = [];

  /** A writer of `link` frames (default Ethernet). */
  constructor(link: PcapLink = "ethernet") {
    this.#link = link;
    const h = new DataView(new ArrayBuffer(24));
    h.setUint32(0, 0xa1b2c3d4, true);
    h.setUint16(4, 2, true);
    h.setUint16(6, 4, true);
    h.setUint32(16, 262144, true);
    h.setUint32(20, link === "ethernet" ? 1 : 101, true);
    this.#parts.push(new Uint8Array(h.buffer));
  }

  /** Starts a connection (SYN, SYN-ACK, ACK at `tsMicros`). */
  connection(
    clientAddr: string,
    clientPort: number,
    serverAddr: string,
    serverPort: number,
    tsMicros: number,
    options: { handshake?: boolean; mss?: number } = {},
  ): TcpConversation {
    return new TcpConversation(
      this,
      ipv4(clientAddr),
      clientPort,
      ipv4(serverAddr),
      serverPort,
      tsMicros,
      options,
    );
  }

  /** Appends one packet (IPv4 + TCP) at `tsMicros`. */
  packet(tsMicros: number, ip: Uint8Array): void {
    const frame = this.#link === "ethernet" ? ethernet(ip) : ip;
    const rec = new DataView(new ArrayBuffer(16));
    const sec = Math.floor(tsMicros / 1e6);
    rec.setUint32(0, sec, true);
    rec.setUint32(4, Math.floor(tsMicros - sec * 1e6), true);
    rec.setUint32(8, frame.length, true);
    rec.setUint32(12, frame.length, true);
    this.#parts.push(new Uint8Array(rec.buffer), frame);
  }

  /** The file so far. */
  bytes(): Uint8Array {
    let n = 0;
    for (const p of this.#parts) n += p.length;
    const out = new Uint8Array(n);
    let o = 0;
    for (const p of this.#parts) {
      out.set(p, o);
      o += p.length;
    }
    return out;
  }

  /**
   * The bytes written since the last `drain()` (the file header first), and forgets them:
   * for recording a long session to disk as it goes.
   */
  drain(): Uint8Array {
    const out = this.bytes();
    this.#parts = [];
    return out;
  }
}

/** A TCP connection inside a {@linkcode PcapWriter}. */
export class TcpConversation {
  readonly #w: PcapWriter;
  readonly #c: Endpoint;
  readonly #s: Endpoint;
  readonly #mss: number;

  /** Use {@linkcode PcapWriter.connection}. */
  constructor(
    w: PcapWriter,
    ca: number[],
    cp: number,
    sa: number[],
    sp: number,
    ts: number,
    options: { handshake?: boolean; mss?: number },
  ) {
    this.#w = w;
    this.#c = { addr: ca, port: cp, seq: 1000 };
    this.#s = { addr: sa, port: sp, seq: 5000 };
    this.#mss = options.mss ?? 1460;
    if (options.handshake ?? true) {
      this.#emit("client", ts, 0x02, new Uint8Array(0), this.#c.seq);
      this.#emit("server", ts, 0x12, new Uint8Array(0), this.#s.seq);
      this.#c.seq++;
      this.#s.seq++;
      this.#emit("client", ts, 0x10, new Uint8Array(0), this.#c.seq);
    }
  }

  /** Sends `bytes` from `side`, in segments of at most the MSS. */
  send(side: Side, bytes: Uint8Array, tsMicros: number): void {
    for (const seg of this.segments(side, bytes)) this.#emit(side, tsMicros, 0x18, seg.payload, seg.seq);
  }

  /**
   * Cuts `bytes` into segments and advances the sequence number without writing them, so
   * that a test can write them in another order, twice, or not at all ({@linkcode write}).
   */
  segments(side: Side, bytes: Uint8Array): { seq: number; payload: Uint8Array }[] {
    const e = side === "client" ? this.#c : this.#s;
    const out: { seq: number; payload: Uint8Array }[] = [];
    for (let o = 0; o < bytes.length; o += this.#mss) {
      const payload = bytes.subarray(o, Math.min(bytes.length, o + this.#mss));
      out.push({ seq: e.seq, payload });
      e.seq = (e.seq + payload.length) >>> 0;
    }
    return out;
  }

  /** Writes one data segment as given. */
  write(side: Side, tsMicros: number, seg: { seq: number; payload: Uint8Array }): void {
    this.#emit(side, tsMicros, 0x18, seg.payload, seg.seq);
  }

  /** Closes from `side` with a FIN. */
  close(side: Side, tsMicros: number): void {
    const e = side === "client" ? this.#c : this.#s;
    this.#emit(side, tsMicros, 0x11, new Uint8Array(0), e.seq);
    e.seq = (e.seq + 1) >>> 0;
  }

  #emit(side: Side, ts: number, flags: number, payload: Uint8Array, seq: number): void {
    const [from, to] = side === "client" ? [this.#c, this.#s] : [this.#s, this.#c];
    this.#w.packet(ts, ipPacket(from, to, seq, to.seq, flags, payload));
  }
}

function ipv4(text: string): number[] {
  const parts = text.split(".").map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) {
    throw new RangeError(`not an IPv4 address: ${text}`);
  }
  return parts;
}

function ipPacket(
  from: Endpoint,
  to: Endpoint,
  seq: number,
  ack: number,
  flags: number,
  payload: Uint8Array,
): Uint8Array {
  const total = 40 + payload.length;
  const p = new Uint8Array(total);
  const dv = new DataView(p.buffer);
  p[0] = 0x45;
  dv.setUint16(2, total);
  dv.setUint16(6, 0x4000); // don't fragment
  p[8] = 64;
  p[9] = 6;
  p.set(from.addr, 12);
  p.set(to.addr, 16);
  let sum = 0;
  for (let i = 0; i < 20; i += 2) sum += dv.getUint16(i);
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
  dv.setUint16(10, ~sum & 0xffff);
  dv.setUint16(20, from.port);
  dv.setUint16(22, to.port);
  dv.setUint32(24, seq >>> 0);
  dv.setUint32(28, ack >>> 0);
  p[32] = 0x50;
  p[33] = flags;
  dv.setUint16(34, 65535);
  p.set(payload, 40);
  return p;
}

function ethernet(ip: Uint8Array): Uint8Array {
  const f = new Uint8Array(14 + ip.length);
  f.set([0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1, 0x08, 0x00]);
  f.set(ip, 14);
  return f;
}
