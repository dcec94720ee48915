import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fieldDocs, generate, OUT } from "./generate.ts";
import { CLASSES } from "./spec.ts";
import { HEADER_TYPES } from "../../src/iggy/consensus/dispatch.ts";
import { createHeader } from "../../src/iggy/consensus/header.ts";
import { toHex } from "../../src/wire/hex.ts";

test("the committed _generated/headers.ts is what the generator writes", () => {
  assert.equal(readFileSync(OUT, "utf8"), generate(), "run `deno task consensus:gen`");
});

// The getters are written from FIELDS; this checks the generator's reading of each kind: over
// bytes where every position differs, every getter reads exactly what its field spec reads.
test("every generated getter reads the offset and kind its FIELDS entry declares", () => {
  const bytes = new Uint8Array(256);
  for (let i = 0; i < 256; i++) bytes[i] = (i * 151 + 7) & 0xff;
  let checked = 0;
  for (const [name, Header] of Object.entries(HEADER_TYPES)) {
    const view = new Header(bytes.slice());
    const fromSpecs = view.toObject() as unknown as Record<string, unknown>;
    for (const f of Header.FIELDS) {
      const got = (view as unknown as Record<string, unknown>)[f.name];
      const norm = (v: unknown) => (v instanceof Uint8Array ? toHex(v) : v);
      assert.deepEqual(
        norm(got),
        norm(fromSpecs[f.name]),
        `${name}.${f.name} (offset ${f.offset}, ${f.kind})`,
      );
      checked++;
    }
  }
  assert.ok(checked > 150, `only ${checked} fields checked`);
});

test("field docs: read per table, inherited through concat, and every entry must have one", () => {
  const src = `export const A_FIELDS: readonly FieldSpec[] = [
  /** First. */
  { name: "a", offset: 128, kind: "u8" },
];

export const B_FIELDS: readonly FieldSpec[] = /* @__PURE__ */ A_FIELDS.concat([
  /**
   * Second,
   * on two lines.
   */
  { name: "b", offset: 129, kind: "u8" },
]);
`;
  const docs = fieldDocs(src);
  assert.equal(docs.get("A_FIELDS")?.get("a"), "First.");
  assert.equal(docs.get("B_FIELDS")?.get("a"), "First.");
  assert.equal(docs.get("B_FIELDS")?.get("b"), "Second, on two lines.");
  assert.throws(() => fieldDocs(src.replace("/** First. */\n", "")), /A_FIELDS: 1 entries lack a doc/);
});

// The examples of `validate` and `toObject` take one of two forms by `defaultsInvalid`; it must say
// whether the all-default header breaks a rule (then only `{ validate: false }` shows the layout).
test("spec.defaultsInvalid is true exactly for the types whose all-default header is refused", () => {
  for (const c of CLASSES) {
    const Header = HEADER_TYPES[c.name];
    if (Header === undefined) continue; // abstract bases
    let refused = false;
    try {
      createHeader(Header);
    } catch {
      refused = true;
    }
    assert.equal(c.defaultsInvalid ?? false, refused, c.name);
  }
});
