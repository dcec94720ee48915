/**
 * The zstd codec (Kafka compression type 4): Zstandard frames per RFC 8878, in pure,
 * synchronous TypeScript with no dependencies.
 *
 * - Decoding handles everything a dictionary-less frame can hold (raw / RLE / compressed blocks,
 *   Huffman literals in 1 or 4 streams, FSE sequences in every mode, repeat offsets, content
 *   checksum, skippable and concatenated frames); frames that need a dictionary are refused
 *   with `CORRUPT_DATA`.
 * - Encoding writes one frame with content size and checksum; its ratio is close to the
 *   reference's at the same level.
 *
 * @module
 */

import { Compression, type CompressionCodec, type CompressOptions, type DecompressOptions } from "./codec.ts";
import { zstdCompress } from "./zstd_compress.ts";
import { zstdDecompress } from "./zstd_decompress.ts";

export {
  ZSTD_DEFAULT_LEVEL,
  zstdCompress,
  zstdCompressBound,
  type ZstdCompressOptions,
} from "./zstd_compress.ts";
export {
  ZSTD_DEFAULT_MAX_WINDOW,
  ZSTD_MAGIC,
  zstdDecompress,
  type ZstdDecompressOptions,
} from "./zstd_decompress.ts";

/**
 * Kafka's zstd codec (id 4). `compress` takes `level` 1–19 (default 3); `decompress` honours
 * `maxOutputBytes` and accepts every frame the reference encoder writes without a dictionary.
 *
 * @example
 * ```ts
 * import { zstdCodec } from "./zstd.ts";
 * const records = new TextEncoder().encode("key=value;".repeat(100));
 * const packed = zstdCodec.compress(records);
 * console.log(packed.length < 100, zstdCodec.decompress(packed).length); // true 1000
 * ```
 */
export const zstdCodec: CompressionCodec = /* @__PURE__ */ Object.freeze({
  id: Compression.Zstd,
  name: "zstd",
  compress(data: Uint8Array, options?: CompressOptions): Uint8Array {
    return zstdCompress(data, { level: options?.level });
  },
  decompress(data: Uint8Array, options?: DecompressOptions): Uint8Array {
    return zstdDecompress(data, { maxOutputBytes: options?.maxOutputBytes });
  },
});
