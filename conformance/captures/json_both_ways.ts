/**
 * Holds the inspector's two JSON writers to the same text on a real capture: Kafka headers
 * and bodies written straight from their bytes (what `--format json` does) against decoded
 * and projected (see `src/testdata/json_both_ways_test.ts`). Exit 1 at the first line that
 * differs, printing both; the broker suite runs it on its own traffic.
 *
 *   deno run --allow-read conformance/captures/json_both_ways.ts CAPTURE [--kafka-port P ...]
 *
 * @module
 */

import { readFileSync } from "node:fs";
import process from "node:process";
import { jsonBothWays } from "../../src/testdata/json_both_ways_test.ts";

const args = process.argv.slice(2);
const ports: number[] = [];
let file: string | undefined;
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--kafka-port") ports.push(Number(args[++i]));
  else if (file === undefined && !args[i].startsWith("-")) file = args[i];
  else {
    console.error(`json_both_ways: unexpected argument ${args[i]}`);
    process.exit(2);
  }
}
if (file === undefined || ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)) {
  console.error("usage: json_both_ways.ts CAPTURE [--kafka-port P ...]");
  process.exit(2);
}
const r = jsonBothWays(new Uint8Array(readFileSync(file)), ports.length ? ports : undefined);
if (r.firstDiff >= 0) {
  console.error(`json_both_ways: ${file}: line ${r.firstDiff + 1} differs`);
  console.error(`decoded:    ${r.slow ?? "(no line)"}`);
  console.error(`from bytes: ${r.fast ?? "(no line)"}`);
  process.exit(1);
}
console.log(
  `${file}: ${r.messages} messages, ${r.fromBytes} written from their bytes, ${r.failed} not decoded; ` +
    "the same JSON both ways",
);
