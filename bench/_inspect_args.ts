/**
 * `--name value` flags for the inspector's bench scripts: `--help` prints the usage and exits,
 * an unknown flag is an error with exit 2.
 *
 * @module
 */

import process from "node:process";

/** Parses `process.argv` against `defaults` (every flag takes a value). */
export function parseFlags(defaults: Record<string, string>, usage: string): Record<string, string> {
  const out = { ...defaults };
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--help" || a === "-h") {
      console.log(`usage: ${usage}`);
      process.exit(0);
    }
    const name = a.startsWith("--") ? a.slice(2) : "";
    if (!(name in defaults) || args[i + 1] === undefined) {
      console.error(`unknown or incomplete flag ${a}\nusage: ${usage}`);
      process.exit(2);
    }
    out[name] = args[++i];
  }
  return out;
}
