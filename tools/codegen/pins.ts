/**
 * The kafka-clients releases the repository is pinned to, read from the one file that states
 * them, `tools/codegen/inputs.json`: its first jar is the current release, the second the legacy
 * one (for the versions and APIs the current release removed). The code generator, the error-table
 * generator, the Kafka oracle (`conformance/kafka-oracle`, through `Pins.java` and
 * `conformance/lib/kafka_pins.sh`), the broker suite and the record differential all read it;
 * `conformance/pins_test.ts` checks the Maven poms' defaults against it.
 *
 * @module
 */

import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** One pinned jar. */
export interface PinnedJar {
  /** The release, e.g. `"4.4.0"`. */
  label: string;
  /** Maven coordinates `group:artifact:version`. */
  artifact: string;
  /** The jar's path under the Maven repository. */
  path: string;
  /** Hex sha256 of the jar. */
  sha256: string;
}

/** The pinned releases. */
export interface KafkaClientsPins {
  /** The current release. */
  current: PinnedJar;
  /** The legacy release. */
  legacy: PinnedJar;
  /** Both, current first (the file's order). */
  jars: PinnedJar[];
}

/** The pin file: `tools/codegen/inputs.json` of the checkout this module is in (also from dist/). */
export function pinsFile(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const f = join(dir, "tools", "codegen", "inputs.json");
    if (existsSync(f)) return f;
    dir = dirname(dir);
  }
  throw new Error("tools/codegen/inputs.json not found above " + fileURLToPath(import.meta.url));
}

/** Reads the pin file. */
export function kafkaClientsPins(): KafkaClientsPins {
  const file = pinsFile();
  const { jars } = JSON.parse(readFileSync(file, "utf8")) as { jars: PinnedJar[] };
  if (jars.length !== 2) throw new Error(`${file}: expected 2 jars (current, legacy), found ${jars.length}`);
  return { current: jars[0], legacy: jars[1], jars };
}
