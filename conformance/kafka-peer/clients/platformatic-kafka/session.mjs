// The @platformatic/kafka 2.12.1 judge: a scripted session against one Kafka endpoint, one line
// per step, ending "platformatic-kafka: N passed, N failed" (exit 1 on any failure). The session
// is the same as the other judges' (../README.md). The library needs Node >= 22.22 (it uses
// Promise.withResolvers and node:zlib's zstd); run.sh runs it on Deno when the machine's Node is
// older.
import { Admin, Consumer, Producer } from "@platformatic/kafka";
import { check, Check, eventually, headerPairs, judgeSession, key, str, value, waiter } from "../_session.mjs";

const judge = judgeSession("platformatic-kafka", describeError);
const { args, step } = judge;
const RECORDS = judge.records;
const run = judge.runId;
const CODECS = ["none", "gzip", "snappy", "lz4", "zstd"];
const GROUP_PARTITIONS = 4;
/** The offset the transaction commits for the group: half-way through the 'none' topic. */
const HALF = Math.ceil(RECORDS / 2);
const CLIENT = {
  clientId: "streamwire-judge-platformatic-kafka",
  timeout: 15000,
  retries: 5,
  retryDelay: 200,
};

function describeError(e) {
  const parts = [`${e?.constructor?.name} ${e?.code ?? ""}: ${e?.message}`];
  for (const inner of e?.errors ?? []) parts.push(describeError(inner));
  if (e?.cause) parts.push(`cause ${describeError(e.cause)}`);
  return parts.join("; ");
}

/** The first error in e's tree (`errors` of an aggregate, `cause`) that `pred` accepts. */
function findError(e, pred) {
  if (!e || typeof e !== "object") return undefined;
  if (pred(e)) return e;
  for (const inner of [...(e.errors ?? []), e.cause]) {
    const found = findError(inner, pred);
    if (found) return found;
  }
  return undefined;
}

// --- the records every judge produces (../README.md) ---

const buf = (s) => (s === null ? undefined : Buffer.from(s));
const topic = (what) => `sw-plt-${run}-${what}`;

// --- clients ---

const admin = new Admin({ ...CLIENT, bootstrapBrokers: [args.bootstrap] });
const sasl = (password) => ({
  ...CLIENT,
  retries: 0,
  bootstrapBrokers: [args["sasl-bootstrap"]],
  sasl: { mechanism: "PLAIN", username: args["sasl-user"], password },
});
const classic = { groupProtocol: "classic", heartbeatInterval: 500, sessionTimeout: 10000 };
const groupOpts = (protocol) => (protocol === "consumer" ? { groupProtocol: "consumer" } : classic);

/** Reads `t` through a fresh group from the earliest offset until `until(messages)` holds. */
async function readTopic(t, until, what, extra = {}) {
  const c = new Consumer({
    ...CLIENT,
    ...classic,
    bootstrapBrokers: [args.bootstrap],
    groupId: topic(`reader-${Math.random().toString(36).slice(2)}`),
    maxWaitTime: 200,
  });
  const got = [];
  const w = waiter(() => `${what} from ${t} (have ${got.length})`, () => until(got));
  try {
    const stream = await c.consume({ topics: [t], mode: "earliest", autocommit: false, ...extra });
    stream.on("data", (m) => {
      got.push(m);
      w.poke();
    });
    stream.on("error", w.fail);
    await w.done;
    await stream.close();
    return got;
  } finally {
    await c.close(true);
  }
}

function compare(got, codec, baseTs) {
  check(got.length === RECORDS, `expected ${RECORDS} records, got ${got.length}`);
  for (let i = 0; i < RECORDS; i++) {
    const m = got[i];
    const where = `record ${i}: `;
    check(m.offset === BigInt(i), where + `offset ${m.offset}`);
    check(
      str(m.key) === key(i),
      where + `key ${JSON.stringify(str(m.key))}, expected ${JSON.stringify(key(i))}`,
    );
    check(
      str(m.value) === value(i),
      where + `value ${JSON.stringify(str(m.value))}, expected ${JSON.stringify(value(i))}`,
    );
    check(m.timestamp === BigInt(baseTs + i), where + `timestamp ${m.timestamp}, expected ${baseTs + i}`);
    const have = JSON.stringify(m.headerEntries.map(([k, v]) => [str(k), str(v)]));
    const want = JSON.stringify(headerPairs(i, codec));
    check(have === want, where + `headers ${have}, expected ${want}`);
  }
  return `${got.length} records equal (offset, key, value, timestamp, headers)`;
}

