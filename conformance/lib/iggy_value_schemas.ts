/**
 * Generates the JSON Schema of the `value` of every Iggy vector file, from three sources, each
 * the one place its fact is stated:
 *
 * - streamwire's own TS types, read with `deno doc --json src/iggy/mod.ts`: each command's
 *   request and response codec is declared `PayloadCodec<T>` (the data files: IGGY_DATA_CODECS),
 *   and `T` is translated into the JSON form of vectors/README.md "Values in JSON" (bigint →
 *   decimal string, Uint8Array → hex, numbers with the float spellings);
 * - for the files whose adapters reshape values (framing, batches, the messages commands, the
 *   consensus helpers, metadata bodies, checksums), the JSON-shape types those adapters declare
 *   and name in their `*_VALUE_TYPES` tables (read with `deno doc` over the adapter modules);
 * - for consensus headers, the field tables of src/iggy/consensus (`COMMON_FIELDS` and each
 *   header type's `FIELDS`), through the adapter's `headerValueSchema`.
 *
 * The generated schema describes streamwire's types and the adapters' JSON form; the lint
 * validating every reference value against it is what checks that they match the reference
 * (a mismatch fails the lint).
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import process from "node:process";
import { join } from "node:path";
import * as iggy from "../../src/iggy/mod.ts";
import * as consensus from "../../src/iggy/consensus/mod.ts";
import { HEADER_TYPES } from "../../src/iggy/consensus/dispatch.ts";
import { IGGY_CORE_VALUE_TYPES, IGGY_DATA_CODECS } from "../adapters/iggy_core.ts";
import { headerValueSchema, IGGY_BATCH_VALUE_TYPES } from "../adapters/iggy_batch.ts";
import { IGGY_METADATA_VALUE_TYPES } from "../adapters/iggy_metadata.ts";
import { IGGY_CHECKSUM_VALUE_TYPES } from "../adapters/checksums.ts";
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

/** Modules whose exported types the schemas are built from: the library's, then the adapters'. */
const DOC_MODULES = [
  "src/iggy/mod.ts",
  "conformance/lib/json.ts",
  "conformance/adapters/iggy_batch.ts",
  "conformance/adapters/iggy_core.ts",
  "conformance/adapters/iggy_metadata.ts",
  "conformance/adapters/checksums.ts",
];

/** Value types the adapters declare: message → direction → exported type name. */
const ADAPTER_VALUE_TYPES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  ...IGGY_BATCH_VALUE_TYPES,
  ...IGGY_CORE_VALUE_TYPES,
  ...IGGY_METADATA_VALUE_TYPES,
  ...IGGY_CHECKSUM_VALUE_TYPES,
};

/** Const tables a type may name with `keyof typeof X`, `(typeof X)[keyof typeof X]` or `(typeof X)[number]`. */
const TABLES: Record<string, unknown> = { ...consensus, ...iggy };

const lowerFirst = (s: string): string => s[0].toLowerCase() + s.slice(1);

