/**
 * The traffic inspector as a library: pcap/pcapng reading, TCP reassembly, Kafka and Iggy
 * connection decoders, hex-dump input, and the JSON / pretty / summary output that the
 * `streamwire inspect` command prints. Sans-IO: bytes in, messages out; the command's
 * runtime binding lives in `./bin.ts`.
 *
 * @example
 * ```ts
 * import { Inspector, toJson } from "@streamwire/codec/cli";
 * import { ApiKey, encodeRequest } from "@streamwire/codec/kafka";
 * const frame = encodeRequest(ApiKey.Metadata, 12, { correlationId: 5, clientId: "demo" }, {
 *   topics: [{ name: "orders" }],
 *   allowAutoTopicCreation: false,
 * }, { sizePrefix: true });
 * const [m] = new Inspector().stream("request", frame, 0);
 * console.log(toJson(m).name); // Metadata
 * ```
 *
 * @module
 */

export { CaptureFormatError, CaptureReader, isCapture } from "./capture.ts";
export type { CapturedPacket } from "./capture.ts";
export { tcpSegment } from "./packet.ts";
export type { RawSegment, TcpSegment } from "./packet.ts";
export { HalfStream, ReassemblyBudget } from "./tcp.ts";
export type { StreamPiece } from "./tcp.ts";
export { KafkaConnection, looksLikeKafkaRequest } from "./kafka_conn.ts";
export { firstWireError, onTheWire } from "./kafka_wire.ts";
export type { FieldMeta, StructMeta } from "../kafka/codec.ts";
export { kafkaSpans } from "./kafka_spans.ts";
export { fieldSpans } from "./spans.ts";
export type { Span } from "./spans.ts";
export { FramedConnection, HEX_PREFIX } from "./_framed.ts";
export type { ConnOptions, Dir } from "./_framed.ts";
export { ByteQueue } from "./_bytes.ts";
export { IggyConnection, sniffIggyLayout } from "./iggy_conn.ts";
export type { IggyLayout } from "./iggy_conn.ts";
export { DEFAULT_MAX_CONNECTIONS, Inspector } from "./inspector.ts";
export type { InspectedProtocol, InspectorOptions, InspectorStats } from "./inspector.ts";
export { firstErrorCode } from "./message.ts";
export { TopicIds } from "./topic_ids.ts";
export { knownApiNames, parseApiSelection, selects } from "./api_names.ts";
export type { ApiSelection } from "./api_names.ts";
export { VERSION } from "./version.ts";
export type { InspectedMessage, MessageError } from "./message.ts";
export { parseHexDump } from "./hexdump.ts";
export type { HexInput } from "./hexdump.ts";
export {
  isoTime,
  jsonLine,
  jsonText,
  matches,
  plain,
  prettyLine,
  prettyTree,
  Summary,
  toJson,
} from "./format.ts";
export type { Filters, FormatOptions } from "./format.ts";
export { main, parseArgs, USAGE, UsageError } from "./main.ts";
export type { Host, InspectArgs } from "./main.ts";
export { PcapWriter, TcpConversation } from "./pcap_writer.ts";
export type { PcapLink, Side } from "./pcap_writer.ts";
