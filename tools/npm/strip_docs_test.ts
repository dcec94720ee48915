import { test } from "node:test";
import assert from "node:assert/strict";
import * as esbuild from "esbuild";
import { sameCode, stripDocComments } from "./strip_docs.ts";

const cases: { name: string; js: string; want: string }[] = [
  {
    name: "a multi-line block before a declaration",
    js: "/**\n * Doc.\n * @example\n * ```ts\n * x();\n * ```\n */\nexport function x() {}\n",
    want: "export function x() {}\n",
  },
  {
    name: "an indented one-line block",
    js: "class A {\n    /** The field. */\n    f;\n}\n",
    want: "class A {\n    f;\n}\n",
  },
  {
    name: "line comments stay",
    js: "// why: because\nconst a = 1; // and this\n",
    want: "// why: because\nconst a = 1; // and this\n",
  },
  {
    name: "pure annotations stay",
    js: "const T = /* @__PURE__ */ make();\n",
    want: "const T = /* @__PURE__ */ make();\n",
  },
  {
    name: "a block followed by code on its line stays",
    js: "/** a */ const a = 1;\n",
    want: "/** a */ const a = 1;\n",
  },
  {
    name: "a block whose end has code after it stays",
    js: "/**\n * a\n */ const a = 1;\n",
    want: "/**\n * a\n */ const a = 1;\n",
  },
];

for (const { name, js, want } of cases) {
  test(`stripDocComments() handles ${name}`, () => {
    assert.equal(stripDocComments(js), want);
  });
}

test("sameCode() tells comment-only changes from code changes", async () => {
  try {
    const js = "/**\n * Doc.\n */\nexport const a = /* @__PURE__ */ f(1);\n";
    assert.equal(await sameCode(esbuild, js, stripDocComments(js)), true);
    // A template literal whose lines look like a doc block: removing them changes the value.
    const tpl = "export const t = `\n/** not a comment */\n`;\n";
    assert.equal(await sameCode(esbuild, tpl, stripDocComments(tpl)), false);
  } finally {
    await esbuild.stop();
  }
});
