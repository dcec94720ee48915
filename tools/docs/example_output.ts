/**
 * `deno task doc:test`: type-checks and runs every `ts` example of the documentation (the JSDoc
 * of the deno.json entries and of every hand-written module under `src/`, and the README), and
 * checks that each prints what its comments say.
 *
 * A `console.log(…); // text` line promises that the call prints `text` (an explanation in
 * parentheses may follow: `text (why)`). With `--check` every block is type-checked first, all
 * in one `deno check` program; then each runs in this process, as its own module, with
 * `console.log` captured. Imports of `@streamwire/codec/…` resolve through deno.json `exports`,
 * as a user's do. A block whose promise cannot be read off the code (a `console.log` without a
 * comment, or one in a loop that prints another number of lines) still runs and is counted as
 * unchecked.
 *
 * Usage: `deno task doc:test` (`--verbose` lists every block).
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { inspect } from "node:util";
import { extractBlocks, keeps, promises } from "./blocks.ts";
import { docFiles, repoRoot } from "./doc_files.ts";

/**
 * The block with its imports made absolute: `@streamwire/codec[/sub]` through deno.json
 * `exports` (as a user's import resolves), relative ones against the file the block is in.
 */
function resolveImports(code: string, sourceFile: string, exports: Record<string, string>): string {
  const root = repoRoot();
  return code.replace(/(from\s+")([^"]+)"/g, (all: string, pre: string, spec: string) => {
    if (spec.startsWith("./") || spec.startsWith("../")) {
      return `${pre}${new URL(spec, pathToFileURL(sourceFile)).href}"`;
    }
    const m = spec.match(/^@streamwire\/codec(\/.*)?$/);
    const target = m ? exports[m[1] ? `.${m[1]}` : "."] : undefined;
    return target === undefined ? all : `${pre}${pathToFileURL(join(root, target)).href}"`;
  });
}

type Inspect = (v: unknown, o: { colors: boolean }) => string;
// What the runtime's console.log prints: strings as they are, anything else as the runtime's
// own inspector shows it (Deno's when there is one: its quoting differs from node:util's).
const runtimeInspect: Inspect = (globalThis as { Deno?: { inspect: Inspect } }).Deno?.inspect ?? inspect;

function show(args: unknown[]): string {
  return args.map((a) => (typeof a === "string" ? a : runtimeInspect(a, { colors: false }))).join(" ");
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    console.log("usage: example_output.ts [--verbose]   (checks that doc examples print what they say)");
    process.exit(0);
  }
  const unknown = args.find((a) => a !== "--verbose" && a !== "--check");
  if (unknown !== undefined) {
    console.error(`example_output: unknown argument ${JSON.stringify(unknown)} (try --help)`);
    process.exit(2);
  }
  const verbose = args.includes("--verbose");
  const typeCheck = args.includes("--check");
  const root = repoRoot();
  const blocks = docFiles().flatMap((f) => extractBlocks(f, readFileSync(join(root, f), "utf8")));
  const exports =
    (JSON.parse(readFileSync(join(root, "deno.json"), "utf8")) as { exports: Record<string, string> })
      .exports;
  const dir = mkdtempSync(join(tmpdir(), "streamwire-doc-examples-"));
  const log = console.log;
  let checked = 0;
  let unchecked = 0;
  const failures: string[] = [];
  try {
    const files = blocks.map((b, i) => {
      const file = join(dir, `${String(i).padStart(4, "0")}.ts`);
      writeFileSync(file, resolveImports(b.code, join(root, b.where.replace(/:\d+$/, "")), exports) + "\n");
      return file;
    });
    if (typeCheck) {
      // One program for every block: far cheaper than checking them one by one.
      const res = spawnSync(process.execPath, ["check", "--quiet", ...files], {
        encoding: "utf8",
        maxBuffer: 1 << 28,
      });
      if (res.status !== 0) {
        const text = `${res.stdout}${res.stderr}`.replace(
          /file:\/\/\S*?(\d{4})\.ts/g,
          (_, n: string) => blocks[+n].where,
        );
        console.error(text);
        console.error("example output: type-checking the examples failed");
        process.exit(1);
      }
    }
    for (let i = 0; i < blocks.length; i++) {
      const b = blocks[i];
      const printed: string[] = [];
      console.log = (...a: unknown[]) => void printed.push(...show(a).split("\n"));
      try {
        await import(pathToFileURL(files[i]).href);
      } catch (e) {
        failures.push(`${b.where}: threw ${e instanceof Error ? e.message : String(e)}`);
        continue;
      } finally {
        console.log = log;
      }
      const want = promises(b.code);
      if (want === undefined || want.length !== printed.length) {
        unchecked++;
        if (verbose) log(`unchecked ${b.where}`);
        continue;
      }
      checked++;
      const bad = want.findIndex((w, k) => !keeps(w, printed[k]));
      if (bad >= 0) {
        failures.push(
          `${b.where}: prints ${JSON.stringify(printed[bad])}, says ${JSON.stringify(want[bad])}`,
        );
      } else if (verbose) log(`ok ${b.where}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const f of failures) console.error(`FAIL ${f}`);
  log(
    `example output: ${blocks.length} blocks, ${checked} checked, ${unchecked} unchecked (no comment on every ` +
      `console.log, or a loop), ${failures.length} failed`,
  );
  if (failures.length) process.exit(1);
}

main();
