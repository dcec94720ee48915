/**
 * Zstandard compression (RFC 8878): one frame with content size and checksum; LZ77 matching
 * over hash chains with lazy evaluation and repeat offsets; literals Huffman-coded when that
 * pays (or RLE / raw); sequences FSE-coded with predefined, RLE, computed or repeated tables,
 * whichever is estimated smallest; raw or RLE blocks when they beat the compressed block.
 *
 * @module
 */

import { WireError } from "../../wire/error.ts";
import {
  BitWriter,
  buildCTable,
  costBits,
  encodeSymbol,
  flushCState,
  type FseCTable,
  highbit,
  initCState,
  LL_BASE,
  LL_BITS,
  LL_DEFAULT_LOG,
  LL_DEFAULT_NORM,
  LL_MAX_LOG,
  llCode,
  ML_BASE,
  ML_BITS,
  ML_DEFAULT_LOG,
  ML_DEFAULT_NORM,
  ML_MAX_LOG,
  mlCode,
  normalizeCounts,
  OF_DEFAULT_LOG,
  OF_DEFAULT_NORM,
  OF_MAX_LOG,
  optimalLog,
  writeNCount,
} from "./zstd_fse.ts";
import {
  buildHufCTable,
  encodeHufStream,
  hufCostBits,
  type HufCTable,
  writeHuffmanTree,
} from "./zstd_huffman.ts";
import { xxh64Low32 } from "./zstd_xxh64.ts";

/** Options for {@linkcode zstdCompress}. */
export interface ZstdCompressOptions {
  /** 1 (fastest) to 19 (smallest); default 3. Values outside are clamped. */
  level?: number;
  /** Append the content checksum (default true). */
  checksum?: boolean;
}

/** Default compression level. */
export const ZSTD_DEFAULT_LEVEL = 3;

const BLOCK_MAX = 131072;
const MIN_MATCH = 4;
/** Window the encoder uses for large inputs (8 MiB, which every decoder is expected to support). */
const WINDOW_LOG = 23;

interface LevelParams {
  /** Hash-chain candidates examined per position. */
  depth: number;
  /** 0 greedy, 1 try the next position, 2 try the next two. */
  lazy: number;
  /** Stop searching once a match this long is found. */
  target: number;
  hashLog: number;
  /** The chain remembers this many previous positions (log2): how far back matches are searched. */
  chainLog: number;
  /** Index only the ends of long matches. */
  sparse: boolean;
}

const LEVELS: readonly LevelParams[] = [
  { depth: 1, lazy: 0, target: 16, hashLog: 15, chainLog: 14, sparse: true }, // 1
  { depth: 2, lazy: 0, target: 24, hashLog: 16, chainLog: 15, sparse: true }, // 2
  { depth: 6, lazy: 1, target: 32, hashLog: 17, chainLog: 16, sparse: false }, // 3
  { depth: 12, lazy: 1, target: 48, hashLog: 17, chainLog: 17, sparse: false }, // 4
  { depth: 16, lazy: 2, target: 64, hashLog: 17, chainLog: 18, sparse: false }, // 5
  { depth: 32, lazy: 2, target: 96, hashLog: 18, chainLog: 19, sparse: false }, // 6
  { depth: 48, lazy: 2, target: 128, hashLog: 18, chainLog: 20, sparse: false }, // 7
  { depth: 64, lazy: 2, target: 160, hashLog: 18, chainLog: 21, sparse: false }, // 8
  { depth: 96, lazy: 2, target: 192, hashLog: 18, chainLog: 22, sparse: false }, // 9
];

function levelParams(level: number): LevelParams {
  const l = Math.max(1, Math.min(19, Math.trunc(Number.isFinite(level) ? level : ZSTD_DEFAULT_LEVEL)));
  if (l <= LEVELS.length) return LEVELS[l - 1];
  // 10..19: deeper chains, longer targets.
  const k = l - LEVELS.length;
  return { depth: 96 + 48 * k, lazy: 2, target: 192 + 64 * k, hashLog: 19, chainLog: 23, sparse: false };
}

