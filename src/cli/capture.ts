/**
 * Capture files, read incrementally: classic pcap (microsecond and nanosecond, either byte
 * order) and pcapng (section header, interface description with `if_tsresol`, enhanced,
 * simple and obsolete packet blocks; several sections and interfaces). Chunks go in as they
 * are read from disk; packets come out with their link type and a timestamp in microseconds.
 * Only the unread part of one block is held, so memory is bounded by the largest block.
 *
 * @module
 */

import { ByteQueue } from "./_bytes.ts";

/** One captured packet. */
export interface CapturedPacket {
  /** Capture time, microseconds since the Unix epoch (a float for sub-µs resolution). */
  tsMicros: number;
  /** The link-layer type (LINKTYPE_*: 1 Ethernet, 113 Linux SLL, 276 SLL2, 0 BSD loopback, 101 raw IP, …). */
  linkType: number;
  /** The captured bytes, starting at the link-layer header. */
  data: Uint8Array;
  /** Packet number in the file, from 1. */
  index: number;
}

/** Raised for a file that is neither pcap nor pcapng, or a block that cannot be read. */
export class CaptureFormatError extends Error {
  /** A capture format error. */
  constructor(message: string) {
    super(message);
    this.name = "CaptureFormatError";
  }
}

/** Largest block accepted (a pcapng block or pcap record): a corrupt length is refused, not buffered. */
const MAX_BLOCK = 256 * 1024 * 1024;

interface Iface {
  linkType: number;
  /** Multiply a raw timestamp by this to get microseconds. */
  toMicros: number;
}

/**
 * Whether `head` (the first bytes of a file) looks like a capture file.
 *
 * @example
 * ```ts
 * import { isCapture } from "@streamwire/codec/cli";
 * console.log(isCapture(new Uint8Array([0xd4, 0xc3, 0xb2, 0xa1]))); // true
 * ```
 */
export function isCapture(head: Uint8Array): boolean {
  if (head.length < 4) return false;
  const m = (head[0] << 24 | head[1] << 16 | head[2] << 8 | head[3]) >>> 0;
  return m === 0xa1b2c3d4 || m === 0xd4c3b2a1 || m === 0xa1b23c4d || m === 0x4d3cb2a1 || m === 0x0a0d0d0a;
}

/**
 * Incremental reader of pcap and pcapng.
 *
 * @example
 * ```ts
 * import { CaptureReader } from "@streamwire/codec/cli";
 * const file = new Uint8Array(24 + 16 + 4);
 * const dv = new DataView(file.buffer);
 * dv.setUint32(0, 0xa1b2c3d4, true); // pcap, little endian, microseconds
 * dv.setUint16(4, 2, true);
 * dv.setUint16(6, 4, true);
 * dv.setUint32(16, 65535, true);
 * dv.setUint32(20, 101, true); // raw IP
 * dv.setUint32(24, 1700000000, true);
 * dv.setUint32(32, 4, true);
 * dv.setUint32(36, 4, true);
 * const r = new CaptureReader();
 * for (const p of r.push(file)) console.log(p.linkType, p.data.length); // 101 4
 * ```
 */
export class CaptureReader {
  #q = new ByteQueue();
  #format: "pcap" | "pcapng" | undefined;
  #le = true;
  #pcapIface: Iface = { linkType: 1, toMicros: 1 };
  #ifaces: Iface[] = [];
  #index = 0;
  /** Bytes consumed so far (for progress). */
  consumed = 0;

  /** Adds file bytes and yields every packet now complete. */
  *push(chunk: Uint8Array): Generator<CapturedPacket> {
    this.#q.push(chunk);
    for (;;) {
      const p = this.#next();
      if (p === null) return;
      if (p !== undefined) yield p;
    }
  }

  /** Bytes held for a block not yet complete. */
  get pending(): number {
    return this.#q.length;
  }

