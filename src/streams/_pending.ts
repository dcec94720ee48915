/**
 * Private: the requests a channel waits on, keyed by the answer's correlation key, in the order
 * they were sent. Two arrays and a head index rather than a `Map`, for the collector's sake:
 *
 * A `Map` that fills with a burst of pipelined requests and empties as the answers come rehashes
 * several times per burst (V8 grows its table when full and shrinks it below a quarter), and a
 * rehashed V8 table keeps a link to its successor and its old entries, for iterators. Once one
 * such table has lived through two scavenges (the channel sat idle while something else ran),
 * it is in the old generation, and from there — dead, but a scavenge does not know it — it keeps
 * its successor and every entry alive: each request's call, its promise, and whatever the
 * promise was resolved with (the decoded answers, `Promise.all`'s array). Every later table is
 * chained on, so until the next full collection nearly everything the channel allocates survives
 * scavenges and is copied and promoted. Measured on Deno 2.9 (bench/streams_memory.ts, 3.7 KB
 * answers): 67 % of the young generation surviving each scavenge, 12 mark-compacts where the
 * bare loop has none, 0.3× its speed; with these arrays the channel runs as fast as the bare loop.
 *
 * Arrays keep no such links: a removed slot is cleared at once, and a grown backing store keeps
 * no pointer to its successor. Answers come in send order (Kafka always; Iggy in practice), so
 * the call is almost always the one at the head; otherwise the lookup scans, at most
 * `maxInFlight` slots.
 *
 * @module
 */

/** Slots before the head are dropped once there are this many and they are half the arrays. */
const COMPACT_AT = 64;

/** Values of type `V` waiting under unique keys `K`, oldest first. */
export class PendingTable<K, V> {
  #keys: (K | undefined)[] = [];
  #values: (V | undefined)[] = [];
  /** Index of the oldest slot still holding a value (or the arrays' length when none does). */
  #head = 0;
  #size = 0;

  /** Values waiting. */
  get size(): number {
    return this.#size;
  }

  /** Adds `value` under `key` (a key already waiting is the caller's error: it is not checked). */
  add(key: K, value: V): void {
    this.#keys.push(key);
    this.#values.push(value);
    this.#size++;
  }

  /** Removes and returns the value under `key`, or undefined when none waits under it. */
  take(key: K): V | undefined {
    const keys = this.#keys, values = this.#values;
    for (let i = this.#head; i < keys.length; i++) {
      if (keys[i] !== key || values[i] === undefined) continue;
      const value = values[i];
      keys[i] = undefined;
      values[i] = undefined;
      this.#size--;
      if (i === this.#head) this.#advance();
      return value;
    }
    return undefined;
  }

  /** The values still waiting, oldest first. */
  *values(): IterableIterator<V> {
    const values = this.#values;
    for (let i = this.#head; i < values.length; i++) {
      const v = values[i];
      if (v !== undefined) yield v;
    }
  }

  /** Forgets every value. */
  clear(): void {
    this.#keys = [];
    this.#values = [];
    this.#head = 0;
    this.#size = 0;
  }

  /** Moves the head past cleared slots, and drops the cleared prefix when it is worth a copy. */
  #advance(): void {
    const values = this.#values;
    let head = this.#head;
    while (head < values.length && values[head] === undefined) head++;
    if (head === values.length) {
      this.#keys.length = 0;
      values.length = 0;
      head = 0;
    } else if (head >= COMPACT_AT && head * 2 >= values.length) {
      this.#keys.splice(0, head);
      values.splice(0, head);
      head = 0;
    }
    this.#head = head;
  }
}
