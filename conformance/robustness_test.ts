/**
 * Systematic count/length inflation over the vectors (robustness plan C3, F8, F9): in the first
 * valid vectors of every file, every 4-byte window in the first 64 bytes is overwritten with
 * 10^8 in both byte orders, and every single byte with 0xff. Each decode must end in a value or a
 * WireError, quickly, and the whole run must not grow the heap by more than it could by
 * decoding the inputs themselves — a decoder that allocates for a count before checking it
 * against the remaining bytes shows up here as hundreds of MiB.
 */

import { test } from "node:test";
import assert from "node:assert/strict";
import process from "node:process";
import { adapters } from "./adapters/mod.ts";
import { isWireError } from "../src/wire/error.ts";
import { toHex } from "../src/wire/hex.ts";
import { loadManifest, loadVectorFile, testBytes, vectorsDir } from "./lib/files.ts";

const PER_FILE = 2;
const WINDOW = 64;
const SLOW_MS = 50;

test("inflated counts and lengths end in a value or a WireError, fast, without big allocations", () => {
  const dir = vectorsDir();
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let decodes = 0;
  let rejected = 0;
  let maxMs = 0;
  const problems: string[] = [];
  for (const entry of loadManifest(dir).files) {
    const file = loadVectorFile(entry.path, dir);
    const adapter = adapters[file.protocol]?.[file.message];
    if (!adapter) continue;
    let taken = 0;
    for (const group of file.testGroups) {
      for (const t of group.tests) {
        if (taken >= PER_FILE || t.result !== "valid" || t.op === "encode") continue;
        const bytes = testBytes(t, dir);
        if (!bytes || bytes.length < 4) continue;
        taken++;
        const ctx = { file, group, test: t };
        const variants: Uint8Array[] = [];
        for (let i = 0; i + 4 <= Math.min(bytes.length, WINDOW); i++) {
          for (const pattern of [[0x05, 0xf5, 0xe1, 0x00], [0x00, 0xe1, 0xf5, 0x05]]) {
            const v = bytes.slice();
            v.set(pattern, i);
            variants.push(v);
          }
          const ff = bytes.slice();
          ff[i] = 0xff;
          variants.push(ff);
        }
        for (const v of variants) {
          decodes++;
          const t0 = performance.now();
          try {
            adapter.decode(v, ctx);
          } catch (e) {
            if (!isWireError(e)) {
              problems.push(
                `${entry.path}#${t.name}: ${(e as Error)?.name} ${(e as Error)?.message} on ${
                  toHex(v.subarray(0, 48))
                }`,
              );
            } else rejected++;
          }
          const ms = performance.now() - t0;
          if (ms > maxMs) maxMs = ms;
          if (ms > SLOW_MS) {
            const t1 = performance.now();
            try {
              adapter.decode(v, ctx);
            } catch { /* judged above */ }
            const again = performance.now() - t1;
            if (again > SLOW_MS) {
              problems.push(`${entry.path}#${t.name}: ${again.toFixed(1)} ms on ${toHex(v.subarray(0, 48))}`);
            }
          }
        }
      }
    }
  }
  gc?.();
  const grownMiB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  console.log(
    `robustness: ${decodes} inflated inputs, ${rejected} rejected with WireError, slowest ${
      maxMs.toFixed(1)
    } ms, heap ${grownMiB.toFixed(1)} MiB`,
  );
  assert.deepEqual(problems.slice(0, 20), []);
  // Without a forced GC the figure includes garbage; 256 MiB is far below what one unchecked
  // 10^8-element allocation costs (~800 MiB) and far above what the decodes legitimately keep.
  assert.ok(grownMiB < 256, `heap grew ${grownMiB.toFixed(1)} MiB`);
});
