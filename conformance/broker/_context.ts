/**
 * Shared state of the end-to-end suite: arguments, the run context, request helpers, record builders and produce/fetch helpers. Part of the end-to-end suite run by e2e.ts (see README.md).
 *
 * @module
 */

import process from "node:process";
import { type Init, ZERO_UUID } from "../../src/kafka/codec.ts";
import { apiInfo, type RequestOf, type ResponseOf } from "../../src/kafka/api.ts";
import { KAFKA_ERROR as E } from "../../src/kafka/_generated/errors.ts";
import type { RequestTypes } from "../../src/kafka/messages/_table.ts";
import { supportedVersions } from "../../src/kafka/versions.ts";
import { ApiKey } from "../../src/kafka/messages/api_keys.ts";
import {
  type AnyRecordBatch,
  type CompressionType,
  decodeRecordSet as decodeRecordSetWith,
  encodeMessageSet as encodeMessageSetWith,
  encodeRecordBatch as encodeRecordBatchWith,
} from "../../src/kafka/records/mod.ts";
import { createCodecRegistry } from "../../src/kafka/compression/mod.ts";
import { ApiFailure, describeErrors, findErrorCodes, type Matrix } from "./_harness.ts";
import { BrokerSocket } from "./socket.ts";
import type { RequestRecorder } from "./_requestlog.ts";
// The record codecs with all four compression codecs registered (the library registers none).
const codecs = createCodecRegistry();
/** `decodeRecordSet` with every codec. */
export const decodeRecordSet: typeof decodeRecordSetWith = (b, o) => decodeRecordSetWith(b, { codecs, ...o });
/** `encodeMessageSet` with every codec. */
export const encodeMessageSet: typeof encodeMessageSetWith = (i, o) =>
  encodeMessageSetWith(i, { codecs, ...o });
/** `encodeRecordBatch` with every codec. */
export const encodeRecordBatch: typeof encodeRecordBatchWith = (i, o) =>
  encodeRecordBatchWith(i, { codecs, ...o });

// ---------------------------------------------------------------------------------------------
// Arguments

export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export function hostPort(s: string): { host: string; port: number } {
  const i = s.lastIndexOf(":");
  return { host: s.slice(0, i), port: Number(s.slice(i + 1)) };
}

/**
 * Names carry non-ASCII characters (2-, 3- and 4-byte UTF-8) wherever Kafka allows them, so that
 * every string length on the wire is a byte count, not a character count.
 */
export const CLIENT_ID = "streamwire-e2e-ü✓";
export const enc = new TextEncoder();
export const dec = new TextDecoder();
export const b = (s: string | null): Uint8Array | null => (s === null ? null : enc.encode(s));
export const str = (u: Uint8Array | null): string | null => (u === null ? null : dec.decode(u));
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How long a wait for broker state may take before it gives up: wall clock, not a count of tries. */
export const SETTLE_MS = 30_000;

/**
 * Waits for broker state that nothing pushes to a client — metadata and configs propagating
 * through the KRaft log, a group reconciling, a coordinator loading, an acks=0 batch landing:
 * `probe` runs until `done(value)` holds, backing off from 25 ms to 500 ms between tries, for at
 * most `timeoutMs` (default {@linkcode SETTLE_MS}) of wall clock. The bound is time, not a number of
 * tries, so a loaded machine gets the same patience as an idle one. On giving up it throws,
 * saying what it waited for, for how long, how many tries, and the last state (`show`).
 */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T>,
  done: (v: T) => boolean,
  opts: { timeoutMs?: number; show?: (v: T) => string } = {},
): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? SETTLE_MS;
  const start = Date.now();
  let delay = 25;
  for (let tries = 1;; tries++) {
    const v = await probe();
    if (done(v)) {
      // BROKER_WAITS=1: how long each wait took (the margin under load).
      if (process.env.BROKER_WAITS) console.error(`wait: ${what}: ${tries} tries, ${Date.now() - start} ms`);
      return v;
    }
    const left = start + timeoutMs - Date.now();
    if (left <= 0) {
      const last = opts.show ? `; last: ${opts.show(v)}` : "";
      throw new Error(
        `gave up waiting for ${what} after ${tries} tries in ${
          ((Date.now() - start) / 1000).toFixed(1)
        } s${last}`,
      );
    }
    await sleep(Math.min(delay, left));
    delay = Math.min(delay * 2, 500);
  }
}

