/**
 * Private: what every client channel does between a sans-IO state machine and a duplex — the
 * requests awaiting answers (timeouts, aborts, the in-flight bound), the frames on their way to
 * the writable (backpressure), the read loop, and the ways a connection ends. The public
 * channels (`KafkaClientChannel`, `IggyClientChannel`) hold one and say how to build a request
 * and how to read the answers.
 *
 * @module
 */

import { isWireError, WireError } from "../wire/error.ts";
import type { ByteDuplex } from "./duplex.ts";
import { ChannelError } from "./errors.ts";
import { PendingTable } from "./_pending.ts";

/** Options every client channel takes. */
export interface ChannelOptions {
  /**
   * Milliseconds a request may wait for its answer, from the call (default 30 000; `Infinity`
   * for none). A request that times out rejects with `TIMEOUT` and closes the channel: its
   * answer may still come, and the state machine cannot forget a request the peer still owes
   * (Kafka answers in order, so it would hold up every later one) — Kafka's Java client
   * disconnects for the same reason.
   */
  timeoutMs?: number;
  /**
   * Most requests awaiting an answer at once (default 100). One more is rejected at once with
   * `IN_FLIGHT_LIMIT` and not sent: there is no queue behind the bound. Aborted requests count
   * until their answer arrives, since the peer still owes it.
   */
  maxInFlight?: number;
  /**
   * Bytes handed to the writable whose write has not settled, above which further frames wait
   * in the channel (at most `maxInFlight` of them) until the transport takes the earlier ones.
   * Default 1 MiB.
   */
  writeHighWaterMark?: number;
}

/** Options of one request. */
export interface CallOptions {
  /** Stops waiting: the request rejects with `ABORTED`; the answer, when it comes, is dropped. */
  signal?: AbortSignal;
  /** This request's timeout, instead of the channel's `timeoutMs`. */
  timeoutMs?: number;
}

/** What a channel hands to its core: how to feed the state machine. */
export interface Protocol {
  /**
   * Feeds a chunk from the readable to the state machine; the answers go to `settle`/`fail` as
   * each frame is decoded, so when a later frame of the chunk throws (bad bytes, an answer nobody
   * waits for) the answers before it have settled their requests already.
   */
  receive(chunk: Uint8Array): void;
  /** The readable ended: throws (a `WireError`) when a frame was left unfinished. */
  end(): void;
  /** Names a request in a message from the label its call gave (built only when a message is). */
  describe(label: number): string;
}

interface Call {
  /** What the request is (an API key, a command code), named by `Protocol.describe` in messages. */
  readonly what: number;
  resolve: (value: unknown) => void;
  reject: (e: unknown) => void;
  /** True once the caller has its outcome (an abort settles it before the answer comes). */
  settled: boolean;
  /** When it times out (`performance.now()` time), or Infinity; `ms` is its timeout, for the message. */
  readonly deadline: number;
  readonly ms: number;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_IN_FLIGHT = 100;
const DEFAULT_WRITE_HIGH_WATER_MARK = 1 << 20;
/** Frames queued in one turn are joined into one write up to this size (pipelined requests, one syscall). */
const COALESCE_BYTES = 64 * 1024;

/** `v`, or `fallback` when undefined; `INVALID_VALUE` unless it is a positive number (an integer if asked). */
export function positive(name: string, v: number | undefined, fallback: number, integer: boolean): number {
  if (v === undefined) return fallback;
  if (typeof v !== "number" || !(v > 0) || (integer && !Number.isInteger(v))) {
    throw new WireError("INVALID_VALUE", {
      detail: `${name} ${v} is not a positive ${integer ? "integer" : "number"}`,
    });
  }
  return v;
}

/** The shared machinery of a client channel, keyed by the answers' correlation key `K`. */
export class ChannelCore<K> {
  readonly #protocol: Protocol;
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #timeoutMs: number;
  readonly #maxInFlight: number;
  readonly #highWater: number;
  /** Not a `Map`: see `_pending.ts` for what a `Map` costs here. */
  readonly #calls = new PendingTable<K, Call>();
  /** Frames not handed to the writer yet; `#queued` counts every frame ever queued. */
  #queue: Uint8Array[] = [];
  #queued = 0;
  /**
   * What to call once the frame numbered `frame` (in `#queued`'s count) is written: only
   * `sendOnly` frames have one, so a request's frame costs no entry here.
   */
  #written: { frame: number; done: () => void }[] = [];
  #unflushed = 0;
  #flushScheduled = false;
  /**
   * One timer for every request: armed for the earliest deadline, cleared when nothing waits. A
   * timer per request would cost more than the rest of the request's bookkeeping.
   */
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = Infinity;
  /**
   * `performance.now()` read once per turn: the requests of one turn share it (they are sent
   * together, at the end of the turn), and the clock read is dearer than the rest of `track`.
   */
  #stamp: number | undefined;
  /** "open"; "closing": close() waits for the answers; "halfClosed": FIN asked for; "closed". */
  #state: "open" | "closing" | "halfClosed" | "closed" = "open";
  /** Set by closeWrite(): resolved once the writable is closed (or the channel finished). */
  #fin: { promise: Promise<void>; resolve: () => void; sent: boolean } | undefined;
  #failure: ChannelError | undefined;
  #idle: (() => void) | undefined;
  #resolveClosed!: (e: ChannelError | undefined) => void;
  /** Settles when the channel is finished: with the error that ended it, or undefined for a clean end. */
  readonly closed: Promise<ChannelError | undefined>;

