/**
 * The in-memory Kafka broker behind `deno task kafka:endpoint`: one node that is also every
 * group's and transaction's coordinator, with topics, partitions, producers, groups (classic and
 * KIP-848) and transactions in memory. It sees requests only through the library's
 * `KafkaServerConnection` and answers through it.
 *
 * Socket-free: {@linkcode KafkaBroker.connection} takes a `write`/`close` pair and returns the
 * connection's `receive`, so a test (or an application's mock broker) can drive it with bytes,
 * and the endpoint (endpoint.ts) wires it to `node:net`.
 *
 * ```ts
 * import { createKafkaBroker } from "./broker.ts";
 * const broker = createKafkaBroker({ port: 9092 });
 * broker.createTopic("orders", 3);
 * const out: Uint8Array[] = [];
 * const conn = broker.connection({ write: (b) => out.push(b), close: () => {} });
 * conn.receive(someRequestFrame); // answers arrive through write(), in request order
 * broker.close(); // clears every timer
 * ```
 *
 * @module
 */

import {
  type AnyKafkaServerRequest,
  apiInfo,
  type BrokerApiVersion,
  type CodecRegistry,
  type Init,
  isWireError,
  KAFKA_ERROR as E,
  KafkaServerConnection,
  type RequestOf,
  type ResponseOf,
  supportedVersions,
  type WireError,
  ZERO_UUID,
} from "../../src/kafka/mod.ts";
import { createCodecRegistry } from "../../src/kafka/compression/mod.ts";
import {
  deleteRecords,
  fetch,
  type FetchWaiter,
  listOffsets,
  offsetForLeaderEpoch,
  produce,
} from "./data.ts";
import { type Topic, TOPIC_CONFIG_DEFAULTS, TopicTable } from "./topics.ts";
import { TransactionCoordinator } from "./transactions.ts";
import { fitToVersion } from "./fit.ts";
import { GroupCoordinator } from "./groups.ts";

/** Options of {@linkcode createKafkaBroker}. */
export interface KafkaBrokerOptions {
  /** The host Metadata and FindCoordinator advertise. Default "127.0.0.1". */
  host?: string;
  /** The port they advertise (set it once the listener has one). Default 9092. */
  port?: number;
  /** Node id. Default 1. */
  nodeId?: number;
  /** Cluster id. Default a fixed 22-character id. */
  clusterId?: string;
  /** SASL PLAIN users (name → password): when given, every connection must authenticate first. */
  saslPlainUsers?: Record<string, string>;
  /** Create a topic Metadata asks for when the request allows it (Kafka's `auto.create.topics.enable`). Default false. */
  autoCreateTopics?: boolean;
  /** Partitions of a topic created without a count (Kafka's `num.partitions`). Default 1. */
  defaultPartitions?: number;
  /** Kafka's `group.initial.rebalance.delay.ms`. Default 0 (the broker suite's setting; Kafka's default is 3000). */
  initialRebalanceDelayMs?: number;
  /** KIP-848 `group.consumer.heartbeat.interval.ms`. Default 5000 (Kafka's). */
  consumerHeartbeatIntervalMs?: number;
  /** KIP-848 `group.consumer.session.timeout.ms`. Default 45000 (Kafka's). */
  consumerSessionTimeoutMs?: number;
  /** Per-connection bounds (see `KafkaServerConnectionOptions`). */
  maxFrameBytes?: number;
  /** Per-connection in-flight bound. Default 100. */
  maxInFlight?: number;
  /** Where protocol errors and handler failures are reported (default: nowhere). */
  log?: (line: string) => void;
  /** Clock in ms. Default `Date.now`. */
  now?: () => number;
}

/** What the broker counted (the endpoint prints it on exit). */
export interface BrokerStats {
  connections: number;
  requests: number;
  responses: number;
  /** Requests `KafkaServerConnection` refused (garbage, unknown key/version, SASL order). */
  undecodable: number;
  /** Handler failures (a bug in the model, or a body the codec refused to encode). */
  handlerErrors: number;
  /** Requests by API name. */
  perApi: Map<string, number>;
}

