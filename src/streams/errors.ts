/**
 * The error a channel rejects a request with when the request, not its bytes, went wrong: no
 * answer in time, an abort, a closed or failed connection, too many requests in flight, a peer
 * that broke the protocol. Bytes a decoder rejects stay a `WireError`, carried as `cause`.
 *
 * @module
 */

/** Every code a {@linkcode ChannelError} can carry. */
export const CHANNEL_ERROR_CODES = [
  /**
   * No answer within the request's `timeoutMs`; the channel closes (see `ChannelOptions.timeoutMs`).
   * For `KafkaServerChannel`: no request within its `idleTimeoutMs`.
   */
  "TIMEOUT",
  /** The request's `AbortSignal` fired; `cause` is the signal's reason. */
  "ABORTED",
  /** The connection ended (either side closed it) before the answer came; `cause` says why, if known. */
  "CLOSED",
  /** The readable or writable failed (a socket error); `cause` is the runtime's error. */
  "TRANSPORT",
  /** The peer sent bytes the protocol state machine rejects; `cause` is the `WireError`. */
  "PROTOCOL",
  /** `maxInFlight` requests already await an answer; this one was not sent. */
  "IN_FLIGHT_LIMIT",
  /** The Iggy server answered with an error `status` (a denial or a committed rejection). */
  "REJECTED",
  /** The Iggy server answered a Get* command with an empty payload: the resource does not exist. */
  "NOT_FOUND",
  /** The Iggy server ended the session (an eviction); `status` is the eviction reason. */
  "EVICTED",
] as const;

/** A stable channel error code; see {@linkcode CHANNEL_ERROR_CODES}. */
export type ChannelErrorCode = typeof CHANNEL_ERROR_CODES[number];

/** Optional facts attached to a {@linkcode ChannelError}. */
export interface ChannelErrorInit {
  /** What caused it: a `WireError`, the runtime's socket error, an abort reason, another `ChannelError`. */
  cause?: unknown;
  /** The Iggy status (`REJECTED`) or eviction reason (`EVICTED`). */
  status?: number;
}

/**
 * A request or a connection that ended without an answer, with a stable `code`.
 *
 * @example
 * ```ts
 * import { ChannelError, isChannelError } from "@streamwire/codec/streams";
 * const e = new ChannelError("TIMEOUT", "no answer to Metadata (correlation id 4) in 50 ms");
 * console.log(isChannelError(e), e.code); // true TIMEOUT
 * ```
 */
export class ChannelError extends Error {
  /** Stable code from {@linkcode CHANNEL_ERROR_CODES}. */
  readonly code: ChannelErrorCode;
  /** The Iggy status or eviction reason, when the code is `REJECTED` or `EVICTED`. */
  readonly status: number | undefined;

  /** An error with `code` and a human `message`. */
  constructor(code: ChannelErrorCode, message: string, init: ChannelErrorInit = {}) {
    super(`${code}: ${message}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "ChannelError";
    this.code = code;
    this.status = init.status;
  }
}

/**
 * True for a {@linkcode ChannelError}, also across realms or duplicated copies of this module.
 *
 * @example
 * ```ts
 * import { isChannelError } from "@streamwire/codec/streams";
 * console.log(isChannelError(new Error("x"))); // false
 * ```
 */
export function isChannelError(e: unknown): e is ChannelError {
  return e instanceof ChannelError ||
    (typeof e === "object" && e !== null && (e as { name?: unknown }).name === "ChannelError" &&
      typeof (e as { code?: unknown }).code === "string");
}
