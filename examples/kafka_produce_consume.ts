/** Kafka end to end on Deno, Bun and Node.js, against any Kafka 4.x broker (examples/README.md):
 * create a topic, produce three records, consume them in a consumer group (KIP-848), commit, leave. */
import { KafkaClientChannel } from "@streamwire/codec/streams/kafka";
import { Acks, ApiKey, errorName, KAFKA_ERROR } from "@streamwire/codec/kafka";
import { decodeRecordSet, encodeRecordBatch } from "@streamwire/codec/kafka/records";
import { address, connect } from "./connect.ts";

const { host, port } = address("127.0.0.1:9092");
const kafka = new KafkaClientChannel(await connect(host, port), { clientId: "example", timeoutMs: 15_000 });
await kafka.negotiate(); // each request below goes at the highest version both sides know
const ok = (code: number, what: string) => {
  if (code !== 0) throw new Error(`${what}: ${errorName(code)}`);
};
// A new broker's group coordinator, and a new topic's leader, take a moment: retry those answers (bounded).
const { COORDINATOR_LOAD_IN_PROGRESS, COORDINATOR_NOT_AVAILABLE, NOT_LEADER_OR_FOLLOWER } = KAFKA_ERROR;
const starting: number[] = [COORDINATOR_LOAD_IN_PROGRESS, COORDINATOR_NOT_AVAILABLE, NOT_LEADER_OR_FOLLOWER];
starting.push(KAFKA_ERROR.LEADER_NOT_AVAILABLE, KAFKA_ERROR.UNKNOWN_TOPIC_OR_PARTITION);
async function retried<T>(send: () => Promise<T>, error: (t: T) => number, done = (_: T) => true) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await send();
    const code = error(answer);
    if (!starting.includes(code)) {
      ok(code, "request");
      if (done(answer)) return answer;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("gave up after 100 attempts");
}

const topic = `example-${Date.now()}`;
const topics = [{ name: topic, numPartitions: 1, replicationFactor: 1 }];
const created = await kafka.request(ApiKey.CreateTopics, { topics, timeoutMs: 10_000 });
ok(created.body.topics[0].errorCode, "CreateTopics");
const topicId = created.body.topics[0].topicId;

// Produce v13+ names the topic by id, older versions by name: both are given.
const sent = ["one", "two", "three"].map((v) => ({ value: new TextEncoder().encode(v) }));
const records = encodeRecordBatch({ records: sent });
const topicData = [{ name: topic, topicId, partitionData: [{ index: 0, records }] }];
const produce = () => kafka.request(ApiKey.Produce, { acks: Acks.All, timeoutMs: 10_000, topicData });
await retried(produce, (r) => r.body.responses[0].partitionResponses[0].errorCode); // not written: resent

// Find the group's coordinator (one broker: this one), then join (epoch 0) until it assigns the partition.
const groupId = `${topic}-group`, memberId = crypto.randomUUID();
const find = () => kafka.request(ApiKey.FindCoordinator, { keyType: 0, coordinatorKeys: [groupId] });
await retried(find, (r) => r.body.coordinators[0].errorCode);
const member = { groupId, memberId, rebalanceTimeoutMs: 30_000, subscribedTopicNames: [topic] };
const join = () =>
  kafka.request(ApiKey.ConsumerGroupHeartbeat, { ...member, memberEpoch: 0, topicPartitions: [] });
const assigned = (r: Awaited<ReturnType<typeof join>>) =>
  r.body.assignment?.topicPartitions[0]?.topicId === topicId;
const epoch = (await retried(join, (r) => r.body.errorCode, assigned)).body.memberEpoch;

const partitions = [{ partition: 0, fetchOffset: 0n, partitionMaxBytes: 1 << 20 }];
const fetch = { maxWaitMs: 1000, minBytes: 1, maxBytes: 1 << 20, topics: [{ topic, topicId, partitions }] };
const fetched = await kafka.request(ApiKey.Fetch, fetch);
const partition = fetched.body.responses[0].partitions[0];
ok(partition.errorCode, "Fetch");
const values: string[] = [];
for (const batch of decodeRecordSet(partition.records!).batches) {
  const c = batch.records();
  while (c.next()) values.push(new TextDecoder().decode(c.value!));
}

const offsets = {
  name: topic,
  topicId,
  partitions: [{ partitionIndex: 0, committedOffset: BigInt(values.length) }],
};
const commit = { groupId, memberId, generationIdOrMemberEpoch: epoch, topics: [offsets] };
const committed = await kafka.request(ApiKey.OffsetCommit, commit);
ok(committed.body.topics[0].partitions[0].errorCode, "OffsetCommit");
await kafka.request(ApiKey.ConsumerGroupHeartbeat, { groupId, memberId, memberEpoch: -1 }); // leave the group
await kafka.close();
if (values.join() !== "one,two,three") throw new Error(`consumed ${values}`);
console.log(`produced and consumed ${values.length} records on ${topic} (group member epoch ${epoch})`);
