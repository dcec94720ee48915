/**
 * Re-points the conformance runner from `src/` to the published package: an esbuild plugin
 * that replaces every import of a source module (`../../src/iggy/codec.ts`, `../../mod.ts`, …)
 * by a module re-exporting the same values from the package's public subpaths
 * (`@streamwire/codec/iggy`, …). A value counts as the same when the subpath exports the very
 * same object or function (for a primitive constant: the same name and value), found by loading
 * both in this process.
 *
 * A name the conformance code imports that no subpath exports is bundled from `src/` instead;
 * {@linkcode bundledFromSource} lists those files from the build's metafile, so the report says
 * exactly what did not come from the package.
 *
 * @module
 */

import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type * as esbuild from "esbuild";

/** Where each value of a source module is found in the package. */
export interface PublicMap {
  /** Absolute source path → (exported name → `[subpath, public name]`, or null when private). */
  files: Map<string, Map<string, [string, string] | null>>;
}

/** Loads every deno.json entry and every source module the given files reach, and maps them. */
export async function buildPublicMap(root: string, sourceFiles: string[]): Promise<PublicMap> {
  const deno = JSON.parse(readFileSync(join(root, "deno.json"), "utf8")) as {
    exports: Record<string, string>;
  };
  // Most specific subpath first, so `decodeBatch` maps to ./iggy/batch rather than the root.
  // `./cli/bin` is a program (it runs the command when loaded), not a library entry.
  const entries = Object.entries(deno.exports).filter(([subpath]) => !subpath.endsWith("/bin"))
    .sort((a, b) => b[0].length - a[0].length);
  const loaded: [string, Record<string, unknown>][] = [];
  for (const [subpath, file] of entries) loaded.push([subpath, await import(join(root, file))]);
  const files = new Map<string, Map<string, [string, string] | null>>();
  for (const abs of sourceFiles) {
    const mod = (await import(abs)) as Record<string, unknown>;
    const names = new Map<string, [string, string] | null>();
    for (const [name, value] of Object.entries(mod)) {
      let found: [string, string] | null = null;
      const primitive = value === null || (typeof value !== "object" && typeof value !== "function");
      for (const [subpath, entry] of loaded) {
        if (name in entry && entry[name] === value) {
          found = [subpath, name];
          break;
        }
      }
      if (!found && !primitive) {
        for (const [subpath, entry] of loaded) {
          const alias = Object.keys(entry).find((k) => entry[k] === value);
          if (alias) {
            found = [subpath, alias];
            break;
          }
        }
      }
      names.set(name, found);
    }
    files.set(abs, names);
  }
  return { files };
}

/** Options of {@linkcode publicPlugin}. */
export interface PublicPluginOptions {
  /** The repository root (its `src/` and `mod.ts` are replaced). */
  root: string;
  map: PublicMap;
  /** The package name the re-exports import from. */
  packageName: string;
}

/** Source files (relative to root) that ended up in a bundle, with their bytes in it. */
export function bundledFromSource(root: string, meta: esbuild.Metafile): string[] {
  const out: string[] = [];
  for (const o of Object.values(meta.outputs)) {
    for (const [p, i] of Object.entries(o.inputs)) {
      const abs = resolve(p);
      if (i.bytesInOutput > 0 && (abs.startsWith(join(root, "src") + "/") || abs === join(root, "mod.ts"))) {
        out.push(`${abs.slice(root.length + 1)} (${i.bytesInOutput} B)`);
      }
    }
  }
  return out;
}

/** The esbuild plugin; see the module doc. */
export function publicPlugin(o: PublicPluginOptions): esbuild.Plugin {
  const src = join(o.root, "src") + "/";
  const rootMod = join(o.root, "mod.ts");
  return {
    name: "streamwire-public",
    setup(b) {
      b.onResolve({ filter: /\.ts$/ }, (args) => {
        if (args.namespace === "streamwire-public" || args.pluginData === "private") return undefined;
        const abs = resolve(args.resolveDir, args.path);
        if (args.importer.startsWith(src) || args.importer === rootMod) return undefined;
        if (!abs.startsWith(src) && abs !== rootMod) return undefined;
        if (!o.map.files.has(abs)) {
          return { errors: [{ text: `${abs} was not mapped; add it to the files buildPublicMap loads` }] };
        }
        return { path: abs, namespace: "streamwire-public" };
      });
      b.onLoad({ filter: /.*/, namespace: "streamwire-public" }, (args) => {
        const names = o.map.files.get(args.path)!;
        const bySubpath = new Map<string, string[]>();
        const priv: string[] = [];
        for (const [name, where] of names) {
          if (!where) {
            priv.push(name);
            continue;
          }
          const [subpath, publicName] = where;
          const spec = `${o.packageName}${subpath.slice(1)}`;
          const list = bySubpath.get(spec) ?? [];
          list.push(publicName === name ? name : `${publicName} as ${name}`);
          bySubpath.set(spec, list);
        }
        const lines = [...bySubpath].map(([spec, list]) =>
          `export { ${list.join(", ")} } from ${JSON.stringify(spec)};`
        );
        if (priv.length) {
          lines.push(`export { ${priv.join(", ")} } from ${JSON.stringify(args.path + "?private")};`);
        }
        return { contents: lines.join("\n"), loader: "js", resolveDir: o.root };
      });
      // The private part of a module: the source itself (only its private names are used).
      b.onResolve({ filter: /\?private$/ }, (args) => ({
        path: args.path.slice(0, -"?private".length),
        pluginData: "private",
        // Only the names used are wanted; the source's own module-level code is not.
        sideEffects: false,
      }));
    },
  };
}
