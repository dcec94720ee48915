/**
 * Zstandard decompression (RFC 8878): zstd and skippable frames, raw / RLE / compressed blocks,
 * Huffman literals, FSE-coded sequences, repeat offsets, content checksum.
 *
 * Hostile input is expected: the output is capped (`maxOutputBytes`), a declared content size
 * above the cap is refused before anything is allocated, and every size field is checked
 * against what remains of its block, frame or input. Failures are {@linkcode WireError}s:
 * `TRUNCATED` when the input ends early, `LIMIT_EXCEEDED` for caps, `CHECKSUM_MISMATCH`, and
 * `CORRUPT_DATA` for everything else.
 *
 * @module
 */

import { WireError } from "../../wire/error.ts";
import { limitExceeded, resolveMaxOutputBytes } from "./codec.ts";
import { grownCapacity, trimmed } from "./_output.ts";
import { zstdSizeBound } from "./_size_bound.ts";
import {
  attachCodes,
  buildDTable,
  buildRleDTable,
  type FseDTable,
  highbit,
  LL_BASE,
  LL_BITS,
  LL_DEFAULT_DTABLE,
  LL_MAX_LOG,
  LL_MAX_SYMBOL,
  ML_BASE,
  ML_BITS,
  ML_DEFAULT_DTABLE,
  ML_MAX_LOG,
  ML_MAX_SYMBOL,
  newDTable,
  OF_DEFAULT_DTABLE,
  OF_MAX_LOG,
  OF_MAX_SYMBOL,
  readNCount,
  zstdCorrupt,
} from "./zstd_fse.ts";
import {
  decodeHuf4,
  decodeHufStream,
  type HufDTable,
  newHufDTable,
  readHuffmanTree,
} from "./zstd_huffman.ts";
import { xxh64Low32 } from "./zstd_xxh64.ts";

/** Magic number of a zstd frame (little-endian on the wire: `28 b5 2f fd`). */
export const ZSTD_MAGIC = 0xfd2fb528;
/** Skippable frames use magics `0x184d2a50` to `0x184d2a5f`. */
export const ZSTD_SKIPPABLE_MAGIC = 0x184d2a50;
/** Largest block content (128 KiB). */
export const ZSTD_BLOCK_MAX = 131072;
/** Default largest window accepted from a frame header (128 MiB, the reference decoder's default). */
export const ZSTD_DEFAULT_MAX_WINDOW = 1 << 27;

/** Options for {@linkcode zstdDecompress}. */
export interface ZstdDecompressOptions {
  /**
   * Most bytes the whole input may decompress to; more gives `LIMIT_EXCEEDED`. Defaults to
   * `DEFAULT_MAX_DECOMPRESSED_BYTES` of `codec.ts`.
   */
  maxOutputBytes?: number;
  /** Largest window a frame may ask for (default 128 MiB); more gives `LIMIT_EXCEEDED`. */
  maxWindowBytes?: number;
  /** Check content checksums when frames carry them (default true). */
  verifyChecksum?: boolean;
}

const CONTEXT = "zstd frame";

interface DCtx {
  src: Uint8Array;
  out: Uint8Array;
  op: number;
  cap: number;
  frameStart: number;
  frameEnd: number;
  blockMax: number;
  huf: HufDTable;
  lits: Uint8Array;
  litBuf: Uint8Array;
  litPos: number;
  litEnd: number;
  llT: FseDTable | null;
  ofT: FseDTable | null;
  mlT: FseDTable | null;
  llOwn: FseDTable | null;
  ofOwn: FseDTable | null;
  mlOwn: FseDTable | null;
  norm: Int16Array;
  scratch: Uint16Array;
  rep1: number;
  rep2: number;
  rep3: number;
}

function truncated(src: Uint8Array, at: number, need: number): WireError {
  return new WireError("TRUNCATED", {
    offset: at,
    need,
    have: Math.max(0, src.length - at),
    incomplete: true,
    context: CONTEXT,
  });
}

function limit(detail: string, offset = -1): WireError {
  return new WireError("LIMIT_EXCEEDED", { offset, detail, context: CONTEXT });
}

/**
 * Grows the output buffer so that `[0, end)` fits (`end` is already checked against the cap),
 * by the shared policy. (An input whose size bound was readable got its whole buffer up front.)
 */
