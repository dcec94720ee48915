/**
 * `deno task fuzz`: a seeded mutation fuzzer over every valid vector. Each input is a mutation
 * of a valid vector's bytes (bit flips; bytes set to 00/ff/7f/80; truncation; insertion and
 * deletion; length-field inflation at every 1/2/4-byte window; splices of two vectors of the
 * same message) or, for a small share, random bytes. The decoder of the vector's message must
 * return a value or throw a WireError — anything else escaping, or one input taking over 50 ms
 * (re-measured three times), is a failure. After a rejection it checks now and then that the
 * same adapter still decodes the original vector (no state left behind).
 *
 * Then the layers around the decoders (conformance/fuzz_layers.ts): frame decoders under
 * hostile chunking and claimed sizes, and record sets of many compressed batches.
 *
 * Flags: see `--help`. CI runs a fixed seed and budget.
 *
 * @module
 */

import { adapters } from "./adapters/mod.ts";
import { isWireError } from "../src/wire/error.ts";
import { toHex } from "../src/wire/hex.ts";
import { loadManifest, loadVectorFile, testBytes, vectorsDir } from "./lib/files.ts";
import { jsonDiff } from "./lib/json.ts";
import { setExitCode } from "./lib/runtime.ts";
import { noMatch, parseArgs } from "./lib/args.ts";
import { Rng } from "./differential/_rng.ts";
import { fuzzLayers } from "./fuzz_layers.ts";
import type { CaseContext, MessageAdapter } from "./lib/types.ts";

const { flags } = parseArgs({
  usage: "deno task fuzz [flags]",
  summary: "Seeded mutation fuzzing of every decoder over the valid vectors, plus the frame decoders\n" +
    "under hostile chunking and claimed sizes, and record sets of many compressed batches.",
  flags: {
    seed: { kind: "number", help: "PRNG seed (default: time-based, printed)" },
    runs: { kind: "number", help: "total decodes", default: 200_000 },
    "slow-ms": {
      kind: "number",
      help: "an input slower than this (re-measured three times) fails",
      default: 50,
    },
    protocol: { kind: "string", help: "only this protocol's vectors", choices: ["iggy", "kafka"] },
    message: { kind: "string", help: "only this message's vectors", value: "Name" },
    "layer-runs": {
      kind: "number",
      help: "cases for the frame decoders and record sets (0 with --protocol/--message)",
      default: 3000,
    },
  },
});
const option = (name: "protocol" | "message") => flags[name];
const seed = flags.seed ?? Date.now() % 2 ** 31;
const runs = flags.runs;
const slowMs = flags["slow-ms"];

interface Seed {
  id: string;
  adapter: MessageAdapter;
  ctx: CaseContext;
  bytes: Uint8Array;
  /** Valid vectors of the same file, direction, version and framing (splice partners). */
  peers: Seed[];
}

const dir = vectorsDir();
const seeds: Seed[] = [];
const byGroup = new Map<string, Seed[]>();
for (const entry of loadManifest(dir).files) {
  if (option("protocol") && entry.protocol !== option("protocol")) continue;
  if (option("message") && entry.message !== option("message")) continue;
  const file = loadVectorFile(entry.path, dir);
  const adapter = adapters[file.protocol]?.[file.message];
  if (!adapter) continue;
  for (const group of file.testGroups) {
    for (const test of group.tests) {
      if (test.result !== "valid" || test.op === "encode") continue;
      const bytes = testBytes(test, dir);
      if (!bytes) continue;
      const key = `${entry.path}/${group.direction}/${group.version}/${group.framing}`;
      if (!byGroup.has(key)) byGroup.set(key, []);
      const peers = byGroup.get(key)!;
      const s: Seed = { id: `${entry.path}#${test.name}`, adapter, ctx: { file, group, test }, bytes, peers };
      seeds.push(s);
      peers.push(s);
    }
  }
}

if (seeds.length === 0 && (flags.message !== undefined || flags.protocol !== undefined)) {
  noMatch(flags.message !== undefined ? "--message" : "--protocol", (flags.message ?? flags.protocol)!);
}
const filtered = flags.message !== undefined || flags.protocol !== undefined;

// The differential runs' seeded source: the same sequence on every runtime.
const r = new Rng(seed);
/** Uniform integer in [0, n); 0 when n <= 0. */
const below = (n: number) => (n <= 0 ? 0 : r.int(0, n - 1));

