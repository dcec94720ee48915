/**
 * Optional peers for side-by-side benchmarks: loaded if installed, skipped (with a note)
 * otherwise, so a bench never fails for lack of a peer.
 *
 * @module
 */

/** Imports `specifier`, or returns undefined and prints why. */
export async function optionalImport<T = any>(specifier: string): Promise<T | undefined> {
  try {
    return (await import(specifier)) as T;
  } catch (e) {
    console.log(`  (peer ${specifier} not available: ${(e as Error).message.split("\n")[0]})`);
    return undefined;
  }
}

/** Prints tinybench results with ops/s and the ratio of each task to a reference task, all from one run. */
export function report(
  title: string,
  tasks: readonly { name: string; result?: unknown }[],
  opts: { unitsPerOp?: number; unit?: string; ratioTo?: string[] } = {},
): void {
  const per = opts.unitsPerOp ?? 1;
  const unit = opts.unit ?? "ops";
  console.log(`\n${title}`);
  const hz = new Map<string, number>();
  for (const t of tasks) {
    const r = t.result as { throughput?: { mean?: number }; hz?: number; state?: string } | undefined;
    const v = r?.throughput?.mean ?? r?.hz ?? 0;
    hz.set(t.name, v);
  }
  const refs = opts.ratioTo ?? [];
  for (const [name, v] of hz) {
    // Compare only within a family ("i32be: …" against "i32be: …").
    const family = name.split(":")[0];
    const ratios = [...hz.keys()]
      .filter((n) =>
        n !== name && n.split(":")[0] === family && (refs.length === 0 || !name.includes("baseline"))
      )
      .filter((n) => !n.includes("streamwire"))
      .map((n) => `${(v / hz.get(n)!).toFixed(2)}x ${n.split(":").slice(1).join(":").trim()}`);
    console.log(`  ${name.padEnd(44)} ${fmt(v * per).padStart(10)} ${unit}/s   ${ratios.join(", ")}`);
  }
}

function fmt(x: number): string {
  if (x >= 1e9) return `${(x / 1e9).toFixed(2)} G`;
  if (x >= 1e6) return `${(x / 1e6).toFixed(2)} M`;
  if (x >= 1e3) return `${(x / 1e3).toFixed(1)} k`;
  return x.toFixed(1);
}
