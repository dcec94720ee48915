/**
 * The four built-in codecs in one immutable registry, with user overrides (a native binding
 * swapped in for an id, or a codec removed by registering a stub that refuses).
 *
 * @module
 */

import { buildCodecRegistry, type CodecRegistry, type CompressionCodec } from "./codec.ts";
import { gzipCodec } from "./gzip.ts";
import { snappyCodec } from "./snappy.ts";
import { lz4Codec } from "./lz4.ts";
import { zstdCodec } from "./zstd.ts";

/** The built-in codecs, in id order: gzip (1), snappy (2), lz4 (3), zstd (4). */
export const BUILT_IN_CODECS: readonly CompressionCodec[] = /* @__PURE__ */ Object.freeze([
  gzipCodec,
  snappyCodec,
  lz4Codec,
  zstdCodec,
]);

/**
 * A frozen registry of the built-in codecs with `overrides` replacing them by `id`. Nothing
 * global changes: each call returns its own registry.
 *
 * @example
 * ```ts
 * import { createCodecRegistry } from "./registry.ts";
 * import { Compression, type CompressionCodec } from "./codec.ts";
 * const nativeGzip: CompressionCodec = { id: Compression.Gzip, name: "gzip", compress: (d) => d, decompress: (d) => d };
 * const registry = createCodecRegistry([nativeGzip]);
 * console.log(registry.get(Compression.Gzip) === nativeGzip, registry.get(Compression.Zstd).name); // true zstd
 * ```
 */
export function createCodecRegistry(overrides: readonly CompressionCodec[] = []): CodecRegistry {
  return buildCodecRegistry(BUILT_IN_CODECS, overrides);
}