/** Reads the exported symbols of DOC_MODULES with `deno doc --json` (run under Deno). */
export function loadIggyDoc(root: string): Map<string, DocSymbol> {
  const r = spawnSync(process.execPath, ["doc", "--json", ...DOC_MODULES.map((m) => join(root, m))], {
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
        ? this.intersectionOf([
          this.object(d.def.properties ?? []),
          ...(d.def.extends ?? []).map((t: TsType) => this.type(t)),
        ], name)
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

  /** `A & B` of object types: one object with the properties of both (JSON Schema's allOf cannot, under additionalProperties: false). */
  intersection(parts: TsType[], repr?: string): Schema {
    return this.intersectionOf(parts.map((p) => this.type(p)), repr);
  }

  /** Merges object schemas (or `$ref`s to them): an interface with what it extends, an intersection. */
  intersectionOf(parts: Schema[], repr?: string): Schema {
    if (parts.length === 1) return parts[0];
    const properties: Schema = {};
    const required: string[] = [];
    for (const p of parts) {
      const o = objectOf(p, this.defs);
      if (!o) {
        this.unknown.add(`intersection ${repr ?? ""}`);
        return {};
      }
      Object.assign(properties, o.properties);
      required.push(...(o.required as string[]));
    }
    return { type: "object", required: [...new Set(required)], additionalProperties: false, properties };
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
      case "intersection":
        return this.intersection(t.value as TsType[], t.repr);
      case "indexedAccess": {
        // `(typeof TABLE)[keyof typeof TABLE]`: the values of an exported const table.
        const { objType, indexType } = t.value as { objType: TsType; indexType: TsType };
        const table = objType.kind === "typeQuery" ? TABLES[objType.value as string] : undefined;
        if (
          table && typeof table === "object" && indexType.kind === "typeOperator" &&
          indexType.value.operator === "keyof" && indexType.value.tsType.value === objType.value
        ) return { enum: Object.values(table) };
        // `(typeof LIST)[number]`: the elements of an exported const array.
        if (Array.isArray(table) && indexType.kind === "keyword" && indexType.value === "number") {
          return { enum: [...table] };
        }
        this.unknown.add(`indexedAccess ${objType.repr ?? ""}[${indexType.repr ?? ""}]`);
        return {};
      }
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
          const table = TABLES[inner.value as string];
          if (table && typeof table === "object") return { enum: Object.keys(table) };
        }
        if (t.value.operator === "readonly") return this.type(inner);
        this.unknown.add(t.repr ?? `${t.value.operator} …`);
        return {};
      }
      case "typeRef": {
        const name = t.value.typeName as string;
        const params = (t.value.typeParams ?? []) as TsType[];
        if (name === "Uint8Array" || name === "Hex") return { $ref: "#/$defs/_hex" };
        if (name === "DecimalString") return { $ref: "#/$defs/_bigint" };
        if (name === "AnyJson") return {};
        if (name === "Uncapitalize" && params.length === 1) {
          const e = this.type(params[0]).enum;
          if (Array.isArray(e) && e.every((x) => typeof x === "string")) return { enum: e.map(lowerFirst) };
        }
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

/** The object schema behind a schema or a `$ref` to one of `defs`. */
function objectOf(s: Schema, defs: Schema): Schema | undefined {
  const ref = s.$ref as string | undefined;
  const t = ref === undefined ? s : defs[ref.replace("#/$defs/", "")] as Schema | undefined;
  return t?.type === "object" && t.properties !== undefined ? t : undefined;
}

/** The `PayloadCodec<T>` of an exported codec variable: T, or undefined. */
function payloadType(symbols: Map<string, DocSymbol>, codecName: string): TsType | undefined {
  const d = symbols.get(codecName)?.declarations.find((x) => x.kind === "variable");
  const t = d?.def?.tsType as TsType | undefined;
  if (t?.kind === "typeRef" && t.value.typeName === "PayloadCodec") return t.value.typeParams?.[0];
  return undefined;
}

/** message → direction → codec object, from the command and operation lists ./iggy exports. */
/**
 * The codecs of a file made by another revision's oracle (`upstream.version` other than the
 * default), from that revision's command table; `undefined` for the default revision.
 */
function revisionCodecs(file: VectorFile): Map<string, unknown> | undefined {
  const version = file.upstream.version;
  if (version === undefined || version === iggy.DEFAULT_IGGY_REVISION || file.commandCode === undefined) {
    return;
  }
  try {
    const c = iggy.commandCodecsAt(version, file.commandCode);
    return new Map<string, unknown>([["request", c.request], ["response", c.response]]);
  } catch {
    return undefined;
  }
}

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
  // A codec a command module keeps private (each module's `emptyResponse`) stands for the
  // exported codec of the same `name`, when exactly one exported codec has it.
  const byCodecName = new Map<string, string[]>();
  for (const [k, v] of Object.entries(iggy)) {
    const n = (v as { name?: unknown } | null)?.name;
    if (typeof n === "string" && payloadType(symbols, k)) {
      byCodecName.set(n, [...(byCodecName.get(n) ?? []), k]);
    }
  }
  const nameOf = (codec: unknown): string | undefined => {
    const direct = exportName.get(codec);
    if (direct !== undefined) return direct;
    const same = byCodecName.get((codec as { name?: string }).name ?? "");
    return same?.length === 1 ? same[0] : undefined;
  };
  const byMessage = codecsByMessage();
  const schemas = new Map<string, Schema>();
  const unknown = new Set<string>();
  for (const { path, file } of files) {
    const codecs = revisionCodecs(file) ?? byMessage.get(file.message);
    const adapterTypes = ADAPTER_VALUE_TYPES[file.message];
    const header = HEADER_TYPES[file.message];
    const tr = new Translator(symbols);
    const defs: Schema = {};
    let complete = true;
    for (const g of file.testGroups) {
      const key = `${g.direction}.v-`;
      if (header && g.direction === "data") {
        defs[key] = headerValueSchema(header);
        continue;
      }
      const typeName = adapterTypes?.[g.direction];
      if (typeName !== undefined) {
        defs[key] = tr.named(typeName);
        continue;
      }
      const codec = codecs?.get(g.direction);
      const name = codec === undefined ? undefined : nameOf(codec);
      const t = name === undefined ? undefined : payloadType(symbols, name);
      if (!t) {
        unknown.add(`${file.message}: no type for ${g.direction} values`);
        complete = false;
        continue;
      }
      defs[key] = tr.type(t);
    }
    // A file with a type the translator does not know gets no schema rather than a loose one.
    for (const u of tr.unknown) unknown.add(`${file.message}: ${u}`);
    if (!complete || tr.unknown.size > 0 || Object.keys(defs).length === 0) continue;
    const stem = path.replace(/^iggy\//, "").replace(/\.json$/, "");
    schemas.set(stem, {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: `${stem}.schema.json`,
      title: `${file.message}: the value of each test, by group`,
      description: "Generated by conformance/lib/iggy_value_schemas.ts from streamwire's TS types, " +
        "the conformance adapters' JSON-shape types (deno doc) and the consensus field tables. " +
        "$defs key: <direction>.v- (Iggy groups have no version).",
      $defs: { ...defs, ...tr.defs },
    });
  }
  return { schemas, unknown: [...unknown].sort() };
}
