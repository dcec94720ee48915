/**
 * From a captured frame to a TCP segment: the link layers captures use on Linux and BSD
 * (Ethernet with 802.1Q/QinQ tags, Linux cooked v1 and v2, BSD loopback in either byte
 * order, raw IPv4/IPv6), then IPv4 (options, padding trimmed by total length) or IPv6
 * (extension headers skipped), then TCP. Anything else — ARP, UDP, IP fragments — is not a
 * segment and yields `undefined`.
 *
 * @module
 */

import { u16be, u32be } from "./_bytes.ts";

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
  const l3 = network(linkType, data);
  if (!l3) return undefined;
  return l3.v6 ? ipv6(l3.bytes) : ipv4(l3.bytes);
}

function network(linkType: number, d: Uint8Array): { v6: boolean; bytes: Uint8Array } | undefined {
  switch (linkType) {
    case 1: { // Ethernet
      let o = 12;
      if (d.length < 14) return undefined;
      let type = u16be(d, o);
      while ((type === 0x8100 || type === 0x88a8 || type === 0x9100) && o + 6 <= d.length) {
        o += 4;
        type = u16be(d, o);
      }
      return byEtherType(type, d.subarray(o + 2));
    }
    case 113: // Linux cooked v1: protocol at 14, header 16 bytes
      return d.length < 16 ? undefined : byEtherType(u16be(d, 14), d.subarray(16));
    case 276: // Linux cooked v2: protocol at 0, header 20 bytes
      return d.length < 20 ? undefined : byEtherType(u16be(d, 0), d.subarray(20));
    case 0: // BSD loopback: address family in the capturing host's byte order
    case 108: { // OpenBSD loopback: network byte order
      if (d.length < 4) return undefined;
      const be = u32be(d, 0);
      const le = d[0] | d[1] << 8 | d[2] << 16 | d[3] << 24;
      const fam = linkType === 108 ? be : (be > 0xffff ? le : be);
      if (fam === 2) return { v6: false, bytes: d.subarray(4) };
      if (fam === 24 || fam === 28 || fam === 30 || fam === 10) return { v6: true, bytes: d.subarray(4) };
      return undefined;
    }
    case 101: // raw IP (version from the first nibble)
    case 12:
    case 14:
      return d.length === 0 ? undefined : { v6: d[0] >> 4 === 6, bytes: d };
    case 228:
      return { v6: false, bytes: d };
    case 229:
      return { v6: true, bytes: d };
    default:
      return undefined;
  }
}

function byEtherType(type: number, rest: Uint8Array): { v6: boolean; bytes: Uint8Array } | undefined {
  if (type === ETH_IPV4) return { v6: false, bytes: rest };
  if (type === ETH_IPV6) return { v6: true, bytes: rest };
  return undefined;
}

function ipv4(d: Uint8Array): RawSegment | undefined {
  if (d.length < 20 || d[0] >> 4 !== 4) return undefined;
  const ihl = (d[0] & 15) * 4;
  const total = u16be(d, 2);
  const flagsFrag = u16be(d, 6);
  // A fragment (more-fragments set, or a non-zero offset) is not a whole segment.
  if ((flagsFrag & 0x2000) !== 0 || (flagsFrag & 0x1fff) !== 0) return undefined;
  if (d[9] !== 6 || ihl < 20) return undefined;
  // Total length 0 is what TSO captures show; then the captured length is all there is.
  const end = total === 0 ? d.length : Math.min(total, d.length);
  if (end < ihl) return undefined;
  return tcp(d.subarray(12, 16), d.subarray(16, 20), d.subarray(ihl, end));
}

function ipv6(d: Uint8Array): RawSegment | undefined {
  if (d.length < 40 || d[0] >> 4 !== 6) return undefined;
  const payloadLen = u16be(d, 4);
  let next = d[6];
  const src = d.subarray(8, 24);
  const dst = d.subarray(24, 40);
  const end = payloadLen === 0 ? d.length : Math.min(40 + payloadLen, d.length);
  let o = 40;
  for (let hops = 0; hops < 8; hops++) {
    if (next === 6) return tcp(src, dst, d.subarray(o, end));
    if (next === 0 || next === 43 || next === 60) {
      if (o + 2 > end) return undefined;
      next = d[o];
      o += (d[o + 1] + 1) * 8;
    } else if (next === 51) { // authentication header: length in 4-byte units
      if (o + 2 > end) return undefined;
      next = d[o];
      o += (d[o + 1] + 2) * 4;
    } else {
      return undefined; // fragment, ESP, UDP, ICMPv6, …
    }
  }
  return undefined;
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

function tcp(src: Uint8Array, dst: Uint8Array, t: Uint8Array): RawSegment | undefined {
  if (t.length < 20) return undefined;
  const off = (t[12] >> 4) * 4;
  if (off < 20 || off > t.length) return undefined;
  const flags = t[13];
  return {
    srcAddr: src,
    dstAddr: dst,
    srcPort: u16be(t, 0),
    dstPort: u16be(t, 2),
    seq: u32be(t, 4),
    syn: (flags & 2) !== 0,
    ack: (flags & 16) !== 0,
    fin: (flags & 1) !== 0,
    rst: (flags & 4) !== 0,
    payload: t.subarray(off),
  };
}

/** An IPv4 or IPv6 address as text (`10.0.0.1`, `::1`). */
export function addressText(a: Uint8Array): string {
  return a.length === 4 ? `${a[0]}.${a[1]}.${a[2]}.${a[3]}` : v6text(a);
}

/**
 * A short string that tells one endpoint (address and port) from every other: its 16-bit
 * groups as UTF-16 units. Cheap to build and to hash, for keying connections by packet.
 */
export function endpointKey(a: Uint8Array, port: number): string {
  if (a.length === 4) return String.fromCharCode((a[0] << 8) | a[1], (a[2] << 8) | a[3], port);
  let k = "";
  for (let i = 0; i < 16; i += 2) k += String.fromCharCode((a[i] << 8) | a[i + 1]);
  return k + String.fromCharCode(port);
}
