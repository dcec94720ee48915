/**
 * TCP stream reassembly for the inspector: per direction, segments are put back in sequence
 * order; retransmissions and overlaps are trimmed to the bytes not yet delivered; segments
 * that arrive early wait (up to a bound) for the gap before them; a capture that starts
 * mid-stream begins at the first byte seen. When the wait bound is hit or the capture ends
 * with a hole, the hole is skipped and reported, so the protocol layer can resynchronise.
 *
 * @module
 */

/** What a half-stream delivers: bytes in order, or a hole of `gap` bytes that were never captured. */
export type StreamPiece = { bytes: Uint8Array; gap?: undefined } | { bytes?: undefined; gap: number };

/** Bytes of early segments one direction may hold while it waits for a hole to fill. */
const DEFAULT_MAX_PENDING = 8 * 1024 * 1024;

/** Signed distance a - b in 32-bit sequence space. */
function seqDiff(a: number, b: number): number {
  return (a - b) | 0;
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
  /** Next sequence number to deliver; undefined until the first SYN or data. */
  #next: number | undefined;
  #pending = new Map<number, Uint8Array>();
  #pendingBytes = 0;
  readonly #maxPending: number;
  /** True when the first bytes seen were not preceded by a SYN. */
  midstream = false;
  /** Bytes skipped as holes so far. */
  lost = 0;

  /** A half-stream that holds at most `maxPending` bytes of early segments. */
  constructor(maxPending = DEFAULT_MAX_PENDING) {
    this.#maxPending = maxPending;
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
      const had = this.#pending.get(seq);
      if (!had || had.length < payload.length) {
        if (had) this.#pendingBytes -= had.length;
        // Copy: the packet buffer may be reused by the reader.
        this.#pending.set(seq, payload.slice());
        this.#pendingBytes += payload.length;
      }
      if (this.#pendingBytes > this.#maxPending) this.#skipHole(out);
      return out;
    }
    this.#deliver(seq, payload, out);
    this.#drain(out);
    return out;
  }

  /** Delivers what is still waiting, skipping holes (end of capture, or FIN/RST). */
  flush(): StreamPiece[] {
    const out: StreamPiece[] = [];
    while (this.#pending.size > 0) this.#skipHole(out);
    return out;
  }

  #deliver(seq: number, payload: Uint8Array, out: StreamPiece[]): void {
    const d = seqDiff(seq, this.#next!);
    if (-d >= payload.length) return; // retransmission of bytes already delivered
    const fresh = d < 0 ? payload.subarray(-d) : payload;
    out.push({ bytes: fresh });
    this.#next = (this.#next! + fresh.length) >>> 0;
  }

  #drain(out: StreamPiece[]): void {
    let progressed = true;
    while (progressed && this.#pending.size > 0) {
      progressed = false;
      for (const [seq, bytes] of this.#pending) {
        if (seqDiff(seq, this.#next!) <= 0) {
          this.#pending.delete(seq);
          this.#pendingBytes -= bytes.length;
          this.#deliver(seq, bytes, out);
          progressed = true;
        }
      }
    }
  }

  #skipHole(out: StreamPiece[]): void {
    let first: number | undefined;
    for (const seq of this.#pending.keys()) {
      if (first === undefined || seqDiff(seq, first) < 0) first = seq;
    }
    if (first === undefined) return;
    const gap = seqDiff(first, this.#next!);
    if (gap > 0) {
      out.push({ gap });
      this.lost += gap;
      this.#next = first;
    }
    this.#drain(out);
  }
}
