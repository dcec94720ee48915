/**
 * The broker's own view of our traffic: with `kafka.request.logger` at DEBUG, Kafka logs every
 * completed request as JSON written by its generated JsonConverters — the request as the broker
 * parsed it and the response as it built it. Comparing that with what the codec sent and decoded
 * catches what byte-level checks cannot: a field the broker read differently from how we meant
 * it, or a response field decoded under the wrong name (a symmetric mistake that still
 * re-encodes to the same bytes).
 *
 * @module
 */

import { Buffer } from "node:buffer";
import { readFileSync } from "node:fs";
import { decodeRequest } from "../../src/kafka/api.ts";

/** A request the suite sent, with the response it decoded (if any). */
export interface SentRequest {
  localPort: number;
  correlationId: number;
  apiKey: number;
  version: number;
  frame: Uint8Array;
  response?: unknown;
}

/** Collects what the suite's connections send and receive. */
export class RequestRecorder {
  readonly sent = new Map<string, SentRequest>();

  record(r: SentRequest): void {
    this.sent.set(`${r.localPort}:${r.correlationId}`, r);
  }

  respond(localPort: number, correlationId: number, body: unknown): void {
    const r = this.sent.get(`${localPort}:${correlationId}`);
    if (r !== undefined) r.response = body;
  }
}

/** One difference between the broker's JSON and the codec's value. */
export interface Difference {
  apiKey: number;
  version: number;
  where: string;
}

/**
 * Fields the 3.9 schemas name differently from the 4.4 names the codec uses (same wire fields):
 * TxnOffsetCommitRequest.GenerationId became GenerationIdOrMemberEpoch in 4.0 (KIP-848), and
 * ListClientMetricsResources (key 74) became ListConfigResources with ClientMetricsResources[].Name
 * renamed ConfigResources[].ResourceName (KIP-1142).
 */
