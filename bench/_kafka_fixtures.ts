/**
 * The Kafka message fixtures of `kafka_messages.bench.ts` and `kafka_encode_ab.ts`: a Metadata
 * v12 response of 100 topics x 10 partitions, and Produce v11 request / Fetch v16 response
 * envelopes around 100 partitions' record bytes.
 *
 * @module
 */

const topics = Array.from({ length: 100 }, (_, t) => ({
  errorCode: 0,
  name: `topic-${t}`,
  topicId: `00000000-0000-4000-8000-${t.toString(16).padStart(12, "0")}`,
  isInternal: false,
  partitions: Array.from({ length: 10 }, (_, p) => ({
    errorCode: 0,
    partitionIndex: p,
    leaderId: p % 3,
    leaderEpoch: 7,
    replicaNodes: [0, 1, 2],
    isrNodes: [0, 1, 2],
    offlineReplicas: [],
  })),
  topicAuthorizedOperations: -2147483648,
}));
/** Metadata v12 response: 3 brokers, 100 topics x 10 partitions. */
export const metadata = {
  throttleTimeMs: 0,
  brokers: [0, 1, 2].map((i) => ({ nodeId: i, host: `broker-${i}.local`, port: 9092, rack: null })),
  clusterId: "cluster",
  controllerId: 0,
  topics,
};
const records = new Uint8Array(1024).fill(0x61);
/** Produce v11 request: 10 topics x 10 partitions of 1 KiB. */
export const produce = {
  transactionalId: null,
  acks: -1,
  timeoutMs: 30000,
  topicData: Array.from({ length: 10 }, (_, t) => ({
    name: `topic-${t}`,
    partitionData: Array.from({ length: 10 }, (_, p) => ({ index: p, records })),
  })),
};
/** Fetch v16 response: 10 topics x 10 partitions of 1 KiB. */
export const fetch = {
  throttleTimeMs: 0,
  errorCode: 0,
  sessionId: 0,
  responses: Array.from({ length: 10 }, (_, t) => ({
    topicId: `00000000-0000-4000-8000-${t.toString(16).padStart(12, "0")}`,
    partitions: Array.from({ length: 10 }, (_, p) => ({
      partitionIndex: p,
      errorCode: 0,
      highWatermark: 1000n,
      lastStableOffset: 1000n,
      logStartOffset: 0n,
      abortedTransactions: [],
      preferredReadReplica: -1,
      records,
    })),
  })),
};
