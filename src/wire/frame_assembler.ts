/**
 * Socket chunks in, whole frames out: the one chunk-to-frame assembler of both protocols. Kafka's
 * `FrameDecoder`, Iggy's `RequestFrameDecoder` / `ResponseFrameDecoder` and the consensus
 * `ConsensusFrameAssembler` are thin wrappers that say how a frame's prefix gives its length
 * (a {@linkcode FrameLength}) and what a frame is once whole.
 *
 * The contract, the same for every framing:
 *
 * - `push(chunk)` returns every frame the chunk completes, in order, each with its prefix.
 * - **Ownership.** The assembler keeps no reference to `chunk` once `push` returns: the bytes of
 *   an unfinished frame are copied into the assembler's own buffer. A frame that lay wholly
 *   inside the chunk is returned as a view of it (no copy); any other frame is an array the
 *   assembler allocated for that frame alone and never writes again. So the caller may reuse the
 *   chunk's memory as soon as it no longer needs the frames that came out of it.
 * - **Limit.** A frame's length is checked against `maxFrameBytes` as soon as its prefix is in,
 *   before anything is allocated for it: `FRAME_TOO_LARGE`. `maxFrameBytes: Infinity` removes
 *   the one bound on what is buffered, so it is refused unless `allowUnboundedFrames` is set.
 * - **Memory and time.** A claimed length is never reserved up front: the buffer of a split frame
 *   grows with the bytes that arrived (doubling, at most to the frame's length), so a prefix
 *   alone costs at most 4 KiB, and time is linear in the bytes pushed whatever the chunking.
 * - **Errors.** Offsets are counted from the start of the stream. After a `WireError` the stream
 *   cannot be resynchronised and every later call throws the same error. The frames a chunk
 *   completed before a bad prefix in it are not returned (the call throws); given a callback,
 *   `push(chunk, each)` hands each of them to it first, then throws.
 * - **End of stream.** `end()` throws `TRUNCATED` (incomplete) when part of a frame is buffered.
 *
 * A stream parser that does not know its framing up front (the traffic inspector) can use it
 * too: its {@linkcode FrameLength} reads whatever prefix its protocol has, and on a
 * `WireError` it knows from `offset` where in the stream the bad frame began, so it can start a
 * new assembler at the point where it resynchronises.
 *
 * @module
 */

import { WireError } from "./error.ts";
import { checkFrameLimit, resolveMaxFrameBytes } from "./_frame_limit.ts";

/**
 * How a framing's prefix gives a frame's length.
 *
 * @example
 * ```ts
 * import type { FrameLength } from "@streamwire/codec/wire";
 * // A 2-byte big-endian length that counts itself.
 * const u16Frames: FrameLength = {
 *   prefixBytes: 2,
 *   frameLength: (prefix) => (prefix[0] << 8) | prefix[1],
 * };
 * console.log(u16Frames.frameLength(new Uint8Array([0, 5]), 0)); // 5
 * ```
 */
export interface FrameLength {
  /** Bytes at the start of every frame that are enough to tell its length (at least 1). */
  readonly prefixBytes: number;
  /**
   * The frame's length as `maxFrameBytes` counts it, from exactly its first `prefixBytes` bytes
   * (a view valid only during the call); `at` is the frame's offset in the stream, for error
   * offsets. Throws a `WireError` for a length no frame can have.
   */
  frameLength(prefix: Uint8Array, at: number): number;
  /**
   * Bytes every frame has beyond what `frameLength` counts: Kafka's 4-byte size field, which its
   * limit (as the broker's `socket.request.max.bytes`) does not count. Default 0.
   */
  readonly uncountedBytes?: number;
}

/** Options of {@linkcode FrameAssembler}. */
export interface FrameAssemblerOptions {
  /**
   * Largest frame accepted, as {@linkcode FrameLength.frameLength} counts it; a larger one is
   * `FRAME_TOO_LARGE`. Default 64 MiB. `Infinity` is refused (`INVALID_VALUE`) unless
   * `allowUnboundedFrames` is set.
   */
  maxFrameBytes?: number;
  /** Accept `maxFrameBytes: Infinity`: only for trusted peers. Default false. */
  allowUnboundedFrames?: boolean;
  /** What the errors name as the thing being read. Default `"frame"`. */
  context?: string;
}

