/**
 * Private: the codec registry record batches use when the caller passes none, and the call
 * into a codec with the output cap (a user codec that throws something other than a
 * WireError is reported as CORRUPT_DATA, so decoding keeps its one error type).
 *
 * @module
 */

import { isWireError, WireError } from "../../wire/error.ts";
import type { CodecRegistry } from "../compression/codec.ts";
import { createCodecRegistry } from "../compression/registry.ts";

let builtIn: CodecRegistry | undefined;

/** The four built-in codecs (built on first use; immutable once built). */
export function defaultCodecs(): CodecRegistry {
  builtIn ??= createCodecRegistry();
  return builtIn;
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
