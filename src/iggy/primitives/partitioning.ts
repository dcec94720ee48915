/**
 * `WirePartitioning`: how a send picks its partition. Layout `[kind:u8][len:u8][value:len]`:
 * balanced (kind 1, len 0), partition id (kind 2, len 4, u32), messages key (kind 3, len
 * 1–255, raw bytes — not UTF-8 checked).
 *
 * @module
 */

import type { Reader } from "../../wire/reader.ts";
import type { Writer } from "../../wire/writer.ts";
import { invalid, invalidValue, type PayloadCodec, readBytes, unknownDiscriminant } from "../codec.ts";

/** Longest messages key in bytes (u8 length prefix). */
export const MAX_MESSAGES_KEY_LENGTH = 255;

/**
 * A partitioning strategy. JSON form: `{ "kind": "balanced" }`,
 * `{ "kind": "partitionId", "value": 3 }`, `{ "kind": "messagesKey", "value": "<hex>" }`.
 */
export type Partitioning =
  | { readonly kind: "balanced" }
  | { readonly kind: "partitionId"; readonly value: number }
  | { readonly kind: "messagesKey"; readonly value: Uint8Array };

/**
 * `WirePartitioning`. Decoding reads kind and length first (so one byte is `TRUNCATED` for
 * every kind), then checks the length against the kind (`INVALID_VALUE`), then reads the value;
 * an unknown kind is `UNKNOWN_DISCRIMINANT`. Encoding a key of 0 or more than 255 bytes is
 * `INVALID_VALUE`. A decoded key is a view into the input.
 *
 * @example
 * ```ts
 * import { encodePayload, partitioning } from "@streamwire/codec/iggy";
 * encodePayload(partitioning, { kind: "partitionId", value: 3 }); // 02 04 03 00 00 00
 * ```
 */
export const partitioning: PayloadCodec<Partitioning> = {
  name: "WirePartitioning",
  encode(w: Writer, v: Partitioning): void {
    switch (v.kind) {
      case "balanced":
        w.u8(1);
        w.u8(0);
        return;
      case "partitionId":
        w.u8(2);
        w.u8(4);
        w.u32le(v.value);
        return;
      case "messagesKey": {
        const n = v.value.length;
        if (n === 0) {
          throw invalidValue("WirePartitioning", "messages_key partitioning cannot have empty key", v.value);
        }
        if (n > MAX_MESSAGES_KEY_LENGTH) {
          throw invalidValue(
            "WirePartitioning",
            `messages_key length ${n} exceeds maximum ${MAX_MESSAGES_KEY_LENGTH}`,
            v.value,
          );
        }
        w.u8(3);
        w.u8(n);
        w.bytes(v.value);
        return;
      }
      default:
        throw invalidValue(
          "WirePartitioning",
          `unknown partitioning kind ${(v as { kind: unknown }).kind}`,
          (v as { kind: unknown }).kind,
        );
    }
  },
  sizeOf(v: Partitioning): number {
    return v.kind === "balanced" ? 2 : v.kind === "partitionId" ? 6 : 2 + v.value.length;
  },
  decode(r: Reader): Partitioning {
    const start = r.pos;
    const kind = r.u8();
    const len = r.u8();
    switch (kind) {
      case 1:
        if (len !== 0) throw invalid(r, `balanced partitioning must have length 0, got ${len}`, start);
        return { kind: "balanced" };
      case 2:
        if (len !== 4) throw invalid(r, `partition_id partitioning must have length 4, got ${len}`, start);
        return { kind: "partitionId", value: r.u32le() };
      case 3:
        if (len === 0) throw invalid(r, "messages_key partitioning cannot have empty key", start);
        return { kind: "messagesKey", value: readBytes(r, len) };
      default:
        throw unknownDiscriminant(r, "WirePartitioning", kind, start);
    }
  },
};
