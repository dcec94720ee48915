/**
 * What the Kafka and Iggy connection decoders share: one byte queue per direction, cutting
 * frames as their bytes complete, and resynchronisation — after a capture hole, a capture that
 * starts mid-stream, or an impossible frame size, bytes are dropped one at a time until a frame
 * starts that is plausible and, once its bytes are all there, decodes. A plausible candidate
 * whose bytes have not all arrived makes the scan wait, except at the end of the capture, when
 * it is passed over. The protocol subclasses say how long a frame is, what looks like a frame
 * start, and how a frame decodes.
 *
 * A trial decode costs the candidate's size, and hostile bytes can put a plausible candidate
 * claiming a large frame at every few offsets. So trial decodes draw on a budget that bytes
 * earn as they arrive (8 bytes of trial per byte received): the scan stays linear in the
 * stream whatever it holds. Once the budget is spent, a plausible candidate is taken without a
 * trial (and the message says so); if its frame then does not decode, that frame is reported
 * and skipped whole, which is linear too.
 *
 * @module
 */

import { isWireError } from "../wire/error.ts";
import { ByteQueue, toHex } from "./_bytes.ts";
import type { InspectedMessage } from "./message.ts";
import type { StreamPiece } from "./tcp.ts";

/** Which way a message went. */
export type Dir = "request" | "response";

/** Options shared by the protocol connection decoders. */
export interface ConnOptions {
  /** Largest frame accepted before the stream is treated as out of sync (default: the protocol's). */
  maxFrameBytes?: number;
  /** Keep the raw frame bytes on each message (the web page's hex view). */
  keepRaw?: boolean;
  /**
   * Also show the values the decoder filled in for fields that were not on the wire (absent
   * at the version, or tagged and left out), kept apart under `_defaults` in each struct.
   */
  defaults?: boolean;
}

/** Bytes of an undecodable frame shown in `hexPrefix`. */
export const HEX_PREFIX = 64;

/** Bytes of trial decoding a resynchronisation may spend per byte received. */
const TRIAL_PER_BYTE = 8;
/** Most trial budget a direction saves up. */
const MAX_TRIAL = 256 * 1024 * 1024;

const DIRS: readonly Dir[] = ["request", "response"];

/** A decoder of both directions of one connection of a framed protocol. */
export abstract class FramedConnection {
  /** Connection number. */
  readonly connId: number;
  /** `client > server` text. */
  readonly conn: string;
  /** Largest frame accepted. */
  protected readonly max: number;
  /** Whether messages keep their raw frame. */
  protected readonly keepRaw: boolean;
  /** Whether messages show the decoder's defaults under `_defaults`. */
  protected readonly defaults: boolean;
  /** Unread bytes per direction. */
  protected readonly queues: Record<Dir, ByteQueue> = { request: new ByteQueue(), response: new ByteQueue() };
  readonly #sync: Record<Dir, boolean> = { request: true, response: true };
  readonly #skipped: Record<Dir, number> = { request: 0, response: 0 };
  /** Trial-decode budget per direction (see the module notes). */
  readonly #trial: Record<Dir, number> = { request: 0, response: 0 };
  /** Whether the last resynchronisation took its frame start without a trial decode. */
  readonly #untried: Record<Dir, boolean> = { request: false, response: false };

  /** A connection with id `connId`, described as `conn`. */
  constructor(connId: number, conn: string, options: ConnOptions, defaultMaxFrameBytes: number) {
    this.connId = connId;
    this.conn = conn;
    this.max = options.maxFrameBytes ?? defaultMaxFrameBytes;
    this.keepRaw = options.keepRaw ?? false;
    this.defaults = options.defaults ?? false;
  }

  /** The protocol, for the messages. */
  protected abstract readonly protocol: "kafka" | "iggy";
  /** Bytes a resynchronisation needs to judge a frame start. */
  protected abstract readonly resyncBytes: number;
  /** The whole frame's size from its first bytes; `undefined` until they are there, -1 when impossible. */
  protected abstract frameSize(dir: Dir, q: ByteQueue): number | undefined;
  /** Whether `head` (the first bytes at a candidate offset) looks like a frame start. */
  protected abstract plausible(dir: Dir, head: Uint8Array): boolean;
  /** Whether `frame` decodes, without changing any state. */
  protected abstract decodes(dir: Dir, frame: Uint8Array): boolean;
  /** Decodes a whole frame into a message (pairing responses with requests). */
  protected abstract decode(dir: Dir, frame: Uint8Array, tsMicros: number): InspectedMessage;