/** Default {@linkcode FrameAssemblerOptions.maxFrameBytes}. */
const DEFAULT_MAX_FRAME_BYTES = 64 * 1024 * 1024;
/** First capacity of a split frame's buffer (or the frame's length, if smaller). */
const FIRST_BUFFER_BYTES = 4096;

/**
 * Cuts a byte stream into frames; see the module documentation for the contract.
 *
 * @example
 * ```ts
 * import { FrameAssembler } from "@streamwire/codec/wire";
 * // Frames with a 1-byte length that counts itself.
 * const frames = new FrameAssembler({ prefixBytes: 1, frameLength: (p) => p[0] });
 * console.log(frames.push(new Uint8Array([2, 9, 3]))); // [ Uint8Array(2) [ 2, 9 ] ]
 * console.log(frames.push(new Uint8Array([7, 7]))); // [ Uint8Array(3) [ 3, 7, 7 ] ]
 * console.log(frames.buffered); // 0
 * ```
 */
export class FrameAssembler {
  /** Largest frame accepted, as the framing counts it. */
  readonly maxFrameBytes: number;
  readonly #length: FrameLength;
  readonly #uncounted: number;
  readonly #context: string;
  /** Bytes of a prefix that arrived split across chunks. */
  readonly #head: Uint8Array;
  #headLen = 0;
  /** The split frame being assembled: `#frameLen` of its `#frameSize` bytes are in. */
  #frame: Uint8Array | undefined;
  #frameLen = 0;
  #frameSize = 0;
  /** Stream offset of the next byte `push` will see. */
  #consumed = 0;
  #failed: unknown;

  /** An assembler with no bytes yet; `INVALID_VALUE` for a bad `maxFrameBytes`. */
  constructor(length: FrameLength, options: FrameAssemblerOptions = {}) {
    if (!Number.isInteger(length.prefixBytes) || length.prefixBytes < 1) {
      throw new WireError("INVALID_VALUE", {
        detail: `prefixBytes ${length.prefixBytes} is not a positive integer`,
      });
    }
    this.maxFrameBytes = resolveMaxFrameBytes(
      options.maxFrameBytes,
      DEFAULT_MAX_FRAME_BYTES,
      options.allowUnboundedFrames,
    );
    this.#length = length;
    this.#uncounted = length.uncountedBytes ?? 0;
    this.#context = options.context ?? "frame";
    this.#head = new Uint8Array(length.prefixBytes);
  }

  /**
   * Bytes received that belong to no frame returned yet (prefixes included).
   *
   * @example
   * ```ts
   * import { FrameAssembler } from "@streamwire/codec/wire";
   * const frames = new FrameAssembler({ prefixBytes: 1, frameLength: (p) => p[0] });
   * frames.push(new Uint8Array([4, 1]));
   * console.log(frames.buffered); // 2
   * ```
   */
  get buffered(): number {
    return this.#frame === undefined ? this.#headLen : this.#frameLen;
  }

