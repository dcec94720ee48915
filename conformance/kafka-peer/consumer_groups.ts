/**
 * KIP-848 consumer groups of the in-memory broker: ConsumerGroupHeartbeat with server-side
 * assignment and ConsumerGroupDescribe.
 *
 * The group epoch moves whenever membership, a subscription or a subscribed topic's partitions
 * change; each change computes a new target assignment at once (a sticky uniform assignor:
 * partitions of each topic spread evenly over its subscribers, a member keeping what it had up
 * to its share). Each member then reconciles towards its target the way Kafka's
 * `CurrentAssignmentBuilder` has it: partitions it must give up are revoked first (the member
 * keeps its epoch until a heartbeat shows it no longer owns them, or the rebalance timeout fences
 * it); then it moves to the target epoch and receives the partitions no other member still owns,
 * the rest as they are released. Epochs are checked as Kafka checks them (FENCED_MEMBER_EPOCH for
 * an epoch ahead of or behind the member's, except the previous epoch with owned partitions
 * within the assignment, which a lost response explains).
 *
 * @module
 */

import { type Init, KAFKA_ERROR as E, type RequestOf, type ResponseOf } from "../../src/kafka/mod.ts";
import type { KafkaBroker, RequestContext } from "./broker.ts";
import type { Group } from "./groups.ts";
import type { CommittedOffset } from "./transactions.ts";

type Body<K extends number> = Init<ResponseOf<K>>;

/** Partitions by topic id. */
type Assignment = Map<string, Set<number>>;

interface Member {
  readonly memberId: string;
  instanceId: string | null;
  rackId: string | null;
  clientId: string;
  clientHost: string;
  epoch: number;
  previousEpoch: number;
  subscribedNames: string[];
  subscribedRegex: string | null;
  serverAssignor: string | null;
  rebalanceTimeoutMs: number;
  /** What the member may own now. */
  assigned: Assignment;
  /** Partitions it must give up before it moves on. */
  revoking: Assignment;
  /** What the last response told it (to send the assignment only when it changed). */
  sent: string | undefined;
  session: ReturnType<typeof setTimeout> | undefined;
  revokeTimer: ReturnType<typeof setTimeout> | undefined;
}

/** A KIP-848 group. */
export class ConsumerGroup {
  readonly type = "consumer";
  readonly id: string;
  epoch = 0;
  readonly members = new Map<string, Member>();
  /** Target assignment per member, at {@linkcode epoch}. */
  target = new Map<string, Assignment>();
  readonly offsets: Map<string, CommittedOffset>;

  /** An empty group (taking over the offsets of the empty classic group it replaces, if any). */
  constructor(id: string, offsets = new Map<string, CommittedOffset>()) {
    this.id = id;
    this.offsets = offsets;
  }

  /** Kafka's state names: Empty, Reconciling (a member not yet at the target), Stable. */
  state(): string {
    if (this.members.size === 0) return "Empty";
    for (const m of this.members.values()) {
      if (
        m.epoch !== this.epoch || m.revoking.size > 0 ||
        !same(m.assigned, this.target.get(m.memberId) ?? new Map())
      ) {
        return "Reconciling";
      }
    }
    return "Stable";
  }

  /** OffsetCommit's member check (v9+: member epoch; older versions are refused for members of this protocol). */
  validateCommit(version: number, epoch: number, memberId: string, transactional: boolean): number {
    if (epoch < 0 && memberId === "" && this.members.size === 0) return 0;
    const m = this.members.get(memberId);
    if (m === undefined) return E.UNKNOWN_MEMBER_ID;
    if (!transactional && version < 9) return E.UNSUPPORTED_VERSION;
    if (epoch !== m.epoch) return E.STALE_MEMBER_EPOCH;
    return 0;
  }

  /** OffsetFetch's member check (v9+). */
  validateFetch(memberId: string, epoch: number): number {
    if (memberId === "" && epoch < 0) return 0;
    const m = this.members.get(memberId);
    if (m === undefined) return E.UNKNOWN_MEMBER_ID;
    return epoch === m.epoch ? 0 : E.STALE_MEMBER_EPOCH;
  }

  /** True when a member subscribes to topic `name`. */
  subscribesTo(name: string): boolean {
    for (const m of this.members.values()) if (subscribes(m, name)) return true;
    return false;
  }
}

function subscribes(m: Member, name: string): boolean {
  if (m.subscribedNames.includes(name)) return true;
  if (m.subscribedRegex === null) return false;
  try {
    return new RegExp(`^(?:${m.subscribedRegex})$`).test(name);
  } catch {
    return false;
  }
}

function key(a: Assignment): string {
  return [...a].filter(([, s]) => s.size > 0).map(([t, s]) =>
    `${t}:${[...s].sort((x, y) => x - y).join(",")}`
  ).sort().join(";");
}

