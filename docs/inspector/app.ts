/// <reference lib="dom" />
/**
 * The web inspector: the same pipeline as `streamwire inspect`, in the page. Drop a pcap /
 * pcapng (or paste a hex dump), get a table of messages — filtered by API, direction, errors
 * and a text search, with a per-API summary — and click a row for the decoded tree and the
 * frame's bytes (hex and ASCII). Clicking a field highlights its bytes: exactly for every Kafka
 * field and Iggy consensus header field (`fieldSpans`), by an in-order value search for Iggy
 * bodies. The table draws only the rows in view, so tens of thousands of messages scroll freely.
 *
 * Built to `inspector.js` by `deno task inspector:build`.
 *
 * @module
 */

import { CaptureReader, isCapture } from "../../src/cli/capture.ts";
import { isoTime, jsonText, plain, Summary } from "../../src/cli/format.ts";
import { parseHexDump } from "../../src/cli/hexdump.ts";
import { Inspector } from "../../src/cli/inspector.ts";
import type { InspectedMessage } from "../../src/cli/message.ts";
import { fieldSpans, type Span } from "../../src/cli/spans.ts";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
/** Height of one table row in pixels (the virtual scroll's unit; `index.html` sets it too). */
const ROW = 20;

let messages: InspectedMessage[] = [];
/** Indexes into `messages` that pass the filters. */
let shown: number[] = [];
let selected: InspectedMessage | undefined;
let lastBytes: Uint8Array | undefined;
const searchText = new WeakMap<InspectedMessage, string>();

function inspectBytes(bytes: Uint8Array, direction: "request" | "response"): InspectedMessage[] {
  const ins = new Inspector({
    keepRaw: true,
    kafkaPorts: ports("kafka-port", 9092),
    iggyPorts: ports("iggy-port", 8090),
  });
  const out: InspectedMessage[] = [];
  if (isCapture(bytes)) {
    const r = new CaptureReader();
    for (const p of r.push(bytes)) ins.packet(p, out);
  } else {
    const hex = parseHexDump(new TextDecoder().decode(bytes));
    if (hex.kind === "packets") { for (const p of hex.packets) ins.packet(p, out); }
    else out.push(...ins.stream(direction, hex.bytes, 0));
  }
  out.push(...ins.finish());
  return out;
}

/** The ports of a port field: numbers separated by commas or spaces (several Kafka listeners). */
function ports(id: string, dflt: number): number[] {
  const v = ($<HTMLInputElement>(id)?.value ?? "").split(/[\s,]+/).map(Number).filter((n) =>
    Number.isInteger(n) && n > 0 && n < 65536
  );
  return v.length ? v : [dflt];
}

function show(msgs: InspectedMessage[]): void {
  messages = msgs;
  const api = $<HTMLSelectElement>("f-api");
  const names = [...new Set(msgs.map((m) => `${m.protocol} ${m.name}`))].sort();
  api.textContent = "";
  api.append(new Option(`all APIs (${names.length})`, ""));
  for (const n of names) api.append(new Option(n, n));
  renderSummary();
  applyFilters();
}

/** Whether `m` passes the filter bar. */
function passes(m: InspectedMessage): boolean {
  const api = $<HTMLSelectElement>("f-api").value;
  if (api && `${m.protocol} ${m.name}` !== api) return false;
  const dir = $<HTMLSelectElement>("f-dir").value;
  if (dir && m.dir !== dir) return false;
  if ($<HTMLInputElement>("f-errors").checked && !m.error && !m.errorName) return false;
  const q = $<HTMLInputElement>("f-search").value.trim().toLowerCase();
  if (q) {
    let text = searchText.get(m);
    if (text === undefined) {
      // Made once per message, on the first search that reaches it.
      text = [m.name, m.conn, m.errorName ?? "", m.error?.code ?? "", jsonText(m.header), jsonText(m.body)]
        .join(" ").toLowerCase();
      searchText.set(m, text);
    }
    if (!text.includes(q)) return false;
  }
  return true;
}

