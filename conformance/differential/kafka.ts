/**
 * Kafka differential test: for every API key, version and direction (and every data schema),
 * random values generated from the generated metadata are encoded by streamwire and sent to
 * the Java oracle's testee (`conformance/kafka-oracle/run.sh testee`), which decodes them with
 * kafka-clients and serializes them again. The bytes must come back identical and Kafka's
 * decoded value (JSON form) must equal streamwire's decode of the same bytes.
 *
 * Flags: `--n 200` values per (message, version), `--mutations 20` mutated encodings per
 * (message, version), `--seed 1`, `--key <apiKey>` to test one key, `--verbose` to print every
 * mismatch (default: the first 20).
 *
 * Mutations (a byte changed, a cut, bytes appended) check decoding parity: both sides accept
 * with the same value and re-serialization, or both reject with the same error code. Bad UTF-8
 * is the one allowed difference when streamwire runs strict (it does not by default).
 *
 * Random values: every field present at the version, nullable fields sometimes null, tagged
 * fields sometimes left at their default, and sometimes unknown tagged fields (with tags above
 * the struct's known tags, where Kafka's writer and ours agree on the order).
 *
 * @module
 */

import { spawn } from "node:child_process";
import { join } from "node:path";
import process from "node:process";
import { Rng } from "./_rng.ts";
import { decodeWith, encodeWith, type MessageCodec, type StructMeta } from "../../src/kafka/codec.ts";
import { toJsonForm } from "../../src/kafka/json.ts";
import { API_LIST, DATA_CODECS } from "../../src/kafka/messages/_table.ts";
import { fromHex as fromHexStr, toHex } from "../../src/wire/hex.ts";
import { isWireError } from "../../src/wire/error.ts";
import { jsonDiff } from "../lib/json.ts";
import { repoRoot } from "../lib/files.ts";
import { noMatch, parseArgs } from "../lib/args.ts";

const { flags } = parseArgs({
  usage: "deno task differential:kafka [flags]",
  summary: "Random values encoded by streamwire, re-encoded and decoded by kafka-clients, per API version.",
  flags: {
    n: { kind: "number", help: "values per (message, version)", default: 200 },
    mutations: { kind: "number", help: "mutated encodings per (message, version)", default: 20 },
    seed: { kind: "number", help: "PRNG seed", default: 1 },
    key: { kind: "number", help: "only this API key", value: "apiKey" },
    verbose: { kind: "boolean", help: "print every case" },
  },
});
const N = flags.n;
const MUTATIONS = flags.mutations;
const SEED = flags.seed;
const ONLY_KEY = flags.key === undefined ? "" : String(flags.key);
const VERBOSE = flags.verbose;
if (ONLY_KEY !== "" && !API_LIST.some((a) => String(a.apiKey) === ONLY_KEY)) noMatch("--key", ONLY_KEY);

const has = (mask: number, v: number) => ((mask >>> v) & 1) === 1;

