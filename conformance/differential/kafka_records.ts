/**
 * Differential test of streamwire's Kafka record formats against the current pinned kafka-clients
 * (tools/codegen/inputs.json; the records testee of conformance/kafka-oracle, `records.sh testee`).
 *
 * 1. Random `records` fields — every magic (0, 1, 2), every codec it allows, headers, null
 *    keys/values, transactional and control batches, LogAppendTime, several batches and
 *    sometimes a partial trailing batch — are encoded by streamwire; Kafka's reader must accept
 *    them and decode the same JSON form streamwire decodes, and streamwire's decode must give
 *    back the records it was asked to write.
 * 2. Mutations of those bytes (a byte flipped, a cut): both sides accept with the same value, or
 *    both reject with the same code (Kafka's rejection through the oracle's one table,
 *    RecordsOracle.REJECTIONS, the table the record vectors' codes come from).
 * 3. Kafka's builders write batches (each codec, each magic) that streamwire must decode to the
 *    same JSON form as Kafka.
 * 4. Per codec, the size of streamwire's compressed batch against Kafka's on a text corpus.
 *
 * Usage: `deno task differential:records [--n 300] [--seed 1] [--verbose]`.
 *
 * @module
 */

import { spawn } from "node:child_process";
import { join } from "node:path";
import { repoRoot } from "../lib/files.ts";
import { setExitCode } from "../lib/runtime.ts";
import { parseArgs } from "../lib/args.ts";
import { jsonDiff } from "../lib/json.ts";
import { fromHex, toHex } from "../../src/wire/hex.ts";
import { isWireError } from "../../src/wire/error.ts";
import {
  COMPRESSION_NAMES,
  encodeEndTxnMarkerBatch,
  encodeMessageSet,
  encodeRecordBatch,
  type MessageSetInit,
  type RecordBatchInit,
} from "../../src/kafka/records/mod.ts";
import { createCodecRegistry } from "../../src/kafka/compression/mod.ts";
import { recordSetToJson } from "../adapters/kafka_records.ts";
import { logLine, prng } from "../../src/testdata/corpus.ts";
import { Rng } from "./_rng.ts";
import { kafkaClientsPins } from "../../tools/codegen/pins.ts";

/** All four codecs: the random batches use every compression type. */
const codecs = createCodecRegistry();
const { flags } = parseArgs({
  usage: "deno task differential:records [flags]",
  summary: "Record batches and message sets encoded by streamwire, decoded by kafka-clients (and back).",
  flags: {
    n: { kind: "number", help: "random record sets", default: 300 },
    seed: { kind: "number", help: "PRNG seed", default: 1 },
    verbose: { kind: "boolean", help: "print every case" },
  },
});
const n = flags.n;
const seed = flags.seed;
const verbose = flags.verbose;

interface Answer {
  id: number;
  ok: boolean;
  value?: any;
  hex?: string;
  code?: string | null;
  detail?: string;
}

