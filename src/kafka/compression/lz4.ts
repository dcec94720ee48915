/**
 * Kafka compression type 3: the LZ4 frame format (magic 0x184D2204) as Kafka's Java client
 * writes it — version 01, independent 64 KiB blocks, no checksums besides the header one —
 * and as any LZ4 frame encoder may write it (linked blocks, block and content checksums,
 * content size, 256 KiB – 4 MiB blocks, skippable frames) for decoding.
 *
 * Kafka's legacy quirk (KAFKA-3160): for message format v0 the Java client computed the frame
 * header checksum over the magic as well, and it skips the check when reading v0 data. Pass
 * `legacyHeaderChecksum: true` to do the same in either direction.
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
import { lz4SizeBound } from "./_size_bound.ts";
import { xxh32 } from "./xxhash32.ts";

/** The LZ4 frame magic number (little-endian on the wire: `04 22 4d 18`). */
export const LZ4_FRAME_MAGIC = 0x184d2204;

const CONTEXT = "lz4 data";
const MIN_MATCH = 4;
const LAST_LITERALS = 5;
const MF_LIMIT = 12;
const MAX_OFFSET = 65535;
// The longest match whose length fits in its token (15 + MIN_MATCH - 1).
const TOKEN_MATCH = 18;

function rd32(b: Uint8Array, p: number): number {
  return (b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24)) >>> 0;
}

function wr32(b: Uint8Array, p: number, v: number): void {
  b[p] = v & 255;
  b[p + 1] = (v >>> 8) & 255;
  b[p + 2] = (v >>> 16) & 255;
  b[p + 3] = v >>> 24;
}

function corrupt(offset: number, detail: string): WireError {
  return new WireError("CORRUPT_DATA", { offset, context: CONTEXT, detail });
}

function truncated(offset: number, detail: string): WireError {
  return new WireError("TRUNCATED", { offset, context: CONTEXT, detail, incomplete: true });
}

/**
 * The error for a block whose output would reach `need`: `CORRUPT_DATA` past the block
 * maximum, else `LIMIT_EXCEEDED` (the only other bound on the block's buffer is the cap).
 */
function overrun(sink: ByteSink, need: number, blockStart: number, maxBlock: number, at: number): WireError {
  if (need - blockStart > maxBlock) return corrupt(at, `block decodes to more than ${maxBlock} bytes`);
  return limitExceeded("lz4", sink.cap, need, at);
}

/**
 * Decodes the compressed block `src[p, end)` into `sink`. Matches may reach back to
 * `windowStart` (the block start for independent blocks, the frame start for linked ones);
 * the block may produce at most `maxBlock` bytes.
 */
function decodeBlock(
  src: Uint8Array,
  p: number,
  end: number,
  sink: ByteSink,
  windowStart: number,
  maxBlock: number,
): void {
  const blockStart = sink.pos;
  // Every byte of a sequence's length adds at most 255 output bytes, so this bounds the block;
  // the buffer is sized once and the loop only compares against `limit`.
  const bound = Math.min(maxBlock, (end - p) * 255 + 64);
  const limit = Math.min(sink.cap, blockStart + bound);
  const out = sink.grow(limit, p);
  let op = blockStart;
  for (;;) {
    if (p >= end) throw corrupt(p, "block ends before its last literals");
    const token = src[p++];
    let lit = token >>> 4;
    if (lit === 15) {
      let b: number;
      do {
        if (p >= end) throw corrupt(p, "literal length runs past the block");
        b = src[p++];
        lit += b;
      } while (b === 255);
    }
    if (p + lit > end) throw corrupt(p, "literals run past the block");
    if (op + lit > limit) throw overrun(sink, op + lit, blockStart, maxBlock, p);
    // Short copies by hand: a subarray view costs more than a few dozen byte moves, and
    // JavaScriptCore runs the post-increment form much faster than indexed `op + i`.
    if (lit < 64) {
      const stop = p + lit;
      while (p < stop) out[op++] = src[p++];
    } else {
      out.set(src.subarray(p, p + lit), op);
      op += lit;
      p += lit;
    }
    if (p === end) break;
    if (p + 2 > end) throw corrupt(p, "match offset runs past the block");
    const off = src[p] | (src[p + 1] << 8);
    p += 2;
    if (off === 0 || off > op - windowStart) throw corrupt(p - 2, `match offset ${off} outside the window`);
    let len = token & 15;
    if (len === 15) {
      let b: number;
      do {
        if (p >= end) throw corrupt(p, "match length runs past the block");
        b = src[p++];
        len += b;
      } while (b === 255);
    }
    len += MIN_MATCH;
    if (op + len > limit) throw overrun(sink, op + len, blockStart, maxBlock, p);
    let from = op - off;
    const stop = op + len;
    while (op < stop) out[op++] = out[from++];
  }
  sink.pos = op;
}

