/**
 * Iggy request and response frames, sans-IO: encoders, whole-buffer decoders with the crate's
 * error order, and an incremental decoder that takes byte chunks as they arrive.
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
import { resolveMaxFrameBytes } from "../wire/_frame_limit.ts";
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

/** Chunks at most this long are copied into a shared block instead of kept by reference. */
const SMALL_CHUNK = 512;
/** Size of the blocks small chunks are copied into. */
const SMALL_BLOCK = 4096;

/**
 * Collects byte chunks and cuts complete frames out of them. A frame that lies inside one
 * chunk of more than 512 bytes is returned as a view of that chunk (no copy); one that spans chunks is copied once,
 * when its last byte has arrived, into an array of exactly its size — an announced length
 * costs nothing until the bytes exist. Small chunks (up to 512 bytes) are copied into shared
 * 4 KiB blocks, so one-byte pushes do not keep one object per byte. Time is linear in the
 * bytes pushed whatever the chunking. After a `WireError` the stream is unusable and every
 * later call throws the same error.
 *
 * @example
 * ```ts
 * import { FrameDecoderBase, RequestFrameDecoder } from "@streamwire/codec/iggy";
 * const frames = new RequestFrameDecoder();
 * frames.push(new Uint8Array([12, 0, 0, 0, 1, 0, 0, 0])); // half a Ping frame
 * console.log(frames instanceof FrameDecoderBase, frames.next(), frames.buffered); // true undefined 8
 * ```
 */
export abstract class FrameDecoderBase<F> {
  /** Frame layout this decoder reads. */
  readonly layout: FrameLayout;
  /** Largest whole frame accepted, header included. */
  readonly maxFrameBytes: number;
  /** Chunks not yet consumed are `#chunks[#first..]`; the first one from offset `#head`. */
  #chunks: Uint8Array[] = [];
  #first = 0;
  #head = 0;
  #buffered = 0;
  /** The block small chunks are appended to, and how much of it is filled. */
  #block: Uint8Array | undefined;
  #blockFill = 0;
  /** Where the last list entry starts in `#block`, when that entry is a view of it. */
  #blockEntryStart = -1;
  #failed: WireError | undefined;

  /** A decoder with no bytes yet; `INVALID_VALUE` for a bad `maxFrameBytes`. */
  constructor(options: FrameDecoderOptions = {}) {
    this.layout = options.layout ?? "crate";
    this.maxFrameBytes = resolveMaxFrameBytes(
      options.maxFrameBytes,
      DEFAULT_MAX_FRAME_BYTES,
      options.allowUnboundedFrames,
    );
  }

  /** Bytes received but not yet returned as frames. */
  get buffered(): number {
    return this.#buffered;
  }

