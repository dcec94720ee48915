/**
 * From a captured frame to a TCP segment: the link layers captures use on Linux and BSD
 * (Ethernet with 802.1Q/QinQ tags, Linux cooked v1 and v2, BSD loopback in either byte
 * order, raw IPv4/IPv6), then IPv4 (options, padding trimmed by total length) or IPv6
 * (extension headers skipped), then TCP. Anything else — ARP, UDP, IP fragments — is not a
 * segment and yields `undefined`.
 *
 * @module
 */

import { empty, u16be, u32be } from "./_bytes.ts";

/** The fields of a TCP segment, addresses as bytes (what the inspector reads per packet). */
export interface RawSegment {
  /** Source address bytes (4 or 16). */
  srcAddr: Uint8Array;
  /** Destination address bytes. */
  dstAddr: Uint8Array;
  /** Source port. */
  srcPort: number;
  /** Destination port. */
  dstPort: number;
  /** Sequence number. */
  seq: number;
  /** SYN flag. */
  syn: boolean;
  /** ACK flag. */
  ack: boolean;
  /** FIN flag. */
  fin: boolean;
  /** RST flag. */
  rst: boolean;
  /** The segment's payload (a view into the packet). */
  payload: Uint8Array;
}

/** A TCP segment out of a captured packet: {@linkcode RawSegment} with its addresses as text. */
export interface TcpSegment extends Omit<RawSegment, "srcAddr" | "dstAddr"> {
  /** Source address as text (`10.0.0.1`, `::1`). */
  src: string;
  /** Destination address as text. */
  dst: string;
}

const ETH_IPV4 = 0x0800;
const ETH_IPV6 = 0x86dd;

/**
 * The TCP segment carried by a captured frame of link type `linkType`, or `undefined`.
 *
 * @example
 * ```ts
 * import { tcpSegment } from "@streamwire/codec/cli";
 * const ip = new Uint8Array(40);
 * ip.set([0x45, 0, 0, 40, 0, 0, 0x40, 0, 64, 6, 0, 0, 127, 0, 0, 1, 127, 0, 0, 2]);
 * ip.set([0x30, 0x39, 0x23, 0x84, 0, 0, 0, 1, 0, 0, 0, 0, 0x50, 0x02], 20);
 * const s = tcpSegment(101, ip);
 * console.log(s?.src, s?.dstPort, s?.syn); // 127.0.0.1 9092 true
 * ```
 */
export function tcpSegment(linkType: number, data: Uint8Array): TcpSegment | undefined {
  const r = rawSegment(linkType, data);
  if (!r) return undefined;
  const { srcAddr, dstAddr, ...rest } = r;
  return { src: addressText(srcAddr), dst: addressText(dstAddr), ...rest };
}

/** {@linkcode tcpSegment} with the addresses left as bytes (no text made per packet). */
export function rawSegment(linkType: number, data: Uint8Array): RawSegment | undefined {
  const f = new SegmentFields();
  if (!f.read(linkType, data)) return undefined;
  const { addrAt, addrLen } = f;
  return {
    srcAddr: data.subarray(addrAt, addrAt + addrLen),
    dstAddr: data.subarray(addrAt + addrLen, addrAt + 2 * addrLen),
    srcPort: f.srcPort,
    dstPort: f.dstPort,
    seq: f.seq,
    syn: f.syn,
    ack: f.ack,
    fin: f.fin,
    rst: f.rst,
    payload: f.payload,
  };
}

/**
 * A TCP segment's fields read in place: the addresses as offsets into the packet, the payload a
 * view of it. One is reused for every packet, so that reading a packet allocates at most the
 * payload's view (the inspector reads every packet of a capture, and a view and a record per
 * layer were garbage made for each).
 */
export class SegmentFields {
  /** The packet last read. */
  data: Uint8Array = empty();
  /** Where the source address starts in `data`; the destination address follows it. */
  addrAt = 0;
  /** 4 (IPv4) or 16 (IPv6). */
  addrLen = 4;
  /** Ports, sequence number and flags, as in {@linkcode RawSegment}. */
  srcPort = 0;
  dstPort = 0;
  seq = 0;
  syn = false;
  ack = false;
  fin = false;
  rst = false;
  /** The payload (a view into the packet; one shared empty view when there is none). */
  payload: Uint8Array = this.data;

  /** Reads the segment of a frame of link type `linkType`; false when it carries none. */
  read(linkType: number, data: Uint8Array): boolean {
    this.data = data;
    const o = this.#network(linkType, data);
    if (o < 0) return false;
    return this.addrLen === 16 ? this.#ipv6(data, o) : this.#ipv4(data, o);
  }

