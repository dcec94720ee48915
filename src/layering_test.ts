import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

// The folder of this file: src/ in the checkout (dist/src/ under Node, where the same rules hold).
const SRC = dirname(fileURLToPath(import.meta.url));
const EXT = SRC.includes(`${sep}dist${sep}`) ? ".js" : ".ts";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(EXT) && !p.endsWith(".d.ts") ? [p] : [];
  });
}

function specifiers(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/^\s*(?:import|export)\b[^'"`;]*?\bfrom\s+["']([^"']+)["']/gm)].map((m) => m[1]);
}

const isTestSupport = (f: string) => f.endsWith(`_test${EXT}`) || f.split(sep).includes("testdata");

describe('what src/ imports (docs/architecture.md, "Modules and their dependencies")', () => {
  const all = files(SRC);
  it("found the modules (the walk is not empty)", () => assert.ok(all.length > 200, `${all.length}`));
  it("nothing under src/, tests included, imports bench/, conformance/ or tools/ (only src/ and the root mod.ts)", () => {
    const rootMod = join(SRC, "..", `mod${EXT}`);
    const out: string[] = [];
    for (const f of all) {
      for (const s of specifiers(f)) {
        const target = resolve(dirname(f), s);
        if (s.startsWith(".") && target !== rootMod && relative(SRC, target).startsWith("..")) {
          out.push(`${relative(SRC, f)}: ${s}`);
        }
      }
    }
    assert.deepEqual(out, []);
  });
  it("the library imports nothing but its own modules (no node:, npm or URL imports)", () => {
    const out: string[] = [];
    for (const f of all.filter((f) => !isTestSupport(f))) {
      for (const s of specifiers(f)) if (!s.startsWith(".")) out.push(`${relative(SRC, f)}: ${s}`);
    }
    assert.deepEqual(out, []);
  });
});
