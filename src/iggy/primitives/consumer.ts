/**
 * `WireConsumer`: who reads or stores offsets — a single consumer, a consumer group, or an
 * external group (offsets of a group managed outside Iggy, e.g. a Kafka group; offset calls
 * only). Layout `[kind:u8][WireIdentifier]`.
 *
 * @module
 */

import type { Reader } from "../../wire/reader.ts";
import type { Writer } from "../../wire/writer.ts";
import { invalidValue, type PayloadCodec, unknownDiscriminant } from "../codec.ts";
import { type Identifier, identifier } from "./identifier.ts";

/** Wire byte of a single consumer. */
export const KIND_CONSUMER = 1;
/** Wire byte of a consumer group. */
export const KIND_CONSUMER_GROUP = 2;
/** Wire byte of an external group (offset commands only, never polled). */
export const KIND_EXTERNAL_GROUP = 3;

/** Consumer kinds by name, with their wire bytes. */
export const CONSUMER_KINDS = {
  consumer: KIND_CONSUMER,
  consumerGroup: KIND_CONSUMER_GROUP,
  externalGroup: KIND_EXTERNAL_GROUP,
} as const;

/** A consumer kind name. */
export type ConsumerKind = keyof typeof CONSUMER_KINDS;

const KIND_NAMES: readonly (ConsumerKind | undefined)[] = [
  undefined,
  "consumer",
  "consumerGroup",
  "externalGroup",
];

/**
 * A consumer. JSON form: `{ "kind": "consumerGroup", "id": { "kind": "numeric", "value": 1 } }`
 * (the crate keeps the kind as its u8; the JSON names it).
 */
export interface Consumer {
  /** The kind. */
  readonly kind: ConsumerKind;
  /** The id. */
  readonly id: Identifier;
}

/**
 * `WireConsumer`. An unknown kind byte is `UNKNOWN_DISCRIMINANT`, checked before the identifier
 * is read (so `09` alone is not `TRUNCATED`).
 *
 * @example
 * ```ts
 * import { consumer, encodePayload } from "@streamwire/codec/iggy";
 * encodePayload(consumer, { kind: "consumer", id: { kind: "numeric", value: 1 } }); // 01 01 04 01 00 00 00
 * ```
 */
export const consumer: PayloadCodec<Consumer> = {
  name: "WireConsumer",
  encode(w: Writer, v: Consumer): void {
    const code = CONSUMER_KINDS[v.kind];
    if (code === undefined) throw invalidValue("WireConsumer", `unknown consumer kind ${v.kind}`, v.kind);
    w.u8(code);
    identifier.encode(w, v.id);
  },
  sizeOf: (v: Consumer) => 1 + identifier.sizeOf(v.id),
  decode(r: Reader): Consumer {
    const start = r.pos;
    const code = r.u8();
    const kind = KIND_NAMES[code];
    if (kind === undefined) throw unknownDiscriminant(r, "WireConsumer", code, start);
    return { kind, id: identifier.decode(r) };
  },
};
