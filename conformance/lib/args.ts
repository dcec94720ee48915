/**
 * The one command-line parser of the scripts under conformance/, bench/ and tools/: `--help`
 * prints the usage and exits 0 before anything runs; an unknown flag, a missing or malformed
 * value, or a value outside a flag's choices prints a one-line error and exits 2; a filter
 * that matches nothing exits 2 through {@linkcode noMatch}.
 *
 * Flags are `--name value`, `--name=value`, or `--name` alone for booleans.
 *
 * @example
 * ```ts
 * import { parseArgs } from "./args.ts";
 * const { flags } = parseArgs({
 *   usage: "deno task fuzz [flags]",
 *   summary: "Mutational fuzzing of every decoder.",
 *   flags: { runs: { kind: "number", help: "total decodes", default: 200000 } },
 *   argv: ["--runs", "10"],
 * });
 * console.log(flags.runs); // 10
 * ```
 *
 * @module
 */

import process from "node:process";

/** One flag of a script. */
export interface FlagSpec {
  /** `boolean` takes no value; `number` must parse as a finite number. */
  kind: "boolean" | "string" | "number";
  /** One line for `--help`. */
  help: string;
  /** Value when the flag is absent (booleans are false). */
  default?: string | number;
  /** The only values accepted (string flags). */
  choices?: readonly string[];
  /** Name of the value in `--help` (default: the kind). */
  value?: string;
}

/** A script's command line. */
export interface CommandSpec<F extends Record<string, FlagSpec>> {
  /** `deno task name [flags]` or similar. */
  usage: string;
  /** What the script does, in a line or two. */
  summary: string;
  /** The flags, without their `--`. */
  flags: F;
  /** Positional arguments: their description for `--help`, and how many are allowed. */
  positionals?: { help: string; min?: number; max?: number };
  /** The arguments (default: the process's, after the script). */
  argv?: readonly string[];
  /** Called instead of `process.exit` (tests). */
  exit?: (code: number, message: string) => never;
}

type FlagValue<S extends FlagSpec> = S["kind"] extends "boolean" ? boolean
  : S["kind"] extends "number" ? (S extends { default: number } ? number : number | undefined)
  : S extends { default: string } ? string
  : string | undefined;

/** Parsed flags by name, typed by their spec. */
export type Flags<F extends Record<string, FlagSpec>> = { [K in keyof F]: FlagValue<F[K]> };

/** Prints `message` and the hint to stderr and exits 2 (a usage error). */
export function usageError(message: string, exit?: (code: number, message: string) => never): never {
  const line = `error: ${message} (see --help)`;
  if (exit) exit(2, line);
  console.error(line);
  process.exit(2);
}

/** Exits 2 saying that the filter `what` (e.g. `--message`) with `value` selected nothing. */
export function noMatch(what: string, value: string, known?: readonly string[]): never {
  const hint = known && known.length > 0
    ? `; known: ${known.slice(0, 12).join(", ")}${known.length > 12 ? ", …" : ""}`
    : "";
  usageError(`${what} ${value} matches nothing${hint}`);
}

function helpText<F extends Record<string, FlagSpec>>(spec: CommandSpec<F>): string {
  const lines = [`Usage: ${spec.usage}`, "", spec.summary, ""];
  if (spec.positionals) lines.push(`Arguments: ${spec.positionals.help}`, "");
  lines.push("Flags:");
  const rows: [string, string][] = [["--help, -h", "print this help and exit"]];
  for (const [name, f] of Object.entries(spec.flags)) {
    const v = f.kind === "boolean" ? "" : ` <${f.choices ? f.choices.join("|") : f.value ?? f.kind}>`;
    const d = f.default !== undefined ? ` (default ${f.default})` : "";
    rows.push([`--${name}${v}`, `${f.help}${d}`]);
  }
  const w = Math.max(...rows.map(([a]) => a.length));
  for (const [a, b] of rows) lines.push(`  ${a.padEnd(w)}  ${b}`);
  return lines.join("\n");
}

/**
 * Parses the command line against `spec`; prints the help and exits 0 on `--help`/`-h`,
 * exits 2 with a message on anything it does not accept.
 */
export function parseArgs<F extends Record<string, FlagSpec>>(
  spec: CommandSpec<F>,
): { flags: Flags<F>; positionals: string[] } {
  const argv = spec.argv ?? process.argv.slice(2);
  const fail: (message: string) => never = (message) => usageError(message, spec.exit);
  if (argv.includes("--help") || argv.includes("-h")) {
    const text = helpText(spec);
    if (spec.exit) spec.exit(0, text);
    console.log(text);
    process.exit(0);
  }
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(spec.flags)) {
    out[name] = f.kind === "boolean" ? false : f.default;
  }
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!a.startsWith("-") || a === "-") {
      positionals.push(a);
      continue;
    }
    const eq = a.indexOf("=");
    const name = a.startsWith("--") ? a.slice(2, eq >= 0 ? eq : undefined) : "";
    const f = Object.prototype.hasOwnProperty.call(spec.flags, name) ? spec.flags[name] : undefined;
    if (f === undefined) fail(`unknown flag ${eq >= 0 ? a.slice(0, eq) : a}`);
    if (f.kind === "boolean") {
      if (eq >= 0) fail(`--${name} takes no value`);
      out[name] = true;
      continue;
    }
    let value: string | undefined;
    if (eq >= 0) value = a.slice(eq + 1);
    else if (i + 1 < argv.length && !argv[i + 1].startsWith("--")) value = argv[++i];
    if (value === undefined || value === "") fail(`--${name} needs a value`);
    if (f.choices && !f.choices.includes(value)) {
      fail(`--${name} must be one of ${f.choices.join(", ")}, not ${value}`);
    }
    if (f.kind === "number") {
      const n = Number(value);
      if (!Number.isFinite(n)) fail(`--${name} needs a number, not ${value}`);
      out[name] = n;
    } else {
      out[name] = value;
    }
  }
  const p = spec.positionals;
  const min = p?.min ?? 0;
  const max = p ? p.max ?? Infinity : 0;
  if (positionals.length > max) {
    fail(max === 0 ? `unexpected argument ${positionals[0]}` : `at most ${max} argument(s) allowed`);
  }
  if (positionals.length < min) fail(`needs ${min} argument(s): ${p!.help}`);
  return { flags: out as Flags<F>, positionals };
}
