/**
 * The cost of the Web Streams adapters (`./streams`) over a loopback socket, beside the bare
 * decoders in the same process (issue 23). A peer process (this file with `--peer`, same
 * runtime) sends and answers; this process receives, so its CPU time is the receiving side's.
 *
 * Frames: each operation asks the peer for one burst of Kafka frames (2048 of 1 KiB, or 128 of
 * 16 KiB) and cuts them out of the socket, all on one long-lived connection per case:
 *
 * - `bare decoder, socket events`: `FrameDecoder.push` on each chunk of the runtime's fastest
 *   read path (node:net "data" on Node and Bun, `Deno.Conn.readable`'s reader on Deno);
 * - `bare decoder, web readable`: the same over the duplex's `readable` (`nodeDuplex(node:net)` on
 *   Node and Bun, `BENCH_TOWEB=1` for `Duplex.toWeb`; `denoDuplex(Deno.connect)` on Deno), read
 *   with a reader;
 * - `kafkaFrames() transform`, `readKafkaFrames() iterator` and `kafkaFrameBatches() transform` over that
 *   same readable, built as those functions build them (`frameStream`, `readFrames`,
 *   `frameBatchStream` over a `FrameDecoder`).
 *
 * Every case's decoder counts the chunks it is given, and the run ends with each case's mean
 * bytes per socket read and its user and system CPU time per operation: cases are comparable
 * only if they got comparable chunks (a case that reads more slowly than the peer sends gets
 * bigger ones, and pays less per byte for the reads). On Node and Deno every case reads the
 * socket 64 KiB at a time, so the chunks are the same (about 62 KiB on average); Bun hands out
 * what has arrived, and a slower case gets bigger chunks (190–270 KiB in our runs): read the
 * printed sizes beside its ratios. `BENCH_VARIANTS=1` adds the per-frame transform with other
 * queue sizes and fed by hand instead of by `pipeTo`, compared with `kafkaFrames()`.
 *
 * Requests: each operation sends 256 pipelined Metadata requests (a small body) and waits for
 * the answers the peer sends back (256 empty ones, or 64 of about 3.7 KB), the decoded answers
 * kept until the operation ends, as a program that uses them keeps them: `ClientConnection` driven by hand (its frames joined into
 * one write) over socket events and over the duplex, beside `KafkaClientChannel` over the duplex.
 *
 * Ratios per round: adapter ÷ bare over the same readable (the adapters' own cost) and adapter
 * ÷ bare on socket events (what a program pays for the Web Streams path on that runtime).
 *
 *   deno run -A bench/streams.ts
 *   npx bun bench/streams.ts
 *   npx bun build bench/streams.ts --target=node --packages=external --outfile=/tmp/streams.mjs && node /tmp/streams.mjs
 *
 * `BENCH_ROUNDS`, `BENCH_SLICE_MS`, `BENCH_CLOCK` as for every benchmark (bench/_rounds.ts);
 * `BENCH_ONLY=frames` or `requests` runs one family, `BENCH_CASES=<regex>` only the cases whose
 * names match (to run a case alone in its process: see bench/README.md for why).
 *
 * @module
 */

import * as net from "node:net";
import { spawn } from "node:child_process";
import process from "node:process";
import { Duplex } from "node:stream";
import { encodeFrame, FrameDecoder } from "../src/kafka/frame.ts";
import { decodeRequest, encodeResponse } from "../src/kafka/api.ts";
import { ClientConnection } from "../src/kafka/client.ts";
import { ApiKey } from "../src/kafka/messages/api_keys.ts";
import { KafkaClientChannel } from "../src/streams/kafka.ts";
import { type FrameAssembler, frameBatchStream, frameStream, readFrames } from "../src/streams/frames.ts";
import { type ByteDuplex, denoDuplex, nodeDuplex } from "../src/streams/mod.ts";
import { type Case, printRun, runRounds } from "./_rounds.ts";
import { concat } from "../src/testdata/wire_assert_test.ts";

