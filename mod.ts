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
// Kafka names that Iggy also uses carry a Kafka prefix here; `@streamwire/codec/kafka` has the plain ones.
export {
  API_KEYS,
  API_LIST,
  apiInfo,
  decodeFrame as decodeKafkaFrame,
  decodeRequest as decodeKafkaRequest,
  decodeRequestHeader as decodeKafkaRequestHeader,
  decodeResponse as decodeKafkaResponse,
  DEFAULT_MAX_FRAME_BYTES as KAFKA_DEFAULT_MAX_FRAME_BYTES,
  encodeFrame as encodeKafkaFrame,
  encodeRequest as encodeKafkaRequest,
  encodeResponse as encodeKafkaResponse,
  FrameDecoder as KafkaFrameDecoder,
  fromJsonForm,
  knownApiKeys,
  negotiateVersions,
  pickVersion,
  requestHeaderVersion,
  responseHeaderVersion,
  supportedVersions,
  toJsonForm,
} from "./src/kafka/mod.ts";
export type {
  AnyDecodedRequest as AnyDecodedKafkaRequest,
  ApiInfo,
  DecodedRequest as DecodedKafkaRequest,
  DecodedResponse as DecodedKafkaResponse,
  DecodeOptions as KafkaDecodeOptions,
  FrameDecoderOptions as KafkaFrameDecoderOptions,
  Init as KafkaInit,
  MessageCodec as KafkaMessageCodec,
  RequestHeader as KafkaRequestHeader,
  RequestTypes,
  ResponseHeader as KafkaResponseHeader,
  ResponseTypes,
  TaggedField as KafkaTaggedField,
} from "./src/kafka/mod.ts";
