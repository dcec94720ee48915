/**
 * One Iggy connection as the inspector sees it. Three framings exist on the wire, and the
 * first frame the client sends tells which one a connection speaks:
 *
 * - `consensus`: VSR client protocol, a 256-byte consensus header (`size` at byte 48 counts
 *   header and body) — what the 0.11.1-edge SDK's TCP client sends; replies are paired with
 *   requests by request number, and a result-framed reply body starts with its result section;
 * - `crate`: `[length][code][request id][payload]` requests and `[status][length][request
 *   id][payload]` responses, paired by request id;
 * - `legacy`: the 8-byte headers of released servers, paired first in, first out.
 *
 * A frame that does not decode is reported with its hex prefix; after a capture hole the
 * stream is scanned for the next plausible header.
 *
 * @module
 */

import { decodeRequest, decodeResponseOrNull, lookupCommand } from "../iggy/dispatch.ts";
import { decodeConsensusHeader } from "../iggy/consensus/dispatch.ts";
import { Command } from "../iggy/consensus/command.ts";
import { HEADER_SIZE, SIZE_FIELD_OFFSET } from "../iggy/consensus/header.ts";
import {
  isResultFramedOperation,
  type Operation,
  Operation as Op,
  operationName,
  operationToCommandCode,
  requestOperation,
} from "../iggy/consensus/operation.ts";
import { resultCode, resultSectionLen } from "../iggy/consensus/reply_result.ts";
import { isWireError } from "../wire/error.ts";
import { ByteQueue, toHex, u32le } from "./_bytes.ts";
import type { ConnOptions } from "./kafka_conn.ts";
import type { InspectedMessage } from "./message.ts";
import type { StreamPiece } from "./tcp.ts";

/** The framing an Iggy connection uses. */
export type IggyLayout = "consensus" | "crate" | "legacy";

const HEX_PREFIX = 64;

interface Pending {
  code: number;
  name: string;
  tsMicros: number;
  operation?: number;
}

function commandLabel(code: number): string {
  return lookupCommand(code)?.name ?? `command ${code}`;
}

/**
 * Which framing the client's first bytes use, or `undefined` while they are not enough to
 * tell (or fit none).
 *
 * @example
 * ```ts
 * import { sniffIggyLayout } from "@streamwire/codec/cli";
 * // Ping in the crate layout: length 12, code 1, request id 0.
 * console.log(sniffIggyLayout(new Uint8Array([12, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))); // crate
 * ```
 */
export function sniffIggyLayout(b: Uint8Array): IggyLayout | undefined {
  if (b.length >= HEADER_SIZE && b[60] === Command.Request) {
    const size = u32le(b, SIZE_FIELD_OFFSET);
    if (size >= HEADER_SIZE) {
      try {
        decodeConsensusHeader(b.subarray(0, HEADER_SIZE));
        return "consensus";
      } catch { /* not a consensus header */ }
    }
  }
  if (b.length < 8) return undefined;
  const len = u32le(b, 0);
  const code = u32le(b, 4);
  if (!lookupCommand(code)) return undefined;
  const fits = (layout: "crate" | "legacy"): boolean => {
    const payloadLen = len - (layout === "crate" ? 12 : 4);
    if (payloadLen < 0 || b.length < 4 + len) return false;
    try {
      decodeRequest(code, b.subarray(4 + len - payloadLen, 4 + len));
      return true;
    } catch {
      return false;
    }
  };
  if (fits("crate")) return "crate";
  if (fits("legacy")) return "legacy";
  return len >= 12 ? "crate" : "legacy";
}

/** Decodes both directions of one Iggy connection. */
export class IggyConnection {
  /** Connection number. */
  readonly connId: number;
  /** `client > server` text. */
  readonly conn: string;
  /** The framing, once known. */
  layout: IggyLayout | undefined;
  readonly #q = { request: new ByteQueue(), response: new ByteQueue() };
  readonly #sync = { request: true, response: true };
  readonly #skipped = { request: 0, response: 0 };
  readonly #byId = new Map<string, Pending>();
  readonly #fifo: Pending[] = [];
  readonly #max: number;
  readonly #keepRaw: boolean;

  /** A connection; `layout` when already known. */
  constructor(connId: number, conn: string, options: ConnOptions & { layout?: IggyLayout } = {}) {
    this.connId = connId;
    this.conn = conn;
    this.layout = options.layout;
    this.#max = options.maxFrameBytes ?? 64 * 1024 * 1024;
    this.#keepRaw = options.keepRaw ?? false;
  }

  /** Bytes buffered for incomplete frames (both directions). */
  get buffered(): number {
    return this.#q.request.length + this.#q.response.length;
  }

  /** The capture starts inside this direction's stream. */
  desync(dir: "request" | "response"): void {
    this.#sync[dir] = false;
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
    if (this.layout === undefined) {
      if (dir === "response") return out; // wait for the client to show its framing
      this.layout = sniffIggyLayout(q.peek(Math.min(q.length, 1 << 16)));
      if (this.layout === undefined) {
        if (q.length < HEADER_SIZE) return out;
        this.layout = "crate";
      }
      this.#drain("request", tsMicros, out);
      this.#drain("response", tsMicros, out);
      return out;
    }
    this.#drain(dir, tsMicros, out);
    return out;
  }

