/**
 * One Kafka connection as the inspector sees it: the client's bytes are cut into
 * size-prefixed frames and decoded as requests (header version per API and version); the
 * broker's frames are paired with their request by correlation id, which gives the API and
 * version a response is decoded at. ApiVersions is followed: an ApiVersions response that
 * does not decode at the requested version is read at v0 (what a broker sends for a version
 * it does not know), and the broker's advertised ranges flag later requests outside them.
 * After SaslHandshake v0 the SASL tokens travel as bare frames and are shown as such.
 *
 * Resynchronisation (see `_framed.ts`) looks for a request with a known API key and version
 * and a sane client id, or a response whose correlation id a request is waiting for.
 *
 * @module
 */

import {
  apiInfo,
  decodeRequest,
  decodeResponse,
  peekRequestHeader,
  requestHeaderVersion,
  responseHeaderVersion,
} from "../kafka/api.ts";
import type { DecodeOptions } from "../kafka/codec.ts";
import { RequestHeaderCodec } from "../kafka/messages/request_header.ts";
import { ResponseHeaderCodec } from "../kafka/messages/response_header.ts";
import { firstWireError, onTheWire } from "./kafka_wire.ts";
import { frameJson } from "./kafka_json.ts";
import { Reader } from "../wire/reader.ts";
import { errorName } from "../kafka/_generated/errors.ts";
import { toHex, u16be, u32be } from "./_bytes.ts";
import { type ConnOptions, type Dir, FramedConnection, HEX_PREFIX } from "./_framed.ts";
import type { InspectedMessage } from "./message.ts";

export type { ConnOptions } from "./_framed.ts";

interface Pending {
  apiKey: number;
  version: number;
  tsMicros: number;
  name: string;
}

interface ApiRange {
  apiKey: number;
  minVersion: number;
  maxVersion: number;
}

/**
 * Which tagged fields each decoded struct carried: the decoder fills it, the projection reads
 * it, and it is cleared after each message (a `Map`, cheaper than a `WeakMap` to fill and to
 * collect). Shared by every connection and made on first use.
 */
let tagsRead: { tags: Map<object, number>; options: DecodeOptions } | undefined;

function decodeOptions(): { tags: Map<object, number>; options: DecodeOptions } {
  if (tagsRead === undefined) {
    const tags = new Map<object, number>();
    tagsRead = { tags, options: { taggedFieldsRead: tags } };
  }
  // Most messages read no tagged field, and clearing an empty Map still allocates a new table.
  if (tagsRead.tags.size !== 0) tagsRead.tags.clear();
  return tagsRead;
}

/**
 * The APIs whose answers move a connection's state: a SaslHandshake v0 answered without an error
 * switches it to bare SASL tokens; an ApiVersions answer gives the broker's ranges (one not read
 * at the request's version is retried at v0).
 */
const SASL_HANDSHAKE = 17, API_VERSIONS = 18;

/**
 * Whether `v` is one of `validVersions`, as the decoder checks it; versions past 30, which no API
 * has, are left to the decoder.
 */
function validVersion(validVersions: number, v: number): boolean {
  return v >= 0 && v <= 30 && ((validVersions >>> v) & 1) === 1;
}

/** Kafka's default `socket.request.max.bytes`, the largest frame taken as in sync. */
const DEFAULT_MAX = 100 * 1024 * 1024;

/**
 * Whether `b` starts like a size-prefixed Kafka request: a size within `max`, a known API key
 * and version, and a client id length that fits.
 *
 * @example
 * ```ts
 * import { looksLikeKafkaRequest } from "@streamwire/codec/cli";
 * import { ApiKey, encodeRequest } from "@streamwire/codec/kafka";
 * const frame = encodeRequest(ApiKey.ApiVersions, 3, { correlationId: 1, clientId: "c" }, {
 *   clientSoftwareName: "n",
 *   clientSoftwareVersion: "1",
 * }, { sizePrefix: true });
 * console.log(looksLikeKafkaRequest(frame), looksLikeKafkaRequest(new Uint8Array(14))); // true false
 * ```
 */
export function looksLikeKafkaRequest(b: Uint8Array, max: number = DEFAULT_MAX): boolean {
  if (b.length < 8) return false;
  const size = u32be(b, 0) | 0;
  if (size < 8 || size > max) return false;
  const key = u16be(b, 4) << 16 >> 16;
  const version = u16be(b, 6) << 16 >> 16;
  const info = apiInfo(key);
  if (!info || version < 0 || version > 30 || ((info.validVersions >>> version) & 1) === 0) return false;
  if (b.length >= 14) {
    const clientIdLen = u16be(b, 12) << 16 >> 16;
    if (clientIdLen < -1 || clientIdLen > size - 10) return false;
  }
  return true;
}

/** Decodes both directions of one Kafka connection. */
export class KafkaConnection extends FramedConnection {
  /** The protocol of the messages. */
  protected readonly protocol = "kafka";
  /** Bytes a resynchronisation needs to judge a frame start. */
  protected readonly resyncBytes = 12;
  readonly #pending = new Map<number, Pending>();
  #brokerRanges: Ranges | undefined;
  #rawSasl = false;
  readonly #jsonBodies: { maxBytes: number } | undefined;

