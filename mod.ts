/**
 * streamwire: a zero-dependency codec for the wire protocols of Apache Iggy and Apache Kafka.
 *
 * - `@streamwire/codec/wire` — Reader, Writer, WireError, checksums (shared by both protocols)
 * - `@streamwire/codec/iggy` — Iggy framing, commands, message batch, VSR consensus headers
 * - `@streamwire/codec/kafka` — Kafka headers, every API and version, records, compression
 *
 * This entry itself holds `./wire` and, under `Iggy…`/`Kafka…` names, each protocol's frames,
 * tables, version negotiation and payload-codec pattern. The message codecs, the Kafka
 * `ClientConnection`, records and compression are in the protocol entries: a bundler that
 * ignores `"sideEffects": false` keeps every module an entry reaches, so this one stays small.
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
// The protocols. Every name below that belongs to one protocol says which: `Iggy`/`Kafka` before
// the noun (`IggyCommandCode`, `KafkaFrameDecoder`, `IGGY_STATUS_OK`), after the verb for
// functions (`decodeIggyRequestFrame`, `negotiateKafkaVersions`), so a generic-looking name
// never silently means one protocol. The unprefixed names are in `@streamwire/codec/iggy` and
// `@streamwire/codec/kafka`.
//
// Iggy: frames, the command table, the version handshake and the payload codec pattern. The
// codecs typed by command code (whose types name every command's codec), every command's codec,
// the batch and the consensus headers are in `@streamwire/codec/iggy`.
export {
  clientVersionInfo as iggyClientVersionInfo,
  COMMAND_TABLE as IGGY_COMMAND_TABLE,
  CommandCode as IggyCommandCode,
  decodeOperationBody as decodeIggyOperationBody,
  decodePayload as decodeIggyPayload,
  decodeRequestFrame as decodeIggyRequestFrame,
  decodeResponseFrame as decodeIggyResponseFrame,
  DEFAULT_MAX_FRAME_BYTES as IGGY_DEFAULT_MAX_FRAME_BYTES,
  encodeOperationBody as encodeIggyOperationBody,
  encodePayload as encodeIggyPayload,
  encodeRequestFrame as encodeIggyRequestFrame,
  encodeResponseFrame as encodeIggyResponseFrame,
  frameRequest as frameIggyRequest,
  frameResponse as frameIggyResponse,
  IGGY_PROTOCOL_VERSION,
  IGGY_PROTOCOL_VERSION_MIN,
  isProtocolCompatible as isIggyProtocolCompatible,
  lookupByOperation as lookupIggyCommandByOperation,
  lookupCommand as lookupIggyCommand,
  packProtocolVersion as packIggyProtocolVersion,
  RequestFrameDecoder as IggyRequestFrameDecoder,
  ResponseFrameDecoder as IggyResponseFrameDecoder,
  RETIRED_COMMAND_CODES as IGGY_RETIRED_COMMAND_CODES,
  STATUS_OK as IGGY_STATUS_OK,
} from "./src/iggy/mod.ts";
export type {
  ClientVersionInfo as IggyClientVersionInfo,
  CommandCodecs as IggyCommandCodecs,
  CommandMeta as IggyCommandMeta,
  DecodePayloadOptions as IggyDecodePayloadOptions,
  FrameDecoderOptions as IggyFrameDecoderOptions,
  FrameLayout as IggyFrameLayout,
  PayloadCodec as IggyPayloadCodec,
  RequestFrame as IggyRequestFrame,
  ResponseFrame as IggyResponseFrame,
} from "./src/iggy/mod.ts";
// Kafka: the table, header versions, frames, negotiation and JSON form. Whole-message codecs,
// whose types reach every generated message type, are in `@streamwire/codec/kafka`.
export {
  API_KEYS as KAFKA_API_KEYS,
  API_LIST as KAFKA_API_LIST,
  apiInfo as kafkaApiInfo,
  ApiKey as KafkaApiKey,
  decodeFrame as decodeKafkaFrame,
  DEFAULT_MAX_FRAME_BYTES as KAFKA_DEFAULT_MAX_FRAME_BYTES,
  encodeFrame as encodeKafkaFrame,
  FrameDecoder as KafkaFrameDecoder,
  fromJsonForm as fromKafkaJsonForm,
  knownApiKeys as knownKafkaApiKeys,
  negotiateVersions as negotiateKafkaVersions,
  pickVersion as pickKafkaVersion,
  requestHeaderVersion as kafkaRequestHeaderVersion,
  responseHeaderVersion as kafkaResponseHeaderVersion,
  supportedVersions as supportedKafkaVersions,
  toJsonForm as toKafkaJsonForm,
} from "./src/kafka/mod.ts";
export type {
  ApiInfo as KafkaApiInfo,
  BrokerApiVersion as KafkaBrokerApiVersion,
  Decode as KafkaDecode,
  DecodeOptions as KafkaDecodeOptions,
  Encode as KafkaEncode,
  FieldMeta as KafkaFieldMeta,
  FrameDecoderOptions as KafkaFrameDecoderOptions,
  Init as KafkaInit,
  MessageCodec as KafkaMessageCodec,
  StructMeta as KafkaStructMeta,
  TaggedField as KafkaTaggedField,
  TaggedFieldsSink as KafkaTaggedFieldsSink,
  VersionOptions as KafkaVersionOptions,
  VersionRange as KafkaVersionRange,
} from "./src/kafka/mod.ts";
