/**
 * The package version the `streamwire` command reports (`--version`); `main_test.ts` holds it
 * equal to `deno.json`'s, from which the npm package takes its own.
 *
 * @module
 */

/**
 * The version of `@streamwire/codec` this command belongs to.
 *
 * @example
 * ```ts
 * import { VERSION } from "@streamwire/codec/cli";
 * console.log(/^\d+\.\d+\.\d+/.test(VERSION)); // true
 * ```
 */
export const VERSION = "0.1.0";
