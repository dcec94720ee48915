/**
 * Scenario: the classic consumer group (JoinGroup, SyncGroup, Heartbeat, offsets, LeaveGroup). Part of the end-to-end suite run by e2e.ts (see README.md).
 *
 * @module
 */

import type { Init } from "../../../src/kafka/codec.ts";
import { KAFKA_ERROR as E } from "../../../src/kafka/_generated/errors.ts";
import {
  type ConsumerProtocolSubscription,
  decodeConsumerProtocolSubscription,
  encodeConsumerProtocolSubscription,
} from "../../../src/kafka/messages/consumer_protocol_subscription.ts";
import {
  type ConsumerProtocolAssignment,
  decodeConsumerProtocolAssignment,
  encodeConsumerProtocolAssignment,
} from "../../../src/kafka/messages/consumer_protocol_assignment.ts";
import { call, CLIENT_ID, type Ctx, enc, eqBytes, expect, K, MAX, topicRef, V } from "../_context.ts";
import type { Topics } from "./basics.ts";
// -- classic consumer group ------------------------------------------------------------------

export function subscriptionBytes(version: number, value: Init<ConsumerProtocolSubscription>): Uint8Array {
  const body = encodeConsumerProtocolSubscription(value, version);
  const out = new Uint8Array(2 + body.length);
  new DataView(out.buffer).setInt16(0, version);
  out.set(body, 2);
  return out;
}

export function assignmentBytes(version: number, value: Init<ConsumerProtocolAssignment>): Uint8Array {
  const body = encodeConsumerProtocolAssignment(value, version);
  const out = new Uint8Array(2 + body.length);
  new DataView(out.buffer).setInt16(0, version);
  out.set(body, 2);
  return out;
}

export function readVersioned<T>(
  bytes: Uint8Array,
  read: (body: Uint8Array, v: number) => T,
): { version: number; value: T } {
  const version = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getInt16(0);
  return { version, value: read(bytes.subarray(2), version) };
}

export async function findCoordinator(
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

export async function classicGroup(ctx: Ctx, t: Topics): Promise<void> {
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
