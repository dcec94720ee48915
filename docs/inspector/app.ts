/// <reference lib="dom" />
/**
 * The web inspector: the same pipeline as `streamwire inspect`, in the page. Drop a pcap /
 * pcapng (or paste a hex dump), get a table of messages; click a row for the decoded tree and
 * the frame's hex, with the selected field's bytes highlighted where they can be located
 * (header fields by their fixed offsets, strings and byte fields by their encoding).
 *
 * Built to `inspector.js` by `deno task inspector:build`.
 *
 * @module
 */

import { CaptureReader, isCapture } from "../../src/cli/capture.ts";
import { isoTime, plain } from "../../src/cli/format.ts";
import { parseHexDump } from "../../src/cli/hexdump.ts";
import { Inspector } from "../../src/cli/inspector.ts";
import type { InspectedMessage } from "../../src/cli/message.ts";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
let messages: InspectedMessage[] = [];
let selected: InspectedMessage | undefined;

function inspectBytes(bytes: Uint8Array, direction: "request" | "response"): InspectedMessage[] {
  const ins = new Inspector({
    keepRaw: true,
    kafkaPorts: ports("kafka", 9092),
    iggyPorts: ports("iggy", 8090),
  });
  const out: InspectedMessage[] = [];
  if (isCapture(bytes)) {
    const r = new CaptureReader();
    for (const p of r.push(bytes)) out.push(...ins.packet(p));
  } else {
    const hex = parseHexDump(new TextDecoder().decode(bytes));
    if (hex.kind === "packets") { for (const p of hex.packets) out.push(...ins.packet(p)); }
    else out.push(...ins.stream(direction, hex.bytes, 0));
  }
  out.push(...ins.finish());
  return out;
}

function ports(kind: string, dflt: number): number[] {
  const v = ($<HTMLInputElement>(`${kind}-port`)?.value ?? "").split(",").map((s) => Number(s.trim())).filter(
    (n) => n > 0,
  );
  return v.length ? v : [dflt];
}

function show(msgs: InspectedMessage[]): void {
  messages = msgs;
  const tbody = $<HTMLTableSectionElement>("rows");
  tbody.textContent = "";
  msgs.forEach((m, i) => {
    const tr = document.createElement("tr");
    tr.dataset.index = String(i);
    if (m.error) tr.className = "failed";
    else if (m.errorName) tr.className = "error";
    const id = m.correlationId ?? m.requestId ?? "";
    const cells = [
      isoTime(m.tsMicros).slice(11, -1),
      `#${m.connId}`,
      m.dir === "request" ? "→" : "←",
      m.protocol,
      m.name,
      m.version === undefined ? "" : `v${m.version}`,
      String(id),
      m.latencyMs === undefined ? "" : m.latencyMs.toFixed(3),
      m.error ? `${m.error.code}` : (m.errorName ?? ""),
    ];
    for (const c of cells) {
      const td = document.createElement("td");
      td.textContent = c;
      tr.append(td);
    }
    tr.onclick = () => select(i);
    tbody.append(tr);
  });
  $("status").textContent = `${msgs.length} messages, ${msgs.filter((m) => m.error).length} not decoded`;
  if (msgs.length) select(0);
}

function select(i: number): void {
  selected = messages[i];
  for (const tr of document.querySelectorAll("#rows tr")) {
    tr.classList.toggle("selected", (tr as HTMLElement).dataset.index === String(i));
  }
  const tree = $("tree");
  tree.textContent = "";
  const m = selected;
  if (m.error) {
    const p = document.createElement("div");
    p.className = "decode-error";
    p.textContent = `${m.error.code}: ${m.error.detail ?? ""}`;
    tree.append(p);
  }
  const root = document.createElement("ul");
  if (m.header !== undefined) root.append(node("header", plain(m.header), ["header"]));
  if (m.body !== undefined) root.append(node("body", plain(m.body, { records: true }), ["body"]));
  tree.append(root);
  renderHex(m.raw ?? new Uint8Array(0), undefined);
}

