/**
 * The wirevec 1.0 contract as code: the keys a 1.0 runner knows (those the 1.0 schema lists) and
 * 1.0's semantics table. `run.ts` applies it to a copy of the vectors; conformance/wirevec-v1/README.md
 * is the prose.
 *
 * @module
 */

import { isWireError } from "../../src/wire/error.ts";
import { toHex } from "../../src/wire/hex.ts";
import { jsonDiff } from "../lib/json.ts";
import type { CaseContext, MessageAdapter, VectorFile, VectorGroup, VectorTest } from "../lib/types.ts";

type Obj = Record<string, unknown>;

/** The 1.0 contract's schema: shipped in every v1 release under this name. */
export const V1_SCHEMA = "schema/wirevec-v1.schema.json";

/** The keys a schema object lists (its `properties`), resolving `$ref`s into `$defs`. */
function keysOf(node: Obj, root: Obj): string[] {
  const ref = node.$ref as string | undefined;
  const target = ref ? (root.$defs as Record<string, Obj>)[ref.replace("#/$defs/", "")] : node;
  return Object.keys((target.properties as Obj | undefined) ?? {});
}

/** `o` with only `keys` (the others are what a 1.0 runner never heard of). */
export function project<T>(o: T, keys: string[]): T {
  const out: Obj = {};
  for (const k of keys) if (k in (o as Obj)) out[k] = (o as Obj)[k];
  return out as T;
}

/** The projections of file, group, test and error, from the 1.0 schema's own lists. */
export function projector(schema: Obj) {
  const props = schema.properties as Record<string, Obj>;
  const defs = schema.$defs as Record<string, Obj>;
  const fileKeys = Object.keys(props);
  const groupKeys = keysOf(defs.group, schema);
  const testKeys = keysOf(defs.test, schema);
  const errorKeys = keysOf((defs.test.properties as Record<string, Obj>).error, schema);
  return {
    test(t: VectorTest): VectorTest {
      const p = project(t, testKeys);
      if (p.error) p.error = project(p.error, errorKeys);
      return p;
    },
    group(g: VectorGroup): VectorGroup {
      return { ...project(g, groupKeys), tests: [] };
    },
    file(f: VectorFile): VectorFile {
      return { ...project(f, fileKeys), testGroups: [] };
    },
  };
}

function attempt<T>(fn: () => T): { value?: T; error?: unknown } {
  try {
    return { value: fn() };
  } catch (error) {
    return { error };
  }
}

const say = (e: unknown) => isWireError(e) ? `WireError ${e.code}` : String(e);

/** 1.0's semantics table; a string says why the test failed, null that it passed. */
export function judge(
  adapter: MessageAdapter,
  ctx: CaseContext,
  bytes: Uint8Array | undefined,
): string | null {
  const t = ctx.test;
  const op = t.op ?? "roundtrip";
  switch (t.result) {
    case "valid": {
      if (op !== "encode") {
        if (!bytes) return "valid decode test without bytes";
        const d = attempt(() => adapter.decode(bytes, ctx));
        if (d.error !== undefined) return `decode failed: ${say(d.error)}`;
        const diff = jsonDiff(d.value, t.value);
        if (diff) return `decoded value differs: ${diff}`;
      }
      if (op !== "decode") {
        if (!adapter.encode) return op === "encode" ? "encode test but no encoder" : null;
        const e = attempt(() => adapter.encode!(t.value, ctx));
        if (e.error !== undefined) return `encode failed: ${say(e.error)}`;
        if (t.canonical === false) {
          const back = attempt(() => adapter.decode(e.value!, ctx));
          if (back.error !== undefined) return `re-decode failed: ${say(back.error)}`;
          const diff = jsonDiff(back.value, t.value);
          if (diff) return `re-decoded value differs: ${diff}`;
        } else if (bytes && toHex(e.value!) !== toHex(bytes)) return "encoded bytes differ";
      }
      return null;
    }
    case "invalid":
    case "acceptable": {
      const r = op === "encode"
        ? attempt(() =>
          adapter.encode ? adapter.encode(t.value, ctx) : (() => {
            throw new Error("no encoder");
          })()
        )
        : attempt(() => adapter.decode(bytes ?? new Uint8Array(0), ctx));
      if (r.error === undefined) {
        if (t.result === "invalid") return `expected ${t.error?.code}, but it succeeded`;
        const diff = op === "encode" || t.value === undefined ? null : jsonDiff(r.value, t.value);
        return diff ? `accepted with another value: ${diff}` : null;
      }
      if (!isWireError(r.error)) return `escaped: ${say(r.error)}`;
      return r.error.code === t.error?.code ? null : `expected ${t.error?.code}, got ${r.error.code}`;
    }
    default:
      return `result ${JSON.stringify(t.result)} is not one of 1.0's (valid, invalid, acceptable)`;
  }
}
