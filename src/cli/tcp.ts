/**
 * TCP stream reassembly for the inspector: per direction, segments are put back in sequence
 * order; retransmissions and overlaps are trimmed to the bytes not yet delivered; segments
 * that arrive early wait (up to a bound) for the gap before them; a capture that starts
 * mid-stream begins at the first byte seen. When the wait bound is hit or the capture ends
 * with a hole, the hole is skipped and reported, so the protocol layer can resynchronise.
 *
 * Early segments wait in a min-heap keyed by their offset in the stream (the sequence number
 * unwrapped), so each is put in and taken out once, in O(log n), whatever order segments come
 * in: reassembly is O(n log n) in the segments, never a scan of the waiting ones per arrival.
 * What waits is bounded per direction in bytes and in segments (a 1-byte segment costs far more
 * than a byte to hold), and across all streams that share a {@linkcode ReassemblyBudget}.
 *
 * @module
 */

/** What a half-stream delivers: bytes in order, or a hole of `gap` bytes that were never captured. */
export type StreamPiece = { bytes: Uint8Array; gap?: undefined } | { bytes?: undefined; gap: number };

/** Bytes of early segments one direction may hold while it waits for a hole to fill. */
const DEFAULT_MAX_PENDING = 8 * 1024 * 1024;
/** Early segments one direction may hold (tiny segments cost more than their bytes). */
const DEFAULT_MAX_SEGMENTS = 32 * 1024;
/** What holding one early segment costs beyond its bytes (objects, heap slot), for the budget. */
const SEGMENT_OVERHEAD = 256;

/** Signed distance a - b in 32-bit sequence space. */
function seqDiff(a: number, b: number): number {
  return (a - b) | 0;
}

/**
 * A bound on the early segments all the half-streams sharing it hold together: when one of
 * them would pass it, that one skips its holes and delivers what it holds.
 *
 * @example
 * ```ts
 * import { HalfStream, ReassemblyBudget } from "@streamwire/codec/cli";
 * const budget = new ReassemblyBudget(1024);
 * const h = new HalfStream(undefined, budget);
 * h.syn(0);
 * console.log(h.segment(11, new Uint8Array(100)).length, budget.used); // 0 356
 * ```
 */
export class ReassemblyBudget {
  /** The bound, in bytes (each early segment counts its bytes and a fixed overhead). */
  readonly max: number;
  /** What is held now. */
  used = 0;

  /** A budget of `max` bytes. */
  constructor(max: number) {
    this.max = max;
  }
}

/**
 * One direction of a TCP connection.
 *
 * @example
 * ```ts
 * import { HalfStream } from "@streamwire/codec/cli";
 * const h = new HalfStream();
 * h.syn(99);
 * console.log(h.segment(104, new Uint8Array([5])).length); // 0 (waits for 100..103)
 * const out = h.segment(100, new Uint8Array([1, 2, 3, 4]));
 * console.log(out.map((p) => p.bytes?.length)); // [ 4, 1 ]
 * ```
 */
export class HalfStream {
  /** Sequence number of the next byte to deliver; undefined until the first SYN or data. */
  #next: number | undefined;
  /** Stream offset of the next byte to deliver (`#next` unwrapped). */
  #pos = 0;
  /** Early segments: a binary min-heap of stream offsets, with their bytes beside. */
  #heapAt: number[] = [];
  #heapBytes: Uint8Array[] = [];
  /** Bytes of the early segments. */
  #pendingBytes = 0;
  readonly #maxPending: number;
  readonly #maxSegments: number;
  readonly #budget: ReassemblyBudget | undefined;
  /** True when the first bytes seen were not preceded by a SYN. */
  midstream = false;
  /** Bytes skipped as holes so far. */
  lost = 0;

  /**
   * A half-stream that holds at most `maxPending` bytes and `maxSegments` segments of early
   * data, and draws on `budget` when given.
   */
  constructor(
    maxPending: number = DEFAULT_MAX_PENDING,
    budget?: ReassemblyBudget,
    maxSegments: number = DEFAULT_MAX_SEGMENTS,
  ) {
    this.#maxPending = maxPending;
    this.#budget = budget;
    this.#maxSegments = maxSegments;
  }

