/**
 * Every kafka-clients version pin comes from one file, tools/codegen/inputs.json. The code that
 * needs a version reads it (tools/codegen/pins.ts, conformance/lib/kafka_pins.sh, the oracle's
 * Pins.java); the Maven poms, which cannot read it, keep defaults that must equal it; and no
 * other line of code in the places that once restated the versions may name one.
 */

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./lib/files.ts";
import { kafkaClientsPins } from "../tools/codegen/pins.ts";

const root = repoRoot();
const pins = kafkaClientsPins();
const labels = [pins.current.label, pins.legacy.label];

function read(rel: string): string {
  return readFileSync(join(root, rel), "utf8");
}

/** The value of `<name>…</name>` in a pom (the first one after `from`, when given). */
function pomValue(pom: string, name: string, from = 0): string | undefined {
  return pom.slice(from).match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1];
}

function filesUnder(rel: string, ext: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, rel))) {
    const p = join(rel, name);
    if (name === "target") continue;
    if (statSync(join(root, p)).isDirectory()) out.push(...filesUnder(p, ext));
    else if (name.endsWith(ext)) out.push(p);
  }
  return out;
}

/** Code lines (comments and blank lines left out: prose may name a release, code may not). */
function codeLines(text: string): string[] {
  return text.split("\n").map((l) => l.trim()).filter((l) =>
    l !== "" && !l.startsWith("#") && !l.startsWith("//") && !l.startsWith("*") && !l.startsWith("/*")
  );
}

describe("kafka-clients pins", () => {
  it("the pin file names two releases with their jars and sha256", () => {
    assert.equal(pins.jars.length, 2);
    for (const j of pins.jars) {
      assert.match(j.label, /^\d+\.\d+\.\d+$/);
      assert.equal(j.artifact, `org.apache.kafka:kafka-clients:${j.label}`);
      assert.equal(j.path, `org/apache/kafka/kafka-clients/${j.label}/kafka-clients-${j.label}.jar`);
      assert.match(j.sha256, /^[0-9a-f]{64}$/);
    }
  });

  it("the Kafka oracle's pom defaults are the pinned releases", () => {
    const pom = read("conformance/kafka-oracle/pom.xml");
    assert.equal(pomValue(pom, "kafka.current.version"), pins.current.label);
    assert.equal(pomValue(pom, "kafka.legacy.version"), pins.legacy.label);
  });

  it("the broker suite's pom has one profile per pinned release, with that release as its default", () => {
    const pom = read("conformance/broker/pom.xml");
    const ids = [...pom.matchAll(/<id>(kafka-[^<]+)<\/id>/g)].map((m) => [m[1], m.index!] as const);
    assert.deepEqual(ids.map(([id]) => id), labels.map((l) => `kafka-${l.replace(/\.\d+$/, "")}`));
    for (const [i, [, at]] of ids.entries()) assert.equal(pomValue(pom, "kafka.version", at), labels[i]);
  });

  it("no line of code restates a pinned release", () => {
    const places = [
      ...filesUnder("conformance/kafka-oracle", ".sh"),
      ...filesUnder("conformance/kafka-oracle/src", ".java"),
      ...filesUnder("tools/codegen", ".ts"),
      ...filesUnder("tools/kafka-errors", ".ts"),
      "conformance/kafka-oracle/jars.sha256",
      "conformance/lib/kafka_pins.sh",
      "conformance/broker/run.sh",
      "conformance/differential/kafka_records.ts",
      ".ci/run",
    ];
    const found: string[] = [];
    for (const f of places) {
      for (const line of codeLines(read(f))) {
        if (labels.some((l) => line.includes(l))) found.push(`${f}: ${line}`);
      }
    }
    assert.deepEqual(found, []);
  });
});
