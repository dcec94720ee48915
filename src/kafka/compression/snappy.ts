/**
 * Kafka compression type 2: snappy. Decoding accepts both framings found on the wire — the
 * xerial snappy-java stream that Kafka's Java client writes (magic `82 'SNAPPY' 00`, two
 * big-endian version ints, then `[i32be length][raw block]` chunks) and the raw, unframed
 * block that librdkafka and franz-go write. Encoding writes xerial by default, as Java does.
 *
 * @module
 */

import { WireError } from "../../wire/error.ts";
import {
  Compression,
  type CompressionCodec,
  type CompressOptions,
  type DecompressOptions,
  limitExceeded,
  resolveMaxOutputBytes,
} from "./codec.ts";
import { ByteSink } from "./_output.ts";
import { snappyBlockMax, xerialSize } from "./_size_bound.ts";

/** The 8-byte magic that starts a xerial snappy-java stream. */
export const XERIAL_MAGIC: Uint8Array = /* @__PURE__ */ Uint8Array.of(
  0x82,
  0x53,
  0x4e,
  0x41,
  0x50,
  0x50,
  0x59,
  0x00,
);
/** Uncompressed bytes per xerial chunk that snappy-java's `SnappyOutputStream` uses by default. */
export const XERIAL_DEFAULT_BLOCK_SIZE = 32 * 1024;

const CONTEXT = "snappy data";

/** Reads the uvarint32 preamble of a raw block; returns [value, offset after it]. */
function readLength(
  src: Uint8Array,
  p: number,
  end: number,
  truncCode: "TRUNCATED" | "CORRUPT_DATA",
): [number, number] {
  let v = 0;
  for (let shift = 0; shift < 35; shift += 7) {
    if (p >= end) {
      throw new WireError(truncCode, {
        offset: p,
        context: CONTEXT,
        detail: "block length varint",
        incomplete: truncCode === "TRUNCATED",
      });
    }
    const b = src[p++];
    if (shift === 28 && b > 0x0f) {
      throw new WireError("CORRUPT_DATA", {
        offset: p - 1,
        context: CONTEXT,
        detail: "block length above 2^32",
      });
    }
    // Integer ops only (and `>>> 0` for the 5th byte): a float product here would make the
    // length a heap number, and every bound derived from it a float in the decoder's loop.
    v = shift === 28 ? (v | (b << 28)) >>> 0 : v | ((b & 0x7f) << shift);
    if (b < 0x80) return [v, p];
  }
  throw new WireError("CORRUPT_DATA", {
    offset: p,
    context: CONTEXT,
    detail: "block length varint too long",
  });
}

// Error builders live outside the decoder: a closure would capture (and slow) its locals.
function early(truncCode: "TRUNCATED" | "CORRUPT_DATA", end: number, what: string): WireError {
  return new WireError(truncCode, {
    offset: end,
    context: CONTEXT,
    detail: what,
    incomplete: truncCode === "TRUNCATED",
  });
}

function corruptAt(at: number, what: string): WireError {
  return new WireError("CORRUPT_DATA", { offset: at, context: CONTEXT, detail: what });
}

/**
 * Decodes the raw block `src[start, end)` into `sink` (which it grows to fit). `truncCode` is
 * how to report a block that ends early: `TRUNCATED` for a whole raw input, `CORRUPT_DATA`
 * for a block whose length a frame already promised.
 */
