/**
 * System commands: Ping, GetStats, GetSnapshot, GetClusterMetadata, GetMe, GetClient,
 * GetClients (requests), DescribeOptions, UpdateResource, BindSession, and the session bodies
 * that travel by operation only (FinalizeSession, RetireSessions).
 *
 * The GetMe / GetClient / GetClients responses are client records, which live with the client
 * commands.
 *
 * @module
 */

import { utf8Length } from "../../wire/utf8.ts";
import { attachFloatBits, type FloatBits, readF32, writeF32 } from "../../wire/float_bits.ts";
import {
  type CommandCodecs,
  emptyCodec,
  invalid,
  invalidValue,
  type OperationCodec,
  type PayloadCodec,
  readBytes,
  sizeOfAll,
  u32String,
} from "../codec.ts";
import { type Identifier, identifier, wireName } from "../primitives/identifier.ts";
import { optionsToEnd, validateOptions } from "../primitives/options.ts";
import { iterateUserHeaders } from "../primitives/user_headers.ts";
import { type ClientVersionInfo, clientVersionInfo } from "../version.ts";
import { BIND_SECRET_BYTES } from "./users.ts";
import { CommandCode } from "../command_codes.ts";

/** The empty response (Ping, UpdateResource, ...). */
export const emptyResponse: PayloadCodec<Record<string, never>> = /* @__PURE__ */ emptyCodec("EmptyResponse");
/**
 * The payload as raw bytes, for responses the crate defines no type for (BindSession: the
 * server's reply body is not part of the crate).
 */
export const rawResponse: PayloadCodec<Uint8Array> = {
  name: "Raw",
  encode: (w, v) => w.bytes(v),
  sizeOf: (v) => v.length,
  decode: (r) => readBytes(r, r.remaining),
};
/** Ping request: empty. */
export const pingRequest: PayloadCodec<Record<string, never>> = /* @__PURE__ */ emptyCodec("Ping");
/** GetStats request: empty. */
export const getStatsRequest: PayloadCodec<Record<string, never>> = /* @__PURE__ */ emptyCodec("GetStats");
/** GetClusterMetadata request: empty. */
export const getClusterMetadataRequest: PayloadCodec<Record<string, never>> = /* @__PURE__ */ emptyCodec(
  "GetClusterMetadata",
);
/** GetMe request: empty. */
export const getMeRequest: PayloadCodec<Record<string, never>> = /* @__PURE__ */ emptyCodec("GetMe");
/** GetClients request: empty. */
export const getClientsRequest: PayloadCodec<Record<string, never>> = /* @__PURE__ */ emptyCodec(
  "GetClients",
);

/** GetClient request. */
export interface GetClientRequest {
  /** The client. */
  readonly clientId: number;
}

/** `[client_id:u32]`. */
export const getClientRequest: PayloadCodec<GetClientRequest> = {
  name: "GetClient",
  encode: (w, v) => w.u32le(v.clientId),
  sizeOf: () => 4,
  decode: (r) => ({ clientId: r.u32le() }),
};

// ---------------------------------------------------------------------------------------------
// GetStats

/** Cache hits and misses of one partition. */
export interface CacheMetricEntry {
  /** The stream. */
  readonly streamId: number;
  /** The topic. */
  readonly topicId: number;
  /** The partition. */
  readonly partitionId: number;
  /** Cache hits (u64). */
  readonly hits: bigint;
  /** Cache misses (u64). */
  readonly misses: bigint;
  /** f32. */
  readonly hitRatio: number;
}

