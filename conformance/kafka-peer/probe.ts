/**
 * Bad input, as a broker answers it: each case opens its own TCP connection, sends raw bytes
 * (garbage, a frame over the limit, an unknown key or version, requests before SASL, a wrong
 * password …) and reports what came back — the responses (decoded: API, error code) and whether
 * the broker closed the connection. Run against a real Apache Kafka broker and against the
 * endpoint, the two outputs must be the same: that is how the endpoint's answers to bad input
 * are checked to be Kafka's.
 *
 * Usage: deno run -A conformance/kafka-peer/probe.ts --bootstrap 127.0.0.1:9092
 *        [--sasl 127.0.0.1:9093 --sasl-user U --sasl-password P]
 *
 * Whether the broker kept the connection is asked, not waited for: every case ends with an
 * ApiVersions v0 request, and the case is "open" when it is answered, "closed" when the broker
 * closes instead. `--timeout-ms` (default 30000) only bounds a broker that does neither.
 *
 * @module
 */

import { connect } from "node:net";
import { Buffer } from "node:buffer";
import process from "node:process";
import { decodeResponse, encodeRequest } from "../../src/kafka/api.ts";
import { encodeFrame, FrameDecoder } from "../../src/kafka/frame.ts";
import { saslPlainToken } from "../../src/kafka/client.ts";
import { encodeRecordBatch } from "../../src/kafka/records/mod.ts";
import { errorName } from "../../src/kafka/mod.ts";

/** A response the case expects, to decode what comes back: [API key, version] (or "raw"). */
type Expect = [number, number] | "raw";

/** One probe: the bytes to send, in steps, and how to decode the replies. */
export interface ProbeCase {
  /** Case name (printed). */
  name: string;
  /** Which listener: the plain one or the SASL one. */
  listener: "plain" | "sasl";
  /**
   * Steps: bytes to send (or a function of the replies so far, decoded), then the replies to wait
   * for (each decoded as `expect`).
   */
  steps: {
    send: Uint8Array | ((replies: Record<string, unknown>[]) => Uint8Array);
    expect: Expect[];
    /**
     * Resend while the (single) reply carries one of these error codes — a coordinator still
     * loading, as a client retries — up to 50 times, 200 ms apart; the reply is not printed.
     */
    retryOn?: number[];
  }[];
}

/** What a case observed. */
export interface ProbeResult {
  /** One word per reply ("ApiVersions v0 UNSUPPORTED_VERSION [18:0-4]" …), then "closed" or "open". */
  outcome: string;
}

const req = (
  key: number,
  version: number,
  body: unknown,
  correlationId = 1,
  clientId: string | null = "probe",
) => encodeRequest(key, version, { correlationId, clientId }, body as never, { sizePrefix: true });

const u8 = (...b: number[]) => new Uint8Array(b);
const cat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

/** A request header (v1) for `key`/`version`, then `body`, framed — for versions the codec does not encode. */
function rawRequest(key: number, version: number, body: Uint8Array, correlationId = 1): Uint8Array {
  const h = new Uint8Array(8 + 2 + 5);
  const v = new DataView(h.buffer);
  v.setInt16(0, key);
  v.setInt16(2, version);
  v.setInt32(4, correlationId);
  v.setInt16(8, 5);
  h.set(new TextEncoder().encode("probe"), 10);
  return encodeFrame(cat(h, body));
}

