/**
 * A sans-IO server side of one Iggy VSR client connection (the TCP protocol `iggy` 0.11.1-edge.4
 * speaks): socket chunks in, validated and decoded client requests out, reply frames back. No I/O
 * inside: the caller moves bytes and decides what each request means; this machine owns the
 * protocol rules around it.
 *
 * What it enforces, as the SDK and `iggy_binary_protocol` 0.11.1-edge.3 require:
 *
 * - **Framing and header**: 256-byte `RequestHeader`s cast and validated the crate's way
 *   (command, operation byte, `client` non-zero, Register with session 0 / request 0, other
 *   replicated operations with both non-zero); `size` is checked against the cap before the body
 *   is awaited. Request and reply headers are not frame-sealed in this revision (the crate's
 *   `FRAME_SEALED` is false for both, and the SDK sends `checksum` 0); the checksums the
 *   protocol does carry are the per-message and per-batch XXH3 checksums of SendMessages
 *   bodies, which are verified when the body is decoded, and `requestChecksum`, the request's
 *   identity, which committed replies echo.
 * - **Sessions**: a Register gives the client a session number; every later request must carry
 *   that session and client id (else the client is evicted: `NoSession` unbound, `SessionError`
 *   on a mismatch). A bound client numbers every request, but only replicated ones go through
 *   the client table: each must be above the last replicated one (no gaps rule, only a
 *   watermark; below it the client is evicted `StaleClient`), and one at the watermark is the
 *   client's retry and gets the cached reply again. Reads spend an id and bypass the table, so a
 *   read re-sent after a reconnect may carry a number below the watermark. Unbound NonReplicated
 *   requests carry session 0 and any request number (the crate sets no rule there). Sessions live in an {@linkcode IggySessionTable}
 *   shared by a server's connections: after a reconnect, a BindSession presenting the login's
 *   bind secret carries the session over to the new connection, numbering continuing.
 * - **Version handshake**: the `ClientVersionInfo` that leads a login-register body is read
 *   first, alone, and checked against the accepted window of the connection's revision
 *   (`revision` option); outside it the client is evicted with `IncompatibleProtocol` and the
 *   window, which the SDK turns into `IncompatibleProtocolVersion`, whatever the rest of the
 *   body holds. Only a body that passes is decoded further (`MalformedLogin` if it fails).
 * - **Replies**: NonReplicated reads answer with an echoing reply and the raw body; replicated
 *   requests answer with a committed reply (`op == commit`, the committed-result marker, the
 *   request's client, request number, `requestChecksum` and partition incarnation) whose
 *   result-framed operations (metadata, consumer offsets, Register) lead with the result section.
 *   A business error of a result-framed operation is a committed rejection section; any other
 *   error is a pre-commit denial (`status` = the error code, empty body).
 *
 * @example
 * ```ts
 * import { IggyClientSession, IggyServerConnection } from "@streamwire/codec/iggy";
 * const server = new IggyServerConnection();
 * const client = new IggyClientSession({ clientId: 7n });
 * const [event] = server.receive(client.ping().frame);
 * if (event.kind === "request") {
 *   console.log(event.request.name); // Ping
 *   const reply = server.reply(event.request);
 *   console.log(client.receive(reply)[0].kind); // reply
 * }
 * ```
 *
 * @module
 */

import { WireError } from "../../wire/error.ts";
import { Reader } from "../../wire/reader.ts";
import { decodePayload } from "../codec.ts";
import { commandCodecs } from "../dispatch.ts";
import { commandCodecsAt, isResultFramedAt, requestCodeAt } from "../revisions/dispatch.ts";
import {
  isV011OnlyOperation,
  loginRegisterRequest011,
  loginRegisterWithPatRequest011,
} from "../revisions/v0_11_0.ts";
import { CommandCode } from "../command_codes.ts";
import { createHeader, HEADER_SIZE } from "../consensus/header.ts";
import { EvictionHeader, ReplyHeader, RequestHeader } from "../consensus/headers.ts";
import { EvictionReason } from "../consensus/enums.ts";
import { Operation } from "../consensus/operation.ts";
import { REJECTION_SECTION_LEN, writeRejectionSection } from "../consensus/reply_result.ts";
import {
  type LoginRegisterRequest,
  loginRegisterRequest,
  type LoginRegisterWithPatRequest,
  loginRegisterWithPatRequest,
} from "../commands/users.ts";
import type { BindSessionRequest } from "../commands/system.ts";
import { clientVersionInfo } from "../version.ts";
import {
  DEFAULT_IGGY_REVISION,
  describeProtocolVersion,
  type IggyRevision,
  iggyRevision,
  type IggyRevisionInfo,
  isRevisionCompatible,
} from "../revision.ts";
import { ConsensusFrameAssembler } from "./frames.ts";

