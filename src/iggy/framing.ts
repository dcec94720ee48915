/**
 * Iggy request and response frames, sans-IO: encoders, whole-buffer decoders with the crate's
 * error order, and incremental decoders that take byte chunks as they arrive (over the shared
 * `FrameAssembler` of `./wire`).
 *
 * Two layouts exist, and both are supported:
 *
 * - `"crate"` — what `iggy_binary_protocol` 0.11.1-edge.3 implements (`RequestFrame` /
 *   `ResponseFrame`), with a request id for correlation and duplicate detection:
 *   request `[length:u32][code:u32][request_id:u64][payload]` where `length` = 12 + payload
 *   (it counts code, request id and payload, not itself); response
 *   `[status:u32][length:u32][request_id:u64][payload]` where `length` = 8 + payload. Both
 *   headers are 16 bytes.
 * - `"legacy"` — the TCP framing of released Iggy servers and SDKs, which the crate's own
 *   top-level docs still describe: request `[length:u32][code:u32][payload]` with `length` =
 *   4 + payload; response `[status:u32][length:u32][payload]` with `length` = payload bytes.
 *   Both headers are 8 bytes. The crate has no codec for it, so it has no vectors; it is here
 *   because that is what deployed servers speak.
 *
 * A non-zero `status` is an error code and, from the crate, carries no payload.
 *
 * @module
 */

import { WireError } from "../wire/error.ts";
import { FrameAssembler, type FrameLength } from "../wire/frame_assembler.ts";
import { Reader } from "../wire/reader.ts";
import { Writer } from "../wire/writer.ts";
import { encodeFailure, type PayloadCodec } from "./codec.ts";

/** Status of a successful response. */
export const STATUS_OK = 0;

/** Header bytes of a crate-layout request frame (`[length][code][request_id]`). */
export const REQUEST_HEADER_SIZE = 16;
/** Header bytes of a crate-layout response frame (`[status][length][request_id]`). */
export const RESPONSE_HEADER_SIZE = 16;
/** Header bytes of a legacy-layout frame (`[length][code]` / `[status][length]`). */
export const LEGACY_HEADER_SIZE = 8;

/** Largest frame the incremental decoder accepts unless told otherwise (64 MiB). */
export const DEFAULT_MAX_FRAME_BYTES = 64 * 1024 * 1024;

/** Which frame layout: the crate's (with request id) or the released servers' (without). */
export type FrameLayout = "crate" | "legacy";

/** A request frame; `payload` is a view into the decoded bytes. */
export interface RequestFrame {
  /** The command code. */
  readonly code: number;
  /** u64; always 0n in the legacy layout, which has no request id. */
  readonly requestId: bigint;
  /** The payload bytes (a view into the frame). */
  readonly payload: Uint8Array;
}

/** A response frame; `payload` is a view into the decoded bytes. */
export interface ResponseFrame {
  /** 0 on success, otherwise the error code. */
  readonly status: number;
  /** u64; always 0n in the legacy layout. */
  readonly requestId: bigint;
  /** The payload bytes (a view into the frame). */
  readonly payload: Uint8Array;
}

const U32_MAX = 0xffffffff;

function headerSize(layout: FrameLayout): number {
  return layout === "crate" ? REQUEST_HEADER_SIZE : LEGACY_HEADER_SIZE;
}

function tooLarge(payloadBytes: number, overhead: number): WireError {
  return new WireError("LIMIT_EXCEEDED", {
    detail: `payload too large: ${payloadBytes} bytes, max ${U32_MAX - overhead}`,
  });
}

/**
 * Writes a request frame around `payload`.
 *
 * @example
 * ```ts
 * import { CommandCode, encodeRequestFrame } from "@streamwire/codec/iggy";
 * encodeRequestFrame(CommandCode.Ping, 7n, new Uint8Array()); // 0c000000 01000000 0700000000000000
 * encodeRequestFrame(CommandCode.Ping, 0n, new Uint8Array(), "legacy"); // 04000000 01000000
 * ```
 */
export function encodeRequestFrame(
  code: number,
  requestId: bigint,
  payload: Uint8Array,
  layout: FrameLayout = "crate",
): Uint8Array {
  const w = new Writer(headerSize(layout) + payload.length);
  writeRequestHeader(w, code, requestId, payload.length, layout);
  w.bytes(payload);
  return w.buf;
}