function decodeBlock(
  src: Uint8Array,
  start: number,
  end: number,
  sink: ByteSink,
  truncCode: "TRUNCATED" | "CORRUPT_DATA",
): void {
  const [len, body] = readLength(src, start, end, truncCode);
  if (sink.pos + len > sink.cap) throw limitExceeded("snappy", sink.cap, sink.pos + len, start);
  if (len > snappyBlockMax(end - body)) {
    // The rest of the input could not produce that many bytes even as pure copies.
    throw new WireError(truncCode, {
      offset: end,
      context: CONTEXT,
      detail: `block claims ${len} bytes from ${end - body} input bytes`,
      incomplete: truncCode === "TRUNCATED",
    });
  }
  const out = sink.grow(sink.pos + len, start, true);
  // Moves go 4 bytes at a time through DataViews: one unaligned int32 load and store each
  // (signed: an unsigned load would make V8 11 carry a float64) where a byte loop does four
  // of each, 1.3× (V8 15) to 2× (V8 11, JavaScriptCore) the byte loop's speed on log-like
  // records, whose elements average 3 (literal) and 11 (copy) bytes. A 4-byte step
  // may write up to 3 bytes past the element; the next elements overwrite them, so the fast
  // path runs only while those bytes lie inside this block's output (`op + n + 4 <= oend`)
  // and, for literals, the read stays inside the block's input.
  const sv = new DataView(src.buffer, src.byteOffset, src.byteLength);
  const ov = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const base = sink.pos;
  const oend = base + len;
  let op = base;
  let p = body;
  while (p < end) {
    const tag = src[p++];
    const kind = tag & 3;
    if (kind === 0) {
      let n = tag >>> 2;
      if (n >= 60) {
        const k = n - 59;
        if (p + k > end) throw early(truncCode, end, "literal length");
        n = src[p];
        if (k > 1) n |= src[p + 1] << 8;
        if (k > 2) n |= src[p + 2] << 16;
        if (k > 3) n = (n | (src[p + 3] << 24)) >>> 0;
        p += k;
      }
      n += 1;
      if (op + n > oend) throw corruptAt(p, "literal runs past the declared length");
      if (p + n > end) throw early(truncCode, end, "literal bytes");
      if (n >= 64) {
        // Long literals (incompressible stretches): one native copy beats any loop.
        out.set(src.subarray(p, p + n), op);
      } else if (op + n + 4 <= oend && p + n + 4 <= end) {
        // Most literals are 1-4 bytes: the first step is unrolled.
        ov.setInt32(op, sv.getInt32(p, true), true);
        for (let i = 4; i < n; i += 4) ov.setInt32(op + i, sv.getInt32(p + i, true), true);
      } else {
        for (let i = 0; i < n; i++) out[op + i] = src[p + i];
      }
      op += n;
      p += n;
      continue;
    }
    let n: number;
    let off: number;
    // Two-byte-offset copies first: the most common element in compressed records.
    if (kind === 2) {
      if (p + 2 > end) throw early(truncCode, end, "copy offset");
      n = (tag >>> 2) + 1;
      off = src[p] | (src[p + 1] << 8);
      p += 2;
    } else if (kind === 1) {
      if (p >= end) throw early(truncCode, end, "copy offset");
      n = ((tag >>> 2) & 7) + 4;
      off = ((tag >>> 5) << 8) | src[p++];
    } else {
      if (p + 4 > end) throw early(truncCode, end, "copy offset");
      n = (tag >>> 2) + 1;
      off = (src[p] | (src[p + 1] << 8) | (src[p + 2] << 16) | (src[p + 3] << 24)) >>> 0;
      p += 4;
    }
    if (off === 0 || off > op - base) throw corruptAt(p, `copy offset ${off} outside the block`);
    if (op + n > oend) throw corruptAt(p, "copy runs past the declared length");
    const from = op - off;
    if (off >= 4 && op + n + 4 <= oend) {
      // Each 4-byte load reads bytes at least 4 behind the store, so ones already final.
      // Copies are at least 4 bytes long (1-byte-offset form) or usually so: the first step
      // is unrolled.
      ov.setInt32(op, ov.getInt32(from, true), true);
      for (let i = 4; i < n; i += 4) ov.setInt32(op + i, ov.getInt32(from + i, true), true);
    } else {
      // Byte by byte: with off < 4 the copy reads bytes it has just written.
      for (let i = 0; i < n; i++) out[op + i] = out[from + i];
    }
    op += n;
  }
  if (op !== oend) throw early(truncCode, end, `block ends after ${op - base} of ${len} bytes`);
  sink.pos = op;
}

function isXerial(src: Uint8Array): boolean {
  if (src.length < XERIAL_MAGIC.length) return false;
  for (let i = 0; i < XERIAL_MAGIC.length; i++) if (src[i] !== XERIAL_MAGIC[i]) return false;
  return true;
}

