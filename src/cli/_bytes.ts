/**
 * A byte queue for the inspector's stream parsers: chunks are appended as they arrive and
 * consumed from the front. Bytes are copied once, into the queue's buffer, and what `take`
 * hands out are views of it: the queue never writes over a byte it has handed out (it moves
 * to a new buffer instead of compacting), so a decoded message may keep views into its frame.
 * The buffer grows with what has actually arrived (from a few bytes, doubling), so pushing N
 * bytes in any chunking costs O(N), a claimed length costs nothing until its bytes exist, and
 * a stream that sent 5 bytes holds a buffer of 64.
 *
 * @module
 */

/** Smallest buffer the queue allocates: small, so that an idle stream costs next to nothing. */
const MIN_BUFFER = 64;
/** A drained buffer larger than this is let go rather than kept for the next bytes. */
const KEEP_BUFFER = 1024 * 1024;

let none: Uint8Array | undefined;

/** The empty buffer every empty queue (and empty payload) shares (made on first use, never written). */
export function empty(): Uint8Array {
  return none ??= new Uint8Array(0);
}

/** Unread bytes of one direction of a stream. */
export class ByteQueue {
  #buf: Uint8Array = empty();
  #start = 0;
  #end = 0;

  /** Number of unread bytes. */
  get length(): number {
    return this.#end - this.#start;
  }

  /** Appends a copy of `chunk`. */
  push(chunk: Uint8Array): void {
    const n = chunk.length;
    if (n === 0) return;
    if (this.#end + n > this.#buf.length) {
      // A fresh buffer rather than compaction: earlier views stay valid.
      const live = this.#end - this.#start;
      const next = new Uint8Array(Math.max(MIN_BUFFER, 2 * (live + n)));
      next.set(this.#buf.subarray(this.#start, this.#end));
      this.#buf = next;
      this.#start = 0;
      this.#end = live;
    }
    this.#buf.set(chunk, this.#end);
    this.#end += n;
  }

  /** Bytes the queue's buffer holds room for (what it costs; grows with what arrived). */
  get capacity(): number {
    return this.#buf.length;
  }

  /** A view of the first `n` unread bytes (for looking; valid until the next `push`). */
  peek(n = this.length): Uint8Array {
    return this.#buf.subarray(this.#start, this.#start + Math.min(n, this.length));
  }

  /** The byte at `i` from the front. */
  at(i: number): number {
    return this.#buf[this.#start + i];
  }

  /** Removes the first `n` bytes and returns them as a view that stays valid. */
  take(n: number): Uint8Array {
    const out = this.#buf.subarray(this.#start, this.#start + n);
    this.skip(n);
    return out;
  }

  /** Drops the first `n` bytes. */
  skip(n: number): void {
    this.#start += Math.min(n, this.length);
    // Emptied after a large frame: let its buffer go with the views handed out of it.
    if (this.#start === this.#end && this.#buf.length > KEEP_BUFFER) this.clear();
  }

  /** Drops everything. */
  clear(): void {
    this.#buf = empty();
    this.#start = 0;
    this.#end = 0;
  }
}

/** Big-endian u32 from `b` at `o`. */
export function u32be(b: Uint8Array, o: number): number {
  return ((b[o] << 24) | (b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]) >>> 0;
}

/** Little-endian u32 from `b` at `o`. */
export function u32le(b: Uint8Array, o: number): number {
  return (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24)) >>> 0;
}

/** Big-endian u16 from `b` at `o`. */
export function u16be(b: Uint8Array, o: number): number {
  return (b[o] << 8) | b[o + 1];
}

/** Little-endian u16 from `b` at `o`. */
export function u16le(b: Uint8Array, o: number): number {
  return b[o] | (b[o + 1] << 8);
}

let pairs: string[] | undefined;

/** Lowercase hex of `b` (at most `max` bytes, then `…`). */
export function toHex(b: Uint8Array, max = Infinity): string {
  // The byte-pair table is built on first use, not at import.
  const hex = pairs ??= Array.from({ length: 256 }, (_, i) => (i < 16 ? "0" : "") + i.toString(16));
  const n = Math.min(b.length, max);
  let s = "";
  for (let i = 0; i < n; i++) s += hex[b[i]];
  return n < b.length ? s + "…" : s;
}