function same(a: Assignment, b: Assignment): boolean {
  return key(a) === key(b);
}

function toWire(a: Assignment) {
  return [...a].filter(([, s]) => s.size > 0).map(([topicId, s]) => ({
    topicId,
    partitions: [...s].sort((x, y) => x - y),
  }));
}

function fromWire(list: { topicId: string; partitions: number[] }[]): Assignment {
  return new Map(list.map((t) => [t.topicId, new Set(t.partitions)]));
}

/** `a` minus `b`. */
function minus(a: Assignment, b: Assignment): Assignment {
  const out: Assignment = new Map();
  for (const [t, s] of a) {
    const keep = new Set([...s].filter((p) => !b.get(t)?.has(p)));
    if (keep.size > 0) out.set(t, keep);
  }
  return out;
}

function intersect(a: Assignment, b: Assignment): Assignment {
  const out: Assignment = new Map();
  for (const [t, s] of a) {
    const keep = new Set([...s].filter((p) => b.get(t)?.has(p)));
    if (keep.size > 0) out.set(t, keep);
  }
  return out;
}

function union(a: Assignment, b: Assignment): Assignment {
  const out: Assignment = new Map([...a].map(([t, s]) => [t, new Set(s)]));
  for (const [t, s] of b) {
    if (!out.has(t)) out.set(t, new Set());
    for (const p of s) out.get(t)!.add(p);
  }
  return out;
}

/** The KIP-848 side of the group coordinator. */
export class ConsumerGroups {
  readonly #b: KafkaBroker;
  readonly #groups: Map<string, Group>;

  /** Over the coordinator's group table. */
  constructor(b: KafkaBroker, groups: Map<string, Group>) {
    this.#b = b;
    this.#groups = groups;
  }