/**
 * Decompresses snappy data in either framing: a xerial stream when it starts with
 * {@linkcode XERIAL_MAGIC}, else one raw block (as snappy-java falls back for Kafka).
 *
 * Throws {@linkcode WireError}: `TRUNCATED`, `CORRUPT_DATA`, or `LIMIT_EXCEEDED` when the
 * output would pass `maxOutputBytes` (default 64 MiB; block lengths are checked before any
 * allocation).
 *
 * @example
 * ```ts
 * import { snappyCompress, snappyDecompress } from "./snappy.ts";
 * const data = new TextEncoder().encode("snappy snappy snappy snappy");
 * const xerial = snappyCompress(data);
 * const raw = snappyCompress(data, { framing: "raw" });
 * console.log(snappyDecompress(xerial).length, snappyDecompress(raw).length); // 27 27
 * ```
 */
export function snappyDecompress(data: Uint8Array, options?: DecompressOptions): Uint8Array {
  const cap = resolveMaxOutputBytes(options);
  if (!isXerial(data)) {
    const sink = new ByteSink("snappy", cap, 0);
    decodeBlock(data, 0, data.length, sink, "TRUNCATED");
    return sink.result();
  }
  const end = data.length;
  if (end < 16) {
    throw new WireError("TRUNCATED", {
      offset: end,
      context: CONTEXT,
      detail: "xerial header",
      incomplete: true,
    });
  }
  const version = (data[8] << 24) | (data[9] << 16) | (data[10] << 8) | data[11];
  if (version < 1) {
    throw new WireError("CORRUPT_DATA", {
      offset: 8,
      context: CONTEXT,
      detail: `xerial stream version ${version}`,
    });
  }
  const sink = new ByteSink("snappy", cap, Math.min(end * 4, 1 << 20), {
    size: xerialSize(data),
    kind: "bound",
  });
  let p = 16;
  while (p < end) {
    if (p + 4 > end) {
      throw new WireError("TRUNCATED", {
        offset: end,
        context: CONTEXT,
        detail: "xerial chunk length",
        incomplete: true,
      });
    }
    const clen = (data[p] << 24) | (data[p + 1] << 16) | (data[p + 2] << 8) | data[p + 3];
    if (clen < 0) {
      throw new WireError("CORRUPT_DATA", {
        offset: p,
        context: CONTEXT,
        detail: `xerial chunk length ${clen}`,
      });
    }
    p += 4;
    if (p + clen > end) {
      throw new WireError("TRUNCATED", {
        offset: end,
        context: CONTEXT,
        need: clen,
        have: end - p,
        detail: "xerial chunk",
        incomplete: true,
      });
    }
    decodeBlock(data, p, p + clen, sink, "CORRUPT_DATA");
    p += clen;
  }
  return sink.result();
}

// ---------------------------------------------------------------------------------------
// Encoder

const FRAGMENT = 1 << 16;
const INPUT_MARGIN = 15;
const MIN_TABLE_BITS = 8;
const MAX_TABLE_BITS = 14;

/** Largest raw block `snappyCompress` can produce for `n` input bytes. */
function maxRawLength(n: number): number {
  return 32 + n + Math.floor(n / 6);
}

function emitLiteral(
  out: Uint8Array,
  ov: DataView,
  op: number,
  src: Uint8Array,
  view: DataView,
  from: number,
  n: number,
): number {
  const m = n - 1;
  if (m < 60) {
    out[op++] = m << 2;
  } else if (m < 0x100) {
    out[op++] = 60 << 2;
    out[op++] = m;
  } else if (m < 0x10000) {
    out[op++] = 61 << 2;
    out[op++] = m & 255;
    out[op++] = m >>> 8;
  } else if (m < 0x1000000) {
    out[op++] = 62 << 2;
    out[op++] = m & 255;
    out[op++] = (m >>> 8) & 255;
    out[op++] = m >>> 16;
  } else {
    out[op++] = 63 << 2;
    out[op++] = m & 255;
    out[op++] = (m >>> 8) & 255;
    out[op++] = (m >>> 16) & 255;
    out[op++] = m >>> 24;
  }
  if (n >= 64) {
    out.set(src.subarray(from, from + n), op);
  } else if (op + n + 4 <= out.length && from + n + 4 <= src.length) {
    // 4 bytes a step (int32: see decodeBlock); the last may write up to 3 bytes past the
    // literal, which what follows overwrites (the result is cut at the last element).
    for (let i = 0; i < n; i += 4) ov.setInt32(op + i, view.getInt32(from + i, true), true);
  } else {
    for (let i = 0; i < n; i++) out[op + i] = src[from + i];
  }
  return op + n;
}

