/**
 * Fits a response body to the version it is written at: fields the version does not carry are
 * dropped (they take their defaults), in nested structs too. The handlers build one body for every
 * version; Kafka's broker does the same and relies on its generated writers skipping ignorable
 * fields, but a non-ignorable field with a non-default value would make the codec (like Kafka's
 * writer) refuse the body at a version without it.
 *
 * @module
 */

import type { StructMeta } from "../../src/kafka/mod.ts";

/** `value` with only the fields `meta` has at `version`. */
export function fitToVersion(meta: StructMeta, value: unknown, version: number): unknown {
  if (value === null || typeof value !== "object") return value;
  const src = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [name, kind, present, , , , struct] of meta.fields) {
    if (!(name in src) || ((present >>> version) & 1) === 0) continue;
    const v = src[name];
    if (struct === undefined || v === null || v === undefined) out[name] = v;
    else if (kind.startsWith("[]")) out[name] = (v as unknown[]).map((x) => fitToVersion(struct, x, version));
    else out[name] = fitToVersion(struct, v, version);
  }
  if ("_unknownTaggedFields" in src) out._unknownTaggedFields = src._unknownTaggedFields;
  return out;
}
