/**
 * `ConsumerSession` (a crate-root re-export of `iggy_binary_protocol`): one transport-bound
 * session a replica observed, `[client_id:u128][session:u64]`, 24 bytes — the entries of a
 * consumer-session heartbeat body. Both ids are non-zero: the crate's decode rejects a zero
 * client id or session with `INVALID_VALUE`, and this codec refuses to encode one, so that what
 * it writes always decodes.
 *
 * @module
 */

import type { Reader } from "../../wire/reader.ts";
import type { Writer } from "../../wire/writer.ts";
import { decodePayload, encodePayload, invalid, invalidValue, type PayloadCodec } from "../codec.ts";

/** One session a replica observed (the crate's `ConsumerSession`). */
export interface ConsumerSession {
  /** The client (u128, non-zero). */
  readonly clientId: bigint;
  /** The session epoch of that client (u64, non-zero). */
  readonly session: bigint;
}

/** Bytes one `ConsumerSession` takes on the wire. */
export const CONSUMER_SESSION_SIZE = 24;

/**
 * `ConsumerSession`: `[client_id:u128][session:u64]`. Fewer than 24 bytes is `TRUNCATED`; a
 * zero client id or session is `INVALID_VALUE` on decode and on encode.
 */
export const consumerSession: PayloadCodec<ConsumerSession> = {
  name: "ConsumerSession",
  encode(w: Writer, v: ConsumerSession): void {
    if (v.clientId === 0n || v.session === 0n) {
      throw invalidValue(
        "ConsumerSession",
        "consumer session identity must be nonzero (clientId and session)",
      );
    }
    w.u128le(v.clientId);
    w.u64le(v.session);
  },
  sizeOf: () => CONSUMER_SESSION_SIZE,
  decode(r: Reader): ConsumerSession {
    const start = r.pos;
    const clientId = r.u128le();
    const session = r.u64le();
    if (clientId === 0n || session === 0n) {
      throw invalid(r, "consumer session identity must be nonzero", start);
    }
    return { clientId, session };
  },
};

/**
 * Encodes one `ConsumerSession` (24 bytes).
 *
 * @example
 * ```ts
 * import { encodeConsumerSession } from "@streamwire/codec/iggy";
 * encodeConsumerSession({ clientId: 7n, session: 1n }).length; // 24
 * ```
 */
export function encodeConsumerSession(v: ConsumerSession): Uint8Array {
  return encodePayload(consumerSession, v);
}

/**
 * Decodes one `ConsumerSession` from the start of `bytes` (bytes after the 24 are ignored, as
 * the crate's `decode_from` does).
 *
 * @example
 * ```ts
 * import { decodeConsumerSession, encodeConsumerSession } from "@streamwire/codec/iggy";
 * decodeConsumerSession(encodeConsumerSession({ clientId: 7n, session: 1n })); // { clientId: 7n, session: 1n }
 * ```
 */
export function decodeConsumerSession(bytes: Uint8Array): ConsumerSession {
  return decodePayload(consumerSession, bytes);
}