/** The frame bursts: [command byte, frames, payload bytes]. */
const BURSTS: [number, number, number][] = [[0x62, 2048, 1024], [0x42, 128, 16 * 1024]];
/** Metadata answers: empty, or 16 topics of 4 partitions (about 3.7 KB) when the request names "big". */
function metadataAnswer(big: boolean) {
  if (!big) return { brokers: [], topics: [] };
  const partitions = [0, 1, 2, 3].map((i) => ({
    partitionIndex: i,
    leaderId: 1,
    replicaNodes: [1],
    isrNodes: [1],
  }));
  const topics = Array.from({ length: 16 }, (_, i) => ({ name: `topic-${i}`.padEnd(100, "x"), partitions }));
  return { brokers: [{ nodeId: 1, host: "127.0.0.1", port: 9092 }], topics };
}
const g = globalThis as any;

// ---------------------------------------------------------------------------------------------
// The peer: a byte "b" asks for a burst of frames; anything else is Kafka requests to answer.

function peer(): void {
  const bursts = new Map<number, Uint8Array>();
  for (const [cmd, frames, payload] of BURSTS) {
    const burst = new Uint8Array(frames * (4 + payload));
    for (let i = 0; i < frames; i++) {
      burst.set(encodeFrame(new Uint8Array(payload).fill(i)), i * (4 + payload));
    }
    bursts.set(cmd, burst);
  }
  const answers = [metadataAnswer(false), metadataAnswer(true)];
  const server = net.createServer((s) => {
    s.setNoDelay(true);
    const frames = new FrameDecoder();
    let mode: "burst" | "kafka" | undefined;
    s.on("data", (chunk: Uint8Array) => {
      mode ??= bursts.has(chunk[0]) ? "burst" : "kafka";
      if (mode === "burst") {
        for (let i = 0; i < chunk.length; i++) s.write(bursts.get(chunk[i])!);
        return;
      }
      const out: Uint8Array[] = [];
      for (const p of frames.push(chunk)) {
        const req = decodeRequest(p);
        if (req.apiKey !== ApiKey.Metadata) throw new Error(`peer: API key ${req.apiKey}`);
        const answer = answers[req.body.topics?.[0]?.name === "big" ? 1 : 0];
        out.push(encodeResponse(ApiKey.Metadata, req.apiVersion, req.header, answer, { sizePrefix: true }));
      }
      if (out.length > 0) s.write(concat(...out));
    });
    s.on("error", () => {});
  });
  server.listen(0, "127.0.0.1", () => console.log(`port ${(server.address() as net.AddressInfo).port}`));
  process.stdin.on("end", () => process.exit(0)); // the bench is gone
  process.stdin.resume();
}

// ---------------------------------------------------------------------------------------------
// The receiving side.

