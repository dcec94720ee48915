/**
 * The one transport shape the channels take: a byte stream each way, as Web Streams. Every
 * runtime has one: `Deno.connect()` and `Duplex.toWeb(net.connect())` are one already,
 * `bunDuplex` and `webSocketDuplex` (`./runtimes.ts`) make one, and {@linkcode duplexPair}
 * makes two joined ones in memory (tests, examples, a mock broker inside the same process).
 *
 * @module
 */

/**
 * A connection as two Web Streams. Closing `writable` ends the sending direction (a TCP
 * half-close where the transport has one); cancelling `readable` releases the connection.
 */
export interface ByteDuplex {
  /** Bytes from the peer. */
  readonly readable: ReadableStream<Uint8Array>;
  /** Bytes to the peer; a write's promise settles once the transport took the chunk. */
  readonly writable: WritableStream<Uint8Array>;
}

/** Options of {@linkcode duplexPair}. */
export interface DuplexPairOptions {
  /** Bytes each direction queues before a write waits (its promise stays pending). Default 64 KiB. */
  highWaterMark?: number;
}

/**
 * Two in-memory duplexes joined back to back: what one side writes, the other reads, with
 * backpressure (at most about `highWaterMark` bytes queued per direction before writes wait).
 * Closing one side's writable ends the other side's readable (a half-close); cancelling a
 * readable errors the writes of the side that feeds it. Chunks pass by reference, so a writer
 * must not change a chunk after writing it.
 *
 * @example
 * ```ts
 * import { duplexPair } from "@streamwire/codec/streams";
 * const [a, b] = duplexPair();
 * const w = a.writable.getWriter();
 * void w.write(new Uint8Array([1, 2])).then(() => w.close());
 * const r = b.readable.getReader();
 * console.log((await r.read()).value, (await r.read()).done); // Uint8Array(2) [ 1, 2 ] true
 * ```
 */
export function duplexPair(options?: DuplexPairOptions): [ByteDuplex, ByteDuplex] {
  const hwm = options?.highWaterMark ?? 64 * 1024;
  const pipe = () =>
    new TransformStream<Uint8Array, Uint8Array>(
      undefined,
      new ByteLengthQueuingStrategy({ highWaterMark: hwm }),
      new ByteLengthQueuingStrategy({ highWaterMark: hwm }),
    );
  const ab = pipe();
  const ba = pipe();
  return [
    { readable: ba.readable, writable: ab.writable },
    { readable: ab.readable, writable: ba.writable },
  ];
}
