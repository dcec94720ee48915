/**
 * `deno task build:npm`: writes the publishable npm package of `@streamwire/codec` to `dist/npm/`.
 *
 * - `esm/`: ES modules, `.d.ts` beside them, source maps with the TypeScript inlined.
 * - `cjs/`: the same as CommonJS (its own `package.json` says `"type": "commonjs"`), so
 *   `require()` works on every Node 20 (require of ES modules needs 20.19+) and in tools that
 *   only read CommonJS. Both builds are compiled by the TypeScript already in the dev
 *   dependencies, from the same sources; the exports map sends `import` to one and `require`
 *   to the other, as protobuf-es and @msgpack/msgpack do. Errors stay recognisable across the
 *   two copies (`isWireError` checks the name and code, not only `instanceof`).
 * - `package.json`: name, version, license and the subpaths come from `deno.json`, the one place
 *   they are stated; `"sideEffects": false` (checked by `tools/npm/sizes.ts`).
 *
 * The dev manifest (`/package.json`) stays private and is not used here.
 *
 * Flags: `--out <dir>` (default `dist/npm`), `--help`.
 *
 * @module
 */

import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import process from "node:process";
import { spawnSync } from "node:child_process";

const USAGE = `usage: deno task build:npm [--out <dir>]
Writes the npm package (ESM + CJS + .d.ts + source maps, package.json, README.md, LICENSE).`;

function parseArgs(argv: string[]): { out: string } {
  let out = "dist/npm";
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--help" || a === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else if (a === "--out" && i + 1 < argv.length) out = argv[++i];
    else {
      console.error(`build:npm: unknown argument ${a}\n${USAGE}`);
      process.exit(2);
    }
  }
  return { out };
}

interface DenoJson {
  name: string;
  version: string;
  license: string;
  exports: Record<string, string>;
}

const root = resolve(dirname(new URL(import.meta.url).pathname), "../..");
const deno = JSON.parse(readFileSync(join(root, "deno.json"), "utf8")) as DenoJson;

/** `./src/kafka/mod.ts` → `src/kafka/mod` (the path inside esm/ and cjs/, without extension). */
function stem(entry: string): string {
  return entry.replace(/^\.\//, "").replace(/\.ts$/, "");
}

/** The npm `exports` map: the subpaths of deno.json, `import` → esm/, `require` → cjs/. */
export function exportsMap(exports: Record<string, string>): Record<string, unknown> {
  const map: Record<string, unknown> = {};
  for (const [subpath, entry] of Object.entries(exports)) {
    const s = stem(entry);
    map[subpath] = {
      import: { types: `./esm/${s}.d.ts`, default: `./esm/${s}.js` },
      require: { types: `./cjs/${s}.d.ts`, default: `./cjs/${s}.js` },
    };
  }
  map["./package.json"] = "./package.json";
  return map;
}

function tsc(configPath: string): void {
  const bin = join(root, "node_modules", ".bin", "tsc");
  const r = spawnSync(bin, ["-p", configPath], { stdio: "inherit", cwd: root });
  if (r.status !== 0) throw new Error(`tsc -p ${configPath} failed (exit ${r.status})`);
}

function build(outArg: string): void {
  const out = resolve(root, outArg);
  const work = resolve(out, "..", ".npm-build");
  rmSync(out, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  mkdirSync(work, { recursive: true });

  const rel = (p: string) => relative(work, join(root, p)) || ".";
  for (const [format, module] of [["esm", "ES2022"], ["cjs", "CommonJS"]] as const) {
    const config = {
      compilerOptions: {
        target: "ES2022",
        module,
        moduleResolution: "Bundler",
        strict: true,
        erasableSyntaxOnly: true,
        verbatimModuleSyntax: format === "esm",
        allowImportingTsExtensions: true,
        rewriteRelativeImportExtensions: true,
        declaration: true,
        declarationMap: true,
        sourceMap: true,
        inlineSources: true,
        rootDir: rel("."),
        outDir: relative(work, join(out, format)),
        // The library imports nothing: no Node or Deno types, only the language and the web
        // globals it uses (TextEncoder/TextDecoder).
        types: [],
        lib: ["ES2022", "DOM"],
        skipLibCheck: true,
        noEmitOnError: true,
      },
      include: [rel("mod.ts"), rel("src/**/*.ts")],
      exclude: [rel("src/**/*_test.ts"), rel("src/**/testdata/**")],
    };
    const path = join(work, `tsconfig.${format}.json`);
    writeFileSync(path, JSON.stringify(config, null, 2));
    tsc(path);
  }
  writeFileSync(join(out, "cjs", "package.json"), JSON.stringify({ type: "commonjs" }, null, 2) + "\n");
  rmSync(work, { recursive: true, force: true });

  const main = stem(deno.exports["."]);
  const pkg = {
    name: deno.name,
    version: deno.version,
    description:
      "Zero-dependency codec for the wire protocols of Apache Iggy and Apache Kafka: every command and API version, record batches, compression, conformance vectors.",
    license: deno.license,
    keywords: ["kafka", "iggy", "protocol", "codec", "wire", "binary", "record-batch", "deno", "bun"],
    type: "module",
    main: `./cjs/${main}.js`,
    module: `./esm/${main}.js`,
    types: `./esm/${main}.d.ts`,
    exports: exportsMap(deno.exports),
    bin: { streamwire: "./bin/streamwire.js" },
    files: ["esm/", "cjs/", "bin/", "README.md", "LICENSE"],
    sideEffects: false,
    engines: { node: ">=20" },
  };
  writeFileSync(join(out, "package.json"), JSON.stringify(pkg, null, 2) + "\n");
  // The command: a Node shebang in front of the inspector's entry (the .ts keeps Deno's).
  mkdirSync(join(out, "bin"), { recursive: true });
  writeFileSync(join(out, "bin", "streamwire.js"), '#!/usr/bin/env node\nimport "../esm/src/cli/bin.js";\n', {
    mode: 0o755,
  });

  copyFileSync(join(root, "README.md"), join(out, "README.md"));
  // LICENSE is the repository's; a checkout without one gets the Apache-2.0 text from Debian.
  const license = [join(root, "LICENSE"), "/usr/share/common-licenses/Apache-2.0"].find((p) => existsSync(p));
  if (!license) throw new Error("no LICENSE in the repository and no /usr/share/common-licenses/Apache-2.0");
  copyFileSync(license, join(out, "LICENSE"));

  for (const [subpath, entry] of Object.entries(pkg.exports)) {
    if (typeof entry === "string") continue;
    for (const cond of Object.values(entry as Record<string, Record<string, string>>)) {
      for (const file of Object.values(cond)) {
        if (!existsSync(join(out, file))) throw new Error(`exports["${subpath}"] → ${file} was not built`);
      }
    }
  }
  console.log(
    `build:npm: ${pkg.name}@${pkg.version} → ${relative(root, out)}/ (${
      Object.keys(deno.exports).length
    } subpaths, esm + cjs)`,
  );
}

build(parseArgs(process.argv.slice(2)).out);