/**
 * Encodes `value` with `codec` straight into a request frame (one allocation, no payload copy).
 *
 * @example
 * ```ts
 * import { CommandCode, frameRequest, identifier } from "@streamwire/codec/iggy";
 * frameRequest(CommandCode.GetStream, 1n, identifier, { kind: "numeric", value: 1 }).length; // 22
 * ```
 */
export function frameRequest<T>(
  code: number,
  requestId: bigint,
  codec: PayloadCodec<T>,
  value: T,
  layout: FrameLayout = "crate",
): Uint8Array {
  try {
    const size = codec.sizeOf(value);
    const w = new Writer(headerSize(layout) + size);
    writeRequestHeader(w, code, requestId, size, layout);
    codec.encode(w, value);
    return w.finish();
  } catch (e) {
    throw encodeFailure(e, codec, value);
  }
}

/**
 * Appends a request header for a payload of `payloadBytes` bytes.
 *
 * @example
 * ```ts
 * import { CommandCode, decodeRequestFrame, Writer, writeRequestHeader } from "@streamwire/codec/iggy";
 * const payload = new Uint8Array([1, 2, 3]);
 * const w = new Writer();
 * writeRequestHeader(w, CommandCode.CreateStream, 5n, payload.length); // request id 5
 * w.bytes(payload);
 * console.log(decodeRequestFrame(w.finish()).frame.requestId); // 5n
 * ```
 */
export function writeRequestHeader(
  w: Writer,
  code: number,
  requestId: bigint,
  payloadBytes: number,
  layout: FrameLayout = "crate",
): void {
  const overhead = layout === "crate" ? 12 : 4;
  if (payloadBytes > U32_MAX - overhead) throw tooLarge(payloadBytes, overhead);
  w.u32le(payloadBytes + overhead);
  w.u32le(code);
  if (layout === "crate") w.u64le(requestId);
}

/**
 * Writes a response frame. A non-zero status normally has an empty payload (the crate's
 * `encode_error`); this function writes whatever payload it is given.
 *
 * @example
 * ```ts
 * import { encodeResponseFrame } from "@streamwire/codec/iggy";
 * encodeResponseFrame(1001, 55n, new Uint8Array()); // e9030000 08000000 3700000000000000
 * ```
 */
export function encodeResponseFrame(
  status: number,
  requestId: bigint,
  payload: Uint8Array,
  layout: FrameLayout = "crate",
): Uint8Array {
  const w = new Writer(headerSize(layout) + payload.length);
  writeResponseHeader(w, status, requestId, payload.length, layout);
  w.bytes(payload);
  return w.buf;
}

/**
 * Encodes `value` with `codec` straight into a successful response frame.
 *
 * @example
 * ```ts
 * import { frameResponse, emptyCodec } from "@streamwire/codec/iggy";
 * frameResponse(7n, emptyCodec("Ping"), {}); // 00000000 08000000 0700000000000000
 * ```
 */
export function frameResponse<T>(
  requestId: bigint,
  codec: PayloadCodec<T>,
  value: T,
  layout: FrameLayout = "crate",
): Uint8Array {
  try {
    const size = codec.sizeOf(value);
    const w = new Writer(headerSize(layout) + size);
    writeResponseHeader(w, STATUS_OK, requestId, size, layout);
    codec.encode(w, value);
    return w.finish();
  } catch (e) {
    throw encodeFailure(e, codec, value);
  }
}

/**
 * Appends a response header for a payload of `payloadBytes` bytes.
 *
 * @example
 * ```ts
 * import { decodeResponseFrame, Writer, writeResponseHeader } from "@streamwire/codec/iggy";
 * const w = new Writer();
 * writeResponseHeader(w, 0, 5n, 0); // success, request id 5, empty payload
 * console.log(decodeResponseFrame(w.finish()).consumed); // 16
 * ```
 */
export function writeResponseHeader(
  w: Writer,
  status: number,
  requestId: bigint,
  payloadBytes: number,
  layout: FrameLayout = "crate",
): void {
  const overhead = layout === "crate" ? 8 : 0;
  if (payloadBytes > U32_MAX - overhead) throw tooLarge(payloadBytes, overhead);
  w.u32le(status);
  w.u32le(payloadBytes + overhead);
  if (layout === "crate") w.u64le(requestId);
}

