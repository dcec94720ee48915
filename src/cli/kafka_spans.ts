/**
 * Where each field of a Kafka frame lies in its bytes, for the web inspector's hex view: a walk
 * of the frame along the generated {@linkcode StructMeta} of its header and body, which knows
 * every field's encoding at a version (fixed-size integers, UUIDs and floats; strings, bytes and
 * records with an int16 / int32 length or, in flexible versions, a compact uvarint one; arrays
 * with their count; nullable structs with their marker byte; tagged fields inside the tagged
 * section). It reads lengths only, never values, and stops quietly where the bytes run out: the
 * decoder, not this walk, says whether a frame is valid.
 *
 * Paths are the decoded tree's: `header.clientId`, `body.topics.0.name`; a record batch inside a
 * `records` field also has its v2 header fields (`…records.batches.0.baseOffset`).
 *
 * @module
 */

import type { FieldMeta, StructMeta } from "../kafka/codec.ts";
import { apiInfo, requestHeaderVersion, responseHeaderVersion } from "../kafka/api.ts";
import { RequestHeaderCodec } from "../kafka/messages/request_header.ts";
import { ResponseHeaderCodec } from "../kafka/messages/response_header.ts";
import { BATCH_V2 } from "../kafka/records/constants.ts";

/** A byte range `[start, end)` of a frame. */
export type Span = readonly [start: number, end: number];

const FIXED: Record<string, number> = {
  int8: 1,
  bool: 1,
  int16: 2,
  uint16: 2,
  int32: 4,
  uint32: 4,
  int64: 8,
  float64: 8,
  uuid: 16,
};

/** The bytes ran out before the walk did (the frame is cut, or not what it was decoded as). */
class Short extends Error {}

function has(mask: number, v: number): boolean {
  return ((mask >>> v) & 1) === 1;
}

class Walk {
  readonly b: Uint8Array;
  readonly dv: DataView;
  p: number;
  readonly spans = new Map<string, Span>();

  constructor(b: Uint8Array, p: number) {
    this.b = b;
    this.dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
    this.p = p;
  }

  need(n: number): void {
    if (n < 0 || this.p + n > this.b.length) throw new Short();
  }

