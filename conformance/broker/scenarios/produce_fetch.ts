/**
 * Scenarios: produce and fetch (every codec and magic), idempotence, records at scale, wire corners, DeleteRecords. Part of the end-to-end suite run by e2e.ts (see README.md).
 *
 * @module
 */

import { randomBytes } from "node:crypto";
import { ZERO_UUID } from "../../../src/kafka/codec.ts";
import { encodeRequest, type ResponseOf } from "../../../src/kafka/api.ts";
import { KAFKA_ERROR as E } from "../../../src/kafka/_generated/errors.ts";
import { COMPRESSION_NAMES, type CompressionType, RecordBatch } from "../../../src/kafka/records/mod.ts";
import {
  atMax,
  buildRecords,
  call,
  CLIENT_ID,
  type Ctx,
  decodeRecordSet,
  enc,
  encodeRecordBatch,
  eqBytes,
  eventually,
  expect,
  fetchAll,
  fetchOnce,
  has,
  K,
  magicForFetch,
  magicForProduce,
  MAX,
  noAutoCreate,
  produce,
  type ReadRecord,
  type Rec,
  recordsOf,
  sameRecord,
  topicRef,
  V,
  waitForTopics,
} from "../_context.ts";
import type { Produced, Topics } from "./basics.ts";
export async function produceAndFetch(ctx: Ctx, t: Topics): Promise<void> {
  const { m } = ctx;
  const pv = V(ctx, K.Produce);
  const magic = magicForProduce(pv);
  const withHeaders = magic === 2;
  const main: Produced = { recs: [], batches: [] };
  const sample = (tag: string): Rec[] => [
    {
      key: `k-${tag}`,
      value: `value ${tag} ${"x".repeat(300)}`,
      headers: withHeaders ? [["h1", "one"], ["h-null", null], ["", ""]] : [],
    },
    { key: null, value: `null key ${tag}` },
    { key: `tombstone-${tag}`, value: null },
    { key: "", value: "" },
  ];
  const send = async (tag: string, compression: CompressionType, acks: number) => {
    const recs = sample(tag);
    const p = await produce(ctx, pv, t.main, 0, buildRecords(recs, magic, { compression }), { acks });
    if (p !== undefined) {
      expect(p.errorCode === 0 && p.baseOffset >= 0n, K.Produce, pv, `baseOffset ${p.baseOffset}`);
      if (pv >= 2) {
        expect(p.logAppendTimeMs === -1n, K.Produce, pv, "CreateTime topic has logAppendTimeMs -1");
      }
      if (pv >= 5) expect(p.logStartOffset === 0n, K.Produce, pv, `logStartOffset ${p.logStartOffset}`);
    }
    main.recs.push(...recs);
    main.batches.push({ baseOffset: p?.baseOffset, compression, count: recs.length });
  };
  await m.check(
    K.Produce,
    pv,
    `acks=1, magic ${magic}, null keys/values${withHeaders ? ", headers" : ""}`,
    () => send("plain", 0, 1),
  );
  await m.check(K.Produce, pv, "acks=all (-1)", () => send("all", 0, -1));
  for (const c of [1, 2, 3, 4] as CompressionType[]) {
    if (c === 4 && magic < 2) continue;
    if (c === 4 && pv < 7) {
      await m.check(K.Produce, pv, "zstd before v7 is UNSUPPORTED_COMPRESSION_TYPE", async () => {
        const p = await produce(ctx, pv, t.main, 0, buildRecords(sample("zstd"), magic, { compression: 4 }), {
          allow: [E.UNSUPPORTED_COMPRESSION_TYPE],
        });
        expect(p?.errorCode === E.UNSUPPORTED_COMPRESSION_TYPE, K.Produce, pv, `error ${p?.errorCode}`);
      });
      continue;
    }
    await m.check(K.Produce, pv, `${COMPRESSION_NAMES[c]} batch`, () => send(COMPRESSION_NAMES[c], c, -1));
  }
  await m.check(K.Produce, pv, "acks=0 (no response; the connection stays usable)", async () => {
    await send("acks0", 0, 0);
    await call(ctx, K.Metadata, MAX(ctx, K.Metadata), {
      topics: [{ name: t.main }],
      allowAutoTopicCreation: false,
    });
  });
  await m.check(K.Produce, pv, "two partitions in one request", async () => {
    const body = {
      acks: -1,
      timeoutMs: 30000,
      topicData: [{
        ...topicRef(ctx, t.main, pv, 13),
        partitionData: [0, 1].map((index) => ({
          index,
          records: buildRecords([{ key: `p${index}`, value: `partition ${index}` }], magic),
        })),
      }],
    };
    const r = await call(ctx, K.Produce, pv, body);
    const parts = r.responses[0].partitionResponses.map((x) => x.index).sort();
    expect(parts.join() === "0,1", K.Produce, pv, `partitions ${parts}`);
    main.recs.push({ key: "p0", value: "partition 0" });
    main.batches.push({
      baseOffset: r.responses[0].partitionResponses.find((x) => x.index === 0)!.baseOffset,
      compression: 0,
      count: 1,
    });
  });

  // Fetch what was produced and compare record by record (and codec by codec where the format survives).
  const fv = V(ctx, K.Fetch);
  const fmagic = magicForFetch(fv);
  await m.check(
    K.Fetch,
    fv,
    `read back ${main.recs.length} records (magic ${fmagic}), codecs as produced`,
    async () => {
      // The acks=0 batch has no answer to wait for: read until it is there.
      const got: ReadRecord[] = await eventually(
        `all ${main.recs.length} records (the acks=0 batch included)`,
        async () => recordsOf((await fetchAll(ctx, fv, t.main, 0)).batches),
        (g) => g.length >= main.recs.length,
        { show: (g) => `${g.length} records` },
      );
      expect(
        got.length === main.recs.length,
        K.Fetch,
        fv,
        `${got.length} records, expected ${main.recs.length}`,
      );
      main.recs.forEach((e, i) => {
        expect(
          sameRecord(got[i], e, withHeaders && fmagic === 2),
          K.Fetch,
          fv,
          `record ${i}: got ${
            JSON.stringify({ ...got[i], batch: undefined, offset: String(got[i].offset) })
          }, expected ${JSON.stringify(e)}`,
        );
        expect(got[i].offset === BigInt(i), K.Fetch, fv, `record ${i} at offset ${got[i].offset}`);
      });
      if (fmagic === 2 && magic === 2) {
        for (const pb of main.batches) {
          if (pb.baseOffset === undefined) continue;
          const rec = got.find((r) => r.offset === pb.baseOffset)!;
          expect(
            rec.batch.compression === pb.compression,
            K.Fetch,
            fv,
            `batch at ${pb.baseOffset}: codec ${rec.batch.compression}, produced ${pb.compression}`,
          );
        }
      }
    },
  );

  // The broker recompresses to the topic's compression.type: decode what it wrote.
  for (const [codec, topic] of t.recompress) {
    const produced: CompressionType = codec === 1 ? 0 : 1;
    const recs = sample(`re-${COMPRESSION_NAMES[codec]}`);
    // Kafka 3.x refuses to hand zstd data to Fetch before v10; 4.x (no down-conversion any
    // more, KIP-896) returns the batches as stored.
    const zstdOld = codec === 4 && fv < 10 && ctx.major < 4;
    await m.check(
      K.Fetch,
      fv,
      `topic compression.type=${COMPRESSION_NAMES[codec]}: broker-recompressed batch${
        zstdOld ? " (3.x: zstd before Fetch v10 is UNSUPPORTED_COMPRESSION_TYPE)" : ""
      }`,
      async () => {
        // The broker takes old-format batches into a zstd topic (it converts them); only the
        // fetch side needs v10 to carry zstd.
        await produce(ctx, pv, topic, 0, buildRecords(recs, magic, { compression: produced }));
        const { batches, partition } = await fetchAll(ctx, fv, topic, 0, 0n, {
          allow: zstdOld ? [E.UNSUPPORTED_COMPRESSION_TYPE] : [],
        });
        if (zstdOld) {
          expect(
            partition.errorCode === E.UNSUPPORTED_COMPRESSION_TYPE,
            K.Fetch,
            fv,
            `error ${partition.errorCode}`,
          );
          return;
        }
        const got = recordsOf(batches);
        expect(got.length === recs.length, K.Fetch, fv, `${got.length} records`);
        recs.forEach((e, i) =>
          expect(sameRecord(got[i], e, withHeaders && fmagic === 2), K.Fetch, fv, `record ${i} differs`)
        );
        expect(
          batches[0].compression === codec,
          K.Fetch,
          fv,
          `batch codec ${batches[0].compression}, topic says ${codec}`,
        );
      },
    );
  }

  // Incremental fetch sessions (KIP-227): full fetch opens a session, incremental requests
  // carry only changes, and the broker answers with only the partitions that changed.
  if (fv >= 7) {
    await m.check(K.Fetch, fv, "incremental fetch session", async () => {
      const hw = (await fetchOnce(ctx, fv, t.main, 0, 0n)).highWatermark;
      const req = (
        sessionId: number,
        sessionEpoch: number,
        parts: { partition: number; fetchOffset: bigint }[],
      ) =>
        call(ctx, K.Fetch, fv, {
          replicaId: -1,
          maxWaitMs: 100,
          minBytes: 1,
          maxBytes: 1 << 20,
          sessionId,
          sessionEpoch,
          topics: parts.length === 0 ? [] : [{
            ...topicRef(ctx, t.main, fv, 13, "topic"),
            partitions: parts.map((x) => ({ ...x, partitionMaxBytes: 1 << 20, logStartOffset: -1n })),
          }],
          forgottenTopicsData: [],
          rackId: "",
        });
      const full = await req(0, 0, [{ partition: 0, fetchOffset: hw }, { partition: 1, fetchOffset: 0n }]);
      expect(full.sessionId !== 0, K.Fetch, fv, "full fetch request did not open a session");
      const sid = full.sessionId;
      const p1 = full.responses[0].partitions.find((x) => x.partitionIndex === 1);
      const p1hw = p1?.highWatermark ?? 0n;
      const inc1 = await req(sid, 1, [{ partition: 1, fetchOffset: p1hw }]);
      expect(inc1.sessionId === sid, K.Fetch, fv, `session ${inc1.sessionId}`);
      const changed = inc1.responses.flatMap((x) => x.partitions);
      expect(changed.every((x) => (x.records?.length ?? 0) === 0), K.Fetch, fv, "no new data yet");
      await produce(
        ctx,
        MAX(ctx, K.Produce),
        t.main,
        0,
        buildRecords([{ key: "inc", value: "incremental" }], 2),
      );
      let seen = false;
      for (let epoch = 2; epoch < 30 && !seen; epoch++) {
        const inc = await req(sid, epoch, []);
        for (const x of inc.responses.flatMap((y) => y.partitions)) {
          const recs = recordsOf(decodeRecordSet(x.records ?? new Uint8Array(0)).batches);
          if (x.partitionIndex === 0 && recs.some((r) => r.value === "incremental")) seen = true;
        }
      }
      expect(seen, K.Fetch, fv, "incremental fetch did not deliver the new record");
      await req(sid, -1, []); // close the session (FINAL_EPOCH)
      main.recs.push({ key: "inc", value: "incremental" });
    });
  }

  // ListOffsets: earliest, latest, by timestamp, max timestamp.
  const lv = V(ctx, K.ListOffsets);
  await m.check(K.ListOffsets, lv, "earliest, latest, by timestamp", async () => {
    const list = async (timestamp: bigint) => {
      const r = await call(ctx, K.ListOffsets, lv, {
        replicaId: -1,
        isolationLevel: 0,
        topics: [{
          name: t.main,
          partitions: [{ partitionIndex: 0, timestamp, maxNumOffsets: 1, currentLeaderEpoch: -1 }],
        }],
        timeoutMs: 30000,
      });
      const p = r.topics[0].partitions[0];
      return lv === 0 ? { offset: p.oldStyleOffsets[0], timestamp: -1n, leaderEpoch: -1 } : p;
    };
    const latest = await list(-1n);
    expect(
      latest.offset === BigInt(main.recs.length),
      K.ListOffsets,
      lv,
      `latest ${latest.offset}, expected ${main.recs.length}`,
    );
    const earliest = await list(-2n);
    expect(earliest.offset === 0n, K.ListOffsets, lv, `earliest ${earliest.offset}`);
    if (lv >= 1) {
      // Magic 0 messages carry no timestamp, so a partition holding only those has no offset
      // for any time.
      const byTime = await list(BigInt(Date.now() - 3_600_000));
      const want = magic === 0 ? -1n : 0n;
      expect(
        byTime.offset === want,
        K.ListOffsets,
        lv,
        `offset for an hour ago ${byTime.offset}, expected ${want}`,
      );
      const future = await list(BigInt(Date.now() + 3_600_000));
      expect(future.offset === -1n, K.ListOffsets, lv, `offset for the future ${future.offset}`);
    }
    if (lv >= 4) expect(latest.leaderEpoch >= 0, K.ListOffsets, lv, `leader epoch ${latest.leaderEpoch}`);
    if (lv >= 7) {
      const maxTs = await list(-3n);
      expect(
        maxTs.offset >= 0n && maxTs.timestamp > 0n,
        K.ListOffsets,
        lv,
        `max timestamp offset ${maxTs.offset}`,
      );
    }
  });

  const ov = V(ctx, K.OffsetForLeaderEpoch);
  await m.check(K.OffsetForLeaderEpoch, ov, "end offset of the current leader epoch", async () => {
    const r = await call(ctx, K.OffsetForLeaderEpoch, ov, {
      replicaId: -1,
      topics: [{ topic: t.main, partitions: [{ partition: 0, currentLeaderEpoch: -1, leaderEpoch: 0 }] }],
    });
    const p = r.topics[0].partitions[0];
    expect(
      p.endOffset === BigInt(main.recs.length),
      K.OffsetForLeaderEpoch,
      ov,
      `end offset ${p.endOffset}, log end ${main.recs.length}`,
    );
    if (ov >= 1) expect(p.leaderEpoch === 0, K.OffsetForLeaderEpoch, ov, `leader epoch ${p.leaderEpoch}`);
  });
}

