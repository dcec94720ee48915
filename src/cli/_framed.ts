/**
 * What the Kafka and Iggy connection decoders share. In sync, each direction's bytes go through
 * the library's one chunk-to-frame assembler (`FrameAssembler`, src/wire): whole frames come out
 * as views of the bytes pushed where they lie in one piece, and a split frame's buffer grows with
 * what arrived. Out of sync — after a capture hole, a capture that starts mid-stream, or an
 * impossible frame size — bytes wait in a {@linkcode ByteQueue} and are dropped one at a time
 * until a frame starts that is plausible and, once its bytes are all there, decodes; from there
 * a new assembler takes over. The queue is what the assembler cannot be: a window that can be
 * looked into ahead of any frame boundary and advanced one byte at a time, kept across chunks
 * while the scan waits for a candidate's bytes. A plausible candidate whose bytes have not all
 * arrived makes the scan wait, except at the end of the capture, when it is passed over. The
 * protocol subclasses say how long a frame is, what looks like a frame start, and how a frame
 * decodes.
 *
 * An impossible size seen by the assembler does not throw (which would lose the frames before
 * it): the frame length reports it as a frame of just its prefix, which the loop here recognises
 * and turns back into bytes to scan.
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
import { FrameAssembler } from "../wire/frame_assembler.ts";
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
  /**
   * Kafka: write each body's JSON straight from its bytes (`InspectedMessage.bodyJson`) instead
   * of decoding it into `body`, where it can (not for bare SASL tokens, or with `defaults`),
   * byte fields cut after `maxBytes`: for output that is that JSON and nothing
   * else read from the body.
   */
  jsonBodies?: { maxBytes: number };
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
  /** Bytes waiting per direction: before the framing is known (Iggy), and while out of sync. */
  protected readonly queues: Record<Dir, ByteQueue> = { request: new ByteQueue(), response: new ByteQueue() };
  /** The frame assembler of each direction in sync (made on its first bytes). */
  readonly #frames: Record<Dir, FrameAssembler | undefined> = { request: undefined, response: undefined };
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
  /** Bytes a resynchronisation needs to judge a frame start (at least `prefixBytes`). */
  protected abstract readonly resyncBytes: number;
  /** Bytes at the start of a frame that give its size. */
  protected abstract prefixBytes(dir: Dir): number;
  /** The whole frame's size from its first `prefixBytes` bytes (or more); -1 when impossible. */
  protected abstract frameSize(dir: Dir, prefix: Uint8Array): number;
  /** Whether `head` (the first bytes at a candidate offset) looks like a frame start. */
  protected abstract plausible(dir: Dir, head: Uint8Array): boolean;
  /** Whether `frame` decodes, without changing any state. */
  protected abstract decodes(dir: Dir, frame: Uint8Array): boolean;
  /** Decodes a whole frame into a message (pairing responses with requests). */
  protected abstract decode(dir: Dir, frame: Uint8Array, tsMicros: number): InspectedMessage;

  /** Bytes buffered for incomplete frames (both directions). */
  get buffered(): number {
    let n = this.queues.request.length + this.queues.response.length;
    for (const dir of DIRS) n += this.#frames[dir]?.buffered ?? 0;
    return n;
  }

  /** The capture starts inside this direction's stream: look for a frame start first. */
  desync(dir: Dir): void {
    this.#sync[dir] = false;
    this.#frames[dir] = undefined;
  }

  /** Feeds reassembled bytes (or a hole) of one direction; returns the messages now complete. */
  push(dir: Dir, piece: StreamPiece, tsMicros: number): InspectedMessage[] {
    if (piece.gap !== undefined) {
      this.queues[dir].clear();
      this.desync(dir);
      return [];
    }
    this.earn(dir, piece.bytes.length);
    const out: InspectedMessage[] = [];
    this.feed(dir, piece.bytes, tsMicros, out);
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
      if (!this.#sync[dir] && this.#resync(dir, true)) this.feed(dir, undefined, tsMicros, out, true);
    }
    return out;
  }

  /**
   * Decodes what `bytes` (which must stay unchanged: messages may keep views of them) completes
   * in `dir`: through the assembler in sync, else into the queue and the scan. With `bytes`
   * undefined, goes on from what the queue holds (once a scan has found a frame start).
   */
  protected feed(
    dir: Dir,
    bytes: Uint8Array | undefined,
    tsMicros: number,
    out: InspectedMessage[],
    final = false,
  ): void {
    const q = this.queues[dir];
    let chunk = bytes;
    for (;;) {
      if (!this.#sync[dir]) {
        if (chunk !== undefined && chunk.length > 0) q.push(chunk);
        if (!this.#resync(dir, final)) return;
        chunk = undefined;
      }
      // In sync: what the scan kept goes first (a view of the queue's buffer, never written again).
      if (chunk === undefined) {
        if (q.length === 0) return;
        chunk = q.take(q.length);
      }
      chunk = this.#cut(dir, chunk, tsMicros, out);
      if (chunk === undefined) return;
    }
  }

  /**
   * Pushes `chunk` through `dir`'s assembler and decodes the frames; returns the bytes to go on
   * with when the framing failed (a size no frame can have, or one that changed with what the
   * frames before it said), else undefined.
   */
  #cut(dir: Dir, chunk: Uint8Array, tsMicros: number, out: InspectedMessage[]): Uint8Array | undefined {
    const asm = this.#frames[dir] ??= this.#assembler(dir);
    const carried = asm.buffered;
    const frames = asm.push(chunk);
    let end = -carried; // where in `chunk` the frame being looked at ends
    for (const frame of frames) {
      end += frame.length;
      const size = this.frameSize(dir, frame);
      if (size === frame.length) {
        out.push(this.#decoded(dir, frame, tsMicros));
        continue;
      }
      this.#frames[dir] = undefined;
      const rest = chunk.subarray(end);
      if (size >= 0 && size <= this.max) {
        // Still a frame start, but a frame before this one changed how sizes read (SASL tokens).
        const again = new Uint8Array(frame.length + rest.length);
        again.set(frame);
        again.set(rest, frame.length);
        return again;
      }
      const m = this.message(dir, tsMicros, frame.length + rest.length);
      m.error = { code: "RESYNC", detail: `implausible frame size ${size}` };
      m.hexPrefix = toHex(frame) + toHex(rest, HEX_PREFIX - frame.length);
      out.push(m);
      this.#sync[dir] = false;
      this.queues[dir].push(frame.subarray(1));
      this.#skipped[dir]++;
      return rest;
    }
    return undefined;
  }

  #assembler(dir: Dir): FrameAssembler {
    const prefixBytes = this.prefixBytes(dir);
    return new FrameAssembler({
      prefixBytes,
      // An impossible size is reported as a frame of just the prefix (see the module notes).
      frameLength: (prefix) => {
        const size = this.frameSize(dir, prefix);
        return size >= prefixBytes && size <= this.max ? size : prefixBytes;
      },
    }, { maxFrameBytes: this.max, context: `${this.protocol} ${dir}` });
  }

  #decoded(dir: Dir, frame: Uint8Array, tsMicros: number): InspectedMessage {
    const msg = this.decode(dir, frame, tsMicros);
    if (this.#skipped[dir] > 0) {
      (msg.notes ??= []).push(`resynchronised: skipped ${this.#skipped[dir]} bytes`);
      this.#skipped[dir] = 0;
    }
    if (this.#untried[dir]) {
      (msg.notes ??= []).push("resynchronised on a plausible frame start, not tried (trial budget spent)");
      this.#untried[dir] = false;
    }
    return msg;
  }

  #resync(dir: Dir, final = false): boolean {
    const q = this.queues[dir];
    const prefix = this.prefixBytes(dir);
    while (q.length >= this.resyncBytes) {
      if (this.plausible(dir, q.peek(256))) {
        const total = this.frameSize(dir, q.peek(prefix));
        if (total >= prefix && total <= this.max) {
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