/** Server statistics. */
export interface StatsResponse {
  /** Server process id. */
  readonly processId: number;
  /** f32. */
  readonly cpuUsage: number;
  /** f32. */
  readonly totalCpuUsage: number;
  /** Memory used in bytes (u64). */
  readonly memoryUsage: bigint;
  /** Total memory in bytes (u64). */
  readonly totalMemory: bigint;
  /** Available memory in bytes (u64). */
  readonly availableMemory: bigint;
  /** Uptime in µs (u64). */
  readonly runTime: bigint;
  /** Start time, µs since the Unix epoch (u64). */
  readonly startTime: bigint;
  /** Bytes read since start (u64). */
  readonly readBytes: bigint;
  /** Bytes written since start (u64). */
  readonly writtenBytes: bigint;
  /** Bytes of stored messages (u64). */
  readonly messagesSizeBytes: bigint;
  /** Number of streams. */
  readonly streamsCount: number;
  /** Number of topics. */
  readonly topicsCount: number;
  /** Number of partitions. */
  readonly partitionsCount: number;
  /** Number of segments. */
  readonly segmentsCount: number;
  /** Messages stored (u64). */
  readonly messagesCount: bigint;
  /** Connected clients. */
  readonly clientsCount: number;
  /** Consumer groups the client belongs to. */
  readonly consumerGroupsCount: number;
  /** Host name. */
  readonly hostname: string;
  /** Operating system name. */
  readonly osName: string;
  /** Operating system version. */
  readonly osVersion: string;
  /** Kernel version. */
  readonly kernelVersion: string;
  /** Server version text. */
  readonly iggyServerVersion: string;
  /** Packed semver, `null` when the server sent 0. */
  readonly iggyServerSemver: number | null;
  /** Cache metrics per partition. */
  readonly cacheMetrics: readonly CacheMetricEntry[];
  /** Server threads. */
  readonly threadsCount: number;
  /** Free disk space in bytes (u64). */
  readonly freeDiskSpace: bigint;
  /** Total disk space in bytes (u64). */
  readonly totalDiskSpace: bigint;
  /** 0 when an older server omitted the trailing pair. */
  readonly openFilesCount: bigint;
  /** Open files limit (u64); 0 when the server omitted it. */
  readonly openFilesLimit: bigint;
}

const STATS_U64_HEAD = [
  "memoryUsage",
  "totalMemory",
  "availableMemory",
  "runTime",
  "startTime",
  "readBytes",
  "writtenBytes",
  "messagesSizeBytes",
] as const;
const STATS_STRINGS = ["hostname", "osName", "osVersion", "kernelVersion", "iggyServerVersion"] as const;

/**
 * `StatsResponse`: a 108-byte numeric head, five u32-length strings, the semver (0 = none),
 * `[count:u32]` cache entries of 32 bytes, threads, disk space, and — only when bytes remain
 * — open files count and limit (older servers end before them; then both read as 0, and
 * re-encoding writes them).
 */
