/**
 * Hex dumps as inspector input: `xxd` (and `hexdump -C`) dumps and plain hex are one byte
 * stream; `tcpdump -X` / `-xx` dumps are packets (each block after a header line is one
 * packet: from the IP header with `-X`, from the link header with `-xx`), with the time
 * from the header line.
 *
 * @module
 */

import type { CapturedPacket } from "./capture.ts";

/** What a hex dump holds. */
export type HexInput =
  | { kind: "stream"; bytes: Uint8Array }
  | { kind: "packets"; packets: CapturedPacket[] };

const TCPDUMP_LINE = /^\s*0x[0-9a-fA-F]{4,}:\s+(.*)$/;
const OFFSET_LINE = /^([0-9a-fA-F]{6,16}):?\s+(.*)$/;
const TCPDUMP_HEAD = /^(?:(\d{4}-\d{2}-\d{2})[ T])?(\d{1,2}):(\d{2}):(\d{2}(?:\.\d+)?)\s/;

/**
 * Reads a hex dump.
 *
 * @example
 * ```ts
 * import { parseHexDump } from "@streamwire/codec/cli";
 * const r = parseHexDump("00000000: 0000 0004 0001 0002  ........\n");
 * console.log(r.kind, r.kind === "stream" ? r.bytes.length : 0); // stream 8
 * ```
 */
export function parseHexDump(text: string): HexInput {
  const lines = text.split(/\r?\n/);
  if (lines.some((l) => TCPDUMP_LINE.test(l))) return { kind: "packets", packets: tcpdumpPackets(lines) };
  const offsetLines = lines.filter((l) => l.trim() !== "");
  if (offsetLines.length > 0 && offsetLines.every((l) => OFFSET_LINE.test(l))) {
    const parts: string[] = [];
    for (const l of offsetLines) parts.push(hexField(OFFSET_LINE.exec(l)![2]));
    return { kind: "stream", bytes: hexBytes(parts.join("")) };
  }
  return { kind: "stream", bytes: hexBytes(text.replace(/0x/gi, "").replace(/[^0-9a-fA-F]/g, "")) };
}

/** The hex columns of a dump line: up to the gutter of two spaces before the ASCII column. */
function hexField(rest: string): string {
  const cut = rest.trim().split(/\s{2,}|\|/)[0];
  return cut.replace(/[^0-9a-fA-F]/g, "");
}

function hexBytes(hex: string): Uint8Array {
  const n = hex.length >> 1;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function tcpdumpPackets(lines: string[]): CapturedPacket[] {
  const packets: CapturedPacket[] = [];
  let hex = "";
  let ts = 0;
  const flush = () => {
    if (hex.length === 0) return;
    const data = hexBytes(hex);
    // -X starts at the IP header; -xx at the Ethernet header.
    const v = data[0] >> 4;
    const linkType = v === 4 || v === 6 ? 101 : 1;
    packets.push({ tsMicros: ts, linkType, data, index: packets.length + 1 });
    hex = "";
  };
  for (const line of lines) {
    const m = TCPDUMP_LINE.exec(line);
    if (m) {
      hex += hexField(m[1]);
      continue;
    }
    if (line.trim() === "") continue;
    flush();
    const h = TCPDUMP_HEAD.exec(line);
    if (h) {
      const day = h[1] ? Date.parse(`${h[1]}T00:00:00Z`) : 0;
      ts = (day + (Number(h[2]) * 3600 + Number(h[3]) * 60) * 1000) * 1000 + Number(h[4]) * 1e6;
    }
  }
  flush();
  return packets;
}
