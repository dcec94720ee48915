/**
 * Kafka's socket framing: every request and response is an int32 (big-endian) size followed by
 * that many bytes. {@linkcode FrameDecoder} turns arbitrary chunks into whole frames with the
 * shared `FrameAssembler` of `./wire` (its contract: views where a frame lies inside one chunk,
 * the chunk never kept, the size checked against `maxFrameBytes` before anything is allocated,
 * a split frame's buffer growing with the bytes that arrived, never to the announced size up
 * front).
 *
 * @module
 */

import { WireError } from "../wire/error.ts";
import { checkFrameLimit } from "../wire/_frame_limit.ts";
import { FrameAssembler, type FrameLength } from "../wire/frame_assembler.ts";

/** Default {@linkcode FrameDecoderOptions.maxFrameBytes}: 100 MiB, as Kafka's `socket.request.max.bytes`. */
export const DEFAULT_MAX_FRAME_BYTES = 100 * 1024 * 1024;

/** Options of {@linkcode FrameDecoder}. */
export interface FrameDecoderOptions {
  /**
   * Largest payload accepted (the size field's value; the field itself is not counted, as the
   * broker counts it); a larger size prefix is `FRAME_TOO_LARGE`. Default 100 MiB. `Infinity`
   * is refused (`INVALID_VALUE`) unless `allowUnboundedFrames` is set.
   */
  maxFrameBytes?: number;
  /** Accept `maxFrameBytes: Infinity` (a peer may then make one frame buffer 2 GiB). Default false. */
  allowUnboundedFrames?: boolean;
}

/** The int32 size prefix: the payload's length, which the limit counts (the prefix is not counted). */
const KAFKA_FRAME_LENGTH: FrameLength = {
  prefixBytes: 4,
  uncountedBytes: 4,
  frameLength(prefix: Uint8Array, at: number): number {
    const size = (prefix[0] << 24) | (prefix[1] << 16) | (prefix[2] << 8) | prefix[3];
    if (size < 0) throw new WireError("NEGATIVE_LENGTH", { offset: at, detail: `frame size ${size}` });
    return size;
  },
};

/**
 * Prepends the int32 size to `payload` (one copy). To avoid it, encode with
 * `{ sizePrefix: true }` (see `encodeRequest`).
 *
 * @example
 * ```ts
 * import { encodeFrame } from "@streamwire/codec/kafka";
 * console.log(encodeFrame(new Uint8Array([9]))); // Uint8Array(5) [ 0, 0, 0, 1, 9 ]
 * ```
 */
export function encodeFrame(payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + payload.length);
  new DataView(out.buffer).setInt32(0, payload.length);
  out.set(payload, 4);
  return out;
}

/**
 * Reads exactly one frame from `bytes` and returns its payload as a view (no copy).
 * `TRUNCATED` (incomplete) when the frame is not all there, `TRAILING_BYTES` when more follows.
 *
 * @example
 * ```ts
 * import { decodeFrame, encodeFrame } from "@streamwire/codec/kafka";
 * console.log(decodeFrame(encodeFrame(new Uint8Array([1, 2, 3])))); // Uint8Array(3) [ 1, 2, 3 ]
 * ```
 */
export function decodeFrame(bytes: Uint8Array, options?: FrameDecoderOptions): Uint8Array {
  const max = options?.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  if (bytes.length < 4) {
    throw new WireError("TRUNCATED", {
      offset: 0,
      need: 4,
      have: bytes.length,
      incomplete: true,
      context: "frame",
    });
  }
  const size = KAFKA_FRAME_LENGTH.frameLength(bytes, 0);
  checkFrameLimit(size, max, 0);
  if (bytes.length - 4 < size) {
    throw new WireError("TRUNCATED", {
      offset: 4,
      need: size,
      have: bytes.length - 4,
      incomplete: true,
      context: "frame",
    });
  }
  if (bytes.length - 4 > size) {
    throw new WireError("TRAILING_BYTES", {
      offset: 4 + size,
      detail: `${bytes.length - 4 - size} byte(s) after the frame`,
    });
  }
  return bytes.subarray(4, 4 + size);
}

/**
 * Incremental frame decoder: feed chunks as they arrive, get whole payloads back (the size
 * prefix stripped). The ownership, limit and error rules are the `FrameAssembler`'s (`./wire`):
 * a payload that lies within one chunk is a view into that chunk (so do not reuse the chunk's
 * memory while you hold it), a split one is an array of its own; the chunk itself is never kept.
 * After a `WireError` the decoder is unusable (the stream cannot be resynchronised).
 *
 * @example
 * ```ts
 * import { FrameDecoder } from "@streamwire/codec/kafka";
 * const d = new FrameDecoder();
 * console.log(d.push(new Uint8Array([0, 0, 0, 2, 7]))); // []
 * console.log(d.push(new Uint8Array([8, 0, 0]))); // [ Uint8Array(2) [ 7, 8 ] ]
 * console.log(d.buffered); // 2
 * ```
 */
export class FrameDecoder {
  readonly #frames: FrameAssembler;

  /** A decoder with the given limits. */
  constructor(options?: FrameDecoderOptions) {
    this.#frames = new FrameAssembler(KAFKA_FRAME_LENGTH, {
      maxFrameBytes: options?.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES,
      allowUnboundedFrames: options?.allowUnboundedFrames,
    });
  }

  /** Bytes received that belong to no payload returned yet (size prefixes included). */
  get buffered(): number {
    return this.#frames.buffered;
  }

  /**
   * Consumes `chunk` and returns the payloads it completes, in order. Throws
   * `FRAME_TOO_LARGE` / `NEGATIVE_LENGTH` for a bad size prefix. With `each`, the payloads go
   * to `each` instead, those before a bad prefix included (then the error is thrown).
   *
   * @example
   * ```ts
   * import { encodeFrame, FrameDecoder } from "@streamwire/codec/kafka";
   * const frames = new FrameDecoder();
   * const f = encodeFrame(new Uint8Array([1, 2, 3]));
   * console.log(frames.push(f.subarray(0, 5)).length, frames.push(f.subarray(5))); // 0 [ Uint8Array(3) [ 1, 2, 3 ] ]
   * ```
   */
  push(chunk: Uint8Array, each?: (payload: Uint8Array) => void): Uint8Array[] {
    if (each !== undefined) return this.#frames.push(chunk, (f) => each(f.subarray(4)));
    const frames = this.#frames.push(chunk);
    for (let i = 0; i < frames.length; i++) frames[i] = frames[i].subarray(4);
    return frames;
  }

  /**
   * Throws `TRUNCATED` (incomplete) if a partial frame is buffered: call at end of stream.
   *
   * @example
   * ```ts
   * import { FrameDecoder } from "@streamwire/codec/kafka";
   * import { isWireError } from "@streamwire/codec/wire";
   * const frames = new FrameDecoder();
   * frames.push(new Uint8Array([0, 0, 0, 9, 1])); // 1 of 9 payload bytes, then the socket closes
   * try {
   *   frames.end();
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code); // TRUNCATED
   * }
   * ```
   */
  end(): void {
    this.#frames.end();
  }
}
