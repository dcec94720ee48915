/**
 * The in-memory Iggy "server" behind the loopback endpoint: just enough streams, topics,
 * partitions, messages, users, personal access tokens, consumer groups and offsets to answer the
 * SDK's scripted session truthfully (polls return what was sent, offsets persist within the run,
 * permissions are enforced where the script checks an error path). It sees decoded requests
 * from the library's `IggyServerConnection` and answers with a reply frame built by it.
 *
 * @module
 */

import {
  type BatchMessageInput,
  buildOptions,
  commandCodecsAt,
  DEFAULT_IGGY_REVISION,
  encodeBatch,
  encodePayload,
  EvictionReason,
  type Identifier,
  iggyRevision,
  type IggyServerConnection,
  type IncomingRequest,
  isPartitionOperation,
  loginRegisterResponse,
  MessageCursor,
  Operation,
  optionEntries,
  type Permissions,
} from "../../src/iggy/mod.ts";

/** IggyError codes the model answers with (iggy_common's `IggyError::as_code`). */
export const E = {
  InvalidCommand: 3,
  FeatureUnavailable: 5,
  ResourceNotFound: 20,
  Unauthenticated: 40,
  Unauthorized: 41,
  InvalidCredentials: 42,
  UserAlreadyExists: 46,
  PersonalAccessTokenAlreadyExists: 51,
  InvalidPersonalAccessToken: 53,
  InvalidPersonalAccessTokenExpiry: 56,
  StreamIdNotFound: 1009,
  StreamNameNotFound: 1010,
  StreamNameAlreadyExists: 1012,
  TopicIdNotFound: 2010,
  TopicNameNotFound: 2011,
  TopicNameAlreadyExists: 2013,
  PartitionNotFound: 3007,
  ConsumerOffsetNotFound: 3021,
  SegmentNotFound: 4000,
  ConsumerGroupIdNotFound: 5000,
  ConsumerGroupNameNotFound: 5003,
  ConsumerGroupNameAlreadyExists: 5004,
  ConsumerGroupMemberNotFound: 5006,
} as const;

class Refusal extends Error {
  readonly code: number;
  constructor(code: number) {
    super(`refused with ${code}`);
    this.code = code;
  }
}
const refuse = (code: number): never => {
  throw new Refusal(code);
};

interface StoredMessage {
  offset: bigint;
  timestamp: bigint;
  id: bigint;
  originTimestamp: bigint;
  payload: Uint8Array;
  userHeaders: Uint8Array;
}

interface Partition {
  id: number;
  createdAt: bigint;
  incarnation: bigint;
  messages: StoredMessage[];
  segments: number;
}

interface Group {
  id: number;
  name: string;
  members: Map<number, number[]>; // client (connection) id -> partitions
}

interface Topic {
  id: number;
  name: string;
  createdAt: bigint;
  options: Uint8Array;
  partitions: Partition[];
  groups: Map<number, Group>;
  nextGroupId: number;
  /** Consumer offsets: "c:<id>:<partition>" (consumer), "x:<id>:<partition>" (external group) or "g:<groupId>:<partition>". */
  offsets: Map<string, bigint>;
}

interface Stream {
  id: number;
  name: string;
  createdAt: bigint;
  options: Uint8Array;
  topics: Map<number, Topic>;
  nextTopicId: number;
}

interface User {
  id: number;
  username: string;
  password: string;
  status: number;
  createdAt: bigint;
  permissions: Permissions | null;
}

interface Token {
  name: string;
  token: string;
  userId: number;
  /** µs since the epoch when it expires; 0 when it never does (the wire's "none"). */
  expiryAt: bigint;
}

/** One client connection as the model sees it. */
export interface ClientState {
  readonly id: number;
  readonly address: string;
  readonly connection: IggyServerConnection;
  userId: number | null;
}

const ROOT = 0;
const EMPTY = new Uint8Array(0);
const SINGLE_NODE = new Uint8Array([0]);
const U64_MAX = 0xffff_ffff_ffff_ffffn;
/** An empty ZIP archive (just the end-of-central-directory record): the model has no files to snapshot. */
const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
const UPDATABLE_RESETTABLE = 0b11;
/** The option catalog DescribeOptions serves, by scope (1 topic, 2 stream, 3 user): the keys the model keeps. */
const OPTION_CATALOG: Record<number, { key: string; kind: number; description: string }[]> = {
  1: [
    { key: "message_expiry", kind: 12, description: "message expiry, microseconds (kept, not enforced)" },
    { key: "max_topic_size", kind: 12, description: "topic size cap, bytes (kept, not enforced)" },
    { key: "compression_algorithm", kind: 2, description: "compression algorithm name (kept)" },
  ],
  2: [],
  3: [],
};
const enc = new TextEncoder();
const dec = new TextDecoder();

