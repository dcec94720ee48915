import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Acks } from "./constants.ts";
import { ApiKey } from "./messages/api_keys.ts";
import { ClientConnection } from "./client.ts";
import {
  BATCH_ATTRIBUTES,
  Compression,
  COMPRESSION_NAMES,
  TIMESTAMP_TYPE,
  TimestampType,
} from "./records/constants.ts";
import { COMPRESSION_TYPE } from "./compression/codec.ts";
import { decodeRecordBatch } from "./records/batch.ts";
import { encodeRecordBatch } from "./records/encode.ts";
import { createCodecRegistry } from "./compression/registry.ts";

describe("Kafka named constants", () => {
  it("Compression names each id as Kafka's compression.type does", () => {
    for (const [name, id] of Object.entries(Compression)) {
      assert.equal(COMPRESSION_NAMES[id], name.toLowerCase());
    }
    for (const [name, id] of Object.entries(COMPRESSION_TYPE)) assert.equal(COMPRESSION_NAMES[id], name);
  });

  it("a batch written with each Compression reads back with it", () => {
    const codecs = createCodecRegistry();
    for (const id of Object.values(Compression)) {
      const bytes = encodeRecordBatch({ compression: id, records: [{ value: new Uint8Array(16) }] }, {
        codecs,
      });
      assert.equal(decodeRecordBatch(bytes, { codecs }).compression, id);
    }
  });

  it("TimestampType.LogAppendTime sets the attributes bit; the old names are the same values", () => {
    const bytes = encodeRecordBatch({
      timestampType: TimestampType.LogAppendTime,
      records: [{ timestamp: 5 }],
    });
    const b = decodeRecordBatch(bytes);
    assert.equal(b.timestampType, TimestampType.LogAppendTime);
    assert.notEqual(b.attributes & BATCH_ATTRIBUTES.timestampType, 0);
    assert.deepEqual(Object.values(TIMESTAMP_TYPE), Object.values(TimestampType));
  });

  it("a Produce with Acks.None expects no response, Acks.All one", () => {
    const conn = new ClientConnection();
    assert.equal(conn.request(ApiKey.Produce, { acks: Acks.None }, { version: 9 }).expectResponse, false);
    assert.equal(conn.request(ApiKey.Produce, { acks: Acks.All }, { version: 9 }).expectResponse, true);
  });
});