  #interval(): number {
    return this.#b.options.consumerHeartbeatIntervalMs ?? 5000;
  }

  /** ConsumerGroupHeartbeat v0-1. */
  heartbeat(ctx: RequestContext, version: number, req: RequestOf<68>): Body<68> {
    const fail = (errorCode: number, errorMessage: string | null = null) => ({
      throttleTimeMs: 0,
      errorCode,
      errorMessage,
      memberId: null,
      memberEpoch: 0,
      heartbeatIntervalMs: 0,
      assignment: null,
    });
    if (req.groupId === "") return fail(E.INVALID_REQUEST, "GroupId can't be empty.");
    if (version >= 1 && req.memberId === "") return fail(E.INVALID_REQUEST, "MemberId can't be empty.");
    const joining = req.memberEpoch === 0;
    if (joining) {
      if (req.rebalanceTimeoutMs === -1) {
        return fail(E.INVALID_REQUEST, "RebalanceTimeoutMs must be provided in first request.");
      }
      if (req.topicPartitions === null || req.topicPartitions.length > 0) {
        return fail(E.INVALID_REQUEST, "TopicPartitions must be empty when (re-)joining.");
      }
      if (req.subscribedTopicNames === null && req.subscribedTopicRegex === null) {
        return fail(
          E.INVALID_REQUEST,
          "SubscribedTopicNames or SubscribedTopicRegex must be set in first request.",
        );
      }
    }
    if (req.serverAssignor !== null && req.serverAssignor !== "uniform" && req.serverAssignor !== "range") {
      return fail(E.UNSUPPORTED_ASSIGNOR, `Assignor ${req.serverAssignor} is not supported.`);
    }
    let g = this.#groups.get(req.groupId);
    if (g !== undefined && !(g instanceof ConsumerGroup)) {
      if (g.members.size > 0 || g.pending.size > 0 || !joining) {
        return fail(E.GROUP_ID_NOT_FOUND, `Group ${req.groupId} is not a consumer group.`);
      }
      // An empty classic group (offsets only) becomes a consumer group.
      g = new ConsumerGroup(req.groupId, g.offsets);
      this.#groups.set(req.groupId, g);
    }
    if (g === undefined) {
      if (!joining) return fail(E.UNKNOWN_MEMBER_ID);
      g = new ConsumerGroup(req.groupId);
      this.#groups.set(req.groupId, g);
    }
    const group = g;
    if (req.memberEpoch === -1 || req.memberEpoch === -2) {
      const m = group.members.get(req.memberId);
      if (m === undefined) return fail(E.UNKNOWN_MEMBER_ID);
      this.#remove(group, m);
      return {
        throttleTimeMs: 0,
        errorCode: 0,
        errorMessage: null,
        memberId: req.memberId,
        memberEpoch: req.memberEpoch,
        heartbeatIntervalMs: 0,
        assignment: null,
      };
    }
    let m = group.members.get(req.memberId);
    if (joining) {
      if (m !== undefined) this.#remove(group, m);
      m = {
        memberId: version >= 1 ? req.memberId : req.memberId || crypto.randomUUID(),
        instanceId: req.instanceId,
        rackId: req.rackId,
        clientId: ctx.clientId ?? "",
        clientHost: ctx.clientHost,
        epoch: 0,
        previousEpoch: -1,
        subscribedNames: [],
        subscribedRegex: null,
        serverAssignor: null,
        rebalanceTimeoutMs: req.rebalanceTimeoutMs,
        assigned: new Map(),
        revoking: new Map(),
        sent: undefined,
        session: undefined,
        revokeTimer: undefined,
      };
      group.members.set(m.memberId, m);
    } else {
      if (m === undefined) {
        return fail(E.UNKNOWN_MEMBER_ID, `Member ${req.memberId} is not a member of group ${req.groupId}.`);
      }
      const owned = req.topicPartitions === null ? undefined : fromWire(req.topicPartitions);
      const lostResponse = req.memberEpoch === m.previousEpoch && owned !== undefined &&
        minus(owned, union(m.assigned, m.revoking)).size === 0;
      if (req.memberEpoch !== m.epoch && !lostResponse) {
        return fail(
          E.FENCED_MEMBER_EPOCH,
          `The consumer group member has a greater epoch (${m.epoch}) than the one known by the member (${req.memberEpoch}).`,
        );
      }
    }
    const member = m;
    let changed = joining;
    if (
      req.subscribedTopicNames !== null &&
      req.subscribedTopicNames.join("\0") !== member.subscribedNames.join("\0")
    ) {
      member.subscribedNames = [...req.subscribedTopicNames];
      changed = true;
    }
    if (req.subscribedTopicRegex !== null && req.subscribedTopicRegex !== member.subscribedRegex) {
      member.subscribedRegex = req.subscribedTopicRegex === "" ? null : req.subscribedTopicRegex;
      changed = true;
    }
    if (req.rebalanceTimeoutMs !== -1) member.rebalanceTimeoutMs = req.rebalanceTimeoutMs;
    if (req.rackId !== null) member.rackId = req.rackId;
    if (req.serverAssignor !== null) member.serverAssignor = req.serverAssignor;
    if (changed) this.#retarget(group);
    this.#touch(group, member);
    this.#reconcile(group, member, req.topicPartitions === null ? undefined : fromWire(req.topicPartitions));
    const now = key(member.assigned);
    const ownedDiffers = req.topicPartitions !== null && key(fromWire(req.topicPartitions)) !== now;
    const send = joining || member.sent !== now || ownedDiffers;
    member.sent = now;
    return {
      throttleTimeMs: 0,
      errorCode: 0,
      errorMessage: null,
      memberId: member.memberId,
      memberEpoch: member.epoch,
      heartbeatIntervalMs: this.#interval(),
      assignment: send ? { topicPartitions: toWire(member.assigned) } : null,
    };
  }

  /**
   * One reconciliation step of `m` towards its target (Kafka's `CurrentAssignmentBuilder`):
   * revoke first, then take the target epoch and whatever of the target no one else holds.
   */
  #reconcile(g: ConsumerGroup, m: Member, owned: Assignment | undefined): void {
    const target = g.target.get(m.memberId) ?? new Map();
    if (m.revoking.size > 0) {
      // The member still owns what it must give up until a heartbeat shows otherwise.
      if (owned === undefined || intersect(owned, m.revoking).size > 0) return;
      m.revoking = new Map();
      this.#b.cancel(m.revokeTimer);
      m.revokeTimer = undefined;
    }
    if (m.epoch !== g.epoch) {
      const give = minus(m.assigned, target);
      if (give.size > 0) {
        m.revoking = give;
        m.assigned = intersect(m.assigned, target);
        const epoch = m.epoch;
        m.revokeTimer = this.#b.timer(m.rebalanceTimeoutMs, () => {
          m.revokeTimer = undefined;
          if (g.members.get(m.memberId) !== m || m.revoking.size === 0 || m.epoch !== epoch) return;
          this.#b.log(
            `consumer group ${g.id}: member ${m.memberId} did not revoke within ${m.rebalanceTimeoutMs} ms, fenced`,
          );
          this.#remove(g, m);
        });
        return;
      }
      m.previousEpoch = m.epoch;
      m.epoch = g.epoch;
    }
    // Take what of the target is free (others may still be revoking some of it).
    const held: Assignment = new Map();
    for (const o of g.members.values()) {
      if (o === m) continue;
      for (const [t, s] of union(o.assigned, o.revoking)) {
        if (!held.has(t)) held.set(t, new Set());
        for (const p of s) held.get(t)!.add(p);
      }
    }
    m.assigned = union(m.assigned, minus(target, held));
    m.assigned = intersect(m.assigned, target);
  }

  #touch(g: ConsumerGroup, m: Member): void {
    this.#b.cancel(m.session);
    const timeout = this.#b.options.consumerSessionTimeoutMs ?? 45_000;
    m.session = this.#b.timer(timeout, () => {
      m.session = undefined;
      if (g.members.get(m.memberId) !== m) return;
      this.#b.log(`consumer group ${g.id}: member ${m.memberId} session expired`);
      this.#remove(g, m);
    });
  }

  #remove(g: ConsumerGroup, m: Member): void {
    this.#b.cancel(m.session);
    this.#b.cancel(m.revokeTimer);
    g.members.delete(m.memberId);
    this.#retarget(g);
  }

  /** Topics changed: every consumer group recomputes its target (a new epoch where it differs). */
  topicsChanged(): void {
    for (const g of this.#groups.values()) {
      if (g instanceof ConsumerGroup && g.members.size > 0) this.#retarget(g, true);
    }
  }

  /**
   * A new target assignment for `g`, and a new group epoch (only when the target differs, if
   * `onlyIfChanged`). The sticky uniform assignor: each topic's partitions spread over its
   * subscribers, sorted by member id; a member keeps partitions it already had up to its share.
   */
  #retarget(g: ConsumerGroup, onlyIfChanged = false): void {
    const next = new Map<string, Assignment>();
    for (const id of g.members.keys()) next.set(id, new Map());
    const ids = [...g.members.keys()].sort();
    for (const topic of this.#b.topics.all()) {
      const subs = ids.filter((id) => subscribes(g.members.get(id)!, topic.name));
      if (subs.length === 0) continue;
      const count = topic.partitions.length;
      const share = (i: number) => Math.floor(count / subs.length) + (i < count % subs.length ? 1 : 0);
      const owner = new Map<number, string>();
      const taken = new Map<string, number>(subs.map((id) => [id, 0]));
      // Keep previous targets within each member's share.
      subs.forEach((id, i) => {
        for (const p of [...(g.target.get(id)?.get(topic.id) ?? [])].sort((a, b) => a - b)) {
          if (p < count && !owner.has(p) && taken.get(id)! < share(i)) {
            owner.set(p, id);
            taken.set(id, taken.get(id)! + 1);
          }
        }
      });
      let i = 0;
      for (let p = 0; p < count; p++) {
        if (owner.has(p)) continue;
        while (taken.get(subs[i])! >= share(i)) i++;
        owner.set(p, subs[i]);
        taken.set(subs[i], taken.get(subs[i])! + 1);
      }
      for (const [p, id] of owner) {
        const a = next.get(id)!;
        if (!a.has(topic.id)) a.set(topic.id, new Set());
        a.get(topic.id)!.add(p);
      }
    }
    if (onlyIfChanged && [...next].every(([id, a]) => same(a, g.target.get(id) ?? new Map()))) return;
    g.target = next;
    g.epoch++;
  }

  /** ConsumerGroupDescribe. */
  describe(req: RequestOf<69>): Body<69> {
    return {
      throttleTimeMs: 0,
      groups: req.groupIds.map((id) => {
        const g = this.#groups.get(id);
        if (!(g instanceof ConsumerGroup)) {
          return {
            errorCode: E.GROUP_ID_NOT_FOUND,
            errorMessage: g === undefined ? `Group ${id} not found.` : `Group ${id} is not a consumer group.`,
            groupId: id,
            groupState: "Dead",
            groupEpoch: -1,
            assignmentEpoch: -1,
            assignorName: "",
            members: [],
          };
        }
        const withNames = (a: Assignment) => ({
          topicPartitions: toWire(a).map((t) => ({
            ...t,
            topicName: this.#b.topics.byId(t.topicId)?.name ?? "",
          })),
        });
        return {
          errorCode: 0,
          errorMessage: null,
          groupId: id,
          groupState: g.state(),
          groupEpoch: g.epoch,
          assignmentEpoch: g.epoch,
          assignorName: "uniform",
          members: [...g.members.values()].map((m) => ({
            memberId: m.memberId,
            instanceId: m.instanceId,
            rackId: m.rackId,
            memberEpoch: m.epoch,
            clientId: m.clientId,
            clientHost: m.clientHost,
            subscribedTopicNames: m.subscribedNames,
            subscribedTopicRegex: m.subscribedRegex,
            assignment: withNames(m.assigned),
            targetAssignment: withNames(g.target.get(m.memberId) ?? new Map()),
            memberType: 1,
          })),
          authorizedOperations: -2147483648,
        };
      }),
    };
  }
}
