/**
 * Kafka message envelopes: a Metadata v12 response of 100 topics x 10 partitions (decode and
 * encode), beside @platformatic/kafka's own Metadata v12 parser and a plain baseline (a
 * hand-written decoder of the same layout with no checks at all — what a codec cannot beat);
 * and the Produce v11 request / Fetch v16 response envelopes around 100 partitions' record bytes.
 * Figures are messages/s; ratios come from one run.
 *
 * @module
 */

import { Bench } from "tinybench";
import {
  decodeFetchResponse,
  decodeMetadataResponse,
  decodeProduceRequest,
  encodeFetchResponse,
  encodeMetadataResponse,
  encodeProduceRequest,
} from "../src/kafka/messages/mod.ts";
import { optionalImport, report } from "./_peers.ts";
import { fetch, metadata, produce } from "./_kafka_fixtures.ts";

const metadataBytes = encodeMetadataResponse(metadata, 12);
const produceBytes = encodeProduceRequest(produce, 11);

/** The baseline: the v12 layout read straight off a DataView, no bounds, null or count checks. */
function baselineMetadataV12(b: Uint8Array) {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let p = 0;
  const uv = () => {
    let v = 0, s = 0, c;
    do {
      c = b[p++];
      v |= (c & 0x7f) << s;
      s += 7;
    } while (c & 0x80);
    return v >>> 0;
  };
  const str = () => {
    const n = uv() - 1;
    if (n < 0) return null;
    let s = "";
    for (let i = 0; i < n; i++) s += String.fromCharCode(b[p + i]);
    p += n;
    return s;
  };
  const i32 = () => {
    const v = dv.getInt32(p);
    p += 4;
    return v;
  };
  const tags = () => {
    for (let n = uv(); n > 0; n--) {
      uv();
      p += uv();
    }
  };
  const i32s = () => {
    const n = uv() - 1;
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = i32();
    return out;
  };
  const throttleTimeMs = i32();
  const brokers = [];
  for (let n = uv() - 1; n > 0; n--) {
    brokers.push({ nodeId: i32(), host: str(), port: i32(), rack: str() });
    tags();
  }
  const clusterId = str();
  const controllerId = i32();
  const ts = [];
  for (let n = uv() - 1; n > 0; n--) {
    const errorCode = dv.getInt16(p);
    p += 2;
    const name = str();
    const topicId = b.subarray(p, p + 16);
    p += 16;
    const isInternal = b[p++] !== 0;
    const partitions = [];
    for (let m = uv() - 1; m > 0; m--) {
      const e = dv.getInt16(p);
      p += 2;
      partitions.push({
        errorCode: e,
        partitionIndex: i32(),
        leaderId: i32(),
        leaderEpoch: i32(),
        replicaNodes: i32s(),
        isrNodes: i32s(),
        offlineReplicas: i32s(),
      });
      tags();
    }
    ts.push({ errorCode, name, topicId, isInternal, partitions, topicAuthorizedOperations: i32() });
    tags();
  }
  tags();
  return { throttleTimeMs, brokers, clusterId, controllerId, topics: ts };
}

const fetchBytes = encodeFetchResponse(fetch, 16);

const platformatic = await optionalImport("@platformatic/kafka");
const plat = platformatic?.metadataV12;
const platReader = platformatic?.Reader;
const NodeBuffer = (globalThis as any).Buffer;

let sink = 0;
const bench = new Bench({ time: 400, warmup: true });
bench
  .add("metadata decode: plain baseline (no checks)", () => {
    sink += baselineMetadataV12(metadataBytes).topics.length;
  })
  .add("metadata decode: streamwire", () => {
    sink += decodeMetadataResponse(metadataBytes, 12).topics.length;
  });
if (plat?.parseResponse && platReader && NodeBuffer) {
  const buf = NodeBuffer.from(metadataBytes.buffer, metadataBytes.byteOffset, metadataBytes.byteLength);
  bench.add("metadata decode: @platformatic/kafka", () => {
    sink += plat.parseResponse(0, 3, 12, platReader.from(buf)).topics.length;
  });
}
bench
  .add("metadata encode: streamwire", () => {
    sink += encodeMetadataResponse(metadata, 12).length;
  })
  .add("produce v11 request encode: streamwire (100 partitions x 1 KiB)", () => {
    sink += encodeProduceRequest(produce, 11).length;
  })
  .add("produce v11 request decode: streamwire (100 partitions x 1 KiB)", () => {
    sink += decodeProduceRequest(produceBytes, 11).topicData.length;
  })
  .add("fetch v16 response decode: streamwire (100 partitions x 1 KiB)", () => {
    sink += decodeFetchResponse(fetchBytes, 16).responses.length;
  });

await bench.run();
report(
  `Kafka messages (Metadata v12: ${metadataBytes.length} bytes, 100 topics x 10 partitions)`,
  bench.tasks,
  {
    unit: "messages",
    ratioTo: ["metadata decode: plain baseline (no checks)", "metadata decode: @platformatic/kafka"],
  },
);
if (sink === 0.5) console.log(sink);
