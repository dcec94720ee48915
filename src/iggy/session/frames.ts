/**
 * Consensus frame assembly shared by both ends of an Iggy VSR client connection: socket chunks
 * in, whole frames (256-byte header + body, `size` bytes in all) out, over the shared
 * `FrameAssembler` of `./wire`.
 *
 * @module
 */

import { WireError } from "../../wire/error.ts";
import { FrameAssembler, type FrameLength } from "../../wire/frame_assembler.ts";
import { HEADER_SIZE, readSizeField, SIZE_FIELD_OFFSET } from "../consensus/header.ts";

/** The default cap on one consensus frame (header + body): 64 MiB. */
export const DEFAULT_MAX_CONSENSUS_FRAME = 64 * 1024 * 1024;

/** Options of {@linkcode ConsensusFrameAssembler}. */
export interface ConsensusFrameOptions {
  /**
   * Largest frame accepted, header + body (default {@linkcode DEFAULT_MAX_CONSENSUS_FRAME}); a
   * larger `size` is `FRAME_TOO_LARGE` as soon as the header is in. `Infinity` is refused
   * (`INVALID_VALUE`) unless `allowUnboundedFrames` is set.
   */
  maxFrameBytes?: number;
  /** Accept `maxFrameBytes: Infinity`: only for trusted peers. Default false. */
  allowUnboundedFrames?: boolean;
}

/** The header's `size` counts the whole frame; a frame is never shorter than its header. */
const CONSENSUS_FRAME_LENGTH: FrameLength = {
  prefixBytes: HEADER_SIZE,
  frameLength(header: Uint8Array, at: number): number {
    const size = readSizeField(header)!;
    if (size < HEADER_SIZE) {
      throw new WireError("INVALID_VALUE", {
        context: "ConsensusFrame",
        detail: `size ${size} is shorter than the ${HEADER_SIZE}-byte header`,
        offset: at + SIZE_FIELD_OFFSET,
      });
    }
    return size;
  },
};

/**
 * Collects socket chunks and cuts them into consensus frames. The ownership, limit and error
 * rules are the `FrameAssembler`'s (`./wire`): the `size` field is checked against the cap and
 * the header length as soon as the header is in, the body is never reserved up front, a frame
 * inside one chunk is a view of it, and the chunk is never kept.
 *
 * @example
 * ```ts
 * import { ConsensusFrameAssembler, PrepareOkHeader } from "@streamwire/codec/iggy";
 * const frames = new ConsensusFrameAssembler({ maxFrameBytes: 1 << 20 });
 * const bytes = PrepareOkHeader.create({ op: 8n, commit: 7n }).bytes;
 * console.log(frames.push(bytes.subarray(0, 100)).length, frames.push(bytes.subarray(100)).length); // 0 1
 * ```
 */
export class ConsensusFrameAssembler {
  readonly #frames: FrameAssembler;

  /** An assembler with no bytes yet; `INVALID_VALUE` for a bad `maxFrameBytes`. */
  constructor(options: ConsensusFrameOptions = {}) {
    this.#frames = new FrameAssembler(CONSENSUS_FRAME_LENGTH, {
      maxFrameBytes: options.maxFrameBytes ?? DEFAULT_MAX_CONSENSUS_FRAME,
      allowUnboundedFrames: options.allowUnboundedFrames,
      context: "ConsensusFrame",
    });
  }

  /** Largest frame accepted, header + body. */
  get maxFrameBytes(): number {
    return this.#frames.maxFrameBytes;
  }

  /** Bytes received but not yet returned as part of a frame. */
  get buffered(): number {
    return this.#frames.buffered;
  }

  /**
   * Consumes `chunk` and returns every frame it completes, in order; with `each`, hands them to
   * it instead, those before a bad header included (then the error is thrown).
   */
  push(chunk: Uint8Array, each?: (frame: Uint8Array) => void): Uint8Array[] {
    return this.#frames.push(chunk, each);
  }

  /** Call at end of stream: `TRUNCATED` (incomplete) when part of a frame is buffered. */
  end(): void {
    this.#frames.end();
  }
}
