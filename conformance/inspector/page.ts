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

    const iggy = iggyCorpus();
    const n = await feed(iggy.pcap);
    check(n === iggy.messages, `Iggy corpus: ${n} rows for ${iggy.messages} messages`);
    const failedRows = await evaluate(`document.querySelectorAll("#rows tr.failed").length`);
    check(failedRows === 0, `Iggy corpus: ${failedRows} rows not decoded`);

    const k = await feed(kafkaCapture());
    check(k === 3, `Kafka capture: ${k} rows`);
    const cells = await evaluate(
      `[...document.querySelectorAll("#rows tr")].map((tr) => [...tr.children].map((td) => td.textContent))`,
    ) as string[][];
    check(
      cells[1]?.[4] === "Metadata" && cells[1]?.[5] === "v12",
      `row 2 is Metadata v12: ${JSON.stringify(cells[1])}`,
    );
    check(cells[2]?.[8] === "UNKNOWN_TOPIC_OR_PARTITION", `row 3 names its error: ${cells[2]?.[8]}`);
    await evaluate(`document.querySelectorAll("#rows tr")[2].click()`);
    const tree = await evaluate(`document.getElementById("tree").textContent`) as string;
    check(tree.includes('host: "broker-1"'), "the decoded tree shows brokers[0].host");
    await evaluate(
      `[...document.querySelectorAll(".field")].find((f) => f.textContent === 'host: "broker-1"').click()`,
    );
    const hl = await evaluate(
      `[...document.querySelectorAll("#hex .hl")].map((s) => s.textContent.trim()).join("")`,
    ) as string;
    check(
      hl === [..."broker-1"].map((c) => c.charCodeAt(0).toString(16)).join(""),
      `the hex view highlights the field: ${hl}`,
    );

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
