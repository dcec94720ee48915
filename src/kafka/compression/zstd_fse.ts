/**
 * Finite State Entropy (tANS) as zstd uses it (RFC 8878 §4.1): the normalized-count table
 * description, decoding tables, encoding tables, count normalization, and the sequence code
 * tables (literal length, match length, offset) with their predefined distributions.
 *
 * Private to the zstd codec.
 *
 * @module
 */

import { WireError } from "../../wire/error.ts";

/** Index of the highest set bit of a positive 32-bit integer. */
export function highbit(x: number): number {
  return 31 - Math.clz32(x);
}

/** A `CORRUPT_DATA` error for the zstd codec. */
export function zstdCorrupt(detail: string, offset = -1): WireError {
  return new WireError("CORRUPT_DATA", { offset, detail, context: "zstd frame" });
}

// ---------------------------------------------------------------------------------------------
// Sequence codes (RFC 8878 §3.1.1.3.2.1.1)

/** Literal length code → baseline. */
export const LL_BASE: Int32Array = /* @__PURE__ */ Int32Array.of(
  0,
  1,
  2,
  3,
  4,
  5,
  6,
  7,
  8,
  9,
  10,
  11,
  12,
  13,
  14,
  15,
  16,
  18,
  20,
  22,
  24,
  28,
  32,
  40,
  48,
  64,
  128,
  256,
  512,
  1024,
  2048,
  4096,
  8192,
  16384,
  32768,
  65536,
);
/** Literal length code → extra bits. */
export const LL_BITS: Uint8Array = /* @__PURE__ */ Uint8Array.of(
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  1,
  1,
  1,
  2,
  2,
  3,
  3,
  4,
  6,
  7,
  8,
  9,
  10,
  11,
  12,
  13,
  14,
  15,
  16,
);
/** Match length code → baseline. */
export const ML_BASE: Int32Array = /* @__PURE__ */ Int32Array.of(
  3,
  4,
  5,
  6,
  7,
  8,
  9,
  10,
  11,
  12,
  13,
  14,
  15,
  16,
  17,
  18,
  19,
  20,
  21,
  22,
  23,
  24,
  25,
  26,
  27,
  28,
  29,
  30,
  31,
  32,
  33,
  34,
  35,
  37,
  39,
  41,
  43,
  47,
  51,
  59,
  67,
  83,
  99,
  131,
  259,
  515,
  1027,
  2051,
  4099,
  8195,
  16387,
  32771,
  65539,
);
/** Match length code → extra bits. */
export const ML_BITS: Uint8Array = /* @__PURE__ */ Uint8Array.of(
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  1,
  1,
  1,
  1,
  2,
  2,
  3,
  3,
  4,
  4,
  5,
  7,
  8,
  9,
  10,
  11,
  12,
  13,
  14,
  15,
  16,
);

/** Largest symbol and accuracy log per sequence stream. */
export const LL_MAX_SYMBOL = 35, ML_MAX_SYMBOL = 52, OF_MAX_SYMBOL = 31;
/** Largest accuracy log a table description may declare per stream. */
export const LL_MAX_LOG = 9, ML_MAX_LOG = 9, OF_MAX_LOG = 8;

