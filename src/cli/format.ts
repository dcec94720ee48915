/**
 * How inspected messages are shown: the JSON-lines form (one object per message, the schema
 * in `docs/inspector.md`), the one-line-per-message pretty form with an optional indented
 * tree, the record expansion behind `--records`, the filters, and the per-API summary.
 *
 * @module
 */

import { errorName as kafkaErrorName } from "../kafka/_generated/errors.ts";
import { decodeRecordSet } from "../kafka/records/record_set.ts";
import type { CodecRegistry } from "../kafka/compression/codec.ts";
import { createCodecRegistry } from "../kafka/compression/registry.ts";
import { BatchView } from "../iggy/batch/batch.ts";
import { COMPRESSION_NAMES } from "../kafka/records/constants.ts";
import { isWireError } from "../wire/error.ts";
import { toHex } from "./_bytes.ts";
import { JsonOut } from "./_json_out.ts";
import {
  JSON_BOOL,
  JSON_NUMBER,
  JSON_STRING,
  JSON_STRUCT,
  JSON_STRUCTS,
  type Plan,
  wirePlan,
} from "./kafka_wire.ts";
import { apiInfo, requestHeaderVersion, responseHeaderVersion } from "../kafka/api.ts";
import { RequestHeaderCodec } from "../kafka/messages/request_header.ts";
import { ResponseHeaderCodec } from "../kafka/messages/response_header.ts";
import { type ApiSelection, parseApiSelection, selects } from "./api_names.ts";
import type { InspectedMessage } from "./message.ts";
import { TopicIds } from "./topic_ids.ts";

/** Output options. */
export interface FormatOptions {
  /** Decode Kafka record batches / message sets and Iggy batches inside bodies. */
  records?: boolean;
  /** Longest byte field printed whole, in bytes; longer ones are cut (default 256). */
  maxBytes?: number;
}

/** Default of {@linkcode FormatOptions.maxBytes}. */
export const DEFAULT_MAX_BYTES = 256;

/** The second `isoTime` last formatted, and its text up to the fraction. */
let lastSecond = NaN, lastPrefix = "";

/** {@linkcode isoTime} written into `out`, without a string per message. */
function writeIsoTime(out: JsonOut, tsMicros: number): void {
  const sec = Math.floor(tsMicros / 1e6);
  if (sec !== lastSecond) isoTime(tsMicros);
  out.ascii(lastPrefix);
  out.room(7);
  const b = out.buf;
  let x = Math.floor(tsMicros - sec * 1e6);
  for (let i = out.pos + 5; i >= out.pos; i--, x = Math.floor(x / 10)) b[i] = 0x30 + (x % 10);
  b[out.pos + 6] = 0x5a; // Z
  out.pos += 7;
}

/** ISO-8601 with microseconds, UTC. */
export function isoTime(tsMicros: number): string {
  const sec = Math.floor(tsMicros / 1e6);
  if (sec !== lastSecond) {
    // Messages come in time order: one Date per second of capture, not per message.
    lastSecond = sec;
    lastPrefix = new Date(sec * 1000).toISOString().slice(0, 20); // 2024-01-01T00:00:00.
  }
  return `${lastPrefix}${String(Math.floor(tsMicros - sec * 1e6)).padStart(6, "0")}Z`;
}

/**
 * The JSON text of a decoded value: bigint as a decimal string, bytes as hex (cut at
 * `maxBytes`), non-finite numbers as strings, record data expanded with `records`. This is the
 * one mapping from decoded values to JSON ({@linkcode writeJson}); {@linkcode plain} and
 * {@linkcode toJson} parse it back.
 */
export function jsonText(v: unknown, o: FormatOptions = {}): string {
  const out = new JsonOut(256);
  writeJson(out, v, o, "", 0);
  return out.text();
}

/**
 * Writes a projected Kafka struct field by field, by its schema types: the same text as
 * {@linkcode writeJson} gives, without working out each value's type.
 */