/**
 * {@linkcode eventually} for a loop with state: runs `step` (a heartbeat, a describe) until
 * `cond()` holds — checked before the first step — under the same time bound and backoff.
 */
export async function repeatUntil(
  what: string,
  cond: () => boolean,
  step: () => Promise<void>,
  opts: { timeoutMs?: number; show?: () => string } = {},
): Promise<void> {
  if (cond()) return;
  const show = opts.show;
  await eventually(
    what,
    async () => {
      await step();
      return cond();
    },
    (ok) => ok,
    { timeoutMs: opts.timeoutMs, show: show && (() => show()) },
  );
}

// ---------------------------------------------------------------------------------------------
// Keys (for readability of the scenario code): the generated table of every API key.

export const K = ApiKey;

// ---------------------------------------------------------------------------------------------
// Context and request helpers

export interface Ctx {
  m: Matrix;
  broker: string;
  major: number;
  host: string;
  port: number;
  saslHost: string;
  saslPort: number;
  user: string;
  password: string;
  /**
   * Which versions are under test: step n puts every API at its (n+1)-th oldest accepted version
   * (capped at its highest); Infinity is the highest of each.
   */
  step: number;
  /** A negotiated connection (PLAINTEXT). */
  s: BrokerSocket;
  /** Topic name -> id (from Metadata at the highest version). */
  ids: Map<string, string>;
  /** A per-run prefix keeping names unique across modes and reruns. */
  prefix: string;
  /** Every request and response, for the comparison with the broker's request log. */
  recorder: RequestRecorder;
}

/**
 * Correlation ids are unique across the whole run (each connection starts 100 000 above the
 * previous one), so a request in the broker's log is found even when the OS reuses a client port.
 */
export let nextCorrelationBase = 100_000;

/** A new connection recording its traffic. */
export function open(ctx: Ctx, host: string, port: number, timeoutMs?: number): Promise<BrokerSocket> {
  const firstCorrelationId = nextCorrelationBase;
  nextCorrelationBase += 100_000;
  return BrokerSocket.connect(host, port, {
    clientId: CLIENT_ID,
    timeoutMs,
    recorder: ctx.recorder,
    firstCorrelationId,
  });
}

/**
 * The oldest version of `apiKey` both sides support and the broker really accepts. Kafka 4.x
 * advertises Produce v0-2 (so that old librdkafka keeps working, KAFKA-18659) but closes the
 * connection on them; produceAndFetch checks that separately.
 */
export function lowest(ctx: Ctx, apiKey: number): number {
  const r = ctx.s.conn.brokerVersions(apiKey);
  const ours = supportedVersions(apiKey);
  if (r === undefined || ours === undefined) return ctx.s.conn.version(apiKey);
  const min = Math.max(r.min, ours.min);
  return apiKey === K.Produce && ctx.major >= 4 ? Math.max(min, 3) : min;
}

/** The version of `apiKey` under test at this step. */
export function V(ctx: Ctx, apiKey: number): number {
  const hi = ctx.s.conn.version(apiKey);
  if (ctx.step === Infinity) return hi;
  return Math.min(lowest(ctx, apiKey) + ctx.step, hi);
}

/** True at the step that tests the highest versions. */
export function atMax(ctx: Ctx): boolean {
  return ctx.step === Infinity;
}

/** The highest negotiated version (setup steps that are not under test use it). */
export function MAX(ctx: Ctx, apiKey: number): number {
  return ctx.s.conn.version(apiKey);
}

export function has(ctx: Ctx, apiKey: number): boolean {
  return ctx.s.conn.tryVersion(apiKey) !== undefined;
}

export function errorMessages(body: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (v === null || typeof v !== "object" || v instanceof Uint8Array) return;
    if (Array.isArray(v)) return v.forEach(walk);
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (/errormessage$/i.test(k) && typeof x === "string") out.push(x);
      else if (typeof x === "object") walk(x);
    }
  };
  walk(body);
  return out;
}