export async function idempotence(ctx: Ctx, t: Topics): Promise<void> {
  const { m } = ctx;
  const iv = V(ctx, K.InitProducerId);
  // Idempotent batches need magic 2, so Produce is at least v3 here.
  const pv = Math.max(V(ctx, K.Produce), 3);
  let pid = -1n;
  let epoch = -1;
  await m.check(K.InitProducerId, iv, "idempotent producer id", async () => {
    const r = await call(ctx, K.InitProducerId, iv, {
      transactionalId: null,
      transactionTimeoutMs: 60000,
      producerId: -1n,
      producerEpoch: -1,
    }, { retry: [E.COORDINATOR_NOT_AVAILABLE, E.NOT_COORDINATOR, E.COORDINATOR_LOAD_IN_PROGRESS] });
    expect(
      r.producerId >= 0n && r.producerEpoch >= 0,
      K.InitProducerId,
      iv,
      `pid ${r.producerId} epoch ${r.producerEpoch}`,
    );
    pid = r.producerId;
    epoch = r.producerEpoch;
  });
  if (pid < 0n) return;
  await m.check(
    K.Produce,
    pv,
    "idempotent: sequences, duplicate detection, out-of-order rejection",
    async () => {
      const batch = (seq: number, n: number) =>
        buildRecords(
          Array.from({ length: n }, (_, i) => ({ key: `seq-${seq + i}`, value: `idempotent ${seq + i}` })),
          2,
          { producerId: pid, producerEpoch: epoch, baseSequence: seq },
        );
      const first = await produce(ctx, pv, t.idem, 0, batch(0, 2));
      const second = await produce(ctx, pv, t.idem, 0, batch(2, 1));
      expect(
        first!.baseOffset === 0n && second!.baseOffset === 2n,
        K.Produce,
        pv,
        `offsets ${first!.baseOffset}, ${second!.baseOffset}`,
      );
      const dup = await produce(ctx, pv, t.idem, 0, batch(2, 1));
      expect(
        dup!.errorCode === 0 && dup!.baseOffset === 2n,
        K.Produce,
        pv,
        `duplicate: error ${dup!.errorCode}, offset ${dup!.baseOffset}`,
      );
      const gap = await produce(ctx, pv, t.idem, 0, batch(10, 1), {
        allow: [E.OUT_OF_ORDER_SEQUENCE_NUMBER],
      });
      expect(
        gap!.errorCode === E.OUT_OF_ORDER_SEQUENCE_NUMBER,
        K.Produce,
        pv,
        `gap: error ${gap!.errorCode}`,
      );
    },
  );
  if (has(ctx, K.DescribeProducers)) {
    const dv = V(ctx, K.DescribeProducers);
    await m.check(K.DescribeProducers, dv, "the idempotent producer's state", async () => {
      const r = await call(ctx, K.DescribeProducers, dv, {
        topics: [{ name: t.idem, partitionIndexes: [0] }],
      });
      const ps = r.topics[0].partitions[0].activeProducers;
      const me = ps.find((x) => x.producerId === pid);
      expect(me !== undefined, K.DescribeProducers, dv, `producers ${ps.map((x) => x.producerId)}`);
      expect(
        me.lastSequence === 2 && me.producerEpoch === epoch,
        K.DescribeProducers,
        dv,
        `lastSequence ${me.lastSequence} epoch ${me.producerEpoch}`,
      );
    });
  }
}

