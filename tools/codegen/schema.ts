/**
 * Kafka message specs: parsing the JSON files, and merging the 4.4.0 and 3.9.x releases into
 * one model where every property of a field is a set of versions (a bitmask).
 *
 * Why bitmasks: after the merge, a field can exist in versions taken from two different
 * schemas (e.g. Produce v0-2 from 3.9, v3-13 from 4.4), so ranges are no longer enough.
 *
 * @module
 */

/** A field as written in the JSON. */
export interface RawField {
  name: string;
  type: string;
  versions: string;
  nullableVersions?: string;
  taggedVersions?: string;
  tag?: number | string;
  default?: string | number | boolean;
  ignorable?: boolean;
  mapKey?: boolean;
  entityType?: string;
  zeroCopy?: boolean;
  flexibleVersions?: string;
  fields?: RawField[];
  about?: string;
}

/** A message spec as written in the JSON. */
export interface RawSpec {
  apiKey?: number;
  type: "request" | "response" | "header" | "data" | "metadata";
  name: string;
  validVersions: string;
  flexibleVersions: string;
  latestVersionUnstable?: boolean;
  deprecatedVersions?: string;
  listeners?: string[];
  fields?: RawField[];
  commonStructs?: { name: string; versions?: string; fields: RawField[] }[];
}

/** Versions above this cannot be represented in a mask; no Kafka API is near it. */
export const MAX_VERSION = 30;

/** Removes `//` comments outside string literals (the specs are JSON with line comments). */
export function stripComments(text: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === "\\") {
        out += text[++i];
      } else if (c === '"') {
        inString = false;
      }
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else {
      out += c;
    }
  }
  return out;
}

/** Parses `"none"`, `"3"`, `"3-7"`, `"3+"` into a version bitmask. */
export function parseVersions(spec: string | undefined): number {
  if (spec === undefined || spec === "none" || spec === "") return 0;
  const s = spec.trim();
  let lo: number;
  let hi: number;
  let m: RegExpMatchArray | null;
  if ((m = s.match(/^(\d+)\+$/))) {
    lo = +m[1];
    hi = MAX_VERSION;
  } else if ((m = s.match(/^(\d+)-(\d+)$/))) {
    lo = +m[1];
    hi = +m[2];
  } else if ((m = s.match(/^(\d+)$/))) {
    lo = hi = +m[1];
  } else {
    throw new Error(`bad version spec ${JSON.stringify(spec)}`);
  }
  if (hi > MAX_VERSION) throw new Error(`version ${hi} beyond MAX_VERSION`);
  let mask = 0;
  for (let v = lo; v <= hi; v++) mask |= 1 << v;
  return mask >>> 0;
}

/** The versions in a mask, ascending. */
export function versionsOf(mask: number): number[] {
  const out: number[] = [];
  for (let v = 0; v <= MAX_VERSION; v++) if ((mask >>> v) & 1) out.push(v);
  return out;
}

/** Lowest version in a non-empty mask. */
export function lowest(mask: number): number {
  return versionsOf(mask)[0];
}

/** Highest version in a non-empty mask. */
export function highest(mask: number): number {
  const vs = versionsOf(mask);
  return vs[vs.length - 1];
}

/** Human form of a mask relative to nothing: `"3+"` style when open to `top`, else `"3-7"` or a list. */
export function describeMask(mask: number, top: number): string {
  const vs = versionsOf(mask);
  if (vs.length === 0) return "none";
  const parts: string[] = [];
  let i = 0;
  while (i < vs.length) {
    let j = i;
    while (j + 1 < vs.length && vs[j + 1] === vs[j] + 1) j++;
    if (vs[j] === top && vs[i] !== vs[j]) parts.push(`${vs[i]}+`);
    else if (vs[j] === top) parts.push(`${vs[i]}+`);
    else if (i === j) parts.push(`${vs[i]}`);
    else parts.push(`${vs[i]}-${vs[j]}`);
    i = j + 1;
  }
  return parts.join(",");
}

/** Primitive field types. */
export type Prim =
  | "bool"
  | "int8"
  | "int16"
  | "uint16"
  | "int32"
  | "uint32"
  | "int64"
  | "float64"
  | "string"
  | "uuid"
  | "bytes"
  | "records";

const PRIMS = new Set<string>([
  "bool",
  "int8",
  "int16",
  "uint16",
  "int32",
  "uint32",
  "int64",
  "float64",
  "string",
  "uuid",
  "bytes",
  "records",
]);

/** A field type after resolution. */
export type FieldType =
  | { k: "prim"; p: Prim }
  | { k: "struct"; s: MStruct }
  | { k: "array"; e: { k: "prim"; p: Prim } | { k: "struct"; s: MStruct } };

