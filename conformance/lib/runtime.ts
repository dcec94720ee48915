/**
 * The little the scripts need to know about the runtime they are on.
 *
 * @module
 */

import process from "node:process";

/** `deno`, `bun` or `node`. */
export function detectRuntime(): "deno" | "bun" | "node" {
  const g = globalThis as Record<string, unknown>;
  if (g.Deno !== undefined) return "deno";
  if (g.Bun !== undefined) return "bun";
  return "node";
}

/** Command-line arguments after the script. */
export function getArgs(): string[] {
  return process.argv.slice(2);
}

/** Sets the exit code without cutting output short. */
export function setExitCode(code: number): void {
  process.exitCode = code;
}
