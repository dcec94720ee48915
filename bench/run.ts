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
import { detectRuntime, getArgs } from "../conformance/lib/runtime.ts";

const here = dirname(fileURLToPath(import.meta.url));
const ext = import.meta.url.endsWith(".js") ? ".bench.js" : ".bench.ts";
const only = getArgs().filter((a) => !a.startsWith("--"));
const files = readdirSync(here).filter((f) => f.endsWith(ext)).sort()
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)));
console.log(`bench on ${detectRuntime()}: ${files.join(", ")}`);
for (const f of files) {
  console.log(`\n### ${f}`);
  await import(pathToFileURL(join(here, f)).href);
}
