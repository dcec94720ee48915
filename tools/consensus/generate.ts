/**
 * The generator behind `tools/consensus/main.ts`: writes the text of
 * `src/iggy/consensus/_generated/headers.ts`: the consensus header classes with
 * their typed getters and `…Fields` interfaces, from the layout tables of
 * `src/iggy/consensus/layouts.ts` (names, offsets, kinds, each field's doc comment) and the
 * per-class description of `spec.ts`. The rules the classes run stay hand-written in
 * `src/iggy/consensus/rules.ts`.
 *
 * @module
 */

import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { FieldSpec } from "../../src/iggy/consensus/header.ts";
import * as L from "../../src/iggy/consensus/layouts.ts";
import { CLASSES, type ClassSpec } from "./spec.ts";

// The repository's sources, found upwards from here (the tests also run from dist/ under Node).
const ROOT = (() => {
  for (let u = new URL("./", import.meta.url); u.pathname !== "/"; u = new URL("../", u)) {
    if (existsSync(new URL("src/iggy/consensus/layouts.ts", u))) return u;
  }
  throw new Error("src/iggy/consensus/layouts.ts not found");
})();
const LAYOUTS = fileURLToPath(new URL("src/iggy/consensus/layouts.ts", ROOT));
/** The generated module. */
export const OUT: string = fileURLToPath(new URL("src/iggy/consensus/_generated/headers.ts", ROOT));

/** The tables of `layouts.ts` by export name. */
const TABLES = L as unknown as Record<string, readonly FieldSpec[] | undefined>;

/**
 * Field docs by table and field name, read from the doc comment before each entry of
 * `layouts.ts`. A table built as `OTHER.concat([...])` also finds the docs of `OTHER`.
 */