  /** A connection with id `connId`, described as `conn`. */
  constructor(connId: number, conn: string, options: ConnOptions = {}) {
    super(connId, conn, options, DEFAULT_MAX);
    this.#jsonBodies = this.defaults ? undefined : options.jsonBodies;
  }

  /** Requests still waiting for their response. */
  get inFlight(): number {
    return this.#pending.size;
  }

  /** A size prefix. */
  protected prefixBytes(): number {
    return 4;
  }

  /** The whole frame size from its size prefix (see {@linkcode FramedConnection}). */
  protected frameSize(dir: Dir, prefix: Uint8Array): number {
    const size = u32be(prefix, 0) | 0;
    // Bare SASL tokens (after SaslHandshake v0) may be shorter than any Kafka header, even empty.
    const least = this.#rawSasl ? 0 : dir === "request" ? 8 : 4;
    return size < least ? -1 : 4 + size;
  }

  /** Whether `head` looks like a frame start. */
  protected plausible(dir: Dir, head: Uint8Array): boolean {
    if (dir === "request") return looksLikeKafkaRequest(head, this.max);
    const size = u32be(head, 0) | 0;
    return size >= 4 && size <= this.max && this.#pending.has(u32be(head, 4) | 0);
  }

  /** Whether `frame` decodes, without changing any state. */
  protected decodes(dir: Dir, frame: Uint8Array): boolean {
    const payload = frame.subarray(4);
    try {
      if (dir === "request") decodeRequest(payload);
      else {
        const p = this.#pending.get(u32be(payload, 0) | 0)!;
        try {
          decodeResponse(p.apiKey, p.version, payload);
        } catch (e) {
          if (p.apiKey !== 18) throw e;
          decodeResponse(18, 0, payload);
        }
      }
      return true;
    } catch {
      return false;
    }
  }

  /** Decodes a whole frame into a message. */
  protected decode(dir: Dir, frame: Uint8Array, tsMicros: number): InspectedMessage {
    const msg = this.message(dir, tsMicros, frame.length);
    if (this.keepRaw) msg.raw = frame;
    return dir === "request" ? this.#request(msg, frame.subarray(4)) : this.#response(msg, frame.subarray(4));
  }

