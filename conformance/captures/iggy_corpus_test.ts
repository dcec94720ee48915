import { test } from "node:test";
import assert from "node:assert/strict";
import { CaptureReader } from "../../src/cli/capture.ts";
import { Inspector } from "../../src/cli/inspector.ts";
import type { InspectedMessage } from "../../src/cli/message.ts";
import { iggyCorpus } from "./iggy_corpus.ts";

test("the inspector decodes 100 % of the Iggy corpus (crate and legacy layouts, every command)", () => {
  const { pcap, messages } = iggyCorpus();
  assert.ok(messages > 1500, `${messages} messages`);
  const ins = new Inspector();
  const got: InspectedMessage[] = [];
  for (const p of new CaptureReader().push(pcap)) got.push(...ins.packet(p));
  got.push(...ins.finish());
  assert.equal(got.length, messages);
  const failed = got.filter((m) => m.error);
  assert.deepEqual(
    failed.slice(0, 5).map((m) => `${m.layout} ${m.dir} ${m.name}: ${m.error?.code} ${m.error?.detail}`),
    [],
  );
  assert.deepEqual(new Set(got.map((m) => m.layout)), new Set(["crate", "legacy"]));
  const commands = new Set(got.map((m) => m.command));
  assert.ok(commands.size >= 40, `${commands.size} commands`);
});
