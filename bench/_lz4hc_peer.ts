/**
 * liblz4's high-compression encoder as an in-process peer: `lz4-asm` (npm, pinned dev
 * dependency) is the C LZ4 frame library compiled to WebAssembly, the only npm package found
 * that exposes LZ4 HC levels without a native add-on (`lz4-wasm` / `lz4-wasm-nodejs` wrap
 * lz4_flex, fast level only; `@foxglove/wasm-lz4` and `@lichtblick/wasm-lz4` only decompress).
 *
 * Its JavaScript glue (0.4.2) passes the 64-bit `contentSize` argument of
 * `LZ4JS_createCompressionContext` as one value while the WebAssembly export takes it as two
 * 32-bit halves, so every later argument lands one slot late: the documented
 * `compressionLevel` becomes the block-checksum flag, `autoFlush` the compression level,
 * `favorDecSpeed` autoFlush. {@linkcode loadLz4Hc} fills the slots so that the C side receives
 * (level, autoFlush 0, favorDecSpeed 0), and checks it: the frames must decode, get smaller from
 * level 1 to level 9, and carry no block checksums. With that, its output sizes match the `lz4`
 * 1.9.4 command line (`lz4 -9 -B4 -BI`) to the byte, less the 8-byte content size it stores.
 *
 * @module
 */

import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { lz4Decompress } from "../src/kafka/compression/lz4.ts";

/**
 * The family prefix of the cases that use this peer: bench/report.ts runs them in processes of
 * their own, where its 32 MiB memory cannot disturb the other cases (see bench/targets.bench.ts).
 */
export const LZ4HC = "lz4 level 9 compress";

/** `compress(data, level)`: one LZ4 frame, independent 64 KiB blocks, liblz4 at `level`. */
export type Lz4Hc = { name: string; compress: (data: Uint8Array, level: number) => Uint8Array };

/** Loads lz4-asm, or returns undefined (with a note) when it is not installed. */
export async function loadLz4Hc(): Promise<Lz4Hc | undefined> {
  let lz4js: any;
  try {
    const require = createRequire(import.meta.url);
    const init = require("lz4-asm");
    const wasmBinary = readFileSync(require.resolve("lz4-asm/dist/_lz4.wasm"));
    lz4js = (await init({ wasmBinary })).lz4js;
  } catch (e) {
    console.log(`  (peer lz4-asm not available: ${(e as Error).message.split("\n")[0]})`);
    return undefined;
  }
  const compress = (data: Uint8Array, level: number): Uint8Array =>
    lz4js.compress(data, {
      frameInfo: { blockSizeID: 4, blockMode: 1, dictID: 0, blockChecksumFlag: 0 },
      // Shifted one slot (see above): these reach C as blockChecksumFlag, compressionLevel, autoFlush.
      preferences: { compressionLevel: 0, autoFlush: level, favorDecSpeed: 0 },
    });
  const probe = new TextEncoder().encode("the level check the level check of lz4-asm ".repeat(500) + "end");
  const sizes = [1, 9].map((level) => {
    const frame = compress(probe, level);
    if ((frame[4] & 0x10) !== 0) throw new Error("lz4-asm: block checksums set, the argument shift changed");
    const back = lz4Decompress(frame);
    if (back.length !== probe.length || !back.every((v, i) => v === probe[i])) {
      throw new Error("lz4-asm: round trip differs");
    }
    return frame.length;
  });
  if (!(sizes[1] < sizes[0])) {
    throw new Error(`lz4-asm: level 9 (${sizes[1]} B) not below level 1 (${sizes[0]} B)`);
  }
  return { name: "lz4-asm 0.4.2 (liblz4 HC, WASM)", compress };
}
