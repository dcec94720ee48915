/**
 * Private: upper bounds on the decompressed size of a whole input, from a walk over its frame
 * and block headers only (no decoding). They let a decompressor allocate its output once
 * instead of growing it, for the streams Kafka writes: lz4 frames and zstd frames without a
 * content size, and xerial snappy streams of many blocks.
 *
 * Each bound is a true upper bound of what the decoder will accept (it counts a compressed
 * block as the most the decoder lets that block produce), so the output never needs to grow
 * past it; it is tight for the usual encoders, which fill every block but the last. On any
 * header the walk does not understand it returns -1 and the decoder, which checks everything,
 * grows its output instead and reports the error.
 *
 * @module
 */

function le32(s: Uint8Array, p: number): number {
  return (s[p] | (s[p + 1] << 8) | (s[p + 2] << 16) | (s[p + 3] << 24)) >>> 0;
}

function be32(s: Uint8Array, p: number): number {
  return ((s[p] << 24) | (s[p + 1] << 16) | (s[p + 2] << 8) | s[p + 3]) >>> 0;
}

/**
 * Most output `n` bytes of snappy block elements can produce: a 3-byte copy element yields 64
 * bytes, so a block length above this is a lie whatever the elements say.
 */
export function snappyBlockMax(n: number): number {
  return Math.ceil((n * 64) / 3);
}

/**
 * The exact decompressed size of a xerial snappy stream: the sum of its blocks' length
 * varints, each checked against what the rest of its block can produce (-1 when one claims
 * more, so the decoder reports the block before anything is allocated for it).
 */
export function xerialSize(data: Uint8Array): number {
  const end = data.length;
  let total = 0;
  let p = 16;
  while (p < end) {
    if (p + 4 > end) return -1;
    const clen = be32(data, p);
    p += 4;
    if (clen > end - p) return -1;
    let v = 0;
    let q = p;
    for (let shift = 0;; shift += 7) {
      if (q >= p + clen || shift > 28) return -1;
      const b = data[q++];
      v += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) break;
    }
    if (v > snappyBlockMax(p + clen - q)) return -1;
    total += v;
    p += clen;
  }
  return total;
}

/**
 * An upper bound on the content of the lz4 frames (and skippable frames) in `data`;
 * `blockMax` is the decoder's table of block maximum sizes by descriptor code.
 */
export function lz4SizeBound(data: Uint8Array, blockMax: readonly number[]): number {
  const end = data.length;
  let total = 0;
  let p = 0;
  while (p + 4 <= end) {
    const magic = le32(data, p);
    if ((magic & 0xfffffff0) === 0x184d2a50) {
      if (p + 8 > end) return -1;
      p += 8 + le32(data, p + 4);
      continue;
    }
    if (magic !== 0x184d2204) return total > 0 || p > 0 ? total : -1;
    if (p + 7 > end) return -1;
    const flg = data[p + 4];
    const maxBlock = blockMax[(data[p + 5] >>> 4) & 7];
    if (maxBlock === 0) return -1;
    const blockChecksum = (flg & 0x10) !== 0 ? 4 : 0;
    p += 4 + 2 + ((flg & 0x08) !== 0 ? 8 : 0) + 1;
    for (;;) {
      if (p + 4 > end) return -1;
      const word = le32(data, p);
      p += 4;
      if (word === 0) break;
      const size = word & 0x7fffffff;
      // As the decoder bounds a compressed block: each sequence byte adds at most 255 bytes.
      total += (word & 0x80000000) !== 0 ? size : Math.min(maxBlock, size * 255 + 64);
      p += size + blockChecksum;
    }
    if ((flg & 0x04) !== 0) p += 4;
  }
  return p === end ? total : -1;
}

/**
 * An upper bound on the content of the zstd frames (and skippable frames) in `data`;
 * `maxBlock` is the largest block content the format allows (128 KiB).
 */
export function zstdSizeBound(data: Uint8Array, maxBlock: number): number {
  const end = data.length;
  let total = 0;
  let p = 0;
  while (p < end) {
    if (p + 4 > end) return -1;
    const magic = le32(data, p);
    if (magic >= 0x184d2a50 && magic <= 0x184d2a5f) {
      if (p + 8 > end) return -1;
      p += 8 + le32(data, p + 4);
      continue;
    }
    if (magic !== 0xfd2fb528 || p + 5 > end) return -1;
    const fhd = data[p + 4];
    p += 5;
    const fcsFlag = fhd >> 6;
    const single = (fhd >> 5) & 1;
    const didSize = [0, 1, 2, 4][fhd & 3];
    const fcsSize = fcsFlag === 0 ? single : [0, 2, 4, 8][fcsFlag];
    let window = 0;
    if (!single) {
      if (p >= end) return -1;
      const wd = data[p++];
      const base = 2 ** (10 + (wd >> 3));
      window = base + (base / 8) * (wd & 7);
    }
    p += didSize;
    let fcs = -1;
    if (fcsSize > 0) {
      if (p + fcsSize > end) return -1;
      fcs = 0;
      for (let i = fcsSize - 1; i >= 0; i--) fcs = fcs * 256 + data[p + i];
      if (fcsSize === 2) fcs += 256;
      p += fcsSize;
    }
    if (single) window = fcs;
    const blockMax = Math.min(window, maxBlock);
    let frame = 0;
    for (;;) {
      if (p + 3 > end) return -1;
      const bh = data[p] | (data[p + 1] << 8) | (data[p + 2] << 16);
      p += 3;
      const type = (bh >> 1) & 3;
      const size = bh >>> 3;
      if (type === 0) {
        frame += size;
        p += size;
      } else if (type === 1) {
        frame += size;
        p += 1;
      } else {
        frame += blockMax;
        p += size;
      }
      if (bh & 1) break;
    }
    if ((fhd & 0x04) !== 0) p += 4;
    total += fcs >= 0 ? Math.min(fcs, frame) : frame;
  }
  return p === end ? total : -1;
}
