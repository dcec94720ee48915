/**
 * From bytes to programs: Web Streams adapters for the sans-IO codecs, on every runtime. This
 * entry is the protocol-free part; the protocols have their own entries, so an application
 * bundles only the codec it drives:
 *
 * - `@streamwire/codec/streams/kafka`: `kafkaFrames` / `readKafkaFrames` (frames out of a byte
 *   stream) and `KafkaClientChannel` (a request is a promise of its decoded response).
 * - `@streamwire/codec/streams/iggy`: `iggyFrames` / `readIggyFrames` and `IggyClientChannel`.
 *
 * Here: the transport shape every channel takes, a {@linkcode ByteDuplex} (`{ readable,
 * writable }`), and the shims that make one from each runtime's socket
 * ({@linkcode denoDuplex}, {@linkcode bunDuplex}, {@linkcode nodeDuplex}, {@linkcode webSocketDuplex};
 * on Node, `Duplex.toWeb(socket)` is one too, slower to read), {@linkcode duplexPair} to join two in memory, the
 * generic {@linkcode frameStream} / {@linkcode frameBatchStream} / {@linkcode readFrames} for any `push(chunk) → frames`,
 * `end()` assembler, and {@linkcode ChannelError}, what a request that got no answer rejects
 * with. Channels take {@linkcode ChannelOptions}: timeouts, a bound on requests in flight (an
 * error beyond it, never a queue), backpressure on the writable.
 *
 * The module imports no runtime API.
 *
 * @example
 * ```ts
 * import { duplexPair } from "@streamwire/codec/streams";
 * import { KafkaClientChannel, readKafkaFrames } from "@streamwire/codec/streams/kafka";
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
export { frameBatchStream, frameStream, readFrames } from "./frames.ts";
export type { FrameAssembler, ReadFramesOptions } from "./frames.ts";
export type { CallOptions, ChannelOptions } from "./_channel.ts";
export { bunDuplex, denoDuplex, nodeDuplex, webSocketDuplex } from "./runtimes.ts";
export type {
  BunConnect,
  BunSocketHandlers,
  BunSocketLike,
  DenoConnLike,
  NodeSocketLike,
  WebSocketDuplexOptions,
} from "./runtimes.ts";