/** What a server remembers of one live session, across the connections that carry it. */
export interface IggySessionRecord {
  /** The client id that registered it. */
  readonly clientId: bigint;
  /** The session number. */
  readonly session: bigint;
  /** The bind secret of the login: a BindSession on another connection must present it. */
  readonly bindSecret: Uint8Array;
  /** The highest request number of a replicated request so far (the client table's watermark). */
  lastRequest: bigint;
  /** The reply to the last replicated request, for the client's retry. */
  cached: { request: bigint; frame: Uint8Array } | undefined;
}

/**
 * The sessions of a server by client id, shared by its connections so that a client whose
 * connection dropped can bind its session again on a new one (`CommandCode.BindSession`) and go on
 * numbering where it left off.
 *
 * @example
 * ```ts
 * import { IggyServerConnection, IggySessionTable } from "@streamwire/codec/iggy";
 * const sessions = new IggySessionTable();
 * const first = new IggyServerConnection({ sessions });
 * const second = new IggyServerConnection({ sessions }); // after a reconnect
 * console.log(sessions.size); // 0
 * ```
 */
export class IggySessionTable {
  readonly #byClient = new Map<bigint, IggySessionRecord>();
  /** Live sessions. */
  get size(): number {
    return this.#byClient.size;
  }
  /** The live session of `clientId`. */
  get(clientId: bigint): IggySessionRecord | undefined {
    return this.#byClient.get(clientId);
  }
  /** Records (or replaces) the session of `record.clientId`. */
  set(record: IggySessionRecord): void {
    this.#byClient.set(record.clientId, record);
  }
  /** Ends the session of `clientId`. */
  delete(clientId: bigint): void {
    this.#byClient.delete(clientId);
  }
}

/** Options of {@linkcode IggyServerConnection}. */
export interface IggyServerConnectionOptions {
  /**
   * Largest frame accepted (header + body): `FRAME_TOO_LARGE` above it. Default 64 MiB.
   * `Infinity` needs `allowUnboundedFrames`.
   */
  maxFrameBytes?: number;
  /**
   * The protocol revision spoken (an `iggy_binary_protocol` release, see `IGGY_REVISIONS`).
   * Default {@linkcode DEFAULT_IGGY_REVISION}; an unknown name throws `INVALID_VALUE`.
   */
  revision?: string;
  /** Accept `maxFrameBytes: Infinity` (only for trusted peers). Default false. */
  allowUnboundedFrames?: boolean;
  /** Newest client protocol version accepted. Default: the revision's. */
  protocolVersion?: number;
  /** Oldest client protocol version accepted. Default: the revision's. */
  protocolVersionMin?: number;
  /** The server's sessions, shared by its connections. Default: a table of this connection's own. */
  sessions?: IggySessionTable;
}

/** A login-register body, told apart by its layout (password login or personal access token). */
export type LoginRegisterBody =
  | ({ readonly kind: "password" } & LoginRegisterRequest)
  | ({ readonly kind: "token" } & LoginRegisterWithPatRequest);

/** One validated client request. */
export interface IncomingRequest {
  /** The whole frame as received (header + body). */
  readonly frame: Uint8Array;
  /** The validated header (a view into `frame`). */
  readonly header: RequestHeader;
  /** The command code (`LoginRegister` or `LoginRegisterWithPat` for a Register, told apart by the body). */
  readonly code: number;
  /** The crate's type name of the command, e.g. `"CreateStream"`. */
  readonly name: string;
  /** The body (a view into `frame`). */
  readonly body: Uint8Array;
  /** The body decoded by the command's request codec (a {@linkcode LoginRegisterBody} on Register). */
  readonly payload: unknown;
}

/** What {@linkcode IggyServerConnection.receive} reports. */
export type ServerEvent =
  /** A request the caller must answer (reply, reject, refuse, accept the login, or evict). */
  | { readonly kind: "request"; readonly request: IncomingRequest }
  /**
   * A frame the machine answered itself — a retry's cached reply, or the `Unauthenticated`
   * refusal of a BindSession that names no live session — write it.
   */
  | {
    readonly kind: "answered";
    readonly frame: Uint8Array;
    readonly request: bigint;
    /** The request frame answered. */
    readonly requestFrame: Uint8Array;
  }
  /** The client was evicted by a protocol rule: write `frame`, then close the connection. */
  | {
    readonly kind: "evicted";
    readonly frame: Uint8Array;
    readonly reason: number;
    readonly detail: string;
    /** The request frame that broke the rule. */
    readonly request?: Uint8Array;
  };

