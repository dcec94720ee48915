/**
 * `deno task bench:report`: runs bench/targets.bench.ts on Deno, Bun and Node 20
 * (`BENCH_PROCESSES` processes each, default 3, rounds pooled; CPU-time clock, interleaved
 * rounds) and rewrites the results section of
 * bench/README.md from what they print — so the table there is always a run someone can
 * repeat, with its load and clock beside it.
 *
 * Node 20 runs TypeScript through a bundle made by `bun build` (packages left external, so
 * the same node_modules peers load). The native XXH3 peer is looked up in `BENCH_PEERS`
 * (e.g. `npm i --prefix "$DIR" @node-rs/xxhash`, then `BENCH_PEERS="$DIR/node_modules"`).
 * `--only deno,bun` picks runtimes; `BENCH_ROUNDS` / `BENCH_SLICE_MS` pass through. The LZ4
 * HC family runs in a process of its own beside each (see `parts` below).
 *
 * @module
 */

import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import process from "node:process";
import { median, type Run } from "./_rounds.ts";
import { LZ4HC } from "./_lz4hc_peer.ts";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const args = process.argv.slice(2);
const onlyAt = args.indexOf("--only");
const runtimes = onlyAt >= 0 ? args[onlyAt + 1].split(",") : ["deno", "bun", "node"];
const jsonPath = join(root, "node_modules", ".cache", "streamwire-bench", "targets.jsonl");
mkdirSync(dirname(jsonPath), { recursive: true });
rmSync(jsonPath, { force: true });

