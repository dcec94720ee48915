/**
 * A total-output cap on decompression shared by many batches: one record set (a partition's
 * `records` field) or a whole Fetch response. Each batch is also capped on its own
 * (`maxDecompressedBytes`); the budget stops a response of many small compressed batches that
 * each stay under that cap from decompressing into gigabytes.
 *
 * @module
 */

import { WireError } from "../../wire/error.ts";

/**
 * Default cap on the bytes all compressed batches of one record set, or of one Fetch response
 * decoded with {@linkcode decodeFetchRecords}, may decompress to: 256 MiB. That is five times
 * Kafka's default `fetch.max.bytes` (50 MiB, compressed) and four times the per-batch cap.
 *
 * @example
 * ```ts
 * import { DEFAULT_MAX_DECOMPRESSED_BYTES_PER_SET } from "@streamwire/codec/kafka";
 * console.log(DEFAULT_MAX_DECOMPRESSED_BYTES_PER_SET); // 268435456
 * ```
 */
export const DEFAULT_MAX_DECOMPRESSED_BYTES_PER_SET = 256 * 1024 * 1024;

/**
 * Bytes left for decompression across several batches. Batches decompress lazily (on the first
 * `records()`), so the budget is charged then, by the bytes the codec's output holds. When a
 * batch would pass what is left, decoding it is `LIMIT_EXCEEDED` and the budget is unchanged.
 *
 * @example
 * ```ts
 * import { DecompressionBudget, decodeRecordSet } from "@streamwire/codec/kafka";
 * const budget = new DecompressionBudget(64 << 20); // shared by every partition of one response
 * const set = decodeRecordSet(new Uint8Array(0), { decompressionBudget: budget });
 * console.log(set.batches.length, budget.remaining); // 0 67108864
 * ```
 */
export class DecompressionBudget {
  /** The total cap. */
  readonly maxBytes: number;
  #used = 0;

  /** A budget of `maxBytes` (default 256 MiB); `INVALID_VALUE` unless a non-negative number. */
  constructor(maxBytes: number = DEFAULT_MAX_DECOMPRESSED_BYTES_PER_SET) {
    if (typeof maxBytes !== "number" || !(maxBytes >= 0)) {
      throw new WireError("INVALID_VALUE", {
        detail: `decompression budget ${maxBytes} is not a non-negative number`,
      });
    }
    this.maxBytes = maxBytes;
  }

  /** Bytes charged so far. */
  get used(): number {
    return this.#used;
  }

  /** Bytes still allowed. */
  get remaining(): number {
    return this.maxBytes - this.#used;
  }

  /** Takes `bytes` from the budget; `LIMIT_EXCEEDED` (nothing taken) when fewer are left. */
  charge(bytes: number, context: string): void {
    if (bytes > this.remaining) {
      throw new WireError("LIMIT_EXCEEDED", {
        context,
        detail:
          `decompressed bytes would pass the set's budget of ${this.maxBytes} (${this.#used} used, ${bytes} more)`,
      });
    }
    this.#used += bytes;
  }
}