  constructor(duplex: ByteDuplex, protocol: Protocol, options: ChannelOptions | undefined) {
    const timeout = options?.timeoutMs;
    this.#timeoutMs = timeout === Infinity
      ? Infinity
      : positive("timeoutMs", timeout, DEFAULT_TIMEOUT_MS, false);
    this.#maxInFlight = positive("maxInFlight", options?.maxInFlight, DEFAULT_MAX_IN_FLIGHT, true);
    this.#highWater = positive(
      "writeHighWaterMark",
      options?.writeHighWaterMark,
      DEFAULT_WRITE_HIGH_WATER_MARK,
      false,
    );
    this.#protocol = protocol;
    this.closed = new Promise((resolve) => (this.#resolveClosed = resolve));
    this.#reader = duplex.readable.getReader();
    this.#writer = duplex.writable.getWriter();
    void this.#readLoop();
  }

  /** Requests awaiting an answer (aborted ones included, until their answer comes). */
  get inFlight(): number {
    return this.#calls.size;
  }

  /**
   * Why a request cannot be sent now (the channel is not open, its signal already fired, the
   * in-flight bound is reached), or undefined: called before the state machine builds it, so a
   * refused request leaves no trace there.
   */
  admit(what: number, options: CallOptions | undefined): ChannelError | undefined {
    const refused = this.#refusal(what, options);
    if (refused !== undefined || this.#calls.size < this.#maxInFlight) return refused;
    return new ChannelError(
      "IN_FLIGHT_LIMIT",
      `${this.#protocol.describe(what)} not sent: ${this.#maxInFlight} requests await an answer`,
    );
  }

  /** Sends `frame` and resolves with what {@linkcode settle} gives for `key` (after {@linkcode admit}). */
  track<V>(what: number, frame: Uint8Array, key: K, options: CallOptions | undefined): Promise<V> {
    const ms = options?.timeoutMs ?? this.#timeoutMs;
    const signal = options?.signal;
    const call: Call = {
      what,
      resolve: undefined!,
      reject: undefined!,
      settled: false,
      deadline: ms === Infinity ? Infinity : (this.#stamp ??= performance.now()) + ms,
      ms,
      signal,
      onAbort: undefined,
    };
    const promise = new Promise<V>((resolve, reject) => {
      call.resolve = resolve as (v: unknown) => void;
      call.reject = reject;
    });
    if (call.deadline < this.#timerAt) this.#arm(call.deadline);
    if (signal !== undefined) {
      call.onAbort = () => this.#aborted(call, signal);
      signal.addEventListener("abort", call.onAbort, { once: true });
    }
    this.#calls.add(key, call);
    this.#send(frame);
    return promise;
  }

  /** Sends a frame no answer comes for; resolves once the transport took it (after {@linkcode admit}). */
  sendOnly(frame: Uint8Array): Promise<void> {
    return new Promise<void>((done) => {
      this.#written.push({ frame: this.#queued, done });
      this.#send(frame);
    });
  }

  /** Why a new request cannot be sent now, if it cannot. */
  #refusal(what: number, options: CallOptions | undefined): ChannelError | undefined {
    if (this.#state !== "open") {
      return new ChannelError(
        "CLOSED",
        `${this.#protocol.describe(what)} not sent: the channel is ${this.#state}`,
        {
          cause: this.#failure,
        },
      );
    }
    const signal = options?.signal;
    if (signal?.aborted) {
      return new ChannelError("ABORTED", `${this.#protocol.describe(what)} not sent: aborted`, {
        cause: signal.reason,
      });
    }
    return undefined;
  }

  /** The answer for `key` arrived: `value` resolves its call (or is dropped if the call was aborted). */
  settle(key: K, value: unknown): void {
    const call = this.#take(key);
    if (call !== undefined && !call.settled) {
      call.settled = true;
      call.resolve(value);
    }
    this.#checkIdle();
  }

  /** The answer for `key` is an error: `error` rejects its call. */
  fail(key: K, error: unknown): void {
    const call = this.#take(key);
    if (call !== undefined && !call.settled) {
      call.settled = true;
      call.reject(error);
    }
    this.#checkIdle();
  }

  #take(key: K): Call | undefined {
    const call = this.#calls.take(key);
    if (call === undefined) return undefined;
    this.#release(call);
    if (this.#calls.size === 0) this.#disarm();
    return call;
  }

  #release(call: Call): void {
    if (call.onAbort !== undefined) call.signal!.removeEventListener("abort", call.onAbort);
    call.onAbort = undefined;
  }

  #arm(deadline: number): void {
    this.#disarm();
    this.#timerAt = deadline;
    this.#timer = setTimeout(() => this.#expire(), Math.max(0, deadline - performance.now()));
  }

  #disarm(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#timerAt = Infinity;
  }

