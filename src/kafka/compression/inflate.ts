/**
 * RFC 1951 inflate (stored, fixed and dynamic Huffman blocks) with two-level lookup tables,
 * bounded output and a {@linkcode WireError} for every kind of bad input.
 *
 * @module
 */

import { WireError } from "../../wire/error.ts";
import { type DecompressOptions, resolveMaxOutputBytes } from "./codec.ts";
import { ByteSink } from "./_output.ts";
import {
  CLEN_ORDER,
  DIST_BASE,
  DIST_EXTRA,
  fixedDistLengths,
  fixedLitLengths,
  LEN_BASE,
  LEN_EXTRA,
  reverseBits,
} from "./_flate_tables.ts";

// A table entry is an int32: bits 0-3 the bits the lookup consumes, bits 4-7 the extra bits
// that follow (or the sub-table width for a link), bits 8-10 the kind, bits 16-31 the value
// (literal byte, length or distance base, or sub-table offset). Bit 31 is never set (values
// stay below 2^15), so fields are read with `>>`: `>>>` would type them uint32, which V8 11
// (Node 20) carries as float64 through the decoder's loop.
const K_LIT = 0;
const K_LEN = 1 << 8;
const K_EOB = 2 << 8;
const K_LINK = 3 << 8;
const K_BAD = 4 << 8;
const KIND_MASK = 7 << 8;

const LIT_ROOT = 10;
const DIST_ROOT = 8;
// Room for the sub-tables of any complete code: a sub-table of 2^k entries hangs under a
// subtree that holds at least k + 1 codes, so 286 literal/length codes need fewer than
// 286 * 32 / 6 < 1536 entries beyond a 10-bit root, and 30 distance codes fewer than
// 30 * 128 / 8 = 480 beyond an 8-bit root. buildTable still checks, as a guard.
const LIT_TABLE_SIZE = (1 << LIT_ROOT) + 2048;
const DIST_TABLE_SIZE = (1 << DIST_ROOT) + 1024;

function symbolEntries(n: number, f: (sym: number) => number): Int32Array {
  const t = new Int32Array(n);
  for (let s = 0; s < n; s++) t[s] = f(s);
  return t;
}

/** Symbol entries of the three alphabets and the fixed-code tables, built on first use. */
interface StaticTables {
  litSyms: Int32Array;
  distSyms: Int32Array;
  clenSyms: Int32Array;
  fixedLit: Int32Array;
  fixedLitBits: number;
  fixedDist: Int32Array;
  fixedDistBits: number;
}

let staticTables: StaticTables | undefined;

function getStaticTables(): StaticTables {
  if (staticTables !== undefined) return staticTables;
  const litSyms = symbolEntries(288, (s) => {
    if (s < 256) return K_LIT | (s << 16);
    if (s === 256) return K_EOB;
    if (s < 286) return K_LEN | (LEN_BASE[s - 257] << 16) | (LEN_EXTRA[s - 257] << 4);
    return K_BAD;
  });
  const distSyms = symbolEntries(
    32,
    (s) => s < 30 ? K_LEN | (DIST_BASE[s] << 16) | (DIST_EXTRA[s] << 4) : K_BAD,
  );
  const scratch = newScratch();
  const fixedLit = new Int32Array(1 << 9);
  const fixedDist = new Int32Array(1 << 5);
  staticTables = {
    litSyms,
    distSyms,
    clenSyms: symbolEntries(19, (s) => K_LIT | (s << 16)),
    fixedLit,
    fixedLitBits: buildTable(fixedLitLengths(), 288, litSyms, fixedLit, 9, false, scratch),
    fixedDist,
    // The fixed distance code lists 32 symbols; 30 and 31 decode to K_BAD.
    fixedDistBits: buildTable(fixedDistLengths(), 32, distSyms, fixedDist, 5, false, scratch),
  };
  return staticTables;
}

/** Scratch arrays for one table build. */
interface BuildScratch {
  count: Uint16Array;
  next: Uint16Array;
  rev: Uint16Array;
  subBits: Uint8Array;
  subOff: Uint16Array;
}

