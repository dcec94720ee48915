/**
 * Huffman coding of zstd literals (RFC 8878 §4.2): the tree description (FSE-compressed or
 * direct weights), table-driven stream decoding, and the encoder side (length-limited code
 * construction, tree description writer, stream writer).
 *
 * Private to the zstd codec.
 *
 * @module
 */

import {
  BitWriter,
  buildCTable,
  buildDTable,
  encodeSymbol,
  flushCState,
  type FseDTable,
  highbit,
  initCState,
  newDTable,
  normalizeCounts,
  readNCount,
  writeNCount,
  zstdCorrupt,
} from "./zstd_fse.ts";

/** Longest Huffman code zstd allows. */
export const HUF_MAX_BITS = 11;
const WEIGHTS_MAX_LOG = 6;

/**
 * A Huffman decoding table, reused across blocks of a frame (treeless literals reuse it).
 * Entry = symbol << 8 | code length, indexed by the next `log` bits of the stream.
 */
export interface HufDTable {
  /** Maximum code length; 0 while no table has been read in this frame. */
  log: number;
  /** 2^log entries: symbol << 8 | code length. */
  table: Uint16Array;
  /** Scratch: the weights of the description being read. */
  weights: Uint8Array;
  /** Scratch: normalized counts of FSE-compressed weights. */
  norm: Int16Array;
  /** Scratch: decoding table of FSE-compressed weights. */
  fse: FseDTable;
  /** Scratch for table construction. */
  scratch: Uint16Array;
}

/** Allocates an empty Huffman decoding context. */
export function newHufDTable(): HufDTable {
  return {
    log: 0,
    table: new Uint16Array(1 << HUF_MAX_BITS),
    weights: new Uint8Array(257),
    norm: new Int16Array(256),
    fse: newDTable(WEIGHTS_MAX_LOG),
    scratch: new Uint16Array(256),
  };
}

/** Bits `[pos - n, pos)` of a little-endian bit string, highest first; bits below 0 read as 0. */
function bitsBelow(src: Uint8Array, start: number, pos: number, n: number): number {
  let v = 0;
  for (let i = pos - 1; i >= pos - n; i--) {
    v = (v << 1) | (i >= 0 ? (src[start + (i >> 3)] >> (i & 7)) & 1 : 0);
  }
  return v;
}

/** Decodes FSE-compressed weights from `src[start, end)` into `h.weights`; returns how many. */
function readFseWeights(h: HufDTable, src: Uint8Array, start: number, end: number): number {
  const packed = readNCount(src, start, end, h.norm, HUF_MAX_BITS + 1, WEIGHTS_MAX_LOG);
  const log = packed & 0xff, maxSymbol = (packed >>> 8) & 0xff, hdr = packed >>> 16;
  const t = h.fse;
  buildDTable(t, h.norm, maxSymbol, log, h.scratch);
  const bs = start + hdr;
  if (bs >= end) throw zstdCorrupt("Huffman weights have no bit stream", start);
  const last = src[end - 1];
  if (last === 0) throw zstdCorrupt("Huffman weights stream lacks its end mark", end - 1);
  let pos = (end - 1 - bs) * 8 + highbit(last);
  const sym = t.symbol, nb = t.nbBits, next = t.next;
  let s1 = bitsBelow(src, bs, pos, log);
  pos -= log;
  let s2 = bitsBelow(src, bs, pos, log);
  pos -= log;
  if (pos < 0) throw zstdCorrupt("Huffman weights stream is too short", start);
  const w = h.weights;
  let n = 0;
  // Two interleaved states; the stream ends when an update would read past its first bit,
  // and the other state's symbol is the last weight.
  for (;;) {
    if (n >= 255) throw zstdCorrupt("too many Huffman weights", start);
    w[n++] = sym[s1];
    let k = nb[s1];
    s1 = next[s1] + bitsBelow(src, bs, pos, k);
    pos -= k;
    if (pos < 0) {
      w[n++] = sym[s2];
      break;
    }
    if (n >= 255) throw zstdCorrupt("too many Huffman weights", start);
    w[n++] = sym[s2];
    k = nb[s2];
    s2 = next[s2] + bitsBelow(src, bs, pos, k);
    pos -= k;
    if (pos < 0) {
      w[n++] = sym[s1];
      break;
    }
  }
  if (n > 255) throw zstdCorrupt("too many Huffman weights", start);
  return n;
}