/** Per-stream table state carried from block to block (what "repeat" mode would reuse). */
interface PrevTable {
  ct: FseCTable | null;
}

interface CCtx {
  src: Uint8Array;
  p: LevelParams;
  head: Int32Array;
  chain: Int32Array;
  chainMask: number;
  hashShift: number;
  maxDistance: number;
  nextInsert: number;
  rep: Int32Array;
  // sequences of the current block
  nbSeq: number;
  seqLL: Uint32Array;
  seqML: Uint32Array;
  seqOF: Uint32Array;
  lits: Uint8Array;
  nbLits: number;
  // entropy state carried across blocks
  prevHuf: HufCTable | null;
  prevLL: PrevTable;
  prevOF: PrevTable;
  prevML: PrevTable;
  // scratch
  block: Uint8Array;
  bw: BitWriter;
  hw: BitWriter;
}

function hash4(src: Uint8Array, p: number, shift: number): number {
  const v = src[p] | (src[p + 1] << 8) | (src[p + 2] << 16) | (src[p + 3] << 24);
  return Math.imul(v, 0x9e3779b1) >>> shift;
}

function insertUpTo(ctx: CCtx, target: number, limit: number): void {
  const src = ctx.src, head = ctx.head, chain = ctx.chain, mask = ctx.chainMask, shift = ctx.hashShift;
  let i = ctx.nextInsert;
  const end = Math.min(target, limit);
  if (i >= end) return;
  // Rolling: each step drops the lowest byte and brings in the next one.
  let v = src[i] | (src[i + 1] << 8) | (src[i + 2] << 16) | (src[i + 3] << 24);
  for (; i < end; i++) {
    const h = Math.imul(v, 0x9e3779b1) >>> shift;
    chain[i & mask] = head[h];
    head[h] = i;
    v = (v >>> 8) | ((src[i + 4] ?? 0) << 24);
  }
  ctx.nextInsert = i;
}

function matchLength(src: Uint8Array, a: number, b: number, end: number): number {
  const start = a;
  while (a < end && src[a] === src[b]) a++, b++;
  return a - start;
}

/**
 * Best match at `ip` (ending by `end`): repeat offsets first, then the hash chain. Returns
 * the length and leaves the offset in `found[0]`.
 */
function findMatch(ctx: CCtx, ip: number, end: number, found: Int32Array): number {
  const src = ctx.src;
  let bestLen = 0, bestOff = 0, bestGain = 0;
  const low = Math.max(0, ip - ctx.maxDistance);
  for (let r = 0; r < 3; r++) {
    const off = ctx.rep[r];
    if (off <= 0 || ip - off < low) continue;
    const q = ip - off;
    // Cheap rejection before the call: most positions do not continue a repeat offset.
    if (src[q] !== src[ip] || src[q + 1] !== src[ip + 1] || src[q + 2] !== src[ip + 2]) continue;
    const len = matchLength(src, ip, q, end);
    if (len >= MIN_MATCH) {
      // A repeat offset costs almost no bits, so it wins against a slightly longer match.
      const gain = len * 4 - 1;
      if (gain > bestGain) {
        bestGain = gain;
        bestLen = len;
        bestOff = off;
      }
    }
  }
  const p = ctx.p;
  if (bestLen >= p.target) {
    found[0] = bestOff;
    return bestLen;
  }
  const chain = ctx.chain, mask = ctx.chainMask;
  const chainLow = Math.max(low, ip - mask);
  let cur = ctx.head[hash4(src, ip, ctx.hashShift)];
  let attempts = p.depth;
  while (cur >= chainLow && attempts-- > 0) {
    if (src[cur + bestLen] === src[ip + bestLen] && src[cur] === src[ip]) {
      const len = matchLength(src, ip, cur, end);
      if (len >= MIN_MATCH) {
        const gain = len * 4 - highbit(ip - cur + 3);
        if (gain > bestGain) {
          bestGain = gain;
          bestLen = len;
          bestOff = ip - cur;
          if (len >= p.target || ip + len >= end) break;
        }
      }
    }
    const next = chain[cur & mask];
    if (next >= cur) break;
    cur = next;
  }
  found[0] = bestOff;
  return bestLen;
}