  /**
   * Adds bytes as they arrived. The decoder keeps a reference to `chunk` (frames may be
   * views of it), so do not reuse the chunk's memory while frames from it are in use.
   * Chunks of up to 512 bytes are copied instead, so those may be reused at once.
   *
   * @example
   * ```ts
   * import { RequestFrameDecoder } from "@streamwire/codec/iggy";
   * const frames = new RequestFrameDecoder();
   * frames.push(new Uint8Array([12, 0, 0, 0, 1, 0, 0, 0])); // first half of a Ping frame
   * frames.push(new Uint8Array([3, 0, 0, 0, 0, 0, 0, 0]));
   * console.log(frames.next()?.requestId); // 3n
   * ```
   */
  push(chunk: Uint8Array): void {
    const n = chunk.length;
    if (n === 0) return;
    this.#buffered += n;
    if (n > SMALL_CHUNK) {
      this.#chunks.push(chunk);
      this.#blockEntryStart = -1;
      return;
    }
    let block = this.#block;
    if (block === undefined || this.#blockFill + n > block.length) {
      block = this.#block = new Uint8Array(SMALL_BLOCK);
      this.#blockFill = 0;
      this.#blockEntryStart = -1;
    }
    block.set(chunk, this.#blockFill);
    this.#blockFill += n;
    if (this.#blockEntryStart >= 0) {
      // Extend the last entry (same start, so `#head` stays valid if it is the first one).
      this.#chunks[this.#chunks.length - 1] = block.subarray(this.#blockEntryStart, this.#blockFill);
    } else {
      this.#blockEntryStart = this.#blockFill - n;
      this.#chunks.push(block.subarray(this.#blockEntryStart, this.#blockFill));
    }
  }

  /**
   * The next complete frame, or `undefined` until more bytes arrive.
   *
   * @example
   * ```ts
   * import { RequestFrameDecoder } from "@streamwire/codec/iggy";
   * const frames = new RequestFrameDecoder();
   * frames.push(new Uint8Array([12, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0]));
   * console.log(frames.next()?.code, frames.next()); // 1 undefined
   * ```
   */
  next(): F | undefined {
    if (this.#failed) throw this.#failed;
    const prefix = this.prefixBytes();
    if (this.#buffered < prefix) return undefined;
    let total: number;
    try {
      total = this.frameSize((at) => this.#u32At(at));
      if (total > this.maxFrameBytes) {
        throw new WireError("FRAME_TOO_LARGE", {
          detail: `frame of ${total} bytes exceeds maxFrameBytes ${this.maxFrameBytes}`,
        });
      }
    } catch (e) {
      this.#failed = e as WireError;
      throw e;
    }
    if (this.#buffered < total) return undefined;
    return this.parse(this.#take(total));
  }

  /**
   * Pushes `chunk` and yields every frame that is now complete.
   *
   * @example
   * ```ts
   * import { RequestFrameDecoder } from "@streamwire/codec/iggy";
   * const frames = new RequestFrameDecoder();
   * const ping = new Uint8Array([12, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0]);
   * console.log([...frames.frames(new Uint8Array([...ping, ...ping]))].length); // 2
   * ```
   */
  *frames(chunk?: Uint8Array): Generator<F, void, undefined> {
    if (chunk) this.push(chunk);
    for (let f = this.next(); f !== undefined; f = this.next()) yield f;
  }

  /** Bytes needed before the total frame size is known. */
  protected abstract prefixBytes(): number;
  /** Whole frame size from the prefix; throws `INVALID_VALUE` for impossible lengths. */
  protected abstract frameSize(u32At: (at: number) => number): number;
  /** Builds the frame from exactly its bytes. */
  protected abstract parse(bytes: Uint8Array): F;

  #u32At(at: number): number {
    const c0 = this.#chunks[this.#first];
    const p = this.#head + at;
    if (p + 4 <= c0.length) return (c0[p] | (c0[p + 1] << 8) | (c0[p + 2] << 16) | (c0[p + 3] << 24)) >>> 0;
    let v = 0;
    for (let i = 0; i < 4; i++) v |= this.#byteAt(at + i) << (8 * i);
    return v >>> 0;
  }

  /** Byte `at` of the buffered input; walks at most as many chunks as `at` + 1 (a prefix). */
  #byteAt(at: number): number {
    let p = this.#head + at;
    const chunks = this.#chunks;
    for (let i = this.#first; i < chunks.length; i++) {
      const c = chunks[i];
      if (p < c.length) return c[p];
      p -= c.length;
    }
    throw new Error("unreachable: byte beyond buffered input");
  }

  /** Drops the first chunk; the list is compacted once half of it is dropped (amortised O(1)). */
  #dropFirst(): void {
    this.#head = 0;
    this.#first++;
    const chunks = this.#chunks;
    if (this.#first === chunks.length) {
      // The last entry is gone, so a later small chunk starts a new one (in the same block).
      chunks.length = 0;
      this.#first = 0;
      this.#blockEntryStart = -1;
    } else if (this.#first >= 1024 && this.#first * 2 >= chunks.length) {
      this.#chunks = chunks.slice(this.#first);
      this.#first = 0;
    }
  }

  #take(n: number): Uint8Array {
    const c0 = this.#chunks[this.#first];
    const avail = c0.length - this.#head;
    if (avail >= n) {
      // Whole frame inside one chunk: hand out a view.
      const view = c0.subarray(this.#head, this.#head + n);
      this.#head += n;
      if (this.#head === c0.length) this.#dropFirst();
      this.#buffered -= n;
      return view;
    }
    // Every byte is here (the caller checked `#buffered`): join once, at exactly the frame size.
    const out = new Uint8Array(n);
    let filled = 0;
    while (filled < n) {
      const c = this.#chunks[this.#first];
      const part = Math.min(c.length - this.#head, n - filled);
      out.set(c.subarray(this.#head, this.#head + part), filled);
      filled += part;
      this.#head += part;
      if (this.#head === c.length) this.#dropFirst();
    }
    this.#buffered -= n;
    return out;
  }
}

/**
 * Incremental decoder of request frames (the server side of a connection).
 *
 * @example
 * ```ts
 * import { CommandCode, encodeRequestFrame, RequestFrameDecoder } from "@streamwire/codec/iggy";
 * const d = new RequestFrameDecoder({ maxFrameBytes: 1 << 20 });
 * const bytes = encodeRequestFrame(CommandCode.Ping, 9n, new Uint8Array());
 * d.push(bytes.subarray(0, 5));
 * console.log(d.next()); // undefined
 * d.push(bytes.subarray(5));
 * console.log(d.next()?.requestId); // 9n
 * ```
 */
export class RequestFrameDecoder extends FrameDecoderBase<RequestFrame> {
  /** The length field: 4 bytes. */
  protected prefixBytes(): number {
    return 4;
  }
  /** 4 + length; a length below the fixed fields is `INVALID_VALUE`. */
  protected frameSize(u32At: (at: number) => number): number {
    const length = u32At(0);
    const min = this.layout === "crate" ? 12 : 4;
    if (length < min) {
      throw new WireError("INVALID_VALUE", {
        offset: 0,
        context: "RequestFrame",
        detail: `request frame length must be at least ${min}`,
      });
    }
    return 4 + length;
  }
  /** The frame from exactly its bytes. */
  protected parse(bytes: Uint8Array): RequestFrame {
    return decodeRequestFrame(bytes, this.layout).frame;
  }
}

/**
 * Incremental decoder of response frames (the client side of a connection).
 *
 * @example
 * ```ts
 * import { ResponseFrameDecoder, encodeResponseFrame } from "@streamwire/codec/iggy";
 * const d = new ResponseFrameDecoder();
 * for (const f of d.frames(encodeResponseFrame(0, 3n, new Uint8Array([1])))) console.log(f.payload); // Uint8Array(1) [ 1 ]
 * ```
 */
export class ResponseFrameDecoder extends FrameDecoderBase<ResponseFrame> {
  /** Status and length: 8 bytes. */
  protected prefixBytes(): number {
    return 8;
  }
  /** 8 + length; in the crate layout a length below 8 is `INVALID_VALUE`. */
  protected frameSize(u32At: (at: number) => number): number {
    const length = u32At(4);
    if (this.layout === "crate" && length < 8) {
      throw new WireError("INVALID_VALUE", {
        offset: 4,
        context: "ResponseFrame",
        detail: "response frame length must be at least 8 (request_id)",
      });
    }
    return 8 + length;
  }
  /** The frame from exactly its bytes. */
  protected parse(bytes: Uint8Array): ResponseFrame {
    return decodeResponseFrame(bytes, this.layout).frame;
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
