/**
 * A JSON text written straight into UTF-8 bytes: what `--format json` prints is built here,
 * without the string concatenation, joins and re-encoding that would cost more than decoding
 * the messages. ASCII goes in byte by byte; a string with anything that needs escaping or is
 * not ASCII goes through `JSON.stringify` and `TextEncoder.encodeInto`.
 *
 * @module
 */

let hexDigits: Uint8Array | undefined;
let encoder: TextEncoder | undefined;

/** The letter of JSON's short escape for `c` (`\n` → `n`), or 0 where it has none (`\u00XX` then). */
function shortEscape(c: number): number {
  switch (c) {
    case 0x08:
      return 0x62;
    case 0x09:
      return 0x74;
    case 0x0a:
      return 0x6e;
    case 0x0c:
      return 0x66;
    case 0x0d:
      return 0x72;
    case 0x22:
    case 0x5c:
      return c;
    default:
      return 0;
  }
}

/** Writes `u` and four lowercase hex digits of `c` at `p` (the backslash is already written). */
function hex4(b: Uint8Array, p: number, c: number): number {
  const HEX = hexDigits ??= new TextEncoder().encode("0123456789abcdef");
  b[p++] = 0x75;
  b[p++] = HEX[(c >> 12) & 15];
  b[p++] = HEX[(c >> 8) & 15];
  b[p++] = HEX[(c >> 4) & 15];
  b[p++] = HEX[c & 15];
  return p;
}

/** A growing buffer of JSON text. */
export class JsonOut {
  /** The bytes; `[0, pos)` are written. */
  buf: Uint8Array;
  /** Bytes written. */
  pos = 0;

  /** A buffer starting at `size` bytes. */
  constructor(size = 1 << 16) {
    this.buf = new Uint8Array(size);
  }

