/**
 * Iggy frames out of a byte stream, cut by the bounded decoders of `./iggy`: request or
 * response frames of the crate's or the legacy layout (`RequestFrameDecoder`,
 * `ResponseFrameDecoder`), or the consensus frames (256-byte header + body) that the VSR client
 * protocol and `IggyClientSession` speak.
 *
 * @module
 */

import {
  type FrameLayout,
  type RequestFrame,
  RequestFrameDecoder,
  type ResponseFrame,
  ResponseFrameDecoder,
} from "../iggy/framing.ts";
import { ConsensusFrameAssembler } from "../iggy/session/frames.ts";
import {
  type FrameAssembler,
  frameBatchStream,
  frameStream,
  readFrames,
  type ReadFramesOptions,
} from "./frames.ts";

/** The frame each kind of Iggy stream yields. */
export interface IggyFrameKinds {
  /** Request frames (`[length][code][request id][payload]`, or the legacy layout), a server reads them. */
  request: RequestFrame;
  /** Response frames (`[status][length][request id][payload]`, or the legacy layout), a client reads them. */
  response: ResponseFrame;
  /** Whole consensus frames, header included (`IggyClientSession` / `IggyServerConnection` traffic). */
  consensus: Uint8Array;
}

/** Options of {@linkcode iggyFrames} and {@linkcode readIggyFrames}. */
export interface IggyFrameOptions {
  /** Layout of request and response frames (default `"crate"`); consensus frames have one layout. */
  layout?: FrameLayout;
  /** Largest whole frame, header included; a larger one is an error before it is buffered. Default 64 MiB. */
  maxFrameBytes?: number;
  /** Accept `maxFrameBytes: Infinity` (only for trusted peers). Default false. */
  allowUnboundedFrames?: boolean;
}

/** The bounded decoder for `kind`: each has the `push(chunk) → frames`, `end()` contract. */
function assembler<K extends keyof IggyFrameKinds>(
  kind: K,
  options?: IggyFrameOptions,
): FrameAssembler<IggyFrameKinds[K]> {
  if (kind === "request") return new RequestFrameDecoder(options) as never;
  if (kind === "response") return new ResponseFrameDecoder(options) as never;
  return new ConsensusFrameAssembler(options) as never;
}

/**
 * A `TransformStream` from socket chunks to Iggy frames of `kind`. A frame over
 * `maxFrameBytes` errors the stream before it is buffered; the end of input inside a frame is
 * `TRUNCATED`.
 *
 * @example
 * ```ts
 * import { iggyFrames } from "@streamwire/codec/streams/iggy";
 * import { encodeResponseFrame } from "@streamwire/codec/iggy";
 * const bytes = encodeResponseFrame(0, 7n, new Uint8Array([42]));
 * const socket = new ReadableStream<Uint8Array>({
 *   start(c) {
 *     c.enqueue(bytes.subarray(0, 9));
 *     c.enqueue(bytes.subarray(9));
 *     c.close();
 *   },
 * });
 * const frames = socket.pipeThrough(iggyFrames("response"));
 * for await (const f of frames) console.log(f.status, f.requestId, f.payload); // 0 7n Uint8Array(1) [ 42 ]
 * ```
 */
export function iggyFrames<K extends keyof IggyFrameKinds>(
  kind: K,
  options?: IggyFrameOptions,
): TransformStream<Uint8Array, IggyFrameKinds[K]> {
  return frameStream(assembler(kind, options));
}

/**
 * {@linkcode iggyFrames} one socket read at a time: each item is the array of frames a chunk
 * completed (chunks that complete none give no item), for small frames at the decoder's rate.
 *
 * @example
 * ```ts
 * import { iggyFrameBatches } from "@streamwire/codec/streams/iggy";
 * import { encodeResponseFrame } from "@streamwire/codec/iggy";
 * const a = encodeResponseFrame(0, 1n, new Uint8Array([1]));
 * const b = encodeResponseFrame(0, 2n, new Uint8Array([2]));
 * const socket = new ReadableStream<Uint8Array>({
 *   start(c) {
 *     c.enqueue(new Uint8Array([...a, ...b]));
 *     c.close();
 *   },
 * });
 * for await (const frames of socket.pipeThrough(iggyFrameBatches("response"))) {
 *   console.log(frames.map((f) => f.requestId)); // [ 1n, 2n ]
 * }
 * ```
 */
export function iggyFrameBatches<K extends keyof IggyFrameKinds>(
  kind: K,
  options?: IggyFrameOptions,
): TransformStream<Uint8Array, IggyFrameKinds[K][]> {
  return frameBatchStream(assembler(kind, options));
}

/**
 * Reads `readable` and yields Iggy frames of `kind`, as {@linkcode iggyFrames} cuts them.
 * Leaving the loop early or aborting `signal` cancels the readable.
 *
 * @example
 * ```ts
 * import { readIggyFrames } from "@streamwire/codec/streams/iggy";
 * import { CommandCode, encodeRequestFrame } from "@streamwire/codec/iggy";
 * const ping = encodeRequestFrame(CommandCode.Ping, 3n, new Uint8Array(), "legacy");
 * const socket = new ReadableStream<Uint8Array>({
 *   start(c) {
 *     c.enqueue(ping);
 *     c.close();
 *   },
 * });
 * for await (const f of readIggyFrames(socket, "request", { layout: "legacy" })) {
 *   console.log(f.code, f.payload.length); // 1 0
 * }
 * ```
 */
export function readIggyFrames<K extends keyof IggyFrameKinds>(
  readable: ReadableStream<Uint8Array>,
  kind: K,
  options?: IggyFrameOptions & ReadFramesOptions,
): AsyncIterableIterator<IggyFrameKinds[K]> {
  return readFrames(readable, assembler(kind, options), options);
}
