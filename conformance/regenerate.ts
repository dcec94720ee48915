/**
 * `deno task vectors`: runs the reference oracles and rewrites vectors/ and its manifest.
 *
 * - Iggy: builds conformance/iggy-oracle (Rust, iggy_binary_protocol pinned) and runs every
 *   binary in its src/bin/ except the differential testee, each writing into vectors/iggy.
 * - Kafka: runs conformance/kafka-oracle/run.sh (messages, headers, data schemas) and
 *   records.sh (record batches, message sets) — Java, kafka-clients pinned — into vectors/kafka.
 *
 * Flags: --only iggy|kafka, --manifest-only. CI runs this and then `git diff --exit-code vectors/`.
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { repoRoot, writeManifest } from "./lib/files.ts";
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
}

if (!manifestOnly && (!only || only === "kafka")) {
  // run.sh: messages, headers and data schemas; records.sh: record batches and message sets.
  const oracle = join(root, "conformance", "kafka-oracle");
  clear("kafka");
  for (const script of ["run.sh", "records.sh"]) {
    run("bash", [join(oracle, script), "generate", join(root, "vectors", "kafka")], root);
  }
}

const m = writeManifest();
console.log(`manifest: ${m.files.length} files, ${m.files.reduce((n, f) => n + f.numberOfTests, 0)} tests`);