/** Predefined distributions (RFC 8878 §3.1.1.3.2.2). */
export const LL_DEFAULT_NORM: Int16Array = /* @__PURE__ */ Int16Array.of(
  4,
  3,
  2,
  2,
  2,
  2,
  2,
  2,
  2,
  2,
  2,
  2,
  2,
  1,
  1,
  1,
  2,
  2,
  2,
  2,
  2,
  2,
  2,
  2,
  2,
  3,
  2,
  1,
  1,
  1,
  1,
  1,
  -1,
  -1,
  -1,
  -1,
);
/** Predefined match length distribution (accuracy log 6). */
export const ML_DEFAULT_NORM: Int16Array = /* @__PURE__ */ Int16Array.of(
  1,
  4,
  3,
  2,
  2,
  2,
  2,
  2,
  2,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  -1,
  -1,
  -1,
  -1,
  -1,
  -1,
  -1,
);
/** Predefined offset code distribution (accuracy log 5). */
export const OF_DEFAULT_NORM: Int16Array = /* @__PURE__ */ Int16Array.of(
  1,
  1,
  1,
  1,
  1,
  1,
  2,
  2,
  2,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  1,
  -1,
  -1,
  -1,
  -1,
  -1,
);
/** Accuracy log of the predefined literal length distribution. */
export const LL_DEFAULT_LOG = 6;
/** Accuracy log of the predefined match length distribution. */
export const ML_DEFAULT_LOG = 6;
/** Accuracy log of the predefined offset code distribution. */
export const OF_DEFAULT_LOG = 5;

function codeLookup(base: Int32Array, bits: Uint8Array, size: number, bias: number): Uint8Array {
  const t = new Uint8Array(size);
  for (let code = 0; code < base.length; code++) {
    const lo = base[code] - bias, hi = lo + (1 << bits[code]);
    for (let v = lo; v < hi && v < size; v++) t[v] = code;
  }
  return t;
}
const LL_CODE_SMALL = /* @__PURE__ */ codeLookup(LL_BASE, LL_BITS, 64, 0);
const ML_CODE_SMALL = /* @__PURE__ */ codeLookup(ML_BASE, ML_BITS, 128, 3);

/** Literal length → code. */
export function llCode(ll: number): number {
  return ll < 64 ? LL_CODE_SMALL[ll] : highbit(ll) + 19;
}

/** Match length → code (`ml` ≥ 3). */
export function mlCode(ml: number): number {
  const b = ml - 3;
  return b < 128 ? ML_CODE_SMALL[b] : highbit(b) + 36;
}

// ---------------------------------------------------------------------------------------------
// Table description (normalized counts), RFC 8878 §4.1.1

/**
 * Reads a table description from `src[start, end)` into `norm` and returns
 * `{ log, maxSymbol, size }` packed as `log | maxSymbol << 8 | bytes << 16`.
 * Reads past `end` as zero bits and rejects the result if they were needed.
 */
export function readNCount(
  src: Uint8Array,
  start: number,
  end: number,
  norm: Int16Array,
  maxSymbolAllowed: number,
  maxLog: number,
): number {
  let bitPos = 0;
  const byteLen = end - start;
  const peek = (nbits: number): number => {
    const b = start + (bitPos >>> 3);
    let v = 0;
    for (let k = 3; k >= 0; k--) v = (v << 8) | (b + k < end ? src[b + k] : 0);
    return ((v >>> (bitPos & 7)) & ((1 << nbits) - 1)) >>> 0;
  };
  if (byteLen < 1) throw zstdCorrupt("FSE table description is empty", start);
  const log = peek(4) + 5;
  bitPos += 4;
  if (log > maxLog) throw zstdCorrupt(`FSE accuracy log ${log} exceeds ${maxLog}`, start);
  const size = 1 << log;
  let remaining = size + 1;
  let threshold = size;
  let nbBits = log + 1;
  let symbol = 0;
  let previous0 = false;
  while (remaining > 1) {
    if (previous0) {
      // Zero-probability runs are written as 2-bit repeat counts; 3 means "3 more, and continue".
      for (;;) {
        const r = peek(2);
        bitPos += 2;
        if (symbol + r > maxSymbolAllowed + 1) {
          throw zstdCorrupt("FSE table description has too many symbols", start);
        }
        for (let i = 0; i < r; i++) norm[symbol++] = 0;
        if (r !== 3) break;
      }
      if (bitPos > byteLen * 8) throw zstdCorrupt("FSE table description runs past its section", start);
    }
    if (symbol > maxSymbolAllowed) throw zstdCorrupt("FSE table description has too many symbols", start);
    const max = 2 * threshold - 1 - remaining;
    let count: number;
    const low = peek(nbBits - 1);
    if (low < max) {
      count = low;
      bitPos += nbBits - 1;
    } else {
      count = peek(nbBits);
      if (count >= threshold) count -= max;
      bitPos += nbBits;
    }
    count--;
    remaining -= count < 0 ? -count : count;
    if (remaining < 1) throw zstdCorrupt("FSE probabilities exceed the table size", start);
    norm[symbol++] = count;
    previous0 = count === 0;
    while (remaining < threshold) {
      nbBits--;
      threshold >>= 1;
    }
    if (bitPos > byteLen * 8) throw zstdCorrupt("FSE table description runs past its section", start);
  }
  const bytes = (bitPos + 7) >>> 3;
  if (bytes > byteLen) throw zstdCorrupt("FSE table description runs past its section", start);
  const maxSymbol = symbol - 1;
  return log | (maxSymbol << 8) | (bytes << 16);
}

