/**
 * The web inspector in a real headless Chromium: loads docs/inspector/index.html (built by
 * `deno task inspector:build`), hands it the corpus captures as a drop would, asserts the
 * table's rows and one decoded field, and saves a screenshot to docs/inspector/screenshot.png.
 * Driven over the DevTools protocol (WebSocket), no npm browser tooling.
 *
 *   deno run -A conformance/inspector/page.ts [--chromium /usr/bin/chromium] [--help]
 *
 * Prints `N passed, N failed`; exit 1 on any failure.
 *
 * @module
 */

import { iggyCorpus } from "../captures/iggy_corpus.ts";
import { PcapWriter } from "../../src/cli/pcap_writer.ts";
import { encodeRequest, encodeResponse } from "../../src/kafka/api.ts";
import { encodeRecordBatch } from "../../src/kafka/records/mod.ts";
import { encodeRequestFrame } from "../../src/iggy/framing.ts";
import { encodeRequestBody as iggyRequest } from "../../src/iggy/dispatch.ts";
import { Operation, RequestHeader } from "../../src/iggy/consensus/mod.ts";
import { launchChromium } from "../../tools/npm/_chromium.ts";

const args = Deno.args;
if (args.includes("--help") || args.includes("-h")) {
  console.log("usage: deno run -A conformance/inspector/page.ts [--chromium PATH]");
  Deno.exit(0);
}
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--chromium") i++;
  else {
    console.error(`unknown argument ${args[i]}`);
    Deno.exit(2);
  }
}
const chromium = args.includes("--chromium") ? args[args.indexOf("--chromium") + 1] : "/usr/bin/chromium";
const root = new URL("../../", import.meta.url);
const page = new URL("docs/inspector/index.html", root);
if (!(await exists(new URL("docs/inspector/inspector.js", root)))) {
  console.error("docs/inspector/inspector.js is missing: run `deno task inspector:build` first");
  Deno.exit(1);
}

async function exists(u: URL): Promise<boolean> {
  try {
    await Deno.stat(u);
    return true;
  } catch {
    return false;
  }
}

function kafkaCapture(): Uint8Array {
  const w = new PcapWriter();
  const c = w.connection("10.9.0.1", 40123, "10.9.0.2", 9092, 1.764e15);
  c.send(
    "client",
    encodeRequest(18, 3, { correlationId: 1, clientId: "web" }, {
      clientSoftwareName: "streamwire",
      clientSoftwareVersion: "0.1",
    }, { sizePrefix: true }),
    1.764e15 + 100,
  );
  c.send(
    "client",
    encodeRequest(3, 12, { correlationId: 2, clientId: "web" }, {
      topics: [{ name: "orders" }],
      allowAutoTopicCreation: false,
    }, { sizePrefix: true }),
    1.764e15 + 200,
  );
  c.send(
    "server",
    encodeResponse(3, 12, { correlationId: 2 }, {
      brokers: [{ nodeId: 1, host: "broker-1", port: 9092 }],
      topics: [{ errorCode: 3, name: "orders", partitions: [] }],
    }, { sizePrefix: true }),
    1.764e15 + 2400,
  );
  return w.bytes();
}

const UUID = "5f7b0d7e-6f0a-4f7e-9d0b-1b2c3d4e5f60";

// Independent encoders for the expected bytes of each field (not the library's).
const hex = (b: ArrayLike<number>) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
const utf8 = (s: string) => hex(new TextEncoder().encode(s));
const be = (n: number | bigint, width: number) => {
  let x = BigInt.asUintN(width * 8, BigInt(n));
  const out: number[] = [];
  for (let i = 0; i < width; i++, x >>= 8n) out.unshift(Number(x & 0xffn));
  return hex(out);
};
const compactStr = (s: string) => be(new TextEncoder().encode(s).length + 1, 1) + utf8(s);
const str16 = (s: string) => be(new TextEncoder().encode(s).length, 2) + utf8(s);
const f64 = (x: number) => {
  const dv = new DataView(new ArrayBuffer(8));
  dv.setFloat64(0, x);
  return hex(new Uint8Array(dv.buffer));
};