/** A field's default, already interpreted. */
export type DefaultValue =
  | { k: "null" }
  | { k: "number"; v: number }
  | { k: "bigint"; v: bigint }
  | { k: "bool"; v: boolean }
  | { k: "string"; v: string }
  | { k: "empty" } // bytes / array: empty; uuid: zero; struct: a struct of defaults
  | { k: "float"; v: number };

/** A merged field: every property a version mask. */
export interface MField {
  name: string;
  js: string;
  type: FieldType;
  present: number;
  nullable: number;
  tagged: number;
  tag: number | undefined;
  /** Versions in which variable-length encodings are compact (struct flexible ∩ field override). */
  compact: number;
  default: DefaultValue;
  /** Raw default text for comments. */
  defaultText: string | undefined;
  /** Versions (of the domain) in which a non-default value may be dropped silently when absent. */
  ignorable: number;
  /** Versions whose schema knows this field's tag (a known tag outside `tagged` is an error there). */
  tagKnown: number;
  mapKey: boolean;
  entityType: string | undefined;
  zeroCopy: boolean;
}

/** A merged struct (the message itself, an inline struct, or a common struct). */
export interface MStruct {
  schemaName: string;
  tsName: string;
  fields: MField[];
  /** Versions in which this struct can occur. */
  domain: number;
  /** Versions in which the owning message is flexible. */
  flexible: number;
  /** Structs that need a default-value factory / default check. */
  needsDefault: boolean;
  needsIsDefault: boolean;
}

/** A merged message (request, response, header or data schema). */
export interface MMessage {
  name: string;
  type: RawSpec["type"];
  apiKey: number | undefined;
  valid: number;
  flexible: number;
  unstable: number;
  deprecated: number;
  listeners: string[];
  root: MStruct;
  structs: MStruct[];
  /** Per version, which release's schema defines it. */
  sourceOf: Map<number, string>;
  /** Versions taken from the older release. */
  older: number;
  /** Free-text notes about the merge (for the module doc). */
  notes: string[];
}

// ---------------------------------------------------------------------------------------------
// One side (one release) resolved into a tree.

interface SField {
  raw: RawField;
  name: string;
  typeName: string;
  isArray: boolean;
  prim: Prim | undefined;
  struct: SStruct | undefined;
  present: number;
  nullable: number;
  tagged: number;
  tag: number | undefined;
  compact: number;
}

interface SStruct {
  id: number;
  name: string;
  fields: SField[];
}

let nextId = 1;

function resolveSide(spec: RawSpec, side: number, flexible: number): SStruct {
  const common = new Map<string, { raw: { name: string; fields: RawField[] }; built?: SStruct }>();
  for (const c of spec.commonStructs ?? []) common.set(c.name, { raw: c });
  const build = (name: string, fields: RawField[]): SStruct => {
    const s: SStruct = { id: nextId++, name, fields: [] };
    for (const f of fields) {
      const isArray = f.type.startsWith("[]");
      const typeName = isArray ? f.type.slice(2) : f.type;
      let prim: Prim | undefined;
      let struct: SStruct | undefined;
      if (PRIMS.has(typeName)) {
        prim = typeName as Prim;
        if (f.fields) throw new Error(`${spec.name}.${f.name}: primitive with fields`);
      } else if (f.fields) {
        struct = build(typeName, f.fields);
      } else {
        const c = common.get(typeName);
        if (!c) throw new Error(`${spec.name}.${f.name}: unknown struct ${typeName}`);
        c.built ??= build(typeName, c.raw.fields);
        struct = c.built;
      }
      const present = parseVersions(f.versions) & side;
      const tag = f.tag === undefined ? undefined : Number(f.tag);
      const fieldFlex = f.flexibleVersions === undefined ? 0xffffffff : parseVersions(f.flexibleVersions);
      s.fields.push({
        raw: f,
        name: f.name,
        typeName,
        isArray,
        prim,
        struct,
        present,
        nullable: parseVersions(f.nullableVersions) & present,
        tagged: parseVersions(f.taggedVersions) & present,
        tag,
        compact: (flexible & fieldFlex & present) >>> 0,
      });
    }
    return s;
  };
  return build(spec.name, spec.fields ?? []);
}

// ---------------------------------------------------------------------------------------------
// Merge.

function lowerFirst(s: string): string {
  return s[0].toLowerCase() + s.slice(1);
}

