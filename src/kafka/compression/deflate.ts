/**
 * RFC 1951 deflate compressor: LZ77 over a 32 KiB window with hash chains (greedy matching
 * at levels 1–3, lazy matching at 4–9, as zlib does), and per block the cheapest of a dynamic
 * Huffman, fixed Huffman or stored encoding.
 *
 * @module
 */

import type { CompressOptions } from "./codec.ts";
import { CLEN_ORDER, DIST_BASE, DIST_EXTRA, LEN_BASE, LEN_EXTRA, reverseBits } from "./_flate_tables.ts";

/** The level used when none (or Kafka's `-1`) is given: zlib's and Java's default, 6. */
export const DEFAULT_DEFLATE_LEVEL = 6;

// Per level: good length (search less once a match this long is held), lazy limit (do not
// look for a better match beyond this), nice length (stop searching at this), chain length,
// and 1 = greedy, 2 = lazy. zlib's table, so levels feel familiar, except level 6 (the
// default): good 4 and chain 64 instead of 8 and 128 walk 45 % fewer chain links and run
// 1.2-1.4× faster on log-like records for 0.3 % more output (still smaller than fflate's
// level 6 there; bench/targets.bench.ts prints both sizes).
const CONFIG: readonly (readonly [number, number, number, number, number])[] = [
  [0, 0, 0, 0, 0],
  [4, 4, 8, 4, 1],
  [4, 5, 16, 8, 1],
  [4, 6, 32, 32, 1],
  [4, 4, 16, 16, 2],
  [8, 16, 32, 32, 2],
  [4, 16, 128, 64, 2],
  [8, 32, 128, 256, 2],
  [32, 128, 258, 1024, 2],
  [32, 258, 258, 4096, 2],
];

const MAX_MATCH = 258;
const MIN_MATCH = 3;
// Lazy mode drops a length-3 match this far back: its code costs about as much as 3 literals.
const TOO_FAR = 4096;
// Symbols per block before it is emitted (zlib's default literal buffer).
const BLOCK_SYMS = 16384;

function makeLenCode(): Uint8Array {
  const t = new Uint8Array(256);
  for (let c = 0; c < 29; c++) {
    const lo = LEN_BASE[c] - 3;
    const hi = c === 28 ? 256 : LEN_BASE[c] - 3 + (1 << LEN_EXTRA[c]);
    for (let l = lo; l < hi && l < 256; l++) t[l] = c;
  }
  // 258 has its own code (28), not the top of code 27's range.
  t[255] = 28;
  return t;
}

function makeDistCode(): Uint8Array {
  // Index (dist - 1) for dist <= 256, else 256 + ((dist - 1) >> 7): codes 16+ start at
  // multiples of 128 (plus one), so the shifted index is exact.
  const t = new Uint8Array(512);
  for (let c = 0; c < 30; c++) {
    const lo = DIST_BASE[c] - 1;
    const hi = lo + (1 << DIST_EXTRA[c]);
    for (let d = lo; d < hi; d++) {
      if (d < 256) t[d] = c;
      else t[256 + (d >>> 7)] = c;
    }
  }
  return t;
}

const LEN_CODE = /* @__PURE__ */ makeLenCode();
const DIST_CODE = /* @__PURE__ */ makeDistCode();

function distCode(dist: number): number {
  const d = dist - 1;
  return d < 256 ? DIST_CODE[d] : DIST_CODE[256 + (d >>> 7)];
}

/**
 * Code lengths (at most `maxBits`) of an optimal prefix code for `freq[0..n)`, into `lens`.
 * Symbols with frequency 0 get length 0, except that at least two symbols always get a code:
 * some inflaters reject a code with a single symbol.
 *
 * @internal Exported for tests; not part of the public API.
 */
