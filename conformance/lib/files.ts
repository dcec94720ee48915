/**
 * Reading the vector tree, for the runner, the lint, the fuzzer and the regenerator. Uses
 * `node:` built-ins, which Deno, Bun and Node all provide (conformance/ is tooling, not the
 * library, so it may).
 *
 * @module
 */

import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fromHex } from "../../src/wire/hex.ts";
import { FORMAT, VECTORS_VERSION } from "./format.ts";
import type { Manifest, ManifestEntry, VectorFile, VectorTest } from "./types.ts";

/**
 * The repository root, found from the current directory (the folder holding deno.json and
 * vectors/; or, outside a checkout — the npm package's consumer tests — the folder holding
 * vectors/manifest.json).
 */
export function repoRoot(): string {
  let dir = resolve(".");
  for (let i = 0; i < 10; i++) {
    if (existsSync(join(dir, "deno.json")) && existsSync(join(dir, "vectors"))) return dir;
    if (existsSync(join(dir, "vectors", "manifest.json"))) return dir;
    dir = resolve(dir, "..");
  }
  throw new Error("run from inside the streamwire repository");
}

/** `vectors/` of the repository. */
export function vectorsDir(root = repoRoot()): string {
  return join(root, "vectors");
}

/** Hex sha256 of bytes or text. */
export function sha256(data: Uint8Array | string): string {
  return createHash("sha256").update(data).digest("hex");
}

/** Reads and parses a JSON file. */
export function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}

/** Every vector file path (relative to vectors/), sorted: `<protocol>/*.json`. */
export function listVectorFiles(dir = vectorsDir()): string[] {
  const out: string[] = [];
  for (const protocol of ["iggy", "kafka"]) {
    const p = join(dir, protocol);
    if (!existsSync(p)) continue;
    for (const name of readdirSync(p).sort()) {
      if (name.endsWith(".json") && statSync(join(p, name)).isFile()) out.push(`${protocol}/${name}`);
    }
  }
  return out;
}

/** Every `.bin` file under `vectors/<protocol>/bin/`, relative to vectors/. */
export function listBinFiles(dir = vectorsDir()): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    for (const name of readdirSync(p).sort()) {
      const q = join(p, name);
      if (statSync(q).isDirectory()) walk(q);
      else if (name.endsWith(".bin")) out.push(relative(dir, q));
    }
  };
  for (const protocol of ["iggy", "kafka"]) {
    const p = join(dir, protocol, "bin");
    if (existsSync(p)) walk(p);
  }
  return out;
}

/** Loads the manifest. */
export function loadManifest(dir = vectorsDir()): Manifest {
  return readJson<Manifest>(join(dir, "manifest.json"));
}

/** Where the value JSON Schema of a vector file lives (relative to vectors/), if it has one. */
export function valueSchemaPath(path: string): string {
  return `schema/values/${path.replace(/\.json$/, ".schema.json")}`;
}

/** Recomputes the manifest from the files on disk and writes it. */
export function writeManifest(dir = vectorsDir()): Manifest {
  const files: ManifestEntry[] = listVectorFiles(dir).map((path) => {
    const text = readFileSync(join(dir, path));
    const f = JSON.parse(text.toString("utf8")) as VectorFile;
    const entry: ManifestEntry = {
      path,
      sha256: sha256(text),
      protocol: f.protocol,
      message: f.message,
      numberOfTests: f.numberOfTests,
    };
    const valueSchema = valueSchemaPath(path);
    if (existsSync(join(dir, valueSchema))) entry.valueSchema = valueSchema;
    return entry;
  });
  const manifest: Manifest = { schemaVersion: FORMAT, version: VECTORS_VERSION, files };
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
  return manifest;
}

/** The bytes of a test (hex or `.bin` file); undefined for encode-only tests. */
export function testBytes(t: VectorTest, dir = vectorsDir()): Uint8Array | undefined {
  if (t.hex !== undefined) return fromHex(t.hex);
  if (t.file) return new Uint8Array(readFileSync(join(dir, t.file.path)));
  return undefined;
}

/** Loads one vector file. */
export function loadVectorFile(path: string, dir = vectorsDir()): VectorFile {
  return readJson<VectorFile>(join(dir, path));
}
