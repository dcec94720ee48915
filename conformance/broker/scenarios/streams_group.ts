/**
 * Scenario: the KIP-1071 streams group. Part of the end-to-end suite run by e2e.ts (see README.md).
 *
 * @module
 */

import { randomBytes } from "node:crypto";
import type { Init } from "../../../src/kafka/codec.ts";
import type { RequestOf } from "../../../src/kafka/api.ts";
import { KAFKA_ERROR as E } from "../../../src/kafka/_generated/errors.ts";
import { call, CLIENT_ID, type Ctx, eventually, expect, has, K, repeatUntil, V } from "../_context.ts";
import type { Topics } from "./basics.ts";
// -- KIP-1071 streams group ------------------------------------------------------------------

/**
 * A streams group (Kafka 4.x): a member joins with a one-subtopology stateless topology, an
 * endpoint whose port needs all 16 bits of the uint16, client tags and a process id; it gets the
 * active tasks, the group is described, and the member leaves.
 */
export async function streamsGroup(ctx: Ctx, t: Topics): Promise<void> {
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
      const assigned = () => {
        active = (r.activeTasks ?? []).map((x) => `${x.subtopologyId}:${[...x.partitions].sort().join("+")}`)
          .join();
        return active === "0:0+1";
      };
      await repeatUntil("active tasks 0:0+1", assigned, async () => {
        r = await beat({
          groupId: group,
          memberId,
          memberEpoch: epoch,
          endpointInformationEpoch: r.endpointInformationEpoch,
          rebalanceTimeoutMs: -1,
        });
        epoch = r.memberEpoch;
      }, { show: () => `active tasks ${active} (status ${JSON.stringify(r.status)})` });
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
        const g = await eventually(
          "the streams group to be Stable",
          async () =>
            (await call(ctx, K.StreamsGroupDescribe, dv, {
              groupIds: [group],
              includeAuthorizedOperations: false,
            })).groups[0],
          (x) => x.groupState === "Stable",
          { show: (x) => `state ${x.groupState}` },
        );
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
