/**
 * Reading documentation examples: the `ts` blocks of Markdown and JSDoc, and what their
 * `console.log(…); // text` comments promise.
 *
 * @module
 */

/** One `ts` code block and where it came from. */
export interface Block {
  /** Repository-relative file and 1-based line of the block's first code line. */
  where: string;
  /** The code. */
  code: string;
}

/** The `ts` blocks of a Markdown text, or of the JSDoc comments of a TypeScript text. */
export function extractBlocks(file: string, text: string): Block[] {
  const out: Block[] = [];
  const scan = (body: string, firstLine: number, strip: (l: string) => string) => {
    const lines = body.split("\n").map(strip);
    for (let i = 0; i < lines.length; i++) {
      if (lines[i].trim() !== "```ts") continue;
      const start = i + 1;
      let j = start;
      while (j < lines.length && lines[j].trim() !== "```") j++;
      out.push({ where: `${file}:${firstLine + start}`, code: lines.slice(start, j).join("\n") });
      i = j;
    }
  };
  if (file.endsWith(".md")) {
    scan(text, 1, (l) => l);
    return out;
  }
  for (const m of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    const firstLine = text.slice(0, m.index).split("\n").length;
    scan(m[0], firstLine, (l) => l.replace(/^\s*\/?\*+\/?\s?/, ""));
  }
  return out;
}

/** The text each commented `console.log` call promises, or undefined when a call has none. */
export function promises(code: string): string[] | undefined {
  const out: string[] = [];
  for (const line of code.split("\n")) {
    if (!/\bconsole\.log\(/.test(line)) continue;
    const m = line.match(/\)\s*;?\s*\/\/ (.*)$/);
    if (!m) return undefined;
    out.push(m[1].trim());
  }
  return out;
}

/** True when `printed` is what `promised` says: equal, or equal up to a trailing `(why)`. */
export function keeps(promised: string, printed: string): boolean {
  if (promised === printed) return true;
  return promised.startsWith(printed + " (") && promised.endsWith(")");
}
