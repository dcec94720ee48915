/**
 * Waits until a Kafka broker at `host:port` answers ApiVersions and Metadata lists a broker:
 * bounded (`--seconds`, default 120), each attempt a fresh connection that gives up in 5 s, and
 * says why when it stops trying. Usage: deno run --allow-net=127.0.0.1 wait_kafka.ts HOST:PORT
 */
import { KafkaClientChannel } from "../../src/streams/kafka.ts";
import { denoDuplex } from "../../src/streams/mod.ts";

const [host, port] = Deno.args[0].split(":");
const i = Deno.args.indexOf("--seconds");
const deadline = Date.now() + 1000 * (i < 0 ? 120 : Number(Deno.args[i + 1]));
let last = "";
while (Date.now() < deadline) {
  const conn = await Deno.connect({ hostname: host, port: Number(port) }).catch(() => undefined);
  if (conn) {
    const kafka = new KafkaClientChannel(denoDuplex(conn), { timeoutMs: 5000 });
    try {
      await kafka.negotiate();
      const md = await kafka.request(3, { topics: [] });
      if (md.body.brokers.length > 0) {
        await kafka.close();
        console.log(`kafka at ${host}:${port} is ready`);
        Deno.exit(0);
      }
      last = "Metadata lists no broker yet";
    } catch (e) {
      last = (e as Error).message;
    }
    kafka.abort();
  } else last = "connection refused";
  await new Promise((r) => setTimeout(r, 500));
}
console.error(`kafka at ${host}:${port} not ready: ${last}`);
Deno.exit(1);
