/**
 * The group coordinator of the in-memory broker: the classic group protocol (JoinGroup with
 * the MEMBER_ID_REQUIRED round of v4+, SyncGroup, Heartbeat, LeaveGroup, session and rebalance
 * timeouts, a rebalance whenever a member joins, leaves or expires), committed offsets
 * (OffsetCommit, OffsetFetch v0-v10 with the v8+ batch of groups and v10 topic ids,
 * OffsetDelete), DescribeGroups, ListGroups and DeleteGroups. KIP-848 consumer groups live in
 * consumer_groups.ts and share the group table and the offsets.
 *
 * The states and error codes follow Kafka 4.4.0's `GroupMetadataManager` for classic groups:
 * Empty → PreparingRebalance (a join) → CompletingRebalance (every known member rejoined, or the
 * rebalance timeout removed those that did not) → Stable (the leader's SyncGroup).
 *
 * @module
 */

import { type Init, KAFKA_ERROR as E, type RequestOf, type ResponseOf } from "../../src/kafka/mod.ts";
import type { KafkaBroker, RequestContext } from "./broker.ts";
import { ConsumerGroup, ConsumerGroups } from "./consumer_groups.ts";
import type { CommittedOffset } from "./transactions.ts";

type Body<K extends number> = Init<ResponseOf<K>>;

/** Kafka's `group.min.session.timeout.ms` and `group.max.session.timeout.ms` defaults. */
const MIN_SESSION_TIMEOUT_MS = 6000;
const MAX_SESSION_TIMEOUT_MS = 1_800_000;
/** Kafka's `offset.metadata.max.bytes`. */
const MAX_OFFSET_METADATA = 4096;

type ClassicState = "Empty" | "PreparingRebalance" | "CompletingRebalance" | "Stable";

interface ClassicMember {
  memberId: string;
  groupInstanceId: string | null;
  clientId: string;
  clientHost: string;
  sessionTimeoutMs: number;
  rebalanceTimeoutMs: number;
  protocolType: string;
  protocols: { name: string; metadata: Uint8Array }[];
  assignment: Uint8Array;
  /** Answers the member's parked JoinGroup. */
  join: ((body: Body<11>) => void) | undefined;
  joinVersion: number;
  /** Answers the member's parked SyncGroup. */
  sync: ((body: Body<14>) => void) | undefined;
  session: ReturnType<typeof setTimeout> | undefined;
}

/** A classic group (and the group of a simple consumer that only commits offsets). */
export class ClassicGroup {
  readonly type = "classic";
  readonly id: string;
  state: ClassicState = "Empty";
  generation = 0;
  protocolType: string | null = null;
  protocolName: string | null = null;
  leader: string | null = null;
  readonly members = new Map<string, ClassicMember>();
  /** Member ids handed out with MEMBER_ID_REQUIRED, until they join or their session expires. */
  readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  rebalance: ReturnType<typeof setTimeout> | undefined;
  readonly offsets = new Map<string, CommittedOffset>();

  /** An empty group. */
  constructor(id: string) {
    this.id = id;
  }
}

/** Any group. */
export type Group = ClassicGroup | ConsumerGroup;

const offsetKey = (topic: string, partition: number) => `${topic}\0${partition}`;

/** The coordinator. */
export class GroupCoordinator {
  readonly #b: KafkaBroker;
  readonly groups = new Map<string, Group>();
  readonly consumer: ConsumerGroups;

  /** A coordinator for broker `b`. */
  constructor(b: KafkaBroker) {
    this.#b = b;
    this.consumer = new ConsumerGroups(b, this.groups);
  }

  /** Topics were created, deleted or grew: consumer groups recompute their target assignments. */
  topicsChanged(): void {
    this.consumer.topicsChanged();
  }

  /** A connection closed (members stay until their session expires, as in Kafka). */
  connectionClosed(_connection: number): void {}