// ---------------------------------------------------------------------------------------------
// Whole-buffer decoding (the crate's `RequestFrame::decode` / `ResponseFrame::decode`).

/**
 * Decodes the request frame at the start of `buf` and reports its size; bytes after it are
 * left alone. Checks in the crate's order: length (`TRUNCATED`), length below the header's
 * fields (`INVALID_VALUE`), code, request id, payload (`TRUNCATED`).
 *
 * @example
 * ```ts
 * import { CommandCode, decodeRequestFrame, encodeRequestFrame } from "@streamwire/codec/iggy";
 * const { frame, consumed } = decodeRequestFrame(encodeRequestFrame(CommandCode.Ping, 2n, new Uint8Array()));
 * console.log(frame.code, frame.requestId, consumed); // 1 2n 16
 * ```
 */
export function decodeRequestFrame(
  buf: Uint8Array,
  layout: FrameLayout = "crate",
): { frame: RequestFrame; consumed: number } {
  const r = new Reader(buf, "RequestFrame");
  const length = r.u32le();
  const min = layout === "crate" ? 12 : 4;
  if (length < min) {
    throw r.error("INVALID_VALUE", `request frame length must be at least ${min}`, 0);
  }
  const code = r.u32le();
  const requestId = layout === "crate" ? r.u64le() : 0n;
  const n = length - min;
  r.need(n);
  return { frame: { code, requestId, payload: r.bytes(n) }, consumed: r.pos };
}

/**
 * Decodes the response frame at the start of `buf` and reports its size. Checks in the
 * crate's order: status, length (`TRUNCATED`), length below 8 in the crate layout
 * (`INVALID_VALUE`), request id, payload (`TRUNCATED`).
 *
 * @example
 * ```ts
 * import { decodeResponseFrame } from "@streamwire/codec/iggy";
 * const bytes = new Uint8Array([0, 0, 0, 0, 8, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0]);
 * const { frame, consumed } = decodeResponseFrame(bytes);
 * console.log(frame.status, frame.requestId, consumed); // 0 3n 16
 * ```
 */
export function decodeResponseFrame(
  buf: Uint8Array,
  layout: FrameLayout = "crate",
): { frame: ResponseFrame; consumed: number } {
  const r = new Reader(buf, "ResponseFrame");
  const status = r.u32le();
  const length = r.u32le();
  const min = layout === "crate" ? 8 : 0;
  if (length < min) {
    throw r.error("INVALID_VALUE", "response frame length must be at least 8 (request_id)", 4);
  }
  const requestId = layout === "crate" ? r.u64le() : 0n;
  const n = length - min;
  r.need(n);
  return { frame: { status, requestId, payload: r.bytes(n) }, consumed: r.pos };
}

// ---------------------------------------------------------------------------------------------
// Incremental decoding.

/** Options of the incremental frame decoders. */
export interface FrameDecoderOptions {
  /** Frame layout (default `"crate"`). */
  layout?: FrameLayout;
  /**
   * Largest whole frame (header included) accepted; a larger announced length is
   * `FRAME_TOO_LARGE` as soon as the length field arrives, before anything is allocated.
   * Default {@linkcode DEFAULT_MAX_FRAME_BYTES}. This is the only bound on what the decoder
   * buffers while a frame is incomplete, so `Infinity` is refused (`INVALID_VALUE`) unless
   * {@linkcode FrameDecoderOptions.allowUnboundedFrames} is set.
   */
  maxFrameBytes?: number;
  /**
   * Accept `maxFrameBytes: Infinity`: a peer can then make the decoder buffer up to 4 GiB per
   * frame. Only for trusted peers. Default false.
   */
  allowUnboundedFrames?: boolean;
}

