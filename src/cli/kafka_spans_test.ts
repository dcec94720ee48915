import { test } from "node:test";
import assert from "node:assert/strict";
import { kafkaSpans } from "./kafka_spans.ts";
import { Inspector } from "./inspector.ts";
import { CaptureReader } from "./capture.ts";
import { kafkaCorpus } from "../testdata/kafka_corpus_test.ts";
import { plain } from "./format.ts";

/** Paths of the leaves (and empty containers) of a plain JSON value. */
function leaves(v: unknown, path: string, out: string[]): string[] {
  if (v !== null && typeof v === "object" && Object.keys(v).length > 0) {
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) leaves(x, `${path}.${k}`, out);
  } else out.push(path);
  return out;
}

test("kafkaSpans walks every frame of the vectors to its last byte, and places every field shown", () => {
  const ins = new Inspector({ keepRaw: true });
  const msgs = [];
  for (const p of new CaptureReader().push(kafkaCorpus().pcap)) msgs.push(...ins.packet(p));
  const unplaced: string[] = [], short: string[] = [];
  for (const m of msgs) {
    const spans = kafkaSpans(m.raw!, m.dir, m.apiKey!, m.version!);
    const label = `${m.name} v${m.version} ${m.dir}`;
    if (spans.get("body")?.[1] !== m.raw!.length) short.push(`${label}: body ends at ${spans.get("body")}`);
    for (const part of ["header", "body"] as const) {
      for (const p of leaves(plain(m[part]), part, [])) if (!spans.has(p)) unplaced.push(`${label}: ${p}`);
    }
  }
  assert.ok(msgs.length > 3000);
  assert.deepEqual(short.slice(0, 10), [], `${short.length} walks end early`);
  assert.deepEqual(unplaced.slice(0, 10), [], `${unplaced.length} fields without a span`);
});

test("kafkaSpans stops quietly on a cut frame", () => {
  const ins = new Inspector({ keepRaw: true });
  const m = [...new CaptureReader().push(kafkaCorpus().pcap)].flatMap((p) => ins.packet(p)).find((x) =>
    x.name === "Metadata" && x.dir === "response"
  )!;
  const cut = m.raw!.subarray(0, m.raw!.length - 3);
  const spans = kafkaSpans(cut, "response", 3, m.version!);
  assert.ok(spans.has("header.correlationId"));
  assert.ok(!spans.has("body"));
});
