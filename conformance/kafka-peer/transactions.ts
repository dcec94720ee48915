/**
 * The transaction coordinator of the in-memory broker (Kafka's transaction protocol v1, KIP-98):
 * producer ids and epochs (InitProducerId), the partitions and groups of an ongoing transaction
 * (AddPartitionsToTxn v0-3 and the batched v4+, AddOffsetsToTxn), transactional offsets held
 * until the end (TxnOffsetCommit), and EndTxn, which writes a COMMIT or ABORT control record to
 * every partition of the transaction and applies or drops the offsets. A transaction left open
 * past its timeout is aborted and its producer fenced (epoch bumped), as Kafka's coordinator does.
 *
 * Every step completes at once (there is no transaction log to replicate), so the
 * CONCURRENT_TRANSACTIONS answers a real coordinator gives while markers are in flight never occur.
 *
 * @module
 */

import { type Init, KAFKA_ERROR as E, type RequestOf, type ResponseOf } from "../../src/kafka/mod.ts";
import type { KafkaBroker } from "./broker.ts";
import type { PartitionLog } from "./log.ts";
import type { Topic } from "./topics.ts";

type Body<K extends number> = Init<ResponseOf<K>>;

/** Kafka's `transaction.max.timeout.ms` default. */
const MAX_TRANSACTION_TIMEOUT_MS = 900_000;
/** Producer epochs are int16; at the top a new producer id is handed out. */
const MAX_EPOCH = 32766;
/** The coordinator epoch written into markers (one coordinator, never moved). */
const COORDINATOR_EPOCH = 0;

/** An offset as committed (or pending in a transaction). */
export interface CommittedOffset {
  offset: bigint;
  leaderEpoch: number;
  metadata: string | null;
}

type TxnState = "Empty" | "Ongoing" | "CompleteCommit" | "CompleteAbort";

interface Txn {
  readonly id: string;
  producerId: bigint;
  epoch: number;
  timeoutMs: number;
  state: TxnState;
  /** "topic\0partition" → the partition's log. */
  readonly partitions: Map<string, { topic: Topic; index: number; log: PartitionLog }>;
  readonly groups: Set<string>;
  /** group → "topic\0partition" → offset. */
  readonly offsets: Map<string, Map<string, CommittedOffset>>;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** The coordinator. */
export class TransactionCoordinator {
  readonly #b: KafkaBroker;
  readonly #byId = new Map<string, Txn>();
  #nextProducerId = 1000n;

  /** A coordinator for broker `b`. */
  constructor(b: KafkaBroker) {
    this.#b = b;
  }

  /** InitProducerId: a new id for an idempotent producer; a bumped epoch (after aborting an open transaction) for a transactional one. */
  initProducerId(req: RequestOf<22>): Body<22> {
    const fail = (errorCode: number) => ({
      throttleTimeMs: 0,
      errorCode,
      producerId: -1n,
      producerEpoch: -1,
    });
    if ((req.producerId === -1n) !== (req.producerEpoch === -1)) return fail(E.INVALID_REQUEST);
    if (req.transactionalId === null || req.transactionalId === "") {
      // Kafka hands an idempotent producer a fresh id every time.
      return { throttleTimeMs: 0, errorCode: 0, producerId: this.#nextProducerId++, producerEpoch: 0 };
    }
    if (req.transactionTimeoutMs <= 0 || req.transactionTimeoutMs > MAX_TRANSACTION_TIMEOUT_MS) {
      return fail(E.INVALID_TRANSACTION_TIMEOUT);
    }
    let txn = this.#byId.get(req.transactionalId);
    if (txn === undefined) {
      txn = {
        id: req.transactionalId,
        producerId: this.#nextProducerId++,
        epoch: 0,
        timeoutMs: req.transactionTimeoutMs,
        state: "Empty",
        partitions: new Map(),
        groups: new Set(),
        offsets: new Map(),
        timer: undefined,
      };
      this.#byId.set(txn.id, txn);
      return { throttleTimeMs: 0, errorCode: 0, producerId: txn.producerId, producerEpoch: 0 };
    }
    // KIP-360: a producer that names its id and epoch must name the current ones.
    if (req.producerId !== -1n && (req.producerId !== txn.producerId || req.producerEpoch !== txn.epoch)) {
      return fail(E.PRODUCER_FENCED);
    }
    if (txn.state === "Ongoing") this.#end(txn, false);
    txn.timeoutMs = req.transactionTimeoutMs;
    this.#bump(txn);
    txn.state = "Empty";
    return { throttleTimeMs: 0, errorCode: 0, producerId: txn.producerId, producerEpoch: txn.epoch };
  }

  #bump(txn: Txn): void {
    if (txn.epoch >= MAX_EPOCH) {
      txn.producerId = this.#nextProducerId++;
      txn.epoch = 0;
    } else txn.epoch++;
  }

