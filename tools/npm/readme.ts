/**
 * The README as the npm page shows it: npm renders the package's README.md outside the
 * repository, so a relative link (`docs/architecture.md`) or image (`docs/inspector/screenshot.png`)
 * has nothing to point at there. {@linkcode absoluteLinks} rewrites them to the repository's URLs;
 * in-page anchors (`#inspect-traffic`) and absolute URLs stay. Fenced code blocks are left alone.
 *
 * @module
 */

/** Where the repository's files are browsed (`blob`) and fetched raw (images). */
export interface RepositoryUrls {
  /** e.g. `https://github.com/streamwire/streamwire` */
  web: string;
  /** The branch or tag the links name, e.g. `main`. */
  ref: string;
}

const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|#|\/\/)/i;
const LINK = /(!?)\[([^\]]*)\]\(([^)\s]+)((?:\s+"[^"]*")?)\)/g;

/** The URL a relative `target` of the README gets; images get the raw file. */
export function absoluteUrl(target: string, image: boolean, repo: RepositoryUrls): string {
  if (ABSOLUTE.test(target)) return target;
  const path = target.replace(/^\.\//, "");
  const raw = repo.web.replace(/^https:\/\/github\.com\//, "https://raw.githubusercontent.com/");
  return image ? `${raw}/${repo.ref}/${path}` : `${repo.web}/blob/${repo.ref}/${path}`;
}

/** `markdown` with every relative link and image target made absolute (outside code fences). */
export function absoluteLinks(markdown: string, repo: RepositoryUrls): string {
  let fenced = false;
  return markdown.split("\n").map((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return line;
    }
    if (fenced) return line;
    return line.replace(
      LINK,
      (_m, bang: string, text: string, target: string, title: string) =>
        `${bang}[${text}](${absoluteUrl(target, bang === "!", repo)}${title})`,
    );
  }).join("\n");
}

/** The relative link targets left in `markdown` (outside code fences): none after {@linkcode absoluteLinks}. */
export function relativeLinks(markdown: string): string[] {
  let fenced = false;
  const out: string[] = [];
  for (const line of markdown.split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    else if (!fenced) {
      for (const m of line.matchAll(LINK)) if (!ABSOLUTE.test(m[3])) out.push(m[3]);
    }
  }
  return out;
}
