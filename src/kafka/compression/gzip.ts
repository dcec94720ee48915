/**
 * Kafka compression type 1: RFC 1952 gzip, as Java's `GZIPOutputStream` writes and
 * `GZIPInputStream` reads it (one or more members; header flags FEXTRA, FNAME, FCOMMENT and
 * FHCRC; CRC-32 and ISIZE verified).
 *
 * @module
 */

import { WireError } from "../../wire/error.ts";
import { crc32 } from "../../wire/crc32.ts";
import {
  Compression,
  type CompressionCodec,
  type CompressOptions,
  type DecompressOptions,
  resolveMaxOutputBytes,
} from "./codec.ts";
import { ByteSink, HINT_MISSED } from "./_output.ts";
import { inflateInto } from "./inflate.ts";
import { deflateInto, resolveDeflateLevel } from "./deflate.ts";

const FHCRC = 2;
const FEXTRA = 4;
const FNAME = 8;
const FCOMMENT = 16;
const CONTEXT = "gzip data";

function truncated(at: number, detail: string): WireError {
  return new WireError("TRUNCATED", { offset: at, context: CONTEXT, detail, incomplete: true });
}

/** Parses the member header at `p` and returns the offset of its deflate data. */
function readHeader(src: Uint8Array, p: number): number {
  const start = p;
  const end = src.length;
  if (p + 10 > end) {
    // A prefix that already disagrees with the magic is not "truncated gzip", it is not gzip.
    if ((p < end && src[p] !== 0x1f) || (p + 1 < end && src[p + 1] !== 0x8b)) {
      throw new WireError("CORRUPT_DATA", {
        offset: p,
        context: CONTEXT,
        detail: "not a gzip member (bad magic)",
      });
    }
    throw truncated(end, "member header");
  }
  if (src[p] !== 0x1f || src[p + 1] !== 0x8b) {
    throw new WireError("CORRUPT_DATA", {
      offset: p,
      context: CONTEXT,
      detail: "not a gzip member (bad magic)",
    });
  }
  if (src[p + 2] !== 8) {
    throw new WireError("CORRUPT_DATA", {
      offset: p + 2,
      context: CONTEXT,
      detail: `compression method ${src[p + 2]}, not deflate`,
    });
  }
  const flg = src[p + 3];
  if ((flg & 0xe0) !== 0) {
    throw new WireError("CORRUPT_DATA", {
      offset: p + 3,
      context: CONTEXT,
      detail: "reserved header flags set",
    });
  }
  p += 10;
  if (flg & FEXTRA) {
    if (p + 2 > end) throw truncated(end, "FEXTRA length");
    const xlen = src[p] | (src[p + 1] << 8);
    p += 2;
    if (p + xlen > end) throw truncated(end, "FEXTRA field");
    p += xlen;
  }
  if (flg & FNAME) {
    const z = src.indexOf(0, p);
    if (z < 0) throw truncated(end, "FNAME field");
    p = z + 1;
  }
  if (flg & FCOMMENT) {
    const z = src.indexOf(0, p);
    if (z < 0) throw truncated(end, "FCOMMENT field");
    p = z + 1;
  }
  if (flg & FHCRC) {
    if (p + 2 > end) throw truncated(end, "FHCRC field");
    const want = src[p] | (src[p + 1] << 8);
    const got = crc32(src.subarray(start, p)) & 0xffff;
    if (want !== got) {
      throw new WireError("CHECKSUM_MISMATCH", { offset: p, context: CONTEXT, detail: "header CRC-16" });
    }
    p += 2;
  }
  return p;
}

/** True when a well-formed member header (magic, method, flags, fields) starts at `p`. */
function headerFollows(src: Uint8Array, p: number): boolean {
  try {
    readHeader(src, p);
    return true;
  } catch {
    return false;
  }
}

/**
 * Decompresses gzip data: every member, concatenated. Like Java's `GZIPInputStream`, bytes
 * after a member that do not start a well-formed member header are ignored.
 *
 * Throws {@linkcode WireError}: `TRUNCATED`, `CORRUPT_DATA`, `CHECKSUM_MISMATCH` (CRC-32,
 * ISIZE or header CRC), or `LIMIT_EXCEEDED` past `maxOutputBytes` (default 64 MiB).
 *
 * @example
 * ```ts
 * import { gunzip, gzip } from "./gzip.ts";
 * const data = new TextEncoder().encode("hello hello hello");
 * console.log(new TextDecoder().decode(gunzip(gzip(data)))); // hello hello hello
 * ```
 */
