/**
 * Faults on real loopback sockets: a proxy between the channel and a test peer injects them
 * (testdata/peers_test.ts). Each case must end in a typed error or a timeout, and leave nothing
 * behind: the client's socket released (the proxy sees it close), every timer the channel
 * started cleared (counted here; on Deno the test sanitizers check ops and resources too), and
 * the process free to exit. Every transport the runtime has is tried: `nodeDuplex(node:net)`
 * everywhere, `Duplex.toWeb(node:net)` on Node and Bun, `denoDuplex(Deno.connect)` on Deno,
 * `bunDuplex(Bun.connect)` on Bun.
 */

import { it } from "node:test";
import assert from "node:assert/strict";
import * as net from "node:net";
import { Duplex } from "node:stream";
import { ApiKey } from "../kafka/messages/api_keys.ts";
import { encodeRequest } from "../kafka/api.ts";
import { isWireError } from "../wire/error.ts";
import type { ByteDuplex } from "./duplex.ts";
import { KafkaClientChannel } from "./kafka_client.ts";
import { IggyClientChannel } from "./iggy_client.ts";
import { type BunConnect, bunDuplex, type DenoConnLike, denoDuplex } from "./runtimes.ts";
import {
  corruptIggyAnswer,
  corruptKafkaAnswer,
  countingWritable,
  type Fault,
  faultProxy,
  iggyEndpoint,
  kafkaEndpoint,
  type Loopback,
  nodeConnect,
  rejection,
} from "./testdata/peers_test.ts";

// deno-lint-ignore no-explicit-any
const g = globalThis as any;
const Deno_ = g.Deno as
  | { connect(o: { hostname: string; port: number }): Promise<DenoConnLike>; test(o: unknown): void }
  | undefined;
const Bun_ = g.Bun as { connect: BunConnect } | undefined;

interface Transport {
  name: string;
  connect(port: number): Promise<ByteDuplex>;
}

// Duplex.toWeb on Node and Bun. Not on Deno: its port of the adapter (2.9.6) throws from inside a
// socket's "finish" handler once the web side closed or cancelled, an uncaught error; Deno has
// Deno.connect (see runtimes.ts).
const TRANSPORTS: Transport[] = Deno_ ? [] : [{
  name: "Duplex.toWeb(node:net)",
  connect: (port) =>
    Promise.resolve(Duplex.toWeb(net.connect({ host: "127.0.0.1", port })) as unknown as ByteDuplex),
}];
TRANSPORTS.push({ name: "nodeDuplex(node:net)", connect: nodeConnect });
if (Deno_) {
  TRANSPORTS.push({
    name: "denoDuplex(Deno.connect)",
    connect: async (port) => denoDuplex(await Deno_.connect({ hostname: "127.0.0.1", port })),
  });
}
if (Bun_) {
  TRANSPORTS.push({
    name: "bunDuplex(Bun.connect)",
    connect: (port) => bunDuplex(Bun_.connect, { hostname: "127.0.0.1", port }),
  });
}

/** On Deno a test with the op and resource sanitizers on; elsewhere node:test's `it`. */
function leakTest(name: string, fn: () => Promise<void>): void {
  if (Deno_) Deno_.test({ name, fn, sanitizeOps: true, sanitizeResources: true });
  else it(name, fn);
}

/** Counts the timers the channel code starts and has not cleared (or seen fire). */
function channelTimers<T>(fn: () => Promise<T>): Promise<{ result: T; live: number }> {
  const set = g.setTimeout, clear = g.clearTimeout;
  const live = new Set<unknown>();
  g.setTimeout = (cb: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const ours = /streams[\\/]_channel/.test(new Error().stack ?? "");
    const id = set(
      (...a: unknown[]) => {
        live.delete(id);
        cb(...a);
      },
      ms,
      ...args,
    );
    if (ours) live.add(id);
    return id;
  };
  g.clearTimeout = (id: unknown) => {
    live.delete(id);
    clear(id);
  };
  return fn().then((result) => ({ result, live: live.size }), (e) => {
    throw e;
  }).finally(() => {
    g.setTimeout = set;
    g.clearTimeout = clear;
  });
}

/** The outcome each fault must end in, per protocol. */
interface Expect {
  code: string;
  /** The `WireError` code of the cause, when the fault has one. */
  cause?: string;
}

