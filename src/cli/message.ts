/**
 * The inspector's unit of output: one protocol message (a Kafka request or response, an Iggy
 * frame), decoded or not, with where and when it was seen. This is the stable shape behind
 * `--format json` (see `docs/inspector.md`).
 *
 * @module
 */

/** A decode failure, as the JSON output carries it. */
export interface MessageError {
  /** `WireError` code (`TRUNCATED`, …), or `RESYNC` / `UNPAIRED` / `GAP` from the inspector itself. */
  code: string;
  /** Byte offset in the frame, when the decoder knows it. */
  offset?: number;
  /** Human-readable detail. */
  detail?: string;
}

/** One message seen on a connection. */
export interface InspectedMessage {
  /** Capture time, microseconds since the Unix epoch. */
  tsMicros: number;
  /** Connection number, from 1, in order of first packet. */
  connId: number;
  /** `client:port > server:port`. */
  conn: string;
  /** Which way it went. */
  dir: "request" | "response";
  /** The protocol. */
  protocol: "kafka" | "iggy";
  /** Kafka API key. */
  apiKey?: number;
  /** Iggy command code. */
  command?: number;
  /** API or command name (`Metadata`, `stream.create`), `?` when unknown. */
  name: string;
  /** Kafka API version. */
  version?: number;
  /** Kafka correlation id. */
  correlationId?: number;
  /** Iggy request id (crate layout) or request number (consensus), as a decimal string. */
  requestId?: string;
  /** Iggy frame layout (`crate`, `legacy`, `consensus`). */
  layout?: string;
  /** For a response: milliseconds since its request. */
  latencyMs?: number;
  /** The first non-zero error code in the body (Kafka error code, Iggy status). */
  errorCode?: number;
  /** Its name (`UNKNOWN_TOPIC_OR_PARTITION`). */
  errorName?: string;
  /** Frame size on the wire, size prefix included. */
  bytes: number;
  /** The decoded header (Kafka request/response header, Iggy consensus header). */
  header?: unknown;
  /** The decoded body. */
  body?: unknown;
  /** The header's JSON text, written from the frame's bytes in place of `header`, as {@linkcode bodyJson}. */
  headerJson?: Uint8Array;
  /**
   * The body's JSON text (UTF-8), written straight from the frame's bytes in place of `body`,
   * when the connection was asked for it (`jsonBodies`, for `--format json` runs that read
   * nothing else of the body); exactly what `body` would show. A view into a buffer
   * that holds other messages' text too (not to be written to). Not serialised itself.
   */
  bodyJson?: Uint8Array;
  /** Why the frame did not decode. */
  error?: MessageError;
  /** First bytes of an undecodable frame, hex. */
  hexPrefix?: string;
  /** The raw frame (not serialised; the web page uses it for the hex view). */
  raw?: Uint8Array;
  /** Inspector remarks: resynchronised after N bytes, version outside the broker's range, … */
  notes?: string[];
}

/** Walks a decoded body depth-first for the first non-zero `errorCode` (Kafka's name for it). */
export function firstErrorCode(body: unknown, depth = 0): number | undefined {
  if (depth > 12 || body === null || typeof body !== "object") return undefined;
  if (body instanceof Uint8Array) return undefined;
  if (Array.isArray(body)) {
    for (const v of body) {
      const c = firstErrorCode(v, depth + 1);
      if (c !== undefined) return c;
    }
    return undefined;
  }
  const o = body as Record<string, unknown>;
  if (typeof o.errorCode === "number" && o.errorCode !== 0) return o.errorCode;
  for (const k in o) {
    const v = o[k];
    if (v !== null && typeof v === "object") {
      const c = firstErrorCode(v, depth + 1);
      if (c !== undefined) return c;
    }
  }
  return undefined;
}
