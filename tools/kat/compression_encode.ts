/**
 * Half of `compression_kat.py verify`: compresses every `<dir>/*.in` with streamwire's codecs so
 * the reference implementations can decode the results.
 *
 * Usage: deno run --allow-read --allow-write tools/kat/compression_encode.ts <dir>
 *
 * @module
 */
import { gzip } from "../../src/kafka/compression/gzip.ts";
import { lz4Compress } from "../../src/kafka/compression/lz4.ts";
import { snappyCompress } from "../../src/kafka/compression/snappy.ts";

const dir = Deno.args[0];
for (const entry of Deno.readDirSync(dir)) {
  if (!entry.name.endsWith(".in")) continue;
  const base = `${dir}/${entry.name.slice(0, -3)}`;
  const data = Deno.readFileSync(`${dir}/${entry.name}`);
  const outputs: Record<string, Uint8Array> = {
    "snappy-raw": snappyCompress(data, { framing: "raw" }),
    "snappy-xerial": snappyCompress(data),
    "lz4-l1": lz4Compress(data),
    "lz4-l9": lz4Compress(data, { level: 9 }),
    "lz4-cc": lz4Compress(data, { contentChecksum: true }),
    "lz4-legacy": lz4Compress(data, { legacyHeaderChecksum: true }),
    "gzip": gzip(data),
  };
  for (const [suffix, bytes] of Object.entries(outputs)) Deno.writeFileSync(`${base}.${suffix}.bin`, bytes);
}