export function fieldDocs(source: string): Map<string, Map<string, string>> {
  const docs = new Map<string, Map<string, string>>();
  const decl = /^export const (\w+): readonly FieldSpec\[\] = (?:\/\* @__PURE__ \*\/ (\w+)\.concat\()?\[/gm;
  const starts = [...source.matchAll(decl)];
  for (let i = 0; i < starts.length; i++) {
    const [whole, table, prefix] = starts[i];
    const from = starts[i].index! + whole.length;
    const chunk = source.slice(from, source.indexOf("\n]", from));
    const own = new Map<string, string>();
    const entry = /\/\*\*\s*([\s\S]*?)\s*\*\/\s*\{\s*name:\s*"(\w+)"/g;
    for (const m of chunk.matchAll(entry)) {
      own.set(
        m[2],
        m[1].split("\n").map((l) => l.replace(/^\s*\*?\s*/, "").trim()).filter((l) => l !== "").join(" "),
      );
    }
    const entries = chunk.match(/\{\s*name:/g)?.length ?? 0;
    if (entries !== own.size) {
      throw new Error(`layouts.ts ${table}: ${entries - own.size} entries lack a doc`);
    }
    const all = new Map(prefix === undefined ? [] : docs.get(prefix) ?? []);
    for (const [k, v] of own) all.set(k, v);
    docs.set(table, all);
  }
  return docs;
}

function tsType(f: FieldSpec): string {
  switch (f.kind) {
    case "u64":
    case "u128":
      return "bigint";
    case "bytes":
      return "Uint8Array";
    default:
      return "number";
  }
}

function read(f: FieldSpec): string {
  switch (f.kind) {
    case "u8":
    case "enum":
    case "command":
      return `this.bytes[${f.offset}]`;
    case "u16":
      return `this.dv.getUint16(${f.offset}, true)`;
    case "u32":
      return `this.u32(${f.offset})`;
    case "u64":
      return `this.u64(${f.offset})`;
    case "u128":
      return `this.u128(${f.offset})`;
    case "bytes":
      return `this.bytes.subarray(${f.offset}, ${f.offset + f.length!})`;
  }
}

function doc(lines: readonly string[], indent: string): string {
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${
    lines.map((l) => `${indent} *${l === "" ? "" : " " + l}\n`).join("")
  }${indent} */\n`;
}

const example = (code: string[]) => ["", "@example", "```ts", ...code, "```"];
const IMPORT = (name: string) => `import { ${name} } from "@streamwire/codec/iggy";`;
const IMPORT_WIRE = `import { isWireError } from "@streamwire/codec/wire";`;

/** The examples of `validate` and `toObject`: all-default fields, or a show of the layout. */
function validateExample(c: ClassSpec): string[] {
  if (c.validateExample) return c.validateExample;
  return c.defaultsInvalid
    ? [
      IMPORT(c.name),
      IMPORT_WIRE,
      "try {",
      `  ${c.name}.create().validate(); // the all-zero defaults break one of its rules`,
      "} catch (e) {",
      "  if (isWireError(e)) console.log(e.code); // INVALID_VALUE",
      "}",
    ]
    : [
      IMPORT(c.name),
      `const h = ${c.name}.create();`,
      "h.validate(); // a WireError would name the first broken rule",
      "console.log(h.size); // 256",
    ];
}

function toObjectExample(c: ClassSpec): string[] {
  return c.defaultsInvalid
    ? [
      IMPORT(c.name),
      `// All-default fields do not make a valid ${c.name}; validation is off to show the layout.`,
      `const fields = ${c.name}.create({}, { validate: false }).toObject();`,
      "console.log(fields.size); // 256",
    ]
    : [IMPORT(c.name), `const fields = ${c.name}.create().toObject();`, "console.log(fields.size); // 256"];
}

function table(c: ClassSpec): readonly FieldSpec[] {
  const t = TABLES[c.fields];
  if (!Array.isArray(t)) throw new Error(`${c.name}: layouts.ts has no table ${c.fields}`);
  return t;
}

/** Writes the generated module's text. */
export function generate(): string {
  const docs = fieldDocs(readFileSync(LAYOUTS, "utf8"));
  const byName = new Map(CLASSES.map((c) => [c.name, c]));
  const fieldDoc = (c: ClassSpec, f: FieldSpec) => {
    const d = docs.get(c.fields)?.get(f.name);
    if (d === undefined) throw new Error(`layouts.ts ${c.fields}.${f.name}: no doc`);
    return d;
  };
  let out =
    `// Code generated by tools/consensus from src/iggy/consensus/layouts.ts and tools/consensus/spec.ts. DO NOT EDIT.
// Run \`deno task consensus:gen\` after changing a layout or a class description.
/**
 * Every consensus header type \`iggy_binary_protocol\` 0.11.1-edge.3 re-exports, as a zero-copy
 * view with a typed getter per field of its layout (\`layouts.ts\`), its \`FIELDS\` table (for
 * {@linkcode createHeader} and \`toObject\`), and the crate's \`validate\` rules (\`rules.ts\`).
 *
 * @module
 */

import { Command } from "../command.ts";
import {
  type CommonHeaderFields,
  ConsensusHeaderView,
  type FieldSpec,
  prepareIdentityChecksumBytes,
} from "../header.ts";
import * as L from "../layouts.ts";
import * as R from "../rules.ts";
`;
  for (const c of CLASSES) {
    const base = c.base === undefined ? undefined : byName.get(c.base);
    if (c.base !== undefined && base === undefined) throw new Error(`${c.name}: unknown base ${c.base}`);
    const fields = table(c);
    const inherited = new Set(base === undefined ? [] : table(base).map((f) => f.name));
    const own = fields.filter((f) => !inherited.has(f.name));
    const declaresFields = c.declaresFields || (!c.abstract && !base?.declaresFields);
    const objectType = c.objectType ?? `${c.name}Fields`;
    if (c.emitsObjectType ?? (!c.abstract && declaresFields && c.objectType === undefined)) {
      out += `\n${doc([c.objectTypeDoc ?? `Fields of {@linkcode ${c.name}}.`], "")}`;
      out += `export interface ${objectType} extends CommonHeaderFields {\n`;
      for (const f of fields) out += `${doc([fieldDoc(c, f)], "  ")}  ${f.name}: ${tsType(f)};\n`;
      out += "}\n";
    }
    out += `\n${doc(c.doc, "")}`;
    out += `export ${c.abstract ? "abstract " : ""}class ${c.name} extends ${
      c.base ?? "ConsensusHeaderView"
    } {\n`;
    if (!c.abstract) {
      out += `  /** The crate's type name. */\n  static readonly TYPE_NAME = "${c.name}";\n`;
      out += `${doc([c.commandDoc ?? `\`${c.command}\`.`], "  ")}`;
      out += `  static readonly COMMAND: number = Command.${c.command};\n`;
    }
    if (c.sealed) out += "  /** Sealed. */\n  static override readonly FRAME_SEALED: boolean = true;\n";
    if (c.identity) {
      out += "  /** `checksum` is the prepare identity, not a frame seal. */\n";
      out += "  static override readonly IDENTITY_CHECKSUMMED: boolean = true;\n";
    }
    for (const s of c.statics ?? []) {
      out += `${doc([s.doc], "  ")}  static readonly ${s.name}: ${s.type} = ${s.value};\n`;
    }
    if (declaresFields) {
      out +=
        `  /** Own fields after the common prefix. */\n  static readonly FIELDS: readonly FieldSpec[] = L.${c.fields};\n`;
    }
    if (c.accepts) {
      const test = c.accepts.commands === "any"
        ? "true"
        : c.accepts.commands.map((k) => `command === Command.${k}`).join(" || ");
      out += doc(c.accepts.doc, "  ");
      out += `  static override accepts(${
        c.accepts.commands === "any" ? "_command" : "command"
      }: number): boolean {\n`;
      out += `    return ${test};\n  }\n`;
    }
    for (const f of own) {
      out += `${doc([fieldDoc(c, f)], "  ")}  get ${f.name}(): ${tsType(f)} {\n    return ${read(f)};\n  }\n`;
    }
    for (const m of c.members ?? []) {
      out += `${doc(m.doc, "  ")}  ${m.sig} {\n${m.body.map((l) => `    ${l}\n`).join("")}  }\n`;
    }
    if (c.validate !== undefined) {
      out += doc([c.validate, ...example(validateExample(c))], "  ");
      out += c.noRules
        ? "  validate(): void {}\n"
        : `  validate(): void {\n    R.validate${c.name}(this);\n  }\n`;
    }
    if (!c.abstract) {
      out += doc(["Every field as a plain object.", ...example(toObjectExample(c))], "  ");
      out += `  override toObject(): ${objectType} {\n    return super.toObject() as ${objectType};\n  }\n`;
    }
    out += "}\n";
  }
  return out;
}
