import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { absoluteLinks, relativeLinks } from "./readme.ts";

const repo = { web: "https://github.com/o/r", ref: "main" };

const cases: { md: string; want: string }[] = [
  {
    md: "[arch](docs/architecture.md)",
    want: "[arch](https://github.com/o/r/blob/main/docs/architecture.md)",
  },
  { md: "[dir](./docs/inspector/)", want: "[dir](https://github.com/o/r/blob/main/docs/inspector/)" },
  {
    md: "![shot](docs/inspector/screenshot.png)",
    want: "![shot](https://raw.githubusercontent.com/o/r/main/docs/inspector/screenshot.png)",
  },
  { md: "[a](docs/a.md#part)", want: "[a](https://github.com/o/r/blob/main/docs/a.md#part)" },
  {
    md: "[jump](#inspect-traffic) [jsr](https://jsr.io/x)",
    want: "[jump](#inspect-traffic) [jsr](https://jsr.io/x)",
  },
  { md: "```md\n[in code](docs/x.md)\n```", want: "```md\n[in code](docs/x.md)\n```" },
];

for (const { md, want } of cases) {
  test(`absoluteLinks() rewrites ${JSON.stringify(md.split("\n")[0])}`, () => {
    assert.equal(absoluteLinks(md, repo), want);
  });
}

test("absoluteLinks() leaves no relative link in the repository's README", () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  assert.ok(relativeLinks(readme).length > 0, "the README links files of the repository");
  assert.deepEqual(relativeLinks(absoluteLinks(readme, repo)), []);
});
