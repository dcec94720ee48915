/**
 * The pluggable compression interface for Kafka record batches: one {@linkcode CompressionCodec}
 * per compression type of the batch `attributes` (bits 0–2), a decompressed-size cap that every
 * decoder honours, and an immutable registry a user can build with native codecs swapped in.
 *
 * The built-in codecs (gzip, snappy, lz4, zstd) are pure, synchronous TypeScript; the registry
 * holding all four is `createCodecRegistry` in `registry.ts`. This file has no codec in it, so
 * codec implementations and user plug-ins depend on the interface only.
 *
 * @module
 */

import { WireError } from "../../wire/error.ts";
import { Compression } from "../records/constants.ts";
export { Compression };

/**
 * The compression types under their earlier names.
 *
 * @deprecated Use {@linkcode Compression} (`Compression.Lz4`), exported here and by the records
 * entry.
 *
 * @example
 * ```ts
 * import { Compression, COMPRESSION_TYPE } from "@streamwire/codec/kafka/compression";
 * console.log(COMPRESSION_TYPE.lz4 === Compression.Lz4); // true
 * ```
 */
export const COMPRESSION_TYPE = {
  none: Compression.None,
  gzip: Compression.Gzip,
  snappy: Compression.Snappy,
  lz4: Compression.Lz4,
  zstd: Compression.Zstd,
} as const;

/** A compression type id that has a codec (every {@linkcode Compression} except `None`). */
export type CompressionId = 1 | 2 | 3 | 4;

/**
 * Default cap on the bytes one `decompress` call may produce: 64 MiB.
 *
 * Why 64 MiB: the largest thing Kafka compresses is one record batch, and a fetch response is
 * bounded by `fetch.max.bytes` (default 50 MiB) while a single batch is bounded by the broker's
 * `message.max.bytes` (default 1 MiB, compressed). 64 MiB is above the whole default fetch and
 * 64× a maximal default batch, so honest data never reaches it, yet a bomb (gzip reaches about
 * 1000:1, zstd more) is stopped after 64 MiB of output instead of exhausting memory. Callers who
 * raise `message.max.bytes` raise `maxOutputBytes` with it.
 *
 * @example
 * ```ts
 * import { DEFAULT_MAX_DECOMPRESSED_BYTES } from "./codec.ts";
 * console.log(DEFAULT_MAX_DECOMPRESSED_BYTES); // 67108864
 * ```
 */
export const DEFAULT_MAX_DECOMPRESSED_BYTES = 64 * 1024 * 1024;

/** Options for {@linkcode CompressionCodec.compress}. */
export interface CompressOptions {
  /**
   * Codec-specific effort/ratio trade-off (gzip 1–9 like zlib; lz4 and snappy ignore or map it;
   * zstd its own levels). Out-of-range levels are clamped by the codec, not rejected.
   */
  level?: number;
}

/** Options for {@linkcode CompressionCodec.decompress}. */
export interface DecompressOptions {
  /**
   * Most bytes the call may produce; more is a `LIMIT_EXCEEDED` {@linkcode WireError}.
   * Defaults to {@linkcode DEFAULT_MAX_DECOMPRESSED_BYTES}.
   */
  maxOutputBytes?: number;
}

/**
 * One Kafka compression codec. Implementations are synchronous and stateless between calls.
 *
 * `decompress` treats its input as hostile: it returns the bytes or throws a
 * {@linkcode WireError} — `TRUNCATED` (input ends early), `CORRUPT_DATA` (impossible stream),
 * `CHECKSUM_MISMATCH` (a checksum in the stream disagrees), `LIMIT_EXCEEDED` (output would pass
 * `maxOutputBytes`) — never another exception, never a hang, and never an allocation sized by a
 * length it has not checked against the cap.
 *
 * A user codec (for example a native binding) only needs these four members.
 *
 * @example
 * ```ts
 * import { type CompressionCodec, Compression } from "./codec.ts";
 * const identityGzip: CompressionCodec = {
 *   id: Compression.Gzip,
 *   name: "gzip",
 *   compress: (data) => data,
 *   decompress: (data) => data,
 * };
 * console.log(identityGzip.name); // gzip
 * ```
 */