/**
 * Reads a Huffman tree description at `src[start]` (the block ends at `end`) and builds
 * the decoding table; returns the bytes consumed.
 */
export function readHuffmanTree(h: HufDTable, src: Uint8Array, start: number, end: number): number {
  if (start >= end) throw zstdCorrupt("missing Huffman tree description", start);
  const header = src[start];
  let n: number, size: number;
  const w = h.weights;
  if (header < 128) {
    size = 1 + header;
    if (start + size > end) throw zstdCorrupt("Huffman tree description runs past its block", start);
    if (header === 0) throw zstdCorrupt("empty Huffman weights", start);
    n = readFseWeights(h, src, start + 1, start + size);
  } else {
    n = header - 127;
    size = 1 + ((n + 1) >> 1);
    if (start + size > end) throw zstdCorrupt("Huffman tree description runs past its block", start);
    for (let i = 0; i < n; i += 2) {
      const b = src[start + 1 + (i >> 1)];
      w[i] = b >> 4;
      w[i + 1] = b & 15;
    }
  }
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const x = w[i];
    if (x > HUF_MAX_BITS) throw zstdCorrupt(`Huffman weight ${x} is too large`, start);
    if (x > 0) sum += 1 << (x - 1);
  }
  if (sum === 0) throw zstdCorrupt("Huffman weights are all zero", start);
  const log = highbit(sum) + 1;
  if (log > HUF_MAX_BITS) throw zstdCorrupt("Huffman code is longer than 11 bits", start);
  const rest = (1 << log) - sum;
  if ((rest & (rest - 1)) !== 0) throw zstdCorrupt("Huffman weights do not complete a tree", start);
  w[n] = highbit(rest) + 1;
  const symbols = n + 1;
  // Fill the table by increasing weight, then by symbol: that is the code order.
  const rankCount = new Uint32Array(HUF_MAX_BITS + 2);
  for (let s = 0; s < symbols; s++) rankCount[w[s]]++;
  const rankStart = new Uint32Array(HUF_MAX_BITS + 2);
  let pos = 0;
  for (let x = 1; x <= log; x++) {
    rankStart[x] = pos;
    pos += rankCount[x] << (x - 1);
  }
  const t = h.table;
  for (let s = 0; s < symbols; s++) {
    const x = w[s];
    if (x === 0) continue;
    const len = 1 << (x - 1);
    const entry = (s << 8) | (log + 1 - x);
    const from = rankStart[x];
    t.fill(entry, from, from + len);
    rankStart[x] = from + len;
  }
  h.log = log;
  return size;
}

/**
 * Decodes one Huffman stream `src[start, end)` into `dst[o, oe)`; the stream must be used up
 * exactly.
 */
export function decodeHufStream(
  h: HufDTable,
  src: Uint8Array,
  start: number,
  end: number,
  dst: Uint8Array,
  o: number,
  oe: number,
): void {
  if (end <= start) throw zstdCorrupt("empty Huffman stream", start);
  const last = src[end - 1];
  if (last === 0) throw zstdCorrupt("Huffman stream lacks its end mark", end - 1);
  const t = h.table, log = h.log, mask = (1 << log) - 1;
  let c = last, n = highbit(last), p = end - 1;
  // Fast path: while at least 4 bytes remain, a refill (≤ 4 loads) leaves ≥ 25 bits: 2 codes.
  const fastEnd = oe - 1;
  while (p - start >= 4 && o < fastEnd) {
    while (n <= 24) {
      c = (c << 8) | src[--p];
      n += 8;
    }
    let e = t[(c >>> (n - log)) & mask];
    dst[o++] = e >>> 8;
    n -= e & 0xff;
    e = t[(c >>> (n - log)) & mask];
    dst[o++] = e >>> 8;
    n -= e & 0xff;
  }
  while (o < oe) {
    while (n <= 24 && p > start) {
      c = (c << 8) | src[--p];
      n += 8;
    }
    const idx = n >= log ? (c >>> (n - log)) & mask : (c << (log - n)) & mask;
    const e = t[idx];
    dst[o++] = e >>> 8;
    n -= e & 0xff;
    if (n < 0) throw zstdCorrupt("Huffman stream is too short", start);
  }
  if (n !== 0 || p !== start) throw zstdCorrupt("Huffman stream has bits left over", start);
}

/**
 * Decodes 4 Huffman streams (6-byte jump table first) from `src[start, end)` into
 * `dst[o, o + size)`.
 */