function gainOf(len: number, off: number, rep0: number): number {
  return len * 4 - (off === rep0 ? 1 : highbit(off + 3));
}

/** Offset value for the sequence (repeat code 1–3 or offset + 3), updating the repeat offsets. */
function offsetValue(rep: Int32Array, offset: number, ll: number): number {
  if (ll > 0) {
    if (offset === rep[0]) return 1;
    if (offset === rep[1]) {
      rep[1] = rep[0];
      rep[0] = offset;
      return 2;
    }
    if (offset === rep[2]) {
      rep[2] = rep[1];
      rep[1] = rep[0];
      rep[0] = offset;
      return 3;
    }
  } else {
    if (offset === rep[1]) {
      rep[1] = rep[0];
      rep[0] = offset;
      return 1;
    }
    if (offset === rep[2]) {
      rep[2] = rep[1];
      rep[1] = rep[0];
      rep[0] = offset;
      return 2;
    }
    if (offset === rep[0] - 1) {
      rep[2] = rep[1];
      rep[1] = rep[0];
      rep[0] = offset;
      return 3;
    }
  }
  rep[2] = rep[1];
  rep[1] = rep[0];
  rep[0] = offset;
  return offset + 3;
}

function addSequence(ctx: CCtx, anchor: number, ip: number, offset: number, len: number): void {
  const ll = ip - anchor;
  const src = ctx.src, lits = ctx.lits;
  let n = ctx.nbLits;
  for (let i = anchor; i < ip; i++) lits[n++] = src[i];
  ctx.nbLits = n;
  const k = ctx.nbSeq++;
  ctx.seqLL[k] = ll;
  ctx.seqML[k] = len;
  ctx.seqOF[k] = offsetValue(ctx.rep, offset, ll);
}

/** Parses `[start, end)` into sequences and trailing literals. */
function parseBlock(ctx: CCtx, start: number, end: number): void {
  const src = ctx.src, p = ctx.p;
  ctx.nbSeq = 0;
  ctx.nbLits = 0;
  const found = new Int32Array(1);
  const hashEnd = end - MIN_MATCH + 1; // last position whose 4 bytes lie in the block
  let anchor = start;
  let ip = start;
  while (ip < hashEnd) {
    insertUpTo(ctx, ip, hashEnd);
    let len = findMatch(ctx, ip, end, found);
    let off = found[0];
    if (len < MIN_MATCH) {
      // Skip faster through data that does not match.
      ip += 1 + ((ip - anchor) >> 7);
      continue;
    }
    // Lazy evaluation: a better match one or two bytes later wins.
    for (let step = 0; step < p.lazy && len < p.target && ip + 1 < hashEnd; step++) {
      insertUpTo(ctx, ip + 1, hashEnd);
      const len2 = findMatch(ctx, ip + 1, end, found);
      if (len2 >= MIN_MATCH && gainOf(len2, found[0], ctx.rep[0]) > gainOf(len, off, ctx.rep[0]) + 4) {
        ip++;
        len = len2;
        off = found[0];
      } else {
        break;
      }
    }
    // Extend backwards over literals that also match.
    while (ip > anchor && ip - off > 0 && src[ip - 1] === src[ip - 1 - off]) {
      ip--;
      len++;
    }
    addSequence(ctx, anchor, ip, off, len);
    if (p.sparse && len > 16 && ctx.nextInsert < ip + len - 8) {
      // Fast levels index only the head and tail of a long match: far fewer hash updates for
      // a small loss of ratio.
      insertUpTo(ctx, ip + 8, hashEnd);
      ctx.nextInsert = ip + len - 8;
    }
    ip += len;
    anchor = ip;
    // Greedily take repeat-offset matches right after a match (cheap and common).
    while (ip < hashEnd) {
      const r = ctx.rep[1];
      if (r <= 0 || ip - r < Math.max(0, ip - ctx.maxDistance)) break;
      const rl = matchLength(src, ip, ip - r, end);
      if (rl < MIN_MATCH) break;
      addSequence(ctx, anchor, ip, r, rl);
      ip += rl;
      anchor = ip;
    }
  }
  insertUpTo(ctx, end, hashEnd);
  const lits = ctx.lits;
  let n = ctx.nbLits;
  for (let i = anchor; i < end; i++) lits[n++] = src[i];
  ctx.nbLits = n;
}

