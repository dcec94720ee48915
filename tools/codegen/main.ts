/**
 * Generates `src/kafka/messages/` from the Kafka JSON message schemas inside the pinned
 * kafka-clients jars (tools/codegen/inputs.json).
 *
 * Usage: `deno task codegen` (write) or `deno task codegen:check` (exit 1 when the committed
 * files differ from what the generator produces).
 *
 * @module
 */

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildModel, type JarInput, loadRelease } from "./load.ts";
import { emitApi, emitApiKeys, emitMessagesMod, emitOther, emitTable, nameStructs, snake } from "./emit.ts";
import { versionsOf } from "./schema.ts";
import { kafkaClientsPins } from "./pins.ts";
import { parseArgs } from "../../conformance/lib/args.ts";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = join(here, "..", "..");
const outDir = join(root, "src", "kafka", "messages");
const check = parseArgs({
  usage: "deno task codegen   |   deno task codegen:check",
  summary: "Generates src/kafka/messages/ from the Kafka JSON schemas in the pinned kafka-clients jars.",
  flags: { check: { kind: "boolean", help: "exit 1 when the committed files differ, write nothing" } },
}).flags.check;

const [newer, older] = kafkaClientsPins().jars.map((j: JarInput) => loadRelease(j));
const model = buildModel(newer, older);

nameStructs([...model.apis.flatMap((a) => [a.request, a.response]), ...model.others]);
const files = new Map<string, string>();
for (const api of model.apis) files.set(`${snake(api.name)}.ts`, emitApi(api));
for (const m of model.others) files.set(`${snake(m.name)}.ts`, emitOther(m));
files.set("_table.ts", emitTable(model));
files.set("api_keys.ts", emitApiKeys(model));
files.set("mod.ts", emitMessagesMod(model));

let reqVersions = 0;
let resVersions = 0;
let flexibleReq = 0;
let unstable = 0;
for (const a of model.apis) {
  reqVersions += versionsOf(a.request.valid).length;
  resVersions += versionsOf(a.response.valid).length;
  flexibleReq += versionsOf(a.request.flexible).length;
  unstable += versionsOf(a.request.unstable).length;
}
const dataSchemas = model.others.filter((m) => m.type !== "header");
const bytes = [...files.values()].reduce((n, s) => n + new TextEncoder().encode(s).length, 0);
console.log(
  `codegen: ${model.apis.length} API keys, ${reqVersions} request versions, ${resVersions} response versions ` +
    `(${flexibleReq} flexible, ${unstable} unstable), ${dataSchemas.length} data schemas + ` +
    `${model.others.length - dataSchemas.length} headers; ${files.size} files, ${
      (bytes / 1024).toFixed(0)
    } KiB`,
);

if (check) {
  const stale: string[] = [];
  for (const [name, text] of files) {
    const p = join(outDir, name);
    if (!existsSync(p) || readFileSync(p, "utf8") !== text) stale.push(name);
  }
  if (existsSync(outDir)) {
    for (const name of readdirSync(outDir)) if (!files.has(name)) stale.push(`${name} (not generated)`);
  }
  if (stale.length) {
    console.error(
      `codegen:check: ${stale.length} file(s) differ from the generator's output: ${
        stale.slice(0, 10).join(", ")
      }`,
    );
    process.exit(1);
  }
  console.log("codegen:check: src/kafka/messages is up to date");
} else {
  mkdirSync(outDir, { recursive: true });
  for (const name of readdirSync(outDir)) if (!files.has(name)) rmSync(join(outDir, name));
  for (const [name, text] of files) writeFileSync(join(outDir, name), text);
}