const RENAMED: Record<string, string> = {
  generationId: "generationIdOrMemberEpoch",
  clientMetricsResources: "configResources",
  name: "resourceName",
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Kafka prints a Uuid as 22 characters of URL-safe base64. */
function uuidFromKafka(s: string): string | undefined {
  const b = Buffer.from(s, "base64url");
  if (b.length !== 16) return undefined;
  const h = b.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Differences between `j` (Kafka's JSON of a message) and `o` (the codec's decoded value), for
 * every field Kafka printed. Kafka omits tagged fields at their default and prints records as
 * `recordsSizeInBytes`, bytes as base64, int64 as numbers and UUIDs as base64.
 */
export function compareWithKafkaJson(j: unknown, o: unknown, path: string, out: string[]): void {
  if (j === null || o === null) {
    if (j !== o) out.push(`${path}: broker ${JSON.stringify(j)}, codec ${show(o)}`);
    return;
  }
  if (Array.isArray(j)) {
    if (!Array.isArray(o) || o.length !== j.length) {
      out.push(`${path}: broker has ${j.length} element(s), codec ${Array.isArray(o) ? o.length : show(o)}`);
      return;
    }
    j.forEach((x, i) => compareWithKafkaJson(x, o[i], `${path}[${i}]`, out));
    return;
  }
  if (typeof j === "object") {
    if (typeof o !== "object" || o instanceof Uint8Array || Array.isArray(o)) {
      out.push(`${path}: broker has a struct, codec ${show(o)}`);
      return;
    }
    const oo = o as Record<string, unknown>;
    for (const [k, v] of Object.entries(j as Record<string, unknown>)) {
      if (k === "recordsSizeInBytes" && "records" in oo) {
        const rec = oo.records as Uint8Array | null;
        const size = rec === null ? 0 : rec.length;
        if (v !== size && !(rec === null && v === -1)) {
          out.push(`${path}.records: broker ${v} bytes, codec ${size}`);
        }
        continue;
      }
      // ShareFetch responses are logged with their records already handed to the socket: an
      // empty string stands where the bytes were.
      if (k === "records" && v === "" && oo.records instanceof Uint8Array) continue;
      const alias = RENAMED[k];
      if (!(k in oo) && alias !== undefined && alias in oo) {
        compareWithKafkaJson(v, oo[alias], `${path}.${alias}`, out);
        continue;
      }
      if (!(k in oo)) {
        out.push(
          `${path}.${k}: broker has field ${k} = ${JSON.stringify(v)}, the codec's value has no such field`,
        );
        continue;
      }
      compareWithKafkaJson(v, oo[k], `${path}.${k}`, out);
    }
    return;
  }
  if (typeof j === "number") {
    const n = typeof o === "bigint" ? Number(o) : o;
    if (n !== j && !(Number.isNaN(j) && Number.isNaN(n))) out.push(`${path}: broker ${j}, codec ${show(o)}`);
    return;
  }
  if (typeof j === "string") {
    if (o instanceof Uint8Array) {
      if (Buffer.from(j, "base64").toString("hex") !== Buffer.from(o).toString("hex")) {
        out.push(`${path}: broker bytes ${j} (base64), codec ${Buffer.from(o).toString("base64")}`);
      }
      return;
    }
    // Kafka hides the values of configs it does not know (they might be secrets).
    if (j === "[hidden]" && typeof o === "string") return;
    if (typeof o === "string" && UUID.test(o) && j.length === 22) {
      if (uuidFromKafka(j) !== o) out.push(`${path}: broker uuid ${j} (${uuidFromKafka(j)}), codec ${o}`);
      return;
    }
    if (o !== j) out.push(`${path}: broker ${JSON.stringify(j)}, codec ${show(o)}`);
    return;
  }
  if (j !== o) out.push(`${path}: broker ${JSON.stringify(j)}, codec ${show(o)}`);
}

function show(o: unknown): string {
  if (o instanceof Uint8Array) return `bytes(${o.length})`;
  if (typeof o === "bigint") return `${o}n`;
  try {
    return JSON.stringify(
      o,
      (_, x) => (typeof x === "bigint" ? `${x}n` : x instanceof Uint8Array ? `bytes(${x.length})` : x),
    );
  } catch {
    return String(o);
  }
}

/** The outcome per (API key, version): how many logged exchanges agreed, and the differences. */
export interface LogComparison {
  matched: Map<string, { apiKey: number; version: number; count: number; differences: string[] }>;
  logged: number;
  ours: number;
  /** Our requests the log does not show, by `<key>v<version>`. */
  unlogged: Map<string, number>;
  /** Our requests the log shows, as `<client port>:<correlation id>`. */
  seen: Set<string>;
}

/**
 * Reads the broker log and compares every logged request of ours (matched by the client port
 * and correlation id) with what we sent, and its response with what we decoded.
 */
export function compareRequestLog(logFile: string, recorder: RequestRecorder): LogComparison {
  const text = readFileSync(logFile, "utf8");
  const matched: LogComparison["matched"] = new Map();
  let logged = 0;
  const seen = new Set<string>();
  const marker = "Completed request:";
  for (const line of text.split("\n")) {
    const at = line.indexOf(marker);
    if (at < 0) continue;
    const end = line.lastIndexOf(" (kafka.request.logger)");
    let entry: {
      requestHeader?: {
        requestApiKey: number;
        requestApiVersion: number;
        correlationId: number;
        clientId: string | null;
      };
      request?: unknown;
      response?: unknown;
      connection?: string;
    };
    try {
      entry = JSON.parse(line.slice(at + marker.length, end > at ? end : undefined));
    } catch {
      continue;
    }
    // connection = "<broker host:port>-<client host:port>-<processor>[-<index>]" (IPv4 here)
    const port = Number(/^[^-]+-[^-]+:(\d+)-/.exec(entry.connection ?? "")?.[1]);
    const h = entry.requestHeader;
    if (h === undefined || !Number.isInteger(port)) continue;
    const sent = recorder.sent.get(`${port}:${h.correlationId}`);
    if (sent === undefined || sent.apiKey !== h.requestApiKey) continue;
    logged++;
    seen.add(`${port}:${h.correlationId}`);
    const key = `${sent.apiKey}:${sent.version}`;
    let cell = matched.get(key);
    if (cell === undefined) {
      cell = { apiKey: sent.apiKey, version: sent.version, count: 0, differences: [] };
      matched.set(key, cell);
    }
    cell.count++;
    const diffs: string[] = [];
    if (h.requestApiVersion !== sent.version) {
      diffs.push(`header: broker read version ${h.requestApiVersion}, we sent ${sent.version}`);
    }
    if (entry.request !== undefined) {
      const ours = decodeRequest(sent.frame.subarray(4));
      if (h.clientId !== ours.header.clientId) {
        diffs.push(`header.clientId: broker ${h.clientId}, sent ${ours.header.clientId}`);
      }
      compareWithKafkaJson(entry.request, ours.body, "request", diffs);
    }
    if (entry.response !== undefined && sent.response !== undefined) {
      compareWithKafkaJson(entry.response, sent.response, "response", diffs);
    }
    for (const d of diffs) {
      if (cell.differences.length < 5) cell.differences.push(`correlation ${h.correlationId}: ${d}`);
    }
  }
  const unlogged = new Map<string, number>();
  for (const r of recorder.sent.values()) {
    if (seen.has(`${r.localPort}:${r.correlationId}`)) continue;
    const k = `${r.apiKey}v${r.version}`;
    unlogged.set(k, (unlogged.get(k) ?? 0) + 1);
  }
  return { matched, logged, ours: recorder.sent.size, unlogged, seen };
}
