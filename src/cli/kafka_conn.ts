/**
 * One Kafka connection as the inspector sees it: the client's bytes are cut into
 * size-prefixed frames and decoded as requests (header version per API and version); the
 * broker's frames are paired with their request by correlation id, which gives the API and
 * version a response is decoded at. ApiVersions is followed: an ApiVersions response that
 * does not decode at the requested version is read at v0 (what a broker sends for a version
 * it does not know), and the broker's advertised ranges flag later requests outside them.
 *
 * After a capture hole, or when the capture starts mid-stream, the byte stream is scanned
 * for the next offset where a plausible frame starts (a request: known API key and version,
 * sane client id; a response: a correlation id that a request is waiting for), and the
 * message says how many bytes were skipped.
 *
 * @module
 */

import { apiInfo, decodeRequest, decodeResponse, peekRequestHeader } from "../kafka/api.ts";
import { errorName } from "../kafka/errors.ts";
import { isWireError } from "../wire/error.ts";
import { ByteQueue, toHex, u16be, u32be } from "./_bytes.ts";
import { firstErrorCode, type InspectedMessage } from "./message.ts";
import type { StreamPiece } from "./tcp.ts";

/** Options shared by the protocol connection decoders. */
export interface ConnOptions {
  /** Largest frame accepted before the stream is treated as out of sync (default 100 MiB). */
  maxFrameBytes?: number;
  /** Keep the raw frame bytes on each message (the web page's hex view). */
  keepRaw?: boolean;
}

interface Pending {
  apiKey: number;
  version: number;
  tsMicros: number;
  name: string;
}

const HEX_PREFIX = 64;

/** Decodes both directions of one Kafka connection. */
export class KafkaConnection {
  readonly #q = { request: new ByteQueue(), response: new ByteQueue() };
  readonly #sync = { request: true, response: true };
  readonly #skipped = { request: 0, response: 0 };
  readonly #pending = new Map<number, Pending>();
  readonly #max: number;
  readonly #keepRaw: boolean;
  #brokerRanges: Map<number, [number, number]> | undefined;
  #rawSasl = false;

  /** Connection number. */
  readonly connId: number;
  /** `client > server` text. */
  readonly conn: string;

  /** A connection with id `connId`, described as `conn`. */
  constructor(connId: number, conn: string, options: ConnOptions = {}) {
    this.connId = connId;
    this.conn = conn;
    this.#max = options.maxFrameBytes ?? 100 * 1024 * 1024;
    this.#keepRaw = options.keepRaw ?? false;
  }

  /** Requests still waiting for their response. */
  get inFlight(): number {
    return this.#pending.size;
  }

  /** Bytes buffered for incomplete frames (both directions). */
  get buffered(): number {
    return this.#q.request.length + this.#q.response.length;
  }

  /** Feeds reassembled bytes (or a hole) of one direction; returns the messages now complete. */
  push(dir: "request" | "response", piece: StreamPiece, tsMicros: number): InspectedMessage[] {
    const q = this.#q[dir];
    if (piece.gap !== undefined) {
      q.clear();
      this.#sync[dir] = false;
      return [];
    }
    q.push(piece.bytes);
    const out: InspectedMessage[] = [];
    for (;;) {
      if (!this.#sync[dir] && !this.#resync(dir)) break;
      if (q.length < 4) break;
      const size = u32be(q.peek(4), 0) | 0;
      // Bare SASL tokens (after SaslHandshake v0) may be shorter than any Kafka header, even empty.
      const least = this.#rawSasl ? 0 : dir === "request" ? 8 : 4;
      if (size < least || size > this.#max) {
        out.push(
          this.#bare(dir, tsMicros, q.length, "RESYNC", `implausible frame size ${size}`, q.peek(HEX_PREFIX)),
        );
        this.#sync[dir] = false;
        q.skip(1);
        this.#skipped[dir] += 1;
        continue;
      }
      if (q.length < 4 + size) break;
      const frame = q.take(4 + size);
      const msg = dir === "request" ? this.#request(frame, tsMicros) : this.#response(frame, tsMicros);
      if (this.#skipped[dir] > 0) {
        (msg.notes ??= []).push(`resynchronised: skipped ${this.#skipped[dir]} bytes`);
        this.#skipped[dir] = 0;
      }
      out.push(msg);
    }
    return out;
  }

  /** The capture starts inside this direction's stream: look for a frame start first. */
  desync(dir: "request" | "response"): void {
    this.#sync[dir] = false;
  }

  /**
   * Drops bytes until a frame starts that is plausible and, once all its bytes are there,
   * decodes; true when one does. A plausible candidate whose bytes have not all arrived
   * makes it wait (false) — unless `final`, at the end of the capture, when it is skipped.
   */
  #resync(dir: "request" | "response", final = false): boolean {
    const q = this.#q[dir];
    while (q.length >= 12) {
      const b = q.peek(Math.min(q.length, 64));
      if (dir === "request" ? this.#plausibleRequest(b) : this.#plausibleResponse(b)) {
        const total = 4 + (u32be(b, 0) | 0);
        if (q.length < total && !final) return false;
        if (q.length >= total && this.#decodes(dir, q.peek(total))) {
          this.#sync[dir] = true;
          return true;
        }
      }
      q.skip(1);
      this.#skipped[dir]++;
    }
    return false;
  }

  #decodes(dir: "request" | "response", frame: Uint8Array): boolean {
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