/** One message per field kind, and where each field's bytes must be highlighted. */
function fieldKinds(): {
  pcap: Uint8Array;
  probes: { row: number; path: string; kind: string; hex: string }[];
} {
  const w = new PcapWriter();
  const c = w.connection("10.9.0.1", 40124, "10.9.0.2", 9092, 1.764e15);
  const enc = new TextEncoder();
  const t = 1.764e15;
  const send = (side: "client" | "server", frame: Uint8Array) => c.send(side, frame, t);
  // 0: ApiVersions v3 (request header v2: flexible, but the client id keeps its int16 length).
  send(
    "client",
    encodeRequest(18, 3, { correlationId: 1, clientId: "web" }, {
      clientSoftwareName: "streamwire",
      clientSoftwareVersion: "1",
    }, { sizePrefix: true }),
  );
  // 1: Metadata v12 request, 2: its response.
  send(
    "client",
    encodeRequest(3, 12, { correlationId: 2, clientId: "web" }, {
      topics: [{ topicId: UUID, name: "orders" }],
      allowAutoTopicCreation: false,
      includeTopicAuthorizedOperations: true,
    }, { sizePrefix: true }),
  );
  send(
    "server",
    encodeResponse(3, 12, { correlationId: 2 }, {
      throttleTimeMs: 7,
      brokers: [{ nodeId: 1, host: "broker-1", port: 9092, rack: null }],
      topics: [{ errorCode: 3, name: "orders", partitions: [] }],
    }, { sizePrefix: true }),
  );
  // 3: Fetch v15: int8, int64, a tagged string, a tagged struct.
  send(
    "client",
    encodeRequest(1, 15, { correlationId: 3, clientId: "web" }, {
      clusterId: "c1",
      replicaState: { replicaId: 5, replicaEpoch: 9n },
      isolationLevel: 1,
      topics: [{ topicId: UUID, partitions: [{ partition: 0, fetchOffset: 7n, partitionMaxBytes: 1024 }] }],
    }, { sizePrefix: true }),
  );
  // 4: AlterClientQuotas v0: float64.
  send(
    "client",
    encodeRequest(49, 0, { correlationId: 4, clientId: "web" }, {
      entries: [{
        entity: [{ entityType: "user", entityName: "u" }],
        ops: [{ key: "k", value: 1.5, remove: false }],
      }],
    }, { sizePrefix: true }),
  );
  // 5: SaslAuthenticate v0: bytes (int32 length).
  send(
    "client",
    encodeRequest(36, 0, { correlationId: 5, clientId: "web" }, {
      authBytes: enc.encode("token"),
    }, { sizePrefix: true }),
  );
  // 6: Produce v9: records, and the batch header inside them.
  const records = encodeRecordBatch({
    baseOffset: 0n,
    records: [{ value: enc.encode("v"), timestamp: 1700000000000 }],
  });
  send(
    "client",
    encodeRequest(0, 9, { correlationId: 6, clientId: "web" }, {
      acks: -1,
      timeoutMs: 1000,
      topicData: [{ name: "orders", partitionData: [{ index: 0, records }] }],
    }, { sizePrefix: true }),
  );
  // 7: BrokerRegistration v0: uint16.
  send(
    "client",
    encodeRequest(62, 0, { correlationId: 7, clientId: "web" }, {
      brokerId: 1,
      clusterId: "c",
      incarnationId: UUID,
      listeners: [{ name: "PLAINTEXT", host: "h", port: 9092, securityProtocol: 0 }],
      rack: null,
    }, { sizePrefix: true }),
  );
  const uuid = UUID.replaceAll("-", "");
  const probes = [
    { row: 0, path: "header.requestApiKey", kind: "int16 (header)", hex: be(18, 2) },
    { row: 0, path: "header.requestApiVersion", kind: "int16 (header)", hex: be(3, 2) },
    { row: 0, path: "header.correlationId", kind: "int32 (header)", hex: be(1, 4) },
    { row: 0, path: "header.clientId", kind: "string (header, int16 length)", hex: str16("web") },
    { row: 0, path: "body.clientSoftwareName", kind: "compact string", hex: compactStr("streamwire") },
    { row: 1, path: "body.topics.0.topicId", kind: "uuid", hex: uuid },
    { row: 1, path: "body.topics.0.name", kind: "nullable compact string", hex: compactStr("orders") },
    { row: 1, path: "body.topics", kind: "array of structs", hex: "02" + uuid + compactStr("orders") + "00" },
    { row: 1, path: "body.allowAutoTopicCreation", kind: "bool", hex: "00" },
    { row: 1, path: "body.includeTopicAuthorizedOperations", kind: "bool", hex: "01" },
    { row: 2, path: "header.correlationId", kind: "int32 (response header)", hex: be(2, 4) },
    { row: 2, path: "body.throttleTimeMs", kind: "int32", hex: be(7, 4) },
    { row: 2, path: "body.brokers.0.host", kind: "string", hex: compactStr("broker-1") },
    { row: 2, path: "body.brokers.0.port", kind: "int32", hex: be(9092, 4) },
    { row: 2, path: "body.brokers.0.rack", kind: "null string", hex: "00" },
    { row: 2, path: "body.topics.0.errorCode", kind: "int16", hex: be(3, 2) },
    { row: 3, path: "body.isolationLevel", kind: "int8", hex: "01" },
    { row: 3, path: "body.topics.0.partitions.0.fetchOffset", kind: "int64", hex: be(7, 8) },
    { row: 3, path: "body.clusterId", kind: "tagged string", hex: compactStr("c1") },
    { row: 3, path: "body.replicaState", kind: "tagged struct", hex: be(5, 4) + be(9, 8) + "00" },
    { row: 3, path: "body.replicaState.replicaEpoch", kind: "int64 in a struct", hex: be(9, 8) },
    { row: 4, path: "body.entries.0.ops.0.value", kind: "float64", hex: f64(1.5) },
    { row: 5, path: "body.authBytes", kind: "bytes", hex: be(5, 4) + utf8("token") },
    {
      row: 6,
      path: "body.topicData.0.partitionData.0.records",
      kind: "records",
      hex: be(records.length + 1, 1).padStart(2, "0") + hex(records),
    },
    {
      row: 6,
      path: "body.topicData.0.partitionData.0.records.batches.0.baseOffset",
      kind: "record batch field",
      hex: be(0, 8),
    },
    { row: 7, path: "body.listeners.0.port", kind: "uint16", hex: be(9092, 2) },
  ];
  return { pcap: w.bytes(), probes };
}

