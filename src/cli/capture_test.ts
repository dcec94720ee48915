import { test } from "node:test";
import assert from "node:assert/strict";
import { CaptureFormatError, CaptureReader, isCapture } from "./capture.ts";
import { tcpSegment } from "./packet.ts";
import { parseHexDump } from "./hexdump.ts";
import { HalfStream } from "./tcp.ts";

/** IPv4 + TCP with `payload`, ports 40000 -> 9092. */
function ip4(payload: number[], seq = 1): Uint8Array {
  const p = new Uint8Array(40 + payload.length);
  const dv = new DataView(p.buffer);
  p.set([0x45, 0, 0, 0, 0, 0, 0x40, 0, 64, 6, 0, 0, 127, 0, 0, 1, 127, 0, 0, 2]);
  dv.setUint16(2, p.length);
  dv.setUint16(20, 40000);
  dv.setUint16(22, 9092);
  dv.setUint32(24, seq);
  p[32] = 0x50;
  p[33] = 0x18;
  p.set(payload, 40);
  return p;
}

function ip6(payload: number[]): Uint8Array {
  const tcp = ip4(payload).subarray(20);
  const p = new Uint8Array(40 + 8 + tcp.length);
  p[0] = 0x60;
  new DataView(p.buffer).setUint16(4, 8 + tcp.length);
  p[6] = 0; // hop-by-hop options first, then TCP
  p[23] = 1; // ::1
  p[39] = 1;
  p[40] = 6;
  p[41] = 0;
  p.set(tcp, 48);
  return p;
}

function pcap(linkType: number, frames: Uint8Array[], le = true, nanos = false): Uint8Array {
  const parts: Uint8Array[] = [];
  const h = new DataView(new ArrayBuffer(24));
  h.setUint32(0, nanos ? 0xa1b23c4d : 0xa1b2c3d4, le);
  h.setUint16(4, 2, le);
  h.setUint16(6, 4, le);
  h.setUint32(16, 65535, le);
  h.setUint32(20, linkType, le);
  parts.push(new Uint8Array(h.buffer));
  frames.forEach((f, i) => {
    const r = new DataView(new ArrayBuffer(16));
    r.setUint32(0, 1700000000 + i, le);
    r.setUint32(4, nanos ? 5000 : 5, le);
    r.setUint32(8, f.length, le);
    r.setUint32(12, f.length, le);
    parts.push(new Uint8Array(r.buffer), f);
  });
  return cat(parts);
}

