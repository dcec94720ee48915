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

import { decodeRequestBody, decodeResponseBodyOrNull } from "../iggy/dispatch.ts";
import { lookupCommand, operationToCommandCode } from "../iggy/command_table.ts";
import { decodeConsensusHeader } from "../iggy/consensus/dispatch.ts";
import { Command } from "../iggy/consensus/command.ts";
import { HEADER_SIZE, SIZE_FIELD_OFFSET } from "../iggy/consensus/header.ts";
import {
  isResultFramedOperation,
  type Operation,
  Operation as Op,
  operationName,
  requestOperation,
} from "../iggy/consensus/operation.ts";
import { resultCode, resultSectionLen } from "../iggy/consensus/reply_result.ts";
import { toHex, u32le } from "./_bytes.ts";
import { type ConnOptions, type Dir, FramedConnection, HEX_PREFIX } from "./_framed.ts";
import type { InspectedMessage } from "./message.ts";
import type { StreamPiece } from "./tcp.ts";

/** The framing an Iggy connection uses. */
export type IggyLayout = "consensus" | "crate" | "legacy";

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
      decodeRequestBody(code, b.subarray(4 + len - payloadLen, 4 + len));
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
export class IggyConnection extends FramedConnection {
  /** The protocol of the messages. */
  protected readonly protocol = "iggy";
  /** The framing, once known. */
  layout: IggyLayout | undefined;
  readonly #byId = new Map<string, Pending>();
  readonly #fifo: Pending[] = [];

  /** A connection; `layout` when already known. */
  constructor(connId: number, conn: string, options: ConnOptions & { layout?: IggyLayout } = {}) {
    super(connId, conn, options, 64 * 1024 * 1024);
    this.layout = options.layout;
  }

  /** Bytes a resynchronisation needs: a whole consensus header, or a frame header. */
  protected get resyncBytes(): number {
    return this.layout === "consensus" ? HEADER_SIZE : 16;
  }

  /** Feeds reassembled bytes (or a hole) of one direction; returns the messages now complete. */
  override push(dir: Dir, piece: StreamPiece, tsMicros: number): InspectedMessage[] {
    if (this.layout !== undefined || piece.gap !== undefined) return super.push(dir, piece, tsMicros);
    // The client's first bytes tell the framing; until then bytes only wait.
    const q = this.queues[dir];
    q.push(piece.bytes);
    this.earn(dir, piece.bytes.length);
    if (dir === "response") return [];
    const req = this.queues.request;
    this.layout = sniffIggyLayout(req.peek(1 << 16));
    if (this.layout === undefined) {
      if (req.length < HEADER_SIZE) return [];
      this.layout = "crate";
    }
    // Requests first, so that the responses already here find what they answer.
    const out: InspectedMessage[] = [];
    this.feed("request", undefined, tsMicros, out);
    this.feed("response", undefined, tsMicros, out);
    return out;
  }

  /** End of the capture (nothing to do until the framing is known). */
  override finish(tsMicros: number): InspectedMessage[] {
    return this.layout === undefined ? [] : super.finish(tsMicros);
  }

  /** The bytes that hold the size: up to the consensus header's size field, or the 8-byte frame header. */
  protected prefixBytes(): number {
    return this.layout === "consensus" ? SIZE_FIELD_OFFSET + 4 : 8;
  }

  /** The whole frame size from its first bytes (see {@linkcode FramedConnection}). */
  protected frameSize(dir: Dir, b: Uint8Array): number {
    if (this.layout === "consensus") {
      const size = u32le(b, SIZE_FIELD_OFFSET);
      return size < HEADER_SIZE ? -1 : size;
    }
    const crate = this.layout === "crate";
    if (dir === "request") {
      const len = u32le(b, 0);
      return len < (crate ? 12 : 4) ? -1 : 4 + len;
    }
    const len = u32le(b, 4);
    if (crate && len < 8) return -1;
    return 8 + len;
  }

  /** Whether `frame` decodes, without changing any state. */
  protected decodes(dir: Dir, frame: Uint8Array): boolean {
    if (this.layout === "consensus") return true; // the header's checksums were verified
    try {
      const crate = this.layout === "crate";
      if (dir === "request") decodeRequestBody(u32le(frame, 4), frame.subarray(crate ? 16 : 8));
      else {
        const p = crate ? this.#byId.get(String(readU64(frame, 8))) : this.#fifo[0];
        if (!p) return false;
        if (u32le(frame, 0) === 0) decodeResponseBodyOrNull(p.code, frame.subarray(crate ? 16 : 8));
      }
      return true;
    } catch {
      return false;
    }
  }

  /** Whether `head` looks like a frame start. */
  protected plausible(dir: Dir, b: Uint8Array): boolean {
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
      return lookupCommand(u32le(b, 4)) !== undefined && len >= 4 && len <= this.max;
    }
    const status = u32le(b, 0);
    const len = u32le(b, 4);
    if (len > this.max || status > 100_000) return false;
    return this.layout === "crate" ? this.#byId.has(String(readU64(b, 8))) : this.#fifo.length > 0;
  }

  /** A message with the fields every message has, and the framing. */
  protected override message(dir: Dir, tsMicros: number, bytes: number): InspectedMessage {
    return { ...super.message(dir, tsMicros, bytes), layout: this.layout };
  }

  /** Decodes a whole frame into a message. */
  protected decode(dir: Dir, frame: Uint8Array, tsMicros: number): InspectedMessage {
    const msg = this.message(dir, tsMicros, frame.length);
    if (this.keepRaw) msg.raw = frame;
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
        msg.body = decodeRequestBody(code, body);
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
        } else msg.body = decodeResponseBodyOrNull(p.code, body);
      }
    } catch (e) {
      this.fail(msg, e, body);
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
      if (code !== undefined && lookupCommand(code)) msg.body = decodeRequestBody(code, body);
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
      if (p.code >= 0 && lookupCommand(p.code)) msg.body = decodeResponseBodyOrNull(p.code, payload);
      return;
    }
    // Evictions, pings and other consensus traffic: the header is the message.
    msg.name = (h.constructor as { TYPE_NAME?: string }).TYPE_NAME ?? `consensus command ${command}`;
    if (dir === "response" && command === Command.Eviction) {
      msg.errorName = `evicted: ${String(fields.reason ?? "")}`;
    }
  }
}

function readU64(b: Uint8Array, o: number): bigint {
  return BigInt(u32le(b, o)) | (BigInt(u32le(b, o + 4)) << 32n);
}
