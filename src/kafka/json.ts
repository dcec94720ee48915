/**
 * The JSON form of Kafka messages (the vectors' value notation, close to Kafka's own generated
 * JsonConverter): field names in lowerCamelCase, exactly the fields that exist at the version,
 * int64 as decimal strings, bytes as lowercase hex, records as `{ "hex": … }`, UUIDs as
 * 8-4-4-4-12 text, non-finite floats as strings (a NaN other than the canonical quiet one as
 * `"NaN:<16 hex digits>"` of its bits), unknown tagged fields as `[{ "tag", "hex" }]` only when
 * there are some.
 *
 * One table-driven walker over the generated {@linkcode StructMeta}, instead of a converter per
 * message.
 *
 * @module
 */

import type { FieldMeta, StructMeta, TaggedField } from "./codec.ts";
import { WireError } from "../wire/error.ts";
import { fromHex, toHex } from "../wire/hex.ts";
import { floatBits, withFloatBits } from "../wire/float_bits.ts";

function has(mask: number, v: number): boolean {
  return ((mask >>> v) & 1) === 1;
}

function floatToJson(x: number): number | string {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  if (Object.is(x, -0)) return "-0";
  return x;
}

function primToJson(kind: string, x: unknown): unknown {
  if (x === null) return null;
  switch (kind) {
    case "int64":
      return (x as bigint).toString();
    case "bytes":
      return toHex(x as Uint8Array);
    case "records":
      return { hex: toHex(x as Uint8Array) };
    case "float64":
      return floatToJson(x as number);
    default:
      return x;
  }
}

/**
 * Converts a decoded value (of the struct described by `meta`) to its JSON form at `version`.
 *
 * @example
 * ```ts
 * import { decodeApiVersionsRequest, ApiVersionsRequestCodec } from "@streamwire/codec/kafka/messages";
 * import { toJsonForm } from "@streamwire/codec/kafka";
 * const value = decodeApiVersionsRequest(new Uint8Array([2, 0x61, 2, 0x31, 0]), 3);
 * console.log(toJsonForm(ApiVersionsRequestCodec.meta, value, 3));
 * // { clientSoftwareName: "a", clientSoftwareVersion: "1" }
 * ```
 */
export function toJsonForm(meta: StructMeta, value: unknown, version: number): Record<string, unknown> {
  const x = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const f of meta.fields) {
    if (!has(f[2], version)) continue;
    const bits = f[1] === "float64" ? floatBits(x)?.[f[0]] : undefined;
    // A NaN other than the canonical quiet one keeps its bits: "NaN:<16 hex digits>".
    out[f[0]] = typeof bits === "bigint" && Number.isNaN(x[f[0]])
      ? `NaN:${bits.toString(16).padStart(16, "0")}`
      : fieldToJson(f, x[f[0]], version);
  }
  const u = x._unknownTaggedFields as TaggedField[] | undefined;
  if (has(meta.flexible, version) && u !== undefined && u.length > 0) {
    out._unknownTaggedFields = u.map((t) => ({ tag: t.tag, hex: toHex(t.data) }));
  }
  return out;
}

function fieldToJson(f: FieldMeta, x: unknown, v: number): unknown {
  const kind = f[1];
  if (x === null || x === undefined) return null;
  if (kind === "struct") return toJsonForm(f[6]!, x, v);
  if (kind.startsWith("[]")) {
    const e = kind.slice(2);
    const a = x as unknown[];
    return e === "struct" ? a.map((y) => toJsonForm(f[6]!, y, v)) : a.map((y) => primToJson(e, y));
  }
  return primToJson(kind, x);
}

function bad(detail: string): WireError {
  return new WireError("INVALID_VALUE", { detail });
}

