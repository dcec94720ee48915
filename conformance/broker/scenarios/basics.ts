/**
 * Scenarios: ApiVersions, advertised-but-refused versions, cluster metadata, topic creation, partitions and configs. Part of the end-to-end suite run by e2e.ts (see README.md).
 *
 * @module
 */

import { ZERO_UUID } from "../../../src/kafka/codec.ts";
import type { ResponseOf } from "../../../src/kafka/api.ts";
import { KAFKA_ERROR as E } from "../../../src/kafka/_generated/errors.ts";
import { supportedVersions } from "../../../src/kafka/versions.ts";
import { COMPRESSION_NAMES, type CompressionType } from "../../../src/kafka/records/mod.ts";
import { ApiFailure } from "../_harness.ts";
import {
  buildRecords,
  call,
  type Ctx,
  eventually,
  expect,
  has,
  K,
  magicForProduce,
  MAX,
  noAutoCreate,
  open,
  type Rec,
  topicId,
  V,
  waitForTopics,
} from "../_context.ts";
// ---------------------------------------------------------------------------------------------
// Scenarios

export async function apiVersions(ctx: Ctx): Promise<void> {
  const { m } = ctx;
  const ours = supportedVersions(K.ApiVersions)!;
  const s = await open(ctx, ctx.host, ctx.port);
  try {
    const tested = V(ctx, K.ApiVersions);
    if (tested === ctx.s.conn.version(K.ApiVersions)) {
      // Our highest ApiVersions first: a broker that does not know it answers in v0 with
      // UNSUPPORTED_VERSION and its own range; the client then retries lower.
      const first = await s.exchange(s.conn.apiVersionsRequest({ version: ours.max }));
      const body = first.body as ResponseOf<18>;
      let v = ours.max;
      if (body.errorCode === E.UNSUPPORTED_VERSION) {
        await m.check(
          K.ApiVersions,
          ours.max,
          "unknown version answered in v0 with the broker's range",
          () => {
            expect(first.version === 0, K.ApiVersions, ours.max, `fallback decoded at v${first.version}`);
            const retry = s.conn.retryApiVersionsVersion(body);
            expect(
              retry !== undefined && retry < ours.max,
              K.ApiVersions,
              ours.max,
              `retry version ${retry}`,
            );
            v = retry!;
          },
        );
      } else {
        await m.check(K.ApiVersions, v, "highest version", () => {
          expect(
            body.errorCode === 0 && first.version === v,
            K.ApiVersions,
            v,
            `error ${body.errorCode} at v${first.version}`,
          );
        });
      }
      if (v !== ours.max) {
        await m.check(K.ApiVersions, v, "highest version the broker accepts", async () => {
          const r = await call(ctx, K.ApiVersions, v, {
            clientSoftwareName: "streamwire",
            clientSoftwareVersion: "0.1.0",
          }, { on: s });
          expect(r.apiKeys.some((k) => k.apiKey === 18 && k.maxVersion === v), K.ApiVersions, v, "own range");
        });
      }
    } else {
      const v = tested;
      await m.check(K.ApiVersions, v, "broker's API table", async () => {
        const r = await call(ctx, K.ApiVersions, v, {
          clientSoftwareName: "streamwire",
          clientSoftwareVersion: "0.1.0",
        }, { on: s });
        expect(
          r.apiKeys.length > 10 && r.apiKeys.some((k) => k.apiKey === 18),
          K.ApiVersions,
          v,
          `${r.apiKeys.length} API keys`,
        );
        if (v >= 3) {
          expect(
            r.supportedFeatures.some((f) => f.name === "metadata.version"),
            K.ApiVersions,
            v,
            "supportedFeatures",
          );
        }
      });
    }
  } finally {
    s.close();
  }
}

/**
 * Kafka 4.x still advertises Produce v0-2 (KAFKA-18659) but can no longer parse them: it closes
 * the connection. Checked so that a change in that behaviour shows up in the matrix.
 */
