import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { type DenoJson, exportsMap, npmManifest, typesVersions } from "./package_json.ts";

const deno = JSON.parse(readFileSync(new URL("../../deno.json", import.meta.url), "utf8")) as DenoJson;

test("exportsMap() has every deno.json subpath, types first, and nothing else but package.json", () => {
  const map = exportsMap(deno.exports);
  assert.deepEqual(Object.keys(map), [...Object.keys(deno.exports), "./package.json"]);
  for (const [subpath, entry] of Object.entries(deno.exports)) {
    const s = entry.replace(/^\.\//, "").replace(/\.ts$/, "");
    assert.deepEqual(map[subpath], { types: `./esm/${s}.d.ts`, default: `./esm/${s}.js` });
    assert.equal(Object.keys(map[subpath] as object)[0], "types");
  }
});

test("exportsMap() picks up a new deno.json entry", () => {
  const map = exportsMap({ ...deno.exports, "./streams": "./src/streams/mod.ts" });
  assert.deepEqual(map["./streams"], {
    types: "./esm/src/streams/mod.d.ts",
    default: "./esm/src/streams/mod.js",
  });
  assert.deepEqual(typesVersions({ "./streams": "./src/streams/mod.ts" })["*"].streams, [
    "./esm/src/streams/mod.d.ts",
  ]);
});

test("typesVersions() maps every subpath but the root to the same .d.ts as exports", () => {
  const paths = typesVersions(deno.exports)["*"];
  const map = exportsMap(deno.exports) as Record<string, { types: string }>;
  assert.deepEqual(
    Object.keys(paths),
    Object.keys(deno.exports).filter((s) => s !== ".").map((s) => s.slice(2)),
  );
  for (const [key, [file]] of Object.entries(paths)) assert.equal(file, map[`./${key}`].types);
});

test("npmManifest() names the repository and an engines range with require() of ES modules", () => {
  const pkg = npmManifest(deno) as Record<string, any>;
  assert.match(pkg.repository.url, /^git\+https:\/\/github\.com\/.+\.git$/);
  assert.equal(pkg.homepage, `${pkg.repository.url.slice(4, -4)}#readme`);
  assert.equal(pkg.engines.node, "^20.19.0 || >=22.12.0");
  assert.equal(pkg.sideEffects, false);
  assert.deepEqual(pkg.files, ["esm/", "bin/", "README.md", "LICENSE"]);
  assert.equal(pkg.main, "./esm/mod.js");
  assert.equal(pkg.types, "./esm/mod.d.ts");
});
