/**
 * Test-only twin of `kat_input` in tools/kat/compression_kat.py: the inputs of the known-answer
 * fixtures, rebuilt from (kind, size) so only compressed bytes are stored.
 *
 * @module
 */

const WORDS = [
  "kafka",
  "record",
  "batch",
  "offset",
  "topic",
  "partition",
  "producer",
  "consumer",
  "the",
  "a",
  "of",
  "and",
  "value",
  "key",
  "header",
  "gzip",
  "snappy",
  "lz4",
  "zstd",
  "\n",
];
const LINES = [
  '{"level":"INFO","service":"checkout","msg":"order placed","items":3}\n',
  '{"level":"INFO","service":"payments","msg":"payment captured","amount":12.5}\n',
  '{"level":"WARN","service":"inventory","msg":"stock low","sku":"A-1001"}\n',
  '{"level":"ERROR","service":"shipping","msg":"carrier timeout","retry":true}\n',
  '{"level":"DEBUG","service":"auth","msg":"token refreshed","ttl":3600}\n',
  '{"level":"INFO","service":"search","msg":"query served","hits":42}\n',
  '{"level":"INFO","service":"catalog","msg":"product updated","id":77}\n',
  '{"level":"WARN","service":"billing","msg":"invoice overdue","days":5}\n',
];

/** The fixture input of `kind` and `size` (glibc LCG constants, 31-bit state). */
export function katInput(kind: "text" | "lines" | "random" | "zeros", size: number, seed = 1): Uint8Array {
  const out = new Uint8Array(size);
  if (kind === "zeros") return out;
  const enc = new TextEncoder();
  let x = seed;
  let at = 0;
  while (at < size) {
    x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
    if (kind === "random") {
      out[at++] = (x >>> 16) & 0xff;
      continue;
    }
    let piece: string;
    if (kind === "text") {
      const w = WORDS[(x >>> 16) % WORDS.length];
      piece = w === "\n" ? w : w + " ";
    } else {
      piece = LINES[(x >>> 16) % LINES.length];
    }
    const b = enc.encode(piece);
    const n = Math.min(b.length, size - at);
    out.set(b.subarray(0, n), at);
    at += n;
  }
  return out;
}
