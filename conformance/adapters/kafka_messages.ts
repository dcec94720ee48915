/**
 * Adapters for every Kafka message: one per API name (request and response, every version and
 * framing), one per data schema, and `RequestHeader` / `ResponseHeader`. Values cross in the
 * JSON form (src/kafka/json.ts).
 *
 * @module
 */

import { Reader } from "../../src/wire/reader.ts";
import { Writer } from "../../src/wire/writer.ts";
import { WireError } from "../../src/wire/error.ts";
import { decodeWith, encodeWith, type MessageCodec } from "../../src/kafka/codec.ts";
import { fromJsonForm, toJsonForm } from "../../src/kafka/json.ts";
import { API_LIST, DATA_CODECS } from "../../src/kafka/messages/_table.ts";
import { requestHeaderVersion, responseHeaderVersion } from "../../src/kafka/api.ts";
import { decodeFrame } from "../../src/kafka/frame.ts";
import type { CaseContext, MessageAdapter, ProtocolAdapters } from "../lib/types.ts";

const REQUEST_HEADER = DATA_CODECS.RequestHeader;
const RESPONSE_HEADER = DATA_CODECS.ResponseHeader;

function versionOf(ctx: CaseContext): number {
  const v = ctx.group.version;
  if (v === undefined) throw new Error(`${ctx.file.message}: group without a version`);
  return v;
}

function bodyAdapter(codec: MessageCodec<unknown>): MessageAdapter {
  return {
    decode(bytes, ctx) {
      const v = versionOf(ctx);
      return toJsonForm(codec.meta, decodeWith(codec, bytes, v), v);
    },
    encode(value, ctx) {
      const v = versionOf(ctx);
      return encodeWith(codec, fromJsonForm(codec.meta, value, v), v);
    },
  };
}

function apiAdapter(
  apiKey: number,
  request: MessageCodec<unknown>,
  response: MessageCodec<unknown>,
): MessageAdapter {
  const pick = (ctx: CaseContext) => {
    const isRequest = ctx.group.direction === "request";
    const v = versionOf(ctx);
    const header = isRequest ? REQUEST_HEADER : RESPONSE_HEADER;
    // wirevec v1.1 requires headerVersion on header+body and frame groups; the adapter reads it
    // from the vectors and checks it against streamwire's own table instead of falling back to it.
    const hv = ctx.group.headerVersion;
    if (ctx.group.framing !== "body") {
      if (hv === undefined) {
        throw new Error(`${ctx.file.message}: ${ctx.group.framing} group without headerVersion`);
      }
      const ours = isRequest ? requestHeaderVersion(apiKey, v) : responseHeaderVersion(apiKey, v);
      if (ours !== hv) {
        throw new Error(`${ctx.file.message} v${v}: header v${hv} in the vectors, v${ours} in streamwire`);
      }
    }
    return { body: isRequest ? request : response, header, hv: hv ?? 0, v };
  };
  return {
    decode(bytes, ctx) {
      const { body, header, hv, v } = pick(ctx);
      if (ctx.group.framing === "body") return toJsonForm(body.meta, decodeWith(body, bytes, v), v);
      const payload = ctx.group.framing === "frame" ? decodeFrame(bytes) : bytes;
      const r = new Reader(payload);
      const h = header.read(r, hv);
      const b = body.read(r, v);
      r.expectEnd();
      return { header: toJsonForm(header.meta, h, hv), body: toJsonForm(body.meta, b, v) };
    },
    encode(value, ctx) {
      const { body, header, hv, v } = pick(ctx);
      if (ctx.group.framing === "body") return encodeWith(body, fromJsonForm(body.meta, value, v), v);
      const j = value as { header?: unknown; body?: unknown };
      if (!j || typeof j !== "object" || !("header" in j) || !("body" in j)) {
        throw new WireError("INVALID_VALUE", { detail: "expected { header, body }" });
      }
      const h = fromJsonForm(header.meta, j.header, hv);
      const b = fromJsonForm(body.meta, j.body, v);
      const frame = ctx.group.framing === "frame";
      const hs = header.sizeOf(h, hv);
      const bs = body.sizeOf(b, v);
      const w = new Writer((frame ? 4 : 0) + hs + bs);
      if (frame) w.i32be(hs + bs);
      header.write(w, h, hv);
      body.write(w, b, v);
      return w.finish();
    },
  };
}

/** Adapters by vector-file `message`. */
export const kafkaMessageAdapters: ProtocolAdapters = {};
for (const a of API_LIST) kafkaMessageAdapters[a.name] = apiAdapter(a.apiKey, a.request, a.response);
for (const [name, codec] of Object.entries(DATA_CODECS)) kafkaMessageAdapters[name] = bodyAdapter(codec);
