// Compresses one file with streamwire's zstd encoder, for tools/kat/zstd_fixtures.py:
//   deno run --allow-read --allow-write tools/kat/zstd_encode.ts <level> <input> <output>
import { readFileSync, writeFileSync } from "node:fs";
import { zstdCompress } from "../../src/kafka/compression/zstd_compress.ts";

const [level, input, output] = process.argv.slice(2);
writeFileSync(output, zstdCompress(new Uint8Array(readFileSync(input)), { level: Number(level) }));