/** The Java records testee: one process, JSON lines, answers in order. */
class RecordsTestee {
  private child = spawn("bash", [join(repoRoot(), "conformance", "kafka-oracle", "records.sh"), "testee"], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  private buffered = "";
  private waiting = new Map<number, (a: Answer) => void>();
  private nextId = 1;
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

  async run(requests: Record<string, unknown>[]): Promise<Answer[]> {
    const promises: Promise<Answer>[] = [];
    let text = "";
    for (const r of requests) {
      const id = this.nextId++;
      promises.push(new Promise((resolve) => this.waiting.set(id, resolve)));
      text += JSON.stringify({ ...r, id }) + "\n";
    }
    this.child.stdin!.write(text);
    const failed = this.exited.then((code) => {
      throw new Error(`records testee exited (${code}) with ${this.waiting.size} answer(s) outstanding`);
    });
    return await Promise.race([Promise.all(promises), failed]);
  }

  async close(): Promise<void> {
    this.child.stdin!.end();
    await this.exited;
  }
}

// ---- generators ---------------------------------------------------------------------------

const T0 = 1_700_000_000_000;

function maybeBytes(rng: Rng, max: number): Uint8Array | null {
  if (rng.chance(0.15)) return null;
  if (rng.chance(0.5)) return new TextEncoder().encode(rng.str(0, max));
  return rng.bytes(rng.len(0, max));
}

/** One random v2 batch starting at `offset`; returns its init and how many offsets it uses. */
function v2Batch(
  rng: Rng,
  offset: number,
): { init: RecordBatchInit | "marker"; bytes: Uint8Array; span: number } {
  if (rng.chance(0.1)) {
    const bytes = encodeEndTxnMarkerBatch({
      marker: rng.bool() ? "commit" : "abort",
      baseOffset: offset,
      producerId: rng.int(0, 1 << 30),
      producerEpoch: rng.int(0, 32767),
      coordinatorEpoch: rng.int(-1, 1 << 20),
      timestamp: T0 + rng.int(0, 1e6),
      partitionLeaderEpoch: rng.int(-1, 100),
    });
    return { init: "marker", bytes, span: 1 };
  }
  const count = rng.chance(0.05) ? 0 : rng.len(1, 30);
  const idempotent = rng.chance(0.4);
  const logAppend = rng.chance(0.15);
  const records = Array.from({ length: count }, () => ({
    key: maybeBytes(rng, 40),
    value: rng.chance(0.05) ? rng.bytes(rng.int(1000, 20000)) : maybeBytes(rng, 300),
    timestamp: T0 + rng.int(-5000, 5000),
    headers: rng.chance(0.3)
      ? Array.from({ length: rng.int(1, 4) }, () => ({ key: rng.str(0, 20), value: maybeBytes(rng, 30) }))
      : undefined,
  }));
  const init: RecordBatchInit = {
    baseOffset: offset,
    partitionLeaderEpoch: rng.int(-1, 1000),
    compression: rng.pick([0, 0, 1, 2, 3, 4] as const),
    timestampType: logAppend ? 1 : 0,
    maxTimestamp: logAppend ? T0 + 99_999 : undefined,
    isTransactional: idempotent && rng.chance(0.5),
    hasDeleteHorizon: rng.chance(0.05),
    producerId: idempotent ? rng.int(0, 1 << 30) : -1,
    producerEpoch: idempotent ? rng.int(0, 32767) : -1,
    baseSequence: idempotent ? rng.int(0, 1 << 30) : -1,
    records,
  };
  return { init, bytes: encodeRecordBatch(init, { codecs }), span: Math.max(count, 1) };
}

function legacySet(
  rng: Rng,
  magic: 0 | 1,
  offset: number,
): { init: MessageSetInit; bytes: Uint8Array; span: number } {
  const count = rng.len(1, 20);
  const logAppend = magic === 1 && rng.chance(0.2);
  const init: MessageSetInit = {
    magic,
    baseOffset: offset,
    compression: rng.pick([0, 0, 1, 2, 3] as const),
    timestampType: logAppend ? 1 : 0,
    logAppendTime: logAppend ? T0 + 12345 : undefined,
    records: Array.from({ length: count }, () => ({
      key: maybeBytes(rng, 30),
      value: maybeBytes(rng, 200),
      timestamp: T0 + rng.int(0, 10_000),
    })),
  };
  return { init, bytes: encodeMessageSet(init, { codecs }), span: count };
}

interface Case {
  bytes: Uint8Array;
  parts: { magic: number; compression: number; init: RecordBatchInit | MessageSetInit | "marker" }[];
  partial: number;
}

function randomCase(rng: Rng): Case {
  const batches = rng.len(1, 4);
  const allV2 = rng.chance(0.5);
  const chunks: Uint8Array[] = [];
  const parts: Case["parts"] = [];
  let offset = rng.chance(0.2) ? rng.int(0, 2 ** 31) * 1000 : rng.int(0, 1000);
  for (let i = 0; i < batches; i++) {
    const magic = allV2 ? 2 : rng.pick([0, 1, 2] as const);
    const b = magic === 2 ? v2Batch(rng, offset) : legacySet(rng, magic, offset);
    chunks.push(b.bytes);
    parts.push({
      magic,
      compression: b.init === "marker" ? 0 : (b.init.compression ?? 0),
      init: b.init,
    });
    offset += b.span;
  }
  let partial = 0;
  if (rng.chance(0.2)) {
    const next = v2Batch(rng, offset).bytes;
    partial = rng.int(1, next.length - 1);
    chunks.push(next.subarray(0, partial));
  }
  const bytes = new Uint8Array(chunks.reduce((s, c) => s + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return { bytes, parts, partial };
}

// ---- checks -------------------------------------------------------------------------------

function localJson(
  bytes: Uint8Array,
): { ok: true; value: any } | { ok: false; code: string; detail: string } {
  try {
    return { ok: true, value: recordSetToJson(bytes) };
  } catch (e) {
    if (!isWireError(e)) throw e;
    return { ok: false, code: e.code, detail: e.message };
  }
}

/** Our decode gives back what we were asked to encode (offsets, timestamps, keys, values, headers). */
function checkIntent(c: Case, value: any): string | null {
  if (value.partialBytes !== c.partial) return `partialBytes ${value.partialBytes}, wanted ${c.partial}`;
  const hex = (b: Uint8Array | null | undefined) => (b == null ? null : toHex(b));
  let at = 0;
  for (let i = 0; i < c.parts.length; i++) {
    const p = c.parts[i];
    if (p.init === "marker") {
      if (value.batches[at++]?.records?.[0]?.control === undefined) return `batch ${i}: not a control batch`;
      continue;
    }
    const want = p.init.records;
    // An uncompressed legacy set is one entry per message; anything else is one batch.
    let records: any[];
    if (p.magic !== 2 && p.compression === 0) {
      records = value.batches.slice(at, at + want.length);
      at += want.length;
    } else {
      const got = value.batches[at++];
      if (got === undefined) return `batch ${i} missing`;
      records = got.records ?? [];
    }
    if (records.length !== want.length) return `batch ${i}: ${records.length} records, wanted ${want.length}`;
    for (let j = 0; j < want.length; j++) {
      const w = want[j] as any;
      const r = records[j];
      if (r.key !== hex(w.key) || r.value !== hex(w.value)) return `batch ${i} record ${j}: key/value differ`;
      let ts: unknown = w.timestamp;
      if (p.magic === 2 && (p.init as RecordBatchInit).timestampType === 1) {
        ts = (p.init as RecordBatchInit).maxTimestamp;
      }
      if (p.magic === 1 && (p.init as MessageSetInit).timestampType === 1) {
        ts = (p.init as MessageSetInit).logAppendTime;
      }
      if (p.magic !== 0 && r.timestamp !== String(ts)) {
        return `batch ${i} record ${j}: timestamp ${r.timestamp}, wanted ${ts}`;
      }
      if (p.magic === 2) {
        const d = jsonDiff(
          r.headers,
          (w.headers ?? []).map((h: any) => ({ key: h.key, value: hex(h.value) })),
        );
        if (d) return `batch ${i} record ${j}: headers ${d}`;
      }
      const wantOffset = BigInt((p.init as any).baseOffset) + BigInt(j);
      if (r.offset !== String(wantOffset)) {
        return `batch ${i} record ${j}: offset ${r.offset}, wanted ${wantOffset}`;
      }
    }
  }
  if (at !== value.batches.length) return `${value.batches.length} batches, wanted ${at}`;
  return null;
}

const testee = new RecordsTestee();
const rng = new Rng(seed);
const failures: string[] = [];
const tally = new Map<string, { passed: number; failed: number }>();
const count = (key: string, ok: boolean, note?: string) => {
  const t = tally.get(key) ?? { passed: 0, failed: 0 };
  if (ok) t.passed++;
  else {
    t.failed++;
    if (failures.length < 50) failures.push(`${key}: ${note}`);
  }
  tally.set(key, t);
};

// 1. streamwire encodes, Kafka decodes.
const cases = Array.from({ length: n }, () => randomCase(rng));
const answers = await testee.run(cases.map((c) => ({ hex: toHex(c.bytes) })));
for (let i = 0; i < cases.length; i++) {
  const c = cases[i];
  const a = answers[i];
  const kinds = [...new Set(c.parts.map((p) => `magic ${p.magic} ${COMPRESSION_NAMES[p.compression]}`))];
  const mine = localJson(c.bytes);
  let note: string | null = null;
  if (!a.ok) note = `Kafka rejected streamwire's bytes: ${a.code} ${a.detail}`;
  else if (!mine.ok) note = `streamwire rejected its own bytes: ${mine.code} ${mine.detail}`;
  else note = jsonDiff(mine.value, a.value) ?? checkIntent(c, mine.value);
  for (const k of kinds) count(`encode: ${k}`, note === null, `case ${i}: ${note}`);
  if (verbose && note) console.log(`case ${i}: ${note}\n  ${toHex(c.bytes).slice(0, 400)}`);
}

// 2. Mutations: same verdict on both sides.
const mutated: Uint8Array[] = [];
for (const c of cases) {
  const b = c.bytes.slice();
  if (rng.chance(0.5) && b.length > 0) b[rng.int(0, b.length - 1)] ^= 1 << rng.int(0, 7);
  mutated.push(rng.chance(0.3) ? b.subarray(0, rng.int(0, b.length)) : b);
}
const mutAnswers = await testee.run(mutated.map((b) => ({ hex: toHex(b) })));
for (let i = 0; i < mutated.length; i++) {
  const mine = localJson(mutated[i]);
  const a = mutAnswers[i];
  let note: string | null = null;
  if (mine.ok !== a.ok) {
    note = mine.ok
      ? `Kafka rejects (${a.code}: ${a.detail}), streamwire accepts`
      : `streamwire rejects (${mine.code}), Kafka accepts`;
  } else if (mine.ok) note = jsonDiff(mine.value, a.value);
  else if (a.code == null) note = `no row of RecordsOracle.REJECTIONS maps Kafka's rejection: ${a.detail}`;
  else if (a.code !== mine.code) {
    note = `codes differ: Kafka ${a.code} (${a.detail}), streamwire ${mine.code} (${mine.detail})`;
  }
  count(mine.ok || a.ok ? "mutation parity" : "mutation code", note === null, `case ${i}: ${note}`);
}

// 3. Kafka encodes (its own compressors), streamwire decodes.
const builds: Record<string, unknown>[] = [];
for (let i = 0; i < Math.max(20, n / 5); i++) {
  const magic = rng.pick([0, 1, 2, 2]);
  const compression = rng.pick(
    magic === 2 ? ["none", "gzip", "snappy", "lz4", "zstd"] : ["none", "gzip", "snappy", "lz4"],
  );
  const records = Array.from({ length: rng.len(1, 50) }, () => ({
    key: rng.chance(0.2) ? null : toHex(maybeBytes(rng, 20) ?? new Uint8Array()),
    value: rng.chance(0.1)
      ? null
      : toHex(rng.chance(0.5) ? new TextEncoder().encode(rng.str(0, 400)) : rng.bytes(rng.len(0, 400))),
    timestamp: String(T0 + rng.int(0, 10_000)),
  }));
  builds.push({ op: "build", magic, compression, records });
}
const built = await testee.run(builds);
const builtDecoded = await testee.run(built.map((b) => ({ hex: b.hex ?? "" })));
for (let i = 0; i < built.length; i++) {
  const key = `Kafka-built: magic ${builds[i].magic} ${builds[i].compression}`;
  if (!built[i].ok || !builtDecoded[i].ok) {
    count(key, false, `Kafka failed: ${built[i].detail ?? builtDecoded[i].detail}`);
    continue;
  }
  const mine = localJson(fromHex(built[i].hex!));
  count(
    key,
    mine.ok && jsonDiff(mine.value, builtDecoded[i].value) === null,
    mine.ok ? jsonDiff(mine.value, builtDecoded[i].value) ?? "" : mine.code,
  );
}

// 4. Compressed size against Kafka's on JSON log lines (1000 records of about 150 bytes).
const rnd = prng(7);
const lines = Array.from({ length: 1000 }, (_, i) => new TextEncoder().encode(logLine(rnd, T0 + i * 7)));
const corpusRecords = lines.map((value, i) => ({
  key: new TextEncoder().encode(`user-${i % 97}`),
  value,
  timestamp: T0 + i,
}));
const ratioReqs = ["gzip", "snappy", "lz4", "zstd"].map((compression) => ({
  op: "build",
  magic: 2,
  compression,
  records: corpusRecords.map((r) => ({
    key: toHex(r.key),
    value: toHex(r.value),
    timestamp: String(r.timestamp),
  })),
}));
const ratioAnswers = await testee.run(ratioReqs);
const plain = encodeRecordBatch({ records: corpusRecords }).length;
console.log(`\ncompressed batch size on ${lines.length} JSON log lines (${plain} bytes uncompressed):`);
for (let i = 0; i < ratioReqs.length; i++) {
  const name = ratioReqs[i].compression;
  const ours = encodeRecordBatch({ compression: (i + 1) as 1 | 2 | 3 | 4, records: corpusRecords }, {
    codecs,
  });
  const theirs = fromHex(ratioAnswers[i].hex ?? "");
  const same =
    jsonDiff(recordSetToJson(ours).batches[0].records, recordSetToJson(theirs).batches[0].records) === null;
  console.log(
    `  ${name.padEnd(7)} streamwire ${String(ours.length).padStart(7)} B, Kafka ${
      String(theirs.length).padStart(7)
    } B, ` +
      `ratio ${(ours.length / theirs.length).toFixed(3)}${same ? "" : "  (records differ!)"}`,
  );
  count(`size: ${name}`, same, "records differ");
}

await testee.close();

console.log(
  `\nkafka records differential (streamwire vs kafka-clients ${kafkaClientsPins().current.label}):`,
);
for (const [k, t] of [...tally].sort()) {
  console.log(
    `  ${k.padEnd(40)} ${String(t.passed).padStart(5)} passed ${String(t.failed).padStart(4)} failed`,
  );
}
for (const f of failures) console.log(`  FAIL ${f}`);
const passed = [...tally.values()].reduce((s, t) => s + t.passed, 0);
const failed = [...tally.values()].reduce((s, t) => s + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
if (failed > 0) setExitCode(1);
