/**
 * The entry points of the package, read from deno.json `exports` (the one list of them).
 *
 * @module
 */

/** The module files of deno.json `exports`, in declaration order. */
export function exportEntries(denoJson: string): string[] {
  const exp = (JSON.parse(denoJson) as { exports?: string | Record<string, string> }).exports;
  if (exp === undefined) return [];
  return typeof exp === "string" ? [exp] : [...new Set(Object.values(exp))];
}
