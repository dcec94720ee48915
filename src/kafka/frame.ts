/**
 * Kafka's socket framing: every request and response is an int32 (big-endian) size followed by
 * that many bytes. {@linkcode FrameDecoder} turns arbitrary chunks into whole frames without
 * copying when a frame lies inside one chunk, and checks the size against `maxFrameBytes` before
 * allocating anything; a split frame's buffer grows with the bytes that arrived, never to the
 * announced size up front.
 *
 * @module
 */

import { WireError } from "../wire/error.ts";
import { resolveMaxFrameBytes } from "../wire/_frame_limit.ts";

/** Default {@linkcode FrameDecoderOptions.maxFrameBytes}: 100 MiB, as Kafka's `socket.request.max.bytes`. */
export const DEFAULT_MAX_FRAME_BYTES = 100 * 1024 * 1024;

/** Options of {@linkcode FrameDecoder}. */
export interface FrameDecoderOptions {
  /**
   * Largest payload accepted; a larger size prefix is `FRAME_TOO_LARGE`. Default 100 MiB.
   * `Infinity` is refused (`INVALID_VALUE`) unless `allowUnboundedFrames` is set.
   */
  maxFrameBytes?: number;
  /** Accept `maxFrameBytes: Infinity` (a peer may then make one frame buffer 2 GiB). Default false. */
  allowUnboundedFrames?: boolean;
}

/** First capacity of a split frame's buffer (or the frame size, if smaller). */
const FIRST_BODY_BYTES = 4096;

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

function checkSize(size: number, max: number, offset: number): void {
  if (size < 0) throw new WireError("NEGATIVE_LENGTH", { offset, detail: `frame size ${size}` });
  if (size > max) {
    throw new WireError("FRAME_TOO_LARGE", {
      offset,
      detail: `frame of ${size} bytes exceeds maxFrameBytes ${max}`,
    });
  }
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
  const size = new DataView(bytes.buffer, bytes.byteOffset, 4).getInt32(0);
  checkSize(size, max, 0);
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
 * Incremental frame decoder: feed chunks as they arrive, get whole payloads back.
 *
 * A payload that lies within one chunk is returned as a view into that chunk (so do not reuse
 * the chunk's memory while you hold it); a payload split across chunks is copied into a buffer
 * of the decoder's own that grows (by doubling, at most to the frame size) with the bytes that
 * arrived, so a size prefix alone costs at most 4 KiB and time stays linear in the bytes pushed
 * whatever the chunking. The chunk itself is never kept, so it may be reused after `push`.
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
  readonly #max: number;
  /** Bytes of a size prefix seen so far (at most 4). */
  readonly #head = new Uint8Array(4);
  #headLen = 0;
  /** The payload being assembled across chunks, if any: `#bodyLen` of `#bodySize` bytes are in. */
  #body: Uint8Array | undefined;
  #bodyLen = 0;
  #bodySize = 0;
  #consumed = 0;

  /** A decoder with the given limits. */
  constructor(options?: FrameDecoderOptions) {
    this.#max = resolveMaxFrameBytes(
      options?.maxFrameBytes,
      DEFAULT_MAX_FRAME_BYTES,
      options?.allowUnboundedFrames,
    );
  }

  /** Bytes received that belong to a frame not yet complete. */
  get buffered(): number {
    return this.#headLen + this.#bodyLen;
  }

  /**
   * Consumes `chunk` and returns the payloads it completes, in order. Throws
   * `FRAME_TOO_LARGE` / `NEGATIVE_LENGTH` for a bad size prefix; the decoder is then unusable
   * (the stream cannot be resynchronised).
   *
   * @example
   * ```ts
   * import { encodeFrame, FrameDecoder } from "@streamwire/codec/kafka";
   * const frames = new FrameDecoder();
   * const f = encodeFrame(new Uint8Array([1, 2, 3]));
   * console.log(frames.push(f.subarray(0, 5)).length, frames.push(f.subarray(5))); // 0 [ Uint8Array(3) [ 1, 2, 3 ] ]
   * ```
   */
  push(chunk: Uint8Array): Uint8Array[] {
    const out: Uint8Array[] = [];
    let p = 0;
    const n = chunk.length;
    while (p < n) {
      if (this.#body !== undefined) {
        const take = Math.min(this.#bodySize - this.#bodyLen, n - p);
        const body = this.#reserve(this.#bodyLen + take);
        body.set(chunk.subarray(p, p + take), this.#bodyLen);
        this.#bodyLen += take;
        p += take;
        if (this.#bodyLen === this.#bodySize) {
          out.push(body);
          this.#body = undefined;
          this.#bodyLen = 0;
        }
        continue;
      }
      let size: number;
      if (this.#headLen === 0 && n - p >= 4) {
        size = (chunk[p] << 24) | (chunk[p + 1] << 16) | (chunk[p + 2] << 8) | chunk[p + 3];
        checkSize(size, this.#max, this.#consumed + p);
        p += 4;
      } else {
        while (this.#headLen < 4 && p < n) this.#head[this.#headLen++] = chunk[p++];
        if (this.#headLen < 4) break;
        const h = this.#head;
        size = (h[0] << 24) | (h[1] << 16) | (h[2] << 8) | h[3];
        checkSize(size, this.#max, this.#consumed + p - 4);
        this.#headLen = 0;
      }
      if (n - p >= size) {
        // The whole payload is in this chunk: hand out a view.
        out.push(chunk.subarray(p, p + size));
        p += size;
      } else {
        // Only what arrived is allocated (the loop copies the rest of this chunk next).
        this.#body = new Uint8Array(Math.min(size, Math.max(FIRST_BODY_BYTES, n - p)));
        this.#bodyLen = 0;
        this.#bodySize = size;
      }
    }
    this.#consumed += n;
    return out;
  }

  /** The body buffer with room for `need` bytes: doubled (at most to the frame size) when full. */
  #reserve(need: number): Uint8Array {
    const body = this.#body!;
    if (need <= body.length) return body;
    const next = new Uint8Array(Math.min(this.#bodySize, Math.max(need, body.length * 2)));
    next.set(body.subarray(0, this.#bodyLen));
    this.#body = next;
    return next;
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
    if (this.buffered !== 0) {
      const need = this.#body ? this.#bodySize - this.#bodyLen : 4 - this.#headLen;
      throw new WireError("TRUNCATED", {
        offset: this.#consumed,
        need,
        have: 0,
        incomplete: true,
        context: "frame",
        detail: `${this.buffered} byte(s) of an unfinished frame`,
      });
    }
  }
}
