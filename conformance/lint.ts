/**
 * Lints vectors/: every file against the strict form of the current schema (every key one this
 * minor documents) and against every published file schema the copy ships (the current one and
 * those of earlier minors, whose bytes are pinned: vectors/README.md "Compatibility"), every
 * test's `value` against its
 * message's value schema (vectors/schema/values/), the manifest against manifest.schema.json and
 * the files on disk, and the invariants a schema cannot say (continuous tcIds, counts, unique
 * names, defined flags, one direction/version/framing per group, sources that name a reference
 * implementation, `.bin` hashes, `error.family` from the one code → family table, offsets only
 * where the stamp's rule keeps them, oracle-chosen codes marked as such, decoder-cap tests as
 * 1.0 runners read them).
 *
 * @module
 */

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { existsSync } from "node:fs";
import {
  listBinFiles,
  listVectorFiles,
  loadManifest,
  readJson,
  sha256,
  valueSchemaPath,
  vectorsDir,
} from "./lib/files.ts";
import { CAP_OPTIONS, familyOf, FILE_SCHEMA, FROZEN_SCHEMAS } from "./lib/format.ts";
import { manifestSchema, vectorFileSchema } from "./lib/file_schema.ts";
import { setExitCode } from "./lib/runtime.ts";
import { validate } from "./lib/schema.ts";
import { keepOffset } from "./lib/stamp.ts";
import type { VectorFile } from "./lib/types.ts";
import { valueDefKey } from "./lib/value_schemas.ts";
import { RECORD_DATA_MESSAGES } from "./lib/records_value_schema.ts";
import { parseArgs } from "./lib/args.ts";
import { DEFAULT_IGGY_REVISION } from "../src/iggy/revision.ts";

const { flags } = parseArgs({
  usage: "deno task vectors:lint [--vectors DIR]",
  summary: "Checks vectors/ against the wirevec schema, the manifest, the .bin files and the references.",
  flags: {
    vectors: {
      kind: "string",
      help: "lint another copy (e.g. the packed release in dist/vectors/npm)",
      value: "dir",
    },
  },
});

/** Names a group `source` may carry: the reference implementations only. */
const REFERENCES = new Set(["iggy_binary_protocol", "kafka-clients"]);

const dir = flags.vectors ?? vectorsDir();
const problems: string[] = [];
let tests = 0;
let valuesChecked = 0;

// The schemas: the strict form of the current one (built here), and every published file schema
// the copy ships, each of which must accept every file.
type Schema = Record<string, unknown>;
const strict = vectorFileSchema({ strict: true });
const published = new Map<string, Schema>();
for (
  const name of readdirSync(join(dir, "schema")).filter((n) => /^wirevec-v.*\.schema\.json$/.test(n)).sort()
) {
  published.set(name, readJson<Schema>(join(dir, "schema", name)));
}
for (const [name, pin] of Object.entries(FROZEN_SCHEMAS)) {
  const path = join(dir, "schema", name);
  if (!existsSync(path)) {
    problems.push(`schema/${name}: a published schema is missing (every release ships it)`);
  } else if (sha256(readFileSync(path)) !== pin) {
    problems.push(
      `schema/${name}: differs from the published one (sha256 pinned in conformance/lib/format.ts)`,
    );
  }
}
if (JSON.stringify(published.get(FILE_SCHEMA)) !== JSON.stringify(vectorFileSchema())) {
  problems.push(
    `schema/${FILE_SCHEMA}: missing or not what conformance/lib/file_schema.ts writes (deno task vectors)`,
  );
}
for (const name of published.keys()) {
  if (name !== FILE_SCHEMA && !(name in FROZEN_SCHEMAS)) {
    problems.push(`schema/${name}: not a published schema`);
  }
}

const manifest = loadManifest(dir);
for (
  const [what, s] of [
    ["strict", manifestSchema({ strict: true })],
    ["manifest.schema.json", readJson<Schema>(join(dir, "schema", "manifest.schema.json"))],
  ] as const
) {
  for (const e of validate(manifest, s)) problems.push(`manifest.json (${what}): ${e}`);
}
const listed = new Map(manifest.files.map((f) => [f.path, f]));
const onDisk = listVectorFiles(dir);