function micros(): bigint {
  return BigInt(Date.now()) * 1000n;
}

/** The model. One instance serves every connection of a run. */
export class IggyModel {
  readonly streams = new Map<number, Stream>();
  readonly users = new Map<number, User>();
  readonly tokens: Token[] = [];
  readonly clients = new Map<number, ClientState>();
  #nextStream = 1;
  #nextUser = 1;
  #nextClient = 1;
  #nextSession = 100n;
  readonly #sessionUsers = new Map<bigint, number>();
  #metadataOp = 0n;
  #partitionOp = 0n;
  #incarnation = 0n;
  #port = 0;
  /** The protocol version the model's login replies announce: its revision's. */
  readonly #protocolVersion: number;
  readonly #revision: string;

  /** A response body in the layout of the model's revision. */
  #encode(code: number, value: unknown): Uint8Array {
    return encodePayload(commandCodecsAt(this.#revision, code).response, value);
  }

  /** A model whose replies speak `options.revision` (default: the library's default revision). */
  constructor(options: { revision?: string } = {}) {
    const revision = iggyRevision(options.revision ?? DEFAULT_IGGY_REVISION);
    this.#protocolVersion = revision.protocolVersion;
    this.#revision = revision.name;
    this.users.set(ROOT, {
      id: ROOT,
      username: "iggy",
      password: "iggy",
      status: 1,
      createdAt: micros(),
      permissions: null,
    });
  }

  /** The port the endpoint listens on (the cluster metadata names it). */
  set port(p: number) {
    this.#port = p;
  }

  /** Registers a new connection. */
  connect(connection: IggyServerConnection, address: string): ClientState {
    const c: ClientState = { id: this.#nextClient++, address, connection, userId: null };
    this.clients.set(c.id, c);
    return c;
  }

  /** Forgets a closed connection (and its consumer group memberships). */
  disconnect(c: ClientState): void {
    this.clients.delete(c.id);
    for (const s of this.streams.values()) {
      for (const t of s.topics.values()) for (const g of t.groups.values()) g.members.delete(c.id);
    }
  }

  /** Answers one request: the reply frame to write, and whether to close the connection after it. */
  handle(c: ClientState, req: IncomingRequest): { frame: Uint8Array; close: boolean } {
    const conn = c.connection;
    if (req.code === 40 || req.code === 45) return this.#login(c, req);
    if (req.code === 15) {
      // BindSession: the connection machine has checked the session and its bind secret.
      const userId = this.#sessionUsers.get(req.header.session)!;
      c.userId = userId;
      const body = encodePayload(loginRegisterResponse, {
        userId,
        session: req.header.session,
        serverProtocolVersion: this.#protocolVersion,
        serverVersion: "streamwire-endpoint",
      });
      return { frame: conn.reply(req, body), close: false };
    }
    try {
      if (req.code !== 1 && c.userId === null) refuse(E.Unauthenticated);
      const r = this.#dispatch(c, req);
      const op = this.#opFor(req);
      return { frame: conn.reply(req, r ?? EMPTY, op === undefined ? undefined : { op }), close: false };
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      const op = this.#opFor(req);
      return { frame: conn.reject(req, e.code, op === undefined ? undefined : { op }), close: false };
    }
  }

  #opFor(req: IncomingRequest): bigint | undefined {
    const operation = req.header.operation as Operation;
    if (operation === Operation.NonReplicated) return undefined; // reads commit nothing
    if (isPartitionOperation(operation)) return ++this.#partitionOp; // the partition's own log
    return ++this.#metadataOp;
  }

  #login(c: ClientState, req: IncomingRequest): { frame: Uint8Array; close: boolean } {
    const body = req.payload as { kind: string; username?: string; password?: string; token?: string };
    let user: User | undefined;
    if (body.kind === "password") {
      user = [...this.users.values()].find((u) => u.username === body.username);
      if (user === undefined || user.password !== body.password) {
        return { frame: c.connection.evict(req, EvictionReason.InvalidCredentials), close: true };
      }
    } else {
      const t = this.tokens.find((t) => t.token === body.token);
      if (t === undefined) {
        return { frame: c.connection.evict(req, EvictionReason.InvalidToken), close: true };
      }
      user = this.users.get(t.userId);
    }
    if (user === undefined || user.status !== 1) {
      return { frame: c.connection.evict(req, EvictionReason.UserInactive), close: true };
    }
    c.userId = user.id;
    const session = this.#nextSession++;
    this.#sessionUsers.set(session, user.id);
    const response = encodePayload(loginRegisterResponse, {
      userId: user.id,
      session,
      serverProtocolVersion: this.#protocolVersion,
      serverVersion: "streamwire-endpoint",
    });
    return {
      frame: c.connection.acceptLogin(req, session, response, { op: ++this.#metadataOp }),
      close: false,
    };
  }

  #requireRoot(c: ClientState): void {
    if (c.userId !== ROOT) refuse(E.Unauthorized);
  }

  /** Root, or a user whose global permissions allow sending messages. */
  #requireWrite(c: ClientState): void {
    if (c.userId === ROOT) return;
    // deno-lint-ignore no-explicit-any
    const perms = this.users.get(c.userId!)?.permissions as any;
    if (!perms?.global?.sendMessages && !perms?.global?.manageStreams) refuse(E.Unauthorized);
  }

