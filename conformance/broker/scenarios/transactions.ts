/**
 * Scenario: transactions. Part of the end-to-end suite run by e2e.ts (see README.md).
 *
 * @module
 */

import { KAFKA_ERROR as E } from "../../../src/kafka/_generated/errors.ts";
import { readControlRecord, TransactionFilter } from "../../../src/kafka/records/mod.ts";
import {
  buildRecords,
  call,
  type Ctx,
  eventually,
  expect,
  fetchAll,
  has,
  K,
  MAX,
  produce,
  recordsOf,
  topicRef,
  V,
} from "../_context.ts";
import type { Topics } from "./basics.ts";
import { findCoordinator } from "./classic_group.ts";
// -- transactions ----------------------------------------------------------------------------

export async function transactions(ctx: Ctx, t: Topics): Promise<void> {
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
    // The markers are written by the transaction coordinator after EndTxn has answered.
    const res = await eventually(
      "the commit marker (last stable offset = high watermark >= 8)",
      () => fetchAll(ctx, fv, t.txn, 0, 0n, { isolation: 1 }),
      (r) => r.partition.lastStableOffset === r.partition.highWatermark && r.partition.highWatermark >= 8n,
      {
        show: (r) =>
          `last stable offset ${r.partition.lastStableOffset}, high watermark ${r.partition.highWatermark}`,
      },
    );
    const { batches, partition } = res;
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
      const s = await eventually(
        "the transaction state CompleteCommit",
        async () =>
          (await call(ctx, K.DescribeTransactions, v, { transactionalIds: [txnId] })).transactionStates[0],
        (x) => x.transactionState === "CompleteCommit",
        { show: (x) => `state ${x.transactionState}` },
      );
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