export function decodeHuf4(
  h: HufDTable,
  src: Uint8Array,
  start: number,
  end: number,
  dst: Uint8Array,
  o: number,
  size: number,
): void {
  if (end - start < 10) throw zstdCorrupt("4-stream Huffman literals are too short", start);
  const l1 = src[start] | (src[start + 1] << 8);
  const l2 = src[start + 2] | (src[start + 3] << 8);
  const l3 = src[start + 4] | (src[start + 5] << 8);
  const s1 = start + 6, s2 = s1 + l1, s3 = s2 + l2, s4 = s3 + l3;
  if (s4 >= end) throw zstdCorrupt("Huffman jump table points past the literals", start);
  const seg = (size + 3) >> 2;
  if (3 * seg > size) throw zstdCorrupt("too few literals for 4 Huffman streams", start);
  decodeHufStream(h, src, s1, s2, dst, o, o + seg);
  decodeHufStream(h, src, s2, s3, dst, o + seg, o + 2 * seg);
  decodeHufStream(h, src, s3, s4, dst, o + 2 * seg, o + 3 * seg);
  decodeHufStream(h, src, s4, end, dst, o + 3 * seg, o + size);
}

// ---------------------------------------------------------------------------------------------
// Encoder

/** A Huffman code for the encoder: per symbol, its code and length (0 = absent). */
export interface HufCTable {
  /** Longest code length. */
  maxBits: number;
  /** Highest symbol with a code. */
  maxSymbol: number;
  /** Code of each symbol (its low `len` bits). */
  code: Uint16Array;
  /** Code length of each symbol; 0 when the symbol has no code. */
  len: Uint8Array;
}

/**
 * Builds a Huffman code, at most `limit` bits long, for `counts[0..maxSymbol]` (at least two
 * symbols present). The code is complete, as zstd's implicit last weight requires.
 */
export function buildHufCTable(counts: Uint32Array, maxSymbol: number, limit = HUF_MAX_BITS): HufCTable {
  const syms: number[] = [];
  for (let s = 0; s <= maxSymbol; s++) if (counts[s] > 0) syms.push(s);
  const n = syms.length;
  syms.sort((a, b) => counts[a] - counts[b] || a - b);
  // Classic two-queue Huffman over leaves sorted by count.
  const weight = new Float64Array(2 * n);
  const parent = new Int32Array(2 * n);
  for (let i = 0; i < n; i++) weight[i] = counts[syms[i]];
  let leaf = 0, inner = n, next = n;
  const pick = (): number => {
    if (leaf < n && (inner >= next || weight[leaf] <= weight[inner])) return leaf++;
    return inner++;
  };
  for (let k = 0; k < n - 1; k++) {
    const a = pick(), b = pick();
    weight[next] = weight[a] + weight[b];
    parent[a] = next;
    parent[b] = next;
    next++;
  }
  const depth = new Uint8Array(2 * n);
  for (let i = 2 * n - 3; i >= 0; i--) depth[i] = depth[parent[i]] + 1;
  const blCount = new Int32Array(33);
  for (let i = 0; i < n; i++) blCount[Math.min(depth[i], limit)]++;
  const target = 1 << limit;
  let kraft = 0;
  for (let l = 1; l <= limit; l++) kraft += blCount[l] << (limit - l);
  while (kraft > target) {
    let l = limit - 1;
    while (blCount[l] === 0) l--;
    blCount[l]--;
    blCount[l + 1]++;
    kraft -= 1 << (limit - l - 1);
  }
  while (kraft < target) {
    let l = limit;
    while (l > 1 && (blCount[l] === 0 || (1 << (limit - l)) > target - kraft)) l--;
    blCount[l]--;
    blCount[l - 1]++;
    kraft += 1 << (limit - l);
  }
  // The most frequent symbols (end of `syms`) get the shortest codes.
  const len = new Uint8Array(maxSymbol + 1);
  let k = n - 1;
  let maxBits = 0;
  for (let l = 1; l <= limit; l++) {
    for (let c = blCount[l]; c > 0; c--) {
      len[syms[k--]] = l;
      maxBits = l;
    }
  }
  const code = new Uint16Array(maxSymbol + 1);
  // Codes in zstd's order: by increasing weight (decreasing length), then by symbol.
  const rankStart = new Uint32Array(HUF_MAX_BITS + 2);
  const rankCount = new Uint32Array(HUF_MAX_BITS + 2);
  for (let s = 0; s <= maxSymbol; s++) if (len[s]) rankCount[maxBits + 1 - len[s]]++;
  let pos = 0;
  for (let w = 1; w <= maxBits; w++) {
    rankStart[w] = pos;
    pos += rankCount[w] << (w - 1);
  }
  for (let s = 0; s <= maxSymbol; s++) {
    if (!len[s]) continue;
    const w = maxBits + 1 - len[s];
    code[s] = rankStart[w] >>> (w - 1);
    rankStart[w] += 1 << (w - 1);
  }
  return { maxBits, maxSymbol, code, len };
}

