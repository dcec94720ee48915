/**
 * Private: the codec registry record batches use when the caller passes none (no codecs:
 * compression is opt-in, so a consumer that never sees a compressed batch bundles none of the
 * four), and the call into a codec with the output cap (a user codec that throws something other than a
 * WireError is reported as CORRUPT_DATA, so decoding keeps its one error type).
 *
 * @module
 */

import { isWireError, WireError } from "../../wire/error.ts";
import { type CodecRegistry, limitExceeded } from "../compression/codec.ts";
import type { DecompressionBudget } from "./budget.ts";
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

/** The caps one decompression runs under. */
export interface DecompressLimits {
  /** Most bytes this one batch may decompress to. */
  readonly maxDecompressedBytes: number;
  /** What the batch's set (or Fetch response) has left; charged with what the output holds. */
  readonly budget: DecompressionBudget;
}

/**
 * Decompresses with the codec for `id`, never producing more than the batch cap or what the
 * budget has left (the codec is given the smaller as its `maxOutputBytes`, so it never
 * allocates past it), then charges the budget.
 */
export function decompressWith(
  codecs: CodecRegistry,
  id: number,
  data: Uint8Array,
  limits: DecompressLimits,
  context: string,
): Uint8Array {
  const codec = codecs.get(id);
  const left = limits.budget.remaining;
  const cap = Math.min(limits.maxDecompressedBytes, left);
  let out: Uint8Array;
  try {
    out = codec.decompress(data, { maxOutputBytes: cap });
  } catch (e) {
    if (isWireError(e)) {
      // Say which cap stopped it: the set's budget when that was the smaller one.
      if (e.code === "LIMIT_EXCEEDED" && left < limits.maxDecompressedBytes) {
        throw new WireError("LIMIT_EXCEEDED", {
          context,
          detail: `${codec.name}: output would pass what the set's decompression budget has left ` +
            `(${left} of ${limits.budget.maxBytes} bytes)`,
        });
      }
      throw e;
    }
    throw new WireError("CORRUPT_DATA", { context, detail: `${codec.name}: ${(e as Error)?.message ?? e}` });
  }
  if (out.length > cap) throw limitExceeded(codec.name, cap, out.length);
  // Charge what stays in memory: the whole buffer when it is the codec's own (it may be larger
  // than the output), the output alone when it is a view into something bigger than the cap.
  const held = out.buffer.byteLength <= cap ? Math.max(out.buffer.byteLength, out.length) : out.length;
  limits.budget.charge(held, context);
  return out;
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
