/**
 * Where the fields of an inspected message lie in its raw frame (kept with
 * `InspectorOptions.keepRaw`), for a hex view that highlights the field a reader picks:
 *
 * - Kafka: exact, for every field kind, by a walk of the frame along its schema
 *   ({@linkcode kafkaSpans});
 * - Iggy consensus headers: exact, from the header type's field table (offsets in the 256 bytes);
 * - Iggy bodies, and the frame header fields the inspector lifts out (`requestId`): the body's
 *   values in order, each looked for in the bytes after the previous one (strings as UTF-8,
 *   bytes as they are, numbers as little-endian integers of the widths the crate uses). That is
 *   a search, not a parse: a value found too early is possible when its bytes also occur in an
 *   earlier field. It is what the page can do without a layout table per Iggy command.
 *
 * @module
 */

import { headerTypeForCommand } from "../iggy/consensus/dispatch.ts";
import { COMMON_FIELDS, type FieldSpec, HEADER_SIZE } from "../iggy/consensus/header.ts";
import { BatchView } from "../iggy/batch/batch.ts";
import { kafkaSpans, type Span } from "./kafka_spans.ts";
import type { InspectedMessage } from "./message.ts";

export type { Span } from "./kafka_spans.ts";

const KIND_SIZE: Record<string, number> = { u8: 1, command: 1, enum: 1, u16: 2, u32: 4, u64: 8, u128: 16 };

/**
 * The byte ranges of `m`'s fields in `m.raw`, by the path of the decoded tree (`header.clientId`,
 * `body.topics.0.name`); empty without a raw frame.
 *
 * @example
 * ```ts
 * import { Inspector, fieldSpans } from "@streamwire/codec/cli";
 * import { ApiKey, encodeRequest } from "@streamwire/codec/kafka";
 * const frame = encodeRequest(ApiKey.ApiVersions, 3, { correlationId: 1, clientId: "web" }, {
 *   clientSoftwareName: "sw",
 *   clientSoftwareVersion: "1",
 * }, { sizePrefix: true });
 * const [m] = new Inspector({ keepRaw: true }).stream("request", frame, 0);
 * console.log(fieldSpans(m).get("body.clientSoftwareName")); // [ 18, 21 ]
 * ```
 */
export function fieldSpans(m: InspectedMessage): Map<string, Span> {
  const raw = m.raw;
  if (!raw) return new Map();
  if (m.protocol === "kafka") {
    return m.apiKey === undefined || m.version === undefined
      ? new Map()
      : kafkaSpans(raw, m.dir, m.apiKey, m.version);
  }
  const spans = new Map<string, Span>();
  let body = 0;
  if (m.layout === "consensus") {
    body = HEADER_SIZE;
    consensusSpans(raw, spans);
  } else if (m.layout === "crate") {
    body = 16;
    spans.set("requestId", [8, 16]);
  } else body = 8;
  if (m.body !== undefined) searchValues(raw, body, m.body, "body", spans);
  return spans;
}

function consensusSpans(raw: Uint8Array, spans: Map<string, Span>): void {
  if (raw.length < HEADER_SIZE) return;
  const type = headerTypeForCommand(raw[60]);
  const fields: FieldSpec[] = [...COMMON_FIELDS, ...(type?.FIELDS ?? [])].sort((a, b) => a.offset - b.offset);
  fields.forEach((f, i) => {
    const size = f.length ?? KIND_SIZE[f.kind] ?? (fields[i + 1]?.offset ?? HEADER_SIZE) - f.offset;
    spans.set(`header.${f.name}`, [f.offset, f.offset + size]);
  });
}

/** The encodings a decoded Iggy value may have on the wire, most likely first. */
function encodings(v: unknown): Uint8Array[] {
  if (typeof v === "string") return v === "" ? [] : [new TextEncoder().encode(v)];
  if (v instanceof Uint8Array) return v.length === 0 ? [] : [v];
  if (typeof v === "boolean") return [Uint8Array.of(v ? 1 : 0)];
  if (typeof v === "number" && Number.isInteger(v)) return [4, 8, 2, 1].map((w) => le(BigInt(v), w));
  if (typeof v === "bigint") return [8, 16, 4].map((w) => le(v, w));
  return [];
}

function le(v: bigint, width: number): Uint8Array {
  const out = new Uint8Array(width);
  let x = BigInt.asUintN(width * 8, v);
  for (let i = 0; i < width; i++, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
}

function indexOf(hay: Uint8Array, needle: Uint8Array, from: number): number {
  outer: for (let i = from; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Looks for each leaf of `v` in `raw` from `at` on, in order; returns where the search got to. */
function searchValues(
  raw: Uint8Array,
  at: number,
  v: unknown,
  path: string,
  spans: Map<string, Span>,
): number {
  if (v instanceof BatchView) v = v.bytes;
  if (v !== null && typeof v === "object" && !(v instanceof Uint8Array)) {
    const start = at;
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      at = searchValues(raw, at, x, `${path}.${k}`, spans);
    }
    if (at > start) spans.set(path, [start, at]);
    return at;
  }
  let best: Span | undefined;
  for (const e of encodings(v)) {
    const i = indexOf(raw, e, at);
    if (i >= 0 && (best === undefined || i < best[0])) best = [i, i + e.length];
  }
  if (!best) return at;
  spans.set(path, best);
  return best[1];
}