export async function advertisedButRefused(ctx: Ctx): Promise<void> {
  const r = ctx.s.conn.brokerVersions(K.Produce);
  if (ctx.major < 4 || r === undefined) return;
  for (let v = r.min; v < 3; v++) {
    await ctx.m.check(
      K.Produce,
      v,
      "advertised, but the broker closes the connection (KAFKA-18659)",
      async () => {
        const s = await open(ctx, ctx.host, ctx.port, 10000);
        try {
          const records = buildRecords([{ key: null, value: "old" }], magicForProduce(v));
          await s.send(K.Produce, {
            acks: 1,
            timeoutMs: 1000,
            topicData: [{ name: `${ctx.prefix}-none`, partitionData: [{ index: 0, records }] }],
          }, v);
          throw new ApiFailure(K.Produce, v, "the broker answered");
        } catch (e) {
          if (!(e instanceof Error) || !/closed/.test(e.message)) throw e;
        } finally {
          s.close();
        }
      },
    );
  }
}

export async function clusterAndMetadata(ctx: Ctx): Promise<void> {
  const { m } = ctx;
  if (has(ctx, K.DescribeCluster)) {
    const v = V(ctx, K.DescribeCluster);
    await m.check(K.DescribeCluster, v, "cluster id, controller and this broker", async () => {
      const r = await call(ctx, K.DescribeCluster, v, {
        includeClusterAuthorizedOperations: false,
        endpointType: 1,
      });
      expect(r.clusterId.length > 0, K.DescribeCluster, v, "empty cluster id");
      expect(
        r.brokers.some((x) => x.brokerId === 1 && x.port === ctx.port && x.host === ctx.host),
        K.DescribeCluster,
        v,
        `brokers ${JSON.stringify(r.brokers)}`,
      );
    });
  }
  const v = V(ctx, K.Metadata);
  await m.check(K.Metadata, v, "all topics, brokers, controller", async () => {
    const r = await call(ctx, K.Metadata, v, { topics: v === 0 ? [] : null, ...noAutoCreate(v) });
    expect(
      r.brokers.length === 1 && r.brokers[0].nodeId === 1 && r.brokers[0].port === ctx.port,
      K.Metadata,
      v,
      `brokers ${JSON.stringify(r.brokers)}`,
    );
    if (v >= 1) expect(r.controllerId === 1, K.Metadata, v, `controller ${r.controllerId}`);
    if (v >= 2) {
      expect(typeof r.clusterId === "string" && r.clusterId.length > 0, K.Metadata, v, "cluster id");
    }
  });
}

export interface Topics {
  main: string;
  idem: string;
  del: string;
  txn: string;
  recompress: Map<CompressionType, string>;
}