/** Options for {@linkcode lz4Decompress}. */
export interface Lz4DecompressOptions extends DecompressOptions {
  /**
   * Skip the frame header checksum, as Kafka's Java client does for message format v0 data,
   * which old clients wrote with the checksum computed over the magic too (KAFKA-3160).
   * Default false: the checksum must be the standard one (Kafka's rule for v1 and v2).
   */
  legacyHeaderChecksum?: boolean;
}

const BLOCK_MAX: readonly number[] = [0, 0, 0, 0, 64 << 10, 256 << 10, 1 << 20, 4 << 20];

/**
 * Decompresses LZ4 frame data: one frame, or several concatenated (with skippable frames in
 * between). Bytes after a frame that do not start another frame are ignored, as Kafka's Java
 * reader stops after the first frame. Linked (dependent) blocks are decoded too, although
 * Kafka's Java reader rejects them; preset dictionaries are not supported (`CORRUPT_DATA`).
 *
 * Throws {@linkcode WireError}: `TRUNCATED`, `CORRUPT_DATA`, `CHECKSUM_MISMATCH` (header,
 * block or content checksum), or `LIMIT_EXCEEDED` past `maxOutputBytes` (default 64 MiB; a
 * declared content size is checked before anything is allocated).
 *
 * @example
 * ```ts
 * import { lz4Compress, lz4Decompress } from "./lz4.ts";
 * const data = new TextEncoder().encode("lz4 lz4 lz4 lz4 lz4 lz4 lz4 lz4");
 * console.log(lz4Decompress(lz4Compress(data)).length); // 31
 * ```
 */
export function lz4Decompress(data: Uint8Array, options?: Lz4DecompressOptions): Uint8Array {
  const cap = resolveMaxOutputBytes(options);
  const legacy = options?.legacyHeaderChecksum === true;
  const end = data.length;
  const sink = new ByteSink("lz4", cap, 0, { size: lz4SizeBound(data, BLOCK_MAX), kind: "bound" });
  let p = 0;
  let first = true;
  while (first || p + 4 <= end) {
    if (p + 4 > end) throw truncated(end, "frame magic");
    const magic = rd32(data, p);
    if ((magic & 0xfffffff0) === 0x184d2a50) {
      if (p + 8 > end) throw truncated(end, "skippable frame size");
      const size = rd32(data, p + 4);
      if (size > end - p - 8) throw truncated(end, "skippable frame");
      p += 8 + size;
      first = false;
      continue;
    }
    if (magic !== LZ4_FRAME_MAGIC) {
      if (first) throw corrupt(p, `bad frame magic 0x${magic.toString(16)}`);
      break;
    }
    p = decodeFrame(data, p, sink, legacy);
    first = false;
  }
  return sink.result();
}

