/**
 * Why the consensus header getters are generated rather than read through one generic path:
 * reads `op` and `commit` of 1M `PrepareOkHeader` views through the generated getters, and
 * through a generic accessor that looks each field up in the class's `FIELDS` table and reads
 * it by kind (the path a table-driven design without generation would take). One process,
 * alternating order per round; process CPU time (user + system, `process.cpuUsage()`) per
 * 1M headers, median (min–max) over rounds, with the load average before and after.
 *
 * Run: `deno run --allow-env --allow-sys bench/consensus_getters.ts` (also `npx bun …`).
 * `BENCH_ROUNDS` (default 15).
 *
 * @module
 */

import process from "node:process";
import { loadavg } from "node:os";
import { type FieldSpec, PrepareOkHeader } from "../src/iggy/consensus/mod.ts";

const N = 1_000_000;
const POOL = 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);

const views: PrepareOkHeader[] = [];
for (let i = 0; i < POOL; i++) views.push(PrepareOkHeader.create({ op: BigInt(i + 1), commit: BigInt(i) }));

function generated(): bigint {
  let s = 0n;
  for (let i = 0; i < N; i++) {
    const h = views[i & (POOL - 1)];
    s += h.op + h.commit;
  }
  return s;
}

// The generic path: one field table lookup by name, one read by kind.
const byName = new Map<string, FieldSpec>(PrepareOkHeader.FIELDS.map((f) => [f.name, f]));
const dvs = views.map((v) => new DataView(v.bytes.buffer, v.bytes.byteOffset, 256));
function read(dv: DataView, name: string): bigint {
  const f = byName.get(name)!;
  switch (f.kind) {
    case "u64":
      return dv.getBigUint64(f.offset, true);
    case "u128":
      return (dv.getBigUint64(f.offset + 8, true) << 64n) | dv.getBigUint64(f.offset, true);
    default:
      throw new Error(`not a bigint field: ${name}`);
  }
}
function generic(): bigint {
  let s = 0n;
  for (let i = 0; i < N; i++) {
    const dv = dvs[i & (POOL - 1)];
    s += read(dv, "op") + read(dv, "commit");
  }
  return s;
}

const cases = { generated, generic };
const times: Record<string, number[]> = { generated: [], generic: [] };
const loadBefore = loadavg();
if (generated() !== generic()) throw new Error("the two paths disagree");
for (let r = 0; r < ROUNDS + 2; r++) {
  const order = r % 2 === 0 ? ["generated", "generic"] : ["generic", "generated"];
  for (const k of order) {
    const t0 = process.cpuUsage();
    cases[k as keyof typeof cases]();
    const t = process.cpuUsage(t0);
    if (r >= 2) times[k].push((t.user + t.system) / 1000); // first two rounds warm up
  }
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1];
const fmt = (a: number[]) =>
  `${median(a).toFixed(1)} ms (${Math.min(...a).toFixed(1)}–${Math.max(...a).toFixed(1)})`;
const ratios = times.generic.map((g, i) => g / times.generated[i]);
console.log(`clock: process CPU time (user+system); ${ROUNDS} rounds; 1M headers (op + commit) per round`);
console.log(`generated getters: ${fmt(times.generated)}`);
console.log(`generic FIELDS path: ${fmt(times.generic)}`);
console.log(
  `generic ÷ generated per round: ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${
    Math.max(...ratios).toFixed(2)
  })`,
);
console.log(
  `load average before ${loadBefore.map((x) => x.toFixed(2)).join(" ")}, after ${
    loadavg().map((x) => x.toFixed(2)).join(" ")
  }`,
);
