/**
 * `WirePollingStrategy` (fixed 9 bytes `[kind:u8][value:u64]`) and `AckLevel` (one byte).
 *
 * @module
 */

import type { Reader } from "../../wire/reader.ts";
import type { Writer } from "../../wire/writer.ts";
import { invalidValue, type PayloadCodec, unknownDiscriminant } from "../codec.ts";

/** Polling strategy kinds by name, with their wire bytes. */
export const POLLING_KINDS = { offset: 1, timestamp: 2, first: 3, last: 4, next: 5 } as const;

/** A polling strategy kind name. */
export type PollingKind = keyof typeof POLLING_KINDS;

const POLLING_NAMES: readonly (PollingKind | undefined)[] = [
  undefined,
  "offset",
  "timestamp",
  "first",
  "last",
  "next",
];

/**
 * Where a poll starts: `offset` (value = offset), `timestamp` (value = µs), `first`, `last`,
 * `next` (value 0 by convention; the crate keeps whatever value it reads).
 * JSON form: `{ "kind": "offset", "value": "42" }`.
 */
export interface PollingStrategy {
  /** The kind. */
  readonly kind: PollingKind;
  /** The value. */
  readonly value: bigint;
}

/**
 * `WirePollingStrategy`. The kind is checked (`UNKNOWN_DISCRIMINANT`) before the value is read.
 *
 * @example
 * ```ts
 * import { encodePayload, pollingStrategy } from "@streamwire/codec/iggy";
 * encodePayload(pollingStrategy, { kind: "next", value: 0n }); // 05 00 00 00 00 00 00 00 00
 * ```
 */
export const pollingStrategy: PayloadCodec<PollingStrategy> = {
  name: "WirePollingStrategy",
  encode(w: Writer, v: PollingStrategy): void {
    const code = POLLING_KINDS[v.kind];
    if (code === undefined) {
      throw invalidValue("WirePollingStrategy", `unknown polling kind ${v.kind}`, v.kind);
    }
    w.u8(code);
    w.u64le(v.value);
  },
  sizeOf: () => 9,
  decode(r: Reader): PollingStrategy {
    const start = r.pos;
    const code = r.u8();
    const kind = POLLING_NAMES[code];
    if (kind === undefined) throw unknownDiscriminant(r, "WirePollingStrategy", code, start);
    return { kind, value: r.u64le() };
  },
};

/** Acknowledgement levels by name, with their wire bytes (`quorum` is the crate's default). */
export const ACK_LEVELS = { noAck: 0, quorum: 1 } as const;

/** An acknowledgement level. JSON form: `"noAck"` / `"quorum"`. */
export type AckLevel = keyof typeof ACK_LEVELS;

/**
 * `AckLevel`: one byte, 0 = noAck, 1 = quorum; anything else is `UNKNOWN_DISCRIMINANT`.
 *
 * @example
 * ```ts
 * import { ackLevel, encodePayload } from "@streamwire/codec/iggy";
 * encodePayload(ackLevel, "quorum"); // 01
 * ```
 */
export const ackLevel: PayloadCodec<AckLevel> = {
  name: "AckLevel",
  encode(w: Writer, v: AckLevel): void {
    const code = ACK_LEVELS[v];
    if (code === undefined) throw invalidValue("AckLevel", `unknown ack level ${v}`, v);
    w.u8(code);
  },
  sizeOf: () => 1,
  decode(r: Reader): AckLevel {
    const start = r.pos;
    const code = r.u8();
    if (code === 0) return "noAck";
    if (code === 1) return "quorum";
    throw unknownDiscriminant(r, "AckLevel", code, start);
  },
};
