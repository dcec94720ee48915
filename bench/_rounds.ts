/**
 * The benchmarks' round runner: every case runs for a time slice in each round, in a new
 * random order each round, and its work is divided by the **process CPU time** of the slice
 * (user + system, `process.cpuUsage()`, which Node, Deno and Bun all provide), so that other
 * processes on a shared machine disturb the figures far less than they disturb wall time.
 * `BENCH_CLOCK=wall` switches to `performance.now()`; the clock used is printed with every
 * table. Ratios are computed per round between two cases (same round, same conditions) and
 * reported as median (min–max) over rounds.
 *
 * Environment: `BENCH_ROUNDS` (default 9), `BENCH_SLICE_MS` (default 100), `BENCH_CLOCK`,
 * `BENCH_JSON=path` (append the results as one JSON line, for `bench/report.ts`).
 *
 * @module
 */

import process from "node:process";
import { appendFileSync } from "node:fs";
import { loadavg } from "node:os";
import { detectRuntime } from "../conformance/lib/runtime.ts";

/** One timed case. `fn` does one operation of `units` units (bytes, records, hashes …). */
export type Case = {
  family: string;
  name: string;
  units: number;
  unit: string;
  fn: () => unknown;
  /** Names of cases of the same family to report `this ÷ that` against, per round. */
  vs?: string[];
};

/** Results of one case: rate per round (units per second). */
export type Result = { family: string; name: string; unit: string; rates: number[] };

/** A per-round ratio `a ÷ b`. */
export type Ratio = { family: string; a: string; b: string; values: number[] };

/** The run's figures with their conditions. */
export type Run = {
  runtime: string;
  version: string;
  clock: string;
  rounds: number;
  sliceMs: number;
  loadBefore: number[];
  loadAfter: number[];
  date: string;
  results: Result[];
  ratios: Ratio[];
};

const env = (k: string): string | undefined => process.env[k];

/** True when the CPU-time clock is in use. */
export const CPU_CLOCK = env("BENCH_CLOCK") !== "wall" && typeof process.cpuUsage === "function";
/** The clock's name, as printed beside every figure. */
export const CLOCK_NAME = CPU_CLOCK ? "process CPU time (process.cpuUsage)" : "wall (performance.now)";

const clock = CPU_CLOCK
  ? () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  }
  : () => performance.now() / 1000;

function runtimeVersion(): string {
  const g = globalThis as any;
  if (g.Deno?.version) return `deno ${g.Deno.version.deno} (V8 ${g.Deno.version.v8})`;
  if (g.Bun?.version) return `bun ${g.Bun.version} (JSC)`;
  return `node ${process.versions.node} (V8 ${process.versions.v8})`;
}

function isThenable(v: unknown): v is Promise<unknown> {
  return typeof (v as any)?.then === "function";
}

/** Runs `cases` in interleaved rounds and returns the rates and the requested ratios. */
export async function runRounds(
  cases: Case[],
  opts: { rounds?: number; sliceMs?: number } = {},
): Promise<Run> {
  const rounds = opts.rounds ?? Number(env("BENCH_ROUNDS") ?? 9);
  const sliceMs = opts.sliceMs ?? Number(env("BENCH_SLICE_MS") ?? 100);
  const loadBefore = loadavg();
  const rates: number[][] = cases.map(() => []);
  let sink = 0;
  const once = async (c: Case) => {
    const v = c.fn();
    if (isThenable(v)) await v;
    else if (typeof v === "number") sink ^= v;
  };
  // Warm-up: long enough for every engine to reach its optimising tier.
  for (const c of cases) {
    const t = performance.now();
    while (performance.now() - t < 2 * sliceMs) await once(c);
  }
  for (let r = 0; r < rounds; r++) {
    const order = cases.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const i of order) {
      const c = cases[i];
      const probe = c.fn();
      const async = isThenable(probe);
      if (async) await probe;
      let ops = 1;
      const t0 = performance.now(), c0 = clock();
      if (async) {
        while (performance.now() - t0 < sliceMs) {
          await c.fn();
          ops++;
        }
      } else {
        const f = c.fn;
        while (performance.now() - t0 < sliceMs) {
          const v = f();
          if (typeof v === "number") sink ^= v;
          ops++;
        }
      }
      rates[i].push(((ops - 1) * c.units) / (clock() - c0));
    }
  }
  if (sink === 0.5) console.log(sink);
  const results = cases.map((c, i) => ({ family: c.family, name: c.name, unit: c.unit, rates: rates[i] }));
  const ratios: Ratio[] = [];
  for (let i = 0; i < cases.length; i++) {
    for (const b of cases[i].vs ?? []) {
      const j = cases.findIndex((c) => c.family === cases[i].family && c.name === b);
      if (j < 0) throw new Error(`${cases[i].name}: no case "${b}" in family ${cases[i].family}`);
      ratios.push({
        family: cases[i].family,
        a: cases[i].name,
        b,
        values: rates[i].map((v, r) => v / rates[j][r]),
      });
    }
  }
  return {
    runtime: detectRuntime(),
    version: runtimeVersion(),
    clock: CLOCK_NAME,
    rounds,
    sliceMs,
    loadBefore,
    loadAfter: loadavg(),
    date: new Date().toISOString(),
    results,
    ratios,
  };
}

/** Median of `a`. */
export function median(a: number[]): number {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** `median (min–max)` of `a` through `f`. */
export function spread(a: number[], f: (v: number) => string): string {
  const s = [...a].sort((x, y) => x - y);
  return `${f(median(a))} (${f(s[0])}–${f(s[s.length - 1])})`;
}

/** A rate in a readable scale for its unit. */
export function fmtRate(v: number, unit: string): string {
  if (unit === "B") return `${(v / 1e9).toFixed(2)} GB/s`;
  return `${(v / 1e6).toFixed(2)} M ${unit}/s`;
}

/** Prints `run` as text (and appends it as JSON to `$BENCH_JSON` when set). */
export function printRun(title: string, run: Run): void {
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(" ");
  console.log(
    `\n${title}\n  ${run.version}; ${run.rounds} rounds of ${run.sliceMs} ms, interleaved; clock: ${run.clock}; ` +
      `load average before: ${load(run.loadBefore)}, after: ${load(run.loadAfter)}`,
  );
  const families = [...new Set(run.results.map((r) => r.family))];
  for (const family of families) {
    console.log(`\n  ${family}`);
    for (const r of run.results.filter((x) => x.family === family)) {
      const s = [...r.rates].sort((x, y) => x - y);
      const cell = `${fmtRate(median(r.rates), r.unit)} (${fmtRate(s[0], r.unit)}–${
        fmtRate(s[s.length - 1], r.unit)
      })`;
      console.log(`    ${r.name.padEnd(58)} ${cell}`);
    }
  }
  console.log(`\n  ratios (this ÷ that, per round: median (min–max))`);
  for (const q of run.ratios) {
    console.log(`    ${q.family}: ${q.a}  ÷  ${q.b}`);
    console.log(`      ${spread(q.values, (v) => `${v.toFixed(2)}x`)}`);
  }
  const out = env("BENCH_JSON");
  if (out) appendFileSync(out, JSON.stringify({ title, ...run }) + "\n");
}