function emitCopy(out: Uint8Array, op: number, off: number, n: number): number {
  // Long matches go out as 64-byte copies, leaving a tail of at least 4 for the last one.
  while (n >= 68) {
    out[op++] = 2 | (63 << 2);
    out[op++] = off & 255;
    out[op++] = off >>> 8;
    n -= 64;
  }
  if (n > 64) {
    out[op++] = 2 | (59 << 2);
    out[op++] = off & 255;
    out[op++] = off >>> 8;
    n -= 60;
  }
  if (n < 12 && off < 2048) {
    out[op++] = 1 | ((n - 4) << 2) | ((off >>> 8) << 5);
    out[op++] = off & 255;
  } else {
    out[op++] = 2 | ((n - 1) << 2);
    out[op++] = off & 255;
    out[op++] = off >>> 8;
  }
  return op;
}

/** Compresses `src[s, e)` (at most 64 KiB) as snappy elements into `out` at `op`. */
function compressFragment(
  src: Uint8Array,
  view: DataView,
  s: number,
  e: number,
  out: Uint8Array,
  ov: DataView,
  op: number,
  table: Uint16Array,
  shift: number,
): number {
  const n = e - s;
  let nextEmit = s;
  if (n >= INPUT_MARGIN) {
    const limit = e - INPUT_MARGIN;
    let ip = s + 1;
    let h = Math.imul(view.getInt32(ip, true), 0x1e35a7bd) >>> shift;
    let searching = true;
    while (searching) {
      // Look for a 4-byte match, stepping further apart the longer nothing is found, so
      // incompressible input is skipped quickly (snappy's heuristic).
      let skip = 32;
      let next = ip;
      let cand = 0;
      let found = false;
      while (!found) {
        ip = next;
        next = ip + (skip++ >>> 5);
        if (next > limit) break;
        cand = s + table[h];
        table[h] = ip - s;
        const v = view.getInt32(ip, true);
        h = Math.imul(view.getInt32(next, true), 0x1e35a7bd) >>> shift;
        found = v === view.getInt32(cand, true) && cand < ip;
      }
      if (!found) break;
      op = emitLiteral(out, ov, op, src, view, nextEmit, ip - nextEmit);
      // Emit copies while the byte right after each one starts another match.
      let chained = true;
      while (chained) {
        const base = ip;
        let a = cand + 4;
        let b = ip + 4;
        // Four bytes a step; the first differing byte of a word is its lowest set bit's.
        for (;;) {
          if (b + 4 > e) {
            while (b < e && src[a] === src[b]) {
              a++;
              b++;
            }
            break;
          }
          const x = view.getInt32(a, true) ^ view.getInt32(b, true);
          if (x !== 0) {
            b += (31 - Math.clz32(x & -x)) >> 3;
            break;
          }
          a += 4;
          b += 4;
        }
        op = emitCopy(out, op, base - cand, b - base);
        ip = b;
        nextEmit = ip;
        if (ip >= limit) {
          searching = false;
          break;
        }
        table[Math.imul(view.getInt32(ip - 1, true), 0x1e35a7bd) >>> shift] = ip - 1 - s;
        const hh = Math.imul(view.getInt32(ip, true), 0x1e35a7bd) >>> shift;
        cand = s + table[hh];
        table[hh] = ip - s;
        if (view.getInt32(ip, true) !== view.getInt32(cand, true) || cand >= ip) {
          ip++;
          h = Math.imul(view.getInt32(ip, true), 0x1e35a7bd) >>> shift;
          chained = false;
        }
      }
    }
  }
  if (nextEmit < e) op = emitLiteral(out, ov, op, src, view, nextEmit, e - nextEmit);
  return op;
}

/** Writes the raw block for `src[s, e)` into `out` at `op`; returns the end offset. */
function compressRawInto(
  src: Uint8Array,
  view: DataView,
  s: number,
  e: number,
  out: Uint8Array,
  ov: DataView,
  op: number,
  table: Uint16Array,
): number {
  let n = e - s;
  while (n >= 0x80) {
    out[op++] = (n & 0x7f) | 0x80;
    n = Math.floor(n / 128);
  }
  out[op++] = n;
  for (let p = s; p < e; p += FRAGMENT) {
    const fe = Math.min(e, p + FRAGMENT);
    let bits = MIN_TABLE_BITS;
    while (bits < MAX_TABLE_BITS && 1 << bits < fe - p) bits++;
    table.fill(0, 0, 1 << bits);
    op = compressFragment(src, view, p, fe, out, ov, op, table, 32 - bits);
  }
  return op;
}

