/**
 * What a Kafka frame carried, as opposed to what its decoded value holds. A decoded value has
 * every field of its struct: a field the version lacks, and a tagged field the sender left out,
 * hold their schema defaults (see docs/architecture.md, "Values"). The inspector shows only the
 * wire, so it projects each value through the generated {@linkcode StructMeta}: fields present
 * at the version, and tagged fields only when the decoder read them (recorded through
 * `DecodeOptions.taggedFieldsRead`). Unknown tagged fields were on the wire and stay.
 *
 * A struct whose fields are all present at the version, none tagged, and whose nested structs
 * are so too, is its own projection: it is returned as it is, without a copy. Which structs
 * are is worked out once per struct and version.
 *
 * @module
 */

import type { StructMeta } from "../kafka/codec.ts";

function has(mask: number, v: number): boolean {
  return ((mask >>> v) & 1) === 1;
}

/** Per struct and version: whether the value is its own projection. */
let identity: WeakMap<StructMeta, boolean[]> | undefined;

function isIdentity(meta: StructMeta, v: number): boolean {
  const byMeta = identity ??= new WeakMap();
  let row = byMeta.get(meta);
  if (row === undefined) byMeta.set(meta, row = []);
  let known = row[v];
  if (known === undefined) {
    known = meta.fields.every((f) =>
      has(f[2], v) && !has(f[4], v) && (f[6] === undefined || isIdentity(f[6], v))
    );
    row[v] = known;
  }
  return known;
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
  tags?: WeakMap<object, number>,
  defaults = false,
): Record<string, unknown> {
  const x = value as Record<string, unknown>;
  if (isIdentity(meta, version)) return x;
  const out: Record<string, unknown> = {};
  const seen = tags?.get(x) ?? 0;
  let left: Record<string, unknown> | undefined;
  for (const f of meta.fields) {
    const name = f[0];
    let v = x[name];
    if (!has(f[2], version) || (has(f[4], version) && ((seen >>> f[5]) & 1) === 0)) {
      if (defaults) (left ??= {})[name] = v;
      continue;
    }
    const sub = f[6];
    if (sub !== undefined && v !== null && v !== undefined && !isIdentity(sub, version)) {
      v = f[1] === "struct"
        ? onTheWire(sub, v, version, tags, defaults)
        : (v as unknown[]).map((e) => onTheWire(sub, e, version, tags, defaults));
    }
    out[name] = v;
  }
  if (x._unknownTaggedFields !== undefined) out._unknownTaggedFields = x._unknownTaggedFields;
  if (left !== undefined) out._defaults = left;
  return out;
}
