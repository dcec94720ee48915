/**
 * The whole conformance suite and the README's examples in a real headless Chromium (Debian's
 * `chromium`), from browser bundles of the npm package (`deno task build:npm` first):
 *
 * 1. esbuild bundles the runner (tools/npm/bundle_conformance.ts --format browser) and each
 *    README ```ts block that imports `@streamwire/codec`, the package resolved from dist/npm.
 * 2. A server on 127.0.0.1 serves the page, the bundles and vectors/ (the page loads every vector
 *    file into memory, which the runner's file reads are pointed at).
 * 3. Chromium is started headless and driven over the DevTools protocol (a WebSocket): the page's
 *    console is printed here; an uncaught exception fails the run.
 *
 * Prints `N passed, N failed` for the examples and the runner's own summary line for the vectors;
 * exits non-zero on any failure.
 *
 * Flags: `--chromium <path>` (default /usr/bin/chromium), `--package <dir>` (default dist/npm),
 * `--timeout <seconds>` (default 900), `--help`.
 *
 * @module
 */

import { type Chromium, launchChromium } from "./_chromium.ts";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import process from "node:process";
import * as esbuild from "esbuild";

const USAGE =
  `usage: deno task test:browser [--chromium /usr/bin/chromium] [--package dist/npm] [--timeout 900]`;
const root = resolve(dirname(new URL(import.meta.url).pathname), "../..");

function parseArgs(argv: string[]) {
  const o = { chromium: "/usr/bin/chromium", pkg: "dist/npm", timeout: 900 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) fail(`${a} needs a value`);
      return argv[++i];
    };
    if (a === "--help" || a === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else if (a === "--chromium") o.chromium = next();
    else if (a === "--package") o.pkg = next();
    else if (a === "--timeout") o.timeout = Number(next());
    else fail(`unknown argument ${a}`);
  }
  return o;
}

function fail(message: string): never {
  console.error(`browser: ${message}\n${USAGE}`);
  process.exit(2);
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(relative(root, p));
  }
  return out;
}

const PAGE = `<!doctype html><meta charset="utf-8"><title>streamwire conformance</title>
<script type="module">
const say = (...a) => console.log(...a);
try {
  const examples = await (await fetch("/examples.json")).json();
  let pass = 0, failed = 0;
  for (const e of examples) {
    try { await import("/" + e); pass++; } catch (err) { failed++; console.error(e + ": " + (err && err.stack || err)); }
  }
  say("README examples, Chromium " + navigator.userAgent.match(/Chrome\\/(\\S+)/)?.[1] + ": " + pass + " passed, " + failed + " failed");
  const list = await (await fetch("/files.json")).json();
  const files = new Map();
  await Promise.all(list.map(async (p) => files.set(p, new Uint8Array(await (await fetch("/" + p)).arrayBuffer()))));
  globalThis.__STREAMWIRE_FILES__ = files;
  globalThis.__STREAMWIRE_ARGS__ = ["--require-all", "--runtime", "chromium"];
  await import("/runner.js");
  say("__STREAMWIRE_DONE__ " + (failed ? 1 : (globalThis.__STREAMWIRE_PROCESS__.exitCode || 0)));
} catch (err) {
  console.error(String(err && err.stack || err));
  say("__STREAMWIRE_DONE__ 1");
}
</script>`;

