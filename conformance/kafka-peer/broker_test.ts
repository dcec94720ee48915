/**
 * The in-memory broker without sockets: `broker.connection({ write, close })` driven by the
 * library's `ClientConnection`, as an application's mock broker would be.
 */

import { afterEach, describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  type AnyClientResponse,
  ClientConnection,
  decodeFetchRecords,
  deliverableBatches,
  encodeRecordBatch,
  KAFKA_ERROR as E,
  type KafkaRecord,
  RecordBatch,
  saslPlainToken,
} from "../../src/kafka/mod.ts";
import { createCodecRegistry } from "../../src/kafka/compression/mod.ts";
import { createKafkaBroker, type KafkaBroker, type KafkaBrokerOptions } from "./broker.ts";

const TIMEOUT_MS = 30_000;

/** The data records of a Fetch answer (control batches left out). */
function dataRecords(body: unknown): KafkaRecord[] {
  const out: KafkaRecord[] = [];
  for (const p of decodeFetchRecords(body as never, { codecs })) {
    for (const b of p.records.batches) if (b instanceof RecordBatch && !b.isControl) out.push(...b.toArray());
  }
  return out;
}
const codecs = createCodecRegistry();
const enc = new TextEncoder();

/** One client connection to `broker`, requests answered as promises. */
class Client {
  readonly conn = new ClientConnection({ clientId: "test" });
  readonly #waiting = new Map<number, (r: AnyClientResponse) => void>();
  readonly #server;
  closed = false;

  constructor(broker: KafkaBroker, sasl?: boolean) {
    this.#server = broker.connection({
      write: (bytes) => {
        for (const r of this.conn.receive(bytes)) {
          this.#waiting.get(r.correlationId)?.(r);
          this.#waiting.delete(r.correlationId);
        }
      },
      close: () => {
        this.closed = true;
      },
    }, { sasl });
  }

  /** Sends a request at `version` and resolves with its response (bounded by TIMEOUT_MS). */
  call(apiKey: number, body: unknown, version: number): Promise<AnyClientResponse> {
    const req = this.conn.request(apiKey as 3, body as never, { version });
    return new Promise((resolve, reject) => {
      const t = setTimeout(
        () => reject(new Error(`no answer to API ${apiKey} v${version} in ${TIMEOUT_MS} ms`)),
        TIMEOUT_MS,
      );
      this.#waiting.set(req.correlationId, (r) => {
        clearTimeout(t);
        resolve(r);
      });
      this.#server.receive(req.frame);
    });
  }

  /** The body of the answer. */
  async body(apiKey: number, body: unknown, version: number): Promise<Record<string, any>> {
    return (await this.call(apiKey, body, version)).body as Record<string, any>;
  }
}

const brokers: KafkaBroker[] = [];
function broker(options?: KafkaBrokerOptions): KafkaBroker {
  const b = createKafkaBroker(options);
  brokers.push(b);
  return b;
}
afterEach(() => {
  for (const b of brokers.splice(0)) b.close();
});

const produceBody = (topic: string, records: Uint8Array, extra: Record<string, unknown> = {}) => ({
  acks: -1,
  timeoutMs: 1000,
  topicData: [{ name: topic, partitionData: [{ index: 0, records }] }],
  ...extra,
});
const fetchBody = (topic: string, offset: bigint, extra: Record<string, unknown> = {}) => ({
  replicaId: -1,
  maxWaitMs: 0,
  minBytes: 0,
  maxBytes: 1 << 20,
  isolationLevel: 0,
  sessionId: 0,
  sessionEpoch: -1,
  topics: [{
    topic,
    partitions: [{ partition: 0, fetchOffset: offset, partitionMaxBytes: 1 << 20, currentLeaderEpoch: -1 }],
  }],
  forgottenTopicsData: [],
  rackId: "",
  ...extra,
});

/** A JoinGroup of group "g" (consumer protocol type, one "range" protocol). */
function joinGroup(cl: Client, memberId: string, rebalanceTimeoutMs: number, version: number) {
  return cl.body(11, {
    groupId: "g",
    sessionTimeoutMs: 10000,
    rebalanceTimeoutMs,
    memberId,
    groupInstanceId: null,
    protocolType: "consumer",
    protocols: [{ name: "range", metadata: enc.encode(memberId) }],
    reason: null,
  }, version);
}