  #drain(dir: "request" | "response", tsMicros: number, out: InspectedMessage[]): void {
    const q = this.#q[dir];
    for (;;) {
      if (!this.#sync[dir] && !this.#resync(dir)) break;
      const total = this.#frameSize(dir, q);
      if (total === undefined) break;
      if (total < 0 || total > this.#max) {
        out.push(this.#bare(dir, tsMicros, q.length, `implausible frame size ${total}`, q.peek(HEX_PREFIX)));
        this.#sync[dir] = false;
        q.skip(1);
        this.#skipped[dir]++;
        continue;
      }
      if (q.length < total) break;
      const frame = q.take(total);
      const msg = this.#decode(dir, frame, tsMicros);
      if (this.#skipped[dir] > 0) {
        (msg.notes ??= []).push(`resynchronised: skipped ${this.#skipped[dir]} bytes`);
        this.#skipped[dir] = 0;
      }
      out.push(msg);
    }
  }

  /** Whole frame size from its first bytes, `undefined` until they are there, -1 when impossible. */
  #frameSize(dir: "request" | "response", q: ByteQueue): number | undefined {
    if (this.layout === "consensus") {
      if (q.length < SIZE_FIELD_OFFSET + 4) return undefined;
      const size = u32le(q.peek(SIZE_FIELD_OFFSET + 4), SIZE_FIELD_OFFSET);
      return size < HEADER_SIZE ? -1 : size;
    }
    if (q.length < 8) return undefined;
    const b = q.peek(8);
    const crate = this.layout === "crate";
    if (dir === "request") {
      const len = u32le(b, 0);
      return len < (crate ? 12 : 4) ? -1 : 4 + len;
    }
    const len = u32le(b, 4);
    if (crate && len < 8) return -1;
    return 8 + len;
  }

