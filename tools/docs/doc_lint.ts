/**
 * `deno doc --lint` over every entry point in deno.json `exports`, so a new entry cannot be
 * skipped: the list is read from deno.json, never written here.
 *
 * Usage: `deno task doc:lint` (exit 1 when any entry has a lint error; prints the count per entry).
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { exportEntries } from "./entries.ts";

const root = join(fileURLToPath(new URL(".", import.meta.url)), "..", "..");

function usage(): string {
  return "usage: deno task doc:lint   (deno doc --lint on every deno.json export; no options)";
}

function main(): void {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    console.log(usage());
    process.exit(0);
  }
  if (args.length) {
    console.error(`doc:lint: unknown argument ${JSON.stringify(args[0])}\n${usage()}`);
    process.exit(2);
  }
  const entries = exportEntries(readFileSync(join(root, "deno.json"), "utf8"));
  if (entries.length === 0) {
    console.error("doc:lint: deno.json has no exports");
    process.exit(1);
  }
  let failed = 0;
  for (const entry of entries) {
    const res = spawnSync(process.execPath, ["doc", "--lint", entry], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
      maxBuffer: 1 << 30,
    });
    const out = `${res.stdout}${res.stderr}`;
    const errors = (out.match(/^error\[/gm) ?? []).length;
    const ok = res.status === 0;
    console.log(`${ok ? "ok  " : "FAIL"} ${entry}: ${errors} error(s)`);
    if (!ok) {
      failed++;
      console.log(out.split("\n").slice(0, 60).join("\n"));
    }
  }
  if (failed) {
    console.error(`doc:lint: ${failed} of ${entries.length} entries fail`);
    process.exit(1);
  }
  console.log(`doc:lint: all ${entries.length} entries pass`);
}

main();