function reserve(ctx: DCtx, end: number): void {
  const len = ctx.out.length;
  if (end <= len) return;
  const next = new Uint8Array(grownCapacity(len, end, ctx.cap));
  next.set(ctx.out.subarray(0, ctx.op));
  ctx.out = next;
}

/** The error for output that would end at `end`: past the frame's size, the block's, or the cap. */
function overflow(ctx: DCtx, end: number, blockStart: number): WireError {
  if (end > ctx.frameEnd) return zstdCorrupt("frame content is longer than its declared size");
  if (end - blockStart > ctx.blockMax) return zstdCorrupt(`block content exceeds ${ctx.blockMax} bytes`);
  return limitExceeded("zstd", ctx.cap, end);
}

/** Makes room for `n` more output bytes of the current block. */
function room(ctx: DCtx, n: number): void {
  const end = ctx.op + n;
  if (n > ctx.blockMax || end > ctx.frameEnd || end > ctx.cap) throw overflow(ctx, end, ctx.op);
  reserve(ctx, end);
}

function litScratch(ctx: DCtx, n: number): Uint8Array {
  if (ctx.lits.length < n) {
    ctx.lits = new Uint8Array(Math.max(n, Math.min(ZSTD_BLOCK_MAX, ctx.lits.length * 2)));
  }
  return ctx.lits;
}

/** Reads the literals section at `ip`; sets `litBuf/litPos/litEnd`; returns where sequences start. */
function decodeLiterals(ctx: DCtx, src: Uint8Array, ip: number, end: number): number {
  const b0 = src[ip];
  const type = b0 & 3, sf = (b0 >> 2) & 3;
  if (type < 2) {
    let regen: number, hdr: number;
    if ((sf & 1) === 0) {
      regen = b0 >> 3;
      hdr = 1;
    } else if (sf === 1) {
      if (ip + 2 > end) throw zstdCorrupt("literals header runs past its block", ip);
      regen = (b0 >> 4) | (src[ip + 1] << 4);
      hdr = 2;
    } else {
      if (ip + 3 > end) throw zstdCorrupt("literals header runs past its block", ip);
      regen = (b0 >> 4) | (src[ip + 1] << 4) | (src[ip + 2] << 12);
      hdr = 3;
    }
    if (regen > ctx.blockMax) throw zstdCorrupt(`literals size ${regen} exceeds the block maximum`, ip);
    ip += hdr;
    if (type === 0) {
      if (ip + regen > end) throw zstdCorrupt("raw literals run past their block", ip);
      ctx.litBuf = src;
      ctx.litPos = ip;
      ctx.litEnd = ip + regen;
      return ip + regen;
    }
    if (ip + 1 > end) throw zstdCorrupt("RLE literals run past their block", ip);
    const lits = litScratch(ctx, regen);
    lits.fill(src[ip], 0, regen);
    ctx.litBuf = lits;
    ctx.litPos = 0;
    ctx.litEnd = regen;
    return ip + 1;
  }
  let regen: number, csize: number, hdr: number;
  const streams = sf === 0 ? 1 : 4;
  if (sf < 2) {
    if (ip + 3 > end) throw zstdCorrupt("literals header runs past its block", ip);
    const v = b0 | (src[ip + 1] << 8) | (src[ip + 2] << 16);
    regen = (v >>> 4) & 0x3ff;
    csize = (v >>> 14) & 0x3ff;
    hdr = 3;
  } else if (sf === 2) {
    if (ip + 4 > end) throw zstdCorrupt("literals header runs past its block", ip);
    const v = (b0 | (src[ip + 1] << 8) | (src[ip + 2] << 16) | (src[ip + 3] << 24)) >>> 0;
    regen = (v >>> 4) & 0x3fff;
    csize = (v >>> 18) & 0x3fff;
    hdr = 4;
  } else {
    if (ip + 5 > end) throw zstdCorrupt("literals header runs past its block", ip);
    const v = (b0 | (src[ip + 1] << 8) | (src[ip + 2] << 16) | (src[ip + 3] << 24)) >>> 0;
    regen = (v >>> 4) & 0x3ffff;
    csize = (v >>> 22) | (src[ip + 4] << 10);
    hdr = 5;
  }
  if (regen > ctx.blockMax) throw zstdCorrupt(`literals size ${regen} exceeds the block maximum`, ip);
  const start = ip + hdr;
  const stop = start + csize;
  if (stop > end) throw zstdCorrupt("compressed literals run past their block", ip);
  let s = start;
  if (type === 2) {
    s += readHuffmanTree(ctx.huf, src, start, stop);
  } else if (ctx.huf.log === 0) {
    throw zstdCorrupt("treeless literals without a previous Huffman table", ip);
  }
  const lits = litScratch(ctx, regen);
  if (streams === 1) decodeHufStream(ctx.huf, src, s, stop, lits, 0, regen);
  else decodeHuf4(ctx.huf, src, s, stop, lits, 0, regen);
  ctx.litBuf = lits;
  ctx.litPos = 0;
  ctx.litEnd = regen;
  return stop;
}

