/**
 * Differential test of streamwire's Iggy codecs against the `iggy_binary_protocol` crate.
 *
 * For every registered type: random values from a fixed seed are encoded by streamwire, then
 * decoded and re-encoded by the crate (through the Rust testee); the crate must accept them,
 * reproduce the bytes exactly and decode the same JSON form. Each value's bytes are then
 * mutated (truncated, a byte flipped, a byte appended) and both sides must agree: both reject
 * with the same error code, or both accept with the same re-encoding and value.
 *
 * Usage: `deno run -A conformance/differential/iggy.ts [--n 1000] [--seed 1] [--type Name]
 * [--built] [--verbose]`. Prints per-type results and `N passed, N failed`.
 *
 * Areas contribute generators in `iggy_<area>.ts` (a `types: DiffType[]` export), listed once
 * in `AREAS` below.
 *
 * @module
 */

import { join } from "node:path";
import { repoRoot } from "../lib/files.ts";
import { setExitCode } from "../lib/runtime.ts";
import { noMatch, parseArgs } from "../lib/args.ts";
import { jsonDiff, toJsonForm } from "../lib/json.ts";
import { toHex } from "../../src/wire/hex.ts";
import { isWireError } from "../../src/wire/error.ts";
import { decodePayload, encodePayload, type PayloadCodec } from "../../src/iggy/codec.ts";
import { Rng } from "./_rng.ts";
import { Testee, type TesteeAnswer } from "./_testee.ts";
import type { DiffType } from "./_types.ts";

import { types as coreTypes } from "./iggy_core.ts";
import { types as cmdsTypes } from "./iggy_cmds.ts";
import { types as batchTypes } from "./iggy_batch.ts";
import { types as metadataTypes } from "./iggy_metadata.ts";

// One line per area.
const AREAS: DiffType<any>[][] = [
  coreTypes,
  cmdsTypes,
  batchTypes,
  metadataTypes,
];

const { flags } = parseArgs({
  usage: "deno task differential:iggy [flags]",
  summary: "Random values encoded by streamwire, decoded and re-encoded by the iggy_binary_protocol crate.",
  flags: {
    n: { kind: "number", help: "values per type", default: 1000 },
    seed: { kind: "number", help: "PRNG seed", default: 1 },
    type: { kind: "string", help: "only this type", value: "Name" },
    built: { kind: "boolean", help: "use the already built Rust testee" },
    verbose: { kind: "boolean", help: "print every case" },
  },
});
const n = flags.n;
const seed = flags.seed;
const onlyType = flags.type;
const verbose = flags.verbose;
if (onlyType !== undefined && !AREAS.some((a) => a.some((t) => t.type === onlyType))) {
  noMatch("--type", onlyType, [...new Set(AREAS.flat().map((t) => t.type))]);
}

interface Local {
  ok: boolean;
  hex?: string;
  value?: unknown;
  code?: string;
  detail?: string;
}

function localDecode(t: DiffType<any>, bytes: Uint8Array): Local {
  try {
    const v = t.decode ? t.decode(bytes) : decodePayload(t.codec, bytes);
    const again = encodePayload(t.codec as PayloadCodec<unknown>, v);
    return { ok: true, hex: toHex(again), value: (t.json ?? toJsonForm)(v) };
  } catch (e) {
    if (isWireError(e)) return { ok: false, code: e.code, detail: e.message };
    return { ok: false, code: "EXCEPTION", detail: String(e) };
  }
}

function mutations(rng: Rng, bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  if (bytes.length > 0) out.push(bytes.slice(0, rng.int(0, bytes.length - 1)));
  if (bytes.length > 0) {
    const flipped = bytes.slice();
    flipped[rng.int(0, bytes.length - 1)] ^= 1 << rng.int(0, 7);
    out.push(flipped);
  }
  const longer = new Uint8Array(bytes.length + 1);
  longer.set(bytes);
  longer[bytes.length] = rng.u32() & 0xff;
  out.push(longer);
  return out;
}

function compare(local: Local, crate: TesteeAnswer): string | null {
  if (local.ok !== crate.ok) {
    return local.ok
      ? `streamwire accepts, crate rejects ${crate.code} (${crate.detail})`
      : `streamwire rejects ${local.code} (${local.detail}), crate accepts`;
  }
  if (!local.ok) {
    return local.code === crate.code
      ? null
      : `codes differ: streamwire ${local.code} (${local.detail}), crate ${crate.code} (${crate.detail})`;
  }
  if (local.hex !== crate.hex) {
    return `re-encodings differ: streamwire ${local.hex?.slice(0, 120)} crate ${crate.hex?.slice(0, 120)}`;
  }
  const d = jsonDiff(local.value, crate.value);
  return d ? `values differ at ${d}` : null;
}

const root = repoRoot();
const testee = new Testee(join(root, "conformance", "iggy-oracle"), flags.built);
const known = new Set((await testee.types()).map(([t, d]) => `${t}/${d}`));
let passed = 0;
let failed = 0;
let missing = 0;
for (const area of AREAS) {
  for (const t of area) {
    if (onlyType && t.type !== onlyType) continue;
    const label = `${t.type} ${t.direction}`;
    if (!known.has(`${t.type}/${t.direction}`)) {
      console.log(`${label.padEnd(44)} NO TESTEE HANDLER`);
      missing++;
      failed++;
      continue;
    }
    const rng = new Rng(seed ^ hash(label));
    const cases: { bytes: Uint8Array; expect?: unknown; what: string }[] = [];
    let genFailures = 0;
    const problems: string[] = [];
    for (let i = 0; i < n; i++) {
      let value: unknown;
      let bytes: Uint8Array;
      try {
        value = t.gen(rng);
        bytes = encodePayload(t.codec as PayloadCodec<unknown>, value);
      } catch (e) {
        genFailures++;
        if (problems.length < 3) {
          problems.push(`value #${i}: streamwire cannot encode a generated value: ${e}`);
        }
        continue;
      }
      cases.push({ bytes, expect: (t.json ?? toJsonForm)(value), what: `value #${i}` });
      if (t.mutate !== false) {
        for (const m of mutations(rng, bytes)) cases.push({ bytes: m, what: `mutation of #${i}` });
      }
    }
    const answers = await testee.run(
      cases.map((c) => ({ type: t.type, direction: t.direction, hex: toHex(c.bytes) })),
    );
    let ok = 0;
    let bad = genFailures;
    for (let i = 0; i < cases.length; i++) {
      const c = cases[i];
      const local = localDecode(t, c.bytes);
      let problem = compare(local, answers[i]);
      if (!problem && c.expect !== undefined) {
        if (!local.ok) problem = `streamwire cannot decode its own encoding: ${local.code}`;
        else if (local.hex !== toHex(c.bytes)) problem = "streamwire re-encoding differs from its encoding";
        else {
          const d = jsonDiff(c.expect, answers[i].value);
          if (d) problem = `crate decodes a different value: ${d}`;
        }
      }
      if (problem) {
        bad++;
        if (problems.length < (verbose ? 20 : 3)) {
          problems.push(`${c.what} [${toHex(c.bytes).slice(0, 160)}]: ${problem}`);
        }
      } else ok++;
    }
    passed += ok;
    failed += bad;
    console.log(`${label.padEnd(44)} ${String(ok).padStart(6)} passed ${String(bad).padStart(5)} failed`);
    for (const p of problems) console.log(`    ${p}`);
  }
}
await testee.close();
console.log(
  `\n${passed} passed, ${failed} failed${missing ? ` (${missing} type(s) without a testee handler)` : ""}`,
);
setExitCode(failed > 0 ? 1 : 0);

function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
