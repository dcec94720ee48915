/**
 * Writes the Iggy corpus capture (see `iggy_corpus.ts`) to a file:
 * `deno run -A conformance/captures/write_iggy.ts /tmp/iggy.pcap`.
 *
 * @module
 */

import { writeFileSync } from "node:fs";
import process from "node:process";
import { iggyCorpus } from "./iggy_corpus.ts";

const out = process.argv[2];
if (!out || out.startsWith("-")) {
  console.log("usage: deno run -A conformance/captures/write_iggy.ts FILE");
  process.exit(out === "--help" || out === "-h" ? 0 : 2);
}
const { pcap, messages } = iggyCorpus();
writeFileSync(out, pcap);
console.log(`wrote ${out}: ${pcap.length} bytes, ${messages} messages`);
