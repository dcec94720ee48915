/**
 * The files whose documentation examples are checked: the entry points of deno.json `exports`,
 * every hand-written module under `src/` (generated `src/kafka/messages/` contributes its entry
 * module only), and the README.
 *
 * @module
 */

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { exportEntries } from "./entries.ts";

// The first folder above this module that holds deno.json: the checkout itself, also when this file
// runs compiled from dist/ (Node's test stage), where the sources and the README are not copied.
const root = (() => {
  let dir = fileURLToPath(new URL(".", import.meta.url));
  while (!existsSync(join(dir, "deno.json")) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
})();

/** The repository root. */
export function repoRoot(): string {
  return root;
}

/** Folders whose files are generated; only their entry modules are documented by hand. */
const GENERATED = ["src/kafka/messages/"];

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== "testdata") walk(p, out);
    } else if (name.endsWith(".ts") && !name.endsWith("_test.ts")) {
      out.push(relative(root, p));
    }
  }
}

/** Every file whose doc blocks are run: entries first, then src/ modules, then the README. */
export function docFiles(): string[] {
  const files = exportEntries(readFileSync(join(root, "deno.json"), "utf8")).map((e) =>
    e.replace(/^\.\//, "")
  );
  const src: string[] = [];
  walk(join(root, "src"), src);
  for (const f of src) if (!GENERATED.some((g) => f.startsWith(g)) && !files.includes(f)) files.push(f);
  files.push("README.md");
  return files;
}