export interface CallOptions {
  /** Error codes the step expects (not failures). */
  allow?: readonly number[];
  /** Error codes to retry on (with a short backoff) before giving up. */
  retry?: readonly number[];
  /** Connection to use (default the context's). */
  on?: BrokerSocket;
}

/**
 * Sends a request at `version` and returns the decoded body. Any error code in the response that
 * is not in `allow` is a failure of this API at this version (printed by name).
 */
export async function call<Key extends keyof RequestTypes>(
  ctx: Ctx,
  apiKey: Key,
  version: number,
  body: Init<RequestOf<Key>>,
  options?: CallOptions,
): Promise<ResponseOf<Key>> {
  const s = options?.on ?? ctx.s;
  const retry = options?.retry ?? [];
  // Retriable codes (a coordinator loading, a leader moving) are retried for SETTLE_MS of wall
  // clock, backing off; past that the failure says how long they lasted.
  const start = Date.now();
  let delay = 25;
  for (let attempt = 1;; attempt++) {
    let res: ResponseOf<Key>;
    try {
      res = (await s.send(apiKey, body, version)).body as ResponseOf<Key>;
    } catch (e) {
      throw new ApiFailure(apiKey, version, `request/response failed: ${e instanceof Error ? e.message : e}`);
    }
    const errors = findErrorCodes(res);
    const retriable = errors.length > 0 && errors.every((x) => retry.includes(x.code));
    if (retriable && Date.now() - start < SETTLE_MS) {
      await sleep(delay);
      delay = Math.min(delay * 2, 500);
      continue;
    }
    if (attempt > 1 && process.env.BROKER_WAITS) {
      console.error(
        `wait: retried ${apiInfo(apiKey)?.name ?? apiKey} v${version}: ${attempt} tries, ${
          Date.now() - start
        } ms`,
      );
    }
    if (retriable) {
      throw new ApiFailure(
        apiKey,
        version,
        `still ${describeErrors(errors)} after ${attempt} tries in ${
          ((Date.now() - start) / 1000).toFixed(1)
        } s`,
      );
    }
    const unexpected = errors.filter((x) => !(options?.allow ?? []).includes(x.code));
    if (unexpected.length > 0) {
      const msgs = errorMessages(res);
      throw new ApiFailure(
        apiKey,
        version,
        `unexpected broker error ${describeErrors(unexpected)}${msgs.length ? ` (${msgs.join("; ")})` : ""}`,
      );
    }
    return res;
  }
}

/** Asserts a fact about a response of `apiKey` at `version`. */
export function expect(cond: unknown, apiKey: number, version: number, what: string): asserts cond {
  if (!cond) throw new ApiFailure(apiKey, version, what);
}

export function eqBytes(a: Uint8Array | null, c: Uint8Array | null): boolean {
  if (a === null || c === null) return a === c;
  return a.length === c.length && a.every((x, i) => x === c[i]);
}

/** Topic reference for request/response bodies: name before `idFrom`, topic id from it on. */
export function topicRef(
  ctx: Ctx,
  topic: string,
  version: number,
  idFrom: number,
  nameField = "name",
): Record<string, string> {
  if (version >= idFrom) return { topicId: topicId(ctx, topic) };
  return { [nameField]: topic };
}

/** allowAutoTopicCreation exists from Metadata v4; before, it must stay at its default (true). */
export function noAutoCreate(v: number): { allowAutoTopicCreation?: boolean } {
  return v >= 4 ? { allowAutoTopicCreation: false } : {};
}

export function topicId(ctx: Ctx, topic: string): string {
  const id = ctx.ids.get(topic);
  if (id === undefined || id === ZERO_UUID) throw new Error(`no topic id known for ${topic}`);
  return id;
}

// ---------------------------------------------------------------------------------------------
// Records

export interface Rec {
  key: string | null;
  value: string | null;
  headers?: [string, string | null][];
}

export interface BatchSpec {
  compression?: CompressionType;
  producerId?: bigint;
  producerEpoch?: number;
  baseSequence?: number;
  transactional?: boolean;
}

/** The record format a Produce version carries: magic 0 (v0-1), 1 (v2), 2 (v3+). */
export function magicForProduce(v: number): 0 | 1 | 2 {
  return v <= 1 ? 0 : v === 2 ? 1 : 2;
}