export const statsResponse: PayloadCodec<StatsResponse> = {
  name: "GetStats",
  encode(w, v) {
    w.u32le(v.processId);
    writeF32(w, v, "cpuUsage");
    writeF32(w, v, "totalCpuUsage");
    for (const k of STATS_U64_HEAD) w.u64le(v[k]);
    w.u32le(v.streamsCount);
    w.u32le(v.topicsCount);
    w.u32le(v.partitionsCount);
    w.u32le(v.segmentsCount);
    w.u64le(v.messagesCount);
    w.u32le(v.clientsCount);
    w.u32le(v.consumerGroupsCount);
    for (const k of STATS_STRINGS) u32String.encode(w, v[k]);
    if (v.iggyServerSemver === 0) throw invalidValue("GetStats", "iggyServerSemver 0 is written as null");
    w.u32le(v.iggyServerSemver ?? 0);
    w.u32le(v.cacheMetrics.length);
    for (const c of v.cacheMetrics) {
      w.u32le(c.streamId);
      w.u32le(c.topicId);
      w.u32le(c.partitionId);
      w.u64le(c.hits);
      w.u64le(c.misses);
      writeF32(w, c, "hitRatio");
    }
    w.u32le(v.threadsCount);
    w.u64le(v.freeDiskSpace);
    w.u64le(v.totalDiskSpace);
    w.u64le(v.openFilesCount);
    w.u64le(v.openFilesLimit);
  },
  sizeOf(v) {
    let n = 108 + 4 + 4 + 32 * v.cacheMetrics.length + 4 + 32;
    for (const k of STATS_STRINGS) n += 4 + utf8Length(v[k]);
    return n;
  },
  decode(r) {
    const processId = r.u32le();
    // Floats are read as bits so that NaN payloads survive (src/wire/float_bits.ts).
    const nan: FloatBits = {};
    const cpuUsage = readF32(r, nan, "cpuUsage");
    const totalCpuUsage = readF32(r, nan, "totalCpuUsage");
    const head: Record<string, bigint> = {};
    for (const k of STATS_U64_HEAD) head[k] = r.u64le();
    const streamsCount = r.u32le();
    const topicsCount = r.u32le();
    const partitionsCount = r.u32le();
    const segmentsCount = r.u32le();
    const messagesCount = r.u64le();
    const clientsCount = r.u32le();
    const consumerGroupsCount = r.u32le();
    const strings: Record<string, string> = {};
    for (const k of STATS_STRINGS) strings[k] = u32String.decode(r);
    const semver = r.u32le();
    const count = r.u32le();
    const cacheMetrics: CacheMetricEntry[] = [];
    for (let i = 0; i < count; i++) {
      const cnan: FloatBits = {};
      cacheMetrics.push(attachFloatBits({
        streamId: r.u32le(),
        topicId: r.u32le(),
        partitionId: r.u32le(),
        hits: r.u64le(),
        misses: r.u64le(),
        hitRatio: readF32(r, cnan, "hitRatio"),
      }, cnan));
    }
    const threadsCount = r.u32le();
    const freeDiskSpace = r.u64le();
    const totalDiskSpace = r.u64le();
    let openFilesCount = 0n;
    let openFilesLimit = 0n;
    if (r.remaining > 0) {
      openFilesCount = r.u64le();
      openFilesLimit = r.u64le();
    }
    return attachFloatBits({
      processId,
      cpuUsage,
      totalCpuUsage,
      ...head,
      streamsCount,
      topicsCount,
      partitionsCount,
      segmentsCount,
      messagesCount,
      clientsCount,
      consumerGroupsCount,
      ...strings,
      iggyServerSemver: semver === 0 ? null : semver,
      cacheMetrics,
      threadsCount,
      freeDiskSpace,
      totalDiskSpace,
      openFilesCount,
      openFilesLimit,
    }, nan) as unknown as StatsResponse;
  },
};

// ---------------------------------------------------------------------------------------------
// GetSnapshot

/** Snapshot archive compression codes. */
export const SNAPSHOT_COMPRESSION = { stored: 1, deflated: 2, bzip2: 3, zstd: 4, lzma: 5, xz: 6 } as const;
/** Snapshot content codes. */
export const SNAPSHOT_TYPES = {
  filesystemOverview: 1,
  processList: 2,
  resourceUsage: 3,
  test: 4,
  serverLogs: 5,
  serverConfig: 6,
  all: 100,
} as const;

/** GetSnapshot request: a compression code and the content codes (raw bytes, unchecked). */
export interface GetSnapshotRequest {
  /** Archive compression code. */
  readonly compression: number;
  /** At most 255 codes. */
  readonly snapshotTypes: readonly number[];
}

/** `[compression:u8][count:u8][type:u8 × count]`. */
export const getSnapshotRequest: PayloadCodec<GetSnapshotRequest> = {
  name: "GetSnapshot",
  encode(w, v) {
    if (v.snapshotTypes.length > 255) throw invalidValue("GetSnapshot", "more than 255 snapshot types");
    w.u8(v.compression);
    w.u8(v.snapshotTypes.length);
    for (const t of v.snapshotTypes) w.u8(t);
  },
  sizeOf: (v) => 2 + v.snapshotTypes.length,
  decode(r) {
    const compression = r.u8();
    const count = r.u8();
    const snapshotTypes: number[] = [];
    for (let i = 0; i < count; i++) snapshotTypes.push(r.u8());
    return { compression, snapshotTypes };
  },
};

/** GetSnapshot response: the archive bytes (the whole payload, a view). */
export interface GetSnapshotResponse {
  /** The bytes (a view into the payload). */
  readonly data: Uint8Array;
}

/** The whole payload. */
export const getSnapshotResponse: PayloadCodec<GetSnapshotResponse> = {
  name: "GetSnapshot",
  encode: (w, v) => w.bytes(v.data),
  sizeOf: (v) => v.data.length,
  decode: (r) => ({ data: readBytes(r, r.remaining) }),
};