export function gunzip(data: Uint8Array, options?: DecompressOptions): Uint8Array {
  const cap = resolveMaxOutputBytes(options);
  const n = data.length;
  // ISIZE of the last member is a size hint only: it can lie, and counts one member modulo 2^32.
  // It is right for the single member Kafka's clients write, so it is tried first; output that
  // outgrows it starts the inflate again with a growing buffer.
  const isize = n >= 18
    ? (data[n - 4] | (data[n - 3] << 8) | (data[n - 2] << 16) | (data[n - 1] << 24)) >>> 0
    : 0;
  const plausible = isize !== 0 && isize <= n * 1032;
  if (plausible) {
    try {
      return gunzipInto(data, new ByteSink("gzip", cap, 0, { size: isize, kind: "hint" }));
    } catch (e) {
      if (e !== HINT_MISSED) throw e;
    }
  }
  return gunzipInto(data, new ByteSink("gzip", cap, n * 4));
}

function gunzipInto(data: Uint8Array, sink: ByteSink): Uint8Array {
  const n = data.length;
  let p = 0;
  do {
    p = readHeader(data, p);
    const memberStart = sink.pos;
    p = inflateInto(data, p, sink, CONTEXT);
    if (p + 8 > n) throw truncated(n, "member trailer");
    const wantCrc = (data[p] | (data[p + 1] << 8) | (data[p + 2] << 16) | (data[p + 3] << 24)) >>> 0;
    const wantSize = (data[p + 4] | (data[p + 5] << 8) | (data[p + 6] << 16) | (data[p + 7] << 24)) >>> 0;
    const got = crc32(sink.buf.subarray(memberStart, sink.pos));
    if (got !== wantCrc) {
      throw new WireError("CHECKSUM_MISMATCH", {
        offset: p,
        context: CONTEXT,
        detail: "CRC-32 of the member",
      });
    }
    if (((sink.pos - memberStart) >>> 0) !== wantSize) {
      throw new WireError("CHECKSUM_MISMATCH", {
        offset: p + 4,
        context: CONTEXT,
        detail: "ISIZE of the member",
      });
    }
    p += 8;
  } while (p < n && headerFollows(data, p));
  return sink.result();
}

/**
 * Compresses `data` as one gzip member (no file name, mtime 0). `level` 0–9 as zlib's; the
 * default (and Kafka's `-1`) is 6, what Java's `GZIPOutputStream` uses.
 *
 * @example
 * ```ts
 * import { gzip } from "./gzip.ts";
 * const packed = gzip(new TextEncoder().encode("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"));
 * console.log(packed[0] === 0x1f && packed[1] === 0x8b, packed.length < 32); // true true
 * ```
 */
export function gzip(data: Uint8Array, options?: CompressOptions): Uint8Array {
  const level = resolveDeflateLevel(options?.level);
  const head = new Uint8Array((data.length >>> 1) + 64);
  head[0] = 0x1f;
  head[1] = 0x8b;
  head[2] = 8;
  head[8] = level === 9 ? 2 : level === 1 ? 4 : 0;
  head[9] = 255; // OS unknown
  const deflated = deflateInto(data, level, head, 10);
  let out = deflated.out;
  const end = deflated.end;
  if (end + 8 > out.length) {
    const grown = new Uint8Array(end + 8);
    grown.set(out.subarray(0, end));
    out = grown;
  }
  const crc = crc32(data);
  const size = data.length >>> 0;
  out[end] = crc & 255;
  out[end + 1] = (crc >>> 8) & 255;
  out[end + 2] = (crc >>> 16) & 255;
  out[end + 3] = crc >>> 24;
  out[end + 4] = size & 255;
  out[end + 5] = (size >>> 8) & 255;
  out[end + 6] = (size >>> 16) & 255;
  out[end + 7] = size >>> 24;
  return out.length === end + 8 ? out : out.slice(0, end + 8);
}

/**
 * The gzip {@linkcode CompressionCodec} (Kafka compression type 1).
 *
 * @example
 * ```ts
 * import { gzipCodec } from "./gzip.ts";
 * const data = new TextEncoder().encode("record record record");
 * console.log(gzipCodec.decompress(gzipCodec.compress(data, { level: 1 })).length); // 20
 * ```
 */
export const gzipCodec: CompressionCodec = /* @__PURE__ */ Object.freeze({
  id: Compression.Gzip,
  name: "gzip",
  compress: gzip,
  decompress: gunzip,
});
