/**
 * Heap allocated per 1000-record Kafka decode (numbers only, CRC verified; the workload of
 * targets.bench.ts), on V8: a full GC, a re-warm (or not: see the loop), then 100 decodes and
 * the growth of `heapUsed`, with a young generation large enough that no GC runs inside a
 * round. Reported as median
 * (min–max) over rounds, per decode. Needs `--expose-gc`:
 * `deno run -A --v8-flags=--expose-gc,--max-semi-space-size=256 bench/alloc.ts` or (bundled)
 * `node --expose-gc --max-semi-space-size=256 …`; `deno task bench:report` runs both.
 *
 * @module
 */

import process from "node:process";
import { appendFileSync } from "node:fs";
import { decodeRecordBatch } from "../src/kafka/records/batch.ts";
import { encodeRecordBatch } from "../src/kafka/records/encode.ts";
import { median } from "./_rounds.ts";
import { detectRuntime } from "../conformance/lib/runtime.ts";

const gc = (globalThis as any).gc as (() => void) | undefined;
if (!gc) throw new Error("run with --expose-gc (see the module doc)");
const N = 1000, T0 = 1732912345000;
const records = Array.from({ length: N }, (_, i) => ({
  key: new Uint8Array(10).fill(i & 255),
  value: new Uint8Array(100).fill(i & 255),
  timestamp: T0 + i,
}));
const batch = encodeRecordBatch({
  records,
  baseOffset: 0,
  partitionLeaderEpoch: 0,
  producerEpoch: 0,
  baseSequence: 0,
});
const cases: Record<string, () => number> = {
  "numbers only (offset, timestamp, lengths)": () => {
    let t = 0;
    const c = decodeRecordBatch(batch).records();
    while (c.next()) t += c.offset + c.timestamp + c.keyLength + c.valueLength;
    return t;
  },
  "numbers only, without the timestamp getter": () => {
    let t = 0;
    const c = decodeRecordBatch(batch).records();
    while (c.next()) t += c.offset + c.keyLength + c.valueLength;
    return t;
  },
};
let sink = 0;
const rows: { name: string; kib: number[] }[] = [];
for (const [name, f] of Object.entries(cases)) {
  for (let i = 0; i < 5000; i++) sink += f();
  for (const rewarm of [true, false]) {
    const kib: number[] = [];
    for (let r = 0; r < 15; r++) {
      gc();
      // A full GC clears the weak references optimised code embeds and deoptimises it (V8's
      // --trace-deopt: "embedded weak objects cleared"); unoptimised code boxes every double
      // it returns. The steady-state row re-warms after the GC, so its window measures the
      // optimised decoder a running consumer executes; the other row shows the window right
      // after the GC.
      if (rewarm) { for (let i = 0; i < 3000; i++) sink += f(); }
      const h0 = process.memoryUsage().heapUsed;
      for (let i = 0; i < 100; i++) sink += f();
      kib.push((process.memoryUsage().heapUsed - h0) / 100 / 1024);
    }
    const label = `${name}${rewarm ? "" : ", first 100 decodes after a full GC"}`;
    rows.push({ name: label, kib });
    const s = [...kib].sort((a, b) => a - b);
    console.log(
      `  alloc per decode, ${label}: ${median(kib).toFixed(1)} KiB (${s[0].toFixed(1)}–${
        s[s.length - 1].toFixed(1)
      })`,
    );
  }
}
if (sink === 0.5) console.log(sink);
const out = process.env.BENCH_JSON;
if (out) appendFileSync(out, JSON.stringify({ alloc: true, runtime: detectRuntime(), rows }) + "\n");
