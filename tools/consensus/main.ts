/**
 * Generates `src/iggy/consensus/_generated/headers.ts`: the consensus header classes with
 * their typed getters and `…Fields` interfaces, from the layout tables of
 * `src/iggy/consensus/layouts.ts` and the class descriptions of `spec.ts` (see `generate.ts`).
 *
 * Usage: `deno task consensus:gen` (write) or `deno task consensus:check` (exit 1 when the
 * committed file differs from what this produces).
 *
 * @module
 */

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import process from "node:process";
import { generate, OUT } from "./generate.ts";

const text = generate();
if (process.argv.includes("--check")) {
  const committed = existsSync(OUT) ? readFileSync(OUT, "utf8") : "";
  if (committed !== text) {
    console.error(`${OUT} is stale: run 'deno task consensus:gen' and commit`);
    process.exit(1);
  }
  console.log("consensus headers: up to date");
} else {
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, text);
  console.log(`wrote ${OUT}`);
}
