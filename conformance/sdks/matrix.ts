/**
 * The cross-library matrix: builds and runs every runner in conformance/sdks/<library>/ (each in
 * its library's own language, pinned by its lock file, reading only vectors/), joins their
 * per-test outcomes with the vector files, and writes docs/conformance-matrix.md and
 * docs/conformance-matrix.json.
 *
 * Fails (exit 1) when a disagreement class is not explained in conformance/sdks/known.json, or
 * when a vector is suspect: two or more libraries that support it all disagree with it the same
 * way (see the README of this folder for the rule).
 *
 * Flags: --fast (only the runners marked fast: what CI runs), --only <lib,lib>, --no-build,
 * --no-write (do not rewrite docs/), --vectors <dir> (another copy of vectors/), --help.
 *
 * @module
 */

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { spawnSync } from "node:child_process";
import process from "node:process";
import { getArgs } from "../lib/runtime.ts";
import { CAP_OPTIONS } from "../lib/format.ts";

const root = new URL("../../", import.meta.url).pathname;
const here = join(root, "conformance/sdks");

/** One runner: how to build it and how to run it (the command prints JSON lines). */
interface Runner {
  lib: string;
  language: string;
  /** The library and the version its lock file pins. */
  pinned: string;
  protocol: "kafka" | "iggy";
  fast: boolean;
  /** Whether the library can re-encode what it decoded (else byte-identical is n/a). */
  reencodes: boolean;
  build?: string[][];
  run: string[];
}

const RUNNERS: Runner[] = [
  {
    lib: "franz-go",
    language: "Go",
    pinned: "github.com/twmb/franz-go/pkg/kmsg v1.15.1",
    protocol: "kafka",
    fast: true,
    reencodes: true,
    build: [["go", "build", "-mod=readonly", "-o", "target/runner", "."]],
    run: ["target/runner"],
  },
  {
    lib: "sarama",
    language: "Go",
    pinned: "github.com/IBM/sarama v1.61.1",
    protocol: "kafka",
    fast: true,
    reencodes: true,
    build: [["bash", "build.sh"]],
    run: ["target/runner"],
  },
  {
    lib: "kafka-protocol",
    language: "Rust",
    pinned: "kafka-protocol 0.18.0 (crates.io)",
    protocol: "kafka",
    fast: true,
    reencodes: true,
    build: [["cargo", "build", "--release", "--locked", "--quiet"]],
    run: ["target/release/kafka-protocol-runner"],
  },
  {
    lib: "kafkajs",
    language: "JavaScript",
    pinned: "kafkajs 2.2.4 (npm)",
    protocol: "kafka",
    fast: true,
    reencodes: false,
    run: ["node", "runner.mjs"],
  },
  {
    lib: "@platformatic/kafka",
    language: "JavaScript",
    pinned: "@platformatic/kafka 2.12.1 (npm)",
    protocol: "kafka",
    fast: true,
    reencodes: false,
    run: ["node", "runner.mjs"],
  },
  {
    lib: "iggy_binary_protocol",
    language: "Rust",
    pinned: "iggy_binary_protocol 0.11.1-edge.8 (crates.io; the vectors pin 0.11.1-edge.3)",
    protocol: "iggy",
    fast: false,
    reencodes: true,
    build: [["cargo", "build", "--release", "--locked", "--quiet"]],
    run: ["target/release/iggy-edge-runner"],
  },
];

/** The folder of a runner (npm scope characters dropped). */
const dirOf = (lib: string) => join(here, lib.replace(/^@/, "").replace("/", "-"));

/** One line of a runner's output. */
interface Outcome {
  file: string;
  tcId: number;
  name: string;
  direction: string;
  version?: number;
  /** identical | differs | decoded (decode-only library) | error | unsupported */
  outcome: string;
  detail?: string;
  got?: string;
}

interface Counts {
  vectors: number;
  valid: number;
  decoded: number;
  identical: number;
  invalid: number;
  rejected: number;
  familyMatch: number;
  unsupported: number;
  disagreements: number;
}

const zero = (): Counts => ({
  vectors: 0,
  valid: 0,
  decoded: 0,
  identical: 0,
  invalid: 0,
  rejected: 0,
  familyMatch: 0,
  unsupported: 0,
  disagreements: 0,
});

interface KnownClass {
  lib: string;
  kind: string;
  family?: string;
  /** For rejects-valid: a regular expression over the library's (normalised) rejection text. */
  detail?: string;
  messages?: string[];
  diagnosis: "library bug" | "encoding choice" | "missing feature" | "protocol change" | "vector";
  explanation: string;
  upstream?: string;
}