function applyFilters(): void {
  shown = [];
  for (let i = 0; i < messages.length; i++) if (passes(messages[i])) shown.push(i);
  const failed = messages.filter((m) => m.error).length;
  $("status").textContent = `${shown.length} of ${messages.length} messages, ${failed} not decoded`;
  $("table-wrap").scrollTop = 0;
  renderRows();
  if (shown.length) select(shown[0]);
  else clearDetail();
}

/** Draws the rows in view (and a screenful around them). */
function renderRows(): void {
  const wrap = $("table-wrap");
  const first = Math.max(0, Math.floor(wrap.scrollTop / ROW) - 10);
  const count = Math.ceil(wrap.clientHeight / ROW) + 20;
  const tbody = $<HTMLTableSectionElement>("rows");
  tbody.textContent = "";
  // Spacer rows above and below stand for the rows not drawn, so the scroll bar is true.
  const spacer = (rows: number) => {
    const tr = document.createElement("tr");
    tr.className = "spacer";
    tr.style.height = `${rows * ROW}px`;
    tbody.append(tr);
  };
  spacer(first);
  for (const i of shown.slice(first, first + count)) {
    const m = messages[i];
    const tr = document.createElement("tr");
    tr.dataset.index = String(i);
    if (m.error) tr.className = "failed";
    else if (m.errorName) tr.className = "error";
    if (m === selected) tr.classList.add("selected");
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
  }
  spacer(Math.max(0, shown.length - first - count));
}

function renderSummary(): void {
  const s = new Summary();
  for (const m of messages) s.add(m);
  const tbody = $<HTMLTableSectionElement>("summary-rows");
  tbody.textContent = "";
  for (const r of s.rows()) {
    const tr = document.createElement("tr");
    const errors = Object.entries(r.errors as Record<string, number>).map(([k, n]) => `${k}×${n}`).join(" ");
    const ms = (x: unknown) => x === undefined ? "" : (x as number).toFixed(3);
    for (
      const c of [
        r.protocol,
        r.name,
        r.requests,
        r.responses,
        r.bytes,
        r.decodeFailures,
        ms(r.latencyP50Ms),
        ms(r.latencyP99Ms),
        errors,
      ]
    ) {
      const td = document.createElement("td");
      td.textContent = String(c);
      tr.append(td);
    }
    // A summary row filters the table to its API.
    tr.onclick = () => {
      $<HTMLSelectElement>("f-api").value = `${r.protocol} ${r.name}`;
      $("summary").hidden = true;
      applyFilters();
    };
    tbody.append(tr);
  }
}

function clearDetail(): void {
  selected = undefined;
  $("tree").textContent = "";
  renderHex(new Uint8Array(0), undefined);
}

function select(i: number): void {
  selected = messages[i];
  for (const tr of document.querySelectorAll("#rows tr:not(.spacer)")) {
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
  const spans = fieldSpans(m);
  const root = document.createElement("ul");
  if (m.requestId !== undefined) root.append(node("requestId", m.requestId, ["requestId"], spans));
  if (m.header !== undefined) root.append(node("header", plain(m.header), ["header"], spans));
  if (m.body !== undefined) root.append(node("body", plain(m.body, { records: true }), ["body"], spans));
  tree.append(root);
  renderHex(m.raw ?? new Uint8Array(0), undefined);
}

function node(key: string, v: unknown, path: string[], spans: Map<string, Span>): HTMLLIElement {
  const li = document.createElement("li");
  const label = document.createElement("span");
  label.className = "field";
  const p = path.join(".");
  label.dataset.path = p;
  if (v !== null && typeof v === "object") {
    label.textContent = Array.isArray(v) ? `${key} [${v.length}]` : key;
    li.append(label);
    const ul = document.createElement("ul");
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      ul.append(node(k, x, [...path, k], spans));
    }
    li.append(ul);
  } else {
    label.textContent = `${key}: ${JSON.stringify(v)}`;
    li.append(label);
  }
  // The field's bytes, or those of the nearest enclosing field that has them (inside records).
  let span: Span | undefined;
  for (let n = path.length; n > 0 && !span; n--) span = spans.get(path.slice(0, n).join("."));
  if (spans.has(p)) label.classList.add("located");
  label.onclick = (e) => {
    e.stopPropagation();
    for (const s of document.querySelectorAll(".field.selected")) s.classList.remove("selected");
    label.classList.add("selected");
    if (selected) renderHex(selected.raw ?? new Uint8Array(0), span);
  };
  return li;
}

