/**
 * Counts the inspector's Kafka messages that show a field their version does not have. Reads
 * `streamwire inspect --format json` lines and holds each header and body against the value
 * schema of its API, direction and version in `vectors/schema/values/kafka/` (generated from
 * kafka-clients' schemas, not from the inspector): every key must be a property of the schema,
 * at every depth. Prints the count, and the first offenders.
 *
 *   deno task inspect --format json CAPTURE | deno run --allow-read conformance/captures/absent_fields.ts
 *
 * Exit 1 when a message has such a field (or a message names an API the schemas lack).
 *
 * @module
 */

import { existsSync, readdirSync, readFileSync } from "node:fs";
import process from "node:process";
import { requestHeaderVersion, responseHeaderVersion } from "../../src/kafka/api.ts";

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  $ref?: string;
  $defs?: Record<string, Schema>;
};

/** Where the repository's vectors/ is. */
function vectorsDir(): URL {
  for (let u = new URL("./", import.meta.url); u.pathname !== "/"; u = new URL("../", u)) {
    if (existsSync(new URL("vectors/manifest.json", u))) return new URL("vectors/", u);
  }
  throw new Error("vectors/ not found");
}

/** The value schemas by API key, and the two header schemas. */
export function loadSchemas(): { byKey: Map<number, Schema>; request: Schema; response: Schema } {
  const dir = vectorsDir();
  const byKey = new Map<number, Schema>();
  for (const f of readdirSync(new URL("kafka/", dir))) {
    if (!f.endsWith(".json")) continue;
    const v = JSON.parse(readFileSync(new URL(`kafka/${f}`, dir), "utf8")) as { apiKey?: number };
    if (v.apiKey === undefined) continue;
    const s = new URL(`schema/values/kafka/${f.replace(/\.json$/, ".schema.json")}`, dir);
    byKey.set(v.apiKey, JSON.parse(readFileSync(s, "utf8")));
  }
  const read = (n: string) => JSON.parse(readFileSync(new URL(`schema/values/kafka/${n}`, dir), "utf8"));
  return {
    byKey,
    request: read("request_header.schema.json"),
    response: read("response_header.schema.json"),
  };
}

/** Paths of the keys of `v` that `s` does not allow (`root` is the schema `$ref`s resolve in). */
export function extraKeys(v: unknown, s: Schema, root: Schema, path = ""): string[] {
  if (s.$ref) s = root.$defs![s.$ref.replace("#/$defs/", "")];
  const branches = s.anyOf ?? s.oneOf;
  if (branches) {
    const fits = branches.map((b) => extraKeys(v, b, root, path));
    return fits.find((x) => x.length === 0) ?? fits[0];
  }
  if (v === null || typeof v !== "object") return [];
  if (Array.isArray(v)) {
    return s.items ? v.flatMap((x, i) => extraKeys(x, s.items!, root, `${path}[${i}]`)) : [];
  }
  if (!s.properties) return [];
  const out: string[] = [];
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    const p = s.properties[k];
    if (!p) out.push(`${path}.${k}`);
    else if (k !== "_unknownTaggedFields") out.push(...extraKeys(x, p, root, `${path}.${k}`));
  }
  return out;
}

/** A message line of the inspector's JSON output (the fields this check reads). */
export interface JsonMessage {
  protocol: string;
  dir: "request" | "response";
  apiKey?: number;
  name: string;
  version?: number;
  header?: unknown;
  body?: unknown;
}

/** The fields of `m` that its version does not have, as paths (`body.topics[0].topicId`). */
export function absentFields(m: JsonMessage, schemas: ReturnType<typeof loadSchemas>): string[] {
  if (m.protocol !== "kafka" || m.apiKey === undefined || m.version === undefined) return [];
  const api = schemas.byKey.get(m.apiKey);
  if (!api) return [`(no value schema for API key ${m.apiKey})`];
  const out: string[] = [];
  if (m.body !== undefined) {
    const s = api.$defs?.[`${m.dir}.v${m.version}`];
    if (!s) return [`(no schema for ${m.name} ${m.dir} v${m.version})`];
    out.push(...extraKeys(m.body, s, api, "body"));
  }
  if (m.header !== undefined) {
    const hs = m.dir === "request" ? schemas.request : schemas.response;
    const hv = m.dir === "request"
      ? requestHeaderVersion(m.apiKey, m.version)
      : responseHeaderVersion(m.apiKey, m.version);
    out.push(...extraKeys(m.header, hs.$defs![`data.v${hv}`], hs, "header"));
  }
  return out;
}

if ((import.meta as ImportMeta & { main?: boolean }).main) {
  if (process.argv.includes("--help")) {
    console.log(
      "usage: streamwire inspect --format json CAPTURE | deno run --allow-read " +
        "conformance/captures/absent_fields.ts",
    );
    process.exit(0);
  }
  const schemas = loadSchemas();
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  let kafka = 0, bad = 0;
  const combos = new Set<string>();
  const shown: string[] = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith("{") || line.startsWith('{"summary"')) continue;
    const m = JSON.parse(line) as JsonMessage;
    if (m.protocol !== "kafka" || m.version === undefined) continue;
    kafka++;
    const extra = absentFields(m, schemas);
    if (extra.length === 0) continue;
    bad++;
    combos.add(`${m.name} v${m.version} ${m.dir}`);
    if (shown.length < 10) shown.push(`  ${m.name} v${m.version} ${m.dir}: ${extra.slice(0, 4).join(", ")}`);
  }
  console.log(
    `${bad} of ${kafka} Kafka messages with fields absent at their version` +
      (bad ? ` (${combos.size} API/version/direction combinations)` : ""),
  );
  for (const s of shown) console.log(s);
  process.exit(bad ? 1 : 0);
}