/** A capture on two Kafka ports: one sniffable, one that starts mid-stream (needs the port). */
function twoPorts(): Uint8Array {
  const w = new PcapWriter();
  const a = w.connection("10.9.0.1", 40200, "10.9.0.2", 19092, 1.764e15);
  const frame = (corr: number) =>
    encodeRequest(18, 3, { correlationId: corr, clientId: "p" }, {
      clientSoftwareName: "n",
      clientSoftwareVersion: "1",
    }, { sizePrefix: true });
  a.send("client", frame(1), 1.764e15);
  const b = w.connection("10.9.0.1", 40201, "10.9.0.2", 19093, 1.764e15, { handshake: false });
  const joined = new Uint8Array([...frame(2), ...frame(3)]);
  const segs = b.segments("client", joined);
  b.write("client", 1.764e15 + 1, { seq: segs[0].seq + 5, payload: joined.subarray(5) });
  return w.bytes();
}

/** `n` request/response pairs, to scroll through. */
function many(n: number): Uint8Array {
  const w = new PcapWriter();
  const c = w.connection("10.9.0.1", 40300, "10.9.0.2", 9092, 1.764e15, { mss: 65000 });
  for (let i = 1; i <= n; i++) {
    c.send(
      "client",
      encodeRequest(3, 12, { correlationId: i, clientId: "m" }, { topics: [{ name: `t-${i}` }] }, {
        sizePrefix: true,
      }),
      1.764e15 + i * 10,
    );
    c.send(
      "server",
      encodeResponse(3, 12, { correlationId: i }, {
        brokers: [],
        topics: [{ errorCode: i % 100 === 0 ? 3 : 0, name: `t-${i}`, partitions: [] }],
      }, { sizePrefix: true }),
      1.764e15 + i * 10 + 5,
    );
  }
  return w.bytes();
}