function writeStruct(
  out: JsonOut,
  plan: Plan,
  x: Record<string, unknown>,
  o: FormatOptions,
  depth: number,
): void {
  out.byte(0x7b);
  let first = true;
  const { names, json, keys } = plan;
  for (let i = 0; i < names.length; i++) {
    const v = x[names[i]];
    if (v === undefined) continue; // a tagged field that was not on the wire
    // The key, `,"name":` (from its second byte for the first field), copied in place.
    const key = keys[i], n = key.length;
    out.room(n);
    const b = out.buf;
    let p = out.pos;
    for (let j = first ? 1 : 0; j < n; j++) b[p++] = key[j];
    out.pos = p;
    first = false;
    if (v === null) {
      out.null();
      continue;
    }
    switch (json[i]) {
      case JSON_NUMBER:
        out.num(v as number);
        break;
      case JSON_BOOL:
        out.bool(v as boolean);
        break;
      case JSON_STRING:
        out.str(v as string);
        break;
      case JSON_STRUCT:
        writeStruct(out, plan.structs[i]!, v as Record<string, unknown>, o, depth + 1);
        break;
      case JSON_STRUCTS: {
        const a = v as Record<string, unknown>[], sub = plan.structs[i]!;
        out.byte(0x5b);
        for (let j = 0; j < a.length; j++) {
          if (j) out.byte(0x2c);
          writeStruct(out, sub, a[j], o, depth + 1);
        }
        out.byte(0x5d);
        break;
      }
      default:
        writeJson(out, v, o, names[i], depth + 1);
    }
  }
  // Unknown tagged fields only exist where the struct is flexible, and `_defaults` only where
  // the projection left something out: no lookup of keys that cannot be there.
  const unknown = plan.flexible ? x._unknownTaggedFields : undefined;
  if (unknown !== undefined) writeExtra(out, "_unknownTaggedFields", unknown, first, o, depth);
  const defaults = plan.identity ? undefined : x._defaults;
  if (defaults !== undefined) {
    writeExtra(out, "_defaults", defaults, first && unknown === undefined, o, depth);
  }
  out.byte(0x7d);
}

function writeExtra(
  out: JsonOut,
  k: string,
  v: unknown,
  first: boolean,
  o: FormatOptions,
  depth: number,
): void {
  if (!first) out.byte(0x2c);
  out.str(k);
  out.byte(0x3a);
  writeJson(out, v, o, k, depth + 1);
}

/** Writes the JSON of `v` (see {@linkcode jsonText}); `key` is the field it is the value of. */
function writeJson(out: JsonOut, v: unknown, o: FormatOptions, key: string, depth: number): void {
  switch (typeof v) {
    case "number":
      out.anyNum(v);
      return;
    case "string":
      out.str(v);
      return;
    case "boolean":
      out.bool(v as boolean);
      return;
    case "bigint":
      out.byte(0x22);
      out.ascii(String(v));
      out.byte(0x22);
      return;
    case "object":
      break;
    default:
      out.null();
      return;
  }
  if (v === null) return out.null();
  if (depth > 64) return out.str("…");
  if (v instanceof Uint8Array) {
    if (o.records && key === "records") return writeJson(out, kafkaRecords(v, o), o, "", depth + 1);
    return out.bytesHex(v, o.maxBytes ?? DEFAULT_MAX_BYTES);
  }
  if (v instanceof BatchView) {
    const shown = o.records ? iggyBatch(v) : { messageCount: v.messageCount, bytes: v.bytes.length };
    return writeJson(out, shown, o, "", depth + 1);
  }
  if (Array.isArray(v)) {
    out.byte(0x5b);
    for (let i = 0; i < v.length; i++) {
      if (i) out.byte(0x2c);
      writeJson(out, v[i], o, key, depth + 1);
    }
    out.byte(0x5d);
    return;
  }
  out.byte(0x7b);
  let first = true;
  if (v instanceof Map) {
    for (const [k, x] of v) {
      if (x === undefined) continue;
      if (!first) out.byte(0x2c);
      first = false;
      const name = String(k);
      out.str(name);
      out.byte(0x3a);
      writeJson(out, x, o, name, depth + 1);
    }
  } else {
    const r = v as Record<string, unknown>;
    for (const name in r) {
      const x = r[name];
      if (x === undefined) continue;
      if (!first) out.byte(0x2c);
      first = false;
      out.str(name);
      out.byte(0x3a);
      writeJson(out, x, o, name, depth + 1);
    }
  }
  out.byte(0x7d);
}