export function huffmanLengths(freq: Uint32Array, n: number, maxBits: number, lens: Uint8Array): void {
  lens.fill(0, 0, n);
  const keys = new Uint32Array(n);
  let m = 0;
  for (let s = 0; s < n; s++) if (freq[s] !== 0) keys[m++] = (freq[s] << 9) | s;
  for (let s = 0; m < 2 && s < n; s++) if (freq[s] === 0) keys[m++] = s;
  if (m === 0) return;
  const sorted = keys.subarray(0, m).sort();
  // Moffat–Katajainen in-place code-length computation over the ascending weights.
  const a = new Int32Array(m);
  for (let i = 0; i < m; i++) a[i] = (sorted[i] >>> 9) || 1;
  if (m === 1) {
    a[0] = 1;
  } else {
    a[0] += a[1];
    let root = 0;
    let leaf = 2;
    for (let next = 1; next < m - 1; next++) {
      if (leaf >= m || a[root] < a[leaf]) {
        a[next] = a[root];
        a[root++] = next;
      } else a[next] = a[leaf++];
      if (leaf >= m || (root < next && a[root] < a[leaf])) {
        a[next] += a[root];
        a[root++] = next;
      } else a[next] += a[leaf++];
    }
    a[m - 2] = 0;
    for (let next = m - 3; next >= 0; next--) a[next] = a[a[next]] + 1;
    let avail = 1;
    let used = 0;
    let depth = 0;
    root = m - 2;
    let next = m - 1;
    while (avail > 0) {
      while (root >= 0 && a[root] === depth) {
        used++;
        root--;
      }
      while (avail > used) {
        a[next--] = depth;
        avail--;
      }
      avail = 2 * used;
      depth++;
      used = 0;
    }
  }
  // Limit the depth: fold overlong codes to maxBits, then restore Kraft's equality by
  // splitting the deepest shorter leaf for each surplus unit.
  const count = new Uint32Array(Math.max(maxBits, 32) + 1);
  for (let i = 0; i < m; i++) count[Math.min(a[i], maxBits)]++;
  let total = 0;
  for (let l = 1; l <= maxBits; l++) total += count[l] << (maxBits - l);
  const full = 1 << maxBits;
  while (total > full) {
    count[maxBits]--;
    for (let l = maxBits - 1; l > 0; l--) {
      if (count[l] !== 0) {
        count[l]--;
        count[l + 1] += 2;
        break;
      }
    }
    total--;
  }
  // Least frequent symbols (front of `sorted`) take the longest codes.
  let idx = 0;
  for (let l = maxBits; l > 0; l--) {
    for (let k = count[l]; k > 0; k--) lens[sorted[idx++] & 511] = l;
  }
}

/** Bit-reversed canonical codes for `lens[0..n)`, ready to be written LSB first. */
function canonicalCodes(lens: Uint8Array, n: number, codes: Uint16Array): void {
  const count = new Uint16Array(16);
  for (let s = 0; s < n; s++) count[lens[s]]++;
  count[0] = 0;
  const next = new Uint16Array(16);
  let code = 0;
  for (let l = 1; l <= 15; l++) {
    code = (code + count[l - 1]) << 1;
    next[l] = code;
  }
  for (let s = 0; s < n; s++) {
    const l = lens[s];
    codes[s] = l === 0 ? 0 : reverseBits(next[l]++, l);
  }
}

const FIXED_LIT_LENS = (() => {
  const l = new Uint8Array(288);
  l.fill(8, 0, 144);
  l.fill(9, 144, 256);
  l.fill(7, 256, 280);
  l.fill(8, 280, 288);
  return l;
})();
const FIXED_LIT_CODES = (() => {
  const c = new Uint16Array(288);
  canonicalCodes(FIXED_LIT_LENS, 288, c);
  return c;
})();
const FIXED_DIST_LENS = /* @__PURE__ */ new Uint8Array(30).fill(5);
const FIXED_DIST_CODES = (() => {
  const c = new Uint16Array(30);
  canonicalCodes(FIXED_DIST_LENS, 30, c);
  return c;
})();

/** Compressor state for one call; nothing outlives it. */
class Deflater {
  out: Uint8Array;
  op = 0;
  bitBuf = 0;
  bitCnt = 0;
  readonly data: Uint8Array;
  readonly symLL = new Uint16Array(BLOCK_SYMS);
  readonly symDist = new Uint16Array(BLOCK_SYMS);
  symCount = 0;
  blockStart = 0;
  readonly litFreq = new Uint32Array(286);
  readonly distFreq = new Uint32Array(30);
  readonly litLens = new Uint8Array(286);
  readonly distLens = new Uint8Array(30);
  readonly litCodes = new Uint16Array(286);
  readonly distCodes = new Uint16Array(30);

  constructor(data: Uint8Array, initialOut: Uint8Array, at: number) {
    this.data = data;
    this.out = initialOut;
    this.op = at;
  }