const KIND_LL = 0, KIND_OF = 1, KIND_ML = 2;

/** Applies one symbol compression mode; returns the position after its table description. */
function selectTable(
  ctx: DCtx,
  kind: number,
  mode: number,
  src: Uint8Array,
  ip: number,
  end: number,
): number {
  const name = kind === KIND_LL ? "literal length" : kind === KIND_OF ? "offset" : "match length";
  if (mode === 0) {
    const t = kind === KIND_LL ? LL_DEFAULT_DTABLE : kind === KIND_OF ? OF_DEFAULT_DTABLE : ML_DEFAULT_DTABLE;
    setTable(ctx, kind, t);
    return ip;
  }
  if (mode === 3) {
    const t = kind === KIND_LL ? ctx.llT : kind === KIND_OF ? ctx.ofT : ctx.mlT;
    if (t === null) throw zstdCorrupt(`repeat mode for ${name} codes without a previous table`, ip);
    return ip;
  }
  const maxSymbol = kind === KIND_LL ? LL_MAX_SYMBOL : kind === KIND_OF ? OF_MAX_SYMBOL : ML_MAX_SYMBOL;
  const maxLog = kind === KIND_LL ? LL_MAX_LOG : kind === KIND_OF ? OF_MAX_LOG : ML_MAX_LOG;
  let own = kind === KIND_LL ? ctx.llOwn : kind === KIND_OF ? ctx.ofOwn : ctx.mlOwn;
  if (own === null) {
    own = newDTable(maxLog);
    if (kind === KIND_LL) ctx.llOwn = own;
    else if (kind === KIND_OF) ctx.ofOwn = own;
    else ctx.mlOwn = own;
  }
  if (mode === 1) {
    if (ip >= end) throw zstdCorrupt(`missing RLE ${name} symbol`, ip);
    const sym = src[ip++];
    if (sym > maxSymbol) throw zstdCorrupt(`RLE ${name} code ${sym} is out of range`, ip - 1);
    buildRleDTable(own, sym);
  } else {
    const packed = readNCount(src, ip, end, ctx.norm, maxSymbol, maxLog);
    buildDTable(own, ctx.norm, (packed >>> 8) & 0xff, packed & 0xff, ctx.scratch);
    ip += packed >>> 16;
  }
  if (kind === KIND_LL) attachCodes(own, LL_BASE, LL_BITS);
  else if (kind === KIND_ML) attachCodes(own, ML_BASE, ML_BITS);
  else attachCodes(own, null, null);
  setTable(ctx, kind, own);
  return ip;
}

function setTable(ctx: DCtx, kind: number, t: FseDTable): void {
  if (kind === KIND_LL) ctx.llT = t;
  else if (kind === KIND_OF) ctx.ofT = t;
  else ctx.mlT = t;
}

function copyLiteralsTail(ctx: DCtx, blockStart: number, opLimit: number): void {
  const n = ctx.litEnd - ctx.litPos;
  if (n === 0) return;
  if (ctx.op + n > opLimit) throw overflow(ctx, ctx.op + n, blockStart);
  ctx.out.set(ctx.litBuf.subarray(ctx.litPos, ctx.litEnd), ctx.op);
  ctx.op += n;
  ctx.litPos = ctx.litEnd;
}

/**
 * Decodes `nbSeq` sequences from the bit stream `src[start, end)` and executes them straight
 * into the output. The bit reader lives in locals (`c` holds up to 32 bits, `n` of them
 * unread, `p` is the next byte to load going backwards) because this is the hot loop.
 */
