/**
 * The inspector's `--format json` lines of a capture written both ways: Kafka headers and
 * bodies as JSON straight from their bytes (`InspectorOptions.jsonBodies`, what the command
 * does), and decoded then projected (what every other output uses). The two must be the same
 * text, line for line; `src/cli/kafka_json_test.ts` holds that over the vectors and mutated
 * frames, and `conformance/captures/json_both_ways.ts` over a real capture (the broker suite
 * runs it on its own traffic).
 *
 * @module
 */

import { CaptureReader } from "../cli/capture.ts";
import { Inspector } from "../cli/inspector.ts";
import type { InspectedMessage } from "../cli/message.ts";
import { JsonOut } from "../cli/_json_out.ts";
import { writeJsonLine } from "../cli/format.ts";

/** The lines one way, how many were written from bytes, and how many did not decode. */
export interface JsonLines {
  text: string[];
  fromBytes: number;
  failed: number;
}

/** The `--format json` lines of `pcap`, written from bytes (`fast`) or decoded. */
export function jsonLines(pcap: Uint8Array, fast: boolean, kafkaPorts?: number[]): JsonLines {
  const ins = new Inspector({ kafkaPorts, jsonBodies: fast ? { maxBytes: 256 } : undefined });
  const out = new JsonOut();
  const text: string[] = [];
  let fromBytes = 0, failed = 0;
  const take = (msgs: InspectedMessage[]) => {
    for (const m of msgs) {
      // A header and its body go the same way, or the line would mix the two writers.
      if ((m.headerJson !== undefined) !== (m.bodyJson !== undefined)) {
        throw new Error(`message ${text.length}: header and body written different ways`);
      }
      if (m.bodyJson !== undefined) fromBytes++;
      if (m.error !== undefined) failed++;
      writeJsonLine(out, m, { maxBytes: 256 });
      text.push(out.text());
      out.pos = 0;
    }
  };
  for (const p of new CaptureReader().push(pcap)) take(ins.packet(p));
  take(ins.finish());
  return { text, fromBytes, failed };
}

/** Both ways' counts, and the first line where they differ (-1 when none). */
export interface BothWays {
  messages: number;
  fromBytes: number;
  failed: number;
  firstDiff: number;
  slow?: string;
  fast?: string;
}

/** {@linkcode jsonLines} of `pcap` both ways, compared line for line. */
export function jsonBothWays(pcap: Uint8Array, kafkaPorts?: number[]): BothWays {
  const slow = jsonLines(pcap, false, kafkaPorts), fast = jsonLines(pcap, true, kafkaPorts);
  const r: BothWays = {
    messages: slow.text.length,
    fromBytes: fast.fromBytes,
    failed: slow.failed,
    firstDiff: -1,
  };
  if (slow.fromBytes !== 0) throw new Error("the decoded run wrote bodies from bytes");
  const n = Math.max(slow.text.length, fast.text.length);
  for (let i = 0; i < n; i++) {
    if (fast.text[i] !== slow.text[i]) {
      r.firstDiff = i;
      r.slow = slow.text[i];
      r.fast = fast.text[i];
      break;
    }
  }
  return r;
}
