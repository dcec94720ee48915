/**
 * Lints vectors/: every file against the wirevec v1 schema and the invariants the schema cannot
 * say (continuous tcIds, counts, unique names, defined flags, one direction/version/framing per
 * group, sources that name a reference implementation, `.bin` hashes), and the manifest against
 * the files on disk.
 *
 * @module
 */

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { listBinFiles, listVectorFiles, loadManifest, readJson, sha256, vectorsDir } from "./lib/files.ts";
import { setExitCode } from "./lib/runtime.ts";
import { validate } from "./lib/schema.ts";
import type { VectorFile } from "./lib/types.ts";
import { parseArgs } from "./lib/args.ts";

parseArgs({
  usage: "deno task vectors:lint",
  summary: "Checks vectors/ against the wirevec schema, the manifest, the .bin files and the references.",
  flags: {},
});

/** Names a group `source` may carry: the reference implementations only. */
const REFERENCES = new Set(["iggy_binary_protocol", "kafka-clients"]);

const dir = vectorsDir();
const schema = readJson<Record<string, unknown>>(join(dir, "schema", "wirevec-v1.schema.json"));
const problems: string[] = [];
let tests = 0;

const manifest = loadManifest(dir);
const listed = new Map(manifest.files.map((f) => [f.path, f]));
const onDisk = listVectorFiles(dir);
const referencedBins = new Set<string>();

for (const path of onDisk) {
  const say = (m: string) => problems.push(`${path}: ${m}`);
  const text = readFileSync(join(dir, path));
  let file: VectorFile;
  try {
    file = JSON.parse(text.toString("utf8"));
  } catch (e) {
    say(`not JSON: ${(e as Error).message}`);
    continue;
  }
  for (const e of validate(file, schema).slice(0, 20)) say(e);
  if (!path.startsWith(`${file.protocol}/`)) {
    say(`protocol ${file.protocol} but file is under another folder`);
  }
  const entry = listed.get(path);
  if (!entry) say("not in manifest.json");
  else {
    if (entry.sha256 !== sha256(text)) say("sha256 differs from manifest.json (run `deno task vectors`)");
    if (entry.numberOfTests !== file.numberOfTests) say("numberOfTests differs from manifest.json");
    if (entry.message !== file.message || entry.protocol !== file.protocol) {
      say("manifest message/protocol differ");
    }
  }
  if (!Array.isArray(file.testGroups)) continue;
  const names = new Set<string>();
  const groupKeys = new Set<string>();
  let expectId = 1;
  for (const g of file.testGroups) {
    const key = `${g.direction}/${g.version ?? "-"}/${g.framing}/${g.headerVersion ?? "-"}`;
    if (groupKeys.has(key)) say(`two groups share ${key}`);
    groupKeys.add(key);
    if (!g.source || !REFERENCES.has(g.source.name)) {
      say(`group ${key} source ${g.source?.name} is not a reference implementation`);
    }
    for (const t of g.tests ?? []) {
      tests++;
      if (t.tcId !== expectId) say(`tcId ${t.tcId} where ${expectId} was expected`);
      expectId = t.tcId + 1;
      if (names.has(t.name)) say(`duplicate name ${t.name}`);
      names.add(t.name);
      for (const f of t.flags ?? []) if (!file.notes?.[f]) say(`${t.name}: flag ${f} not defined in notes`);
      if (t.result !== "invalid" && t.op !== "encode" && t.value === undefined && t.result === "valid") {
        say(`${t.name}: valid test without value`);
      }
      if (t.hex !== undefined && t.hex.length > 8192) say(`${t.name}: over 4 KiB of hex; use a .bin file`);
      if (t.file) {
        referencedBins.add(t.file.path);
        try {
          const bin = readFileSync(join(dir, t.file.path));
          if (bin.length !== t.file.length) {
            say(`${t.name}: ${t.file.path} has ${bin.length} bytes, not ${t.file.length}`);
          }
          if (sha256(bin) !== t.file.sha256) say(`${t.name}: ${t.file.path} sha256 differs`);
        } catch {
          say(`${t.name}: missing ${t.file.path}`);
        }
      }
    }
  }
  if (expectId - 1 !== file.numberOfTests) {
    say(`numberOfTests ${file.numberOfTests}, counted ${expectId - 1}`);
  }
}
for (const path of listed.keys()) {
  if (!onDisk.includes(path)) problems.push(`${path}: in manifest.json but missing`);
}
for (const bin of listBinFiles(dir)) {
  if (!referencedBins.has(bin)) problems.push(`${bin}: no test refers to it`);
}

for (const p of problems.slice(0, 300)) console.log(p);
if (problems.length > 300) console.log(`… ${problems.length - 300} more`);
console.log(`vectors lint: ${onDisk.length} files, ${tests} tests, ${problems.length} problems`);
if (problems.length) setExitCode(1);