/** ~300 KB of records that compress (repeated structure) but not trivially (random parts). */
export function bulkRecords(tag: string, n = 200): Rec[] {
  return Array.from({ length: n }, (_, i) => ({
    key: `${tag}-${i}`,
    value: JSON.stringify({
      i,
      tag,
      note: "the quick brown fox ".repeat(20 + (i % 7)),
      noise: randomBytes(300 + (i % 50)).toString("base64"),
    }),
    headers: [["i", String(i)]],
  }));
}

/**
 * Records at scale and the record-format corners: large batches through every codec both ways
 * (the broker decompresses ours to validate them, and recompresses them with Java's codecs for
 * topics with another compression.type), LogAppendTime, out-of-order timestamps, and a partial
 * batch at the end of a size-limited fetch. Run at the highest versions only.
 */
export async function recordsAtScale(ctx: Ctx, _t: Topics): Promise<void> {
  if (!atMax(ctx)) return;
  const { m } = ctx;
  const pv = MAX(ctx, K.Produce);
  const fv = MAX(ctx, K.Fetch);
  const p = `${ctx.prefix}-scale`;
  const topics = {
    ours: `${p}-producer`,
    lat: `${p}-logappend`,
    cut: `${p}-cut`,
    java: new Map(([1, 2, 3, 4] as CompressionType[]).map((c) => [c, `${p}-java-${COMPRESSION_NAMES[c]}`])),
  };
  await call(ctx, K.CreateTopics, MAX(ctx, K.CreateTopics), {
    topics: [
      { name: topics.ours, numPartitions: 1, replicationFactor: 1 },
      {
        name: topics.lat,
        numPartitions: 1,
        replicationFactor: 1,
        configs: [{ name: "message.timestamp.type", value: "LogAppendTime" }],
      },
      { name: topics.cut, numPartitions: 1, replicationFactor: 1 },
      ...[...topics.java].map(([c, name]) => ({
        name,
        numPartitions: 1,
        replicationFactor: 1,
        configs: [{ name: "compression.type", value: COMPRESSION_NAMES[c] }],
      })),
    ],
    timeoutMs: 30000,
  });
  await waitForTopics(ctx, [topics.ours, topics.lat, topics.cut, ...topics.java.values()]);

  // Ours compressed, Java decompressing (to validate and assign offsets) and serving them back.
  for (const c of [0, 1, 2, 3, 4] as CompressionType[]) {
    await m.check(
      K.Produce,
      pv,
      `~300 KB ${COMPRESSION_NAMES[c]} batch of 200 records: the broker validates our compression`,
      async () => {
        const recs = bulkRecords(`ours-${c}`);
        const bytes = buildRecords(recs, 2, { compression: c });
        const r = await produce(ctx, pv, topics.ours, 0, bytes);
        const { batches } = await fetchAll(ctx, fv, topics.ours, 0, r!.baseOffset);
        const got = recordsOf(batches).filter((x) => x.offset >= r!.baseOffset);
        expect(
          got.length >= recs.length && recs.every((e, i) => sameRecord(got[i], e, true)),
          K.Fetch,
          fv,
          `records differ after the round trip through the broker (${got.length})`,
        );
        expect(
          got[0].batch.compression === c && eqBytes(got[0].batch.bytes.subarray(61), bytes.subarray(61)),
          K.Fetch,
          fv,
          "the stored batch is not the one we produced",
        );
      },
    );
  }
  // Java compressed (topic compression.type differs from the batch's): our decompressors on
  // large multi-block output of Kafka's own codecs.
  for (const [c, topic] of topics.java) {
    await m.check(
      K.Fetch,
      fv,
      `~300 KB batch recompressed by the broker to ${COMPRESSION_NAMES[c]}`,
      async () => {
        const recs = bulkRecords(`java-${c}`);
        await produce(ctx, pv, topic, 0, buildRecords(recs, 2, { compression: c === 1 ? 3 : 1 }));
        const { batches } = await fetchAll(ctx, fv, topic, 0);
        const got = recordsOf(batches);
        expect(
          batches.every((x) => x.compression === c),
          K.Fetch,
          fv,
          `codecs ${batches.map((x) => x.compression)}`,
        );
        expect(
          got.length === recs.length && recs.every((e, i) => sameRecord(got[i], e, true)),
          K.Fetch,
          fv,
          "records differ",
        );
      },
    );
  }

  await m.check(
    K.Produce,
    pv,
    "LogAppendTime topic: the broker's append time replaces the timestamps",
    async () => {
      const before = BigInt(Date.now());
      const r = await produce(
        ctx,
        pv,
        topics.lat,
        0,
        buildRecords([{ key: "a", value: "1" }, { key: "b", value: "2" }], 2),
      );
      expect(r!.logAppendTimeMs >= before - 5000n, K.Produce, pv, `logAppendTimeMs ${r!.logAppendTimeMs}`);
      const { batches } = await fetchAll(ctx, fv, topics.lat, 0);
      const b0 = batches[0];
      expect(b0 instanceof RecordBatch, K.Fetch, fv, "not a v2 batch");
      expect(
        b0.timestampType === 1 && b0.maxTimestamp === r!.logAppendTimeMs,
        K.Fetch,
        fv,
        `batch timestamp type ${b0.timestampType}, max ${b0.maxTimestamp}`,
      );
      const ts = b0.toArray().map((x) => x.timestamp);
      expect(
        ts.every((x) => x === r!.logAppendTimeMs),
        K.Fetch,
        fv,
        `record timestamps ${ts} (append time ${r!.logAppendTimeMs})`,
      );
    },
  );

  await m.check(K.Fetch, fv, "records with timestamps out of order (negative deltas) keep them", async () => {
    const base = Date.now();
    const stamps = [base, base - 86_400_000, base + 1, 0];
    const bytes = encodeRecordBatch({
      records: stamps.map((ts, i) => ({ value: enc.encode(`t${i}`), timestamp: ts })),
    });
    const r = await produce(ctx, pv, topics.ours, 0, bytes);
    const { batches } = await fetchAll(ctx, fv, topics.ours, 0, r!.baseOffset);
    const b = batches.find((x) => x.toArray()[0]?.offset === r!.baseOffset);
    expect(b instanceof RecordBatch, K.Fetch, fv, "batch not found");
    expect(
      b.toArray().map((x) => Number(x.timestamp)).join() === stamps.join() &&
        b.maxTimestamp === BigInt(base + 1),
      K.Fetch,
      fv,
      `timestamps ${b.toArray().map((x) => x.timestamp)}`,
    );
  });

  await m.check(
    K.Fetch,
    fv,
    "a size-limited fetch ends with a partial batch, which the decoder reports",
    async () => {
      const sizes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const bytes = buildRecords([{ key: `cut-${i}`, value: "z".repeat(5000) }], 2);
        sizes.push(bytes.length);
        await produce(ctx, pv, topics.cut, 0, bytes);
      }
      const p0 = await fetchOnce(ctx, fv, topics.cut, 0, 0n, { maxBytes: sizes[0] + 100 });
      const set = decodeRecordSet(p0.records ?? new Uint8Array(0));
      expect(
        set.batches.length === 1 && set.partialBytes === 100,
        K.Fetch,
        fv,
        `${set.batches.length} batch(es), partial ${set.partialBytes} (records ${p0.records?.length})`,
      );
    },
  );
}

