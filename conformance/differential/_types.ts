/**
 * What an area registers with the Iggy differential driver (`iggy.ts`).
 *
 * @module
 */

import type { PayloadCodec } from "../../src/iggy/codec.ts";
import type { Rng } from "./_rng.ts";

/** One type under differential test. */
export interface DiffType<T> {
  /** The testee's type name (the crate's name without Request/Response). */
  type: string;
  /** `"request"`, `"response"` or `"data"`, as registered in the testee. */
  direction: "request" | "response" | "data";
  /** streamwire's codec. */
  codec: PayloadCodec<T>;
  /** A random valid value. */
  gen(rng: Rng): T;
  /** The JSON form of a value (default: `toJsonForm`). */
  json?(v: T): unknown;
  /** Whole-payload decode (default: `decodePayload(codec, bytes)`). */
  decode?(bytes: Uint8Array): T;
  /** Set to false to skip the mutated-bytes comparison. */
  mutate?: boolean;
}