/**
 * Writes a table description of `norm[0..maxSymbol]` (which must sum to `1 << log`) into
 * `dst` at `at`; returns the number of bytes written.
 */
export function writeNCount(
  dst: Uint8Array,
  at: number,
  norm: Int16Array,
  maxSymbol: number,
  log: number,
): number {
  let acc = log - 5;
  let accBits = 4;
  let out = at;
  const put = (v: number, n: number): void => {
    acc |= v << accBits;
    accBits += n;
    while (accBits >= 8) {
      dst[out++] = acc & 0xff;
      acc >>>= 8;
      accBits -= 8;
    }
  };
  const size = 1 << log;
  let remaining = size + 1;
  let threshold = size;
  let nbBits = log + 1;
  let symbol = 0;
  let previous0 = false;
  while (symbol <= maxSymbol && remaining > 1) {
    if (previous0) {
      const start = symbol;
      while (norm[symbol] === 0) symbol++;
      let repeat = symbol - start;
      while (repeat >= 3) {
        put(3, 2);
        repeat -= 3;
      }
      put(repeat, 2);
    }
    let count = norm[symbol++];
    const max = 2 * threshold - 1 - remaining;
    remaining -= count < 0 ? -count : count;
    count++;
    if (count >= threshold) count += max;
    put(count, count < max ? nbBits - 1 : nbBits);
    previous0 = count === 1;
    while (remaining < threshold) {
      nbBits--;
      threshold >>= 1;
    }
  }
  if (accBits > 0) dst[out++] = acc & 0xff;
  return out - at;
}

// ---------------------------------------------------------------------------------------------
// Decoding tables

/**
 * A decoding table: for each state, the symbol it emits, how many bits the next state needs,
 * and the base the read bits are added to. Sequence tables also carry each symbol's value
 * baseline and extra-bit count so the hot loop never looks the code up again.
 */
export interface FseDTable {
  /** Accuracy log (0 for an RLE table: one state). */
  log: number;
  /** Symbol each state emits. */
  symbol: Uint8Array;
  /** Bits read to leave each state. */
  nbBits: Uint8Array;
  /** Base of the next state, to which the read bits are added. */
  next: Uint16Array;
  /**
   * Value baseline of the state's code (sequence tables only). Int32 rather than Uint32 so the
   * hot loop's arithmetic stays in small integers; offset code 31 (offsets ≥ 2^31, beyond any
   * output this decoder produces) gets baseline 0 and is refused where it is read.
   */
  base: Int32Array;
  /** Extra bits of the state's code (sequence tables only). */
  extra: Uint8Array;
}

/** Allocates a table big enough for accuracy log `maxLog`. */
export function newDTable(maxLog: number): FseDTable {
  const n = 1 << maxLog;
  return {
    log: 0,
    symbol: new Uint8Array(n),
    nbBits: new Uint8Array(n),
    next: new Uint16Array(n),
    base: new Int32Array(n),
    extra: new Uint8Array(n),
  };
}