  ensure(n: number): void {
    const need = this.op + n;
    if (need <= this.out.length) return;
    const next = new Uint8Array(Math.max(need, this.out.length * 2));
    next.set(this.out.subarray(0, this.op));
    this.out = next;
  }

  put(value: number, n: number): void {
    let b = this.bitBuf | (value << this.bitCnt);
    let c = this.bitCnt + n;
    const out = this.out;
    while (c >= 8) {
      out[this.op++] = b & 255;
      b >>>= 8;
      c -= 8;
    }
    this.bitBuf = b;
    this.bitCnt = c;
  }

  alignByte(): void {
    if (this.bitCnt > 0) this.out[this.op++] = this.bitBuf & 255;
    this.bitBuf = 0;
    this.bitCnt = 0;
  }

  /** Emits the symbols gathered for input `[blockStart, end)` as one or more blocks. */
  flush(end: number, final: boolean): void {
    const len = end - this.blockStart;
    // Room for the worst choice we would make: stored, 5 bytes per 64 KiB chunk plus slack.
    this.ensure(len + 5 * (Math.floor(len / 65535) + 1) + 320);
    const litFreq = this.litFreq;
    const distFreq = this.distFreq;
    litFreq[256] = 1;
    const litLens = this.litLens;
    const distLens = this.distLens;
    huffmanLengths(litFreq, 286, 15, litLens);
    huffmanLengths(distFreq, 30, 15, distLens);
    let hlit = 286;
    while (hlit > 257 && litLens[hlit - 1] === 0) hlit--;
    let hdist = 30;
    while (hdist > 1 && distLens[hdist - 1] === 0) hdist--;

    // Run-length code the code lengths (symbols 16/17/18) and count the code-length symbols.
    const total = hlit + hdist;
    const all = new Uint8Array(total);
    all.set(litLens.subarray(0, hlit), 0);
    all.set(distLens.subarray(0, hdist), hlit);
    const clSym = new Uint8Array(total);
    const clExtra = new Uint8Array(total);
    const clFreq = new Uint32Array(19);
    let nc = 0;
    for (let i = 0; i < total;) {
      const v = all[i];
      let run = 1;
      while (i + run < total && all[i + run] === v) run++;
      i += run;
      if (v === 0) {
        while (run >= 11) {
          const r = Math.min(run, 138);
          clSym[nc] = 18;
          clExtra[nc++] = r - 11;
          run -= r;
        }
        if (run >= 3) {
          clSym[nc] = 17;
          clExtra[nc++] = run - 3;
          run = 0;
        }
      } else {
        clSym[nc++] = v;
        run--;
        while (run >= 3) {
          const r = Math.min(run, 6);
          clSym[nc] = 16;
          clExtra[nc++] = r - 3;
          run -= r;
        }
      }
      while (run-- > 0) clSym[nc++] = v;
    }
    for (let i = 0; i < nc; i++) clFreq[clSym[i]]++;
    const clLens = new Uint8Array(19);
    huffmanLengths(clFreq, 19, 7, clLens);
    let hclen = 19;
    while (hclen > 4 && clLens[CLEN_ORDER[hclen - 1]] === 0) hclen--;

    // Bit costs of the three encodings of this block.
    let extraBits = 0;
    for (let c = 0; c < 29; c++) extraBits += litFreq[257 + c] * LEN_EXTRA[c];
    for (let c = 0; c < 30; c++) extraBits += distFreq[c] * DIST_EXTRA[c];
    let dynBits = 3 + 14 + 3 * hclen + extraBits;
    for (let i = 0; i < 19; i++) dynBits += clFreq[i] * clLens[i];
    dynBits += clFreq[16] * 2 + clFreq[17] * 3 + clFreq[18] * 7;
    let fixedBits = 3 + extraBits;
    for (let s = 0; s < 286; s++) {
      dynBits += litFreq[s] * litLens[s];
      fixedBits += litFreq[s] * FIXED_LIT_LENS[s];
    }
    for (let s = 0; s < 30; s++) {
      dynBits += distFreq[s] * distLens[s];
      fixedBits += distFreq[s] * 5;
    }
    const chunks = Math.max(1, Math.ceil(len / 65535));
    const storedBits = chunks * 40 + 8 + len * 8;

    if (storedBits <= dynBits && storedBits <= fixedBits) {
      this.writeStored(this.blockStart, end, final);
    } else if (fixedBits <= dynBits) {
      this.put(final ? 3 : 2, 3);
      this.writeSymbols(FIXED_LIT_CODES, FIXED_LIT_LENS, FIXED_DIST_CODES, FIXED_DIST_LENS);
    } else {
      this.put(final ? 5 : 4, 3);
      this.put((hlit - 257) | ((hdist - 1) << 5) | ((hclen - 4) << 10), 14);
      for (let i = 0; i < hclen; i++) this.put(clLens[CLEN_ORDER[i]], 3);
      const clCodes = new Uint16Array(19);
      canonicalCodes(clLens, 19, clCodes);
      for (let i = 0; i < nc; i++) {
        const s = clSym[i];
        this.put(clCodes[s], clLens[s]);
        if (s === 16) this.put(clExtra[i], 2);
        else if (s === 17) this.put(clExtra[i], 3);
        else if (s === 18) this.put(clExtra[i], 7);
      }
      canonicalCodes(litLens, 286, this.litCodes);
      canonicalCodes(distLens, 30, this.distCodes);
      this.writeSymbols(this.litCodes, litLens, this.distCodes, distLens);
    }
    this.symCount = 0;
    this.blockStart = end;
    litFreq.fill(0);
    distFreq.fill(0);
  }

