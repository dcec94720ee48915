/**
 * Generates the JSON Schema of the `value` of Iggy command vectors from streamwire's own TS
 * types, read with `deno doc --json src/iggy/mod.ts`: each command's request and response codec
 * is declared `PayloadCodec<T>`, and `T` is translated into the JSON form of vectors/README.md
 * "Values in JSON" (bigint → decimal string, Uint8Array → hex, numbers with the float spellings).
 *
 * Covered: the commands and operations whose vectors go through the plain JSON form (the codec
 * lists exported from ./iggy) and the data files of IGGY_DATA_CODECS. Not covered (no value schema): framing, batches, consensus
 * headers, metadata bodies and primitives, whose adapters reshape values.
 *
 * The generated schema describes streamwire's types; the lint validating every reference value
 * against it is what checks that those types match the reference (a mismatch fails the lint).
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import process from "node:process";
import { join } from "node:path";
import * as iggy from "../../src/iggy/mod.ts";
import { IGGY_DATA_CODECS } from "../adapters/iggy_core.ts";
import type { VectorFile } from "./types.ts";

type Schema = Record<string, unknown>;
// deno doc's JSON output: only the parts read here are typed.
interface TsType {
  kind: string;
  repr?: string;
  value?: any;
}
interface DocSymbol {
  name: string;
  declarations: { kind: string; def: any }[];
}

const COMMON: Schema = {
  _bigint: { type: "string", pattern: "^-?(0|[1-9][0-9]*)$" },
  _hex: { type: "string", pattern: "^([0-9a-f]{2})*$" },
  _number: {
    anyOf: [{ type: "number" }, { enum: ["NaN", "Infinity", "-Infinity", "-0"] }, {
      type: "string",
      pattern: "^NaN:([0-9a-f]{8}|[0-9a-f]{16})$",
    }],
  },
};

/** Reads the exported symbols of src/iggy/mod.ts with `deno doc --json` (run under Deno). */
export function loadIggyDoc(root: string): Map<string, DocSymbol> {
  const r = spawnSync(process.execPath, ["doc", "--json", join(root, "src", "iggy", "mod.ts")], {
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  if (r.status !== 0) throw new Error(`deno doc failed: ${r.stderr}`);
  const doc = JSON.parse(r.stdout) as { nodes: Record<string, { symbols: DocSymbol[] }> };
  const out = new Map<string, DocSymbol>();
  for (const m of Object.values(doc.nodes)) for (const s of m.symbols) out.set(s.name, s);
  return out;
}

/** Translates TS types into JSON Schema, collecting named types into `defs`. */
class Translator {
  readonly defs: Schema = { ...COMMON };
  /** Types it could not translate (each becomes `{}`: anything). */
  readonly unknown = new Set<string>();
  private readonly symbols: Map<string, DocSymbol>;
  constructor(symbols: Map<string, DocSymbol>) {
    this.symbols = symbols;
  }

  named(name: string): Schema {
    if (this.defs[name] === undefined) {
      const s = this.symbols.get(name);
      const d = s?.declarations.find((x) => x.kind === "interface" || x.kind === "typeAlias");
      if (!d) {
        this.unknown.add(name);
        return {};
      }
      this.defs[name] = {}; // placeholder: recursion
      this.defs[name] = d.kind === "interface"
        ? this.object(d.def.properties ?? [])
        : this.type(d.def.tsType);
    }
    return { $ref: `#/$defs/${name}` };
  }

  object(props: { name: string; optional?: boolean; tsType: TsType }[]): Schema {
    const properties: Schema = {};
    const required: string[] = [];
    for (const p of props) {
      properties[p.name] = this.type(p.tsType);
      if (!p.optional) required.push(p.name);
    }
    return { type: "object", required, additionalProperties: false, properties };
  }

  type(t: TsType): Schema {
    switch (t.kind) {
      case "keyword":
        switch (t.value) {
          case "string":
            return { type: "string" };
          case "number":
            return { $ref: "#/$defs/_number" };
          case "bigint":
            return { $ref: "#/$defs/_bigint" };
          case "boolean":
            return { type: "boolean" };
          case "null":
            return { type: "null" };
          case "never":
            return { not: {} };
        }
        this.unknown.add(`keyword ${t.value}`);
        return {};
      case "literal":
        return {
          const: t.value.kind === "string"
            ? t.value.string
            : t.value.kind === "number"
            ? t.value.number
            : t.value.boolean,
        };
      case "union": {
        const parts = (t.value as TsType[]).filter((x) => !(x.kind === "keyword" && x.value === "undefined"));
        return parts.length === 1 ? this.type(parts[0]) : { anyOf: parts.map((x) => this.type(x)) };
      }
      case "array":
        return { type: "array", items: this.type(t.value) };
      case "typeLiteral":
        return this.object(t.value.properties ?? []);
      case "parenthesized":
        return this.type(t.value);
      case "typeOperator": {
        // `keyof typeof TABLE`: the keys of an exported const table (e.g. ACK_LEVELS).
        const inner = t.value.tsType as TsType;
        if (t.value.operator === "keyof" && inner.kind === "typeQuery") {
          const table = (iggy as Record<string, unknown>)[inner.value as string];
          if (table && typeof table === "object") return { enum: Object.keys(table) };
        }
        if (t.value.operator === "readonly") return this.type(inner);
        this.unknown.add(t.repr ?? `${t.value.operator} …`);
        return {};
      }
      case "typeRef": {
        const name = t.value.typeName as string;
        const params = (t.value.typeParams ?? []) as TsType[];
        if (name === "Uint8Array") return { $ref: "#/$defs/_hex" };
        if ((name === "ReadonlyArray" || name === "Array") && params.length === 1) {
          return { type: "array", items: this.type(params[0]) };
        }
        if (name === "Record" && params.length === 2) {
          const v = params[1];
          if (v.kind === "keyword" && v.value === "never") {
            return { type: "object", additionalProperties: false };
          }
          return { type: "object", additionalProperties: this.type(v) };
        }
        if (params.length === 0) return this.named(name);
        this.unknown.add(t.repr ?? name);
        return {};
      }
    }
    this.unknown.add(`${t.kind} ${t.repr ?? ""}`);
    return {};
  }
}

/** The `PayloadCodec<T>` of an exported codec variable: T, or undefined. */
function payloadType(symbols: Map<string, DocSymbol>, codecName: string): TsType | undefined {
  const d = symbols.get(codecName)?.declarations.find((x) => x.kind === "variable");
  const t = d?.def?.tsType as TsType | undefined;
  if (t?.kind === "typeRef" && t.value.typeName === "PayloadCodec") return t.value.typeParams?.[0];
  return undefined;
}

/** message → direction → codec object, from the command and operation lists ./iggy exports. */
function codecsByMessage(): Map<string, Map<string, unknown>> {
  const out = new Map<string, Map<string, unknown>>();
  const add = (m: string, dir: string, codec: unknown) => {
    if (!out.has(m)) out.set(m, new Map());
    out.get(m)!.set(dir, codec);
  };
  for (const v of Object.values(iggy)) {
    if (!Array.isArray(v)) continue;
    for (const e of v as any[]) {
      if (e && typeof e === "object" && typeof e.name === "string") {
        if ("request" in e && "response" in e && typeof e.code === "number") {
          add(e.name, "request", e.request);
          add(e.name, "response", e.response);
        } else if ("body" in e && !("code" in e && "request" in e)) add(e.name, "request", e.body);
      }
    }
  }
  for (const [m, codec] of Object.entries(IGGY_DATA_CODECS)) add(m, "data", codec);
  return out;
}

/** Builds value schemas for the Iggy files it covers; returns `stem → schema` and what it missed. */
export function iggyValueSchemas(
  root: string,
  files: { path: string; file: VectorFile }[],
): { schemas: Map<string, Schema>; unknown: string[] } {
  const symbols = loadIggyDoc(root);
  const exportName = new Map<unknown, string>();
  for (const [k, v] of Object.entries(iggy)) if (v && typeof v === "object") exportName.set(v, k);
  const byMessage = codecsByMessage();
  const schemas = new Map<string, Schema>();
  const unknown = new Set<string>();
  for (const { path, file } of files) {
    const codecs = byMessage.get(file.message);
    if (!codecs) continue;
    const tr = new Translator(symbols);
    const defs: Schema = {};
    let complete = true;
    for (const g of file.testGroups) {
      const codec = codecs.get(g.direction);
      const name = codec === undefined ? undefined : exportName.get(codec);
      const t = name === undefined ? undefined : payloadType(symbols, name);
      if (!t) {
        complete = false;
        continue;
      }
      defs[`${g.direction}.v-`] = tr.type(t);
    }
    // A file with a type the translator does not know gets no schema rather than a loose one.
    for (const u of tr.unknown) unknown.add(`${file.message}: ${u}`);
    if (!complete || tr.unknown.size > 0 || Object.keys(defs).length === 0) continue;
    const stem = path.replace(/^iggy\//, "").replace(/\.json$/, "");
    schemas.set(stem, {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: `${stem}.schema.json`,
      title: `${file.message}: the value of each test, by group`,
      description: "Generated by conformance/lib/iggy_value_schemas.ts from streamwire's TS types " +
        "(deno doc). $defs key: <direction>.v- (Iggy groups have no version).",
      $defs: { ...defs, ...tr.defs },
    });
  }
  return { schemas, unknown: [...unknown].sort() };
}
