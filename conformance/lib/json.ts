/**
 * Conversions between library values and the JSON form used by vectors: 64/128-bit integers as
 * decimal strings, bytes as lowercase hex, non-finite floats as strings.
 *
 * @module
 */

import { fromHex, toHex } from "../../src/wire/hex.ts";
import { floatBits } from "../../src/wire/float_bits.ts";

// Names for the JSON-form strings, so that the adapters' JSON-shape types say what a string
// holds; conformance/lib/iggy_value_schemas.ts translates each into its schema.
/** A 64- or 128-bit integer as a decimal string. */
export type DecimalString = string;
/** Bytes as lowercase hex. */
export type Hex = string;
/** Any JSON value (described elsewhere, e.g. a command body inside a frame). */
export type AnyJson = unknown;

/** Library value → JSON form: bigint → decimal string, Uint8Array → hex, recursively. */
export function toJsonForm(v: unknown): unknown {
  if (typeof v === "bigint") return v.toString();
  if (v instanceof Uint8Array) return toHex(v);
  if (typeof v === "number") {
    if (Number.isNaN(v)) return "NaN";
    if (v === Infinity) return "Infinity";
    if (v === -Infinity) return "-Infinity";
    if (Object.is(v, -0)) return "-0";
    return v;
  }
  if (Array.isArray(v)) return v.map(toJsonForm);
  if (v !== null && typeof v === "object") {
    const out: Record<string, unknown> = {};
    const nan = floatBits(v);
    for (const [k, x] of Object.entries(v)) {
      if (x === undefined) continue;
      // A NaN other than the canonical quiet one: "NaN:<bits as 8 hex digits>".
      out[k] = nan?.[k] !== undefined && Number.isNaN(x) ? nanJson(nan[k]) : toJsonForm(x);
    }
    return out;
  }
  return v;
}

/** The JSON form of a NaN with these bits: 8 hex digits for float32 (a number), 16 for float64 (a bigint). */
export function nanJson(bits: number | bigint): string {
  return typeof bits === "bigint"
    ? `NaN:${bits.toString(16).padStart(16, "0")}`
    : `NaN:${(bits >>> 0).toString(16).padStart(8, "0")}`;
}

/** The bits of a `"NaN:<hex>"` JSON form (number for 8 digits, bigint for 16), or undefined. */
export function nanBitsOf(v: unknown): number | bigint | undefined {
  if (typeof v !== "string") return undefined;
  if (/^NaN:[0-9a-f]{8}$/.test(v)) return parseInt(v.slice(4), 16);
  if (/^NaN:[0-9a-f]{16}$/.test(v)) return BigInt(`0x${v.slice(4)}`);
  return undefined;
}

/** Decimal string (or number) → bigint. */
export function big(v: unknown): bigint {
  if (typeof v === "bigint") return v;
  if (typeof v === "string" || typeof v === "number") return BigInt(v);
  throw new TypeError(`expected a decimal string, got ${JSON.stringify(v)}`);
}

/** Hex string → bytes. */
export function bytesOf(v: unknown): Uint8Array {
  if (v instanceof Uint8Array) return v;
  if (typeof v === "string") return fromHex(v);
  throw new TypeError(`expected hex, got ${JSON.stringify(v)}`);
}

/** A float from its JSON form. */
export function float(v: unknown): number {
  if (typeof v === "number") return v;
  if (v === "NaN" || nanBitsOf(v) !== undefined) return NaN;
  if (v === "Infinity") return Infinity;
  if (v === "-Infinity") return -Infinity;
  if (v === "-0") return -0;
  throw new TypeError(`expected a float, got ${JSON.stringify(v)}`);
}

/** Deep equality of two JSON-form values; returns the path of the first difference, or null. */
export function jsonDiff(a: unknown, b: unknown, path = "$"): string | null {
  if (a === b) return null;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${path}: length ${a.length} != ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = jsonDiff(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
    const ka = Object.keys(a as object).sort();
    const kb = Object.keys(b as object).sort();
    if (ka.join() !== kb.join()) return `${path}: keys {${ka}} != {${kb}}`;
    for (const k of ka) {
      const d = jsonDiff(
        (a as Record<string, unknown>)[k],
        (b as Record<string, unknown>)[k],
        `${path}.${k}`,
      );
      if (d) return d;
    }
    return null;
  }
  return `${path}: ${JSON.stringify(a)?.slice(0, 80)} != ${JSON.stringify(b)?.slice(0, 80)}`;
}