  writeStored(start: number, end: number, final: boolean): void {
    let p = start;
    do {
      const n = Math.min(65535, end - p);
      const last = p + n === end;
      this.put(final && last ? 1 : 0, 3);
      this.alignByte();
      const out = this.out;
      let o = this.op;
      out[o++] = n & 255;
      out[o++] = n >>> 8;
      out[o++] = ~n & 255;
      out[o++] = (~n >>> 8) & 255;
      out.set(this.data.subarray(p, p + n), o);
      this.op = o + n;
      p += n;
    } while (p < end);
  }

  writeSymbols(lc: Uint16Array, ll: Uint8Array, dc: Uint16Array, dl: Uint8Array): void {
    const symLL = this.symLL;
    const symDist = this.symDist;
    const n = this.symCount;
    const out = this.out;
    let op = this.op;
    let b = this.bitBuf;
    let c = this.bitCnt;
    for (let i = 0; i < n; i++) {
      const s = symLL[i];
      if (s < 256) {
        b |= lc[s] << c;
        c += ll[s];
      } else {
        const len = s - 256;
        const code = LEN_CODE[len];
        const sym = 257 + code;
        b |= lc[sym] << c;
        c += ll[sym];
        const xb = LEN_EXTRA[code];
        if (xb !== 0) {
          b |= (len + 3 - LEN_BASE[code]) << c;
          c += xb;
        }
        while (c >= 8) {
          out[op++] = b & 255;
          b >>>= 8;
          c -= 8;
        }
        const dist = symDist[i];
        const dcode = distCode(dist);
        b |= dc[dcode] << c;
        c += dl[dcode];
        const dxb = DIST_EXTRA[dcode];
        if (dxb !== 0) {
          while (c >= 8) {
            out[op++] = b & 255;
            b >>>= 8;
            c -= 8;
          }
          b |= (dist - DIST_BASE[dcode]) << c;
          c += dxb;
        }
      }
      while (c >= 8) {
        out[op++] = b & 255;
        b >>>= 8;
        c -= 8;
      }
    }
    // End of block.
    b |= lc[256] << c;
    c += ll[256];
    while (c >= 8) {
      out[op++] = b & 255;
      b >>>= 8;
      c -= 8;
    }
    this.op = op;
    this.bitBuf = b;
    this.bitCnt = c;
  }
}

/**
 * Length and distance of the longest match for `pos` on the hash chain starting at `cand`,
 * packed as `len + dist * 512`; `len` is at most `best` (0 dist) if nothing longer exists.
 * `pos + 4 <= d.length` (the caller hashes four bytes there) and `best >= 2`.
 *
 * Bytes are compared four at a time through `dv` (int32 loads: an unsigned load would make
 * V8 11 carry the value as a float64), and the first differing byte of a word is found from
 * its lowest set bit.
 */