  /** As the Kafka decoder's: a plausible start whose whole frame decodes (see there). */
  #resync(dir: "request" | "response", final = false): boolean {
    const q = this.#q[dir];
    const need = this.layout === "consensus" ? HEADER_SIZE : 16;
    while (q.length >= need) {
      if (this.#plausible(dir, q.peek(Math.min(q.length, HEADER_SIZE)))) {
        const total = this.#frameSize(dir, q);
        if (total !== undefined && total > 0 && total <= this.#max) {
          if (q.length < total && !final) return false;
          if (q.length >= total && this.#decodes(dir, q.peek(total))) {
            this.#sync[dir] = true;
            return true;
          }
        }
      }
      q.skip(1);
      this.#skipped[dir]++;
    }
    return false;
  }

  #decodes(dir: "request" | "response", frame: Uint8Array): boolean {
    if (this.layout === "consensus") return true; // the header's checksums were verified
    try {
      const crate = this.layout === "crate";
      if (dir === "request") decodeRequest(u32le(frame, 4), frame.subarray(crate ? 16 : 8));
      else {
        const p = crate ? this.#byId.get(String(readU64(frame, 8))) : this.#fifo[0];
        if (!p) return false;
        if (u32le(frame, 0) === 0) decodeResponseOrNull(p.code, frame.subarray(crate ? 16 : 8));
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
      if (this.layout !== undefined && !this.#sync[dir] && this.#resync(dir, true)) {
        this.#drain(dir, tsMicros, out);
      }
    }
    return out;
  }

  #plausible(dir: "request" | "response", b: Uint8Array): boolean {
    if (this.layout === "consensus") {
      if (b.length < HEADER_SIZE) return false;
      try {
        decodeConsensusHeader(b.subarray(0, HEADER_SIZE));
        return true;
      } catch {
        return false;
      }
    }
    if (dir === "request") {
      const len = u32le(b, 0);
      return lookupCommand(u32le(b, 4)) !== undefined && len >= 4 && len <= this.#max;
    }
    const status = u32le(b, 0);
    const len = u32le(b, 4);
    if (len > this.#max || status > 100_000) return false;
    return this.layout === "crate" ? this.#byId.has(String(readU64(b, 8))) : this.#fifo.length > 0;
  }

  #decode(dir: "request" | "response", frame: Uint8Array, tsMicros: number): InspectedMessage {
    const msg: InspectedMessage = {
      tsMicros,
      connId: this.connId,
      conn: this.conn,
      dir,
      protocol: "iggy",
      name: "?",
      layout: this.layout,
      bytes: frame.length,
    };
    if (this.#keepRaw) msg.raw = frame;
    let body = frame;
    try {
      if (this.layout === "consensus") this.#consensus(dir, frame, msg);
      else if (dir === "request") {
        const crate = this.layout === "crate";
        const code = u32le(frame, 4);
        const id = crate ? String(readU64(frame, 8)) : undefined;
        body = frame.subarray(crate ? 16 : 8);
        msg.command = code;
        msg.name = commandLabel(code);
        msg.requestId = id;
        const p: Pending = { code, name: msg.name, tsMicros };
        if (id !== undefined) this.#byId.set(id, p);
        else this.#fifo.push(p);
        msg.body = decodeRequest(code, body);
      } else {
        const crate = this.layout === "crate";
        const status = u32le(frame, 0);
        const id = crate ? String(readU64(frame, 8)) : undefined;
        body = frame.subarray(crate ? 16 : 8);
        msg.requestId = id;
        const p = id !== undefined ? this.#byId.get(id) : this.#fifo.shift();
        if (id !== undefined) this.#byId.delete(id);
        if (!p) {
          msg.error = { code: "UNPAIRED", detail: `no request ${id ?? ""} was seen` };
          msg.hexPrefix = toHex(body, HEX_PREFIX);
          return msg;
        }
        this.#answer(msg, p, tsMicros);
        if (status !== 0) {
          msg.errorCode = status;
          msg.errorName = `status ${status}`;
        } else msg.body = decodeResponseOrNull(p.code, body);
      }
    } catch (e) {
      if (!isWireError(e)) throw e;
      msg.error = { code: e.code, detail: e.message };
      if (e.offset !== undefined) msg.error.offset = e.offset;
      msg.hexPrefix = toHex(body, HEX_PREFIX);
    }
    return msg;
  }

  #answer(msg: InspectedMessage, p: Pending, tsMicros: number): void {
    msg.command = p.code;
    msg.name = p.name;
    msg.latencyMs = (tsMicros - p.tsMicros) / 1000;
  }

  #consensus(dir: "request" | "response", frame: Uint8Array, msg: InspectedMessage): void {
    const h = decodeConsensusHeader(frame);
    const fields = h.toObject() as unknown as Record<string, unknown>;
    msg.header = fields;
    const body = frame.subarray(HEADER_SIZE);
    const command = fields.command as number;
    if (command === Command.Request) {
      const op = fields.operation as Operation;
      const code = op === Op.NonReplicated ? u32le(frame, 196) : operationToCommandCode(requestOperation(op));
      const key = `${fields.client}/${fields.request}`;
      msg.requestId = String(fields.request);
      const name = code !== undefined && lookupCommand(code)
        ? commandLabel(code)
        : operationName(op) ?? `op ${op}`;
      msg.name = name;
      if (code !== undefined) msg.command = code;
      this.#byId.set(key, { code: code ?? -1, name, tsMicros: msg.tsMicros, operation: op });
      if (code !== undefined && lookupCommand(code)) msg.body = decodeRequest(code, body);
      return;
    }
    if (command === Command.Reply) {
      const key = `${fields.client}/${fields.request}`;
      msg.requestId = String(fields.request);
      const p = this.#byId.get(key);
      this.#byId.delete(key);
      if (!p) {
        msg.name = `reply (${operationName(fields.operation as number) ?? "?"})`;
        msg.error = {
          code: "UNPAIRED",
          detail: `no request ${fields.request} of client ${fields.client} was seen`,
        };
        msg.hexPrefix = toHex(body, HEX_PREFIX);
        return;
      }
      this.#answer(msg, p, msg.tsMicros);
      // A denial: the reply's status carries the error, and there is no body.
      const status = fields.status as number;
      if (status !== 0) {
        msg.errorCode = status;
        msg.errorName = `status ${status}`;
        return;
      }
      let payload = body;
      if (p.operation !== undefined && isResultFramedOperation(p.operation as Operation)) {
        const rc = resultCode(body);
        if (rc !== undefined && rc !== 0) {
          msg.errorCode = rc;
          msg.errorName = `result ${rc}`;
          return;
        }
        payload = body.subarray(resultSectionLen(body) ?? 0);
      }
      // Get* answers "not found" with an empty body, as released servers do.
      if (p.code >= 0 && lookupCommand(p.code)) msg.body = decodeResponseOrNull(p.code, payload);
      return;
    }
    // Evictions, pings and other consensus traffic: the header is the message.
    msg.name = (h.constructor as { TYPE_NAME?: string }).TYPE_NAME ?? `consensus command ${command}`;
    if (dir === "response" && command === Command.Eviction) {
      msg.errorName = `evicted: ${String(fields.reason ?? "")}`;
    }
  }

  #bare(
    dir: "request" | "response",
    tsMicros: number,
    bytes: number,
    detail: string,
    head: Uint8Array,
  ): InspectedMessage {
    return {
      tsMicros,
      connId: this.connId,
      conn: this.conn,
      dir,
      protocol: "iggy",
      name: "?",
      layout: this.layout,
      bytes,
      error: { code: "RESYNC", detail },
      hexPrefix: toHex(head, HEX_PREFIX),
    };
  }
}

function readU64(b: Uint8Array, o: number): bigint {
  return BigInt(u32le(b, o)) | (BigInt(u32le(b, o + 4)) << 32n);
}
