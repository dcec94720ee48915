/**
 * A seeded random source for the differential tests (sfc32 seeded through splitmix32), with
 * generators biased towards the values codecs get wrong: zero, maxima, empty and full-length
 * strings, multi-byte UTF-8.
 *
 * @module
 */

/** Deterministic random values from a 32-bit seed. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** Uniform u32. */
  u32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** Uniform integer in [lo, hi] (hi - lo < 2^32). */
  int(lo: number, hi: number): number {
    return lo + Math.floor((this.u32() / 4294967296) * (hi - lo + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.u32() / 4294967296 < p;
  }

  bool(): boolean {
    return (this.u32() & 1) === 1;
  }

  pick<T>(xs: readonly T[]): T {
    return xs[this.int(0, xs.length - 1)];
  }

  /** u8 with edges. */
  u8(): number {
    return this.chance(0.2) ? this.pick([0, 1, 255]) : this.int(0, 255);
  }

  /** u16 with edges. */
  u16(): number {
    return this.chance(0.2) ? this.pick([0, 1, 0xffff]) : this.int(0, 0xffff);
  }

  /** u32 with edges (0, 1, max, small). */
  u32e(): number {
    if (this.chance(0.25)) return this.pick([0, 1, 0xffffffff, 0x7fffffff]);
    return this.chance(0.3) ? this.int(0, 1000) : this.u32();
  }

  /** u64 as bigint with edges. */
  u64(): bigint {
    if (this.chance(0.25)) {
      return this.pick([0n, 1n, 0xffff_ffff_ffff_ffffn, 0x7fff_ffff_ffff_ffffn, 0xffff_ffffn]);
    }
    if (this.chance(0.3)) return BigInt(this.int(0, 1_000_000));
    return (BigInt(this.u32()) << 32n) | BigInt(this.u32());
  }

  /** Non-zero u64. */
  u64nz(): bigint {
    const v = this.u64();
    return v === 0n ? 1n : v;
  }

  /** u128 as bigint with edges. */
  u128(): bigint {
    if (this.chance(0.25)) return this.pick([0n, 1n, (1n << 128n) - 1n, (1n << 64n) - 1n, 1n << 64n]);
    return (this.u64() << 64n) | this.u64();
  }

  /** A finite f32-representable number (no NaN: its payload bits do not survive JS). */
  f32(): number {
    if (this.chance(0.2)) return this.pick([0, -0, 1, -1, 0.5, 3.4028234663852886e38, 1.401298464324817e-45]);
    const f = new Float32Array(1);
    const u = new Uint32Array(f.buffer);
    do u[0] = this.u32(); while (!Number.isFinite(f[0]));
    return f[0];
  }

  /** `n` random bytes. */
  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = this.u32() & 0xff;
    return out;
  }

  /** A length in [lo, hi], biased towards both ends. */
  len(lo: number, hi: number): number {
    if (this.chance(0.15)) return lo;
    if (this.chance(0.15)) return hi;
    if (hi - lo > 16 && this.chance(0.7)) return this.int(lo, Math.min(hi, lo + 16));
    return this.int(lo, hi);
  }

  /** A string of `minBytes..maxBytes` UTF-8 bytes, ASCII or mixing 1- to 4-byte characters. */
  str(minBytes: number, maxBytes: number): string {
    const target = this.len(minBytes, maxBytes);
    const ascii = this.chance(0.5);
    let s = "";
    let n = 0;
    while (n < target) {
      const room = target - n;
      const kind = ascii ? 1 : this.int(1, 4);
      if (kind === 4 && room >= 4) {
        s += String.fromCodePoint(this.int(0x10000, 0x10ffff));
        n += 4;
      } else if (kind === 3 && room >= 3) {
        let c = this.int(0x800, 0xfffd);
        if (c >= 0xd800 && c <= 0xdfff) c = 0x20ac;
        s += String.fromCharCode(c);
        n += 3;
      } else if (kind === 2 && room >= 2) {
        s += String.fromCharCode(this.int(0x80, 0x7ff));
        n += 2;
      } else {
        s += String.fromCharCode(this.int(0x20, 0x7e));
        n += 1;
      }
    }
    return s;
  }

  /** A list of `lo..hi` elements. */
  array<T>(lo: number, hi: number, gen: (r: Rng) => T): T[] {
    const n = this.len(lo, hi);
    const out: T[] = [];
    for (let i = 0; i < n; i++) out.push(gen(this));
    return out;
  }
}
