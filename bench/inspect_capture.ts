/**
 * Writes a large, realistic Kafka capture for the inspector benchmarks, streaming to disk so
 * the size is not bounded by memory: several client connections to port 9092, each a loop of
 * Produce v9 (a record batch of 100 records, 100-byte values), its response, Fetch v13 whose
 * response carries the same batch, and a Metadata v12 round trip. Deterministic for a size.
 *
 *   deno run -A bench/inspect_capture.ts --mb 64 --out /tmp/kafka-64.pcap
 *
 * @module
 */

import { closeSync, openSync, writeSync } from "node:fs";
import { PcapWriter } from "../src/cli/pcap_writer.ts";
import { encodeRequest, encodeResponse } from "../src/kafka/api.ts";
import { encodeRecordBatch } from "../src/kafka/records/mod.ts";
import { parseFlags } from "./_inspect_args.ts";

const flags = parseFlags(
  { mb: "64", out: "/tmp/streamwire-kafka.pcap", connections: "4" },
  "deno run -A bench/inspect_capture.ts [--mb N] [--out FILE] [--connections N]",
);
const target = Number(flags.mb) * 1024 * 1024;
const nconn = Number(flags.connections);

const value = new Uint8Array(100).map((_, i) => 97 + (i % 26));
const batch = encodeRecordBatch({
  baseOffset: 0n,
  records: Array.from({ length: 100 }, (_, i) => ({
    key: new TextEncoder().encode(`key-${i}`),
    value,
    headers: [{ key: "trace", value: new Uint8Array([1, 2, 3, 4]) }],
  })),
});

const w = new PcapWriter();
const fd = openSync(flags.out, "w");
let written = 0;
const flush = () => {
  const b = w.drain();
  writeSync(fd, b);
  written += b.length;
};
let ts = 1_764_590_400_000_000;
const conns = Array.from(
  { length: nconn },
  (_, i) => w.connection("10.0.0.1", 40000 + i, "10.0.0.2", 9092, ts, { mss: 65000 }),
);
let corr = 0;
while (written < target) {
  for (const c of conns) {
    const id = ++corr;
    c.send(
      "client",
      encodeRequest(0, 9, { correlationId: id, clientId: "bench" }, {
        transactionalId: null,
        acks: -1,
        timeoutMs: 30000,
        topicData: [{ name: "orders", partitionData: [{ index: 0, records: batch }] }],
      }, { sizePrefix: true }),
      ts += 37,
    );
    c.send(
      "server",
      encodeResponse(0, 9, { correlationId: id }, {
        responses: [{
          name: "orders",
          partitionResponses: [{ index: 0, errorCode: 0, baseOffset: BigInt(id * 100) }],
        }],
        throttleTimeMs: 0,
      }, { sizePrefix: true }),
      ts += 410,
    );
    const f = ++corr;
    c.send(
      "client",
      encodeRequest(1, 13, { correlationId: f, clientId: "bench" }, {
        replicaId: -1,
        maxWaitMs: 500,
        minBytes: 1,
        maxBytes: 1 << 20,
        isolationLevel: 0,
        sessionId: 0,
        sessionEpoch: -1,
        topics: [{
          topicId: "5f7b0d7e-6f0a-4f7e-9d0b-1b2c3d4e5f60",
          partitions: [{ partition: 0, fetchOffset: 0n, partitionMaxBytes: 1 << 20 }],
        }],
        forgottenTopicsData: [],
        rackId: "",
      }, { sizePrefix: true }),
      ts += 29,
    );
    c.send(
      "server",
      encodeResponse(1, 13, { correlationId: f }, {
        throttleTimeMs: 0,
        errorCode: 0,
        sessionId: 0,
        responses: [{
          topicId: "5f7b0d7e-6f0a-4f7e-9d0b-1b2c3d4e5f60",
          partitions: [{ partitionIndex: 0, errorCode: 0, highWatermark: 100n, records: batch }],
        }],
      }, { sizePrefix: true }),
      ts += 830,
    );
    const m = ++corr;
    c.send(
      "client",
      encodeRequest(3, 12, { correlationId: m, clientId: "bench" }, {
        topics: [{ name: "orders" }],
        allowAutoTopicCreation: false,
      }, { sizePrefix: true }),
      ts += 17,
    );
    c.send(
      "server",
      encodeResponse(3, 12, { correlationId: m }, {
        brokers: [{ nodeId: 1, host: "broker-1", port: 9092 }],
        topics: [{
          errorCode: 0,
          name: "orders",
          partitions: [{ partitionIndex: 0, leaderId: 1, replicaNodes: [1], isrNodes: [1] }],
        }],
      }, { sizePrefix: true }),
      ts += 95,
    );
  }
  flush();
}
for (const c of conns) c.close("client", ts += 10);
flush();
closeSync(fd);
console.log(`${flags.out}: ${written} bytes, ${corr * 2} messages`);