export async function createTopics(ctx: Ctx): Promise<Topics> {
  const { m } = ctx;
  const p = ctx.prefix;
  const t: Topics = {
    main: `${p}-main`,
    idem: `${p}-idem`,
    del: `${p}-del`,
    // 249 characters, Kafka's longest topic name: compact lengths above 127 take two bytes.
    txn: `${p}-txn-`.padEnd(249, "t"),
    recompress: new Map(
      ([1, 2, 3, 4] as CompressionType[]).map((c) => [c, `${p}-as-${COMPRESSION_NAMES[c]}`]),
    ),
  };
  const v = V(ctx, K.CreateTopics);
  const plain = [t.main, t.idem, t.del, t.txn];
  await m.check(K.CreateTopics, v, "create topics with configs", async () => {
    const r = await call(ctx, K.CreateTopics, v, {
      topics: [
        ...plain.map((name) => ({
          name,
          numPartitions: 1,
          replicationFactor: 1,
          assignments: [],
          configs: [{ name: "cleanup.policy", value: "delete" }],
        })),
        ...[...t.recompress].map(([c, name]) => ({
          name,
          numPartitions: 1,
          replicationFactor: 1,
          assignments: [],
          configs: [{ name: "compression.type", value: COMPRESSION_NAMES[c] }],
        })),
      ],
      timeoutMs: 30000,
      validateOnly: false,
    });
    expect(
      r.topics.length === plain.length + t.recompress.size,
      K.CreateTopics,
      v,
      `${r.topics.length} results`,
    );
    if (v >= 5) {
      const lz4 = r.topics.find((x) => x.name === t.recompress.get(3));
      expect(
        lz4?.numPartitions === 1 && lz4.replicationFactor === 1,
        K.CreateTopics,
        v,
        "numPartitions/replicationFactor",
      );
      expect(
        lz4.configs?.some((c) => c.name === "compression.type" && c.value === "lz4"),
        K.CreateTopics,
        v,
        "configs in result",
      );
    }
    if (v >= 7) { for (const x of r.topics) ctx.ids.set(x.name, x.topicId); }
  });
  await m.check(K.CreateTopics, v, "existing topic is TOPIC_ALREADY_EXISTS; validateOnly", async () => {
    const r = await call(ctx, K.CreateTopics, v, {
      topics: [{ name: t.main, numPartitions: 1, replicationFactor: 1 }],
      timeoutMs: 30000,
    }, { allow: [E.TOPIC_ALREADY_EXISTS] });
    expect(
      r.topics[0].errorCode === E.TOPIC_ALREADY_EXISTS,
      K.CreateTopics,
      v,
      `error ${r.topics[0].errorCode}`,
    );
    if (v >= 1) {
      const r2 = await call(ctx, K.CreateTopics, v, {
        topics: [{ name: `${p}-never`, numPartitions: 3, replicationFactor: 1 }],
        timeoutMs: 30000,
        validateOnly: true,
      });
      expect(r2.topics[0].errorCode === 0, K.CreateTopics, v, "validateOnly");
    }
  });
  await waitForTopics(ctx, [...plain, ...t.recompress.values()]);
  const mv = V(ctx, K.Metadata);
  await m.check(K.Metadata, mv, "named topics: partitions, leader, topic ids", async () => {
    const r = await call(ctx, K.Metadata, mv, {
      topics: [{ name: t.main }, { name: t.txn }],
      ...noAutoCreate(mv),
    });
    expect(r.topics.length === 2, K.Metadata, mv, `${r.topics.length} topics`);
    for (const x of r.topics) {
      expect(
        x.partitions.length === 1 && x.partitions[0].leaderId === 1,
        K.Metadata,
        mv,
        `partitions ${JSON.stringify(x.partitions)}`,
      );
      expect(
        x.partitions[0].replicaNodes[0] === 1 && x.partitions[0].isrNodes[0] === 1,
        K.Metadata,
        mv,
        "replicas/isr",
      );
      if (mv >= 10) {
        expect(x.topicId !== ZERO_UUID && x.topicId === ctx.ids.get(x.name!), K.Metadata, mv, "topic id");
      }
    }
    if (mv >= 12) {
      const byId = await call(ctx, K.Metadata, mv, {
        topics: [{ topicId: topicId(ctx, t.main), name: null }],
        ...noAutoCreate(mv),
      });
      expect(byId.topics[0]?.name === t.main, K.Metadata, mv, "lookup by topic id");
    }
  });
  return t;
}

