import { test } from "node:test";
import assert from "node:assert/strict";
import { kafkaCorpus } from "../../src/testdata/kafka_corpus_test.ts";
import { absentFields, loadSchemas } from "./absent_fields.ts";
import { CaptureReader } from "../../src/cli/capture.ts";
import { Inspector } from "../../src/cli/inspector.ts";
import { toJson } from "../../src/cli/format.ts";
import type { StructMeta } from "../../src/kafka/codec.ts";
import { apiInfo } from "../../src/kafka/api.ts";

function has(mask: number, v: number): boolean {
  return ((mask >>> v) & 1) === 1;
}

/**
 * The wire fields of `want` (a kafka-clients value) missing from `got` (the inspector's JSON),
 * as paths. A field that is tagged at the version is on the wire when kafka-clients wrote it,
 * which it does exactly when the value differs from the default: for top-level fields the
 * default comes from the version's `defaults` vector (`dflt`); nested tagged fields are held by
 * the unit tests of `src/cli/kafka_wire_test.ts`.
 */
function missing(
  got: Record<string, unknown>,
  want: Record<string, unknown>,
  meta: StructMeta,
  v: number,
  path: string,
  dflt?: Record<string, unknown>,
): string[] {
  const out: string[] = [];
  for (const f of meta.fields) {
    const k = f[0];
    if (!has(f[2], v)) continue;
    const p = `${path}.${k}`;
    if (has(f[4], v)) {
      if (!dflt) continue;
      const onWire = JSON.stringify(want[k]) !== JSON.stringify(dflt[k]);
      if (onWire !== (k in got)) {
        out.push(`${p} (tagged: ${onWire ? "written, not shown" : "shown, not written"})`);
      }
      continue;
    }
    if (!(k in got)) {
      out.push(p);
      continue;
    }
    const sub = f[6];
    const g = got[k], w = want[k];
    if (!sub || g === null || w === null) continue;
    if (f[1] === "struct") {
      out.push(...missing(g as Record<string, unknown>, w as Record<string, unknown>, sub, v, p));
    } else {
      (w as Record<string, unknown>[]).forEach((e, i) =>
        out.push(...missing((g as Record<string, unknown>[])[i], e, sub, v, `${p}[${i}]`))
      );
    }
  }
  return out;
}

test("the inspector shows exactly the wire fields of every Kafka vector (value schemas as the judge)", () => {
  const { pcap, messages } = kafkaCorpus();
  const ins = new Inspector();
  const got = [];
  for (const p of new CaptureReader().push(pcap)) got.push(...ins.packet(p));
  got.push(...ins.finish());
  assert.equal(got.length, messages.length);
  const schemas = loadSchemas();
  const defaults = new Map<string, Record<string, unknown>>();
  for (const m of messages) {
    if (m.vector?.endsWith(".defaults") && m.body) defaults.set(`${m.apiKey}/${m.dir}/${m.version}`, m.body);
  }
  const extra: string[] = [], absent: string[] = [];
  let checked = 0;
  got.forEach((g, i) => {
    const m = messages[i];
    const label = `${m.vector ?? "repeat"} of ${g.name} (key ${m.apiKey}) ${m.dir}`;
    assert.deepEqual([g.apiKey, g.version, g.dir, g.error], [m.apiKey, m.version, m.dir, undefined], label);
    const j = toJson(g) as Parameters<typeof absentFields>[0] & Record<string, unknown>;
    for (const e of absentFields(j, schemas)) extra.push(`${label}: ${e}`);
    if (!m.body) return;
    checked++;
    const info = apiInfo(m.apiKey)!;
    const meta = m.dir === "request" ? info.request.meta : info.response.meta;
    const dflt = defaults.get(`${m.apiKey}/${m.dir}/${m.version}`);
    for (const e of missing(j.body as Record<string, unknown>, m.body, meta, m.version, "body", dflt)) {
      absent.push(`${label}: ${e}`);
    }
  });
  assert.ok(checked > 2500, `only ${checked} vectors checked`);
  assert.deepEqual(extra.slice(0, 20), [], `${extra.length} fields not at their version`);
  assert.deepEqual(absent.slice(0, 20), [], `${absent.length} wire fields not shown`);
});
