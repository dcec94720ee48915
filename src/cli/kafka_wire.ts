/**
 * What a Kafka frame carried, as opposed to what its decoded value holds. A decoded value has
 * every field of its struct: a field the version lacks, and a tagged field the sender left out,
 * hold their schema defaults (see docs/architecture.md, "Values"). The inspector shows only the
 * wire, so it projects each value through the generated {@linkcode StructMeta}: fields present
 * at the version, and tagged fields only when the decoder read them (recorded through
 * `DecodeOptions.taggedFieldsRead`). Unknown tagged fields were on the wire and stay.
 *
 * The projection of a struct at a version is planned once (which fields to keep, which are
 * tagged, which hold structs that need projecting in turn) and cached per struct and version;
 * a struct whose fields are all present, none tagged, and whose nested structs are so too, is
 * its own projection and is returned as it is, without a copy.
 *
 * @module
 */

import type { StructMeta } from "../kafka/codec.ts";

function has(mask: number, v: number): boolean {
  return ((mask >>> v) & 1) === 1;
}

/** How one struct at one version is projected (and written as JSON by `format.ts`). */
export interface Plan {
  /** The value is its own projection. */
  readonly identity: boolean;
  /** The struct ends with a tagged-field section at the version (so it may hold unknown tagged fields). */
  readonly flexible: boolean;
  /** Fields present at the version, in wire order. */
  readonly names: readonly string[];
  /**
   * Per kept field: the JSON text `,"name":` as UTF-8 (names are ASCII identifiers), written
   * from the second byte for the first field; made once per plan, not per message.
   */
  readonly keys: readonly Uint8Array[];
  /** Per kept field: how its JSON is written, a {@linkcode FieldJson} code from its schema type. */
  readonly json: readonly FieldJson[];
  /** Per kept field: how it is laid out on the wire, a {@linkcode FieldWire} code (for `kafka_json.ts`). */
  readonly wire: readonly FieldWire[];
  /** Per kept field: whether it may be null at the version. */
  readonly nullable: readonly boolean[];
  /**
   * Tags of the struct's fields that are not tagged at the version: the decoder rejects them
   * there rather than keep them as unknown tagged fields.
   */
  readonly otherTags: readonly number[];
  /** The index of the kept field `errorCode`, or -1. */
  readonly errorIndex: number;
  /** Per kept field: its tag when it is tagged at the version, else -1. */
  readonly tags: readonly number[];
  /** Per kept field: the plan of the struct(s) it holds when they need projecting, and whether it is an array. */
  readonly subs: readonly (Plan | undefined)[];
  /** Per kept field: the plan of the struct(s) it holds, whatever it needs. */
  readonly structs: readonly (Plan | undefined)[];
  readonly arrays: readonly boolean[];
  /** Fields absent at the version (for `_defaults`). */
  readonly absent: readonly string[];
  /** Per kept field: whether an `errorCode` can be found in it (for {@linkcode firstWireError}). */
  readonly errors: readonly boolean[];
  /** Whether the struct itself has an `errorCode` at the version. */
  readonly ownError: boolean;
  /** Whether the struct or anything in it has an `errorCode`. */
  readonly hasErrors: boolean;
}

/**
 * How `format.ts` writes a field's value: a number (the fixed-width integer types, which are
 * JS numbers), a boolean, a string, a struct, an array of structs, or anything else (bigint,
 * bytes, records, arrays of scalars, uuids), whose JSON is worked out from the value.
 */
export type FieldJson = 0 | 1 | 2 | 3 | 4 | 5;
export const JSON_NUMBER = 0, JSON_BOOL = 1, JSON_STRING = 2, JSON_STRUCT = 3, JSON_STRUCTS = 4, JSON_ANY = 5;

function fieldJson(type: string): FieldJson {
  switch (type) {
    case "int8":
    case "int16":
    case "int32":
    case "uint16":
    case "uint32":
      return JSON_NUMBER;
    case "bool":
      return JSON_BOOL;
    case "string":
      return JSON_STRING;
    case "struct":
      return JSON_STRUCT;
    case "[]struct":
      return JSON_STRUCTS;
    default:
      return JSON_ANY;
  }
}

