/**
 * streamwire: a zero-dependency codec for the wire protocols of Apache Iggy and Apache Kafka.
 *
 * - `@streamwire/codec/wire` — Reader, Writer, WireError, checksums (shared by both protocols)
 * - `@streamwire/codec/iggy` — Iggy framing, commands, message batch, VSR consensus headers
 * - `@streamwire/codec/kafka` — Kafka headers, every API and version, records, compression
 *
 * @example
 * ```ts
 * import { Reader, WireError } from "@streamwire/codec";
 * try {
 *   new Reader(new Uint8Array(3)).i32be();
 * } catch (e) {
 *   console.log((e as WireError).code); // "TRUNCATED"
 * }
 * ```
 *
 * @module
 */

export {
  decodeUtf8Lenient,
  decodeUtf8Strict,
  encodeUtf8,
  encodeUtf8Into,
  fromHex,
  isWireError,
  Reader,
  toHex,
  utf8Length,
  WIRE_ERROR_CODES,
  WireError,
  Writer,
} from "./src/wire/mod.ts";
export type { WireErrorCode, WireErrorInit } from "./src/wire/mod.ts";