// ---------------------------------------------------------------------------------------------
// GetClusterMetadata

/** One cluster node. */
export interface ClusterNodeResponse {
  /** The replica id. */
  readonly replicaId: number;
  /** The name (1–255 UTF-8 bytes). */
  readonly name: string;
  /** IP address. */
  readonly ip: string;
  /** TCP port. */
  readonly tcpPort: number;
  /** QUIC port. */
  readonly quicPort: number;
  /** HTTP port. */
  readonly httpPort: number;
  /** WebSocket port. */
  readonly websocketPort: number;
  /** 0 leader, 1 follower (not checked on the wire). */
  readonly role: number;
  /** 0 healthy, 1 starting, 2 stopping, 3 unreachable, 4 maintenance (not checked). */
  readonly status: number;
}

/** The cluster and its nodes. */
export interface ClusterMetadataResponse {
  /** The name (1–255 UTF-8 bytes). */
  readonly name: string;
  /** The nodes. */
  readonly nodes: readonly ClusterNodeResponse[];
}

const clusterNode: PayloadCodec<ClusterNodeResponse> = {
  name: "ClusterNodeResponse",
  encode(w, v) {
    w.u8(v.replicaId);
    u32String.encode(w, v.name);
    u32String.encode(w, v.ip);
    w.u16le(v.tcpPort);
    w.u16le(v.quicPort);
    w.u16le(v.httpPort);
    w.u16le(v.websocketPort);
    w.u8(v.role);
    w.u8(v.status);
  },
  sizeOf: (v) => 19 + utf8Length(v.name) + utf8Length(v.ip),
  decode: (r) => ({
    replicaId: r.u8(),
    name: u32String.decode(r),
    ip: u32String.decode(r),
    tcpPort: r.u16le(),
    quicPort: r.u16le(),
    httpPort: r.u16le(),
    websocketPort: r.u16le(),
    role: r.u8(),
    status: r.u8(),
  }),
};

/** `[name:u32+utf8][count:u32][node × count]`. */
export const clusterMetadataResponse: PayloadCodec<ClusterMetadataResponse> = {
  name: "GetClusterMetadata",
  encode(w, v) {
    u32String.encode(w, v.name);
    w.u32le(v.nodes.length);
    for (const n of v.nodes) clusterNode.encode(w, n);
  },
  sizeOf: (v) => 8 + utf8Length(v.name) + sizeOfAll(clusterNode, v.nodes),
  decode(r) {
    const name = u32String.decode(r);
    const count = r.u32le();
    const nodes: ClusterNodeResponse[] = [];
    for (let i = 0; i < count; i++) nodes.push(clusterNode.decode(r));
    return { name, nodes };
  },
};

// ---------------------------------------------------------------------------------------------
// DescribeOptions

/** Option catalog scopes. */
export const OPTIONS_SCOPE = { topic: 1, stream: 2, user: 3 } as const;

/** DescribeOptions request. */
export interface DescribeOptionsRequest {
  /** 1 topic, 2 stream, 3 user. */
  readonly scope: number;
}

/** `[scope:u8]`; a scope outside 1–3 is `INVALID_VALUE` (also on encode). */
export const describeOptionsRequest: PayloadCodec<DescribeOptionsRequest> = {
  name: "DescribeOptions",
  encode(w, v) {
    if (!(v.scope >= 1 && v.scope <= 3)) {
      throw invalidValue("DescribeOptions", `unknown options scope: ${v.scope}`);
    }
    w.u8(v.scope);
  },
  sizeOf: () => 1,
  decode(r) {
    const start = r.pos;
    const scope = r.u8();
    if (scope < 1 || scope > 3) throw invalid(r, `unknown options scope: ${scope}`, start);
    return { scope };
  },
};

/** One option the server accepts. */
export interface OptionDescriptor {
  /** The key. */
  readonly key: string;
  /** Header kind code of the value. */
  readonly kind: number;
  /** Descriptor flags. */
  readonly flags: number;
  /** Default value bytes (a view). */
  readonly defaultValue: Uint8Array;
  /** Decoded leniently: malformed UTF-8 becomes U+FFFD, as the crate does. */
  readonly description: string;
}