async function startPeer(): Promise<{ port: number; stop: () => void }> {
  const script = process.argv[1];
  const cmd = g.Deno
    ? [g.Deno.execPath(), ["run", "-A", script, "--peer"]]
    : [process.execPath, [script, "--peer"]];
  const child = spawn(cmd[0] as string, cmd[1] as string[], { stdio: ["pipe", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    let text = "";
    child.stdout!.on("data", (d: Uint8Array) => {
      text += new TextDecoder().decode(d);
      const m = /port (\d+)/.exec(text);
      if (m) resolve(Number(m[1]));
    });
    child.on("exit", (code) => reject(new Error(`peer exited with ${code}`)));
  });
  return { port, stop: () => child.stdin!.end() };
}

async function nodeSocket(port: number): Promise<net.Socket> {
  const s = net.connect({ host: "127.0.0.1", port });
  s.setNoDelay(true);
  await new Promise((resolve, reject) => s.once("connect", resolve).once("error", reject));
  return s;
}

/**
 * The runtime's duplex: Deno.connect on Deno, nodeDuplex(node:net) elsewhere (`BENCH_TOWEB=1`:
 * Node's own Duplex.toWeb instead, to compare the two).
 */
async function webDuplex(port: number): Promise<ByteDuplex> {
  if (g.Deno) return denoDuplex(await g.Deno.connect({ hostname: "127.0.0.1", port }));
  const socket = await nodeSocket(port);
  if (g.process?.env?.BENCH_TOWEB === "1") return Duplex.toWeb(socket) as unknown as ByteDuplex;
  return nodeDuplex(socket);
}

/** Resolves once `n` more frames have been counted by `count`. */
function counter() {
  let seen = 0, target = 0;
  let wake: (() => void) | undefined;
  return {
    add(n: number) {
      seen += n;
      if (seen >= target) wake?.();
    },
    until(n: number): Promise<void> {
      target = seen + n;
      return new Promise((resolve) => (wake = resolve));
    },
  };
}

/** What a frame case received (socket reads: count, bytes) and its CPU time (µs) over its operations. */
type Reads = { reads: number; bytes: number; ops: number; user: number; system: number };
const readsOf = new Map<string, Reads>();
function tally(family: string, name: string): Reads {
  const t = { reads: 0, bytes: 0, ops: 0, user: 0, system: 0 };
  readsOf.set(`${family}\u0000${name}`, t);
  return t;
}
/** A Kafka FrameDecoder that counts the chunks pushed into it. */
function countedDecoder(t: Reads): { push(c: Uint8Array): Uint8Array[]; end(): void } {
  const d = new FrameDecoder();
  return {
    push(chunk: Uint8Array): Uint8Array[] {
      t.reads++;
      t.bytes += chunk.length;
      return d.push(chunk);
    },
    end: () => d.end(),
  };
}

async function frameCases(port: number, [cmd, FRAMES, PAYLOAD]: [number, number, number]): Promise<Case[]> {
  const ask = new Uint8Array([cmd]);
  const units = FRAMES * PAYLOAD;
  const family = `frames: ${FRAMES} × ${PAYLOAD} B per operation`;
  const mk = (name: string, op: () => Promise<void>, vs?: string[]): Case => {
    const key = `${family}\u0000${name}`;
    return {
      family,
      name,
      units,
      unit: "B",
      fn: () => readsOf.has(key) ? timed(readsOf.get(key)!) : op(),
      vs,
    };
    async function timed(t: Reads): Promise<void> {
      const u0 = process.cpuUsage();
      await op();
      const u = process.cpuUsage(u0);
      t.ops++;
      t.user += u.user;
      t.system += u.system;
    }
  };

  // Bare, socket events (node:net) or, on Deno, the Conn's own readable.
  let bareEvents: () => Promise<void>;
  const eventsReads = tally(family, "bare decoder, socket events");
  if (g.Deno) {
    const conn = await g.Deno.connect({ hostname: "127.0.0.1", port });
    const reader = conn.readable.getReader();
    const d = countedDecoder(eventsReads);
    bareEvents = async () => {
      await conn.write(ask);
      let n = 0;
      while (n < FRAMES) n += d.push((await reader.read()).value).length;
    };
  } else {
    const s = await nodeSocket(port);
    const d = countedDecoder(eventsReads);
    const c = counter();
    s.on("data", (chunk: Uint8Array) => c.add(d.push(chunk).length));
    bareEvents = () => {
      const done = c.until(FRAMES);
      s.write(ask);
      return done;
    };
  }

  const webReader = async () => {
    const duplex = await webDuplex(port);
    return { readable: duplex.readable, writer: duplex.writable.getWriter() };
  };
  const bareWeb = await webReader();
  const bareWebReader = bareWeb.readable.getReader();
  const bareWebDecoder = countedDecoder(tally(family, "bare decoder, web readable"));
  const transformed = await webReader();
  const transformReader = transformed.readable.pipeThrough(
    frameStream(countedDecoder(tally(family, "kafkaFrames() transform"))),
  ).getReader();
  const iterated = await webReader();
  const iterator = readFrames(iterated.readable, countedDecoder(tally(family, "readKafkaFrames() iterator")))[
    Symbol.asyncIterator
  ]();
  const batched = await webReader();
  const batchReader = batched.readable.pipeThrough(
    frameBatchStream(countedDecoder(tally(family, "kafkaFrameBatches() transform"))),
  ).getReader();

  const frames = Array.from({ length: FRAMES }, () => new Uint8Array(PAYLOAD));
  const items = new TransformStream<Uint8Array[], Uint8Array>({
    transform(batch, c) {
      for (const f of batch) c.enqueue(f);
    },
  });
  const itemsWriter = items.writable.getWriter();
  const itemsReader = items.readable.getReader();

  const cases = [
    mk("bare decoder, socket events", bareEvents),
    mk("bare decoder, web readable", async () => {
      await bareWeb.writer.write(ask);
      let n = 0;
      while (n < FRAMES) n += bareWebDecoder.push((await bareWebReader.read()).value!).length;
    }),
    mk("kafkaFrames() transform", async () => {
      await transformed.writer.write(ask);
      for (let n = 0; n < FRAMES; n++) await transformReader.read();
    }, ["bare decoder, web readable", "bare decoder, socket events"]),
    mk("readKafkaFrames() iterator", async () => {
      await iterated.writer.write(ask);
      for (let n = 0; n < FRAMES; n++) await iterator.next();
    }, ["bare decoder, web readable", "bare decoder, socket events"]),
    // No socket and no decoder: FRAMES ready-cut frames through a TransformStream, read one by one.
    // What a stream item costs this runtime, which bounds any per-frame stream: the ceiling of
    // `kafkaFrames()` ÷ bare is bare ÷ (bare + this).
    mk("Web Streams items alone (no socket, no decoder)", async () => {
      // Not awaited first: the transform runs only once the readable is asked for an item.
      const wrote = itemsWriter.write(frames);
      for (let n = 0; n < FRAMES; n++) await itemsReader.read();
      await wrote;
    }),
    mk("kafkaFrameBatches() transform", async () => {
      await batched.writer.write(ask);
      let n = 0;
      while (n < FRAMES) n += (await batchReader.read()).value!.length;
    }, ["bare decoder, web readable", "bare decoder, socket events"]),
  ];
  if (process.env.BENCH_VARIANTS === "1") {
    // Experiments: the per-frame transform with other queue sizes, and fed by hand instead of pipeTo.
    const variant = async (
      name: string,
      make: (a: FrameAssembler<Uint8Array>) => TransformStream<Uint8Array, Uint8Array>,
    ) => {
      const w = await webReader();
      const r = w.readable.pipeThrough(make(countedDecoder(tally(family, name)))).getReader();
      cases.push(mk(name, async () => {
        await w.writer.write(ask);
        for (let n = 0; n < FRAMES; n++) await r.read();
      }, ["bare decoder, web readable", "kafkaFrames() transform"]));
    };
    const ts = (
      a: FrameAssembler<Uint8Array>,
      w?: QueuingStrategy<Uint8Array>,
      r?: QueuingStrategy<Uint8Array>,
    ) =>
      new TransformStream<Uint8Array, Uint8Array>(
        {
          transform(chunk, c) {
            for (const f of a.push(chunk)) c.enqueue(f);
          },
          flush: () => a.end(),
        },
        w,
        r,
      );
    await variant("transform, readable hwm 64", (a) => ts(a, undefined, { highWaterMark: 64 }));
    await variant("transform, readable hwm 4096", (a) => ts(a, undefined, { highWaterMark: 4096 }));
    await variant("transform, writable hwm 4", (a) => ts(a, { highWaterMark: 4 }));
    // Fed by hand: a loop reads the socket and writes the transform (no pipeTo).
    {
      const name = "transform fed by hand (no pipeTo)";
      const w = await webReader();
      const t = ts(countedDecoder(tally(family, name)));
      const src = w.readable.getReader();
      const sink = t.writable.getWriter();
      void (async () => {
        for (let x = await src.read(); !x.done; x = await src.read()) {
          await sink.ready;
          void sink.write(x.value);
        }
      })();
      const r = t.readable.getReader();
      cases.push(mk(name, async () => {
        await w.writer.write(ask);
        for (let n = 0; n < FRAMES; n++) await r.read();
      }, ["bare decoder, web readable", "kafkaFrames() transform"]));
    }
  }
  return cases;
}

/** Prints the mean bytes per socket read of every frame case. */
function printReads(): void {
  console.log("\n  socket reads per case (mean bytes per read, over warm-up and rounds)");
  for (const [key, t] of readsOf) {
    if (t.ops === 0) continue; // not chosen by BENCH_CASES
    const [family, name] = key.split("\u0000");
    console.log(
      `    ${family}: ${name.padEnd(48)} ${
        (t.bytes / Math.max(t.reads, 1) / 1024).toFixed(1)
      } KiB × ${t.reads}` +
        `, user ${(t.user / t.ops).toFixed(0)} µs/op, system ${(t.system / t.ops).toFixed(0)} µs/op`,
    );
  }
}

async function requestCases(port: number, big: boolean): Promise<Case[]> {
  const body = { topics: [{ name: big ? "big" : "bench-topic" }] };
  const REQUESTS = big ? 64 : 256;
  const size = encodeResponse(ApiKey.Metadata, 12, { correlationId: 0 }, metadataAnswer(big)).length;
  const mk = (name: string, op: () => Promise<void>, vs?: string[]): Case => ({
    family: `requests: ${REQUESTS} pipelined Metadata v12 per operation, ${size} B answers`,
    name,
    units: REQUESTS,
    unit: "requests",
    fn: op,
    vs,
  });
  // Bare: the state machine by hand over socket events, one write per batch of requests.
  const s = await nodeSocket(port);
  const conn = new ClientConnection({ clientId: "bench" });
  const c = counter();
  // The responses are kept for the operation, as a program that uses them keeps them (and as the
  // channel's promises do): a loop that drops each one at once lets the engine skip work a real
  // client cannot skip.
  let kept: unknown[] = [];
  s.on("data", (chunk: Uint8Array) => {
    const got = conn.receive(chunk);
    kept.push(...got);
    c.add(got.length);
  });
  const bare = () => {
    kept = [];
    const done = c.until(REQUESTS);
    const frames: Uint8Array[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      frames.push(conn.request(ApiKey.Metadata, body, { version: 12 }).frame);
    }
    s.write(concat(...frames));
    return done;
  };
  // Bare over the duplex: the same by hand, reading the readable with a reader.
  const web = await webDuplex(port);
  const webWriter = web.writable.getWriter();
  const webConn = new ClientConnection({ clientId: "bench" });
  const wc = counter();
  let webKept: unknown[] = [];
  void (async () => {
    const reader = web.readable.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      const got = webConn.receive(r.value);
      webKept.push(...got);
      wc.add(got.length);
    }
  })();
  const bareWeb = async () => {
    webKept = [];
    const done = wc.until(REQUESTS);
    const frames: Uint8Array[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      frames.push(webConn.request(ApiKey.Metadata, body, { version: 12 }).frame);
    }
    await webWriter.write(concat(...frames));
    await done;
  };
  const channel = new KafkaClientChannel(await webDuplex(port), { clientId: "bench", maxInFlight: REQUESTS });
  const viaChannel = async () => {
    const all: Promise<unknown>[] = [];
    for (let i = 0; i < REQUESTS; i++) all.push(channel.request(ApiKey.Metadata, body, { version: 12 }));
    await Promise.all(all);
  };
  return [
    mk("ClientConnection by hand, socket events", bare),
    mk("ClientConnection by hand, web duplex", bareWeb),
    mk("KafkaClientChannel", viaChannel, [
      "ClientConnection by hand, web duplex",
      "ClientConnection by hand, socket events",
    ]),
  ];
}

if (process.argv.includes("--peer")) peer();
else {
  const p = await startPeer();
  try {
    const family = process.env.BENCH_ONLY; // "frames" or "requests": one family
    const cases = [
      ...(family === "requests" ? [] : (await Promise.all(BURSTS.map((b) => frameCases(p.port, b)))).flat()),
      ...(family === "frames"
        ? []
        : [...await requestCases(p.port, false), ...await requestCases(p.port, true)]),
    ];
    // BENCH_CASES=<regex>: only the cases it matches (one per process, to compare processes).
    const only = new RegExp(process.env.BENCH_CASES ?? ".");
    const chosen = cases.filter((c) => only.test(c.name)).map((c) => ({
      ...c,
      vs: c.vs?.filter((v) => only.test(v)),
    }));
    printRun("Web Streams adapters over loopback (bench/streams.ts)", await runRounds(chosen));
    printReads();
  } finally {
    p.stop();
  }
  process.exit(0);
}
