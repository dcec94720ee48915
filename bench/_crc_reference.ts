/**
 * The in-run CRC reference of the checksum benchmarks: the plain slice-by-16 technique over
 * u32 words, its loop written here (not taken from `src/`) so that a ratio measures
 * streamwire against the technique, whatever the library does.
 *
 * @module
 */

/**
 * Slice-by-16 with table `t` over u32 words of a view made per call, after 0–3 bytes. The
 * table comes from the library's `buildSlice16` (src/wire/_crc_slice16.ts): it is data, not
 * the technique being timed.
 */
export function sliceBy16(t: Int32Array, bytes: Uint8Array): number {
  const n = bytes.length;
  let c = -1, i = 0;
  const head = Math.min(n, (4 - (bytes.byteOffset & 3)) & 3);
  for (; i < head; i++) c = t[(c ^ bytes[i]) & 255] ^ (c >>> 8);
  const words = ((n - i) >>> 4) << 2;
  if (words > 0) {
    const w = new Int32Array(bytes.buffer, bytes.byteOffset + i, words);
    for (let j = 0; j < words; j += 4) {
      const a = w[j] ^ c, x = w[j + 1], y = w[j + 2], z = w[j + 3];
      c = t[0xf00 | (a & 255)] ^ t[0xe00 | ((a >>> 8) & 255)] ^ t[0xd00 | ((a >>> 16) & 255)] ^
        t[0xc00 | (a >>> 24)] ^ t[0xb00 | (x & 255)] ^ t[0xa00 | ((x >>> 8) & 255)] ^
        t[0x900 | ((x >>> 16) & 255)] ^ t[0x800 | (x >>> 24)] ^ t[0x700 | (y & 255)] ^
        t[0x600 | ((y >>> 8) & 255)] ^ t[0x500 | ((y >>> 16) & 255)] ^ t[0x400 | (y >>> 24)] ^
        t[0x300 | (z & 255)] ^ t[0x200 | ((z >>> 8) & 255)] ^ t[0x100 | ((z >>> 16) & 255)] ^ t[z >>> 24];
    }
    i += words << 2;
  }
  for (; i < n; i++) c = t[(c ^ bytes[i]) & 255] ^ (c >>> 8);
  return ~c >>> 0;
}