// ---------------------------------------------------------------------------------------------
// Entropy stage

const LL_DEFAULT_CT = /* @__PURE__ */ buildCTable(
  LL_DEFAULT_NORM,
  LL_DEFAULT_NORM.length - 1,
  LL_DEFAULT_LOG,
);
const ML_DEFAULT_CT = /* @__PURE__ */ buildCTable(
  ML_DEFAULT_NORM,
  ML_DEFAULT_NORM.length - 1,
  ML_DEFAULT_LOG,
);
const OF_DEFAULT_CT = /* @__PURE__ */ buildCTable(
  OF_DEFAULT_NORM,
  OF_DEFAULT_NORM.length - 1,
  OF_DEFAULT_LOG,
);

/** Writes the literals section at `dst[at]`; returns its size. Updates `ctx.prevHuf` candidates via `usedHuf`. */
function writeLiterals(ctx: CCtx, dst: Uint8Array, at: number, usedHuf: { t: HufCTable | null }): number {
  const lits = ctx.lits, n = ctx.nbLits;
  usedHuf.t = null;
  const rawHdr = n < 32 ? 1 : n < 4096 ? 2 : 3;
  const writeHeader = (type: number, size: number, hdr: number): void => {
    if (hdr === 1) dst[at] = type | (size << 3);
    else if (hdr === 2) {
      dst[at] = type | (1 << 2) | ((size & 15) << 4);
      dst[at + 1] = size >>> 4;
    } else {
      dst[at] = type | (3 << 2) | ((size & 15) << 4);
      dst[at + 1] = (size >>> 4) & 0xff;
      dst[at + 2] = size >>> 12;
    }
  };
  const raw = (): number => {
    writeHeader(0, n, rawHdr);
    dst.set(lits.subarray(0, n), at + rawHdr);
    return rawHdr + n;
  };
  if (n === 0) return raw();
  const counts = new Uint32Array(256);
  let maxSymbol = 0;
  for (let i = 0; i < n; i++) counts[lits[i]]++;
  let distinct = 0;
  for (let s = 0; s < 256; s++) {
    if (counts[s]) {
      distinct++;
      maxSymbol = s;
    }
  }
  if (distinct === 1) {
    if (n <= 2) return raw();
    writeHeader(1, n, rawHdr);
    dst[at + rawHdr] = lits[0];
    return rawHdr + 1;
  }
  if (n < 64) return raw();
  const fresh = buildHufCTable(counts, maxSymbol);
  const tree = new Uint8Array(256);
  const treeSize = writeHuffmanTree(fresh, tree, 0);
  const freshBits = hufCostBits(fresh, counts, maxSymbol);
  const prev = ctx.prevHuf;
  const prevBits = prev === null ? Infinity : hufCostBits(prev, counts, maxSymbol);
  let table: HufCTable, treeless: boolean;
  if (treeSize < 0 && prevBits === Infinity) return raw();
  if (treeSize < 0 || prevBits / 8 <= freshBits / 8 + treeSize) {
    table = prev!;
    treeless = true;
  } else {
    table = fresh;
    treeless = false;
  }
  const streams = n < 1024 ? 1 : 4;
  const estimate = Math.ceil((treeless ? prevBits : freshBits) / 8) + (treeless ? 0 : treeSize) +
    (streams === 4 ? 6 : 0) + 5;
  // Keep raw literals unless Huffman saves a little more than its own overhead.
  if (estimate + (n >> 6) + 2 >= n + rawHdr) return raw();
  const tmp = new Uint8Array(n + 1024);
  let size = 0;
  if (!treeless) {
    tmp.set(tree.subarray(0, treeSize), 0);
    size = treeSize;
  }
  if (streams === 1) {
    const len = encodeHufStream(table, lits, 0, n, ctx.hw);
    tmp.set(ctx.hw.buf.subarray(0, len), size);
    size += len;
  } else {
    const seg = (n + 3) >> 2;
    const jump = size;
    size += 6;
    for (let k = 0; k < 4; k++) {
      const s = k * seg, e = Math.min(n, s + seg);
      const len = encodeHufStream(table, lits, s, e, ctx.hw);
      if (k < 3) {
        if (len > 0xffff) return raw();
        tmp[jump + 2 * k] = len & 0xff;
        tmp[jump + 2 * k + 1] = len >>> 8;
      }
      if (size + len > tmp.length) return raw();
      tmp.set(ctx.hw.buf.subarray(0, len), size);
      size += len;
    }
  }
  const type = treeless ? 3 : 2;
  let hdr: number;
  if (streams === 1 && n <= 1023 && size <= 1023) {
    hdr = 3;
    const v = type | (0 << 2) | (n << 4) | (size << 14);
    dst[at] = v & 0xff;
    dst[at + 1] = (v >>> 8) & 0xff;
    dst[at + 2] = (v >>> 16) & 0xff;
  } else if (streams === 1) {
    return raw();
  } else if (n <= 1023 && size <= 1023) {
    hdr = 3;
    const v = type | (1 << 2) | (n << 4) | (size << 14);
    dst[at] = v & 0xff;
    dst[at + 1] = (v >>> 8) & 0xff;
    dst[at + 2] = (v >>> 16) & 0xff;
  } else if (n <= 16383 && size <= 16383) {
    hdr = 4;
    const v = (type | (2 << 2) | (n << 4) | (size << 18)) >>> 0;
    dst[at] = v & 0xff;
    dst[at + 1] = (v >>> 8) & 0xff;
    dst[at + 2] = (v >>> 16) & 0xff;
    dst[at + 3] = (v >>> 24) & 0xff;
  } else {
    hdr = 5;
    dst[at] = (type | (3 << 2) | ((n & 15) << 4)) & 0xff;
    dst[at + 1] = (n >>> 4) & 0xff;
    dst[at + 2] = ((n >>> 12) & 0x3f) | ((size & 3) << 6);
    dst[at + 3] = (size >>> 2) & 0xff;
    dst[at + 4] = (size >>> 10) & 0xff;
  }
  if (hdr + size >= n + rawHdr) return raw();
  dst.set(tmp.subarray(0, size), at + hdr);
  usedHuf.t = table;
  return hdr + size;
}