function uuid(rng: Rng): string {
  if (rng.chance(0.1)) return "00000000-0000-0000-0000-000000000000";
  const h = toHex(rng.bytes(16));
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function i64(rng: Rng): bigint {
  return BigInt.asIntN(64, rng.u64());
}

function float(rng: Rng): number {
  if (rng.chance(0.2)) {
    return rng.pick([0, -0, 1, -1.5, NaN, Infinity, -Infinity, Number.MAX_VALUE, Number.MIN_VALUE]);
  }
  const b = new DataView(rng.bytes(8).buffer);
  const x = b.getFloat64(0);
  return Number.isNaN(x) ? 0.25 : x;
}

function prim(kind: string, rng: Rng): unknown {
  switch (kind) {
    case "bool":
      return rng.bool();
    case "int8":
      return rng.u8() - 128;
    case "int16":
      return rng.u16() - 32768;
    case "uint16":
      return rng.u16();
    case "int32":
      return rng.u32e() | 0;
    case "uint32":
      return rng.u32e();
    case "int64":
      return i64(rng);
    case "float64":
      return float(rng);
    case "string":
      return rng.str(0, 24);
    case "uuid":
      return uuid(rng);
    case "bytes":
    case "records":
      return rng.bytes(rng.len(0, 24));
  }
  throw new Error(`no generator for ${kind}`);
}

function genStruct(meta: StructMeta, v: number, rng: Rng, depth: number): Record<string, unknown> {
  const x: Record<string, unknown> = {};
  let maxTag = -1;
  for (const f of meta.fields) {
    if (f[5] > maxTag) maxTag = f[5];
    if (!has(f[2], v)) continue;
    // Tagged fields: often left at their default (then not on the wire at all).
    if (has(f[4], v) && rng.chance(0.4)) continue;
    if (has(f[3], v) && rng.chance(0.2)) {
      x[f[0]] = null;
      continue;
    }
    const kind = f[1];
    if (kind === "struct") x[f[0]] = genStruct(f[6]!, v, rng, depth + 1);
    else if (kind.startsWith("[]")) {
      const e = kind.slice(2);
      const max = depth > 2 ? 1 : 3;
      x[f[0]] = e === "struct"
        ? rng.array(0, max, (r) => genStruct(f[6]!, v, r, depth + 1))
        : rng.array(0, max + 2, (r) => prim(e, r));
    } else x[f[0]] = prim(kind, rng);
  }
  if (has(meta.flexible, v) && rng.chance(0.1)) {
    const u: { tag: number; data: Uint8Array }[] = [];
    let tag = maxTag + 1 + rng.int(0, 3);
    for (let i = rng.int(1, 2); i > 0; i--) {
      u.push({ tag, data: rng.bytes(rng.int(0, 5)) });
      tag += 1 + rng.int(0, 200);
    }
    x._unknownTaggedFields = u;
  }
  return x;
}

// ---------------------------------------------------------------------------------------------
// The testee

interface Answer {
  id: number;
  ok: boolean;
  consumed?: number;
  hex?: string;
  value?: unknown;
  code?: string;
  detail?: string;
}

class Testee {
  private child = spawn("bash", [join(repoRoot(), "conformance", "kafka-oracle", "run.sh"), "testee"], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  private buffered = "";
  private waiting = new Map<number, (a: Answer) => void>();
  private exited: Promise<number | null>;

  constructor() {
    this.child.stdout!.setEncoding("utf8");
    this.child.stdout!.on("data", (chunk: string) => {
      this.buffered += chunk;
      let nl: number;
      while ((nl = this.buffered.indexOf("\n")) >= 0) {
        const line = this.buffered.slice(0, nl);
        this.buffered = this.buffered.slice(nl + 1);
        if (!line.trim()) continue;
        const a = JSON.parse(line) as Answer;
        this.waiting.get(a.id)?.(a);
        this.waiting.delete(a.id);
      }
    });
    this.exited = new Promise((resolve) => this.child.on("exit", (code) => resolve(code)));
  }

  async run(lines: Record<string, unknown>[]): Promise<Answer[]> {
    const ps = lines.map((l) => new Promise<Answer>((resolve) => this.waiting.set(l.id as number, resolve)));
    const ok = new Promise<boolean>((resolve) =>
      this.child.stdin!.write(lines.map((l) => JSON.stringify(l)).join("\n") + "\n", () => resolve(true))
    );
    await ok;
    const died = this.exited.then((code) => {
      throw new Error(`testee exited (${code}) with ${this.waiting.size} answer(s) outstanding`);
    });
    return await Promise.race([Promise.all(ps), died]);
  }

  async close(): Promise<void> {
    this.child.stdin!.end();
    await this.exited;
  }
}

// ---------------------------------------------------------------------------------------------
// Main

interface Target {
  label: string;
  codec: MessageCodec<unknown>;
  line: Record<string, unknown>;
}

const targets: Target[] = [];
for (const a of API_LIST) {
  if (ONLY_KEY !== "" && String(a.apiKey) !== ONLY_KEY) continue;
  for (let v = 0; v < 31; v++) {
    if (!has(a.validVersions, v)) continue;
    targets.push({
      label: `${a.name}Request v${v}`,
      codec: a.request,
      line: { apiKey: a.apiKey, version: v, direction: "request" },
    });
    targets.push({
      label: `${a.name}Response v${v}`,
      codec: a.response,
      line: { apiKey: a.apiKey, version: v, direction: "response" },
    });
  }
}
if (ONLY_KEY === "") {
  for (const [name, codec] of Object.entries(DATA_CODECS)) {
    for (let v = 0; v < 31; v++) {
      if (has(codec.validVersions, v)) {
        targets.push({
          label: `${name} v${v}`,
          codec,
          line: { direction: "data", message: name, version: v },
        });
      }
    }
  }
}

const testee = new Testee();
let passed = 0;
let failed = 0;
const problems: string[] = [];
const failedTargets = new Map<string, number>();
let id = 1;
const started = Date.now();
const rng = new Rng(SEED);

function mutate(b: Uint8Array, rng: Rng): Uint8Array {
  const kind = rng.int(0, 3);
  if (kind === 0 && b.length > 0) return b.slice(0, rng.int(0, b.length - 1)); // cut
  if (kind === 1) return Uint8Array.from([...b, ...rng.bytes(rng.int(1, 3))]); // trailing bytes
  const m = b.length ? b.slice() : new Uint8Array(1);
  const at = rng.int(0, m.length - 1);
  m[at] = kind === 2 ? rng.pick([0x00, 0x7f, 0x80, 0xff]) : rng.u32() & 0xff; // a changed byte
  return m;
}

function fail(label: string, problem: string): void {
  failed++;
  failedTargets.set(label, (failedTargets.get(label) ?? 0) + 1);
  problems.push(`${label}: ${problem}`);
}

for (const t of targets) {
  const v = t.line.version as number;
  const batch: Record<string, unknown>[] = [];
  const ours: { hex: string; json?: unknown; code?: string; mutated: boolean }[] = [];
  const valid: Uint8Array[] = [];
  for (let i = 0; i < N; i++) {
    const value = genStruct(t.codec.meta, v, rng, 0);
    let bytes: Uint8Array;
    try {
      bytes = encodeWith(t.codec, value, v);
    } catch (e) {
      fail(t.label, `streamwire could not encode a generated value: ${(e as Error).message}`);
      continue;
    }
    valid.push(bytes);
    const json = toJsonForm(t.codec.meta, decodeWith(t.codec, bytes, v), v);
    const hex = toHex(bytes);
    ours.push({ hex, json, mutated: false });
    batch.push({ id: id++, ...t.line, hex });
  }
  for (let i = 0; i < MUTATIONS && valid.length; i++) {
    const bytes = mutate(rng.pick(valid), rng);
    const hex = toHex(bytes);
    try {
      const json = toJsonForm(t.codec.meta, decodeWith(t.codec, bytes, v), v);
      ours.push({ hex, json, mutated: true });
    } catch (e) {
      if (!isWireError(e)) {
        fail(t.label, `non-WireError escaped: ${(e as Error).message}\n    hex ${hex}`);
        continue;
      }
      ours.push({ hex, code: e.code, mutated: true });
    }
    batch.push({ id: id++, ...t.line, hex });
  }
  const answers = await testee.run(batch);
  for (let i = 0; i < answers.length; i++) {
    const a = answers[i];
    const o = ours[i];
    const what = o.mutated ? "mutated input" : "value";
    // The testee reads one body and reports how much it consumed; bytes left over are what
    // streamwire's exact decode calls TRAILING_BYTES.
    if (a.ok && a.consumed !== undefined && a.consumed * 2 !== o.hex.length) {
      a.ok = false;
      a.code = "TRAILING_BYTES";
      a.detail = `consumed ${a.consumed} of ${o.hex.length / 2} bytes`;
    }
    let problem: string | undefined;
    if (o.code !== undefined) {
      if (a.ok) {
        problem = `streamwire rejected (${o.code}) a mutated input kafka-clients accepts\n    hex ${o.hex}`;
      } else if (a.code !== o.code) {
        problem = `rejection codes differ: ours ${o.code}, kafka ${a.code} (${a.detail})\n    hex ${o.hex}`;
      }
    } else if (!a.ok && o.mutated && /Invalid raw tag field list/.test(a.detail ?? "")) {
      // Kafka decoded it but cannot write unknown tags out of order; neither can we.
      try {
        encodeWith(t.codec, decodeWith(t.codec, fromHexStr(o.hex), v) as Record<string, never>, v);
        problem =
          `kafka-clients cannot re-serialize unordered unknown tags, streamwire did\n    hex ${o.hex}`;
      } catch (e) {
        if (!isWireError(e) || e.code !== "INVALID_VALUE") {
          problem = `unexpected re-encode failure: ${(e as Error).message}`;
        }
      }
    } else if (!a.ok) {
      problem = `kafka-clients rejected our ${what}: ${a.code} ${a.detail}\n    hex ${o.hex}`;
    } else if (!o.mutated && a.hex !== o.hex) {
      let k = 0;
      while (k < o.hex.length && o.hex[k] === a.hex![k]) k++;
      problem = `re-serialized bytes differ at byte ${k >> 1}: ours …${o.hex.slice(k, k + 24)}, kafka …${
        a.hex!.slice(k, k + 24)
      }\n    hex ${o.hex}`;
    } else {
      const d = jsonDiff(a.value, o.json);
      if (d) problem = `${what}: values differ: ${d}\n    hex ${o.hex}`;
    }
    if (problem) fail(t.label, problem);
    else passed++;
  }
}
await testee.close();

const shown = VERBOSE ? problems : problems.slice(0, 20);
for (const p of shown) console.log(p);
if (failedTargets.size) {
  const top = [...failedTargets].sort((x, y) => y[1] - x[1]);
  console.log(
    `\nfailing (message version: count, ${top.length} in all): ${
      top.slice(0, 30).map(([k, n]) => `${k}: ${n}`).join(", ")
    }`,
  );
}
console.log(
  `\nkafka differential: ${targets.length} (message, version) targets x (${N} values + ${MUTATIONS} mutations), seed ${SEED}, ` +
    `${((Date.now() - started) / 1000).toFixed(1)} s`,
);
console.log(`${passed} passed, ${failed} failed`);
if (failed) process.exitCode = 1;