  #classic(id: string, create: boolean): ClassicGroup | undefined | "consumer" {
    const g = this.groups.get(id);
    if (g instanceof ConsumerGroup) return "consumer";
    if (g !== undefined || !create) return g;
    const c = new ClassicGroup(id);
    this.groups.set(id, c);
    return c;
  }

  // ---- classic protocol --------------------------------------------------------------------

  /** JoinGroup: parks until the rebalance completes (or answers at once with an error or MEMBER_ID_REQUIRED). */
  joinGroup(ctx: RequestContext, version: number, req: RequestOf<11>): Body<11> | Promise<Body<11>> {
    const fail = (errorCode: number, memberId = req.memberId) => ({
      throttleTimeMs: 0,
      errorCode,
      generationId: -1,
      protocolType: null,
      protocolName: version >= 7 ? null : "",
      leader: "",
      memberId,
      members: [],
    });
    if (req.groupId === "") return fail(E.INVALID_GROUP_ID);
    if (req.sessionTimeoutMs < MIN_SESSION_TIMEOUT_MS || req.sessionTimeoutMs > MAX_SESSION_TIMEOUT_MS) {
      return fail(E.INVALID_SESSION_TIMEOUT);
    }
    if (req.protocolType === "" || req.protocols.length === 0) return fail(E.INCONSISTENT_GROUP_PROTOCOL);
    const g = this.#classic(req.groupId, true);
    if (g === "consumer" || g === undefined) return fail(E.INCONSISTENT_GROUP_PROTOCOL);
    if (g.state !== "Empty" || g.members.size > 0) {
      const common = req.protocols.some((p) =>
        [...g.members.values()].every((m) => m.protocols.some((q) => q.name === p.name))
      );
      if (req.protocolType !== g.protocolType || !common) return fail(E.INCONSISTENT_GROUP_PROTOCOL);
    }
    const rebalanceTimeoutMs = version >= 1 ? req.rebalanceTimeoutMs : req.sessionTimeoutMs;
    let member: ClassicMember | undefined;
    if (req.memberId === "") {
      const memberId = `${ctx.clientId ?? ""}-${crypto.randomUUID()}`;
      if (req.groupInstanceId !== null) {
        // A static member takes over its instance id's place with a new member id.
        for (const m of g.members.values()) {
          if (m.groupInstanceId === req.groupInstanceId) this.#remove(g, m, E.FENCED_INSTANCE_ID);
        }
      } else if (version >= 4) {
        // KIP-394: the member must come back with the id, so a lost response leaves no ghost member.
        g.pending.set(
          memberId,
          this.#b.timer(req.sessionTimeoutMs, () => {
            g.pending.delete(memberId);
            this.#maybeCompleteJoin(g);
          }),
        );
        return fail(E.MEMBER_ID_REQUIRED, memberId);
      }
      member = this.#newMember(ctx, memberId, req, rebalanceTimeoutMs);
    } else {
      member = g.members.get(req.memberId);
      if (member === undefined) {
        const timer = g.pending.get(req.memberId);
        if (timer === undefined) return fail(E.UNKNOWN_MEMBER_ID);
        this.#b.cancel(timer);
        g.pending.delete(req.memberId);
        member = this.#newMember(ctx, req.memberId, req, rebalanceTimeoutMs);
      } else if (member.groupInstanceId !== req.groupInstanceId) {
        return fail(E.FENCED_INSTANCE_ID);
      }
    }
    const known = g.members.get(member.memberId) === member;
    const sameMetadata = known && sameProtocols(member.protocols, req.protocols);
    member.protocols = req.protocols.map((p) => ({ name: p.name, metadata: p.metadata.slice() }));
    member.sessionTimeoutMs = req.sessionTimeoutMs;
    member.rebalanceTimeoutMs = rebalanceTimeoutMs;
    member.joinVersion = version;
    if (!known) {
      g.members.set(member.memberId, member);
      if (g.protocolType === null) g.protocolType = req.protocolType;
    }
    this.#touch(g, member);
    // A follower that rejoins with what it had, outside a rebalance, gets the current generation back.
    if (
      sameMetadata && member.memberId !== g.leader &&
      (g.state === "Stable" || g.state === "CompletingRebalance")
    ) {
      return this.#joinResponse(g, member, version);
    }
    return new Promise((resolve) => {
      if (member!.join !== undefined) member!.join(fail(E.REBALANCE_IN_PROGRESS, member!.memberId));
      member!.join = resolve;
      if (g.state !== "PreparingRebalance") this.#prepareRebalance(g);
      else this.#maybeCompleteJoin(g);
    });
  }

  #newMember(
    ctx: RequestContext,
    memberId: string,
    req: RequestOf<11>,
    rebalanceTimeoutMs: number,
  ): ClassicMember {
    return {
      memberId,
      groupInstanceId: req.groupInstanceId,
      clientId: ctx.clientId ?? "",
      clientHost: ctx.clientHost,
      sessionTimeoutMs: req.sessionTimeoutMs,
      rebalanceTimeoutMs,
      protocolType: req.protocolType,
      protocols: [],
      assignment: new Uint8Array(0),
      join: undefined,
      joinVersion: 0,
      sync: undefined,
      session: undefined,
    };
  }

  /** Restarts a member's session timer: it expires (and leaves) without a heartbeat in time. */
  #touch(g: ClassicGroup, m: ClassicMember): void {
    this.#b.cancel(m.session);
    m.session = this.#b.timer(m.sessionTimeoutMs, () => {
      m.session = undefined;
      if (g.members.get(m.memberId) !== m) return;
      // A member parked in JoinGroup is waiting for the others, not late.
      if (m.join !== undefined && g.state === "PreparingRebalance") return;
      this.#b.log(`group ${g.id}: member ${m.memberId} session expired`);
      this.#remove(g, m, E.UNKNOWN_MEMBER_ID);
    });
  }

  /** Removes a member (left, expired or fenced) and rebalances the others. */
  #remove(g: ClassicGroup, m: ClassicMember, code: number): void {
    this.#b.cancel(m.session);
    g.members.delete(m.memberId);
    m.join?.({
      throttleTimeMs: 0,
      errorCode: code,
      generationId: -1,
      leader: "",
      memberId: m.memberId,
      members: [],
    });
    m.join = undefined;
    m.sync?.({ throttleTimeMs: 0, errorCode: code, assignment: new Uint8Array(0) });
    m.sync = undefined;
    if (g.state === "PreparingRebalance") this.#maybeCompleteJoin(g);
    else if (g.state === "Stable" || g.state === "CompletingRebalance") this.#prepareRebalance(g);
  }

  #prepareRebalance(g: ClassicGroup): void {
    // Members waiting for their assignment learn that a new round started.
    for (const m of g.members.values()) {
      m.sync?.({ throttleTimeMs: 0, errorCode: E.REBALANCE_IN_PROGRESS, assignment: new Uint8Array(0) });
      m.sync = undefined;
    }
    const wasEmpty = g.state === "Empty";
    g.state = "PreparingRebalance";
    let timeout = 0;
    for (const m of g.members.values()) timeout = Math.max(timeout, m.rebalanceTimeoutMs);
    if (wasEmpty) timeout = Math.min(timeout, this.#b.options.initialRebalanceDelayMs ?? 0);
    this.#b.cancel(g.rebalance);
    g.rebalance = this.#b.timer(timeout, () => {
      g.rebalance = undefined;
      this.#completeJoin(g, true);
    });
    this.#maybeCompleteJoin(g);
  }

  /** Completes the join phase once every known member rejoined (and no handed-out id is pending). */
  #maybeCompleteJoin(g: ClassicGroup): void {
    if (g.state !== "PreparingRebalance") return;
    const all = [...g.members.values()].every((m) => m.join !== undefined) && g.pending.size === 0;
    // The initial delay of a new group lets more members arrive before the first generation.
    if (
      all &&
      (g.rebalance === undefined || g.generation > 0 || (this.#b.options.initialRebalanceDelayMs ?? 0) === 0)
    ) {
      this.#completeJoin(g, false);
    }
  }

  #completeJoin(g: ClassicGroup, timedOut: boolean): void {
    if (g.state !== "PreparingRebalance") return;
    this.#b.cancel(g.rebalance);
    g.rebalance = undefined;
    if (timedOut) {
      for (const m of [...g.members.values()]) {
        if (m.join === undefined) {
          this.#b.log(`group ${g.id}: member ${m.memberId} did not rejoin within the rebalance timeout`);
          this.#b.cancel(m.session);
          g.members.delete(m.memberId);
        }
      }
    }
    g.generation++;
    if (g.members.size === 0) {
      g.state = "Empty";
      g.protocolName = null;
      g.protocolType = null;
      g.leader = null;
      return;
    }
    g.protocolName = chooseProtocol([...g.members.values()]);
    if (g.leader === null || !g.members.has(g.leader)) g.leader = g.members.keys().next().value!;
    g.state = "CompletingRebalance";
    for (const m of g.members.values()) {
      const answer = m.join;
      m.join = undefined;
      this.#touch(g, m);
      answer?.(this.#joinResponse(g, m, m.joinVersion));
    }
  }

  #joinResponse(g: ClassicGroup, m: ClassicMember, version: number): Body<11> {
    const isLeader = m.memberId === g.leader;
    return {
      throttleTimeMs: 0,
      errorCode: 0,
      generationId: g.generation,
      protocolType: g.protocolType,
      protocolName: g.protocolName,
      leader: g.leader ?? "",
      skipAssignment: false,
      memberId: m.memberId,
      members: isLeader
        ? [...g.members.values()].map((x) => ({
          memberId: x.memberId,
          groupInstanceId: version >= 5 ? x.groupInstanceId : null,
          metadata: x.protocols.find((p) => p.name === g.protocolName)!.metadata,
        }))
        : [],
    };
  }

  /** SyncGroup: the leader's assignments end the rebalance; followers park until then. */
  syncGroup(version: number, req: RequestOf<14>): Body<14> | Promise<Body<14>> {
    const fail = (errorCode: number) => ({
      throttleTimeMs: 0,
      errorCode,
      protocolType: null,
      protocolName: null,
      assignment: new Uint8Array(0),
    });
    const g = this.#classic(req.groupId, false);
    if (g === undefined || g === "consumer") return fail(E.UNKNOWN_MEMBER_ID);
    const m = g.members.get(req.memberId);
    if (m === undefined) return fail(E.UNKNOWN_MEMBER_ID);
    if (req.groupInstanceId !== m.groupInstanceId) return fail(E.FENCED_INSTANCE_ID);
    if (req.generationId !== g.generation) return fail(E.ILLEGAL_GENERATION);
    if (
      version >= 5 &&
      ((req.protocolType !== null && req.protocolType !== g.protocolType) ||
        (req.protocolName !== null && req.protocolName !== g.protocolName))
    ) return fail(E.INCONSISTENT_GROUP_PROTOCOL);
    this.#touch(g, m);
    const ok = (member: ClassicMember) => ({
      throttleTimeMs: 0,
      errorCode: 0,
      protocolType: g.protocolType,
      protocolName: g.protocolName,
      assignment: member.assignment,
    });
    if (g.state === "PreparingRebalance") return fail(E.REBALANCE_IN_PROGRESS);
    if (g.state === "Stable") return ok(m);
    if (g.state !== "CompletingRebalance") return fail(E.UNKNOWN_MEMBER_ID);
    if (m.memberId === g.leader) {
      const given = new Map(req.assignments.map((a) => [a.memberId, a.assignment]));
      for (const x of g.members.values()) x.assignment = given.get(x.memberId)?.slice() ?? new Uint8Array(0);
      g.state = "Stable";
      for (const x of g.members.values()) {
        const answer = x.sync;
        x.sync = undefined;
        answer?.(ok(x));
      }
      return ok(m);
    }
    return new Promise((resolve) => {
      m.sync?.(fail(E.REBALANCE_IN_PROGRESS));
      m.sync = resolve;
    });
  }

  /** Heartbeat: Kafka's answers by state (REBALANCE_IN_PROGRESS while members must rejoin). */
  heartbeat(req: RequestOf<12>): Body<12> {
    const g = this.#classic(req.groupId, false);
    if (g === undefined || g === "consumer" || g.state === "Empty") {
      return { throttleTimeMs: 0, errorCode: E.UNKNOWN_MEMBER_ID };
    }
    const m = g.members.get(req.memberId);
    if (m === undefined) return { throttleTimeMs: 0, errorCode: E.UNKNOWN_MEMBER_ID };
    if (req.groupInstanceId !== m.groupInstanceId) {
      return { throttleTimeMs: 0, errorCode: E.FENCED_INSTANCE_ID };
    }
    if (req.generationId !== g.generation) return { throttleTimeMs: 0, errorCode: E.ILLEGAL_GENERATION };
    this.#touch(g, m);
    return { throttleTimeMs: 0, errorCode: g.state === "PreparingRebalance" ? E.REBALANCE_IN_PROGRESS : 0 };
  }

  /** LeaveGroup: v0-2 one member, v3+ a batch with per-member errors. */
  leaveGroup(version: number, req: RequestOf<13>): Body<13> {
    const g = this.#classic(req.groupId, false);
    const leave = (memberId: string, instanceId: string | null): number => {
      if (g === undefined || g === "consumer") return E.UNKNOWN_MEMBER_ID;
      let m = memberId === "" ? undefined : g.members.get(memberId);
      if (m === undefined && instanceId !== null) {
        m = [...g.members.values()].find((x) => x.groupInstanceId === instanceId);
        if (m !== undefined && memberId !== "" && m.memberId !== memberId) return E.FENCED_INSTANCE_ID;
      }
      if (m === undefined) return E.UNKNOWN_MEMBER_ID;
      this.#remove(g, m, E.UNKNOWN_MEMBER_ID);
      return 0;
    };
    if (version <= 2) return { throttleTimeMs: 0, errorCode: leave(req.memberId, null) };
    return {
      throttleTimeMs: 0,
      errorCode: g === undefined || g === "consumer" ? E.UNKNOWN_MEMBER_ID : 0,
      members: req.members.map((x) => ({
        memberId: x.memberId,
        groupInstanceId: x.groupInstanceId,
        errorCode: leave(x.memberId, x.groupInstanceId),
      })),
    };
  }

  /** DescribeGroups (classic groups; a consumer group is "not a classic group" for v6+). */
  describeGroups(req: RequestOf<15>): Body<15> {
    return {
      throttleTimeMs: 0,
      groups: req.groups.map((id) => {
        const g = this.groups.get(id);
        if (!(g instanceof ClassicGroup)) {
          return {
            errorCode: E.GROUP_ID_NOT_FOUND,
            errorMessage: g === undefined ? `Group ${id} not found.` : `Group ${id} is not a classic group.`,
            groupId: id,
            groupState: "Dead",
            protocolType: "",
            protocolData: "",
            members: [],
          };
        }
        return {
          errorCode: 0,
          errorMessage: null,
          groupId: id,
          groupState: g.state,
          protocolType: g.protocolType ?? "",
          protocolData: g.state === "Stable" ? g.protocolName ?? "" : "",
          members: [...g.members.values()].map((m) => ({
            memberId: m.memberId,
            groupInstanceId: m.groupInstanceId,
            clientId: m.clientId,
            clientHost: m.clientHost,
            memberMetadata: g.state === "Stable"
              ? m.protocols.find((p) => p.name === g.protocolName)?.metadata ?? new Uint8Array(0)
              : new Uint8Array(0),
            memberAssignment: g.state === "Stable" ? m.assignment : new Uint8Array(0),
          })),
          authorizedOperations: -2147483648,
        };
      }),
    };
  }

  /** ListGroups with the v4 state and v5 type filters. */
  listGroups(req: RequestOf<16>): Body<16> {
    const states = new Set(req.statesFilter.map((s) => s.toLowerCase()));
    const types = new Set(req.typesFilter.map((s) => s.toLowerCase()));
    const groups = [];
    for (const g of this.groups.values()) {
      const state = g instanceof ClassicGroup ? g.state : g.state();
      if (states.size > 0 && !states.has(state.toLowerCase())) continue;
      if (types.size > 0 && !types.has(g.type)) continue;
      groups.push({
        groupId: g.id,
        protocolType: g instanceof ClassicGroup ? g.protocolType ?? "" : "consumer",
        groupState: state,
        groupType: g.type,
      });
    }
    return { throttleTimeMs: 0, errorCode: 0, groups };
  }

  /** DeleteGroups: only empty groups. */
  deleteGroups(req: RequestOf<42>): Body<42> {
    return {
      throttleTimeMs: 0,
      results: req.groupsNames.map((groupId) => {
        const g = this.groups.get(groupId);
        if (g === undefined) return { groupId, errorCode: E.GROUP_ID_NOT_FOUND, errorMessage: null };
        if (g instanceof ClassicGroup ? g.members.size > 0 || g.pending.size > 0 : g.members.size > 0) {
          return { groupId, errorCode: E.NON_EMPTY_GROUP, errorMessage: null };
        }
        this.groups.delete(groupId);
        return { groupId, errorCode: 0, errorMessage: null };
      }),
    };
  }

  // ---- offsets -----------------------------------------------------------------------------

  /**
   * Kafka's checks of a commit's generation (classic) or member epoch (consumer) against the
   * group; 0 when the commit may go ahead. `create`: an admin or simple-consumer commit (no
   * member) creates an empty classic group.
   */
  #validateCommit(
    version: number,
    groupId: string,
    generationOrEpoch: number,
    memberId: string,
    instanceId: string | null,
    transactional: boolean,
  ): number {
    if (groupId === "") return E.INVALID_GROUP_ID;
    const simple = generationOrEpoch < 0 && memberId === "" && instanceId === null;
    const g = this.groups.get(groupId);
    if (g === undefined) {
      if (!simple) return transactional ? 0 : E.ILLEGAL_GENERATION;
      this.groups.set(groupId, new ClassicGroup(groupId));
      return 0;
    }
    if (g instanceof ConsumerGroup) {
      return g.validateCommit(version, generationOrEpoch, memberId, transactional);
    }
    if (simple) return g.members.size === 0 || transactional ? 0 : E.UNKNOWN_MEMBER_ID;
    const m = g.members.get(memberId);
    if (m === undefined) return E.UNKNOWN_MEMBER_ID;
    if (instanceId !== null && m.groupInstanceId !== instanceId) return E.FENCED_INSTANCE_ID;
    if (generationOrEpoch !== g.generation) return E.ILLEGAL_GENERATION;
    if (g.state === "CompletingRebalance" && !transactional) return E.REBALANCE_IN_PROGRESS;
    return 0;
  }

  /** TxnOffsetCommit's group check (the same rules, transactional). */
  validateTxnCommit(
    groupId: string,
    generationOrEpoch: number,
    memberId: string,
    instanceId: string | null,
  ): number {
    return this.#validateCommit(9, groupId, generationOrEpoch, memberId, instanceId, true);
  }

  /** Commits offsets a transaction carried. */
  applyTxnOffsets(groupId: string, offsets: Map<string, CommittedOffset>): void {
    let g = this.groups.get(groupId);
    if (g === undefined) this.groups.set(groupId, g = new ClassicGroup(groupId));
    for (const [k, v] of offsets) g.offsets.set(k, v);
  }

  /** OffsetCommit (v2-v10; v10 names topics by id). */
  offsetCommit(version: number, req: RequestOf<8>): Body<8> {
    const groupError = this.#validateCommit(
      version,
      req.groupId,
      req.generationIdOrMemberEpoch,
      req.memberId,
      req.groupInstanceId,
      false,
    );
    const g = this.groups.get(req.groupId);
    return {
      throttleTimeMs: 0,
      topics: req.topics.map((t) => {
        const topic = version >= 10 ? this.#b.topics.byId(t.topicId) : this.#b.topics.byName(t.name);
        return {
          name: t.name,
          topicId: t.topicId,
          partitions: t.partitions.map((p) => {
            let errorCode = groupError;
            if (errorCode === 0 && (topic === undefined || p.partitionIndex >= topic.partitions.length)) {
              errorCode = topic === undefined && version >= 10
                ? E.UNKNOWN_TOPIC_ID
                : E.UNKNOWN_TOPIC_OR_PARTITION;
            }
            if (
              errorCode === 0 && p.committedMetadata !== null &&
              p.committedMetadata.length > MAX_OFFSET_METADATA
            ) {
              errorCode = E.OFFSET_METADATA_TOO_LARGE;
            }
            if (errorCode === 0 && g !== undefined) {
              g.offsets.set(offsetKey(topic!.name, p.partitionIndex), {
                offset: p.committedOffset,
                leaderEpoch: p.committedLeaderEpoch,
                metadata: p.committedMetadata,
              });
            }
            return { partitionIndex: p.partitionIndex, errorCode };
          }),
        };
      }),
    };
  }

  /** OffsetFetch: v0-7 one group, v8+ a batch; null topics = every committed offset; v10 topic ids. */
  offsetFetch(version: number, req: RequestOf<9>): Body<9> {
    const one = (
      groupId: string,
      memberId: string | null,
      memberEpoch: number,
      topics: { name: string; topicId: string; partitionIndexes: number[] }[] | null,
    ) => {
      const g = this.groups.get(groupId);
      let errorCode = 0;
      if (g instanceof ConsumerGroup && memberId !== null && version >= 9) {
        errorCode = g.validateFetch(memberId, memberEpoch);
      }
      const wanted = topics ?? this.#committedTopics(g);
      return {
        errorCode,
        topics: errorCode !== 0 ? [] : wanted.map((t) => {
          const topic = version >= 10 ? this.#b.topics.byId(t.topicId) : undefined;
          const name = version >= 10 ? topic?.name : t.name;
          return {
            name: t.name,
            topicId: t.topicId,
            partitions: t.partitionIndexes.map((partitionIndex) => {
              if (name === undefined) {
                return {
                  partitionIndex,
                  committedOffset: -1n,
                  committedLeaderEpoch: -1,
                  metadata: "",
                  errorCode: E.UNKNOWN_TOPIC_ID,
                };
              }
              const key = offsetKey(name, partitionIndex);
              if (req.requireStable && this.#b.transactions.hasPendingOffset(groupId, key)) {
                return {
                  partitionIndex,
                  committedOffset: -1n,
                  committedLeaderEpoch: -1,
                  metadata: "",
                  errorCode: E.UNSTABLE_OFFSET_COMMIT,
                };
              }
              const c = g?.offsets.get(key);
              return {
                partitionIndex,
                committedOffset: c?.offset ?? -1n,
                committedLeaderEpoch: c?.leaderEpoch ?? -1,
                metadata: c?.metadata ?? "",
                errorCode: 0,
              };
            }),
          };
        }),
      };
    };
    if (version <= 7) {
      const r = one(req.groupId, null, -1, req.topics?.map((t) => ({ ...t, topicId: "" })) ?? null);
      return { throttleTimeMs: 0, errorCode: r.errorCode, topics: r.topics };
    }
    return {
      throttleTimeMs: 0,
      groups: req.groups.map((q) => ({
        groupId: q.groupId,
        ...one(q.groupId, q.memberId, q.memberEpoch, q.topics),
      })),
    };
  }

  /** Every topic the group has offsets for, with its partitions (for a fetch of all offsets). */
  #committedTopics(g: Group | undefined): { name: string; topicId: string; partitionIndexes: number[] }[] {
    const byTopic = new Map<string, number[]>();
    for (const key of g?.offsets.keys() ?? []) {
      const [name, p] = key.split("\0");
      if (!byTopic.has(name)) byTopic.set(name, []);
      byTopic.get(name)!.push(Number(p));
    }
    return [...byTopic].map(([name, partitionIndexes]) => ({
      name,
      topicId: this.#b.topics.byName(name)?.id ?? "00000000-0000-0000-0000-000000000000",
      partitionIndexes: partitionIndexes.sort((a, b) => a - b),
    }));
  }

  /** OffsetDelete. */
  offsetDelete(req: RequestOf<47>): Body<47> {
    const g = this.groups.get(req.groupId);
    if (g === undefined) return { errorCode: E.GROUP_ID_NOT_FOUND, throttleTimeMs: 0, topics: [] };
    return {
      errorCode: 0,
      throttleTimeMs: 0,
      topics: req.topics.map((t) => ({
        name: t.name,
        partitions: t.partitions.map((p) => {
          const subscribed = g instanceof ConsumerGroup ? g.subscribesTo(t.name) : g.members.size > 0;
          if (subscribed) return { partitionIndex: p.partitionIndex, errorCode: E.GROUP_SUBSCRIBED_TO_TOPIC };
          g.offsets.delete(offsetKey(t.name, p.partitionIndex));
          return { partitionIndex: p.partitionIndex, errorCode: 0 };
        }),
      })),
    };
  }

  // ---- KIP-848 -----------------------------------------------------------------------------

  /** ConsumerGroupHeartbeat (see consumer_groups.ts). */
  consumerGroupHeartbeat(ctx: RequestContext, version: number, req: RequestOf<68>): Body<68> {
    return this.consumer.heartbeat(ctx, version, req);
  }

  /** ConsumerGroupDescribe. */
  consumerGroupDescribe(req: RequestOf<69>): Body<69> {
    return this.consumer.describe(req);
  }
}

/** The protocol every member supports with the most votes (each member votes for its first supported choice), as Kafka picks it. */
function chooseProtocol(members: ClassicMember[]): string {
  const candidates = members[0].protocols.map((p) => p.name).filter((name) =>
    members.every((m) => m.protocols.some((p) => p.name === name))
  );
  const votes = new Map<string, number>();
  for (const m of members) {
    const pick = m.protocols.find((p) => candidates.includes(p.name))!.name;
    votes.set(pick, (votes.get(pick) ?? 0) + 1);
  }
  let best = candidates[0];
  for (const c of candidates) if ((votes.get(c) ?? 0) > (votes.get(best) ?? 0)) best = c;
  return best;
}

function sameProtocols(
  a: { name: string; metadata: Uint8Array }[],
  b: { name: string; metadata: Uint8Array }[],
): boolean {
  return a.length === b.length &&
    a.every((p, i) =>
      p.name === b[i].name && p.metadata.length === b[i].metadata.length &&
      p.metadata.every((x, j) => x === b[i].metadata[j])
    );
}