  #request(msg: InspectedMessage, payload: Uint8Array): InspectedMessage {
    if (this.#rawSasl && payload.length < 8) return this.#saslToken(msg);
    const key = u16be(payload, 0) << 16 >> 16;
    const version = u16be(payload, 2) << 16 >> 16;
    const name = apiInfo(key)?.name ?? "?";
    msg.apiKey = key;
    msg.name = name;
    msg.version = version;
    msg.correlationId = u32be(payload, 4) | 0;
    const pending = { apiKey: key, version, tsMicros: msg.tsMicros, name };
    try {
      let corr = msg.correlationId!;
      if (!this.#json(msg, payload, "request", key, version)) {
        const { tags, options } = decodeOptions();
        const req = decodeRequest(payload, options);
        const d = this.defaults;
        msg.header = onTheWire(RequestHeaderCodec.meta, req.header, req.headerVersion, tags, d);
        msg.body = onTheWire(apiInfo(key)!.request.meta, req.body, version, tags, d);
        corr = req.header.correlationId;
      }
      this.#pending.set(corr, pending);
      this.#rawSasl = false;
      const range = this.#brokerRanges?.get(key);
      const min = range === undefined ? 0 : range >> 16, max = range === undefined ? 0 : (range << 16) >> 16;
      if (this.#brokerRanges && (range === undefined || version < min || version > max)) {
        (msg.notes ??= []).push(
          range !== undefined
            ? `version ${version} outside the broker's range ${min}–${max}`
            : "API not advertised by the broker",
        );
      }
    } catch (e) {
      if (this.#rawSasl) return this.#saslToken(msg);
      this.fail(msg, e, payload);
      // A request the table cannot read may still be answered (ApiVersions at a newer version).
      try {
        this.#pending.set(peekRequestHeader(payload).header.correlationId, pending);
      } catch { /* not even a header */ }
    }
    return msg;
  }

  #response(msg: InspectedMessage, payload: Uint8Array): InspectedMessage {
    const corr = payload.length >= 4 ? u32be(payload, 0) | 0 : undefined;
    const p = corr === undefined ? undefined : this.#pending.get(corr);
    msg.correlationId = corr;
    if (!p) {
      if (this.#rawSasl) return this.#saslToken(msg);
      msg.error = { code: "UNPAIRED", detail: `no request with correlation id ${corr ?? "?"} was seen` };
      msg.hexPrefix = toHex(payload, HEX_PREFIX);
      return msg;
    }
    this.#pending.delete(corr!);
    msg.apiKey = p.apiKey;
    msg.name = p.name;
    msg.version = p.version;
    msg.latencyMs = (msg.tsMicros - p.tsMicros) / 1000;
    if (this.#json(msg, payload, "response", p.apiKey, p.version)) return msg;
    try {
      const { tags, options } = decodeOptions();
      let res, version = p.version;
      try {
        res = decodeResponse(p.apiKey, version, payload, options);
      } catch (e) {
        // A broker answers an ApiVersions version it does not know in v0.
        if (p.apiKey !== 18 || p.version === 0) throw e;
        res = decodeResponse(18, version = 0, payload, options);
        (msg.notes ??= []).push(`answered in v0 (request was v${p.version})`);
        msg.version = 0;
      }
      const d = this.defaults;
      msg.header = onTheWire(ResponseHeaderCodec.meta, res.header, res.headerVersion, tags, d);
      msg.body = onTheWire(apiInfo(p.apiKey)!.response.meta, res.body, version, tags, d);
      const code = firstWireError(apiInfo(p.apiKey)!.response.meta, msg.body, version);
      if (code !== undefined) {
        msg.errorCode = code;
        msg.errorName = errorName(code);
      }
      this.#followSasl(p.apiKey, p.version, code);
      if (p.apiKey === 18) this.#followApiVersions(res.body as { errorCode: number; apiKeys?: ApiRange[] });
    } catch (e) {
      this.fail(msg, e, payload);
    }
    return msg;
  }

  /**
   * A frame's header and body written as JSON from their bytes, when the connection writes
   * bodies so and this one can be (see `kafka_json.ts`); whether it was. When not, the frame
   * is left to the decoder, which then reports any error (and retries an ApiVersions answer at
   * v0). An ApiVersions answer's ranges come from {@linkcode apiRanges}.
   */
  #json(msg: InspectedMessage, payload: Uint8Array, dir: Dir, key: number, version: number): boolean {
    const jb = this.#jsonBodies;
    if (jb === undefined || this.#rawSasl) return false;
    const info = apiInfo(key);
    if (info === undefined || !validVersion(info.validVersions, version)) return false;
    const req = dir === "request";
    const r = new Reader(payload, req ? "RequestHeader" : "ResponseHeader");
    // The client id is a classic string at every request header version (brokers read it
    // before they know whether the request is flexible); headers have no other string, array
    // or bytes.
    const j = frameJson(
      req ? RequestHeaderCodec.meta : ResponseHeaderCodec.meta,
      req ? requestHeaderVersion(key, version) : responseHeaderVersion(key, version),
      false,
      req ? info.request.meta : info.response.meta,
      version,
      r,
      jb.maxBytes,
    );
    if (j === undefined) return false;
    msg.headerJson = j.header;
    msg.bodyJson = j.body;
    // As on the decoder's way, a request's error codes are not the message's.
    if (!req && j.errorCode !== 0) {
      msg.errorCode = j.errorCode;
      msg.errorName = errorName(j.errorCode);
    }
    if (!req) this.#followSasl(key, version, j.errorCode);
    if (!req && key === API_VERSIONS && j.errorCode === 0) {
      this.#brokerRanges = apiRanges(version, payload) ?? this.#brokerRanges;
    }
    return true;
  }

  /** After a successful SaslHandshake v0 (no error code, or 0) the SASL tokens travel as bare frames. */
  #followSasl(key: number, version: number, errorCode: number | undefined): void {
    if (key === SASL_HANDSHAKE && version === 0 && !errorCode) this.#rawSasl = true;
  }

  /** A bare SASL token frame (SaslHandshake v0 authentication). */
  #saslToken(msg: InspectedMessage): InspectedMessage {
    msg.name = "SaslToken";
    delete msg.apiKey;
    delete msg.version;
    delete msg.correlationId;
    (msg.notes ??= []).push("bare SASL token (after SaslHandshake v0)");
    return msg;
  }

  #followApiVersions(body: { errorCode: number; apiKeys?: ApiRange[] }): void {
    if (body.errorCode !== 0 || !body.apiKeys) return;
    this.#brokerRanges = rangesOf(body.apiKeys);
  }
}

/**
 * A broker's version range of each API key it lists: the lowest version in the high 16 bits,
 * the highest in the low 16 (a number rather than a pair: one answer per connection, and a
 * capture holds hundreds).
 */
type Ranges = Map<number, number>;

function rangesOf(apiKeys: ApiRange[]): Ranges {
  const ranges: Ranges = new Map();
  for (const k of apiKeys) ranges.set(k.apiKey, (k.minVersion << 16) | (k.maxVersion & 0xffff));
  return ranges;
}

/**
 * The ranges of an ApiVersions response without an error (`payload` after the size, read at
 * `version`), decoded; `undefined` if the decoder, against expectation, does not read it. (A
 * cache of answers by their bytes was tried: in the broker suite's capture 249 of 424 answers
 * are distinct, so it saved little.)
 */
function apiRanges(version: number, payload: Uint8Array): Ranges | undefined {
  try {
    return rangesOf((decodeResponse(API_VERSIONS, version, payload).body as { apiKeys: ApiRange[] }).apiKeys);
  } catch {
    return undefined;
  }
}
