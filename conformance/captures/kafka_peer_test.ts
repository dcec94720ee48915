import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { CaptureReader } from "../../src/cli/capture.ts";
import { Inspector } from "../../src/cli/inspector.ts";
import type { InspectedMessage } from "../../src/cli/message.ts";
import { classify, type KnownQuirk } from "../kafka-peer/clients/inspect_check.ts";

// kafka-peer-clients.pcap: kafka-clients 4.4.0, librdkafka 2.16.0 (confluent-kafka) and KafkaJS 2.2.4
// running their judge sessions against streamwire's endpoint, as the endpoint recorded them:
//   bash conformance/kafka-peer/clients/run.sh --clients kafka-clients,confluent-kafka,kafkajs \
//     --records 5 --capture conformance/captures/kafka-peer-clients.pcap
const CLIENTS = [
  "streamwire-judge-kafka-clients",
  "streamwire-judge-confluent-kafka",
  "streamwire-judge-kafkajs",
];

/** A file of the repository, found from here upwards (the tests also run from dist/). */
function repoFile(rel: string): string {
  for (let u = new URL("./", import.meta.url); u.pathname !== "/"; u = new URL("../", u)) {
    const f = new URL(rel, u);
    if (existsSync(f)) return f.pathname;
  }
  throw new Error(`${rel} not found`);
}

const capture = () => new Uint8Array(readFileSync(repoFile("conformance/captures/kafka-peer-clients.pcap")));
const known = () =>
  JSON.parse(
    readFileSync(repoFile("conformance/kafka-peer/clients/inspect_known.json"), "utf8"),
  ) as KnownQuirk[];

function inspect(pcap: Uint8Array): InspectedMessage[] {
  // No ports given: the endpoint listened on free ports, the inspector finds Kafka by its bytes.
  const ins = new Inspector();
  const got: InspectedMessage[] = [];
  for (const p of new CaptureReader().push(pcap)) got.push(...ins.packet(p));
  got.push(...ins.finish());
  return got;
}

test("the inspector decodes every message three real clients exchanged with the endpoint, but the known client quirks", () => {
  const got = inspect(capture());
  assert.ok(got.length > 1000, `${got.length} messages`);
  const { known: quirks, unknown } = classify(got, known());
  assert.deepEqual(
    unknown.slice(0, 5).map((m) => `${m.conn} ${m.dir} ${m.name} v${m.version}: ${m.error?.code}`),
    [],
  );
  // librdkafka's four all-topics Metadata requests (inspect_known.json says why).
  assert.deepEqual([...quirks.values()], [4]);
});

test("the capture holds the requests of all three clients, and the responses to them", () => {
  const got = inspect(capture());
  const ids = new Set(
    got.filter((m) => m.dir === "request").map((m) =>
      (m.header as { clientId?: string } | undefined)?.clientId
    ),
  );
  for (const c of CLIENTS) assert.ok(ids.has(c), `no request from ${c}`);
  const apis = new Set(got.filter((m) => m.dir === "response" && !m.error).map((m) => m.name));
  for (const a of ["Produce", "Fetch", "JoinGroup", "ConsumerGroupHeartbeat", "EndTxn", "SaslAuthenticate"]) {
    assert.ok(apis.has(a), `no ${a} response`);
  }
});

test("a request made undecodable in the capture is reported (the check above can fail)", () => {
  const pcap = capture();
  const before = inspect(pcap).length;
  // A KafkaJS request past its connection's first (which decides the protocol): the int16 length
  // prefix of its client id, set past the frame's end.
  const id = new TextEncoder().encode(CLIENTS[2]);
  const found: number[] = [];
  for (let i = 2; i < pcap.length - id.length && found.length < 10; i++) {
    if (id.every((b, j) => pcap[i + j] === b)) found.push(i);
  }
  const at = found[9];
  assert.ok(at !== undefined);
  pcap[at - 2] = 0x7f;
  pcap[at - 1] = 0xff;
  const after = inspect(pcap);
  const { unknown } = classify(after, known());
  assert.equal(after.length, before);
  // The request does not decode; its response has no request to pair with.
  assert.deepEqual(unknown.map((m) => m.error?.code).sort(), ["LENGTH_EXCEEDS_REMAINING", "UNPAIRED"]);
});