function node(key: string, v: unknown, path: string[]): HTMLLIElement {
  const li = document.createElement("li");
  const label = document.createElement("span");
  label.className = "field";
  label.dataset.path = path.join(".");
  if (v !== null && typeof v === "object") {
    label.textContent = Array.isArray(v) ? `${key} [${v.length}]` : key;
    li.append(label);
    const ul = document.createElement("ul");
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) ul.append(node(k, x, [...path, k]));
    li.append(ul);
  } else {
    label.textContent = `${key}: ${JSON.stringify(v)}`;
    li.append(label);
  }
  label.onclick = (e) => {
    e.stopPropagation();
    for (const s of document.querySelectorAll(".field.selected")) s.classList.remove("selected");
    label.classList.add("selected");
    if (selected) renderHex(selected.raw ?? new Uint8Array(0), locate(selected, path, v));
  };
  return li;
}

/** Where a field's bytes are in the frame, when that can be known. */
function locate(m: InspectedMessage, path: string[], v: unknown): [number, number] | undefined {
  const raw = m.raw;
  if (!raw) return undefined;
  if (m.protocol === "kafka" && path[0] === "header" && path.length === 2) {
    const fixed: Record<string, [number, number]> = {
      requestApiKey: [4, 6],
      requestApiVersion: [6, 8],
      correlationId: m.dir === "request" ? [8, 12] : [4, 8],
    };
    return fixed[path[1]];
  }
  // Strings and byte fields: their encoding, searched in the frame.
  let needle: Uint8Array | undefined;
  if (typeof v === "string" && /^[0-9a-f]+$/.test(v) && v.length % 2 === 0 && v.length >= 4) {
    needle = new Uint8Array(v.length / 2).map((_, i) => parseInt(v.slice(2 * i, 2 * i + 2), 16));
  } else if (typeof v === "string" && v.length > 0) needle = new TextEncoder().encode(v);
  if (!needle) return undefined;
  const at = indexOf(raw, needle);
  return at < 0 ? undefined : [at, at + needle.length];
}

function indexOf(hay: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function renderHex(raw: Uint8Array, range: [number, number] | undefined): void {
  const pre = $("hex");
  pre.textContent = "";
  const max = Math.min(raw.length, 64 * 1024);
  for (let line = 0; line < max; line += 16) {
    const row = document.createElement("div");
    const off = document.createElement("span");
    off.className = "off";
    off.textContent = line.toString(16).padStart(8, "0") + "  ";
    row.append(off);
    for (let i = line; i < Math.min(line + 16, max); i++) {
      const b = document.createElement("span");
      b.textContent = raw[i].toString(16).padStart(2, "0") + " ";
      if (range && i >= range[0] && i < range[1]) b.className = "hl";
      row.append(b);
    }
    pre.append(row);
  }
  if (range) pre.querySelector(".hl")?.scrollIntoView({ block: "nearest" });
}

async function load(file: File): Promise<void> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  show(inspectBytes(bytes, "request"));
}

/** For tests: inspect bytes as if dropped. */
(globalThis as unknown as { streamwireInspect: (b: Uint8Array) => number }).streamwireInspect = (b) => {
  show(inspectBytes(b, "request"));
  return messages.length;
};

addEventListener("DOMContentLoaded", () => {
  const drop = $("drop");
  drop.ondragover = (e) => {
    e.preventDefault();
    drop.classList.add("over");
  };
  drop.ondragleave = () => drop.classList.remove("over");
  drop.ondrop = (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    const f = e.dataTransfer?.files[0];
    if (f) load(f);
  };
  $<HTMLInputElement>("file").onchange = (e) => {
    const f = (e.target as HTMLInputElement).files?.[0];
    if (f) load(f);
  };
  $("paste-go").onclick = () => {
    const text = $<HTMLTextAreaElement>("paste").value;
    const dir = $<HTMLSelectElement>("direction").value as "request" | "response";
    show(inspectBytes(new TextEncoder().encode(text), dir));
  };
  const demo = new URLSearchParams(location.search).get("capture");
  if (demo) {
    fetch(demo).then((r) => r.arrayBuffer()).then((b) => show(inspectBytes(new Uint8Array(b), "request")));
  }
});
