/**
 * Private: the growable output buffer every decompressor writes into, with the output cap
 * checked before each growth so no allocation exceeds `maxOutputBytes`.
 *
 * @module
 */

import { limitExceeded } from "./codec.ts";

/** Output bytes `[0, pos)` of `buf`, growing by doubling but never past `cap`. */
export class ByteSink {
  /** Current buffer; only `[0, pos)` is meaningful. */
  buf: Uint8Array;
  /** Bytes written so far. */
  pos: number;
  /** Most bytes the sink may ever hold. */
  readonly cap: number;
  /** Codec name for error messages. */
  readonly codec: string;

  /** `initial` is clamped to `cap`, so a lying size hint cannot force a large allocation. */
  constructor(codec: string, cap: number, initial: number) {
    this.codec = codec;
    this.cap = cap;
    this.buf = new Uint8Array(Math.max(0, Math.min(initial, cap)));
    this.pos = 0;
  }

  /**
   * Makes `buf.length >= need` (a total size, not an increment) and returns the buffer;
   * `LIMIT_EXCEEDED` when `need` passes the cap.
   */
  grow(need: number, inputOffset?: number): Uint8Array {
    if (need <= this.buf.length) return this.buf;
    if (need > this.cap) throw limitExceeded(this.codec, this.cap, need, inputOffset);
    // An empty sink was not sized yet: take exactly what is asked (often the final size).
    let size = this.buf.length === 0 ? need : Math.max(this.buf.length * 2, 1024);
    if (size < need) size = need;
    if (size > this.cap) size = this.cap;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    return next;
  }

  /** The written bytes: the buffer itself when it is exactly full, else a trimmed copy. */
  result(): Uint8Array {
    return this.pos === this.buf.length ? this.buf : this.buf.slice(0, this.pos);
  }
}
