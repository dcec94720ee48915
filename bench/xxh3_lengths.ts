/**
 * XXH3-64 by input length, the WebAssembly kernel beside the pure-TS paths in one process:
 * `xxh3_64Into` (which takes the kernel from 17 to 240 bytes where WebAssembly exists) against
 * `xxh3_64IntoJs` (the path of runtimes without it), and `xxh3_64RangeInto` on the same
 * bytes as ranges of one buffer. 1000 distinct inputs per call, at odd offsets of one buffer,
 * with the round runner of bench/_rounds.ts (process CPU time). These are the figures behind
 * the routing thresholds in src/wire/xxh3.ts.
 *
 * `deno run -A bench/xxh3_lengths.ts`, `npx bun bench/xxh3_lengths.ts`; `BENCH_LENGTHS=17,140`
 * picks lengths.
 *
 * @module
 */

import process from "node:process";
import { xxh3_64Into, xxh3_64IntoJs, xxh3_64RangeInto } from "../src/wire/xxh3.ts";
import { type Case, printRun, runRounds } from "./_rounds.ts";

const N = 1000;
const lengths = (process.env.BENCH_LENGTHS ?? "8,16,17,32,64,100,128,129,140,176,240")
  .split(",").map(Number);
const stride = 257;
const buf = new Uint8Array(N * stride + 8);
for (let i = 0; i < buf.length; i++) buf[i] = (i * 13 + (i >> 8)) & 0xff;
const out = new Uint32Array(2);
const cases: Case[] = [];
for (const n of lengths) {
  const views = Array.from({ length: N }, (_, i) => buf.subarray(1 + i * stride, 1 + i * stride + n));
  const family = `XXH3-64 1000 x ${n} B`;
  const js = "xxh3_64IntoJs (pure TS)";
  cases.push({
    family,
    name: "xxh3_64Into",
    units: N,
    unit: "hash",
    vs: [js],
    fn: () => {
      let s = 0;
      for (let i = 0; i < N; i++) s ^= xxh3_64Into(views[i], out)[0];
      return s;
    },
  });
  cases.push({
    family,
    name: "xxh3_64RangeInto",
    units: N,
    unit: "hash",
    vs: [js],
    fn: () => {
      let s = 0;
      for (let i = 0; i < N; i++) s ^= xxh3_64RangeInto(buf, 1 + i * stride, n, out)[0];
      return s;
    },
  });
  cases.push({
    family,
    name: js,
    units: N,
    unit: "hash",
    fn: () => {
      let s = 0;
      for (let i = 0; i < N; i++) s ^= xxh3_64IntoJs(views[i], out)[0];
      return s;
    },
  });
}
printRun("XXH3-64 by length", await runRounds(cases));