describe("in-memory broker", () => {
  it("answers every advertised API at every advertised version with a default request, without a handler error", async () => {
    const b = broker();
    b.createTopic("t", 1);
    let n = 0;
    for (const { apiKey, minVersion, maxVersion } of b.apiVersions) {
      for (let v = Math.max(minVersion, apiKey === 0 ? 3 : 0); v <= maxVersion; v++) {
        const c = new Client(b);
        // SASL on a plain connection, and defaults that are errors (empty group ids …) are answered, not dropped.
        await c.call(apiKey, apiKey === 0 ? { acks: 1 } : {}, v); // (acks 0 would get no answer)
        assert.equal(c.closed, false, `API ${apiKey} v${v} closed the connection`);
        n++;
      }
    }
    assert.equal(b.stats.handlerErrors, 0);
    // Every version of the 33 APIs (Produce from v3: v0-2 are advertised but refused, as by Kafka 4.x).
    assert.equal(n, 197);
  });

  for (
    const [compression, name] of [[0, "none"], [1, "gzip"], [2, "snappy"], [3, "lz4"], [4, "zstd"]] as const
  ) {
    it(`stores a ${name} batch and returns it at its offset, with keys, values, null values and headers`, async () => {
      const b = broker();
      b.createTopic("t", 1);
      const c = new Client(b);
      const records = Array.from({ length: 50 }, (_, i) => ({
        key: enc.encode(`k${i}`),
        value: i % 5 === 0 ? null : enc.encode(`v${i}`.repeat(20)),
        headers: [{ key: "h", value: enc.encode(String(i)) }],
        timestamp: 1700000000000 + i,
      }));
      for (let round = 0; round < 2; round++) {
        const batch = encodeRecordBatch({ compression, records }, { codecs });
        const p = await c.body(0, produceBody("t", batch), 9);
        assert.deepEqual([
          p.responses[0].partitionResponses[0].errorCode,
          p.responses[0].partitionResponses[0].baseOffset,
        ], [0, BigInt(round * 50)]);
      }
      const f = await c.call(1, fetchBody("t", 50n), 12);
      const got = dataRecords(f.body);
      assert.equal(got.length, 50);
      assert.equal(got[0].offset, 50n);
      assert.equal(got[7].value === null ? null : new TextDecoder().decode(got[7].value), "v7".repeat(20));
      assert.equal(got[5].value, null);
      assert.equal(new TextDecoder().decode(got[49].headers[0].value!), "49");
    });
  }

  it("rejects a batch whose CRC is wrong (CORRUPT_MESSAGE) and keeps nothing of it", async () => {
    const b = broker();
    b.createTopic("t", 1);
    const c = new Client(b);
    const batch = encodeRecordBatch({ records: [{ value: enc.encode("x") }] });
    batch[batch.length - 1] ^= 1;
    const p = await c.body(0, produceBody("t", batch), 9);
    assert.equal(p.responses[0].partitionResponses[0].errorCode, E.CORRUPT_MESSAGE);
    assert.equal(b.topics.byName("t")!.partitions[0].endOffset, 0);
  });

  it("parks a Fetch under minBytes until a produce wakes it (not its max wait)", async () => {
    const b = broker();
    b.createTopic("t", 1);
    const consumer = new Client(b);
    const producer = new Client(b);
    const started = Date.now();
    const parked = consumer.call(1, fetchBody("t", 0n, { maxWaitMs: TIMEOUT_MS, minBytes: 1 }), 12);
    await producer.call(
      0,
      produceBody("t", encodeRecordBatch({ records: [{ value: enc.encode("wake") }] })),
      9,
    );
    const f = await parked;
    const batches = decodeFetchRecords(f.body as never).flatMap((p) => p.records.batches);
    assert.equal(batches.length, 1, "the produce, not the timer, answered the fetch");
    assert.ok(Date.now() - started < TIMEOUT_MS);
  });

  it("answers a Fetch past its max wait with what there is (empty)", async () => {
    const b = broker();
    b.createTopic("t", 1);
    const f = await new Client(b).body(1, fetchBody("t", 0n, { maxWaitMs: 50, minBytes: 1 }), 12);
    assert.equal(f.responses[0].partitions[0].records.length, 0);
  });

  it("Fetch v13+ names topics by id; an unknown id is UNKNOWN_TOPIC_ID; an offset past the end OFFSET_OUT_OF_RANGE", async () => {
    const b = broker();
    const t = b.createTopic("t", 1);
    const c = new Client(b);
    const byId = (topicId: string, offset: bigint) => ({
      ...fetchBody("", offset),
      topics: [{
        topicId,
        partitions: [{ partition: 0, fetchOffset: offset, partitionMaxBytes: 1000, currentLeaderEpoch: -1 }],
      }],
    });
    assert.equal((await c.body(1, byId(t.id, 0n), 16)).responses[0].partitions[0].errorCode, 0);
    assert.equal(
      (await c.body(1, byId(crypto.randomUUID(), 0n), 16)).responses[0].partitions[0].errorCode,
      E.UNKNOWN_TOPIC_ID,
    );
    assert.equal(
      (await c.body(1, byId(t.id, 5n), 16)).responses[0].partitions[0].errorCode,
      E.OFFSET_OUT_OF_RANGE,
    );
  });

  it("ListOffsets: earliest, latest, by timestamp, max timestamp", async () => {
    const b = broker();
    b.createTopic("t", 1);
    const c = new Client(b);
    const records = [5, 1, 9, 3].map((d) => ({
      value: enc.encode("x"),
      timestamp: 1700000000000 + d * 1000,
    }));
    await c.call(0, produceBody("t", encodeRecordBatch({ records })), 9);
    const ask = async (timestamp: bigint) => {
      const r = await c.body(2, {
        replicaId: -1,
        isolationLevel: 0,
        topics: [{ name: "t", partitions: [{ partitionIndex: 0, timestamp, currentLeaderEpoch: -1 }] }],
      }, 8);
      const p = r.topics[0].partitions[0];
      return [p.offset, p.timestamp];
    };
    assert.deepEqual(await ask(-2n), [0n, -1n]);
    assert.deepEqual(await ask(-1n), [4n, -1n]);
    assert.deepEqual(await ask(1700000004000n), [0n, 1700000005000n]); // the first record at or after it
    assert.deepEqual(await ask(1700000006000n), [2n, 1700000009000n]);
    assert.deepEqual(await ask(-3n), [2n, 1700000009000n]);
    assert.deepEqual(await ask(1800000000000n), [-1n, -1n]);
  });

  it("classic group: MEMBER_ID_REQUIRED, join, sync, a second member rebalances both, leave hands everything back", async () => {
    const b = broker();
    const a = new Client(b);
    const c2 = new Client(b);
    const join = (cl: Client, memberId: string) => joinGroup(cl, memberId, 10000, 9);
    const first = await join(a, "");
    assert.equal(first.errorCode, E.MEMBER_ID_REQUIRED);
    const aId = first.memberId as string;
    const j1 = await join(a, aId);
    assert.deepEqual([j1.errorCode, j1.generationId, j1.leader, j1.members.length], [0, 1, aId, 1]);
    const s1 = await a.body(14, {
      groupId: "g",
      generationId: 1,
      memberId: aId,
      groupInstanceId: null,
      protocolType: "consumer",
      protocolName: "range",
      assignments: [{ memberId: aId, assignment: enc.encode("all") }],
    }, 5);
    assert.equal(new TextDecoder().decode(s1.assignment), "all");
    // A second member: its join parks until the first one rejoins.
    const bId = (await join(c2, "")).memberId as string;
    const j2b = join(c2, bId);
    const hb = await a.body(12, { groupId: "g", generationId: 1, memberId: aId, groupInstanceId: null }, 4);
    assert.equal(hb.errorCode, E.REBALANCE_IN_PROGRESS);
    const [j2a, j2bDone] = await Promise.all([join(a, aId), j2b]);
    assert.deepEqual([j2a.generationId, j2bDone.generationId, j2a.members.length, j2bDone.members.length], [
      2,
      2,
      2,
      0,
    ]);
    const followerSync = c2.body(14, {
      groupId: "g",
      generationId: 2,
      memberId: bId,
      groupInstanceId: null,
      protocolType: "consumer",
      protocolName: "range",
      assignments: [],
    }, 5);
    await a.body(14, {
      groupId: "g",
      generationId: 2,
      memberId: aId,
      groupInstanceId: null,
      protocolType: "consumer",
      protocolName: "range",
      assignments: [{ memberId: aId, assignment: enc.encode("half-a") }, {
        memberId: bId,
        assignment: enc.encode("half-b"),
      }],
    }, 5);
    assert.equal(new TextDecoder().decode((await followerSync).assignment), "half-b");
    // Stale generation, unknown member.
    assert.equal(
      (await a.body(12, { groupId: "g", generationId: 1, memberId: aId, groupInstanceId: null }, 4))
        .errorCode,
      E.ILLEGAL_GENERATION,
    );
    assert.equal(
      (await a.body(12, { groupId: "g", generationId: 2, memberId: "nobody", groupInstanceId: null }, 4))
        .errorCode,
      E.UNKNOWN_MEMBER_ID,
    );
    const leave = await c2.body(13, {
      groupId: "g",
      members: [{ memberId: bId, groupInstanceId: null, reason: null }],
    }, 5);
    assert.equal(leave.members[0].errorCode, 0);
    assert.equal(
      (await a.body(12, { groupId: "g", generationId: 2, memberId: aId, groupInstanceId: null }, 4))
        .errorCode,
      E.REBALANCE_IN_PROGRESS,
    );
    const j3 = await join(a, aId);
    assert.deepEqual([j3.generationId, j3.members.length], [3, 1]);
  });

  it("classic group: a member that does not rejoin within the rebalance timeout is removed", async () => {
    const b = broker();
    const a = new Client(b);
    const c2 = new Client(b);
    const join = (cl: Client, memberId: string) => joinGroup(cl, memberId, 100, 5);
    const aId = (await join(a, "")).memberId as string;
    await join(a, aId);
    const bId = (await join(c2, "")).memberId as string;
    // The first member never rejoins: the second one's join completes when the timeout removes it.
    const j = await join(c2, bId);
    assert.deepEqual([j.errorCode, j.generationId, j.leader, j.members.length], [0, 2, bId, 1]);
  });

  it("KIP-848: the second member's partitions are revoked from the first before they are assigned", async () => {
    const b = broker({ consumerHeartbeatIntervalMs: 100 });
    const t = b.createTopic("t", 4);
    const a = new Client(b);
    const c2 = new Client(b);
    const hb = (cl: Client, memberId: string, memberEpoch: number, owned: number[] | null) =>
      cl.body(68, {
        groupId: "g",
        memberId,
        memberEpoch,
        instanceId: null,
        rackId: null,
        rebalanceTimeoutMs: memberEpoch === 0 ? 30000 : -1,
        subscribedTopicNames: memberEpoch === 0 ? ["t"] : null,
        subscribedTopicRegex: null,
        serverAssignor: null,
        topicPartitions: owned === null
          ? null
          : owned.length === 0
          ? []
          : [{ topicId: t.id, partitions: owned }],
      }, 1);
    const parts = (r: Record<string, any>) => r.assignment?.topicPartitions[0]?.partitions ?? [];
    const a1 = await hb(a, "member-a", 0, []);
    assert.deepEqual([a1.memberEpoch, parts(a1)], [1, [0, 1, 2, 3]]);
    const b1 = await hb(c2, "member-b", 0, []);
    assert.deepEqual([b1.memberEpoch, parts(b1)], [2, []]); // its share is still owned by a
    const a2 = await hb(a, "member-a", 1, [0, 1, 2, 3]);
    assert.deepEqual([a2.memberEpoch, parts(a2)], [1, [0, 1]]); // revoke 2 and 3 first, epoch kept
    const a3 = await hb(a, "member-a", 1, [0, 1]);
    assert.equal(a3.memberEpoch, 2);
    const b2 = await hb(c2, "member-b", 2, []);
    assert.deepEqual([b2.memberEpoch, parts(b2)], [2, [2, 3]]);
    assert.equal((await hb(a, "member-a", 7, [0, 1])).errorCode, E.FENCED_MEMBER_EPOCH);
    const leave = await hb(c2, "member-b", -1, null);
    assert.equal(leave.memberEpoch, -1);
    const a4 = await hb(a, "member-a", 2, [0, 1]);
    assert.deepEqual([a4.memberEpoch, parts(a4)], [3, [0, 1, 2, 3]]);
  });

  it("transactions: aborted records are skipped by read_committed (LSO, aborted list), committed offsets appear at commit", async () => {
    const b = broker();
    b.createTopic("t", 1);
    const c = new Client(b);
    const init = await c.body(22, {
      transactionalId: "tx",
      transactionTimeoutMs: 60000,
      producerId: -1n,
      producerEpoch: -1,
    }, 4);
    const { producerId, producerEpoch } = init as { producerId: bigint; producerEpoch: number };
    const txn = {
      v3AndBelowTransactionalId: "tx",
      v3AndBelowProducerId: producerId,
      v3AndBelowProducerEpoch: producerEpoch,
    };
    const batch = (seq: number, value: string) =>
      encodeRecordBatch({
        producerId,
        producerEpoch,
        baseSequence: seq,
        isTransactional: true,
        records: [{ value: enc.encode(value) }],
      });
    for (const [seq, value, committed] of [[0, "aborted", false], [1, "committed", true]] as const) {
      await c.call(24, { ...txn, v3AndBelowTopics: [{ name: "t", partitions: [0] }] }, 3);
      const p = await c.body(0, produceBody("t", batch(seq, value), { transactionalId: "tx" }), 9);
      assert.equal(p.responses[0].partitionResponses[0].errorCode, 0);
      if (committed) {
        await c.call(25, { transactionalId: "tx", producerId, producerEpoch, groupId: "g" }, 3);
        const open = await c.body(1, fetchBody("t", 0n, { isolationLevel: 1 }), 12);
        assert.equal(open.responses[0].partitions[0].lastStableOffset, 2n); // the open transaction's first offset
        const oc = await c.body(28, {
          transactionalId: "tx",
          groupId: "g",
          producerId,
          producerEpoch,
          generationIdOrMemberEpoch: -1,
          memberId: "",
          groupInstanceId: null,
          topics: [{
            name: "t",
            partitions: [{
              partitionIndex: 0,
              committedOffset: 7n,
              committedLeaderEpoch: -1,
              committedMetadata: "",
            }],
          }],
        }, 3);
        assert.equal(oc.topics[0].partitions[0].errorCode, 0);
        const before = await c.body(9, {
          groups: [{ groupId: "g", memberId: null, memberEpoch: -1, topics: null }],
          requireStable: false,
        }, 8);
        assert.equal(before.groups[0].topics.length, 0);
      }
      const end = await c.body(26, { transactionalId: "tx", producerId, producerEpoch, committed }, 3);
      assert.equal(end.errorCode, 0);
    }
    const f = await c.call(1, fetchBody("t", 0n, { isolationLevel: 1 }), 12);
    const part = (f.body as Record<string, any>).responses[0].partitions[0];
    assert.equal(part.lastStableOffset, 4n);
    assert.deepEqual(
      part.abortedTransactions.map((
        a: { producerId: bigint; firstOffset: bigint },
      ) => [a.producerId, a.firstOffset]),
      [[producerId, 0n]],
    );
    // The fetch carries both transactions; the aborted list makes a read_committed consumer drop
    // the first (the library's deliverableBatches applies it, as a client does).
    assert.deepEqual(dataRecords(f.body).map((r) => new TextDecoder().decode(r.value!)), [
      "aborted",
      "committed",
    ]);
    const [fetched] = decodeFetchRecords(f.body as never);
    const delivered = deliverableBatches(fetched.records.batches, part.abortedTransactions)
      .flatMap((x) => x.toArray().map((r) => new TextDecoder().decode(r.value!)));
    assert.deepEqual(delivered, ["committed"]);
    const after = await c.body(9, {
      groups: [{ groupId: "g", memberId: null, memberEpoch: -1, topics: null }],
      requireStable: false,
    }, 8);
    assert.equal(after.groups[0].topics[0].partitions[0].committedOffset, 7n);
  });

  it("AddPartitionsToTxn v4+ (batched): verifyOnly checks without adding, then a plain entry adds", async () => {
    const b = broker();
    b.createTopic("t", 2);
    const c = new Client(b);
    const init = await c.body(22, {
      transactionalId: "bx",
      transactionTimeoutMs: 60000,
      producerId: -1n,
      producerEpoch: -1,
    }, 4);
    const entry = (verifyOnly: boolean, transactionalId = "bx") => ({
      transactionalId,
      producerId: init.producerId,
      producerEpoch: init.producerEpoch,
      verifyOnly,
      topics: [{ name: "t", partitions: [1] }],
    });
    const codes = (r: Record<string, any>) =>
      r.resultsByTransaction.map((t: any) => t.topicResults[0].resultsByPartition[0].partitionErrorCode);
    assert.deepEqual(codes(await c.body(24, { transactions: [entry(true), entry(false, "nobody")] }, 5)), [
      E.INVALID_TXN_STATE,
      E.INVALID_PRODUCER_ID_MAPPING,
    ]);
    assert.deepEqual(codes(await c.body(24, { transactions: [entry(false)] }, 5)), [0]);
    assert.deepEqual(codes(await c.body(24, { transactions: [entry(true)] }, 5)), [0]);
  });

  it("a transaction open past its timeout is aborted (markers written, fetches woken) and its producer fenced", async () => {
    const b = broker();
    b.createTopic("t", 1);
    const c = new Client(b);
    const init = await c.body(22, {
      transactionalId: "slow",
      transactionTimeoutMs: 100,
      producerId: -1n,
      producerEpoch: -1,
    }, 4);
    const { producerId, producerEpoch } = init as { producerId: bigint; producerEpoch: number };
    await c.call(24, {
      v3AndBelowTransactionalId: "slow",
      v3AndBelowProducerId: producerId,
      v3AndBelowProducerEpoch: producerEpoch,
      v3AndBelowTopics: [{ name: "t", partitions: [0] }],
    }, 3);
    const records = encodeRecordBatch({
      producerId,
      producerEpoch,
      baseSequence: 0,
      isTransactional: true,
      records: [{ value: enc.encode("x") }],
    });
    await c.call(0, produceBody("t", records, { transactionalId: "slow" }), 9);
    // read_committed sees nothing while the transaction is open; the abort (the coordinator's timer) wakes it.
    const f = await c.body(
      1,
      fetchBody("t", 0n, { isolationLevel: 1, maxWaitMs: TIMEOUT_MS, minBytes: 1 }),
      12,
    );
    const part = f.responses[0].partitions[0];
    assert.equal(part.lastStableOffset, 2n, "data and the ABORT marker are stable");
    assert.deepEqual(part.abortedTransactions.map((a: { firstOffset: bigint }) => a.firstOffset), [0n]);
    const end = await c.body(26, { transactionalId: "slow", producerId, producerEpoch, committed: true }, 3);
    assert.equal(end.errorCode, E.PRODUCER_FENCED);
  });

  it("SASL PLAIN: the right password authenticates, a wrong one is SASL_AUTHENTICATION_FAILED and closes", async () => {
    const b = broker({ saslPlainUsers: { alice: "secret" } });
    for (
      const [password, code, closed] of [["secret", 0, false], [
        "nope",
        E.SASL_AUTHENTICATION_FAILED,
        true,
      ]] as const
    ) {
      const c = new Client(b);
      assert.equal((await c.body(17, { mechanism: "PLAIN" }, 1)).errorCode, 0);
      const auth = await c.body(36, { authBytes: saslPlainToken("alice", password) }, 2);
      assert.equal(auth.errorCode, code);
      assert.equal(c.closed, closed);
    }
  });
});
