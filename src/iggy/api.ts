/**
 * Whole Iggy requests and responses: the frame header (`[length][code][request_id]` /
 * `[status][length][request_id]`, or the legacy layout) and the body, picked by command code.
 * The same names mean the same shapes in `@streamwire/codec/kafka`: `decodeRequest` /
 * `encodeRequest` / `decodeResponse` / `encodeResponse` work on whole messages there too, and
 * the body-only codecs by code are `…Body` in both (`src/iggy/dispatch.ts`).
 *
 * @module
 */

import { WireError } from "../wire/error.ts";
import type { DecodePayloadOptions } from "./codec.ts";
import type { CommandCodeValue } from "./command_codes.ts";
import {
  commandCodecs,
  decodeRequestBody,
  decodeResponseBody,
  type RequestOf,
  type ResponseOf,
} from "./dispatch.ts";
import {
  decodeRequestFrame,
  decodeResponseFrame,
  type FrameLayout,
  frameRequest,
  frameResponse,
  STATUS_OK,
} from "./framing.ts";

/** Header fields a caller supplies when encoding a request (the code comes from the call). */
export interface RequestHeaderInit {
  /** u64 request id (crate layout only; the legacy layout has none). Default 0n. */
  requestId?: bigint;
}

/** Header fields a caller supplies when encoding a successful response. */
export interface ResponseHeaderInit {
  /** The request's id (crate layout only). Default 0n. */
  requestId?: bigint;
}

/** Options for encoding a whole request or response. */
export interface EncodeOptions {
  /** Frame layout (default `"crate"`). */
  layout?: FrameLayout;
}

/** Options for decoding a whole request or response. */
export interface DecodeOptions extends DecodePayloadOptions {
  /** Frame layout (default `"crate"`). */
  layout?: FrameLayout;
}

/** A decoded request: header fields and body. */
export interface DecodedRequest<B = unknown> {
  /** The command code from the header. */
  readonly code: number;
  /** u64 request id; 0n in the legacy layout. */
  readonly requestId: bigint;
  /** The body. */
  readonly body: B;
}

/** Every decoded request type, discriminated by `code` (as Kafka's are by `apiKey`). */
export type AnyDecodedRequest = {
  [C in CommandCodeValue]: DecodedRequest<RequestOf<C>> & { readonly code: C };
}[CommandCodeValue];

/** A decoded response: header fields and body. */
export interface DecodedResponse<B = unknown> {
  /** `STATUS_OK` (0) on success, otherwise the server's error code. */
  readonly status: number;
  /** u64 request id; 0n in the legacy layout. */
  readonly requestId: bigint;
  /** The body; `undefined` when `status` is an error (the crate sends none with one). */
  readonly body: B | undefined;
}

function noTrailing(consumed: number, length: number, context: string): void {
  if (consumed < length) {
    throw new WireError("TRAILING_BYTES", {
      offset: consumed,
      context,
      detail: `${length - consumed} byte(s) after the frame`,
    });
  }
}

/**
 * Encodes a whole request frame of command `code` (header + body, one allocation; the body is
 * typed for a literal command code).
 *
 * @example
 * ```ts
 * import { CommandCode, decodeRequest, encodeRequest } from "@streamwire/codec/iggy";
 * const bytes = encodeRequest(CommandCode.CreateStream, { requestId: 1n }, { name: "orders", options: new Uint8Array() });
 * const req = decodeRequest(bytes);
 * if (req.code === CommandCode.CreateStream) console.log(req.requestId, req.body.name); // 1n orders
 * ```
 */
export function encodeRequest<C extends number>(
  code: C,
  header: RequestHeaderInit,
  body: RequestOf<C>,
  options?: EncodeOptions,
): Uint8Array {
  return frameRequest(code, header.requestId ?? 0n, commandCodecs(code).request, body, options?.layout);
}

/**
 * Decodes one whole request frame: the header's code picks the body codec. `UNKNOWN_COMMAND`
 * for a code outside the table; `TRAILING_BYTES` when bytes follow the frame.
 *
 * @example
 * ```ts
 * import { CommandCode, decodeRequest, encodeRequest } from "@streamwire/codec/iggy";
 * const req = decodeRequest(encodeRequest(CommandCode.Ping, { requestId: 7n }, {}));
 * console.log(req.code, req.requestId, req.body); // 1 7n {}
 * ```
 */
export function decodeRequest(bytes: Uint8Array, options?: DecodeOptions): AnyDecodedRequest {
  const { frame, consumed } = decodeRequestFrame(bytes, options?.layout);
  noTrailing(consumed, bytes.length, "RequestFrame");
  const body = decodeRequestBody(frame.code, frame.payload, options);
  return { code: frame.code, requestId: frame.requestId, body } as AnyDecodedRequest;
}

/**
 * Encodes a whole successful response frame to command `code` (status `STATUS_OK`; an error
 * response is `encodeResponseFrame(status, requestId, new Uint8Array())`).
 *
 * @example
 * ```ts
 * import { CommandCode, decodeResponse, encodeResponse } from "@streamwire/codec/iggy";
 * const bytes = encodeResponse(CommandCode.Ping, { requestId: 7n }, {});
 * console.log(bytes.length, decodeResponse(CommandCode.Ping, bytes).requestId); // 16 7n
 * ```
 */
export function encodeResponse<C extends number>(
  code: C,
  header: ResponseHeaderInit,
  body: ResponseOf<C>,
  options?: EncodeOptions,
): Uint8Array {
  return frameResponse(header.requestId ?? 0n, commandCodecs(code).response, body, options?.layout);
}

/**
 * Decodes one whole response frame to command `code` (known from the request it answers): the
 * body when the status is `STATUS_OK`, none for an error status. `UNKNOWN_COMMAND` for a code
 * outside the table; `TRAILING_BYTES` when bytes follow the frame.
 *
 * @example
 * ```ts
 * import { CommandCode, decodeResponse, encodeResponseFrame } from "@streamwire/codec/iggy";
 * const r = decodeResponse(CommandCode.GetStream, encodeResponseFrame(1009, 3n, new Uint8Array()));
 * console.log(r.status, r.requestId, r.body); // 1009 3n undefined
 * ```
 */
export function decodeResponse<C extends number>(
  code: C,
  bytes: Uint8Array,
  options?: DecodeOptions,
): DecodedResponse<ResponseOf<C>> {
  commandCodecs(code); // UNKNOWN_COMMAND even for an error status
  const { frame, consumed } = decodeResponseFrame(bytes, options?.layout);
  noTrailing(consumed, bytes.length, "ResponseFrame");
  const body = frame.status === STATUS_OK ? decodeResponseBody(code, frame.payload, options) : undefined;
  return { status: frame.status, requestId: frame.requestId, body };
}