/** The record format a Fetch version returns: magic 0 (v0-1), 1 (v2-3), 2 (v4+). */
export function magicForFetch(v: number): 0 | 1 | 2 {
  return v <= 1 ? 0 : v <= 3 ? 1 : 2;
}

export function buildRecords(recs: readonly Rec[], magic: 0 | 1 | 2, spec: BatchSpec = {}): Uint8Array {
  const now = Date.now();
  if (magic < 2) {
    if (spec.compression === 4) throw new Error("zstd cannot be carried by magic 0/1");
    return encodeMessageSet({
      magic: magic as 0 | 1,
      compression: (spec.compression ?? 0) as 0 | 1 | 2 | 3,
      records: recs.map((r, i) => ({
        key: b(r.key),
        value: b(r.value),
        timestamp: magic === 1 ? now + i : undefined,
      })),
    });
  }
  return encodeRecordBatch({
    compression: spec.compression ?? 0,
    producerId: spec.producerId ?? -1n,
    producerEpoch: spec.producerEpoch ?? -1,
    baseSequence: spec.baseSequence ?? -1,
    isTransactional: spec.transactional ?? false,
    records: recs.map((r, i) => ({
      key: b(r.key),
      value: b(r.value),
      timestamp: now + i,
      headers: (r.headers ?? []).map(([k, v]) => ({ key: k, value: b(v) })),
    })),
  });
}

export interface ReadRecord {
  offset: bigint;
  key: string | null;
  value: string | null;
  headers: [string, string | null][];
  batch: AnyRecordBatch;
}

export function recordsOf(batches: readonly AnyRecordBatch[]): ReadRecord[] {
  const out: ReadRecord[] = [];
  for (const batch of batches) {
    if (batch.isControl) continue;
    for (const r of batch.toArray()) {
      out.push({
        offset: r.offset,
        key: str(r.key),
        value: str(r.value),
        headers: r.headers.map((h) => [h.key, str(h.value)] as [string, string | null]),
        batch,
      });
    }
  }
  return out;
}

export function sameRecord(a: ReadRecord, e: Rec, withHeaders: boolean): boolean {
  if (a.key !== e.key || a.value !== e.value) return false;
  if (!withHeaders) return true;
  const eh = e.headers ?? [];
  return a.headers.length === eh.length && a.headers.every(([k, v], i) => k === eh[i][0] && v === eh[i][1]);
}

// ---------------------------------------------------------------------------------------------
// Produce and fetch helpers

export async function produce(
  ctx: Ctx,
  version: number,
  topic: string,
  partition: number,
  records: Uint8Array,
  opts: { acks?: number; transactionalId?: string | null; allow?: readonly number[]; on?: BrokerSocket } = {},
): Promise<
  { errorCode: number; baseOffset: bigint; logAppendTimeMs: bigint; logStartOffset: bigint } | undefined
> {
  const acks = opts.acks ?? -1;
  const body = {
    transactionalId: opts.transactionalId ?? null,
    acks,
    timeoutMs: 30000,
    topicData: [{ ...topicRef(ctx, topic, version, 13), partitionData: [{ index: partition, records }] }],
  };
  if (acks === 0) {
    const s = opts.on ?? ctx.s;
    s.sendOnly(s.conn.request(K.Produce, body, { version }));
    return undefined;
  }
  const res = await call(ctx, K.Produce, version, body, {
    allow: opts.allow,
    on: opts.on,
    retry: [E.NOT_LEADER_OR_FOLLOWER],
  });
  expect(res.responses.length === 1, K.Produce, version, `${res.responses.length} topic responses`);
  const t = res.responses[0];
  if (version >= 13) {
    expect(t.topicId === topicId(ctx, topic), K.Produce, version, `response topicId ${t.topicId}`);
  } else expect(t.name === topic, K.Produce, version, `response topic ${t.name}`);
  const p = t.partitionResponses[0];
  expect(p !== undefined && p.index === partition, K.Produce, version, "partition response missing");
  return p;
}

export interface FetchOpts {
  isolation?: number;
  maxBytes?: number;
  allow?: readonly number[];
}

