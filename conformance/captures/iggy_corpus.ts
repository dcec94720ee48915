/**
 * Iggy traffic for the inspector's corpus, built from the crate's vectors: every valid
 * request payload of every command (`vectors/iggy/<command>.json`) sent by a client, each
 * answered by a valid response payload of the same command, in the crate's frame layout on
 * one connection and in the legacy layout on another; and the crate's own frames
 * (`framing.json`) replayed. The payload bytes are the crate's; the frames around them and
 * the TCP/IP packets are laid out here (the crate has no notion of a capture).
 *
 * `deno run -A conformance/captures/write_iggy.ts FILE` writes it to a file.
 *
 * @module
 */

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { PcapWriter } from "../../src/cli/pcap_writer.ts";
import { encodeRequestFrame, encodeResponseFrame, type FrameLayout } from "../../src/iggy/framing.ts";
import { decodeRequestBody, decodeResponseBodyOrNull } from "../../src/iggy/dispatch.ts";
import { lookupCommand } from "../../src/iggy/command_table.ts";
import { fromHex } from "../../src/wire/hex.ts";

interface Vec {
  commandCode?: number;
  testGroups: {
    direction: string;
    framing: string;
    tests: { hex?: string; result: string; op?: string; options?: unknown }[];
  }[];
}

function vectorsDir(): URL {
  for (let u = new URL("./", import.meta.url); u.pathname !== "/"; u = new URL("../", u)) {
    if (existsSync(new URL("vectors/manifest.json", u))) return new URL("vectors/iggy/", u);
  }
  throw new Error("vectors/ not found");
}

/** Valid request and response payloads per command code, as the vectors give them. */
export function iggyPayloads(): Map<number, { requests: Uint8Array[]; responses: Uint8Array[] }> {
  const dir = vectorsDir();
  const out = new Map<number, { requests: Uint8Array[]; responses: Uint8Array[] }>();
  for (const f of readdirSync(dir).sort()) {
    if (!f.endsWith(".json")) continue;
    const v = JSON.parse(readFileSync(new URL(f, dir), "utf8")) as Vec;
    if (v.commandCode === undefined || !lookupCommand(v.commandCode)) continue;
    const e = out.get(v.commandCode) ?? { requests: [], responses: [] };
    for (const g of v.testGroups) {
      if (g.framing !== "body") continue;
      for (const t of g.tests) {
        if (t.result !== "valid" || t.hex === undefined || t.op === "encode" || t.options) continue;
        const bytes = fromHex(t.hex);
        // Keep what the inspector's default decode accepts (no caller options).
        try {
          if (g.direction === "request") decodeRequestBody(v.commandCode, bytes);
          else decodeResponseBodyOrNull(v.commandCode, bytes);
        } catch {
          continue;
        }
        (g.direction === "request" ? e.requests : e.responses).push(bytes);
      }
    }
    out.set(v.commandCode, e);
  }
  return out;
}

/** The corpus capture and how many messages it holds. */
export function iggyCorpus(): { pcap: Uint8Array; messages: number } {
  const w = new PcapWriter();
  let messages = 0;
  let ts = 1_764_590_400_000_000; // 2025-12-01T12:00:00Z
  const payloads = iggyPayloads();
  const conversation = (layout: FrameLayout, port: number) => {
    const c = w.connection("127.0.0.1", port, "127.0.0.1", 8090, ts);
    let id = 1n;
    for (const [code, { requests, responses }] of payloads) {
      if (responses.length === 0) continue;
      requests.forEach((req, i) => {
        const res = responses[i % responses.length];
        c.send("client", encodeRequestFrame(code, id, req, layout), ts += 50);
        c.send("server", encodeResponseFrame(0, id, res, layout), ts += 120);
        messages += 2;
        id++;
      });
    }
    c.close("client", ts += 10);
  };
  conversation("crate", 50001);
  conversation("legacy", 50002);
  return { pcap: w.bytes(), messages };
}