function decodeSequences(
  ctx: DCtx,
  src: Uint8Array,
  start: number,
  end: number,
  nbSeq: number,
  opLimit: number,
): void {
  if (end <= start) throw zstdCorrupt("missing sequence bit stream", start);
  const lastByte = src[end - 1];
  if (lastByte === 0) throw zstdCorrupt("sequence bit stream lacks its end mark", end - 1);
  const llT = ctx.llT!, ofT = ctx.ofT!, mlT = ctx.mlT!;
  const llNb = llT.nbBits, llNext = llT.next, llBase = llT.base, llExtra = llT.extra;
  const mlNb = mlT.nbBits, mlNext = mlT.next, mlBase = mlT.base, mlExtra = mlT.extra;
  const ofNb = ofT.nbBits, ofNext = ofT.next, ofBase = ofT.base, ofExtra = ofT.extra;
  let c = lastByte, n = highbit(lastByte), p = end - 1;
  const short = (): WireError => zstdCorrupt("sequence bit stream is too short", start);

  while (n <= 24 && p > start) c = (c << 8) | src[--p], n += 8;
  let k = llT.log;
  if (n < k) throw short();
  let llS = (c >>> (n - k)) & ((1 << k) - 1);
  n -= k;
  while (n <= 24 && p > start) c = (c << 8) | src[--p], n += 8;
  k = ofT.log;
  if (n < k) throw short();
  let ofS = (c >>> (n - k)) & ((1 << k) - 1);
  n -= k;
  while (n <= 24 && p > start) c = (c << 8) | src[--p], n += 8;
  k = mlT.log;
  if (n < k) throw short();
  let mlS = (c >>> (n - k)) & ((1 << k) - 1);
  n -= k;

  const out = ctx.out;
  const ov = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const outLen = out.length;
  const blockStart = ctx.op;
  const frameStart = ctx.frameStart;
  const lits = ctx.litBuf;
  const lv = new DataView(lits.buffer, lits.byteOffset, lits.byteLength);
  const litLen = lits.length;
  let op = ctx.op, lp = ctx.litPos;
  const le = ctx.litEnd;
  let r1 = ctx.rep1, r2 = ctx.rep2, r3 = ctx.rep3;

  for (let i = 1;; i++) {
    // Extra bits come in the order offset, match length, literal length.
    while (n <= 24 && p > start) c = (c << 8) | src[--p], n += 8;
    k = ofExtra[ofS];
    let ofv = ofBase[ofS];
    if (k > 24) {
      // A 32-bit container cannot peek more than 25 bits: take the top bits first. Offsets of
      // 2^31 and more (code 31) exceed any output this decoder can produce.
      if (k > 30) throw zstdCorrupt("offset code 31 is beyond any window this decoder supports", start);
      const hb = k - 24;
      if (n < hb) throw short();
      ofv += ((c >>> (n - hb)) & ((1 << hb) - 1)) << 24;
      n -= hb;
      while (n <= 24 && p > start) c = (c << 8) | src[--p], n += 8;
      if (n < 24) throw short();
      ofv += (c >>> (n - 24)) & 0xffffff;
      n -= 24;
    } else if (k > 0) {
      if (n < k) throw short();
      ofv += (c >>> (n - k)) & ((1 << k) - 1);
      n -= k;
    }
    while (n <= 24 && p > start) c = (c << 8) | src[--p], n += 8;
    k = mlExtra[mlS];
    let ml = mlBase[mlS];
    if (k > 0) {
      if (n < k) throw short();
      ml += (c >>> (n - k)) & ((1 << k) - 1);
      n -= k;
    }
    while (n <= 24 && p > start) c = (c << 8) | src[--p], n += 8;
    k = llExtra[llS];
    let ll = llBase[llS];
    if (k > 0) {
      if (n < k) throw short();
      ll += (c >>> (n - k)) & ((1 << k) - 1);
      n -= k;
    }

    let offset: number;
    if (ofv > 3) {
      offset = ofv - 3;
      r3 = r2;
      r2 = r1;
      r1 = offset;
    } else {
      // Repeat offsets; a sequence without literals shifts the meaning by one.
      const idx = ll === 0 ? ofv : ofv - 1;
      if (idx === 0) {
        offset = r1;
      } else {
        if (idx === 1) {
          offset = r2;
        } else if (idx === 2) {
          offset = r3;
          r3 = r2;
        } else {
          offset = r1 - 1;
          r3 = r2;
        }
        r2 = r1;
        r1 = offset;
      }
    }

    if (ll > le - lp) throw zstdCorrupt("sequence uses more literals than the block has");
    const stop = op + ll + ml;
    if (stop > opLimit) {
      ctx.op = op;
      throw overflow(ctx, stop, blockStart);
    }
    // Short copies go 4 bytes at a time through DataViews (the fastest portable way on all
    // three engines); they may write up to 3 bytes past the copy, which later copies overwrite,
    // so they are only used where the buffer has room for that.
    if (ll > 0) {
      if (ll > 64) {
        out.set(lits.subarray(lp, lp + ll), op);
      } else if (op + ll + 3 < outLen && lp + ll + 3 < litLen) {
        for (let j = 0; j < ll; j += 4) ov.setInt32(op + j, lv.getInt32(lp + j, true), true);
      } else {
        for (let j = 0; j < ll; j++) out[op + j] = lits[lp + j];
      }
    }
    op += ll;
    lp += ll;
    if (offset > op - frameStart || offset === 0) {
      throw zstdCorrupt(`match offset ${offset} reaches before the start of the frame`);
    }
    const m = op - offset;
    if (offset >= 4 && ml <= 64 && op + ml + 3 < outLen) {
      // With offset ≥ 4 each 4-byte step reads only bytes already final, overlap or not.
      for (let j = 0; j < ml; j += 4) ov.setInt32(op + j, ov.getInt32(m + j, true), true);
    } else if (ml <= 64) {
      // Byte order matters: an overlapping match repeats the bytes it has just written.
      for (let j = 0; j < ml; j++) out[op + j] = out[m + j];
    } else if (offset >= ml) {
      out.copyWithin(op, m, m + ml);
    } else {
      // Overlap: the source region is periodic, so copy ever-longer chunks of it.
      let left = ml, at = op;
      while (left > 0) {
        const chunk = Math.min(at - m, left);
        out.copyWithin(at, m, m + chunk);
        at += chunk;
        left -= chunk;
      }
    }
    op = stop;

    if (i === nbSeq) break;
    // State updates in the order literal length, match length, offset.
    while (n <= 24 && p > start) c = (c << 8) | src[--p], n += 8;
    k = llNb[llS];
    if (n < k) throw short();
    llS = llNext[llS] + ((c >>> (n - k)) & ((1 << k) - 1));
    n -= k;
    k = mlNb[mlS];
    if (n < k) throw short();
    mlS = mlNext[mlS] + ((c >>> (n - k)) & ((1 << k) - 1));
    n -= k;
    while (n <= 24 && p > start) c = (c << 8) | src[--p], n += 8;
    k = ofNb[ofS];
    if (n < k) throw short();
    ofS = ofNext[ofS] + ((c >>> (n - k)) & ((1 << k) - 1));
    n -= k;
  }
  if (n !== 0 || p !== start) throw zstdCorrupt("sequence bit stream has bits left over", start);
  ctx.op = op;
  ctx.litPos = lp;
  ctx.rep1 = r1;
  ctx.rep2 = r2;
  ctx.rep3 = r3;
  copyLiteralsTail(ctx, blockStart, opLimit);
}

