// Compresses one file with streamwire's zstd encoder, for tools/kat/zstd_fixtures.py:
//   deno run --allow-read --allow-write tools/kat/zstd_encode.ts <level> <input> <output>
import { readFileSync, writeFileSync } from "node:fs";
import { zstdCompress } from "../../src/kafka/compression/zstd_compress.ts";
import { parseArgs } from "../../conformance/lib/args.ts";

const [level, input, output] = parseArgs({
  usage: "deno run --allow-read --allow-write tools/kat/zstd_encode.ts <level> <input> <output>",
  summary: "Compresses one file with streamwire's zstd encoder (for tools/kat/zstd_fixtures.py).",
  flags: {},
  positionals: { help: "<level> <input> <output>", min: 3, max: 3 },
}).positionals;
writeFileSync(output, zstdCompress(new Uint8Array(readFileSync(input)), { level: Number(level) }));
