/**
 * Kafka frames (an int32 size, then that many bytes) out of a byte stream, cut by the bounded
 * `FrameDecoder` of `./kafka`: a `TransformStream` and an async iterator.
 *
 * @module
 */

import { FrameDecoder, type FrameDecoderOptions } from "../kafka/frame.ts";
import { frameBatchStream, frameStream, readFrames, type ReadFramesOptions } from "./frames.ts";

/**
 * A `TransformStream` from socket chunks to Kafka frame payloads (size prefix removed). A
 * payload is a view into the chunk that carried it when it fits in one (sources that hand out
 * fresh chunks, as every runtime's socket does, make that safe), else a copy. A size over
 * `maxFrameBytes` (default 100 MiB) errors the stream with `FRAME_TOO_LARGE` before anything is
 * buffered for it; the end of input inside a frame is `TRUNCATED`.
 *
 * @example
 * ```ts
 * import { kafkaFrames } from "@streamwire/codec/streams/kafka";
 * import { encodeFrame } from "@streamwire/codec/kafka";
 * const f = encodeFrame(new Uint8Array([1, 2, 3]));
 * const socket = new ReadableStream<Uint8Array>({
 *   start(c) {
 *     c.enqueue(f.subarray(0, 2)); // a chunk boundary inside the size prefix
 *     c.enqueue(f.subarray(2));
 *     c.close();
 *   },
 * });
 * const frames = socket.pipeThrough(kafkaFrames());
 * for await (const payload of frames) console.log(payload); // Uint8Array(3) [ 1, 2, 3 ]
 * ```
 */
export function kafkaFrames(options?: FrameDecoderOptions): TransformStream<Uint8Array, Uint8Array> {
  return frameStream(new FrameDecoder(options));
}

/**
 * {@linkcode kafkaFrames} one socket read at a time: each item is the array of payloads a chunk
 * completed (chunks that complete none give no item). For small frames at the decoder's rate:
 * a stream item costs about as much as cutting a 1 KiB frame.
 *
 * @example
 * ```ts
 * import { kafkaFrameBatches } from "@streamwire/codec/streams/kafka";
 * import { encodeFrame } from "@streamwire/codec/kafka";
 * const two = new Uint8Array([...encodeFrame(new Uint8Array([1])), ...encodeFrame(new Uint8Array([2]))]);
 * const socket = new ReadableStream<Uint8Array>({
 *   start(c) {
 *     c.enqueue(two);
 *     c.close();
 *   },
 * });
 * for await (const payloads of socket.pipeThrough(kafkaFrameBatches())) {
 *   console.log(payloads.length, payloads[1]); // 2 Uint8Array(1) [ 2 ]
 * }
 * ```
 */
export function kafkaFrameBatches(options?: FrameDecoderOptions): TransformStream<Uint8Array, Uint8Array[]> {
  return frameBatchStream(new FrameDecoder(options));
}

/**
 * Reads `readable` and yields Kafka frame payloads, as {@linkcode kafkaFrames} cuts them.
 * Leaving the loop early or aborting `signal` cancels the readable.
 *
 * @example
 * ```ts
 * import { readKafkaFrames } from "@streamwire/codec/streams/kafka";
 * import { encodeFrame } from "@streamwire/codec/kafka";
 * import { isWireError } from "@streamwire/codec/wire";
 * const bytes = new ReadableStream<Uint8Array>({
 *   start(c) {
 *     c.enqueue(encodeFrame(new Uint8Array([7])));
 *     c.enqueue(new Uint8Array([0, 0, 0, 5, 1])); // 1 of 5 bytes, then the end
 *     c.close();
 *   },
 * });
 * try {
 *   for await (const payload of readKafkaFrames(bytes)) console.log(payload); // Uint8Array(1) [ 7 ]
 * } catch (e) {
 *   if (isWireError(e)) console.log(e.code); // TRUNCATED
 * }
 * ```
 */
export function readKafkaFrames(
  readable: ReadableStream<Uint8Array>,
  options?: FrameDecoderOptions & ReadFramesOptions,
): AsyncIterableIterator<Uint8Array> {
  return readFrames(readable, new FrameDecoder(options), options);
}