/** Options of the reply builders. */
export interface ReplyOptions {
  /** The op a committed reply names (`op` and `commit`). Default: this connection's next op. */
  readonly op?: bigint;
}

const RESULT_OK = new Uint8Array(4);
/** `IggyError::Unauthenticated`. */
const UNAUTHENTICATED = 40;

/**
 * The server side of one client connection. See the module documentation for the rules.
 *
 * @example
 * ```ts
 * import { encodePayload, IggyClientSession, IggyServerConnection, loginRegisterResponse } from "@streamwire/codec/iggy";
 * const server = new IggyServerConnection();
 * const client = new IggyClientSession();
 * for (const ev of server.receive(client.login({ username: "iggy", password: "iggy" }).frame)) {
 *   if (ev.kind !== "request") continue; // "evicted": write ev.frame, then close
 *   const body = encodePayload(loginRegisterResponse, { userId: 0, session: 1n, serverProtocolVersion: 12288, serverVersion: "demo" });
 *   const reply = server.acceptLogin(ev.request, 1n, body); // write this to the socket
 *   console.log(client.receive(reply)[0].kind, server.session); // reply 1n
 * }
 * ```
 */
export class IggyServerConnection {
  readonly #frames: ConsensusFrameAssembler;
  readonly #versionMax: number;
  readonly #versionMin: number;
  readonly #sessions: IggySessionTable;
  readonly #revision: IggyRevisionInfo;
  readonly #windowGiven: boolean;
  #bound: IggySessionRecord | undefined;
  #nextOp = 1n;
  #closed = false;