function newScratch(): BuildScratch {
  return {
    count: new Uint16Array(16),
    next: new Uint16Array(16),
    rev: new Uint16Array(320),
    subBits: new Uint8Array(1 << LIT_ROOT),
    subOff: new Uint16Array(1 << LIT_ROOT),
  };
}

/**
 * Fills `table` for the canonical code with code lengths `lens` and returns the root width
 * used (the decoder masks with it). Returns -1 for an over-subscribed or (beyond the single
 * one-bit code RFC 1951 tolerates) incomplete code; `strict` forbids incompleteness entirely.
 */
function buildTable(
  lens: Uint8Array,
  n: number,
  syms: Int32Array,
  table: Int32Array,
  maxRoot: number,
  strict: boolean,
  sc: BuildScratch,
): number {
  const count = sc.count;
  count.fill(0);
  for (let s = 0; s < n; s++) count[lens[s]]++;
  let maxLen = 15;
  while (maxLen > 0 && count[maxLen] === 0) maxLen--;
  if (maxLen === 0) {
    // No codes at all: legal for a distance code of a literal-only block; any lookup is bad.
    if (strict) return -1;
    table[0] = K_BAD | 1;
    table[1] = K_BAD | 1;
    return 1;
  }
  let left = 1;
  for (let len = 1; len <= 15; len++) {
    left = (left << 1) - count[len];
    if (left < 0) return -1;
  }
  if (left > 0 && (strict || maxLen !== 1)) return -1;
  const root = maxLen < maxRoot ? maxLen : maxRoot;
  const size = 1 << root;
  if (left > 0) table.fill(K_BAD | root, 0, size);
  const next = sc.next;
  next[1] = 0;
  for (let len = 1; len < 15; len++) next[len + 1] = (next[len] + count[len]) << 1;
  const rev = sc.rev;
  let hasLong = false;
  for (let s = 0; s < n; s++) {
    const len = lens[s];
    if (len === 0) continue;
    const r = reverseBits(next[len]++, len);
    if (len <= root) {
      const e = syms[s] | len;
      for (let i = r; i < size; i += 1 << len) table[i] = e;
    } else {
      rev[s] = r;
      hasLong = true;
    }
  }
  if (!hasLong) return root;
  const mask = size - 1;
  const subBits = sc.subBits;
  subBits.fill(0, 0, size);
  for (let s = 0; s < n; s++) {
    const len = lens[s];
    if (len <= root) continue;
    const p = rev[s] & mask;
    if (len - root > subBits[p]) subBits[p] = len - root;
  }
  let off = size;
  const subOff = sc.subOff;
  for (let p = 0; p < size; p++) {
    const b = subBits[p];
    if (b === 0) continue;
    if (off + (1 << b) > table.length) return -1;
    table[p] = K_LINK | (off << 16) | (b << 4) | root;
    subOff[p] = off;
    off += 1 << b;
  }
  for (let s = 0; s < n; s++) {
    const len = lens[s];
    if (len <= root) continue;
    const r = rev[s];
    const p = r & mask;
    const l = len - root;
    const e = syms[s] | l;
    const span = 1 << subBits[p];
    const base = subOff[p];
    for (let i = r >>> root; i < span; i += 1 << l) table[base + i] = e;
  }
  return root;
}

/** Per-call tables for dynamic blocks (allocated on the first dynamic block). */
interface DynamicTables {
  lit: Int32Array;
  dist: Int32Array;
  clen: Int32Array;
  lens: Uint8Array;
  clens: Uint8Array;
  scratch: BuildScratch;
}

function newDynamicTables(): DynamicTables {
  return {
    lit: new Int32Array(LIT_TABLE_SIZE),
    dist: new Int32Array(DIST_TABLE_SIZE),
    clen: new Int32Array(1 << 7),
    lens: new Uint8Array(286 + 30),
    clens: new Uint8Array(19),
    scratch: newScratch(),
  };
}

/**
 * The error for a failure at input position `p` with `bits` bits held. Reading past the end
 * feeds zero bytes, so every failure first asks whether any of those padding bits were
 * consumed, in which case the honest diagnosis is truncation. (A module function rather than
 * a closure: capturing `p` and `bits` would move them out of registers in the hot loop.)
 */
