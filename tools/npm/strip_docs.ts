/**
 * Drops the JSDoc blocks from compiled JavaScript. The npm package ships them once, in the
 * `.d.ts` beside each file, where editors read them; in the `.js` they are the same text again
 * (≈440 KB of the 2.4 MB). Everything else stays as the compiler wrote it: line comments (the
 * "why" of the code), `/* @__PURE__ *\/` annotations, and the code's layout, so a stack trace
 * points at readable code.
 *
 * Only whole lines go: a line that starts (after indentation) with `/**` and, on that line or
 * a later one, ends with `*\/` and nothing after it. {@linkcode sameCode} is how the build
 * proves that only comments went (esbuild's minified output of both texts is identical).
 *
 * @module
 */

/** `js` without its JSDoc blocks (whole lines only; see the module doc). */
export function stripDocComments(js: string): string {
  const lines = js.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].trim();
    if (!t.startsWith("/**")) {
      out.push(lines[i]);
      continue;
    }
    // The block's last line: this one (a one-line doc) or the first later line ending in */.
    let end = i;
    if (!(t.length >= 5 && t.endsWith("*/"))) {
      end = i + 1;
      while (end < lines.length && !lines[end].includes("*/")) end++;
      if (end === lines.length || !lines[end].trim().endsWith("*/")) {
        out.push(lines[i]); // not a whole-line block: keep it as written
        continue;
      }
    }
    i = end;
  }
  return out.join("\n");
}

/** The subset of esbuild's API {@linkcode sameCode} uses. */
export interface Minifier {
  transform(
    code: string,
    options: { minify: boolean; loader: "js"; format: "esm" },
  ): Promise<{ code: string }>;
}

/** True when `a` and `b` differ only in comments (esbuild minifies both to the same text). */
export async function sameCode(esbuild: Minifier, a: string, b: string): Promise<boolean> {
  const opts = { minify: true, loader: "js", format: "esm" } as const;
  const [x, y] = await Promise.all([esbuild.transform(a, opts), esbuild.transform(b, opts)]);
  return x.code === y.code;
}