function decodeFrame(src: Uint8Array, frameStart: number, sink: ByteSink, legacy: boolean): number {
  const end = src.length;
  let p = frameStart + 4;
  if (p + 2 > end) throw truncated(end, "frame descriptor");
  const flg = src[p];
  const bd = src[p + 1];
  if (flg >>> 6 !== 1) throw corrupt(p, `frame version ${flg >>> 6}`);
  if ((flg & 2) !== 0 || (bd & 0x8f) !== 0) throw corrupt(p, "reserved frame descriptor bits set");
  const maxBlock = BLOCK_MAX[(bd >>> 4) & 7];
  if (maxBlock === 0) throw corrupt(p + 1, `block maximum size code ${(bd >>> 4) & 7}`);
  const independent = (flg & 0x20) !== 0;
  const blockChecksum = (flg & 0x10) !== 0;
  const hasSize = (flg & 0x08) !== 0;
  const contentChecksum = (flg & 0x04) !== 0;
  if ((flg & 0x01) !== 0) throw corrupt(p, "preset dictionaries are not supported");
  const descEnd = p + 2 + (hasSize ? 8 : 0);
  if (descEnd + 1 > end) throw truncated(end, "frame descriptor");
  let contentSize = -1;
  if (hasSize) {
    const lo = rd32(src, p + 2);
    const hi = rd32(src, p + 6);
    contentSize = hi * 4294967296 + lo;
    if (sink.pos + contentSize > sink.cap) {
      throw limitExceeded("lz4", sink.cap, sink.pos + contentSize, p + 2);
    }
  }
  if (!legacy) {
    const hc = (xxh32(src, 0, p, descEnd) >>> 8) & 255;
    if (src[descEnd] !== hc) {
      throw new WireError("CHECKSUM_MISMATCH", {
        offset: descEnd,
        context: CONTEXT,
        detail: "frame header checksum",
      });
    }
  }
  p = descEnd + 1;
  const outStart = sink.pos;
  if (contentSize >= 0 && contentSize <= end * 256) sink.grow(outStart + contentSize, p, true);
  for (;;) {
    if (p + 4 > end) throw truncated(end, "block size");
    const word = rd32(src, p);
    p += 4;
    if (word === 0) break;
    const size = word & 0x7fffffff;
    if (size > maxBlock) throw corrupt(p - 4, `block of ${size} bytes, maximum ${maxBlock}`);
    if (p + size + (blockChecksum ? 4 : 0) > end) throw truncated(end, "block data");
    if (blockChecksum && xxh32(src, 0, p, p + size) !== rd32(src, p + size)) {
      throw new WireError("CHECKSUM_MISMATCH", {
        offset: p + size,
        context: CONTEXT,
        detail: "block checksum",
      });
    }
    if (word & 0x80000000) {
      const need = sink.pos + size;
      if (need > sink.cap) throw limitExceeded("lz4", sink.cap, need, p);
      const out = sink.grow(need, p);
      out.set(src.subarray(p, p + size), sink.pos);
      sink.pos = need;
    } else {
      decodeBlock(src, p, p + size, sink, independent ? sink.pos : outStart, maxBlock);
    }
    p += size + (blockChecksum ? 4 : 0);
  }
  if (contentChecksum) {
    if (p + 4 > end) throw truncated(end, "content checksum");
    if (xxh32(sink.buf, 0, outStart, sink.pos) !== rd32(src, p)) {
      throw new WireError("CHECKSUM_MISMATCH", { offset: p, context: CONTEXT, detail: "content checksum" });
    }
    p += 4;
  }
  if (contentSize >= 0 && sink.pos - outStart !== contentSize) {
    throw corrupt(p, `frame decodes to ${sink.pos - outStart} bytes, header says ${contentSize}`);
  }
  return p;
}

// ---------------------------------------------------------------------------------------
// Encoder
//
// Words are read with `getInt32`, never `getUint32`: JavaScriptCore keeps a uint32 above 2^31
// as a double, which halved the fast compressor's speed on Bun; only equality and the hash
// use the words, and both are the same on the signed value.

// The hash tables outlive a call (built on first use): an entry holds a position plus the
// `tableBase` of the call that stored it, and every call starts above all earlier entries, so
// a stale entry reads as a position before the input and the tables are never cleared.
const TABLE_BITS = 16;
const MAX_INPUT = 0x7fff0000;
let headTable: Int32Array | undefined;
let chainTable: Uint16Array | undefined;
let tableBase = 1;

/**
 * Clears the tables and moves their base, so that a test can reach the wrap-around without
 * compressing 2 GiB.
 *
 * @internal Exported for tests; not part of the public API.
 */
export function resetLz4Tables(base: number): void {
  headTable?.fill(0);
  tableBase = base;
}

/** The base for a call over `n` bytes (entries hold position + base; 0 means empty). */
function claimTableBase(n: number): number {
  if (headTable === undefined) headTable = new Int32Array(1 << TABLE_BITS);
  if (tableBase > 0x7fffffff - n - 1) {
    headTable.fill(0);
    tableBase = 1;
  }
  const base = tableBase;
  tableBase += n + 1;
  return base;
}

