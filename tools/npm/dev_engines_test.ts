// `npm ci` on Node 20 warns EBADENGINE for every dev dependency whose `engines.node` leaves Node 20
// out. Those are documented (tools/npm/README.md "Dev set-up and footprint"); this test fails
// when the lockfile gains another one, or when one documented is no longer in it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

/** The dev dependencies (and their own dependencies) documented as declaring Node >= 22. */
const DOCUMENTED = ["@platformatic/kafka", "@platformatic/dynamic-buffer", "@platformatic/wasm-utils"];

type Version = [number, number, number];

function parse(v: string): Version {
  const [a = 0, b = 0, c = 0] = v.replace(/^v/, "").split(".").map((x) => Number.parseInt(x, 10) || 0);
  return [a, b, c];
}

function cmp(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** Whether `version` satisfies an npm range made of `||`, `>=`, `>`, `<`, `<=`, `^`, `~`, `*`, `x`. */
export function satisfies(version: string, range: string): boolean {
  const v = parse(version);
  return range.split("||").some((alt) => {
    const parts = alt.trim().replace(/(>=|<=|>|<|=)\s+/g, "$1").split(/\s+/).filter(Boolean);
    return parts.every((p) => {
      if (p === "*" || p === "x") return true;
      const m = /^(>=|<=|>|<|=|\^|~)?(.+)$/.exec(p)!;
      const w = parse(m[2]);
      switch (m[1]) {
        case ">=":
          return cmp(v, w) >= 0;
        case ">":
          return cmp(v, w) > 0;
        case "<":
          return cmp(v, w) < 0;
        case "<=":
          return cmp(v, w) <= 0;
        case "^":
          return cmp(v, w) >= 0 && v[0] === w[0];
        case "~":
          return cmp(v, w) >= 0 && v[0] === w[0] && v[1] === w[1];
        default:
          return m[2].split(".").length < 3 ? v[0] === w[0] : cmp(v, w) === 0;
      }
    });
  });
}

test("satisfies() reads the ranges the lockfile uses", () => {
  assert.equal(satisfies("20.19.0", ">=18"), true);
  assert.equal(satisfies("20.19.0", ">= 22.22.0 || >= 24.6.0"), false);
  assert.equal(satisfies("20.19.0", "^20.19.0 || >=22.12.0"), true);
  assert.equal(satisfies("20.18.9", "^20.19.0 || >=22.12.0"), false);
  assert.equal(satisfies("20.19.0", ">=14.17"), true);
  assert.equal(satisfies("20.19.0", ">= 10"), true);
  assert.equal(satisfies("20.19.0", "^18 || ^20 || >=22"), true);
});

test("only the documented dev dependencies leave Node 20 out of their engines", () => {
  const lock = JSON.parse(readFileSync(new URL("../../package-lock.json", import.meta.url), "utf8")) as {
    packages: Record<string, { engines?: { node?: string } }>;
  };
  const excluding = Object.entries(lock.packages)
    .filter(([path, p]) => path && p.engines?.node && !satisfies("20.19.0", p.engines.node))
    .map(([path]) => path.replace(/^.*node_modules\//, ""))
    .sort();
  assert.deepEqual(excluding, [...DOCUMENTED].sort());
  const readme = readFileSync(new URL("./README.md", import.meta.url), "utf8");
  for (const name of DOCUMENTED) {
    assert.ok(readme.includes(`\`${name}\``), `tools/npm/README.md names ${name}`);
  }
});