  uvarint(): number {
    let v = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      this.need(1);
      const c = this.b[this.p++];
      v += (c & 0x7f) * 2 ** shift;
      if (c < 0x80) return v;
    }
    throw new Short();
  }

  /** A length or count: compact (uvarint N+1, 0 = null) or `width`-byte signed. */
  length(compact: boolean, width: 2 | 4): number {
    if (compact) return this.uvarint() - 1;
    this.need(width);
    const n = width === 2 ? this.dv.getInt16(this.p) : this.dv.getInt32(this.p);
    this.p += width;
    return n;
  }

  struct(meta: StructMeta, v: number, path: string, compactOf: (f: FieldMeta) => boolean): void {
    const flexible = has(meta.flexible, v);
    for (const f of meta.fields) {
      if (!has(f[2], v) || has(f[4], v)) continue;
      this.field(f, v, `${path}.${f[0]}`, compactOf(f) && flexible, compactOf);
    }
    if (!flexible) return;
    const n = this.uvarint();
    for (let i = 0, unknown = 0; i < n; i++) {
      const at = this.p;
      const tag = this.uvarint();
      const size = this.uvarint();
      const start = this.p;
      this.need(size);
      const f = meta.fields.find((x) => x[5] === tag && has(x[4], v));
      if (f) this.field(f, v, `${path}.${f[0]}`, true, compactOf);
      else {
        const u = `${path}._unknownTaggedFields.${unknown++}`;
        this.spans.set(u, [at, start + size]);
        this.spans.set(`${u}.tag`, [at, at + 1]);
        this.spans.set(`${u}.data`, [start, start + size]);
      }
      this.p = start + size;
    }
  }

  field(f: FieldMeta, v: number, path: string, compact: boolean, compactOf: (f: FieldMeta) => boolean): void {
    const start = this.p;
    const kind = f[1];
    if (kind.startsWith("[]")) {
      const n = this.length(compact, 4);
      const el = kind.slice(2);
      for (let i = 0; i < n; i++) {
        if (el === "struct") this.struct(f[6]!, v, `${path}.${i}`, compactOf);
        else this.scalar(el, `${path}.${i}`, compact);
      }
    } else if (kind === "struct") {
      if (has(f[3], v)) {
        this.need(1);
        if (this.dv.getInt8(this.p++) < 0) return void this.spans.set(path, [start, this.p]);
      }
      this.struct(f[6]!, v, path, compactOf);
    } else this.scalar(kind, path, compact);
    this.spans.set(path, [start, this.p]);
  }

  scalar(kind: string, path: string, compact: boolean): void {
    const start = this.p;
    const size = FIXED[kind];
    if (size !== undefined) {
      this.need(size);
      this.p += size;
    } else {
      const n = this.length(compact, kind === "string" ? 2 : 4);
      const at = this.p;
      if (n > 0) {
        this.need(n);
        this.p += n;
      }
      if (kind === "records" && n > 0) this.batches(at, at + n, path);
    }
    this.spans.set(path, [start, this.p]);
  }

  /** The v2 record batches of a records field, header field by header field. */
  batches(from: number, to: number, path: string): void {
    const names = Object.entries(BATCH_V2).filter(([k]) => k !== "overhead");
    for (let at = from, i = 0; at + BATCH_V2.overhead <= to; i++) {
      const length = this.dv.getInt32(at + BATCH_V2.batchLength);
      const end = at + 12 + length;
      if (this.b[at + BATCH_V2.magic] !== 2 || length < BATCH_V2.overhead - 12 || end > to) return;
      const p = `${path}.batches.${i}`;
      this.spans.set(p, [at, end]);
      names.forEach(([name, off], k) => {
        const next = k + 1 < names.length ? names[k + 1][1] : BATCH_V2.overhead;
        this.spans.set(`${p}.${name}`, [at + off, at + next]);
      });
      // The decoded batch's names for what it derives from these fields.
      const attributes: Span = [at + BATCH_V2.attributes, at + BATCH_V2.lastOffsetDelta];
      for (const a of ["compression", "timestampType", "isTransactional", "isControl"]) {
        this.spans.set(`${p}.${a}`, attributes);
      }
      this.spans.set(`${p}.lastOffset`, [at + BATCH_V2.lastOffsetDelta, at + BATCH_V2.baseTimestamp]);
      this.spans.set(`${p}.recordCount`, [at + BATCH_V2.recordsCount, at + BATCH_V2.overhead]);
      this.spans.set(`${p}.records`, [at + BATCH_V2.overhead, end]);
      at = end;
    }
  }
}

/**
 * The byte ranges of the fields of a size-prefixed Kafka frame (offsets into `frame`, prefix
 * included), by path, as far as the bytes go; `dir`, `apiKey` and `version` are what the
 * inspector decoded it as.
 *
 * @example
 * ```ts
 * import { kafkaSpans } from "@streamwire/codec/cli";
 * import { ApiKey, encodeRequest } from "@streamwire/codec/kafka";
 * const frame = encodeRequest(ApiKey.Metadata, 12, { correlationId: 7, clientId: "web" }, {
 *   topics: [{ name: "orders" }],
 * }, { sizePrefix: true });
 * const spans = kafkaSpans(frame, "request", ApiKey.Metadata, 12);
 * console.log(spans.get("header.clientId"), spans.get("body.topics.0.name")); // [ 12, 17 ] [ 35, 42 ]
 * ```
 */
export function kafkaSpans(
  frame: Uint8Array,
  dir: "request" | "response",
  apiKey: number,
  version: number,
): Map<string, Span> {
  const w = new Walk(frame, 4);
  const info = apiInfo(apiKey);
  // The request header's client id keeps its int16 length in flexible versions: the one field
  // of Kafka's schemas with its own flexibleVersions ("none").
  const header = dir === "request" ? RequestHeaderCodec.meta : ResponseHeaderCodec.meta;
  const hv = dir === "request"
    ? requestHeaderVersion(apiKey, version)
    : responseHeaderVersion(apiKey, version);
  try {
    const start = w.p;
    w.struct(header, hv, "header", (f) => !(dir === "request" && f[0] === "clientId"));
    w.spans.set("header", [start, w.p]);
    if (!info) return w.spans;
    const body = w.p;
    w.struct(dir === "request" ? info.request.meta : info.response.meta, version, "body", () => true);
    w.spans.set("body", [body, w.p]);
  } catch (e) {
    if (!(e instanceof Short)) throw e;
  }
  return w.spans;
}
