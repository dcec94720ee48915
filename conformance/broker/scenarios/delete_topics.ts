/**
 * Scenario: topic deletion (last). Part of the end-to-end suite run by e2e.ts (see README.md).
 *
 * @module
 */

import { ZERO_UUID } from "../../../src/kafka/codec.ts";
import { KAFKA_ERROR as E } from "../../../src/kafka/_generated/errors.ts";
import { call, type Ctx, eventually, expect, K, MAX, topicId, V } from "../_context.ts";
import type { Topics } from "./basics.ts";
export async function deleteTopics(ctx: Ctx, t: Topics): Promise<void> {
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
    await eventually(
      "the deleted topics to leave Metadata",
      () =>
        call(ctx, K.Metadata, MAX(ctx, K.Metadata), {
          topics: gone.map((name) => ({ name })),
          allowAutoTopicCreation: false,
        }, { allow: [E.UNKNOWN_TOPIC_OR_PARTITION] }),
      (md) => md.topics.every((x) => x.errorCode === E.UNKNOWN_TOPIC_OR_PARTITION),
      {
        show: (md) =>
          md.topics.filter((x) => x.errorCode === 0).map((x) => x.name).join(", ") + " still there",
      },
    );
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