/** The JSON-ready (plain object) form of a decoded value; see {@linkcode jsonText}. */
export function plain(v: unknown, o: FormatOptions = {}): unknown {
  return JSON.parse(jsonText(v, o));
}

let allCodecs: CodecRegistry | undefined;

const BATCH_FIELDS = [
  "magic",
  "baseOffset",
  "lastOffset",
  "partitionLeaderEpoch",
  "compression",
  "timestampType",
  "baseTimestamp",
  "maxTimestamp",
  "isTransactional",
  "isControl",
  "producerId",
  "producerEpoch",
  "baseSequence",
  "recordCount",
];

function kafkaRecords(bytes: Uint8Array, _o: FormatOptions): unknown {
  if (bytes.length === 0) return { batches: [] };
  try {
    // The inspector reads every codec; the registry is made on first use.
    const set = decodeRecordSet(bytes, { codecs: allCodecs ??= createCodecRegistry() });
    return {
      batches: set.batches.map((b) => {
        const info: Record<string, unknown> = {};
        const src = b as unknown as Record<string, unknown>;
        for (const k of BATCH_FIELDS) if (src[k] !== undefined) info[k] = src[k];
        info.records = b.toArray();
        return info;
      }),
      partialBytes: set.partialBytes,
    };
  } catch (e) {
    if (!isWireError(e)) throw e;
    return { error: { code: e.code, detail: e.message }, hexPrefix: toHex(bytes, 64) };
  }
}

function iggyBatch(b: BatchView): unknown {
  return { baseOffset: b.baseOffset, messageCount: b.messageCount, messages: b.messages() };
}

/** The JSON text of one message (what `--format json` prints, one per line). */
export function jsonLine(m: InspectedMessage, o: FormatOptions = {}): string {
  const out = new JsonOut(512);
  writeJsonLine(out, m, o);
  return out.text();
}

/** Appends the JSON of one message to `out` (without the newline); see {@linkcode jsonLine}. */
export function writeJsonLine(out: JsonOut, m: InspectedMessage, o: FormatOptions = {}): void {
  out.ascii('{"ts":"');
  writeIsoTime(out, m.tsMicros);
  out.ascii('","conn":');
  out.str(m.conn);
  out.ascii(',"connId":');
  out.num(m.connId);
  out.ascii(m.dir === "request" ? ',"dir":"request"' : ',"dir":"response"');
  out.ascii(m.protocol === "kafka" ? ',"protocol":"kafka"' : ',"protocol":"iggy"');
  if (m.apiKey !== undefined) {
    out.ascii(',"apiKey":');
    out.num(m.apiKey);
  }
  if (m.command !== undefined) out.ascii(`,"command":${m.command}`);
  out.ascii(',"name":');
  out.str(m.name);
  if (m.version !== undefined) {
    out.ascii(',"version":');
    out.num(m.version);
  }
  if (m.correlationId !== undefined) {
    out.ascii(',"correlationId":');
    out.num(m.correlationId);
  }
  if (m.requestId !== undefined) out.ascii(`,"requestId":"${m.requestId}"`);
  if (m.layout !== undefined) out.ascii(`,"layout":"${m.layout}"`);
  if (m.latencyMs !== undefined) out.ascii(`,"latencyMs":${Math.round(m.latencyMs * 1000) / 1000}`);
  if (m.errorCode !== undefined) out.ascii(`,"errorCode":${m.errorCode}`);
  if (m.errorName !== undefined) {
    out.ascii(',"errorName":');
    out.str(m.errorName);
  }
  out.ascii(',"bytes":');
  out.num(m.bytes);
  // A decoded Kafka message is written field by field from its schema; anything else as it is.
  const kafka = m.protocol === "kafka" && m.apiKey !== undefined && m.version !== undefined && !m.error
    ? apiInfo(m.apiKey)
    : undefined;
  if (m.headerJson !== undefined) {
    out.ascii(',"header":');
    out.copy(m.headerJson);
  } else if (m.header !== undefined) {
    out.ascii(',"header":');
    if (kafka) {
      const req = m.dir === "request";
      const hv = req
        ? requestHeaderVersion(m.apiKey!, m.version!)
        : responseHeaderVersion(m.apiKey!, m.version!);
      const plan = wirePlan(req ? RequestHeaderCodec.meta : ResponseHeaderCodec.meta, hv);
      writeStruct(out, plan, m.header as Record<string, unknown>, o, 0);
    } else writeJson(out, m.header, o, "", 0);
  }
  if (m.bodyJson !== undefined) {
    out.ascii(',"body":');
    out.copy(m.bodyJson);
  } else if (m.body !== undefined) {
    out.ascii(',"body":');
    if (kafka) {
      const plan = wirePlan(m.dir === "request" ? kafka.request.meta : kafka.response.meta, m.version!);
      writeStruct(out, plan, m.body as Record<string, unknown>, o, 0);
    } else writeJson(out, m.body, o, "", 0);
  }
  if (m.error) {
    out.ascii(',"error":');
    writeJson(out, m.error, o, "", 0);
  }
  if (m.hexPrefix !== undefined) out.ascii(`,"hexPrefix":"${m.hexPrefix}"`);
  if (m.notes) {
    out.ascii(',"notes":');
    writeJson(out, m.notes, o, "", 0);
  }
  out.byte(0x7d);
}