/** DescribeOptions response. */
export interface DescribeOptionsResponse {
  /** The entries. */
  readonly entries: readonly OptionDescriptor[];
}

const optionDescriptor: PayloadCodec<OptionDescriptor> = {
  name: "OptionDescriptor",
  encode(w, v) {
    wireName.encode(w, v.key);
    w.u8(v.kind);
    w.u8(v.flags);
    w.u32le(v.defaultValue.length);
    w.bytes(v.defaultValue);
    u32String.encode(w, v.description);
  },
  sizeOf: (v) => 1 + utf8Length(v.key) + 10 + v.defaultValue.length + utf8Length(v.description),
  decode(r) {
    const key = wireName.decode(r);
    const kind = r.u8();
    const flags = r.u8();
    const defaultValue = readBytes(r, r.u32le());
    const n = r.u32le();
    r.need(n);
    return { key, kind, flags, defaultValue, description: r.utf8Lenient(n) };
  },
};

/** `[count:u32][descriptor × count]`, each `[key:WireName][kind:u8][flags:u8][default:u32+bytes][description:u32+utf8]`. */
export const describeOptionsResponse: PayloadCodec<DescribeOptionsResponse> = {
  name: "DescribeOptions",
  encode(w, v) {
    w.u32le(v.entries.length);
    for (const e of v.entries) optionDescriptor.encode(w, e);
  },
  sizeOf: (v) => 4 + sizeOfAll(optionDescriptor, v.entries),
  decode(r) {
    const count = r.u32le();
    const entries: OptionDescriptor[] = [];
    for (let i = 0; i < count; i++) entries.push(optionDescriptor.decode(r));
    return { entries };
  },
};

// ---------------------------------------------------------------------------------------------
// UpdateResource

/** What an UpdateResource patch applies to. JSON form `{ "kind": "topic", "streamId", "topicId" }`. */
export type ResourceTarget =
  | { readonly kind: "topic"; readonly streamId: Identifier; readonly topicId: Identifier }
  | { readonly kind: "stream"; readonly streamId: Identifier }
  | { readonly kind: "user"; readonly userId: Identifier };

/** Most keys one patch resets. */
export const MAX_RESET_KEYS = 255;

/** UpdateResource request: set `options`, reset the `reset` keys to their defaults. */
export interface UpdateResourceRequest {
  /** The stream, topic or user the patch applies to. */
  readonly target: ResourceTarget;
  /** Distinct keys, at most 255. */
  readonly reset: readonly string[];
  /** Options block to set (raw, validated). */
  readonly options: Uint8Array;
}

const resourceTarget: PayloadCodec<ResourceTarget> = {
  name: "ResourceTarget",
  encode(w, v) {
    switch (v.kind) {
      case "topic":
        w.u8(1);
        identifier.encode(w, v.streamId);
        identifier.encode(w, v.topicId);
        return;
      case "stream":
        w.u8(2);
        identifier.encode(w, v.streamId);
        return;
      case "user":
        w.u8(3);
        identifier.encode(w, v.userId);
        return;
      default:
        throw invalidValue("ResourceTarget", `unknown resource kind ${(v as { kind: unknown }).kind}`);
    }
  },
  sizeOf: (v) =>
    1 +
    (v.kind === "topic"
      ? identifier.sizeOf(v.streamId) + identifier.sizeOf(v.topicId)
      : identifier.sizeOf(v.kind === "stream" ? v.streamId : v.userId)),
  decode(r) {
    const start = r.pos;
    const scope = r.u8();
    if (scope === 1) return { kind: "topic", streamId: identifier.decode(r), topicId: identifier.decode(r) };
    if (scope === 2) return { kind: "stream", streamId: identifier.decode(r) };
    if (scope === 3) return { kind: "user", userId: identifier.decode(r) };
    throw invalid(r, `unknown resource scope: ${scope}`, start);
  },
};