/** The byte pipe of one connection (a socket, or a test's buffer). */
export interface ConnectionIo {
  /** Writes bytes to the client. */
  write(bytes: Uint8Array): void;
  /** Closes the connection (after what was written). */
  close(): void;
  /**
   * Called when the connection stops holding requests back (see `KafkaServerConnection.paused`):
   * a socket paused for back-pressure resumes reading here.
   */
  resume?(): void;
}

/** What a connection's owner sees. */
export interface BrokerConnection {
  /** A connection number, from 1. */
  readonly id: number;
  /** Feeds bytes from the client. */
  receive(chunk: Uint8Array): void;
  /** The client went away: forget the connection (a partial frame is reported, not thrown). */
  end(): void;
  /** The protocol state (for tests). */
  readonly protocol: KafkaServerConnection;
}

/** Where a connection came in. */
export interface ConnectionInfo {
  /** The client's address as DescribeGroups shows it. Default "/127.0.0.1". */
  clientHost?: string;
  /** The port of the listener it came in on, advertised back to it. Default the broker's `port`. */
  port?: number;
  /** A SASL listener: authenticate first. Default: true when `saslPlainUsers` is set. */
  sasl?: boolean;
}

/** Per-connection facts a handler may need. */
export interface RequestContext {
  readonly connection: number;
  readonly clientId: string | null;
  readonly clientHost: string;
  /** The listener's port (Metadata, FindCoordinator and DescribeCluster advertise it). */
  readonly port: number;
  /** The connection came in on a SASL listener. */
  readonly sasl: boolean;
}

/** The API keys this broker answers: Kafka 4.4.0's advertised ranges (as the broker suite read them). */
const KAFKA_44_RANGES: readonly [number, number, number][] = [
  [0, 0, 13],
  [1, 4, 18],
  [2, 1, 11],
  [3, 0, 13],
  [8, 2, 10],
  [9, 1, 10],
  [10, 0, 6],
  [11, 0, 9],
  [12, 0, 4],
  [13, 0, 5],
  [14, 0, 5],
  [15, 0, 6],
  [16, 0, 5],
  [17, 0, 1],
  [18, 0, 5],
  [19, 2, 7],
  [20, 1, 6],
  [21, 0, 2],
  [22, 0, 5],
  [23, 2, 4],
  [24, 0, 5],
  [25, 0, 4],
  [26, 0, 5],
  [28, 0, 6],
  [32, 1, 4],
  [36, 0, 2],
  [37, 0, 3],
  [42, 0, 2],
  [44, 0, 1],
  [47, 0, 0],
  [60, 0, 2],
  [68, 0, 1],
  [69, 0, 1],
];

/**
 * Produce v0-2 are advertised (librdkafka needs them listed, KAFKA-18659) but a 4.x broker closes
 * the connection on them; the connection is given the real floor.
 */
const PRODUCE_FLOOR = 3;

/** The ranges advertised: Kafka 4.4.0's, capped to the stable versions this codec has. */
function advertisedRanges(): BrokerApiVersion[] {
  const out: BrokerApiVersion[] = [];
  for (const [apiKey, min, max] of KAFKA_44_RANGES) {
    const codec = supportedVersions(apiKey);
    if (codec === undefined) continue;
    const lo = Math.max(min, codec.min);
    const hi = Math.min(max, codec.max);
    if (lo <= hi) out.push({ apiKey, minVersion: lo, maxVersion: hi });
  }
  return out;
}

const CLIENT_SOFTWARE = /^[a-zA-Z0-9](?:[a-zA-Z0-9\-.]*[a-zA-Z0-9])?$/;

type Body<K extends number> = Init<ResponseOf<K>>;