/** The cases, given the SASL credentials (the password is right unless a case says otherwise). */
export function probeCases(user: string, password: string, suffix = Date.now().toString(36)): ProbeCase[] {
  const apiVersions3 = req(18, 3, { clientSoftwareName: "probe", clientSoftwareVersion: "1" });
  const metadata = req(3, 12, { topics: null, allowAutoTopicCreation: false }, 2);
  const handshake1 = req(17, 1, { mechanism: "PLAIN" }, 3);
  const handshake0 = req(17, 0, { mechanism: "PLAIN" }, 3);
  const auth = (pw: string) => req(36, 2, { authBytes: saslPlainToken(user, pw) }, 4);
  return [
    // A frame whose header names API key 0x6767 ("gg…"): no such key.
    {
      name: "garbage",
      listener: "plain",
      steps: [{ send: cat(u8(0, 0, 0, 12), new TextEncoder().encode("gggggggggggg")), expect: [] }],
    },
    // 2^31-1 announced: over socket.request.max.bytes (100 MiB).
    {
      name: "frame over the limit",
      listener: "plain",
      steps: [{ send: u8(0x7f, 0xff, 0xff, 0xff, 0, 0, 0, 0), expect: [] }],
    },
    {
      name: "negative frame size",
      listener: "plain",
      steps: [{ send: u8(0xff, 0xff, 0xff, 0xf0, 0, 0), expect: [] }],
    },
    {
      name: "frame shorter than a header",
      listener: "plain",
      steps: [{ send: u8(0, 0, 0, 2, 0, 18), expect: [] }],
    },
    {
      name: "unknown API key 999",
      listener: "plain",
      steps: [{ send: rawRequest(999, 0, new Uint8Array(0)), expect: [] }],
    },
    {
      name: "Metadata v99",
      listener: "plain",
      steps: [{ send: rawRequest(3, 99, new Uint8Array(8)), expect: [] }],
    },
    // Produce v0-v2 are advertised by 4.x brokers (for librdkafka) but refused.
    {
      name: "Produce v2 (advertised, refused)",
      listener: "plain",
      steps: [{ send: req(0, 2, { acks: 1, timeoutMs: 1000, topicData: [] }), expect: [] }],
    },
    {
      // v99 is past the flexible boundary: header v2, whose tag count (0) comes first.
      name: "ApiVersions v99 with an unparsable body",
      listener: "plain",
      steps: [{ send: rawRequest(18, 99, u8(0, 0xde, 0xad, 0xbe, 0xef, 0xff)), expect: [[18, 0]] }],
    },
    {
      name: "ApiVersions v99 with an unparsable header",
      listener: "plain",
      steps: [{ send: rawRequest(18, 99, u8(0xde, 0xad, 0xbe, 0xef, 0xff)), expect: [] }],
    },
    {
      name: "ApiVersions v99 then ApiVersions v3",
      listener: "plain",
      steps: [{ send: rawRequest(18, 99, u8(0)), expect: [[18, 0]] }, {
        send: apiVersions3,
        expect: [[18, 3]],
      }],
    },
    {
      name: "Metadata v12 body cut short",
      listener: "plain",
      steps: [{
        send: (() => {
          const f = req(3, 12, { topics: [{ name: "some-topic" }] });
          const cut = f.slice(0, f.length - 6);
          new DataView(cut.buffer).setInt32(0, cut.length - 4);
          return cut;
        })(),
        expect: [],
      }],
    },
    {
      name: "ApiVersions v3 with trailing bytes",
      listener: "plain",
      steps: [{
        send: (() => {
          const f = cat(req(18, 3, { clientSoftwareName: "probe", clientSoftwareVersion: "1" }), u8(1, 2, 3));
          new DataView(f.buffer).setInt32(0, f.length - 4);
          return f;
        })(),
        expect: [[18, 3]],
      }],
    },
    {
      name: "Metadata v12 with trailing bytes",
      listener: "plain",
      steps: [{
        send: (() => {
          const f = cat(req(3, 12, { topics: null, allowAutoTopicCreation: false }), u8(7, 7, 7, 7));
          new DataView(f.buffer).setInt32(0, f.length - 4);
          return f;
        })(),
        expect: [[3, 12]],
      }],
    },
    {
      name: "SaslHandshake on the plain listener",
      listener: "plain",
      steps: [{ send: handshake1, expect: [[17, 1]] }, { send: metadata, expect: [[3, 12]] }],
    },
    {
      name: "Produce acks=0 to an unknown topic",
      listener: "plain",
      steps: [{
        send: req(0, 9, {
          acks: 0,
          timeoutMs: 1000,
          topicData: [{ name: "no-such-topic-probe", partitionData: [{ index: 0, records: null }] }],
        }),
        expect: [],
      }, { send: metadata, expect: [[3, 12]] }],
    },
    ...idempotenceCases(suffix),
    {
      name: "SASL: Metadata before the handshake",
      listener: "sasl",
      steps: [{ send: metadata, expect: [] }],
    },
    {
      name: "SASL: ApiVersions, then Metadata",
      listener: "sasl",
      steps: [{ send: apiVersions3, expect: [[18, 3]] }, { send: metadata, expect: [] }],
    },
    {
      name: "SASL: ApiVersions twice",
      listener: "sasl",
      steps: [{ send: apiVersions3, expect: [[18, 3]] }, { send: apiVersions3, expect: [[18, 3]] }],
    },
    {
      name: "SASL: unknown mechanism",
      listener: "sasl",
      steps: [{ send: req(17, 1, { mechanism: "NOPE" }), expect: [[17, 1]] }],
    },
    {
      name: "SASL: handshake v1, then Metadata",
      listener: "sasl",
      steps: [{ send: handshake1, expect: [[17, 1]] }, { send: metadata, expect: [[3, 12]] }],
    },
    {
      name: "SASL: SaslAuthenticate before the handshake",
      listener: "sasl",
      steps: [{ send: auth(password), expect: [] }],
    },
    {
      name: "SASL: handshake v1, wrong password",
      listener: "sasl",
      steps: [{ send: handshake1, expect: [[17, 1]] }, {
        send: auth(password + "-wrong"),
        expect: [[36, 2]],
      }],
    },
    {
      name: "SASL: handshake v1, right password, Metadata",
      listener: "sasl",
      steps: [
        { send: handshake1, expect: [[17, 1]] },
        { send: auth(password), expect: [[36, 2]] },
        { send: metadata, expect: [[3, 12]] },
      ],
    },
    {
      name: "SASL: handshake v0, raw token, wrong password",
      listener: "sasl",
      steps: [{ send: handshake0, expect: [[17, 0]] }, {
        send: encodeFrame(saslPlainToken(user, password + "x")),
        expect: [],
      }],
    },
    {
      name: "SASL: handshake v0, raw token, Metadata",
      listener: "sasl",
      steps: [
        { send: handshake0, expect: [[17, 0]] },
        { send: encodeFrame(saslPlainToken(user, password)), expect: ["raw"] },
        { send: metadata, expect: [[3, 12]] },
      ],
    },
  ];
}