function renderHex(raw: Uint8Array, range: Span | undefined): void {
  const pre = $("hex");
  pre.textContent = "";
  const max = Math.min(raw.length, 64 * 1024);
  const hl = (i: number) => range !== undefined && i >= range[0] && i < range[1];
  for (let line = 0; line < max; line += 16) {
    const row = document.createElement("div");
    const off = document.createElement("span");
    off.className = "off";
    off.textContent = line.toString(16).padStart(8, "0") + "  ";
    row.append(off);
    const end = Math.min(line + 16, max);
    for (let i = line; i < line + 16; i++) {
      const b = document.createElement("span");
      b.textContent = i < end ? raw[i].toString(16).padStart(2, "0") + " " : "   ";
      if (i < end && hl(i)) b.className = "hl";
      row.append(b);
    }
    const ascii = document.createElement("span");
    ascii.className = "ascii";
    ascii.append(" ");
    for (let i = line; i < end; i++) {
      const c = document.createElement("span");
      c.textContent = raw[i] >= 0x20 && raw[i] < 0x7f ? String.fromCharCode(raw[i]) : ".";
      if (hl(i)) c.className = "hl";
      ascii.append(c);
    }
    row.append(ascii);
    pre.append(row);
  }
  if (raw.length > max) pre.append(`… ${raw.length - max} more bytes`);
  if (range) pre.querySelector(".hl")?.scrollIntoView({ block: "nearest" });
}

async function load(file: File): Promise<void> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  lastBytes = bytes;
  show(inspectBytes(bytes, "request"));
}

// For tests and scripts: inspect bytes as if dropped, and pick a message by index.
const api = globalThis as unknown as {
  streamwireInspect: (b: Uint8Array) => number;
  streamwireSelect: (i: number) => void;
};
api.streamwireInspect = (b) => {
  show(inspectBytes(b, "request"));
  return messages.length;
};
api.streamwireSelect = (i) => select(i);

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
  // New ports: inspect the same capture again.
  for (const id of ["kafka-port", "iggy-port"]) {
    $<HTMLInputElement>(id).onchange = () => {
      if (lastBytes && isCapture(lastBytes)) show(inspectBytes(lastBytes, "request"));
    };
  }
  $("paste-go").onclick = () => {
    const text = $<HTMLTextAreaElement>("paste").value;
    const dir = $<HTMLSelectElement>("direction").value as "request" | "response";
    show(inspectBytes(new TextEncoder().encode(text), dir));
  };
  for (const id of ["f-api", "f-dir", "f-errors"]) $(id).onchange = applyFilters;
  let timer: ReturnType<typeof setTimeout> | undefined;
  $("f-search").oninput = () => {
    clearTimeout(timer);
    timer = setTimeout(applyFilters, 150);
  };
  $("summary-toggle").onclick = () => void ($("summary").hidden = !$("summary").hidden);
  $("table-wrap").onscroll = () => requestAnimationFrame(renderRows);
  const demo = new URLSearchParams(location.search).get("capture");
  if (demo) {
    fetch(demo).then((r) => r.arrayBuffer()).then((b) => {
      lastBytes = new Uint8Array(b);
      show(inspectBytes(lastBytes, "request"));
    });
  }
});
