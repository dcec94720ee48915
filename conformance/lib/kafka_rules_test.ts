// Every rule vectors/README.md writes for Kafka messages holds on every Kafka message vector: the
// interpreter of those rules (kafka_rules.ts, which shares no code with streamwire's decoders)
// refuses each invalid vector with its code and lets each valid one through, and every rule the
// README lists is one the interpreter applies.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { coveredFile, firstRule, KAFKA_RULES, type KafkaRule } from "./kafka_rules.ts";
import { loadManifest, loadVectorFile, repoRoot, testBytes, vectorsDir } from "./files.ts";
import { loadKafkaModel } from "./value_schemas.ts";

const root = repoRoot();
const inputs = JSON.parse(readFileSync(join(root, "tools", "codegen", "inputs.json"), "utf8")) as {
  jars: { path: string }[];
};
// HOME rather than os.homedir(), which needs --allow-sys under `deno task test`; the loader reads
// MAVEN_REPO first, so it is set for it.
const repo = process.env.MAVEN_REPO ?? join(process.env.HOME ?? "", ".m2", "repository");
process.env.MAVEN_REPO = repo;
const jarsThere = inputs.jars.every((j) => existsSync(join(repo, j.path)));
const skip = !jarsThere && process.env.CI !== "true"
  ? "the pinned kafka-clients jars are not in the Maven repository (run deno task codegen once)"
  : false;

const readme = readFileSync(join(vectorsDir(root), "README.md"), "utf8");

/** The README's table: rule name → whether its "vectors" column says some vector exercises it. */
function readmeRules(): Map<string, boolean> {
  const i = readme.indexOf("### Kafka messages: which check gives which code");
  const section = readme.slice(i, readme.indexOf("\n### ", i + 1));
  const rows = [...section.matchAll(/^\| `([a-z0-9-]+)` +\|.*\| *([0-9,]+|—) *\|$/gm)];
  return new Map(rows.map((m) => [m[1], m[2] !== "—"]));
}

test("the README's Kafka rules are exactly the interpreter's, with the same codes", () => {
  assert.deepEqual([...readmeRules().keys()], Object.keys(KAFKA_RULES));
  for (const [rule, code] of Object.entries(KAFKA_RULES)) {
    assert.match(readme, new RegExp(`^\\| \`${rule}\` +\\|[^\\n]*\`${code}\``, "m"), rule);
  }
});

test("every Kafka message vector obeys the README's rules", { skip }, () => {
  const model = loadKafkaModel(root);
  const used = new Map<KafkaRule, number>();
  const wrong: string[] = [];
  let checked = 0;
  for (const entry of loadManifest().files) {
    if (entry.protocol !== "kafka") continue;
    const file = loadVectorFile(entry.path);
    if (!coveredFile(model, file)) continue;
    for (const g of file.testGroups) {
      for (const t of g.tests) {
        if (t.op === "encode") continue;
        const hit = firstRule(model, file, g, testBytes(t)!);
        checked++;
        if (hit) used.set(hit.rule, (used.get(hit.rule) ?? 0) + 1);
        const want = t.result === "invalid" ? t.error!.code : undefined;
        if (t.result === "acceptable" ? hit && hit.code !== t.error!.code : hit?.code !== want) {
          wrong.push(
            `${entry.path}#${t.name}: wants ${want ?? "no error"}, the rules say ${hit?.code ?? "none"}` +
              (hit ? ` (${hit.rule} at ${hit.at}, offset ${hit.offset})` : ""),
          );
        }
      }
    }
  }
  assert.deepEqual(wrong.slice(0, 20), [], `${wrong.length} of ${checked} vectors`);
  assert.ok(checked > 10_000, `${checked} vectors checked`);
  // The README says which rules some vector exercises (a count) and which none does yet (—).
  for (const [rule, exercised] of readmeRules()) {
    assert.equal(used.has(rule as KafkaRule), exercised, `README "vectors" column of ${rule}`);
  }
  console.log(
    `${checked} Kafka message vectors; rules that fired: ${
      [...used].map(([r, n]) => `${r} ${n}`).join(", ")
    }`,
  );
});