function decodeCompressedBlock(ctx: DCtx, src: Uint8Array, ip: number, end: number): void {
  const blockStart = ctx.op;
  const opLimit = Math.min(blockStart + ctx.blockMax, ctx.frameEnd, ctx.cap);
  reserve(ctx, opLimit);
  if (ip >= end) throw zstdCorrupt("empty compressed block", ip);
  ip = decodeLiterals(ctx, src, ip, end);
  if (ip >= end) throw zstdCorrupt("compressed block lacks a sequences section", ip);
  let nbSeq = src[ip++];
  if (nbSeq === 0) {
    if (ip !== end) throw zstdCorrupt("bytes after an empty sequences section", ip);
    copyLiteralsTail(ctx, blockStart, opLimit);
    return;
  }
  if (nbSeq >= 128) {
    if (nbSeq < 255) {
      if (ip + 1 > end) throw zstdCorrupt("sequence count runs past its block", ip);
      nbSeq = ((nbSeq - 128) << 8) + src[ip++];
    } else {
      if (ip + 2 > end) throw zstdCorrupt("sequence count runs past its block", ip);
      nbSeq = src[ip] + (src[ip + 1] << 8) + 0x7f00;
      ip += 2;
    }
  }
  if (ip >= end) throw zstdCorrupt("missing symbol compression modes", ip);
  const modes = src[ip++];
  if ((modes & 3) !== 0) throw zstdCorrupt("reserved bits set in symbol compression modes", ip - 1);
  ip = selectTable(ctx, KIND_LL, modes >> 6, src, ip, end);
  ip = selectTable(ctx, KIND_OF, (modes >> 4) & 3, src, ip, end);
  ip = selectTable(ctx, KIND_ML, (modes >> 2) & 3, src, ip, end);
  decodeSequences(ctx, src, ip, end, nbSeq, opLimit);
}

