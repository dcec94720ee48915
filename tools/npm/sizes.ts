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
 * browsers).
 *
 * Run `deno task build:npm` first. Flags: `--package <dir>` (default `dist/npm`), `--help`.
 *
 * @module
 */

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
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
    name: "kafkaFrames (streams)",
    code: `import { kafkaFrames } from "@streamwire/codec/streams/kafka"; globalThis.x = kafkaFrames;`,
    budget: 4 * 1024,
    withoutHint: true,
  },
  {
    name: "KafkaClientChannel (streams)",
    code:
      `import { KafkaClientChannel } from "@streamwire/codec/streams/kafka"; globalThis.x = KafkaClientChannel;`,
  },
  {
    name: "IggyClientChannel (streams)",
    code:
      `import { IggyClientChannel } from "@streamwire/codec/streams/iggy"; globalThis.x = IggyClientChannel;`,
  },
  {
    name: "Iggy encodeRequestFrame",
    code: `import { encodeRequestFrame } from "@streamwire/codec/iggy"; globalThis.x = encodeRequestFrame;`,
  },
];

const SUBPATHS = [
  ".",
  "./wire",
  "./iggy",
  "./iggy/batch",
  "./iggy/consensus",
  "./kafka",
  "./kafka/messages",
  "./kafka/records",
  "./kafka/compression",
  "./streams",
  "./streams/kafka",
  "./streams/iggy",
];

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
    const all = SUBPATHS.map((s, i) =>
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
  console.log(`${CASES.filter((c) => c.budget !== undefined).length - failed} passed, ${failed} failed`);
  if (failed) process.exitCode = 1;
}

await main();