/**
 * Wire corners the scenarios do not reach on their own, at the highest versions: null versus
 * empty arrays, unknown tagged fields in the header and at every struct level (the broker must
 * skip them), a tagged field the broker acts on (Fetch clusterId), and an array longer than 127
 * elements (a two-byte compact length).
 */
export async function wireCorners(ctx: Ctx, t: Topics): Promise<void> {
  if (!atMax(ctx)) return;
  const { m } = ctx;
  const mv = MAX(ctx, K.Metadata);
  await m.check(K.Metadata, mv, "topics [] lists no topic, null lists all", async () => {
    const none = await call(ctx, K.Metadata, mv, { topics: [], ...noAutoCreate(mv) });
    expect(none.topics.length === 0, K.Metadata, mv, `${none.topics.length} topics for []`);
    const all = await call(ctx, K.Metadata, mv, { topics: null, ...noAutoCreate(mv) });
    expect(
      all.topics.some((x) => x.name === t.main) && all.topics.some((x) => x.name === t.txn),
      K.Metadata,
      mv,
      "null did not list our topics",
    );
  });
  if (mv >= 9) {
    await m.check(
      K.Metadata,
      mv,
      "unknown tagged fields in the header, the body and a nested struct are skipped",
      async () => {
        const tags = (
          n: number,
        ) => [{ tag: 7000 + n, data: Uint8Array.of(1, 2, 3) }, { tag: 9000 + n, data: new Uint8Array(200) }];
        const body = {
          topics: [{ name: t.main, _unknownTaggedFields: tags(1) }],
          ...noAutoCreate(mv),
          _unknownTaggedFields: tags(2),
        };
        const req = ctx.s.conn.request(K.Metadata, body, { version: mv });
        const frame = encodeRequest(
          K.Metadata,
          mv,
          { correlationId: req.correlationId, clientId: CLIENT_ID, _unknownTaggedFields: tags(3) },
          body,
          { sizePrefix: true },
        );
        const res = await ctx.s.exchange({ ...req, frame });
        const r = res.body as ResponseOf<3>;
        expect(
          r.topics.length === 1 && r.topics[0].name === t.main && r.topics[0].errorCode === 0,
          K.Metadata,
          mv,
          `response ${r.topics.map((x) => x.name)}`,
        );
      },
    );
  }
  const fv = MAX(ctx, K.Fetch);
  if (fv >= 12) {
    // Only the KRaft quorum checks a Fetch's clusterId; a broker takes it and ignores it. That
    // it parsed the tagged field is visible in its request log, which the suite compares.
    await m.check(K.Fetch, fv, "non-default tagged field (clusterId) in the request", async () => {
      const md = await call(ctx, K.Metadata, mv, { topics: [], ...noAutoCreate(mv) });
      const fetch = (clusterId: string) =>
        call(ctx, K.Fetch, fv, {
          clusterId,
          replicaId: -1,
          maxWaitMs: 10,
          minBytes: 1,
          topics: [{
            ...topicRef(ctx, t.main, fv, 13, "topic"),
            partitions: [{ partition: 0, fetchOffset: 0n, partitionMaxBytes: 1024 }],
          }],
        });
      for (const id of [md.clusterId!, "AAAAAAAAAAAAAAAAAAAAAA"]) {
        const r = await fetch(id);
        expect(r.errorCode === 0 && r.responses.length === 1, K.Fetch, fv, `error ${r.errorCode}`);
      }
    });
  }
  const many = `${ctx.prefix}-many`;
  const n = 130;
  await m.check(
    K.CreateTopics,
    MAX(ctx, K.CreateTopics),
    `${n} partitions: arrays past 127 elements`,
    async () => {
      await call(ctx, K.CreateTopics, MAX(ctx, K.CreateTopics), {
        topics: [{ name: many, numPartitions: n, replicationFactor: 1 }],
        timeoutMs: 60000,
      });
      await waitForTopics(ctx, [many]);
      const parts = await eventually(
        `all ${n} partitions in Metadata`,
        async () =>
          (await call(ctx, K.Metadata, mv, { topics: [{ name: many }], ...noAutoCreate(mv) })).topics[0]
            .partitions
            .length,
        (x) => x === n,
        { show: (x) => `${x} partitions` },
      );
      expect(parts === n, K.Metadata, mv, `${parts} partitions`);
      const lv = MAX(ctx, K.ListOffsets);
      const lo = await call(ctx, K.ListOffsets, lv, {
        replicaId: -1,
        topics: [{
          name: many,
          partitions: Array.from({ length: n }, (_, i) => ({ partitionIndex: i, timestamp: -1n })),
        }],
      }, { retry: [E.NOT_LEADER_OR_FOLLOWER, E.LEADER_NOT_AVAILABLE] });
      const offsets = lo.topics[0].partitions;
      expect(
        offsets.length === n && offsets.every((x) => x.offset === 0n),
        K.ListOffsets,
        lv,
        `${offsets.length} partition offsets`,
      );
      await call(
        ctx,
        K.DeleteTopics,
        MAX(ctx, K.DeleteTopics),
        MAX(ctx, K.DeleteTopics) >= 6
          ? { topics: [{ name: many, topicId: ZERO_UUID }], timeoutMs: 30000 }
          : { topicNames: [many], timeoutMs: 30000 },
      );
    },
  );
}

