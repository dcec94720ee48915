/**
 * Deterministic, text-like payloads for the compression benchmark and tests: JSON log lines
 * of the kind Kafka topics carry (Zipf-distributed vocabulary, timestamps, ids, numbers), so
 * ratios resemble real topics rather than random bytes or a handful of repeated words.
 *
 * @module
 */

const VOCAB = (
  "the of and to in is for on that with as by at from this be are or an it was not have but all " +
  "order payment customer shipped delivered cancelled refund invoice cart checkout product item " +
  "warehouse stock inventory price discount coupon total amount currency account user session " +
  "login logout request response timeout retry error warning info debug trace latency service " +
  "gateway cluster broker topic partition offset consumer producer group commit rebalance leader " +
  "replica sync lag throughput bytes records batch compression snappy gzip zstd network socket " +
  "connection closed opened handshake token expired refreshed cache miss hit evicted database " +
  "query index table row column insert update delete select transaction rollback committed " +
  "europe america asia region zone datacenter primary secondary backup restore snapshot volume " +
  "memory cpu disk usage threshold exceeded alert notification email sms push mobile web desktop"
).split(" ");

const LEVELS = ["INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR"];
const SERVICES = ["checkout", "payments", "inventory", "shipping", "auth", "search", "catalog", "billing"];

/** A small deterministic PRNG (mulberry32) so every runtime builds the same bytes. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function zipfWord(rnd: () => number): string {
  // Rank ~ 1/x: a few words dominate, as in natural text.
  const r = Math.floor(Math.pow(VOCAB.length + 1, rnd())) - 1;
  return VOCAB[Math.min(VOCAB.length - 1, Math.max(0, r))];
}

function hex(rnd: () => number, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += "0123456789abcdef"[Math.floor(rnd() * 16)];
  return s;
}

/** One JSON log line (ends with "\n"). */
export function logLine(rnd: () => number, ts: number): string {
  const words: string[] = [];
  const n = 4 + Math.floor(rnd() * 12);
  for (let i = 0; i < n; i++) words.push(zipfWord(rnd));
  return JSON.stringify({
    ts,
    level: LEVELS[Math.floor(rnd() * LEVELS.length)],
    service: SERVICES[Math.floor(rnd() * SERVICES.length)],
    user: `u-${Math.floor(rnd() * 50000)}`,
    msg: words.join(" "),
    amount: Math.round(rnd() * 100000) / 100,
    trace: hex(rnd, 16),
  }) + "\n";
}

/** About `size` bytes of JSON log lines (exactly `size`: the last line is cut). */
export function textCorpus(size: number, seed = 42): Uint8Array {
  const rnd = prng(seed);
  const enc = new TextEncoder();
  const out = new Uint8Array(size);
  let at = 0;
  let ts = 1732912345000;
  while (at < size) {
    ts += Math.floor(rnd() * 50);
    const line = enc.encode(logLine(rnd, ts));
    const n = Math.min(line.length, size - at);
    out.set(line.subarray(0, n), at);
    at += n;
  }
  return out;
}

/**
 * `count` Kafka-like records of `valueSize`-byte values, serialized back to back the way a
 * RecordBatch v2 body is (a length varint, attributes, deltas, a 10-byte key, the value, no
 * headers), which is what Kafka hands to the codec.
 */
export function recordsCorpus(count = 1000, valueSize = 100, seed = 7): Uint8Array {
  const rnd = prng(seed);
  const enc = new TextEncoder();
  const chunks: number[] = [];
  const zigzag = (v: number) => {
    let z = (v << 1) ^ (v >> 31);
    while (z >= 0x80) {
      chunks.push((z & 0x7f) | 0x80);
      z >>>= 7;
    }
    chunks.push(z);
  };
  let ts = 0;
  for (let i = 0; i < count; i++) {
    ts += Math.floor(rnd() * 20);
    const value = enc.encode(logLine(rnd, 1732912345000 + ts)).subarray(0, valueSize);
    const key = enc.encode(`key-${String(Math.floor(rnd() * 1e6)).padStart(6, "0")}`);
    const body: number[] = [];
    const save = chunks.length;
    chunks.push(0); // attributes
    zigzag(ts);
    zigzag(i);
    zigzag(key.length);
    for (const b of key) chunks.push(b);
    zigzag(value.length);
    for (const b of value) chunks.push(b);
    zigzag(0); // header count
    body.push(...chunks.splice(save));
    zigzag(body.length);
    for (const b of body) chunks.push(b);
  }
  return Uint8Array.from(chunks);
}

/** The first record's timestamp in {@linkcode recordBatchWorkload}. */
export const RECORD_WORKLOAD_T0 = 1732912345000;

/**
 * The record-batch workload of the records benchmarks: `count` records with 10-byte keys,
 * 100-byte log-line values and consecutive timestamps, as a `RecordBatchInit`-shaped object.
 */
export function recordBatchWorkload(count = 1000, seed = 11): {
  records: { key: Uint8Array; value: Uint8Array; timestamp: number }[];
  baseOffset: number;
  partitionLeaderEpoch: number;
  producerEpoch: number;
  baseSequence: number;
} {
  const t0 = RECORD_WORKLOAD_T0;
  const rnd = prng(seed);
  const enc = new TextEncoder();
  const records = Array.from({ length: count }, (_, i) => ({
    key: enc.encode(`key-${String(i).padStart(6, "0")}`),
    value: enc.encode(logLine(rnd, t0 + i).padEnd(100, " ").slice(0, 100)),
    timestamp: t0 + i,
  }));
  return { records, baseOffset: 0, partitionLeaderEpoch: 0, producerEpoch: 0, baseSequence: 0 };
}
