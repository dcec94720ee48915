/**
 * The request path of `KafkaClientChannel` without a socket: a fake transport answers every
 * written chunk at once (the answer frames are a template with the correlation id patched in),
 * so what is measured is the client side alone. Three cases per answer size: `ClientConnection`
 * by hand over the same fake (its answers kept for the operation), `KafkaClientChannel`, and the
 * least a promise-per-request channel can do (a `Map` of resolvers and one write per turn) — the
 * floor the channel's bookkeeping is measured against. See bench/README.md.
 *
 *   deno run -A bench/streams_memory.ts
 *   BENCH_CASES=channel deno run -A bench/streams_memory.ts   # one case alone in its process
 *
 * `BENCH_ROUNDS`, `BENCH_SLICE_MS`, `BENCH_CLOCK` as for every benchmark (bench/_rounds.ts).
 *
 * @module
 */

import process from "node:process";
import { ClientConnection } from "../src/kafka/client.ts";
import { encodeResponse } from "../src/kafka/api.ts";
import { FrameDecoder } from "../src/kafka/frame.ts";
import { ApiKey } from "../src/kafka/messages/api_keys.ts";
import { KafkaClientChannel } from "../src/streams/kafka.ts";
import type { ByteDuplex } from "../src/streams/mod.ts";
import { type Case, printRun, runRounds } from "./_rounds.ts";
import { concat } from "../src/testdata/wire_assert_test.ts";

const partitions = [0, 1, 2, 3].map((i) => ({
  partitionIndex: i,
  leaderId: 1,
  replicaNodes: [1],
  isrNodes: [1],
}));
const ANSWERS = {
  empty: { brokers: [], topics: [] },
  "3.7 KB": {
    brokers: [{ nodeId: 1, host: "127.0.0.1", port: 9092 }],
    topics: Array.from({ length: 16 }, (_, i) => ({ name: `topic-${i}`.padEnd(100, "x"), partitions })),
  },
};

/** A transport whose every written chunk of request frames is answered at once. */
function fake(template: Uint8Array): ByteDuplex {
  let reads!: ReadableStreamDefaultController<Uint8Array>;
  const readable = new ReadableStream<Uint8Array>({ start: (c) => void (reads = c) });
  const frames = new FrameDecoder();
  const writable = new WritableStream<Uint8Array>({
    write(chunk) {
      const requests = frames.push(chunk);
      const out = new Uint8Array(requests.length * template.length);
      requests.forEach((p, i) => {
        out.set(template, i * template.length);
        out.set(p.subarray(4, 8), i * template.length + 4); // the request's correlation id, after its size
      });
      reads.enqueue(out);
    },
  });
  return { readable, writable };
}

/** The least a promise-per-request channel does. */
class MinimalChannel {
  readonly conn = new ClientConnection({ clientId: "bench" });
  readonly #waiting = new Map<number, (v: unknown) => void>();
  #queue: Uint8Array[] = [];
  #scheduled = false;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  constructor(d: ByteDuplex) {
    this.#writer = d.writable.getWriter();
    void (async () => {
      const r = d.readable.getReader();
      for (let x = await r.read(); !x.done; x = await r.read()) {
        for (const res of this.conn.receive(x.value)) {
          const resolve = this.#waiting.get(res.correlationId)!;
          this.#waiting.delete(res.correlationId);
          resolve(res);
        }
      }
    })();
  }
  request(body: { topics: { name: string }[] }): Promise<unknown> {
    const req = this.conn.request(ApiKey.Metadata, body, { version: 12 });
    this.#queue.push(req.frame);
    if (!this.#scheduled) {
      this.#scheduled = true;
      queueMicrotask(() => {
        this.#scheduled = false;
        void this.#writer.write(concat(...this.#queue));
        this.#queue = [];
      });
    }
    return new Promise((resolve) => this.#waiting.set(req.correlationId, resolve));
  }
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const [size, answer] of Object.entries(ANSWERS)) {
    const n = size === "empty" ? 256 : 64;
    const body = { topics: [{ name: "bench-topic" }] };
    const template = encodeResponse(ApiKey.Metadata, 12, { correlationId: 0 }, answer, { sizePrefix: true });
    const family = `${n} pipelined Metadata v12 per operation, ${size} answers`;
    const mk = (name: string, fn: () => Promise<void>, vs?: string[]): Case => ({
      family,
      name,
      units: n,
      unit: "requests",
      fn,
      vs,
    });
    const conn = new ClientConnection({ clientId: "bench" });
    const transport = fake(template);
    const w = transport.writable.getWriter();
    const r = transport.readable.getReader();
    const bare = async () => {
      const frames: Uint8Array[] = [];
      for (let i = 0; i < n; i++) frames.push(conn.request(ApiKey.Metadata, body, { version: 12 }).frame);
      await w.write(concat(...frames));
      const kept: unknown[] = [];
      while (kept.length < n) kept.push(...conn.receive((await r.read()).value!));
    };
    const channel = new KafkaClientChannel(fake(template), { clientId: "bench", maxInFlight: n });
    const viaChannel = async () => {
      const all: Promise<unknown>[] = [];
      for (let i = 0; i < n; i++) all.push(channel.request(ApiKey.Metadata, body, { version: 12 }));
      await Promise.all(all);
    };
    const minimal = new MinimalChannel(fake(template));
    const viaMinimal = async () => {
      const all: Promise<unknown>[] = [];
      for (let i = 0; i < n; i++) all.push(minimal.request(body));
      await Promise.all(all);
    };
    out.push(
      mk("bare", bare),
      mk("channel", viaChannel, ["bare", "minimal"]),
      mk("minimal", viaMinimal, ["bare"]),
    );
  }
  return out;
}

const only = new RegExp(`^(${process.env.BENCH_CASES ?? ".*"})$`);
const chosen = cases().filter((c) => only.test(c.name)).map((c) => ({
  ...c,
  vs: c.vs?.filter((v) => only.test(v)),
}));
printRun("KafkaClientChannel without a socket (bench/streams_memory.ts)", await runRounds(chosen));
process.exit(0);
