/**
 * The `package.json` of the published npm package, from `deno.json` (name, version, license and
 * every subpath are stated there once; a new `exports` entry is picked up by the next build).
 *
 * One tree of ES modules serves `import` and `require()`: Node runs `require()` of an ES module
 * from 20.19 and 22.12 (without a flag, without a warning), so `engines` says exactly those
 * lines and the package ships no second, CommonJS copy of the code. The `.d.ts` beside each
 * file types both (TypeScript ≥ 5.8 with `module: nodenext` accepts `require` of an ES module,
 * as those Node versions do); `typesVersions` maps each subpath for TypeScript's older
 * `moduleResolution: node`, which does not read `exports`.
 *
 * @module
 */

/** The fields of deno.json the package is built from. */
export interface DenoJson {
  name: string;
  version: string;
  license: string;
  exports: Record<string, string>;
}

/** Where the project lives: the npm page's links, and the README's links once made absolute. */
export const REPOSITORY = "https://github.com/streamwire/streamwire";

/** The branch the npm README's links point into. */
export const REPOSITORY_REF = "main";

/**
 * Node versions that load the package both ways: `require()` of an ES module runs unflagged
 * from 20.19.0 and 22.12.0 (and every 23+); 20.0–20.18, 21 and 22.0–22.11 throw `ERR_REQUIRE_ESM`.
 */
export const NODE_ENGINES = "^20.19.0 || >=22.12.0";

/** Folder of the compiled tree inside the package. */
export const TREE = "esm";

/** `./src/kafka/mod.ts` → `src/kafka/mod` (the path inside the tree, without extension). */
export function stem(entry: string): string {
  return entry.replace(/^\.\//, "").replace(/\.ts$/, "");
}

/** The npm `exports` map: every subpath of deno.json, its `.d.ts` first, then the module. */
export function exportsMap(exports: Record<string, string>): Record<string, unknown> {
  const map: Record<string, unknown> = {};
  for (const [subpath, entry] of Object.entries(exports)) {
    const s = stem(entry);
    map[subpath] = { types: `./${TREE}/${s}.d.ts`, default: `./${TREE}/${s}.js` };
  }
  map["./package.json"] = "./package.json";
  return map;
}

/**
 * `typesVersions` for `moduleResolution: node` (node10): each subpath but the root (which
 * `types` covers) to its `.d.ts`. TypeScript reads it only when it does not read `exports`.
 */
export function typesVersions(exports: Record<string, string>): Record<string, Record<string, string[]>> {
  const paths: Record<string, string[]> = {};
  for (const [subpath, entry] of Object.entries(exports)) {
    if (subpath === ".") continue;
    paths[subpath.replace(/^\.\//, "")] = [`./${TREE}/${stem(entry)}.d.ts`];
  }
  return { "*": paths };
}

/** The whole package.json. */
export function npmManifest(deno: DenoJson): Record<string, unknown> {
  const main = stem(deno.exports["."]);
  return {
    name: deno.name,
    version: deno.version,
    description:
      "Zero-dependency codec for the wire protocols of Apache Iggy and Apache Kafka: every command and API version, record batches, compression, conformance vectors.",
    license: deno.license,
    keywords: ["kafka", "iggy", "protocol", "codec", "wire", "binary", "record-batch", "deno", "bun"],
    repository: { type: "git", url: `git+${REPOSITORY}.git` },
    homepage: `${REPOSITORY}#readme`,
    bugs: { url: `${REPOSITORY}/issues` },
    type: "module",
    main: `./${TREE}/${main}.js`,
    types: `./${TREE}/${main}.d.ts`,
    exports: exportsMap(deno.exports),
    typesVersions: typesVersions(deno.exports),
    bin: { streamwire: "./bin/streamwire.js" },
    files: [`${TREE}/`, "bin/", "README.md", "LICENSE"],
    sideEffects: false,
    engines: { node: NODE_ENGINES },
  };
}