/** The JSON object of one message (the parsed {@linkcode jsonLine}). */
export function toJson(m: InspectedMessage, o: FormatOptions = {}): Record<string, unknown> {
  return JSON.parse(jsonLine(m, o));
}

/** One line: time, connection, direction, name and version, ids, latency, error. */
export function prettyLine(m: InspectedMessage): string {
  const t = isoTime(m.tsMicros).slice(11, -1);
  const arrow = m.dir === "request" ? "→" : "←";
  const id = m.correlationId !== undefined
    ? `corr=${m.correlationId}`
    : m.requestId !== undefined
    ? `req=${m.requestId}`
    : "";
  const ver = m.version !== undefined ? ` v${m.version}` : "";
  const parts = [t, `#${m.connId}`, arrow, `${m.protocol}`, `${m.name}${ver}`];
  if (id) parts.push(id);
  if (m.latencyMs !== undefined) parts.push(`${m.latencyMs.toFixed(3)}ms`);
  parts.push(`${m.bytes}B`);
  if (m.errorName) parts.push(`error=${m.errorName}`);
  if (m.error) {
    parts.push(`DECODE-FAILED ${m.error.code}${m.error.offset !== undefined ? `@${m.error.offset}` : ""}`);
  }
  if (m.notes) parts.push(`(${m.notes.join("; ")})`);
  return parts.join("  ");
}

/**
 * The indented tree under a pretty line (`-v`), for reading rather than for machines: bytes
 * that are printable text show as text (with their size), others as hex with an ASCII column;
 * epoch timestamps (a field named `…timestamp…` holding milliseconds, microseconds or
 * nanoseconds since 1970 between 2000 and 2100) also as ISO dates; a record batch's
 * `compression` and `timestampType` by name.
 */
export function prettyTree(m: InspectedMessage, o: FormatOptions = {}): string {
  const lines: string[] = [];
  if (m.error) {
    lines.push(`  error: ${m.error.code}: ${m.error.detail ?? ""}`);
    if (m.hexPrefix) lines.push(`  hex: ${m.hexPrefix}`);
  }
  if (m.header !== undefined) tree(lines, "header", m.header, 1, o);
  if (m.body !== undefined) tree(lines, "body", m.body, 1, o);
  return lines.join("\n");
}