function parseDefault(f: RawField, t: FieldType, nullableAll: boolean, where: string): DefaultValue {
  const d = f.default;
  if (t.k === "array") return d === "null" ? { k: "null" } : { k: "empty" };
  if (t.k === "struct") return d === "null" ? { k: "null" } : { k: "empty" };
  switch (t.p) {
    case "records":
      return { k: "null" };
    case "bytes":
      return d === "null" ? { k: "null" } : { k: "empty" };
    case "uuid":
      return { k: "empty" };
    case "string":
      if (d === undefined) return { k: "string", v: "" };
      if (d === "null") {
        if (!nullableAll) throw new Error(`${where}: null default on a field not always nullable`);
        return { k: "null" };
      }
      return { k: "string", v: String(d) };
    case "bool":
      if (d === undefined) return { k: "bool", v: false };
      if (d === true || d === "true") return { k: "bool", v: true };
      if (d === false || d === "false") return { k: "bool", v: false };
      throw new Error(`${where}: bad bool default ${d}`);
    case "float64":
      return { k: "float", v: d === undefined ? 0 : Number(d) };
    case "int64": {
      if (d === undefined) return { k: "bigint", v: 0n };
      return { k: "bigint", v: parseIntText(String(d), where) };
    }
    default: {
      if (d === undefined) return { k: "number", v: 0 };
      return { k: "number", v: Number(parseIntText(String(d), where)) };
    }
  }
}

function parseIntText(s: string, where: string): bigint {
  const t = s.trim();
  const neg = t.startsWith("-");
  const body = neg ? t.slice(1) : t;
  let v: bigint;
  if (/^0x[0-9a-f]+$/i.test(body)) v = BigInt(body);
  else if (/^0[0-7]+$/.test(body)) v = BigInt("0o" + body.slice(1));
  else if (/^\d+$/.test(body)) v = BigInt(body);
  else throw new Error(`${where}: bad integer default ${JSON.stringify(s)}`);
  return neg ? -v : v;
}

function sameDefault(a: DefaultValue, b: DefaultValue): boolean {
  return JSON.stringify(a, (_k, v) => typeof v === "bigint" ? v.toString() : v) ===
    JSON.stringify(b, (_k, v) => typeof v === "bigint" ? v.toString() : v);
}

function typeKey(f: SField): string {
  return (f.isArray ? "[]" : "") + (f.prim ?? "struct");
}