function hash4(v: number, shift: number): number {
  return Math.imul(v, 2654435761) >>> shift;
}

function writeLength(out: Uint8Array, op: number, n: number): number {
  while (n >= 255) {
    out[op++] = 255;
    n -= 255;
  }
  out[op++] = n;
  return op;
}

/** Emits one sequence (literals `src[anchor, ip)` then a match) and returns the new `op`. */
function emitSequence(
  src: Uint8Array,
  out: Uint8Array,
  op: number,
  anchor: number,
  ip: number,
  off: number,
  mlen: number,
): number {
  const lit = ip - anchor;
  const tokenAt = op++;
  let token: number;
  if (lit >= 15) {
    token = 15 << 4;
    op = writeLength(out, op, lit - 15);
  } else {
    token = lit << 4;
  }
  if (lit < 64) {
    for (let a = anchor; a < ip;) out[op++] = src[a++];
  } else {
    out.set(src.subarray(anchor, ip), op);
    op += lit;
  }
  out[op++] = off & 255;
  out[op++] = off >>> 8;
  const m = mlen - MIN_MATCH;
  if (m >= 15) {
    token |= 15;
    op = writeLength(out, op, m - 15);
  } else {
    token |= m;
  }
  out[tokenAt] = token;
  return op;
}

function emitLastLiterals(src: Uint8Array, out: Uint8Array, op: number, anchor: number, e: number): number {
  const lit = e - anchor;
  if (lit >= 15) {
    out[op++] = 15 << 4;
    op = writeLength(out, op, lit - 15);
  } else {
    out[op++] = lit << 4;
  }
  out.set(src.subarray(anchor, e), op);
  return op + lit;
}

/** Match length at `ip` against `ref`, not going past `limit`. */
function matchLength(view: DataView, src: Uint8Array, ref: number, ip: number, limit: number): number {
  const start = ip;
  while (ip + 4 <= limit) {
    const diff = view.getInt32(ref, true) ^ view.getInt32(ip, true);
    // The first differing byte is the lowest set byte of the difference (little-endian words).
    if (diff !== 0) return ip - start + ((31 - Math.clz32(diff & -diff)) >>> 3);
    ip += 4;
    ref += 4;
  }
  while (ip < limit && src[ref] === src[ip]) {
    ip++;
    ref++;
  }
  return ip - start;
}

/**
 * Compresses `src[s, e)` as one independent LZ4 block into `out` at `op` with a greedy
 * single-probe hash table (LZ4's fast algorithm). `table` holds positions plus `base`;
 * entries before `s` are ignored, so one table serves every block of a frame.
 */
function compressBlockFast(
  src: Uint8Array,
  view: DataView,
  s: number,
  e: number,
  out: Uint8Array,
  op: number,
  table: Int32Array,
  base: number,
  shift: number,
): number {
  let anchor = s;
  if (e - s >= MF_LIMIT + 1) {
    const mflimit = e - MF_LIMIT;
    const matchLimit = e - LAST_LITERALS;
    let ip = s;
    table[hash4(view.getInt32(ip, true), shift)] = ip + base;
    ip++;
    let searching = true;
    while (searching) {
      // Find a match, stepping faster through data that does not compress.
      let attempts = 1 << 6;
      let ref = 0;
      let found = false;
      while (ip <= mflimit) {
        const v = view.getInt32(ip, true);
        const h = hash4(v, shift);
        ref = table[h] - base;
        table[h] = ip + base;
        if (ref >= s && ip - ref <= MAX_OFFSET && view.getInt32(ref, true) === v) {
          found = true;
          break;
        }
        ip += attempts++ >>> 6;
      }
      if (!found) break;
      // Extend backwards over literals that also match.
      while (ip > anchor && ref > s && src[ip - 1] === src[ref - 1]) {
        ip--;
        ref--;
      }
      let chained = true;
      while (chained) {
        const mlen = MIN_MATCH + matchLength(view, src, ref + MIN_MATCH, ip + MIN_MATCH, matchLimit);
        op = emitSequence(src, out, op, anchor, ip, ip - ref, mlen);
        ip += mlen;
        anchor = ip;
        if (ip > mflimit) {
          searching = false;
          break;
        }
        table[hash4(view.getInt32(ip - 2, true), shift)] = ip - 2 + base;
        const v = view.getInt32(ip, true);
        const h = hash4(v, shift);
        ref = table[h] - base;
        table[h] = ip + base;
        if (!(ref >= s && ip - ref <= MAX_OFFSET && view.getInt32(ref, true) === v)) {
          ip++;
          chained = false;
        }
      }
    }
  }
  return emitLastLiterals(src, out, op, anchor, e);
}