function tree(lines: string[], key: string, v: unknown, depth: number, o: FormatOptions): void {
  const pad = "  ".repeat(depth);
  if (depth > 64) {
    lines.push(`${pad}${key}: …`);
    return;
  }
  if (v instanceof Uint8Array) {
    if (o.records && key === "records") tree(lines, key, kafkaRecords(v, o), depth, o);
    else lines.push(`${pad}${key}: ${bytesText(v, o.maxBytes ?? 256)}`);
    return;
  }
  if (v instanceof BatchView) {
    const shown = o.records ? iggyBatch(v) : { messageCount: v.messageCount, bytes: v.bytes.length };
    tree(lines, key, shown, depth, o);
    return;
  }
  if (v === null || typeof v !== "object") {
    lines.push(`${pad}${key}: ${scalarText(key, v)}`);
    return;
  }
  if (Array.isArray(v)) {
    if (v.length === 0) {
      lines.push(`${pad}${key}: []`);
      return;
    }
    lines.push(`${pad}${key}: [${v.length}]`);
    v.forEach((x, i) => tree(lines, `[${i}]`, x, depth + 1, o));
    return;
  }
  const entries = (v instanceof Map ? [...v] : Object.entries(v as Record<string, unknown>))
    .filter(([, x]) => x !== undefined);
  if (entries.length === 0) {
    lines.push(`${pad}${key}: {}`);
    return;
  }
  lines.push(`${pad}${key}:`);
  for (const [k, x] of entries) tree(lines, String(k), x, depth + 1, o);
}

const TIMESTAMP_TYPES = ["CreateTime", "LogAppendTime"];
/** 2000-01-01 and 2100-01-01 in ms: the range in which a number is taken for an epoch time. */
const EPOCH_MS_FROM = 946_684_800_000, EPOCH_MS_TO = 4_102_444_800_000;

/** A scalar as the tree shows it, with its date or name where the field says what it is. */
function scalarText(key: string, v: unknown): string {
  let text: string;
  if (typeof v === "bigint") text = String(v);
  else if (typeof v === "number") text = Number.isFinite(v) ? String(v) : `"${v}"`;
  else if (typeof v === "string") text = JSON.stringify(v);
  else text = v === undefined ? "null" : String(v);
  if (typeof v === "number" || typeof v === "bigint") {
    const n = Number(v);
    if (key === "timestampType") {
      if (TIMESTAMP_TYPES[n] !== undefined) text += ` (${TIMESTAMP_TYPES[n]})`;
    } else if (/timestamp/i.test(key)) {
      for (const [unit, per] of [["ms", 1], ["µs", 1e3], ["ns", 1e6]] as const) {
        if (n >= EPOCH_MS_FROM * per && n < EPOCH_MS_TO * per) {
          text += ` (${new Date(n / per).toISOString()}${unit === "ms" ? "" : `, ${unit}`})`;
          break;
        }
      }
    } else if (key === "compression" && COMPRESSION_NAMES[n] !== undefined) {
      text += ` (${COMPRESSION_NAMES[n]})`;
    }
  }
  return text;
}

let utf8: TextDecoder | undefined;

/** Bytes as the tree shows them: printable UTF-8 text as text, else hex with an ASCII column. */
function bytesText(b: Uint8Array, max = 256): string {
  const size = `(${b.length} byte${b.length === 1 ? "" : "s"})`;
  if (b.length === 0) return `"" ${size}`;
  const shown = b.subarray(0, max);
  const cut = b.length > max ? "…" : "";
  let text: string | undefined;
  try {
    text = (utf8 ??= new TextDecoder("utf-8", { fatal: true })).decode(shown);
  } catch {
    text = undefined; // not UTF-8 (or cut inside a character)
  }
  // deno-lint-ignore no-control-regex
  if (text !== undefined && !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) {
    return `${JSON.stringify(text)}${cut} ${size}`;
  }
  let ascii = "";
  for (const c of shown) ascii += c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : ".";
  return `${toHex(shown)}${cut} |${ascii}${cut}| ${size}`;
}