function readLE(src: Uint8Array, at: number, n: number): number {
  let v = 0;
  for (let i = n - 1; i >= 0; i--) v = v * 256 + src[at + i];
  return v;
}

/** Decodes the zstd frame at `ip` (magic already checked); returns the position after it. */
function decodeFrame(ctx: DCtx, src: Uint8Array, ip: number, opts: ZstdDecompressOptions): number {
  const frameAt = ip;
  if (src.length - ip < 5) throw truncated(src, ip, 5);
  const fhd = src[ip + 4];
  ip += 5;
  const fcsFlag = fhd >> 6;
  const single = (fhd >> 5) & 1;
  if ((fhd & 0x08) !== 0) throw zstdCorrupt("reserved bit set in frame header", ip - 1);
  const hasChecksum = (fhd & 0x04) !== 0;
  const didSize = [0, 1, 2, 4][fhd & 3];
  const fcsSize = fcsFlag === 0 ? single : [0, 2, 4, 8][fcsFlag];
  const hdrRest = (single ? 0 : 1) + didSize + fcsSize;
  if (src.length - ip < hdrRest) throw truncated(src, ip, hdrRest);
  let windowSize = 0;
  if (!single) {
    const wd = src[ip++];
    const wlog = 10 + (wd >> 3);
    const base = 2 ** wlog;
    windowSize = base + (base / 8) * (wd & 7);
  }
  if (didSize > 0) {
    const did = readLE(src, ip, didSize);
    ip += didSize;
    if (did !== 0) {
      throw zstdCorrupt(`frame needs dictionary ${did}; dictionaries are not supported`, frameAt);
    }
  }
  let fcs = -1;
  if (fcsSize > 0) {
    if (fcsSize === 8 && src[ip + 7] >= 0x20) {
      // ≥ 2^61: beyond any cap a number can hold exactly.
      throw limit("declared content size is beyond 2^53", frameAt);
    }
    fcs = readLE(src, ip, fcsSize) + (fcsSize === 2 ? 256 : 0);
    ip += fcsSize;
  }
  if (single) windowSize = fcs;
  const maxWindow = opts.maxWindowBytes ?? ZSTD_DEFAULT_MAX_WINDOW;
  if (!single && windowSize > maxWindow) {
    throw limit(`frame window of ${windowSize} bytes exceeds maxWindowBytes (${maxWindow})`, frameAt);
  }
  if (fcs >= 0 && ctx.op + fcs > ctx.cap) {
    throw limitExceeded("zstd", ctx.cap, ctx.op + fcs, frameAt);
  }
  ctx.frameStart = ctx.op;
  ctx.frameEnd = fcs >= 0 ? ctx.op + fcs : Number.MAX_SAFE_INTEGER;
  ctx.blockMax = Math.min(windowSize, ZSTD_BLOCK_MAX);
  ctx.huf.log = 0;
  ctx.llT = ctx.ofT = ctx.mlT = null;
  ctx.rep1 = 1;
  ctx.rep2 = 4;
  ctx.rep3 = 8;
  if (fcs > 0) {
    // Every block costs ≥ 4 input bytes and yields ≤ 128 KiB, which bounds an honest frame.
    const bound = (Math.floor((src.length - ip) / 4) + 1) * ZSTD_BLOCK_MAX;
    reserve(ctx, ctx.op + Math.min(fcs, bound));
  } else if (fcs < 0 && ctx.out.length === ctx.op) {
    // Content size unknown: start with a guess (at most a quarter of the cap) that reserve() grows.
    const guess = Math.min(Math.floor(ctx.cap / 4), Math.max(1024, (src.length - ip) * 4));
    reserve(ctx, Math.min(ctx.cap, ctx.op + guess));
  }

  for (;;) {
    if (src.length - ip < 3) throw truncated(src, ip, 3);
    const bh = src[ip] | (src[ip + 1] << 8) | (src[ip + 2] << 16);
    const at = ip;
    ip += 3;
    const last = bh & 1, type = (bh >> 1) & 3, size = bh >>> 3;
    if (type === 3) throw zstdCorrupt("reserved block type", at);
    if (size > ctx.blockMax) {
      throw zstdCorrupt(`block size ${size} exceeds the block maximum ${ctx.blockMax}`, at);
    }
    if (type === 0) {
      if (src.length - ip < size) throw truncated(src, ip, size);
      room(ctx, size);
      ctx.out.set(src.subarray(ip, ip + size), ctx.op);
      ctx.op += size;
      ip += size;
    } else if (type === 1) {
      if (src.length - ip < 1) throw truncated(src, ip, 1);
      room(ctx, size);
      ctx.out.fill(src[ip], ctx.op, ctx.op + size);
      ctx.op += size;
      ip += 1;
    } else {
      if (src.length - ip < size) throw truncated(src, ip, size);
      decodeCompressedBlock(ctx, src, ip, ip + size);
      ip += size;
    }
    if (last) break;
  }
  if (fcs >= 0 && ctx.op !== ctx.frameEnd) {
    throw zstdCorrupt(`frame content is ${ctx.op - ctx.frameStart} bytes, header says ${fcs}`, frameAt);
  }
  if (hasChecksum) {
    if (src.length - ip < 4) throw truncated(src, ip, 4);
    if (opts.verifyChecksum !== false) {
      const want = readLE(src, ip, 4);
      const got = xxh64Low32(ctx.out.subarray(ctx.frameStart, ctx.op));
      if (want !== got) {
        throw new WireError("CHECKSUM_MISMATCH", {
          offset: ip,
          context: CONTEXT,
          detail: `content checksum is 0x${got.toString(16)}, frame says 0x${want.toString(16)}`,
        });
      }
    }
    ip += 4;
  }
  return ip;
}

