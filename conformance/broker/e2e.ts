/**
 * End-to-end suite against a real Apache Kafka broker: a client's whole life spoken with
 * streamwire's codec only (requests encoded, responses decoded, record batches built and read
 * by `src/kafka`). Started by run.sh, which launches the broker; see README.md.
 *
 *   e2e.ts --broker-version 4.4.0 --bootstrap 127.0.0.1:9092 --sasl 127.0.0.1:9093 \
 *          --sasl-user u --sasl-password p [--modes max,min] [--results file.json] [--verbose]
 *   e2e.ts --summary a.json b.json      # the combined matrix of several runs
 *
 * Each API is exercised at the highest version both sides support ("max" mode) and, on 3.9,
 * also at the oldest version the broker accepts ("min" mode, a client from long ago). Every
 * error code a response carries is checked: one the step did not expect fails the step and is
 * printed by name.
 *
 * @module
 */

import process from "node:process";
import { Buffer } from "node:buffer";
import { readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import type { Init } from "../../src/kafka/_runtime.ts";
import { ZERO_UUID } from "../../src/kafka/_runtime.ts";
import type { RequestOf, ResponseOf } from "../../src/kafka/api.ts";
import { apiInfo, decodeResponse, encodeRequest } from "../../src/kafka/api.ts";
import { saslPlainToken } from "../../src/kafka/client.ts";
import { KAFKA_ERROR as E } from "../../src/kafka/errors.ts";
import type { RequestTypes } from "../../src/kafka/messages/_table.ts";
import {
  type ConsumerProtocolSubscription,
  decodeConsumerProtocolSubscription,
  encodeConsumerProtocolSubscription,
} from "../../src/kafka/messages/consumer_protocol_subscription.ts";
import {
  type ConsumerProtocolAssignment,
  decodeConsumerProtocolAssignment,
  encodeConsumerProtocolAssignment,
} from "../../src/kafka/messages/consumer_protocol_assignment.ts";
import { supportedVersions } from "../../src/kafka/versions.ts";
import {
  type AnyRecordBatch,
  COMPRESSION_NAMES,
  decodeRecordSet as decodeRecordSetWith,
  encodeMessageSet as encodeMessageSetWith,
  encodeRecordBatch as encodeRecordBatchWith,
  readControlRecord,
  RecordBatch,
  TransactionFilter,
} from "../../src/kafka/records/mod.ts";
import type { CompressionType } from "../../src/kafka/records/mod.ts";
import { createCodecRegistry } from "../../src/kafka/compression/mod.ts";
import { ApiFailure, type Cell, describeErrors, findErrorCodes, Matrix, printMatrix } from "./_harness.ts";
import { ScramClient, type ScramMechanism, scramSaltedPassword } from "./_scram.ts";
import { BrokerSocket, RawFrameSocket } from "./socket.ts";
import { compareRequestLog, RequestRecorder } from "./_requestlog.ts";
import { parseArgs } from "../lib/args.ts";

// The record codecs with all four compression codecs registered (the library registers none).
const codecs = createCodecRegistry();
const decodeRecordSet: typeof decodeRecordSetWith = (b, o) => decodeRecordSetWith(b, { codecs, ...o });
const encodeMessageSet: typeof encodeMessageSetWith = (i, o) => encodeMessageSetWith(i, { codecs, ...o });
const encodeRecordBatch: typeof encodeRecordBatchWith = (i, o) => encodeRecordBatchWith(i, { codecs, ...o });

// ---------------------------------------------------------------------------------------------
// Arguments

// Checked (and `--help` answered) before anything runs; values are read with arg() below.
parseArgs({
  usage:
    "e2e.ts --broker-version V --bootstrap H:P --sasl H:P [flags]   |   e2e.ts --summary a.json b.json …",
  summary: "End-to-end suite against a real Kafka broker (started by conformance/broker/run.sh).",
  flags: {
    "broker-version": { kind: "string", help: "the broker's version, for the report", value: "version" },
    bootstrap: { kind: "string", help: "plaintext listener", value: "host:port", default: "127.0.0.1:9092" },
    sasl: { kind: "string", help: "SASL listener", value: "host:port", default: "127.0.0.1:9093" },
    "sasl-user": { kind: "string", help: "SASL user", value: "name" },
    "sasl-password": { kind: "string", help: "SASL password", value: "secret" },
    modes: { kind: "string", help: "comma-separated: max, min, all", value: "list", default: "all" },
    wait: { kind: "number", help: "seconds to wait for the broker", default: 90 },
    results: { kind: "string", help: "write the cells as JSON here", value: "file" },
    "broker-log": { kind: "string", help: "the broker's request log, to compare with ours", value: "file" },
    verbose: { kind: "boolean", help: "print every cell" },
    summary: { kind: "boolean", help: "print the combined matrix of the result files given as arguments" },
  },
  positionals: { help: "result files (with --summary)" },
});

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function hostPort(s: string): { host: string; port: number } {
  const i = s.lastIndexOf(":");
  return { host: s.slice(0, i), port: Number(s.slice(i + 1)) };
}

/**
 * Names carry non-ASCII characters (2-, 3- and 4-byte UTF-8) wherever Kafka allows them, so that
 * every string length on the wire is a byte count, not a character count.
 */
const CLIENT_ID = "streamwire-e2e-ü✓";
const enc = new TextEncoder();
const dec = new TextDecoder();
const b = (s: string | null): Uint8Array | null => (s === null ? null : enc.encode(s));
const str = (u: Uint8Array | null): string | null => (u === null ? null : dec.decode(u));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// Keys (for readability of the scenario code)

const K = {
  Produce: 0,
  Fetch: 1,
  ListOffsets: 2,
  Metadata: 3,
  OffsetCommit: 8,
  OffsetFetch: 9,
  FindCoordinator: 10,
  JoinGroup: 11,
  Heartbeat: 12,
  LeaveGroup: 13,
  SyncGroup: 14,
  DescribeGroups: 15,
  ListGroups: 16,
  SaslHandshake: 17,
  ApiVersions: 18,
  CreateTopics: 19,
  DeleteTopics: 20,
  DeleteRecords: 21,
  InitProducerId: 22,
  OffsetForLeaderEpoch: 23,
  AddPartitionsToTxn: 24,
  AddOffsetsToTxn: 25,
  EndTxn: 26,
  TxnOffsetCommit: 28,
  DescribeConfigs: 32,
  SaslAuthenticate: 36,
  CreatePartitions: 37,
  DeleteGroups: 42,
  IncrementalAlterConfigs: 44,
  DescribeCluster: 60,
  DescribeProducers: 61,
  DescribeTransactions: 65,
  ListTransactions: 66,
  ConsumerGroupHeartbeat: 68,
  ConsumerGroupDescribe: 69,
  DescribeAcls: 29,
  CreateAcls: 30,
  DeleteAcls: 31,
  AlterConfigs: 33,
  DescribeLogDirs: 35,
  ElectLeaders: 43,
  AlterPartitionReassignments: 45,
  ListPartitionReassignments: 46,
  OffsetDelete: 47,
  DescribeClientQuotas: 48,
  AlterClientQuotas: 49,
  DescribeUserScramCredentials: 50,
  AlterUserScramCredentials: 51,
  DescribeQuorum: 55,
  ListConfigResources: 74,
  DescribeTopicPartitions: 75,
  ShareGroupHeartbeat: 76,
  ShareGroupDescribe: 77,
  ShareFetch: 78,
  ShareAcknowledge: 79,
  DescribeShareGroupOffsets: 90,
  AlterShareGroupOffsets: 91,
  DeleteShareGroupOffsets: 92,
  StreamsGroupHeartbeat: 88,
  StreamsGroupDescribe: 89,
  AlterReplicaLogDirs: 34,
  CreateDelegationToken: 38,
  RenewDelegationToken: 39,
  ExpireDelegationToken: 40,
  DescribeDelegationToken: 41,
  UpdateFeatures: 57,
} as const;

// ---------------------------------------------------------------------------------------------
// Context and request helpers

interface Ctx {
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
let nextCorrelationBase = 100_000;

/** A new connection recording its traffic. */
function open(ctx: Ctx, host: string, port: number, timeoutMs?: number): Promise<BrokerSocket> {
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
function lowest(ctx: Ctx, apiKey: number): number {
  const r = ctx.s.conn.brokerVersions(apiKey);
  const ours = supportedVersions(apiKey);
  if (r === undefined || ours === undefined) return ctx.s.conn.version(apiKey);
  const min = Math.max(r.min, ours.min);
  return apiKey === K.Produce && ctx.major >= 4 ? Math.max(min, 3) : min;
}

/** The version of `apiKey` under test at this step. */
function V(ctx: Ctx, apiKey: number): number {
  const hi = ctx.s.conn.version(apiKey);
  if (ctx.step === Infinity) return hi;
  return Math.min(lowest(ctx, apiKey) + ctx.step, hi);
}

/** True at the step that tests the highest versions. */
function atMax(ctx: Ctx): boolean {
  return ctx.step === Infinity;
}

/** The highest negotiated version (setup steps that are not under test use it). */
function MAX(ctx: Ctx, apiKey: number): number {
  return ctx.s.conn.version(apiKey);
}

function has(ctx: Ctx, apiKey: number): boolean {
  return ctx.s.conn.tryVersion(apiKey) !== undefined;
}

function errorMessages(body: unknown): string[] {
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

interface CallOptions {
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
async function call<Key extends keyof RequestTypes>(
  ctx: Ctx,
  apiKey: Key,
  version: number,
  body: Init<RequestOf<Key>>,
  options?: CallOptions,
): Promise<ResponseOf<Key>> {
  const s = options?.on ?? ctx.s;
  const retry = options?.retry ?? [];
  for (let attempt = 0;; attempt++) {
    let res: ResponseOf<Key>;
    try {
      res = (await s.send(apiKey, body, version)).body as ResponseOf<Key>;
    } catch (e) {
      throw new ApiFailure(apiKey, version, `request/response failed: ${e instanceof Error ? e.message : e}`);
    }
    const errors = findErrorCodes(res);
    if (attempt < 100 && errors.length > 0 && errors.every((x) => retry.includes(x.code))) {
      await sleep(100);
      continue;
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
function expect(cond: unknown, apiKey: number, version: number, what: string): asserts cond {
  if (!cond) throw new ApiFailure(apiKey, version, what);
}

function eqBytes(a: Uint8Array | null, c: Uint8Array | null): boolean {
  if (a === null || c === null) return a === c;
  return a.length === c.length && a.every((x, i) => x === c[i]);
}

/** Topic reference for request/response bodies: name before `idFrom`, topic id from it on. */
function topicRef(
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
function noAutoCreate(v: number): { allowAutoTopicCreation?: boolean } {
  return v >= 4 ? { allowAutoTopicCreation: false } : {};
}

function topicId(ctx: Ctx, topic: string): string {
  const id = ctx.ids.get(topic);
  if (id === undefined || id === ZERO_UUID) throw new Error(`no topic id known for ${topic}`);
  return id;
}

// ---------------------------------------------------------------------------------------------
// Records

interface Rec {
  key: string | null;
  value: string | null;
  headers?: [string, string | null][];
}

interface BatchSpec {
  compression?: CompressionType;
  producerId?: bigint;
  producerEpoch?: number;
  baseSequence?: number;
  transactional?: boolean;
}

/** The record format a Produce version carries: magic 0 (v0-1), 1 (v2), 2 (v3+). */
function magicForProduce(v: number): 0 | 1 | 2 {
  return v <= 1 ? 0 : v === 2 ? 1 : 2;
}

/** The record format a Fetch version returns: magic 0 (v0-1), 1 (v2-3), 2 (v4+). */
function magicForFetch(v: number): 0 | 1 | 2 {
  return v <= 1 ? 0 : v <= 3 ? 1 : 2;
}

function buildRecords(recs: readonly Rec[], magic: 0 | 1 | 2, spec: BatchSpec = {}): Uint8Array {
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

interface ReadRecord {
  offset: bigint;
  key: string | null;
  value: string | null;
  headers: [string, string | null][];
  batch: AnyRecordBatch;
}

function recordsOf(batches: readonly AnyRecordBatch[]): ReadRecord[] {
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

function sameRecord(a: ReadRecord, e: Rec, withHeaders: boolean): boolean {
  if (a.key !== e.key || a.value !== e.value) return false;
  if (!withHeaders) return true;
  const eh = e.headers ?? [];
  return a.headers.length === eh.length && a.headers.every(([k, v], i) => k === eh[i][0] && v === eh[i][1]);
}

// ---------------------------------------------------------------------------------------------
// Produce and fetch helpers

async function produce(
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

interface FetchOpts {
  isolation?: number;
  maxBytes?: number;
  allow?: readonly number[];
}

async function fetchOnce(
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
async function fetchAll(
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
  for (let i = 0; i < 200; i++) {
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
    if (set.batches.length === 0) await sleep(20);
  }
  return { batches, partition: last! };
}

async function waitForTopics(ctx: Ctx, topics: readonly string[]): Promise<void> {
  const v = MAX(ctx, K.Metadata);
  for (let i = 0; i < 100; i++) {
    const res = await call(ctx, K.Metadata, v, {
      topics: topics.map((name) => ({ name })),
      allowAutoTopicCreation: false,
    }, { allow: [E.LEADER_NOT_AVAILABLE, E.UNKNOWN_TOPIC_OR_PARTITION] });
    const ready = res.topics.every((t) =>
      t.errorCode === 0 && t.partitions.length > 0 &&
      t.partitions.every((p) => p.errorCode === 0 && p.leaderId >= 0)
    );
    for (const t of res.topics) if (t.name !== null && v >= 10) ctx.ids.set(t.name, t.topicId);
    if (ready && res.topics.length === topics.length) return;
    await sleep(100);
  }
  throw new ApiFailure(K.Metadata, v, `topics ${topics.join(", ")} have no leader after 10 s`);
}

// ---------------------------------------------------------------------------------------------
// Scenarios

async function apiVersions(ctx: Ctx): Promise<void> {
  const { m } = ctx;
  const ours = supportedVersions(K.ApiVersions)!;
  const s = await open(ctx, ctx.host, ctx.port);
  try {
    const tested = V(ctx, K.ApiVersions);
    if (tested === ctx.s.conn.version(K.ApiVersions)) {
      // Our highest ApiVersions first: a broker that does not know it answers in v0 with
      // UNSUPPORTED_VERSION and its own range; the client then retries lower.
      const first = await s.exchange(s.conn.apiVersionsRequest({ version: ours.max }));
      const body = first.body as ResponseOf<18>;
      let v = ours.max;
      if (body.errorCode === E.UNSUPPORTED_VERSION) {
        await m.check(
          K.ApiVersions,
          ours.max,
          "unknown version answered in v0 with the broker's range",
          () => {
            expect(first.version === 0, K.ApiVersions, ours.max, `fallback decoded at v${first.version}`);
            const retry = s.conn.retryApiVersionsVersion(body);
            expect(
              retry !== undefined && retry < ours.max,
              K.ApiVersions,
              ours.max,
              `retry version ${retry}`,
            );
            v = retry!;
          },
        );
      } else {
        await m.check(K.ApiVersions, v, "highest version", () => {
          expect(
            body.errorCode === 0 && first.version === v,
            K.ApiVersions,
            v,
            `error ${body.errorCode} at v${first.version}`,
          );
        });
      }
      if (v !== ours.max) {
        await m.check(K.ApiVersions, v, "highest version the broker accepts", async () => {
          const r = await call(ctx, K.ApiVersions, v, {
            clientSoftwareName: "streamwire",
            clientSoftwareVersion: "0.1.0",
          }, { on: s });
          expect(r.apiKeys.some((k) => k.apiKey === 18 && k.maxVersion === v), K.ApiVersions, v, "own range");
        });
      }
    } else {
      const v = tested;
      await m.check(K.ApiVersions, v, "broker's API table", async () => {
        const r = await call(ctx, K.ApiVersions, v, {
          clientSoftwareName: "streamwire",
          clientSoftwareVersion: "0.1.0",
        }, { on: s });
        expect(
          r.apiKeys.length > 10 && r.apiKeys.some((k) => k.apiKey === 18),
          K.ApiVersions,
          v,
          `${r.apiKeys.length} API keys`,
        );
        if (v >= 3) {
          expect(
            r.supportedFeatures.some((f) => f.name === "metadata.version"),
            K.ApiVersions,
            v,
            "supportedFeatures",
          );
        }
      });
    }
  } finally {
    s.close();
  }
}

/**
 * Kafka 4.x still advertises Produce v0-2 (KAFKA-18659) but can no longer parse them: it closes
 * the connection. Checked so that a change in that behaviour shows up in the matrix.
 */
async function advertisedButRefused(ctx: Ctx): Promise<void> {
  const r = ctx.s.conn.brokerVersions(K.Produce);
  if (ctx.major < 4 || r === undefined) return;
  for (let v = r.min; v < 3; v++) {
    await ctx.m.check(
      K.Produce,
      v,
      "advertised, but the broker closes the connection (KAFKA-18659)",
      async () => {
        const s = await open(ctx, ctx.host, ctx.port, 10000);
        try {
          const records = buildRecords([{ key: null, value: "old" }], magicForProduce(v));
          await s.send(K.Produce, {
            acks: 1,
            timeoutMs: 1000,
            topicData: [{ name: `${ctx.prefix}-none`, partitionData: [{ index: 0, records }] }],
          }, v);
          throw new ApiFailure(K.Produce, v, "the broker answered");
        } catch (e) {
          if (!(e instanceof Error) || !/closed/.test(e.message)) throw e;
        } finally {
          s.close();
        }
      },
    );
  }
}

async function clusterAndMetadata(ctx: Ctx): Promise<void> {
  const { m } = ctx;
  if (has(ctx, K.DescribeCluster)) {
    const v = V(ctx, K.DescribeCluster);
    await m.check(K.DescribeCluster, v, "cluster id, controller and this broker", async () => {
      const r = await call(ctx, K.DescribeCluster, v, {
        includeClusterAuthorizedOperations: false,
        endpointType: 1,
      });
      expect(r.clusterId.length > 0, K.DescribeCluster, v, "empty cluster id");
      expect(
        r.brokers.some((x) => x.brokerId === 1 && x.port === ctx.port && x.host === ctx.host),
        K.DescribeCluster,
        v,
        `brokers ${JSON.stringify(r.brokers)}`,
      );
    });
  }
  const v = V(ctx, K.Metadata);
  await m.check(K.Metadata, v, "all topics, brokers, controller", async () => {
    const r = await call(ctx, K.Metadata, v, { topics: v === 0 ? [] : null, ...noAutoCreate(v) });
    expect(
      r.brokers.length === 1 && r.brokers[0].nodeId === 1 && r.brokers[0].port === ctx.port,
      K.Metadata,
      v,
      `brokers ${JSON.stringify(r.brokers)}`,
    );
    if (v >= 1) expect(r.controllerId === 1, K.Metadata, v, `controller ${r.controllerId}`);
    if (v >= 2) {
      expect(typeof r.clusterId === "string" && r.clusterId.length > 0, K.Metadata, v, "cluster id");
    }
  });
}

interface Topics {
  main: string;
  idem: string;
  del: string;
  txn: string;
  recompress: Map<CompressionType, string>;
}

async function createTopics(ctx: Ctx): Promise<Topics> {
  const { m } = ctx;
  const p = ctx.prefix;
  const t: Topics = {
    main: `${p}-main`,
    idem: `${p}-idem`,
    del: `${p}-del`,
    // 249 characters, Kafka's longest topic name: compact lengths above 127 take two bytes.
    txn: `${p}-txn-`.padEnd(249, "t"),
    recompress: new Map(
      ([1, 2, 3, 4] as CompressionType[]).map((c) => [c, `${p}-as-${COMPRESSION_NAMES[c]}`]),
    ),
  };
  const v = V(ctx, K.CreateTopics);
  const plain = [t.main, t.idem, t.del, t.txn];
  await m.check(K.CreateTopics, v, "create topics with configs", async () => {
    const r = await call(ctx, K.CreateTopics, v, {
      topics: [
        ...plain.map((name) => ({
          name,
          numPartitions: 1,
          replicationFactor: 1,
          assignments: [],
          configs: [{ name: "cleanup.policy", value: "delete" }],
        })),
        ...[...t.recompress].map(([c, name]) => ({
          name,
          numPartitions: 1,
          replicationFactor: 1,
          assignments: [],
          configs: [{ name: "compression.type", value: COMPRESSION_NAMES[c] }],
        })),
      ],
      timeoutMs: 30000,
      validateOnly: false,
    });
    expect(
      r.topics.length === plain.length + t.recompress.size,
      K.CreateTopics,
      v,
      `${r.topics.length} results`,
    );
    if (v >= 5) {
      const lz4 = r.topics.find((x) => x.name === t.recompress.get(3));
      expect(
        lz4?.numPartitions === 1 && lz4.replicationFactor === 1,
        K.CreateTopics,
        v,
        "numPartitions/replicationFactor",
      );
      expect(
        lz4.configs?.some((c) => c.name === "compression.type" && c.value === "lz4"),
        K.CreateTopics,
        v,
        "configs in result",
      );
    }
    if (v >= 7) { for (const x of r.topics) ctx.ids.set(x.name, x.topicId); }
  });
  await m.check(K.CreateTopics, v, "existing topic is TOPIC_ALREADY_EXISTS; validateOnly", async () => {
    const r = await call(ctx, K.CreateTopics, v, {
      topics: [{ name: t.main, numPartitions: 1, replicationFactor: 1 }],
      timeoutMs: 30000,
    }, { allow: [E.TOPIC_ALREADY_EXISTS] });
    expect(
      r.topics[0].errorCode === E.TOPIC_ALREADY_EXISTS,
      K.CreateTopics,
      v,
      `error ${r.topics[0].errorCode}`,
    );
    if (v >= 1) {
      const r2 = await call(ctx, K.CreateTopics, v, {
        topics: [{ name: `${p}-never`, numPartitions: 3, replicationFactor: 1 }],
        timeoutMs: 30000,
        validateOnly: true,
      });
      expect(r2.topics[0].errorCode === 0, K.CreateTopics, v, "validateOnly");
    }
  });
  await waitForTopics(ctx, [...plain, ...t.recompress.values()]);
  const mv = V(ctx, K.Metadata);
  await m.check(K.Metadata, mv, "named topics: partitions, leader, topic ids", async () => {
    const r = await call(ctx, K.Metadata, mv, {
      topics: [{ name: t.main }, { name: t.txn }],
      ...noAutoCreate(mv),
    });
    expect(r.topics.length === 2, K.Metadata, mv, `${r.topics.length} topics`);
    for (const x of r.topics) {
      expect(
        x.partitions.length === 1 && x.partitions[0].leaderId === 1,
        K.Metadata,
        mv,
        `partitions ${JSON.stringify(x.partitions)}`,
      );
      expect(
        x.partitions[0].replicaNodes[0] === 1 && x.partitions[0].isrNodes[0] === 1,
        K.Metadata,
        mv,
        "replicas/isr",
      );
      if (mv >= 10) {
        expect(x.topicId !== ZERO_UUID && x.topicId === ctx.ids.get(x.name!), K.Metadata, mv, "topic id");
      }
    }
    if (mv >= 12) {
      const byId = await call(ctx, K.Metadata, mv, {
        topics: [{ topicId: topicId(ctx, t.main), name: null }],
        ...noAutoCreate(mv),
      });
      expect(byId.topics[0]?.name === t.main, K.Metadata, mv, "lookup by topic id");
    }
  });
  return t;
}

async function partitionsAndConfigs(ctx: Ctx, t: Topics): Promise<void> {
  const { m } = ctx;
  const v = V(ctx, K.CreatePartitions);
  await m.check(K.CreatePartitions, v, "1 -> 2 partitions", async () => {
    await call(ctx, K.CreatePartitions, v, {
      topics: [{ name: t.main, count: 2, assignments: null }],
      timeoutMs: 30000,
      validateOnly: false,
    });
    // The new partition reaches the broker's metadata cache asynchronously.
    let n = 0;
    for (let i = 0; i < 100 && n !== 2; i++) {
      await waitForTopics(ctx, [t.main]);
      const r = await call(ctx, K.Metadata, MAX(ctx, K.Metadata), {
        topics: [{ name: t.main }],
        allowAutoTopicCreation: false,
      });
      n = r.topics[0].partitions.length;
      if (n !== 2) await sleep(100);
    }
    expect(n === 2, K.CreatePartitions, v, `${n} partitions`);
    const again = await call(ctx, K.CreatePartitions, v, {
      topics: [{ name: t.main, count: 2, assignments: null }],
      timeoutMs: 30000,
    }, { allow: [E.INVALID_PARTITIONS] });
    expect(
      again.results[0].errorCode === E.INVALID_PARTITIONS,
      K.CreatePartitions,
      v,
      "same count is INVALID_PARTITIONS",
    );
  });

  const dv = V(ctx, K.DescribeConfigs);
  const describe = async (version: number, type: number, name: string, keys: string[] | null) => {
    const r = await call(ctx, K.DescribeConfigs, version, {
      resources: [{ resourceType: type, resourceName: name, configurationKeys: keys }],
      includeSynonyms: version >= 1,
      includeDocumentation: version >= 3,
    });
    expect(
      r.results.length === 1 && r.results[0].resourceName === name,
      K.DescribeConfigs,
      version,
      "resource",
    );
    return new Map(r.results[0].configs.map((c) => [c.name, c]));
  };
  await m.check(K.DescribeConfigs, dv, "topic and broker configs", async () => {
    const topic = await describe(dv, 2, t.recompress.get(3)!, ["compression.type", "retention.ms"]);
    expect(
      topic.get("compression.type")?.value === "lz4",
      K.DescribeConfigs,
      dv,
      `compression.type ${topic.get("compression.type")?.value}`,
    );
    if (dv >= 1) {
      expect(
        topic.get("compression.type")?.configSource === 1,
        K.DescribeConfigs,
        dv,
        "source DYNAMIC_TOPIC_CONFIG",
      );
    }
    if (dv >= 3) {
      expect(
        topic.get("retention.ms")?.configType === 5,
        K.DescribeConfigs,
        dv,
        `configType ${topic.get("retention.ms")?.configType}`,
      );
    }
    const broker = await describe(dv, 4, "1", ["num.io.threads"]);
    expect(broker.get("num.io.threads")?.value === "2", K.DescribeConfigs, dv, "num.io.threads");
    const all = await describe(dv, 2, t.main, null);
    expect(all.size > 20, K.DescribeConfigs, dv, `${all.size} topic configs`);
  });

  const iv = V(ctx, K.IncrementalAlterConfigs);
  await m.check(K.IncrementalAlterConfigs, iv, "SET and DELETE a topic config", async () => {
    const alter = (op: number, value: string | null) =>
      call(ctx, K.IncrementalAlterConfigs, iv, {
        resources: [{
          resourceType: 2,
          resourceName: t.main,
          configs: [{ name: "retention.ms", configOperation: op, value }],
        }],
        validateOnly: false,
      });
    // Config changes reach the broker through the metadata log, a moment after the reply.
    const settle = async (want: string) => {
      let got: string | null | undefined;
      for (let i = 0; i < 50 && got !== want; i++) {
        if (i > 0) await sleep(100);
        got = (await describe(MAX(ctx, K.DescribeConfigs), 2, t.main, ["retention.ms"])).get("retention.ms")
          ?.value;
      }
      return got;
    };
    await alter(0, "86400000");
    const after = await settle("86400000");
    expect(after === "86400000", K.IncrementalAlterConfigs, iv, `after SET ${after}`);
    await alter(1, null);
    const back = await settle("604800000");
    expect(back === "604800000", K.IncrementalAlterConfigs, iv, `after DELETE ${back}`);
    const bad = await call(ctx, K.IncrementalAlterConfigs, iv, {
      resources: [{
        resourceType: 2,
        resourceName: t.main,
        configs: [{ name: "no.such.config", configOperation: 0, value: "1" }],
      }],
    }, { allow: [E.INVALID_CONFIG] });
    expect(
      bad.responses[0].errorCode === E.INVALID_CONFIG,
      K.IncrementalAlterConfigs,
      iv,
      "unknown config is INVALID_CONFIG",
    );
  });
}

/** What was produced to one partition, in order. */
interface Produced {
  recs: Rec[];
  /** Per produced batch: base offset (when acknowledged) and codec. */
  batches: { baseOffset: bigint | undefined; compression: CompressionType; count: number }[];
}

async function produceAndFetch(ctx: Ctx, t: Topics): Promise<void> {
  const { m } = ctx;
  const pv = V(ctx, K.Produce);
  const magic = magicForProduce(pv);
  const withHeaders = magic === 2;
  const main: Produced = { recs: [], batches: [] };
  const sample = (tag: string): Rec[] => [
    {
      key: `k-${tag}`,
      value: `value ${tag} ${"x".repeat(300)}`,
      headers: withHeaders ? [["h1", "one"], ["h-null", null], ["", ""]] : [],
    },
    { key: null, value: `null key ${tag}` },
    { key: `tombstone-${tag}`, value: null },
    { key: "", value: "" },
  ];
  const send = async (tag: string, compression: CompressionType, acks: number) => {
    const recs = sample(tag);
    const p = await produce(ctx, pv, t.main, 0, buildRecords(recs, magic, { compression }), { acks });
    if (p !== undefined) {
      expect(p.errorCode === 0 && p.baseOffset >= 0n, K.Produce, pv, `baseOffset ${p.baseOffset}`);
      if (pv >= 2) {
        expect(p.logAppendTimeMs === -1n, K.Produce, pv, "CreateTime topic has logAppendTimeMs -1");
      }
      if (pv >= 5) expect(p.logStartOffset === 0n, K.Produce, pv, `logStartOffset ${p.logStartOffset}`);
    }
    main.recs.push(...recs);
    main.batches.push({ baseOffset: p?.baseOffset, compression, count: recs.length });
  };
  await m.check(
    K.Produce,
    pv,
    `acks=1, magic ${magic}, null keys/values${withHeaders ? ", headers" : ""}`,
    () => send("plain", 0, 1),
  );
  await m.check(K.Produce, pv, "acks=all (-1)", () => send("all", 0, -1));
  for (const c of [1, 2, 3, 4] as CompressionType[]) {
    if (c === 4 && magic < 2) continue;
    if (c === 4 && pv < 7) {
      await m.check(K.Produce, pv, "zstd before v7 is UNSUPPORTED_COMPRESSION_TYPE", async () => {
        const p = await produce(ctx, pv, t.main, 0, buildRecords(sample("zstd"), magic, { compression: 4 }), {
          allow: [E.UNSUPPORTED_COMPRESSION_TYPE],
        });
        expect(p?.errorCode === E.UNSUPPORTED_COMPRESSION_TYPE, K.Produce, pv, `error ${p?.errorCode}`);
      });
      continue;
    }
    await m.check(K.Produce, pv, `${COMPRESSION_NAMES[c]} batch`, () => send(COMPRESSION_NAMES[c], c, -1));
  }
  await m.check(K.Produce, pv, "acks=0 (no response; the connection stays usable)", async () => {
    await send("acks0", 0, 0);
    await call(ctx, K.Metadata, MAX(ctx, K.Metadata), {
      topics: [{ name: t.main }],
      allowAutoTopicCreation: false,
    });
  });
  await m.check(K.Produce, pv, "two partitions in one request", async () => {
    const body = {
      acks: -1,
      timeoutMs: 30000,
      topicData: [{
        ...topicRef(ctx, t.main, pv, 13),
        partitionData: [0, 1].map((index) => ({
          index,
          records: buildRecords([{ key: `p${index}`, value: `partition ${index}` }], magic),
        })),
      }],
    };
    const r = await call(ctx, K.Produce, pv, body);
    const parts = r.responses[0].partitionResponses.map((x) => x.index).sort();
    expect(parts.join() === "0,1", K.Produce, pv, `partitions ${parts}`);
    main.recs.push({ key: "p0", value: "partition 0" });
    main.batches.push({
      baseOffset: r.responses[0].partitionResponses.find((x) => x.index === 0)!.baseOffset,
      compression: 0,
      count: 1,
    });
  });

  // Fetch what was produced and compare record by record (and codec by codec where the format survives).
  const fv = V(ctx, K.Fetch);
  const fmagic = magicForFetch(fv);
  await m.check(
    K.Fetch,
    fv,
    `read back ${main.recs.length} records (magic ${fmagic}), codecs as produced`,
    async () => {
      let got: ReadRecord[] = [];
      for (let i = 0; i < 50; i++) {
        const { batches } = await fetchAll(ctx, fv, t.main, 0);
        got = recordsOf(batches);
        if (got.length >= main.recs.length) break;
        await sleep(100); // the acks=0 batch may still be on its way
      }
      expect(
        got.length === main.recs.length,
        K.Fetch,
        fv,
        `${got.length} records, expected ${main.recs.length}`,
      );
      main.recs.forEach((e, i) => {
        expect(
          sameRecord(got[i], e, withHeaders && fmagic === 2),
          K.Fetch,
          fv,
          `record ${i}: got ${
            JSON.stringify({ ...got[i], batch: undefined, offset: String(got[i].offset) })
          }, expected ${JSON.stringify(e)}`,
        );
        expect(got[i].offset === BigInt(i), K.Fetch, fv, `record ${i} at offset ${got[i].offset}`);
      });
      if (fmagic === 2 && magic === 2) {
        for (const pb of main.batches) {
          if (pb.baseOffset === undefined) continue;
          const rec = got.find((r) => r.offset === pb.baseOffset)!;
          expect(
            rec.batch.compression === pb.compression,
            K.Fetch,
            fv,
            `batch at ${pb.baseOffset}: codec ${rec.batch.compression}, produced ${pb.compression}`,
          );
        }
      }
    },
  );

  // The broker recompresses to the topic's compression.type: decode what it wrote.
  for (const [codec, topic] of t.recompress) {
    const produced: CompressionType = codec === 1 ? 0 : 1;
    const recs = sample(`re-${COMPRESSION_NAMES[codec]}`);
    // Kafka 3.x refuses to hand zstd data to Fetch before v10; 4.x (no down-conversion any
    // more, KIP-896) returns the batches as stored.
    const zstdOld = codec === 4 && fv < 10 && ctx.major < 4;
    await m.check(
      K.Fetch,
      fv,
      `topic compression.type=${COMPRESSION_NAMES[codec]}: broker-recompressed batch${
        zstdOld ? " (3.x: zstd before Fetch v10 is UNSUPPORTED_COMPRESSION_TYPE)" : ""
      }`,
      async () => {
        // The broker takes old-format batches into a zstd topic (it converts them); only the
        // fetch side needs v10 to carry zstd.
        await produce(ctx, pv, topic, 0, buildRecords(recs, magic, { compression: produced }));
        const { batches, partition } = await fetchAll(ctx, fv, topic, 0, 0n, {
          allow: zstdOld ? [E.UNSUPPORTED_COMPRESSION_TYPE] : [],
        });
        if (zstdOld) {
          expect(
            partition.errorCode === E.UNSUPPORTED_COMPRESSION_TYPE,
            K.Fetch,
            fv,
            `error ${partition.errorCode}`,
          );
          return;
        }
        const got = recordsOf(batches);
        expect(got.length === recs.length, K.Fetch, fv, `${got.length} records`);
        recs.forEach((e, i) =>
          expect(sameRecord(got[i], e, withHeaders && fmagic === 2), K.Fetch, fv, `record ${i} differs`)
        );
        expect(
          batches[0].compression === codec,
          K.Fetch,
          fv,
          `batch codec ${batches[0].compression}, topic says ${codec}`,
        );
      },
    );
  }

  // Incremental fetch sessions (KIP-227): full fetch opens a session, incremental requests
  // carry only changes, and the broker answers with only the partitions that changed.
  if (fv >= 7) {
    await m.check(K.Fetch, fv, "incremental fetch session", async () => {
      const hw = (await fetchOnce(ctx, fv, t.main, 0, 0n)).highWatermark;
      const req = (
        sessionId: number,
        sessionEpoch: number,
        parts: { partition: number; fetchOffset: bigint }[],
      ) =>
        call(ctx, K.Fetch, fv, {
          replicaId: -1,
          maxWaitMs: 100,
          minBytes: 1,
          maxBytes: 1 << 20,
          sessionId,
          sessionEpoch,
          topics: parts.length === 0 ? [] : [{
            ...topicRef(ctx, t.main, fv, 13, "topic"),
            partitions: parts.map((x) => ({ ...x, partitionMaxBytes: 1 << 20, logStartOffset: -1n })),
          }],
          forgottenTopicsData: [],
          rackId: "",
        });
      const full = await req(0, 0, [{ partition: 0, fetchOffset: hw }, { partition: 1, fetchOffset: 0n }]);
      expect(full.sessionId !== 0, K.Fetch, fv, "full fetch request did not open a session");
      const sid = full.sessionId;
      const p1 = full.responses[0].partitions.find((x) => x.partitionIndex === 1);
      const p1hw = p1?.highWatermark ?? 0n;
      const inc1 = await req(sid, 1, [{ partition: 1, fetchOffset: p1hw }]);
      expect(inc1.sessionId === sid, K.Fetch, fv, `session ${inc1.sessionId}`);
      const changed = inc1.responses.flatMap((x) => x.partitions);
      expect(changed.every((x) => (x.records?.length ?? 0) === 0), K.Fetch, fv, "no new data yet");
      await produce(
        ctx,
        MAX(ctx, K.Produce),
        t.main,
        0,
        buildRecords([{ key: "inc", value: "incremental" }], 2),
      );
      let seen = false;
      for (let epoch = 2; epoch < 30 && !seen; epoch++) {
        const inc = await req(sid, epoch, []);
        for (const x of inc.responses.flatMap((y) => y.partitions)) {
          const recs = recordsOf(decodeRecordSet(x.records ?? new Uint8Array(0)).batches);
          if (x.partitionIndex === 0 && recs.some((r) => r.value === "incremental")) seen = true;
        }
      }
      expect(seen, K.Fetch, fv, "incremental fetch did not deliver the new record");
      await req(sid, -1, []); // close the session (FINAL_EPOCH)
      main.recs.push({ key: "inc", value: "incremental" });
    });
  }

  // ListOffsets: earliest, latest, by timestamp, max timestamp.
  const lv = V(ctx, K.ListOffsets);
  await m.check(K.ListOffsets, lv, "earliest, latest, by timestamp", async () => {
    const list = async (timestamp: bigint) => {
      const r = await call(ctx, K.ListOffsets, lv, {
        replicaId: -1,
        isolationLevel: 0,
        topics: [{
          name: t.main,
          partitions: [{ partitionIndex: 0, timestamp, maxNumOffsets: 1, currentLeaderEpoch: -1 }],
        }],
        timeoutMs: 30000,
      });
      const p = r.topics[0].partitions[0];
      return lv === 0 ? { offset: p.oldStyleOffsets[0], timestamp: -1n, leaderEpoch: -1 } : p;
    };
    const latest = await list(-1n);
    expect(
      latest.offset === BigInt(main.recs.length),
      K.ListOffsets,
      lv,
      `latest ${latest.offset}, expected ${main.recs.length}`,
    );
    const earliest = await list(-2n);
    expect(earliest.offset === 0n, K.ListOffsets, lv, `earliest ${earliest.offset}`);
    if (lv >= 1) {
      // Magic 0 messages carry no timestamp, so a partition holding only those has no offset
      // for any time.
      const byTime = await list(BigInt(Date.now() - 3_600_000));
      const want = magic === 0 ? -1n : 0n;
      expect(
        byTime.offset === want,
        K.ListOffsets,
        lv,
        `offset for an hour ago ${byTime.offset}, expected ${want}`,
      );
      const future = await list(BigInt(Date.now() + 3_600_000));
      expect(future.offset === -1n, K.ListOffsets, lv, `offset for the future ${future.offset}`);
    }
    if (lv >= 4) expect(latest.leaderEpoch >= 0, K.ListOffsets, lv, `leader epoch ${latest.leaderEpoch}`);
    if (lv >= 7) {
      const maxTs = await list(-3n);
      expect(
        maxTs.offset >= 0n && maxTs.timestamp > 0n,
        K.ListOffsets,
        lv,
        `max timestamp offset ${maxTs.offset}`,
      );
    }
  });

  const ov = V(ctx, K.OffsetForLeaderEpoch);
  await m.check(K.OffsetForLeaderEpoch, ov, "end offset of the current leader epoch", async () => {
    const r = await call(ctx, K.OffsetForLeaderEpoch, ov, {
      replicaId: -1,
      topics: [{ topic: t.main, partitions: [{ partition: 0, currentLeaderEpoch: -1, leaderEpoch: 0 }] }],
    });
    const p = r.topics[0].partitions[0];
    expect(
      p.endOffset === BigInt(main.recs.length),
      K.OffsetForLeaderEpoch,
      ov,
      `end offset ${p.endOffset}, log end ${main.recs.length}`,
    );
    if (ov >= 1) expect(p.leaderEpoch === 0, K.OffsetForLeaderEpoch, ov, `leader epoch ${p.leaderEpoch}`);
  });
}

async function idempotence(ctx: Ctx, t: Topics): Promise<void> {
  const { m } = ctx;
  const iv = V(ctx, K.InitProducerId);
  // Idempotent batches need magic 2, so Produce is at least v3 here.
  const pv = Math.max(V(ctx, K.Produce), 3);
  let pid = -1n;
  let epoch = -1;
  await m.check(K.InitProducerId, iv, "idempotent producer id", async () => {
    const r = await call(ctx, K.InitProducerId, iv, {
      transactionalId: null,
      transactionTimeoutMs: 60000,
      producerId: -1n,
      producerEpoch: -1,
    }, { retry: [E.COORDINATOR_NOT_AVAILABLE, E.NOT_COORDINATOR, E.COORDINATOR_LOAD_IN_PROGRESS] });
    expect(
      r.producerId >= 0n && r.producerEpoch >= 0,
      K.InitProducerId,
      iv,
      `pid ${r.producerId} epoch ${r.producerEpoch}`,
    );
    pid = r.producerId;
    epoch = r.producerEpoch;
  });
  if (pid < 0n) return;
  await m.check(
    K.Produce,
    pv,
    "idempotent: sequences, duplicate detection, out-of-order rejection",
    async () => {
      const batch = (seq: number, n: number) =>
        buildRecords(
          Array.from({ length: n }, (_, i) => ({ key: `seq-${seq + i}`, value: `idempotent ${seq + i}` })),
          2,
          { producerId: pid, producerEpoch: epoch, baseSequence: seq },
        );
      const first = await produce(ctx, pv, t.idem, 0, batch(0, 2));
      const second = await produce(ctx, pv, t.idem, 0, batch(2, 1));
      expect(
        first!.baseOffset === 0n && second!.baseOffset === 2n,
        K.Produce,
        pv,
        `offsets ${first!.baseOffset}, ${second!.baseOffset}`,
      );
      const dup = await produce(ctx, pv, t.idem, 0, batch(2, 1));
      expect(
        dup!.errorCode === 0 && dup!.baseOffset === 2n,
        K.Produce,
        pv,
        `duplicate: error ${dup!.errorCode}, offset ${dup!.baseOffset}`,
      );
      const gap = await produce(ctx, pv, t.idem, 0, batch(10, 1), {
        allow: [E.OUT_OF_ORDER_SEQUENCE_NUMBER],
      });
      expect(
        gap!.errorCode === E.OUT_OF_ORDER_SEQUENCE_NUMBER,
        K.Produce,
        pv,
        `gap: error ${gap!.errorCode}`,
      );
    },
  );
  if (has(ctx, K.DescribeProducers)) {
    const dv = V(ctx, K.DescribeProducers);
    await m.check(K.DescribeProducers, dv, "the idempotent producer's state", async () => {
      const r = await call(ctx, K.DescribeProducers, dv, {
        topics: [{ name: t.idem, partitionIndexes: [0] }],
      });
      const ps = r.topics[0].partitions[0].activeProducers;
      const me = ps.find((x) => x.producerId === pid);
      expect(me !== undefined, K.DescribeProducers, dv, `producers ${ps.map((x) => x.producerId)}`);
      expect(
        me.lastSequence === 2 && me.producerEpoch === epoch,
        K.DescribeProducers,
        dv,
        `lastSequence ${me.lastSequence} epoch ${me.producerEpoch}`,
      );
    });
  }
}

/** ~300 KB of records that compress (repeated structure) but not trivially (random parts). */
function bulkRecords(tag: string, n = 200): Rec[] {
  return Array.from({ length: n }, (_, i) => ({
    key: `${tag}-${i}`,
    value: JSON.stringify({
      i,
      tag,
      note: "the quick brown fox ".repeat(20 + (i % 7)),
      noise: randomBytes(300 + (i % 50)).toString("base64"),
    }),
    headers: [["i", String(i)]],
  }));
}

/**
 * Records at scale and the record-format corners: large batches through every codec both ways
 * (the broker decompresses ours to validate them, and recompresses them with Java's codecs for
 * topics with another compression.type), LogAppendTime, out-of-order timestamps, and a partial
 * batch at the end of a size-limited fetch. Run at the highest versions only.
 */
async function recordsAtScale(ctx: Ctx, _t: Topics): Promise<void> {
  if (!atMax(ctx)) return;
  const { m } = ctx;
  const pv = MAX(ctx, K.Produce);
  const fv = MAX(ctx, K.Fetch);
  const p = `${ctx.prefix}-scale`;
  const topics = {
    ours: `${p}-producer`,
    lat: `${p}-logappend`,
    cut: `${p}-cut`,
    java: new Map(([1, 2, 3, 4] as CompressionType[]).map((c) => [c, `${p}-java-${COMPRESSION_NAMES[c]}`])),
  };
  await call(ctx, K.CreateTopics, MAX(ctx, K.CreateTopics), {
    topics: [
      { name: topics.ours, numPartitions: 1, replicationFactor: 1 },
      {
        name: topics.lat,
        numPartitions: 1,
        replicationFactor: 1,
        configs: [{ name: "message.timestamp.type", value: "LogAppendTime" }],
      },
      { name: topics.cut, numPartitions: 1, replicationFactor: 1 },
      ...[...topics.java].map(([c, name]) => ({
        name,
        numPartitions: 1,
        replicationFactor: 1,
        configs: [{ name: "compression.type", value: COMPRESSION_NAMES[c] }],
      })),
    ],
    timeoutMs: 30000,
  });
  await waitForTopics(ctx, [topics.ours, topics.lat, topics.cut, ...topics.java.values()]);

  // Ours compressed, Java decompressing (to validate and assign offsets) and serving them back.
  for (const c of [0, 1, 2, 3, 4] as CompressionType[]) {
    await m.check(
      K.Produce,
      pv,
      `~300 KB ${COMPRESSION_NAMES[c]} batch of 200 records: the broker validates our compression`,
      async () => {
        const recs = bulkRecords(`ours-${c}`);
        const bytes = buildRecords(recs, 2, { compression: c });
        const r = await produce(ctx, pv, topics.ours, 0, bytes);
        const { batches } = await fetchAll(ctx, fv, topics.ours, 0, r!.baseOffset);
        const got = recordsOf(batches).filter((x) => x.offset >= r!.baseOffset);
        expect(
          got.length >= recs.length && recs.every((e, i) => sameRecord(got[i], e, true)),
          K.Fetch,
          fv,
          `records differ after the round trip through the broker (${got.length})`,
        );
        expect(
          got[0].batch.compression === c && eqBytes(got[0].batch.bytes.subarray(61), bytes.subarray(61)),
          K.Fetch,
          fv,
          "the stored batch is not the one we produced",
        );
      },
    );
  }
  // Java compressed (topic compression.type differs from the batch's): our decompressors on
  // large multi-block output of Kafka's own codecs.
  for (const [c, topic] of topics.java) {
    await m.check(
      K.Fetch,
      fv,
      `~300 KB batch recompressed by the broker to ${COMPRESSION_NAMES[c]}`,
      async () => {
        const recs = bulkRecords(`java-${c}`);
        await produce(ctx, pv, topic, 0, buildRecords(recs, 2, { compression: c === 1 ? 3 : 1 }));
        const { batches } = await fetchAll(ctx, fv, topic, 0);
        const got = recordsOf(batches);
        expect(
          batches.every((x) => x.compression === c),
          K.Fetch,
          fv,
          `codecs ${batches.map((x) => x.compression)}`,
        );
        expect(
          got.length === recs.length && recs.every((e, i) => sameRecord(got[i], e, true)),
          K.Fetch,
          fv,
          "records differ",
        );
      },
    );
  }

  await m.check(
    K.Produce,
    pv,
    "LogAppendTime topic: the broker's append time replaces the timestamps",
    async () => {
      const before = BigInt(Date.now());
      const r = await produce(
        ctx,
        pv,
        topics.lat,
        0,
        buildRecords([{ key: "a", value: "1" }, { key: "b", value: "2" }], 2),
      );
      expect(r!.logAppendTimeMs >= before - 5000n, K.Produce, pv, `logAppendTimeMs ${r!.logAppendTimeMs}`);
      const { batches } = await fetchAll(ctx, fv, topics.lat, 0);
      const b0 = batches[0];
      expect(b0 instanceof RecordBatch, K.Fetch, fv, "not a v2 batch");
      expect(
        b0.timestampType === 1 && b0.maxTimestamp === r!.logAppendTimeMs,
        K.Fetch,
        fv,
        `batch timestamp type ${b0.timestampType}, max ${b0.maxTimestamp}`,
      );
      const ts = b0.toArray().map((x) => x.timestamp);
      expect(
        ts.every((x) => x === r!.logAppendTimeMs),
        K.Fetch,
        fv,
        `record timestamps ${ts} (append time ${r!.logAppendTimeMs})`,
      );
    },
  );

  await m.check(K.Fetch, fv, "records with timestamps out of order (negative deltas) keep them", async () => {
    const base = Date.now();
    const stamps = [base, base - 86_400_000, base + 1, 0];
    const bytes = encodeRecordBatch({
      records: stamps.map((ts, i) => ({ value: enc.encode(`t${i}`), timestamp: ts })),
    });
    const r = await produce(ctx, pv, topics.ours, 0, bytes);
    const { batches } = await fetchAll(ctx, fv, topics.ours, 0, r!.baseOffset);
    const b = batches.find((x) => x.toArray()[0]?.offset === r!.baseOffset);
    expect(b instanceof RecordBatch, K.Fetch, fv, "batch not found");
    expect(
      b.toArray().map((x) => Number(x.timestamp)).join() === stamps.join() &&
        b.maxTimestamp === BigInt(base + 1),
      K.Fetch,
      fv,
      `timestamps ${b.toArray().map((x) => x.timestamp)}`,
    );
  });

  await m.check(
    K.Fetch,
    fv,
    "a size-limited fetch ends with a partial batch, which the decoder reports",
    async () => {
      const sizes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const bytes = buildRecords([{ key: `cut-${i}`, value: "z".repeat(5000) }], 2);
        sizes.push(bytes.length);
        await produce(ctx, pv, topics.cut, 0, bytes);
      }
      const p0 = await fetchOnce(ctx, fv, topics.cut, 0, 0n, { maxBytes: sizes[0] + 100 });
      const set = decodeRecordSet(p0.records ?? new Uint8Array(0));
      expect(
        set.batches.length === 1 && set.partialBytes === 100,
        K.Fetch,
        fv,
        `${set.batches.length} batch(es), partial ${set.partialBytes} (records ${p0.records?.length})`,
      );
    },
  );
}

/**
 * Wire corners the scenarios do not reach on their own, at the highest versions: null versus
 * empty arrays, unknown tagged fields in the header and at every struct level (the broker must
 * skip them), a tagged field the broker acts on (Fetch clusterId), and an array longer than 127
 * elements (a two-byte compact length).
 */
async function wireCorners(ctx: Ctx, t: Topics): Promise<void> {
  if (!atMax(ctx)) return;
  const { m } = ctx;
  const mv = MAX(ctx, K.Metadata);
  await m.check(K.Metadata, mv, "topics [] lists no topic, null lists all", async () => {
    const none = await call(ctx, K.Metadata, mv, { topics: [], ...noAutoCreate(mv) });
    expect(none.topics.length === 0, K.Metadata, mv, `${none.topics.length} topics for []`);
    const all = await call(ctx, K.Metadata, mv, { topics: null, ...noAutoCreate(mv) });
    expect(
      all.topics.some((x) => x.name === t.main) && all.topics.some((x) => x.name === t.txn),
      K.Metadata,
      mv,
      "null did not list our topics",
    );
  });
  if (mv >= 9) {
    await m.check(
      K.Metadata,
      mv,
      "unknown tagged fields in the header, the body and a nested struct are skipped",
      async () => {
        const tags = (
          n: number,
        ) => [{ tag: 7000 + n, data: Uint8Array.of(1, 2, 3) }, { tag: 9000 + n, data: new Uint8Array(200) }];
        const body = {
          topics: [{ name: t.main, _unknownTaggedFields: tags(1) }],
          ...noAutoCreate(mv),
          _unknownTaggedFields: tags(2),
        };
        const req = ctx.s.conn.request(K.Metadata, body, { version: mv });
        const frame = encodeRequest(
          K.Metadata,
          mv,
          { correlationId: req.correlationId, clientId: CLIENT_ID, _unknownTaggedFields: tags(3) },
          body,
          { sizePrefix: true },
        );
        const res = await ctx.s.exchange({ ...req, frame });
        const r = res.body as ResponseOf<3>;
        expect(
          r.topics.length === 1 && r.topics[0].name === t.main && r.topics[0].errorCode === 0,
          K.Metadata,
          mv,
          `response ${r.topics.map((x) => x.name)}`,
        );
      },
    );
  }
  const fv = MAX(ctx, K.Fetch);
  if (fv >= 12) {
    // Only the KRaft quorum checks a Fetch's clusterId; a broker takes it and ignores it. That
    // it parsed the tagged field is visible in its request log, which the suite compares.
    await m.check(K.Fetch, fv, "non-default tagged field (clusterId) in the request", async () => {
      const md = await call(ctx, K.Metadata, mv, { topics: [], ...noAutoCreate(mv) });
      const fetch = (clusterId: string) =>
        call(ctx, K.Fetch, fv, {
          clusterId,
          replicaId: -1,
          maxWaitMs: 10,
          minBytes: 1,
          topics: [{
            ...topicRef(ctx, t.main, fv, 13, "topic"),
            partitions: [{ partition: 0, fetchOffset: 0n, partitionMaxBytes: 1024 }],
          }],
        });
      for (const id of [md.clusterId!, "AAAAAAAAAAAAAAAAAAAAAA"]) {
        const r = await fetch(id);
        expect(r.errorCode === 0 && r.responses.length === 1, K.Fetch, fv, `error ${r.errorCode}`);
      }
    });
  }
  const many = `${ctx.prefix}-many`;
  const n = 130;
  await m.check(
    K.CreateTopics,
    MAX(ctx, K.CreateTopics),
    `${n} partitions: arrays past 127 elements`,
    async () => {
      await call(ctx, K.CreateTopics, MAX(ctx, K.CreateTopics), {
        topics: [{ name: many, numPartitions: n, replicationFactor: 1 }],
        timeoutMs: 60000,
      });
      await waitForTopics(ctx, [many]);
      let parts = 0;
      for (let i = 0; i < 100 && parts !== n; i++) {
        const md = await call(ctx, K.Metadata, mv, { topics: [{ name: many }], ...noAutoCreate(mv) });
        parts = md.topics[0].partitions.length;
        if (parts !== n) await sleep(100);
      }
      expect(parts === n, K.Metadata, mv, `${parts} partitions`);
      const lv = MAX(ctx, K.ListOffsets);
      const lo = await call(ctx, K.ListOffsets, lv, {
        replicaId: -1,
        topics: [{
          name: many,
          partitions: Array.from({ length: n }, (_, i) => ({ partitionIndex: i, timestamp: -1n })),
        }],
      }, { retry: [E.NOT_LEADER_OR_FOLLOWER, E.LEADER_NOT_AVAILABLE] });
      const offsets = lo.topics[0].partitions;
      expect(
        offsets.length === n && offsets.every((x) => x.offset === 0n),
        K.ListOffsets,
        lv,
        `${offsets.length} partition offsets`,
      );
      await call(
        ctx,
        K.DeleteTopics,
        MAX(ctx, K.DeleteTopics),
        MAX(ctx, K.DeleteTopics) >= 6
          ? { topics: [{ name: many, topicId: ZERO_UUID }], timeoutMs: 30000 }
          : { topicNames: [many], timeoutMs: 30000 },
      );
    },
  );
}

async function deleteRecords(ctx: Ctx, t: Topics): Promise<void> {
  const { m } = ctx;
  const v = V(ctx, K.DeleteRecords);
  await m.check(
    K.DeleteRecords,
    v,
    "delete before offset 3; earliest moves; older offsets out of range",
    async () => {
      await produce(
        ctx,
        MAX(ctx, K.Produce),
        t.del,
        0,
        buildRecords([0, 1, 2, 3, 4].map((i) => ({ key: null, value: `d${i}` })), 2),
      );
      const r = await call(ctx, K.DeleteRecords, v, {
        topics: [{ name: t.del, partitions: [{ partitionIndex: 0, offset: 3n }] }],
        timeoutMs: 30000,
      });
      expect(
        r.topics[0].partitions[0].lowWatermark === 3n,
        K.DeleteRecords,
        v,
        `low watermark ${r.topics[0].partitions[0].lowWatermark}`,
      );
      const lv = MAX(ctx, K.ListOffsets);
      const l = await call(ctx, K.ListOffsets, lv, {
        replicaId: -1,
        topics: [{ name: t.del, partitions: [{ partitionIndex: 0, timestamp: -2n }] }],
      });
      expect(
        l.topics[0].partitions[0].offset === 3n,
        K.DeleteRecords,
        v,
        `earliest after delete ${l.topics[0].partitions[0].offset}`,
      );
      const fv = MAX(ctx, K.Fetch);
      const old = await fetchOnce(ctx, fv, t.del, 0, 0n, { allow: [E.OFFSET_OUT_OF_RANGE] });
      expect(
        old.errorCode === E.OFFSET_OUT_OF_RANGE,
        K.DeleteRecords,
        v,
        `fetch at 0: error ${old.errorCode}`,
      );
      const rest = recordsOf((await fetchAll(ctx, fv, t.del, 0, 3n)).batches).filter((x) => x.offset >= 3n);
      expect(
        rest.map((x) => x.value).join() === "d3,d4",
        K.DeleteRecords,
        v,
        `remaining ${rest.map((x) => x.value)}`,
      );
    },
  );
}

// -- classic consumer group ------------------------------------------------------------------

function subscriptionBytes(version: number, value: Init<ConsumerProtocolSubscription>): Uint8Array {
  const body = encodeConsumerProtocolSubscription(value, version);
  const out = new Uint8Array(2 + body.length);
  new DataView(out.buffer).setInt16(0, version);
  out.set(body, 2);
  return out;
}

function assignmentBytes(version: number, value: Init<ConsumerProtocolAssignment>): Uint8Array {
  const body = encodeConsumerProtocolAssignment(value, version);
  const out = new Uint8Array(2 + body.length);
  new DataView(out.buffer).setInt16(0, version);
  out.set(body, 2);
  return out;
}

function readVersioned<T>(
  bytes: Uint8Array,
  read: (body: Uint8Array, v: number) => T,
): { version: number; value: T } {
  const version = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getInt16(0);
  return { version, value: read(bytes.subarray(2), version) };
}

async function findCoordinator(
  ctx: Ctx,
  v: number,
  key: string,
  keyType: number,
): Promise<{ nodeId: number; port: number }> {
  const r = await call(
    ctx,
    K.FindCoordinator,
    v,
    v >= 4 ? { keyType, coordinatorKeys: [key] } : { key, keyType },
    {
      retry: [E.COORDINATOR_NOT_AVAILABLE, E.COORDINATOR_LOAD_IN_PROGRESS],
    },
  );
  if (v >= 4) {
    expect(
      r.coordinators.length === 1 && r.coordinators[0].key === key,
      K.FindCoordinator,
      v,
      "coordinator key",
    );
    return r.coordinators[0];
  }
  return r;
}

async function classicGroup(ctx: Ctx, t: Topics): Promise<void> {
  const { m } = ctx;
  const group = `${ctx.prefix}-classic-grüppe-𝄞`;
  const fcv = V(ctx, K.FindCoordinator);
  await m.check(K.FindCoordinator, fcv, "group coordinator", async () => {
    const c = await findCoordinator(ctx, fcv, group, 0);
    expect(c.nodeId === 1 && c.port === ctx.port, K.FindCoordinator, fcv, `coordinator ${JSON.stringify(c)}`);
  });

  const jv = V(ctx, K.JoinGroup);
  const sv = V(ctx, K.SyncGroup);
  const subVersion = Math.min(ctx.step, 3);
  const sub = subscriptionBytes(subVersion, {
    topics: [t.main],
    userData: subVersion >= 0 ? enc.encode("user-data") : null,
    ownedPartitions: [],
    generationId: -1,
    rackId: null,
  });
  const asgVersion = Math.min(ctx.step, 3);
  const asg = assignmentBytes(asgVersion, {
    assignedPartitions: [{ topic: t.main, partitions: [0, 1] }],
    userData: null,
  });
  let memberId = "";
  let generation = -1;
  const joined = await m.check(
    K.JoinGroup,
    jv,
    `join as leader (consumer protocol subscription v${subVersion})`,
    async () => {
      const join = (id: string) =>
        call(ctx, K.JoinGroup, jv, {
          groupId: group,
          sessionTimeoutMs: 10000,
          rebalanceTimeoutMs: 10000,
          memberId: id,
          groupInstanceId: null,
          protocolType: "consumer",
          protocols: [{ name: "range", metadata: sub }],
          reason: null,
        }, {
          allow: [E.MEMBER_ID_REQUIRED],
          retry: [E.COORDINATOR_LOAD_IN_PROGRESS, E.NOT_COORDINATOR, E.COORDINATOR_NOT_AVAILABLE],
        });
      let r = await join("");
      if (jv >= 4) {
        expect(
          r.errorCode === E.MEMBER_ID_REQUIRED && r.memberId.length > 0,
          K.JoinGroup,
          jv,
          `first join: error ${r.errorCode}`,
        );
        r = await join(r.memberId);
      }
      expect(r.errorCode === 0, K.JoinGroup, jv, `error ${r.errorCode}`);
      expect(
        r.leader === r.memberId && r.generationId >= 1 && r.protocolName === "range",
        K.JoinGroup,
        jv,
        `leader ${r.leader} generation ${r.generationId}`,
      );
      if (jv >= 7) expect(r.protocolType === "consumer", K.JoinGroup, jv, `protocolType ${r.protocolType}`);
      expect(
        r.members.length === 1 && eqBytes(r.members[0].metadata, sub),
        K.JoinGroup,
        jv,
        "member metadata is not our subscription",
      );
      const back = readVersioned(r.members[0].metadata, (x, v) => decodeConsumerProtocolSubscription(x, v));
      expect(
        back.version === subVersion && back.value.topics[0] === t.main,
        K.JoinGroup,
        jv,
        "subscription does not decode",
      );
      memberId = r.memberId;
      generation = r.generationId;
    },
  );
  if (!joined) return;

  await m.check(K.SyncGroup, sv, `leader assigns (consumer protocol assignment v${asgVersion})`, async () => {
    const r = await call(ctx, K.SyncGroup, sv, {
      groupId: group,
      generationId: generation,
      memberId,
      groupInstanceId: null,
      protocolType: "consumer",
      protocolName: "range",
      assignments: [{ memberId, assignment: asg }],
    });
    expect(eqBytes(r.assignment, asg), K.SyncGroup, sv, "assignment differs from what the leader sent");
    const a = readVersioned(r.assignment, (x, v) => decodeConsumerProtocolAssignment(x, v));
    expect(
      a.value.assignedPartitions[0].partitions.join() === "0,1",
      K.SyncGroup,
      sv,
      "assignment does not decode",
    );
    if (sv >= 5) {
      expect(r.protocolType === "consumer" && r.protocolName === "range", K.SyncGroup, sv, "protocol");
    }
  });

  const hv = V(ctx, K.Heartbeat);
  await m.check(K.Heartbeat, hv, "stable member", async () => {
    await call(ctx, K.Heartbeat, hv, {
      groupId: group,
      generationId: generation,
      memberId,
      groupInstanceId: null,
    });
    const stale = await call(
      ctx,
      K.Heartbeat,
      hv,
      { groupId: group, generationId: generation + 5, memberId },
      { allow: [E.ILLEGAL_GENERATION] },
    );
    expect(
      stale.errorCode === E.ILLEGAL_GENERATION,
      K.Heartbeat,
      hv,
      "wrong generation is ILLEGAL_GENERATION",
    );
  });

  let cv = V(ctx, K.OffsetCommit);
  let fv = V(ctx, K.OffsetFetch);
  // Version 0 of both offset APIs kept offsets in ZooKeeper; a KRaft broker still advertises it
  // but answers UNSUPPORTED_VERSION per partition, so the oldest working version is 1.
  if (cv === 0) {
    await m.check(
      K.OffsetCommit,
      0,
      "v0 (ZooKeeper offsets) is refused per partition by a KRaft broker",
      async () => {
        const r = await call(ctx, K.OffsetCommit, 0, {
          groupId: group,
          topics: [{
            name: t.main,
            partitions: [{ partitionIndex: 0, committedOffset: 1n, committedMetadata: null }],
          }],
        }, { allow: [E.UNSUPPORTED_VERSION] });
        expect(r.topics[0].partitions[0].errorCode === E.UNSUPPORTED_VERSION, K.OffsetCommit, 0, "error");
      },
    );
    cv = 1;
  }
  if (fv === 0) {
    await m.check(
      K.OffsetFetch,
      0,
      "v0 (ZooKeeper offsets) is refused per partition by a KRaft broker",
      async () => {
        const r = await call(ctx, K.OffsetFetch, 0, {
          groupId: group,
          topics: [{ name: t.main, partitionIndexes: [0] }],
        }, {
          allow: [E.UNSUPPORTED_VERSION],
        });
        expect(r.topics[0].partitions[0].errorCode === E.UNSUPPORTED_VERSION, K.OffsetFetch, 0, "error");
      },
    );
    fv = 1;
  }
  await m.check(K.OffsetCommit, cv, "commit two partitions with metadata", async () => {
    const r = await call(ctx, K.OffsetCommit, cv, {
      groupId: group,
      generationIdOrMemberEpoch: generation,
      memberId,
      groupInstanceId: null,
      retentionTimeMs: -1n,
      topics: [{
        ...topicRef(ctx, t.main, cv, 10),
        partitions: [
          {
            partitionIndex: 0,
            committedOffset: 2n,
            committedLeaderEpoch: -1,
            commitTimestamp: -1n,
            committedMetadata: "streamwire",
          },
          {
            partitionIndex: 1,
            committedOffset: 1n,
            committedLeaderEpoch: -1,
            commitTimestamp: -1n,
            committedMetadata: null,
          },
        ],
      }],
    });
    expect(r.topics[0].partitions.length === 2, K.OffsetCommit, cv, "partition results");
  });
  await m.check(K.OffsetFetch, fv, "committed offsets and metadata", async () => {
    const r = await call(
      ctx,
      K.OffsetFetch,
      fv,
      fv >= 8
        ? {
          groups: [{
            groupId: group,
            memberId: null,
            memberEpoch: -1,
            topics: [{ ...topicRef(ctx, t.main, fv, 10), partitionIndexes: [0, 1] }],
          }],
          requireStable: true,
        }
        : { groupId: group, topics: [{ name: t.main, partitionIndexes: [0, 1] }], requireStable: fv >= 7 },
    );
    const parts = fv >= 8 ? r.groups[0].topics[0].partitions : r.topics[0].partitions;
    const p0 = parts.find((x) => x.partitionIndex === 0);
    const p1 = parts.find((x) => x.partitionIndex === 1);
    expect(
      p0?.committedOffset === 2n && p0.metadata === "streamwire",
      K.OffsetFetch,
      fv,
      `p0 ${p0?.committedOffset} ${p0?.metadata}`,
    );
    expect(p1?.committedOffset === 1n, K.OffsetFetch, fv, `p1 ${p1?.committedOffset}`);
    if (fv >= 2 && fv <= 7) {
      const all = await call(ctx, K.OffsetFetch, fv, { groupId: group, topics: null });
      expect(
        all.topics.some((x) => x.name === t.main),
        K.OffsetFetch,
        fv,
        "all topics (null) lists the topic",
      );
    }
  });

  const dgv = V(ctx, K.DescribeGroups);
  const describeGroup = async (v: number) => {
    const r = await call(ctx, K.DescribeGroups, v, { groups: [group], includeAuthorizedOperations: false }, {
      allow: [E.GROUP_ID_NOT_FOUND],
    });
    return r.groups[0];
  };
  await m.check(K.DescribeGroups, dgv, "stable group with our member's bytes", async () => {
    const g = await describeGroup(dgv);
    expect(
      g.groupState === "Stable" && g.protocolType === "consumer" && g.protocolData === "range",
      K.DescribeGroups,
      dgv,
      `state ${g.groupState} ${g.protocolType} ${g.protocolData}`,
    );
    expect(
      g.members.length === 1 && g.members[0].memberId === memberId && g.members[0].clientId === CLIENT_ID,
      K.DescribeGroups,
      dgv,
      "member",
    );
    expect(
      eqBytes(g.members[0].memberMetadata, sub) && eqBytes(g.members[0].memberAssignment, asg),
      K.DescribeGroups,
      dgv,
      "member metadata/assignment bytes",
    );
  });

  const lgv = V(ctx, K.ListGroups);
  await m.check(K.ListGroups, lgv, "lists the group (with state/type filters where supported)", async () => {
    const r = await call(ctx, K.ListGroups, lgv, {
      statesFilter: lgv >= 4 ? ["Stable"] : [],
      typesFilter: lgv >= 5 ? ["classic"] : [],
    });
    const g = r.groups.find((x) => x.groupId === group);
    expect(g?.protocolType === "consumer", K.ListGroups, lgv, `group ${JSON.stringify(g)}`);
    if (lgv >= 4) expect(g.groupState === "Stable", K.ListGroups, lgv, `state ${g.groupState}`);
    if (lgv >= 5) expect(g.groupType === "classic", K.ListGroups, lgv, `type ${g.groupType}`);
  });

  const lv = V(ctx, K.LeaveGroup);
  await m.check(K.LeaveGroup, lv, "member leaves; group becomes Empty", async () => {
    const r = await call(
      ctx,
      K.LeaveGroup,
      lv,
      lv >= 3
        ? { groupId: group, members: [{ memberId, groupInstanceId: null, reason: "e2e done" }] }
        : { groupId: group, memberId },
    );
    if (lv >= 3) {
      expect(r.members.length === 1 && r.members[0].memberId === memberId, K.LeaveGroup, lv, "member result");
    }
    const g = await describeGroup(MAX(ctx, K.DescribeGroups));
    expect(g.groupState === "Empty", K.LeaveGroup, lv, `state after leave ${g.groupState}`);
  });

  const delv = V(ctx, K.DeleteGroups);
  await m.check(
    K.DeleteGroups,
    delv,
    "delete the empty group; deleting again is GROUP_ID_NOT_FOUND",
    async () => {
      const r = await call(ctx, K.DeleteGroups, delv, { groupsNames: [group] });
      expect(r.results[0].groupId === group, K.DeleteGroups, delv, "result group id");
      const again = await call(ctx, K.DeleteGroups, delv, { groupsNames: [group] }, {
        allow: [E.GROUP_ID_NOT_FOUND],
      });
      expect(
        again.results[0].errorCode === E.GROUP_ID_NOT_FOUND,
        K.DeleteGroups,
        delv,
        `second delete: error ${again.results[0].errorCode}`,
      );
    },
  );
}

// -- KIP-848 consumer group ------------------------------------------------------------------

async function consumerGroup(ctx: Ctx, t: Topics): Promise<void> {
  const { m } = ctx;
  if (ctx.major < 4 || !has(ctx, K.ConsumerGroupHeartbeat)) return;
  const hv = V(ctx, K.ConsumerGroupHeartbeat);
  const dv = V(ctx, K.ConsumerGroupDescribe);
  const group = `${ctx.prefix}-kip848-ü✓`;
  // From v1 the member id is the client's own (KIP-1082); v0 lets the broker choose.
  let memberId = hv >= 1 ? randomBytes(16).toString("base64url") : "";
  let epoch = 0;
  const mainId = topicId(ctx, t.main);
  let owned: { topicId: string; partitions: number[] }[] = [];
  const ok = await m.check(
    K.ConsumerGroupHeartbeat,
    hv,
    "join, receive the assignment, reconcile",
    async () => {
      let r = await call(ctx, K.ConsumerGroupHeartbeat, hv, {
        groupId: group,
        memberId,
        memberEpoch: 0,
        instanceId: null,
        rackId: null,
        rebalanceTimeoutMs: 30000,
        subscribedTopicNames: [t.main],
        serverAssignor: "uniform",
        topicPartitions: [],
      }, { retry: [E.COORDINATOR_LOAD_IN_PROGRESS, E.COORDINATOR_NOT_AVAILABLE, E.NOT_COORDINATOR] });
      expect(
        r.memberEpoch >= 1 && r.heartbeatIntervalMs > 0,
        K.ConsumerGroupHeartbeat,
        hv,
        `epoch ${r.memberEpoch}`,
      );
      if (hv >= 1) expect(r.memberId === memberId, K.ConsumerGroupHeartbeat, hv, `member id ${r.memberId}`);
      memberId = r.memberId!;
      epoch = r.memberEpoch;
      for (let i = 0; i < 100; i++) {
        if (r.assignment !== null) {
          owned = r.assignment.topicPartitions.map((x) => ({
            topicId: x.topicId,
            partitions: [...x.partitions].sort(),
          }));
        }
        const got = owned.find((x) => x.topicId === mainId)?.partitions.join();
        if (got === "0,1") break;
        await sleep(100);
        r = await call(ctx, K.ConsumerGroupHeartbeat, hv, {
          groupId: group,
          memberId,
          memberEpoch: epoch,
          topicPartitions: owned,
          subscribedTopicNames: null,
          rebalanceTimeoutMs: -1,
        });
        epoch = r.memberEpoch;
      }
      expect(
        owned.find((x) => x.topicId === mainId)?.partitions.join() === "0,1",
        K.ConsumerGroupHeartbeat,
        hv,
        `assignment ${JSON.stringify(owned)}`,
      );
      // Acknowledge the assignment (owned partitions), which lets the group become Stable.
      r = await call(ctx, K.ConsumerGroupHeartbeat, hv, {
        groupId: group,
        memberId,
        memberEpoch: epoch,
        topicPartitions: owned,
        subscribedTopicNames: null,
        rebalanceTimeoutMs: -1,
      });
      epoch = r.memberEpoch;
    },
  );
  if (!ok) return;
  await m.check(K.ConsumerGroupDescribe, dv, "stable group, member, assignment by topic name", async () => {
    let g;
    for (let i = 0; i < 50; i++) {
      const r = await call(ctx, K.ConsumerGroupDescribe, dv, {
        groupIds: [group],
        includeAuthorizedOperations: false,
      });
      g = r.groups[0];
      if (g.groupState === "Stable") break;
      await sleep(100);
    }
    expect(
      g!.groupState === "Stable" && g!.assignorName === "uniform",
      K.ConsumerGroupDescribe,
      dv,
      `state ${g!.groupState} assignor ${g!.assignorName}`,
    );
    const me = g!.members.find((x) => x.memberId === memberId);
    expect(
      me !== undefined && me.memberEpoch === epoch && me.clientId === CLIENT_ID,
      K.ConsumerGroupDescribe,
      dv,
      "member",
    );
    const tp = me.assignment.topicPartitions[0];
    expect(
      tp?.topicName === t.main && tp.topicId === mainId && [...tp.partitions].sort().join() === "0,1",
      K.ConsumerGroupDescribe,
      dv,
      `assignment ${JSON.stringify(me.assignment)}`,
    );
    expect(me.subscribedTopicNames.join() === t.main, K.ConsumerGroupDescribe, dv, "subscription");
    if (dv >= 1) {
      expect(me.memberType === 1, K.ConsumerGroupDescribe, dv, `memberType ${me.memberType} (1 = consumer)`);
    }
  });
  const cv = MAX(ctx, K.OffsetCommit);
  if (cv >= 9) {
    await m.check(K.OffsetCommit, cv, "commit with a KIP-848 member epoch", async () => {
      await call(ctx, K.OffsetCommit, cv, {
        groupId: group,
        generationIdOrMemberEpoch: epoch,
        memberId,
        topics: [{
          ...topicRef(ctx, t.main, cv, 10),
          partitions: [{ partitionIndex: 0, committedOffset: 3n, committedMetadata: null }],
        }],
      });
      const stale = await call(ctx, K.OffsetCommit, cv, {
        groupId: group,
        generationIdOrMemberEpoch: epoch + 10,
        memberId,
        topics: [{
          ...topicRef(ctx, t.main, cv, 10),
          partitions: [{ partitionIndex: 0, committedOffset: 4n, committedMetadata: null }],
        }],
      }, { allow: [E.STALE_MEMBER_EPOCH] });
      expect(
        stale.topics[0].partitions[0].errorCode === E.STALE_MEMBER_EPOCH,
        K.OffsetCommit,
        cv,
        "future epoch is STALE_MEMBER_EPOCH",
      );
    });
  }
  await m.check(K.ConsumerGroupHeartbeat, hv, "leave (member epoch -1)", async () => {
    const r = await call(ctx, K.ConsumerGroupHeartbeat, hv, { groupId: group, memberId, memberEpoch: -1 });
    expect(r.memberEpoch === -1, K.ConsumerGroupHeartbeat, hv, `epoch after leave ${r.memberEpoch}`);
  });
}

// -- KIP-932 share group ---------------------------------------------------------------------

/**
 * A share group (Kafka 4.x): join, fetch records with acquisition locks, acknowledge them,
 * describe the group and its start offsets, leave, then alter and delete the start offsets of
 * the empty group. The group's share.auto.offset.reset is set to earliest through
 * IncrementalAlterConfigs on a GROUP resource.
 */
async function shareGroup(ctx: Ctx, _t: Topics): Promise<void> {
  const { m } = ctx;
  if (ctx.major < 4 || !has(ctx, K.ShareGroupHeartbeat) || !has(ctx, K.ShareFetch)) return;
  const hv = V(ctx, K.ShareGroupHeartbeat);
  const fv = V(ctx, K.ShareFetch);
  const av = V(ctx, K.ShareAcknowledge);
  const group = `${ctx.prefix}-share-ü`;
  const topic = `${ctx.prefix}-share`;
  await call(ctx, K.CreateTopics, MAX(ctx, K.CreateTopics), {
    topics: [{ name: topic, numPartitions: 1, replicationFactor: 1 }],
    timeoutMs: 30000,
  });
  await waitForTopics(ctx, [topic]);
  const id = topicId(ctx, topic);
  const values = ["s0", "s1", "s2", "s3", "s4"];
  await produce(
    ctx,
    MAX(ctx, K.Produce),
    topic,
    0,
    buildRecords(values.map((v) => ({ key: null, value: v })), 2),
  );
  const iv = MAX(ctx, K.IncrementalAlterConfigs);
  await m.check(
    K.IncrementalAlterConfigs,
    iv,
    "GROUP resource: share.auto.offset.reset=earliest",
    async () => {
      await call(ctx, K.IncrementalAlterConfigs, iv, {
        resources: [{
          resourceType: 32,
          resourceName: group,
          configs: [{ name: "share.auto.offset.reset", configOperation: 0, value: "earliest" }],
        }],
      });
    },
  );
  const memberId = randomBytes(16).toString("base64url");
  let epoch = 0;
  const joined = await m.check(K.ShareGroupHeartbeat, hv, "join and receive the assignment", async () => {
    let r = await call(ctx, K.ShareGroupHeartbeat, hv, {
      groupId: group,
      memberId,
      memberEpoch: 0,
      rackId: null,
      subscribedTopicNames: [topic],
    }, {
      retry: [E.COORDINATOR_LOAD_IN_PROGRESS, E.COORDINATOR_NOT_AVAILABLE, E.NOT_COORDINATOR],
    });
    epoch = r.memberEpoch;
    for (let i = 0; i < 100 && !(r.assignment?.topicPartitions.some((x) => x.topicId === id)); i++) {
      await sleep(100);
      r = await call(ctx, K.ShareGroupHeartbeat, hv, {
        groupId: group,
        memberId,
        memberEpoch: epoch,
        subscribedTopicNames: null,
      });
      epoch = r.memberEpoch;
    }
    expect(
      r.memberId === memberId && epoch >= 1,
      K.ShareGroupHeartbeat,
      hv,
      `member ${r.memberId} epoch ${epoch}`,
    );
    expect(
      r.assignment?.topicPartitions.find((x) => x.topicId === id)?.partitions.join() === "0",
      K.ShareGroupHeartbeat,
      hv,
      `assignment ${JSON.stringify(r.assignment)}`,
    );
  });
  if (!joined) return;
  let sessionEpoch = 0;
  const fetched = await m.check(
    K.ShareFetch,
    fv,
    "acquire the records (records + acquired ranges)",
    async () => {
      const got: string[] = [];
      for (let i = 0; i < 60 && got.length < values.length; i++) {
        const r = await call(ctx, K.ShareFetch, fv, {
          groupId: group,
          memberId,
          shareSessionEpoch: sessionEpoch,
          maxWaitMs: 200,
          minBytes: 1,
          maxBytes: 1 << 20,
          maxRecords: 100,
          batchSize: 100,
          topics: sessionEpoch === 0
            ? [{ topicId: id, partitions: [{ partitionIndex: 0, acknowledgementBatches: [] }] }]
            : [],
          forgottenTopicsData: [],
        }, { retry: [E.COORDINATOR_LOAD_IN_PROGRESS] });
        sessionEpoch++;
        if (fv >= 1) {
          expect(
            r.acquisitionLockTimeoutMs > 0,
            K.ShareFetch,
            fv,
            `acquisitionLockTimeoutMs ${r.acquisitionLockTimeoutMs}`,
          );
        }
        for (const p of r.responses.flatMap((x) => x.partitions)) {
          if ((p.records?.length ?? 0) === 0) continue;
          const recs = recordsOf(decodeRecordSet(p.records!).batches);
          const acquired = p.acquiredRecords;
          expect(
            acquired.length > 0 && acquired.every((a) => a.deliveryCount === 1),
            K.ShareFetch,
            fv,
            `acquired ${JSON.stringify(acquired, (_, x) => typeof x === "bigint" ? String(x) : x)}`,
          );
          for (
            const rec of recs
          ) {
            if (acquired.some((a) => rec.offset >= a.firstOffset && rec.offset <= a.lastOffset)) {
              got.push(
                rec.value!,
              );
            }
          }
        }
      }
      expect(got.join() === values.join(), K.ShareFetch, fv, `acquired values ${got}`);
    },
  );
  if (fetched) {
    await m.check(K.ShareAcknowledge, av, "accept the acquired records", async () => {
      const r = await call(ctx, K.ShareAcknowledge, av, {
        groupId: group,
        memberId,
        shareSessionEpoch: sessionEpoch,
        topics: [{
          topicId: id,
          partitions: [{
            partitionIndex: 0,
            acknowledgementBatches: [{ firstOffset: 0n, lastOffset: 4n, acknowledgeTypes: [1] }],
          }],
        }],
      });
      sessionEpoch++;
      expect(r.responses[0]?.partitions[0]?.partitionIndex === 0, K.ShareAcknowledge, av, "partition result");
    });
  }
  if (has(ctx, K.ShareGroupDescribe)) {
    const dv = V(ctx, K.ShareGroupDescribe);
    await m.check(K.ShareGroupDescribe, dv, "stable share group with our member", async () => {
      const r = await call(ctx, K.ShareGroupDescribe, dv, {
        groupIds: [group],
        includeAuthorizedOperations: true,
      });
      const g = r.groups[0];
      const me = g.members.find((x) => x.memberId === memberId);
      expect(
        g.groupState === "Stable" && me?.clientId === CLIENT_ID &&
          me.assignment.topicPartitions[0]?.topicName === topic,
        K.ShareGroupDescribe,
        dv,
        `group ${g.groupState}, member ${JSON.stringify(me)}`,
      );
      expect(
        g.authorizedOperations !== -2147483648,
        K.ShareGroupDescribe,
        dv,
        "authorized operations requested but absent",
      );
    });
  }
  const describeOffsets = async (v: number) => {
    const r = await call(ctx, K.DescribeShareGroupOffsets, v, {
      groups: [{ groupId: group, topics: [{ topicName: topic, partitions: [0] }] }],
    });
    return r.groups[0].topics[0]?.partitions[0];
  };
  if (has(ctx, K.DescribeShareGroupOffsets)) {
    const v = V(ctx, K.DescribeShareGroupOffsets);
    // The persisted start offset trails the in-memory one (it is written lazily), but from v1
    // the lag shows that every record was accepted.
    await m.check(
      K.DescribeShareGroupOffsets,
      v,
      v >= 1 ? "no lag once everything is accepted" : "the group's start offset",
      async () => {
        let p;
        for (let i = 0; i < 50; i++) {
          p = await describeOffsets(v);
          if (v === 0 || p?.lag === 0n) break;
          await sleep(100);
        }
        expect(
          p !== undefined && p.startOffset >= 0n && p.startOffset <= 5n,
          K.DescribeShareGroupOffsets,
          v,
          `start offset ${p?.startOffset}`,
        );
        if (v >= 1) expect(p.lag === 0n, K.DescribeShareGroupOffsets, v, `lag ${p.lag}`);
      },
    );
  }
  await m.check(K.ShareGroupHeartbeat, hv, "leave (member epoch -1); close the share session", async () => {
    await call(ctx, K.ShareFetch, fv, {
      groupId: group,
      memberId,
      shareSessionEpoch: -1,
      maxWaitMs: 0,
      minBytes: 0,
      maxRecords: 1,
      batchSize: 1,
      topics: [],
      forgottenTopicsData: [],
    });
    const r = await call(ctx, K.ShareGroupHeartbeat, hv, { groupId: group, memberId, memberEpoch: -1 });
    expect(r.memberEpoch === -1, K.ShareGroupHeartbeat, hv, `epoch after leave ${r.memberEpoch}`);
  });
  if (has(ctx, K.AlterShareGroupOffsets)) {
    const v = V(ctx, K.AlterShareGroupOffsets);
    await m.check(K.AlterShareGroupOffsets, v, "reset the empty group's start offset", async () => {
      const r = await call(ctx, K.AlterShareGroupOffsets, v, {
        groupId: group,
        topics: [{ topicName: topic, partitions: [{ partitionIndex: 0, startOffset: 2n }] }],
      }, {
        retry: [E.NON_EMPTY_GROUP],
      });
      expect(r.responses[0]?.topicId === id, K.AlterShareGroupOffsets, v, "topic id in the result");
      let p;
      for (let i = 0; i < 50 && p?.startOffset !== 2n; i++) {
        if (i > 0) await sleep(100);
        p = await describeOffsets(MAX(ctx, K.DescribeShareGroupOffsets));
      }
      expect(p?.startOffset === 2n, K.AlterShareGroupOffsets, v, `start offset ${p?.startOffset}`);
    });
  }
  if (has(ctx, K.DeleteShareGroupOffsets)) {
    const v = V(ctx, K.DeleteShareGroupOffsets);
    await m.check(K.DeleteShareGroupOffsets, v, "delete the group's offsets of the topic", async () => {
      const r = await call(ctx, K.DeleteShareGroupOffsets, v, {
        groupId: group,
        topics: [{ topicName: topic }],
      });
      expect(
        r.responses[0]?.topicName === topic && r.responses[0].topicId === id,
        K.DeleteShareGroupOffsets,
        v,
        "result",
      );
    });
  }
  await call(ctx, K.DeleteGroups, MAX(ctx, K.DeleteGroups), { groupsNames: [group] });
}

// -- KIP-1071 streams group ------------------------------------------------------------------

/**
 * A streams group (Kafka 4.x): a member joins with a one-subtopology stateless topology, an
 * endpoint whose port needs all 16 bits of the uint16, client tags and a process id; it gets the
 * active tasks, the group is described, and the member leaves.
 */
async function streamsGroup(ctx: Ctx, t: Topics): Promise<void> {
  const { m } = ctx;
  if (ctx.major < 4 || !has(ctx, K.StreamsGroupHeartbeat)) return;
  const hv = V(ctx, K.StreamsGroupHeartbeat);
  const group = `${ctx.prefix}-streams-ü`;
  const memberId = randomBytes(16).toString("base64url");
  const processId = "a5f8a3a8-1b9c-4c7e-9a43-4f1f2b1d9e10";
  const endpoint = { host: "app-ü.example", port: 65000 };
  let epoch = 0;
  const joined = await m.check(
    K.StreamsGroupHeartbeat,
    hv,
    "join with a topology; receive the active tasks",
    async () => {
      const beat = (body: Init<RequestOf<88>>) =>
        call(ctx, K.StreamsGroupHeartbeat, hv, body, {
          retry: [E.COORDINATOR_LOAD_IN_PROGRESS, E.COORDINATOR_NOT_AVAILABLE, E.NOT_COORDINATOR],
        });
      let r = await beat({
        groupId: group,
        memberId,
        memberEpoch: 0,
        endpointInformationEpoch: 0,
        rebalanceTimeoutMs: 30000,
        topology: {
          epoch: 1,
          subtopologies: [{
            subtopologyId: "0",
            sourceTopics: [t.main],
            sourceTopicRegex: [],
            stateChangelogTopics: [],
            repartitionSinkTopics: [],
            repartitionSourceTopics: [],
            copartitionGroups: [],
          }],
        },
        activeTasks: [],
        standbyTasks: [],
        warmupTasks: [],
        processId,
        userEndpoint: endpoint,
        clientTags: [{ key: "zone", value: "zürich" }],
        taskOffsets: [],
        taskEndOffsets: [],
      });
      epoch = r.memberEpoch;
      let active = "";
      for (let i = 0; i < 100; i++) {
        active = (r.activeTasks ?? []).map((x) => `${x.subtopologyId}:${[...x.partitions].sort().join("+")}`)
          .join();
        if (active === "0:0+1") break;
        await sleep(100);
        r = await beat({
          groupId: group,
          memberId,
          memberEpoch: epoch,
          endpointInformationEpoch: r.endpointInformationEpoch,
          rebalanceTimeoutMs: -1,
        });
        epoch = r.memberEpoch;
      }
      expect(
        r.memberId === memberId && epoch >= 1,
        K.StreamsGroupHeartbeat,
        hv,
        `member ${r.memberId} epoch ${epoch}`,
      );
      expect(
        active === "0:0+1",
        K.StreamsGroupHeartbeat,
        hv,
        `active tasks ${active} (status ${JSON.stringify(r.status)})`,
      );
      // Report the tasks as owned so the group settles.
      r = await beat({
        groupId: group,
        memberId,
        memberEpoch: epoch,
        endpointInformationEpoch: r.endpointInformationEpoch,
        activeTasks: [{ subtopologyId: "0", partitions: [0, 1] }],
        standbyTasks: [],
        warmupTasks: [],
      });
      epoch = r.memberEpoch;
    },
  );
  if (!joined) return;
  if (has(ctx, K.StreamsGroupDescribe)) {
    const dv = V(ctx, K.StreamsGroupDescribe);
    await m.check(
      K.StreamsGroupDescribe,
      dv,
      "member, endpoint (uint16 port), tags, topology, tasks",
      async () => {
        let g;
        for (let i = 0; i < 50; i++) {
          const r = await call(ctx, K.StreamsGroupDescribe, dv, {
            groupIds: [group],
            includeAuthorizedOperations: false,
          });
          g = r.groups[0];
          if (g.groupState === "Stable") break;
          await sleep(100);
        }
        const me = g!.members.find((x) => x.memberId === memberId);
        expect(
          g!.groupState === "Stable" && me !== undefined,
          K.StreamsGroupDescribe,
          dv,
          `state ${g!.groupState}`,
        );
        expect(
          me.processId === processId && me.userEndpoint?.port === 65000 &&
            me.userEndpoint.host === endpoint.host,
          K.StreamsGroupDescribe,
          dv,
          `endpoint ${JSON.stringify(me.userEndpoint)}`,
        );
        expect(
          me.clientTags[0]?.key === "zone" && me.clientTags[0].value === "zürich" &&
            me.clientId === CLIENT_ID,
          K.StreamsGroupDescribe,
          dv,
          "client tags / id",
        );
        expect(
          me.assignment.activeTasks[0]?.subtopologyId === "0" &&
            g!.topology?.subtopologies?.[0]?.sourceTopics[0] === t.main,
          K.StreamsGroupDescribe,
          dv,
          "assignment / topology",
        );
      },
    );
  }
  await m.check(K.StreamsGroupHeartbeat, hv, "leave (member epoch -1)", async () => {
    const r = await call(ctx, K.StreamsGroupHeartbeat, hv, {
      groupId: group,
      memberId,
      memberEpoch: -1,
      endpointInformationEpoch: 0,
    });
    expect(r.memberEpoch === -1, K.StreamsGroupHeartbeat, hv, `epoch after leave ${r.memberEpoch}`);
  });
}

// -- transactions ----------------------------------------------------------------------------

async function transactions(ctx: Ctx, t: Topics): Promise<void> {
  const { m } = ctx;
  const txnId = `${ctx.prefix}-txn-id-ü✓𝄞`;
  const group = `${ctx.prefix}-txn-group-ü`;
  const iv = V(ctx, K.InitProducerId);
  const av = V(ctx, K.AddPartitionsToTxn);
  const aov = V(ctx, K.AddOffsetsToTxn);
  const tcv = V(ctx, K.TxnOffsetCommit);
  const ev = V(ctx, K.EndTxn);
  const pv = Math.max(V(ctx, K.Produce), 3);
  const busy = [
    E.CONCURRENT_TRANSACTIONS,
    E.COORDINATOR_LOAD_IN_PROGRESS,
    E.COORDINATOR_NOT_AVAILABLE,
    E.NOT_COORDINATOR,
  ];
  let pid = -1n;
  let epoch = -1;
  let seq = 0;

  await m.check(
    K.FindCoordinator,
    MAX(ctx, K.FindCoordinator),
    "transaction coordinator (key type 1)",
    async () => {
      const c = await findCoordinator(ctx, MAX(ctx, K.FindCoordinator), txnId, 1);
      expect(c.nodeId === 1, K.FindCoordinator, MAX(ctx, K.FindCoordinator), `coordinator ${c.nodeId}`);
    },
  );
  const init = await m.check(K.InitProducerId, iv, "transactional producer id", async () => {
    const r = await call(ctx, K.InitProducerId, iv, {
      transactionalId: txnId,
      transactionTimeoutMs: 60000,
      producerId: -1n,
      producerEpoch: -1,
    }, { retry: busy });
    expect(r.producerId >= 0n && r.producerEpoch >= 0, K.InitProducerId, iv, `pid ${r.producerId}`);
    pid = r.producerId;
    epoch = r.producerEpoch;
  });
  if (!init) return;

  const addPartitions = async () => {
    const r = await call(
      ctx,
      K.AddPartitionsToTxn,
      av,
      av >= 4
        ? {
          transactions: [{
            transactionalId: txnId,
            producerId: pid,
            producerEpoch: epoch,
            verifyOnly: false,
            topics: [{ name: t.txn, partitions: [0] }],
          }],
        }
        : {
          v3AndBelowTransactionalId: txnId,
          v3AndBelowProducerId: pid,
          v3AndBelowProducerEpoch: epoch,
          v3AndBelowTopics: [{ name: t.txn, partitions: [0] }],
        },
      { retry: busy },
    );
    const results = av >= 4 ? r.resultsByTransaction[0]?.topicResults : r.resultsByTopicV3AndBelow;
    expect(
      results?.[0]?.name === t.txn && results[0].resultsByPartition[0].partitionIndex === 0,
      K.AddPartitionsToTxn,
      av,
      "partition result",
    );
  };
  const produceTxn = async (values: string[]) => {
    const p = await produce(
      ctx,
      pv,
      t.txn,
      0,
      buildRecords(values.map((v) => ({ key: null, value: v })), 2, {
        producerId: pid,
        producerEpoch: epoch,
        baseSequence: seq,
        transactional: true,
      }),
      { transactionalId: txnId },
    );
    seq += values.length;
    expect(p!.errorCode === 0, K.Produce, pv, "transactional produce");
  };
  const endTxn = async (committed: boolean) => {
    const r = await call(ctx, K.EndTxn, ev, {
      transactionalId: txnId,
      producerId: pid,
      producerEpoch: epoch,
      committed,
    }, { retry: busy });
    if (ev >= 5) {
      // Transaction version 2 (KIP-890): every EndTxn bumps the epoch and returns it.
      expect(
        r.producerId === pid && r.producerEpoch > epoch,
        K.EndTxn,
        ev,
        `pid ${r.producerId} epoch ${r.producerEpoch} (was ${epoch})`,
      );
      epoch = r.producerEpoch;
      seq = 0;
    }
  };

  const txOk = await m.check(K.AddPartitionsToTxn, av, "add the partition to the transaction", addPartitions);
  if (!txOk) return;
  await m.check(K.Produce, pv, "transactional batch", () => produceTxn(["c0", "c1"]));
  await m.check(K.AddOffsetsToTxn, aov, "add the group's offsets to the transaction", async () => {
    await call(ctx, K.AddOffsetsToTxn, aov, {
      transactionalId: txnId,
      producerId: pid,
      producerEpoch: epoch,
      groupId: group,
    }, { retry: busy });
  });
  await m.check(K.TxnOffsetCommit, tcv, "commit an offset inside the transaction", async () => {
    const r = await call(ctx, K.TxnOffsetCommit, tcv, {
      transactionalId: txnId,
      groupId: group,
      producerId: pid,
      producerEpoch: epoch,
      generationIdOrMemberEpoch: -1,
      memberId: "",
      groupInstanceId: null,
      topics: [{
        ...topicRef(ctx, t.main, tcv, 6),
        partitions: [{
          partitionIndex: 0,
          committedOffset: 7n,
          committedLeaderEpoch: -1,
          committedMetadata: "txn",
        }],
      }],
    }, { retry: busy });
    expect(r.topics[0].partitions[0].partitionIndex === 0, K.TxnOffsetCommit, tcv, "partition result");
  });
  await m.check(K.EndTxn, ev, "commit", () => endTxn(true));
  await m.check(K.EndTxn, ev, "abort", async () => {
    await addPartitions();
    await produceTxn(["a0", "a1"]);
    await endTxn(false);
  });
  await m.check(K.EndTxn, ev, "commit after an abort", async () => {
    await addPartitions();
    await produceTxn(["c2"]);
    await endTxn(true);
  });

  const fv = Math.max(V(ctx, K.Fetch), 4);
  await m.check(K.Fetch, fv, "read_committed skips the aborted records; markers decode", async () => {
    let res;
    for (let i = 0; i < 100; i++) {
      res = await fetchAll(ctx, fv, t.txn, 0, 0n, { isolation: 1 });
      if (
        res.partition.lastStableOffset === res.partition.highWatermark && res.partition.highWatermark >= 8n
      ) break;
      await sleep(100);
    }
    const { batches, partition } = res!;
    const aborted = partition.abortedTransactions;
    expect(
      aborted !== null && aborted.length === 1 && aborted[0].producerId === pid &&
        aborted[0].firstOffset === 3n,
      K.Fetch,
      fv,
      `abortedTransactions ${JSON.stringify(aborted, (_, x) => typeof x === "bigint" ? String(x) : x)}`,
    );
    const filter = new TransactionFilter(aborted);
    const delivered = recordsOf(batches.filter((x) => filter.accept(x))).map((x) => x.value);
    expect(delivered.join() === "c0,c1,c2", K.Fetch, fv, `delivered ${delivered}`);
    const markers = batches.filter((x) => x.isControl && x.magic === 2).map((x) =>
      readControlRecord(x as Parameters<typeof readControlRecord>[0])?.key.type
    );
    expect(markers.join() === "1,0,1", K.Fetch, fv, `control markers ${markers} (1 commit, 0 abort)`);
    const uncommitted = recordsOf((await fetchAll(ctx, fv, t.txn, 0, 0n, { isolation: 0 })).batches).map((
      x,
    ) => x.value);
    expect(uncommitted.join() === "c0,c1,a0,a1,c2", K.Fetch, fv, `read_uncommitted ${uncommitted}`);
  });
  await m.check(K.OffsetFetch, MAX(ctx, K.OffsetFetch), "offset committed by the transaction", async () => {
    const v = MAX(ctx, K.OffsetFetch);
    const r = await call(
      ctx,
      K.OffsetFetch,
      v,
      v >= 8
        ? {
          groups: [{ groupId: group, topics: [{ ...topicRef(ctx, t.main, v, 10), partitionIndexes: [0] }] }],
          requireStable: true,
        }
        : { groupId: group, topics: [{ name: t.main, partitionIndexes: [0] }], requireStable: v >= 7 },
      { retry: [E.UNSTABLE_OFFSET_COMMIT] },
    );
    const p = v >= 8 ? r.groups[0].topics[0].partitions[0] : r.topics[0].partitions[0];
    expect(p.committedOffset === 7n && p.metadata === "txn", K.OffsetFetch, v, `offset ${p.committedOffset}`);
  });

  if (has(ctx, K.DescribeTransactions)) {
    const v = V(ctx, K.DescribeTransactions);
    await m.check(K.DescribeTransactions, v, "completed transaction state", async () => {
      let s;
      for (let i = 0; i < 50; i++) {
        const r = await call(ctx, K.DescribeTransactions, v, { transactionalIds: [txnId] });
        s = r.transactionStates[0];
        if (s.transactionState === "CompleteCommit") break;
        await sleep(100);
      }
      expect(
        s!.transactionalId === txnId && s!.transactionState === "CompleteCommit" && s!.producerId === pid,
        K.DescribeTransactions,
        v,
        `state ${s!.transactionState}`,
      );
      expect(
        s!.transactionTimeoutMs === 60000,
        K.DescribeTransactions,
        v,
        `timeout ${s!.transactionTimeoutMs}`,
      );
      const unknown = await call(ctx, K.DescribeTransactions, v, { transactionalIds: [`${txnId}-unknown`] }, {
        allow: [E.TRANSACTIONAL_ID_NOT_FOUND],
      });
      expect(
        unknown.transactionStates[0].errorCode === E.TRANSACTIONAL_ID_NOT_FOUND,
        K.DescribeTransactions,
        v,
        "unknown id",
      );
    });
  }
  if (has(ctx, K.ListTransactions)) {
    const v = V(ctx, K.ListTransactions);
    await m.check(
      K.ListTransactions,
      v,
      "lists the transactional id (filters by state/producer)",
      async () => {
        const r = await call(ctx, K.ListTransactions, v, {
          stateFilters: ["CompleteCommit"],
          producerIdFilters: [pid],
          durationFilter: -1n,
          transactionalIdPattern: v >= 2 ? `${ctx.prefix}-txn-.*` : null,
        });
        expect(
          r.transactionStates.some((x) => x.transactionalId === txnId && x.producerId === pid),
          K.ListTransactions,
          v,
          `states ${JSON.stringify(r.transactionStates, (_, x) => typeof x === "bigint" ? String(x) : x)}`,
        );
        const bogus = await call(ctx, K.ListTransactions, v, { stateFilters: ["NoSuchState"] });
        expect(
          bogus.unknownStateFilters.join() === "NoSuchState",
          K.ListTransactions,
          v,
          "unknownStateFilters",
        );
      },
    );
  }
  if (has(ctx, K.DescribeProducers)) {
    const v = V(ctx, K.DescribeProducers);
    await m.check(K.DescribeProducers, v, "transactional producer state", async () => {
      const r = await call(ctx, K.DescribeProducers, v, { topics: [{ name: t.txn, partitionIndexes: [0] }] });
      const me = r.topics[0].partitions[0].activeProducers.find((x) => x.producerId === pid);
      expect(
        me !== undefined && me.currentTxnStartOffset === -1n,
        K.DescribeProducers,
        v,
        "no open transaction",
      );
    });
  }
}

// -- admin APIs ------------------------------------------------------------------------------

/**
 * The admin APIs around the client's life: ACLs (the broker runs StandardAuthorizer with the
 * suite's principals as super users), legacy AlterConfigs, log dirs, leader election,
 * reassignments, client quotas (float64 values), SCRAM credentials (then a login with the new
 * user), OffsetDelete, DescribeQuorum (uint16 ports), ListConfigResources and
 * DescribeTopicPartitions (a nullable struct cursor both ways).
 */
async function adminApis(ctx: Ctx, t: Topics): Promise<void> {
  const { m } = ctx;
  const tag = ctx.prefix.replace(/^sw-/, "");
  if (has(ctx, K.CreateAcls)) {
    const cv = V(ctx, K.CreateAcls);
    const dv = V(ctx, K.DescribeAcls);
    const xv = V(ctx, K.DeleteAcls);
    const resource = `${ctx.prefix}-acl-ü`;
    const principal = `User:alice-${tag}-✓`;
    const filter = (v: number) => ({
      resourceTypeFilter: 2,
      resourceNameFilter: resource,
      patternTypeFilter: v >= 1 ? 3 : undefined,
      principalFilter: null,
      hostFilter: null,
      operation: 1,
      permissionType: 1,
    });
    await m.check(K.CreateAcls, cv, "allow READ on a topic for a principal", async () => {
      const r = await call(ctx, K.CreateAcls, cv, {
        creations: [{
          resourceType: 2,
          resourceName: resource,
          resourcePatternType: 3,
          principal,
          host: "*",
          operation: 3,
          permissionType: 3,
        }],
      });
      expect(r.results.length === 1, K.CreateAcls, cv, "one result");
    });
    await m.check(K.DescribeAcls, dv, "the ACL just created", async () => {
      let acls: { principal: string; host: string; operation: number; permissionType: number }[] = [];
      for (let i = 0; i < 50 && acls.length === 0; i++) {
        if (i > 0) await sleep(100);
        const r = await call(ctx, K.DescribeAcls, dv, filter(dv));
        acls = r.resources.find((x) => x.resourceName === resource)?.acls ?? [];
      }
      expect(
        acls.length === 1 && acls[0].principal === principal && acls[0].operation === 3 &&
          acls[0].permissionType === 3,
        K.DescribeAcls,
        dv,
        `acls ${JSON.stringify(acls)}`,
      );
    });
    await m.check(K.DeleteAcls, xv, "delete it by filter", async () => {
      const r = await call(ctx, K.DeleteAcls, xv, { filters: [filter(xv)] });
      const matching = r.filterResults[0].matchingAcls;
      expect(
        matching.length === 1 && matching[0].principal === principal && matching[0].resourceName === resource,
        K.DeleteAcls,
        xv,
        `matching ${JSON.stringify(matching)}`,
      );
    });
  }

  const av = V(ctx, K.AlterConfigs);
  await m.check(K.AlterConfigs, av, "replace a topic's configs (legacy AlterConfigs)", async () => {
    await call(ctx, K.AlterConfigs, av, {
      resources: [{
        resourceType: 2,
        resourceName: t.idem,
        configs: [{ name: "retention.ms", value: "3600000" }],
      }],
      validateOnly: false,
    });
    let value: string | null | undefined;
    for (let i = 0; i < 50 && value !== "3600000"; i++) {
      if (i > 0) await sleep(100);
      const r = await call(ctx, K.DescribeConfigs, MAX(ctx, K.DescribeConfigs), {
        resources: [{ resourceType: 2, resourceName: t.idem, configurationKeys: ["retention.ms"] }],
      });
      value = r.results[0].configs[0]?.value;
    }
    expect(value === "3600000", K.AlterConfigs, av, `retention.ms ${value}`);
  });

  const lv = V(ctx, K.DescribeLogDirs);
  await m.check(K.DescribeLogDirs, lv, "the broker's log dir holds our partitions", async () => {
    const r = await call(ctx, K.DescribeLogDirs, lv, { topics: [{ topic: t.main, partitions: [0, 1] }] });
    expect(
      r.results.length === 1 && r.results[0].logDir.endsWith("/data"),
      K.DescribeLogDirs,
      lv,
      `dirs ${r.results.map((x) => x.logDir)}`,
    );
    const parts = r.results[0].topics.find((x) => x.name === t.main)?.partitions ?? [];
    expect(
      parts.length === 2 && parts.some((x) => x.partitionIndex === 0 && x.partitionSize > 0n),
      K.DescribeLogDirs,
      lv,
      `partitions ${parts.length}`,
    );
    if (lv >= 4) {
      expect(
        r.results[0].totalBytes > 0n && r.results[0].usableBytes > 0n,
        K.DescribeLogDirs,
        lv,
        "total/usable bytes",
      );
    }
  });

  const ev = V(ctx, K.ElectLeaders);
  await m.check(K.ElectLeaders, ev, "preferred leader election is ELECTION_NOT_NEEDED", async () => {
    const r = await call(ctx, K.ElectLeaders, ev, {
      electionType: 0,
      topicPartitions: [{ topic: t.main, partitions: [0] }],
      timeoutMs: 30000,
    }, { allow: [E.ELECTION_NOT_NEEDED] });
    const p = r.replicaElectionResults[0]?.partitionResult[0];
    expect(
      p?.partitionId === 0 && p.errorCode === E.ELECTION_NOT_NEEDED,
      K.ElectLeaders,
      ev,
      `result ${JSON.stringify(p)}`,
    );
  });

  const lrv = V(ctx, K.ListPartitionReassignments);
  const arv = V(ctx, K.AlterPartitionReassignments);
  await m.check(K.ListPartitionReassignments, lrv, "none in progress (all topics: null)", async () => {
    const r = await call(ctx, K.ListPartitionReassignments, lrv, { timeoutMs: 30000, topics: null });
    expect(r.topics.length === 0, K.ListPartitionReassignments, lrv, `${r.topics.length} ongoing`);
  });
  await m.check(
    K.AlterPartitionReassignments,
    arv,
    "cancelling (replicas null) when none runs is NO_REASSIGNMENT_IN_PROGRESS",
    async () => {
      const r = await call(ctx, K.AlterPartitionReassignments, arv, {
        timeoutMs: 30000,
        topics: [{ name: t.main, partitions: [{ partitionIndex: 0, replicas: null }] }],
      }, { allow: [E.NO_REASSIGNMENT_IN_PROGRESS] });
      expect(
        r.responses[0]?.partitions[0]?.errorCode === E.NO_REASSIGNMENT_IN_PROGRESS,
        K.AlterPartitionReassignments,
        arv,
        `result ${JSON.stringify(r.responses)}`,
      );
    },
  );

  const qv = V(ctx, K.AlterClientQuotas);
  const dqv = V(ctx, K.DescribeClientQuotas);
  const entity = [{ entityType: "client-id", entityName: `${ctx.prefix}-quota-ü` }];
  await m.check(K.AlterClientQuotas, qv, "set a fractional request_percentage and a byte rate", async () => {
    const r = await call(ctx, K.AlterClientQuotas, qv, {
      entries: [{
        entity,
        ops: [{ key: "request_percentage", value: 12.5, remove: false }, {
          key: "producer_byte_rate",
          value: 1048576,
          remove: false,
        }],
      }],
      validateOnly: false,
    });
    expect(
      r.entries.length === 1 && r.entries[0].entity[0].entityName === entity[0].entityName,
      K.AlterClientQuotas,
      qv,
      "entry",
    );
  });
  await m.check(K.DescribeClientQuotas, dqv, "the quota values (float64) come back", async () => {
    let values: { key: string; value: number }[] = [];
    for (let i = 0; i < 50 && values.length < 2; i++) {
      if (i > 0) await sleep(100);
      const r = await call(ctx, K.DescribeClientQuotas, dqv, {
        components: [{ entityType: "client-id", matchType: 0, match: entity[0].entityName }],
        strict: true,
      });
      values = r.entries?.[0]?.values ?? [];
    }
    const get = (k: string) => values.find((x) => x.key === k)?.value;
    expect(
      get("request_percentage") === 12.5 && get("producer_byte_rate") === 1048576,
      K.DescribeClientQuotas,
      dqv,
      `values ${JSON.stringify(values)}`,
    );
    await call(ctx, K.AlterClientQuotas, MAX(ctx, K.AlterClientQuotas), {
      entries: [{
        entity,
        ops: [{ key: "request_percentage", remove: true }, { key: "producer_byte_rate", remove: true }],
      }],
    });
  });

  const uv = V(ctx, K.AlterUserScramCredentials);
  const duv = V(ctx, K.DescribeUserScramCredentials);
  // ASCII user name: Kafka's SCRAM parser accepts only ASCII in saslname (RFC 5802 allows
  // UTF-8), so a non-ASCII user can be created but never log in. The password may be anything.
  const user = `bob-${tag}`;
  const password = `pw-${tag}-✓`;
  await m.check(
    K.AlterUserScramCredentials,
    uv,
    "upsert a SCRAM-SHA-256 credential; the new user can log in",
    async () => {
      const salt = randomBytes(16);
      const saltedPassword = scramSaltedPassword("SCRAM-SHA-256", password, salt, 4096);
      await call(ctx, K.AlterUserScramCredentials, uv, {
        deletions: [],
        upsertions: [{ name: user, mechanism: 1, iterations: 4096, salt, saltedPassword }],
      });
      let error = -1;
      for (let i = 0; i < 30 && error !== 0; i++) {
        if (i > 0) await sleep(200);
        const r = await saslExchange(
          ctx,
          "SCRAM-SHA-256",
          password,
          MAX(ctx, K.SaslHandshake),
          MAX(ctx, K.SaslAuthenticate),
          user,
        );
        error = r.error;
        r.s.close();
      }
      expect(error === 0, K.AlterUserScramCredentials, uv, `login as the new user: error ${error}`);
    },
  );
  await m.check(
    K.DescribeUserScramCredentials,
    duv,
    "credentials of the format-time user and the new one",
    async () => {
      const r = await call(ctx, K.DescribeUserScramCredentials, duv, {
        users: [{ name: ctx.user }, { name: user }],
      });
      const byUser = new Map(
        r.results.map((x) => [
          x.user,
          x.credentialInfos.map((c) => `${c.mechanism}:${c.iterations}`).sort().join(),
        ]),
      );
      expect(
        byUser.get(ctx.user) === "1:4096,2:4096" && byUser.get(user) === "1:4096",
        K.DescribeUserScramCredentials,
        duv,
        `credentials ${JSON.stringify([...byUser])}`,
      );
      await call(ctx, K.AlterUserScramCredentials, MAX(ctx, K.AlterUserScramCredentials), {
        deletions: [{ name: user, mechanism: 1 }],
        upsertions: [],
      });
    },
  );

  const odv = V(ctx, K.OffsetDelete);
  await m.check(K.OffsetDelete, odv, "delete a committed offset of an empty group", async () => {
    const group = `${ctx.prefix}-offsets-ü`;
    await call(ctx, K.OffsetCommit, MAX(ctx, K.OffsetCommit), {
      groupId: group,
      generationIdOrMemberEpoch: -1,
      memberId: "",
      topics: [{
        ...topicRef(ctx, t.main, MAX(ctx, K.OffsetCommit), 10),
        partitions: [{ partitionIndex: 0, committedOffset: 5n, committedMetadata: null }],
      }],
    }, { retry: [E.COORDINATOR_LOAD_IN_PROGRESS, E.NOT_COORDINATOR, E.COORDINATOR_NOT_AVAILABLE] });
    const r = await call(ctx, K.OffsetDelete, odv, {
      groupId: group,
      topics: [{ name: t.main, partitions: [{ partitionIndex: 0 }] }],
    });
    expect(r.topics[0]?.partitions[0]?.partitionIndex === 0, K.OffsetDelete, odv, "partition result");
    // 3.9 drops an empty group with its last offset; 4.4 keeps it until deleted.
    await call(ctx, K.DeleteGroups, MAX(ctx, K.DeleteGroups), { groupsNames: [group] }, {
      allow: [E.GROUP_ID_NOT_FOUND],
    });
  });

  if (has(ctx, K.DescribeQuorum)) {
    const v = V(ctx, K.DescribeQuorum);
    await m.check(K.DescribeQuorum, v, "the metadata quorum: one voter, leader 1", async () => {
      const r = await call(ctx, K.DescribeQuorum, v, {
        topics: [{ topicName: "__cluster_metadata", partitions: [{ partitionIndex: 0 }] }],
      });
      const p = r.topics[0]?.partitions[0];
      expect(
        p?.leaderId === 1 && p.currentVoters.length === 1 && p.highWatermark > 0n,
        K.DescribeQuorum,
        v,
        `partition ${JSON.stringify(p, (_, x) => typeof x === "bigint" ? String(x) : x)}`,
      );
      if (v >= 2) {
        expect(
          r.nodes.some((n) => n.nodeId === 1 && n.listeners.some((l) => l.port > 0 && l.port < 65536)),
          K.DescribeQuorum,
          v,
          `nodes ${JSON.stringify(r.nodes)}`,
        );
      }
    });
  }
  if (has(ctx, K.ListConfigResources)) {
    const v = V(ctx, K.ListConfigResources);
    await m.check(
      K.ListConfigResources,
      v,
      v >= 1 ? "topics among the config resources" : "client-metrics resources (none)",
      async () => {
        const r = await call(ctx, K.ListConfigResources, v, { resourceTypes: v >= 1 ? [2] : [] });
        if (v >= 1) {
          expect(
            r.configResources.some((x) => x.resourceName === t.main && x.resourceType === 2),
            K.ListConfigResources,
            v,
            `${r.configResources.length} resources`,
          );
        } else {expect(
            r.configResources.length === 0,
            K.ListConfigResources,
            v,
            `${r.configResources.length} resources`,
          );}
      },
    );
  }
  if (has(ctx, K.DescribeTopicPartitions)) {
    const v = V(ctx, K.DescribeTopicPartitions);
    await m.check(K.DescribeTopicPartitions, v, "paging with the nullable cursor struct", async () => {
      const first = await call(ctx, K.DescribeTopicPartitions, v, {
        topics: [{ name: t.main }],
        responsePartitionLimit: 1,
        cursor: null,
      });
      expect(
        first.topics[0]?.partitions.length === 1 && first.nextCursor?.topicName === t.main &&
          first.nextCursor.partitionIndex === 1,
        K.DescribeTopicPartitions,
        v,
        `first page ${JSON.stringify(first.nextCursor)}`,
      );
      const next = await call(ctx, K.DescribeTopicPartitions, v, {
        topics: [{ name: t.main }],
        responsePartitionLimit: 1,
        cursor: first.nextCursor,
      });
      expect(
        next.topics[0]?.partitions[0]?.partitionIndex === 1 && next.nextCursor === null,
        K.DescribeTopicPartitions,
        v,
        `second page ${JSON.stringify(next.nextCursor)}`,
      );
    });
  }
}

// -- delegation tokens, features, replica log dirs ------------------------------------------

/**
 * Delegation tokens over an authenticated SASL connection (Kafka refuses token requests on
 * PLAINTEXT): create one, log in with it (SCRAM with the `tokenauth=true` extension), describe,
 * renew and expire it. Then UpdateFeatures to the current level (a no-op) and AlterReplicaLogDirs
 * to the partition's own log dir.
 */
async function tokensAndFeatures(ctx: Ctx, t: Topics): Promise<void> {
  const { m } = ctx;
  const cv = V(ctx, K.CreateDelegationToken);
  const dv = V(ctx, K.DescribeDelegationToken);
  const rv = V(ctx, K.RenewDelegationToken);
  const xv = V(ctx, K.ExpireDelegationToken);
  const { s, error } = await saslExchange(
    ctx,
    "SCRAM-SHA-256",
    ctx.password,
    MAX(ctx, K.SaslHandshake),
    MAX(ctx, K.SaslAuthenticate),
  );
  try {
    expect(
      error === 0,
      K.SaslAuthenticate,
      MAX(ctx, K.SaslAuthenticate),
      `login for the token requests: error ${error}`,
    );
    let tokenId = "";
    let hmac = new Uint8Array(0);
    const created = await m.check(
      K.CreateDelegationToken,
      cv,
      "create a token for the SCRAM user",
      async () => {
        const r = await call(ctx, K.CreateDelegationToken, cv, {
          ...(cv >= 3 ? { ownerPrincipalType: null, ownerPrincipalName: null } : {}),
          renewers: [{ principalType: "User", principalName: ctx.user }],
          maxLifetimeMs: -1n,
        }, { on: s });
        expect(
          r.principalType === "User" && r.principalName === ctx.user && r.tokenId.length > 0 &&
            r.hmac.length > 0,
          K.CreateDelegationToken,
          cv,
          `owner ${r.principalType}:${r.principalName}`,
        );
        if (cv >= 3) {
          expect(r.tokenRequesterPrincipalName === ctx.user, K.CreateDelegationToken, cv, "requester");
        }
        expect(
          r.expiryTimestampMs > r.issueTimestampMs && r.maxTimestampMs >= r.expiryTimestampMs,
          K.CreateDelegationToken,
          cv,
          "timestamps",
        );
        tokenId = r.tokenId;
        hmac = r.hmac.slice();
      },
    );
    if (!created) {
      return;
    }
    await m.check(K.CreateDelegationToken, cv, "log in with the token (SCRAM, tokenauth=true)", async () => {
      let err = -1;
      for (let i = 0; i < 30 && err !== 0; i++) {
        if (i > 0) {
          await sleep(200);
        }
        const r = await saslExchange(
          ctx,
          "SCRAM-SHA-256",
          Buffer.from(hmac).toString("base64"),
          MAX(ctx, K.SaslHandshake),
          MAX(ctx, K.SaslAuthenticate),
          tokenId,
          { tokenauth: "true" },
        );
        err = r.error;
        r.s.close();
      }
      expect(err === 0, K.CreateDelegationToken, cv, `token login: error ${err}`);
    });
    await m.check(K.DescribeDelegationToken, dv, "the token, its owner and renewer", async () => {
      const r = await call(ctx, K.DescribeDelegationToken, dv, { owners: null }, { on: s });
      const tok = r.tokens.find((x) => x.tokenId === tokenId);
      expect(
        tok !== undefined && eqBytes(tok.hmac, hmac) && tok.renewers[0]?.principalName === ctx.user,
        K.DescribeDelegationToken,
        dv,
        `tokens ${r.tokens.map((x) => x.tokenId)}`,
      );
    });
    await m.check(K.RenewDelegationToken, rv, "renew for an hour", async () => {
      const before = BigInt(Date.now());
      const r = await call(ctx, K.RenewDelegationToken, rv, { hmac, renewPeriodMs: 3_600_000n }, { on: s });
      expect(
        r.expiryTimestampMs >= before + 3_500_000n,
        K.RenewDelegationToken,
        rv,
        `expiry ${r.expiryTimestampMs}`,
      );
    });
    await m.check(K.ExpireDelegationToken, xv, "expire now; the token is gone", async () => {
      await call(ctx, K.ExpireDelegationToken, xv, { hmac, expiryTimePeriodMs: -1n }, { on: s });
      let left = true;
      for (let i = 0; i < 50 && left; i++) {
        if (i > 0) await sleep(100);
        const r = await call(ctx, K.DescribeDelegationToken, MAX(ctx, K.DescribeDelegationToken), {
          owners: [{ principalType: "User", principalName: ctx.user }],
        }, { on: s });
        left = r.tokens.some((x) => x.tokenId === tokenId);
      }
      expect(!left, K.ExpireDelegationToken, xv, "token still described after expiry");
    });
  } finally {
    s.close();
  }

  const uv = V(ctx, K.UpdateFeatures);
  await m.check(K.UpdateFeatures, uv, "metadata.version to its current level (no change)", async () => {
    const av = await call(ctx, K.ApiVersions, MAX(ctx, K.ApiVersions), {
      clientSoftwareName: "streamwire",
      clientSoftwareVersion: "0.1.0",
    });
    const level = av.finalizedFeatures.find((f) => f.name === "metadata.version")?.maxVersionLevel;
    expect(level !== undefined && level > 0, K.UpdateFeatures, uv, "no finalized metadata.version");
    const r = await call(ctx, K.UpdateFeatures, uv, {
      timeoutMs: 30000,
      featureUpdates: [{
        feature: "metadata.version",
        maxVersionLevel: level,
        allowDowngrade: false,
        upgradeType: 1,
      }],
      validateOnly: uv >= 1,
    });
    if (uv <= 1) {
      expect(
        r.results.length === 1 && r.results[0].feature === "metadata.version",
        K.UpdateFeatures,
        uv,
        `results ${JSON.stringify(r.results)}`,
      );
    }
  });

  const lv = V(ctx, K.AlterReplicaLogDirs);
  await m.check(K.AlterReplicaLogDirs, lv, "move a partition to the log dir it is in", async () => {
    const dirs = await call(ctx, K.DescribeLogDirs, MAX(ctx, K.DescribeLogDirs), {
      topics: [{ topic: t.main, partitions: [0] }],
    });
    const path = dirs.results[0].logDir;
    const r = await call(ctx, K.AlterReplicaLogDirs, lv, {
      dirs: [{ path, topics: [{ name: t.main, partitions: [0] }] }],
    });
    expect(
      r.results[0]?.topicName === t.main && r.results[0].partitions[0]?.partitionIndex === 0,
      K.AlterReplicaLogDirs,
      lv,
      `results ${JSON.stringify(r.results)}`,
    );
  });
}

// -- SASL ------------------------------------------------------------------------------------

async function saslExchange(
  ctx: Ctx,
  mechanism: string,
  password: string,
  hv: number,
  av: number,
  user = ctx.user,
  extensions?: Record<string, string>,
): Promise<{ s: BrokerSocket; error: number }> {
  const s = await open(ctx, ctx.saslHost, ctx.saslPort);
  const v = await s.exchange(s.conn.apiVersionsRequest({ version: MAX(ctx, K.ApiVersions) }));
  s.conn.applyApiVersions(v.body as ResponseOf<18>);
  const hs = await call(ctx, K.SaslHandshake, hv, { mechanism }, { on: s });
  expect(hs.mechanisms.includes(mechanism), K.SaslHandshake, hv, `mechanisms ${hs.mechanisms}`);
  const auth = async (bytes: Uint8Array, allow: number[] = []) => {
    const r = await call(ctx, K.SaslAuthenticate, av, { authBytes: bytes }, { on: s, allow });
    return r;
  };
  if (mechanism === "PLAIN") {
    const r = await auth(saslPlainToken(user, password), [E.SASL_AUTHENTICATION_FAILED]);
    return { s, error: r.errorCode };
  }
  const scram = new ScramClient(mechanism as ScramMechanism, user, password, { extensions });
  // An unknown user is refused at the first message already.
  const first = await auth(scram.first(), [E.SASL_AUTHENTICATION_FAILED]);
  if (first.errorCode !== 0) return { s, error: first.errorCode };
  const final = await auth(scram.final(first.authBytes), [E.SASL_AUTHENTICATION_FAILED]);
  if (final.errorCode === 0) {
    scram.verify(final.authBytes);
    // Password logins never expire here (connections.max.reauth.ms=0); a token login lives as
    // long as the token.
    if (av >= 1 && extensions === undefined) {
      expect(
        final.sessionLifetimeMs === 0n,
        K.SaslAuthenticate,
        av,
        `session lifetime ${final.sessionLifetimeMs}`,
      );
    }
    if (av >= 1 && extensions !== undefined) {
      expect(
        final.sessionLifetimeMs > 0n,
        K.SaslAuthenticate,
        av,
        `token session lifetime ${final.sessionLifetimeMs}`,
      );
    }
  }
  return { s, error: final.errorCode };
}

/** SaslHandshake v0: after the handshake the tokens travel as bare frames, with no Kafka header. */
async function saslV0Plain(ctx: Ctx): Promise<void> {
  const raw = await RawFrameSocket.connect(ctx.saslHost, ctx.saslPort);
  try {
    raw.write(
      encodeRequest(K.SaslHandshake, 0, { correlationId: 1, clientId: CLIENT_ID }, { mechanism: "PLAIN" }),
    );
    const hs = decodeResponse(K.SaslHandshake, 0, await raw.read());
    expect(
      hs.body.errorCode === 0 && hs.header.correlationId === 1,
      K.SaslHandshake,
      0,
      `handshake error ${hs.body.errorCode}`,
    );
    raw.write(saslPlainToken(ctx.user, ctx.password));
    const done = await raw.read();
    expect(done.length === 0, K.SaslHandshake, 0, `PLAIN success frame has ${done.length} bytes`);
    const mv = MAX(ctx, K.Metadata);
    raw.write(
      encodeRequest(K.Metadata, mv, { correlationId: 2, clientId: CLIENT_ID }, {
        topics: null,
        allowAutoTopicCreation: false,
      }),
    );
    const md = decodeResponse(K.Metadata, mv, await raw.read());
    expect(
      md.header.correlationId === 2 && md.body.brokers.length === 1,
      K.SaslHandshake,
      0,
      "metadata after raw authentication",
    );
  } finally {
    raw.close();
  }
}

async function sasl(ctx: Ctx): Promise<void> {
  const { m } = ctx;
  const hv = V(ctx, K.SaslHandshake);
  const av = V(ctx, K.SaslAuthenticate);
  if (hv === 0) {
    await m.check(K.SaslHandshake, 0, "PLAIN with raw (v0) token frames", () => saslV0Plain(ctx));
  }
  const hv1 = Math.max(hv, 1);
  for (const mech of ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"]) {
    await m.check(
      K.SaslAuthenticate,
      av,
      `${mech}: authenticate, then a request on the session`,
      async () => {
        const { s, error } = await saslExchange(ctx, mech, ctx.password, hv1, av);
        try {
          expect(error === 0, K.SaslAuthenticate, av, `error ${error}`);
          const r = await call(ctx, K.Metadata, MAX(ctx, K.Metadata), {
            topics: null,
            allowAutoTopicCreation: false,
          }, { on: s });
          expect(r.brokers.length === 1, K.SaslAuthenticate, av, "metadata after authentication");
        } finally {
          s.close();
        }
      },
    );
    await m.check(
      K.SaslAuthenticate,
      av,
      `${mech}: wrong password is SASL_AUTHENTICATION_FAILED`,
      async () => {
        let error = -1;
        try {
          const r = await saslExchange(ctx, mech, `${ctx.password}-wrong`, hv1, av);
          error = r.error;
          r.s.close();
        } catch (e) {
          // The broker closes the connection after a SCRAM failure it reports in the response.
          if (!(e instanceof ApiFailure)) throw e;
          throw e;
        }
        expect(error === E.SASL_AUTHENTICATION_FAILED, K.SaslAuthenticate, av, `error ${error}`);
      },
    );
  }
  await m.check(
    K.SaslHandshake,
    hv1,
    "unknown mechanism is UNSUPPORTED_SASL_MECHANISM with the enabled list",
    async () => {
      const s = await open(ctx, ctx.saslHost, ctx.saslPort);
      try {
        const r = await call(ctx, K.SaslHandshake, hv1, { mechanism: "GSSAPI" }, {
          on: s,
          allow: [E.UNSUPPORTED_SASL_MECHANISM],
        });
        expect(r.errorCode === E.UNSUPPORTED_SASL_MECHANISM, K.SaslHandshake, hv1, `error ${r.errorCode}`);
        expect(
          [...r.mechanisms].sort().join() === "PLAIN,SCRAM-SHA-256,SCRAM-SHA-512",
          K.SaslHandshake,
          hv1,
          `mechanisms ${r.mechanisms}`,
        );
      } finally {
        s.close();
      }
    },
  );
}

async function deleteTopics(ctx: Ctx, t: Topics): Promise<void> {
  const { m } = ctx;
  const v = V(ctx, K.DeleteTopics);
  await m.check(K.DeleteTopics, v, "delete by name (and by id from v6); gone from metadata", async () => {
    const byName = [t.del, ...t.recompress.values()];
    const byId = v >= 6 ? [t.idem] : [];
    const r = await call(
      ctx,
      K.DeleteTopics,
      v,
      v >= 6
        ? {
          topics: [
            ...byName.map((name) => ({ name, topicId: ZERO_UUID })),
            ...byId.map((x) => ({ name: null, topicId: topicId(ctx, x) })),
          ],
          timeoutMs: 30000,
        }
        : { topicNames: byName, timeoutMs: 30000 },
    );
    expect(
      r.responses.length === byName.length + byId.length,
      K.DeleteTopics,
      v,
      `${r.responses.length} results`,
    );
    if (v >= 6) {
      expect(
        r.responses.find((x) => x.topicId === topicId(ctx, t.idem))?.name === t.idem,
        K.DeleteTopics,
        v,
        "by-id result names the topic",
      );
    }
    const gone = [...byName, ...byId];
    for (let i = 0; i < 50; i++) {
      const md = await call(ctx, K.Metadata, MAX(ctx, K.Metadata), {
        topics: gone.map((name) => ({ name })),
        allowAutoTopicCreation: false,
      }, { allow: [E.UNKNOWN_TOPIC_OR_PARTITION] });
      if (md.topics.every((x) => x.errorCode === E.UNKNOWN_TOPIC_OR_PARTITION)) return;
      await sleep(100);
    }
    throw new ApiFailure(K.DeleteTopics, v, "deleted topics still in metadata");
  });
  await m.check(K.DeleteTopics, v, "unknown topic is UNKNOWN_TOPIC_OR_PARTITION", async () => {
    const r = await call(
      ctx,
      K.DeleteTopics,
      v,
      v >= 6
        ? { topics: [{ name: `${ctx.prefix}-nope`, topicId: ZERO_UUID }], timeoutMs: 30000 }
        : { topicNames: [`${ctx.prefix}-nope`], timeoutMs: 30000 },
      { allow: [E.UNKNOWN_TOPIC_OR_PARTITION] },
    );
    expect(
      r.responses[0].errorCode === E.UNKNOWN_TOPIC_OR_PARTITION,
      K.DeleteTopics,
      v,
      `error ${r.responses[0].errorCode}`,
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Main

async function waitForBroker(
  host: string,
  port: number,
  seconds: number,
  recorder: RequestRecorder,
): Promise<BrokerSocket> {
  const deadline = Date.now() + seconds * 1000;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const s = await BrokerSocket.connect(host, port, { clientId: CLIENT_ID, timeoutMs: 5000, recorder });
      const ours = supportedVersions(K.ApiVersions)!;
      let r = await s.exchange(s.conn.apiVersionsRequest({ version: ours.max }));
      const retry = s.conn.retryApiVersionsVersion(r.body as ResponseOf<18>);
      if (retry !== undefined) r = await s.exchange(s.conn.apiVersionsRequest({ version: retry }));
      s.conn.applyApiVersions(r.body as ResponseOf<18>);
      // A broker that answers ApiVersions may still be registering; wait until it lists itself.
      const md = await s.send(K.Metadata, { topics: [], allowAutoTopicCreation: false });
      if ((md.body as ResponseOf<3>).brokers.length > 0) return s;
      s.close();
    } catch (e) {
      last = e;
    }
    await sleep(500);
  }
  throw new Error(
    `broker at ${host}:${port} did not answer in ${seconds} s: ${
      last instanceof Error ? last.message : last
    }`,
  );
}

/** Steps needed to reach every version of every API the suite uses (the widest range). */
function spanOf(s: BrokerSocket, major: number): number {
  let span = 1;
  for (const k of Object.values(K)) {
    const hi = s.conn.tryVersion(k);
    const r = s.conn.brokerVersions(k);
    const ours = supportedVersions(k);
    if (hi === undefined || r === undefined || ours === undefined) continue;
    const lo = k === K.Produce && major >= 4 ? Math.max(r.min, ours.min, 3) : Math.max(r.min, ours.min);
    span = Math.max(span, hi - lo);
  }
  return span;
}

function negotiationNotes(ctx: Ctx): void {
  const unknown: string[] = [];
  const above: string[] = [];
  for (let k = 0; k < 200; k++) {
    const r = ctx.s.conn.brokerVersions(k);
    if (r === undefined) continue;
    const ours = supportedVersions(k, { includeUnstable: true });
    if (ours === undefined) unknown.push(String(k));
    else if (r.max > ours.max) above.push(`${k} (broker ${r.min}-${r.max}, codec ${ours.min}-${ours.max})`);
    else if (ctx.s.conn.tryVersion(k) === undefined) above.push(`${k} (no common version)`);
  }
  if (unknown.length) {
    ctx.m.note(`API keys the broker advertises and the codec does not know: ${unknown.join(", ")}`);
  }
  if (above.length) ctx.m.note(`APIs where the broker goes beyond the codec: ${above.join("; ")}`);
}

async function runBroker(): Promise<number> {
  const broker = arg("--broker-version") ?? "unknown";
  const { host, port } = hostPort(arg("--bootstrap") ?? "127.0.0.1:9092");
  const saslAddr = hostPort(arg("--sasl") ?? "127.0.0.1:9093");
  // Steps: "max" (every API at its highest version), "min" (its oldest), "all" (every version
  // of every API: step n tests each API's n-th oldest version, capped at its highest).
  const modes = (arg("--modes") ?? "all").split(",");
  const m = new Matrix(broker);
  const started = Date.now();
  const recorder = new RequestRecorder();
  const s = await waitForBroker(host, port, Number(arg("--wait") ?? 90), recorder);
  console.log(`broker ${broker} answers after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  try {
    const span = spanOf(s, Number(broker.split(".")[0]));
    const steps = [
      ...new Set(
        modes.flatMap((x) =>
          x === "max"
            ? [Infinity]
            : x === "min"
            ? [0]
            : x === "all"
            ? [...Array(span).keys(), Infinity]
            : [Number(x)]
        ),
      ),
    ];
    for (const step of steps) {
      const t0 = Date.now();
      const mode = step === Infinity ? "max" : `s${step}`;
      const ctx: Ctx = {
        m,
        broker,
        major: Number(broker.split(".")[0]),
        host,
        port,
        saslHost: saslAddr.host,
        saslPort: saslAddr.port,
        user: arg("--sasl-user") ?? "streamwire",
        password: arg("--sasl-password") ?? "streamwire-secret",
        step,
        s,
        ids: new Map(),
        prefix: `sw-${mode}-${randomBytes(3).toString("hex")}`,
        recorder,
      };
      if (mode === "max") negotiationNotes(ctx);
      await apiVersions(ctx);
      if (step === 0) await advertisedButRefused(ctx);
      await clusterAndMetadata(ctx);
      let topics: Topics | undefined;
      try {
        topics = await createTopics(ctx);
      } catch (e) {
        m.fail(K.CreateTopics, V(ctx, K.CreateTopics), `setup: ${e instanceof Error ? e.message : e}`);
      }
      if (topics !== undefined) {
        const t = topics;
        for (
          const step of [
            partitionsAndConfigs,
            produceAndFetch,
            recordsAtScale,
            wireCorners,
            idempotence,
            deleteRecords,
            classicGroup,
            consumerGroup,
            shareGroup,
            streamsGroup,
            transactions,
          ]
        ) {
          try {
            await step(ctx, t);
          } catch (e) {
            // A step's own checks record failures; this is a failure outside any check.
            const f = e instanceof ApiFailure ? e : new ApiFailure(K.ApiVersions, -1, String(e));
            m.fail(f.apiKey, f.version, `${step.name}: ${f.message}`);
          }
        }
        await sasl(ctx);
        for (const step of [adminApis, tokensAndFeatures]) {
          try {
            await step(ctx, t);
          } catch (e) {
            const f = e instanceof ApiFailure ? e : new ApiFailure(K.ApiVersions, -1, String(e));
            m.fail(f.apiKey, f.version, `${step.name}: ${f.message}`);
          }
        }
        await deleteTopics(ctx, t);
      }
      console.log(`step ${mode}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
  } finally {
    s.close();
  }
  const log = arg("--broker-log");
  if (log !== undefined) {
    // The broker logs a request once its response is sent; give the last ones a moment.
    await sleep(1000);
    const c = compareRequestLog(log, recorder);
    console.log(`broker request log: ${c.logged} of our ${c.ours} requests logged and compared`);
    if (process.argv.includes("--verbose")) {
      console.log(`  not logged: ${[...c.unlogged].map(([k, n]) => `${k} x${n}`).join(", ")}`);
    }
    for (const cell of c.matched.values()) {
      if (cell.differences.length === 0) {
        m.pass(cell.apiKey, cell.version, `broker's request log agrees (${cell.count} exchange(s))`);
      } else {for (const d of cell.differences) {
          m.fail(cell.apiKey, cell.version, `broker's request log: ${d}`);
        }}
    }
  }
  // Coverage: advertised APIs and versions the run never exercised.
  const missing: string[] = [];
  for (let k = 0; k < 200; k++) {
    const r = s.conn.brokerVersions(k);
    if (r === undefined) continue;
    const seen = new Set(m.sorted().filter((c) => c.apiKey === k).map((c) => c.version));
    const gaps: number[] = [];
    for (let v = r.min; v <= r.max; v++) if (!seen.has(v)) gaps.push(v);
    if (gaps.length === r.max - r.min + 1) missing.push(`${apiInfo(k)?.name ?? k} (${k})`);
    else if (gaps.length > 0) missing.push(`${apiInfo(k)?.name ?? k} v${gaps.join(",")}`);
  }
  if (missing.length > 0) m.note(`advertised but not exercised: ${missing.join("; ")}`);
  const cells = m.sorted();
  const { passed, failed } = printMatrix(cells, process.argv.includes("--verbose"));
  for (const n of m.notes) console.log(`note: ${n}`);
  const results = arg("--results");
  if (results !== undefined) {
    writeFileSync(
      results,
      JSON.stringify({ broker, notes: m.notes, seconds: (Date.now() - started) / 1000, cells }, null, 1),
    );
  }
  console.log(`\nbroker ${broker}: ${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

function runSummary(files: string[]): number {
  const cells: Cell[] = [];
  for (const f of files) {
    const r = JSON.parse(readFileSync(f, "utf8")) as {
      broker: string;
      notes: string[];
      seconds: number;
      cells: Cell[];
    };
    cells.push(...r.cells);
    console.log(`broker ${r.broker}: ${r.seconds.toFixed(0)} s`);
    for (const n of r.notes) console.log(`  note: ${n}`);
  }
  const { passed, failed } = printMatrix(cells, false);
  console.log(`\n${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

const summary = process.argv.indexOf("--summary");
const code = summary >= 0 ? runSummary(process.argv.slice(summary + 1)) : await runBroker();
process.exit(code);
