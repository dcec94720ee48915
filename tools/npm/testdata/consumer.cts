// The same package through require() (CommonJS resolution: Node runs require() of the ES modules; the same .d.ts).
import { Reader, Writer } from "@streamwire/codec";
import { decodeRecordBatch, type RecordBatch } from "@streamwire/codec/kafka/records";
import codec = require("@streamwire/codec/kafka/messages");

const w = new Writer();
w.i32be(1);
const n: number = new Reader(w.finish()).i32be();
const decode: (b: Uint8Array) => RecordBatch = (b) => decodeRecordBatch(b);
const bytes: Uint8Array = codec.encodeApiVersionsRequest({
  clientSoftwareName: "c",
  clientSoftwareVersion: "1",
}, 3);
console.log(n, decode, bytes.length);