  /** `null`: need more bytes; `undefined`: a block that is not a packet was consumed. */
  #next(): CapturedPacket | null | undefined {
    const q = this.#q;
    if (this.#format === undefined) {
      if (q.length < 4) return null;
      const b = q.peek(4);
      const m = (b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]) >>> 0;
      if (m === 0x0a0d0d0a) this.#format = "pcapng";
      else {
        const le = m === 0xd4c3b2a1 || m === 0x4d3cb2a1;
        const nanos = m === 0xa1b23c4d || m === 0x4d3cb2a1;
        if (!le && m !== 0xa1b2c3d4 && m !== 0xa1b23c4d) {
          throw new CaptureFormatError("not a pcap or pcapng file");
        }
        if (q.length < 24) return null;
        this.#le = le;
        this.#format = "pcap";
        this.#pcapIface = { linkType: this.#u32(q.peek(24), 20) & 0xffff, toMicros: nanos ? 1e-3 : 1 };
        this.#eat(24);
        return undefined;
      }
    }
    return this.#format === "pcap" ? this.#pcapRecord() : this.#pcapngBlock();
  }

  #eat(n: number): void {
    this.#q.skip(n);
    this.consumed += n;
  }

  #u32(b: Uint8Array, o: number): number {
    return this.#le
      ? (b[o] | b[o + 1] << 8 | b[o + 2] << 16 | b[o + 3] << 24) >>> 0
      : (b[o] << 24 | b[o + 1] << 16 | b[o + 2] << 8 | b[o + 3]) >>> 0;
  }

  /** `#u32` of the unread bytes of the queue at `o`. */
  #u32q(o: number): number {
    const q = this.#q;
    return this.#le
      ? (q.at(o) | q.at(o + 1) << 8 | q.at(o + 2) << 16 | q.at(o + 3) << 24) >>> 0
      : (q.at(o) << 24 | q.at(o + 1) << 16 | q.at(o + 2) << 8 | q.at(o + 3)) >>> 0;
  }

  #u16(b: Uint8Array, o: number): number {
    return this.#le ? b[o] | b[o + 1] << 8 : b[o] << 8 | b[o + 1];
  }

  #pcapRecord(): CapturedPacket | null {
    const q = this.#q;
    if (q.length < 16) return null;
    // Read in the queue: no view of the record header per packet.
    const sec = this.#u32q(0);
    const frac = this.#u32q(4);
    const incl = this.#u32q(8);
    if (incl > MAX_BLOCK) throw new CaptureFormatError(`pcap record of ${incl} bytes`);
    if (q.length < 16 + incl) return null;
    this.#eat(16);
    const data = this.#q.take(incl);
    this.consumed += incl;
    const iface = this.#pcapIface;
    return {
      tsMicros: sec * 1e6 + frac * iface.toMicros,
      linkType: iface.linkType,
      data,
      index: ++this.#index,
    };
  }

  #pcapngBlock(): CapturedPacket | null | undefined {
    const q = this.#q;
    if (q.length < 12) return null;
    let h = q.peek(12);
    const typeRaw = h;
    // A section header fixes the byte order of everything after it, its own length included.
    if (typeRaw[0] === 0x0a && typeRaw[1] === 0x0d && typeRaw[2] === 0x0d && typeRaw[3] === 0x0a) {
      const bom = (h[8] << 24 | h[9] << 16 | h[10] << 8 | h[11]) >>> 0;
      if (bom === 0x1a2b3c4d) this.#le = false;
      else if (bom === 0x4d3c2b1a) this.#le = true;
      else throw new CaptureFormatError("pcapng section header with a bad byte-order magic");
    }
    const type = this.#u32(h, 0);
    const len = this.#u32(h, 4);
    if (len < 12 || len % 4 !== 0 || len > MAX_BLOCK) {
      throw new CaptureFormatError(`pcapng block of type ${type} with length ${len}`);
    }
    if (q.length < len) return null;
    h = q.take(len); // a view that stays valid: packets are views into it
    this.consumed += len;
    let out: CapturedPacket | undefined;
    switch (type) {
      case 0x0a0d0d0a: // section header: a new section restarts the interface list
        this.#ifaces = [];
        break;
      case 1: // interface description
        this.#ifaces.push(this.#readIdb(h, len));
        break;
      case 6: { // enhanced packet
        const iface = this.#ifaces[this.#u32(h, 8)] ?? { linkType: 1, toMicros: 1 };
        const ts = this.#u32(h, 12) * 4294967296 + this.#u32(h, 16);
        const cap = this.#u32(h, 20);
        if (28 + cap > len) throw new CaptureFormatError("pcapng packet longer than its block");
        out = {
          tsMicros: ts * iface.toMicros,
          linkType: iface.linkType,
          data: h.subarray(28, 28 + cap),
          index: 0,
        };
        break;
      }
      case 2: { // obsolete packet block
        const iface = this.#ifaces[this.#u16(h, 8)] ?? { linkType: 1, toMicros: 1 };
        const ts = this.#u32(h, 12) * 4294967296 + this.#u32(h, 16);
        const cap = this.#u32(h, 20);
        if (28 + cap > len) throw new CaptureFormatError("pcapng packet longer than its block");
        out = {
          tsMicros: ts * iface.toMicros,
          linkType: iface.linkType,
          data: h.subarray(28, 28 + cap),
          index: 0,
        };
        break;
      }
      case 3: { // simple packet: interface 0, no timestamp
        const iface = this.#ifaces[0] ?? { linkType: 1, toMicros: 1 };
        const orig = this.#u32(h, 8);
        const cap = Math.min(orig, len - 16);
        out = { tsMicros: 0, linkType: iface.linkType, data: h.subarray(12, 12 + cap), index: 0 };
        break;
      }
    }
    if (out) out.index = ++this.#index;
    return out;
  }

  #readIdb(h: Uint8Array, len: number): Iface {
    const iface: Iface = { linkType: this.#u16(h, 8), toMicros: 1 };
    let o = 16;
    while (o + 4 <= len - 4) {
      const code = this.#u16(h, o);
      const olen = this.#u16(h, o + 2);
      if (code === 0) break;
      if (code === 9 && olen >= 1) {
        const r = h[o + 4];
        const exp = r & 0x7f;
        const unitsPerSecond = r & 0x80 ? 2 ** exp : 10 ** exp;
        iface.toMicros = 1e6 / unitsPerSecond;
      }
      o += 4 + ((olen + 3) & ~3);
    }
    return iface;
  }
}
