/**
 * A sans-IO client side of an Iggy VSR client connection, numbering requests the way the
 * official Rust SDK (`iggy` 0.11.1-edge.4) does, so its frames are byte-identical to the SDK's
 * apart from the fields that are random by design (`client`, `requestChecksum`, the bind secret).
 *
 * The rules it follows:
 *
 * - **Register** (login by password, `LoginRegister`, or by personal access token, `LoginRegisterWithPat`): session 0,
 *   request 0, `requestChecksum` = a random non-zero identifier kept for the life of the
 *   session (a retried Register repeats it). The reply's `LoginRegisterResponse` binds the
 *   session; a second bind to another session number is an error.
 * - **Numbered requests**: once bound, every request — reads included — takes the next request
 *   number (1, 2, …) and carries the session. Unbound, only NonReplicated requests may be sent,
 *   with session 0 and request 0. Replicated operations other than partition ones carry a fresh
 *   random non-zero `requestChecksum`; partition and NonReplicated ones carry 0.
 * - **Context**: NonReplicated reads carry the metadata watermark (the highest `commit` of a
 *   metadata reply seen) as `minimumMetadataOp`; requests aimed at a partition carry the
 *   `PartitionContext` of its route (pass it in `context`); metadata writes carry none.
 * - **Replies**: matched by request number; the reply must be a `Reply` whose `size` is the
 *   frame; a non-zero `status` is an error; a committed reply must name the request's client,
 *   `requestChecksum`, operation and partition incarnation with `op == commit != 0`; the result
 *   section of result-framed operations is stripped (a rejection is an error). An `Eviction`
 *   ends the session: every pending request fails with the eviction.
 *
 * @example
 * ```ts
 * import { encodePayload, IggyClientSession, IggyServerConnection, loginRegisterResponse } from "@streamwire/codec/iggy";
 * const client = new IggyClientSession();
 * const server = new IggyServerConnection();
 * const login = client.login({ username: "iggy", password: "iggy" });
 * const [ev] = server.receive(login.frame);
 * if (ev.kind === "request") {
 *   const body = encodePayload(loginRegisterResponse, { userId: 0, session: 9n, serverProtocolVersion: 12288, serverVersion: "x" });
 *   client.receive(server.acceptLogin(ev.request, 9n, body));
 * }
 * console.log(client.session, client.ping().request); // 9n 1n
 * ```
 *
 * @module
 */

import { WireError } from "../../wire/error.ts";
import { decodePayload, encodePayload } from "../codec.ts";
import { commandCodecsAt, isResultFramedAt, revisionOperationOf } from "../revisions/dispatch.ts";
import { isV011OnlyOperation } from "../revisions/v0_11_0.ts";
import {
  DEFAULT_IGGY_REVISION,
  type IggyRevision,
  iggyRevision,
  type IggyRevisionInfo,
} from "../revision.ts";
import { xxh3_64 } from "../../wire/xxh3.ts";
import { createHeader, HEADER_SIZE } from "../consensus/header.ts";
import { Command } from "../consensus/command.ts";
import { EvictionHeader, ReplyHeader, RequestHeader } from "../consensus/headers.ts";
import { isPartitionOperation, Operation, requestOperation } from "../consensus/operation.ts";
import { CommandCode } from "../command_codes.ts";
import { operationForCode } from "../command_table.ts";
import { resultCode, resultSectionLen } from "../consensus/reply_result.ts";
import { BIND_SECRET_BYTES, type LoginRegisterResponse, loginRegisterResponse } from "../commands/users.ts";
import type { ClientVersionInfo } from "../version.ts";
import type { PartitionContext } from "../primitives/partition.ts";
import { ConsensusFrameAssembler, type ConsensusFrameOptions } from "./frames.ts";

