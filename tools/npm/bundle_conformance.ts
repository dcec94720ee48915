/**
 * Bundles the conformance runner (conformance/run.ts, its adapters and lib) so that it runs
 * against the published package instead of `src/`:
 *
 * - `--format esm|cjs`: for Node and Bun in a consumer project. `@streamwire/codec` stays an
 *   external import (`import` or `require()`), resolved there through `node_modules`.
 * - `--format browser`: one ES module for Chromium, the package bundled in from `--package`;
 *   the few `node:` built-ins the runner's file loading uses are replaced by an in-memory file
 *   system that the page fills over HTTP before it starts the runner (see browser.ts).
 *
 * Every import of a source module is replaced by the package's public subpaths (_public.ts).
 * Prints which source files still had to be bundled (names no subpath exports).
 *
 * Flags: `--format esm|cjs|browser`, `--out <file>`, `--package <dir>` (browser: the built
 * package; default dist/npm), `--help`.
 *
 * @module
 */

import { execSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import process from "node:process";
import * as esbuild from "esbuild";
import { buildPublicMap, bundledFromSource, publicPlugin } from "./_public.ts";

const USAGE =
  `usage: deno run -A tools/npm/bundle_conformance.ts --format esm|cjs|browser --out <file> [--package dist/npm]`;

const root = resolve(dirname(new URL(import.meta.url).pathname), "../..");

/** The node: built-ins the runner uses, for the browser: a read-only in-memory file system. */
const BROWSER_SHIMS: Record<string, string> = {
  "node:fs": `
const files = () => globalThis.__STREAMWIRE_FILES__;
const norm = (p) => String(p).replace(/\\/+/g, "/").replace(/^\\.\\//, "");
export function existsSync(p) { const k = norm(p); return files().has(k) || [...files().keys()].some((f) => f.startsWith(k + "/")); }
export function readFileSync(p, enc) {
  const b = files().get(norm(p));
  if (b === undefined) { const e = new Error("ENOENT: " + p); e.code = "ENOENT"; throw e; }
  return enc ? new TextDecoder().decode(b) : b;
}
export function readdirSync(p) {
  const k = norm(p) + "/"; const out = new Set();
  for (const f of files().keys()) if (f.startsWith(k)) out.add(f.slice(k.length).split("/")[0]);
  return [...out];
}
export function statSync(p) { const k = norm(p); const file = files().has(k); return { isFile: () => file, isDirectory: () => !file }; }
export function writeFileSync() { throw new Error("read-only in the browser"); }
export default { existsSync, readFileSync, readdirSync, statSync, writeFileSync };`,
  "node:path": `
export function join(...p) { return p.filter((x) => x !== "").join("/").replace(/\\/+/g, "/"); }
export function resolve(...p) { const j = join(...p); return j === "" ? "." : j; }
export function relative(from, to) { return to.startsWith(from + "/") ? to.slice(from.length + 1) : to; }
export default { join, resolve, relative };`,
  "node:process": `
const process = { argv: ["browser", "run.js", ...(globalThis.__STREAMWIRE_ARGS__ ?? [])], exitCode: 0, env: {} };
globalThis.__STREAMWIRE_PROCESS__ = process;
export default process;`,
  "node:crypto": `export function createHash() { throw new Error("no hashing in the browser runner"); }`,
};

const browserShims: esbuild.Plugin = {
  name: "browser-node-shims",
  setup(b) {
    b.onResolve({ filter: /^node:/ }, (a) => {
      if (!(a.path in BROWSER_SHIMS)) return { errors: [{ text: `no browser shim for ${a.path}` }] };
      return { path: a.path, namespace: "browser-shim" };
    });
    b.onLoad(
      { filter: /.*/, namespace: "browser-shim" },
      (a) => ({ contents: BROWSER_SHIMS[a.path], loader: "js" }),
    );
  },
};

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  let format = "", out = "", pkg = "dist/npm";
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--help" || a === "-h") {
      console.log(USAGE);
      return;
    } else if (a === "--format" && i + 1 < argv.length) format = argv[++i];
    else if (a === "--out" && i + 1 < argv.length) out = argv[++i];
    else if (a === "--package" && i + 1 < argv.length) pkg = argv[++i];
    else {
      console.error(`bundle_conformance: unknown argument ${a}\n${USAGE}`);
      process.exit(2);
    }
  }
  if (!["esm", "cjs", "browser"].includes(format) || !out) {
    console.error(USAGE);
    process.exit(2);
  }
  // Every source module the conformance code imports directly.
  const listed = execSync(
    `grep -rhoE 'from "(\\.\\./)+(src/[^"]+|mod\\.ts)"' conformance/run.ts conformance/adapters conformance/lib`,
    { cwd: root },
  ).toString();
  const sources = [
    ...new Set([...listed.matchAll(/(src\/[^"]+\.ts|mod\.ts)"/g)].map((m) => join(root, m[1]))),
  ];
  const map = await buildPublicMap(root, sources);
  const browser = format === "browser";
  // The package resolves as from node_modules (its exports map and sideEffects in force).
  const modules = join(mkdtempSync(join(tmpdir(), "streamwire-pkg-")), "node_modules");
  mkdirSync(join(modules, "@streamwire"), { recursive: true });
  symlinkSync(resolve(pkg), join(modules, "@streamwire", "codec"), "dir");
  const r = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [join(root, "conformance", "run.ts")],
    bundle: true,
    format: format === "cjs" ? "cjs" : "esm",
    platform: browser ? "browser" : "node",
    target: "es2022",
    outfile: resolve(out),
    external: browser ? [] : ["@streamwire/codec", "@streamwire/codec/*"],
    nodePaths: browser ? [modules] : [],
    metafile: true,
    logLevel: "warning",
    plugins: [
      publicPlugin({ root, map, packageName: "@streamwire/codec" }),
      ...(browser ? [browserShims] : []),
    ],
  });
  rmSync(dirname(modules), { recursive: true, force: true });
  const fromSource = bundledFromSource(root, r.metafile!);
  console.log(
    `bundle_conformance: ${format} → ${out}; codec from the package` +
      (fromSource.length ? `, except names no subpath exports, bundled from: ${fromSource.join(", ")}` : ""),
  );
  await esbuild.stop();
}

await main();
