/**
 * `deno task build:npm`: writes the publishable npm package of `@streamwire/codec` to `dist/npm/`.
 *
 * - `esm/`: the ES modules as `tsc` writes them from `src/` (readable, unminified, one `.js`
 *   per source file, so a stack trace names the file and line of the code that threw) and the
 *   `.d.ts` beside each. The JSDoc is kept once, in the `.d.ts` where editors read it, and
 *   dropped from the `.js` (`strip_docs.ts`; the build checks with esbuild that only comments
 *   went). No source maps: the `.js` is the code to read, and a map would point at `src/*.ts`,
 *   which is not shipped.
 * - One tree for `import` and `require()` (see `package_json.ts` for `engines` and why), so no
 *   CommonJS copy of the code or its types.
 * - `package.json` from `deno.json` (`package_json.ts`): name, version, license and every
 *   subpath, `typesVersions` for TypeScript's `moduleResolution: node`, the repository.
 * - `README.md` with its relative links made absolute (`readme.ts`), as the npm page needs;
 *   `LICENSE`; `bin/streamwire.js`.
 *
 * The dev manifest (`/package.json`) stays private and is not used here.
 *
 * Flags: `--out <dir>` (default `dist/npm`), `--help`.
 *
 * @module
 */

import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import process from "node:process";
import { spawnSync } from "node:child_process";
import * as esbuild from "esbuild";
import { type DenoJson, npmManifest, REPOSITORY, REPOSITORY_REF, TREE } from "./package_json.ts";
import { absoluteLinks, relativeLinks } from "./readme.ts";
import { sameCode, stripDocComments } from "./strip_docs.ts";

const USAGE = `usage: deno task build:npm [--out <dir>]
Writes the npm package (ES modules + .d.ts, package.json, README.md, LICENSE, bin/).`;

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

const root = resolve(dirname(new URL(import.meta.url).pathname), "../..");
const deno = JSON.parse(readFileSync(join(root, "deno.json"), "utf8")) as DenoJson;

function tsc(configPath: string): void {
  const bin = join(root, "node_modules", ".bin", "tsc");
  const r = spawnSync(bin, ["-p", configPath], { stdio: "inherit", cwd: root });
  if (r.status !== 0) throw new Error(`tsc -p ${configPath} failed (exit ${r.status})`);
}

function filesUnder(dir: string, suffix: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p, suffix));
    else if (name.endsWith(suffix)) out.push(p);
  }
  return out;
}

/** Drops the JSDoc of every `.js` under `dir`; fails if anything but comments would change. */
async function stripDocs(dir: string): Promise<{ files: number; before: number; after: number }> {
  let before = 0;
  let after = 0;
  const files = filesUnder(dir, ".js");
  for (const f of files) {
    const js = readFileSync(f, "utf8");
    const stripped = stripDocComments(js);
    if (!(await sameCode(esbuild, js, stripped))) {
      throw new Error(`${relative(root, f)}: stripping its JSDoc would change the code`);
    }
    writeFileSync(f, stripped);
    before += js.length;
    after += stripped.length;
  }
  return { files: files.length, before, after };
}

async function build(outArg: string): Promise<void> {
  const out = resolve(root, outArg);
  const work = resolve(out, "..", ".npm-build");
  rmSync(out, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  mkdirSync(work, { recursive: true });

  const rel = (p: string) => relative(work, join(root, p)) || ".";
  const config = {
    compilerOptions: {
      target: "ES2022",
      module: "ES2022",
      moduleResolution: "Bundler",
      strict: true,
      erasableSyntaxOnly: true,
      verbatimModuleSyntax: true,
      allowImportingTsExtensions: true,
      rewriteRelativeImportExtensions: true,
      declaration: true,
      rootDir: rel("."),
      outDir: relative(work, join(out, TREE)),
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
  const path = join(work, "tsconfig.json");
  writeFileSync(path, JSON.stringify(config, null, 2));
  tsc(path);
  rmSync(work, { recursive: true, force: true });
  let stripped;
  try {
    stripped = await stripDocs(join(out, TREE));
  } finally {
    await esbuild.stop();
  }

  const pkg = npmManifest(deno);
  writeFileSync(join(out, "package.json"), JSON.stringify(pkg, null, 2) + "\n");
  // The command: a Node shebang in front of the inspector's entry (the .ts keeps Deno's).
  mkdirSync(join(out, "bin"), { recursive: true });
  writeFileSync(
    join(out, "bin", "streamwire.js"),
    `#!/usr/bin/env node\nimport "../${TREE}/src/cli/bin.js";\n`,
    {
      mode: 0o755,
    },
  );

  const readme = absoluteLinks(readFileSync(join(root, "README.md"), "utf8"), {
    web: REPOSITORY,
    ref: REPOSITORY_REF,
  });
  const left = relativeLinks(readme);
  if (left.length) throw new Error(`README.md: relative links left for npm: ${left.join(", ")}`);
  writeFileSync(join(out, "README.md"), readme);
  // LICENSE is the repository's; a checkout without one gets the Apache-2.0 text from Debian.
  const license = [join(root, "LICENSE"), "/usr/share/common-licenses/Apache-2.0"].find((p) => existsSync(p));
  if (!license) throw new Error("no LICENSE in the repository and no /usr/share/common-licenses/Apache-2.0");
  copyFileSync(license, join(out, "LICENSE"));

  for (const [subpath, entry] of Object.entries(pkg.exports as Record<string, unknown>)) {
    const targets = typeof entry === "string" ? [entry] : Object.values(entry as Record<string, string>);
    for (const file of targets) {
      if (!existsSync(join(out, file))) throw new Error(`exports["${subpath}"] → ${file} was not built`);
    }
  }
  for (
    const [subpath, [file]] of Object.entries(
      (pkg.typesVersions as Record<string, Record<string, string[]>>)["*"],
    )
  ) {
    if (!existsSync(join(out, file))) throw new Error(`typesVersions["${subpath}"] → ${file} was not built`);
  }
  console.log(
    `build:npm: ${pkg.name}@${pkg.version} → ${relative(root, out)}/ (${
      Object.keys(deno.exports).length
    } subpaths; ${stripped.files} modules, JSDoc kept in the .d.ts only: ${
      (stripped.before / 1e6).toFixed(2)
    } → ${(stripped.after / 1e6).toFixed(2)} MB of .js)`,
  );
}

await build(parseArgs(process.argv.slice(2)).out);