function mutate(s: Seed): { bytes: Uint8Array; how: string } {
  const src = s.bytes;
  const kind = below(100);
  if (kind < 8 || src.length === 0) {
    const n = below(Math.max(8, src.length * 2));
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = r.u32() & 0xff;
    return { bytes: out, how: "random" };
  }
  const out = src.slice();
  const at = below(src.length);
  if (kind < 38) {
    const flips = 1 + below(3);
    for (let i = 0; i < flips; i++) {
      const p = below(out.length);
      out[p] ^= 1 << below(8);
    }
    return { bytes: out, how: `flip x${flips}` };
  }
  if (kind < 50) {
    out[at] = [0x00, 0xff, 0x7f, 0x80][below(4)];
    return { bytes: out, how: `set@${at}` };
  }
  if (kind < 62) return { bytes: src.subarray(0, at), how: `truncate@${at}` };
  if (kind < 77) {
    // Length/count inflation: overwrite a 1-, 2- or 4-byte window with a large value in either byte order.
    const w = [1, 2, 4][below(3)];
    const p = Math.min(at, Math.max(0, out.length - w));
    const big = [0xff, 0x7f, 0x80, 0xfe][below(4)];
    for (let i = 0; i < w && p + i < out.length; i++) out[p + i] = i === 0 || below(2) ? big : 0xff;
    return { bytes: out, how: `inflate${w}@${p}` };
  }
  if (kind < 85) {
    const n = 1 + below(8);
    const ins = new Uint8Array(src.length + n);
    ins.set(src.subarray(0, at));
    for (let i = 0; i < n; i++) ins[at + i] = r.u32() & 0xff;
    ins.set(src.subarray(at), at + n);
    return { bytes: ins, how: `insert${n}@${at}` };
  }
  if (kind < 92) {
    const n = 1 + below(Math.min(16, src.length - at));
    const del = new Uint8Array(src.length - n);
    del.set(src.subarray(0, at));
    del.set(src.subarray(at + n), at);
    return { bytes: del, how: `delete${n}@${at}` };
  }
  const other = s.peers[below(s.peers.length)].bytes;
  const cut = below(other.length + 1);
  const sp = new Uint8Array(at + other.length - cut);
  sp.set(src.subarray(0, at));
  sp.set(other.subarray(cut), at);
  return { bytes: sp, how: `splice@${at}` };
}

function timeDecode(s: Seed, bytes: Uint8Array): { ms: number; error?: unknown } {
  const t0 = performance.now();
  try {
    s.adapter.decode(bytes, s.ctx);
    return { ms: performance.now() - t0 };
  } catch (error) {
    return { ms: performance.now() - t0, error };
  }
}

console.log(`fuzz: seed ${seed}, ${runs} runs over ${seeds.length} valid vectors`);
const failures: string[] = [];
/** Failures per vector file: after three, a file's seeds are dropped so the run reaches the others. */
const perFile = new Map<string, number>();
const fail = (s: Seed, msg: string) => {
  failures.push(msg);
  const f = s.id.split("#")[0];
  perFile.set(f, (perFile.get(f) ?? 0) + 1);
};
let rejected = 0;
let reuseChecks = 0;
let executed = 0;
const t0 = performance.now();
if (seeds.length > 0) {
  for (let i = 0; i < runs && failures.length < 200; i++) {
    const s = seeds[below(seeds.length)];
    if ((perFile.get(s.id.split("#")[0]) ?? 0) >= 3) continue;
    executed++;
    const { bytes, how } = mutate(s);
    let res = timeDecode(s, bytes);
    if (res.ms > slowMs) {
      // A GC pause or a first compilation can make one call slow; three slow calls cannot.
      const again = Math.min(timeDecode(s, bytes).ms, timeDecode(s, bytes).ms);
      if (again > slowMs) {
        fail(s, `${s.id} [${how}] took ${again.toFixed(1)} ms: ${toHex(bytes.subarray(0, 64))}`);
      }
      res = { ms: again, error: res.error };
    }
    if (res.error !== undefined) {
      if (!isWireError(res.error)) {
        const e = res.error as Error;
        fail(s, `${s.id} [${how}] escaped ${e?.name}: ${e?.message} — input ${toHex(bytes.subarray(0, 96))}`);
        continue;
      }
      rejected++;
      if (rejected % 97 === 0) {
        reuseChecks++;
        const back = timeDecode(s, s.bytes);
        if (back.error !== undefined) fail(s, `${s.id}: original no longer decodes after a rejection`);
        else {
          const v = s.adapter.decode(s.bytes, s.ctx);
          const d = jsonDiff(v, s.ctx.test.value);
          if (d) fail(s, `${s.id}: original decodes differently after a rejection: ${d}`);
        }
      }
    }
  }
}
const layerRuns = filtered ? 0 : flags["layer-runs"];
const layers = fuzzLayers(r, layerRuns, slowMs, (msg) => failures.push(`layers: ${msg}`));
executed += layerRuns;
const secs = (performance.now() - t0) / 1000;
for (const f of failures) console.log(`  ${f}`);
console.log(
  `fuzz: ${executed} runs in ${
    secs.toFixed(1)
  } s, ${rejected} rejected with WireError, ${reuseChecks} reuse checks; seed ${seed}`,
);
console.log(
  `fuzz layers: ${layers.chunking} chunking, ${layers.claimed} claimed-size, ${layers.recordSets} ` +
    `record-set cases, ${layers.rejected} rejected with WireError`,
);
console.log(`${executed - failures.length} passed, ${failures.length} failed`);
if (failures.length) setExitCode(1);