// An Iggy frame's `body` (tests with options.commandCode) is that command's value: it is checked
// against the value schema of the command's own file, found by the file's `commandCode` — among
// the files of the same revision (`upstream.version`) first, then the default revision's.
let bodiesChecked = 0;
const iggyCommandSchemas = new Map<string, { path: string; schema: Record<string, unknown> }>();
const commandKey = (version: string, code: number) => `${version}#${code}`;
for (const path of onDisk.filter((p) => p.startsWith("iggy/"))) {
  const f = readJson<VectorFile>(join(dir, path)) as { commandCode?: number; upstream: { version: string } };
  const vs = valueSchemaPath(path);
  if (typeof f.commandCode === "number" && existsSync(join(dir, vs))) {
    iggyCommandSchemas.set(commandKey(f.upstream.version, f.commandCode), {
      path: vs,
      schema: readJson<Record<string, unknown>>(join(dir, vs)),
    });
  }
}
const commandSchema = (version: string, code: number, direction: string) => {
  for (const key of [commandKey(version, code), commandKey(DEFAULT_IGGY_REVISION, code)]) {
    const cmd = iggyCommandSchemas.get(key);
    const def = (cmd?.schema.$defs as Record<string, unknown> | undefined)?.[`${direction}.v-`];
    if (cmd && def) return { cmd, def };
  }
  return undefined;
};
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
  for (const e of validate(file, strict).slice(0, 20)) say(`${e} (strict ${FILE_SCHEMA})`);
  for (const [name, s] of published) for (const e of validate(file, s).slice(0, 5)) say(`${e} (${name})`);
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
  const vsPath = valueSchemaPath(path);
  const valueSchema = existsSync(join(dir, vsPath))
    ? readJson<Record<string, unknown>>(join(dir, vsPath))
    : undefined;
  if (valueSchema && entry?.valueSchema !== vsPath) {
    say(`manifest.json does not name its value schema ${vsPath}`);
  }
  if (
    file.protocol === "kafka" &&
    file.testGroups.some((g) => g.framing !== "body" && g.headerVersion === undefined)
  ) {
    say("a header+body or frame group without headerVersion");
  }
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
      if (t.error) {
        if (t.error.family !== familyOf(t.error.code)) {
          say(`${t.name}: error.family ${t.error.family} but ${t.error.code} is ${familyOf(t.error.code)}`);
        }
        if (t.error.offset !== undefined && !keepOffset(t, t.error)) {
          say(`${t.name}: error.offset where the offset rule drops it (run \`deno task vectors\`)`);
        }
        if (
          t.error.code === "TRAILING_BYTES" && file.protocol === "kafka" &&
          !RECORD_DATA_MESSAGES.includes(file.message) &&
          t.codeSource !== "oracle"
        ) {
          say(
            `${t.name}: Kafka's message readers never reject trailing bytes: the code must be codeSource "oracle"`,
          );
        }
      }
      // A decoder-cap test is what a 1.0 runner knows: invalid, the cap in options, and the code
      // marked as the oracle's (the reference accepts the bytes).
      if (CAP_OPTIONS.some((k) => k in (t.options ?? {}))) {
        if (t.result !== "invalid" || t.codeSource !== "oracle" || t.error?.family !== "limit") {
          say(`${t.name}: a decoder-cap test must be result "invalid", codeSource "oracle", family "limit"`);
        }
      }
      if (valueSchema && t.value !== undefined) {
        const key = valueDefKey(g);
        const def = (valueSchema.$defs as Record<string, unknown>)[key];
        if (!def) say(`${t.name}: ${vsPath} has no $defs.${key}`);
        else {
          valuesChecked++;
          for (const e of validate(t.value, def as Record<string, unknown>, valueSchema).slice(0, 3)) {
            say(`${t.name}: value: ${e}`);
          }
        }
      }
      const body = (t.value as { body?: unknown } | undefined)?.body;
      const code = t.options?.commandCode;
      if (
        file.protocol === "iggy" && g.framing === "frame" && typeof code === "number" && body !== undefined
      ) {
        const found = commandSchema(file.upstream.version, code, g.direction);
        if (!found) say(`${t.name}: no value schema for the body of command ${code} (${g.direction})`);
        else {
          const { cmd, def } = found;
          bodiesChecked++;
          for (const e of validate(body, def as Record<string, unknown>, cmd.schema).slice(0, 3)) {
            say(`${t.name}: value.body (${cmd.path}): ${e}`);
          }
        }
      }
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
console.log(
  `vectors lint: ${onDisk.length} files, ${tests} tests, each file against the strict ${FILE_SCHEMA} and the ` +
    `published ${[...published.keys()].join(", ")}; ${valuesChecked} values checked against value schemas ` +
    `(and ${bodiesChecked} Iggy frame bodies against their command's), ${problems.length} problems`,
);
if (problems.length) setExitCode(1);
