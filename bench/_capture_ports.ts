/**
 * Prints the server ports of a capture's TCP connections (the SYN-ACK senders), for handing
 * them to tshark's `-d tcp.port==P,kafka`.
 *
 * @module
 */

import { readFileSync } from "node:fs";
import process from "node:process";
import { CaptureReader } from "../src/cli/capture.ts";
import { tcpSegment } from "../src/cli/packet.ts";

const file = process.argv[2];
if (!file || file === "--help") {
  console.log("usage: deno run --allow-read bench/_capture_ports.ts FILE");
  process.exit(file ? 0 : 2);
}
const ports = new Set<number>();
for (const p of new CaptureReader().push(readFileSync(file))) {
  const s = tcpSegment(p.linkType, p.data);
  if (s?.syn && s.ack) ports.add(s.srcPort);
}
console.log([...ports].sort((a, b) => a - b).join(" "));
