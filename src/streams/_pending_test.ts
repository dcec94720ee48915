import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { PendingTable } from "./_pending.ts";

describe("PendingTable", () => {
  it("take() returns each value once, in order or not, and forgets it", () => {
    const t = new PendingTable<number, string>();
    for (let i = 0; i < 5; i++) t.add(i, `v${i}`);
    assert.equal(t.take(2), "v2"); // not the oldest: scanned for
    assert.equal(t.take(2), undefined);
    assert.equal(t.take(0), "v0");
    assert.equal(t.size, 3);
    assert.deepEqual([...t.values()], ["v1", "v3", "v4"]);
    assert.equal(t.take(9), undefined);
    for (const k of [4, 1, 3]) t.take(k);
    assert.equal(t.size, 0);
    assert.deepEqual([...t.values()], []);
  });

  it("keeps every value through long runs of pipelined adds and in-order takes", () => {
    // Steady pipelining never empties the table: the taken prefix is dropped as it grows.
    const t = new PendingTable<bigint, number>();
    let next = 0, oldest = 0;
    for (let round = 0; round < 50; round++) {
      for (let i = 0; i < 37; i++, next++) t.add(BigInt(next), next);
      for (let i = 0; i < 30; i++, oldest++) assert.equal(t.take(BigInt(oldest)), oldest);
    }
    assert.equal(t.size, next - oldest);
    assert.deepEqual([...t.values()], Array.from({ length: next - oldest }, (_, i) => oldest + i));
  });

  it("a key can wait again once taken, and clear() forgets everything", () => {
    const t = new PendingTable<number, string>();
    t.add(0, "a");
    assert.equal(t.take(0), "a");
    t.add(0, "b");
    t.add(1, "c");
    assert.equal(t.take(0), "b");
    t.clear();
    assert.equal(t.size, 0);
    assert.equal(t.take(1), undefined);
  });
});