export async function fetchOnce(
  ctx: Ctx,
  version: number,
  topic: string,
  partition: number,
  offset: bigint,
  opts: FetchOpts = {},
) {
  const res = await call(ctx, K.Fetch, version, {
    replicaId: -1,
    maxWaitMs: 50,
    minBytes: 1,
    maxBytes: 4 << 20,
    isolationLevel: opts.isolation ?? 0,
    sessionId: 0,
    sessionEpoch: -1,
    topics: [{
      ...topicRef(ctx, topic, version, 13, "topic"),
      partitions: [{
        partition,
        fetchOffset: offset,
        partitionMaxBytes: opts.maxBytes ?? (1 << 20),
        logStartOffset: -1n,
      }],
    }],
    forgottenTopicsData: [],
    rackId: "",
  }, { allow: opts.allow });
  expect(res.responses.length === 1, K.Fetch, version, `${res.responses.length} topic responses`);
  const t = res.responses[0];
  if (version >= 13) {
    expect(t.topicId === topicId(ctx, topic), K.Fetch, version, `response topicId ${t.topicId}`);
  } else expect(t.topic === topic, K.Fetch, version, `response topic ${t.topic}`);
  const p = t.partitions[0];
  expect(p !== undefined && p.partitionIndex === partition, K.Fetch, version, "partition data missing");
  return p;
}

/** Fetches a partition from `from` up to its high watermark (or last stable offset), decoding every batch. */
export async function fetchAll(
  ctx: Ctx,
  version: number,
  topic: string,
  partition: number,
  from = 0n,
  opts: FetchOpts = {},
) {
  let offset = from;
  const batches: AnyRecordBatch[] = [];
  let last;
  // Each fetch long-polls (maxWaitMs) when nothing is there yet: the broker answers as soon as a
  // batch lands, so no sleep is needed between fetches; the loop is bounded by SETTLE_MS.
  const start = Date.now();
  for (;;) {
    const p = await fetchOnce(ctx, version, topic, partition, offset, opts);
    last = p;
    if (p.errorCode !== 0) return { batches, partition: p };
    const end = opts.isolation === 1 && version >= 4 ? p.lastStableOffset : p.highWatermark;
    let set;
    try {
      set = decodeRecordSet(p.records ?? new Uint8Array(0));
    } catch (e) {
      throw new ApiFailure(
        K.Fetch,
        version,
        `records at offset ${offset} do not decode: ${e instanceof Error ? e.message : e}`,
      );
    }
    for (const batch of set.batches) {
      batches.push(batch);
      const next = batch.lastOffset + 1n;
      if (next > offset) offset = next;
    }
    if (offset >= end) break;
    if (Date.now() - start > SETTLE_MS) {
      throw new ApiFailure(
        K.Fetch,
        version,
        `gave up reading ${topic}/${partition} to offset ${end} after ${SETTLE_MS / 1000} s: at ${offset}`,
      );
    }
  }
  return { batches, partition: last! };
}

export async function waitForTopics(ctx: Ctx, topics: readonly string[]): Promise<void> {
  const v = MAX(ctx, K.Metadata);
  const ready = (res: ResponseOf<3>) =>
    res.topics.length === topics.length &&
    res.topics.every((t) =>
      t.errorCode === 0 && t.partitions.length > 0 &&
      t.partitions.every((p) => p.errorCode === 0 && p.leaderId >= 0)
    );
  try {
    await eventually(
      `a leader for every partition of ${topics.join(", ")}`,
      async () => {
        const res = await call(ctx, K.Metadata, v, {
          topics: topics.map((name) => ({ name })),
          allowAutoTopicCreation: false,
        }, { allow: [E.LEADER_NOT_AVAILABLE, E.UNKNOWN_TOPIC_OR_PARTITION] });
        for (const t of res.topics) if (t.name !== null && v >= 10) ctx.ids.set(t.name, t.topicId);
        return res;
      },
      ready,
      {
        show: (r) =>
          r.topics.map((t) => `${t.name}: error ${t.errorCode}, ${t.partitions.length} partitions`).join(
            "; ",
          ),
      },
    );
  } catch (e) {
    throw new ApiFailure(K.Metadata, v, e instanceof Error ? e.message : String(e));
  }
}
