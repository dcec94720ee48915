/**
 * `deno task vectors`: runs the reference oracles and rewrites vectors/ and its manifest.
 *
 * - Iggy: builds conformance/iggy-oracle (Rust, iggy_binary_protocol pinned) and runs every
 *   binary in its src/bin/ except the differential testee, each writing into vectors/iggy; then
 *   the same for each further revision's build (conformance/iggy-oracle/edge8 and v0110: the
 *   crate's 0.11.1-edge.8 and 0.11.0), whose files carry the revision in their name.
 * - Kafka: runs conformance/kafka-oracle/run.sh (messages, headers, data schemas) and
 *   records.sh (record batches, message sets) — Java, kafka-clients pinned — into vectors/kafka.
 *
 * - Then, over whatever the oracles wrote: stamps the facts that follow from it (schema name,
 *   `error.family`, the `error.offset` rule: conformance/lib/stamp.ts), writes the format's JSON
 *   Schemas and the value schemas (Kafka: from the pinned message schemas; Iggy: from
 *   streamwire's TS types) into vectors/schema/, and the manifest. The schemas of earlier
 *   minors (`FROZEN_SCHEMAS`) are never rewritten or removed.
 *
 * Flags: --only iggy|kafka, --manifest-only (no oracles: stamp, schemas and manifest only). CI
 * runs this and then `git diff --exit-code vectors/`.
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import process from "node:process";
import { join } from "node:path";
import { listVectorFiles, loadVectorFile, repoRoot, valueSchemaPath, writeManifest } from "./lib/files.ts";
import { manifestSchema, vectorFileSchema } from "./lib/file_schema.ts";
import { FILE_SCHEMA, FROZEN_SCHEMAS } from "./lib/format.ts";
import { stampAll } from "./lib/stamp.ts";
import { kafkaValueSchema, loadKafkaModel } from "./lib/value_schemas.ts";
import { iggyValueSchemas } from "./lib/iggy_value_schemas.ts";
import { recordsValueSchema } from "./lib/records_value_schema.ts";
import { setExitCode } from "./lib/runtime.ts";
import { parseArgs } from "./lib/args.ts";

const { flags } = parseArgs({
  usage: "deno task vectors [flags]",
  summary: "Regenerates vectors/ from the reference oracles (Rust crate, kafka-clients); CI then checks\n" +
    "`git diff --exit-code vectors/`.",
  flags: {
    only: { kind: "string", help: "only this protocol's oracle", choices: ["iggy", "kafka"] },
    "manifest-only": { kind: "boolean", help: "only rewrite vectors/manifest.json" },
  },
});
const only = flags.only;
const manifestOnly = flags["manifest-only"];
const root = repoRoot();

function run(cmd: string, argv: string[], cwd: string): boolean {
  console.log(`$ ${cmd} ${argv.join(" ")}   (in ${cwd.replace(root, ".")})`);
  const r = spawnSync(cmd, argv, { cwd, stdio: "inherit" });
  if (r.status !== 0) {
    console.error(`failed: ${cmd} ${argv.join(" ")} (exit ${r.status ?? r.signal})`);
    setExitCode(1);
    return false;
  }
  return true;
}

/** Removes the generated files of one protocol so that vectors no oracle writes any more disappear. */
function clear(protocol: string): void {
  const dir = join(root, "vectors", protocol);
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) rmSync(join(dir, name), { recursive: true, force: true });
}

