/**
 * Scenario: the KIP-932 share group. Part of the end-to-end suite run by e2e.ts (see README.md).
 *
 * @module
 */

import { randomBytes } from "node:crypto";
import { KAFKA_ERROR as E } from "../../../src/kafka/_generated/errors.ts";
import {
  buildRecords,
  call,
  CLIENT_ID,
  type Ctx,
  decodeRecordSet,
  eventually,
  expect,
  has,
  K,
  MAX,
  produce,
  recordsOf,
  repeatUntil,
  topicId,
  V,
  waitForTopics,
} from "../_context.ts";
import type { Topics } from "./basics.ts";
// -- KIP-932 share group ---------------------------------------------------------------------

/**
 * A share group (Kafka 4.x): join, fetch records with acquisition locks, acknowledge them,
 * describe the group and its start offsets, leave, then alter and delete the start offsets of
 * the empty group. The group's share.auto.offset.reset is set to earliest through
 * IncrementalAlterConfigs on a GROUP resource.
 */
export async function shareGroup(ctx: Ctx, _t: Topics): Promise<void> {
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
    await repeatUntil(
      "the share group's assignment of the topic",
      () => r.assignment?.topicPartitions.some((x) => x.topicId === id) === true,
      async () => {
        r = await call(ctx, K.ShareGroupHeartbeat, hv, {
          groupId: group,
          memberId,
          memberEpoch: epoch,
          subscribedTopicNames: null,
        });
        epoch = r.memberEpoch;
      },
      { show: () => `assignment ${JSON.stringify(r.assignment)}` },
    );
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
        const p = await eventually(
          "lag 0 in DescribeShareGroupOffsets",
          () => describeOffsets(v),
          (x) => v === 0 || x?.lag === 0n,
          { show: (x) => `lag ${x?.lag}, start offset ${x?.startOffset}` },
        );
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
      const p = await eventually(
        "start offset 2 in DescribeShareGroupOffsets",
        () => describeOffsets(MAX(ctx, K.DescribeShareGroupOffsets)),
        (x) => x?.startOffset === 2n,
        { show: (x) => `start offset ${x?.startOffset}` },
      );
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