// High compression (levels 3–12): every position goes into hash chains (`head` holds the
// newest position per hash plus the call's base, `chain[p & 0xffff]` how far back the one
// before `p` with the same hash lies, 65535 for none within the window), and the parser defers
// each match until it has looked for a longer one overlapping its tail. A chain entry is read
// only for a position inserted by this call less than 64 KiB back, so it is never stale.

/** Inserts the positions `[next, to]` into the hash chains; returns `to + 1`. */
function insertChains(
  view: DataView,
  next: number,
  to: number,
  head: Int32Array,
  chain: Uint16Array,
  base: number,
  shift: number,
): number {
  for (; next <= to; next++) {
    const h = hash4(view.getInt32(next, true), shift);
    const back = next + base - head[h];
    chain[next & 0xffff] = Math.min(back, MAX_OFFSET);
    head[h] = next + base;
  }
  return next;
}

/** The match the last {@linkcode findLongerMatch} found (module state: no object per search). */
let foundStart = 0;
let foundRef = 0;
let foundLen = 0;

/**
 * {@linkcode findLongerMatch} for a match that starts at `ip` (no bytes back): the longest
 * within `attempts` chain candidates. Sets `foundRef` and returns its length, 0 for none.
 */
function findMatchAt(
  src: Uint8Array,
  view: DataView,
  s: number,
  ip: number,
  matchLimit: number,
  chain: Uint16Array,
  attempts: number,
): number {
  const lowest = Math.max(s, ip - MAX_OFFSET);
  let best = MIN_MATCH - 1;
  // Beating `best` needs its last four bytes and the next one to match.
  let tail = view.getInt32(ip, true);
  let ref = ip - chain[ip & 0xffff];
  // The chain walked is the one of `ref + pos`: a candidate matching `best` bytes has each of
  // its positions `ref + p` (p ≤ best - 4) in the chain of `ip + p`, so after an improvement
  // the sparsest of those chains skips candidates that cannot beat it (LZ4 HC's chain swap).
  let pos = 0;
  for (let k = attempts; k > 0 && ref >= lowest; k--) {
    if (view.getInt32(ref + best - 3, true) === tail) {
      const fwd = matchLength(view, src, ref, ip, matchLimit);
      if (fwd > best) {
        best = fwd;
        foundRef = ref;
        if (ip + best >= matchLimit) break;
        tail = view.getInt32(ip + best - 3, true);
        let far = 0;
        const end = Math.min(best - MIN_MATCH, ip - ref);
        for (let p = 0; p <= end; p++) {
          const d = chain[(ref + p) & 0xffff];
          if (d > far) {
            far = d;
            pos = p;
          }
        }
      }
    }
    ref -= chain[(ref + pos) & 0xffff];
  }
  return best >= MIN_MATCH ? best : 0;
}

/**
 * Walks the hash chain of `ip` (inserted already) through at most `attempts` earlier positions
 * in the block `[s, …)` and the 64 KiB window, for a match longer than `minLen` that covers
 * `ip` and may begin before it, down to `low`. Sets `found*` and returns true when one exists.
 */