async function groupOffset(groupId, t) {
  const groups = await admin.listConsumerGroupOffsets({ groups: [groupId] });
  const g = groups.find((x) => x.groupId === groupId);
  return g?.topics.find((x) => x.name === t)?.partitions.find((p) => p.partitionIndex === 0)?.committedOffset;
}

async function session() {
  const baseTs = (Math.floor(Date.now() / 1000) - 3600) * 1000;
  const groupTopic = topic("group");
  const txnTopic = topic("txn");
  const every = [...CODECS.map(topic), groupTopic, txnTopic];

  await step("connect + metadata", async () => {
    const m = await admin.metadata({ topics: [] });
    check(m.brokers.size > 0, "no brokers");
    return `cluster ${m.id}, brokers ${[...m.brokers.keys()]}, controller ${m.controllerId}`;
  });

  await step("admin: create topics", async () => {
    for (const t of every) {
      await admin.createTopics({
        topics: [t],
        partitions: t === groupTopic ? GROUP_PARTITIONS : 1,
        replicas: 1,
      });
    }
    // The reply comes before the broker's metadata has the topics (KRaft propagates them).
    let last = "";
    await eventually(() => `the new topics with a leader in metadata (${last})`, async () => {
      try {
        const m = await admin.metadata({ topics: every, forceUpdate: true });
        return every.every((t) => m.topics.get(t)?.partitions.every((p) => p.leader >= 0));
      } catch (e) {
        last = describeError(e);
        return false;
      }
    });
    return `${every.length} topics`;
  });

  await step("admin: topic metadata and list", async () => {
    const m = await admin.metadata({ topics: every });
    const n = m.topics.get(groupTopic)?.partitionsCount;
    check(n === GROUP_PARTITIONS, `${groupTopic}: ${n} partitions`);
    const listed = await admin.listTopics();
    check(every.every((t) => listed.includes(t)), `listTopics lacks some of ${every}`);
    return `${m.topics.size} described, ${listed.length} listed`;
  });

  for (const codec of CODECS) {
    await step(`produce idempotent ${codec}`, async () => {
      const p = new Producer({ ...CLIENT, bootstrapBrokers: [args.bootstrap], idempotent: true, acks: -1 });
      try {
        const messages = [];
        for (let i = 0; i < RECORDS; i++) {
          // A Map keyed by Buffer objects keeps repeated header names.
          const headers = new Map(headerPairs(i, codec).map(([k, v]) => [Buffer.from(k), Buffer.from(v)]));
          messages.push({
            topic: topic(codec),
            partition: 0,
            key: buf(key(i)),
            value: buf(value(i)),
            headers,
            timestamp: BigInt(baseTs + i),
          });
        }
        const r = await p.send({ messages, compression: codec });
        const first = r.offsets?.find((o) => o.topic === topic(codec));
        check(
          first?.offset === 0n,
          `send returned ${JSON.stringify(r, (_k, v) => (typeof v === "bigint" ? String(v) : v))}`,
        );
        return `${RECORDS} records in one send, base offset ${first.offset}, producer id ${p.producerId}`;
      } finally {
        await p.close();
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

  for (const protocol of ["classic", "consumer"]) {
    const groupId = topic(`offsets-${protocol}`);
    await step(`group ${protocol}: subscribe, consume, commit`, async () => {
      const c = new Consumer({
        ...CLIENT,
        ...groupOpts(protocol),
        bootstrapBrokers: [args.bootstrap],
        groupId,
        maxWaitTime: 200,
      });
      const got = [];
      const w = waiter(
        () => `the group's ${RECORDS} records (have ${got.length})`,
        () => got.length >= RECORDS,
      );
      try {
        const stream = await c.consume({
          topics: [topic("none")],
          mode: "committed",
          fallbackMode: "earliest",
          autocommit: false,
        });
        stream.on("data", (m) => {
          got.push(m);
          w.poke();
        });
        stream.on("error", w.fail);
        await w.done;
        check(got.every((m, i) => m.offset === BigInt(i)), "offsets out of order");
        const last = got[RECORDS - 1];
        await c.commit({
          offsets: [{
            topic: topic("none"),
            partition: 0,
            offset: BigInt(RECORDS),
            leaderEpoch: last.leaderEpoch,
          }],
        });
        const back = await c.listCommittedOffsets({ topics: [{ topic: topic("none"), partitions: [0] }] });
        const o = back.get(topic("none"))?.[0];
        check(o === BigInt(RECORDS), `listCommittedOffsets gave ${o}`);
        await stream.close();
        return `${got.length} records, committed ${o}`;
      } finally {
        await c.close(true);
      }
    });
    await step(`group ${protocol}: fetch offsets (admin)`, async () => {
      const o = await groupOffset(groupId, topic("none"));
      check(o === BigInt(RECORDS), `offset ${o}`);
      return `offset ${o}`;
    });
  }

  for (const protocol of ["classic", "consumer"]) {
    await step(`group ${protocol}: rebalance two members`, () => rebalance(groupTopic, protocol));
  }

  const txnGroup = topic("txn-group");
  await step("transaction: abort then commit (offsets in it)", async () => {
    const p = new Producer({
      ...CLIENT,
      bootstrapBrokers: [args.bootstrap],
      transactionalId: topic("txn-id"),
      idempotent: true,
      acks: -1,
    });
    const c = new Consumer({
      ...CLIENT,
      ...classic,
      bootstrapBrokers: [args.bootstrap],
      groupId: txnGroup,
      maxWaitTime: 200,
    });
    try {
      const batch = (prefix) =>
        Array.from(
          { length: 100 },
          (_, i) => ({
            topic: txnTopic,
            partition: 0,
            key: Buffer.from(`k${i}`),
            value: Buffer.from(`${prefix}${i}`),
          }),
        );
      const t1 = await p.beginTransaction();
      await t1.send({ messages: batch("aborted-") });
      await t1.abort();
      // The offset committed in the transaction is the one after the consumed record at HALF - 1.
      let atHalf;
      const w = waiter(() => `record ${HALF - 1} of the transaction's group`, () => atHalf !== undefined);
      const stream = await c.consume({ topics: [topic("none")], mode: "earliest", autocommit: false });
      stream.on("data", (m) => {
        if (m.offset === BigInt(HALF - 1)) atHalf = m;
        w.poke();
      });
      stream.on("error", w.fail);
      await w.done;
      const t2 = await p.beginTransaction();
      await t2.send({ messages: batch("committed-") });
      await t2.addConsumer(c);
      await t2.addOffset(atHalf);
      await t2.commit();
      await stream.close();
      const plain = new Producer({ ...CLIENT, bootstrapBrokers: [args.bootstrap] });
      // A plain record after the transactions: what a reader sees before it is the answer.
      await plain.send({ messages: [{ topic: txnTopic, partition: 0, value: Buffer.from("end") }] });
      await plain.close();
    } finally {
      await c.close(true);
      await p.close();
    }
    return "100 aborted, 100 committed, 1 plain after";
  });

  const untilEnd = (g) => g.length > 0 && str(g[g.length - 1].value) === "end";
  await step("transaction: read_committed sees committed only", async () => {
    const vals =
      (await readTopic(txnTopic, untilEnd, "the plain record after the transactions", { isolationLevel: 1 }))
        .map((m) => str(m.value));
    const want = [...Array.from({ length: 100 }, (_, i) => `committed-${i}`), "end"];
    check(JSON.stringify(vals) === JSON.stringify(want), `read ${vals.length}: ${vals.slice(0, 3)}…`);
    return "100 committed records, then the plain one";
  });

  await step("transaction: read_uncommitted sees both", async () => {
    const vals = (await readTopic(txnTopic, untilEnd, "the plain record", { isolationLevel: 0 })).map((m) =>
      str(m.value)
    );
    check(
      vals.length === 201 && vals[0] === "aborted-0" && vals[100] === "committed-0",
      `read ${vals.length}: ${vals[0]} ${vals[100]}`,
    );
    return "100 aborted, 100 committed, 1 plain";
  });

  await step("transaction: offsets committed in it", async () => {
    const o = await groupOffset(txnGroup, topic("none"));
    check(o === BigInt(HALF), `offset ${o}, expected ${HALF}`);
    return `offset ${o}`;
  });

  const missing = topic("missing");
  // The library turns the broker's UNKNOWN_TOPIC_OR_PARTITION (code 3) at topic index i of the
  // Metadata response into a UserError naming topic i of the request.
  const expectUnknownTopic = (e) => {
    check(
      e?.code === "PLT_KFK_USER" && e.message === `Unknown topic ${missing}.`,
      `expected UserError "Unknown topic ${missing}.", got ${describeError(e)}`,
    );
    return `${e.constructor.name} ${e.code}: ${e.message}`;
  };
  await step("error: unknown topic (metadata)", async () => {
    try {
      await admin.metadata({ topics: [missing], autocreateTopics: false });
    } catch (e) {
      return expectUnknownTopic(e);
    }
    throw new Check("metadata succeeded");
  });

  await step("error: unknown topic (producer)", async () => {
    const p = new Producer({
      ...CLIENT,
      retries: 1,
      bootstrapBrokers: [args.bootstrap],
      autocreateTopics: false,
    });
    try {
      await p.send({ messages: [{ topic: missing, value: Buffer.from("v") }] });
    } catch (e) {
      return expectUnknownTopic(e);
    } finally {
      await p.close();
    }
    throw new Check("send succeeded");
  });

  await step("sasl: PLAIN login", async () => {
    const a = new Admin(sasl(args["sasl-password"]));
    try {
      const m = await a.metadata({ topics: [] });
      return `cluster ${m.id} as ${args["sasl-user"]}`;
    } finally {
      await a.close();
    }
  });

  await step("error: wrong SASL password", async () => {
    const a = new Admin(sasl(args["sasl-password"] + "-wrong"));
    try {
      await a.metadata({ topics: [] });
    } catch (e) {
      // MultipleErrors > NetworkError, caused by AuthenticationError, caused by the broker's answer.
      const auth = findError(e, (x) => x.code === "PLT_KFK_AUTHENTICATION");
      const broker = auth && findError(auth.cause, (x) => x.apiId === "SASL_AUTHENTICATION_FAILED");
      check(
        broker,
        `expected AuthenticationError caused by SASL_AUTHENTICATION_FAILED, got ${describeError(e)}`,
      );
      return `${auth.constructor.name} ${auth.code} caused by ${broker.apiId}`;
    } finally {
      await a.close();
    }
    throw new Check("login with a wrong password succeeded");
  });

  await step("admin: delete topics", async () => {
    await admin.deleteTopics({ topics: every });
    const left = (await admin.listTopics()).filter((t) => every.includes(t));
    check(left.length === 0, `still listed: ${left}`);
    return `${every.length} topics deleted`;
  });
  await admin.close();
}

/** a joins alone and gets every partition; b joins and the two split them; b leaves and a has them all again. */
async function rebalance(t, protocol) {
  const groupId = topic(`rebalance-${protocol}`);
  const members = {};
  const streams = {};
  const owned = (name) =>
    (members[name]?.assignments ?? []).filter((x) => x.topic === t).flatMap((x) => x.partitions).sort();
  const show = () => `a ${JSON.stringify(owned("a"))}, b ${JSON.stringify(owned("b"))}`;
  let w;
  const until = async (what, cond) => {
    w = waiter(() => `${what} (${show()})`, cond);
    w.poke();
    await w.done;
  };
  const start = async (name) => {
    const c = new Consumer({
      ...CLIENT,
      ...groupOpts(protocol),
      bootstrapBrokers: [args.bootstrap],
      groupId,
      maxWaitTime: 200,
    });
    c.on("consumer:group:join", () => w?.poke());
    c.on("consumer:group:rebalance", () => w?.poke());
    members[name] = c;
    streams[name] = await c.consume({ topics: [t], mode: "earliest", autocommit: false });
    streams[name].on("data", () => {});
    streams[name].on("error", (e) => w?.fail(e));
  };
  try {
    await start("a");
    await until("member a to own every partition", () => owned("a").length === GROUP_PARTITIONS);
    await start("b");
    await until("a and b to split the partitions", () => {
      const [a, b] = [owned("a"), owned("b")];
      return a.length > 0 && b.length > 0 && a.length + b.length === GROUP_PARTITIONS &&
        !a.some((p) => b.includes(p));
    });
    const split = `${owned("a").length}+${owned("b").length}`;
    await streams.b.close();
    await members.b.close();
    delete members.b;
    await until("member a to own every partition after b left", () => owned("a").length === GROUP_PARTITIONS);
    return `a alone ${GROUP_PARTITIONS}, a+b ${split}, a after b left ${owned("a").length}`;
  } finally {
    for (const name of Object.keys(members)) await members[name].close(true);
  }
}

await judge.run(`@platformatic/kafka 2.12.1 against ${args.bootstrap} (SASL ${args["sasl-bootstrap"]}), run ${run}`, session);