  /** A connection that has received nothing yet. */
  constructor(options: IggyServerConnectionOptions = {}) {
    this.#frames = new ConsensusFrameAssembler({
      maxFrameBytes: options.maxFrameBytes,
      allowUnboundedFrames: options.allowUnboundedFrames,
    });
    this.#revision = iggyRevision(options.revision ?? DEFAULT_IGGY_REVISION);
    this.#versionMax = options.protocolVersion ?? this.#revision.protocolVersion;
    this.#versionMin = options.protocolVersionMin ?? this.#revision.protocolVersionMin;
    // An explicit window is compared as given (patch included).
    this.#windowGiven = options.protocolVersion !== undefined || options.protocolVersionMin !== undefined;
    this.#sessions = options.sessions ?? new IggySessionTable();
  }

  /** The bound session number, or 0n before a login was accepted (and after logout/eviction). */
  get session(): bigint {
    return this.#bound?.session ?? 0n;
  }

  /** The client id of the bound session (0n when unbound). */
  get clientId(): bigint {
    return this.#bound?.clientId ?? 0n;
  }

  /** The protocol revision this connection speaks. */
  get revision(): IggyRevision {
    return this.#revision.name;
  }

  #compatible(v: number): boolean {
    if (this.#windowGiven) return v >= this.#versionMin && v <= this.#versionMax;
    return isRevisionCompatible(this.#revision, v);
  }

  /** True once an eviction was produced: nothing more is accepted. */
  get closed(): boolean {
    return this.#closed;
  }

  /**
   * Takes a chunk from the socket and returns an event for each whole frame in it. A frame that
   * is not a valid request throws `WireError` (the connection should then be dropped); a valid
   * frame that breaks a session rule yields an `evicted` event.
   */
  receive(chunk: Uint8Array): ServerEvent[] {
    if (this.#closed) {
      throw new WireError("INVALID_VALUE", { context: "IggyServerConnection", detail: "closed" });
    }
    const out: ServerEvent[] = [];
    for (const frame of this.#frames.push(chunk)) {
      out.push(this.#frame(frame));
      if (this.#closed) break;
    }
    return out;
  }

  #frame(frame: Uint8Array): ServerEvent {
    const header = this.#header(frame.subarray(0, HEADER_SIZE));
    const body = frame.subarray(HEADER_SIZE, header.size);
    const op = header.operation;
    if (op === Operation.Register) return this.#register(frame, header, body);
    // The crate puts no rule on the request number of a NonReplicated request (edge.4 SDKs
    // send 0 before a login, 0.11.0 and edge.9 number their pings from 1): session 0 means
    // unbound, and such a request bypasses the client table.
    if (header.session === 0n && op === Operation.NonReplicated) return this.#request(frame, header, body);
    if (
      this.#bound === undefined && op === Operation.NonReplicated &&
      header.nonReplicatedCode === CommandCode.BindSession
    ) {
      return this.#bind(frame, header, body);
    }
    const bound = this.#bound;
    if (bound === undefined) {
      return this.#evict(header.client, EvictionReason.NoSession, "no session is bound", frame);
    }
    if (header.session !== bound.session || header.client !== bound.clientId) {
      return this.#evict(
        header.client,
        EvictionReason.SessionError,
        "session or client id does not match",
        frame,
      );
    }
    // Reads bypass the client table (they spend an id but are not deduplicated), so only a
    // replicated request is held to the watermark.
    if (op === Operation.NonReplicated) return this.#request(frame, header, body);
    if (header.request <= bound.lastRequest) {
      if (bound.cached?.request === header.request) {
        return { kind: "answered", frame: bound.cached.frame, request: header.request, requestFrame: frame };
      }
      return this.#evict(
        header.client,
        EvictionReason.StaleClient,
        `request ${header.request} is not above the last request ${bound.lastRequest}`,
        frame,
      );
    }
    bound.lastRequest = header.request;
    return this.#request(frame, header, body);
  }

  /**
   * The typed parse of a request header at this connection's revision. 0.11.0's own
   * operations (per-resource updates, purges) are checked as the replicated requests they are
   * (the other rules are the same); at another revision they are `UNKNOWN_DISCRIMINANT` naming
   * 0.11.0.
   */
  #header(bytes: Uint8Array): RequestHeader {
    const op = bytes[176];
    if (!isV011OnlyOperation(op)) return RequestHeader.decode(bytes);
    if (this.#revision.name !== "0.11.0") {
      throw new WireError("UNKNOWN_DISCRIMINANT", {
        context: `RequestHeader (revision ${this.#revision.name})`,
        detail:
          `operation ${op} is not part of revision ${this.#revision.name}; it looks like revision 0.11.0`,
        offset: 176,
      });
    }
    const checked = bytes.slice();
    checked[176] = Operation.CreateStream; // any replicated metadata operation: the same rules
    RequestHeader.decode(checked);
    return new RequestHeader(bytes);
  }

  /**
   * BindSession on a connection that carries no session yet: the session must be live in the
   * table under this client id, the body must name it and present the login's bind secret, and
   * the request number must be above the session's last. Otherwise the refusal (`Unauthenticated`)
   * is answered here.
   */
  #bind(frame: Uint8Array, header: RequestHeader, body: Uint8Array): ServerEvent {
    const event = this.#request(frame, header, body);
    const req = (event as { request: IncomingRequest }).request;
    const p = req.payload as BindSessionRequest;
    const record = this.#sessions.get(header.client);
    const ok = record !== undefined && record.session === header.session &&
      p.identity.clientId === header.client && p.identity.session === header.session &&
      sameBytes(p.bindSecret, record.bindSecret);
    if (!ok) {
      return {
        kind: "answered",
        frame: this.refuse(req, UNAUTHENTICATED),
        request: header.request,
        requestFrame: frame,
      };
    }
    this.#bound = record;
    return event;
  }

  /**
   * The login gate, in the crate's order: the `ClientVersionInfo` prefix alone decides
   * compatibility (a client of another revision, whose body after the prefix differs, still
   * learns the window), and only a compatible body is decoded further.
   */
  #register(frame: Uint8Array, header: RequestHeader, body: Uint8Array): ServerEvent {
    let v: number;
    try {
      v = clientVersionInfo.decode(new Reader(body, "ClientVersionInfo")).protocolVersion;
    } catch (e) {
      return this.#evict(header.client, EvictionReason.MalformedLogin, (e as Error).message, frame);
    }
    if (!this.#compatible(v)) {
      return this.#evict(
        header.client,
        EvictionReason.IncompatibleProtocol,
        `client protocol version ${describeProtocolVersion(v)}`,
        frame,
      );
    }
    let payload: LoginRegisterBody;
    try {
      payload = decodeLoginBody(body, this.#revision.name);
    } catch (e) {
      return this.#evict(header.client, EvictionReason.MalformedLogin, (e as Error).message, frame);
    }
    const code = payload.kind === "password" ? CommandCode.LoginRegister : CommandCode.LoginRegisterWithPat;
    return {
      kind: "request",
      request: { frame, header, code, name: commandCodecs(code).name, body, payload },
    };
  }

  #request(frame: Uint8Array, header: RequestHeader, body: Uint8Array): ServerEvent {
    const code = requestCodeAt(this.#revision.name, header.operation, header.nonReplicatedCode);
    if (code === undefined) {
      throw new WireError("UNKNOWN_DISCRIMINANT", {
        context: "RequestHeader",
        detail: `operation ${header.operation} has no client command`,
        offset: 176,
      });
    }
    const codecs = commandCodecsAt(this.#revision.name, code); // throws for codes the revision lacks
    const payload = decodePayload(codecs.request, body);
    return { kind: "request", request: { frame, header, code, name: codecs.name, body, payload } };
  }

  /**
   * Accepts a login-register request: binds `session` (default: the next number this
   * connection hands out, starting at 1) and returns the committed reply carrying the
   * `LoginRegisterResponse` body the caller encoded (`encodePayload(loginRegisterResponse, …)`).
   */
  acceptLogin(
    request: IncomingRequest,
    session: bigint,
    responseBody: Uint8Array,
    options?: ReplyOptions,
  ): Uint8Array {
    if (request.header.operation !== Operation.Register) {
      throw new WireError("INVALID_VALUE", {
        context: "IggyServerConnection",
        detail: "not a Register request",
      });
    }
    if (session === 0n) {
      throw new WireError("INVALID_VALUE", { context: "IggyServerConnection", detail: "session 0" });
    }
    const login = request.payload as LoginRegisterBody;
    this.#bound = {
      clientId: request.header.client,
      session,
      bindSecret: login.bindSecret.slice(),
      lastRequest: 0n,
      cached: undefined,
    };
    this.#sessions.set(this.#bound);
    return this.#committed(request, concat(RESULT_OK, responseBody), options);
  }

  /** The success reply to `request` with `body` (the encoded response payload; default empty). */
  reply(request: IncomingRequest, body: Uint8Array = new Uint8Array(0), options?: ReplyOptions): Uint8Array {
    const op = request.header.operation;
    if (op === Operation.NonReplicated) return this.#echoing(request, 0, body);
    const framed = isResultFramedAt(this.#revision.name, op) ? concat(RESULT_OK, body) : body;
    const frame = this.#committed(request, framed, options);
    if (op === Operation.Logout) this.#unbind(true);
    return frame;
  }

  /**
   * The error reply to `request`: a committed rejection section (`[1][0][code]`) for a
   * result-framed operation, a pre-commit denial ({@linkcode IggyServerConnection.refuse})
   * otherwise.
   */
  reject(request: IncomingRequest, code: number, options?: ReplyOptions): Uint8Array {
    const op = request.header.operation;
    if (!isResultFramedAt(this.#revision.name, op)) return this.refuse(request, code);
    const section = new Uint8Array(REJECTION_SECTION_LEN);
    writeRejectionSection(section, code);
    return this.#committed(request, section, options);
  }

  /** A pre-commit denial of `request`: `status = code`, empty body, no committed-result marker. */
  refuse(request: IncomingRequest, code: number): Uint8Array {
    if (code === 0) {
      throw new WireError("INVALID_VALUE", { context: "IggyServerConnection", detail: "status 0" });
    }
    return this.#echoing(request, code, new Uint8Array(0));
  }

  /**
   * Evicts the client of `request` with `reason` (an `EvictionReason`) and closes the
   * connection: returns the eviction frame to write before closing.
   */
  evict(request: IncomingRequest, reason: number): Uint8Array {
    const ev = this.#evict(request.header.client, reason, "evicted by the caller");
    return (ev as { frame: Uint8Array }).frame;
  }

  #evict(client: bigint, reason: number, detail: string, request?: Uint8Array): ServerEvent {
    const window = reason === EvictionReason.IncompatibleProtocol;
    const frame = EvictionHeader.create({
      client,
      reason,
      serverProtocolVersion: window ? this.#versionMax : 0,
      serverProtocolVersionMin: window ? this.#versionMin : 0,
    }).bytes;
    this.#unbind(true);
    this.#closed = true;
    return { kind: "evicted", frame, reason, detail, request };
  }

  /** Drops this connection's session; `end` also ends it server-wide (logout, eviction). */
  #unbind(end: boolean): void {
    if (end && this.#bound !== undefined) this.#sessions.delete(this.#bound.clientId);
    this.#bound = undefined;
  }

  #echoing(request: IncomingRequest, status: number, body: Uint8Array): Uint8Array {
    const h = request.header;
    const frame = new Uint8Array(HEADER_SIZE + body.length);
    createHeader(ReplyHeader, {
      cluster: h.cluster,
      view: h.view,
      release: h.release,
      replica: h.replica,
      size: frame.length,
      client: h.client,
      request: h.request,
      operation: replyOperation(h.operation),
      status,
      partitionIncarnation: h.partitionIncarnation,
    }, { into: frame });
    frame[REPLY_OPERATION_OFFSET] = h.operation; // 0.11.0's own operations, written as sent
    frame.set(body, HEADER_SIZE);
    return frame;
  }

  #committed(request: IncomingRequest, body: Uint8Array, options?: ReplyOptions): Uint8Array {
    const h = request.header;
    const op = options?.op ?? this.#nextOp;
    if (op >= this.#nextOp) this.#nextOp = op + 1n;
    const frame = new Uint8Array(HEADER_SIZE + body.length);
    const reserved = new Uint8Array(4);
    reserved[0] = ReplyHeader.COMMITTED_RESULT;
    createHeader(ReplyHeader, {
      cluster: h.cluster,
      view: h.view,
      release: h.release,
      replica: h.replica,
      size: frame.length,
      requestChecksum: h.requestChecksum,
      client: h.client,
      op,
      commit: op,
      request: h.request,
      operation: replyOperation(h.operation),
      reserved,
      partitionIncarnation: h.partitionIncarnation,
    }, { into: frame });
    frame[REPLY_OPERATION_OFFSET] = h.operation; // 0.11.0's own operations, written as sent
    frame.set(body, HEADER_SIZE);
    if (h.operation !== Operation.Register && this.#bound !== undefined) {
      this.#bound.cached = { request: h.request, frame };
    }
    return frame;
  }
}