function checkPatch(reset: readonly string[], options: Uint8Array, fail: (detail: string) => Error): void {
  if (reset.length === 0 && options.length === 0) throw fail("the patch sets and resets nothing");
  if (reset.length === 0) return;
  const resetSet = new Set(reset);
  const dec = new TextDecoder();
  for (const e of iterateUserHeaders(options)) {
    if (resetSet.has(dec.decode(e.key))) throw fail("a key is both set and reset");
  }
}

/**
 * `[target][reset_count:u8][WireName × count][options block to the end]`. Decoding rejects
 * (`INVALID_VALUE`) an unknown scope, a key reset twice (as soon as the second is read), a key
 * both set and reset, and a patch that does nothing; encoding rejects the same values.
 */
export const updateResourceRequest: PayloadCodec<UpdateResourceRequest> = {
  name: "UpdateResource",
  encode(w, v) {
    if (v.reset.length > MAX_RESET_KEYS) {
      throw invalidValue("UpdateResource", "more reset keys than one patch carries");
    }
    if (new Set(v.reset).size !== v.reset.length) {
      throw invalidValue("UpdateResource", "a reset key is named twice");
    }
    validateOptions(v.options);
    checkPatch(v.reset, v.options, (d) => invalidValue("UpdateResource", d));
    resourceTarget.encode(w, v.target);
    w.u8(v.reset.length);
    for (const k of v.reset) wireName.encode(w, k);
    w.bytes(v.options);
  },
  sizeOf(v) {
    let n = resourceTarget.sizeOf(v.target) + 1 + v.options.length;
    for (const k of v.reset) n += 1 + utf8Length(k);
    return n;
  },
  decode(r) {
    const target = resourceTarget.decode(r);
    const count = r.u8();
    const reset: string[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < count; i++) {
      const k = wireName.decode(r);
      if (seen.has(k)) throw invalid(r, "a reset key is named twice");
      seen.add(k);
      reset.push(k);
    }
    const options = optionsToEnd.decode(r);
    checkPatch(reset, options, (d) => invalid(r, d));
    return { target, reset, options };
  },
};

// ---------------------------------------------------------------------------------------------
// Sessions

/** A registered client session and the metadata frontier it has seen. */
export interface SessionIdentity {
  /** u128. */
  readonly clientId: bigint;
  /** The session number (u64). */
  readonly session: bigint;
  /** The metadata frontier the session has seen (u64). */
  readonly metadataWatermark: bigint;
}

/** `[client_id:u128][session:u64][metadata_watermark:u64]`, 32 bytes. */
export const sessionIdentity: PayloadCodec<SessionIdentity> = {
  name: "SessionIdentity",
  encode(w, v) {
    w.u128le(v.clientId);
    w.u64le(v.session);
    w.u64le(v.metadataWatermark);
  },
  sizeOf: () => 32,
  decode: (r) => ({ clientId: r.u128le(), session: r.u64le(), metadataWatermark: r.u64le() }),
};

/** BindSession request: authenticate a connection to an existing session. */
export interface BindSessionRequest {
  /** Who the client is (protocol version, SDK). */
  readonly versionInfo: ClientVersionInfo;
  /** The session. */
  readonly identity: SessionIdentity;
  /** 32 bytes. */
  readonly bindSecret: Uint8Array;
}

/** `[ClientVersionInfo][SessionIdentity][bind_secret:32]`. */
export const bindSessionRequest: PayloadCodec<BindSessionRequest> = {
  name: "BindSession",
  encode(w, v) {
    if (v.bindSecret.length !== BIND_SECRET_BYTES) {
      throw invalidValue("BindSession", "bind secret must be 32 bytes");
    }
    clientVersionInfo.encode(w, v.versionInfo);
    sessionIdentity.encode(w, v.identity);
    w.bytes(v.bindSecret);
  },
  sizeOf: (v) => clientVersionInfo.sizeOf(v.versionInfo) + 32 + BIND_SECRET_BYTES,
  decode: (r) => ({
    versionInfo: clientVersionInfo.decode(r),
    identity: sessionIdentity.decode(r),
    bindSecret: readBytes(r, BIND_SECRET_BYTES),
  }),
};