  /** The offset of the IP header (and `addrLen` set to its family's), or -1. */
  #network(linkType: number, d: Uint8Array): number {
    switch (linkType) {
      case 1: { // Ethernet
        let o = 12;
        if (d.length < 14) return -1;
        let type = u16be(d, o);
        while ((type === 0x8100 || type === 0x88a8 || type === 0x9100) && o + 6 <= d.length) {
          o += 4;
          type = u16be(d, o);
        }
        return this.#byEtherType(type, o + 2);
      }
      case 113: // Linux cooked v1: protocol at 14, header 16 bytes
        return d.length < 16 ? -1 : this.#byEtherType(u16be(d, 14), 16);
      case 276: // Linux cooked v2: protocol at 0, header 20 bytes
        return d.length < 20 ? -1 : this.#byEtherType(u16be(d, 0), 20);
      case 0: // BSD loopback: address family in the capturing host's byte order
      case 108: { // OpenBSD loopback: network byte order
        if (d.length < 4) return -1;
        const be = u32be(d, 0);
        const le = d[0] | d[1] << 8 | d[2] << 16 | d[3] << 24;
        const fam = linkType === 108 ? be : (be > 0xffff ? le : be);
        if (fam === 2) return this.#family(false, 4);
        if (fam === 24 || fam === 28 || fam === 30 || fam === 10) return this.#family(true, 4);
        return -1;
      }
      case 101: // raw IP (version from the first nibble)
      case 12:
      case 14:
        return d.length === 0 ? -1 : this.#family(d[0] >> 4 === 6, 0);
      case 228:
        return this.#family(false, 0);
      case 229:
        return this.#family(true, 0);
      default:
        return -1;
    }
  }

  #byEtherType(type: number, o: number): number {
    if (type === ETH_IPV4) return this.#family(false, o);
    if (type === ETH_IPV6) return this.#family(true, o);
    return -1;
  }

  #family(v6: boolean, o: number): number {
    this.addrLen = v6 ? 16 : 4;
    return o;
  }

  #ipv4(d: Uint8Array, o: number): boolean {
    if (d.length - o < 20 || d[o] >> 4 !== 4) return false;
    const ihl = (d[o] & 15) * 4;
    const total = u16be(d, o + 2);
    const flagsFrag = u16be(d, o + 6);
    // A fragment (more-fragments set, or a non-zero offset) is not a whole segment.
    if ((flagsFrag & 0x2000) !== 0 || (flagsFrag & 0x1fff) !== 0) return false;
    if (d[o + 9] !== 6 || ihl < 20) return false;
    // Total length 0 is what TSO captures show; then the captured length is all there is.
    const end = total === 0 ? d.length : Math.min(o + total, d.length);
    if (end < o + ihl) return false;
    this.addrAt = o + 12;
    return this.#tcp(d, o + ihl, end);
  }

  #ipv6(d: Uint8Array, start: number): boolean {
    if (d.length - start < 40 || d[start] >> 4 !== 6) return false;
    const payloadLen = u16be(d, start + 4);
    let next = d[start + 6];
    this.addrAt = start + 8;
    const end = payloadLen === 0 ? d.length : Math.min(start + 40 + payloadLen, d.length);
    let o = start + 40;
    for (let hops = 0; hops < 8; hops++) {
      if (next === 6) return this.#tcp(d, o, end);
      if (next === 0 || next === 43 || next === 60) {
        if (o + 2 > end) return false;
        next = d[o];
        o += (d[o + 1] + 1) * 8;
      } else if (next === 51) { // authentication header: length in 4-byte units
        if (o + 2 > end) return false;
        next = d[o];
        o += (d[o + 1] + 2) * 4;
      } else {
        return false; // fragment, ESP, UDP, ICMPv6, …
      }
    }
    return false;
  }

  /** The TCP header at `o`, its segment ending at `end`. */
  #tcp(d: Uint8Array, o: number, end: number): boolean {
    if (end - o < 20) return false;
    const off = (d[o + 12] >> 4) * 4;
    if (off < 20 || off > end - o) return false;
    const flags = d[o + 13];
    this.srcPort = u16be(d, o);
    this.dstPort = u16be(d, o + 2);
    this.seq = u32be(d, o + 4);
    this.syn = (flags & 2) !== 0;
    this.ack = (flags & 16) !== 0;
    this.fin = (flags & 1) !== 0;
    this.rst = (flags & 4) !== 0;
    this.payload = o + off === end ? empty() : d.subarray(o + off, end);
    return true;
  }

  /** The key of the source endpoint ({@linkcode endpointKey}). */
  srcKey(): string {
    return endpointKey(this.data, this.addrAt, this.addrLen, this.srcPort);
  }

  /** The key of the destination endpoint. */
  dstKey(): string {
    return endpointKey(this.data, this.addrAt + this.addrLen, this.addrLen, this.dstPort);
  }
}

function v6text(b: Uint8Array): string {
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((b[i] << 8) | b[i + 1]).toString(16));
  // Collapse the longest run of zero groups, as RFC 5952 does.
  let best = -1, bestLen = 0;
  for (let i = 0; i < 8;) {
    if (groups[i] !== "0") {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === "0") j++;
    if (j - i > bestLen && j - i > 1) [best, bestLen] = [i, j - i];
    i = j;
  }
  if (best < 0) return groups.join(":");
  return `${groups.slice(0, best).join(":")}::${groups.slice(best + bestLen).join(":")}`;
}

/** An IPv4 or IPv6 address as text (`10.0.0.1`, `::1`). */
export function addressText(a: Uint8Array): string {
  return a.length === 4 ? `${a[0]}.${a[1]}.${a[2]}.${a[3]}` : v6text(a);
}

/**
 * A short string that tells one endpoint (the `len` address bytes at `at` in `b`, and a port)
 * from every other: its 16-bit groups as UTF-16 units. Cheap to build and to hash, for keying
 * connections by packet.
 */
export function endpointKey(b: Uint8Array, at: number, len: number, port: number): string {
  if (len === 4) return String.fromCharCode((b[at] << 8) | b[at + 1], (b[at + 2] << 8) | b[at + 3], port);
  let k = "";
  for (let i = at; i < at + 16; i += 2) k += String.fromCharCode((b[i] << 8) | b[i + 1]);
  return k + String.fromCharCode(port);
}
