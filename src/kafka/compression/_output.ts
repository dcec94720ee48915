/**
 * Private: the growable output buffer every decompressor writes into, and the one growth
 * policy for decompression output (zstd keeps its own buffer but sizes it with
 * {@linkcode grownCapacity}).
 *
 * The policy keeps the peak memory of one decompression — the old and the new buffer during a
 * growth, or the buffer and its trimmed copy at the end — at most 1.25 × the output cap:
 *
 * - a size the stream declares and is bound by (a content size that must match), or an upper
 *   bound from its block headers (`_size_bound.ts`), is allocated once, exactly;
 * - a size hint that is usually right (gzip's ISIZE) is allocated once; if the output outgrows
 *   it the sink throws {@linkcode HINT_MISSED} and the codec starts again without the hint;
 * - otherwise the buffer doubles from 1 KiB while it stays within a quarter of the cap, and the
 *   growth that would pass a quarter goes straight to the cap (old ≤ cap/4, new = cap);
 * - the result is the buffer itself, or a view of it when at most 1/8 of it is unused (the slack
 *   of an upper bound is at most one block); else a trimmed copy when buffer + copy fit in
 *   1.25 × the cap, else a view (the record decoders charge a buffer's whole size to their
 *   budget).
 *
 * A size declared for one part of the input (a frame's content size, a block's length) is
 * allocated exactly only when nothing else can follow it (a raw snappy block); otherwise, when
 * no bound could be read for the whole input, it goes through the doubling rule, so that a
 * later part cannot make a large exact buffer grow.
 *
 * @module
 */

import { limitExceeded } from "./codec.ts";

/** Peak memory of one decompression, as a multiple of its output cap. */
export const PEAK_FACTOR = 1.25;

/**
 * The capacity a buffer of `len` bytes should grow to so that it holds `need` bytes
 * (`len < need <= cap`): doubling (from 1 KiB) within a quarter of `cap`, else `cap`.
 */
export function grownCapacity(len: number, need: number, cap: number): number {
  const size = Math.max(need, len * 2, 1024);
  return size > cap / 4 ? cap : size;
}

/** Thrown by {@linkcode ByteSink.grow} when the output outgrows a trusted hint; never escapes a codec. */
export const HINT_MISSED: { readonly hintMissed: true } = Object.freeze({ hintMissed: true });

/** Output bytes `[0, pos)` of `buf`, grown by {@linkcode grownCapacity}, never past `cap`. */
export class ByteSink {
  /** Current buffer; only `[0, pos)` is meaningful. */
  buf: Uint8Array;
  /** Bytes written so far. */
  pos: number;
  /** Most bytes the sink may ever hold. */
  readonly cap: number;
  /** Codec name for error messages. */
  readonly codec: string;

  /** A trusted hint the output may not outgrow (-1: none). */
  readonly #ceiling: number;
  /** False when a whole-input size was asked for and could not be read: `exact` is then ignored. */
  readonly #exactAllowed: boolean;

  /**
   * `guess` is a first size from the input (a hint that may lie): clamped to a quarter of the
   * cap, so that growing from it stays within the peak bound. `sized` is either a true upper
   * bound of the output (`"bound"`) or a hint to trust once (`"hint"`); when it is at most the
   * cap it is allocated exactly instead of `guess`.
   */
  constructor(codec: string, cap: number, guess: number, sized?: { size: number; kind: "bound" | "hint" }) {
    this.codec = codec;
    this.cap = cap;
    this.pos = 0;
    this.#exactAllowed = sized === undefined;
    if (sized !== undefined && sized.size >= 0 && sized.size <= cap) {
      this.buf = new Uint8Array(sized.size);
      this.#ceiling = sized.kind === "hint" && sized.size > cap / 4 ? sized.size : -1;
    } else {
      this.buf = new Uint8Array(Math.max(0, Math.min(guess, Math.floor(cap / 4))));
      this.#ceiling = -1;
    }
  }

  /**
   * Makes `buf.length >= need` (a total size, not an increment) and returns the buffer;
   * `LIMIT_EXCEEDED` when `need` passes the cap. `exact` says `need` is a declared, binding
   * size: an empty sink made without a `sized` argument then allocates exactly that.
   */
  grow(need: number, inputOffset?: number, exact = false): Uint8Array {
    if (need <= this.buf.length) return this.buf;
    if (need > this.cap) throw limitExceeded(this.codec, this.cap, need, inputOffset);
    // Growing from a large trusted hint could pass the peak bound: start again without it.
    if (this.#ceiling >= 0) throw HINT_MISSED;
    const size = exact && this.#exactAllowed && this.pos === 0
      ? need
      : grownCapacity(this.buf.length, need, this.cap);
    const next = new Uint8Array(size);
    if (this.pos > 0) next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    return next;
  }

  /** The written bytes (see the module notes for when this is a copy and when a view). */
  result(): Uint8Array {
    return trimmed(this.buf, this.pos, this.cap);
  }
}

/** `buf[0, pos)`: a view when little is unused or a copy would pass the peak bound, else a copy. */
export function trimmed(buf: Uint8Array, pos: number, cap: number): Uint8Array {
  if (pos === buf.length) return buf;
  if (buf.length - pos <= buf.length / 8) return buf.subarray(0, pos);
  return buf.length + pos <= PEAK_FACTOR * cap ? buf.slice(0, pos) : buf.subarray(0, pos);
}
