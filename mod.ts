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
 *   console.log((e as WireError).code); // TRUNCATED
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
  WIRE_ERROR_DESCRIPTIONS,
  WireError,
  Writer,
} from "./src/wire/mod.ts";
export type { WireErrorCode, WireErrorInit } from "./src/wire/mod.ts";
// Iggy: frames, the command table, the version handshake and the payload codec pattern. The
// typed decode/encode by command code (whose types name every command's codec), every command's
// codec, the batch and the consensus headers are in `@streamwire/codec/iggy`. Generic names carry
// an Iggy prefix here.
export {
  clientVersionInfo,
  COMMAND_TABLE,
  CommandCode,
  decodeOperationBody,
  decodePayload,
  decodeRequestFrame,
  decodeResponseFrame,
  DEFAULT_MAX_FRAME_BYTES as IGGY_DEFAULT_MAX_FRAME_BYTES,
  encodeOperationBody,
  encodePayload,
  encodeRequestFrame,
  encodeResponse,
  encodeResponseFrame,
  FrameDecoderBase as IggyFrameDecoderBase,
  frameRequest,
  frameResponse,
  IGGY_PROTOCOL_VERSION,
  IGGY_PROTOCOL_VERSION_MIN,
  isProtocolCompatible,
  lookupByOperation,
  lookupCommand,
  packProtocolVersion,
  RequestFrameDecoder,
  ResponseFrameDecoder,
  RETIRED_COMMAND_CODES,
  STATUS_OK,
} from "./src/iggy/mod.ts";
export type {
  ClientVersionInfo,
  CommandCodecs,
  CommandMeta,
  DecodePayloadOptions,
  FrameDecoderOptions as IggyFrameDecoderOptions,
  FrameLayout,
  PayloadCodec,
  RequestFrame,
  ResponseFrame,
} from "./src/iggy/mod.ts";
// Kafka: the table, header versions, frames, negotiation and JSON form. Whole-message codecs,
// whose types reach every generated message type, are in `@streamwire/codec/kafka`. Names that
// Iggy also uses carry a Kafka prefix here.
export {
  API_KEYS,
  API_LIST,
  apiInfo,
  ApiKey,
  decodeFrame as decodeKafkaFrame,
  DEFAULT_MAX_FRAME_BYTES as KAFKA_DEFAULT_MAX_FRAME_BYTES,
  encodeFrame as encodeKafkaFrame,
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
  ApiInfo,
  BrokerApiVersion,
  Decode as KafkaDecode,
  DecodeOptions as KafkaDecodeOptions,
  Encode as KafkaEncode,
  FieldMeta,
  FrameDecoderOptions as KafkaFrameDecoderOptions,
  Init as KafkaInit,
  MessageCodec as KafkaMessageCodec,
  StructMeta,
  TaggedField as KafkaTaggedField,
  VersionOptions,
  VersionRange,
} from "./src/kafka/mod.ts";