/** The broker. */
export class KafkaBroker {
  readonly host: string;
  port: number;
  readonly nodeId: number;
  readonly clusterId: string;
  readonly topics: TopicTable;
  readonly codecs: CodecRegistry;
  readonly stats: BrokerStats = {
    connections: 0,
    requests: 0,
    responses: 0,
    undecodable: 0,
    handlerErrors: 0,
    perApi: new Map(),
  };
  readonly transactions: TransactionCoordinator;
  readonly groups: GroupCoordinator;
  /** Fetches parked until data arrives. */
  readonly fetchWaiters = new Set<FetchWaiter>();
  /** Every timer the broker set (cleared by {@linkcode close}). */
  readonly timers = new Set<ReturnType<typeof setTimeout>>();
  readonly options: KafkaBrokerOptions;
  readonly now: () => number;
  readonly #ranges = advertisedRanges();
  readonly #connectionRanges: BrokerApiVersion[];
  readonly #log: (line: string) => void;
  readonly #live = new Set<() => void>();
  #nextConnection = 1;
  #closed = false;

  /** A broker with no topics. */
  constructor(options: KafkaBrokerOptions = {}) {
    this.options = options;
    this.host = options.host ?? "127.0.0.1";
    this.port = options.port ?? 9092;
    this.nodeId = options.nodeId ?? 1;
    this.clusterId = options.clusterId ?? "c3RyZWFtd2lyZS1wZWVy00";
    this.codecs = createCodecRegistry();
    this.topics = new TopicTable(this.codecs);
    this.now = options.now ?? Date.now;
    this.#log = options.log ?? (() => {});
    this.#connectionRanges = this.#ranges.map((r) =>
      r.apiKey === 0 ? { ...r, minVersion: Math.max(r.minVersion, PRODUCE_FLOOR) } : r
    );
    this.transactions = new TransactionCoordinator(this);
    this.groups = new GroupCoordinator(this);
  }

  /** The ranges ApiVersions advertises. */
  get apiVersions(): BrokerApiVersion[] {
    return this.#ranges.map((r) => ({ ...r }));
  }

  /** Reports a line through `options.log`. */
  log(line: string): void {
    this.#log(line);
  }

  /** Sets a timer the broker owns (cleared by `close`). */
  timer(ms: number, fn: () => void): ReturnType<typeof setTimeout> {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
    return t;
  }

  /** Cancels a timer from {@linkcode timer}. */
  cancel(t: ReturnType<typeof setTimeout> | undefined): void {
    if (t === undefined) return;
    clearTimeout(t);
    this.timers.delete(t);
  }

  /** Creates a topic (for tests and setups). */
  createTopic(name: string, partitions = 1, configs: Record<string, string> = {}): Topic {
    const [code, message, topic] = this.topics.create(name, partitions, -1, Object.entries(configs), false);
    if (code !== 0) throw new Error(`createTopic ${name}: ${message}`);
    this.groups.topicsChanged();
    return topic!;
  }

  /** Wakes every parked fetch (something was appended). */
  wakeFetches(): void {
    for (const w of [...this.fetchWaiters]) w.wake();
  }

  /** Stops every timer and closes every connection. */
  close(): void {
    this.#closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const close of [...this.#live]) close();
  }

  /**
   * A new client connection over `io`. Requests are answered as they complete (a parked fetch
   * or join does not hold back the requests behind it, only their responses); a protocol error
   * closes the connection after logging the `WireError`.
   */
  connection(io: ConnectionIo, info: ConnectionInfo = {}): BrokerConnection {
    const sasl = info.sasl ?? this.options.saslPlainUsers !== undefined;
    const id = this.#nextConnection++;
    this.stats.connections++;
    const protocol = new KafkaServerConnection({
      apiVersions: this.#connectionRanges,
      requireSasl: sasl,
      maxFrameBytes: this.options.maxFrameBytes,
      maxInFlight: this.options.maxInFlight,
    });
    let open = true;
    const shut = () => {
      if (!open) return;
      open = false;
      this.#live.delete(shut);
      this.groups.connectionClosed(id);
      io.close();
    };
    this.#live.add(shut);
    const write = (bytes: Uint8Array) => {
      if (!open || bytes.length === 0) return;
      io.write(bytes);
    };
    const fail = (e: unknown, what: string) => {
      if (isWireError(e)) {
        this.log(`connection ${id}: ${what}: ${(e as WireError).code}: ${(e as Error).message}`);
      } else this.log(`connection ${id}: ${what}: ${(e as Error)?.stack ?? e}`);
    };
    const ctxBase = { connection: id, clientHost: info.clientHost ?? "/127.0.0.1", sasl };
    // Requests are handled in the order they arrive: frames released by an answer given while
    // a batch of events is being handled wait for the end of that batch.
    let pumping = false;
    let again = false;
    const pump = (chunk?: Uint8Array) => {
      if (pumping) {
        again = true;
        return;
      }
      pumping = true;
      try {
        do {
          again = false;
          handleEvents(chunk);
          chunk = undefined;
        } while (again && open);
      } finally {
        pumping = false;
      }
    };
    const handleEvents = (chunk: Uint8Array | undefined) => {
      if (!open) return;
      let events;
      try {
        events = protocol.receive(chunk);
      } catch (e) {
        this.stats.undecodable++;
        fail(e, "bad request, closing");
        shut();
        return;
      }
      for (const ev of events) {
        if (ev.kind === "answered") {
          this.#count(apiInfo(ev.apiKey)?.name ?? `key ${ev.apiKey}`);
          if (ev.error !== undefined) {
            this.stats.undecodable++;
            fail(ev.error, "request during SASL authentication, closing");
          }
          this.#respondCount(ev.bytes);
          write(ev.bytes);
          if (protocol.closed) shut();
          continue;
        }
        if (ev.kind === "saslToken") {
          this.#count("SaslToken");
          const ok = this.#checkPlain(ev.token);
          if (!ok) {
            // A raw (v0) exchange has no error frame: Kafka closes the connection.
            protocol.close();
            shut();
            return;
          }
          const out = protocol.respondSaslToken(ev.sequence, new Uint8Array(0));
          this.#respondCount(out);
          write(out);
          continue;
        }
        const req = ev.request;
        this.#count(apiInfo(req.apiKey)?.name ?? `key ${req.apiKey}`);
        const ctx: RequestContext = {
          ...ctxBase,
          port: info.port ?? this.port,
          clientId: req.header.clientId,
        };
        let answer;
        try {
          answer = this.#handle(ctx, req);
        } catch (e) {
          this.stats.handlerErrors++;
          fail(e, `${apiInfo(req.apiKey)?.name} v${req.apiVersion} handler failed, closing`);
          shut();
          return;
        }
        const deliver = (body: unknown) => {
          if (!open) return;
          let out: Uint8Array;
          try {
            out = protocol.respond(
              req,
              fitToVersion(apiInfo(req.apiKey)!.response.meta, body, req.apiVersion) as never,
            );
          } catch (e) {
            this.stats.handlerErrors++;
            fail(e, `${apiInfo(req.apiKey)?.name} v${req.apiVersion} answer did not encode, closing`);
            shut();
            return;
          }
          this.#respondCount(out);
          write(out);
          if (protocol.closed) {
            shut();
            return;
          }
          if (protocol.held > 0) pump();
          if (!protocol.paused) io.resume?.();
        };
        if (answer instanceof Promise) {
          answer.then(deliver, (e) => {
            this.stats.handlerErrors++;
            fail(e, `${apiInfo(req.apiKey)?.name} v${req.apiVersion} handler failed, closing`);
            shut();
          });
        } else deliver(answer);
        if (!open) return;
      }
    };
    const conn: BrokerConnection = {
      id,
      protocol,
      receive: (chunk) => {
        if (this.#closed) return;
        pump(chunk);
      },
      end: () => {
        try {
          if (open) protocol.end();
        } catch (e) {
          fail(e, "closed mid-frame");
        }
        shut();
      },
    };
    return conn;
  }

  #count(name: string): void {
    this.stats.requests++;
    this.stats.perApi.set(name, (this.stats.perApi.get(name) ?? 0) + 1);
  }

  /** Counts the frames in `bytes` (several answers may come out of one `respond`). */
  #respondCount(bytes: Uint8Array): void {
    let o = 0;
    while (o + 4 <= bytes.length) {
      this.stats.responses++;
      o += 4 + new DataView(bytes.buffer, bytes.byteOffset + o, 4).getInt32(0);
    }
  }

  /** SASL PLAIN: `authzid NUL user NUL password`. */
  #checkPlain(token: Uint8Array): boolean {
    const users = this.options.saslPlainUsers ?? {};
    const parts = new TextDecoder().decode(token).split("\0");
    if (parts.length !== 3) return false;
    const [authz, user, password] = parts;
    if (authz !== "" && authz !== user) return false;
    return Object.hasOwn(users, user) && users[user] === password;
  }

  #handle(ctx: RequestContext, req: AnyKafkaServerRequest): unknown {
    const v = req.apiVersion;
    switch (req.apiKey) {
      case 0:
        return produce(this, v, req.body);
      case 1:
        return fetch(this, v, req.body);
      case 2:
        return listOffsets(this, req.body);
      case 3:
        return this.#metadata(ctx, v, req.body);
      case 8:
        return this.groups.offsetCommit(v, req.body);
      case 9:
        return this.groups.offsetFetch(v, req.body);
      case 10:
        return this.#findCoordinator(ctx, v, req.body);
      case 11:
        return this.groups.joinGroup(ctx, v, req.body);
      case 12:
        return this.groups.heartbeat(req.body);
      case 13:
        return this.groups.leaveGroup(v, req.body);
      case 14:
        return this.groups.syncGroup(v, req.body);
      case 15:
        return this.groups.describeGroups(req.body);
      case 16:
        return this.groups.listGroups(req.body);
      case 17:
        return this.#saslHandshake(ctx, req.body);
      case 18:
        return this.#apiVersions(v, req.body);
      case 19:
        return this.#createTopics(req.body);
      case 20:
        return this.#deleteTopics(v, req.body);
      case 21:
        return deleteRecords(this, req.body);
      case 22:
        return this.transactions.initProducerId(req.body);
      case 23:
        return offsetForLeaderEpoch(this, req.body);
      case 24:
        return this.transactions.addPartitionsToTxn(v, req.body);
      case 25:
        return this.transactions.addOffsetsToTxn(req.body);
      case 26:
        return this.transactions.endTxn(req.body);
      case 28:
        return this.transactions.txnOffsetCommit(req.body);
      case 32:
        return this.#describeConfigs(req.body);
      case 36:
        return this.#saslAuthenticate(ctx, req.body);
      case 37:
        return this.#createPartitions(req.body);
      case 42:
        return this.groups.deleteGroups(req.body);
      case 44:
        return this.#incrementalAlterConfigs(req.body);
      case 47:
        return this.groups.offsetDelete(req.body);
      case 60:
        return this.#describeCluster(ctx, req.body);
      case 68:
        return this.groups.consumerGroupHeartbeat(ctx, v, req.body);
      case 69:
        return this.groups.consumerGroupDescribe(req.body);
    }
    throw new Error(`no handler for ${apiInfo(req.apiKey)?.name} (key ${req.apiKey})`);
  }

  #apiVersions(version: number, req: RequestOf<18>): Body<18> {
    if (
      version >= 3 &&
      (!CLIENT_SOFTWARE.test(req.clientSoftwareName) || !CLIENT_SOFTWARE.test(req.clientSoftwareVersion))
    ) {
      // Kafka's ApiVersionsRequest.isValid(): the software name and version must match this pattern.
      return { errorCode: E.INVALID_REQUEST, apiKeys: [], throttleTimeMs: 0 };
    }
    return {
      errorCode: 0,
      apiKeys: this.apiVersions,
      throttleTimeMs: 0,
      supportedFeatures: [{ name: "group.version", minVersion: 0, maxVersion: 1 }],
      finalizedFeaturesEpoch: 1n,
      // transaction.version 2 (KIP-890 part 2) is not implemented: clients use the v1 protocol.
      finalizedFeatures: [{ name: "group.version", minVersionLevel: 1, maxVersionLevel: 1 }],
      zkMigrationReady: false,
    };
  }

  #saslHandshake(ctx: RequestContext, req: RequestOf<17>): Body<17> {
    if (!ctx.sasl) {
      // A plain listener (Kafka's KafkaApis): ILLEGAL_SASL_STATE, no mechanisms, connection kept.
      return { errorCode: E.ILLEGAL_SASL_STATE, mechanisms: [] };
    }
    if (req.mechanism !== "PLAIN") return { errorCode: E.UNSUPPORTED_SASL_MECHANISM, mechanisms: ["PLAIN"] };
    return { errorCode: 0, mechanisms: ["PLAIN"] };
  }

  #saslAuthenticate(ctx: RequestContext, req: RequestOf<36>): Body<36> {
    if (!ctx.sasl) {
      return {
        errorCode: E.ILLEGAL_SASL_STATE,
        errorMessage: "Unexpected SASL request",
        authBytes: new Uint8Array(0),
      };
    }
    if (!this.#checkPlain(req.authBytes)) {
      return {
        errorCode: E.SASL_AUTHENTICATION_FAILED,
        errorMessage: "Authentication failed: Invalid username or password",
        authBytes: new Uint8Array(0),
        sessionLifetimeMs: 0n,
      };
    }
    return { errorCode: 0, errorMessage: null, authBytes: new Uint8Array(0), sessionLifetimeMs: 0n };
  }

  #brokers(ctx: RequestContext) {
    return [{ nodeId: this.nodeId, host: this.host, port: ctx.port, rack: null }];
  }

  #topicMetadata(topic: Topic, version: number) {
    return {
      errorCode: 0,
      name: topic.name,
      topicId: version >= 10 ? topic.id : ZERO_UUID,
      isInternal: false,
      partitions: topic.partitions.map((_, i) => ({
        errorCode: 0,
        partitionIndex: i,
        leaderId: this.nodeId,
        leaderEpoch: 0,
        replicaNodes: [this.nodeId],
        isrNodes: [this.nodeId],
        offlineReplicas: [],
      })),
    };
  }

  #metadata(ctx: RequestContext, version: number, req: RequestOf<3>): Body<3> {
    let topics;
    // v0: an empty list means every topic; v1+: null means every topic, empty means none.
    if (req.topics === null || (version === 0 && req.topics.length === 0)) {
      topics = this.topics.all().map((t) => this.#topicMetadata(t, version));
    } else {
      topics = req.topics.map((t) => {
        let topic = t.name !== null ? this.topics.byName(t.name) : this.topics.byId(t.topicId);
        if (
          topic === undefined && t.name !== null && req.allowAutoTopicCreation &&
          this.options.autoCreateTopics
        ) {
          const [code, , created] = this.topics.create(
            t.name,
            this.options.defaultPartitions ?? 1,
            -1,
            [],
            false,
          );
          if (code === 0) {
            topic = created;
            this.groups.topicsChanged();
          }
        }
        if (topic !== undefined) return this.#topicMetadata(topic, version);
        const byId = t.name === null;
        return {
          errorCode: byId ? E.UNKNOWN_TOPIC_ID : E.UNKNOWN_TOPIC_OR_PARTITION,
          name: t.name,
          topicId: t.topicId,
          isInternal: false,
          partitions: [],
        };
      });
    }
    return {
      throttleTimeMs: 0,
      brokers: this.#brokers(ctx),
      clusterId: this.clusterId,
      controllerId: this.nodeId,
      topics,
      errorCode: 0,
    };
  }

  #findCoordinator(ctx: RequestContext, version: number, req: RequestOf<10>): Body<10> {
    const keys = version >= 4 ? req.coordinatorKeys : [req.key];
    const coordinators = keys.map((key) => ({
      key,
      nodeId: this.nodeId,
      host: this.host,
      port: ctx.port,
      errorCode: 0,
      errorMessage: null,
    }));
    if (version >= 4) return { throttleTimeMs: 0, coordinators };
    return {
      throttleTimeMs: 0,
      errorCode: 0,
      errorMessage: null,
      nodeId: this.nodeId,
      host: this.host,
      port: ctx.port,
    };
  }

  #createTopics(req: RequestOf<19>): Body<19> {
    let changed = false;
    const topics = req.topics.map((t) => {
      const partitions = t.assignments.length > 0 ? t.assignments.length : t.numPartitions;
      const replication = t.assignments.length > 0
        ? (t.assignments[0].brokerIds.length || 1)
        : t.replicationFactor;
      const [errorCode, errorMessage, topic] = this.topics.create(
        t.name,
        partitions,
        replication,
        t.configs.map((c) => [c.name, c.value] as [string, string | null]),
        req.validateOnly,
      );
      if (errorCode !== 0 || topic === undefined) {
        return {
          name: t.name,
          errorCode,
          errorMessage,
          topicConfigErrorCode: 0,
          numPartitions: -1,
          replicationFactor: -1,
          configs: null,
        };
      }
      if (!req.validateOnly) changed = true;
      return {
        name: t.name,
        topicId: topic.id,
        errorCode: 0,
        errorMessage: null,
        numPartitions: topic.partitions.length,
        replicationFactor: 1,
        configs: [...topicConfigs(topic)].map(([name, [value, isDefault]]) => ({
          name,
          value,
          readOnly: false,
          configSource: isDefault ? 5 : 1, // DEFAULT_CONFIG, TOPIC_CONFIG
          isSensitive: false,
        })),
      };
    });
    if (changed) this.groups.topicsChanged();
    return { throttleTimeMs: 0, topics };
  }

  #deleteTopics(version: number, req: RequestOf<20>): Body<20> {
    const wanted = version >= 6 ? req.topics : req.topicNames.map((name) => ({ name, topicId: ZERO_UUID }));
    const responses = wanted.map((w) => {
      const topic = w.name !== null ? this.topics.byName(w.name) : this.topics.byId(w.topicId);
      if (topic === undefined) {
        return {
          name: w.name,
          topicId: w.topicId,
          errorCode: w.name === null ? E.UNKNOWN_TOPIC_ID : E.UNKNOWN_TOPIC_OR_PARTITION,
          errorMessage: null,
        };
      }
      this.topics.delete(topic);
      return { name: topic.name, topicId: topic.id, errorCode: 0, errorMessage: null };
    });
    this.groups.topicsChanged();
    this.wakeFetches();
    return { throttleTimeMs: 0, responses };
  }

  #createPartitions(req: RequestOf<37>): Body<37> {
    const results = req.topics.map((t) => {
      const topic = this.topics.byName(t.name);
      if (topic === undefined) {
        return {
          name: t.name,
          errorCode: E.UNKNOWN_TOPIC_OR_PARTITION,
          errorMessage: `The topic '${t.name}' does not exist.`,
        };
      }
      const [errorCode, errorMessage] = this.topics.grow(topic, t.count, req.validateOnly);
      return { name: t.name, errorCode, errorMessage };
    });
    this.groups.topicsChanged();
    return { throttleTimeMs: 0, results };
  }

  #describeConfigs(req: RequestOf<32>): Body<32> {
    return {
      throttleTimeMs: 0,
      results: req.resources.map((r) => {
        const base = { resourceType: r.resourceType, resourceName: r.resourceName };
        let entries: [string, [string, boolean]][];
        if (r.resourceType === 2) {
          const topic = this.topics.byName(r.resourceName);
          if (topic === undefined) {
            return {
              ...base,
              errorCode: E.UNKNOWN_TOPIC_OR_PARTITION,
              errorMessage: `Topic ${r.resourceName} does not exist`,
              configs: [],
            };
          }
          entries = [...topicConfigs(topic)];
        } else if (r.resourceType === 4) {
          if (r.resourceName !== "" && r.resourceName !== String(this.nodeId)) {
            return {
              ...base,
              errorCode: E.INVALID_REQUEST,
              errorMessage: `Unexpected broker id ${r.resourceName}`,
              configs: [],
            };
          }
          entries = [...BROKER_CONFIGS].map(([k, v]) => [k, [v, true]]);
        } else {
          return {
            ...base,
            errorCode: E.INVALID_REQUEST,
            errorMessage: `Unsupported resource type ${r.resourceType}`,
            configs: [],
          };
        }
        const keys = r.configurationKeys;
        return {
          ...base,
          errorCode: 0,
          errorMessage: null,
          configs: entries.filter(([name]) => keys === null || keys.includes(name)).map((
            [name, [value, isDefault]],
          ) => ({
            name,
            value,
            readOnly: r.resourceType === 4,
            isDefault,
            configSource: isDefault ? 5 : r.resourceType === 2 ? 1 : 4,
            isSensitive: false,
            synonyms: [],
            configType: 2, // STRING
            documentation: null,
          })),
        };
      }),
    };
  }

  #incrementalAlterConfigs(req: RequestOf<44>): Body<44> {
    return {
      throttleTimeMs: 0,
      responses: req.resources.map((r) => {
        const base = { resourceType: r.resourceType, resourceName: r.resourceName };
        const topic = r.resourceType === 2 ? this.topics.byName(r.resourceName) : undefined;
        if (topic === undefined) {
          return {
            ...base,
            errorCode: r.resourceType === 2 ? E.UNKNOWN_TOPIC_OR_PARTITION : E.INVALID_REQUEST,
            errorMessage: r.resourceType === 2
              ? `Topic ${r.resourceName} does not exist`
              : "only topic configs can be altered",
          };
        }
        if (!req.validateOnly) {
          for (const c of r.configs) {
            // 0 SET, 1 DELETE (APPEND/SUBTRACT are for list configs, which this broker does not keep).
            if (c.configOperation === 0 && c.value !== null) topic.configs.set(c.name, c.value);
            else if (c.configOperation === 1) topic.configs.delete(c.name);
          }
        }
        return { ...base, errorCode: 0, errorMessage: null };
      }),
    };
  }

  #describeCluster(ctx: RequestContext, req: RequestOf<60>): Body<60> {
    return {
      throttleTimeMs: 0,
      errorCode: 0,
      errorMessage: null,
      endpointType: req.endpointType,
      clusterId: this.clusterId,
      controllerId: this.nodeId,
      brokers: [{ brokerId: this.nodeId, host: this.host, port: ctx.port, rack: null, isFenced: false }],
      clusterAuthorizedOperations: -2147483648,
    };
  }
}

/** Broker configs DescribeConfigs reports. */
const BROKER_CONFIGS: ReadonlyMap<string, string> = new Map([
  ["auto.create.topics.enable", "false"],
  ["num.partitions", "1"],
  ["default.replication.factor", "1"],
  ["message.max.bytes", "1048588"],
  ["offsets.topic.replication.factor", "1"],
  ["transaction.state.log.replication.factor", "1"],
  ["group.initial.rebalance.delay.ms", "0"],
]);

/** A topic's configs: every default, overridden by what was set; [value, isDefault]. */
function topicConfigs(topic: Topic): Map<string, [string, boolean]> {
  const out = new Map<string, [string, boolean]>();
  for (const [k, v] of TOPIC_CONFIG_DEFAULTS) out.set(k, [v, true]);
  for (const [k, v] of topic.configs) out.set(k, [v, false]);
  return out;
}

/**
 * A broker with `options` (see {@linkcode KafkaBrokerOptions}); reusable from code, no socket
 * needed: see {@linkcode KafkaBroker.connection}.
 */
export function createKafkaBroker(options?: KafkaBrokerOptions): KafkaBroker {
  return new KafkaBroker(options);
}
