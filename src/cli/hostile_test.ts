/**
 * The inspector on hostile input (issue 26, section 5), each case at a size where a quadratic
 * inspector takes minutes (the sizes and the time that version took are in each test's name):
 * time stays linear in the input and memory bounded by what is live.
 */

import { test } from "node:test";
import assert from "node:assert/strict";
import { CaptureReader } from "./capture.ts";
import { Inspector } from "./inspector.ts";
import { ByteQueue } from "./_bytes.ts";
import { HalfStream } from "./tcp.ts";
import type { InspectedMessage } from "./message.ts";
import { holes, manyConnections, reversed, selfSimilarMetadata, unsniffable } from "./testdata/hostile.ts";

/** Generous for a loaded 2-core machine; the quadratic versions need minutes at these sizes. */
const LIMIT_MS = 30_000;

function inspect(
  pcap: Uint8Array,
  ins = new Inspector(),
): { msgs: InspectedMessage[]; ms: number; ins: Inspector } {
  const t0 = performance.now();
  const reader = new CaptureReader();
  const msgs: InspectedMessage[] = [];
  for (let o = 0; o < pcap.length; o += 1 << 16) {
    for (const p of reader.push(pcap.subarray(o, o + (1 << 16)))) for (const m of ins.packet(p)) msgs.push(m);
  }
  for (const m of ins.finish()) msgs.push(m);
  return { msgs, ms: performance.now() - t0, ins };
}

test("100,000 open connections of 5 bytes each: at most maxConnections held, each sized by what arrived", () => {
  // Before: 17 s and 5.16 GB peak RSS (a 64 KiB buffer per connection on its first byte).
  const ins = new Inspector({ maxConnections: 10_000 });
  const pcap = manyConnections(100_000);
  const t0 = performance.now();
  const reader = new CaptureReader();
  let most = 0, msgs = 0;
  for (let o = 0; o < pcap.length; o += 1 << 16) {
    for (const p of reader.push(pcap.subarray(o, o + (1 << 16)))) msgs += ins.packet(p).length;
    most = Math.max(most, ins.openConnections);
  }
  assert.equal(most, 10_000);
  assert.ok(ins.buffered <= 10_000 * 5, `${ins.buffered} bytes buffered`);
  assert.equal(ins.stats.endedEarly, 90_000);
  msgs += ins.finish().length;
  assert.equal(msgs, 100_000); // each: a frame size past the limit, reported once
  const ms = performance.now() - t0;
  assert.ok(ms < LIMIT_MS, `${ms.toFixed(0)} ms`);
  const q = new ByteQueue();
  q.push(Uint8Array.of(6, 0x3f, 0xff, 0xff, 0));
  assert.ok(q.capacity <= 64, `a 5-byte stream holds ${q.capacity} bytes`);
});

test("200,000 1-byte segments with a hole before each, in order and reversed: linear", () => {
  // Before: 0.7 s / 1.9 s / 7.5 s at 5k / 10k / 20k segments (every hole scanned every pending one).
  for (const reverse of [false, true]) {
    const { ms, ins } = inspect(holes(200_000, reverse));
    assert.ok(ms < LIMIT_MS, `${reverse ? "reversed" : "in order"}: ${ms.toFixed(0)} ms`);
    assert.ok(ins.stats.lostBytes >= 200_000, `${ins.stats.lostBytes} bytes reported missing`);
  }
});

test("200,000 1-byte segments last first: linear, and the wait is bounded in segments", () => {
  // Before: one segment delivered per pass over the pending ones.
  const { ms } = inspect(reversed(200_000));
  assert.ok(ms < LIMIT_MS, `${ms.toFixed(0)} ms`);
  const h = new HalfStream(8 << 20, undefined, 1000);
  h.syn(0);
  for (let i = 2000; i >= 2; i--) h.segment(i, Uint8Array.of(i & 255));
  assert.ok(h.pendingSegments <= 1000, `${h.pendingSegments} segments waiting`);
  assert.ok(h.lost > 0);
});

test("3 connections of 65,536 1-byte segments of no known protocol: sniffing is linear", () => {
  // Before: 10k segments 3.6 s, 20k 12.3 s, 70k still running at 120 s (early bytes re-joined per segment).
  const { ms, ins } = inspect(unsniffable(65_536, 3));
  assert.ok(ms < LIMIT_MS, `${ms.toFixed(0)} ms`);
  assert.equal(ins.stats.ignoredConnections, 3);
});

test("resynchronising over 2 MiB of self-similar Metadata v0 frames claiming 128 KiB: linear", () => {
  // Before: 512 KiB took 28.5 s of CPU (every candidate decoded in full, then one byte skipped).
  const bytes = selfSimilarMetadata(2 * 1024 * 1024);
  const ins = new Inspector();
  const t0 = performance.now();
  const msgs = [...ins.stream("request", bytes, 0, "kafka"), ...ins.finish()];
  const ms = performance.now() - t0;
  assert.ok(ms < LIMIT_MS, `${ms.toFixed(0)} ms`);
  assert.ok(msgs.some((m) => m.notes?.some((n) => n.includes("not tried"))), "the trial budget ran out");
  // The same bytes in 1 KiB chunks: the scan waits for each candidate, still linear.
  const chunked = new Inspector();
  const t1 = performance.now();
  for (let o = 0; o < bytes.length; o += 1024) {
    chunked.stream("request", bytes.subarray(o, o + 1024), 0, "kafka");
  }
  chunked.finish();
  const ms1 = performance.now() - t1;
  assert.ok(ms1 < LIMIT_MS, `chunked: ${ms1.toFixed(0)} ms`);
});
