/**
 * What the vectors release ships beside vectors/: the runners a runner author starts from and
 * the cross-library matrix (vectors/README.md "Running them from another SDK"), at release paths,
 * and the README with its links into the repository pointed at those paths.
 *
 * @module
 */

import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** Repository path (relative to the root) → release path, for the files and folders shipped. */
export const EXTRAS: readonly { from: string; to: string }[] = [
  { from: "conformance/python/wirevec.py", to: "runners/python/wirevec.py" },
  { from: "conformance/sdks", to: "sdks" },
  { from: "docs/conformance-matrix.md", to: "conformance-matrix.md" },
];

/** Under conformance/sdks: build output and the tooling that needs the repository stay out. */
const LEFT_OUT = /(^|\/)(target|node_modules)(\/|$)|^conformance\/sdks\/(matrix\.ts|ci\.sh)$/;

/** Every shipped extra: `[repository path, release path]`, sorted by release path. */
export function extraFiles(root: string): [string, string][] {
  const out: [string, string][] = [];
  const walk = (from: string, to: string) => {
    const abs = join(root, from);
    if (!existsSync(abs)) throw new Error(`${from} is missing`);
    if (statSync(abs).isDirectory()) {
      for (const name of readdirSync(abs).sort()) {
        const f = `${from}/${name}`;
        if (!LEFT_OUT.test(relative(root, join(root, f)))) walk(f, `${to}/${name}`);
      }
    } else out.push([from, to]);
  };
  for (const e of EXTRAS) walk(e.from, e.to);
  return out.sort((a, b) => (a[1] < b[1] ? -1 : 1));
}

const LINK = /(!?\[[^\]]*\]\()([^)\s#]+)((?:#[^)\s]*)?\))/g;

/** vectors/README.md as the release ships it: links to the repository's extras point at their release paths. */
export function releaseReadme(readme: string): string {
  return readme.replace(LINK, (m, open: string, target: string, close: string) => {
    if (!target.startsWith("../")) return m;
    const repoPath = target.slice(3);
    for (const e of EXTRAS) {
      if (repoPath === e.from) return `${open}${e.to}${close}`;
      if (repoPath.startsWith(`${e.from}/`)) return `${open}${e.to}${repoPath.slice(e.from.length)}${close}`;
    }
    return m;
  });
}

/** Relative link targets of `markdown` that name no file of `shipped` (release paths). */
export function brokenLinks(markdown: string, shipped: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const m of markdown.matchAll(LINK)) {
    const target = m[2];
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    if (!shipped.has(target.replace(/^\.\//, ""))) out.push(target);
  }
  return out;
}
