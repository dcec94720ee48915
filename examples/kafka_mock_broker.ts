/** A Kafka mock broker for an application's tests, in memory, on Deno, Bun and Node.js: the application
 * talks to it through the KafkaClientChannel it uses against a real broker; the test reads what it produced.
 * The broker is KafkaServerConnection (versions, order of answers, framing) and a handler per API. */
import assert from "node:assert/strict";
import { duplexPair } from "@streamwire/codec/streams";
import { KafkaClientChannel, KafkaServerChannel } from "@streamwire/codec/streams/kafka";
import { Acks, ApiKey, errorName, KAFKA_ERROR } from "@streamwire/codec/kafka";
import { decodeRecordSet, encodeRecordBatch } from "@streamwire/codec/kafka/records";

const enc = new TextEncoder(), dec = new TextDecoder();

// The application code under test: publishes an order event, returns its offset.
async function publishOrder(kafka: KafkaClientChannel, id: string, total: number): Promise<bigint> {
  const { body } = await kafka.request(ApiKey.Metadata, { topics: [{ name: "orders" }] });
  const value = enc.encode(JSON.stringify({ id, total }));
  const records = encodeRecordBatch({ records: [{ key: enc.encode(id), value }] });
  const partitionData = [{ index: 0, records }];
  const topicData = [{ name: "orders", topicId: body.topics[0].topicId, partitionData }];
  const produced = await kafka.request(ApiKey.Produce, { acks: Acks.All, timeoutMs: 5000, topicData });
  const answer = produced.body.responses[0].partitionResponses[0];
  if (answer.errorCode !== 0) throw new Error(`publishOrder: ${errorName(answer.errorCode)}`);
  return answer.baseOffset;
}

// The mock: one topic, one partition, a log in memory; `fail` makes the next Produce answer an error.
function mockBroker() {
  const topicId = "5a3c1f1e-7d2b-4c8e-9f00-000000000001";
  const log: { key: string; value: unknown }[] = [];
  const state = { fail: 0 };
  function connect() {
    const [client, server] = duplexPair();
    const broker = new KafkaServerChannel(server);
    void broker.serve((req) => {
      if (req.apiKey === ApiKey.ApiVersions) return broker.connection.apiVersionsResponse();
      if (req.apiKey === ApiKey.Metadata) {
        const partitions = [{ partitionIndex: 0, leaderId: 1, replicaNodes: [1], isrNodes: [1] }];
        return {
          brokers: [{ nodeId: 1, host: "mock", port: 9092 }],
          topics: [{ name: "orders", topicId, partitions }],
        };
      }
      if (req.apiKey === ApiKey.Produce) {
        const sent = req.body.topicData[0].partitionData[0];
        const errorCode = state.fail;
        const baseOffset = BigInt(log.length);
        if (errorCode === 0) {
          for (const batch of decodeRecordSet(sent.records!).batches) {
            const c = batch.records();
            while (c.next()) log.push({ key: dec.decode(c.key!), value: JSON.parse(dec.decode(c.value!)) });
          }
        }
        state.fail = 0;
        return {
          responses: [{ name: "orders", topicId, partitionResponses: [{ index: 0, errorCode, baseOffset }] }],
        };
      }
      throw new Error(`the mock does not serve API key ${req.apiKey}`);
    });
    return client;
  }
  return { log, state, connect };
}

// The tests.
const broker = mockBroker();
const kafka = new KafkaClientChannel(broker.connect(), { clientId: "orders-service", timeoutMs: 5000 });
await kafka.negotiate();
assert.equal(await publishOrder(kafka, "o-1", 42), 0n);
assert.equal(await publishOrder(kafka, "o-2", 7), 1n);
assert.deepEqual(broker.log, [{ key: "o-1", value: { id: "o-1", total: 42 } }, {
  key: "o-2",
  value: { id: "o-2", total: 7 },
}]);

broker.state.fail = KAFKA_ERROR.NOT_LEADER_OR_FOLLOWER; // a broker moving a partition
await assert.rejects(publishOrder(kafka, "o-3", 1), /NOT_LEADER_OR_FOLLOWER/);
assert.equal(broker.log.length, 2);
await kafka.close();
console.log(`mock broker: ${broker.log.length} orders published, the failure path seen`);