  /** Bytes buffered for incomplete frames (both directions). */
  get buffered(): number {
    return this.queues.request.length + this.queues.response.length;
  }

  /** The capture starts inside this direction's stream: look for a frame start first. */
  desync(dir: Dir): void {
    this.#sync[dir] = false;
  }

  /** Feeds reassembled bytes (or a hole) of one direction; returns the messages now complete. */
  push(dir: Dir, piece: StreamPiece, tsMicros: number): InspectedMessage[] {
    const q = this.queues[dir];
    if (piece.gap !== undefined) {
      q.clear();
      this.#sync[dir] = false;
      return [];
    }
    q.push(piece.bytes);
    this.earn(dir, piece.bytes.length);
    const out: InspectedMessage[] = [];
    this.drain(dir, tsMicros, out);
    return out;
  }

  /** Credits `n` received bytes to `dir`'s trial-decode budget. */
  protected earn(dir: Dir, n: number): void {
    this.#trial[dir] = Math.min(MAX_TRIAL, this.#trial[dir] + TRIAL_PER_BYTE * n);
  }

  /** End of the capture: frames still buffered behind a stalled resynchronisation. */
  finish(tsMicros: number): InspectedMessage[] {
    const out: InspectedMessage[] = [];
    for (const dir of DIRS) {
      if (!this.#sync[dir] && this.#resync(dir, true)) this.drain(dir, tsMicros, out);
    }
    return out;
  }

  /** Cuts and decodes every complete frame of `dir`. */
  protected drain(dir: Dir, tsMicros: number, out: InspectedMessage[]): void {
    const q = this.queues[dir];
    for (;;) {
      if (!this.#sync[dir] && !this.#resync(dir)) break;
      const total = this.frameSize(dir, q);
      if (total === undefined) break;
      if (total < 0 || total > this.max) {
        const m = this.message(dir, tsMicros, q.length);
        m.error = { code: "RESYNC", detail: `implausible frame size ${total}` };
        m.hexPrefix = toHex(q.peek(HEX_PREFIX));
        out.push(m);
        this.#sync[dir] = false;
        q.skip(1);
        this.#skipped[dir]++;
        continue;
      }
      if (q.length < total) break;
      const msg = this.decode(dir, q.take(total), tsMicros);
      if (this.#skipped[dir] > 0) {
        (msg.notes ??= []).push(`resynchronised: skipped ${this.#skipped[dir]} bytes`);
        this.#skipped[dir] = 0;
      }
      if (this.#untried[dir]) {
        (msg.notes ??= []).push("resynchronised on a plausible frame start, not tried (trial budget spent)");
        this.#untried[dir] = false;
      }
      out.push(msg);
    }
  }

  #resync(dir: Dir, final = false): boolean {
    const q = this.queues[dir];
    while (q.length >= this.resyncBytes) {
      if (this.plausible(dir, q.peek(256))) {
        const total = this.frameSize(dir, q);
        if (total !== undefined && total >= 0 && total <= this.max) {
          if (q.length < total && !final) return false;
          if (q.length >= total) {
            if (this.#trial[dir] < total) {
              this.#sync[dir] = this.#untried[dir] = true;
              return true;
            }
            this.#trial[dir] -= total;
            if (this.decodes(dir, q.peek(total))) {
              this.#sync[dir] = true;
              return true;
            }
          }
        }
      }
      q.skip(1);
      this.#skipped[dir]++;
    }
    return false;
  }

  /** A message with the fields every message has. */
  protected message(dir: Dir, tsMicros: number, bytes: number): InspectedMessage {
    return { tsMicros, connId: this.connId, conn: this.conn, dir, protocol: this.protocol, name: "?", bytes };
  }

  /** Records a decode failure on `msg` (and rethrows anything that is not a `WireError`). */
  protected fail(msg: InspectedMessage, e: unknown, bytes: Uint8Array): void {
    if (!isWireError(e)) throw e;
    msg.error = { code: e.code, detail: e.message };
    if (e.offset !== undefined) msg.error.offset = e.offset;
    msg.hexPrefix = toHex(bytes, HEX_PREFIX);
  }
}
