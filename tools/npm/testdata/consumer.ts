// A consumer of the installed npm package, type-checked with tsc --strict by tools/npm/consumer.sh
// (it is not run). Every subpath is imported, and types are used the way a user would.
import { Reader, type WireError, type WireErrorCode, Writer } from "@streamwire/codec";
import { crc32c, isWireError } from "@streamwire/codec/wire";
import { CommandCode, encodeRequest as encodeIggyRequest } from "@streamwire/codec/iggy";
import { decodeBatch, encodeBatch } from "@streamwire/codec/iggy/batch";
import { Command, commandName } from "@streamwire/codec/iggy/consensus";
import { decodeRequest, encodeRequest, FrameDecoder } from "@streamwire/codec/kafka";
import { encodeMetadataRequest, type MetadataRequest } from "@streamwire/codec/kafka/messages";
import { decodeRecordBatch, encodeRecordBatch, type RecordBatch } from "@streamwire/codec/kafka/records";
import {
  COMPRESSION_TYPE,
  type CompressionCodec,
  createCodecRegistry,
} from "@streamwire/codec/kafka/compression";

const w = new Writer();
w.i32be(7);
const n: number = new Reader(w.finish()).i32be();
const sum: number = crc32c(new Uint8Array([1, 2, 3]));

function code(e: unknown): WireErrorCode | undefined {
  return isWireError(e) ? (e as WireError).code : undefined;
}

const frame: Uint8Array = encodeIggyRequest(CommandCode.CreateStream, { requestId: 1n }, {
  name: "s",
  options: new Uint8Array(),
});
const batch = decodeBatch(encodeBatch([{ id: 1n, payload: new Uint8Array([1]), originTimestamp: 1 }]));
const name: string | undefined = commandName(Command.Ping);

const req: MetadataRequest = {
  topics: [{ name: "orders", topicId: "00000000-0000-0000-0000-000000000000" }],
  allowAutoTopicCreation: false,
  includeClusterAuthorizedOperations: false,
  includeTopicAuthorizedOperations: false,
};
const body: Uint8Array = encodeMetadataRequest(req, 12);
const kframe = encodeRequest(3, 12, { correlationId: 1, clientId: "c" }, { topics: null }, {
  sizePrefix: true,
});
for (const p of new FrameDecoder().push(kframe)) {
  const r = decodeRequest(p);
  if (r.apiKey === 3) console.log(r.body.topics?.length);
}

const codecs = createCodecRegistry();
const gzip: CompressionCodec = codecs.get(COMPRESSION_TYPE.gzip);
const rb: RecordBatch = decodeRecordBatch(
  encodeRecordBatch({ compression: 1, records: [{ value: new Uint8Array([1]) }] }, { codecs }),
  { codecs },
);
// @ts-expect-error: a record batch has no such property (the .d.ts are real, not `any`).
rb.noSuchProperty;

console.log(n, sum, code(undefined), frame.length, batch, name, body.length, gzip.name);
