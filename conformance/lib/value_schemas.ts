/**
 * Generates the JSON Schema of every Kafka vector file's `value`s from the pinned Kafka message
 * schemas — the same jars and merged model tools/codegen compiles (tools/codegen/inputs.json) —
 * following the value mapping of vectors/README.md "Values in JSON".
 *
 * One schema file per message, `vectors/schema/values/kafka/<file stem>.schema.json`, with one
 * `$defs` entry per group: `"<direction>.v<version>"` for body groups and
 * `"<direction>.hdr.v<version>"` for header+body groups (`{header, body}`). A version whose schema
 * equals the one below it is a `$ref` to it.
 *
 * @module
 */

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildModel, type JarInput, loadRelease, type Model } from "../../tools/codegen/load.ts";
import type { FieldType, MMessage, MStruct, Prim } from "../../tools/codegen/schema.ts";
import { versionsOf } from "../../tools/codegen/schema.ts";
import type { VectorFile } from "./types.ts";

type Schema = Record<string, unknown>;

const INT_RANGE: Partial<Record<Prim, [number, number]>> = {
  int8: [-128, 127],
  int16: [-32768, 32767],
  uint16: [0, 65535],
  int32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
};

function prim(p: Prim): Schema {
  const r = INT_RANGE[p];
  if (r) return { type: "integer", minimum: r[0], maximum: r[1] };
  switch (p) {
    case "bool":
      return { type: "boolean" };
    case "int64":
      return { type: "string", pattern: "^-?(0|[1-9][0-9]*)$" };
    case "float64":
      return {
        anyOf: [{ type: "number" }, { enum: ["NaN", "Infinity", "-Infinity", "-0"] }, {
          type: "string",
          pattern: "^NaN:([0-9a-f]{8}|[0-9a-f]{16})$",
        }],
      };
    case "string":
      return { type: "string" };
    case "bytes":
      return { type: "string", pattern: "^([0-9a-f]{2})*$" };
    case "uuid":
      return { type: "string", pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$" };
    case "records":
      return {
        type: "object",
        required: ["hex"],
        additionalProperties: false,
        properties: { hex: { type: "string", pattern: "^([0-9a-f]{2})*$" } },
      };
  }
  throw new Error(`no JSON form for ${p}`);
}

const UNKNOWN_TAGGED: Schema = {
  type: "array",
  items: {
    type: "object",
    required: ["tag", "hex"],
    additionalProperties: false,
    properties: {
      tag: { type: "integer", minimum: 0 },
      hex: { type: "string", pattern: "^([0-9a-f]{2})*$" },
    },
  },
};

const has = (mask: number, v: number) => ((mask >>> v) & 1) === 1;

function typeSchema(t: FieldType, v: number, flexible: boolean): Schema {
  if (t.k === "prim") return prim(t.p);
  if (t.k === "struct") return structSchema(t.s, v, flexible);
  return { type: "array", items: typeSchema(t.e, v, flexible) };
}

function structSchema(s: MStruct, v: number, flexible: boolean): Schema {
  const properties: Schema = {};
  const required: string[] = [];
  for (const f of s.fields) {
    if (!has(f.present, v)) continue;
    const key = f.name[0].toLowerCase() + f.name.slice(1);
    const t = typeSchema(f.type, v, flexible);
    properties[key] = has(f.nullable, v) ? { anyOf: [t, { type: "null" }] } : t;
    required.push(key);
  }
  if (flexible) properties._unknownTaggedFields = UNKNOWN_TAGGED;
  return { type: "object", required, additionalProperties: false, properties };
}

/** The value schema of `m` at version `v`. */
export function messageSchema(m: MMessage, v: number): Schema {
  return structSchema(m.root, v, has(m.flexible, v));
}

/** Loads the merged model of the pinned jars (tools/codegen/inputs.json). */
export function loadKafkaModel(root: string): Model {
  const inputs = JSON.parse(readFileSync(join(root, "tools", "codegen", "inputs.json"), "utf8")) as {
    jars: JarInput[];
  };
  const [newer, older] = inputs.jars.map(loadRelease);
  return buildModel(newer, older);
}

/**
 * The value schema of one Kafka vector file, or undefined when the file's message is not a
 * Kafka message schema (record batches, message sets).
 */
export function kafkaValueSchema(model: Model, file: VectorFile, id: string): Schema | undefined {
  const api = model.apis.find((a) => a.name === file.message);
  const other = model.others.find((o) => o.name === file.message);
  if (!api && !other) return undefined;
  const defs: Schema = {};
  const add = (key: string, s: Schema) => {
    // Share identical schemas of neighbouring versions: "request.v4" -> "#/$defs/request.v3".
    const text = JSON.stringify(s);
    const same = Object.entries(defs).find(([k, d]) =>
      k.split(".v")[0] === key.split(".v")[0] &&
      JSON.stringify(d) === text
    );
    defs[key] = same ? { $ref: `#/$defs/${same[0]}` } : s;
  };
  const sides: [string, MMessage][] = api
    ? [["request", api.request], ["response", api.response]]
    : [["data", other!]];
  for (const [dir, m] of sides) {
    for (const v of versionsOf(m.valid)) add(`${dir}.v${v}`, messageSchema(m, v));
  }
  // header+body groups: {header, body} with the header version the group names.
  const headers = new Map(model.others.filter((o) => o.type === "header").map((o) => [o.name, o]));
  for (const g of file.testGroups) {
    if (g.framing !== "header+body" || g.version === undefined || g.headerVersion === undefined) continue;
    const h = headers.get(g.direction === "request" ? "RequestHeader" : "ResponseHeader")!;
    const hk = `${g.direction}Header.v${g.headerVersion}`;
    if (!defs[hk]) defs[hk] = messageSchema(h, g.headerVersion);
    defs[`${g.direction}.hdr.v${g.version}`] = {
      type: "object",
      required: ["header", "body"],
      additionalProperties: false,
      properties: {
        header: { $ref: `#/$defs/${hk}` },
        body: { $ref: `#/$defs/${g.direction}.v${g.version}` },
      },
    };
  }
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: id,
    title: `${file.message}: the value of each test, by group`,
    description: "Generated by conformance/lib/value_schemas.ts from the pinned kafka-clients schemas " +
      "(tools/codegen/inputs.json). $defs key: <direction>.v<version>, or <direction>.hdr.v<version> for " +
      "header+body groups.",
    $defs: defs,
  };
}

/** The `$defs` key of a group's value schema. */
export function valueDefKey(g: { direction: string; version?: number; framing: string }): string {
  return `${g.direction}.${g.framing === "header+body" ? "hdr." : ""}v${g.version ?? "-"}`;
}
