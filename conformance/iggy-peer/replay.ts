/**
 * Frame identity: streamwire's `IggyClientSession` is driven through the requests the SDK sent
 * (same commands, same decoded request values, same order, one client session per SDK client
 * id) against a fresh model behind a fresh `IggyServerConnection`, and each frame it builds must
 * equal the SDK's frame byte for byte once the fields that are random by design are masked.
 *
 * Masked fields (compared for format instead):
 * - `RequestHeader.client` (bytes 128..144): the SDK draws a random UUID per client; must be
 *   non-zero and the same on every frame of one client.
 * - `RequestHeader.requestChecksum` (bytes 144..160): a random identifier per Register (kept
 *   across retries) and per metadata request; must be non-zero exactly where the protocol wants
 *   an identifier (Register, metadata operations) and zero elsewhere.
 * - The 32-byte bind secret of a login-register body (random per client): must not be all zero.
 * - In a BindSession body: the session identity's client id and the bind secret (as above).
 *
 * Not masked because they are inputs of the script rather than choices of the session: message
 * ids and origin timestamps (the SDK stamps `origin_timestamp` from the clock; the replay sends
 * the recorded value), the announced `ClientVersionInfo` (the replay announces the SDK's).
 *
 * The replies the fresh model gives to streamwire's frames must have the same outcome (success,
 * or the same error code / eviction) as the replies the SDK got.
 *
 * @module
 */

import {
  type BatchMessageInput,
  BIND_SECRET_BYTES,
  type ClientEvent,
  type ClientVersionInfo,
  commandCodecsAt,
  decodeLoginBody,
  decodePayload,
  DEFAULT_IGGY_REVISION,
  HEADER_SIZE,
  IggyClientSession,
  IggyServerConnection,
  type IggyServerConnectionOptions,
  IggySessionTable,
  isPartitionOperation,
  isResultFramedOperation,
  MessageCursor,
  Operation,
  operationToCommandCode,
  type OutgoingIggyRequest,
  packProtocolVersion,
  partitionRouteResponse,
  RequestHeader,
} from "../../src/iggy/mod.ts";
import { IggyModel } from "./model.ts";

/** The two servers of a run: the one the script talks to, and one with a newer protocol window. */
export type ServerKind = "main" | "newer";

/** How each server's connections are configured (the newer one accepts only later versions). */
export const SERVER_OPTIONS: Record<ServerKind, IggyServerConnectionOptions> = {
  main: {},
  newer: {
    protocolVersionMin: packProtocolVersion(0, 13, 0),
    protocolVersion: packProtocolVersion(0, 14, 0),
  },
};

/** One request the endpoint answered, as recorded. */
export interface Exchange {
  /** Which server answered. */
  readonly server: ServerKind;
  /** The endpoint's connection number. */
  readonly connection: number;
  /** The request frame as the SDK sent it. */
  readonly request: Uint8Array;
  /** The reply frame the endpoint wrote. */
  readonly reply: Uint8Array;
}

/** What the replay found. */
export interface ReplayResult {
  /** Summary lines. */
  readonly lines: string[];
  /** Differences and failures. */
  readonly problems: string[];
}

/** Requests aimed at a partition (they carry its route's context); 106 is edge.8's deferred poll. */
const PARTITION_CODES = new Set([100, 101, 106, 120, 121, 122]);
const NO_CONTEXT = { incarnation: 0n, ownerGeneration: 0n, metadataOp: 0n };