function findLongerMatch(
  src: Uint8Array,
  view: DataView,
  s: number,
  ip: number,
  low: number,
  matchLimit: number,
  chain: Uint16Array,
  attempts: number,
  minLen: number,
): boolean {
  const maxBack = ip - low;
  const lowest = Math.max(s, ip - MAX_OFFSET);
  let best = minLen;
  // Beating `best` needs more than `need` bytes forward (at least four), so the four bytes
  // ending at `ip + need` must match: one comparison turns most candidates away.
  let need = Math.max(best - maxBack, MIN_MATCH - 1);
  if (ip + need >= matchLimit) return false;
  let tail = view.getInt32(ip + need - 3, true);
  // The four bytes before `ip` (read only when that many lie above `low` and the block start).
  const wordBefore = maxBack >= 4 && ip - 4 >= s ? view.getInt32(ip - 4, true) : 0;
  let ref = ip - chain[ip & 0xffff];
  for (let k = attempts; k > 0 && ref >= lowest; k--) {
    if (view.getInt32(ref + need - 3, true) === tail) {
      // Backwards first (it is short where it fails, and forward runs the whole match), four
      // bytes at a time, down to `low` and the block start.
      let back = 0;
      const backLimit = Math.min(maxBack, ref - s);
      for (let before = wordBefore;;) {
        if (back + 4 > backLimit) {
          while (back < backLimit && src[ip - back - 1] === src[ref - back - 1]) back++;
          break;
        }
        const diff = before ^ view.getInt32(ref - back - 4, true);
        if (diff !== 0) {
          back += Math.clz32(diff) >>> 3; // equal bytes from the top of the word down
          break;
        }
        back += 4;
        before = view.getInt32(ip - back - 4, true);
      }
      // Then it beats `best` only matching more than `f` bytes forward: the four ending there.
      const f = Math.max(best - back, MIN_MATCH - 1);
      if (
        ip + f < matchLimit &&
        (f === need || view.getInt32(ref + f - 3, true) === view.getInt32(ip + f - 3, true))
      ) {
        const fwd = matchLength(view, src, ref, ip, matchLimit);
        if (fwd > f) {
          best = fwd + back;
          foundStart = ip - back;
          foundRef = ref - back;
          foundLen = best;
          need = Math.max(best - maxBack, MIN_MATCH - 1);
          if (ip + need >= matchLimit) break;
          tail = view.getInt32(ip + need - 3, true);
        }
      }
    }
    ref -= chain[ref & 0xffff];
  }
  return best > minLen;
}

/**
 * Where a match M = `[mSt, mEnd)` held after A = `[aSt, aEnd)` begins (A ends there): where A
 * ends, or 18 bytes after A's start when M starts before that (A's length then fits in its
 * token), leaving M four bytes and starting no later than `mflimit` (the format's rule for the
 * last match: it starts at least 12 bytes before the block's end). Never before `mSt`, since
 * `mSt` ≤ the probe ≤ `mflimit`.
 */
function splitAt(aSt: number, aEnd: number, mSt: number, mEnd: number, mflimit: number): number {
  return Math.min(aEnd, mEnd - MIN_MATCH, mflimit, mSt < aSt + TOKEN_MATCH ? aSt + TOKEN_MATCH : aEnd);
}

/**
 * Compresses `src[s, e)` as one independent block with LZ4 HC's kind of parser. It finds the
 * longest match A at the cursor (searching `attempts` chain candidates), then keeps probing two
 * bytes before the end of the newest match for one M that overlaps it and reaches further:
 * - with only A held, M replaces A when it starts less than three bytes after it (those bytes
 *   cost less as literals than a sequence would) or they could not both keep four bytes;
 *   otherwise M is held as B, trimmed to begin where A ends (so that the next probe must beat
 *   only what B adds beyond A), or 18 bytes after A's start if M starts before that (A's
 *   length then fits in its token, B takes the rest);
 * - with B held, M replaces B when A reaches M's start (one sequence fewer, split the same
 *   way); otherwise A is final and emitted up to B, B becomes A, and M is weighed against it
 *   as above.
 * When no match reaches further, what is held is emitted. Output is an ordinary LZ4 block.
 */
