/**
 * Writes the inspector's hostile inputs (src/cli/testdata/hostile.ts, issue 26 section 5) to
 * files, to time `streamwire inspect` on them whole-process:
 *
 *   deno run -A bench/inspect_hostile.ts --dir hostile [--scale 1]
 *   /usr/bin/time -f "%e s %M KiB" deno task inspect --no-progress --format json hostile/connections.pcap >/dev/null
 *   deno task inspect --raw --protocol kafka --format json - < hostile/resync.bin >/dev/null
 *
 * Sizes (at scale 1) are the hostile test's: 100,000 connections; 200,000 1-byte segments with
 * a hole before each, in order and reversed; 200,000 1-byte segments last first; 3 × 65,536
 * 1-byte segments of an unknown protocol; a 2 MiB self-similar resync stream.
 *
 * @module
 */

import { mkdirSync, writeFileSync } from "node:fs";
import {
  holes,
  manyConnections,
  reversed,
  selfSimilarMetadata,
  unsniffable,
} from "../src/cli/testdata/hostile.ts";
import { parseFlags } from "./_inspect_args.ts";

const flags = parseFlags(
  { dir: "/tmp/streamwire-hostile", scale: "1" },
  "deno run -A bench/inspect_hostile.ts [--dir DIR] [--scale F]",
);
const k = Number(flags.scale);
mkdirSync(flags.dir, { recursive: true });
const files: [string, Uint8Array][] = [
  ["connections.pcap", manyConnections(Math.round(100_000 * k))],
  ["holes.pcap", holes(Math.round(200_000 * k))],
  ["holes-reversed.pcap", holes(Math.round(200_000 * k), true)],
  ["reversed.pcap", reversed(Math.round(200_000 * k))],
  ["sniff.pcap", unsniffable(Math.round(65_536 * Math.min(k, 1)), Math.max(1, Math.round(3 * k)))],
  ["resync.bin", selfSimilarMetadata(Math.round(2 * 1024 * 1024 * k))],
];
for (const [name, bytes] of files) {
  writeFileSync(`${flags.dir}/${name}`, bytes);
  console.log(`${flags.dir}/${name}: ${bytes.length} bytes`);
}