  /**
   * Consumes `chunk` and returns the frames it completes, in order (see the module
   * documentation for which are views of `chunk`). With `each`, the frames go to `each` instead
   * (the call returns an empty array), and those before a bad prefix still do before the error
   * is thrown: a peer's good answers are not lost to the bad frame after them.
   *
   * @example
   * ```ts
   * import { FrameAssembler } from "@streamwire/codec/wire";
   * const frames = new FrameAssembler({ prefixBytes: 1, frameLength: (p) => p[0] }, { maxFrameBytes: 8 });
   * try {
   *   frames.push(new Uint8Array([200]));
   * } catch (e) {
   *   console.log((e as { code: string }).code); // FRAME_TOO_LARGE
   * }
   * ```
   */
  push(chunk: Uint8Array, each?: (frame: Uint8Array) => void): Uint8Array[] {
    if (this.#failed !== undefined) throw this.#failed;
    const out: Uint8Array[] = [];
    try {
      this.#push(chunk, out);
    } catch (e) {
      this.#failed = e;
      if (each !== undefined) { for (let i = 0; i < out.length; i++) each(out[i]); }
      throw e;
    }
    if (each === undefined) return out;
    for (let i = 0; i < out.length; i++) each(out[i]);
    return [];
  }

  #push(chunk: Uint8Array, out: Uint8Array[]): void {
    const n = chunk.length;
    const prefix = this.#head.length;
    let p = 0;
    while (p < n) {
      if (this.#frame !== undefined) {
        const take = Math.min(this.#frameSize - this.#frameLen, n - p);
        const frame = this.#reserve(this.#frameLen + take);
        frame.set(chunk.subarray(p, p + take), this.#frameLen);
        this.#frameLen += take;
        p += take;
        if (this.#frameLen === this.#frameSize) this.#emit(out);
        continue;
      }
      if (this.#headLen === 0 && n - p >= prefix) {
        const size = this.#measure(chunk.subarray(p, p + prefix), this.#consumed + p);
        if (n - p >= size) {
          // The whole frame is in this chunk: hand out a view.
          out.push(chunk.subarray(p, p + size));
          p += size;
        } else {
          // Only what arrived is allocated (the loop copies the rest of this chunk next).
          this.#start(size, n - p);
        }
        continue;
      }
      const k = Math.min(prefix - this.#headLen, n - p);
      this.#head.set(chunk.subarray(p, p + k), this.#headLen);
      this.#headLen += k;
      p += k;
      if (this.#headLen < prefix) break;
      const size = this.#measure(this.#head, this.#consumed + p - prefix);
      this.#start(size, prefix + n - p);
      this.#frame!.set(this.#head);
      this.#frameLen = prefix;
      this.#headLen = 0;
      if (this.#frameLen === size) this.#emit(out);
    }
    this.#consumed += n;
  }

  /** The frame's whole length from its prefix, after the limit check. */
  #measure(prefix: Uint8Array, at: number): number {
    const counted = this.#length.frameLength(prefix, at);
    checkFrameLimit(counted, this.maxFrameBytes, at, this.#context);
    const size = counted + this.#uncounted;
    if (!Number.isInteger(size) || size < prefix.length) {
      throw new WireError("INVALID_VALUE", {
        offset: at,
        context: this.#context,
        detail: `frame length ${size} is shorter than its ${prefix.length}-byte prefix`,
      });
    }
    return size;
  }

  #start(size: number, arrived: number): void {
    this.#frame = new Uint8Array(Math.min(size, Math.max(FIRST_BUFFER_BYTES, arrived)));
    this.#frameSize = size;
    this.#frameLen = 0;
  }

  #emit(out: Uint8Array[]): void {
    out.push(this.#frame!);
    this.#frame = undefined;
    this.#frameLen = 0;
  }

  /** The frame buffer with room for `need` bytes: doubled (at most to the frame's length) when full. */
  #reserve(need: number): Uint8Array {
    const frame = this.#frame!;
    if (need <= frame.length) return frame;
    const next = new Uint8Array(Math.min(this.#frameSize, Math.max(need, frame.length * 2)));
    next.set(frame.subarray(0, this.#frameLen));
    this.#frame = next;
    return next;
  }

  /**
   * Call at end of stream: throws `TRUNCATED` (incomplete) if part of a frame is buffered.
   *
   * @example
   * ```ts
   * import { FrameAssembler, isWireError } from "@streamwire/codec/wire";
   * const frames = new FrameAssembler({ prefixBytes: 1, frameLength: (p) => p[0] });
   * frames.push(new Uint8Array([9, 1])); // 2 of 9 bytes, then the socket closes
   * try {
   *   frames.end();
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code, e.need); // TRUNCATED 7
   * }
   * ```
   */
  end(): void {
    if (this.#failed !== undefined) throw this.#failed;
    const buffered = this.buffered;
    if (buffered === 0) return;
    const need = this.#frame !== undefined
      ? this.#frameSize - this.#frameLen
      : this.#head.length - this.#headLen;
    throw new WireError("TRUNCATED", {
      offset: this.#consumed,
      need,
      have: 0,
      incomplete: true,
      context: this.#context,
      detail: `${buffered} byte(s) of an unfinished frame`,
    });
  }
}
