// The KafkaJS 2.2.4 judge: a scripted session against one Kafka endpoint, one line per step,
// ending "kafkajs: N passed, N failed" (exit 1 on any failure). The session is the same as the
// other judges' (../README.md). KafkaJS compresses gzip itself and snappy through the
// kafkajs-snappy codec (pure JavaScript); its lz4 and zstd codecs are native addons, not used.
// KafkaJS speaks only the classic group protocol and reads only through consumer groups.
import kafkajs from "kafkajs";
import SnappyCodec from "kafkajs-snappy";
import { check, Check, headerPairs, judgeSession, key, str, value, waiter } from "../_session.mjs";

const { Kafka, CompressionTypes, CompressionCodecs, logLevel } = kafkajs;
CompressionCodecs[CompressionTypes.Snappy] = SnappyCodec;

const judge = judgeSession("kafkajs");
const { args, step } = judge;
const RECORDS = judge.records;
const CODECS = { none: CompressionTypes.None, gzip: CompressionTypes.GZIP, snappy: CompressionTypes.Snappy };
const GROUP_PARTITIONS = 4;
const run = judge.runId;

/** KafkaJS takes and gives headers as an object (repeats as arrays). */
function headerObject(pairs) {
  const o = {};
  for (const [k, v] of pairs) o[k] = k in o ? [].concat(o[k], v) : v;
  return o;
}
const topic = (what) => `sw-js-${run}-${what}`;

// --- clients ---

const logCreator = () => ({ level, log }) => {
  if (level <= logLevel.WARN) console.error(`kafkajs ${log.message} ${log.error ?? ""}`);
};
const kafka = new Kafka({
  clientId: "streamwire-judge-kafkajs",
  brokers: [args.bootstrap],
  logLevel: logLevel.WARN,
  logCreator,
  requestTimeout: 15000,
  retry: { retries: 5, maxRetryTime: 2000 },
});
const saslKafka = (password) =>
  new Kafka({
    clientId: "streamwire-judge-kafkajs",
    brokers: [args["sasl-bootstrap"]],
    sasl: { mechanism: "plain", username: args["sasl-user"], password },
    logLevel: logLevel.NOTHING,
    retry: { retries: 0 },
  });

const groupOpts = (groupId) => ({
  groupId,
  heartbeatInterval: 500,
  sessionTimeout: 10000,
  maxWaitTimeInMs: 200,
});

/** Reads `t` through a fresh group from the beginning until `until(messages)` holds. */
async function readTopic(t, until, what, extra = {}) {
  const c = kafka.consumer({
    ...groupOpts(topic(`reader-${Math.random().toString(36).slice(2)}`)),
    ...extra,
  });
  const got = [];
  const w = waiter(() => `${what} from ${t} (have ${got.length})`, () => until(got));
  try {
    await c.connect();
    await c.subscribe({ topics: [t], fromBeginning: true });
    await c.run({
      autoCommit: false,
      eachMessage: ({ message }) => {
        got.push(message);
        w.poke();
        return Promise.resolve();
      },
    });
    await w.done;
    return got;
  } finally {
    await c.disconnect();
  }
}

function compare(got, codec, baseTs) {
  check(got.length === RECORDS, `expected ${RECORDS} records, got ${got.length}`);
  for (let i = 0; i < RECORDS; i++) {
    const m = got[i];
    const where = `record ${i}: `;
    check(m.offset === String(i), where + `offset ${m.offset}`);
    check(
      str(m.key) === key(i),
      where + `key ${JSON.stringify(str(m.key))}, expected ${JSON.stringify(key(i))}`,
    );
    check(
      str(m.value) === value(i),
      where + `value ${JSON.stringify(str(m.value))}, expected ${JSON.stringify(value(i))}`,
    );
    check(m.timestamp === String(baseTs + i), where + `timestamp ${m.timestamp}, expected ${baseTs + i}`);
    const want = headerObject(headerPairs(i, codec));
    const have = {};
    for (const [k, v] of Object.entries(m.headers ?? {})) have[k] = Array.isArray(v) ? v.map(str) : str(v);
    check(
      JSON.stringify(have) === JSON.stringify(want),
      where + `headers ${JSON.stringify(have)}, expected ${JSON.stringify(want)}`,
    );
  }
  return `${got.length} records equal (offset, key, value, timestamp, headers)`;
}

