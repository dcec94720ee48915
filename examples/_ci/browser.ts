/**
 * The browser example in headless Chromium: opens examples/browser/index.html (with the bundle
 * beside it) from `--page DIR`, hands the page `--capture FILE` as a picked file would be, and
 * requires every message decoded. Driven over the DevTools protocol; Debian's chromium
 * (tools/npm/install_chromium.sh).
 *
 * Usage: deno run -A examples/_ci/browser.ts --page DIR --capture FILE [--chromium PATH]
 */
import { launchChromium } from "../../tools/npm/_chromium.ts";

const arg = (name: string, fallback?: string) => {
  const i = Deno.args.indexOf(name);
  const v = i < 0 ? fallback : Deno.args[i + 1];
  if (v === undefined) throw new Error(`browser.ts: ${name} is required`);
  return v;
};
const page = new URL(`file://${Deno.realPathSync(arg("--page"))}/index.html`);
const capture = await Deno.readFile(arg("--capture"));
const browser = await launchChromium(arg("--chromium", "/usr/bin/chromium"), [
  "--allow-file-access-from-files",
]);
let ws: WebSocket | undefined;
try {
  const http = browser.wsUrl.replace("ws://", "http://").replace(/\/devtools\/browser\/.*/, "/json");
  const target = ((await (await fetch(http)).json()) as { type: string; webSocketDebuggerUrl: string }[])
    .find((t) => t.type === "page")!;
  const socket = ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => (socket.onopen = resolve, socket.onerror = reject));
  let id = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  let loaded: (() => void) | undefined;
  socket.onmessage = (e) => {
    const msg = JSON.parse(e.data as string);
    if (msg.id !== undefined) waiting.get(msg.id)?.(msg.error ? { error: msg.error } : msg.result);
    else if (msg.method === "Page.loadEventFired") loaded?.();
  };
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<any>((resolve) => {
      waiting.set(++id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  const evaluate = async (expression: string) => {
    const r = await call("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true });
    if (r.error || r.exceptionDetails) {
      throw new Error(`page: ${JSON.stringify(r.error ?? r.exceptionDetails)}`);
    }
    return r.result.value;
  };
  await call("Page.enable");
  const load = new Promise<void>((resolve) => (loaded = resolve));
  await call("Page.navigate", { url: page.href });
  await load;
  let bin = "";
  for (const b of capture) bin += String.fromCharCode(b);
  const got = await evaluate(
    `showCapture(Uint8Array.from(atob(${JSON.stringify(btoa(bin))}), (c) => c.charCodeAt(0)))`,
  );
  console.log(await evaluate(`document.getElementById("summary").textContent`));
  console.log(`page: ${await evaluate(`document.getElementById("status").textContent`)}`);
  if (!(got.messages > 0 && got.undecoded === 0)) throw new Error(`the page decoded ${JSON.stringify(got)}`);
} finally {
  ws?.close();
  await browser.close();
}
