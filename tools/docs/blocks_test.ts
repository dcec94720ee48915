import { test } from "node:test";
import assert from "node:assert/strict";
import { extractBlocks, keeps, promises } from "./blocks.ts";

test("extractBlocks finds ts blocks in JSDoc, with the line of their first code line", () => {
  const src = [
    "/**",
    " * Doc.",
    " *",
    " * @example",
    " * ```ts",
    " * console.log(1); // 1",
    " * ```",
    " */",
    "export const x = 1;",
    "/** No example. */",
  ].join("\n");
  assert.deepEqual(extractBlocks("a.ts", src), [{ where: "a.ts:6", code: "console.log(1); // 1" }]);
});

test("extractBlocks reads Markdown fences and skips other languages", () => {
  const md = "# T\n\n```sh\nls\n```\n\n```ts\nconst a = 1;\n```\n";
  assert.deepEqual(extractBlocks("R.md", md), [{ where: "R.md:8", code: "const a = 1;" }]);
});

test("promises lists each console.log comment, or undefined when one has none", () => {
  assert.deepEqual(promises("const a = 1;\nconsole.log(a); // 1\nconsole.log(a, a); // 1 1"), ["1", "1 1"]);
  assert.equal(promises("console.log(1);"), undefined);
});

test("keeps: equal, or equal up to a trailing explanation in parentheses", () => {
  assert.ok(keeps("12", "12"));
  assert.ok(keeps("12 (Metadata)", "12"));
  assert.ok(!keeps("13", "12"));
  assert.ok(!keeps("12 (x", "12"));
});
