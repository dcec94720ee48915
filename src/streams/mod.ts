/**
 * From bytes to programs: Web Streams adapters for the sans-IO codecs, on every runtime.
 *
 * - **Frames out of a byte stream**: {@linkcode kafkaFrames} / {@linkcode iggyFrames} are
 *   `TransformStream`s and {@linkcode readKafkaFrames} / {@linkcode readIggyFrames} async
 *   iterators over a `ReadableStream<Uint8Array>`, cutting frames with the bounded decoders;
 *   {@linkcode frameStream} / {@linkcode readFrames} do the same for any `push(chunk) → frames`,
 *   `end()` assembler.
 * - **Channels**: {@linkcode KafkaClientChannel} and {@linkcode IggyClientChannel} pair the
 *   client state machines with a {@linkcode ByteDuplex} (`{ readable, writable }`): a request is
 *   a promise of its decoded answer, with timeouts, `AbortSignal`, a bound on requests in flight
 *   (an error beyond it, never a queue), backpressure on the writable, clean close and
 *   half-close. What goes wrong without bad bytes is a {@linkcode ChannelError}.
 * - **Transports**: {@linkcode denoDuplex}, {@linkcode bunDuplex}, {@linkcode webSocketDuplex};
 *   on Node, `Duplex.toWeb(socket)` is a duplex as it is. {@linkcode duplexPair} joins two in
 *   memory.
 *
 * The module imports no runtime API; each entry pulls in only the codec it drives.
 *
 * @example
 * ```ts
 * import { duplexPair, KafkaClientChannel, readKafkaFrames } from "@streamwire/codec/streams";
 * import { ApiKey, decodeRequest, encodeResponse } from "@streamwire/codec/kafka";
 * const [client, broker] = duplexPair();
 * // The broker side: frames in, one ApiVersions answer per request.
 * void (async () => {
 *   const w = broker.writable.getWriter();
 *   for await (const payload of readKafkaFrames(broker.readable)) {
 *     const req = decodeRequest(payload);
 *     await w.write(encodeResponse(ApiKey.ApiVersions, req.apiVersion, { correlationId: req.header.correlationId }, {
 *       apiKeys: [{ apiKey: ApiKey.Metadata, minVersion: 0, maxVersion: 12 }],
 *     }, { sizePrefix: true }));
 *   }
 * })();
 * const kafka = new KafkaClientChannel(client, { clientId: "demo", timeoutMs: 5000 });
 * const versions = await kafka.negotiate();
 * console.log(versions.get(ApiKey.Metadata)); // 12
 * await kafka.close();
 * ```
 *
 * @module
 */

export { CHANNEL_ERROR_CODES, ChannelError, isChannelError } from "./errors.ts";
export type { ChannelErrorCode, ChannelErrorInit } from "./errors.ts";
export { duplexPair } from "./duplex.ts";
export type { ByteDuplex, DuplexPairOptions } from "./duplex.ts";
export { frameStream, readFrames } from "./frames.ts";
export type { FrameAssembler, ReadFramesOptions } from "./frames.ts";
export { kafkaFrames, readKafkaFrames } from "./kafka_frames.ts";
export { iggyFrames, readIggyFrames } from "./iggy_frames.ts";
export type { IggyFrameKinds, IggyFrameOptions } from "./iggy_frames.ts";
export type { Built, CallOptions, ChannelOptions } from "./_channel.ts";
export { KafkaClientChannel } from "./kafka_client.ts";
export type { KafkaClientChannelOptions, KafkaRequestOptions, NegotiateOptions } from "./kafka_client.ts";
export { IggyClientChannel } from "./iggy_client.ts";
export type { IggyClientChannelOptions, IggyReply, IggyRequestOptions } from "./iggy_client.ts";
export { bunDuplex, denoDuplex, webSocketDuplex } from "./runtimes.ts";
export type {
  BunConnect,
  BunSocketHandlers,
  BunSocketLike,
  DenoConnLike,
  WebSocketDuplexOptions,
} from "./runtimes.ts";