/**
 * Decompresses every frame in `data` (zstd frames and skippable frames, back to back) and
 * returns their concatenated content.
 *
 * @example
 * ```ts
 * import { zstdDecompress } from "./zstd_decompress.ts";
 * // "hi" stored in a raw block, with a checksum
 * const frame = new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0x24, 0x02, 0x11, 0x00, 0x00, 0x68, 0x69, 0xfa, 0x38, 0x26, 0xea]);
 * console.log(new TextDecoder().decode(zstdDecompress(frame))); // hi
 * ```
 */
export function zstdDecompress(data: Uint8Array, options: ZstdDecompressOptions = {}): Uint8Array {
  const cap = resolveMaxOutputBytes(options);
  // An upper bound from the block headers sizes the output once (see _size_bound.ts).
  const bound = zstdSizeBound(data, ZSTD_BLOCK_MAX);
  const ctx: DCtx = {
    src: data,
    out: new Uint8Array(bound >= 0 && bound <= cap ? bound : 0),
    op: 0,
    cap,
    frameStart: 0,
    frameEnd: 0,
    blockMax: 0,
    huf: newHufDTable(),
    lits: new Uint8Array(0),
    litBuf: data,
    litPos: 0,
    litEnd: 0,
    llT: null,
    ofT: null,
    mlT: null,
    llOwn: null,
    ofOwn: null,
    mlOwn: null,
    norm: new Int16Array(64),
    scratch: new Uint16Array(64),
    rep1: 1,
    rep2: 4,
    rep3: 8,
  };
  let ip = 0;
  if (data.length === 0) throw truncated(data, 0, 4);
  while (ip < data.length) {
    if (data.length - ip < 4) throw truncated(data, ip, 4);
    const magic = readLE(data, ip, 4);
    if (magic === ZSTD_MAGIC) {
      ip = decodeFrame(ctx, data, ip, options);
    } else if (magic >= ZSTD_SKIPPABLE_MAGIC && magic <= ZSTD_SKIPPABLE_MAGIC + 15) {
      if (data.length - ip < 8) throw truncated(data, ip, 8);
      const size = readLE(data, ip + 4, 4);
      ip += 8;
      if (data.length - ip < size) throw truncated(data, ip, size);
      ip += size;
    } else {
      throw zstdCorrupt(`unknown frame magic 0x${magic.toString(16)}`, ip);
    }
  }
  return trimmed(ctx.out, ctx.op, ctx.cap);
}
