/**
 * NaN payloads of float fields. A JavaScript number cannot carry a NaN's sign and payload
 * reliably: JavaScriptCore (Bun) canonicalises every NaN, V8 quiets signalling NaNs when a
 * float32 widens, so `DataView` float reads and writes lose bits the references keep. Codecs
 * therefore read float fields as integers, and when a field is a NaN other than the canonical
 * quiet one they record its bit pattern on the decoded object (a non-enumerable property under
 * {@linkcode FLOAT_BITS}); encoding a NaN field writes the recorded bits back. Decode then
 * encode is byte-exact for every NaN.
 *
 * @module
 */

import type { Reader } from "./reader.ts";
import type { Writer } from "./writer.ts";

/** The property under which an object records the bits of its non-canonical NaN fields. */
export const FLOAT_BITS: unique symbol = Symbol.for("streamwire.floatBits") as never;

/** The quiet NaN a runtime substitutes for any NaN (float32 bits). */
export const CANONICAL_NAN_F32 = 0x7fc00000;

/** The quiet NaN a runtime substitutes for any NaN (float64 bits). */
export const CANONICAL_NAN_F64 = 0x7ff8000000000000n;

/** Bits of non-canonical NaN fields by field name: float32 as a u32 number, float64 as a u64 bigint. */
export type FloatBits = Record<string, number | bigint>;

/**
 * The recorded NaN bits of `obj` (field name → float32 bits), or `undefined` when it has none.
 *
 * @example
 * ```ts
 * import { floatBits, withFloatBits } from "@streamwire/codec/wire";
 * floatBits(withFloatBits({ cpuUsage: NaN }, "cpuUsage", 0xffc00000)); // { cpuUsage: 4290772992 }
 * ```
 */
export function floatBits(obj: object): Readonly<FloatBits> | undefined {
  return (obj as { [FLOAT_BITS]?: FloatBits })[FLOAT_BITS];
}

/**
 * Records `bits` (a float32 NaN pattern as a number, a float64 one as a bigint) for field `key` of `obj`, so that encoding `obj`
 * writes exactly those bits while the field is NaN; returns `obj`.
 *
 * @example
 * ```ts
 * import { withFloatBits } from "@streamwire/codec/wire";
 * const stats = withFloatBits({ cpuUsage: NaN }, "cpuUsage", 0x7fa00000); // a signalling NaN
 * ```
 */
export function withFloatBits<T extends object>(obj: T, key: string, bits: number | bigint): T {
  let m = (obj as { [FLOAT_BITS]?: FloatBits })[FLOAT_BITS];
  if (!m) {
    m = {};
    Object.defineProperty(obj, FLOAT_BITS, { value: m, enumerable: false, configurable: true });
  }
  m[key] = typeof bits === "bigint" ? BigInt.asUintN(64, bits) : bits >>> 0;
  return obj;
}

const scratch = new DataView(new ArrayBuffer(4));

/** The float32 value of `bits`. */
function f32OfBits(bits: number): number {
  scratch.setUint32(0, bits, true);
  return scratch.getFloat32(0, true);
}

/**
 * Reads a float32 (LE) as its bits: returns the value, and when it is a non-canonical NaN puts
 * the bits in `nan[key]` (pass the map, then {@linkcode attachFloatBits} it to the result).
 */
export function readF32(r: Reader, nan: FloatBits, key: string): number {
  const bits = r.u32le();
  const v = f32OfBits(bits);
  if (v !== v && bits !== CANONICAL_NAN_F32) nan[key] = bits;
  return v;
}

/** Attaches the NaN bits collected by {@linkcode readF32} to `obj` (nothing when there are none). */
export function attachFloatBits<T extends object>(obj: T, nan: FloatBits): T {
  for (const _ in nan) {
    Object.defineProperty(obj, FLOAT_BITS, { value: nan, enumerable: false, configurable: true });
    break;
  }
  return obj;
}

/** Writes field `key` of `obj` as a float32 (LE), with its recorded bits when it is NaN. */
export function writeF32(w: Writer, obj: object, key: string): void {
  const v = (obj as Record<string, number>)[key];
  if (v !== v) {
    const bits = floatBits(obj)?.[key];
    w.u32le(typeof bits === "number" && f32OfBits(bits) !== f32OfBits(bits) ? bits : CANONICAL_NAN_F32);
    return;
  }
  w.f32le(v);
}
