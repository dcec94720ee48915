/**
 * Private: the codec registry record batches use when the caller passes none (no codecs:
 * compression is opt-in, so a consumer that never sees a compressed batch bundles none of the
 * four), and the call into a codec with the output cap (a user codec that throws something other than a
 * WireError is reported as CORRUPT_DATA, so decoding keeps its one error type).
 *
 * @module
 */

import { isWireError, WireError } from "../../wire/error.ts";
import type { CodecRegistry } from "../compression/codec.ts";
import { COMPRESSION_NAMES } from "./constants.ts";

/** The registry used when the caller passes none: empty, and it says how to register codecs. */
const NO_CODECS: CodecRegistry = {
  byId: {},
  has: () => false,
  get(id: number): never {
    const name = (COMPRESSION_NAMES as readonly string[])[id] ?? `type ${id}`;
    throw new WireError("UNKNOWN_DISCRIMINANT", {
      detail: `no codec for compression ${name}: pass options.codecs, e.g. createCodecRegistry() ` +
        `from @streamwire/codec/kafka/compression (all four built-in codecs)`,
    });
  },
};

/** The registry when `options.codecs` is absent: none (compression is opt-in). */
export function defaultCodecs(): CodecRegistry {
  return NO_CODECS;
}

/** Decompresses with the codec for `id`, never producing more than `cap` bytes. */
export function decompressWith(
  codecs: CodecRegistry,
  id: number,
  data: Uint8Array,
  cap: number,
  context: string,
): Uint8Array {
  const codec = codecs.get(id);
  try {
    return codec.decompress(data, { maxOutputBytes: cap });
  } catch (e) {
    if (isWireError(e)) throw e;
    throw new WireError("CORRUPT_DATA", { context, detail: `${codec.name}: ${(e as Error)?.message ?? e}` });
  }
}

/** Compresses with the codec for `id`. */
export function compressWith(
  codecs: CodecRegistry,
  id: number,
  data: Uint8Array,
  level?: number,
): Uint8Array {
  return codecs.get(id).compress(data, level === undefined ? undefined : { level });
}
