/**
 * Kafka record-batch compression in pure, synchronous TypeScript: gzip (1), snappy (2, xerial
 * and raw), lz4 (3, frame format) and zstd (4), behind one {@linkcode CompressionCodec}
 * interface with a decompressed-size cap, and an immutable registry that takes overrides.
 *
 * @example
 * ```ts
 * import { Compression, createCodecRegistry } from "./mod.ts";
 * const codecs = createCodecRegistry();
 * const lz4 = codecs.get(Compression.Lz4);
 * const records = new TextEncoder().encode("value-1 value-2 value-3 value-4");
 * console.log(lz4.decompress(lz4.compress(records), { maxOutputBytes: 1 << 20 }).length); // 31
 * ```
 *
 * @module
 */

export {
  buildCodecRegistry,
  type CodecRegistry,
  Compression,
  COMPRESSION_TYPE,
  type CompressionCodec,
  type CompressionId,
  type CompressOptions,
  type DecompressOptions,
  DEFAULT_MAX_DECOMPRESSED_BYTES,
  resolveMaxOutputBytes,
} from "./codec.ts";
export { BUILT_IN_CODECS, createCodecRegistry } from "./registry.ts";
export { gunzip, gzip, gzipCodec } from "./gzip.ts";
export { DEFAULT_DEFLATE_LEVEL, deflateRaw } from "./deflate.ts";
export { inflateRaw } from "./inflate.ts";
export {
  createSnappyCodec,
  snappyCodec,
  type SnappyCodecOptions,
  snappyCompress,
  type SnappyCompressOptions,
  snappyDecompress,
  XERIAL_DEFAULT_BLOCK_SIZE,
  XERIAL_MAGIC,
} from "./snappy.ts";
export {
  createLz4Codec,
  LZ4_FRAME_MAGIC,
  LZ4_KAFKA_DEFAULT_LEVEL,
  lz4Codec,
  type Lz4CodecOptions,
  lz4Compress,
  type Lz4CompressOptions,
  lz4Decompress,
  type Lz4DecompressOptions,
} from "./lz4.ts";
export { xxh32 } from "./xxhash32.ts";
export {
  zstdCodec,
  zstdCompress,
  type ZstdCompressOptions,
  zstdDecompress,
  type ZstdDecompressOptions,
} from "./zstd.ts";
