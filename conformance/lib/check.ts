/**
 * Judging one vector test against an adapter — the semantics table of vectors/README.md in code.
 *
 * @module
 */

import { isWireError } from "../../src/wire/error.ts";
import { toHex } from "../../src/wire/hex.ts";
import { familyOf, SHORT_INPUT_FAMILIES } from "./format.ts";
import { jsonDiff } from "./json.ts";
import type { CaseContext, MessageAdapter } from "./types.ts";

/**
 * How closely a rejection must match `error`: the exact `code` (default), its `family`, or —
 * for decoders with one not-enough-data error — the family with truncated/count/length as one.
 */
export type MatchLevel = "code" | "family" | "short";

/** Whether a decoder's `got` code satisfies the expected `want` code at `level`. */
export function codeMatches(got: string, want: string, level: MatchLevel): boolean {
  if (got === want) return true;
  if (level === "code") return false;
  const g = familyOf(got);
  const w = familyOf(want);
  if (g === undefined || w === undefined) return false;
  if (g === w) return true;
  return level === "short" && SHORT_INPUT_FAMILIES.includes(g) && SHORT_INPUT_FAMILIES.includes(w);
}

/** The verdict on one test. `note` explains a failure; `offsetMismatch` is an offset miss (a failure unless the test's level is "recommended"). */
export interface Verdict {
  ok: boolean;
  note?: string;
  offsetMismatch?: boolean;
  /** True when something other than a WireError escaped (always a failure). */
  escaped?: boolean;
}

/** Runs `fn`, returning its value or the thrown error. */
function attempt<T>(fn: () => T): { value?: T; error?: unknown } {
  try {
    return { value: fn() };
  } catch (error) {
    return { error };
  }
}

function describeError(e: unknown): string {
  if (isWireError(e)) return `WireError ${e.code}: ${e.message}`;
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}

/** Checks `ctx.test` against `adapter`; `bytes` is undefined for encode-only tests. */
export function checkCase(
  adapter: MessageAdapter,
  ctx: CaseContext,
  bytes: Uint8Array | undefined,
  match: MatchLevel = "code",
): Verdict {
  const t = ctx.test;
  const op = t.op ?? "roundtrip";
  const expectDecode = op !== "encode";
  const expectEncode = op !== "decode";

  if (t.result === "valid") {
    if (expectDecode) {
      if (!bytes) return { ok: false, note: "valid decode test without bytes" };
      const d = attempt(() => adapter.decode(bytes, ctx));
      if (d.error !== undefined) {
        return {
          ok: false,
          escaped: !isWireError(d.error),
          note: `decode failed: ${describeError(d.error)}`,
        };
      }
      const diff = jsonDiff(d.value, t.value);
      if (diff) return { ok: false, note: `decoded value differs: ${diff}` };
    }
    if (expectEncode && adapter.encode) {
      const e = attempt(() => adapter.encode!(t.value, ctx));
      if (e.error !== undefined) {
        return {
          ok: false,
          escaped: !isWireError(e.error),
          note: `encode failed: ${describeError(e.error)}`,
        };
      }
      if (t.canonical === false) {
        // Only the value must survive: decode our bytes again.
        const back = attempt(() => adapter.decode(e.value!, ctx));
        if (back.error !== undefined) {
          return { ok: false, note: `re-decode failed: ${describeError(back.error)}` };
        }
        const diff = jsonDiff(back.value, t.value);
        if (diff) return { ok: false, note: `re-decoded value differs: ${diff}` };
      } else if (bytes) {
        const got = toHex(e.value!);
        const want = toHex(bytes);
        if (got !== want) {
          let i = 0;
          while (i < got.length && got[i] === want[i]) i++;
          return {
            ok: false,
            note: `encoded bytes differ at byte ${i >> 1}: got …${got.slice(i, i + 16)}, want …${
              want.slice(i, i + 16)
            }`,
          };
        }
      }
    } else if (op === "encode" && !adapter.encode) {
      return { ok: false, note: "encode test but the adapter has no encoder" };
    }
    return { ok: true };
  }

  const want = t.error?.code;
  const run = op === "encode"
    ? () => {
      if (!adapter.encode) throw new Error("adapter has no encoder");
      return adapter.encode(t.value, ctx);
    }
    : () => adapter.decode(bytes ?? new Uint8Array(0), ctx);
  const r = attempt(run);
  if (r.error === undefined) {
    if (t.result === "acceptable") {
      if (op === "encode") return { ok: true };
      const diff = t.value === undefined ? null : jsonDiff(r.value, t.value);
      return diff ? { ok: false, note: `accepted with a different value: ${diff}` } : { ok: true };
    }
    return {
      ok: false,
      note: `expected ${want}, but ${op === "encode" ? "encoding" : "decoding"} succeeded`,
    };
  }
  if (!isWireError(r.error)) return { ok: false, escaped: true, note: `escaped: ${describeError(r.error)}` };
  if (want === undefined || !codeMatches(r.error.code, want, match)) {
    const at = match === "code" ? "" : ` (family ${familyOf(want ?? "")}, matching by ${match})`;
    return { ok: false, note: `expected ${want}${at}, got ${r.error.code} (${r.error.message})` };
  }
  // error.offset (vectors/README.md): checked wherever given; level defaults to "required".
  const offsetMismatch = t.error?.offset !== undefined && r.error.offset !== t.error.offset;
  if (offsetMismatch && t.level !== "recommended") {
    return { ok: false, offsetMismatch, note: `expected offset ${t.error!.offset}, got ${r.error.offset}` };
  }
  return { ok: true, offsetMismatch };
}
