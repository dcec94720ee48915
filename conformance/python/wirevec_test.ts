// The reference runner in Python runs on vectors/: every record-data test it can decode passes by
// the README's rules, and it skips only what it says it skips. (CI runs it on the packed release
// too: conformance/pack/ci.sh.) Outside CI a machine without python3 skips this test.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import process from "node:process";
import { repoRoot } from "../lib/files.ts";

const root = repoRoot();
const probe = spawnSync("python3", ["--version"], { encoding: "utf8" });
const skip = probe.status !== 0 && process.env.CI !== "true" ? "no python3 on this machine" : false;

test("python3 conformance/python/wirevec.py passes every record-data test it can decode", { skip }, () => {
  const r = spawnSync("python3", [
    join(root, "conformance", "python", "wirevec.py"),
    "--vectors",
    join(root, "vectors"),
  ], {
    encoding: "utf8",
    timeout: 120_000,
  });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const m = /^(\d+) passed, (\d+) failed, (\d+) skipped$/m.exec(r.stdout);
  assert.ok(m, r.stdout);
  assert.equal(Number(m[2]), 0);
  assert.ok(Number(m[1]) >= 140, `${m[1]} passed`);
  const reasons = [...r.stdout.matchAll(/^ {2}skipped \d+: (.*)$/gm)].map((x) => x[1]).sort();
  assert.deepEqual(reasons, [
    "lz4 is not in Python's standard library",
    "no codec for this message",
    "snappy is not in Python's standard library",
    "zstd is not in Python's standard library",
  ]);
});
