/**
 * zstd beside its npm peers, all in one run, on a 1 MiB deterministic text corpus (JSON log
 * lines from `src/testdata/corpus.ts`):
 *
 * - compress: streamwire at levels 1, 3 and 9; the WASM builds of the reference library
 *   (`@bokuweb/zstd-wasm`, `zstd-codec`) at level 3 as the ceiling. `fzstd` cannot compress.
 * - decompress the same reference `-3` frame: streamwire (with and without checksum check),
 *   `fzstd` (pure JS, the fair peer), and both WASM builds.
 * - sizes: streamwire's output against the reference library's at levels 1, 3, 9 and 19.
 *
 * Peers that are not installed are skipped with a note. The machine is shared: compare the
 * ratios, which come from the same run.
 *
 * @module
 */

import { Bench } from "tinybench";
import { zstdCompress, zstdDecompress } from "../src/kafka/compression/zstd.ts";
import { recordsCorpus, textCorpus } from "../src/testdata/corpus.ts";
import { optionalImport } from "./_peers.ts";

const corpus = textCorpus(1 << 20);
const records = recordsCorpus(1000, 100);

type Simple = { compress(d: Uint8Array, level?: number): Uint8Array; decompress(d: Uint8Array): Uint8Array };
const fzstd = await optionalImport<{ decompress(d: Uint8Array): Uint8Array }>("fzstd");
const bokuModule = await optionalImport<any>("@bokuweb/zstd-wasm");
let boku: Simple | undefined;
if (bokuModule) {
  const m = bokuModule.default ?? bokuModule;
  await m.init();
  boku = { compress: (d, l) => m.compress(d, l), decompress: (d) => m.decompress(d) };
}
const codecModule = await optionalImport<any>("zstd-codec");
let codec: Simple | undefined;
if (codecModule) {
  const ZstdCodec = (codecModule.default ?? codecModule).ZstdCodec;
  codec = await new Promise<Simple>((resolve) => ZstdCodec.run((z: any) => resolve(new z.Simple())));
}

const same = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);
const reference = boku ?? codec;
const refFrame = reference ? reference.compress(corpus, 3) : zstdCompress(corpus, { level: 3 });
const ours3 = zstdCompress(corpus, { level: 3 });
// Every decoder must agree before it is timed.
for (const [name, d] of [["streamwire", zstdDecompress], ["fzstd", fzstd?.decompress]] as const) {
  if (d && !same(d(refFrame), corpus)) throw new Error(`${name} decodes the reference frame wrongly`);
}
if (reference && !same(reference.decompress(ours3), corpus)) {
  throw new Error("reference rejects streamwire's frame");
}

let sink = 0;
const MB = corpus.length / 1e6;
const bench = new Bench({ time: 1500, warmup: true });
const rows: { family: string; name: string }[] = [];
function add(family: string, name: string, fn: () => Uint8Array): void {
  bench.add(`${family}: ${name}`, () => void (sink ^= fn().length));
  rows.push({ family, name });
}

for (const level of [1, 3, 9]) {
  add("compress 1 MiB", `streamwire level ${level}`, () => zstdCompress(corpus, { level }));
}
if (boku) add("compress 1 MiB", "@bokuweb/zstd-wasm level 3 (WASM)", () => boku.compress(corpus, 3));
if (codec) add("compress 1 MiB", "zstd-codec level 3 (WASM)", () => codec.compress(corpus, 3));

add("decompress 1 MiB", "streamwire", () => zstdDecompress(refFrame));
add(
  "decompress 1 MiB",
  "streamwire, checksum not verified",
  () => zstdDecompress(refFrame, { verifyChecksum: false }),
);
if (fzstd) add("decompress 1 MiB", "fzstd (pure JS)", () => fzstd.decompress(refFrame));
if (boku) add("decompress 1 MiB", "@bokuweb/zstd-wasm (WASM)", () => boku.decompress(refFrame));
if (codec) add("decompress 1 MiB", "zstd-codec (WASM)", () => codec.decompress(refFrame));

// A Kafka-sized payload: 1000 records of 100-byte values (one RecordBatch body, ~130 KiB).
const recFrame = reference ? reference.compress(records, 3) : zstdCompress(records);
add("batch of 1000 records", "streamwire compress level 3", () => zstdCompress(records, { level: 3 }));
if (boku) {
  add("batch of 1000 records", "@bokuweb/zstd-wasm compress level 3 (WASM)", () => boku.compress(records, 3));
}
add("batch of 1000 records", "streamwire decompress", () => zstdDecompress(recFrame));
if (fzstd) add("batch of 1000 records", "fzstd decompress (pure JS)", () => fzstd.decompress(recFrame));
if (boku) {
  add("batch of 1000 records", "@bokuweb/zstd-wasm decompress (WASM)", () => boku.decompress(recFrame));
}

await bench.run();

const rate = new Map<string, number>();
for (const t of bench.tasks) {
  const r = t.result as { throughput?: { mean?: number } } | undefined;
  rate.set(t.name, r?.throughput?.mean ?? 0);
}
console.log(
  "\nzstd MB/s of uncompressed data; ratio = this row / the family's first streamwire row doing the same",
);
for (const row of rows) {
  const units = row.family.startsWith("batch") ? records.length / 1e6 : MB;
  const v = (rate.get(`${row.family}: ${row.name}`) ?? 0) * units;
  const op = (
    name: string,
  ): string => (name.includes("decompress") ? "d" : name.includes("compress") ? "c" : "");
  const first = rows.find((r) =>
    r.family === row.family && r.name.startsWith("streamwire") && op(r.name) === op(row.name)
  ) ??
    rows.find((r) =>
      r.family === row.family
    )!;
  const base = (rate.get(`${first.family}: ${first.name}`) ?? 0) * units;
  console.log(
    `  ${row.family.padEnd(22)} ${row.name.padEnd(44)} ${v.toFixed(1).padStart(8)} MB/s  ${
      (v / base).toFixed(2)
    }x`,
  );
}

console.log(`\nzstd sizes of the 1 MiB corpus (${corpus.length} bytes)`);
for (const level of [1, 3, 9, 19]) {
  const ours = zstdCompress(corpus, { level }).length;
  const ref = reference ? reference.compress(corpus, level).length : NaN;
  console.log(
    `  level ${String(level).padStart(2)}: streamwire ${ours} (${(corpus.length / ours).toFixed(2)}:1), ` +
      `reference ${ref} (${(corpus.length / ref).toFixed(2)}:1), streamwire/reference ${
        (ours / ref).toFixed(3)
      }`,
  );
}
if (sink === 0.5) console.log(sink);