  /** The transaction `id` if `producerId`/`epoch` are its current ones; else the error Kafka answers. */
  #check(id: string, producerId: bigint, epoch: number): Txn | number {
    const txn = this.#byId.get(id);
    if (txn === undefined || txn.producerId !== producerId) return E.INVALID_PRODUCER_ID_MAPPING;
    if (txn.epoch !== epoch) return E.PRODUCER_FENCED;
    return txn;
  }

  #begin(txn: Txn): void {
    if (txn.state === "Ongoing") return;
    txn.state = "Ongoing";
    txn.partitions.clear();
    txn.groups.clear();
    txn.offsets.clear();
    const epoch = txn.epoch;
    txn.timer = this.#b.timer(txn.timeoutMs, () => {
      txn.timer = undefined;
      if (txn.state !== "Ongoing" || txn.epoch !== epoch) return;
      // Kafka's coordinator aborts a timed-out transaction with a bumped epoch, fencing the producer.
      this.#b.log(`transaction ${txn.id}: timed out after ${txn.timeoutMs} ms, aborting`);
      this.#bump(txn);
      this.#end(txn, false);
    });
  }

  /** Adds `partitions` ([topic name, indexes]) to `txn`; per-partition error codes. */
  #add(txn: Txn, topics: { name: string; partitions: number[] }[]): Map<string, Map<number, number>> {
    const out = new Map<string, Map<number, number>>();
    const resolved: [string, number, Topic | undefined][] = [];
    let bad = false;
    for (const t of topics) {
      const topic = this.#b.topics.byName(t.name);
      for (const p of t.partitions) {
        const ok = topic !== undefined && p >= 0 && p < topic.partitions.length;
        if (!ok) bad = true;
        resolved.push([t.name, p, ok ? topic : undefined]);
      }
    }
    for (const [name, p, topic] of resolved) {
      if (!out.has(name)) out.set(name, new Map());
      // One unknown partition fails the request; the others are not attempted (Kafka's rule).
      out.get(name)!.set(
        p,
        topic === undefined ? E.UNKNOWN_TOPIC_OR_PARTITION : bad ? E.OPERATION_NOT_ATTEMPTED : 0,
      );
    }
    if (!bad) {
      this.#begin(txn);
      for (const [name, p, topic] of resolved) {
        txn.partitions.set(`${name}\0${p}`, { topic: topic!, index: p, log: topic!.partitions[p] });
      }
    }
    return out;
  }

  /** AddPartitionsToTxn: v0-3 one transaction (clients), v4+ a batch (brokers; `verifyOnly` checks without adding). */
  addPartitionsToTxn(version: number, req: RequestOf<24>): Body<24> {
    const results = (r: Map<string, Map<number, number>>) =>
      [...r].map(([name, ps]) => ({
        name,
        resultsByPartition: [...ps].map(([partitionIndex, partitionErrorCode]) => ({
          partitionIndex,
          partitionErrorCode,
        })),
      }));
    const every = (topics: { name: string; partitions: number[] }[], code: number) =>
      new Map(topics.map((t) => [t.name, new Map(t.partitions.map((p) => [p, code]))]));
    if (version <= 3) {
      const txn = this.#check(
        req.v3AndBelowTransactionalId,
        req.v3AndBelowProducerId,
        req.v3AndBelowProducerEpoch,
      );
      const topics = req.v3AndBelowTopics;
      if (typeof txn === "number") {
        // Kafka's clients before v2 of this API know INVALID_PRODUCER_EPOCH, not PRODUCER_FENCED.
        const code = txn === E.PRODUCER_FENCED && version < 2 ? E.INVALID_PRODUCER_EPOCH : txn;
        return { throttleTimeMs: 0, resultsByTopicV3AndBelow: results(every(topics, code)) };
      }
      return { throttleTimeMs: 0, resultsByTopicV3AndBelow: results(this.#add(txn, topics)) };
    }
    return {
      throttleTimeMs: 0,
      errorCode: 0,
      resultsByTransaction: req.transactions.map((t) => {
        const txn = this.#check(t.transactionalId, t.producerId, t.producerEpoch);
        let r: Map<string, Map<number, number>>;
        if (typeof txn === "number") r = every(t.topics, txn);
        else if (t.verifyOnly) {
          r = new Map(t.topics.map((x) => [
            x.name,
            new Map(x.partitions.map((p) => [
              p,
              txn.state === "Ongoing" && txn.partitions.has(`${x.name}\0${p}`) ? 0 : E.INVALID_TXN_STATE,
            ])),
          ]));
        } else r = this.#add(txn, t.topics);
        return { transactionalId: t.transactionalId, topicResults: results(r) };
      }),
    };
  }

  /** AddOffsetsToTxn: the group's offsets will be part of the transaction. */
  addOffsetsToTxn(req: RequestOf<25>): Body<25> {
    const txn = this.#check(req.transactionalId, req.producerId, req.producerEpoch);
    if (typeof txn === "number") return { throttleTimeMs: 0, errorCode: txn };
    if (req.groupId === "") return { throttleTimeMs: 0, errorCode: E.INVALID_GROUP_ID };
    this.#begin(txn);
    txn.groups.add(req.groupId);
    return { throttleTimeMs: 0, errorCode: 0 };
  }

  /** TxnOffsetCommit: offsets held in the transaction until EndTxn. */
  txnOffsetCommit(req: RequestOf<28>): Body<28> {
    const all = (code: number) =>
      req.topics.map((t) => ({
        name: t.name,
        topicId: t.topicId,
        partitions: t.partitions.map((p) => ({ partitionIndex: p.partitionIndex, errorCode: code })),
      }));
    const txn = this.#check(req.transactionalId, req.producerId, req.producerEpoch);
    if (typeof txn === "number") return { throttleTimeMs: 0, topics: all(txn) };
    if (txn.state !== "Ongoing" || !txn.groups.has(req.groupId)) {
      return { throttleTimeMs: 0, topics: all(E.INVALID_TXN_STATE) };
    }
    const groupError = this.#b.groups.validateTxnCommit(
      req.groupId,
      req.generationIdOrMemberEpoch,
      req.memberId,
      req.groupInstanceId,
    );
    if (groupError !== 0) return { throttleTimeMs: 0, topics: all(groupError) };
    let pending = txn.offsets.get(req.groupId);
    if (pending === undefined) txn.offsets.set(req.groupId, pending = new Map());
    return {
      throttleTimeMs: 0,
      topics: req.topics.map((t) => {
        const topic = this.#b.topics.byName(t.name);
        return {
          name: t.name,
          topicId: t.topicId,
          partitions: t.partitions.map((p) => {
            if (topic === undefined || p.partitionIndex >= topic.partitions.length) {
              return { partitionIndex: p.partitionIndex, errorCode: E.UNKNOWN_TOPIC_OR_PARTITION };
            }
            pending.set(`${t.name}\0${p.partitionIndex}`, {
              offset: p.committedOffset,
              leaderEpoch: p.committedLeaderEpoch,
              metadata: p.committedMetadata,
            });
            return { partitionIndex: p.partitionIndex, errorCode: 0 };
          }),
        };
      }),
    };
  }

  /** EndTxn: markers to every partition, offsets applied (commit) or dropped (abort). A retried end answers NONE. */
  endTxn(req: RequestOf<26>): Body<26> {
    const txn = this.#check(req.transactionalId, req.producerId, req.producerEpoch);
    if (typeof txn === "number") return { throttleTimeMs: 0, errorCode: txn };
    if (txn.state === "Ongoing") {
      this.#end(txn, req.committed);
      return { throttleTimeMs: 0, errorCode: 0, producerId: txn.producerId, producerEpoch: txn.epoch };
    }
    const retried = (txn.state === "CompleteCommit" && req.committed) ||
      (txn.state === "CompleteAbort" && !req.committed);
    return {
      throttleTimeMs: 0,
      errorCode: retried ? 0 : E.INVALID_TXN_STATE,
      producerId: txn.producerId,
      producerEpoch: txn.epoch,
    };
  }

  #end(txn: Txn, commit: boolean): void {
    this.#b.cancel(txn.timer);
    txn.timer = undefined;
    const now = this.#b.now();
    for (const p of txn.partitions.values()) {
      // A partition of a deleted topic has no log to mark any more.
      if (this.#b.topics.byName(p.topic.name) === p.topic) {
        p.log.writeMarker(txn.producerId, txn.epoch, commit, COORDINATOR_EPOCH, now);
      }
    }
    if (commit) {
      for (const [group, offsets] of txn.offsets) {
        this.#b.groups.applyTxnOffsets(group, offsets);
      }
    }
    txn.offsets.clear();
    txn.state = commit ? "CompleteCommit" : "CompleteAbort";
    this.#b.wakeFetches();
  }

  /**
   * Whether a transactional batch of `producerId` may go to `topic`/`partition`: 0 when the
   * partition was added to its ongoing transaction, else INVALID_TXN_STATE (Kafka's partition
   * verification, KIP-890 part 1).
   */
  partitionInTransaction(
    transactionalId: string | null,
    producerId: bigint,
    epoch: number,
    topic: Topic,
    partition: number,
  ): number {
    const txn = transactionalId === null ? undefined : this.#byId.get(transactionalId);
    if (txn === undefined || txn.producerId !== producerId) return E.INVALID_PRODUCER_ID_MAPPING;
    if (txn.epoch !== epoch) return E.INVALID_PRODUCER_EPOCH;
    if (
      txn.state !== "Ongoing" ||
      txn.partitions.get(`${topic.name}\0${partition}`)?.log !== topic.partitions[partition]
    ) {
      return E.INVALID_TXN_STATE;
    }
    return 0;
  }

  /** True when an open transaction holds an offset of `group` for `key` ("topic\0partition"): OffsetFetch with requireStable waits. */
  hasPendingOffset(group: string, key: string): boolean {
    for (const txn of this.#byId.values()) {
      if (txn.state === "Ongoing" && txn.offsets.get(group)?.has(key)) return true;
    }
    return false;
  }
}