/** FinalizeSession body (operation 70). */
export interface FinalizeSessionRequest {
  /** The session. */
  readonly identity: SessionIdentity;
  /** The namespace revision the retirement evidence covers (u64). */
  readonly namespaceRevision: bigint;
}

/** `[SessionIdentity][namespace_revision:u64]`; whole-payload decoding rejects trailing bytes. */
export const finalizeSessionRequest: PayloadCodec<FinalizeSessionRequest> = {
  name: "FinalizeSession",
  trailing: "reject",
  encode(w, v) {
    sessionIdentity.encode(w, v.identity);
    w.u64le(v.namespaceRevision);
  },
  sizeOf: () => 40,
  decode: (r) => ({ identity: sessionIdentity.decode(r), namespaceRevision: r.u64le() }),
};

/** Most identities in one RetireSessions body. */
export const MAX_SESSIONS_PER_RETIREMENT = 128;

/** RetireSessions body (operation 166). */
export interface RetireSessionsRequest {
  /** 1–128 ended sessions: non-zero client and session, watermark ≥ session. */
  readonly identities: readonly SessionIdentity[];
}

function checkRetired(id: SessionIdentity): boolean {
  return id.clientId !== 0n && id.session !== 0n && id.metadataWatermark >= id.session;
}

/**
 * `[SessionIdentity]*` filling the whole payload: 1–128 of them, or `INVALID_VALUE` (also for
 * a length that is not a multiple of 32, and for an identity that is not a retired session).
 */
export const retireSessionsRequest: PayloadCodec<RetireSessionsRequest> = {
  name: "RetireSessions",
  encode(w, v) {
    const n = v.identities.length;
    if (n === 0 || n > MAX_SESSIONS_PER_RETIREMENT) {
      throw invalidValue("RetireSessions", "invalid session retirement batch length");
    }
    for (const id of v.identities) {
      if (!checkRetired(id)) throw invalidValue("RetireSessions", "invalid session retirement identity");
      sessionIdentity.encode(w, id);
    }
  },
  sizeOf: (v) => 32 * v.identities.length,
  decode(r) {
    const n = r.remaining;
    if (n === 0 || n % 32 !== 0 || n / 32 > MAX_SESSIONS_PER_RETIREMENT) {
      throw invalid(r, "invalid session retirement batch length");
    }
    const identities: SessionIdentity[] = [];
    while (r.pos < r.end) {
      const at = r.pos;
      const id = sessionIdentity.decode(r);
      if (!checkRetired(id)) throw invalid(r, "invalid session retirement identity", at);
      identities.push(id);
    }
    return { identities };
  },
};

// ---------------------------------------------------------------------------------------------

/** The system commands, for the dispatch table (GetMe/GetClient/GetClients responses: clients). */
export const systemCommands = [
  { code: CommandCode.Ping, name: "Ping", request: pingRequest, response: emptyResponse },
  { code: CommandCode.GetStats, name: "GetStats", request: getStatsRequest, response: statsResponse },
  {
    code: CommandCode.GetSnapshot,
    name: "GetSnapshot",
    request: getSnapshotRequest,
    response: getSnapshotResponse,
  },
  {
    code: CommandCode.GetClusterMetadata,
    name: "GetClusterMetadata",
    request: getClusterMetadataRequest,
    response: clusterMetadataResponse,
  },
  {
    code: CommandCode.DescribeOptions,
    name: "DescribeOptions",
    request: describeOptionsRequest,
    response: describeOptionsResponse,
  },
  { code: CommandCode.BindSession, name: "BindSession", request: bindSessionRequest, response: rawResponse },
  {
    code: CommandCode.UpdateResource,
    name: "UpdateResource",
    request: updateResourceRequest,
    response: emptyResponse,
  },
] as const satisfies readonly CommandCodecs[];

/** The session bodies that travel by operation only. */
export const systemOperations: readonly OperationCodec[] = [
  { operation: 70, name: "FinalizeSession", body: finalizeSessionRequest },
  { operation: 166, name: "RetireSessions", body: retireSessionsRequest },
];