async function offsetOf(admin, groupId, t) {
  const r = await admin.fetchOffsets({ groupId, topics: [t] });
  return r.find((x) => x.topic === t)?.partitions.find((p) => p.partition === 0)?.offset;
}

async function session() {
  const baseTs = (Math.floor(Date.now() / 1000) - 3600) * 1000;
  const groupTopic = topic("group");
  const txnTopic = topic("txn");
  const every = [...Object.keys(CODECS).map(topic), groupTopic, txnTopic];
  const admin = kafka.admin();

  await step("connect: ApiVersions", async () => {
    await admin.connect();
    return "connected (KafkaJS negotiates each broker's versions on connect)";
  });

  await step("metadata: describe cluster", async () => {
    const d = await admin.describeCluster();
    check(d.brokers.length > 0, "no brokers");
    return `cluster ${d.clusterId}, brokers ${d.brokers.map((b) => b.nodeId)}, controller ${d.controller}`;
  });

  await step("admin: create topics", async () => {
    const created = await admin.createTopics({
      waitForLeaders: true,
      topics: every.map((t) => ({
        topic: t,
        numPartitions: t === groupTopic ? GROUP_PARTITIONS : 1,
        replicationFactor: 1,
      })),
    });
    check(created === true, `createTopics returned ${created}`);
    return `${every.length} topics`;
  });

  await step("admin: topic metadata and list", async () => {
    const { topics } = await admin.fetchTopicMetadata({ topics: every });
    const g = topics.find((t) => t.name === groupTopic);
    check(g?.partitions.length === GROUP_PARTITIONS, `${groupTopic}: ${g?.partitions.length} partitions`);
    const listed = await admin.listTopics();
    check(every.every((t) => listed.includes(t)), `listTopics lacks some of ${every}`);
    return `${topics.length} described, ${listed.length} listed`;
  });

  for (const [codec, compression] of Object.entries(CODECS)) {
    await step(`produce idempotent ${codec}`, async () => {
      const p = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
      await p.connect();
      try {
        const messages = [];
        for (let i = 0; i < RECORDS; i++) {
          messages.push({
            partition: 0,
            key: key(i),
            value: value(i),
            headers: headerObject(headerPairs(i, codec)),
            timestamp: String(baseTs + i),
          });
        }
        const meta = await p.send({ topic: topic(codec), acks: -1, compression, messages });
        check(
          meta.length === 1 && meta[0].errorCode === 0 && meta[0].baseOffset === "0",
          `send returned ${JSON.stringify(meta)}`,
        );
        return `${RECORDS} records in one send, base offset ${meta[0].baseOffset}`;
      } finally {
        await p.disconnect();
      }
    });
    await step(
      `consume ${codec}`,
      async () =>
        compare(
          await readTopic(topic(codec), (g) => g.length >= RECORDS, `${RECORDS} records`),
          codec,
          baseTs,
        ),
    );
  }

  const groupId = topic("offsets-classic");
  await step("group classic: subscribe, consume, commit", async () => {
    const c = kafka.consumer(groupOpts(groupId));
    const got = [];
    const w = waiter(() => `the group's ${RECORDS} records (have ${got.length})`, () => got.length >= RECORDS);
    try {
      await c.connect();
      await c.subscribe({ topics: [topic("none")], fromBeginning: true });
      await c.run({
        autoCommit: false,
        eachMessage: ({ message }) => {
          got.push(message.offset);
          w.poke();
          return Promise.resolve();
        },
      });
      await w.done;
      check(got.every((o, i) => o === String(i)), "offsets out of order");
      await c.commitOffsets([{ topic: topic("none"), partition: 0, offset: String(RECORDS) }]);
      return `${got.length} records, committed ${RECORDS}`;
    } finally {
      await c.disconnect();
    }
  });

  await step("group classic: fetch offsets (admin)", async () => {
    const o = await offsetOf(admin, groupId, topic("none"));
    check(o === String(RECORDS), `offset ${o}`);
    return `offset ${o}`;
  });

  await step("group classic: rebalance two members", () => rebalance(groupTopic));

  const txnGroup = topic("txn-group");
  await step("transaction: abort then commit (offsets in it)", async () => {
    const p = kafka.producer({ transactionalId: topic("txn-id"), idempotent: true, maxInFlightRequests: 1 });
    await p.connect();
    try {
      const batch = (prefix) =>
        Array.from({ length: 100 }, (_, i) => ({ partition: 0, key: `k${i}`, value: `${prefix}${i}` }));
      const t1 = await p.transaction();
      await t1.send({ topic: txnTopic, messages: batch("aborted-") });
      await t1.abort();
      const t2 = await p.transaction();
      await t2.send({ topic: txnTopic, messages: batch("committed-") });
      await t2.sendOffsets({
        consumerGroupId: txnGroup,
        topics: [{ topic: topic("none"), partitions: [{ partition: 0, offset: "500" }] }],
      });
      await t2.commit();
    } finally {
      await p.disconnect();
    }
    // A plain record after the transactions: what a reader sees before it is the answer.
    const plain = kafka.producer();
    await plain.connect();
    await plain.send({ topic: txnTopic, messages: [{ partition: 0, value: "end" }] });
    await plain.disconnect();
    return "100 aborted, 100 committed, 1 plain after";
  });

  const untilEnd = (g) => g.length > 0 && str(g[g.length - 1].value) === "end";
  await step("transaction: read_committed sees committed only", async () => {
    const vals = (await readTopic(txnTopic, untilEnd, "the plain record after the transactions")).map((m) =>
      str(m.value)
    );
    const want = [...Array.from({ length: 100 }, (_, i) => `committed-${i}`), "end"];
    check(JSON.stringify(vals) === JSON.stringify(want), `read ${vals.length}: ${vals.slice(0, 3)}…`);
    return "100 committed records, then the plain one";
  });

  await step("transaction: read_uncommitted sees both", async () => {
    const vals = (await readTopic(txnTopic, untilEnd, "the plain record", { readUncommitted: true })).map((
      m,
    ) => str(m.value));
    check(
      vals.length === 201 && vals[0] === "aborted-0" && vals[100] === "committed-0",
      `read ${vals.length}: ${vals[0]} ${vals[100]}`,
    );
    return "100 aborted, 100 committed, 1 plain";
  });

  await step("transaction: offsets committed in it", async () => {
    const o = await offsetOf(admin, txnGroup, topic("none"));
    check(o === "500", `offset ${o}`);
    return `offset ${o}`;
  });

  const missing = topic("missing");
  await step("error: unknown topic (admin)", async () => {
    try {
      await admin.fetchTopicMetadata({ topics: [missing] });
    } catch (e) {
      check(
        e.name === "KafkaJSProtocolError" && e.type === "UNKNOWN_TOPIC_OR_PARTITION",
        `expected KafkaJSProtocolError UNKNOWN_TOPIC_OR_PARTITION, got ${e.name} ${e.type}: ${e.message}`,
      );
      return `${e.name} ${e.type}`;
    }
    throw new Check("fetchTopicMetadata succeeded");
  });

  await step("error: unknown topic (producer)", async () => {
    const p = kafka.producer({ allowAutoTopicCreation: false, retry: { retries: 1, maxRetryTime: 500 } });
    await p.connect();
    try {
      await p.send({ topic: missing, messages: [{ value: "v" }] });
    } catch (e) {
      // KafkaJS retries the metadata lookup, then gives up with the broker's error as the cause.
      const cause = e.name === "KafkaJSNumberOfRetriesExceeded" ? e.cause : e;
      check(
        cause?.name === "KafkaJSProtocolError" && cause.type === "UNKNOWN_TOPIC_OR_PARTITION",
        `expected UNKNOWN_TOPIC_OR_PARTITION, got ${e.name}: ${e.message} (cause ${cause?.name} ${cause?.type})`,
      );
      return `${e.name} caused by ${cause.name} ${cause.type}`;
    } finally {
      await p.disconnect();
    }
    throw new Check("send succeeded");
  });

  await step("sasl: PLAIN login", async () => {
    const a = saslKafka(args["sasl-password"]).admin();
    await a.connect();
    try {
      const d = await a.describeCluster();
      return `cluster ${d.clusterId} as ${args["sasl-user"]}`;
    } finally {
      await a.disconnect();
    }
  });

  await step("error: wrong SASL password", async () => {
    const a = saslKafka(args["sasl-password"] + "-wrong").admin();
    try {
      await a.connect();
    } catch (e) {
      check(
        e.name === "KafkaJSSASLAuthenticationError",
        `expected KafkaJSSASLAuthenticationError, got ${e.name}: ${e.message}`,
      );
      return `${e.name}: ${e.message}`;
    } finally {
      await a.disconnect();
    }
    throw new Check("login with a wrong password succeeded");
  });

  await step("admin: delete topics", async () => {
    await admin.deleteTopics({ topics: every, timeout: 30000 });
    const left = (await admin.listTopics()).filter((t) => every.includes(t));
    check(left.length === 0, `still listed: ${left}`);
    return `${every.length} topics deleted`;
  });
  await admin.disconnect();
}

