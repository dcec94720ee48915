/**
 * A byte queue for the inspector's stream parsers: chunks are appended as they arrive and
 * consumed from the front. It keeps the unread bytes in one buffer that grows with what has
 * actually arrived (doubling, compacted before it grows), so pushing N bytes in any chunking
 * costs O(N) and a claimed length costs nothing until its bytes exist.
 *
 * @module
 */

/** Unread bytes of one direction of a stream. */
export class ByteQueue {
  #buf: Uint8Array = new Uint8Array(0);
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
      const live = this.#end - this.#start;
      if (live + n <= this.#buf.length && this.#start > 0) {
        this.#buf.copyWithin(0, this.#start, this.#end);
      } else {
        let cap = Math.max(4096, this.#buf.length);
        while (cap < live + n) cap *= 2;
        const next = new Uint8Array(cap);
        next.set(this.#buf.subarray(this.#start, this.#end));
        this.#buf = next;
      }
      this.#start = 0;
      this.#end = live;
    }
    this.#buf.set(chunk, this.#end);
    this.#end += n;
  }

  /** A view of the unread bytes (valid until the next `push`). */
  peek(n = this.length): Uint8Array {
    return this.#buf.subarray(this.#start, this.#start + Math.min(n, this.length));
  }

  /** The byte at `i` from the front. */
  at(i: number): number {
    return this.#buf[this.#start + i];
  }

  /** Removes and returns a copy of the first `n` bytes. */
  take(n: number): Uint8Array {
    const out = this.#buf.slice(this.#start, this.#start + n);
    this.skip(n);
    return out;
  }

  /** Drops the first `n` bytes. */
  skip(n: number): void {
    this.#start += Math.min(n, this.length);
    if (this.#start === this.#end) {
      this.#start = 0;
      this.#end = 0;
      // Let a buffer grown for one large frame go once it has been consumed.
      if (this.#buf.length > 1 << 20) this.#buf = new Uint8Array(0);
    }
  }

  /** Drops everything. */
  clear(): void {
    this.#buf = new Uint8Array(0);
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

/** Lowercase hex of `b` (at most `max` bytes, then `…`). */
export function toHex(b: Uint8Array, max = Infinity): string {
  const n = Math.min(b.length, max);
  let s = "";
  for (let i = 0; i < n; i++) s += (b[i] < 16 ? "0" : "") + b[i].toString(16);
  return n < b.length ? s + "…" : s;
}