  /** End of the capture: frames still buffered behind a stalled resynchronisation. */
  finish(tsMicros: number): InspectedMessage[] {
    const out: InspectedMessage[] = [];
    for (const dir of ["request", "response"] as const) {
      if (!this.#sync[dir] && this.#resync(dir, true)) {
        out.push(...this.push(dir, { bytes: new Uint8Array(0) }, tsMicros));
      }
    }
    return out;
  }

  #plausibleRequest(b: Uint8Array): boolean {
    const size = u32be(b, 0) | 0;
    if (size < 8 || size > this.#max) return false;
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

  #plausibleResponse(b: Uint8Array): boolean {
    const size = u32be(b, 0) | 0;
    if (size < 4 || size > this.#max) return false;
    return this.#pending.has(u32be(b, 4) | 0);
  }

  #request(frame: Uint8Array, tsMicros: number): InspectedMessage {
    const payload = frame.subarray(4);
    if (this.#rawSasl && payload.length < 8) {
      return this.#saslToken({
        tsMicros,
        connId: this.connId,
        conn: this.conn,
        dir: "request",
        protocol: "kafka",
        name: "",
        bytes: frame.length,
      });
    }
    const key = u16be(payload, 0) << 16 >> 16;
    const version = u16be(payload, 2) << 16 >> 16;
    const corr = payload.length >= 8 ? u32be(payload, 4) | 0 : undefined;
    const name = apiInfo(key)?.name ?? "?";
    const msg: InspectedMessage = {
      tsMicros,
      connId: this.connId,
      conn: this.conn,
      dir: "request",
      protocol: "kafka",
      apiKey: key,
      name,
      version,
      correlationId: corr,
      bytes: frame.length,
    };
    if (this.#keepRaw) msg.raw = frame;
    try {
      const req = decodeRequest(payload);
      msg.header = req.header;
      msg.body = req.body;
      this.#pending.set(req.header.correlationId, { apiKey: key, version, tsMicros, name });
      this.#rawSasl = false;
      const range = this.#brokerRanges?.get(key);
      if (this.#brokerRanges && (!range || version < range[0] || version > range[1])) {
        (msg.notes ??= []).push(
          range
            ? `version ${version} outside the broker's range ${range[0]}–${range[1]}`
            : "API not advertised by the broker",
        );
      }
    } catch (e) {
      if (this.#rawSasl) return this.#saslToken(msg);
      this.#fail(msg, e, payload);
      // A request the table cannot read may still be answered (ApiVersions at a newer version).
      try {
        const peek = peekRequestHeader(payload);
        this.#pending.set(peek.header.correlationId, { apiKey: key, version, tsMicros, name });
      } catch { /* not even a header */ }
    }
    return msg;
  }

  #response(frame: Uint8Array, tsMicros: number): InspectedMessage {
    const payload = frame.subarray(4);
    const corr = payload.length >= 4 ? u32be(payload, 0) | 0 : undefined;
    const p = corr === undefined ? undefined : this.#pending.get(corr);
    const msg: InspectedMessage = {
      tsMicros,
      connId: this.connId,
      conn: this.conn,
      dir: "response",
      protocol: "kafka",
      name: p?.name ?? "?",
      correlationId: corr,
      bytes: frame.length,
    };
    if (this.#keepRaw) msg.raw = frame;
    if (!p) {
      if (this.#rawSasl) return this.#saslToken(msg);
      msg.error = { code: "UNPAIRED", detail: `no request with correlation id ${corr ?? "?"} was seen` };
      msg.hexPrefix = toHex(payload, HEX_PREFIX);
      return msg;
    }
    this.#pending.delete(corr!);
    msg.apiKey = p.apiKey;
    msg.version = p.version;
    msg.latencyMs = (tsMicros - p.tsMicros) / 1000;
    try {
      let res;
      try {
        res = decodeResponse(p.apiKey, p.version, payload);
      } catch (e) {
        // A broker answers an ApiVersions version it does not know in v0.
        if (p.apiKey !== 18 || p.version === 0) throw e;
        res = decodeResponse(18, 0, payload);
        (msg.notes ??= []).push(`answered in v0 (request was v${p.version})`);
        msg.version = 0;
      }
      msg.header = res.header;
      msg.body = res.body;
      const code = firstErrorCode(res.body);
      if (code !== undefined) {
        msg.errorCode = code;
        msg.errorName = errorName(code);
      }
      // After a successful SaslHandshake v0 the SASL tokens travel as bare frames.
      if (p.apiKey === 17 && p.version === 0 && code === undefined) this.#rawSasl = true;
      if (p.apiKey === 18) this.#followApiVersions(res.body as { errorCode: number; apiKeys?: ApiRange[] });
    } catch (e) {
      this.#fail(msg, e, payload);
    }
    return msg;
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
    this.#brokerRanges = new Map(body.apiKeys.map((k) => [k.apiKey, [k.minVersion, k.maxVersion]]));
  }

  #fail(msg: InspectedMessage, e: unknown, payload: Uint8Array): void {
    if (!isWireError(e)) throw e;
    msg.error = { code: e.code, detail: e.message };
    if (e.offset !== undefined) msg.error.offset = e.offset;
    msg.hexPrefix = toHex(payload, HEX_PREFIX);
  }

  #bare(
    dir: "request" | "response",
    tsMicros: number,
    bytes: number,
    code: string,
    detail: string,
    head: Uint8Array,
  ): InspectedMessage {
    return {
      tsMicros,
      connId: this.connId,
      conn: this.conn,
      dir,
      protocol: "kafka",
      name: "?",
      bytes,
      error: { code, detail },
      hexPrefix: toHex(head, HEX_PREFIX),
    };
  }
}

interface ApiRange {
  apiKey: number;
  minVersion: number;
  maxVersion: number;
}