async function bundleExamples(work: string, pkg: string): Promise<string[]> {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1])
    .filter((b) => /from "@streamwire\/codec/.test(b));
  const modules = join(work, "node_modules", "@streamwire");
  Deno.mkdirSync(modules, { recursive: true });
  Deno.symlinkSync(resolve(pkg), join(modules, "codec"));
  const names: string[] = [];
  for (const [i, code] of blocks.entries()) {
    const name = `examples/example_${i + 1}.js`;
    await esbuild.build({
      stdin: { contents: code, loader: "ts", resolveDir: work },
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      outfile: join(work, name),
      logLevel: "warning",
    });
    names.push(name);
  }
  await esbuild.stop();
  return names;
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  const work = mkdtempSync(join(tmpdir(), "streamwire-browser-"));
  let chromium: Chromium | undefined;
  let server: Deno.HttpServer<Deno.NetAddr> | undefined;
  let code = 1;
  try {
    const examples = await bundleExamples(work, o.pkg);
    const b = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        join(root, "tools/npm/bundle_conformance.ts"),
        "--format",
        "browser",
        "--out",
        join(work, "runner.js"),
        "--package",
        o.pkg,
      ],
      cwd: root,
    }).outputSync();
    console.log(new TextDecoder().decode(b.stdout).trim());
    if (!b.success) throw new Error(new TextDecoder().decode(b.stderr));

    const vectorFiles = walk(join(root, "vectors"));
    const types: Record<string, string> = {
      js: "text/javascript",
      html: "text/html",
      json: "application/json",
    };
    server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
      const path = decodeURIComponent(new URL(req.url).pathname).replace(/^\/+/, "");
      if (path.includes("..")) return new Response("no", { status: 403 });
      let body: BodyInit;
      if (path === "") body = PAGE;
      else if (path === "files.json") body = JSON.stringify(vectorFiles);
      else if (path === "examples.json") body = JSON.stringify(examples);
      else if (path.startsWith("vectors/")) body = readFileSync(join(root, path));
      else if (path === "runner.js" || path.startsWith("examples/")) body = readFileSync(join(work, path));
      else return new Response("not found", { status: 404 });
      const ext = path === "" ? "html" : path.split(".").pop()!;
      return new Response(body, { headers: { "content-type": types[ext] ?? "application/octet-stream" } });
    });
    const url = `http://127.0.0.1:${server.addr.port}/`;

    chromium = await launchChromium(o.chromium);
    const wsUrl = chromium.wsUrl;
    code = await drive(wsUrl, url, o.timeout);
  } finally {
    await chromium?.close();
    await server?.shutdown();
    rmSync(work, { recursive: true, force: true });
  }
  process.exitCode = code;
}

/** Opens the page over the DevTools protocol, prints its console, returns its exit code. */
function drive(wsUrl: string, pageUrl: string, timeoutSeconds: number): Promise<number> {
  return new Promise((resolveRun, rejectRun) => {
    const ws = new WebSocket(wsUrl);
    let nextId = 1;
    const pending = new Map<number, (r: any) => void>();
    const send = (method: string, params: unknown = {}, sessionId?: string) =>
      new Promise<any>((res) => {
        const id = nextId++;
        pending.set(id, res);
        ws.send(JSON.stringify({ id, method, params, sessionId }));
      });
    const timer = setTimeout(() => {
      ws.close();
      rejectRun(new Error(`the page did not finish within ${timeoutSeconds}s`));
    }, timeoutSeconds * 1000);
    const finish = (c: number) => {
      clearTimeout(timer);
      ws.close();
      resolveRun(c);
    };
    ws.onerror = (e) => rejectRun(new Error(`DevTools WebSocket: ${(e as ErrorEvent).message ?? e}`));
    ws.onmessage = (ev) => {
      const msg = JSON.parse(String(ev.data));
      if (msg.id !== undefined) {
        const res = pending.get(msg.id);
        pending.delete(msg.id);
        if (msg.error) rejectRun(new Error(`DevTools: ${JSON.stringify(msg.error)}`));
        else res?.(msg.result);
        return;
      }
      if (msg.method === "Runtime.consoleAPICalled") {
        const text = msg.params.args.map((a: any) => a.value ?? a.description ?? "").join(" ");
        const done = text.match(/^__STREAMWIRE_DONE__ (\d+)/);
        if (done) finish(Number(done[1]));
        else (msg.params.type === "error" ? console.error : console.log)(text);
      } else if (msg.method === "Runtime.exceptionThrown") {
        console.error(`uncaught in the page: ${JSON.stringify(msg.params.exceptionDetails).slice(0, 2000)}`);
        finish(1);
      }
    };
    ws.onopen = async () => {
      const { targetId } = await send("Target.createTarget", { url: "about:blank" });
      const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
      await send("Runtime.enable", {}, sessionId);
      await send("Page.enable", {}, sessionId);
      await send("Page.navigate", { url: pageUrl }, sessionId);
    };
  });
}

await main();