/** Message filters (all given ones must match). */
export interface Filters {
  /**
   * APIs or commands, comma-separated: Kafka API names, Iggy `CommandCode` or dotted names, or
   * numbers, any case (see {@linkcode parseApiSelection}).
   */
  api?: string;
  /** A topic (or Iggy stream/topic) name the body mentions. */
  topic?: string;
  /** Topic ids learnt from the capture, so that `topic` also matches messages that carry only the id. */
  topicIds?: TopicIds;
  /** Only messages with a non-zero error code or a decode failure. */
  errors?: boolean;
  /** Connection number, or a substring of `client > server`. */
  conn?: string;
}

let selections: Map<string, ApiSelection> | undefined;
let noIds: TopicIds | undefined;

/** Whether `m` passes `f` (an unknown `f.api` name throws a `RangeError` listing the known ones). */
export function matches(m: InspectedMessage, f: Filters): boolean {
  if (f.errors && m.errorCode === undefined && !m.error && !m.errorName) return false;
  if (f.api !== undefined) {
    const cache = selections ??= new Map();
    let sel = cache.get(f.api);
    if (!sel) cache.set(f.api, sel = parseApiSelection(f.api));
    if (!selects(sel, m)) return false;
  }
  if (f.conn !== undefined && String(m.connId) !== f.conn && !m.conn.includes(f.conn)) return false;
  if (f.topic !== undefined) {
    const ids = f.topicIds ?? (noIds ??= new TopicIds());
    if (!ids.mentions(m.body, f.topic)) return false;
  }
  return true;
}

interface ApiStats {
  protocol: string;
  name: string;
  requests: number;
  responses: number;
  bytes: number;
  decodeFailures: number;
  errors: Map<string, number>;
  latencies: number[];
}

/** Per-API counts, errors by name, latency p50/p99 and bytes (`--summary`). */
export class Summary {
  readonly #by = new Map<string, ApiStats>();

  /** Counts one message. */
  add(m: InspectedMessage): void {
    const key = `${m.protocol}/${m.name}`;
    let s = this.#by.get(key);
    if (!s) {
      s = {
        protocol: m.protocol,
        name: m.name,
        requests: 0,
        responses: 0,
        bytes: 0,
        decodeFailures: 0,
        errors: new Map(),
        latencies: [],
      };
      this.#by.set(key, s);
    }
    if (m.dir === "request") s.requests++;
    else s.responses++;
    s.bytes += m.bytes;
    if (m.error) s.decodeFailures++;
    const err = m.errorName ?? (m.errorCode !== undefined ? kafkaErrorName(m.errorCode) : undefined);
    if (err) s.errors.set(err, (s.errors.get(err) ?? 0) + 1);
    if (m.latencyMs !== undefined) s.latencies.push(m.latencyMs);
  }

  /** The summary as JSON rows. */
  rows(): Record<string, unknown>[] {
    return [...this.#by.values()].sort((a, b) =>
      a.protocol.localeCompare(b.protocol) || a.name.localeCompare(b.name)
    )
      .map((s) => ({
        protocol: s.protocol,
        name: s.name,
        requests: s.requests,
        responses: s.responses,
        bytes: s.bytes,
        decodeFailures: s.decodeFailures,
        errors: Object.fromEntries(s.errors),
        latencyP50Ms: percentile(s.latencies, 0.5),
        latencyP99Ms: percentile(s.latencies, 0.99),
      }));
  }

  /** The summary as a text table. */
  table(): string {
    const rows = this.rows();
    const head = ["protocol", "api", "req", "resp", "bytes", "failed", "p50 ms", "p99 ms", "errors"];
    const body = rows.map((r) => [
      String(r.protocol),
      String(r.name),
      String(r.requests),
      String(r.responses),
      String(r.bytes),
      String(r.decodeFailures),
      r.latencyP50Ms === undefined ? "-" : (r.latencyP50Ms as number).toFixed(3),
      r.latencyP99Ms === undefined ? "-" : (r.latencyP99Ms as number).toFixed(3),
      Object.entries(r.errors as Record<string, number>).map(([k, n]) => `${k}×${n}`).join(" ") || "-",
    ]);
    const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
    const fmt = (r: string[]) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join("  ");
    return [fmt(head), ...body.map(fmt)].join("\n");
  }
}

function percentile(xs: number[], p: number): number | undefined {
  if (xs.length === 0) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
}