/** Fills `t` from normalized counts (which the caller has validated to sum to `1 << log`). */
export function buildDTable(
  t: FseDTable,
  norm: Int16Array,
  maxSymbol: number,
  log: number,
  scratch: Uint16Array,
): void {
  const size = 1 << log;
  const sym = t.symbol;
  let high = size - 1;
  for (let s = 0; s <= maxSymbol; s++) {
    if (norm[s] === -1) {
      sym[high--] = s;
      scratch[s] = 1;
    } else {
      scratch[s] = norm[s];
    }
  }
  const mask = size - 1;
  const step = (size >>> 1) + (size >>> 3) + 3;
  let pos = 0;
  for (let s = 0; s <= maxSymbol; s++) {
    const n = norm[s];
    for (let i = 0; i < n; i++) {
      sym[pos] = s;
      do pos = (pos + step) & mask; while (pos > high);
    }
  }
  if (pos !== 0) throw zstdCorrupt("FSE table description does not spread evenly");
  for (let u = 0; u < size; u++) {
    const x = scratch[sym[u]]++;
    const nb = log - highbit(x);
    t.nbBits[u] = nb;
    t.next[u] = (x << nb) - size;
  }
  t.log = log;
}

/** Sets per-state value baselines and extra bits for a sequence table. */
export function attachCodes(t: FseDTable, base: Int32Array | null, bits: Uint8Array | null): void {
  const size = 1 << t.log;
  for (let u = 0; u < size; u++) {
    const s = t.symbol[u];
    if (base === null || bits === null) {
      // offsets: value = (1 << code) + extra bits
      t.base[u] = s <= 30 ? 1 << s : 0;
      t.extra[u] = s;
    } else {
      t.base[u] = base[s];
      t.extra[u] = bits[s];
    }
  }
}

/** A one-state table that always emits `symbol` and reads no bits (RLE mode). */
export function buildRleDTable(t: FseDTable, symbol: number): void {
  t.log = 0;
  t.symbol[0] = symbol;
  t.nbBits[0] = 0;
  t.next[0] = 0;
}

function predefined(
  norm: Int16Array,
  log: number,
  base: Int32Array | null,
  bits: Uint8Array | null,
): FseDTable {
  const t = newDTable(log);
  buildDTable(t, norm, norm.length - 1, log, new Uint16Array(64));
  attachCodes(t, base, bits);
  return t;
}

/** Predefined decoding tables (built once; never written after module load). */
export const LL_DEFAULT_DTABLE: FseDTable = /* @__PURE__ */ predefined(
  LL_DEFAULT_NORM,
  LL_DEFAULT_LOG,
  LL_BASE,
  LL_BITS,
);
/** Decoding table of the predefined match length distribution. */
export const ML_DEFAULT_DTABLE: FseDTable = /* @__PURE__ */ predefined(
  ML_DEFAULT_NORM,
  ML_DEFAULT_LOG,
  ML_BASE,
  ML_BITS,
);
/** Decoding table of the predefined offset code distribution. */
export const OF_DEFAULT_DTABLE: FseDTable = /* @__PURE__ */ predefined(
  OF_DEFAULT_NORM,
  OF_DEFAULT_LOG,
  null,
  null,
);

// ---------------------------------------------------------------------------------------------
// Encoding

/**
 * An encoding table: `state` holds encoder states (in `[size, 2*size)`) grouped by symbol;
 * per symbol, `deltaNbBits` and `deltaFind` turn a state into the bits to flush and the next
 * state (the usual tANS encoder transform).
 */
