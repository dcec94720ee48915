import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { extractBlocks } from "./blocks.ts";
import { docFiles, repoRoot } from "./doc_files.ts";
import { findMagicNumbers } from "./magic_numbers.ts";

describe("documentation examples name protocol numbers", () => {
  it("finds the bare numbers it is for (so the scan below has teeth)", () => {
    const bad = [
      "encodeRequest(3, 12, h, body)",
      "const r = encodeResponse(18, v, { correlationId: 1 }, body);",
      "if (req.apiKey === 3) x();",
      "apiKeys: [{ apiKey: 3, minVersion: 0, maxVersion: 12 }]",
      "encodeRecordBatch({ compression: 4, records })",
      "{ acks: -1, topicData }",
      "{ isolationLevel: 1 }",
      "{ timestampType: 1 }",
      "writeRequestHeader(w, 202, 5n, 3)",
      "conn.request(3, { topics: [] })",
      "encodeRequestFrame(1, 7n, payload)",
    ];
    for (const code of bad) assert.equal(findMagicNumbers(code).length, 1, code);
    const good = [
      "encodeRequest(ApiKey.Metadata, 12, h, body)",
      "compression: Compression.Zstd",
      "acks: Acks.All",
      "console.log(apiInfo(ApiKey.ApiVersions)?.maxVersion); // apiKey: 18",
      "encodeRecordBatch({ compression: 0, records })",
    ];
    for (const code of good) assert.deepEqual(findMagicNumbers(code), [], code);
  });

  it("holds for every example in the JSDoc of src/, the README and docs/", () => {
    const root = repoRoot();
    const files = [
      ...docFiles(),
      ...readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`),
    ];
    const found: string[] = [];
    let blocks = 0;
    for (const f of files) {
      for (const b of extractBlocks(f, readFileSync(join(root, f), "utf8"))) {
        blocks++;
        for (const m of findMagicNumbers(b.code)) {
          found.push(`${b.where} (+${m.line - 1}): ${m.text} — use ${m.use}`);
        }
      }
    }
    assert.ok(blocks > 400, `only ${blocks} examples found`);
    assert.deepEqual(found, []);
  });
});
