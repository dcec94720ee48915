/**
 * The data path of the in-memory broker: Produce (every codec, idempotent and transactional
 * batches), Fetch (by name or topic id, max wait and min bytes, read_committed with the last
 * stable offset and aborted transactions, session id 0), ListOffsets, DeleteRecords and
 * OffsetForLeaderEpoch.
 *
 * @module
 */

import { type Init, KAFKA_ERROR as E, type RequestOf, type ResponseOf } from "../../src/kafka/mod.ts";
import type { KafkaBroker } from "./broker.ts";
import { LEADER_EPOCH, type PartitionLog } from "./log.ts";
import type { Topic } from "./topics.ts";

type Body<K extends number> = Init<ResponseOf<K>>;

/** A fetch waiting for data: woken by any append, or by its timer. */
export interface FetchWaiter {
  wake(): void;
}

/** Produce: v13 names topics by id, earlier versions by name. */
export function produce(b: KafkaBroker, version: number, req: RequestOf<0>): Body<0> {
  const now = b.now();
  const responses = req.topicData.map((t) => {
    const topic = version >= 13 ? b.topics.byId(t.topicId) : b.topics.byName(t.name);
    const missing = version >= 13 ? E.UNKNOWN_TOPIC_ID : E.UNKNOWN_TOPIC_OR_PARTITION;
    return {
      name: version >= 13 ? "" : t.name,
      topicId: t.topicId,
      partitionResponses: t.partitionData.map((p) => {
        const log = topic?.partitions[p.index];
        if (topic === undefined || log === undefined) {
          return partitionError(p.index, topic === undefined ? missing : E.UNKNOWN_TOPIC_OR_PARTITION);
        }
        const r = log.append(
          p.records,
          now,
          (pid, epoch) =>
            b.transactions.partitionInTransaction(req.transactionalId, pid, epoch, topic, p.index),
        );
        if (r.errorCode !== 0) {
          return {
            ...partitionError(p.index, r.errorCode),
            errorMessage: r.errorMessage,
            logStartOffset: BigInt(log.logStartOffset),
          };
        }
        return {
          index: p.index,
          errorCode: 0,
          baseOffset: BigInt(r.baseOffset),
          logAppendTimeMs: -1n,
          logStartOffset: BigInt(log.logStartOffset),
        };
      }),
    };
  });
  b.wakeFetches();
  return { responses, throttleTimeMs: 0 };
}

function partitionError(index: number, errorCode: number) {
  return { index, errorCode, baseOffset: -1n, logAppendTimeMs: -1n, logStartOffset: -1n };
}

interface FetchTarget {
  topic: Topic | undefined;
  partitions: RequestOf<1>["topics"][number]["partitions"];
  name: string;
  topicId: string;
}

/**
 * Fetch: answers at once when the data reaches `minBytes` (or `maxWaitMs` is 0 or an error is
 * due), otherwise parks until an append wakes it or `maxWaitMs` passes. Sessions: a full fetch
 * (session id 0) is answered with session id 0 — "no session", which Kafka also answers when
 * its session cache is full — so clients keep sending full fetches.
 */
export function fetch(b: KafkaBroker, version: number, req: RequestOf<1>): Body<1> | Promise<Body<1>> {
  if (req.sessionId !== 0) {
    return { errorCode: E.FETCH_SESSION_ID_NOT_FOUND, sessionId: 0, responses: [], throttleTimeMs: 0 };
  }
  if (req.sessionEpoch > 0) {
    return { errorCode: E.INVALID_FETCH_SESSION_EPOCH, sessionId: 0, responses: [], throttleTimeMs: 0 };
  }
  const targets: FetchTarget[] = req.topics.map((t) => ({
    topic: version >= 13 ? b.topics.byId(t.topicId) : b.topics.byName(t.topic),
    partitions: t.partitions,
    name: t.topic,
    topicId: t.topicId,
  }));
  const first = readFetch(version, req, targets);
  if (first.ready || req.maxWaitMs <= 0) return first.body;
  return new Promise((resolve) => {
    let done = false;
    const waiter: FetchWaiter = {
      wake() {
        if (done) return;
        const again = readFetch(version, req, targets);
        if (again.ready) finish(again.body);
      },
    };
    const timer = setTimeout(() => finish(readFetch(version, req, targets).body), req.maxWaitMs);
    const finish = (body: Body<1>) => {
      done = true;
      clearTimeout(timer);
      b.fetchWaiters.delete(waiter);
      b.timers.delete(timer);
      resolve(body);
    };
    b.timers.add(timer);
    b.fetchWaiters.add(waiter);
  });
}