export interface FseCTable {
  /** Accuracy log. */
  log: number;
  /** Highest symbol the table can encode. */
  maxSymbol: number;
  /** Encoder states grouped by symbol. */
  state: Uint16Array;
  /** Per symbol: turns a state into the number of bits to flush (in the high 16 bits). */
  deltaNbBits: Int32Array;
  /** Per symbol: offset of its group in `state`. */
  deltaFind: Int32Array;
  /** Normalized counts the table was built from (for cost estimates and repeat mode). */
  norm: Int16Array;
}

/** Builds an encoding table from normalized counts. */
export function buildCTable(norm: Int16Array, maxSymbol: number, log: number): FseCTable {
  const size = 1 << log;
  const spread = new Uint8Array(size);
  let high = size - 1;
  const cumul = new Int32Array(maxSymbol + 2);
  for (let s = 0; s <= maxSymbol; s++) {
    if (norm[s] === -1) {
      spread[high--] = s;
      cumul[s + 1] = cumul[s] + 1;
    } else {
      cumul[s + 1] = cumul[s] + norm[s];
    }
  }
  const mask = size - 1;
  const step = (size >>> 1) + (size >>> 3) + 3;
  let pos = 0;
  for (let s = 0; s <= maxSymbol; s++) {
    for (let i = 0; i < norm[s]; i++) {
      spread[pos] = s;
      do pos = (pos + step) & mask; while (pos > high);
    }
  }
  const state = new Uint16Array(size);
  const fill = cumul.slice();
  for (let u = 0; u < size; u++) state[fill[spread[u]]++] = size + u;
  const deltaNbBits = new Int32Array(maxSymbol + 1);
  const deltaFind = new Int32Array(maxSymbol + 1);
  for (let s = 0; s <= maxSymbol; s++) {
    const n = norm[s];
    if (n === 0) {
      deltaNbBits[s] = ((log + 1) << 16) - size;
    } else if (n === 1 || n === -1) {
      deltaNbBits[s] = (log << 16) - size;
      deltaFind[s] = cumul[s] - 1;
    } else {
      const maxBitsOut = log - highbit(n - 1);
      deltaNbBits[s] = (maxBitsOut << 16) - (n << maxBitsOut);
      deltaFind[s] = cumul[s] - n;
    }
  }
  return { log, maxSymbol, state, deltaNbBits, deltaFind, norm: norm.slice(0, maxSymbol + 1) };
}

/** Picks an accuracy log for `total` symbols (between 5 and `maxLog`). */
export function optimalLog(maxLog: number, total: number, maxSymbol: number): number {
  let log = maxLog;
  const fromSize = highbit(Math.max(total - 1, 1)) - 2;
  if (fromSize < log) log = fromSize;
  const minBits = Math.min(highbit(Math.max(total, 1)) + 1, highbit(Math.max(maxSymbol, 1)) + 2);
  if (minBits > log) log = minBits;
  if (log < 5) log = 5;
  if (log > maxLog) log = maxLog;
  return log;
}

/**
 * Scales `counts[0..maxSymbol]` (summing to `total`) to a distribution summing to `1 << log`
 * in which every present symbol keeps a probability ≥ 1, by the largest-remainder method.
 * Needs at least two distinct symbols.
 */
export function normalizeCounts(
  counts: Uint32Array,
  maxSymbol: number,
  total: number,
  log: number,
): Int16Array {
  const size = 1 << log;
  const norm = new Int16Array(maxSymbol + 1);
  const frac = new Float64Array(maxSymbol + 1);
  let sum = 0;
  for (let s = 0; s <= maxSymbol; s++) {
    const c = counts[s];
    if (c === 0) continue;
    const exact = (c * size) / total;
    let n = Math.floor(exact);
    if (n < 1) n = 1;
    norm[s] = n;
    frac[s] = exact - n;
    sum += n;
  }
  // Too many slots handed out (symbols rounded up to 1): take from those that lose least.
  while (sum > size) {
    let best = -1, bestLoss = Infinity;
    for (let s = 0; s <= maxSymbol; s++) {
      const n = norm[s];
      if (n <= 1) continue;
      // cost increase of n -> n-1 ≈ count * log2(n / (n-1))
      const loss = counts[s] * Math.log2(n / (n - 1));
      if (loss < bestLoss) {
        bestLoss = loss;
        best = s;
      }
    }
    norm[best]--;
    sum--;
  }
  // Too few: give to those that gain most.
  while (sum < size) {
    let best = -1, bestGain = -Infinity;
    for (let s = 0; s <= maxSymbol; s++) {
      const n = norm[s];
      if (n === 0) continue;
      const gain = counts[s] * Math.log2((n + 1) / n);
      if (gain > bestGain) {
        bestGain = gain;
        best = s;
      }
    }
    norm[best]++;
    sum++;
  }
  return norm;
}