export interface CompressionCodec {
  /** Kafka attribute bits 0–2: 1 gzip, 2 snappy, 3 lz4, 4 zstd. */
  readonly id: number;
  /** Kafka's name for the codec (`compression.type`): "gzip", "snappy", "lz4", "zstd". */
  readonly name: string;
  /** Compresses `data` into a new array in the framing Kafka's Java client writes. */
  compress(data: Uint8Array, options?: CompressOptions): Uint8Array;
  /** Decompresses `data` into a new array; see the interface notes for the errors. */
  decompress(data: Uint8Array, options?: DecompressOptions): Uint8Array;
}

/**
 * The `maxOutputBytes` a decoder should use: the option if given, else the default. A cap that
 * is not a non-negative safe integer is `INVALID_VALUE` (a caller bug, reported early rather
 * than silently ignored).
 *
 * @example
 * ```ts
 * import { resolveMaxOutputBytes } from "./codec.ts";
 * console.log(resolveMaxOutputBytes({ maxOutputBytes: 1024 })); // 1024
 * ```
 */
export function resolveMaxOutputBytes(options?: DecompressOptions): number {
  const cap = options?.maxOutputBytes;
  if (cap === undefined) return DEFAULT_MAX_DECOMPRESSED_BYTES;
  if (!Number.isSafeInteger(cap) || cap < 0) {
    throw new WireError("INVALID_VALUE", { detail: `maxOutputBytes ${cap} is not a non-negative integer` });
  }
  return cap;
}

/**
 * The error every decoder throws when output would pass the cap.
 *
 * @example
 * ```ts
 * import { limitExceeded } from "./codec.ts";
 * console.log(limitExceeded("gzip", 100, 101).code); // LIMIT_EXCEEDED
 * ```
 */
export function limitExceeded(codec: string, cap: number, wanted: number, offset?: number): WireError {
  return new WireError("LIMIT_EXCEEDED", {
    offset,
    context: `${codec} data`,
    detail: `decompressed size would exceed maxOutputBytes ${cap} (at least ${wanted})`,
  });
}

/**
 * An immutable id → codec table. Build one with {@linkcode buildCodecRegistry} (or
 * `createCodecRegistry` in `registry.ts`, which starts from the four built-in codecs).
 */
export interface CodecRegistry {
  /** The codecs by compression id (frozen). */
  readonly byId: Readonly<Record<number, CompressionCodec>>;
  /** True when a codec is registered for `id`. */
  has(id: number): boolean;
  /**
   * The codec for `id`; `UNKNOWN_DISCRIMINANT` when none is registered (a batch with
   * compression bits 5–7, or a codec the user left out).
   */
  get(id: number): CompressionCodec;
}

/**
 * Builds a frozen registry from `defaults`, with `overrides` replacing (or adding) codecs by
 * their `id`. Neither list is kept or mutated; there is no global registry to patch, so two
 * parts of one program can use different codecs for the same id.
 *
 * @example
 * ```ts
 * import { buildCodecRegistry, Compression, type CompressionCodec } from "./codec.ts";
 * const fake: CompressionCodec = { id: Compression.Snappy, name: "snappy", compress: (d) => d, decompress: (d) => d };
 * const registry = buildCodecRegistry([], [fake]);
 * console.log(registry.get(Compression.Snappy).name, registry.has(Compression.Gzip)); // snappy false
 * ```
 */
export function buildCodecRegistry(
  defaults: readonly CompressionCodec[],
  overrides: readonly CompressionCodec[] = [],
): CodecRegistry {
  const table: Record<number, CompressionCodec> = {};
  for (const codec of [...defaults, ...overrides]) {
    if (!Number.isInteger(codec.id) || codec.id < 1 || codec.id > 7) {
      throw new WireError("INVALID_VALUE", { detail: `codec "${codec.name}" has id ${codec.id}, not 1..7` });
    }
    table[codec.id] = codec;
  }
  const byId = Object.freeze(table);
  return Object.freeze({
    byId,
    has: (id: number) => Object.prototype.hasOwnProperty.call(byId, id),
    get(id: number): CompressionCodec {
      if (!Object.prototype.hasOwnProperty.call(byId, id)) {
        throw new WireError("UNKNOWN_DISCRIMINANT", {
          detail: `no codec registered for compression type ${id}`,
        });
      }
      return byId[id];
    },
  });
}
