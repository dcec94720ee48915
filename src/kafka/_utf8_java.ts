/**
 * Lenient UTF-8 decoding with the replacement rules of Java's `new String(bytes, UTF_8)` (JDK
 * 17), which is how kafka-clients reads every string. They differ from the WHATWG/Rust "maximal
 * subpart" rules that `TextDecoder` follows, so bytes Kafka accepts decode to the same text here:
 *
 * - an encoded surrogate (ED A0..BF xx) is one malformed unit of three bytes (one U+FFFD);
 * - a three- or four-byte sequence cut by a bad byte replaces the bytes seen so far with one
 *   U+FFFD and resumes at the bad byte, but a bad second byte of a four-byte lead (including
 *   overlong F0 8x and out-of-range F4 9x and above) replaces only the lead;
 * - a sequence cut by the end of the input becomes one U+FFFD, unless the bytes present are
 *   already invalid (then they are replaced one by one as above);
 * - C0, C1, F8..FF and stray continuation bytes are one U+FFFD each.
 *
 * These rules were checked against kafka-clients' JVM on every sequence of up to four bytes over
 * the interesting byte values and on 200 000 random longer ones. Only the slow path uses this:
 * valid UTF-8 goes through the strict decoder first.
 *
 * @module
 */

const REPL = 0xfffd;

function cont(x: number): boolean {
  return (x & 0xc0) === 0x80;
}

/** Decodes `b[start, end)` replacing malformed input the way Java does. */
export function decodeUtf8Java(b: Uint8Array, start: number, end: number): string {
  const units: number[] = [];
  let sp = start;
  while (sp < end) {
    const b1 = b[sp++];
    if (b1 < 0x80) {
      units.push(b1);
    } else if (b1 >= 0xc2 && b1 <= 0xdf) {
      if (sp >= end) {
        units.push(REPL);
        break;
      }
      if (cont(b[sp])) units.push(((b1 & 0x1f) << 6) | (b[sp++] & 0x3f));
      else units.push(REPL);
    } else if (b1 >= 0xe0 && b1 <= 0xef) {
      const bad2 = sp < end && ((b1 === 0xe0 && (b[sp] & 0xe0) === 0x80) || !cont(b[sp]));
      if (sp + 1 < end) {
        const b3 = b[sp + 1];
        if (bad2 || !cont(b3)) {
          units.push(REPL);
          if (!bad2) sp++;
        } else {
          const c = ((b1 & 0x0f) << 12) | ((b[sp] & 0x3f) << 6) | (b3 & 0x3f);
          sp += 2;
          units.push(c >= 0xd800 && c <= 0xdfff ? REPL : c);
        }
      } else {
        units.push(REPL);
        if (!bad2) break; // a truncated but so far valid sequence ends the input
      }
    } else if (b1 >= 0xf0 && b1 <= 0xf7) {
      const bad2 = sp < end &&
        ((b1 === 0xf0 && (b[sp] < 0x90 || b[sp] > 0xbf)) || (b1 === 0xf4 && (b[sp] & 0xf0) !== 0x80) ||
          !cont(b[sp]));
      if (sp + 2 < end) {
        const b2 = b[sp];
        const b3 = b[sp + 1];
        const b4 = b[sp + 2];
        const uc = ((b1 & 0x07) << 18) | ((b2 & 0x3f) << 12) | ((b3 & 0x3f) << 6) | (b4 & 0x3f);
        if (!cont(b2) || !cont(b3) || !cont(b4) || uc < 0x10000 || uc > 0x10ffff) {
          units.push(REPL);
          if (!(b1 > 0xf4 || bad2)) sp += cont(b3) ? 2 : 1;
        } else {
          const u = uc - 0x10000;
          sp += 3;
          units.push(0xd800 | (u >> 10), 0xdc00 | (u & 0x3ff));
        }
      } else if (b1 > 0xf4 || bad2) {
        units.push(REPL);
      } else if (sp + 1 < end && !cont(b[sp + 1])) {
        units.push(REPL);
        sp++;
      } else {
        units.push(REPL);
        break; // a truncated but so far valid sequence ends the input
      }
    } else {
      units.push(REPL);
    }
  }
  let s = "";
  for (let i = 0; i < units.length; i += 4096) s += String.fromCharCode(...units.slice(i, i + 4096));
  return s;
}