if (!manifestOnly && (!only || only === "iggy")) {
  const crate = join(root, "conformance", "iggy-oracle");
  const bins = readdirSync(join(crate, "src", "bin"))
    .filter((f) => f.endsWith(".rs"))
    .map((f) => f.slice(0, -3))
    .filter((b) => b !== "testee")
    .sort();
  if (run("cargo", ["build", "--release", "--quiet", "--bins"], crate)) {
    clear("iggy");
    for (const bin of bins) {
      run(join(crate, "target", "release", bin), [join(root, "vectors", "iggy")], crate);
    }
  }
  // One pinned oracle per further protocol revision: the same sources built against that
  // release of the crate (conformance/iggy-oracle/<revision>/Cargo.toml), sharing the target
  // directory (same dependency versions, so only the crate and the oracle compile again). Each
  // writes the files of the areas where the revision differs, named after the release.
  for (const revision of ["edge8", "v0110"]) {
    const dir = join(crate, revision);
    const names = [
      ...readFileSync(join(dir, "Cargo.toml"), "utf8").matchAll(/^name = "((?:edge8|v0110)-[\w-]+)"$/gm),
    ]
      .map((m) => m[1]);
    const env = { ...process.env, CARGO_TARGET_DIR: join(crate, "target") };
    console.log(`$ cargo build --release --quiet --bins   (in ${dir.replace(root, ".")}, shared target)`);
    const built = spawnSync("cargo", ["build", "--release", "--quiet", "--bins"], {
      cwd: dir,
      stdio: "inherit",
      env,
    });
    if (built.status !== 0) {
      console.error(`failed: the ${revision} oracle did not build`);
      setExitCode(1);
      continue;
    }
    for (const bin of names) run(join(crate, "target", "release", bin), [join(root, "vectors", "iggy")], dir);
  }
}

if (!manifestOnly && (!only || only === "kafka")) {
  // run.sh: messages, headers and data schemas; records.sh: record batches and message sets.
  const oracle = join(root, "conformance", "kafka-oracle");
  clear("kafka");
  for (const script of ["run.sh", "records.sh"]) {
    run("bash", [join(oracle, script), "generate", join(root, "vectors", "kafka")], root);
  }
}

const vectors = join(root, "vectors");
console.log(`stamped ${stampAll(vectors)} files`);

/** Writes a JSON Schema file (two-space JSON, as deno fmt leaves it). */
function writeSchema(rel: string, schema: unknown): void {
  const path = join(vectors, rel);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, JSON.stringify(schema, null, 2) + "\n");
}
const schemaDir = join(vectors, "schema");
// Generated schemas are rewritten; the published schemas of earlier minors stay as they are.
for (const name of readdirSync(schemaDir)) {
  if (!(name in FROZEN_SCHEMAS)) rmSync(join(schemaDir, name), { recursive: true, force: true });
}
writeSchema(`schema/${FILE_SCHEMA}`, vectorFileSchema());
writeSchema("schema/manifest.schema.json", manifestSchema());
const model = loadKafkaModel(root);
let valueSchemas = 0;
for (const path of listVectorFiles(vectors).filter((p) => p.startsWith("kafka/"))) {
  const rel = valueSchemaPath(path);
  const file = loadVectorFile(path, vectors);
  const id = rel.replace(/^schema\/values\/kafka\//, "");
  const s = kafkaValueSchema(model, file, id) ?? recordsValueSchema(file, id);
  if (s) {
    writeSchema(rel, s);
    valueSchemas++;
  }
}
const iggyFiles = listVectorFiles(vectors).filter((p) => p.startsWith("iggy/"))
  .map((path) => ({ path, file: loadVectorFile(path, vectors) }));
const iggy = iggyValueSchemas(root, iggyFiles);
for (const [stem, s] of iggy.schemas) writeSchema(`schema/values/iggy/${stem}.schema.json`, s);
console.log(
  `schemas: ${FILE_SCHEMA}, manifest.schema.json, value schemas: kafka ${valueSchemas}, iggy ${iggy.schemas.size} ` +
    `of ${iggyFiles.length} (no schema where a type is not translated: ${iggy.unknown.join(", ") || "none"})`,
);

const m = writeManifest();
console.log(`manifest: ${m.files.length} files, ${m.files.reduce((n, f) => n + f.numberOfTests, 0)} tests`);