function u32le(b: Uint8Array, at: number): number {
  return (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
}

/** Request frames: `[length:u32]` first, counting what follows it; the whole frame is 4 + length. */
function requestFrameLength(layout: FrameLayout): FrameLength {
  const min = layout === "crate" ? 12 : 4;
  return {
    prefixBytes: 4,
    frameLength(prefix: Uint8Array, at: number): number {
      const length = u32le(prefix, 0);
      if (length < min) {
        throw new WireError("INVALID_VALUE", {
          offset: at,
          context: "RequestFrame",
          detail: `request frame length must be at least ${min}`,
        });
      }
      return 4 + length;
    },
  };
}

/** Response frames: `[status:u32][length:u32]` first; the whole frame is 8 + length. */
function responseFrameLength(layout: FrameLayout): FrameLength {
  return {
    prefixBytes: 8,
    frameLength(prefix: Uint8Array, at: number): number {
      const length = u32le(prefix, 4);
      if (layout === "crate" && length < 8) {
        throw new WireError("INVALID_VALUE", {
          offset: at + 4,
          context: "ResponseFrame",
          detail: "response frame length must be at least 8 (request_id)",
        });
      }
      return 8 + length;
    },
  };
}

function assembler(length: FrameLength, options: FrameDecoderOptions, context: string): FrameAssembler {
  return new FrameAssembler(length, {
    maxFrameBytes: options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES,
    allowUnboundedFrames: options.allowUnboundedFrames,
    context,
  });
}

/**
 * Incremental decoder of request frames (the server side of a connection): `push(chunk)`
 * returns every frame the chunk completes. The ownership, limit and error rules are the
 * `FrameAssembler`'s (`./wire`): a frame that lies inside one chunk has its payload as a view of
 * that chunk, a split one is copied once into an array of its own, the chunk is never kept,
 * time is linear whatever the chunking, and after a `WireError` every later call throws it.
 *
 * @example
 * ```ts
 * import { CommandCode, encodeRequestFrame, RequestFrameDecoder } from "@streamwire/codec/iggy";
 * const d = new RequestFrameDecoder({ maxFrameBytes: 1 << 20 });
 * const bytes = encodeRequestFrame(CommandCode.Ping, 9n, new Uint8Array());
 * console.log(d.push(bytes.subarray(0, 5)), d.buffered); // [] 5
 * console.log(d.push(bytes.subarray(5))[0].requestId); // 9n
 * ```
 */
export class RequestFrameDecoder {
  /** Frame layout this decoder reads. */
  readonly layout: FrameLayout;
  /** Largest whole frame accepted, header included. */
  readonly maxFrameBytes: number;
  readonly #frames: FrameAssembler;

  /** A decoder with no bytes yet; `INVALID_VALUE` for a bad `maxFrameBytes`. */
  constructor(options: FrameDecoderOptions = {}) {
    this.layout = options.layout ?? "crate";
    this.#frames = assembler(requestFrameLength(this.layout), options, "RequestFrame");
    this.maxFrameBytes = this.#frames.maxFrameBytes;
  }

  /** Bytes received that belong to no frame returned yet. */
  get buffered(): number {
    return this.#frames.buffered;
  }

  /**
   * Consumes `chunk` and returns the frames it completes, in order.
   *
   * @example
   * ```ts
   * import { RequestFrameDecoder } from "@streamwire/codec/iggy";
   * const frames = new RequestFrameDecoder();
   * const ping = new Uint8Array([12, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0]);
   * console.log(frames.push(new Uint8Array([...ping, ...ping])).length); // 2
   * ```
   */
  push(chunk: Uint8Array): RequestFrame[] {
    const bytes = this.#frames.push(chunk);
    const out: RequestFrame[] = new Array(bytes.length);
    for (let i = 0; i < bytes.length; i++) out[i] = decodeRequestFrame(bytes[i], this.layout).frame;
    return out;
  }

  /**
   * Call at end of stream: `TRUNCATED` (incomplete) when part of a frame is buffered.
   *
   * @example
   * ```ts
   * import { isWireError, RequestFrameDecoder } from "@streamwire/codec/iggy";
   * const frames = new RequestFrameDecoder();
   * frames.push(new Uint8Array([12, 0, 0, 0, 1])); // the socket closes mid-frame
   * try {
   *   frames.end();
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code, e.need); // TRUNCATED 11
   * }
   * ```
   */
  end(): void {
    this.#frames.end();
  }
}

/**
 * Incremental decoder of response frames (the client side of a connection); the same contract
 * as {@linkcode RequestFrameDecoder}.
 *
 * @example
 * ```ts
 * import { ResponseFrameDecoder, encodeResponseFrame } from "@streamwire/codec/iggy";
 * const d = new ResponseFrameDecoder();
 * for (const f of d.push(encodeResponseFrame(0, 3n, new Uint8Array([1])))) console.log(f.payload); // Uint8Array(1) [ 1 ]
 * ```
 */
export class ResponseFrameDecoder {
  /** Frame layout this decoder reads. */
  readonly layout: FrameLayout;
  /** Largest whole frame accepted, header included. */
  readonly maxFrameBytes: number;
  readonly #frames: FrameAssembler;

  /** A decoder with no bytes yet; `INVALID_VALUE` for a bad `maxFrameBytes`. */
  constructor(options: FrameDecoderOptions = {}) {
    this.layout = options.layout ?? "crate";
    this.#frames = assembler(responseFrameLength(this.layout), options, "ResponseFrame");
    this.maxFrameBytes = this.#frames.maxFrameBytes;
  }

  /** Bytes received that belong to no frame returned yet. */
  get buffered(): number {
    return this.#frames.buffered;
  }

  /**
   * Consumes `chunk` and returns the frames it completes, in order.
   *
   * @example
   * ```ts
   * import { encodeResponseFrame, ResponseFrameDecoder } from "@streamwire/codec/iggy";
   * const frames = new ResponseFrameDecoder();
   * const bytes = encodeResponseFrame(0, 7n, new Uint8Array());
   * console.log(frames.push(bytes.subarray(0, 9)).length, frames.push(bytes.subarray(9))[0].requestId); // 0 7n
   * ```
   */
  push(chunk: Uint8Array): ResponseFrame[] {
    const bytes = this.#frames.push(chunk);
    const out: ResponseFrame[] = new Array(bytes.length);
    for (let i = 0; i < bytes.length; i++) out[i] = decodeResponseFrame(bytes[i], this.layout).frame;
    return out;
  }

  /**
   * Call at end of stream: `TRUNCATED` (incomplete) when part of a frame is buffered.
   *
   * @example
   * ```ts
   * import { isWireError, ResponseFrameDecoder } from "@streamwire/codec/iggy";
   * const frames = new ResponseFrameDecoder();
   * frames.push(new Uint8Array([0, 0, 0, 0, 8, 0])); // the socket closes mid-frame
   * try {
   *   frames.end();
   * } catch (e) {
   *   if (isWireError(e)) console.log(e.code); // TRUNCATED
   * }
   * ```
   */
  end(): void {
    this.#frames.end();
  }
}

/**
 * The frame codecs as {@linkcode PayloadCodec}s over whole frames (vectors and tests).
 *
 * @example
 * ```ts
 * import { decodePayload, encodePayload, requestFrameCodec } from "@streamwire/codec/iggy";
 * const codec = requestFrameCodec();
 * const bytes = encodePayload(codec, { code: 1, requestId: 2n, payload: new Uint8Array() });
 * console.log(decodePayload(codec, bytes).requestId); // 2n
 * ```
 */
export function requestFrameCodec(layout: FrameLayout = "crate"): PayloadCodec<RequestFrame> {
  return {
    name: "RequestFrame",
    encode: (w, v) => {
      writeRequestHeader(w, v.code, v.requestId, v.payload.length, layout);
      w.bytes(v.payload);
    },
    sizeOf: (v) => headerSize(layout) + v.payload.length,
    decode: (r) => {
      const { frame, consumed } = decodeRequestFrame(r.buf.subarray(r.pos, r.end), layout);
      r.pos += consumed;
      return frame;
    },
  };
}

/**
 * See {@linkcode requestFrameCodec}.
 *
 * @example
 * ```ts
 * import { decodePayload, encodePayload, responseFrameCodec } from "@streamwire/codec/iggy";
 * const codec = responseFrameCodec("legacy");
 * const bytes = encodePayload(codec, { status: 0, requestId: 0n, payload: new Uint8Array([9]) });
 * console.log(bytes.length, decodePayload(codec, bytes).payload); // 9 Uint8Array(1) [ 9 ]
 * ```
 */
export function responseFrameCodec(layout: FrameLayout = "crate"): PayloadCodec<ResponseFrame> {
  return {
    name: "ResponseFrame",
    encode: (w, v) => {
      writeResponseHeader(w, v.status, v.requestId, v.payload.length, layout);
      w.bytes(v.payload);
    },
    sizeOf: (v) => headerSize(layout) + v.payload.length,
    decode: (r) => {
      const { frame, consumed } = decodeResponseFrame(r.buf.subarray(r.pos, r.end), layout);
      r.pos += consumed;
      return frame;
    },
  };
}