function cat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((a, p) => a + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function pcapng(linkType: number, frames: Uint8Array[], tsresol?: number, le = true): Uint8Array {
  const block = (type: number, body: Uint8Array) => {
    const len = 12 + ((body.length + 3) & ~3);
    const b = new Uint8Array(len);
    const dv = new DataView(b.buffer);
    dv.setUint32(0, type, le);
    dv.setUint32(4, len, le);
    b.set(body, 8);
    dv.setUint32(len - 4, len, le);
    return b;
  };
  const shb = new Uint8Array(16);
  new DataView(shb.buffer).setUint32(0, 0x1a2b3c4d, le);
  new DataView(shb.buffer).setUint16(4, 1, le);
  new DataView(shb.buffer).setBigInt64(8, -1n, le);
  const idbOpts = tsresol === undefined
    ? new Uint8Array(0)
    : new Uint8Array([...u16(9, le), ...u16(1, le), tsresol, 0, 0, 0, 0, 0, 0, 0]);
  const idb = new Uint8Array(8 + idbOpts.length);
  new DataView(idb.buffer).setUint16(0, linkType, le);
  new DataView(idb.buffer).setUint32(4, 65535, le);
  idb.set(idbOpts, 8);
  const parts = [block(0x0a0d0d0a, shb), block(1, idb)];
  frames.forEach((f, i) => {
    const body = new Uint8Array(20 + f.length);
    const dv = new DataView(body.buffer);
    const ts = BigInt(1700000000 + i) * (tsresol === 9 ? 1_000_000_000n : 1_000_000n);
    dv.setUint32(4, Number(ts >> 32n), le);
    dv.setUint32(8, Number(ts & 0xffffffffn), le);
    dv.setUint32(12, f.length, le);
    dv.setUint32(16, f.length, le);
    body.set(f, 20);
    parts.push(block(6, body));
  });
  parts.push(block(3, new Uint8Array([...u32(frames[0].length, le), ...frames[0]])));
  return cat(parts);
}

function u16(v: number, le: boolean): number[] {
  return le ? [v & 255, v >> 8] : [v >> 8, v & 255];
}
function u32(v: number, le: boolean): number[] {
  const b = [v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
  return le ? b.reverse() : b;
}

const ETH = (ip: Uint8Array, vlan = false) =>
  cat([new Uint8Array(12), new Uint8Array(vlan ? [0x81, 0, 0, 5, 8, 0] : [8, 0]), ip]);
const ETH6 = (ip: Uint8Array) => cat([new Uint8Array(12), new Uint8Array([0x86, 0xdd]), ip]);
const SLL = (ip: Uint8Array) => cat([new Uint8Array([0, 0, 3, 4, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0]), ip]);
const SLL2 = (ip: Uint8Array) =>
  cat([new Uint8Array([8, 0, 0, 0, 0, 0, 0, 1, 3, 4, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0]), ip]);
const NULL_LE = (ip: Uint8Array) => cat([new Uint8Array([2, 0, 0, 0]), ip]);
const NULL_V6 = (ip: Uint8Array) => cat([new Uint8Array([30, 0, 0, 0]), ip]);
const LOOP = (ip: Uint8Array) => cat([new Uint8Array([0, 0, 0, 2]), ip]);

const cases: { name: string; linkType: number; frame: Uint8Array; src: string }[] = [
  { name: "Ethernet", linkType: 1, frame: ETH(ip4([1, 2, 3])), src: "127.0.0.1" },
  { name: "Ethernet with an 802.1Q tag", linkType: 1, frame: ETH(ip4([1, 2, 3]), true), src: "127.0.0.1" },
  { name: "Ethernet IPv6", linkType: 1, frame: ETH6(ip6([1, 2, 3])), src: "::1" },
  { name: "Linux cooked v1", linkType: 113, frame: SLL(ip4([1, 2, 3])), src: "127.0.0.1" },
  { name: "Linux cooked v2", linkType: 276, frame: SLL2(ip4([1, 2, 3])), src: "127.0.0.1" },
  { name: "BSD loopback", linkType: 0, frame: NULL_LE(ip4([1, 2, 3])), src: "127.0.0.1" },
  { name: "BSD loopback IPv6", linkType: 0, frame: NULL_V6(ip6([1, 2, 3])), src: "::1" },
  { name: "OpenBSD loopback", linkType: 108, frame: LOOP(ip4([1, 2, 3])), src: "127.0.0.1" },
  { name: "raw IPv4", linkType: 101, frame: ip4([1, 2, 3]), src: "127.0.0.1" },
  { name: "raw IPv6", linkType: 229, frame: ip6([1, 2, 3]), src: "::1" },
];

for (const c of cases) {
  test(`tcpSegment() reads ${c.name}`, () => {
    const s = tcpSegment(c.linkType, c.frame);
    assert.ok(s);
    assert.equal(s.src, c.src);
    assert.equal(s.dstPort, 9092);
    assert.deepEqual([...s.payload], [1, 2, 3]);
  });
}

test("tcpSegment() trims Ethernet padding by the IPv4 total length", () => {
  const s = tcpSegment(1, cat([ETH(ip4([9])), new Uint8Array(6)]));
  assert.deepEqual([...s!.payload], [9]);
});

for (
  const [name, file] of [
    ["pcap, little endian, µs", pcap(1, [ETH(ip4([7]))])],
    ["pcap, big endian, µs", pcap(1, [ETH(ip4([7]))], false)],
    ["pcap, ns", pcap(1, [ETH(ip4([7]))], true, true)],
    ["pcapng, little endian", pcapng(1, [ETH(ip4([7]))])],
    ["pcapng, big endian", pcapng(1, [ETH(ip4([7]))], undefined, false)],
    ["pcapng, if_tsresol 9", pcapng(1, [ETH(ip4([7]))], 9)],
  ] as const
) {
  test(`CaptureReader reads ${name} in any chunking`, () => {
    assert.ok(isCapture(file));
    for (const chunk of [1, 3, file.length]) {
      const r = new CaptureReader();
      const got = [];
      for (let o = 0; o < file.length; o += chunk) got.push(...r.push(file.subarray(o, o + chunk)));
      assert.ok(got.length >= 1);
      assert.equal(got[0].linkType, 1);
      const ts = got[0].tsMicros / 1e6;
      assert.ok(Math.abs(ts - (1700000000 + (name.startsWith("pcapng") ? 0 : 5e-6))) < 1e-3, `ts ${ts}`);
      assert.deepEqual([...tcpSegment(1, got[0].data)!.payload], [7]);
      assert.equal(r.pending, 0);
    }
  });
}

test("CaptureReader refuses what is not a capture and a block longer than its bound", () => {
  assert.throws(() => [...new CaptureReader().push(new Uint8Array([1, 2, 3, 4]))], CaptureFormatError);
  const bad = pcap(1, [ETH(ip4([7]))]);
  new DataView(bad.buffer).setUint32(24 + 8, 0x7fffffff, true);
  assert.throws(() => [...new CaptureReader().push(bad)], CaptureFormatError);
});

test("HalfStream trims retransmissions and overlaps, and reports holes", () => {
  const h = new HalfStream(16);
  h.syn(0);
  assert.deepEqual(h.segment(1, new Uint8Array([1, 2])).map((p) => [...p.bytes!]), [[1, 2]]);
  assert.deepEqual(h.segment(1, new Uint8Array([1, 2, 3])).map((p) => [...p.bytes!]), [[3]]);
  assert.deepEqual(h.segment(3, new Uint8Array([3])).length, 0);
  // A segment past a hole waits; past the pending bound the hole is skipped.
  assert.equal(h.segment(10, new Uint8Array(8)).length, 0);
  const out = h.segment(30, new Uint8Array(10));
  assert.deepEqual(out.map((p) => p.gap ?? p.bytes!.length), [6, 8]);
  assert.deepEqual(h.flush().map((p) => p.gap ?? p.bytes!.length), [12, 10]);
  assert.equal(h.lost, 18);
});

test("HalfStream handles sequence wrap-around", () => {
  const h = new HalfStream();
  h.syn(0xfffffffe);
  const out = h.segment(0xffffffff, new Uint8Array([1, 2, 3]));
  assert.equal(out[0].bytes!.length, 3);
  assert.equal(h.segment(2, new Uint8Array([4])).length, 1);
});

test("parseHexDump reads xxd, hexdump -C, tcpdump -X and plain hex", () => {
  const xxd = "00000000: 0000 0004 0001 0002  ........\n00000008: ff                   .\n";
  assert.deepEqual([...(parseHexDump(xxd) as { bytes: Uint8Array }).bytes], [0, 0, 0, 4, 0, 1, 0, 2, 255]);
  const hd = "00000000  00 00 00 04 00 01 00 02  |........|\n";
  assert.deepEqual([...(parseHexDump(hd) as { bytes: Uint8Array }).bytes], [0, 0, 0, 4, 0, 1, 0, 2]);
  assert.deepEqual([...(parseHexDump("de ad be ef\n0x01") as { bytes: Uint8Array }).bytes], [
    0xde,
    0xad,
    0xbe,
    0xef,
    1,
  ]);
  const ip = ip4([5, 6]);
  const words = [];
  for (let i = 0; i < ip.length; i += 2) {
    words.push(((ip[i] << 8) | (ip[i + 1] ?? 0)).toString(16).padStart(4, "0"));
  }
  const lines = ["12:00:01.500000 IP 127.0.0.1.40000 > 127.0.0.1.9092: Flags [P.], length 2"];
  for (let i = 0; i < words.length; i += 8) {
    lines.push(
      `\t0x${(i * 2).toString(16).padStart(4, "0")}:  ${words.slice(i, i + 8).join(" ")}  ................`,
    );
  }
  const r = parseHexDump(lines.join("\n"));
  assert.equal(r.kind, "packets");
  if (r.kind !== "packets") return;
  assert.equal(r.packets.length, 1);
  assert.equal(r.packets[0].tsMicros, (12 * 3600 + 1.5) * 1e6);
  assert.deepEqual([...tcpSegment(r.packets[0].linkType, r.packets[0].data)!.payload], [5, 6]);
});