/**
 * How a field is laid out on the wire, from its schema type: the fixed-width numbers, bool,
 * string, bytes (records are bytes too), uuid, a struct, and the arrays of each element kind.
 */
export type FieldWire = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18;
export const W_INT8 = 0, W_INT16 = 1, W_INT32 = 2, W_UINT16 = 3, W_INT64 = 4, W_FLOAT64 = 5, W_BOOL = 6;
export const W_STRING = 7, W_BYTES = 8, W_UUID = 9, W_STRUCT = 10, W_STRUCTS = 11;
export const W_INT8S = 12, W_INT16S = 13, W_INT32S = 14, W_INT64S = 15, W_UUIDS = 16, W_STRINGS = 17;
/** A type the table has no layout for (none today): `kafka_json.ts` leaves such a body to the decoder. */
export const W_OTHER = 18;

const WIRE: Record<string, FieldWire> = {
  int8: W_INT8,
  int16: W_INT16,
  int32: W_INT32,
  uint16: W_UINT16,
  int64: W_INT64,
  float64: W_FLOAT64,
  bool: W_BOOL,
  string: W_STRING,
  bytes: W_BYTES,
  records: W_BYTES,
  uuid: W_UUID,
  struct: W_STRUCT,
  "[]struct": W_STRUCTS,
  "[]int8": W_INT8S,
  "[]int16": W_INT16S,
  "[]int32": W_INT32S,
  "[]int64": W_INT64S,
  "[]uuid": W_UUIDS,
  "[]string": W_STRINGS,
};

let plans: Map<StructMeta, Plan[]> | undefined;

/** `,"name":` as bytes; the schemas' field names are ASCII letters and digits. */
function jsonKey(name: string): Uint8Array {
  const text = `,${JSON.stringify(name)}:`;
  const b = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) b[i] = text.charCodeAt(i);
  return b;
}

function planOf(meta: StructMeta, v: number): Plan {
  const byMeta = plans ??= new Map();
  let row = byMeta.get(meta);
  if (row === undefined) byMeta.set(meta, row = []);
  let plan = row[v];
  if (plan !== undefined) return plan;
  const names: string[] = [], json: FieldJson[] = [], tags: number[] = [], subs: (Plan | undefined)[] = [];
  const arrays: boolean[] = [], wire: FieldWire[] = [], nullable: boolean[] = [], otherTags: number[] = [];
  let errorIndex = -1;
  const absent: string[] = [], errors: boolean[] = [], structs: (Plan | undefined)[] = [];
  let identity = true, hasErrors = false, ownError = false;
  for (const f of meta.fields) {
    if (f[4] !== 0 && !has(f[4], v)) otherTags.push(f[5]);
    if (!has(f[2], v)) {
      absent.push(f[0]);
      identity = false;
      continue;
    }
    const tagged = has(f[4], v);
    if (tagged) identity = false;
    const sub = f[6] === undefined ? undefined : planOf(f[6], v);
    if (sub && !sub.identity) identity = false;
    names.push(f[0]);
    json.push(fieldJson(f[1]));
    wire.push(Object.hasOwn(WIRE, f[1]) ? WIRE[f[1]] : W_OTHER);
    nullable.push(has(f[3], v));
    tags.push(tagged ? f[5] : -1);
    subs.push(sub && !sub.identity ? sub : undefined);
    structs.push(sub);
    arrays.push(f[1] === "[]struct");
    if (f[0] === "errorCode") {
      ownError = true;
      errorIndex = names.length - 1;
    }
    const e = sub?.hasErrors ?? false;
    errors.push(e);
    hasErrors ||= e || ownError;
  }
  const keys = names.map(jsonKey);
  plan = {
    identity,
    flexible: has(meta.flexible, v),
    names,
    keys,
    json,
    wire,
    nullable,
    otherTags,
    errorIndex,
    tags,
    subs,
    structs,
    arrays,
    absent,
    errors,
    ownError,
    hasErrors,
  };
  row[v] = plan;
  return plan;
}

