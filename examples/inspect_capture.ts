/** Inspect a capture from a script, as `streamwire inspect --summary` does: every Kafka and Iggy message
 * of a pcap or pcapng file, decoded, and a table per API. Exits 1 if a message did not decode.
 *   deno run --allow-read examples/inspect_capture.ts traffic.pcap [--verbose]   (or bun / node) */
import { readFile } from "node:fs/promises";
import { CaptureReader, type InspectedMessage, Inspector, prettyLine, Summary } from "@streamwire/codec/cli";

const [file, flag] = (globalThis as { process?: { argv: string[] } }).process?.argv.slice(2) ?? [];
if (file === undefined) throw new Error("usage: inspect_capture.ts <capture.pcap> [--verbose]");

// Connections on other ports than Kafka's 9092 and Iggy's 8090 are recognised by their first bytes.
const inspector = new Inspector({ sniff: true });
const summary = new Summary();
let messages = 0, undecoded = 0;
const take = (found: InspectedMessage[]) => {
  for (const m of found) {
    messages++;
    if (m.error) undecoded++;
    summary.add(m);
    if (flag === "--verbose") console.log(prettyLine(m));
  }
};

// A capture is read in chunks: CaptureReader cuts packets as they complete (a file would do as a stream too).
const reader = new CaptureReader();
for (const packet of reader.push(await readFile(file))) take(inspector.packet(packet));
take(inspector.finish());
if (reader.pending > 0) throw new Error(`${file} ends inside a block (${reader.pending} bytes)`);

console.log(summary.table());
const { connections } = inspector.stats;
console.log(`${messages} messages on ${connections} connection(s), ${undecoded} not decoded`);
if (messages === 0 || undecoded > 0) {
  throw new Error(`${file}: ${undecoded} of ${messages} messages not decoded`);
}
