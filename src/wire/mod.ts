/**
 * Wire primitives shared by both protocols: a bounds-checked {@linkcode Reader}, a growable
 * {@linkcode Writer}, the one error type {@linkcode WireError}, UTF-8 and hex helpers, the
 * checksums (CRC-32, CRC-32C, XXH3-64) and the chunk-to-frame {@linkcode FrameAssembler} every
 * frame decoder is built on. Nothing here knows Iggy or Kafka.
 *
 * @example
 * ```ts
 * import { Reader, Writer } from "@streamwire/codec/wire";
 * const w = new Writer();
 * w.i32be(-1);
 * w.uvarint(300);
 * const r = new Reader(w.finish());
 * console.log(r.i32be(), r.uvarint()); // -1 300
 * ```
 *
 * @module
 */

export {
  encodeError,
  isWireError,
  prefixPath,
  WIRE_ERROR_CODES,
  WIRE_ERROR_DESCRIPTIONS,
  WireError,
} from "./error.ts";
export type { WireErrorCode, WireErrorInit } from "./error.ts";
export { CANONICAL_NAN_F32, FLOAT_BITS, floatBits, withFloatBits } from "./float_bits.ts";
export type { FloatBits } from "./float_bits.ts";
export { FrameAssembler } from "./frame_assembler.ts";
export type { FrameAssemblerOptions, FrameLength } from "./frame_assembler.ts";
export { Reader } from "./reader.ts";
export { Writer } from "./writer.ts";
export { decodeUtf8Lenient, decodeUtf8Strict, encodeUtf8, encodeUtf8Into, utf8Length } from "./utf8.ts";
export { fromHex, toHex } from "./hex.ts";
export { crc32 } from "./crc32.ts";
export { crc32c } from "./crc32c.ts";
export { xxh3_64, xxh3_64Into, xxh3_64RangeInto } from "./xxh3.ts";