function longestMatch(
  d: Uint8Array,
  dv: DataView,
  prev: Int32Array,
  wmask: number,
  pos: number,
  cand: number,
  best: number,
  maxLen: number,
  chain: number,
  nice: number,
): number {
  let bestDist = 0;
  const limit = pos > wmask ? pos - wmask : 0;
  if (nice > maxLen) nice = maxLen;
  // A candidate must agree at the two bytes that end the best match so far, and at the four
  // that start it, before it is compared further: most candidates fail that test. (A match
  // must then be 4 bytes long; the chains link positions whose first 4 bytes hash alike, so
  // the 3-byte matches this forgoes are rare.)
  let scanEnd = dv.getInt16(pos + best - 1, true);
  const head4 = dv.getInt32(pos, true);
  const stop = pos + maxLen;
  while (cand >= limit) {
    if (dv.getInt16(cand + best - 1, true) === scanEnd && dv.getInt32(cand, true) === head4) {
      let s = pos + 4;
      let m = cand + 4;
      for (;;) {
        if (s + 4 > stop) {
          while (s < stop && d[s] === d[m]) {
            s++;
            m++;
          }
          break;
        }
        const x = dv.getInt32(s, true) ^ dv.getInt32(m, true);
        if (x !== 0) {
          s += (31 - Math.clz32(x & -x)) >> 3;
          break;
        }
        s += 4;
        m += 4;
      }
      const l = s - pos;
      if (l > best) {
        best = l;
        bestDist = pos - cand;
        if (l >= nice) break;
        scanEnd = dv.getInt16(pos + best - 1, true);
      }
    }
    if (--chain === 0) break;
    cand = prev[cand & wmask] - 1;
  }
  return best + bestDist * 512;
}

/**
 * Deflates `data` into `out` starting at `at` (growing it as needed) and returns the buffer
 * and the end offset.
 *
 * @internal Used by gzip.ts; not part of the public API.
 */