const CASES: { fault: Fault; kafka: Expect; iggy: Expect }[] = [
  {
    fault: "close-mid-frame",
    kafka: { code: "CLOSED", cause: "TRUNCATED" },
    iggy: { code: "CLOSED", cause: "TRUNCATED" },
  },
  { fault: "reset", kafka: { code: "TRANSPORT" }, iggy: { code: "TRANSPORT" } },
  {
    fault: "unknown-correlation-id",
    kafka: { code: "PROTOCOL", cause: "CORRUPT_DATA" },
    iggy: { code: "PROTOCOL", cause: "INVALID_VALUE" },
  },
  { fault: "never-answer", kafka: { code: "TIMEOUT" }, iggy: { code: "TIMEOUT" } },
];

/** Runs `body` against a proxy injecting `fault` in front of `endpoint`, then checks nothing leaked. */
async function withProxy(
  endpoint: () => Promise<Loopback>,
  fault: Fault,
  corrupt: ((c: Uint8Array) => void) | undefined,
  body: (port: number) => Promise<{ closed: Promise<unknown> }>,
): Promise<void> {
  const upstream = await endpoint();
  const proxy = await faultProxy(upstream.port, fault, corrupt);
  try {
    const { result, live } = await channelTimers(async () => {
      const ch = await body(proxy.port);
      await ch.closed;
      return ch;
    });
    void result;
    assert.equal(live, 0, "timers the channel started are still pending");
    await proxy.allClosed(5000);
  } finally {
    await proxy.close();
    await upstream.close();
  }
}

const TIMEOUT_MS = 300;

// Top-level registrations: Deno.test cannot nest inside a node:test describe().
for (const t of TRANSPORTS) {
  for (const c of CASES) {
    leakTest(`Kafka over ${t.name}: ${c.fault} ends in ${c.kafka.code}`, async () => {
      await withProxy(kafkaEndpoint, c.fault, corruptKafkaAnswer, async (port) => {
        const kafka = new KafkaClientChannel(await t.connect(port), { timeoutMs: TIMEOUT_MS });
        const e = await rejection(
          kafka.request(ApiKey.Metadata, { topics: [{ name: "t" }] }, { version: 12 }),
        );
        assert.equal(e.code, c.kafka.code, e.message);
        if (c.kafka.cause) {
          assert.ok(isWireError(e.cause) && e.cause.code === c.kafka.cause, String(e.cause));
        }
        return kafka;
      });
    });
    leakTest(`Iggy over ${t.name}: ${c.fault} ends in ${c.iggy.code}`, async () => {
      await withProxy(iggyEndpoint, c.fault, corruptIggyAnswer, async (port) => {
        const iggy = new IggyClientChannel(await t.connect(port), { timeoutMs: TIMEOUT_MS });
        const e = await rejection(iggy.ping());
        assert.equal(e.code, c.iggy.code, e.message);
        if (c.iggy.cause) assert.ok(isWireError(e.cause) && e.cause.code === c.iggy.cause, String(e.cause));
        return iggy;
      });
    });
  }

  leakTest(
    `Kafka over ${t.name}: a slow reader holds writes at the mark, every request completes`,
    async () => {
      await withProxy(kafkaEndpoint, "slow-reader", undefined, async (port) => {
        const duplex = await t.connect(port);
        const counted = countingWritable(duplex.writable);
        const mark = 256 * 1024;
        const kafka = new KafkaClientChannel({ readable: duplex.readable, writable: counted.writable }, {
          writeHighWaterMark: mark,
          maxInFlight: 150,
          timeoutMs: 60_000,
        });
        // 150 requests of about 80 KB: far more than the loopback socket buffers hold (a few MB).
        const topics = Array.from({ length: 400 }, (_, i) => ({ name: `${i}`.padEnd(200, "t") }));
        const frame =
          encodeRequest(ApiKey.Metadata, 12, { correlationId: 0 }, { topics }, { sizePrefix: true }).length;
        const reqs = Array.from(
          { length: 150 },
          () => kafka.request(ApiKey.Metadata, { topics }, { version: 12 }),
        );
        const done = await Promise.all(reqs);
        assert.equal(done.length, 150);
        const most = counted.most();
        assert.ok(most >= mark, `the transport never pushed back (${most} bytes outstanding at most)`);
        assert.ok(
          most < mark + frame,
          `${most} bytes outstanding, over the mark ${mark} + one frame ${frame}`,
        );
        await kafka.close();
        return kafka;
      });
    },
  );
}
