/**
 * `deno task vectors:pack`: builds the vectors' release from vectors/ —
 *
 * - `dist/vectors/npm/`: the npm package `@streamwire/vectors` (`npm pack`-able; no code to import): every
 *   vector file and `.bin`, `manifest.json`, `schema/` (every file schema ever published, the
 *   manifest's, the value schemas), `README.md`, `CHANGELOG.md`, `LICENSE`, the runners to start
 *   from and the conformance matrix (`extras.ts`: `runners/python/`, `sdks/`,
 *   `conformance-matrix.md`),
 *   `SHA256SUMS` (every file's sha256, `sha256sum -c` format) and `package.json`;
 * - `dist/vectors/streamwire-vectors-<version>.tar.gz`: the same files under
 *   `streamwire-vectors-<version>/`, packed deterministically (sorted, fixed mtime and owner).
 *
 * The version is `manifest.json` `version` (conformance/lib/format.ts), independent of the
 * codec's; it must have an entry in vectors/CHANGELOG.md. The pack refuses a tree whose
 * manifest is stale (run `deno task vectors` first) or that has no LICENSE.
 *
 * Flags: --out <dir> (default dist/vectors), --license <file> (default ./LICENSE).
 *
 * @module
 */

import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import process from "node:process";
import { listBinFiles, loadManifest, repoRoot, sha256, vectorsDir } from "../lib/files.ts";
import { parseArgs } from "../lib/args.ts";
import { tar } from "./tar.ts";
import { brokenLinks, extraFiles, releaseReadme } from "./extras.ts";
import { FILE_SCHEMA, FROZEN_SCHEMAS } from "../lib/format.ts";

const { flags } = parseArgs({
  usage: "deno task vectors:pack [--out DIR] [--license FILE]",
  summary: "Builds the versioned vectors release (tar.gz) and the @streamwire/vectors npm package.",
  flags: {
    out: { kind: "string", help: "output folder (default dist/vectors)", value: "dir" },
    license: { kind: "string", help: "license file to ship (default ./LICENSE)", value: "file" },
  },
});
const root = repoRoot();
const src = vectorsDir(root);
const out = flags.out ?? join(root, "dist", "vectors");
const license = flags.license ?? join(root, "LICENSE");

function fail(msg: string): never {
  console.error(`vectors:pack: ${msg}`);
  process.exit(1);
}

const manifest = loadManifest(src);
const version = manifest.version;
if (!version) fail("manifest.json has no version (run `deno task vectors`)");
if (!readFileSync(join(src, "CHANGELOG.md"), "utf8").includes(`## ${version}`)) {
  fail(`vectors/CHANGELOG.md has no entry "## ${version}"`);
}
if (!existsSync(license)) fail(`no license file at ${license} (--license <file>)`);

// What ships, relative to vectors/: checked against the manifest before anything is written.
const files: string[] = ["manifest.json", "README.md", "CHANGELOG.md"];
for (const f of manifest.files) {
  const text = readFileSync(join(src, f.path));
  if (sha256(text) !== f.sha256) fail(`${f.path} differs from manifest.json (run \`deno task vectors\`)`);
  files.push(f.path);
  if (f.valueSchema) files.push(f.valueSchema);
}
// Every file schema ever published (vectors/README.md "Compatibility"), and the manifest's.
files.push("schema/manifest.schema.json", `schema/${FILE_SCHEMA}`);
for (const name of Object.keys(FROZEN_SCHEMAS)) {
  if (!existsSync(join(src, "schema", name))) {
    fail(`vectors/schema/${name} is missing: every release ships it`);
  }
  files.push(`schema/${name}`);
}
files.push(...listBinFiles(src));
const shipped = [...new Set(files)].sort();

const pkgDir = join(out, "npm");
rmSync(out, { recursive: true, force: true });
mkdirSync(pkgDir, { recursive: true });
const contents = new Map<string, Uint8Array>();
for (const f of shipped) contents.set(f, new Uint8Array(readFileSync(join(src, f))));
for (const [from, to] of extraFiles(root)) contents.set(to, new Uint8Array(readFileSync(join(root, from))));
const readme = releaseReadme(readFileSync(join(src, "README.md"), "utf8"));
const broken = brokenLinks(readme, new Set([...contents.keys(), "LICENSE"]));
if (broken.length) fail(`README.md links to files the release does not ship: ${broken.join(", ")}`);
contents.set("README.md", new TextEncoder().encode(readme));
contents.set("LICENSE", new Uint8Array(readFileSync(license)));
const pkg = {
  name: "@streamwire/vectors",
  version,
  description: "Language-neutral conformance vectors for the Apache Kafka and Apache Iggy wire protocols " +
    `(${manifest.schemaVersion}); bytes from the reference implementations. JSON, with reference runners ` +
    "(Python, and the cross-library matrix's) as source.",
  license: "Apache-2.0",
  keywords: ["kafka", "iggy", "conformance", "test-vectors", "wire-protocol"],
  sideEffects: false,
  exports: { "./manifest.json": "./manifest.json", "./package.json": "./package.json", "./*": "./*" },
  files: ["**/*"],
};
contents.set("package.json", new TextEncoder().encode(JSON.stringify(pkg, null, 2) + "\n"));
const sums = [...contents.keys()].sort().map((p) => `${sha256(contents.get(p)!)}  ${p}`).join("\n") + "\n";
contents.set("SHA256SUMS", new TextEncoder().encode(sums));

const names = [...contents.keys()].sort();
let bytes = 0;
for (const p of names) {
  const target = join(pkgDir, p);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, contents.get(p)!);
  bytes += contents.get(p)!.length;
}
const prefix = `streamwire-vectors-${version}`;
const archive = gzipSync(tar(names.map((p) => ({ path: `${prefix}/${p}`, data: contents.get(p)! }))), {
  level: 9,
});
const tarball = join(out, `${prefix}.tar.gz`);
writeFileSync(tarball, archive);
writeFileSync(`${tarball}.sha256`, `${sha256(archive)}  ${prefix}.tar.gz\n`);

const tests = manifest.files.reduce((n, f) => n + f.numberOfTests, 0);
console.log(
  `vectors:pack ${version} (${manifest.schemaVersion}): ${manifest.files.length} vector files, ${tests} tests, ` +
    `${names.length} files, ${(bytes / 1e6).toFixed(1)} MB`,
);
console.log(`  ${relative(root, pkgDir)}/  (npm package @streamwire/vectors@${version})`);
console.log(
  `  ${relative(root, tarball)}  ${(archive.length / 1e6).toFixed(1)} MB, sha256 ${sha256(archive)}`,
);
