/**
 * Half of `compression_kat.py verify`: compresses every `<dir>/*.in` with streamwire's codecs so
 * the reference implementations can decode the results.
 *
 * Usage: deno run --allow-read --allow-write tools/kat/compression_encode.ts <dir>
 *
 * @module
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { gzip } from "../../src/kafka/compression/gzip.ts";
import { lz4Compress } from "../../src/kafka/compression/lz4.ts";
import { snappyCompress } from "../../src/kafka/compression/snappy.ts";
import { parseArgs } from "../../conformance/lib/args.ts";

const [dir] = parseArgs({
  usage: "deno run --allow-read --allow-write tools/kat/compression_encode.ts <dir>",
  summary: "Compresses every <dir>/*.in with streamwire's codecs, for compression_kat.py verify.",
  flags: {},
  positionals: { help: "<dir>", min: 1, max: 1 },
}).positionals;
for (const name of readdirSync(dir)) {
  if (!name.endsWith(".in")) continue;
  const base = `${dir}/${name.slice(0, -3)}`;
  const data = new Uint8Array(readFileSync(`${dir}/${name}`));
  const outputs: Record<string, Uint8Array> = {
    "snappy-raw": snappyCompress(data, { framing: "raw" }),
    "snappy-xerial": snappyCompress(data),
    "lz4-l1": lz4Compress(data),
    "lz4-l9": lz4Compress(data, { level: 9 }),
    "lz4-cc": lz4Compress(data, { contentChecksum: true }),
    "lz4-legacy": lz4Compress(data, { legacyHeaderChecksum: true }),
    "gzip": gzip(data),
  };
  for (const [suffix, bytes] of Object.entries(outputs)) writeFileSync(`${base}.${suffix}.bin`, bytes);
}