const MODE_PREDEFINED = 0, MODE_RLE = 1, MODE_FSE = 2, MODE_REPEAT = 3;

interface StreamChoice {
  mode: number;
  ct: FseCTable | null;
  /** RLE symbol (mode 1). */
  rle: number;
  /** Table description bytes (mode 2). */
  desc: Uint8Array | null;
}

function chooseTable(
  codes: Uint8Array,
  nbSeq: number,
  maxAllowed: number,
  maxLog: number,
  defaultCt: FseCTable,
  prev: PrevTable,
): StreamChoice {
  const counts = new Uint32Array(maxAllowed + 1);
  let maxSymbol = 0, distinct = 0;
  for (let i = 0; i < nbSeq; i++) counts[codes[i]]++;
  for (let s = 0; s <= maxAllowed; s++) {
    if (counts[s]) {
      distinct++;
      maxSymbol = s;
    }
  }
  if (distinct === 1 && nbSeq > 2) return { mode: MODE_RLE, ct: null, rle: maxSymbol, desc: null };
  const predefined = costBits(counts, maxSymbol, defaultCt.norm, defaultCt.log);
  const repeat = prev.ct === null ? Infinity : costBits(counts, maxSymbol, prev.ct.norm, prev.ct.log);
  let fse = Infinity;
  let desc: Uint8Array | null = null;
  let ct: FseCTable | null = null;
  if (distinct > 1) {
    const log = optimalLog(maxLog, nbSeq, maxSymbol);
    const norm = normalizeCounts(counts, maxSymbol, nbSeq, log);
    const buf = new Uint8Array(128);
    const size = writeNCount(buf, 0, norm, maxSymbol, log);
    desc = buf.subarray(0, size);
    fse = costBits(counts, maxSymbol, norm, log) + size * 8;
    ct = buildCTable(norm, maxSymbol, log);
  }
  if (distinct === 1 && predefined === Infinity && repeat === Infinity) {
    return { mode: MODE_RLE, ct: null, rle: maxSymbol, desc: null };
  }
  if (repeat <= predefined && repeat <= fse) return { mode: MODE_REPEAT, ct: prev.ct, rle: 0, desc: null };
  if (predefined <= fse) return { mode: MODE_PREDEFINED, ct: defaultCt, rle: 0, desc: null };
  return { mode: MODE_FSE, ct, rle: 0, desc };
}