class Cdp {
  #ws: WebSocket;
  #id = 0;
  #calls = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  #events = new Map<string, ((p: unknown) => void)[]>();
  private constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.onmessage = (e) => {
      const msg = JSON.parse(e.data as string);
      if (msg.id !== undefined) {
        const c = this.#calls.get(msg.id);
        this.#calls.delete(msg.id);
        if (msg.error) c?.reject(new Error(JSON.stringify(msg.error)));
        else c?.resolve(msg.result);
      } else if (msg.method) {
        for (const f of this.#events.get(msg.method) ?? []) f(msg.params);
        this.#events.delete(msg.method);
      }
    };
  }
  static open(url: string): Promise<Cdp> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.onopen = () => resolve(new Cdp(ws));
      ws.onerror = () => reject(new Error("DevTools WebSocket failed"));
    });
  }
  call(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = ++this.#id;
    this.#ws.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) => this.#calls.set(id, { resolve, reject }));
  }
  once(method: string): Promise<unknown> {
    return new Promise((resolve) => this.#events.set(method, [...(this.#events.get(method) ?? []), resolve]));
  }
  close(): void {
    this.#ws.close();
  }
}

await run();

async function run(): Promise<void> {
  const browser = await launchChromium(chromium, [
    "--allow-file-access-from-files",
    "--window-size=1400,900",
  ]);
  let passed = 0, failed = 0;
  function check(ok: boolean, what: string): void {
    if (ok) passed++;
    else failed++;
    console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  }

  try {
    const wsUrl = browser.wsUrl;
    const targets =
      await (await fetch(wsUrl.replace("ws://", "http://").replace(/\/devtools\/browser\/.*/, "/json")))
        .json() as {
          type: string;
          webSocketDebuggerUrl: string;
        }[];
    const target = targets.find((t) => t.type === "page")!;
    const cdp = await Cdp.open(target.webSocketDebuggerUrl);
    await cdp.call("Page.enable");
    const loaded = cdp.once("Page.loadEventFired");
    await cdp.call("Page.navigate", { url: page.href });
    await loaded;
    const evaluate = async (expr: string) => {
      const r = await cdp.call("Runtime.evaluate", {
        expression: expr,
        returnByValue: true,
        awaitPromise: true,
      }) as {
        result: { value: unknown };
        exceptionDetails?: unknown;
      };
      if (r.exceptionDetails) throw new Error(`page: ${JSON.stringify(r.exceptionDetails)}`);
      return r.result.value;
    };
    const feed = (bytes: Uint8Array) => {
      let bin = "";
      for (const b of bytes) bin += String.fromCharCode(b);
      return evaluate(
        `streamwireInspect(Uint8Array.from(atob(${JSON.stringify(btoa(bin))}), (c) => c.charCodeAt(0)))`,
      );
    };

    const rows = () =>
      evaluate(`document.querySelectorAll("#rows tr:not(.spacer)").length`) as Promise<number>;
    const iggy = iggyCorpus();
    const n = await feed(iggy.pcap);
    check(n === iggy.messages, `Iggy corpus: ${n} messages for ${iggy.messages}`);
    const failedRows = await evaluate(`document.getElementById("status").textContent`) as string;
    check(/, 0 not decoded/.test(failedRows), `Iggy corpus: ${failedRows}`);

    const k = await feed(kafkaCapture());
    check(k === 3, `Kafka capture: ${k} rows`);
    const cells = await evaluate(
      `[...document.querySelectorAll("#rows tr:not(.spacer)")].map((tr) => [...tr.children].map((td) => td.textContent))`,
    ) as string[][];
    check(
      cells[1]?.[4] === "Metadata" && cells[1]?.[5] === "v12",
      `row 2 is Metadata v12: ${JSON.stringify(cells[1])}`,
    );
    check(cells[2]?.[8] === "UNKNOWN_TOPIC_OR_PARTITION", `row 3 names its error: ${cells[2]?.[8]}`);
    await evaluate(`document.querySelectorAll("#rows tr:not(.spacer)")[2].click()`);
    const tree = await evaluate(`document.getElementById("tree").textContent`) as string;
    check(tree.includes('host: "broker-1"'), "the decoded tree shows brokers[0].host");
    check(!tree.includes("clusterAuthorizedOperations"), "the tree leaves out what v12 does not carry");

    // Every field kind: click it in the tree, read the highlighted bytes (hex and ASCII columns).
    const kinds = fieldKinds();
    await feed(kinds.pcap);
    for (const p of kinds.probes) {
      await evaluate(`streamwireSelect(${p.row})`);
      const got = await evaluate(`(() => {
        const f = document.querySelector('.field[data-path="${p.path}"]');
        if (!f) return "no such field";
        f.click();
        return [...document.querySelectorAll("#hex > div > span.hl")].map((s) => s.textContent.trim()).join("");
      })()`) as string;
      check(
        got === p.hex,
        `highlight of ${p.kind} ${p.path}: ${got}${got === p.hex ? "" : ` (want ${p.hex})`}`,
      );
    }
    const ascii = await evaluate(`(() => {
      streamwireSelect(0);
      document.querySelector('.field[data-path="header.clientId"]').click();
      return [...document.querySelectorAll("#hex .ascii span.hl")].map((s) => s.textContent).join("");
    })()`);
    check(ascii === "..web", `the ASCII column shows and highlights the field: ${JSON.stringify(ascii)}`);

    // Iggy: a consensus header field by its offset, a crate frame's request id and body string.
    const w = new PcapWriter();
    const ic = w.connection("10.9.0.1", 40400, "10.9.0.2", 8090, 1.764e15);
    ic.send(
      "client",
      encodeRequestFrame(202, 77n, iggyRequest(202, { name: "orders", options: new Uint8Array() })),
      1.764e15,
    );
    await feed(w.bytes());
    await evaluate(`streamwireSelect(0)`);
    const hlOf = (path: string) =>
      evaluate(`(() => {
        const f = document.querySelector('.field[data-path="${path}"]');
        if (!f) return "no such field";
        f.click();
        return [...document.querySelectorAll("#hex > div > span.hl")].map((s) => s.textContent.trim()).join("");
      })()`);
    const idHl = await hlOf("requestId");
    check(idHl === "4d00000000000000", `Iggy request id: ${idHl}`);
    const nameHl = await hlOf("body.name");
    check(nameHl === utf8("orders"), `Iggy body string: ${nameHl}`);
    // A VSR consensus request: header fields by the header type's offsets.
    const body = iggyRequest(202, { name: "orders", options: new Uint8Array() });
    const header = RequestHeader.create({
      client: 7n,
      operation: Operation.CreateStream,
      session: 1n,
      request: 9n,
      size: 256 + body.length,
    });
    const cw = new PcapWriter();
    cw.connection("10.9.0.1", 40401, "10.9.0.2", 8090, 1.764e15).send(
      "client",
      new Uint8Array([...header.bytes, ...body]),
      1.764e15,
    );
    await feed(cw.bytes());
    await evaluate(`streamwireSelect(0)`);
    const le = (n: number | bigint, width: number) => be(n, width).match(/../g)!.reverse().join("");
    for (
      const [path, want] of [
        ["header.size", le(256 + body.length, 4)],
        ["header.client", le(7n, 16)],
        ["header.request", le(9n, 8)],
        ["body.name", utf8("orders")],
      ]
    ) {
      const got = await hlOf(path);
      check(got === want, `Iggy consensus ${path}: ${got}${got === want ? "" : ` (want ${want})`}`);
    }

    // Several Kafka ports: the mid-stream connection on 19093 decodes only once its port is given.
    const two = twoPorts();
    const before = await feed(two);
    await evaluate(`document.getElementById("kafka-port").value = "9092, 19093"`);
    const after = await feed(two);
    check(before === 1 && after === 2, `ports "9092, 19093": ${before} → ${after} messages`);
    await evaluate(`document.getElementById("kafka-port").value = "9092"`);

    // Thousands of rows: few drawn, filter, search, summary.
    const total = await feed(many(3000));
    check(total === 6000, `6000 messages loaded: ${total}`);
    const drawn = await rows();
    check(drawn > 0 && drawn < 200, `${drawn} rows drawn of 6000`);
    await evaluate(
      `(() => { const t = document.getElementById("table-wrap"); t.scrollTop = t.scrollHeight; t.onscroll(); })()`,
    );
    await new Promise((r) => setTimeout(r, 200));
    const lastId = await evaluate(
      `[...document.querySelectorAll("#rows tr:not(.spacer)")].at(-1).children[6].textContent`,
    );
    check(lastId === "3000", `scrolled to the end: last row is correlation id ${lastId}`);
    await evaluate(
      `(() => { const e = document.getElementById("f-errors"); e.checked = true; e.onchange(); })()`,
    );
    let status = await evaluate(`document.getElementById("status").textContent`) as string;
    check(status.startsWith("30 of 6000"), `errors only: ${status}`);
    await evaluate(
      `(() => { const e = document.getElementById("f-errors"); e.checked = false; e.onchange(); })()`,
    );
    await evaluate(
      `(() => { const d = document.getElementById("f-dir"); d.value = "request"; d.onchange(); })()`,
    );
    await evaluate(
      `(() => { const s = document.getElementById("f-search"); s.value = "t-2999"; s.oninput(); })()`,
    );
    await new Promise((r) => setTimeout(r, 400));
    status = await evaluate(`document.getElementById("status").textContent`) as string;
    check(status.startsWith("1 of 6000"), `requests searched for t-2999: ${status}`);
    await evaluate(`document.getElementById("summary-toggle").click()`);
    const summary = await evaluate(
      `[...document.querySelectorAll("#summary-rows tr")].map((tr) => [...tr.children].map((td) => td.textContent))`,
    ) as string[][];
    check(
      summary.length === 1 && summary[0][1] === "Metadata" && summary[0][2] === "3000" &&
        summary[0][8] === "UNKNOWN_TOPIC_OR_PARTITION×30",
      `summary: ${JSON.stringify(summary)}`,
    );
    await evaluate(`(() => { const s = document.getElementById("f-search"); s.value = ""; s.oninput(); })()`);
    await evaluate(`(() => { const d = document.getElementById("f-dir"); d.value = ""; d.onchange(); })()`);
    await evaluate(`document.getElementById("summary").hidden = true`);
    await new Promise((r) => setTimeout(r, 300));

    // The screenshot: the small Kafka capture with a field highlighted.
    await feed(kafkaCapture());
    await evaluate(`streamwireSelect(2)`);
    await hlOf("body.brokers.0.host");

    const shot = await cdp.call("Page.captureScreenshot", { format: "png" }) as { data: string };
    const png = Uint8Array.from(atob(shot.data), (c) => c.charCodeAt(0));
    await Deno.writeFile(new URL("docs/inspector/screenshot.png", root), png);
    check(png.length > 10_000, `screenshot saved (${png.length} bytes)`);
    cdp.close();
  } catch (e) {
    failed++;
    console.log(`FAIL ${e instanceof Error ? e.stack : e}`);
  } finally {
    await browser.close();
  }
  console.log(`${passed} passed, ${failed} failed`);
  Deno.exit(failed ? 1 : 0);
}
