import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tar } from "./tar.ts";

test("tar: the system tar extracts what the writer packs, long paths included, byte for byte", () => {
  const long = `streamwire-vectors-9.9.9/kafka/bin/${"x".repeat(60)}/${"y".repeat(70)}.bin`;
  const entries = [
    { path: "streamwire-vectors-9.9.9/a.json", data: new TextEncoder().encode('{"a":1}\n') },
    { path: long, data: new Uint8Array(1000).map((_, i) => i & 0xff) },
    { path: "streamwire-vectors-9.9.9/empty", data: new Uint8Array(0) },
  ];
  const bytes = tar(entries);
  assert.equal(bytes.length % 512, 0);
  assert.deepEqual(tar(entries), bytes, "deterministic");
  const dir = mkdtempSync(join(tmpdir(), "tar-test-"));
  try {
    writeFileSync(join(dir, "t.tar"), bytes);
    const r = spawnSync("tar", ["-xf", "t.tar"], { cwd: dir });
    assert.equal(r.status, 0, r.stderr?.toString());
    for (const e of entries) {
      assert.deepEqual(new Uint8Array(readFileSync(join(dir, e.path))), e.data, e.path);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
