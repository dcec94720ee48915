/**
 * Size budgets of the npm package: bundles one-line consumers of `dist/npm/` with esbuild
 * (minified, browser platform, the package's own `package.json` in force, so its
 * `"sideEffects": false` counts) and fails when one is over its budget. Prints min and gzip
 * sizes, and the same consumer bundled with the hint ignored (every module treated as having
 * side effects, as a bundler that does not read `sideEffects` would), which shows whether the
 * hint is true to the code: a module that does work at import is kept there. The fine-grained
 * entries must meet their budget that way too.
 *
 * Also fails when any `node:` import reaches a bundle of any entry (the library must run in
 * browsers), and when the package installed from its tarball is larger than
 * @platformatic/kafka 2.12.1 installed the same way (see {@linkcode installedSize}).
 *
 * Run `deno task build:npm` first. Flags: `--package <dir>` (default `dist/npm`), `--help`.
 *
 * @module
 */

import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { spawnSync } from "node:child_process";
import process from "node:process";
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";

const USAGE = `usage: deno task sizes [--package <dir>]
Bundles one-line consumers of the built npm package (deno task build:npm) and checks the budgets.`;

interface Case {
  name: string;
  code: string;
  /** Budget in bytes, minified; undefined = reported only. */
  budget?: number;
  /**
   * The budget holds with the hint ignored too (no module-level work is kept alive): true for
   * the fine-grained entries, so a bundler that reads no package.json (JSR sources) gets them.
   */
  withoutHint?: boolean;
}

/** The budgets of issue 10, and a few reported for context. */
export const CASES: Case[] = [
  {
    name: "Reader (root)",
    code: `import { Reader } from "@streamwire/codec"; globalThis.x = Reader;`,
    budget: 8 * 1024,
  },
  {
    name: "encodeMetadataRequest",
    code:
      `import { encodeMetadataRequest } from "@streamwire/codec/kafka/messages"; globalThis.x = encodeMetadataRequest;`,
    budget: 25 * 1024,
    withoutHint: true,
  },
  {
    name: "decodeRecordBatch (no codecs)",
    code:
      `import { decodeRecordBatch } from "@streamwire/codec/kafka/records"; globalThis.x = decodeRecordBatch;`,
    budget: 30 * 1024,
    withoutHint: true,
  },
  {
    name: "Iggy decodeBatch",
    code: `import { decodeBatch } from "@streamwire/codec/iggy/batch"; globalThis.x = decodeBatch;`,
    budget: 25 * 1024,
    withoutHint: true,
  },
  {
    name: "decodeRecordBatch + all codecs",
    code: `import { decodeRecordBatch } from "@streamwire/codec/kafka/records";
import { createCodecRegistry } from "@streamwire/codec/kafka/compression";
globalThis.x = (b) => decodeRecordBatch(b, { codecs: createCodecRegistry() });`,
  },
  {
    name: "Iggy encodeRequestFrame",
    code: `import { encodeRequestFrame } from "@streamwire/codec/iggy"; globalThis.x = encodeRequestFrame;`,
  },
];

/**
 * The library entries (every subpath of deno.json's `exports`, so a new one is checked without
 * an edit here) except the inspector's (`./cli*`), which is a program for Node, Deno and Bun.
 */
function librarySubpaths(): string[] {
  const deno = JSON.parse(readFileSync(new URL("../../deno.json", import.meta.url), "utf8")) as {
    exports: Record<string, string>;
  };
  return Object.keys(deno.exports).filter((s) => s !== "./cli" && !s.startsWith("./cli/"));
}

/**
 * The installed-size budget: what @platformatic/kafka 2.12.1 takes in node_modules, measured as
 * issue 26 measured both packages (`npm i` of the tarball into an empty project, then
 * `du -sk node_modules/<pkg>`). The dev install holds that very package (npm installs a tarball's
 * files as they are), so the budget is measured there, on the same filesystem in the same run;
 * {@linkcode PEER_INSTALLED_KIB} is the figure it gave on ext4 (4 KiB blocks), used only where the
 * peer is not installed.
 */
export const PEER = { name: "@platformatic/kafka", version: "2.12.1" };
/** `du -sk` of @platformatic/kafka 2.12.1 installed from its tarball (ext4, 2026-12-03). */
export const PEER_INSTALLED_KIB = 4888;

function parseArgs(argv: string[]): { pkg: string } {
  let pkg = "dist/npm";
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--help" || a === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else if (a === "--package" && i + 1 < argv.length) pkg = argv[++i];
    else {
      console.error(`sizes: unknown argument ${a}\n${USAGE}`);
      process.exit(2);
    }
  }
  return { pkg };
}

/** Treats every module as having side effects (a bundler that ignores the package's hint). */
const ignoreHint: esbuild.Plugin = {
  name: "ignore-side-effects-hint",
  setup(b) {
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === "inner") return undefined;
      const r = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: "inner",
      });
      if (r.errors.length) return { errors: r.errors };
      return { path: r.path, external: r.external, sideEffects: true };
    });
  },
};

