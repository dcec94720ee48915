/**
 * Frames out of a byte stream, for any frame assembler with the `push(chunk) → frames`,
 * `end()` contract: a `TransformStream` to pipe a socket's readable through, and an async
 * iterator over a readable. The protocol entries (`kafkaFrames`, `iggyResponseFrames`, …) are
 * these two with the protocol's bounded decoder.
 *
 * A bad frame errors the stream with the decoder's `WireError` (the decoder is unusable after
 * it: a byte stream cannot be resynchronised); the end of input in the middle of a frame is
 * `TRUNCATED`. Backpressure passes through: while nobody reads the frames, the transform stops
 * pulling chunks from its source.
 *
 * @module
 */

/**
 * What cuts frames out of chunks: `push` takes the next chunk and returns every frame it
 * completes, in order; `end` is called once the input ends and throws if a frame is unfinished.
 * Both throw a `WireError` for bad input.
 */
export interface FrameAssembler<F> {
  /** Consumes `chunk`; returns the frames it completes. */
  push(chunk: Uint8Array): Iterable<F>;
  /** The input ended: throws `TRUNCATED` (or another `WireError`) when a frame is unfinished. */
  end(): void;
}

/** Options of {@linkcode readFrames}. */
export interface ReadFramesOptions {
  /** Stops the iteration: the readable is cancelled and the iterator throws the signal's reason. */
  signal?: AbortSignal;
}

/**
 * A `TransformStream` that cuts the chunks written to it into frames with `assembler`.
 *
 * @example
 * ```ts
 * import { frameStream } from "@streamwire/codec/streams";
 * import { FrameDecoder } from "@streamwire/codec/kafka";
 * const d = new FrameDecoder();
 * const socket = new ReadableStream<Uint8Array>({
 *   start(c) {
 *     c.enqueue(new Uint8Array([0, 0, 0, 2, 7, 8, 0, 0, 0, 0])); // two frames: [7, 8] and an empty one
 *     c.close();
 *   },
 * });
 * const frames = socket.pipeThrough(frameStream({ push: (c) => d.push(c), end: () => d.end() }));
 * const sizes: number[] = [];
 * for await (const f of frames) sizes.push(f.length);
 * console.log(sizes); // [ 2, 0 ]
 * ```
 */
export function frameStream<F>(assembler: FrameAssembler<F>): TransformStream<Uint8Array, F> {
  // The default queue sizes (one chunk in, no frame queued out) are kept on purpose: what a
  // per-frame stream costs is the read and enqueue of each item, and larger queues, or feeding it
  // without pipeTo, measured no faster for 1 KiB frames, where a frame costs about as much as an
  // item (bench/README.md, "Web Streams adapters over loopback").
  return new TransformStream<Uint8Array, F>({
    transform(chunk, controller) {
      for (const f of assembler.push(chunk)) controller.enqueue(f);
    },
    flush() {
      assembler.end();
    },
  });
}

/**
 * A `TransformStream` that cuts the chunks written to it into frames with `assembler` and hands
 * on, for each chunk that completes any, the array of them: one stream item per socket read
 * rather than per frame. A Web Streams item (enqueue, then read) costs about 0.5 µs on Node 20
 * and 0.1 µs on Deno and Bun; on Node that is what the bare decoder takes to cut a 1 KiB frame
 * off a socket. A reader that wants small frames at the decoder's own rate takes them in batches. Errors and backpressure are those of
 * {@linkcode frameStream}.
 *
 * @example
 * ```ts
 * import { frameBatchStream } from "@streamwire/codec/streams";
 * import { FrameDecoder } from "@streamwire/codec/kafka";
 * const d = new FrameDecoder();
 * const socket = new ReadableStream<Uint8Array>({
 *   start(c) {
 *     c.enqueue(new Uint8Array([0, 0, 0, 1, 7, 0, 0, 0, 1])); // one frame and a half
 *     c.enqueue(new Uint8Array([8]));
 *     c.close();
 *   },
 * });
 * const batches = socket.pipeThrough(frameBatchStream({ push: (c) => d.push(c), end: () => d.end() }));
 * const counts: number[] = [];
 * for await (const frames of batches) counts.push(frames.length);
 * console.log(counts); // [ 1, 1 ]
 * ```
 */