const bin = (name: string) => join(root, "node_modules", ".bin", name);
const env = { ...process.env, BENCH_JSON: jsonPath, BUN_JSC_useConcurrentJIT: "0" };
const target = join(here, "targets.bench.ts");
// Several processes per runtime, their rounds pooled: a peer's rate can differ by 3x from one
// process to the next (its JIT and GC settle differently), which one process cannot show.
const processes = Number(process.env.BENCH_PROCESSES ?? 3);
// The LZ4 HC family runs in processes of its own: its peer's 32 MiB memory, in the same
// process, made the fresh arrays of the other cases land on untouched pages (targets.bench.ts).
const parts = [{ BENCH_SKIP: LZ4HC }, { BENCH_ONLY: LZ4HC }];
for (let k = 0; k < processes; k++) {
  for (const rt of runtimes) {
    for (const part of parts) {
      console.log(
        `\n### ${rt}, process ${k + 1} of ${processes}${part.BENCH_ONLY ? ` (${LZ4HC} only)` : ""}`,
      );
      const run = (cmd: string, argv: string[]) =>
        execFileSync(cmd, argv, {
          cwd: root,
          env: { ...env, ...part },
          stdio: ["ignore", "inherit", "inherit"],
        });
      if (rt === "deno") run(bin("deno"), ["run", "-A", target]);
      else if (rt === "bun") run(bin("bun"), [target]);
      else if (rt === "node") {
        const bundle = join(dirname(jsonPath), "targets.bench.mjs");
        run(bin("bun"), ["build", target, "--target=node", "--packages=external", `--outfile=${bundle}`]);
        run("node", [bundle]);
      } else throw new Error(`unknown runtime ${rt}`);
    }
  }
}
// Allocation (V8 only: it needs --expose-gc and a young generation no round fills).
const alloc = join(here, "alloc.ts");
if (runtimes.includes("deno")) {
  execFileSync(bin("deno"), ["run", "-A", "--v8-flags=--expose-gc,--max-semi-space-size=256", alloc], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
}
if (runtimes.includes("node")) {
  const bundle = join(dirname(jsonPath), "alloc.mjs");
  execFileSync(bin("bun"), ["build", alloc, "--target=node", "--packages=external", `--outfile=${bundle}`], {
    cwd: root,
    stdio: "inherit",
  });
  execFileSync("node", ["--expose-gc", "--max-semi-space-size=256", bundle], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
}

const parsed = readFileSync(jsonPath, "utf8").trim().split("\n").map((l) => JSON.parse(l));
/**
 * One runtime's processes as one run: rounds, rates and per-round ratios pooled, each case
 * from the processes that ran it (the LZ4 HC family's are counted apart from the others').
 */
function pool(all: Run[]): Run[] {
  const by = new Map<string, Run[]>();
  for (const r of all) by.set(r.runtime, [...(by.get(r.runtime) ?? []), r]);
  const uniq = <T>(xs: T[], key: (x: T) => string) => [...new Map(xs.map((x) => [key(x), x])).values()];
  return [...by.values()].map((rs) => {
    const others = rs.filter((r) => r.results.some((q) => !q.family.startsWith(LZ4HC)));
    const main = others.length > 0 ? others : rs;
    return {
      ...main[0],
      rounds: main.reduce((n, r) => n + r.rounds, 0),
      processes: main.length,
      loadAfter: rs[rs.length - 1].loadAfter,
      results: uniq(rs.flatMap((r) => r.results), (q) => `${q.family}|${q.name}`).map((q) => ({
        ...q,
        rates: rs.flatMap((r) =>
          r.results.find((o) => o.family === q.family && o.name === q.name)?.rates ?? []
        ),
      })),
      ratios: uniq(rs.flatMap((r) => r.ratios), (q) => `${q.family}|${q.a}|${q.b}`).map((q) => ({
        ...q,
        values: rs.flatMap((r) =>
          r.ratios.find((o) => o.family === q.family && o.a === q.a && o.b === q.b)?.values ?? []
        ),
      })),
    };
  });
}
const runs = pool(parsed.filter((r) => !r.alloc) as Run[]) as (Run & { processes: number })[];
const allocs = parsed.filter((r) => r.alloc) as {
  runtime: string;
  rows: { name: string; kib: number[] }[];
}[];
const cell = (a: number[] | undefined, f: (v: number) => string) => {
  if (!a) return "—";
  const s = [...a].sort((x, y) => x - y);
  return `${f(median(a))} (${f(s[0])}–${f(s[s.length - 1])})`;
};
const x = (v: number) => `${v.toFixed(2)}×`;
const rate = (unit: string) => (v: number) => unit === "B" ? (v / 1e9).toFixed(2) : (v / 1e6).toFixed(2);

/** Targets from issue 15, by ratio (family: a ÷ b). */
const goals: Record<string, string> = {
  "CRC-32C 1 MiB": "≥ 2× V8, ≥ 1.5× Bun",
  "CRC-32C 140 B": "no slower than before",
  "@platformatic/kafka readRecordsBatch (no CRC)|views": "≥ 4×",
  "kafkajs decoder (no CRC)|views": "≥ 6×",
  "@platformatic/kafka readRecordsBatch (no CRC)|objects": "≥ 2×",
  "streamwire + CRC, cursor, numbers only|views": "not < 0.5× (Bun)",
  "Kafka encode 1000 records": "≥ 7× (Node)",
  "XXH3-64 1 MiB": "≥ 1× native",
  "Iggy SendMessages 1000 x 100 B": "≥ 0.6×",
};
const goalOf = (family: string, a: string, b: string) =>
  goals[family] ?? goals[`${b}|${a.includes("views") ? "views" : a.includes("toArray") ? "objects" : ""}`] ??
    "";

const lines: string[] = [];
lines.push(`Generated by \`deno task bench:report\` (bench/report.ts) on ${runs[0].date.slice(0, 16)}Z.`);
lines.push("");
lines.push(
  "| runtime | clock | processes × rounds × slice | load average (1, 5, 15 min) before → after |",
);
lines.push("|---|---|---|---|");
for (const r of runs) {
  const l = (v: number[]) => v.map((n) => n.toFixed(1)).join(", ");
  lines.push(
    `| ${r.version} | ${r.clock} | ${r.processes} × ${r.rounds / r.processes} × ${r.sliceMs} ms | ${
      l(r.loadBefore)
    } → ${l(r.loadAfter)} |`,
  );
}
lines.push("");
lines.push(
  "Bun runs with `BUN_JSC_useConcurrentJIT=0`: JSC then compiles on the main thread during the warm-up, instead of " +
    "on helper threads whose CPU time would land in whichever case's slice is running.",
);
lines.push("");
lines.push(
  `Ratios (this ÷ that, computed per round; median (min–max) over the rounds of all processes; the machine has 2 cores):`,
);
lines.push("");
lines.push(`| case | this ÷ that | goal | ${runs.map((r) => r.runtime).join(" | ")} |`);
lines.push(`|---|---|---|${runs.map(() => "---").join("|")}|`);
const keys = [
  ...new Map(runs.flatMap((r) => r.ratios).map((q) => [`${q.family}|${q.a}|${q.b}`, q])).values(),
];
for (const q of keys) {
  const vals = runs.map((r) =>
    cell(r.ratios.find((o) => o.family === q.family && o.a === q.a && o.b === q.b)?.values, x)
  );
  lines.push(`| ${q.family} | ${q.a} ÷ ${q.b} | ${goalOf(q.family, q.a, q.b)} | ${vals.join(" | ")} |`);
}
// The fastest a views cursor could run in the same round: numbers-only decode (CRC and
// parsing) plus the cost of making its two views alone, 1 ÷ (1/numbers + 1/views alone).
const DEC = "Kafka decode 1000 records";
const ratesOf = (r: Run, name: string) => r.results.find((o) => o.family === DEC && o.name === name)?.rates;
const boundOf = (r: Run) => {
  const n = ratesOf(r, "streamwire + CRC, cursor, numbers only");
  const v = ratesOf(r, "two Uint8Array views per record alone (no parsing, no CRC)");
  return n && v ? n.map((nr, i) => 1 / (1 / nr + 1 / v[i])) : undefined;
};
for (
  const peer of ["@platformatic/kafka readRecordsBatch (no CRC)", "streamwire + CRC, cursor, numbers only"]
) {
  const vals = runs.map((r) => {
    const b = boundOf(r), p = ratesOf(r, peer);
    return cell(b && p ? b.map((v, i) => v / p[i]) : undefined, x);
  });
  lines.push(
    `| ${DEC} | bound for views: 1 ÷ (1/numbers only + 1/two views alone) ÷ ${peer} | (the engine's view cost) | ${
      vals.join(" | ")
    } |`,
  );
}
lines.push("");
lines.push("Rates (GB/s for bytes, M/s otherwise; median (min–max) over rounds):");
lines.push("");
lines.push(`| case | unit | ${runs.map((r) => r.runtime).join(" | ")} |`);
lines.push(`|---|---|${runs.map(() => "---").join("|")}|`);
const rows = [...new Map(runs.flatMap((r) => r.results).map((q) => [`${q.family}|${q.name}`, q])).values()];
for (const q of rows) {
  const vals = runs.map((r) =>
    cell(r.results.find((o) => o.family === q.family && o.name === q.name)?.rates, rate(q.unit))
  );
  lines.push(
    `| ${q.family}: ${q.name} | ${q.unit === "B" ? "GB/s" : `M ${q.unit}/s`} | ${vals.join(" | ")} |`,
  );
}

if (allocs.length > 0) {
  lines.push("");
  lines.push(
    "Heap allocated per 1000-record decode (bench/alloc.ts: full GC, re-warm unless noted, 100 decodes, growth of `heapUsed`; " +
      "KiB per decode, median (min–max) over 15 rounds; goal ≤ 8 KiB):",
  );
  lines.push("");
  lines.push(`| case | ${allocs.map((a) => a.runtime).join(" | ")} |`);
  lines.push(`|---|${allocs.map(() => "---").join("|")}|`);
  for (const row of allocs[0].rows) {
    const vals = allocs.map((a) => cell(a.rows.find((r) => r.name === row.name)?.kib, (v) => v.toFixed(1)));
    lines.push(`| ${row.name} | ${vals.join(" | ")} |`);
  }
}

const readme = join(here, "README.md");
const BEGIN = "<!-- results:begin -->", END = "<!-- results:end -->";
const old = readFileSync(readme, "utf8");
const a = old.indexOf(BEGIN), b = old.indexOf(END);
if (a < 0 || b < a) throw new Error(`${readme} has no ${BEGIN} … ${END} section`);
writeFileSync(readme, old.slice(0, a + BEGIN.length) + "\n" + lines.join("\n") + "\n" + old.slice(b));
// The tables are aligned by the formatter, so the committed file passes `deno fmt --check`.
execFileSync(bin("deno"), ["fmt", "--quiet", readme], { cwd: root, stdio: "inherit" });
console.log(`\nwrote the results section of ${readme}`);