function primFromJson(kind: string, j: unknown, path: string): unknown {
  if (j === null) return null;
  switch (kind) {
    case "int64":
      if (typeof j === "string" || typeof j === "number") {
        try {
          return BigInt(j);
        } catch {
          throw bad(`${path}: not an integer: ${j}`);
        }
      }
      throw bad(`${path}: expected a decimal string`);
    case "bytes":
      if (typeof j !== "string") throw bad(`${path}: expected hex`);
      return fromHex(j);
    case "records":
      if (typeof j === "object" && typeof (j as { hex?: unknown }).hex === "string") {
        return fromHex((j as { hex: string }).hex);
      }
      throw bad(`${path}: expected { hex }`);
    case "float64":
      if (typeof j === "number") return j;
      if (j === "NaN") return NaN;
      if (j === "Infinity") return Infinity;
      if (j === "-Infinity") return -Infinity;
      if (j === "-0") return -0;
      throw bad(`${path}: expected a float`);
    case "bool":
      if (typeof j !== "boolean") throw bad(`${path}: expected a boolean`);
      return j;
    case "string":
    case "uuid":
      if (typeof j !== "string") throw bad(`${path}: expected a string`);
      return j;
    default:
      if (typeof j !== "number") throw bad(`${path}: expected a number`);
      return j;
  }
}

/**
 * Converts a JSON-form value back into the typed value an encoder takes. Fields missing from
 * the JSON stay undefined (the encoder uses their defaults); a field the version does not have,
 * or one the struct does not know, is `INVALID_VALUE`.
 *
 * @example
 * ```ts
 * import { fromJsonForm } from "@streamwire/codec/kafka";
 * import { ApiVersionsRequestCodec, encodeApiVersionsRequest } from "@streamwire/codec/kafka/messages";
 * const value = fromJsonForm(ApiVersionsRequestCodec.meta, { clientSoftwareName: "a", clientSoftwareVersion: "1" }, 3);
 * console.log(encodeApiVersionsRequest(value, 3)); // Uint8Array(5) [ 2, 97, 2, 49, 0 ]
 * ```
 */
export function fromJsonForm(
  meta: StructMeta,
  json: unknown,
  version: number,
  path = "$",
): Record<string, unknown> {
  if (json === null || typeof json !== "object" || Array.isArray(json)) {
    throw bad(`${path}: expected an object`);
  }
  const j = json as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  let known = 0;
  for (const f of meta.fields) {
    if (!(f[0] in j)) continue;
    if (!has(f[2], version)) throw bad(`${path}.${f[0]}: not a field of ${meta.name} v${version}`);
    known++;
    const nan = f[1] === "float64" ? NAN_BITS.exec(String(j[f[0]])) : null;
    if (nan) {
      out[f[0]] = NaN;
      withFloatBits(out, f[0], BigInt(`0x${nan[1]}`));
    } else out[f[0]] = fieldFromJson(f, j[f[0]], version, `${path}.${f[0]}`);
  }
  if ("_unknownTaggedFields" in j) {
    known++;
    const u = j._unknownTaggedFields;
    if (!Array.isArray(u)) throw bad(`${path}._unknownTaggedFields: expected an array`);
    out._unknownTaggedFields = u.map((t: { tag?: unknown; hex?: unknown }) => {
      if (typeof t?.tag !== "number" || typeof t.hex !== "string") {
        throw bad(`${path}._unknownTaggedFields: bad entry`);
      }
      return { tag: t.tag, data: fromHex(t.hex) };
    });
  }
  if (known !== Object.keys(j).length) {
    const extra = Object.keys(j).filter((k) =>
      k !== "_unknownTaggedFields" && !meta.fields.some((f) => f[0] === k)
    );
    throw bad(`${path}: unknown field(s) ${extra.join(", ")} for ${meta.name}`);
  }
  return out;
}

/** A float64 NaN with its bit pattern, as the JSON form writes it. */
const NAN_BITS = /^NaN:([0-9a-f]{16})$/;

function fieldFromJson(f: FieldMeta, j: unknown, v: number, path: string): unknown {
  const kind = f[1];
  if (j === null) return null;
  if (kind === "struct") return fromJsonForm(f[6]!, j, v, path);
  if (kind.startsWith("[]")) {
    if (!Array.isArray(j)) throw bad(`${path}: expected an array`);
    const e = kind.slice(2);
    return e === "struct"
      ? j.map((y, i) => fromJsonForm(f[6]!, y, v, `${path}[${i}]`))
      : j.map((y, i) => primFromJson(e, y, `${path}[${i}]`));
  }
  return primFromJson(kind, j, path);
}