function fail(p: number, bits: number, end: number, context: string, detail: string): WireError {
  if ((p - end) * 8 > bits) {
    return new WireError("TRUNCATED", {
      offset: end,
      context,
      detail: "deflate stream ends early",
      incomplete: true,
    });
  }
  return new WireError("CORRUPT_DATA", { offset: Math.min(p, end), context, detail });
}

/**
 * Inflates the raw deflate stream that starts at `src[start]` into `sink` and returns the
 * input offset just after the final block (rounded up to a byte), so a container can read
 * its trailer. Back-references may not reach before the sink position at entry.
 *
 * @internal Used by gzip.ts; not part of the public API.
 */
export function inflateInto(src: Uint8Array, start: number, sink: ByteSink, context: string): number {
  const end = src.length;
  let p = start;
  let hold = 0;
  let bits = 0;
  let out = sink.buf;
  let op = sink.pos;
  let olen = out.length;
  const outStart = op;
  let dyn: DynamicTables | undefined;
  const st = getStaticTables();
  // Matches are copied 4 bytes at a time through this view of `out` (see the copy below).
  let ov = new DataView(out.buffer, out.byteOffset, out.byteLength);
  // The bit buffer never holds more than 30 bits (refills add 16 to fewer than 15), so it
  // stays a non-negative int32 and is shifted with `>>`, never `>>>`: an unsigned shift types
  // it uint32, and V8 11 (Node 20) then keeps it as a float64 through the whole loop (1.3×
  // slower there).

  let final = 0;
  while (final === 0) {
    while (bits < 3) {
      hold |= (p < end ? src[p] : 0) << bits;
      p++;
      bits += 8;
    }
    final = hold & 1;
    const type = (hold >>> 1) & 3;
    hold >>= 3;
    bits -= 3;
    if ((p - end) * 8 > bits) throw fail(p, bits, end, context, "");

    if (type === 0) {
      // Stored: drop to a byte boundary and give back the whole bytes still held.
      hold >>= bits & 7;
      bits -= bits & 7;
      p -= bits >>> 3;
      hold = 0;
      bits = 0;
      if (p + 4 > end) {
        throw new WireError("TRUNCATED", {
          offset: end,
          context,
          detail: "stored block header",
          incomplete: true,
        });
      }
      const len = src[p] | (src[p + 1] << 8);
      const nlen = src[p + 2] | (src[p + 3] << 8);
      if ((len ^ 0xffff) !== nlen) {
        throw new WireError("CORRUPT_DATA", { offset: p, context, detail: "stored block LEN/NLEN mismatch" });
      }
      p += 4;
      if (p + len > end) {
        throw new WireError("TRUNCATED", {
          offset: end,
          context,
          detail: "stored block data",
          incomplete: true,
        });
      }
      if (op + len > olen) {
        sink.pos = op;
        out = sink.grow(op + len, p);
        olen = out.length;
        ov = new DataView(out.buffer, out.byteOffset, out.byteLength);
      }
      out.set(src.subarray(p, p + len), op);
      op += len;
      p += len;
      continue;
    }

    let lt: Int32Array;
    let dt: Int32Array;
    let lmask: number;
    let dmask: number;
    if (type === 1) {
      lt = st.fixedLit;
      dt = st.fixedDist;
      lmask = (1 << st.fixedLitBits) - 1;
      dmask = (1 << st.fixedDistBits) - 1;
    } else if (type === 2) {
      if (dyn === undefined) dyn = newDynamicTables();
      while (bits < 14) {
        hold |= (p < end ? src[p] : 0) << bits;
        p++;
        bits += 8;
      }
      const hlit = (hold & 31) + 257;
      const hdist = ((hold >>> 5) & 31) + 1;
      const hclen = ((hold >>> 10) & 15) + 4;
      hold >>= 14;
      bits -= 14;
      if (hlit > 286 || hdist > 30) throw fail(p, bits, end, context, "too many length or distance symbols");
      const clens = dyn.clens;
      clens.fill(0);
      for (let i = 0; i < hclen; i++) {
        while (bits < 3) {
          hold |= (p < end ? src[p] : 0) << bits;
          p++;
          bits += 8;
        }
        clens[CLEN_ORDER[i]] = hold & 7;
        hold >>= 3;
        bits -= 3;
      }
      const ct = dyn.clen;
      const cbits = buildTable(clens, 19, st.clenSyms, ct, 7, true, dyn.scratch);
      if (cbits < 0) throw fail(p, bits, end, context, "invalid code lengths code");
      const cmask = (1 << cbits) - 1;
      const lens = dyn.lens;
      const total = hlit + hdist;
      let i = 0;
      while (i < total) {
        while (bits < 14) {
          hold |= (p < end ? src[p] : 0) << bits;
          p++;
          bits += 8;
        }
        const e = ct[hold & cmask];
        const nb = e & 15;
        hold >>= nb;
        bits -= nb;
        const sym = e >> 16;
        if (sym < 16) {
          lens[i++] = sym;
          continue;
        }
        let rep: number;
        let val = 0;
        if (sym === 16) {
          if (i === 0) throw fail(p, bits, end, context, "repeat of no previous code length");
          val = lens[i - 1];
          rep = 3 + (hold & 3);
          hold >>= 2;
          bits -= 2;
        } else if (sym === 17) {
          rep = 3 + (hold & 7);
          hold >>= 3;
          bits -= 3;
        } else {
          rep = 11 + (hold & 127);
          hold >>= 7;
          bits -= 7;
        }
        if (i + rep > total) throw fail(p, bits, end, context, "code length repeat past the end");
        lens.fill(val, i, i + rep);
        i += rep;
      }
      if ((p - end) * 8 > bits) throw fail(p, bits, end, context, "");
      if (lens[256] === 0) throw fail(p, bits, end, context, "no end-of-block code");
      const lb = buildTable(lens, hlit, st.litSyms, dyn.lit, LIT_ROOT, false, dyn.scratch);
      if (lb < 0) throw fail(p, bits, end, context, "invalid literal/length code");
      const db = buildTable(
        lens.subarray(hlit, total),
        hdist,
        st.distSyms,
        dyn.dist,
        DIST_ROOT,
        false,
        dyn.scratch,
      );
      if (db < 0) throw fail(p, bits, end, context, "invalid distance code");
      lt = dyn.lit;
      dt = dyn.dist;
      lmask = (1 << lb) - 1;
      dmask = (1 << db) - 1;
    } else {
      throw fail(p, bits, end, context, "invalid block type 3");
    }

    // The symbol loop: hold is refilled two bytes at a time whenever fewer than 15 bits
    // remain (the longest code).
    for (;;) {
      if (p > end && (p - end) * 8 > bits) throw fail(p, bits, end, context, "");
      if (bits < 15) {
        if (p + 2 <= end) {
          hold |= (src[p] << bits) | (src[p + 1] << (bits + 8));
        } else {
          hold |= ((p < end ? src[p] : 0) << bits) | ((p + 1 < end ? src[p + 1] : 0) << (bits + 8));
        }
        p += 2;
        bits += 16;
      }
      let e = lt[hold & lmask];
      if ((e & KIND_MASK) === K_LINK) {
        hold >>= LIT_ROOT;
        bits -= LIT_ROOT;
        e = lt[(e >> 16) + (hold & ((1 << ((e >> 4) & 15)) - 1))];
      }
      const nb = e & 15;
      hold >>= nb;
      bits -= nb;
      const kind = e & KIND_MASK;
      if (kind === K_LIT) {
        if (op >= olen) {
          sink.pos = op;
          out = sink.grow(op + 1, p);
          olen = out.length;
          ov = new DataView(out.buffer, out.byteOffset, out.byteLength);
        }
        out[op++] = e >> 16;
        continue;
      }
      if (kind !== K_LEN) {
        if (kind === K_EOB) break;
        throw fail(p, bits, end, context, "invalid literal/length code");
      }
      let len = e >> 16;
      let xb = (e >> 4) & 15;
      if (xb !== 0) {
        if (bits < xb) {
          hold |= ((p < end ? src[p] : 0) << bits) | ((p + 1 < end ? src[p + 1] : 0) << (bits + 8));
          p += 2;
          bits += 16;
        }
        len += hold & ((1 << xb) - 1);
        hold >>= xb;
        bits -= xb;
      }
      if (bits < 15) {
        if (p + 2 <= end) {
          hold |= (src[p] << bits) | (src[p + 1] << (bits + 8));
        } else {
          hold |= ((p < end ? src[p] : 0) << bits) | ((p + 1 < end ? src[p + 1] : 0) << (bits + 8));
        }
        p += 2;
        bits += 16;
      }
      e = dt[hold & dmask];
      if ((e & KIND_MASK) === K_LINK) {
        hold >>= DIST_ROOT;
        bits -= DIST_ROOT;
        e = dt[(e >> 16) + (hold & ((1 << ((e >> 4) & 15)) - 1))];
      }
      const dnb = e & 15;
      hold >>= dnb;
      bits -= dnb;
      if ((e & KIND_MASK) !== K_LEN) throw fail(p, bits, end, context, "invalid distance code");
      let dist = e >> 16;
      xb = (e >> 4) & 15;
      if (xb !== 0) {
        if (bits < xb) {
          hold |= ((p < end ? src[p] : 0) << bits) | ((p + 1 < end ? src[p + 1] : 0) << (bits + 8));
          p += 2;
          bits += 16;
        }
        dist += hold & ((1 << xb) - 1);
        hold >>= xb;
        bits -= xb;
      }
      if (dist > op - outStart) throw fail(p, bits, end, context, "distance too far back");
      if (op + len > olen) {
        if ((p - end) * 8 > bits) throw fail(p, bits, end, context, "");
        sink.pos = op;
        out = sink.grow(op + len, p);
        olen = out.length;
        ov = new DataView(out.buffer, out.byteOffset, out.byteLength);
      }
      const from = op - dist;
      if (dist >= 4 && op + len + 4 <= olen) {
        // 4 bytes per step (an unaligned load and store where a byte loop does four of each):
        // each load reads bytes at least 4 behind the store, so ones already final. The last
        // step may write up to 3 bytes past the match, inside the buffer; later symbols
        // overwrite them, and the result never includes bytes past `op`.
        // (int32, not uint32: V8 11 would carry an unsigned value as a float64.) Matches are
        // at least 3 bytes long: the first step is unrolled.
        ov.setInt32(op, ov.getInt32(from, true), true);
        for (let i = 4; i < len; i += 4) ov.setInt32(op + i, ov.getInt32(from + i, true), true);
      } else {
        // Byte by byte: with dist < 4 the copy reads bytes it has just written.
        for (let i = 0; i < len; i++) out[op + i] = out[from + i];
      }
      op += len;
    }
  }
  if ((p - end) * 8 > bits) throw fail(p, bits, end, context, "");
  sink.pos = op;
  // Whole bytes still held were read ahead and belong to whatever follows the stream.
  return p - (bits >>> 3);
}

/**
 * Inflates a raw RFC 1951 deflate stream (no zlib or gzip wrapper). Bytes after the final
 * block are ignored.
 *
 * Throws {@linkcode WireError}: `TRUNCATED`, `CORRUPT_DATA`, or `LIMIT_EXCEEDED` past
 * `maxOutputBytes` (default 64 MiB).
 *
 * @example
 * ```ts
 * import { inflateRaw } from "./inflate.ts";
 * // A fixed-Huffman block holding "hi".
 * console.log(new TextDecoder().decode(inflateRaw(new Uint8Array([0xcb, 0xc8, 0x04, 0x00])))); // hi
 * ```
 */
export function inflateRaw(data: Uint8Array, options?: DecompressOptions): Uint8Array {
  const cap = resolveMaxOutputBytes(options);
  // Deflate cannot expand past about 1032:1, so that bounds the first allocation.
  const sink = new ByteSink("deflate", cap, Math.min(data.length * 4 + 64, data.length * 1032));
  inflateInto(data, 0, sink, "deflate data");
  return sink.result();
}
