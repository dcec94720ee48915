import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brokenLinks, extraFiles, releaseReadme } from "./extras.ts";
import { listBinFiles, listVectorFiles, repoRoot } from "../lib/files.ts";

const root = repoRoot();

test("extraFiles() ships the Python runner, every runner of conformance/sdks and the matrix, no build output", () => {
  const to = extraFiles(root).map(([, t]) => t);
  for (const want of ["runners/python/wirevec.py", "conformance-matrix.md", "sdks/README.md"]) {
    assert.ok(to.includes(want), want);
  }
  for (
    const lib of [
      "franz-go",
      "sarama",
      "kafka-protocol",
      "kafkajs",
      "platformatic-kafka",
      "iggy_binary_protocol",
    ]
  ) {
    assert.ok(to.some((t) => t.startsWith(`sdks/${lib}/`)), lib);
  }
  assert.deepEqual(to.filter((t) => /\/target\/|node_modules|matrix\.ts$|ci\.sh$/.test(t)), []);
});

test("releaseReadme() points the README's links into the repository at what the release ships", () => {
  const readme = readFileSync(join(root, "vectors", "README.md"), "utf8");
  assert.ok(readme.includes("](../conformance/python/wirevec.py)"), "the repository README links the runner");
  const shipped = new Set([
    "README.md",
    "CHANGELOG.md",
    "LICENSE",
    "manifest.json",
    ...listVectorFiles(join(root, "vectors")),
    ...listBinFiles(join(root, "vectors")),
    ...extraFiles(root).map(([, t]) => t),
  ]);
  assert.deepEqual(brokenLinks(releaseReadme(readme), shipped), []);
  assert.deepEqual(brokenLinks(readme, shipped).sort(), [
    "../conformance/python/wirevec.py",
    "../conformance/sdks/README.md",
    "../docs/conformance-matrix.md",
  ]);
  assert.equal(releaseReadme("[x](../docs/conformance-matrix.md#a)"), "[x](conformance-matrix.md#a)");
});