/** Options of {@linkcode IggyClientSession}. */
export interface IggyClientSessionOptions {
  /** The client id (u128, non-zero). Default: 16 random bytes. */
  clientId?: bigint;
  /** The 32-byte session-binding secret login bodies carry. Default: random. */
  bindSecret?: Uint8Array;
  /** The source of randomness (identifiers, defaults above). Default `crypto.getRandomValues`. */
  random?: (bytes: Uint8Array) => void;
  /** What the login body announces. Default: the revision's protocol version, SDK "streamwire". */
  versionInfo?: ClientVersionInfo;
  /**
   * The protocol revision spoken (an `iggy_binary_protocol` release, see `IGGY_REVISIONS`).
   * Default {@linkcode DEFAULT_IGGY_REVISION}; an unknown name throws `INVALID_VALUE`.
   */
  revision?: string;
  /**
   * The request number the first bound request takes (default 1): a successor identity
   * continues its predecessor's counter, as the SDK does (see
   * {@linkcode IggyClientSession.successor}).
   */
  firstRequest?: bigint;
  /**
   * Largest reply frame accepted: `FRAME_TOO_LARGE` above it. Default 64 MiB. `Infinity` needs
   * `allowUnboundedFrames`.
   */
  maxFrameBytes?: number;
  /** Accept `maxFrameBytes: Infinity` (only for trusted peers). Default false. */
  allowUnboundedFrames?: boolean;
}

/** Credentials of {@linkcode IggyClientSession.login}. */
export type IggyCredentials =
  | { readonly username: string; readonly password: string }
  | { readonly token: string };

/** A request frame to write, with what the session remembers about it. */
export interface OutgoingIggyRequest {
  /** Header + body. */
  readonly frame: Uint8Array;
  /** The request number the reply will name. */
  readonly request: bigint;
  /** The command code. */
  readonly code: number;
}

/** What {@linkcode IggyClientSession.receive} reports. */
export type ClientEvent =
  /** A successful reply: `body` is the payload (result section stripped). */
  | {
    readonly kind: "reply";
    readonly request: bigint;
    readonly code: number;
    readonly body: Uint8Array;
    readonly header: ReplyHeader;
  }
  /** The server answered with an error code (a denial `status` or a committed rejection). */
  | { readonly kind: "error"; readonly request: bigint; readonly code: number; readonly error: number }
  /** The server ended the session; `pending` lists the requests that will never be answered. */
  | {
    readonly kind: "evicted";
    readonly reason: number;
    readonly header: EvictionHeader;
    readonly pending: bigint[];
  };

interface Pending {
  readonly code: number;
  readonly operation: number;
  readonly requestChecksum: bigint;
  readonly partitionIncarnation: bigint;
}

/** BindSession's command code. */
/** Byte offset of `operation` in a RequestHeader. */
const OPERATION_OFFSET = 176;
/** Byte offset of `operation` in a ReplyHeader. */
const REPLY_OPERATION_OFFSET = 208;
const NO_CONTEXT: PartitionContext = { incarnation: 0n, ownerGeneration: 0n, metadataOp: 0n };

function randomU128(random: (b: Uint8Array) => void): bigint {
  const b = new Uint8Array(16);
  for (;;) {
    random(b);
    let v = 0n;
    for (let i = 15; i >= 0; i--) v = (v << 8n) | BigInt(b[i]);
    if (v !== 0n) return v;
  }
}

function protocolError(detail: string): WireError {
  return new WireError("INVALID_VALUE", { context: "IggyClientSession", detail });
}

/**
 * The client session state machine. See the module documentation for the rules.
 *
 * @example
 * ```ts
 * import { IggyClientSession } from "@streamwire/codec/iggy";
 * const session = new IggyClientSession();
 * const ping = session.ping(); // unbound: session 0, request 0
 * console.log(ping.frame.length, ping.request); // 256 0n
 * // write ping.frame; feed every chunk the socket delivers to session.receive(chunk)
 * ```
 */
export class IggyClientSession {
  /** The client id every request carries (u128, non-zero). */
  readonly clientId: bigint;
  readonly #random: (b: Uint8Array) => void;
  readonly #bindSecret: Uint8Array;
  readonly #versionInfo: ClientVersionInfo;
  readonly #revision: IggyRevisionInfo;
  #frames: ConsensusFrameAssembler;
  readonly #frameOptions: ConsensusFrameOptions;
  readonly #pending = new Map<bigint, Pending>();
  #session = 0n;
  #counter = 1n;
  #registerId = 0n;
  #watermark = 0n;
  #login: LoginRegisterResponse | undefined;

