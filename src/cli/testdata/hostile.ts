/**
 * Hostile inputs for the inspector (issue 26, section 5): captures and streams built so that a
 * decoder whose time or memory is not linear in its input shows it. `hostile_test.ts` runs
 * each at a size where a quadratic inspector takes minutes; `bench/inspect_hostile.ts` writes
 * them to files to time the command on them.
 *
 * @module
 */

import { PcapWriter } from "../pcap_writer.ts";

const T0 = 1_764_590_400_000_000;

/**
 * `n` connections to :9092, each a handshake and the 5 bytes `06 3f ff ff 00` (a frame that
 * claims ~100 MiB and never comes), none closed.
 */
export function manyConnections(n: number): Uint8Array {
  const w = new PcapWriter();
  const bytes = Uint8Array.of(0x06, 0x3f, 0xff, 0xff, 0x00);
  for (let i = 0; i < n; i++) {
    const addr = `10.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255}`;
    w.connection(addr, 40000 + (i % 20000), "10.255.0.1", 9092, T0 + i).send("client", bytes, T0 + i);
  }
  return w.bytes();
}

/**
 * One connection to :9092 whose client sends `n` 1-byte segments at every other sequence
 * number (a hole before each), in order or, with `reverse`, last first.
 */
export function holes(n: number, reverse = false, port = 9092): Uint8Array {
  const w = new PcapWriter();
  const c = w.connection("10.0.0.1", 40000, "10.0.0.2", port, T0, { mss: 1 });
  const segs = c.segments("client", new Uint8Array(2 * n).fill(0x41));
  const kept = segs.filter((_, i) => i % 2 === 1);
  if (reverse) kept.reverse();
  kept.forEach((s, i) => c.write("client", T0 + i, s));
  return w.bytes();
}

/** One connection to :9092 whose client's `n` bytes arrive as 1-byte segments, last first. */
export function reversed(n: number): Uint8Array {
  const w = new PcapWriter();
  const c = w.connection("10.0.0.1", 40000, "10.0.0.2", 9092, T0, { mss: 1 });
  const segs = c.segments("client", new Uint8Array(n).fill(0x41));
  for (let i = segs.length - 1; i >= 0; i--) c.write("client", T0 + segs.length - i, segs[i]);
  return w.bytes();
}

/**
 * `conns` connections to port 19093 (no protocol configured, so sniffed), each sending `n`
 * bytes that are neither Kafka nor Iggy as 1-byte segments.
 */
export function unsniffable(n: number, conns = 1): Uint8Array {
  const w = new PcapWriter();
  for (let k = 0; k < conns; k++) {
    const c = w.connection("10.0.0.1", 40000 + k, "10.0.0.2", 19093, T0, { mss: 1 });
    c.send("client", new Uint8Array(n).fill(0xee), T0 + k);
  }
  return w.bytes();
}

/**
 * A raw client stream of `bytes` bytes: an impossible frame size (so the decoder starts by
 * resynchronising), then one 20-byte unit repeated that is, at every unit boundary, a plausible
 * Metadata v0 request claiming 128 KiB whose body (6,554 topic names, each the next unit)
 * decodes in full and then runs one topic past its end: every candidate a resynchronisation
 * meets costs a whole-frame decode, and fails.
 */
export function selfSimilarMetadata(bytes: number): Uint8Array {
  const size = 131074; // 4 + size - 18 = 6553 strings of 20 bytes
  const unit = new Uint8Array(20);
  const dv = new DataView(unit.buffer);
  dv.setInt32(0, size);
  dv.setInt16(4, 3); // Metadata
  dv.setInt16(6, 0); // v0
  dv.setInt32(8, 7); // correlation id
  dv.setInt16(12, -1); // client id: null
  dv.setInt32(14, 6554); // one topic more than the frame holds
  dv.setInt16(18, 18); // each topic name: the next unit's first 18 bytes
  const out = new Uint8Array(bytes).fill(0xff, 0, 4);
  for (let o = 4; o < bytes; o += 20) out.set(unit.subarray(0, Math.min(20, bytes - o)), o);
  return out;
}
