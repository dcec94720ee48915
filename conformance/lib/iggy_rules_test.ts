// The Iggy rules of vectors/README.md ("Iggy: which check gives which code") hold on every Iggy
// test of the vectors, and the README's table lists exactly the rules checked here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadManifest, loadVectorFile, testBytes, vectorsDir } from "./files.ts";
import { toHex } from "../../src/wire/hex.ts";
import type { VectorGroup, VectorTest } from "./types.ts";

type Check = (
  path: string,
  g: VectorGroup,
  t: VectorTest,
  bytes: string | undefined,
  valid: string[],
) => string | undefined;

const NO_IGGY_CODES = new Set([
  "LENGTH_EXCEEDS_REMAINING",
  "COUNT_EXCEEDS_REMAINING",
  "NEGATIVE_LENGTH",
  "NULL_FOR_NON_NULLABLE",
  "VARINT_TOO_LONG",
  "STRING_TOO_LONG",
]);

/** Each rule of the README's table: a problem with the test, or undefined. */
const RULES: Record<string, Check> = {
  "iggy-no-prefixes": (_p, _g, t) => (t.error && NO_IGGY_CODES.has(t.error.code) ? t.error.code : undefined),
  "iggy-cut": (_p, _g, t, b, valid) => {
    if (
      t.result !== "invalid" || b === undefined || !valid.some((v) => v.length > b.length && v.startsWith(b))
    ) {
      return undefined;
    }
    return ["TRUNCATED", "INVALID_VALUE"].includes(t.error!.code) ? undefined : `a cut is ${t.error!.code}`;
  },
  "iggy-trailing": (_p, _g, t) =>
    t.result === "acceptable" && (t.error?.code !== "TRAILING_BYTES" || t.codeSource !== "oracle")
      ? `acceptable with ${t.error?.code}, codeSource ${t.codeSource}`
      : undefined,
  // A revision's files carry its suffix (`command_table__edge8.json`, docs/iggy-revisions.md).
  "iggy-command": (p, _g, t) =>
    t.error?.code === "UNKNOWN_COMMAND" &&
      !/^iggy\/(command_table|consensus_[a-z0-9_]+)(__[a-z0-9_]+)?\.json$/.test(p)
      ? "UNKNOWN_COMMAND outside the command table and consensus files"
      : undefined,
  "iggy-checksum": (p, _g, t) =>
    t.error?.code === "CHECKSUM_MISMATCH" &&
      !/^iggy\/(batch|send_messages|consensus_[a-z0-9_]+_header)(__[a-z0-9_]+)?\.json$/.test(p)
      ? "CHECKSUM_MISMATCH outside the batch and consensus headers"
      : undefined,
};

test("the README's Iggy rules are the ones checked here", () => {
  const readme = readFileSync(join(vectorsDir(), "README.md"), "utf8");
  const i = readme.indexOf("## Iggy: which check gives which code");
  const section = readme.slice(i, readme.indexOf("\n## ", i + 1));
  const rules = [...section.matchAll(/^\| `(iggy-[a-z-]+)` +\|/gm)].map((m) => m[1]);
  assert.deepEqual(rules, Object.keys(RULES));
});

test("every Iggy test obeys the README's Iggy rules", () => {
  const wrong: string[] = [];
  const hits = new Map<string, number>();
  let n = 0;
  for (const entry of loadManifest().files) {
    if (entry.protocol !== "iggy") continue;
    const file = loadVectorFile(entry.path);
    for (const g of file.testGroups) {
      const hex = (t: VectorTest) => {
        const b = t.op === "encode" ? undefined : testBytes(t);
        return b === undefined ? undefined : toHex(b);
      };
      const valid = g.tests.filter((t) => t.result === "valid").map(hex).filter((h) => h !== undefined);
      for (const t of g.tests) {
        n++;
        const b = hex(t);
        for (const [rule, check] of Object.entries(RULES)) {
          const problem = check(entry.path, g, t, b, valid);
          if (problem) wrong.push(`${entry.path}#${t.name}: ${rule}: ${problem}`);
          else if (
            rule === "iggy-cut" && t.result === "invalid" && b !== undefined &&
            valid.some((v) => v.length > b.length && v.startsWith(b))
          ) hits.set(rule, (hits.get(rule) ?? 0) + 1);
        }
      }
    }
  }
  assert.deepEqual(wrong.slice(0, 20), [], `${wrong.length} problems in ${n} Iggy tests`);
  assert.ok((hits.get("iggy-cut") ?? 0) > 1000, "the cut rule is exercised");
});
