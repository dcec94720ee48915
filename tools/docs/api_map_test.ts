import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "./doc_files.ts";

const root = repoRoot();

// The module of an entry as this runtime can load it: the .ts source, or its compiled .js beside this
// test when the test itself runs compiled (Node 20 from dist/, which cannot import .ts).
function loadEntry(source: string): Promise<Record<string, unknown>> {
  const compiled = import.meta.url.endsWith(".js");
  const url = compiled
    ? new URL(`../../${source.replace(/^\.\//, "").replace(/\.ts$/, ".js")}`, import.meta.url)
    : pathToFileURL(join(root, source));
  return import(url.href);
}
const exportsMap = JSON.parse(readFileSync(join(root, "deno.json"), "utf8")).exports as Record<
  string,
  string
>;

/** Every name an entry's source exports, values and types, following `export *`. */
function exportedNames(file: string, seen = new Set<string>()): Set<string> {
  const out = new Set<string>();
  if (seen.has(file)) return out;
  seen.add(file);
  const text = readFileSync(file, "utf8");
  for (const m of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const part of m[1].split(",")) {
      const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/).pop()!.trim();
      if (name) out.add(name);
    }
  }
  for (const m of text.matchAll(/export\s+(?:const|function|class|type|interface)\s+([A-Za-z_$][\w$]*)/g)) {
    out.add(m[1]);
  }
  for (const m of text.matchAll(/export\s+\*\s+from\s+"([^"]+)"/g)) {
    for (const n of exportedNames(join(dirname(file), m[1]), seen)) out.add(n);
  }
  return out;
}

/** The README's API map: entry import path → the backticked identifiers its row names. */
function apiMap(): Map<string, string[]> {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const section = readme.slice(
    readme.indexOf("## API map"),
    readme.indexOf("\n## ", readme.indexOf("## API map") + 3),
  );
  const rows = new Map<string, string[]>();
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    const entry = /^`(@streamwire\/codec[^`]*)`$/.exec(cells[1] ?? "")?.[1];
    if (!entry) continue;
    const names = [...cells[2].matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1]);
    rows.set(entry, names);
  }
  return rows;
}

describe("the README's API map", () => {
  const rows = apiMap();

  it("has a row for every entry of deno.json but the CLI binary", () => {
    const entries = Object.keys(exportsMap).filter((e) => e !== "./cli/bin");
    assert.deepEqual(
      [...rows.keys()].sort(),
      entries.map((e) => (e === "." ? "@streamwire/codec" : `@streamwire/codec/${e.slice(2)}`)).sort(),
    );
  });

  it("names only what each entry exports (as values, checked at run time, or as types)", async () => {
    const missing: string[] = [];
    for (const [entry, names] of rows) {
      const sub = entry === "@streamwire/codec" ? "." : `./${entry.slice("@streamwire/codec/".length)}`;
      const file = join(root, exportsMap[sub]);
      const mod = await loadEntry(exportsMap[sub]);
      const declared = exportedNames(file);
      for (const n of names) if (!(n in mod) && !declared.has(n)) missing.push(`${entry}: ${n}`);
    }
    assert.deepEqual(missing, []);
  });

  it("does not promise the root holds what it leaves to the protocol entries", async () => {
    const mod = await loadEntry("mod.ts");
    // The claim the issue found false ("re-exports everything below") would need these.
    for (const n of ["ClientConnection", "encodeRecordBatch", "encodeMetadataRequest"]) {
      assert.ok(!(n in mod), n);
    }
    const row = rows.get("@streamwire/codec")!.join(" ");
    assert.doesNotMatch(row, /ClientConnection|encodeRecordBatch/);
  });
});
