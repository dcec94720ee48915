/**
 * Consensus frame assembly shared by both ends of an Iggy VSR client connection: socket chunks
 * in, whole frames (256-byte header + body, `size` bytes in all) out.
 *
 * @module
 */

import { WireError } from "../../wire/error.ts";
import { HEADER_SIZE, readSizeField } from "../consensus/header.ts";

/** The default cap on one consensus frame (header + body): 64 MiB. */
export const DEFAULT_MAX_CONSENSUS_FRAME = 64 * 1024 * 1024;

/**
 * Collects socket chunks and cuts them into consensus frames. The `size` field is checked
 * against the cap and against the header length as soon as the header is in; the body is
 * never reserved up front — chunks are kept as they arrive and copied once the frame is whole.
 */
export class ConsensusFrameAssembler {
  #chunks: Uint8Array[] = [];
  #buffered = 0;
  readonly #max: number;

  /** `maxFrameBytes` caps header + body (default {@linkcode DEFAULT_MAX_CONSENSUS_FRAME}). */
  constructor(maxFrameBytes: number = DEFAULT_MAX_CONSENSUS_FRAME) {
    this.#max = maxFrameBytes;
  }

  /** Bytes received but not yet returned as part of a frame. */
  get buffered(): number {
    return this.#buffered;
  }

  /** Appends `chunk` and returns every frame it completes (each a fresh array). */
  push(chunk: Uint8Array): Uint8Array[] {
    if (chunk.length > 0) {
      this.#chunks.push(chunk.slice());
      this.#buffered += chunk.length;
    }
    const frames: Uint8Array[] = [];
    for (;;) {
      if (this.#buffered < HEADER_SIZE) return frames;
      const size = readSizeField(this.#peek(52))!;
      if (size < HEADER_SIZE) {
        throw new WireError("INVALID_VALUE", {
          context: "ConsensusFrame",
          detail: `size ${size} is shorter than the ${HEADER_SIZE}-byte header`,
          offset: 48,
        });
      }
      if (size > this.#max) {
        throw new WireError("LIMIT_EXCEEDED", {
          context: "ConsensusFrame",
          detail: `frame of ${size} bytes exceeds the cap of ${this.#max}`,
          offset: 48,
        });
      }
      if (this.#buffered < size) return frames;
      frames.push(this.#take(size));
    }
  }

  #peek(n: number): Uint8Array {
    const first = this.#chunks[0];
    if (first.length >= n) return first.subarray(0, n);
    const out = new Uint8Array(n);
    let at = 0;
    for (const c of this.#chunks) {
      const k = Math.min(c.length, n - at);
      out.set(c.subarray(0, k), at);
      at += k;
      if (at === n) break;
    }
    return out;
  }

  #take(n: number): Uint8Array {
    const out = new Uint8Array(n);
    let at = 0;
    while (at < n) {
      const c = this.#chunks[0];
      const k = Math.min(c.length, n - at);
      out.set(c.subarray(0, k), at);
      at += k;
      if (k === c.length) this.#chunks.shift();
      else this.#chunks[0] = c.subarray(k);
    }
    this.#buffered -= n;
    return out;
  }
}