function decodeBody(expect: Expect, payload: Uint8Array): Record<string, unknown> {
  if (expect === "raw") return {};
  try {
    return decodeResponse(expect[0], expect[1], payload).body as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * Idempotent and transactional produce on a fresh topic: a retried batch, a sequence gap, a new
 * epoch, an older epoch; a transactional batch before and after AddPartitionsToTxn, then EndTxn.
 */
/** What a coordinator answers while its log loads (or before FindCoordinator made it exist). */
const LOADING = [14, 15, 16]; // COORDINATOR_LOAD_IN_PROGRESS, COORDINATOR_NOT_AVAILABLE, NOT_COORDINATOR

function idempotenceCases(suffix: string): ProbeCase[] {
  const topic = `probe-idem-${suffix}`;
  const txTopic = `probe-txn-${suffix}`;
  const create = (name: string) =>
    req(19, 7, {
      topics: [{ name, numPartitions: 1, replicationFactor: 1, assignments: [], configs: [] }],
      timeoutMs: 10000,
    });
  // The InitProducerId reply: the only one with a producerId.
  const init = (replies: Record<string, unknown>[]) =>
    replies.find((r) => "producerId" in r && "producerEpoch" in r && !("coordinators" in r))!;
  const pidOf = (replies: Record<string, unknown>[]) => init(replies).producerId as bigint;
  const epochOf = (replies: Record<string, unknown>[]) => init(replies).producerEpoch as number;
  const batch = (
    producerId: bigint,
    producerEpoch: number,
    baseSequence: number,
    count: number,
    isTransactional = false,
  ) =>
    encodeRecordBatch({
      producerId,
      producerEpoch,
      baseSequence,
      isTransactional,
      records: Array.from(
        { length: count },
        (_, i) => ({ value: new TextEncoder().encode(`v${i}`), timestamp: 1700000000000 }),
      ),
    });
  const produce = (name: string, records: Uint8Array, transactionalId: string | null = null) =>
    req(0, 9, {
      transactionalId,
      acks: -1,
      timeoutMs: 5000,
      topicData: [{ name, partitionData: [{ index: 0, records }] }],
    });
  const idem = (epoch: (r: Record<string, unknown>[]) => number, seq: number, count: number) => ({
    send: (r: Record<string, unknown>[]) => produce(topic, batch(pidOf(r), epoch(r), seq, count)),
    expect: [[0, 9]] as Expect[],
  });
  const txId = `probe-tx-${suffix}`;
  const txBatch = (r: Record<string, unknown>[], seq: number) =>
    produce(txTopic, batch(pidOf(r), epochOf(r), seq, 1, true), txId);
  const endTxn = (committed: boolean) => ({
    send: (r: Record<string, unknown>[]) =>
      req(26, 3, { transactionalId: txId, producerId: pidOf(r), producerEpoch: epochOf(r), committed }),
    expect: [[26, 3]] as Expect[],
  });
  return [
    {
      name: "idempotent produce: retry, gap, new epoch, old epoch",
      listener: "plain",
      steps: [
        { send: create(topic), expect: [[19, 7]] },
        {
          send: req(22, 4, {
            transactionalId: null,
            transactionTimeoutMs: 60000,
            producerId: -1n,
            producerEpoch: -1,
          }),
          expect: [[22, 4]],
          retryOn: LOADING,
        },
        idem(epochOf, 0, 2),
        idem(epochOf, 0, 2), // the same batch again: a retry
        idem(epochOf, 5, 1), // a gap
        idem(epochOf, 2, 2),
        idem((r) => epochOf(r) + 1, 3, 1), // a new epoch must start at 0
        idem((r) => epochOf(r) + 1, 0, 1),
        idem(epochOf, 4, 1), // the old epoch after the new one
      ],
    },
    {
      name: "transactional produce: before and after AddPartitionsToTxn, then EndTxn",
      listener: "plain",
      steps: [
        { send: create(txTopic), expect: [[19, 7]] },
        // FindCoordinator makes a real broker create its transaction log; then the coordinator loads.
        { send: req(10, 3, { key: txId, keyType: 1 }), expect: [[10, 3]], retryOn: LOADING },
        {
          send: req(22, 4, {
            transactionalId: txId,
            transactionTimeoutMs: 60000,
            producerId: -1n,
            producerEpoch: -1,
          }),
          expect: [[22, 4]],
          retryOn: LOADING,
        },
        { send: (r) => txBatch(r, 0), expect: [[0, 9]] },
        {
          send: (r) =>
            req(24, 3, {
              v3AndBelowTransactionalId: txId,
              v3AndBelowProducerId: pidOf(r),
              v3AndBelowProducerEpoch: epochOf(r),
              v3AndBelowTopics: [{ name: txTopic, partitions: [0] }],
            }),
          expect: [[24, 3]],
        },
        { send: (r) => txBatch(r, 0), expect: [[0, 9]] },
        // (A second EndTxn right after is timing-dependent on a real broker: CONCURRENT_TRANSACTIONS
        // while its markers are written.)
        endTxn(true),
      ],
    },
  ];
}

function describeReply(expect: Expect, payload: Uint8Array): string {
  if (expect === "raw") return `raw token (${payload.length} bytes)`;
  const [key, version] = expect;
  try {
    const { body } = decodeResponse(key, version, payload) as { body: Record<string, unknown> };
    const code = (body.errorCode as number | undefined) ?? 0;
    let extra = "";
    if (key === 18) {
      const keys = body.apiKeys as { apiKey: number; minVersion: number; maxVersion: number }[];
      extra = code === 0
        ? ` (${keys.length} APIs)`
        : ` [${keys.map((k) => `${k.apiKey}:${k.minVersion}-${k.maxVersion}`).join(",")}]`;
    }
    if (key === 17) extra = ` [${(body.mechanisms as string[]).join(",")}]`;
    if (key === 0) {
      const p = (body.responses as { partitionResponses: { errorCode: number; baseOffset: bigint }[] }[])[0]
        .partitionResponses[0];
      return `0v${version} ${p.errorCode === 0 ? `ok base=${p.baseOffset}` : errorName(p.errorCode)}`;
    }
    if (key === 24 && version <= 3) {
      const p =
        (body.resultsByTopicV3AndBelow as { resultsByPartition: { partitionErrorCode: number }[] }[])[0]
          .resultsByPartition[0];
      return `24v${version} ${p.partitionErrorCode === 0 ? "ok" : errorName(p.partitionErrorCode)}`;
    }
    if (key === 19) {
      const t = (body.topics as { errorCode: number }[])[0];
      return `19v${version} ${t.errorCode === 0 ? "ok" : errorName(t.errorCode)}`;
    }
    return `${key}v${version} ${code === 0 ? "ok" : errorName(code)}${extra}`;
  } catch (e) {
    // An ApiVersions reply that is not the version asked for is read at v0 (KIP-511).
    if (key === 18 && version !== 0) return describeReply([18, 0], payload) + ` (asked v${version})`;
    return `undecodable reply to ${key}v${version}: ${(e as Error).message}`;
  }
}

/** The last frame of every case: answered means the broker kept the connection open. */
const SENTINEL = encodeRequest(18, 0, { correlationId: 0x5e47, clientId: "probe" }, {} as never, {
  sizePrefix: true,
});

/**
 * Runs one case against `address` ("host:port"): each step's bytes, then its replies, then an
 * ApiVersions v0 sentinel — the case ends "open" when the sentinel is answered, "closed" when
 * the broker closes the connection instead. Every wait is for an event (a reply, the close);
 * `timeoutMs` only bounds a broker that does neither.
 */
export function runCase(c: ProbeCase, address: string, timeoutMs: number): Promise<ProbeResult> {
  const [host, port] = [
    address.slice(0, address.lastIndexOf(":")),
    Number(address.slice(address.lastIndexOf(":") + 1)),
  ];
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const frames = new FrameDecoder();
    const words: string[] = [];
    const replies: Record<string, unknown>[] = [];
    let step = 0;
    let retries = 0;
    let waiting: Expect[] = [];
    let sentinel = false;
    let done = false;
    const timer = setTimeout(() => finish(`neither a reply nor a close within ${timeoutMs} ms`), timeoutMs);
    const finish = (end: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      words.push(end);
      socket.destroy();
      resolve({ outcome: words.join("; ") });
    };
    const next = () => {
      while (waiting.length === 0) {
        if (step >= c.steps.length) {
          sentinel = true;
          socket.write(Buffer.from(SENTINEL));
          return;
        }
        const s = c.steps[step++];
        waiting = [...s.expect];
        socket.write(Buffer.from(typeof s.send === "function" ? s.send(replies) : s.send));
      }
    };
    socket.on("connect", next);
    socket.on("data", (chunk: Uint8Array) => {
      let payloads: Uint8Array[];
      try {
        payloads = frames.push(new Uint8Array(chunk));
      } catch (e) {
        finish(`bad frame from the broker: ${(e as Error).message}`);
        return;
      }
      for (const p of payloads) {
        if (done) return;
        if (sentinel && waiting.length === 0) {
          finish("open");
          return;
        }
        const e = waiting.shift();
        const current = c.steps[step - 1];
        if (e !== undefined && current?.retryOn !== undefined) {
          const code = (decodeBody(e, p).errorCode as number | undefined) ?? 0;
          if (current.retryOn.includes(code)) {
            if (++retries > 50) {
              finish(`gave up after 50 retries: still ${errorName(code)}`);
              return;
            }
            waiting = [e];
            setTimeout(() => {
              if (!done) {
                socket.write(
                  Buffer.from(typeof current.send === "function" ? current.send(replies) : current.send),
                );
              }
            }, 200);
            continue;
          }
        }
        words.push(e === undefined ? `unexpected reply (${p.length} bytes)` : describeReply(e, p));
        if (e !== undefined) replies.push(decodeBody(e, p));
        if (waiting.length === 0) next();
      }
    });
    socket.on("close", () => finish("closed"));
    socket.on("error", () => finish("closed"));
  });
}