function project(
  plan: Plan,
  x: Record<string, unknown>,
  tags: ReadonlyMap<object, number> | WeakMap<object, number> | undefined,
  defaults: boolean,
): Record<string, unknown> {
  if (plan.identity) return x;
  const out: Record<string, unknown> = {};
  const seen = tags?.get(x) ?? 0;
  let left: Record<string, unknown> | undefined;
  const { names, subs } = plan;
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    let v = x[name];
    const tag = plan.tags[i];
    if (tag >= 0 && ((seen >>> tag) & 1) === 0) {
      if (defaults) (left ??= {})[name] = v;
      continue;
    }
    const sub = subs[i];
    if (sub !== undefined && v !== null && v !== undefined) {
      if (plan.arrays[i]) {
        const a = v as Record<string, unknown>[];
        const p = new Array(a.length);
        for (let j = 0; j < a.length; j++) p[j] = project(sub, a[j], tags, defaults);
        v = p;
      } else v = project(sub, v as Record<string, unknown>, tags, defaults);
    }
    out[name] = v;
  }
  if (defaults) { for (const name of plan.absent) (left ??= {})[name] = x[name]; }
  if (x._unknownTaggedFields !== undefined) out._unknownTaggedFields = x._unknownTaggedFields;
  if (left !== undefined) out._defaults = left;
  return out;
}

/**
 * The fields of `value` (a decoded struct described by `meta`) that were on the wire at
 * `version`, in wire order; `tags` is the map the decode filled (`taggedFieldsRead`). With
 * `defaults`, the left-out fields are kept apart under `_defaults` (field → the value the
 * decoder filled in), so that they cannot be taken for wire values. The result may be `value`
 * itself, when every field of it (and of what it holds) was on the wire.
 *
 * @example
 * ```ts
 * import { onTheWire } from "@streamwire/codec/cli";
 * import { MetadataResponseCodec } from "@streamwire/codec/kafka/messages";
 * const bytes = MetadataResponseCodec.encode({ brokers: [], topics: [] }, 0);
 * const body = MetadataResponseCodec.decode(bytes, 0);
 * console.log("controllerId" in body, Object.keys(onTheWire(MetadataResponseCodec.meta, body, 0)));
 * // true [ "brokers", "topics" ]
 * ```
 */
export function onTheWire(
  meta: StructMeta,
  value: unknown,
  version: number,
  tags?: ReadonlyMap<object, number> | WeakMap<object, number>,
  defaults = false,
): Record<string, unknown> {
  return project(planOf(meta, version), value as Record<string, unknown>, tags, defaults);
}

/** The plan of `meta` at `version` (what {@linkcode onTheWire} projects by). */
export function wirePlan(meta: StructMeta, version: number): Plan {
  return planOf(meta, version);
}

/**
 * The first non-zero `errorCode` of a projected value, depth-first in wire order, looking only
 * into the fields that can hold one (planned from `meta`).
 *
 * @example
 * ```ts
 * import { firstWireError } from "@streamwire/codec/cli";
 * import { MetadataResponseCodec } from "@streamwire/codec/kafka/messages";
 * const body = { brokers: [], topics: [{ errorCode: 0 }, { errorCode: 3, partitions: [] }] };
 * console.log(firstWireError(MetadataResponseCodec.meta, body, 12)); // 3
 * ```
 */
export function firstWireError(meta: StructMeta, value: unknown, version: number): number | undefined {
  return firstError(planOf(meta, version), value as Record<string, unknown>);
}

/** A struct's own error code first, then what its fields hold, in wire order (as `firstErrorCode`). */
function firstError(plan: Plan, x: Record<string, unknown>): number | undefined {
  if (!plan.hasErrors || x === null || typeof x !== "object") return undefined;
  if (plan.ownError && typeof x.errorCode === "number" && x.errorCode !== 0) return x.errorCode;
  const { names } = plan;
  for (let i = 0; i < names.length; i++) {
    if (!plan.errors[i]) continue;
    const val = x[names[i]];
    if (val === null || val === undefined) continue;
    const sub = plan.structs[i]!;
    if (plan.arrays[i]) {
      for (const e of val as Record<string, unknown>[]) {
        const c = firstError(sub, e);
        if (c !== undefined) return c;
      }
    } else {
      const c = firstError(sub, val as Record<string, unknown>);
      if (c !== undefined) return c;
    }
  }
  return undefined;
}