function readFetch(
  version: number,
  req: RequestOf<1>,
  targets: FetchTarget[],
): { ready: boolean; body: Body<1> } {
  const readCommitted = req.isolationLevel === 1;
  let budget = req.maxBytes;
  let bytes = 0;
  let error = false;
  const responses = targets.map((t) => ({
    topic: version >= 13 ? "" : t.name,
    topicId: t.topicId,
    partitions: t.partitions.map((p) => {
      const log = t.topic?.partitions[p.partition];
      const base = {
        partitionIndex: p.partition,
        highWatermark: -1n,
        lastStableOffset: -1n,
        logStartOffset: -1n,
        abortedTransactions: null,
        preferredReadReplica: -1,
        records: new Uint8Array(0),
      };
      if (log === undefined) {
        error = true;
        return {
          ...base,
          errorCode: t.topic === undefined && version >= 13
            ? E.UNKNOWN_TOPIC_ID
            : E.UNKNOWN_TOPIC_OR_PARTITION,
        };
      }
      const marks = {
        highWatermark: BigInt(log.endOffset),
        lastStableOffset: BigInt(log.lastStableOffset),
        logStartOffset: BigInt(log.logStartOffset),
      };
      const epochError = leaderEpochError(p.currentLeaderEpoch);
      const offset = Number(p.fetchOffset);
      if (epochError !== 0 || offset < log.logStartOffset || offset > log.endOffset) {
        error = true;
        return { ...base, ...marks, errorCode: epochError !== 0 ? epochError : E.OFFSET_OUT_OF_RANGE };
      }
      const upTo = readCommitted ? log.lastStableOffset : log.endOffset;
      const read = log.read(offset, Math.min(p.partitionMaxBytes, budget), upTo, readCommitted, bytes === 0);
      budget -= read.records.length;
      bytes += read.records.length;
      return {
        ...base,
        ...marks,
        errorCode: 0,
        abortedTransactions:
          read.aborted?.map((a) => ({ producerId: a.producerId, firstOffset: BigInt(a.firstOffset) })) ??
            null,
        records: read.records,
      };
    }),
  }));
  return {
    ready: error || bytes >= Math.max(1, req.minBytes) || targets.every((t) => t.topic === undefined),
    body: { throttleTimeMs: 0, errorCode: 0, sessionId: 0, responses },
  };
}

/** Kafka's check of a request's `currentLeaderEpoch` against the partition's (always {@linkcode LEADER_EPOCH}). */
function leaderEpochError(current: number): number {
  if (current === -1 || current === LEADER_EPOCH) return 0;
  return current > LEADER_EPOCH ? E.UNKNOWN_LEADER_EPOCH : E.FENCED_LEADER_EPOCH;
}

/** ListOffsets (earliest, latest, max timestamp, by timestamp). */
export function listOffsets(b: KafkaBroker, req: RequestOf<2>): Body<2> {
  const readCommitted = req.isolationLevel === 1;
  return {
    throttleTimeMs: 0,
    topics: req.topics.map((t) => {
      const topic = b.topics.byName(t.name);
      return {
        name: t.name,
        partitions: t.partitions.map((p) => {
          const log = topic?.partitions[p.partitionIndex];
          const errorCode = log === undefined
            ? E.UNKNOWN_TOPIC_OR_PARTITION
            : leaderEpochError(p.currentLeaderEpoch);
          if (log === undefined || errorCode !== 0) {
            return {
              partitionIndex: p.partitionIndex,
              errorCode,
              timestamp: -1n,
              offset: -1n,
              leaderEpoch: -1,
            };
          }
          const [offset, timestamp] = log.offsetFor(p.timestamp, readCommitted);
          return {
            partitionIndex: p.partitionIndex,
            errorCode: 0,
            timestamp: BigInt(timestamp),
            offset: BigInt(offset),
            leaderEpoch: offset === -1 ? -1 : LEADER_EPOCH,
          };
        }),
      };
    }),
  };
}

/** DeleteRecords: moves log start offsets. */
export function deleteRecords(b: KafkaBroker, req: RequestOf<21>): Body<21> {
  return {
    throttleTimeMs: 0,
    topics: req.topics.map((t) => {
      const topic = b.topics.byName(t.name);
      return {
        name: t.name,
        partitions: t.partitions.map((p) => {
          const log = topic?.partitions[p.partitionIndex];
          if (log === undefined) {
            return {
              partitionIndex: p.partitionIndex,
              lowWatermark: -1n,
              errorCode: E.UNKNOWN_TOPIC_OR_PARTITION,
            };
          }
          const low = log.deleteBefore(Number(p.offset));
          return low < 0
            ? { partitionIndex: p.partitionIndex, lowWatermark: -1n, errorCode: E.OFFSET_OUT_OF_RANGE }
            : { partitionIndex: p.partitionIndex, lowWatermark: BigInt(low), errorCode: 0 };
        }),
      };
    }),
  };
}

/** OffsetForLeaderEpoch: one epoch ever, so its end offset is the log end. */
export function offsetForLeaderEpoch(b: KafkaBroker, req: RequestOf<23>): Body<23> {
  return {
    throttleTimeMs: 0,
    topics: req.topics.map((t) => {
      const topic = b.topics.byName(t.topic);
      return {
        topic: t.topic,
        partitions: t.partitions.map((p) => {
          const log: PartitionLog | undefined = topic?.partitions[p.partition];
          if (log === undefined) {
            return {
              partition: p.partition,
              errorCode: E.UNKNOWN_TOPIC_OR_PARTITION,
              leaderEpoch: -1,
              endOffset: -1n,
            };
          }
          const epochError = leaderEpochError(p.currentLeaderEpoch);
          if (epochError !== 0) {
            return { partition: p.partition, errorCode: epochError, leaderEpoch: -1, endOffset: -1n };
          }
          // An epoch above the only one: UNDEFINED_EPOCH_OFFSET (-1/-1), as Kafka answers.
          if (p.leaderEpoch > LEADER_EPOCH) {
            return { partition: p.partition, errorCode: 0, leaderEpoch: -1, endOffset: -1n };
          }
          return {
            partition: p.partition,
            errorCode: 0,
            leaderEpoch: LEADER_EPOCH,
            endOffset: BigInt(log.endOffset),
          };
        }),
      };
    }),
  };
}
