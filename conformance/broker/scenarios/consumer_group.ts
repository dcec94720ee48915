/**
 * Scenario: the KIP-848 consumer group. Part of the end-to-end suite run by e2e.ts (see README.md).
 *
 * @module
 */

import { randomBytes } from "node:crypto";
import { KAFKA_ERROR as E } from "../../../src/kafka/_generated/errors.ts";
import {
  call,
  CLIENT_ID,
  type Ctx,
  eventually,
  expect,
  has,
  K,
  MAX,
  repeatUntil,
  topicId,
  topicRef,
  V,
} from "../_context.ts";
import type { Topics } from "./basics.ts";
// -- KIP-848 consumer group ------------------------------------------------------------------

export async function consumerGroup(ctx: Ctx, t: Topics): Promise<void> {
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
      const assigned = () => {
        if (r.assignment !== null) {
          owned = r.assignment.topicPartitions.map((x) => ({
            topicId: x.topicId,
            partitions: [...x.partitions].sort(),
          }));
        }
        return owned.find((x) => x.topicId === mainId)?.partitions.join() === "0,1";
      };
      // The assignment comes with a later heartbeat, once the coordinator has computed it.
      await repeatUntil("partitions 0 and 1 assigned", assigned, async () => {
        r = await call(ctx, K.ConsumerGroupHeartbeat, hv, {
          groupId: group,
          memberId,
          memberEpoch: epoch,
          topicPartitions: owned,
          subscribedTopicNames: null,
          rebalanceTimeoutMs: -1,
        });
        epoch = r.memberEpoch;
      }, { show: () => `assignment ${JSON.stringify(owned)}` });
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
    const g = await eventually(
      "the group to be Stable",
      async () =>
        (await call(ctx, K.ConsumerGroupDescribe, dv, {
          groupIds: [group],
          includeAuthorizedOperations: false,
        })).groups[0],
      (x) => x.groupState === "Stable",
      { show: (x) => `state ${x.groupState}` },
    );
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
