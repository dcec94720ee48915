import { test } from "node:test";
import assert from "node:assert/strict";
import { onTheWire } from "./kafka_wire.ts";
import { Inspector } from "./inspector.ts";
import { encodeRequest } from "../kafka/api.ts";
import { FetchRequestCodec } from "../kafka/messages/fetch.ts";
import { MetadataResponseCodec } from "../kafka/messages/metadata.ts";

const DIR = "11111111-2222-3333-4444-555555555555";
const DIR_BYTES = [
  0x11,
  0x11,
  0x11,
  0x11,
  0x22,
  0x22,
  0x33,
  0x33,
  0x44,
  0x44,
  0x55,
  0x55,
  0x55,
  0x55,
  0x55,
  0x55,
];

function fetchV17(replicaDirectoryId?: string): Uint8Array {
  return encodeRequest(1, 17, { correlationId: 1, clientId: "c" }, {
    maxWaitMs: 500,
    topics: [{
      topicId: "5f7b0d7e-6f0a-4f7e-9d0b-1b2c3d4e5f60",
      partitions: [{ partition: 0, fetchOffset: 7n, partitionMaxBytes: 1024, replicaDirectoryId }],
    }],
  }, { sizePrefix: true });
}

type Part = Record<string, unknown>;
const partition = (
  body: unknown,
): Part => ((body as { topics: { partitions: Part[] }[] }).topics[0].partitions[0]);

test("a field absent at the version is not shown; with defaults it is kept apart", () => {
  const bytes = MetadataResponseCodec.encode({ brokers: [{ nodeId: 1, host: "h", port: 9 }], topics: [] }, 0);
  const value = MetadataResponseCodec.decode(bytes, 0);
  assert.equal(value.controllerId, -1); // the decoder's default
  const wire = onTheWire(MetadataResponseCodec.meta, value, 0);
  assert.deepEqual(Object.keys(wire), ["brokers", "topics"]);
  assert.deepEqual(Object.keys((wire.brokers as Part[])[0]), ["nodeId", "host", "port"]);
  const withDefaults = onTheWire(MetadataResponseCodec.meta, value, 0, undefined, true);
  assert.equal((withDefaults._defaults as Part).controllerId, -1);
  assert.equal(((withDefaults.brokers as Part[])[0]._defaults as Part).rack, null);
});

test("a nested tagged field is shown when it was on the wire, even at its default, and not otherwise", () => {
  const show = (frame: Uint8Array) => partition(new Inspector().stream("request", frame, 0, "kafka")[0].body);
  assert.equal(show(fetchV17(DIR)).replicaDirectoryId, DIR);
  assert.equal("replicaDirectoryId" in show(fetchV17()), false);
  // The same tag carrying the all-zero UUID (the default): on the wire, so shown.
  const frame = fetchV17(DIR);
  const at = frame.findIndex((_, i) => DIR_BYTES.every((b, j) => frame[i + j] === b));
  frame.fill(0, at, at + 16);
  assert.equal(show(frame).replicaDirectoryId, "00000000-0000-0000-0000-000000000000");
});

test("taggedFieldsRead records the tags a struct carried, and only when asked", () => {
  const body = FetchRequestCodec.encode({
    clusterId: "c1",
    topics: [{ partitions: [{ partition: 0, replicaDirectoryId: DIR }] }],
  }, 17);
  const tags = new WeakMap<object, number>();
  const v = FetchRequestCodec.decode(body, 17, { taggedFieldsRead: tags });
  assert.equal(tags.get(v), 0b1); // clusterId (tag 0); replicaState (tag 1) left out
  assert.equal(tags.get(partition(v)), 0b1);
  assert.equal(tags.get(v.topics[0]), undefined);
});
