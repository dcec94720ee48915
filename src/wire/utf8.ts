/**
 * UTF-8 helpers: exact byte length without encoding, strict and lenient decoding, and an
 * ASCII fast path (most protocol strings — topic names, client ids — are short ASCII, where a
 * plain loop beats TextDecoder's call overhead).
 *
 * @module
 */

import { WireError } from "./error.ts";
import { got, withRejected } from "./_encode_path.ts";

const strictDecoder = /* @__PURE__ */ new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const lenientDecoder = /* @__PURE__ */ new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });
const encoder = /* @__PURE__ */ new TextEncoder();

/** Below this many bytes the hand loop wins over TextDecoder on all three runtimes. */
const SHORT_STRING = 32;

function notAString(s: unknown): WireError {
  return withRejected(
    new WireError("INVALID_VALUE", { side: "encode", expected: "a string", detail: got(s) }),
    s,
  );
}

/**
 * The number of bytes `s` takes in UTF-8 (lone surrogates count as U+FFFD, 3 bytes, as
 * TextEncoder writes them); `INVALID_VALUE` (encode side) when `s` is not a string.
 *
 * @example
 * ```ts
 * import { utf8Length } from "@streamwire/codec/wire";
 * console.log(utf8Length("héllo")); // 6
 * ```
 */
export function utf8Length(s: string): number {
  if (typeof s !== "string") throw notAString(s);
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) {
      n += 1;
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        // A surrogate pair is two UTF-16 units and four UTF-8 bytes.
        n += 2;
        i++;
      } else {
        n += 2;
      }
    } else {
      n += 2;
    }
  }
  return n;
}

/**
 * Decodes `bytes[start, end)` as UTF-8, rejecting malformed input with `INVALID_UTF8`
 * (overlong forms, surrogates, truncated sequences). `offset` is reported in the error.
 *
 * @example
 * ```ts
 * import { decodeUtf8Strict, isWireError } from "@streamwire/codec/wire";
 * const bytes = new Uint8Array([0xc3, 0xa9, 0xff]);
 * console.log(decodeUtf8Strict(bytes, 0, 2)); // é
 * try {
 *   decodeUtf8Strict(bytes, 0, 3);
 * } catch (e) {
 *   if (isWireError(e)) console.log(e.code); // INVALID_UTF8
 * }
 * ```
 */
export function decodeUtf8Strict(bytes: Uint8Array, start: number, end: number, offset = start): string {
  if (end - start <= SHORT_STRING) {
    for (let i = start; i < end; i++) {
      if (bytes[i] >= 0x80) return decodeSlow(bytes, start, end, offset, true);
    }
    return asciiString(bytes, start, end);
  }
  return decodeSlow(bytes, start, end, offset, true);
}

/**
 * The length (2 to 4) of the well-formed UTF-8 sequence that starts at `b[i]`, a byte from 0x80
 * up, and ends by `end`; 0 when it is not one: a continuation byte, an overlong form, a
 * surrogate, past U+10FFFF, or cut short. (Unicode's table of well-formed byte sequences; for
 * code that copies UTF-8 it has checked rather than decoding it.)
 */
export function utf8SequenceLength(b: Uint8Array, i: number, end: number): number {
  const c = b[i];
  if (c < 0xc2 || c > 0xf4) return 0;
  if (c < 0xe0) return i + 1 < end && (b[i + 1] & 0xc0) === 0x80 ? 2 : 0;
  if (c < 0xf0) {
    if (i + 2 >= end) return 0;
    const c1 = b[i + 1];
    const lo = c === 0xe0 ? 0xa0 : 0x80, hi = c === 0xed ? 0x9f : 0xbf;
    return c1 >= lo && c1 <= hi && (b[i + 2] & 0xc0) === 0x80 ? 3 : 0;
  }
  if (i + 3 >= end) return 0;
  const c1 = b[i + 1];
  const lo = c === 0xf0 ? 0x90 : 0x80, hi = c === 0xf4 ? 0x8f : 0xbf;
  return c1 >= lo && c1 <= hi && (b[i + 2] & 0xc0) === 0x80 && (b[i + 3] & 0xc0) === 0x80 ? 4 : 0;
}

/** Below this many chars, appending char by char is the fastest way to make an ASCII string. */
const APPEND_STRING = 13;

/**
 * `bytes[start, end)`, all below 0x80, as a string. From 13 chars on, V8 makes a string built by
 * appending into a chain of pieces that is copied again when first read (the inspector's JSON
 * writer read each one), so those are made in one piece.
 */
function asciiString(bytes: Uint8Array, start: number, end: number): string {
  if (end - start >= APPEND_STRING) {
    return String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[]);
  }
  let s = "";
  for (let i = start; i < end; i++) s += String.fromCharCode(bytes[i]);
  return s;
}

/**
 * Decodes `bytes[start, end)` as UTF-8, replacing malformed sequences with U+FFFD (as Java's `new String(bytes, UTF_8)` does).
 *
 * @example
 * ```ts
 * import { decodeUtf8Lenient } from "@streamwire/codec/wire";
 * const bytes = new Uint8Array([0x68, 0x69, 0xff]);
 * console.log(decodeUtf8Lenient(bytes, 0, bytes.length) === "hi\uFFFD"); // true
 * ```
 */
export function decodeUtf8Lenient(bytes: Uint8Array, start: number, end: number): string {
  if (end - start <= SHORT_STRING) {
    let s = "";
    for (let i = start; i < end; i++) {
      const c = bytes[i];
      if (c >= 0x80) return lenientDecoder.decode(bytes.subarray(start, end));
      s += String.fromCharCode(c);
    }
    return s;
  }
  return lenientDecoder.decode(bytes.subarray(start, end));
}

function decodeSlow(bytes: Uint8Array, start: number, end: number, offset: number, _strict: true): string {
  try {
    return strictDecoder.decode(bytes.subarray(start, end));
  } catch {
    throw new WireError("INVALID_UTF8", { offset, detail: `${end - start}-byte string` });
  }
}

/**
 * Writes `s` as UTF-8 into `dest` at `at`; `dest` must have room for `utf8Length(s)` bytes.
 * Returns the number of bytes written.
 *
 * @example
 * ```ts
 * import { encodeUtf8Into } from "@streamwire/codec/wire";
 * const dest = new Uint8Array(8);
 * console.log(encodeUtf8Into("héllo", dest, 1), dest[1]); // 6 104
 * ```
 */
export function encodeUtf8Into(s: string, dest: Uint8Array, at: number): number {
  const n = s.length;
  if (n <= SHORT_STRING) {
    let i = 0;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) break;
      dest[at + i] = c;
    }
    if (i === n) return n;
  }
  return encoder.encodeInto(s, dest.subarray(at)).written;
}

/**
 * Encodes `s` to a new UTF-8 array.
 *
 * @example
 * ```ts
 * import { encodeUtf8 } from "@streamwire/codec/wire";
 * console.log(encodeUtf8("é")); // Uint8Array(2) [ 195, 169 ]
 * ```
 */
export function encodeUtf8(s: string): Uint8Array {
  return encoder.encode(s);
}
