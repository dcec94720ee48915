/**
 * The conformance runner: every test of every vector file in vectors/manifest.json, against
 * streamwire, on whatever runtime runs this script (Deno, Bun, or Node on the built JS).
 *
 * Prints a table per protocol and message, then `N passed, N failed, N skipped` and how many of
 * the tests run have oracle-laid-out bytes (`provenance: "oracle-layout"`) or an oracle-chosen
 * code (`codeSource: "oracle"`). Exits non-zero on a failure, or on an unexpected pass of a test
 * listed in conformance/expected_failures_<runtime>.txt (a ratchet, as protobuf's conformance
 * suite has).
 *
 * Flags: --protocol iggy|kafka, --message <Name>, --verbose, --match code|family|short (how
 * closely a rejection must match: vectors/README.md "Error codes and families"; default code),
 * --allow-missing (a message without an adapter is skipped instead of failing; by default every
 * message needs one — `--require-all` is accepted and is the default), --enforce-recommended
 * (offset misses of `level: "recommended"` tests fail too), --vectors <dir> (run another copy of
 * the vectors, e.g. the packed release in dist/vectors/npm).
 *
 * @module
 */

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { adapters } from "./adapters/mod.ts";
import { checkCase, type MatchLevel } from "./lib/check.ts";
import { loadManifest, loadVectorFile, repoRoot, testBytes, vectorsDir } from "./lib/files.ts";
import { detectRuntime, setExitCode } from "./lib/runtime.ts";
import { noMatch, parseArgs } from "./lib/args.ts";

interface Row {
  protocol: string;
  message: string;
  passed: number;
  failed: number;
  skipped: number;
  xfail: number;
  offsetMisses: number;
}

const { flags } = parseArgs({
  usage: "deno task conformance [flags]   (or: bun conformance/run.ts, node dist/conformance/run.js)",
  summary: "Runs every test of every vector file in vectors/manifest.json against streamwire.",
  flags: {
    protocol: { kind: "string", help: "only this protocol", choices: ["iggy", "kafka"] },
    message: { kind: "string", help: "only this message (as in vectors/manifest.json)", value: "Name" },
    runtime: { kind: "string", help: "expected-failures list to use (default: this runtime)", value: "name" },
    verbose: { kind: "boolean", help: "print every problem" },
    vectors: {
      kind: "string",
      help: "run another copy of the vectors (e.g. an unpacked release)",
      value: "dir",
    },
    match: {
      kind: "string",
      help: "error matching: the exact code, its family, or short (truncated/count/length as one)",
      choices: ["code", "family", "short"],
    },
    "allow-missing": { kind: "boolean", help: "a message without an adapter is skipped instead of failing" },
    "require-all": { kind: "boolean", help: "accepted for compatibility: missing adapters fail by default" },
    "enforce-recommended": { kind: "boolean", help: "recommended-level mismatches fail too" },
  },
});

const runtime = flags.runtime ?? detectRuntime();
const root = repoRoot();
const dir = flags.vectors ?? vectorsDir(root);
const onlyProtocol = flags.protocol;
const onlyMessage = flags.message;
const verbose = flags.verbose;
const requireAll = !flags["allow-missing"];
const enforceRecommended = flags["enforce-recommended"];
const match = (flags.match ?? "code") as MatchLevel;
if (onlyMessage !== undefined) {
  const files = loadManifest(dir).files.filter((e) => !onlyProtocol || e.protocol === onlyProtocol);
  if (!files.some((e) => e.message === onlyMessage)) {
    noMatch(
      "--message",
      onlyMessage,
      files.map((e) => e.message),
    );
  }
}
let oracleLayout = 0;
let oracleCode = 0;
const byResult = new Map<string, number>();