/** Writes the sequences section; returns its size, and the table choices through `used`. */
function writeSequences(ctx: CCtx, dst: Uint8Array, at: number, used: StreamChoice[]): number {
  const nb = ctx.nbSeq;
  let o = at;
  if (nb < 128) dst[o++] = nb;
  else if (nb < 0x7f00) {
    dst[o++] = (nb >>> 8) + 128;
    dst[o++] = nb & 0xff;
  } else {
    dst[o++] = 255;
    dst[o++] = (nb - 0x7f00) & 0xff;
    dst[o++] = (nb - 0x7f00) >>> 8;
  }
  used.length = 0;
  if (nb === 0) return o - at;
  const llc = new Uint8Array(nb), mlc = new Uint8Array(nb), ofc = new Uint8Array(nb);
  const seqLL = ctx.seqLL, seqML = ctx.seqML, seqOF = ctx.seqOF;
  for (let i = 0; i < nb; i++) {
    llc[i] = llCode(seqLL[i]);
    mlc[i] = mlCode(seqML[i]);
    ofc[i] = highbit(seqOF[i]);
  }
  const ll = chooseTable(llc, nb, 35, LL_MAX_LOG, LL_DEFAULT_CT, ctx.prevLL);
  const of = chooseTable(ofc, nb, 31, OF_MAX_LOG, OF_DEFAULT_CT, ctx.prevOF);
  const ml = chooseTable(mlc, nb, 52, ML_MAX_LOG, ML_DEFAULT_CT, ctx.prevML);
  used.push(ll, of, ml);
  dst[o++] = (ll.mode << 6) | (of.mode << 4) | (ml.mode << 2);
  for (const c of used) {
    if (c.mode === MODE_RLE) dst[o++] = c.rle;
    else if (c.mode === MODE_FSE) {
      dst.set(c.desc!, o);
      o += c.desc!.length;
    }
  }
  const w = ctx.bw;
  w.reset();
  const llT = ll.mode === MODE_RLE ? null : ll.ct!;
  const ofT = of.mode === MODE_RLE ? null : of.ct!;
  const mlT = ml.mode === MODE_RLE ? null : ml.ct!;
  // The decoder reads the last-written bits first, so sequences go in reverse order and each
  // step mirrors the decoder's reads backwards.
  const last = nb - 1;
  let sML = mlT ? initCState(mlT, mlc[last]) : 0;
  let sOF = ofT ? initCState(ofT, ofc[last]) : 0;
  let sLL = llT ? initCState(llT, llc[last]) : 0;
  const extras = (i: number): void => {
    const lc = llc[i], mc = mlc[i], oc = ofc[i];
    w.add(seqLL[i] - LL_BASE[lc], LL_BITS[lc]);
    w.add(seqML[i] - ML_BASE[mc], ML_BITS[mc]);
    const ov = seqOF[i] - (1 << oc); // oc ≤ 23: offsets stay below the 8 MiB window
    if (oc > 24) {
      w.add(ov & 0xffff, 16);
      w.add(Math.floor(ov / 65536), oc - 16);
    } else {
      w.add(ov, oc);
    }
  };
  extras(last);
  for (let i = last - 1; i >= 0; i--) {
    if (ofT) sOF = encodeSymbol(w, ofT, sOF, ofc[i]);
    if (mlT) sML = encodeSymbol(w, mlT, sML, mlc[i]);
    if (llT) sLL = encodeSymbol(w, llT, sLL, llc[i]);
    extras(i);
  }
  if (mlT) flushCState(w, mlT, sML);
  if (ofT) flushCState(w, ofT, sOF);
  if (llT) flushCState(w, llT, sLL);
  const len = w.close();
  // Pathological blocks can out-grow the scratch; the caller then stores the block raw.
  if (o + len > dst.length) return dst.length;
  dst.set(w.buf.subarray(0, len), o);
  return o + len - at;
}

