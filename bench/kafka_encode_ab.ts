/**
 * The Kafka message encoders of this tree beside those of another checkout of the library, in
 * one process with the CPU-time round runner (bench/_rounds.ts): the fixtures of
 * `kafka_messages.bench.ts` encoded by both, and `this ÷ base` per round. For measuring what a
 * change to the generated codecs or their runtime costs on the encode hot path.
 *
 * ```sh
 * mkdir -p /tmp/base && git archive main src | tar -x -C /tmp/base
 * deno run -A bench/kafka_encode_ab.ts --base /tmp/base
 * ```
 *
 * Both trees' bytes are compared before timing. `BENCH_ROUNDS` and `BENCH_SLICE_MS` apply.
 *
 * @module
 */

import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "../conformance/lib/args.ts";
import * as here from "../src/kafka/messages/mod.ts";
import { fetch, metadata, produce } from "./_kafka_fixtures.ts";
import { type Case, printRun, runRounds } from "./_rounds.ts";

const { flags } = parseArgs({
  usage: "deno run -A bench/kafka_encode_ab.ts --base DIR",
  summary: "Kafka message encode of this tree ÷ the tree in DIR (a directory holding its src/), per round.",
  flags: {
    base: {
      kind: "string",
      help: "the other checkout (must contain src/kafka/messages/mod.ts)",
      value: "DIR",
    },
  },
});
if (!flags.base) throw new Error("--base DIR is required (see --help)");
const base: typeof here = await import(
  pathToFileURL(join(resolve(flags.base), "src", "kafka", "messages", "mod.ts")).href
);

// Rates in partitions per second (1000 per Metadata message, 100 per Produce and Fetch).
const encoders: [string, number, (m: typeof here) => Uint8Array][] = [
  ["metadata v12 response encode", 1000, (m) => m.encodeMetadataResponse(metadata, 12)],
  ["produce v11 request encode", 100, (m) => m.encodeProduceRequest(produce, 11)],
  ["fetch v16 response encode", 100, (m) => m.encodeFetchResponse(fetch, 16)],
];

const cases: Case[] = [];
for (const [family, units, encode] of encoders) {
  const a = encode(here);
  const b = encode(base);
  if (a.length !== b.length || a.some((x, i) => x !== b[i])) {
    throw new Error(`${family}: the trees' bytes differ`);
  }
  cases.push(
    { family, name: "this tree", units, unit: "partitions", fn: () => encode(here).length, vs: ["base"] },
    { family, name: "base", units, unit: "partitions", fn: () => encode(base).length },
  );
}
printRun(`Kafka message encode, this tree ÷ ${flags.base}`, await runRounds(cases));
