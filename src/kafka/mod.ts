/**
 * The Apache Kafka protocol: every API key and version of kafka-clients 4.4.0 and 3.9.x,
 * request/response headers with Kafka's header-version rules, size-prefixed frames with an
 * incremental decoder, version negotiation, and the JSON form of messages.
 *
 * The per-message codecs (`decodeMetadataResponse`, `MetadataRequest`, …) are generated from
 * Kafka's JSON schemas into `./messages/` and re-exported here (also available alone as
 * `@streamwire/codec/kafka/messages`); the rest of this module is the handwritten layer over
 * them: headers, frames, negotiation, JSON form.
 *
 * @example
 * ```ts
 * import { decodeRequest, encodeRequest, FrameDecoder } from "@streamwire/codec/kafka";
 * const frame = encodeRequest(3, 12, { correlationId: 1, clientId: "demo" }, {
 *   topics: [{ name: "orders" }],
 *   allowAutoTopicCreation: false,
 * }, { sizePrefix: true });
 * const [payload] = new FrameDecoder().push(frame);
 * const req = decodeRequest(payload);
 * if (req.apiKey === 3) console.log(req.body.topics?.[0].name); // orders
 * ```
 *
 * @module
 */

export {
  apiInfo,
  decodeRequest,
  decodeResponse,
  encodeRequest,
  encodeResponse,
  peekRequestHeader,
  requestHeaderVersion,
  responseHeaderVersion,
} from "./api.ts";
export type {
  AnyDecodedRequest,
  DecodedRequest,
  DecodedResponse,
  EncodeOptions,
  PeekedRequestHeader,
  RequestHeaderInit,
  RequestOf,
  ResponseHeaderInit,
  ResponseOf,
} from "./api.ts";
export { decodeFrame, DEFAULT_MAX_FRAME_BYTES, encodeFrame, FrameDecoder } from "./frame.ts";
export type { FrameDecoderOptions } from "./frame.ts";
export { knownApiKeys, negotiateVersions, pickVersion, supportedVersions } from "./versions.ts";
export type { BrokerApiVersion, VersionOptions, VersionRange } from "./versions.ts";
export { fromJsonForm, toJsonForm } from "./json.ts";
export { ClientConnection, saslPlainToken } from "./client.ts";
export type { AnyClientResponse, ClientConnectionOptions, ClientResponse, OutgoingRequest, RequestOptions } from "./client.ts";
export { errorInfo, errorName, isRetriable, KAFKA_ERROR } from "./errors.ts";
export type { KafkaErrorInfo, KafkaErrorName } from "./errors.ts";
export {
  decodeWith,
  DEFAULT_MAX_ARRAY_LENGTH,
  DEFAULT_MAX_TAGGED_FIELDS,
  encodeWith,
  EMPTY_BYTES,
  ZERO_UUID,
} from "./_runtime.ts";
export type { Decode, DecodeOptions, Encode, FieldMeta, Init, MessageCodec, StructMeta, TaggedField } from "./_runtime.ts";
// Read/write functions of every message take the shared primitives.
export { isWireError, Reader, WIRE_ERROR_CODES, WireError, Writer } from "../wire/mod.ts";
export type { WireErrorCode } from "../wire/mod.ts";
// The generated module is itself an explicit by-name list of every message type and codec
// (about 2 000 names); repeating it here by hand would only let the two drift apart.
export * from "./messages/mod.ts";
