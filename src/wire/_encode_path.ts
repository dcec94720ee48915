/**
 * Private: names the field an encode error comes from, on the error path only.
 *
 * Encoders stay as they are on the hot path: a `Writer` range check knows the value it refused
 * but not whose it was, and a field-kind helper knows the field's name but not the struct it
 * sits in. When an encode entry point catches such an error, {@linkcode locateEncodeError} runs
 * the same encoder once more over a tracing view of the value (a `Proxy` per plain object and
 * array that logs every property read with its path) and finds the read that fed the failing
 * write: the latest read of the field the error names, or else the latest read of the value
 * the `Writer` refused. Encoders read a field just before they write it, so that read is the
 * field's. The replay costs one more encode, paid only when encoding already failed.
 *
 * Typed arrays, class instances and objects of other realms are not traced (a path stops at
 * them); an encoder that behaves differently over the view (it throws something else, or
 * nothing) leaves the error's own path.
 *
 * @module
 */

import { WireError } from "./error.ts";

/** Where an error keeps the value a check refused (not enumerable, not in `toJSON`). */
const REJECTED: unique symbol = Symbol.for("streamwire.encodeRejected") as never;
/** Marks an error whose path is already complete, so an outer entry point leaves it alone. */
const LOCATED: unique symbol = Symbol.for("streamwire.encodeLocated") as never;

/** `e` with the value its check refused attached (for {@linkcode locateEncodeError}). */
export function withRejected<E extends WireError>(e: E, value: unknown): E {
  Object.defineProperty(e, REJECTED, { value: { value }, enumerable: false, configurable: true });
  return e;
}

interface Read {
  readonly key: string;
  readonly path: string;
  readonly value: unknown;
}

function traceable(v: unknown): v is object {
  if (v === null || typeof v !== "object" || ArrayBuffer.isView(v)) return false;
  if (Array.isArray(v)) return true;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** A view of `raw` (at `path`) that logs every string-keyed read into `reads`. */
function trace(raw: unknown, path: string, reads: Read[]): unknown {
  if (!traceable(raw)) return raw;
  const isArray = Array.isArray(raw);
  const children = new Map<string, unknown>();
  // The proxy's target is a fresh object, so frozen or sealed values cannot break its invariants.
  const target: object = isArray ? [] : {};
  return new Proxy(target, {
    get(_t, k) {
      const v = Reflect.get(raw, k);
      if (typeof k === "symbol" || typeof v === "function" || (isArray && k === "length")) return v;
      const childPath = isArray ? `${path}[${k}]` : path === "" ? k : `${path}.${k}`;
      let out = children.get(k);
      if (out === undefined || !traceable(v)) {
        out = trace(v, childPath, reads);
        if (traceable(v)) children.set(k, out);
      }
      reads.push({ key: k, path: childPath, value: out });
      return out;
    },
    has: (_t, k) => Reflect.has(raw, k),
    ownKeys: () => Reflect.ownKeys(raw),
    getOwnPropertyDescriptor(t, k) {
      const d = Reflect.getOwnPropertyDescriptor(raw, k);
      if (d === undefined) return undefined;
      if (isArray && k === "length") {
        (t as unknown[]).length = (raw as unknown[]).length;
        return Reflect.getOwnPropertyDescriptor(t, k);
      }
      return { ...d, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(raw),
    set: (_t, k, v) => Reflect.set(raw, k, v),
  });
}

function leafKey(path: string): string {
  const m = /^[^.[]+/.exec(path);
  return m === null ? path : m[0];
}

function find(e: WireError, reads: readonly Read[]): string | undefined {
  if (e.path !== undefined && e.path !== "") {
    // The error names its field relative to the struct it was written in.
    const key = leafKey(e.path);
    for (let i = reads.length - 1; i >= 0; i--) {
      if (reads[i].key === key) return reads[i].path + e.path.slice(key.length);
    }
    return undefined;
  }
  const rejected = (e as unknown as { [REJECTED]?: { value: unknown } })[REJECTED];
  if (rejected === undefined) return undefined;
  for (let i = reads.length - 1; i >= 0; i--) {
    if (Object.is(reads[i].value, rejected.value)) return reads[i].path;
  }
  return undefined;
}

/**
 * The error to throw for `e`, raised by an encoder of `value`: an encode `WireError` gets the
 * full path of its field (found by `replay`ing the encoder over a tracing view of `value`) and
 * `context` when it has none. Anything else, and an error already located, is returned as is.
 */
export function locateEncodeError(
  e: unknown,
  value: unknown,
  replay: (traced: unknown) => unknown,
  context?: string,
): unknown {
  if (!(e instanceof WireError) || e.side !== "encode" || LOCATED in e) return e;
  const reads: Read[] = [];
  let again: unknown;
  try {
    replay(trace(value, "", reads));
  } catch (x) {
    again = x;
  }
  const path = again instanceof WireError && again.code === e.code ? find(again, reads) : undefined;
  // The entry point's context names the whole value; a helper's own (the primitive it encodes)
  // moves into the detail.
  const inner = context !== undefined && e.context !== undefined && e.context !== context
    ? e.context
    : undefined;
  const out = new WireError(e.code, {
    side: "encode",
    path: path ?? e.path,
    context: context ?? e.context,
    detail: inner === undefined ? e.detail : `${inner}: ${e.detail ?? e.code}`,
    expected: e.expected,
    need: e.need,
    have: e.have,
  });
  Object.defineProperty(out, LOCATED, { value: true, enumerable: false });
  return out;
}

/** A short description of a refused value for error details: `got string "all"`. */
export function got(v: unknown): string {
  if (typeof v === "string") return `got string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  if (typeof v === "bigint") return `got ${v}n`;
  if (typeof v === "number") return `got ${v}`;
  if (v === null || v === undefined) return `got ${v}`;
  if (ArrayBuffer.isView(v)) return `got ${v.constructor.name}`;
  if (Array.isArray(v)) return "got an array";
  return `got ${typeof v}`;
}