export async function partitionsAndConfigs(ctx: Ctx, t: Topics): Promise<void> {
  const { m } = ctx;
  const v = V(ctx, K.CreatePartitions);
  await m.check(K.CreatePartitions, v, "1 -> 2 partitions", async () => {
    await call(ctx, K.CreatePartitions, v, {
      topics: [{ name: t.main, count: 2, assignments: null }],
      timeoutMs: 30000,
      validateOnly: false,
    });
    // The new partition reaches the broker's metadata cache asynchronously.
    const n = await eventually(
      "the second partition in Metadata",
      async () => {
        await waitForTopics(ctx, [t.main]);
        const r = await call(ctx, K.Metadata, MAX(ctx, K.Metadata), {
          topics: [{ name: t.main }],
          allowAutoTopicCreation: false,
        });
        return r.topics[0].partitions.length;
      },
      (x) => x === 2,
      { show: (x) => `${x} partitions` },
    );
    expect(n === 2, K.CreatePartitions, v, `${n} partitions`);
    const again = await call(ctx, K.CreatePartitions, v, {
      topics: [{ name: t.main, count: 2, assignments: null }],
      timeoutMs: 30000,
    }, { allow: [E.INVALID_PARTITIONS] });
    expect(
      again.results[0].errorCode === E.INVALID_PARTITIONS,
      K.CreatePartitions,
      v,
      "same count is INVALID_PARTITIONS",
    );
  });

  const dv = V(ctx, K.DescribeConfigs);
  const describe = async (version: number, type: number, name: string, keys: string[] | null) => {
    const r = await call(ctx, K.DescribeConfigs, version, {
      resources: [{ resourceType: type, resourceName: name, configurationKeys: keys }],
      includeSynonyms: version >= 1,
      includeDocumentation: version >= 3,
    });
    expect(
      r.results.length === 1 && r.results[0].resourceName === name,
      K.DescribeConfigs,
      version,
      "resource",
    );
    return new Map(r.results[0].configs.map((c) => [c.name, c]));
  };
  await m.check(K.DescribeConfigs, dv, "topic and broker configs", async () => {
    const topic = await describe(dv, 2, t.recompress.get(3)!, ["compression.type", "retention.ms"]);
    expect(
      topic.get("compression.type")?.value === "lz4",
      K.DescribeConfigs,
      dv,
      `compression.type ${topic.get("compression.type")?.value}`,
    );
    if (dv >= 1) {
      expect(
        topic.get("compression.type")?.configSource === 1,
        K.DescribeConfigs,
        dv,
        "source DYNAMIC_TOPIC_CONFIG",
      );
    }
    if (dv >= 3) {
      expect(
        topic.get("retention.ms")?.configType === 5,
        K.DescribeConfigs,
        dv,
        `configType ${topic.get("retention.ms")?.configType}`,
      );
    }
    const broker = await describe(dv, 4, "1", ["num.io.threads"]);
    expect(broker.get("num.io.threads")?.value === "2", K.DescribeConfigs, dv, "num.io.threads");
    const all = await describe(dv, 2, t.main, null);
    expect(all.size > 20, K.DescribeConfigs, dv, `${all.size} topic configs`);
  });

  const iv = V(ctx, K.IncrementalAlterConfigs);
  await m.check(K.IncrementalAlterConfigs, iv, "SET and DELETE a topic config", async () => {
    const alter = (op: number, value: string | null) =>
      call(ctx, K.IncrementalAlterConfigs, iv, {
        resources: [{
          resourceType: 2,
          resourceName: t.main,
          configs: [{ name: "retention.ms", configOperation: op, value }],
        }],
        validateOnly: false,
      });
    // Config changes reach the broker through the metadata log, a moment after the reply.
    const settle = (want: string) =>
      eventually(
        `retention.ms=${want} in DescribeConfigs`,
        async () =>
          (await describe(MAX(ctx, K.DescribeConfigs), 2, t.main, ["retention.ms"])).get("retention.ms")
            ?.value,
        (got) => got === want,
        { show: (got) => `retention.ms ${got}` },
      );
    await alter(0, "86400000");
    const after = await settle("86400000");
    expect(after === "86400000", K.IncrementalAlterConfigs, iv, `after SET ${after}`);
    await alter(1, null);
    const back = await settle("604800000");
    expect(back === "604800000", K.IncrementalAlterConfigs, iv, `after DELETE ${back}`);
    const bad = await call(ctx, K.IncrementalAlterConfigs, iv, {
      resources: [{
        resourceType: 2,
        resourceName: t.main,
        configs: [{ name: "no.such.config", configOperation: 0, value: "1" }],
      }],
    }, { allow: [E.INVALID_CONFIG] });
    expect(
      bad.responses[0].errorCode === E.INVALID_CONFIG,
      K.IncrementalAlterConfigs,
      iv,
      "unknown config is INVALID_CONFIG",
    );
  });
}

/** What was produced to one partition, in order. */
export interface Produced {
  recs: Rec[];
  /** Per produced batch: base offset (when acknowledged) and codec. */
  batches: { baseOffset: bigint | undefined; compression: CompressionType; count: number }[];
}