interface Known {
  classes: KnownClass[];
  reviewedVectors: { file: string; name: string; reason: string }[];
}

interface Test {
  tcId: number;
  name: string;
  result: string;
  hex?: string;
  file?: { path: string };
  error?: { code: string; family?: string; detail?: string };
  comment?: string;
  flags?: string[];
  canonical?: boolean;
  options?: Record<string, unknown>;
}

const args = getArgs();
if (args.includes("--help")) {
  console.log(
    "usage: deno task matrix [--fast] [--only lib,lib] [--no-build] [--no-write] [--vectors dir]\n" +
      "Builds and runs the cross-library runners in conformance/sdks/ and writes docs/conformance-matrix.md.",
  );
  process.exit(0);
}
for (const a of args) {
  if (a.startsWith("--") && !["--fast", "--only", "--no-build", "--no-write", "--vectors"].includes(a)) {
    console.error(`unknown flag ${a} (see --help)`);
    process.exit(2);
  }
}
const fast = args.includes("--fast");
const onlyAt = args.indexOf("--only");
const only = onlyAt >= 0 ? new Set(args[onlyAt + 1].split(",")) : undefined;
const build = !args.includes("--no-build");
const write = !args.includes("--no-write");
const vectorsAt = args.indexOf("--vectors");
// --vectors <dir>: run against another copy of the vectors (used to check the suspect-vector rule).
const vectorsDir = vectorsAt >= 0 ? resolve(args[vectorsAt + 1]) : join(root, "vectors");

const config = JSON.parse(readFileSync(join(here, "families.json"), "utf8"));
const known: Known = JSON.parse(readFileSync(join(here, "known.json"), "utf8"));
const codeFamilies: Record<string, string> = config.codeFamilies;
const libErrors: Record<string, { match: string; families: string[] }[]> = config.libraryErrors;

const familyOf = (t: Test) => t.error?.family ?? codeFamilies[t.error?.code ?? ""] ?? "unknown";
const libFamilies = (lib: string, detail = ""): string[] | undefined =>
  (libErrors[lib] ?? []).find((p) => new RegExp(p.match).test(detail))?.families;

// ---- the vectors, indexed by file and tcId ----
const vectorTests = new Map<string, Map<number, { test: Test; message: string }>>();
const manifest = JSON.parse(readFileSync(join(vectorsDir, "manifest.json"), "utf8"));
for (const f of manifest.files as { path: string }[]) {
  const vf = JSON.parse(readFileSync(join(vectorsDir, f.path), "utf8"));
  const m = new Map<number, { test: Test; message: string }>();
  for (const g of vf.testGroups) for (const t of g.tests) m.set(t.tcId, { test: t, message: vf.message });
  vectorTests.set(f.path, m);
}

