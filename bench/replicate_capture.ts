/**
 * Makes a large capture "of the same kind" as a small one, to measure throughput where start-up
 * does not dominate: the packets of a classic pcap (Ethernet + IPv4, as tcpdump writes it on
 * Linux, or `tshark -F pcap`) written `--times` times, copy k with both IPv4 addresses moved to
 * 127.(k >> 8).(k & 255).x so that every copy is its own set of connections (ports kept, so the
 * same `--kafka-port`s apply) and its timestamps shifted after the previous copy.
 *
 *   deno run -A bench/replicate_capture.ts --in broker.pcap --times 20 --out broker-x20.pcap
 *
 * @module
 */

import { closeSync, openSync, readFileSync, writeSync } from "node:fs";
import process from "node:process";
import { parseFlags } from "./_inspect_args.ts";

const flags = parseFlags(
  { in: "", times: "10", out: "" },
  "deno run -A bench/replicate_capture.ts --in FILE --times N --out FILE",
);
if (!flags.in || !flags.out) {
  console.error("--in and --out are required");
  process.exit(2);
}
const src = readFileSync(flags.in);
const dv = new DataView(src.buffer, src.byteOffset, src.byteLength);
if (dv.getUint32(0, true) !== 0xa1b2c3d4 || dv.getUint32(20, true) !== 1) {
  console.error("expected a little-endian microsecond pcap of Ethernet frames");
  process.exit(2);
}
const records: { at: number; len: number; sec: number; usec: number }[] = [];
for (let o = 24; o + 16 <= src.length;) {
  const cap = dv.getUint32(o + 8, true);
  records.push({ at: o, len: 16 + cap, sec: dv.getUint32(o, true), usec: dv.getUint32(o + 4, true) });
  o += 16 + cap;
}
const span = records.length ? records[records.length - 1].sec - records[0].sec + 1 : 0;
const fd = openSync(flags.out, "w");
writeSync(fd, src.subarray(0, 24));
let written = 24;
for (let k = 0; k < Number(flags.times); k++) {
  const chunk = new Uint8Array(src.length - 24);
  let p = 0;
  for (const r of records) {
    const rec = chunk.subarray(p, p + r.len);
    rec.set(src.subarray(r.at, r.at + r.len));
    const rv = new DataView(rec.buffer, rec.byteOffset, rec.byteLength);
    rv.setUint32(0, r.sec + k * span, true);
    // IPv4 source and destination (Ethernet header 14 bytes, addresses at IP 12 and 16).
    if (r.len >= 16 + 34 && rv.getUint16(16 + 12) === 0x0800) {
      for (const a of [16 + 14 + 12, 16 + 14 + 16]) {
        rec[a + 1] = k >> 8;
        rec[a + 2] = k & 255;
      }
    }
    p += r.len;
  }
  writeSync(fd, chunk.subarray(0, p));
  written += p;
}
closeSync(fd);
console.log(`${flags.out}: ${written} bytes, ${records.length * Number(flags.times)} packets`);
