/**
 * Scenario: admin APIs. Part of the end-to-end suite run by e2e.ts (see README.md).
 *
 * @module
 */

import { randomBytes } from "node:crypto";
import { KAFKA_ERROR as E } from "../../../src/kafka/_generated/errors.ts";
import { scramSaltedPassword } from "../_scram.ts";
import { call, type Ctx, eventually, expect, has, K, MAX, topicRef, V } from "../_context.ts";
import type { Topics } from "./basics.ts";
import { saslExchange } from "./sasl.ts";
// -- admin APIs ------------------------------------------------------------------------------

/**
 * The admin APIs around the client's life: ACLs (the broker runs StandardAuthorizer with the
 * suite's principals as super users), legacy AlterConfigs, log dirs, leader election,
 * reassignments, client quotas (float64 values), SCRAM credentials (then a login with the new
 * user), OffsetDelete, DescribeQuorum (uint16 ports), ListConfigResources and
 * DescribeTopicPartitions (a nullable struct cursor both ways).
 */
export async function adminApis(ctx: Ctx, t: Topics): Promise<void> {
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
      // The ACL reaches the authorizer through the metadata log, a moment after the reply.
      const acls = await eventually(
        "the new ACL in DescribeAcls",
        async () =>
          (await call(ctx, K.DescribeAcls, dv, filter(dv))).resources.find((x) => x.resourceName === resource)
            ?.acls ?? [],
        (a) => a.length > 0,
      );
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
    const value = await eventually(
      "retention.ms=3600000 in DescribeConfigs",
      async () =>
        (await call(ctx, K.DescribeConfigs, MAX(ctx, K.DescribeConfigs), {
          resources: [{ resourceType: 2, resourceName: t.idem, configurationKeys: ["retention.ms"] }],
        })).results[0].configs[0]?.value,
      (v) => v === "3600000",
      { show: (v) => `retention.ms ${v}` },
    );
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
    const values = await eventually(
      "both quota values in DescribeClientQuotas",
      async () =>
        (await call(ctx, K.DescribeClientQuotas, dqv, {
          components: [{ entityType: "client-id", matchType: 0, match: entity[0].entityName }],
          strict: true,
        })).entries?.[0]?.values ?? [],
      (v) => v.length >= 2,
      { show: (v) => JSON.stringify(v) },
    );
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
      // The credential reaches the broker's SCRAM cache through the metadata log.
      const error = await eventually(
        "a SCRAM login as the new user",
        async () => {
          const r = await saslExchange(
            ctx,
            "SCRAM-SHA-256",
            password,
            MAX(ctx, K.SaslHandshake),
            MAX(ctx, K.SaslAuthenticate),
            user,
          );
          r.s.close();
          return r.error;
        },
        (e) => e === 0,
        { show: (e) => `error ${e}` },
      );
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