  #findUser(id: Identifier): User | undefined {
    if (id.kind === "numeric") return this.users.get(id.value);
    return [...this.users.values()].find((u) => u.username === id.value);
  }

  #userInfo(u: User) {
    return {
      id: u.id,
      createdAt: u.createdAt,
      status: u.status,
      username: u.username,
      options: EMPTY,
      derivedOptions: EMPTY,
    };
  }

  #clientInfo(c: ClientState) {
    let groups = 0;
    for (const s of this.streams.values()) {
      for (const t of s.topics.values()) for (const g of t.groups.values()) if (g.members.has(c.id)) groups++;
    }
    return {
      clientId: c.id,
      userId: c.userId ?? 0,
      transport: 1,
      address: c.address,
      consumerGroupsCount: groups,
    };
  }

  #clientDetails(c: ClientState) {
    const consumerGroups = [];
    for (const s of this.streams.values()) {
      for (const t of s.topics.values()) {
        for (const g of t.groups.values()) {
          if (g.members.has(c.id)) consumerGroups.push({ streamId: s.id, topicId: t.id, groupId: g.id });
        }
      }
    }
    return { client: this.#clientInfo(c), consumerGroups };
  }

  #stats() {
    let topics = 0, partitions = 0, messages = 0n, groups = 0;
    for (const s of this.streams.values()) {
      for (const t of s.topics.values()) {
        topics++;
        groups += t.groups.size;
        partitions += t.partitions.length;
        for (const part of t.partitions) messages += BigInt(part.messages.length);
      }
    }
    return {
      processId: 1,
      cpuUsage: 0,
      totalCpuUsage: 0,
      memoryUsage: 0n,
      totalMemory: 0n,
      availableMemory: 0n,
      runTime: 0n,
      startTime: 0n,
      readBytes: 0n,
      writtenBytes: 0n,
      messagesSizeBytes: 0n,
      streamsCount: this.streams.size,
      topicsCount: topics,
      partitionsCount: partitions,
      segmentsCount: partitions,
      messagesCount: messages,
      clientsCount: this.clients.size,
      consumerGroupsCount: groups,
      hostname: "localhost",
      osName: "streamwire",
      osVersion: "1",
      kernelVersion: "1",
      iggyServerVersion: "streamwire-endpoint",
      iggyServerSemver: null,
      cacheMetrics: [],
      threadsCount: 1,
      freeDiskSpace: 0n,
      totalDiskSpace: 0n,
      openFilesCount: 0n,
      openFilesLimit: 0n,
    };
  }

  #groupInfo(t: Topic, g: Group) {
    return { id: g.id, partitionsCount: t.partitions.length, membersCount: g.members.size, name: g.name };
  }

  #groupDetails(t: Topic, g: Group) {
    return {
      group: this.#groupInfo(t, g),
      members: [...g.members.entries()].map(([id, parts]) => ({
        id,
        partitionsCount: parts.length,
        partitions: parts,
      })),
    };
  }

  /** Round-robin assignment of the topic's partitions over the members, in join order. */
  #rebalance(t: Topic, g: Group): void {
    const members = [...g.members.keys()];
    for (const m of members) g.members.set(m, []);
    for (let i = 0; i < t.partitions.length && members.length > 0; i++) {
      g.members.get(members[i % members.length])!.push(i);
    }
  }

  // deno-lint-ignore no-explicit-any
  #offsetKey(c: ClientState, t: Topic, p: any): { key: string; partition: number } {
    if (p.consumer.kind === "consumerGroup") {
      const g = this.#group(t, p.consumer.id);
      const partition = p.partitionId ?? g.members.get(c.id)?.[0] ?? 0;
      return { key: `g:${g.id}:${partition}`, partition };
    }
    const partition = p.partitionId ?? 0;
    // A plain consumer and an external group may share an id; their offsets are apart.
    const kind = p.consumer.kind === "consumer" ? "c" : "x";
    return { key: `${kind}:${idText(p.consumer.id)}:${partition}`, partition };
  }

  #stream(id: Identifier): Stream {
    if (id.kind === "numeric") return this.streams.get(id.value) ?? refuse(E.StreamIdNotFound);
    for (const s of this.streams.values()) if (s.name === id.value) return s;
    return refuse(E.StreamNameNotFound);
  }

  #findStream(id: Identifier): Stream | undefined {
    try {
      return this.#stream(id);
    } catch {
      return undefined;
    }
  }

  #topic(sid: Identifier, tid: Identifier): Topic {
    const s = this.#stream(sid);
    if (tid.kind === "numeric") return s.topics.get(tid.value) ?? refuse(E.TopicIdNotFound);
    for (const t of s.topics.values()) if (t.name === tid.value) return t;
    return refuse(E.TopicNameNotFound);
  }

  #partition(t: Topic, id: number): Partition {
    return t.partitions[id] ?? refuse(E.PartitionNotFound);
  }

  #streamResponse(s: Stream) {
    let size = 0n, count = 0n;
    for (const t of s.topics.values()) {
      for (const p of t.partitions) {
        count += BigInt(p.messages.length);
        for (const m of p.messages) size += BigInt(64 + m.payload.length + m.userHeaders.length);
      }
    }
    return {
      id: s.id,
      createdAt: s.createdAt,
      topicsCount: s.topics.size,
      sizeBytes: size,
      messagesCount: count,
      name: s.name,
      options: s.options,
      derivedOptions: EMPTY,
    };
  }

  #topicHeader(t: Topic) {
    let size = 0n, count = 0n;
    for (const p of t.partitions) {
      count += BigInt(p.messages.length);
      for (const m of p.messages) size += BigInt(64 + m.payload.length + m.userHeaders.length);
    }
    return {
      id: t.id,
      createdAt: t.createdAt,
      partitionsCount: t.partitions.length,
      sizeBytes: size,
      messagesCount: count,
      name: t.name,
      options: t.options,
      derivedOptions: EMPTY,
      // 0.11.0 lays these three settings out as fields of the header (later revisions only
      // carry them as options): read from the options the topic was given.
      messageExpiry: uint64Option(t.options, "message_expiry"),
      compressionAlgorithm: 1,
      maxTopicSize: uint64Option(t.options, "max_topic_size"),
    };
  }

  #topicDetails(t: Topic) {
    return {
      topic: this.#topicHeader(t),
      partitions: t.partitions.map((p) => ({
        id: p.id,
        createdAt: p.createdAt,
        segmentsCount: p.segments,
        currentOffset: p.messages.length === 0 ? 0n : p.messages[p.messages.length - 1].offset,
        sizeBytes: p.messages.reduce((n, m) => n + BigInt(64 + m.payload.length + m.userHeaders.length), 0n),
        messagesCount: BigInt(p.messages.length),
        context: { incarnation: p.incarnation, ownerGeneration: 0n, metadataOp: this.#metadataOp },
        // From edge.8 on a partition lists its replicas; the model is one node (id 0).
        members: SINGLE_NODE,
        inSyncMembers: SINGLE_NODE,
      })),
    };
  }

  #newPartition(id: number): Partition {
    return { id, createdAt: micros(), incarnation: ++this.#incarnation, messages: [], segments: 1 };
  }

  #dispatch(c: ClientState, req: IncomingRequest): Uint8Array | undefined {
    // deno-lint-ignore no-explicit-any
    const p = req.payload as any;
    switch (req.code) {
      case 1: // Ping
        return undefined;
      case 12: // GetClusterMetadata
        return this.#encode(12, {
          name: "streamwire-endpoint",
          nodes: [{
            replicaId: 0,
            name: "node-0",
            ip: "127.0.0.1",
            tcpPort: this.#port,
            quicPort: 0,
            httpPort: 0,
            websocketPort: 0,
            role: 0,
            status: 0,
          }],
        });
      case 202: { // CreateStream
        this.#requireRoot(c);
        for (const s of this.streams.values()) if (s.name === p.name) refuse(E.StreamNameAlreadyExists);
        const s: Stream = {
          id: this.#nextStream++,
          name: p.name,
          createdAt: micros(),
          options: p.options,
          topics: new Map(),
          nextTopicId: 1,
        };
        this.streams.set(s.id, s);
        return this.#encode(202, this.#streamResponse(s));
      }
      case 200: { // GetStream
        const s = this.#findStream(p.streamId);
        if (s === undefined) return EMPTY;
        return this.#encode(200, {
          stream: this.#streamResponse(s),
          topics: [...s.topics.values()].map((t) => this.#topicHeader(t)),
        });
      }
      case 201: // GetStreams
        return this.#encode(201, {
          streams: [...this.streams.values()].map((s) => this.#streamResponse(s)),
        });
      case 203: { // DeleteStream
        this.#requireRoot(c);
        const s = this.#stream(p.streamId);
        this.streams.delete(s.id);
        return undefined;
      }
      case 11: // GetSnapshot
        this.#requireRoot(c);
        return this.#encode(11, { data: EMPTY_ZIP });
      case 13: { // DescribeOptions
        const catalog = OPTION_CATALOG[p.scope] ?? refuse(E.InvalidCommand);
        return this.#encode(13, {
          entries: catalog.map((o) => ({ ...o, flags: UPDATABLE_RESETTABLE, defaultValue: EMPTY })),
        });
      }
      case 17: { // GetMetadataChanges
        this.#requireRoot(c);
        // The model keeps no change log: every page is empty, at the model's head.
        const head = this.#metadataOp;
        return this.#encode(17, {
          status: "ok",
          phase: "changes",
          logId: null,
          oldestOp: head,
          retainedSince: head,
          headOp: head,
          next: null,
          hasMore: false,
          records: [],
          items: [],
          currentPageToken: null,
        });
      }
      case 204: // UpdateStream (0.11.0)
        this.#requireRoot(c);
        return this.#update({
          target: { kind: "stream", streamId: p.streamId },
          options: withName(p.options, p.name),
        });
      case 304: // UpdateTopic (0.11.0)
        this.#requireRoot(c);
        return this.#update({
          target: { kind: "topic", streamId: p.streamId, topicId: p.topicId },
          options: withName(p.options, p.name),
        });
      case 205: { // PurgeStream (0.11.0)
        this.#requireRoot(c);
        for (const t of this.#stream(p.streamId).topics.values()) {
          for (const part of t.partitions) part.messages = [];
        }
        return undefined;
      }
      case 305: { // PurgeTopic (0.11.0)
        this.#requireRoot(c);
        for (const part of this.#topic(p.streamId, p.topicId).partitions) part.messages = [];
        return undefined;
      }
      case 16: // UpdateResource
        this.#requireRoot(c);
        return this.#update(p);
      case 302: { // CreateTopic
        this.#requireRoot(c);
        const s = this.#stream(p.streamId);
        for (const t of s.topics.values()) if (t.name === p.name) refuse(E.TopicNameAlreadyExists);
        const t: Topic = {
          id: s.nextTopicId++,
          name: p.name,
          createdAt: micros(),
          options: p.options,
          partitions: [],
          groups: new Map(),
          nextGroupId: 1,
          offsets: new Map(),
        };
        for (let i = 0; i < p.partitionsCount; i++) t.partitions.push(this.#newPartition(i));
        s.topics.set(t.id, t);
        return this.#encode(302, this.#topicDetails(t));
      }
      case 300: { // GetTopic
        let t: Topic;
        try {
          t = this.#topic(p.streamId, p.topicId);
        } catch {
          return EMPTY;
        }
        return this.#encode(300, this.#topicDetails(t));
      }
      case 301: // GetTopics
        return this.#encode(301, {
          topics: [...this.#stream(p.streamId).topics.values()].map((t) => this.#topicHeader(t)),
        });
      case 303: { // DeleteTopic
        this.#requireRoot(c);
        const s = this.#stream(p.streamId);
        const t = this.#topic(p.streamId, p.topicId);
        s.topics.delete(t.id);
        return undefined;
      }
      case 105: { // GetPartitionRoute
        const t = this.#topic(p.streamId, p.topicId);
        const part = this.#partition(t, p.partitionId);
        return this.#encode(105, {
          incarnation: part.incarnation,
          metadataOp: this.#metadataOp,
          view: 0,
          partitionsCount: t.partitions.length,
          primaryReplica: 0,
        });
      }
      case 101:
        this.#requireWrite(c);
        return this.#send(p);
      case 106: // PollMessagesDeferred (edge.8): the model has every message there is, so it never waits.
        return this.#poll(c, p.poll);
      case 108: // CancelDeferredRequest: nothing is ever held.
        return undefined;
      case 100:
        return this.#poll(c, p);
      case 402: { // CreatePartitions
        this.#requireRoot(c);
        const t = this.#topic(p.streamId, p.topicId);
        for (let i = 0; i < p.partitionsCount; i++) {
          t.partitions.push(this.#newPartition(t.partitions.length));
        }
        return undefined;
      }
      case 403: { // DeletePartitions
        this.#requireRoot(c);
        const t = this.#topic(p.streamId, p.topicId);
        if (p.partitionsCount > t.partitions.length) refuse(E.PartitionNotFound);
        t.partitions.length -= p.partitionsCount;
        return undefined;
      }
      case 503: { // DeleteSegments
        this.#requireRoot(c);
        const part = this.#partition(this.#topic(p.streamId, p.topicId), p.partitionId);
        if (p.segmentsCount > part.segments) refuse(E.SegmentNotFound);
        part.messages = [];
        return undefined;
      }
      case 10: // GetStats
        return this.#encode(10, this.#stats());
      case 20: // GetMe
        return this.#encode(20, this.#clientDetails(c));
      case 21: { // GetClient
        const other = this.clients.get(p.clientId);
        return other === undefined ? EMPTY : this.#encode(21, this.#clientDetails(other));
      }
      case 22: // GetClients
        return this.#encode(22, { clients: [...this.clients.values()].map((o) => this.#clientInfo(o)) });
      case 31: { // GetUser
        const u = this.#findUser(p.userId);
        return u === undefined
          ? EMPTY
          : this.#encode(31, { user: this.#userInfo(u), permissions: u.permissions });
      }
      case 32: // GetUsers
        this.#requireRoot(c);
        return this.#encode(32, { users: [...this.users.values()].map((u) => this.#userInfo(u)) });
      case 33: { // CreateUser
        this.#requireRoot(c);
        for (const u of this.users.values()) if (u.username === p.username) refuse(E.UserAlreadyExists);
        const u: User = {
          id: this.#nextUser++,
          username: p.username,
          password: p.password,
          status: p.status,
          createdAt: micros(),
          permissions: p.permissions,
        };
        this.users.set(u.id, u);
        return this.#encode(31, { user: this.#userInfo(u), permissions: u.permissions });
      }
      case 34: { // DeleteUser
        this.#requireRoot(c);
        const u = this.#findUser(p.userId) ?? refuse(E.ResourceNotFound);
        if (u.id === ROOT) refuse(E.Unauthorized);
        this.users.delete(u.id);
        return undefined;
      }
      case 36: { // UpdatePermissions
        this.#requireRoot(c);
        const u = this.#findUser(p.userId) ?? refuse(E.ResourceNotFound);
        u.permissions = p.permissions;
        return undefined;
      }
      case 37: { // ChangePassword
        const u = this.#findUser(p.userId) ?? refuse(E.ResourceNotFound);
        if (c.userId !== ROOT && c.userId !== u.id) refuse(E.Unauthorized);
        if (u.password !== p.currentPassword) refuse(E.InvalidCredentials);
        u.password = p.newPassword;
        return undefined;
      }
      case 39: // LogoutUser
        c.userId = null;
        return undefined;
      case 41: // GetPersonalAccessTokens
        return this.#encode(41, {
          tokens: this.tokens.filter((t) => t.userId === c.userId).map((t) => ({
            name: t.name,
            expiryAt: t.expiryAt,
          })),
        });
      case 42: { // CreatePersonalAccessToken
        if (this.tokens.some((t) => t.userId === c.userId && t.name === p.name)) {
          refuse(E.PersonalAccessTokenAlreadyExists);
        }
        const token = `pat-${c.userId}-${p.name}-${this.tokens.length + 1}`;
        // `expiry` is a duration (0 server default, u64::MAX never); the list reports the
        // instant: creation + duration, as iggy_common's calculate_expiry_at does.
        const never = p.expiry === 0n || p.expiry === U64_MAX;
        const expiryAt = never ? 0n : micros() + p.expiry;
        if (expiryAt > U64_MAX) refuse(E.InvalidPersonalAccessTokenExpiry);
        this.tokens.push({ name: p.name, token, userId: c.userId!, expiryAt });
        return this.#encode(42, { token });
      }
      case 43: { // DeletePersonalAccessToken
        const i = this.tokens.findIndex((t) => t.userId === c.userId && t.name === p.name);
        if (i < 0) refuse(E.ResourceNotFound);
        this.tokens.splice(i, 1);
        return undefined;
      }
      case 600: { // GetConsumerGroup
        let g: Group;
        try {
          g = this.#group(this.#topic(p.streamId, p.topicId), p.groupId);
        } catch {
          return EMPTY;
        }
        return this.#encode(600, this.#groupDetails(this.#topic(p.streamId, p.topicId), g));
      }
      case 601: { // GetConsumerGroups
        const t = this.#topic(p.streamId, p.topicId);
        return this.#encode(601, { groups: [...t.groups.values()].map((g) => this.#groupInfo(t, g)) });
      }
      case 602: { // CreateConsumerGroup
        this.#requireRoot(c);
        const t = this.#topic(p.streamId, p.topicId);
        for (const g of t.groups.values()) if (g.name === p.name) refuse(E.ConsumerGroupNameAlreadyExists);
        const g: Group = { id: t.nextGroupId++, name: p.name, members: new Map() };
        t.groups.set(g.id, g);
        return this.#encode(600, this.#groupDetails(t, g));
      }
      case 603: { // DeleteConsumerGroup
        this.#requireRoot(c);
        const t = this.#topic(p.streamId, p.topicId);
        t.groups.delete(this.#group(t, p.groupId).id);
        return undefined;
      }
      case 604: { // JoinConsumerGroup
        const t = this.#topic(p.streamId, p.topicId);
        const g = this.#group(t, p.groupId);
        g.members.set(c.id, []);
        this.#rebalance(t, g);
        return undefined;
      }
      case 605: { // LeaveConsumerGroup
        const t = this.#topic(p.streamId, p.topicId);
        const g = this.#group(t, p.groupId);
        if (!g.members.delete(c.id)) refuse(E.ConsumerGroupMemberNotFound);
        this.#rebalance(t, g);
        return undefined;
      }
      case 606: { // SyncConsumerGroup
        const t = this.#topic(p.streamId, p.topicId);
        const g = this.#group(t, p.groupId);
        return this.#encode(606, { generation: 1n, partitions: g.members.get(c.id) ?? [] });
      }
      case 120: { // GetConsumerOffset
        const t = this.#topic(p.streamId, p.topicId);
        const { key, partition } = this.#offsetKey(c, t, p);
        const stored = t.offsets.get(key);
        if (stored === undefined) return EMPTY;
        const msgs = this.#partition(t, partition).messages;
        return this.#encode(120, {
          partitionId: partition,
          currentOffset: msgs.length === 0 ? 0n : msgs[msgs.length - 1].offset,
          storedOffset: stored,
        });
      }
      case 121: { // StoreConsumerOffset
        const t = this.#topic(p.streamId, p.topicId);
        const { key, partition } = this.#offsetKey(c, t, p);
        this.#partition(t, partition);
        t.offsets.set(key, p.offset);
        return undefined;
      }
      case 122: { // DeleteConsumerOffset
        const t = this.#topic(p.streamId, p.topicId);
        const { key } = this.#offsetKey(c, t, p);
        if (!t.offsets.delete(key)) refuse(E.ConsumerOffsetNotFound);
        return undefined;
      }
      default:
        return refuse(E.FeatureUnavailable);
    }
  }

  // deno-lint-ignore no-explicit-any
  #update(p: any): undefined {
    const name = optionEntries(p.options).find((e) => e.key === "name");
    const newName = name && name.value.kind === "string" ? name.value.value as string : undefined;
    if (p.target.kind === "stream") {
      const s = this.#stream(p.target.streamId);
      if (newName !== undefined) {
        for (const o of this.streams.values()) {
          if (o !== s && o.name === newName) refuse(E.StreamNameAlreadyExists);
        }
        s.name = newName;
      }
      s.options = patchedOptions(s.options, p.options);
      return undefined;
    }
    if (p.target.kind === "topic") {
      const t = this.#topic(p.target.streamId, p.target.topicId);
      if (newName !== undefined) {
        for (const o of this.#stream(p.target.streamId).topics.values()) {
          if (o !== t && o.name === newName) refuse(E.TopicNameAlreadyExists);
        }
        t.name = newName;
      }
      // Every other field of the patch replaces (or adds) the topic's option of that key.
      t.options = patchedOptions(t.options, p.options);
      return undefined;
    }
    if (p.target.kind === "user") {
      const u = this.#findUser(p.target.userId) ?? refuse(E.ResourceNotFound);
      const entries = optionEntries(p.options);
      const username = entries.find((e) => e.key === "username");
      if (username && username.value.kind === "string") u.username = username.value.value as string;
      const status = entries.find((e) => e.key === "status");
      if (status && status.value.kind === "string") u.status = status.value.value === "active" ? 1 : 2;
      return undefined;
    }
    return refuse(E.FeatureUnavailable);
  }

  // deno-lint-ignore no-explicit-any
  #send(p: any): Uint8Array {
    const t = this.#topic(p.streamId, p.topicId);
    if (p.partitioning.kind !== "partitionId") refuse(E.InvalidCommand);
    const part = this.#partition(t, p.partitioning.value);
    const now = micros();
    const base = BigInt(part.messages.length);
    const cursor = new MessageCursor();
    p.batch.cursor(cursor);
    while (cursor.next()) {
      part.messages.push({
        offset: BigInt(part.messages.length),
        timestamp: now,
        id: cursor.id,
        originTimestamp: cursor.originTimestamp,
        payload: cursor.payload.slice(),
        userHeaders: cursor.userHeaders.slice(),
      });
    }
    const sid = this.#stream(p.streamId).id;
    return this.#encode(101, {
      confirmations: [{ streamId: sid, topicId: t.id, partitionId: part.id, baseOffset: base }],
    });
  }

  // deno-lint-ignore no-explicit-any
  #poll(c: ClientState, p: any): Uint8Array {
    const t = this.#topic(p.streamId, p.topicId);
    let partitionId: number = p.partitionId ?? 0;
    let key: string;
    if (p.consumer.kind === "consumerGroup") {
      const g = this.#group(t, p.consumer.id);
      const mine = g.members.get(c.id) ?? refuse(E.ConsumerGroupMemberNotFound);
      if (p.partitionId === null) partitionId = mine[0] ?? 0;
      key = `g:${g.id}:${partitionId}`;
    } else {
      key = `c:${idText(p.consumer.id)}:${partitionId}`;
    }
    const part = this.#partition(t, partitionId);
    const msgs = part.messages;
    const stored = t.offsets.get(key);
    let start: number;
    switch (p.strategy.kind) {
      case "offset":
        start = Number(p.strategy.value);
        break;
      case "timestamp":
        start = msgs.findIndex((m) => m.timestamp >= p.strategy.value);
        if (start < 0) start = msgs.length;
        break;
      case "first":
        start = 0;
        break;
      case "last":
        start = Math.max(0, msgs.length - p.count);
        break;
      default: // next
        start = stored === undefined ? 0 : Number(stored) + 1;
    }
    const picked = msgs.slice(start, start + p.count);
    if (p.autoCommit && picked.length > 0) t.offsets.set(key, picked[picked.length - 1].offset);
    const batches: Uint8Array[] = [];
    // One record per run of messages appended together (they share the append timestamp).
    for (let i = 0; i < picked.length;) {
      let j = i + 1;
      while (j < picked.length && picked[j].timestamp === picked[i].timestamp) j++;
      const run = picked.slice(i, j);
      const inputs: BatchMessageInput[] = run.map((m) => ({
        id: m.id,
        payload: m.payload,
        userHeaders: m.userHeaders.length > 0 ? m.userHeaders : undefined,
        originTimestamp: m.originTimestamp,
      }));
      batches.push(encodeBatch(inputs, {
        partitionId: BigInt(part.id),
        baseOffset: run[0].offset,
        baseTimestamp: run[0].timestamp,
      }));
      i = j;
    }
    return this.#encode(100, {
      partitionId: part.id,
      currentOffset: msgs.length === 0 ? 0n : msgs[msgs.length - 1].offset,
      messagesCount: picked.length,
      context: { incarnation: part.incarnation, ownerGeneration: 0n, metadataOp: this.#metadataOp },
      batches,
    });
  }

  #group(t: Topic, id: Identifier): Group {
    if (id.kind === "numeric") return t.groups.get(id.value) ?? refuse(E.ConsumerGroupIdNotFound);
    for (const g of t.groups.values()) if (g.name === id.value) return g;
    return refuse(E.ConsumerGroupNameNotFound);
  }
}

function idText(id: Identifier): string {
  return id.kind === "numeric" ? `#${id.value}` : id.value;
}

export { dec, enc };

/** `current` with every entry of `patch` except `name` set (replaced in place, or appended). */
function patchedOptions(current: Uint8Array, patch: Uint8Array): Uint8Array {
  const entries = optionEntries(current);
  for (const e of optionEntries(patch)) {
    if (e.key === "name") continue;
    const i = entries.findIndex((x) => x.key === e.key);
    if (i < 0) entries.push(e);
    else entries[i] = e;
  }
  return buildOptions(entries);
}

/** The u64 value of option `key` (0 when absent or of another kind). */
function uint64Option(block: Uint8Array, key: string): bigint {
  const e = optionEntries(block).find((x) => x.key === key);
  return e !== undefined && typeof e.value.value === "bigint" ? e.value.value : 0n;
}

/** A 0.11.0 per-resource update's options with its `name` field as the `name` option. */
function withName(options: Uint8Array, name: string): Uint8Array {
  return buildOptions([{ key: "name", value: { kind: "string", value: name } }, ...optionEntries(options)]);
}
