import { test } from "node:test";
import assert from "node:assert/strict";
import { HEADER_TYPES } from "./dispatch.ts";
import { toHex } from "../../wire/hex.ts";

// Each header type states its layout twice: once as data (`FIELDS`, which drives toObject,
// validation messages and the vectors' JSON form) and once as typed getters. This keeps the two
// from drifting apart: over bytes where every position differs, every getter must read exactly
// what its field spec reads.
test("every header type's getters read the offsets its FIELDS declare", () => {
  const bytes = new Uint8Array(256);
  for (let i = 0; i < 256; i++) bytes[i] = (i * 151 + 7) & 0xff;
  let checked = 0;
  for (const [name, Header] of Object.entries(HEADER_TYPES)) {
    const view = new Header(bytes.slice());
    const fromSpecs = view.toObject() as unknown as Record<string, unknown>;
    for (const f of Header.FIELDS) {
      const got = (view as unknown as Record<string, unknown>)[f.name];
      const want = fromSpecs[f.name];
      const norm = (v: unknown) => (v instanceof Uint8Array ? toHex(v) : v);
      assert.deepEqual(norm(got), norm(want), `${name}.${f.name} (offset ${f.offset}, ${f.kind})`);
      checked++;
    }
  }
  assert.ok(checked > 100, `only ${checked} fields checked`);
});