function isRle(src: Uint8Array, start: number, end: number): boolean {
  const b = src[start];
  for (let i = start + 1; i < end; i++) if (src[i] !== b) return false;
  return true;
}

/** Compresses one block into `out` at `o`; returns the new output position. */
function compressBlock(
  ctx: CCtx,
  start: number,
  end: number,
  last: boolean,
  out: Uint8Array,
  o: number,
): number {
  const src = ctx.src;
  const size = end - start;
  const lastBit = last ? 1 : 0;
  if (size > 1 && isRle(src, start, end)) {
    // Still feed the match finder so later blocks can refer back here.
    insertUpTo(ctx, end, src.length - MIN_MATCH + 1);
    const h = lastBit | (1 << 1) | (size << 3);
    out[o] = h & 0xff;
    out[o + 1] = (h >>> 8) & 0xff;
    out[o + 2] = h >>> 16;
    out[o + 3] = src[start];
    return o + 4;
  }
  const savedRep = ctx.rep.slice();
  parseBlock(ctx, start, end);
  const blk = ctx.block;
  const usedHuf: { t: HufCTable | null } = { t: null };
  let n = writeLiterals(ctx, blk, 0, usedHuf);
  const used: StreamChoice[] = [];
  n += writeSequences(ctx, blk, n, used);
  if (n > blk.length) n = blk.length;
  if (n >= size) {
    // Raw block: the decoder keeps its repeat offsets and tables, so must we.
    ctx.rep.set(savedRep);
    const h = lastBit | (size << 3);
    out[o] = h & 0xff;
    out[o + 1] = (h >>> 8) & 0xff;
    out[o + 2] = h >>> 16;
    out.set(src.subarray(start, end), o + 3);
    return o + 3 + size;
  }
  if (usedHuf.t !== null) ctx.prevHuf = usedHuf.t;
  if (used.length === 3) {
    const prevs = [ctx.prevLL, ctx.prevOF, ctx.prevML];
    for (let k = 0; k < 3; k++) {
      // An RLE table could only be repeated for the same single symbol; do not offer it.
      prevs[k].ct = used[k].mode === MODE_RLE ? null : used[k].ct;
    }
  }
  const h = lastBit | (2 << 1) | (n << 3);
  out[o] = h & 0xff;
  out[o + 1] = (h >>> 8) & 0xff;
  out[o + 2] = h >>> 16;
  out.set(blk.subarray(0, n), o + 3);
  return o + 3 + n;
}

/** Upper bound of the compressed size of `n` bytes (raw blocks plus headers). */
export function zstdCompressBound(n: number): number {
  return n + 3 * (Math.ceil(n / BLOCK_MAX) + 1) + 18;
}

/**
 * Compresses `data` into one zstd frame (content size and, by default, checksum included).
 *
 * @example
 * ```ts
 * import { zstdCompress } from "./zstd_compress.ts";
 * import { zstdDecompress } from "./zstd_decompress.ts";
 * const text = new TextEncoder().encode("to be or not to be, to be or not to be");
 * const packed = zstdCompress(text);
 * console.log(packed.length < text.length, zstdDecompress(packed).length); // true 38
 * ```
 */