/**
 * Decodes a login-register body. Password and token bodies share the operation (`Register`)
 * and their first fields, so the layout tells them apart: a body that decodes exactly as a
 * password login (every byte used) is one; anything else must decode exactly as a token login.
 *
 * @example
 * ```ts
 * import { decodeLoginBody, encodePayload, loginRegisterWithPatRequest } from "@streamwire/codec/iggy";
 * const body = encodePayload(loginRegisterWithPatRequest, {
 *   versionInfo: { protocolVersion: 12288, sdkName: "demo", sdkVersion: "1" },
 *   bindSecret: new Uint8Array(32).fill(7), token: "t0k3n", clientContext: null,
 * });
 * console.log(decodeLoginBody(body).kind); // token
 * ```
 */
export function decodeLoginBody(
  body: Uint8Array,
  revision: string = DEFAULT_IGGY_REVISION,
): LoginRegisterBody {
  if (!iggyRevision(revision).registerBindSecret) return decodeLoginBodyWithoutSecret(body);
  try {
    const r = new Reader(body, "LoginRegister");
    const v = loginRegisterRequest.decode(r);
    r.expectEnd();
    return { kind: "password", ...v };
  } catch (first) {
    try {
      const r = new Reader(body, "LoginRegisterWithPat");
      const v = loginRegisterWithPatRequest.decode(r);
      r.expectEnd();
      return { kind: "token", ...v };
    } catch {
      throw first;
    }
  }
}

/**
 * A login body of a revision without the bind secret (0.11.0), told apart the same way; the
 * result's `bindSecret` is empty.
 */
function decodeLoginBodyWithoutSecret(body: Uint8Array): LoginRegisterBody {
  const none = new Uint8Array(0);
  try {
    const r = new Reader(body, "LoginRegister");
    const v = loginRegisterRequest011.decode(r);
    r.expectEnd();
    return { kind: "password", ...v, bindSecret: none };
  } catch (first) {
    try {
      const r = new Reader(body, "LoginRegisterWithPat");
      const v = loginRegisterWithPatRequest011.decode(r);
      r.expectEnd();
      return { kind: "token", ...v, bindSecret: none };
    } catch {
      throw first;
    }
  }
}

/** Byte offset of `operation` in a ReplyHeader. */
const REPLY_OPERATION_OFFSET = 208;

/**
 * The operation a reply header is built with: the request's, or for one of 0.11.0's own
 * operations (which this build's header tables do not list) a replicated metadata operation
 * with the same rules, the real byte written over it afterwards.
 */
function replyOperation(op: number): number {
  return isV011OnlyOperation(op) ? Operation.CreateStream : op;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
