/**
 * Kafka over Web Streams: {@linkcode kafkaFrames} / {@linkcode readKafkaFrames} cut frames out
 * of a byte stream with the bounded `FrameDecoder`, {@linkcode KafkaClientChannel} pairs the
 * sans-IO `ClientConnection` with any duplex (`@streamwire/codec/streams` has the shims), so a
 * request is a promise of its decoded response, and {@linkcode KafkaServerChannel} pairs the
 * broker side, `KafkaServerConnection`, with one, so a broker is a function from a request to
 * its response body.
 *
 * The codec's types are re-exported here as types, so every signature of this entry is
 * documented with it; the values are in `@streamwire/codec/kafka`.
 *
 * @example
 * ```ts
 * import { duplexPair, isChannelError } from "@streamwire/codec/streams";
 * import { KafkaClientChannel } from "@streamwire/codec/streams/kafka";
 * import { ApiKey } from "@streamwire/codec/kafka";
 * const [client] = duplexPair(); // a broker that never answers
 * const kafka = new KafkaClientChannel(client, { timeoutMs: 10 });
 * try {
 *   await kafka.negotiate();
 * } catch (e) {
 *   if (isChannelError(e)) console.log(e.code); // TIMEOUT
 * }
 * console.log(kafka.connection.negotiated, ApiKey.ApiVersions); // false 18
 * ```
 *
 * @module
 */

export { kafkaFrameBatches, kafkaFrames, readKafkaFrames } from "./kafka_frames.ts";
export { KafkaClientChannel } from "./kafka_client.ts";
export { KafkaServerChannel } from "./kafka_server.ts";
export type { KafkaAnswer, KafkaRequestHandler, KafkaServerChannelOptions } from "./kafka_server.ts";
export type { KafkaClientChannelOptions, KafkaRequestOptions, NegotiateOptions } from "./kafka_client.ts";
export type { ByteDuplex } from "./duplex.ts";
export type { CallOptions, ChannelOptions } from "./_channel.ts";
export { CHANNEL_ERROR_CODES, ChannelError, isChannelError } from "./errors.ts";
export type { ChannelErrorCode, ChannelErrorInit } from "./errors.ts";
export type { ReadFramesOptions } from "./frames.ts";
export type * from "../kafka/mod.ts";