  /** A session that is not bound yet. */
  constructor(options: IggyClientSessionOptions = {}) {
    this.#random = options.random ??
      ((b) => crypto.getRandomValues(new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.length)));
    this.clientId = options.clientId ?? randomU128(this.#random);
    if (this.clientId === 0n) throw protocolError("client id 0");
    this.#bindSecret = options.bindSecret ?? new Uint8Array(BIND_SECRET_BYTES);
    if (options.bindSecret === undefined) this.#random(this.#bindSecret);
    this.#revision = iggyRevision(options.revision ?? DEFAULT_IGGY_REVISION);
    this.#versionInfo = options.versionInfo ??
      { protocolVersion: this.#revision.protocolVersion, sdkName: "streamwire", sdkVersion: "0.1.0" };
    this.#counter = options.firstRequest ?? 1n;
    if (this.#counter < 1n) throw protocolError(`first request ${this.#counter}`);
    this.#frameOptions = {
      maxFrameBytes: options.maxFrameBytes,
      allowUnboundedFrames: options.allowUnboundedFrames,
    };
    this.#frames = new ConsensusFrameAssembler(this.#frameOptions);
  }

  /** The protocol revision this session speaks. */
  get revision(): IggyRevision {
    return this.#revision.name;
  }

  /**
   * A new identity (new client id, bind secret and Register identifier, not bound) that
   * continues this session's request counter: what the SDK logs in with after its session was
   * lost and could not be bound again.
   */
  successor(options: Omit<IggyClientSessionOptions, "firstRequest" | "revision"> = {}): IggyClientSession {
    return new IggyClientSession({
      random: this.#random,
      versionInfo: this.#versionInfo,
      ...this.#frameOptions,
      ...options,
      revision: this.#revision.name,
      firstRequest: this.#counter,
    });
  }

  /** The bound session number (0n before login). */
  get session(): bigint {
    return this.#session;
  }

  /** The highest `commit` of a metadata reply so far. */
  get metadataWatermark(): bigint {
    return this.#watermark;
  }

  /** The next request number a bound request takes. */
  get nextRequest(): bigint {
    return this.#counter;
  }

  /** The `LoginRegisterResponse` of the bound session. */
  get loginResponse(): LoginRegisterResponse | undefined {
    return this.#login;
  }

  /** Requests awaiting a reply. */
  get pending(): number {
    return this.#pending.size;
  }

  /** The Register request for `credentials` (`LoginRegister` with a password, `LoginRegisterWithPat` with a token). */
  login(credentials: IggyCredentials, clientContext: string | null = null): OutgoingIggyRequest {
    const body = "token" in credentials
      ? this.#encodeBody(CommandCode.LoginRegisterWithPat, {
        versionInfo: this.#versionInfo,
        bindSecret: this.#bindSecret,
        token: credentials.token,
        clientContext,
      })
      : this.#encodeBody(CommandCode.LoginRegister, {
        versionInfo: this.#versionInfo,
        bindSecret: this.#bindSecret,
        username: credentials.username,
        password: credentials.password,
        clientContext,
      });
    return this.requestBody(
      "token" in credentials ? CommandCode.LoginRegisterWithPat : CommandCode.LoginRegister,
      body,
    );
  }

  /**
   * The `BindSession` request that carries the bound session over to a new connection
   * (call {@linkcode IggyClientSession.connectionLost} first): the session's identity, the
   * metadata watermark and the login's bind secret, numbered like any bound read.
   */
  bind(): OutgoingIggyRequest {
    if (this.#session === 0n) throw protocolError("no session to bind");
    if (!this.#revision.registerBindSecret) {
      throw protocolError(`revision ${this.#revision.name} has no BindSession (it re-attaches with code 14)`);
    }
    // A link-level request: like the SDK's, it carries no context of its own.
    return this.request(CommandCode.BindSession, {
      versionInfo: this.#versionInfo,
      identity: { clientId: this.clientId, session: this.#session, metadataWatermark: this.#watermark },
      bindSecret: this.#bindSecret,
    }, { incarnation: 0n, ownerGeneration: 0n, metadataOp: 0n });
  }

  /**
   * Forgets the connection: partial frames, and the requests that were awaiting a reply on it
   * (returned; their outcome is unknown). The session and its numbering stay.
   */
  connectionLost(): bigint[] {
    const lost = [...this.#pending.keys()];
    this.#pending.clear();
    this.#frames = new ConsensusFrameAssembler(this.#frameOptions);
    return lost;
  }

  /**
   * Takes `out` (a request {@linkcode IggyClientSession.connectionLost} reported lost) back as
   * pending, to write its frame again — unchanged — on the new connection after
   * {@linkcode IggyClientSession.bind}: a read is simply served again; a replicated request is
   * recognised by the server's client table and answered once.
   */
  resend(out: OutgoingIggyRequest): OutgoingIggyRequest {
    const h = new RequestHeader(out.frame.subarray(0, HEADER_SIZE));
    if (this.#pending.has(out.request)) {
      throw protocolError(`request ${out.request} is already awaiting a reply`);
    }
    this.#pending.set(out.request, {
      code: out.code,
      operation: h.operation,
      requestChecksum: h.requestChecksum,
      partitionIncarnation: h.partitionIncarnation,
    });
    return out;
  }

  /** A Ping, as a caller's read: it carries the metadata watermark like every other read. */
  ping(): OutgoingIggyRequest {
    return this.requestBody(1, new Uint8Array(0));
  }

  /**
   * A heartbeat Ping: a link-level request with no context (`minimumMetadataOp` 0), as the SDK's
   * keepalive sends it; numbered like any other request.
   */
  keepalive(): OutgoingIggyRequest {
    return this.requestBody(1, new Uint8Array(0), NO_CONTEXT);
  }

  /** The request for command `code` with `value` encoded by the command's request codec. */
  request(code: number, value: unknown, context?: PartitionContext): OutgoingIggyRequest {
    return this.requestBody(code, this.#encodeBody(code, value), context);
  }

  #encodeBody(code: number, value: unknown): Uint8Array {
    // A revision's own layout (0.11.0's login has no bind secret: its codec skips the field).
    return encodePayload(commandCodecsAt(this.#revision.name, code).request, value);
  }

  /**
   * The request for command `code` with an already encoded `body`. `context` is the route
   * context of a request aimed at a partition (poll, send, consumer offsets).
   */
  requestBody(code: number, body: Uint8Array, context?: PartitionContext): OutgoingIggyRequest {
    const operation = (revisionOperationOf(this.#revision.name, code) ?? operationForCode(code)) as Operation;
    const legacy = !this.#revision.registerBindSecret; // 0.11.0's numbering and stamps
    let request: bigint, session: bigint, requestChecksum = 0n;
    if (operation === Operation.Register) {
      request = 0n;
      session = 0n;
      if (legacy) requestChecksum = xxh3_64(body);
      else {
        if (this.#registerId === 0n) this.#registerId = randomU128(this.#random);
        requestChecksum = this.#registerId;
      }
    } else if (legacy && operation === Operation.NonReplicated) {
      // 0.11.0: a NonReplicated request carries the next id without spending it.
      request = this.#counter;
      session = this.#session;
    } else if (this.#session === 0n) {
      if (operation !== Operation.NonReplicated) {
        throw new WireError("INVALID_VALUE", {
          context: "IggyClientSession",
          detail: `command ${code} needs a bound session (log in first)`,
        });
      }
      request = 0n;
      session = 0n;
    } else {
      request = this.#counter++;
      session = this.#session;
      if (operation !== Operation.NonReplicated && !isPartitionOperation(operation)) {
        // 0.11.0 stamps the body's XXH3-64; later revisions draw an identifier.
        requestChecksum = legacy ? xxh3_64(body) : randomU128(this.#random);
      }
    }
    // 0.11.0 headers have no context fields (those bytes are reserved, zero).
    const ctx = legacy ? NO_CONTEXT : context ??
      (operation === Operation.NonReplicated
        ? { incarnation: 0n, ownerGeneration: 0n, metadataOp: this.#watermark }
        : NO_CONTEXT);
    const reserved = new Uint8Array(4);
    if (operation === Operation.NonReplicated) new DataView(reserved.buffer).setUint32(0, code, true);
    const frame = new Uint8Array(HEADER_SIZE + body.length);
    createHeader(RequestHeader, {
      size: frame.length,
      client: this.clientId,
      requestChecksum,
      request,
      // 0.11.0's own operations are not in this build's header tables: built as a replicated
      // metadata operation (the same rules), the real byte written over it.
      operation: isV011OnlyOperation(operation) ? Operation.CreateStream : operation,
      session,
      reserved,
      partitionIncarnation: ctx.incarnation,
      ownerGeneration: ctx.ownerGeneration,
      minimumMetadataOp: ctx.metadataOp,
    }, { into: frame });
    frame[OPERATION_OFFSET] = operation;
    frame.set(body, HEADER_SIZE);
    if (this.#pending.has(request)) throw protocolError(`request ${request} is already awaiting a reply`);
    this.#pending.set(request, {
      code,
      operation,
      requestChecksum,
      partitionIncarnation: ctx.incarnation,
    });
    return { frame, request, code };
  }

  /** Takes a chunk from the socket; returns an event for every whole reply or eviction in it. */
  receive(chunk: Uint8Array): ClientEvent[] {
    const out: ClientEvent[] = [];
    for (const frame of this.#frames.push(chunk)) out.push(this.#frame(frame));
    return out;
  }

  /**
   * The typed parse of a reply header; at 0.11.0 a reply to one of its own operations is
   * checked as the replicated metadata reply it is (the other rules are the same).
   */
  #replyHeader(bytes: Uint8Array): ReplyHeader {
    const op = bytes[REPLY_OPERATION_OFFSET];
    if (this.#revision.name !== "0.11.0" || !isV011OnlyOperation(op)) return ReplyHeader.decode(bytes);
    const checked = bytes.slice();
    checked[REPLY_OPERATION_OFFSET] = Operation.CreateStream;
    ReplyHeader.decode(checked);
    return new ReplyHeader(bytes);
  }

  #frame(frame: Uint8Array): ClientEvent {
    const command = frame[60];
    if (command === Command.Eviction) {
      const header = EvictionHeader.decode(frame.subarray(0, HEADER_SIZE));
      if (header.client !== this.clientId) throw protocolError("eviction names another client");
      const pending = [...this.#pending.keys()];
      this.#pending.clear();
      this.#session = 0n;
      this.#login = undefined;
      return { kind: "evicted", reason: header.reason, header, pending };
    }
    // Anything else must be a Reply: the typed parse rejects unknown and other commands.
    const header = this.#replyHeader(frame.subarray(0, HEADER_SIZE));
    const request = header.request;
    const sent = this.#pending.get(request);
    if (sent === undefined) throw protocolError(`reply to request ${request}, which is not pending`);
    this.#pending.delete(request);
    if (header.status !== 0) return { kind: "error", request, code: sent.code, error: header.status };
    let body = frame.subarray(HEADER_SIZE, header.size);
    if (header.hasCommittedResult) {
      const matches = header.client === this.clientId && header.requestChecksum === sent.requestChecksum &&
        requestOperation(header.operation as Operation) === sent.operation &&
        header.partitionIncarnation === sent.partitionIncarnation && header.op !== 0n &&
        header.op === header.commit;
      if (!matches) throw protocolError(`committed reply to request ${request} does not match it`);
    }
    const op = header.operation as Operation;
    if (op !== Operation.NonReplicated && !isPartitionOperation(op) && header.commit > this.#watermark) {
      this.#watermark = header.commit;
    }
    if (isResultFramedAt(this.#revision.name, op) || (op === Operation.Register && body.length > 0)) {
      const code = resultCode(body);
      if (code === undefined) {
        throw protocolError(`malformed result section in the reply to request ${request}`);
      }
      if (code !== 0) return { kind: "error", request, code: sent.code, error: code };
      body = body.subarray(resultSectionLen(body)!);
    }
    if (op === Operation.Register) {
      const login = decodePayload(loginRegisterResponse, body);
      if (login.session === 0n) throw protocolError("login bound session 0");
      if (this.#session !== 0n && this.#session !== login.session) {
        throw protocolError(`session ${this.#session} cannot be rebound to ${login.session}`);
      }
      this.#session = login.session;
      this.#login = login;
    }
    if (op === Operation.NonReplicated && sent.code === CommandCode.BindSession) {
      const bound = decodePayload(loginRegisterResponse, body);
      if (bound.session !== this.#session) {
        throw protocolError(`BindSession answered session ${bound.session}, bound is ${this.#session}`);
      }
    }
    if (op === Operation.Logout) this.#session = 0n;
    return { kind: "reply", request, code: sent.code, body, header };
  }
}