/**
 * An outcome without what depends on the broker's configuration (how many APIs it serves,
 * which SASL mechanisms it enables), for comparing two brokers.
 */
export function normalizeOutcome(line: string): string {
  return line.replace(/\(\d+ APIs\)/g, "(APIs)").replace(/ \[[A-Z0-9,-]*\]/g, " [mechanisms]");
}

async function main(): Promise<void> {
  const a = process.argv.slice(2);
  const opt = (name: string, dflt?: string) => {
    const i = a.indexOf(name);
    return i >= 0 ? a[i + 1] : dflt;
  };
  const bootstrap = opt("--bootstrap");
  if (bootstrap === undefined || a.includes("--help")) {
    console.log(
      "usage: probe.ts --bootstrap host:port [--sasl host:port --sasl-user U --sasl-password P] [--timeout-ms N]",
    );
    process.exit(bootstrap === undefined ? 2 : 0);
  }
  const sasl = opt("--sasl");
  const timeoutMs = Number(opt("--timeout-ms", "30000"));
  const cases = probeCases(opt("--sasl-user", "user")!, opt("--sasl-password", "password")!);
  for (const c of cases) {
    if (c.listener === "sasl" && sasl === undefined) continue;
    const r = await runCase(c, c.listener === "sasl" ? sasl! : bootstrap, timeoutMs);
    console.log(`${c.name}: ${r.outcome}`);
  }
}

// Run as a script (Deno, Bun); imported by the tests, it only exports.
if ((import.meta as ImportMeta & { main?: boolean }).main) await main();