/** a joins alone and gets every partition; b joins and the two split them; b leaves and a has them all again. */
async function rebalance(t) {
  const groupId = topic("rebalance-classic");
  const owned = { a: [], b: [] };
  const members = {};
  let w;
  const show = () => `a ${JSON.stringify(owned.a)}, b ${JSON.stringify(owned.b)}`;
  for (const name of ["a", "b"]) {
    const c = kafka.consumer(groupOpts(groupId));
    c.on(c.events.GROUP_JOIN, (e) => {
      owned[name] = [...(e.payload.memberAssignment[t] ?? [])].sort();
      w?.poke();
    });
    members[name] = c;
  }
  const start = async (name) => {
    await members[name].connect();
    await members[name].subscribe({ topics: [t] });
    await members[name].run({ eachMessage: async () => {} });
  };
  const until = async (what, cond) => {
    w = waiter(() => `${what} (${show()})`, cond);
    w.poke();
    await w.done;
  };
  try {
    await start("a");
    await until("member a to own every partition", () => owned.a.length === GROUP_PARTITIONS);
    await start("b");
    await until(
      "a and b to split the partitions",
      () =>
        owned.a.length > 0 && owned.b.length > 0 && owned.a.length + owned.b.length === GROUP_PARTITIONS &&
        !owned.a.some((p) => owned.b.includes(p)),
    );
    const split = `${owned.a.length}+${owned.b.length}`;
    await members.b.disconnect();
    owned.b = [];
    await until("member a to own every partition after b left", () => owned.a.length === GROUP_PARTITIONS);
    return `a alone ${GROUP_PARTITIONS}, a+b ${split}, a after b left ${owned.a.length}`;
  } finally {
    await Promise.all(Object.values(members).map((m) => m.disconnect()));
  }
}

await judge.run(
  `kafkajs 2.2.4 against ${args.bootstrap} (SASL ${args["sasl-bootstrap"]}), run ${run}, codecs ${Object.keys(CODECS)}`,
  session,
);
