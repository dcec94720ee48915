/**
 * `deno task bench`: runs every `bench/*.bench.ts` in turn on the current runtime (or the ones
 * named on the command line, e.g. `deno task bench wire`). Ratios are measured within one run,
 * since the machine is shared and absolute figures drift.
 *
 * @module
 */

import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { detectRuntime } from "../conformance/lib/runtime.ts";
import { noMatch, parseArgs } from "../conformance/lib/args.ts";

const here = dirname(fileURLToPath(import.meta.url));
const ext = import.meta.url.endsWith(".js") ? ".bench.js" : ".bench.ts";
const only = parseArgs({
  usage: "deno task bench [name …]",
  summary: "Runs every bench/*.bench.ts (or those whose file name starts with a given name) on this runtime.",
  flags: {},
  positionals: { help: "bench names, e.g. wire records" },
}).positionals;
const all = readdirSync(here).filter((f) => f.endsWith(ext)).sort();
const files = all.filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)));
for (const o of only) {
  if (!all.some((f) => f.startsWith(o))) {
    noMatch(
      "bench name",
      o,
      all.map((f) => f.slice(0, -ext.length)),
    );
  }
}
console.log(`bench on ${detectRuntime()}: ${files.join(", ")}`);
for (const f of files) {
  console.log(`\n### ${f}`);
  await import(pathToFileURL(join(here, f)).href);
}
