/**
 * A recording proxy for the examples run: listens on 127.0.0.1, forwards every connection to
 * `--to host:port`, and writes what passed both ways to `--pcap FILE` when it stops (SIGTERM, or
 * after `--seconds`, default 300). The capture the inspect and browser examples then decode is
 * the Kafka example's real traffic with the broker. Prints `listening 127.0.0.1:PORT`.
 *
 * Usage: deno run --allow-net=127.0.0.1 --allow-write examples/_ci/record.ts --port N --to H:P --pcap FILE
 */
import * as net from "node:net";
import { writeFileSync } from "node:fs";
import process from "node:process";
import { PcapWriter } from "../../src/cli/pcap_writer.ts";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  if (i < 0 || i + 1 >= process.argv.length) throw new Error(`record.ts: ${name} is required`);
  return process.argv[i + 1];
};
const [toHost, toPort] = arg("--to").split(":");
const pcap = arg("--pcap");
const seconds = process.argv.includes("--seconds") ? Number(arg("--seconds")) : 300;
const writer = new PcapWriter("ethernet");
const now = () => Math.round((performance.timeOrigin + performance.now()) * 1000);
let connections = 0;

const server = net.createServer((client) => {
  connections++;
  const upstream = net.connect({ host: toHost, port: Number(toPort) });
  const conv = writer.connection("127.0.0.1", client.remotePort ?? 0, toHost, Number(toPort), now(), {
    mss: 65000,
  });
  client.on("data", (b: Uint8Array) => {
    conv.send("client", new Uint8Array(b), now());
    upstream.write(b);
  });
  upstream.on("data", (b: Uint8Array) => {
    conv.send("server", new Uint8Array(b), now());
    client.write(b);
  });
  client.on("end", () => upstream.end());
  upstream.on("end", () => client.end());
  for (const s of [client, upstream]) s.on("error", () => (s === client ? upstream : client).destroy());
});
server.listen(Number(arg("--port")), "127.0.0.1", () => {
  console.log(`listening 127.0.0.1:${(server.address() as net.AddressInfo).port}`);
});
const stop = () => {
  writeFileSync(pcap, writer.bytes());
  console.log(`record.ts: ${connections} connection(s), ${pcap}`);
  process.exit(0);
};
process.on("SIGTERM", stop);
setTimeout(stop, seconds * 1000).unref();