function hex(b: Uint8Array): string {
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

/** The outcome of a reply frame, as text: "ok", "error <code>", "evicted <reason>". */
function outcomeOfFrame(frame: Uint8Array): string {
  if (frame[60] === 13) return `evicted ${frame[255]}`;
  const dv = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const status = dv.getUint32(216, true);
  if (status !== 0) return `error ${status}`;
  const op = frame[208] as Operation;
  const body = frame.subarray(HEADER_SIZE);
  const framed = isResultFramedOperation(op) || (op === Operation.Register && body.length > 0);
  if (framed && body.length >= 4) {
    const count = dv.getUint32(HEADER_SIZE, true);
    if (count > 0) return `error ${dv.getUint32(HEADER_SIZE + 8, true)}`;
  }
  return "ok";
}

function outcomeOfEvent(ev: ClientEvent): string {
  if (ev.kind === "reply") return "ok";
  if (ev.kind === "error") return `error ${ev.error}`;
  return `evicted ${ev.reason}`;
}

function idKey(id: { kind: string; value: unknown }): string {
  return `${id.kind}:${id.value}`;
}

function bindSecretAt(body: Uint8Array): number {
  // [protocol u32][sdk name u8+bytes][sdk version u8+bytes] then the bind secret.
  const nameLen = body[4];
  const versionLen = body[5 + nameLen];
  return 6 + nameLen + versionLen;
}

function isBindSession(frame: Uint8Array): boolean {
  return frame[176] === Operation.NonReplicated &&
    new DataView(frame.buffer, frame.byteOffset).getUint32(196, true) === 15;
}

/** Masks the random fields of a request frame (a copy). */
function masked(frame: Uint8Array): Uint8Array {
  const m = frame.slice();
  m.fill(0, 128, 160);
  if (isBindSession(frame)) {
    // [ClientVersionInfo][client id u128][session u64][watermark u64][bind secret 32]
    const at = HEADER_SIZE + bindSecretAt(frame.subarray(HEADER_SIZE));
    m.fill(0, at, at + 16);
    m.fill(0, at + 32, at + 32 + BIND_SECRET_BYTES);
  }
  if (frame[176] === Operation.Register) {
    const at = HEADER_SIZE + bindSecretAt(frame.subarray(HEADER_SIZE));
    m.fill(0, at, at + BIND_SECRET_BYTES);
  }
  return m;
}

function formatProblems(frame: Uint8Array, who: string): string[] {
  const out: string[] = [];
  const h = new RequestHeader(frame.subarray(0, HEADER_SIZE));
  if (h.client === 0n) out.push(`${who}: client id is 0`);
  const op = h.operation;
  const wantsId = op !== Operation.NonReplicated && !isPartitionOperation(op as Operation);
  if ((h.requestChecksum !== 0n) !== wantsId) {
    out.push(`${who}: requestChecksum ${h.requestChecksum === 0n ? "zero" : "non-zero"} on operation ${op}`);
  }
  if (op === Operation.Register) {
    const body = frame.subarray(HEADER_SIZE);
    const at = bindSecretAt(body);
    if (body.subarray(at, at + BIND_SECRET_BYTES).every((b) => b === 0)) {
      out.push(`${who}: bind secret all zero`);
    }
  }
  return out;
}

/** Rebuilds the request value so that the session's encoder does the work (producer form). */
function requestValue(code: number, body: Uint8Array, revision?: string): unknown {
  // deno-lint-ignore no-explicit-any
  const v = decodePayload(commandCodecsAt(revision ?? DEFAULT_IGGY_REVISION, code).request, body) as any;
  if (code !== 101) return v;
  const messages: BatchMessageInput[] = [];
  const cursor = new MessageCursor();
  v.batch.cursor(cursor);
  while (cursor.next()) {
    messages.push({
      id: cursor.id,
      payload: cursor.payload.slice(),
      userHeaders: cursor.userHeaders.length > 0 ? cursor.userHeaders.slice() : undefined,
      originTimestamp: cursor.originTimestamp,
    });
  }
  return { streamId: v.streamId, topicId: v.topicId, partitioning: v.partitioning, messages };
}

/** Replays `exchanges` through streamwire's client session; see the module documentation. */
export function replay(exchanges: readonly Exchange[], revision?: string): ReplayResult {
  const lines: string[] = [];
  const problems: string[] = [];
  const model = new IggyModel({ revision });
  const newerModel = new IggyModel({ revision });
  const tables: Record<ServerKind, IggySessionTable> = {
    main: new IggySessionTable(),
    newer: new IggySessionTable(),
  };
  const servers = new Map<string, { conn: IggyServerConnection; state: ReturnType<IggyModel["connect"]> }>();
  const sessions = new Map<bigint, IggyClientSession>();
  const routes = new Map<string, { incarnation: bigint; ownerGeneration: bigint; metadataOp: bigint }>();
  let identical = 0, maskedFields = 0;
  const routeKeys = new Map<string, string>();
  const rosterDue = new Set<IggyClientSession>();
  const versionInfo = firstVersionInfo(exchanges);

  /** Builds streamwire's frame for an SDK request other than a Register or a BindSession. */
  const build = (session: IggyClientSession, sdk: RequestHeader, sdkBody: Uint8Array) => {
    const code = sdk.operation === Operation.NonReplicated ? sdk.nonReplicatedCode : codeOf(sdk.operation);
    const value = requestValue(code, sdkBody, revision);
    // deno-lint-ignore no-explicit-any
    const v = value as any;
    const target = code === 106 ? v.poll : v; // a deferred poll wraps the poll
    let context = PARTITION_CODES.has(code)
      ? routes.get(`${idKey(target.streamId)}/${idKey(target.topicId)}/${partitionOf(code, target)}`)
      : undefined;
    // The SDK's link layer reads the cluster roster itself — as the last step of a sign-in,
    // and after a route lookup missed its stream or topic — with no context; the roster a
    // caller asks for (get_cluster_metadata) carries the watermark like any other read.
    if (code === 12 && rosterDue.has(session)) context = NO_CONTEXT;
    rosterDue.delete(session);
    const out = session.request(code, value, context);
    if (code === 105) {
      routeKeys.set(
        `${session.clientId}/${out.request}`,
        `${idKey(v.streamId)}/${idKey(v.topicId)}/${v.partitionId}`,
      );
    }
    return out;
  };

  /** Compares streamwire's frame with the SDK's (masked) and checks both for format. */
  const compare = (who: string, sdkFrame: Uint8Array, out: OutgoingIggyRequest) => {
    problems.push(...formatProblems(out.frame, `${who}, streamwire frame`));
    const a = masked(sdkFrame), b = masked(out.frame);
    if (a.length !== b.length || a.some((x, k) => x !== b[k])) {
      problems.push(`${who}: frames differ\n  sdk        ${hex(a)}\n  streamwire ${hex(b)}`);
    } else {
      identical++;
      maskedFields += sdkFrame[176] === Operation.Register || isBindSession(sdkFrame) ? 3 : 2;
    }
  };

  const ordered = inEncodingOrder(exchanges);
  /** Frames built ahead of a BindSession (numbered before the drop, written after the bind). */
  const deferred = new Map<number, OutgoingIggyRequest>();

  ordered.forEach((ex, i) => {
    const who = `request ${i + 1} (connection ${ex.connection})`;
    const sdk = new RequestHeader(ex.request.subarray(0, HEADER_SIZE));
    const sdkBody = ex.request.subarray(HEADER_SIZE);
    problems.push(...formatProblems(ex.request, `${who}, SDK frame`));

    const key = `${ex.server}/${ex.connection}`;
    let server = servers.get(key);
    if (server === undefined) {
      const conn = new IggyServerConnection({
        ...SERVER_OPTIONS[ex.server],
        revision,
        sessions: tables[ex.server],
      });
      const m = ex.server === "main" ? model : newerModel;
      server = { conn, state: m.connect(conn, `replay-${key}`) };
      servers.set(key, server);
    }
    let session = sessions.get(sdk.client);
    if (session === undefined) {
      session = new IggyClientSession({ versionInfo, revision });
      sessions.set(sdk.client, session);
    }
    let out: OutgoingIggyRequest;
    try {
      const early = deferred.get(i);
      if (early !== undefined) {
        out = session.resend(early); // compared when it was built
      } else if (sdk.operation === Operation.Register) {
        const login = decodeLoginBody(sdkBody, revision);
        out = session.login(
          login.kind === "password"
            ? { username: login.username, password: login.password }
            : { token: login.token },
          login.clientContext,
        );
        compare(who, ex.request, out);
      } else if (isBindSession(ex.request)) {
        // The requests the SDK numbered before the connection dropped and writes again after
        // the bind: streamwire numbers them first too, then loses the connection and binds.
        const early = ordered
          .map((later, j) => ({ later, j, h: new RequestHeader(later.request.subarray(0, HEADER_SIZE)) }))
          .filter(({ j, h }) =>
            j > i && h.client === sdk.client && h.session !== 0n && h.request > 0n && h.request < sdk.request
          )
          .sort((x, y) => (x.h.request < y.h.request ? -1 : 1));
        for (const { later, j, h } of early) {
          const built = build(session, h, later.request.subarray(HEADER_SIZE));
          compare(
            `request ${j + 1} (connection ${later.connection}, numbered before the drop)`,
            later.request,
            built,
          );
          deferred.set(j, built);
        }
        session.connectionLost();
        out = session.bind();
        compare(who, ex.request, out);
      } else {
        out = build(session, sdk, sdkBody);
        compare(who, ex.request, out);
      }
    } catch (e) {
      problems.push(`${who}: streamwire could not build the request: ${(e as Error).message}`);
      return;
    }
    const code = out.code;

    // Answer streamwire's frame with the fresh model; the outcome must match the SDK's.
    const events = server.conn.receive(out.frame);
    let reply: Uint8Array | undefined;
    for (const ev of events) {
      if (ev.kind === "request") {
        reply = (ex.server === "main" ? model : newerModel).handle(server.state, ev.request).frame;
      } else reply = ev.frame;
    }
    if (reply === undefined) {
      problems.push(`${who}: the endpoint produced no reply to streamwire's frame`);
      return;
    }
    let got: string;
    try {
      const evs = session.receive(reply);
      got = evs.length === 1 ? outcomeOfEvent(evs[0]) : `${evs.length} events`;
      const routeKey = routeKeys.get(`${session.clientId}/${out.request}`);
      if (evs.length === 1 && evs[0].kind === "reply" && code === 105 && routeKey !== undefined) {
        // deno-lint-ignore no-explicit-any
        const r = decodePayload(partitionRouteResponse, evs[0].body) as any;
        routes.set(routeKey, { incarnation: r.incarnation, ownerGeneration: 0n, metadataOp: r.metadataOp });
      }
    } catch (e) {
      got = `rejected: ${(e as Error).message}`;
    }
    const want = outcomeOfFrame(ex.reply);
    if (code === 40 || code === 45 || (code === 105 && want.startsWith("error"))) rosterDue.add(session);
    if (got !== want) problems.push(`${who}: streamwire's session got "${got}", the SDK got "${want}"`);
    if (reply[60] === 13) servers.delete(key);
  });
  lines.push(
    `frame identity: ${identical}/${exchanges.length} request frames byte-identical to the SDK's ` +
      `(masked: client id, requestChecksum, bind secret; ${maskedFields} masked fields checked for format)`,
  );
  return { lines, problems };
}

/** The `ClientVersionInfo` the SDK announces (the replay announces the same). */
function firstVersionInfo(exchanges: readonly Exchange[]): ClientVersionInfo | undefined {
  for (const ex of exchanges) {
    if (ex.request[176] === Operation.Register) {
      return decodeLoginBody(ex.request.subarray(HEADER_SIZE)).versionInfo;
    }
  }
  return undefined;
}

/**
 * The SDK's `connect()` sends a ping that it numbers while the client is still unbound (session
 * 0, request 0) and that can reach the server after the login that follows it. The replay puts
 * such a ping back where it was numbered: before that client's Register.
 */
function inEncodingOrder(exchanges: readonly Exchange[]): Exchange[] {
  const out: Exchange[] = [];
  for (const ex of exchanges) {
    const h = new RequestHeader(ex.request.subarray(0, HEADER_SIZE));
    if (h.operation === Operation.NonReplicated && h.session === 0n) {
      const at = out.findIndex((o) =>
        o.request[176] === Operation.Register &&
        new RequestHeader(o.request.subarray(0, HEADER_SIZE)).client === h.client
      );
      if (at >= 0) {
        out.splice(at, 0, ex);
        continue;
      }
    }
    out.push(ex);
  }
  return out;
}

function partitionOf(
  code: number,
  v: { partitionId?: number | null; partitioning?: { value: number } },
): number {
  if (code === 101) return v.partitioning!.value;
  return v.partitionId ?? 0;
}

function codeOf(operation: number): number {
  if (operation === Operation.Logout) return 39;
  const c = operationToCommandCode(operation as Operation);
  if (c === undefined) throw new Error(`operation ${operation} has no command`);
  return c;
}
