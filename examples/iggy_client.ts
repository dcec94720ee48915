/** Iggy on Deno, Bun and Node.js, against any server of the protocol streamwire speaks (the VSR client
 * protocol of iggy 0.11.1-edge.4; examples/README.md): log in, create a stream and a topic, send three
 * messages to partition 0, poll them back. */
import { IggyClientChannel } from "@streamwire/codec/streams/iggy";
import { CommandCode, decodeBatch, type Identifier } from "@streamwire/codec/iggy";
import { address, connect } from "./connect.ts";

const { host, port } = address("127.0.0.1:8090");
const iggy = new IggyClientChannel(await connect(host, port), { timeoutMs: 10_000 });
const login = await iggy.login({ username: "iggy", password: "iggy" });
console.log(`logged in: user ${login.userId}, session ${login.session}, server ${login.serverVersion}`);

const name = `example-${Date.now()}`;
const empty = new Uint8Array();
const stream = await iggy.request(CommandCode.CreateStream, { name, options: empty });
const streamId: Identifier = { kind: "numeric", value: stream.id };
await iggy.request(CommandCode.CreateTopic, { streamId, partitionsCount: 1, name: "events", options: empty });
const topicId: Identifier = { kind: "string", value: "events" };

// Requests aimed at a partition carry its route's context: look it up first, as the SDK does.
const route = await iggy.request(CommandCode.GetPartitionRoute, { streamId, topicId, partitionId: 0 });
const context = { incarnation: route.incarnation, ownerGeneration: 0n, metadataOp: route.metadataOp };

const enc = new TextEncoder();
const messages = ["one", "two", "three"].map((text, i) => ({ id: BigInt(i + 1), payload: enc.encode(text) }));
const partitioning = { kind: "partitionId", value: 0 } as const;
await iggy.request(CommandCode.SendMessages, { streamId, topicId, partitioning, messages }, { context });

const polled = await iggy.request(CommandCode.PollMessages, {
  consumer: { kind: "consumer", id: { kind: "numeric", value: 1 } },
  streamId,
  topicId,
  partitionId: 0,
  strategy: { kind: "first", value: 0n },
  count: 10,
  autoCommit: true,
}, { context });
const texts: string[] = [];
for (const batch of polled.batches) {
  // Decoded replies hold validated views; the type also admits raw bytes (the encoder's input).
  const c = (batch instanceof Uint8Array ? decodeBatch(batch) : batch).cursor();
  while (c.next()) texts.push(new TextDecoder().decode(c.payload));
}
await iggy.close();
if (texts.join() !== "one,two,three") throw new Error(`polled ${texts}`);
console.log(`sent and polled ${texts.length} messages on stream ${name} (id ${stream.id})`);