export async function deleteRecords(ctx: Ctx, t: Topics): Promise<void> {
  const { m } = ctx;
  const v = V(ctx, K.DeleteRecords);
  await m.check(
    K.DeleteRecords,
    v,
    "delete before offset 3; earliest moves; older offsets out of range",
    async () => {
      await produce(
        ctx,
        MAX(ctx, K.Produce),
        t.del,
        0,
        buildRecords([0, 1, 2, 3, 4].map((i) => ({ key: null, value: `d${i}` })), 2),
      );
      const r = await call(ctx, K.DeleteRecords, v, {
        topics: [{ name: t.del, partitions: [{ partitionIndex: 0, offset: 3n }] }],
        timeoutMs: 30000,
      });
      expect(
        r.topics[0].partitions[0].lowWatermark === 3n,
        K.DeleteRecords,
        v,
        `low watermark ${r.topics[0].partitions[0].lowWatermark}`,
      );
      const lv = MAX(ctx, K.ListOffsets);
      const l = await call(ctx, K.ListOffsets, lv, {
        replicaId: -1,
        topics: [{ name: t.del, partitions: [{ partitionIndex: 0, timestamp: -2n }] }],
      });
      expect(
        l.topics[0].partitions[0].offset === 3n,
        K.DeleteRecords,
        v,
        `earliest after delete ${l.topics[0].partitions[0].offset}`,
      );
      const fv = MAX(ctx, K.Fetch);
      const old = await fetchOnce(ctx, fv, t.del, 0, 0n, { allow: [E.OFFSET_OUT_OF_RANGE] });
      expect(
        old.errorCode === E.OFFSET_OUT_OF_RANGE,
        K.DeleteRecords,
        v,
        `fetch at 0: error ${old.errorCode}`,
      );
      const rest = recordsOf((await fetchAll(ctx, fv, t.del, 0, 3n)).batches).filter((x) => x.offset >= 3n);
      expect(
        rest.map((x) => x.value).join() === "d3,d4",
        K.DeleteRecords,
        v,
        `remaining ${rest.map((x) => x.value)}`,
      );
    },
  );
}