// ---- build and run ----
const selected = RUNNERS.filter((r) => (!fast || r.fast) && (!only || only.has(r.lib)));
const outcomes = new Map<string, Outcome[]>();
const timings: Record<string, { buildSeconds: number; runSeconds: number }> = {};
for (const r of selected) {
  const cwd = dirOf(r.lib);
  const t0 = Date.now();
  if (build) {
    for (const cmd of r.build ?? []) {
      console.error(`[${r.lib}] ${cmd.join(" ")}`);
      const p = spawnSync(cmd[0], cmd.slice(1), { cwd, stdio: ["ignore", "inherit", "inherit"] });
      if (p.status !== 0) {
        console.error(`[${r.lib}] build failed (exit ${p.status})`);
        process.exit(1);
      }
    }
  }
  const t1 = Date.now();
  const p = spawnSync(r.run[0], [...r.run.slice(1), vectorsDir], {
    cwd,
    maxBuffer: 1 << 30,
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (p.status !== 0) {
    console.error(`[${r.lib}] runner failed (exit ${p.status})`);
    process.exit(1);
  }
  const lines = new TextDecoder().decode(p.stdout).split("\n").filter((l) => l.length > 0);
  outcomes.set(r.lib, lines.map((l) => JSON.parse(l)));
  timings[r.lib] = { buildSeconds: (t1 - t0) / 1000, runSeconds: (Date.now() - t1) / 1000 };
  console.error(
    `[${r.lib}] ${lines.length} outcomes, build ${timings[r.lib].buildSeconds}s, run ${
      timings[r.lib].runSeconds
    }s`,
  );
}

// ---- classify ----
interface Disagreement {
  lib: string;
  kind: string;
  family: string;
  message: string;
  /** The APIs the class was seen in. */
  messages: Set<string>;
  example: {
    file: string;
    name: string;
    tcId: number;
    hex: string;
    detail?: string;
    got?: string;
    expected?: string;
  };
  count: number;
}

const perLib = new Map<string, { total: Counts; byMessage: Map<string, Counts> }>();
const classes = new Map<string, Disagreement>();
/** Per test key (file#tcId): library -> how it disagreed (or "ok"), for the suspect-vector rule. */
const verdicts = new Map<string, Map<string, string>>();

const hexOf = (t: Test) => {
  if (t.hex !== undefined) return t.hex.length > 160 ? t.hex.slice(0, 160) + "…" : t.hex;
  return t.file ? `<${t.file.path}>` : "";
};

for (const r of selected) {
  const counts = { total: zero(), byMessage: new Map<string, Counts>() };
  perLib.set(r.lib, counts);
  for (const o of outcomes.get(r.lib)!) {
    const entry = vectorTests.get(o.file)?.get(o.tcId);
    if (!entry) throw new Error(`${r.lib}: ${o.file}#${o.tcId} is not in the vectors`);
    const { test, message } = entry;
    // Decoder caps are streamwire options, not library ones (1.1.0 wrote them as "limit").
    if (test.result === "limit" || CAP_OPTIONS.some((k) => k in (test.options ?? {}))) continue;
    const c = counts.byMessage.get(message) ?? zero();
    counts.byMessage.set(message, c);
    const bump = (k: keyof Counts) => {
      c[k]++;
      counts.total[k]++;
    };
    bump("vectors");
    const key = `${o.file}#${o.tcId}`;
    const verdict = verdicts.get(key) ?? new Map<string, string>();
    verdicts.set(key, verdict);
    let kind: string | undefined;
    let family = "";
    if (o.outcome === "unsupported") {
      bump("unsupported");
      verdict.set(r.lib, "unsupported");
      continue;
    }
    const accepted = o.outcome === "identical" || o.outcome === "differs" || o.outcome === "decoded";
    if (test.result === "valid") {
      bump("valid");
      if (accepted) bump("decoded");
      if (o.outcome === "identical") bump("identical");
      if (o.outcome === "error") kind = "rejects-valid";
      // A non-canonical valid test only has to decode: its re-encoding may differ.
      else if (o.outcome === "differs" && test.canonical !== false) kind = "reencode-differs";
    } else {
      bump("invalid");
      family = familyOf(test);
      if (o.outcome === "error" && /^(process aborted|panic)/.test(o.detail ?? "")) {
        // Refused, but by dying: a decoder must not abort or panic on hostile input.
        bump("rejected");
        kind = "crashes";
      } else if (o.outcome === "error") {
        bump("rejected");
        const fams = libFamilies(r.lib, o.detail);
        if (fams?.includes(family)) bump("familyMatch");
        else if (fams && test.result === "invalid") kind = "rejects-other-family";
      } else if (test.result === "invalid") kind = "accepts-invalid";
    }
    // A valid vector carrying unknown tagged fields that a library decodes but re-encodes
    // differently: the library drops (or cannot hold) unknown tags — one class across APIs.
    if (
      kind === "reencode-differs" && (test.flags ?? []).includes("UnknownTaggedFields") &&
      test.hex !== undefined && (o.got ?? "").length < test.hex.length
    ) family = "unknown-tags";
    // Same bytes in another order: the library re-orders elements (e.g. keeps them in a hash map).
    if (
      kind === "reencode-differs" && family === "" && test.hex !== undefined &&
      sameBytes(test.hex, o.got ?? "")
    ) {
      family = "reordered";
    }
    verdict.set(r.lib, kind ? `${kind}:${family}` : "ok");
    if (!kind) continue;
    bump("disagreements");
    // Classes: accepting invalid input is a property of the library's decoder per family (one
    // class across APIs); value-level disagreements are per API.
    // A valid vector the library refuses is classed by the library's message (numbers blanked):
    // one failure mode across APIs.
    if (kind === "rejects-valid") family = signature(o.detail);
    const perApi = kind === "reencode-differs" && family !== "unknown-tags" && family !== "reordered";
    const ckey = [r.lib, kind, family, perApi ? message : "*"].join("|");
    const d = classes.get(ckey);
    if (d) {
      d.count++;
      d.messages.add(message);
    } else {
      classes.set(ckey, {
        lib: r.lib,
        kind,
        family,
        message: perApi ? message : "*",
        messages: new Set([message]),
        count: 1,
        example: {
          file: o.file,
          name: o.name,
          tcId: o.tcId,
          hex: hexOf(test),
          detail: o.detail,
          got: o.got && o.got.length > 160 ? o.got.slice(0, 160) + "…" : o.got,
          expected: test.error ? `${test.error.code} (${family})` : undefined,
        },
      });
    }
  }
}

/** Whether two hex strings hold the same multiset of bytes. */
function sameBytes(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const pairs = (h: string) => (h.match(/../g) ?? []).sort().join("");
  return pairs(a) === pairs(b);
}

/** A library's rejection text with numbers blanked and type paths shortened: its failure mode. */
function signature(detail = ""): string {
  return detail.replace(/\d+/g, "N").replace(/[a-z_]+::/g, "").slice(0, 90);
}

const explain = (d: Disagreement) =>
  known.classes.find((k) =>
    k.lib === d.lib && k.kind === d.kind &&
    (k.family === undefined || k.family === d.family) &&
    (k.detail === undefined || new RegExp(k.detail).test(d.family)) &&
    (k.messages === undefined || [...d.messages].every((m) => k.messages!.includes(m)))
  );

/** Families whose invalid vectors claim bytes that are not there. */
const STRUCTURAL = new Set(["truncated", "count", "length"]);

// The suspect-vector rule: a test that at least two libraries run, and that every library
// running it disagrees with in the same way (same kind; same family for invalid vectors), points
// at the vector, not at the libraries. Known classes do not excuse it: only a reviewed entry does.
const suspects: { key: string; how: string; libs: string[] }[] = [];
for (const [key, verdict] of verdicts) {
  const ran = [...verdict].filter(([, v]) => v !== "unsupported");
  if (ran.length < 2) continue;
  const hows = new Set(ran.map(([, v]) => v));
  if (hows.size !== 1) continue;
  const how = [...hows][0];
  if (how === "ok") continue;
  // Accepting invalid bytes is only evidence against the vector where the bytes are really
  // missing (a decoder cannot be lenient about data that is not there); agreeing lenient
  // decoders (null markers, trailing bytes, over-long varints, unchecked values) are common.
  if (how.startsWith("accepts-invalid:") && !STRUCTURAL.has(how.split(":")[1])) continue;
  const [file, name] = [
    key.split("#")[0],
    vectorTests.get(key.split("#")[0])!.get(Number(key.split("#")[1]))!.test.name,
  ];
  if (known.reviewedVectors.some((v) => v.file === file && v.name === name)) continue;
  suspects.push({ key: `${file} ${name}`, how, libs: ran.map(([l]) => l) });
}

const unexplained = [...classes.values()].filter((d) => !explain(d));

// ---- write ----
const md: string[] = [];
md.push("# Conformance matrix: streamwire's vectors against other libraries");
md.push("");
md.push(
  "Generated by `deno task matrix` (conformance/sdks/matrix.ts) — do not edit. Each runner lives in",
  "`conformance/sdks/<library>/`, is written in the library's own language, pins the library with",
  "its lock file, and reads only `vectors/` (the released wirevec files): it decodes every valid",
  "vector with the library, re-encodes the result and compares bytes, and checks that every",
  "invalid vector is rejected. Vectors the library cannot express are counted as unsupported.",
  "",
  "- **decoded**: valid vectors the library decoded; **identical**: re-encoded byte for byte",
  "  (n/a for libraries without an encoder for that direction).",
  "- **invalid** counts `invalid` and `acceptable` tests (an `acceptable` one may be accepted or refused).",
  "- **rejected**: invalid vectors the library refused; **family**: of those, the ones whose",
  "  rejection text maps (conformance/sdks/families.json) to the vector's error family.",
  "- Decoder-cap vectors (a `max…` key in `options`; `result: limit` in 1.1.0) are not counted: the caps are streamwire options.",
  "- Scope: the Kafka runners run the API message bodies (`framing: body` groups of the files with an",
  "  `apiKey`); Kafka headers, record data (RecordBatch, MessageSet) and data schemas are not run. The",
  "  Iggy runner maps command payloads; batches, consensus headers, framing and primitives count as",
  "  unsupported (no mapping in the runner), as do encode-from-value tests.",
  "- sarama keeps keyed collections in Go maps (random iteration order), so its identical count varies",
  "  by a few vectors between runs.",
  "",
);
md.push("## Libraries", "");
md.push(
  "| library | language | pinned | runs in CI | vectors | valid | decoded | identical | invalid | rejected | family | unsupported | disagreements |",
);
md.push("| --- | --- | --- | --- | --: | --: | --: | --: | --: | --: | --: | --: | --: |");
for (const r of selected) {
  const t = perLib.get(r.lib)!.total;
  md.push(
    `| ${r.lib} | ${r.language} | ${r.pinned} | ${
      r.fast ? "yes (--fast)" : "task only"
    } | ${t.vectors} | ${t.valid} | ${t.decoded} | ${
      r.reencodes ? t.identical : "n/a"
    } | ${t.invalid} | ${t.rejected} | ${t.familyMatch} | ${t.unsupported} | ${t.disagreements} |`,
  );
}
md.push("");

const bugs = [...classes.values()].filter((d) => explain(d)?.diagnosis === "library bug");
if (bugs.length) {
  md.push("## Library bugs found", "");
  md.push(
    "Classes diagnosed as a bug of the library, with what to report upstream (details and examples below).",
    "",
  );
  const seen = new Set<KnownClass>();
  for (const d of bugs) {
    const k = explain(d)!;
    if (seen.has(k)) continue;
    seen.add(k);
    const n = bugs.filter((b) => explain(b) === k).reduce((a, b) => a + b.count, 0);
    md.push(`- **${d.lib}** (${d.kind}, ${n} vector${n === 1 ? "" : "s"}): ${k.upstream ?? k.explanation}`);
  }
  md.push("");
}

for (const protocol of ["kafka", "iggy"] as const) {
  const libs = selected.filter((r) => r.protocol === protocol);
  if (libs.length === 0) continue;
  md.push(
    `## ${protocol === "kafka" ? "Kafka" : "Iggy"}: per ${protocol === "kafka" ? "API" : "message"}`,
    "",
  );
  md.push(
    "Each cell: `identical/decoded/valid · rejected/invalid · unsupported` (a dash: the library",
    "supports nothing of that message; identical is `-` where the library does not re-encode).",
    "",
  );
  md.push(`| message | ${libs.map((r) => r.lib).join(" | ")} |`);
  md.push(`| --- | ${libs.map(() => "---").join(" | ")} |`);
  const messages = new Set<string>();
  for (const r of libs) for (const m of perLib.get(r.lib)!.byMessage.keys()) messages.add(m);
  for (const m of [...messages].sort()) {
    const cells = libs.map((r) => {
      const c = perLib.get(r.lib)!.byMessage.get(m);
      if (!c) return "";
      if (c.unsupported === c.vectors) return `– (${c.unsupported} unsupported)`;
      const id = r.reencodes ? `${c.identical}` : "-";
      return `${id}/${c.decoded}/${c.valid} · ${c.rejected}/${c.invalid}${
        c.unsupported ? ` · ${c.unsupported}` : ""
      }`;
    });
    md.push(`| ${m} | ${cells.join(" | ")} |`);
  }
  md.push("");
}

md.push("## Disagreement classes", "");
md.push(
  "A class is (library, kind, vector error family, API). `accepts-invalid` and `rejects-other-family`",
  "classes span APIs (they are properties of the library's decoder); `rejects-valid` and",
  "`reencode-differs` classes are per API. Every class must be explained in",
  "`conformance/sdks/known.json`; an unexplained class fails `deno task matrix` (and CI).",
  "",
);
const sorted = [...classes.values()].sort((a, b) =>
  (a.lib + a.kind + a.message).localeCompare(b.lib + b.kind + b.message)
);
for (const d of sorted) {
  const k = explain(d);
  md.push(
    `### ${d.lib}: ${d.kind}${d.family ? ` (${d.family})` : ""}${
      d.message !== "*" ? ` — ${d.message}` : ""
    } — ${d.count} vector${d.count === 1 ? "" : "s"}`,
    "",
  );
  md.push(`- diagnosis: **${k ? k.diagnosis : "UNEXPLAINED"}**${k ? ` — ${k.explanation}` : ""}`);
  if (d.message === "*") md.push(`- seen in: ${[...d.messages].sort().join(", ")}`);
  if (k?.upstream) md.push(`- to report upstream: ${k.upstream}`);
  const e = d.example;
  md.push(
    `- example: \`${e.file}\` \`${e.name}\` (tcId ${e.tcId})${
      e.expected ? `, reference: ${e.expected}` : ""
    }`,
  );
  md.push(`  - bytes: \`${e.hex}\``);
  if (e.got) md.push(`  - library re-encodes: \`${e.got}\``);
  if (e.detail) md.push(`  - library says: \`${e.detail.slice(0, 200)}\``);
  md.push("");
}
const stale = known.classes.filter((k) =>
  selected.some((r) => r.lib === k.lib) &&
  ![...classes.values()].some((d) => explain(d) === k)
);
if (stale.length) {
  md.push("## Known classes not observed in this run", "");
  for (const k of stale) {
    md.push(`- ${k.lib}: ${k.kind}${k.family ? ` (${k.family})` : ""} — ${k.explanation}`);
  }
  md.push("");
}
md.push("## When a vector is wrong", "");
md.push(
  "CI fails if (a) a disagreement class is not in `conformance/sdks/known.json`, or (b) a vector is",
  "*suspect*: at least two libraries run it and all of them disagree with it in the same way — a",
  "valid vector all of them refuse or re-encode differently, or an invalid vector of a structural",
  "family (truncated, count, length: the bytes it claims are not there) all of them accept.",
  "Independent libraries agreeing against the reference's bytes is the signal that the vector, not",
  "the libraries, is wrong; such a test must be fixed in the oracle or listed in `reviewedVectors`",
  "with the reason it is right. Known classes do not excuse a suspect vector. Libraries agreeing to",
  "accept a null marker, trailing bytes or an unchecked value are lenient, not evidence.",
  "",
  `This run: ${classes.size} classes, ${unexplained.length} unexplained, ${suspects.length} suspect vectors.`,
  "",
);
for (const s of suspects.slice(0, 50)) md.push(`- suspect: ${s.key}: ${s.how} by ${s.libs.join(", ")}`);
if (suspects.length) md.push("");

const json = {
  generatedBy: "deno task matrix",
  vectors: manifest.schemaVersion,
  runners: selected.map((r) => ({
    lib: r.lib,
    language: r.language,
    pinned: r.pinned,
    fast: r.fast,
    total: perLib.get(r.lib)!.total,
    byMessage: Object.fromEntries([...perLib.get(r.lib)!.byMessage].sort()),
  })),
  classes: sorted.map((d) => ({
    ...d,
    messages: [...d.messages].sort(),
    diagnosis: explain(d)?.diagnosis ?? "UNEXPLAINED",
  })),
  suspects,
};

if (write && !only && !fast && vectorsAt < 0) {
  mkdirSync(join(root, "docs"), { recursive: true });
  writeFileSync(join(root, "docs/conformance-matrix.md"), md.join("\n"));
  writeFileSync(join(root, "docs/conformance-matrix.json"), JSON.stringify(json, null, 1) + "\n");
  // The repository's formatter owns the layout of committed files (deno fmt --check runs in CI).
  if (/deno/.test(process.execPath)) {
    spawnSync(process.execPath, ["fmt", "-q", "docs/conformance-matrix.md", "docs/conformance-matrix.json"], {
      cwd: root,
      stdio: "inherit",
    });
  }
  console.error("wrote docs/conformance-matrix.md and docs/conformance-matrix.json");
}
if (!existsSync(join(here, "target"))) mkdirSync(join(here, "target"), { recursive: true });
writeFileSync(join(here, "target/last-run.md"), md.join("\n"));

for (const r of selected) {
  const t = perLib.get(r.lib)!.total;
  console.log(
    `${
      r.lib.padEnd(22)
    } vectors ${t.vectors} decoded ${t.decoded}/${t.valid} identical ${t.identical} rejected ${t.rejected}/${t.invalid} unsupported ${t.unsupported} disagreements ${t.disagreements}`,
  );
}
console.log(
  `${classes.size} disagreement classes, ${unexplained.length} unexplained, ${suspects.length} suspect vectors`,
);
for (const d of unexplained) {
  console.log(
    `UNEXPLAINED ${d.lib} ${d.kind} ${d.family} ${d.message}: ${d.example.file} ${d.example.name} ${
      d.example.detail ?? ""
    }`,
  );
}
for (const s of suspects.slice(0, 20)) console.log(`SUSPECT ${s.key}: ${s.how} by ${s.libs.join(", ")}`);
if (unexplained.length || suspects.length) process.exit(1);