/** Merges the two releases' specs of one message. Either side may be absent. */
export function mergeMessage(
  a: RawSpec | undefined,
  aLabel: string,
  b: RawSpec | undefined,
  bLabel: string,
): MMessage {
  // `a` is the newer release and wins for every version it accepts.
  const aValid = a ? parseVersions(a.validVersions) : 0;
  const bValid = b ? parseVersions(b.validVersions) & ~aValid : 0;
  const valid = (aValid | bValid) >>> 0;
  const aFlex = a ? parseVersions(a.flexibleVersions) & aValid : 0;
  const bFlex = b ? parseVersions(b.flexibleVersions) & bValid : 0;
  const flexible = (aFlex | bFlex) >>> 0;
  const main = aValid ? a! : b!;
  const notes: string[] = [];
  const sourceOf = new Map<number, string>();
  for (const v of versionsOf(aValid)) sourceOf.set(v, aLabel);
  for (const v of versionsOf(bValid)) sourceOf.set(v, bLabel);
  if (bValid) notes.push(`versions ${describeMask(bValid, -1)} from kafka-clients ${bLabel}`);

  let unstable = 0;
  if (a?.latestVersionUnstable && aValid) unstable |= 1 << highest(aValid);
  if (b?.latestVersionUnstable && bValid && highest(parseVersions(b.validVersions)) === highest(bValid)) {
    unstable |= 1 << highest(bValid);
  }
  const deprecated = ((a ? parseVersions(a.deprecatedVersions) & aValid : 0) |
    (b ? parseVersions(b.deprecatedVersions) & bValid : 0)) >>> 0;

  const sa = a && aValid ? resolveSide(a, aValid, aFlex) : undefined;
  const sb = b && bValid ? resolveSide(b, bValid, bFlex) : undefined;

  const memo = new Map<string, MStruct>();
  const structs: MStruct[] = [];
  const where = main.name;

  const mergeStruct = (x: SStruct | undefined, y: SStruct | undefined, path: string): MStruct => {
    const key = `${x?.id ?? 0}|${y?.id ?? 0}`;
    const hit = memo.get(key);
    if (hit) return hit;
    const name = (x ?? y)!.name;
    const ms: MStruct = {
      schemaName: name,
      tsName: name,
      fields: [],
      domain: 0,
      flexible,
      needsDefault: false,
      needsIsDefault: false,
    };
    memo.set(key, ms);
    structs.push(ms);
    const xf = x?.fields ?? [];
    const yf = y?.fields ?? [];
    // Order: x's fields, with y-only fields inserted after their nearest y-predecessor.
    const order: string[] = xf.map((f) => f.name);
    for (let i = 0; i < yf.length; i++) {
      if (order.includes(yf[i].name)) continue;
      let at = 0;
      for (let j = i - 1; j >= 0; j--) {
        const k = order.indexOf(yf[j].name);
        if (k >= 0) {
          at = k + 1;
          break;
        }
      }
      order.splice(at, 0, yf[i].name);
    }
    // Both sides must keep their own relative order.
    for (const side of [xf, yf]) {
      const idx = side.map((f) => order.indexOf(f.name));
      for (let i = 1; i < idx.length; i++) {
        if (idx[i] < idx[i - 1]) throw new Error(`${path}: field order differs between releases`);
      }
    }
    for (const fname of order) {
      const fx = xf.find((f) => f.name === fname);
      const fy = yf.find((f) => f.name === fname);
      const fpath = `${path}.${fname}`;
      if (fx && fy && typeKey(fx) !== typeKey(fy)) {
        throw new Error(`${fpath}: type differs between releases (${typeKey(fx)} vs ${typeKey(fy)})`);
      }
      if (fx && fy && fx.tag !== undefined && fy.tag !== undefined && fx.tag !== fy.tag) {
        throw new Error(`${fpath}: tag differs between releases`);
      }
      const f0 = (fx ?? fy)!;
      let type: FieldType;
      if (f0.prim) {
        type = f0.isArray ? { k: "array", e: { k: "prim", p: f0.prim } } : { k: "prim", p: f0.prim };
      } else {
        const sub = mergeStruct(fx?.struct, fy?.struct, fpath);
        type = f0.isArray ? { k: "array", e: { k: "struct", s: sub } } : { k: "struct", s: sub };
      }
      const present = ((fx?.present ?? 0) | (fy?.present ?? 0)) >>> 0;
      const nullable = ((fx?.nullable ?? 0) | (fy?.nullable ?? 0)) >>> 0;
      const tagged = ((fx?.tagged ?? 0) | (fy?.tagged ?? 0)) >>> 0;
      const compact = ((fx?.compact ?? 0) | (fy?.compact ?? 0)) >>> 0;
      const nullableAll = (nullable & present) === present;
      const dx = fx
        ? parseDefault(fx.raw, type, nullableAll || fx.nullable === fx.present, `${where}${fpath}`)
        : undefined;
      const dy = fy
        ? parseDefault(fy.raw, type, nullableAll || fy.nullable === fy.present, `${where}${fpath}`)
        : undefined;
      if (dx && dy && !sameDefault(dx, dy)) {
        notes.push(`${fpath}: default differs between releases; using ${aLabel}'s`);
      }
      const raw = (fx ?? fy)!.raw;
      ms.fields.push({
        name: fname,
        js: lowerFirst(fname),
        type,
        present,
        nullable,
        tagged,
        tag: fx?.tag ?? fy?.tag,
        compact,
        default: (dx ?? dy)!,
        defaultText: raw.default === undefined ? undefined : String(raw.default),
        // A release that lacks the field entirely takes the other release's flag.
        ignorable: (((fx ? fx.raw.ignorable : fy!.raw.ignorable) ? aValid : 0) |
          ((fy ? fy.raw.ignorable : fx!.raw.ignorable) ? bValid : 0)) >>> 0,
        tagKnown: ((fx?.tag !== undefined ? aValid : 0) | (fy?.tag !== undefined ? bValid : 0)) >>> 0,
        mapKey: !!(fx?.raw.mapKey || fy?.raw.mapKey),
        entityType: raw.entityType,
        zeroCopy: !!raw.zeroCopy,
      });
    }
    return ms;
  };

  const root = mergeStruct(sa, sb, "");
  root.domain = valid;
  // Domains: a nested struct occurs where any field of its type is present.
  const visit = (s: MStruct) => {
    for (const f of s.fields) {
      const sub = f.type.k === "struct"
        ? f.type.s
        : f.type.k === "array" && f.type.e.k === "struct"
        ? f.type.e.s
        : undefined;
      if (!sub) continue;
      const before = sub.domain;
      sub.domain = (sub.domain | (f.present & s.domain)) >>> 0;
      if (sub.domain !== before) visit(sub);
    }
  };
  visit(root);
  // Restrict masks to the domain so emitted conditions can be simplified against it.
  for (const s of structs) {
    for (const f of s.fields) {
      f.present = (f.present & s.domain) >>> 0;
      f.nullable = (f.nullable & f.present) >>> 0;
      f.tagged = (f.tagged & f.present) >>> 0;
      f.compact = (f.compact & f.present) >>> 0;
      f.ignorable = (f.ignorable & s.domain) >>> 0;
      f.tagKnown = (f.tagKnown & s.domain) >>> 0;
    }
  }

  return {
    name: main.name,
    type: main.type,
    apiKey: main.apiKey,
    valid,
    flexible,
    unstable: unstable >>> 0,
    deprecated,
    listeners: main.listeners ?? [],
    root,
    structs: structs.filter((s) => s.domain !== 0),
    sourceOf,
    older: bValid >>> 0,
    notes,
  };
}
