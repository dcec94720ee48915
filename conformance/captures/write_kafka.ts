/**
 * Writes the Kafka corpus capture (see `src/testdata/kafka_corpus_test.ts`) to a file:
 * `deno run -A conformance/captures/write_kafka.ts /tmp/kafka-corpus.pcap`.
 *
 * @module
 */

import { writeFileSync } from "node:fs";
import process from "node:process";
import { kafkaCorpus } from "../../src/testdata/kafka_corpus_test.ts";

const out = process.argv[2];
if (!out || out.startsWith("-")) {
  console.log("usage: deno run -A conformance/captures/write_kafka.ts FILE");
  process.exit(out === "--help" || out === "-h" ? 0 : 2);
}
const { pcap, messages } = kafkaCorpus();
writeFileSync(out, pcap);
console.log(`wrote ${out}: ${pcap.length} bytes, ${messages.length} messages`);