function compressBlockHC(
  src: Uint8Array,
  view: DataView,
  s: number,
  e: number,
  out: Uint8Array,
  op: number,
  head: Int32Array,
  chain: Uint16Array,
  base: number,
  shift: number,
  attempts: number,
): number {
  let anchor = s;
  if (e - s >= MF_LIMIT + 1) {
    const mflimit = e - MF_LIMIT;
    const matchLimit = e - LAST_LITERALS;
    let next = s; // next position to insert into the chains
    let ip = s;
    while (ip <= mflimit) {
      if (next <= ip) next = insertChains(view, next, ip, head, chain, base, shift);
      const len = findMatchAt(src, view, s, ip, matchLimit, chain, attempts);
      if (len === 0) {
        ip++;
        continue;
      }
      // A = [aSt, aEnd) at offset aOff; B = [bSt, bEnd) at offset bOff, A cut at bSt.
      let aSt = ip, aEnd = ip + len, aOff = ip - foundRef;
      let bSt = -1, bEnd = 0, bOff = 0; // bSt < 0: no B held
      for (;;) {
        const lastSt = bSt < 0 ? aSt : bSt;
        const lastEnd = bSt < 0 ? aEnd : bEnd;
        const probe = lastEnd - 2;
        if (probe > mflimit) break;
        if (next <= probe) next = insertChains(view, next, probe, head, chain, base, shift);
        if (!findLongerMatch(src, view, s, probe, lastSt, matchLimit, chain, attempts, lastEnd - lastSt)) {
          break;
        }
        const mSt = foundStart, mEnd = foundStart + foundLen, mOff = foundStart - foundRef;
        if (bSt >= 0) {
          if (mSt <= aEnd) {
            bSt = splitAt(aSt, aEnd, mSt, mEnd, mflimit), bEnd = mEnd, bOff = mOff;
            continue;
          }
          op = emitSequence(src, out, op, anchor, aSt, aOff, bSt - aSt);
          anchor = bSt;
          aSt = bSt, aEnd = bEnd, aOff = bOff;
          bSt = -1;
        }
        const cut = splitAt(aSt, aEnd, mSt, mEnd, mflimit);
        if (mSt - aSt < 3 || cut - aSt < MIN_MATCH) {
          aSt = mSt, aEnd = mEnd, aOff = mOff;
        } else {
          bSt = cut, bEnd = mEnd, bOff = mOff;
        }
      }
      if (bSt >= 0) {
        op = emitSequence(src, out, op, anchor, aSt, aOff, bSt - aSt);
        anchor = bSt;
        aSt = bSt, aEnd = bEnd, aOff = bOff;
      }
      op = emitSequence(src, out, op, anchor, aSt, aOff, aEnd - aSt);
      ip = anchor = aEnd;
    }
  }
  return emitLastLiterals(src, out, op, anchor, e);
}

/** Options for {@linkcode lz4Compress}. */
export interface Lz4CompressOptions extends CompressOptions {
  /**
   * Write the v0-era header checksum (over magic and descriptor), as Kafka's Java client does
   * for message format v0. Default false.
   */
  legacyHeaderChecksum?: boolean;
  /** Maximum block size: 65536 (default, as Kafka), 262144, 1048576 or 4194304. */
  blockSize?: number;
  /** Append an XXH32 content checksum (Kafka's Java client does not). Default false. */
  contentChecksum?: boolean;
}

/** Kafka's default `compression.lz4.level` (LZ4 HC level 9). */
export const LZ4_KAFKA_DEFAULT_LEVEL = 9;

/**
 * Compresses `data` as one LZ4 frame with independent blocks, the layout Kafka's Java client
 * writes. `level` ≤ 2 (default 1) uses LZ4's fast single-probe matcher; 3–12 use the high
 * compression parser (hash chains of 2^(level-1) candidates, matches deferred while a longer
 * overlapping one exists: LZ4 HC's levels 3–9; 10–12 only search longer chains, without LZ4 HC's
 * optimal parsing) for smaller output, at Kafka's Java default
 * {@linkcode LZ4_KAFKA_DEFAULT_LEVEL} within about 1 % of liblz4's. Blocks that do not shrink are
 * stored. The hash tables (256 KiB, and 128 KiB of chains once a level ≥ 3 is used) are made on
 * the first call and kept for the next ones, which then need not allocate or clear them.
 * Throws {@linkcode WireError} `INVALID_VALUE` for an unknown `blockSize` or an input over
 * 2 GiB − 64 KiB.
 *
 * @example
 * ```ts
 * import { lz4Compress } from "./lz4.ts";
 * const frame = lz4Compress(new TextEncoder().encode("hello hello hello hello hello"));
 * console.log(Array.from(frame.subarray(0, 6))); // [ 4, 34, 77, 24, 96, 64 ]
 * ```
 */