export function deflateInto(
  data: Uint8Array,
  level: number,
  out: Uint8Array,
  at: number,
): { out: Uint8Array; end: number } {
  const n = data.length;
  const z = new Deflater(data, out, at);
  if (level === 0 || n < MIN_MATCH + 1) {
    if (level === 0) {
      z.ensure(n + 5 * (Math.floor(n / 65535) + 1) + 8);
      z.writeStored(0, n, true);
    } else {
      for (let i = 0; i < n; i++) {
        z.symLL[z.symCount++] = data[i];
        z.litFreq[data[i]]++;
      }
      z.flush(n, true);
    }
    z.alignByte();
    return { out: z.out, end: z.op };
  }
  const [good, maxLazy, nice, maxChain, mode] = CONFIG[level];
  let hashBits = 8;
  while (hashBits < 15 && 1 << hashBits < n) hashBits++;
  // Chains hold positions with equal 4-byte prefixes (hashed), not 3-byte ones: the capped
  // chain budget is then spent on candidates that can beat a literal, which finds longer
  // matches (about 5% smaller output on text at level 1) at the cost of some 3-byte matches.
  const hashShift = 32 - hashBits;
  let wsize = 256;
  while (wsize < 32768 && wsize < n) wsize <<= 1;
  const wmask = wsize - 1;
  // Positions are stored plus one so the zero-filled arrays mean "empty".
  const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const head = new Int32Array(1 << hashBits);
  const prev = new Int32Array(wsize);
  const symLL = z.symLL;
  const symDist = z.symDist;
  const litFreq = z.litFreq;
  const distFreq = z.distFreq;
  const lastHash = n - 4; // last position with four bytes to hash
  let pos = 0;
  let sc = 0;

  if (mode === 1) {
    while (pos < n) {
      let match = 0;
      if (pos <= lastHash) {
        const h = Math.imul(
          dv.getInt32(pos, true),
          0x9e3779b1,
        ) >>> hashShift;
        const cand = head[h] - 1;
        prev[pos & wmask] = head[h];
        head[h] = pos + 1;
        if (cand >= 0 && pos - cand <= wmask) {
          match = longestMatch(
            data,
            dv,
            prev,
            wmask,
            pos,
            cand,
            MIN_MATCH - 1,
            Math.min(MAX_MATCH, n - pos),
            maxChain,
            nice,
          );
        }
      }
      const len = match & 511;
      if (len >= MIN_MATCH) {
        const dist = match >>> 9;
        symLL[sc] = 256 + len - MIN_MATCH;
        symDist[sc++] = dist;
        litFreq[257 + LEN_CODE[len - MIN_MATCH]]++;
        distFreq[distCode(dist)]++;
        const stop = pos + len;
        if (len <= maxLazy) {
          for (pos++; pos < stop; pos++) {
            if (pos > lastHash) continue;
            const h = Math.imul(
              dv.getInt32(pos, true),
              0x9e3779b1,
            ) >>> hashShift;
            prev[pos & wmask] = head[h];
            head[h] = pos + 1;
          }
        }
        pos = stop;
      } else {
        symLL[sc++] = data[pos];
        litFreq[data[pos]]++;
        pos++;
      }
      if (sc === BLOCK_SYMS) {
        z.symCount = sc;
        z.flush(pos, false);
        sc = 0;
      }
    }
  } else {
    let prevLen = MIN_MATCH - 1;
    let prevDist = 0;
    let pending = false;
    while (pos < n) {
      let curLen = MIN_MATCH - 1;
      let curDist = 0;
      if (pos <= lastHash) {
        const h = Math.imul(
          dv.getInt32(pos, true),
          0x9e3779b1,
        ) >>> hashShift;
        const cand = head[h] - 1;
        prev[pos & wmask] = head[h];
        head[h] = pos + 1;
        if (cand >= 0 && pos - cand <= wmask && prevLen < maxLazy) {
          const chain = prevLen >= good ? maxChain >>> 2 : maxChain;
          const maxLen = Math.min(MAX_MATCH, n - pos);
          if (prevLen < maxLen) {
            const m = longestMatch(data, dv, prev, wmask, pos, cand, prevLen, maxLen, chain, nice);
            const l = m & 511;
            if (l > prevLen) {
              curLen = l;
              curDist = m >>> 9;
              if (curLen === MIN_MATCH && curDist > TOO_FAR) curLen = MIN_MATCH - 1;
            }
          }
        }
      }
      if (prevLen >= MIN_MATCH && curLen <= prevLen) {
        // The match found at pos - 1 wins: emit it and hash the positions it covers.
        symLL[sc] = 256 + prevLen - MIN_MATCH;
        symDist[sc++] = prevDist;
        litFreq[257 + LEN_CODE[prevLen - MIN_MATCH]]++;
        distFreq[distCode(prevDist)]++;
        const stop = pos - 1 + prevLen;
        for (pos++; pos < stop; pos++) {
          if (pos > lastHash) continue;
          const h = Math.imul(
            dv.getInt32(pos, true),
            0x9e3779b1,
          ) >>> hashShift;
          prev[pos & wmask] = head[h];
          head[h] = pos + 1;
        }
        pos = stop;
        pending = false;
        prevLen = MIN_MATCH - 1;
        if (sc === BLOCK_SYMS) {
          z.symCount = sc;
          z.flush(pos, false);
          sc = 0;
        }
        continue;
      }
      if (pending) {
        const b = data[pos - 1];
        symLL[sc++] = b;
        litFreq[b]++;
        if (sc === BLOCK_SYMS) {
          z.symCount = sc;
          z.flush(pos, false);
          sc = 0;
        }
      }
      pending = true;
      prevLen = curLen;
      prevDist = curDist;
      pos++;
    }
    if (pending) {
      const b = data[pos - 1];
      symLL[sc++] = b;
      litFreq[b]++;
    }
  }
  z.symCount = sc;
  z.flush(n, true);
  z.alignByte();
  return { out: z.out, end: z.op };
}

/** `level` clamped to 0..9, with `undefined` and Kafka's `-1` meaning the default (6). */
export function resolveDeflateLevel(level: number | undefined): number {
  if (level === undefined || level === -1 || Number.isNaN(level)) return DEFAULT_DEFLATE_LEVEL;
  return Math.max(0, Math.min(9, Math.trunc(level)));
}

/**
 * Compresses `data` as a raw RFC 1951 deflate stream. `level` 0 stores, 1–3 match greedily,
 * 4–9 match lazily with longer searches; default {@linkcode DEFAULT_DEFLATE_LEVEL}.
 *
 * @example
 * ```ts
 * import { deflateRaw } from "./deflate.ts";
 * import { inflateRaw } from "./inflate.ts";
 * const text = new TextEncoder().encode("abc abc abc abc abc abc");
 * const packed = deflateRaw(text, { level: 9 });
 * console.log(packed.length < text.length, inflateRaw(packed).length); // true 23
 * ```
 */
export function deflateRaw(data: Uint8Array, options?: CompressOptions): Uint8Array {
  const level = resolveDeflateLevel(options?.level);
  const { out, end } = deflateInto(data, level, new Uint8Array((data.length >>> 1) + 64), 0);
  return out.slice(0, end);
}
