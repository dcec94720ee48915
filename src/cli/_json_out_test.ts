import { test } from "node:test";
import assert from "node:assert/strict";
import { JsonOut } from "./_json_out.ts";

const utf8 = (s: string) => new TextEncoder().encode(s);

test("str writes what JSON.stringify gives, as UTF-8, for every kind of UTF-16 unit", () => {
  const units = [
    0x00,
    0x07,
    0x08,
    0x09,
    0x0a,
    0x0b,
    0x0c,
    0x0d,
    0x1f,
    0x20,
    0x22,
    0x2f,
    0x41,
    0x5c,
    0x7e,
    0x7f,
    0x80,
  ];
  units.push(0xe9, 0x7ff, 0x800, 0x4e2d, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfeff, 0xffff);
  // Every pair of interesting units (so surrogate pairs, lone and reversed surrogates, and an
  // escape next to non-ASCII), after a plain prefix or not, and a seeded random run of strings.
  const cases: string[] = ["", "plain", "\ud83d\ude00", "a\ud83d"];
  for (const x of units) {
    for (const y of units) cases.push(String.fromCharCode(x, y), "id-" + String.fromCharCode(x, y) + "-end");
  }
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  for (let k = 0; k < 2000; k++) {
    let s = "";
    for (let j = Math.floor(rnd() * 40); j > 0; j--) {
      s += String.fromCharCode(units[Math.floor(rnd() * units.length)]);
    }
    cases.push(s);
  }
  const out = new JsonOut(4); // small, so that room() grows it along the way
  for (const s of cases) {
    out.str(s);
    assert.deepEqual(out.take(), utf8(JSON.stringify(s)), JSON.stringify(s));
  }
});

test("null, bool and num write what JSON.stringify gives", () => {
  const out = new JsonOut(1);
  const values = [null, true, false, 0, 7, -1, 10, 99, 100, -2147483648, 2147483647, 2147483648, 0.5, -0.25];
  for (const v of values) {
    if (v === null) out.null();
    else if (typeof v === "boolean") out.bool(v);
    else out.num(v);
    assert.deepEqual(new TextDecoder().decode(out.take()), JSON.stringify(v));
  }
});