export function lz4Compress(data: Uint8Array, options?: Lz4CompressOptions): Uint8Array {
  const n = data.length;
  const blockSize = options?.blockSize ?? 65536;
  const bdCode = BLOCK_MAX.indexOf(blockSize);
  if (bdCode < 4) {
    throw new WireError("INVALID_VALUE", {
      detail: `lz4 blockSize ${blockSize}, not 64 KiB, 256 KiB, 1 MiB or 4 MiB`,
    });
  }
  // Positions plus a table base are int32s.
  if (n > MAX_INPUT) {
    throw new WireError("INVALID_VALUE", { detail: `lz4 input of ${n} bytes, at most ${MAX_INPUT}` });
  }
  const level = Math.max(1, Math.min(12, Math.trunc(options?.level ?? 1) || 1));
  const blocks = Math.max(1, Math.ceil(n / blockSize));
  // Blocks are compressed in place: each may exceed its input by len/255 + 16 bytes before it
  // is known not to shrink (and is then stored instead).
  const out = new Uint8Array(7 + n + Math.ceil(n / 255) + blocks * (4 + 16) + 4 + 4);
  wr32(out, 0, LZ4_FRAME_MAGIC);
  out[4] = 0x60 | (options?.contentChecksum ? 0x04 : 0);
  out[5] = bdCode << 4;
  out[6] = (xxh32(out, 0, options?.legacyHeaderChecksum ? 0 : 4, 6) >>> 8) & 255;
  let op = 7;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  // Fewer hash bits for small inputs keep their table entries close together in the cache.
  let hashBits = 10;
  while (hashBits < TABLE_BITS && 1 << hashBits < Math.min(n, blockSize)) hashBits++;
  const shift = 32 - hashBits;
  const base = claimTableBase(n);
  const head = headTable!;
  const chain = level >= 3 ? (chainTable ??= new Uint16Array(65536)) : undefined;
  const attempts = 1 << (level - 1);
  for (let p = 0; p < n; p += blockSize) {
    const e = Math.min(n, p + blockSize);
    const at = op + 4;
    const clen = (chain
      ? compressBlockHC(data, view, p, e, out, at, head, chain, base, shift, attempts)
      : compressBlockFast(data, view, p, e, out, at, head, base, shift)) - at;
    if (clen < e - p) {
      wr32(out, op, clen);
      op = at + clen;
    } else {
      wr32(out, op, (e - p) | 0x80000000);
      out.set(data.subarray(p, e), at);
      op = at + (e - p);
    }
  }
  wr32(out, op, 0);
  op += 4;
  if (options?.contentChecksum) {
    wr32(out, op, xxh32(data));
    op += 4;
  }
  return out.slice(0, op);
}

/** Options for {@linkcode createLz4Codec}. */
export interface Lz4CodecOptions {
  /**
   * Read and write the v0-era header checksum (Kafka message format v0). The codec for
   * magic 1 and 2 data leaves it false.
   */
  legacyHeaderChecksum?: boolean;
}

/**
 * An LZ4 {@linkcode CompressionCodec}; `{ legacyHeaderChecksum: true }` gives the one Kafka
 * uses for message format v0.
 *
 * @example
 * ```ts
 * import { createLz4Codec } from "./lz4.ts";
 * const v0 = createLz4Codec({ legacyHeaderChecksum: true });
 * console.log(v0.decompress(v0.compress(new Uint8Array(3))).length); // 3
 * ```
 */
export function createLz4Codec(options: Lz4CodecOptions = {}): CompressionCodec {
  const legacyHeaderChecksum = options.legacyHeaderChecksum === true;
  return Object.freeze({
    id: Compression.Lz4,
    name: "lz4",
    compress: (data: Uint8Array, o?: CompressOptions) => lz4Compress(data, { ...o, legacyHeaderChecksum }),
    decompress: (data: Uint8Array, o?: DecompressOptions) =>
      lz4Decompress(data, { ...o, legacyHeaderChecksum }),
  });
}

/**
 * The LZ4 {@linkcode CompressionCodec} (Kafka compression type 3) for message format v1/v2.
 *
 * @example
 * ```ts
 * import { lz4Codec } from "./lz4.ts";
 * const data = new TextEncoder().encode("abcabcabcabcabcabc");
 * console.log(lz4Codec.decompress(lz4Codec.compress(data)).length); // 18
 * ```
 */
export const lz4Codec: CompressionCodec = /* @__PURE__ */ createLz4Codec();