export function frameBatchStream<F>(assembler: FrameAssembler<F>): TransformStream<Uint8Array, F[]> {
  return new TransformStream<Uint8Array, F[]>({
    transform(chunk, controller) {
      const got = assembler.push(chunk);
      const frames = Array.isArray(got) ? got : Array.from(got);
      if (frames.length > 0) controller.enqueue(frames);
    },
    flush() {
      assembler.end();
    },
  });
}

/**
 * Reads `readable` and yields the frames `assembler` cuts out of it. Leaving the loop early
 * (`break`, `return`, an exception) or aborting `signal` cancels the readable, which releases
 * the socket behind it.
 *
 * @example
 * ```ts
 * import { readFrames } from "@streamwire/codec/streams";
 * import { FrameDecoder } from "@streamwire/codec/kafka";
 * const d = new FrameDecoder();
 * const bytes = new Blob([new Uint8Array([0, 0, 0, 1, 9]), new Uint8Array([0, 0, 0, 1, 10])]).stream();
 * const firsts: number[] = [];
 * for await (const f of readFrames(bytes, { push: (c) => d.push(c), end: () => d.end() })) firsts.push(f[0]);
 * console.log(firsts); // [ 9, 10 ]
 * ```
 */
export function readFrames<F>(
  readable: ReadableStream<Uint8Array>,
  assembler: FrameAssembler<F>,
  options?: ReadFramesOptions,
): AsyncIterableIterator<F> {
  options?.signal?.throwIfAborted();
  return new FrameIterator(readable.getReader(), assembler, options?.signal);
}

/**
 * The iterator behind {@linkcode readFrames}: a plain object rather than an async generator, so a
 * frame already cut costs one settled promise (a generator's every `yield` costs several).
 */
class FrameIterator<F> implements AsyncIterableIterator<F> {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #assembler: FrameAssembler<F>;
  readonly #signal: AbortSignal | undefined;
  readonly #onAbort: (() => void) | undefined;
  #frames: readonly F[] = [];
  #next = 0;
  #over = false;

  constructor(
    reader: ReadableStreamDefaultReader<Uint8Array>,
    assembler: FrameAssembler<F>,
    signal?: AbortSignal,
  ) {
    this.#reader = reader;
    this.#assembler = assembler;
    this.#signal = signal;
    if (signal !== undefined) {
      this.#onAbort = () => void reader.cancel(signal.reason).catch(() => {});
      signal.addEventListener("abort", this.#onAbort, { once: true });
    }
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<F, undefined>> {
    if (this.#next < this.#frames.length) {
      return Promise.resolve({ value: this.#frames[this.#next++], done: false });
    }
    return this.#read();
  }

  async #read(): Promise<IteratorResult<F, undefined>> {
    try {
      while (!this.#over) {
        const { done, value } = await this.#reader.read();
        this.#signal?.throwIfAborted();
        if (done) {
          this.#release(false);
          this.#assembler.end();
          break;
        }
        const got = this.#assembler.push(value);
        const frames = Array.isArray(got) ? got : Array.from(got);
        if (frames.length > 0) {
          this.#frames = frames;
          this.#next = 1;
          return { value: frames[0], done: false };
        }
      }
    } catch (e) {
      // A bad frame or an abort releases the source too.
      await this.#close();
      throw e;
    }
    return { value: undefined, done: true };
  }

  /** Leaving the loop early (`break`, `return`, an exception in its body) cancels the readable. */
  async return(): Promise<IteratorResult<F, undefined>> {
    await this.#close();
    return { value: undefined, done: true };
  }

  async #close(): Promise<void> {
    if (this.#over) return;
    this.#release(true);
    await this.#reader.cancel().catch(() => {});
    this.#reader.releaseLock();
  }

  #release(cancelling: boolean): void {
    this.#over = true;
    this.#frames = [];
    if (this.#onAbort !== undefined) this.#signal!.removeEventListener("abort", this.#onAbort);
    if (!cancelling) this.#reader.releaseLock();
  }
}
