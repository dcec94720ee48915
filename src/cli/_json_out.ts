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

  /** Appends a number as JSON text (integers digit by digit, without a string in between). */
  num(n: number): void {
    if (!Number.isInteger(n) || n < -2147483648 || n > 2147483647) return this.ascii(String(n));
    this.room(11);
    const b = this.buf;
    let p = this.pos;
    if (n < 0) {
      b[p++] = 0x2d;
      n = -n;
    }
    if (n < 10) {
      b[p++] = 0x30 + n;
      this.pos = p;
      return;
    }
    let digits = 1;
    for (let x = n; x >= 10; x = Math.floor(x / 10)) digits++;
    p += digits;
    this.pos = p;
    for (let x = n; digits > 0; digits--, x = Math.floor(x / 10)) b[--p] = 0x30 + (x % 10);
  }

  /** Appends `bytes[from, bytes.length)` (short runs, such as a key: a loop beats `set` there). */
  bytes(bytes: Uint8Array, from = 0): void {
    const n = bytes.length;
    this.room(n - from);
    const b = this.buf;
    let p = this.pos;
    for (let i = from; i < n; i++) b[p++] = bytes[i];
    this.pos = p;
  }

  /** Appends one ASCII character code. */
  byte(c: number): void {
    if (this.pos === this.buf.length) this.room(1);
    this.buf[this.pos++] = c;
  }

  /** Appends `s` as a JSON string. */
  str(s: string): void {
    const n = s.length;
    this.room(n + 2);
    const b = this.buf;
    let p = this.pos;
    b[p++] = 0x22;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return this.#slowStr(s);
      b[p++] = c;
    }
    b[p++] = 0x22;
    this.pos = p;
  }

  #slowStr(s: string): void {
    const json = JSON.stringify(s);
    // UTF-8 needs at most 3 bytes per UTF-16 unit.
    this.room(json.length * 3);
    this.pos += (encoder ??= new TextEncoder()).encodeInto(json, this.buf.subarray(this.pos)).written;
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