/**
 * Estimated cost in bits of coding `counts` with normalized distribution `norm` (accuracy
 * `log`); `Infinity` when a used symbol has no probability.
 */
export function costBits(counts: Uint32Array, maxSymbol: number, norm: Int16Array, log: number): number {
  let bits = 0;
  for (let s = 0; s <= maxSymbol; s++) {
    const c = counts[s];
    if (c === 0) continue;
    if (s >= norm.length) return Infinity;
    const n = norm[s] === -1 ? 1 : norm[s];
    if (n === 0) return Infinity;
    bits += c * (log - Math.log2(n));
  }
  return bits;
}

/**
 * Backward bit stream writer: bits are appended least-significant first, and the decoder
 * reads them back from the end. Grows its buffer on demand.
 */
export class BitWriter {
  /** Output buffer; `[0, pos)` is written. */
  buf: Uint8Array;
  /** Bytes written. */
  pos: number;
  private acc: number;
  private bits: number;

  /** A writer with `capacity` bytes to start with. */
  constructor(capacity: number) {
    this.buf = new Uint8Array(Math.max(16, capacity));
    this.pos = 0;
    this.acc = 0;
    this.bits = 0;
  }

  /** Forgets all bits. */
  reset(): void {
    this.pos = 0;
    this.acc = 0;
    this.bits = 0;
  }

  /** Appends the low `n` (≤ 24) bits of `v`. */
  add(v: number, n: number): void {
    this.acc |= (v & ((1 << n) - 1)) << this.bits;
    this.bits += n;
    if (this.bits >= 8) this.flush();
  }

  /** Moves whole bytes from the accumulator to the buffer. */
  private flush(): void {
    if (this.pos + 4 > this.buf.length) {
      const next = new Uint8Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    while (this.bits >= 8) {
      this.buf[this.pos++] = this.acc & 0xff;
      this.acc >>>= 8;
      this.bits -= 8;
    }
  }

  /** Appends the end mark and pads to a byte; returns the byte length. */
  close(): number {
    this.add(1, 1);
    if (this.bits > 0) {
      this.bits = 8;
      this.flush();
    }
    return this.pos;
  }
}

/** Starts a stream on `symbol` (emitting nothing), as the reference does, so the decoder's last read is never empty. */
export function initCState(t: FseCTable, symbol: number): number {
  const dnb = t.deltaNbBits[symbol];
  const nbOut = (dnb + (1 << 15)) >> 16;
  const v = (nbOut << 16) - dnb;
  return t.state[(v >> nbOut) + t.deltaFind[symbol]];
}

/** Encodes `symbol` from `state`, writing its bits; returns the next state. */
export function encodeSymbol(w: BitWriter, t: FseCTable, state: number, symbol: number): number {
  const nbOut = (state + t.deltaNbBits[symbol]) >> 16;
  w.add(state, nbOut);
  return t.state[(state >> nbOut) + t.deltaFind[symbol]];
}

/** Writes the final state (the decoder reads it first). */
export function flushCState(w: BitWriter, t: FseCTable, state: number): void {
  w.add(state, t.log);
}