  /** Makes room for `n` more bytes. */
  room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.pos + n));
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  /** Appends `s`, which the caller knows is ASCII needing no escape (syntax, keys, numbers). */
  ascii(s: string): void {
    const n = s.length;
    this.room(n);
    const b = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) b[p++] = s.charCodeAt(i);
    this.pos = p;
  }

  /** Appends `s` as UTF-8, unescaped (plain text output). */
  utf8(s: string): void {
    const n = s.length;
    this.room(n);
    const b = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c > 0x7f) {
        this.pos = p;
        this.room(3 * (n - i));
        this.pos +=
          (encoder ??= new TextEncoder()).encodeInto(s.slice(i), this.buf.subarray(this.pos)).written;
        return;
      }
      b[p++] = c;
    }
    this.pos = p;
  }

  /** Appends a number as JSON text (int32 values digit by digit, without a string in between). */
  num(n: number): void {
    // Not an int32 (NaN, fractions, beyond 32 bits): as `String` gives it. -0 is written "0", as there.
    if ((n | 0) !== n) return this.ascii(String(n));
    this.room(11);
    const b = this.buf;
    let p = this.pos;
    let x = n;
    if (x < 0) {
      b[p++] = 0x2d;
      x = -x;
    }
    if (x < 10) {
      b[p] = 0x30 + x;
      this.pos = p + 1;
      return;
    }
    p += x < 100
      ? 2
      : x < 1e3
      ? 3
      : x < 1e4
      ? 4
      : x < 1e5
      ? 5
      : x < 1e6
      ? 6
      : x < 1e7
      ? 7
      : x < 1e8
      ? 8
      : x < 1e9
      ? 9
      : 10;
    this.pos = p;
    while (x >= 10) {
      const q = (x / 10) | 0;
      b[--p] = 0x30 + x - q * 10;
      x = q;
    }
    b[--p] = 0x30 + x;
  }

  /** Appends a number as the JSON output shows any: non-finite ones as strings (`"NaN"`). */
  anyNum(n: number): void {
    if (Number.isFinite(n)) this.num(n);
    else this.ascii(`"${n}"`);
  }

  /**
   * Appends bytes as the JSON output shows them: a string of lowercase hex, cut after `max`
   * bytes with `…(+N bytes)` saying how many more there were.
   */
  bytesHex(v: Uint8Array, max: number): void {
    this.byte(0x22);
    this.hex(v, Math.min(max, v.length));
    if (v.length > max) {
      this.byte(0xe2), this.byte(0x80), this.byte(0xa6); // "…" in UTF-8
      this.ascii(`(+${v.length - max} bytes)`);
    }
    this.byte(0x22);
  }

  /** Appends `bytes` as they are (JSON text written elsewhere). */
  copy(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  /** Appends `null`. */
  null(): void {
    this.room(4);
    const b = this.buf, p = this.pos;
    b[p] = 0x6e;
    b[p + 1] = 0x75;
    b[p + 2] = 0x6c;
    b[p + 3] = 0x6c;
    this.pos = p + 4;
  }

  /** Appends `true` or `false`. */
  bool(v: boolean): void {
    this.room(5);
    const b = this.buf, p = this.pos;
    if (v) {
      b[p] = 0x74;
      b[p + 1] = 0x72;
      b[p + 2] = 0x75;
      b[p + 3] = 0x65;
      this.pos = p + 4;
    } else {
      b[p] = 0x66;
      b[p + 1] = 0x61;
      b[p + 2] = 0x6c;
      b[p + 3] = 0x73;
      b[p + 4] = 0x65;
      this.pos = p + 5;
    }
  }

  /** Appends one ASCII character code. */
  byte(c: number): void {
    if (this.pos === this.buf.length) this.room(1);
    this.buf[this.pos++] = c;
  }

  /**
   * Appends `s` as a JSON string: the text `JSON.stringify(s)` gives, as UTF-8. Escapes and
   * non-ASCII are written in the same pass (client ids and group names with non-ASCII letters
   * are common enough that a detour through `JSON.stringify` and `encodeInto` showed up).
   */
  str(s: string): void {
    const n = s.length;
    this.room(n + 2);
    const b = this.buf;
    let p = this.pos;
    b[p++] = 0x22;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) {
        this.pos = p;
        return this.#strFrom(s, i);
      }
      b[p++] = c;
    }
    b[p++] = 0x22;
    this.pos = p;
  }

  /** The rest of {@linkcode str} from `s[i]`, the first unit that is not plain ASCII. */
  #strFrom(s: string, i: number): void {
    const n = s.length;
    // At most 6 bytes per UTF-16 unit (`\u001f`, or 3 bytes of UTF-8), and the closing quote.
    this.room(6 * (n - i) + 1);
    const b = this.buf;
    let p = this.pos;
    for (; i < n; i++) {
      let c = s.charCodeAt(i);
      if (c < 0x80) {
        if (c >= 0x20 && c !== 0x22 && c !== 0x5c) b[p++] = c;
        else {
          b[p++] = 0x5c;
          const short = shortEscape(c);
          if (short !== 0) b[p++] = short;
          else p = hex4(b, p, c);
        }
      } else if (c < 0x800) {
        b[p++] = 0xc0 | (c >> 6);
        b[p++] = 0x80 | (c & 0x3f);
      } else if (c < 0xd800 || c > 0xdfff) {
        b[p++] = 0xe0 | (c >> 12);
        b[p++] = 0x80 | ((c >> 6) & 0x3f);
        b[p++] = 0x80 | (c & 0x3f);
      } else {
        const d = c <= 0xdbff && i + 1 < n ? s.charCodeAt(i + 1) : 0;
        if (d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
          b[p++] = 0xf0 | (c >> 18);
          b[p++] = 0x80 | ((c >> 12) & 0x3f);
          b[p++] = 0x80 | ((c >> 6) & 0x3f);
          b[p++] = 0x80 | (c & 0x3f);
        } else {
          // A lone surrogate: JSON.stringify writes it as an escape (well-formed JSON.stringify).
          b[p++] = 0x5c;
          p = hex4(b, p, c);
        }
      }
    }
    b[p++] = 0x22;
    this.pos = p;
  }

  /** Appends lowercase hex of `bytes[0, n)`. */
  hex(bytes: Uint8Array, n = bytes.length): void {
    this.room(2 * n);
    const HEX = hexDigits ??= new TextEncoder().encode("0123456789abcdef");
    const b = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) {
      const x = bytes[i];
      b[p++] = HEX[x >> 4];
      b[p++] = HEX[x & 15];
    }
    this.pos = p;
  }

  /** The bytes written since the last `take`, as a view valid until the next write; then resets. */
  take(): Uint8Array {
    const out = this.buf.subarray(0, this.pos);
    this.pos = 0;
    return out;
  }

  /** The text written so far. */
  text(): string {
    return new TextDecoder().decode(this.buf.subarray(0, this.pos));
  }
}