/** Options for {@linkcode snappyCompress}. */
export interface SnappyCompressOptions extends CompressOptions {
  /** `"xerial"` (default, what Kafka's Java client writes) or `"raw"` (librdkafka, franz-go). */
  framing?: "xerial" | "raw";
  /** Uncompressed bytes per xerial chunk; default {@linkcode XERIAL_DEFAULT_BLOCK_SIZE}. */
  blockSize?: number;
}

/**
 * Compresses `data` as snappy: a xerial stream (default) or one raw block. Snappy has no
 * levels; `level` is accepted and ignored.
 *
 * @example
 * ```ts
 * import { snappyCompress } from "./snappy.ts";
 * const out = snappyCompress(new TextEncoder().encode("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"), { framing: "raw" });
 * console.log(out.length < 40); // true
 * ```
 */
export function snappyCompress(data: Uint8Array, options?: SnappyCompressOptions): Uint8Array {
  const n = data.length;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const table = new Uint16Array(
    1 << Math.min(MAX_TABLE_BITS, Math.max(MIN_TABLE_BITS, Math.ceil(Math.log2(n + 1)))),
  );
  if (options?.framing === "raw") {
    const out = new Uint8Array(maxRawLength(n));
    const end = compressRawInto(data, view, 0, n, out, new DataView(out.buffer), 0, table);
    return out.slice(0, end);
  }
  const blockSize = Math.max(1, Math.floor(options?.blockSize ?? XERIAL_DEFAULT_BLOCK_SIZE));
  const chunks = Math.ceil(n / blockSize);
  const out = new Uint8Array(16 + chunks * 4 + maxRawLength(n) + chunks * 32);
  const ov = new DataView(out.buffer);
  out.set(XERIAL_MAGIC, 0);
  out[11] = 1; // version 1
  out[15] = 1; // minimum compatible version 1
  let op = 16;
  for (let p = 0; p < n; p += blockSize) {
    const e = Math.min(n, p + blockSize);
    const end = compressRawInto(data, view, p, e, out, ov, op + 4, table);
    const clen = end - op - 4;
    out[op] = clen >>> 24;
    out[op + 1] = (clen >>> 16) & 255;
    out[op + 2] = (clen >>> 8) & 255;
    out[op + 3] = clen & 255;
    op = end;
  }
  return out.slice(0, op);
}

/** Options for {@linkcode createSnappyCodec}. */
export interface SnappyCodecOptions {
  /** Framing `compress` writes: `"xerial"` (default) or `"raw"`. `decompress` reads both. */
  framing?: "xerial" | "raw";
}

/**
 * A snappy {@linkcode CompressionCodec} writing the given framing, e.g. raw blocks to match
 * librdkafka producers. Decoding always accepts both framings.
 *
 * @example
 * ```ts
 * import { createSnappyCodec } from "./snappy.ts";
 * const raw = createSnappyCodec({ framing: "raw" });
 * console.log(raw.compress(new Uint8Array(10))[0]); // 10 (the raw block's length varint)
 * ```
 */
export function createSnappyCodec(options: SnappyCodecOptions = {}): CompressionCodec {
  const framing = options.framing ?? "xerial";
  return Object.freeze({
    id: Compression.Snappy,
    name: "snappy",
    compress: (data: Uint8Array, o?: CompressOptions) => snappyCompress(data, { ...o, framing }),
    decompress: snappyDecompress,
  });
}

/**
 * The snappy {@linkcode CompressionCodec} (Kafka compression type 2): writes xerial framing
 * like Kafka's Java client, reads xerial and raw.
 *
 * @example
 * ```ts
 * import { snappyCodec } from "./snappy.ts";
 * const data = new TextEncoder().encode("abcdabcdabcdabcd");
 * console.log(snappyCodec.decompress(snappyCodec.compress(data)).length); // 16
 * ```
 */
export const snappyCodec: CompressionCodec = /* @__PURE__ */ createSnappyCodec();
