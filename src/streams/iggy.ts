/**
 * Iggy over Web Streams: {@linkcode iggyFrames} / {@linkcode readIggyFrames} cut request,
 * response or consensus frames out of a byte stream with the bounded decoders, and
 * {@linkcode IggyClientChannel} pairs the sans-IO `IggyClientSession` with any duplex
 * (`@streamwire/codec/streams` has the shims), so a command is a promise of its decoded reply.
 *
 * The codec's types are re-exported here as types, so every signature of this entry is
 * documented with it; the values are in `@streamwire/codec/iggy`.
 *
 * @example
 * ```ts
 * import { duplexPair } from "@streamwire/codec/streams";
 * import { IggyClientChannel } from "@streamwire/codec/streams/iggy";
 * import { IggyServerConnection } from "@streamwire/codec/iggy";
 * const [client, server] = duplexPair();
 * void (async () => {
 *   const conn = new IggyServerConnection();
 *   const w = server.writable.getWriter();
 *   for await (const chunk of server.readable) {
 *     for (const ev of conn.receive(chunk)) if (ev.kind === "request") await w.write(conn.reply(ev.request));
 *   }
 * })();
 * const iggy = new IggyClientChannel(client, { timeoutMs: 5000 });
 * await iggy.ping();
 * console.log(iggy.inFlight, iggy.session.session); // 0 0n
 * await iggy.close();
 * ```
 *
 * @module
 */

export { iggyFrameBatches, iggyFrames, readIggyFrames } from "./iggy_frames.ts";
export type { IggyFrameKinds, IggyFrameOptions } from "./iggy_frames.ts";
export { IggyClientChannel } from "./iggy_client.ts";
export type { IggyClientChannelOptions, IggyReply, IggyRequestOptions } from "./iggy_client.ts";
export type { ByteDuplex } from "./duplex.ts";
export type { CallOptions, ChannelOptions } from "./_channel.ts";
export { CHANNEL_ERROR_CODES, ChannelError, isChannelError } from "./errors.ts";
export type { ChannelErrorCode, ChannelErrorInit } from "./errors.ts";
export type { ReadFramesOptions } from "./frames.ts";
export type * from "../iggy/mod.ts";