  /** Early segments waiting. */
  get pendingSegments(): number {
    return this.#heapAt.length;
  }

  /** Records a SYN with sequence number `seq`. */
  syn(seq: number): void {
    if (this.#next === undefined) this.#next = (seq + 1) >>> 0;
  }

  /** Adds a segment's payload; returns what can now be delivered in order. */
  segment(seq: number, payload: Uint8Array): StreamPiece[] {
    if (payload.length === 0) return [];
    if (this.#next === undefined) {
      this.#next = seq;
      this.midstream = true;
    }
    const out: StreamPiece[] = [];
    const d = seqDiff(seq, this.#next);
    if (d > 0) {
      // Copy: the packet buffer may be reused by the reader.
      this.#push(this.#pos + d, payload.slice());
      const b = this.#budget;
      while (
        this.#heapAt.length > 0 &&
        (this.#pendingBytes > this.#maxPending || this.#heapAt.length > this.#maxSegments ||
          (b !== undefined && b.used > b.max))
      ) this.#skipHole(out);
      return out;
    }
    this.#deliver(this.#pos + d, payload, out);
    this.#drain(out);
    return out;
  }

  /** Delivers what is still waiting, skipping holes (end of capture, or FIN/RST). */
  flush(): StreamPiece[] {
    const out: StreamPiece[] = [];
    while (this.#heapAt.length > 0) this.#skipHole(out);
    return out;
  }

  /** Delivers the part of `payload` (which starts at stream offset `at`) not delivered yet. */
  #deliver(at: number, payload: Uint8Array, out: StreamPiece[]): void {
    const d = at - this.#pos;
    if (-d >= payload.length) return; // retransmission of bytes already delivered
    const fresh = d < 0 ? payload.subarray(-d) : payload;
    out.push({ bytes: fresh });
    this.#pos += fresh.length;
    this.#next = (this.#next! + fresh.length) >>> 0;
  }

  /** Delivers every waiting segment that now starts at or before the next byte. */
  #drain(out: StreamPiece[]): void {
    while (this.#heapAt.length > 0 && this.#heapAt[0] <= this.#pos) {
      const at = this.#heapAt[0];
      const bytes = this.#pop();
      this.#deliver(at, bytes, out);
    }
  }

  /** Skips the hole before the first waiting segment, and delivers from there. */
  #skipHole(out: StreamPiece[]): void {
    if (this.#heapAt.length === 0) return;
    const gap = this.#heapAt[0] - this.#pos;
    if (gap > 0) {
      out.push({ gap });
      this.lost += gap;
      this.#pos += gap;
      this.#next = (this.#next! + gap) >>> 0;
    }
    this.#drain(out);
  }

  #push(at: number, bytes: Uint8Array): void {
    const h = this.#heapAt, hb = this.#heapBytes;
    let i = h.length;
    h.push(at);
    hb.push(bytes);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (h[parent] <= at) break;
      h[i] = h[parent];
      hb[i] = hb[parent];
      i = parent;
    }
    h[i] = at;
    hb[i] = bytes;
    this.#pendingBytes += bytes.length;
    if (this.#budget) this.#budget.used += bytes.length + SEGMENT_OVERHEAD;
  }

  #pop(): Uint8Array {
    const h = this.#heapAt, hb = this.#heapBytes;
    const top = hb[0];
    const lastAt = h.pop()!;
    const lastBytes = hb.pop()!;
    const n = h.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && h[child + 1] < h[child]) child++;
        if (h[child] >= lastAt) break;
        h[i] = h[child];
        hb[i] = hb[child];
        i = child;
      }
      h[i] = lastAt;
      hb[i] = lastBytes;
    }
    this.#pendingBytes -= top.length;
    if (this.#budget) this.#budget.used -= top.length + SEGMENT_OVERHEAD;
    return top;
  }
}
