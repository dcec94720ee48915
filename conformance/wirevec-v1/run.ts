/**
 * The wirevec 1.0 contract, as a runner (`contract.ts` is the contract as code): reads a copy of the vectors the way a runner written
 * from the 1.0.0 release's README would, and runs every test against streamwire (through the
 * same adapters as conformance/run.ts). CI runs it on the packed release (conformance/pack/ci.sh):
 * it is what holds the compatibility policy (vectors/README.md "Compatibility") — every later v1
 * release must pass it unchanged.
 *
 * What it knows is only what 1.0 documented (the list is conformance/wirevec-v1/README.md):
 *
 * - `manifest.json`: `schemaVersion` of major v1, and per file `path`, `sha256`, `protocol`,
 *   `message`, `numberOfTests`;
 * - every file valid against `schema/wirevec-v1.schema.json` of the copy (the 1.0 schema, frozen);
 * - each file, group and test **projected onto the keys that schema lists** before anything reads
 *   it, so nothing a later minor added (error.family, codeSource, knownTaggedFields, …) can steer
 *   a verdict;
 * - 1.0's semantics table: `valid` (canonical or not), `invalid` (decode or encode), `acceptable`;
 *   any other `result` is a failure; rejections match by exact `error.code`; `options` are the
 *   decoder options in force.
 *
 * Values are compared in the adapters' JSON form (the library's), so this checks the format
 * contract, not 1.0's value forms; README.md there names the one value form 1.1 added.
 *
 * Prints `N passed, N failed` and exits non-zero on a failure. Flags: `--vectors <dir>` (default
 * vectors/), `--verbose`.
 *
 * @module
 */

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { adapters } from "../adapters/mod.ts";
import { readJson, sha256, testBytes, vectorsDir } from "../lib/files.ts";
import { FORMAT_OF_MAJOR } from "../lib/format.ts";
import { parseArgs } from "../lib/args.ts";
import { setExitCode } from "../lib/runtime.ts";
import { validate } from "../lib/schema.ts";
import type { VectorFile } from "../lib/types.ts";
import { judge, project, projector, V1_SCHEMA } from "./contract.ts";

const { flags } = parseArgs({
  usage: "deno run --allow-read --allow-env conformance/wirevec-v1/run.ts [--vectors DIR] [--verbose]",
  summary:
    "Runs a copy of the vectors as a wirevec 1.0 runner would: the 1.0 schema, keys and semantics only.",
  flags: {
    vectors: { kind: "string", help: "the copy to run (default vectors/)", value: "dir" },
    verbose: { kind: "boolean", help: "print every failure" },
  },
});

function main(): void {
  const dir = flags.vectors ?? vectorsDir();
  const schema = readJson<Record<string, unknown>>(join(dir, V1_SCHEMA));
  const p = projector(schema);
  const manifest = readJson<{ schemaVersion: string; files: Record<string, unknown>[] }>(
    join(dir, "manifest.json"),
  );
  const problems: string[] = [];
  let passed = 0;
  let failed = 0;
  if (!new RegExp(FORMAT_OF_MAJOR).test(manifest.schemaVersion)) {
    problems.push(`manifest.json: schemaVersion ${manifest.schemaVersion} is not of major v1`);
  }
  for (const e of manifest.files) {
    const entry = project(e, ["path", "sha256", "protocol", "message", "numberOfTests"]) as {
      path: string;
      sha256: string;
      protocol: "iggy" | "kafka";
      message: string;
      numberOfTests: number;
    };
    const text = readFileSync(join(dir, entry.path));
    if (sha256(text) !== entry.sha256) problems.push(`${entry.path}: sha256 differs from manifest.json`);
    const raw = JSON.parse(text.toString("utf8")) as VectorFile;
    const errors = validate(raw, schema);
    if (errors.length) {
      failed += raw.numberOfTests;
      problems.push(`${entry.path}: not valid against ${V1_SCHEMA}: ${errors.slice(0, 3).join("; ")}`);
      continue;
    }
    const file = p.file(raw);
    const adapter = adapters[file.protocol]?.[file.message];
    let counted = 0;
    for (const rawGroup of raw.testGroups) {
      const group = p.group(rawGroup);
      for (const rawTest of rawGroup.tests) {
        counted++;
        const test = p.test(rawTest);
        const why = adapter
          ? judge(adapter, { file, group, test }, testBytes(test, dir))
          : `no adapter for ${file.protocol}/${file.message}`;
        if (why === null) passed++;
        else {
          failed++;
          problems.push(`${entry.path}#${test.name}: ${why}`);
        }
      }
    }
    if (counted !== entry.numberOfTests) {
      problems.push(`${entry.path}: ${counted} tests, manifest says ${entry.numberOfTests}`);
    }
  }
  for (const line of problems.slice(0, flags.verbose ? problems.length : 50)) console.log(`  ${line}`);
  if (!flags.verbose && problems.length > 50) console.log(`  … ${problems.length - 50} more (--verbose)`);
  console.log(
    `wirevec 1.0 contract (${V1_SCHEMA}, 1.0 keys and semantics): ${manifest.files.length} files of ` +
      `${manifest.schemaVersion}`,
  );
  console.log(`${passed} passed, ${failed} failed`);
  if (failed > 0 || problems.length > 0) setExitCode(1);
}

main();
