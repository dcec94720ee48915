/**
 * Test-only helpers shared by the tests beside the code (`src/**\/testdata/` is not published:
 * deno.json `publish.exclude`, tools/npm/build.ts). Tests judge a rejection by its `WireError`
 * code, never by its message, and these are the one way they do it.
 *
 * @module
 */

import assert from "node:assert/strict";
import { isWireError, type WireError } from "../wire/error.ts";

/** Fields of a `WireError` a test may pin besides its code. */
export type WireErrorFields = Partial<
  Pick<WireError, "offset" | "need" | "have" | "incomplete" | "context" | "side" | "path" | "expected">
>;

/**
 * Asserts that `fn` throws a `WireError` with `code` (and the given fields); returns it for
 * further checks. Anything else — no throw, another code, another kind of error — fails.
 */
export function assertWireError(
  fn: () => unknown,
  code: string,
  fields: WireErrorFields = {},
  message?: string,
): WireError {
  let error: unknown;
  let threw = false;
  try {
    fn();
  } catch (e) {
    threw = true;
    error = e;
  }
  const what = message === undefined
    ? `expected WireError ${code}`
    : `${message}: expected WireError ${code}`;
  assert.ok(threw, `${what}, nothing was thrown`);
  assert.ok(isWireError(error), `${what}, got ${error}`);
  assert.equal(error.code, code, `${what}: ${error.message}`);
  for (const [k, v] of Object.entries(fields)) {
    assert.equal((error as unknown as Record<string, unknown>)[k], v, `${what}: ${k}`);
  }
  return error;
}

/**
 * The code of the `WireError` `fn` throws, or `"ok"` when it returns; any other error is
 * rethrown (for tables that mix accepted and rejected inputs).
 */
export function wireErrorCode(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (isWireError(e)) return e.code;
    throw e;
  }
  return "ok";
}

/** The bytes of `parts`, one after another, in a new array. */
export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