async function bundle(dir: string, code: string, honourHint: boolean) {
  const r = await esbuild.build({
    stdin: { contents: code, resolveDir: dir, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
    plugins: honourHint ? [] : [ignoreHint],
  });
  const out = r.outputFiles[0].contents;
  const nodeImports = Object.values(r.metafile.inputs).flatMap((i) =>
    i.imports.filter((x) => x.path.startsWith("node:") || x.external).map((x) => x.path)
  );
  return { min: out.length, gzip: gzipSync(out).length, nodeImports };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Disk use (`du -sk`, KiB) and apparent bytes of the files under `dir`. */
function usage(dir: string): { kib: number; bytes: number; files: number } {
  const du = spawnSync("du", ["-sk", dir], { encoding: "utf8" });
  if (du.status !== 0) throw new Error(`du -sk ${dir} failed: ${du.stderr}`);
  let bytes = 0;
  let files = 0;
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else {
        bytes += st.size;
        files++;
      }
    }
  };
  walk(dir);
  return { kib: Number(du.stdout.split(/\s/)[0]), bytes, files };
}

function npm(args: string[], cwd: string): string {
  const r = spawnSync("npm", args, { cwd, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`npm ${args.join(" ")} failed (exit ${r.status}): ${r.stderr}`);
  return r.stdout;
}

/**
 * Packs `pkg`, installs the tarball into an empty project beside it (same filesystem as the
 * dev install, so `du` counts blocks the same way) and measures it and the budget. Returns
 * whether the package is within budget.
 */
export function installedSize(pkg: string): boolean {
  const work = mkdtempSync(join(dirname(resolve(pkg)), ".sizes-install-"));
  try {
    const tarball = npm(["pack", "--silent", "--pack-destination", work], resolve(pkg)).trim().split("\n")
      .pop()!;
    const tgz = statSync(join(work, tarball)).size;
    const proj = join(work, "project");
    mkdirSync(proj);
    writeFileSync(join(proj, "package.json"), '{"name":"sizes","private":true}\n');
    npm(["install", "--no-audit", "--no-fund", "--loglevel=error", join(work, tarball)], proj);
    const name = (JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")) as { name: string }).name;
    const ours = usage(join(proj, "node_modules", name));
    const peerDir = resolve(dirname(new URL(import.meta.url).pathname), "../../node_modules", PEER.name);
    const peerVersion = existsSync(join(peerDir, "package.json"))
      ? (JSON.parse(readFileSync(join(peerDir, "package.json"), "utf8")) as { version: string }).version
      : undefined;
    const peer = peerVersion === PEER.version ? usage(peerDir) : undefined;
    const budget = peer?.kib ?? PEER_INSTALLED_KIB;
    const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
    console.log(
      `\ninstalled (npm i of the tarball, du -sk): ${ours.kib} KiB (${
        mb(ours.bytes)
      } in ${ours.files} files); ` +
        `tarball ${mb(tgz)}`,
    );
    console.log(
      `budget: ${PEER.name} ${PEER.version} installed the same way: ${budget} KiB` +
        (peer
          ? ` (${mb(peer.bytes)} in ${peer.files} files, measured in the dev install now)`
          : ` (recorded figure: ${PEER.name} ${PEER.version} is not in node_modules${
            peerVersion ? ` (found ${peerVersion})` : ""
          })`),
    );
    const ok = ours.kib <= budget;
    console.log(
      `installed size: ${ok ? "ok" : "OVER BUDGET"} (${
        ((ours.kib / budget) * 100).toFixed(0)
      } % of the budget)`,
    );
    return ok;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { pkg } = parseArgs(process.argv.slice(2));
  const dir = mkdtempSync(join(tmpdir(), "streamwire-sizes-"));
  let failed = 0;
  try {
    mkdirSync(join(dir, "node_modules", "@streamwire"), { recursive: true });
    symlinkSync(resolve(pkg), join(dir, "node_modules", "@streamwire", "codec"), "dir");
    writeFileSync(join(dir, "package.json"), '{"private":true,"type":"module"}\n');

    console.log(
      `${"consumer".padEnd(32)} ${"min".padStart(9)} ${"gzip".padStart(9)} ${"budget".padStart(9)}  ${
        "no-hint min".padStart(11)
      }  verdict`,
    );
    for (const c of CASES) {
      const a = await bundle(dir, c.code, true);
      const b = await bundle(dir, c.code, false);
      const over = c.budget !== undefined &&
        (a.min > c.budget || (c.withoutHint === true && b.min > c.budget));
      if (over) failed++;
      console.log(
        `${c.name.padEnd(32)} ${kb(a.min).padStart(9)} ${kb(a.gzip).padStart(9)} ${
          (c.budget === undefined ? "-" : kb(c.budget)).padStart(9)
        }  ${kb(b.min).padStart(11)}  ${c.budget === undefined ? "info" : over ? "OVER BUDGET" : "ok"}`,
      );
    }
    // No node: import in any entry's bundle.
    const all = librarySubpaths().map((s, i) =>
      `import * as m${i} from "@streamwire/codec${s.slice(1)}"; globalThis.m${i} = m${i};`
    )
      .join("\n");
    const whole = await bundle(dir, all, true);
    console.log(
      `${"every entry (import *)".padEnd(32)} ${kb(whole.min).padStart(9)} ${kb(whole.gzip).padStart(9)}`,
    );
    if (whole.nodeImports.length) {
      failed++;
      console.log(
        `node: or external imports reach the bundle: ${[...new Set(whole.nodeImports)].join(", ")}`,
      );
    } else console.log("no node: import in any entry's bundle");
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await esbuild.stop();
  }
  if (!installedSize(pkg)) failed++;
  console.log(`${CASES.filter((c) => c.budget !== undefined).length + 1 - failed} passed, ${failed} failed`);
  if (failed) process.exitCode = 1;
}

await main();