export function zstdCompress(data: Uint8Array, options: ZstdCompressOptions = {}): Uint8Array {
  if (!(data instanceof Uint8Array)) {
    throw new WireError("INVALID_VALUE", { detail: "zstd compress input must be a Uint8Array" });
  }
  const p = levelParams(options.level ?? ZSTD_DEFAULT_LEVEL);
  const checksum = options.checksum !== false;
  const len = data.length;
  const out = new Uint8Array(zstdCompressBound(len));
  let o = 0;
  out[o++] = 0x28, out[o++] = 0xb5, out[o++] = 0x2f, out[o++] = 0xfd;
  const single = len <= 1 << WINDOW_LOG;
  const fcsFlag = single
    ? (len < 256 ? 0 : len < 65536 + 256 ? 1 : len <= 0xffffffff ? 2 : 3)
    : (len <= 0xffffffff ? 2 : 3);
  out[o++] = (fcsFlag << 6) | (single ? 0x20 : 0) | (checksum ? 0x04 : 0);
  if (!single) out[o++] = (WINDOW_LOG - 10) << 3;
  if (fcsFlag === 0) out[o++] = len;
  else if (fcsFlag === 1) {
    const v = len - 256;
    out[o++] = v & 0xff;
    out[o++] = v >>> 8;
  } else {
    const lo = len >>> 0, hi = Math.floor(len / 4294967296);
    out[o++] = lo & 0xff, out[o++] = (lo >>> 8) & 0xff, out[o++] = (lo >>> 16) & 0xff, out[o++] = lo >>> 24;
    if (fcsFlag === 3) {
      out[o++] = hi & 0xff, out[o++] = (hi >>> 8) & 0xff, out[o++] = (hi >>> 16) & 0xff, out[o++] = hi >>> 24;
    }
  }
  if (len === 0) {
    out[o++] = 1, out[o++] = 0, out[o++] = 0; // last, raw, empty
  } else {
    const maxDistance = single ? len : 1 << WINDOW_LOG;
    // Tables are sized by the input as well as the level: Kafka batches are often a few KiB,
    // where clearing level-sized tables would cost more than compressing.
    const inputLog = Math.max(10, Math.ceil(Math.log2(len)));
    const chainLog = Math.min(p.chainLog, WINDOW_LOG, inputLog);
    const hashLog = Math.min(p.hashLog, inputLog + 1);
    const blockCap = Math.min(len, BLOCK_MAX);
    const ctx: CCtx = {
      src: data,
      p,
      head: new Int32Array(1 << hashLog).fill(-1),
      chain: new Int32Array(1 << chainLog),
      chainMask: (1 << chainLog) - 1,
      hashShift: 32 - hashLog,
      maxDistance,
      nextInsert: 0,
      rep: Int32Array.of(1, 4, 8),
      nbSeq: 0,
      seqLL: new Uint32Array((blockCap >> 2) + 1),
      seqML: new Uint32Array((blockCap >> 2) + 1),
      seqOF: new Uint32Array((blockCap >> 2) + 1),
      lits: new Uint8Array(blockCap),
      nbLits: 0,
      prevHuf: null,
      prevLL: { ct: null },
      prevOF: { ct: null },
      prevML: { ct: null },
      block: new Uint8Array(2 * blockCap + 1024),
      bw: new BitWriter(blockCap),
      hw: new BitWriter(blockCap),
    };
    for (let start = 0; start < len; start += BLOCK_MAX) {
      const end = Math.min(len, start + BLOCK_MAX);
      o = compressBlock(ctx, start, end, end === len, out, o);
    }
  }
  if (checksum) {
    const h = xxh64Low32(data);
    out[o++] = h & 0xff, out[o++] = (h >>> 8) & 0xff, out[o++] = (h >>> 16) & 0xff, out[o++] = h >>> 24;
  }
  return out.slice(0, o);
}
