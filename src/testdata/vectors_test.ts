/**
 * Test-only: reads a vector file of the repository's `vectors/` (found upwards from this module,
 * so it also works from `dist/` under Node) for the tests beside the code. Not published.
 *
 * @module
 */

import { existsSync, readFileSync } from "node:fs";

function vectorsRoot(): URL {
  for (let u = new URL(".", import.meta.url), i = 0; i < 8; i++, u = new URL("..", u)) {
    if (existsSync(new URL("vectors/manifest.json", u))) return new URL("vectors/", u);
  }
  throw new Error("vectors/ not found above " + import.meta.url);
}

/** The parsed JSON of `vectors/<path>` (e.g. `"iggy/consensus_request_header.json"`). */
export function readVectorFile<T>(path: string): T {
  return JSON.parse(readFileSync(new URL(path, vectorsRoot()), "utf8")) as T;
}