const expectedPath = join(root, "conformance", `expected_failures_${runtime}.txt`);
const expected = new Set<string>();
if (existsSync(expectedPath)) {
  for (const line of readFileSync(expectedPath, "utf8").split("\n")) {
    const id = line.replace(/#.*/, "").trim();
    if (id) expected.add(id);
  }
}

const rows: Row[] = [];
const problems: string[] = [];
let escapes = 0;
let unexpectedPasses = 0;
const seenExpected = new Set<string>();

for (const entry of loadManifest(dir).files) {
  if (onlyProtocol && entry.protocol !== onlyProtocol) continue;
  if (onlyMessage && entry.message !== onlyMessage) continue;
  const file = loadVectorFile(entry.path, dir);
  const adapter = adapters[file.protocol]?.[file.message];
  const row: Row = {
    protocol: file.protocol,
    message: file.message,
    passed: 0,
    failed: 0,
    skipped: 0,
    xfail: 0,
    offsetMisses: 0,
  };
  rows.push(row);
  for (const group of file.testGroups) {
    for (const test of group.tests) {
      const id = `${entry.path}#${test.name}`;
      if (test.provenance === "oracle-layout") oracleLayout++;
      if (test.codeSource === "oracle") oracleCode++;
      byResult.set(test.result, (byResult.get(test.result) ?? 0) + 1);
      if (!adapter) {
        if (requireAll) {
          row.failed++;
          if (problems.length < 2000) problems.push(`${id}: no adapter for ${file.protocol}/${file.message}`);
        } else row.skipped++;
        continue;
      }
      const bytes = testBytes(test, dir);
      const verdict = checkCase(adapter, { file, group, test }, bytes, match);
      if (verdict.escaped) escapes++;
      if (verdict.offsetMismatch) row.offsetMisses++;
      const ok = verdict.ok && !(enforceRecommended && verdict.offsetMismatch);
      if (expected.has(id)) {
        seenExpected.add(id);
        if (ok) {
          unexpectedPasses++;
          problems.push(
            `${id}: listed in ${expectedPath.split("/").pop()} but passed; remove it from the list`,
          );
          row.failed++;
        } else row.xfail++;
        continue;
      }
      if (ok) row.passed++;
      else {
        row.failed++;
        problems.push(`${id}: ${verdict.note ?? "offset mismatch"}`);
      }
    }
  }
}

// Print a table per protocol.
for (const protocol of ["iggy", "kafka"]) {
  const mine = rows.filter((r) => r.protocol === protocol);
  if (mine.length === 0) continue;
  const w = Math.max(12, ...mine.map((r) => r.message.length));
  console.log(`\n${protocol} (${runtime})`);
  console.log(`  ${"message".padEnd(w)}  passed  failed  skipped  xfail  offset-misses`);
  for (const r of mine) {
    console.log(
      `  ${r.message.padEnd(w)}  ${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}  ${
        String(r.skipped).padStart(7)
      }  ${String(r.xfail).padStart(5)}  ${String(r.offsetMisses).padStart(13)}`,
    );
  }
}

const stale = [...expected].filter((id) => !seenExpected.has(id));
for (const id of stale) problems.push(`${id}: listed as an expected failure but no such test ran`);

if (problems.length) {
  console.log("\nfailures:");
  for (const p of problems.slice(0, verbose ? problems.length : 200)) console.log(`  ${p}`);
  if (!verbose && problems.length > 200) console.log(`  … ${problems.length - 200} more (--verbose)`);
}
const sum = (k: keyof Row) => rows.reduce((n, r) => n + (r[k] as number), 0);
const failed = sum("failed") + stale.length;
console.log(
  `\nexpected failures: ${
    sum("xfail")
  }; non-WireError escapes: ${escapes}; unexpected passes: ${unexpectedPasses}`,
);
console.log(
  `tests by result: ${[...byResult].map(([k, n]) => `${k} ${n}`).join(", ")}; codes matched by ${match}`,
);
console.log(`provenance oracle-layout: ${oracleLayout} tests; codeSource oracle: ${oracleCode} tests`);
console.log(`${sum("passed")} passed, ${failed} failed, ${sum("skipped")} skipped`);
if (failed > 0 || escapes > 0) setExitCode(1);