  /** The timer fired: a request past its deadline closes the channel, else the timer moves on. */
  #expire(): void {
    this.#timer = undefined;
    this.#timerAt = Infinity;
    const now = performance.now();
    let next = Infinity;
    for (const call of this.#calls.values()) {
      if (call.deadline <= now) return this.#timedOut(call);
      if (call.deadline < next) next = call.deadline;
    }
    if (next !== Infinity) this.#arm(next);
  }

  #timedOut(call: Call): void {
    const error = new ChannelError(
      "TIMEOUT",
      `no answer to ${this.#protocol.describe(call.what)} in ${call.ms} ms`,
    );
    if (!call.settled) {
      call.settled = true;
      call.reject(error);
    }
    this.#finish(
      new ChannelError("CLOSED", `closed because ${this.#protocol.describe(call.what)} timed out`, {
        cause: error,
      }),
    );
  }

  #aborted(call: Call, signal: AbortSignal): void {
    call.onAbort = undefined;
    if (call.settled) return;
    call.settled = true;
    // Its deadline stays: the peer still owes the answer, and one that never comes closes the channel.
    call.reject(
      new ChannelError("ABORTED", `${this.#protocol.describe(call.what)} aborted`, { cause: signal.reason }),
    );
  }

  /** Queues `frame`; the queue is written at the end of this turn, so pipelined requests share writes. */
  #send(frame: Uint8Array): void {
    this.#queue.push(frame);
    this.#queued++;
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    queueMicrotask(() => {
      this.#flushScheduled = false;
      this.#stamp = undefined;
      this.#pump();
    });
  }

  /**
   * Hands queued frames to the writer while the bytes it has not taken yet stay under the mark;
   * small frames in a row go as one chunk (a copy, but one write instead of many).
   */
  #pump(): void {
    while (this.#queue.length > 0 && this.#unflushed < this.#highWater && this.#state !== "closed") {
      const queue = this.#queue;
      // A joined chunk stays under the mark, so at most one frame's bytes ever go past it.
      const limit = Math.min(COALESCE_BYTES, this.#highWater - this.#unflushed);
      let count = 1, n = queue[0].length;
      while (count < queue.length && n + queue[count].length <= limit) n += queue[count++].length;
      let chunk = queue[0];
      if (count > 1) {
        chunk = new Uint8Array(n);
        for (let i = 0, at = 0; i < count; at += queue[i++].length) chunk.set(queue[i], at);
      }
      // The frames of this chunk are numbered up to `last`; the callbacks of those go with it.
      const last = this.#queued - queue.length + count;
      let written: { frame: number; done: () => void }[] | undefined;
      if (this.#written.length > 0 && this.#written[0].frame < last) {
        let k = 1;
        while (k < this.#written.length && this.#written[k].frame < last) k++;
        written = this.#written.splice(0, k);
      }
      if (count === queue.length) this.#queue = [];
      else queue.splice(0, count);
      this.#unflushed += n;
      this.#writer.write(chunk).then(() => {
        this.#unflushed -= n;
        if (written !== undefined) { for (const w of written) w.done(); }
        this.#pump();
        this.#checkIdle();
      }, (e) => this.#finish(new ChannelError("TRANSPORT", "the writable failed", { cause: e })));
    }
    const fin = this.#fin;
    if (fin !== undefined && !fin.sent && this.#queue.length === 0 && this.#state !== "closed") {
      fin.sent = true;
      this.#writer.close().then(fin.resolve, (e) => {
        this.#finish(new ChannelError("TRANSPORT", "closing the writable failed", { cause: e }));
      });
    }
  }

  async #readLoop(): Promise<void> {
    for (;;) {
      let r: ReadableStreamReadResult<Uint8Array>;
      try {
        r = await this.#reader.read();
      } catch (e) {
        this.#finish(new ChannelError("TRANSPORT", "the readable failed", { cause: e }));
        return;
      }
      if (this.#state === "closed") return;
      if (r.done) break;
      try {
        this.#protocol.receive(r.value);
      } catch (e) {
        const why = isWireError(e) ? e.message : String(e);
        this.#finish(new ChannelError("PROTOCOL", `the peer broke the protocol: ${why}`, { cause: e }));
        return;
      }
    }
    try {
      this.#protocol.end();
    } catch (e) {
      this.#finish(
        new ChannelError("CLOSED", "the peer closed the connection in the middle of a frame", {
          cause: e,
        }),
      );
      return;
    }
    const owed = this.#calls.size;
    this.#finish(
      owed === 0
        ? undefined
        : new ChannelError("CLOSED", `the peer closed the connection; ${owed} request(s) unanswered`),
    );
  }

  /** Ends the channel: every call still waiting rejects, the transport is released. */
  #finish(error: ChannelError | undefined): void {
    if (this.#state === "closed") return;
    this.#state = "closed";
    this.#failure = error;
    const reason = error ?? new ChannelError("CLOSED", "the channel closed");
    for (const call of this.#calls.values()) {
      this.#release(call);
      if (!call.settled) {
        call.settled = true;
        call.reject(reason);
      }
    }
    this.#calls.clear();
    this.#disarm();
    this.#queue = [];
    this.#written = [];
    this.#idle?.();
    this.#fin?.resolve();
    // The writable first (a clean end flushes it), then the readable: a reader already at its
    // end resolves at once, one still reading gives up the transport.
    void this.#releaseWriter(error)
      .then(() => this.#reader.cancel(error).catch(() => {}))
      .then(() => this.#resolveClosed(error));
  }

  /**
   * Closes the writable after a clean end (bounded by the timeout: a peer that stopped reading
   * cannot hold it), or aborts it after a failure.
   */
  async #releaseWriter(error: ChannelError | undefined): Promise<void> {
    if (error !== undefined || this.#timeoutMs === Infinity) {
      if (error !== undefined) await this.#writer.abort(error).catch(() => {});
      else await this.#writer.close().catch(() => {});
      return;
    }
    if (this.#fin?.sent) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<"late">((
      resolve,
    ) => (timer = setTimeout(() => resolve("late"), this.#timeoutMs)));
    const closed = this.#writer.close().then(() => "closed" as const, () => "closed" as const);
    if (await Promise.race([closed, late]) === "late") await this.#writer.abort().catch(() => {});
    clearTimeout(timer);
  }

  #checkIdle(): void {
    if (this.#calls.size === 0 && this.#queue.length === 0) this.#idle?.();
  }

  /** Waits for every answer still owed (each bounded by its timeout), then closes both directions. */
  async close(): Promise<ChannelError | undefined> {
    if (this.#state === "open" || this.#state === "halfClosed") {
      if (this.#state === "open") this.#state = "closing";
      if (this.#calls.size > 0 || this.#queue.length > 0) {
        await new Promise<void>((resolve) => (this.#idle = resolve));
      }
      this.#idle = undefined;
      this.#finish(undefined);
    }
    return await this.closed;
  }

  /**
   * Half-closes: no new requests; the frames already queued are written, then the writable is
   * closed (a FIN) while the answers still owed are read; the channel finishes when the peer closes.
   */
  closeWrite(): Promise<void> {
    if (this.#state === "closed") return Promise.resolve();
    if (this.#fin === undefined) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.#fin = { promise, resolve, sent: false };
      this.#state = "halfClosed";
      this.#pump();
    }
    return this.#fin.promise;
  }

  /** Ends the channel now: every waiting request rejects with `CLOSED` (its cause: `reason`). */
  abort(reason?: unknown): void {
    this.#finish(new ChannelError("CLOSED", "the channel was aborted", { cause: reason }));
  }
}