/** Exact size in bits of `counts` coded with `t`; `Infinity` if a used symbol has no code. */
export function hufCostBits(t: HufCTable, counts: Uint32Array, maxSymbol: number): number {
  let bits = 0;
  for (let s = 0; s <= maxSymbol; s++) {
    const c = counts[s];
    if (c === 0) continue;
    if (s > t.maxSymbol || t.len[s] === 0) return Infinity;
    bits += c * t.len[s];
  }
  return bits;
}

/**
 * Writes the tree description of `t` at `dst[at]`; returns its size, or -1 when neither
 * representation fits (then the literals must not be Huffman-coded).
 */
export function writeHuffmanTree(t: HufCTable, dst: Uint8Array, at: number): number {
  const n = t.maxSymbol; // weights of symbols 0..maxSymbol-1; the last one is implied
  const weights = new Uint8Array(n);
  const wc = new Uint32Array(HUF_MAX_BITS + 1);
  let maxW = 0;
  for (let s = 0; s < n; s++) {
    const w = t.len[s] ? t.maxBits + 1 - t.len[s] : 0;
    weights[s] = w;
    wc[w]++;
    if (w > maxW) maxW = w;
  }
  let best = -1;
  // FSE-compressed weights: needs ≥ 2 weights and ≥ 2 distinct values.
  let distinct = 0;
  for (let w = 0; w <= maxW; w++) if (wc[w] > 0) distinct++;
  const tmp = new Uint8Array(256);
  if (n >= 2 && distinct >= 2) {
    const log = Math.min(WEIGHTS_MAX_LOG, Math.max(5, highbit(n - 1) - 1));
    const norm = normalizeCounts(wc, maxW, n, log);
    const ct = buildCTable(norm, maxW, log);
    let size = writeNCount(tmp, 1, norm, maxW, log);
    const bw = new BitWriter(160);
    let ip = n;
    let st1: number, st2: number;
    if (n & 1) {
      st1 = initCState(ct, weights[--ip]);
      st2 = initCState(ct, weights[--ip]);
      st1 = encodeSymbol(bw, ct, st1, weights[--ip]);
    } else {
      st2 = initCState(ct, weights[--ip]);
      st1 = initCState(ct, weights[--ip]);
    }
    while (ip > 0) {
      st2 = encodeSymbol(bw, ct, st2, weights[--ip]);
      st1 = encodeSymbol(bw, ct, st1, weights[--ip]);
    }
    flushCState(bw, ct, st2);
    flushCState(bw, ct, st1);
    const len = bw.close();
    if (size + len < 128 && 1 + size + len <= tmp.length) {
      tmp.set(bw.buf.subarray(0, len), 1 + size);
      size += len;
      tmp[0] = size;
      best = size + 1;
    }
  }
  const direct = n <= 128 ? 1 + ((n + 1) >> 1) : Infinity;
  if (direct <= (best < 0 ? Infinity : best)) {
    dst[at] = 127 + n;
    for (let i = 0; i < n; i += 2) {
      dst[at + 1 + (i >> 1)] = (weights[i] << 4) | (i + 1 < n ? weights[i + 1] : 0);
    }
    return direct;
  }
  if (best < 0) return -1;
  dst.set(tmp.subarray(0, best), at);
  return best;
}

/** Writes `src[start, end)` as one Huffman stream into `w` (symbols last to first). */
export function encodeHufStream(
  t: HufCTable,
  src: Uint8Array,
  start: number,
  end: number,
  w: BitWriter,
): number {
  w.reset();
  const code = t.code, len = t.len;
  for (let i = end - 1; i >= start; i--) {
    const s = src[i];
    w.add(code[s], len[s]);
  }
  return w.close();
}
