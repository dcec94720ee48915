/**
 * The bodies of the metadata change log (`GetMetadataChanges`): what a change record of each
 * kind and a current-state item of each group carries, typed, with the crate's layouts and
 * its strict decoding rules.
 *
 * A record names its body by a `(group, kind)` pair and an item by its group. Decoding a body
 * is strict, as the crate's `WireMetadataChange::decode` is:
 *
 * - a group or kind this build does not know is not an error — the result is `null`, and the
 *   caller keeps the raw bytes (a newer server's records pass through);
 * - a known kind under another group, trailing bytes after the body and partition ids that
 *   are not strictly ascending are `INVALID_VALUE`;
 * - presence bytes, the options state byte and reason codes other than the defined ones are
 *   `UNKNOWN_DISCRIMINANT`; a short body is `TRUNCATED`; a name that is not UTF-8 is
 *   `INVALID_UTF8`; options blocks are validated as everywhere else.
 *
 * The permission sets inside user bodies keep the crate's leniency (any non-zero flag byte is
 * `true`), so such bodies decode but re-encode with 1s.
 *
 * @module
 */

import { Reader } from "../../wire/reader.ts";
import { isWireError, type WireErrorCode } from "../../wire/error.ts";
import { encodePayload, invalid, invalidValue, type PayloadCodec, unknownDiscriminant } from "../codec.ts";
import { wireName } from "../primitives/identifier.ts";
import { optionsPrefixed } from "../primitives/options.ts";
import { type Permissions, permissions } from "../primitives/permissions.ts";

// ---------------------------------------------------------------------------------------------
// Groups and kinds.

/** Change groups by name, with their wire bytes (bit `code - 1` of a groups mask). */
export const METADATA_CHANGE_GROUPS = {
  streams: 1,
  topics: 2,
  partitions: 3,
  consumerGroups: 4,
  consumerGroupMembers: 5,
  users: 6,
  personalAccessTokens: 7,
  sessions: 8,
} as const;

/** A change group name. */
export type MetadataChangeGroup = keyof typeof METADATA_CHANGE_GROUPS;

/** Change kinds by name, with their wire bytes. */
export const METADATA_CHANGE_KINDS = {
  streamCreated: 1,
  streamUpdated: 2,
  streamDeleted: 3,
  topicCreated: 10,
  topicUpdated: 11,
  topicDeleted: 12,
  partitionsChanged: 20,
  consumerGroupCreated: 30,
  consumerGroupDeleted: 31,
  consumerGroupMemberJoined: 40,
  consumerGroupMemberLeft: 41,
  consumerGroupPartitionHandedOver: 42,
  userCreated: 50,
  userUpdated: 51,
  userDeleted: 52,
  userPasswordChanged: 53,
  userPermissionsUpdated: 54,
  personalAccessTokenCreated: 60,
  personalAccessTokenDeleted: 61,
  sessionRegistered: 70,
  sessionClosed: 71,
} as const;

/** A change kind name. */
export type MetadataChangeKind = keyof typeof METADATA_CHANGE_KINDS;

const KIND_BY_CODE: readonly (MetadataChangeKind | undefined)[] = (() => {
  const out: (MetadataChangeKind | undefined)[] = new Array(256).fill(undefined);
  for (const [name, code] of Object.entries(METADATA_CHANGE_KINDS)) out[code] = name as MetadataChangeKind;
  return out;
})();

/**
 * The group a change kind belongs to (kinds are numbered by group: `floor(kind / 10) + 1`).
 *
 * @example
 * ```ts
 * import { metadataChangeKindGroup } from "@streamwire/codec/iggy";
 * metadataChangeKindGroup(42); // 5 (consumer-group members)
 * ```
 */
export function metadataChangeKindGroup(kind: number): number | undefined {
  return KIND_BY_CODE[kind] === undefined ? undefined : Math.floor(kind / 10) + 1;
}

// ---------------------------------------------------------------------------------------------
// Value types.

/** A stream's identity: ids are reused, the op that created the stream is not. */
export interface StreamKey {
  /** The stream id. */
  readonly streamId: number;
  /** The operation that created the stream (u64). */
  readonly streamCreatedOp: bigint;
}

/** A topic's identity: its stream's key, the topic id and the op that created the topic. */
export interface TopicKey {
  /** The stream. */
  readonly stream: StreamKey;
  /** The topic id. */
  readonly topicId: number;
  /** The operation that created the topic (u64). */
  readonly topicCreatedOp: bigint;
}

/** A user's identity, the one sessions and tokens bind to. */
export interface UserKey {
  /** The user id. */
  readonly userId: number;
  /** When the user was created, µs (u64). */
  readonly userCreatedAt: bigint;
}

/**
 * A resource's public options: the explicit and derived blocks (validated options bytes, as
 * views), or `"unreadable"` when the server holds critical state this build cannot read.
 * JSON form: `"unreadable"` / `{ "kind": "readable", "explicit": "<hex>", "derived": "<hex>" }`.
 */
export type ChangeOptions =
  | "unreadable"
  | { readonly kind: "readable"; readonly explicit: Uint8Array; readonly derived: Uint8Array };

/** Why a consumer-group member left. */
export type MemberLeftReason = "left" | "sessionEnded";
/** Why a personal access token was removed. */
export type TokenDeletedReason = "deleted" | "expired";
/** Why a session closed (`revoked`: the user was deactivated or deleted). */
export type SessionClosedReason = "logout" | "expired" | "revoked";
/** Why a user's permission set changed. */
export type PermissionsUpdatedReason = "updated" | "resourceDeleted";

/** `stream_created`, `stream_updated` and a `streams` item. */
export interface StreamBody {
  /** The stream. */
  readonly key: StreamKey;
  /** Creation time, µs (u64). */
  readonly createdAt: bigint;
  /** The stream name. */
  readonly name: string;
  /** The stream's options. */
  readonly options: ChangeOptions;
}

/** `stream_deleted`. */
export interface StreamDeletedBody {
  /** The stream. */
  readonly key: StreamKey;
  /** Creation time, µs (u64). */
  readonly createdAt: bigint;
  /** The stream name. */
  readonly name: string;
  /** The op that asked for the deletion when it completed later (u64), or `null`. */
  readonly requestedOp: bigint | null;
}

/** `topic_created` and `topic_updated`. */
export interface TopicBody {
  /** The topic. */
  readonly key: TopicKey;
  /** Creation time, µs (u64). */
  readonly createdAt: bigint;
  /** The topic name. */
  readonly name: string;
  /** Partitions after the change. */
  readonly partitionsCount: number;
  /** The topic's options. */
  readonly options: ChangeOptions;
}

/** A `topics` item (partition counts come as `partitions` items). */
export interface TopicItemBody {
  /** The topic. */
  readonly key: TopicKey;
  /** Creation time, µs (u64). */
  readonly createdAt: bigint;
  /** The topic name. */
  readonly name: string;
  /** The topic's options. */
  readonly options: ChangeOptions;
}

/** `topic_deleted`. */
export interface TopicDeletedBody {
  /** The topic. */
  readonly key: TopicKey;
  /** Creation time, µs (u64). */
  readonly createdAt: bigint;
  /** The topic name. */
  readonly name: string;
  /** The op that asked for the deletion when it completed later (u64), or `null`. */
  readonly requestedOp: bigint | null;
}

/** `partitions_changed`. */
export interface PartitionsChangedBody {
  /** The topic. */
  readonly topic: TopicKey;
  /** Partitions after the change. */
  readonly partitionsCount: number;
  /** The deleted tail, strictly ascending; empty when partitions were added. */
  readonly removedPartitionIds: readonly number[];
  /** The op that asked for the change when it completed later (u64), or `null`. */
  readonly requestedOp: bigint | null;
}

/** A `partitions` item. */
export interface PartitionsItemBody {
  /** The topic. */
  readonly topic: TopicKey;
  /** Partitions of the topic. */
  readonly partitionsCount: number;
}

/** `consumer_group_created`. */
export interface ConsumerGroupCreatedBody {
  /** The topic. */
  readonly topic: TopicKey;
  /** The group id. */
  readonly groupId: number;
  /** The group name. */
  readonly name: string;
  /** Groups of the topic after the change. */
  readonly consumerGroupsCount: number;
}

/** `consumer_group_deleted`. */
export interface ConsumerGroupDeletedBody {
  /** The topic. */
  readonly topic: TopicKey;
  /** The group id. */
  readonly groupId: number;
  /** The group name. */
  readonly name: string;
  /** Groups of the topic after the change. */
  readonly consumerGroupsCount: number;
  /** The op that asked for the deletion when it completed later (u64), or `null`. */
  readonly requestedOp: bigint | null;
}

/** A `consumer_groups` item. */
export interface ConsumerGroupItemBody {
  /** The topic. */
  readonly topic: TopicKey;
  /** The group id. */
  readonly groupId: number;
  /** The group name. */
  readonly name: string;
}

/** `consumer_group_member_joined`. */
export interface MemberJoinedBody {
  /** The topic. */
  readonly topic: TopicKey;
  /** The group id. */
  readonly groupId: number;
  /** The member id. */
  readonly memberId: number;
  /** The member's client (u128). */
  readonly clientId: bigint;
  /** Members after the change. */
  readonly membersCount: number;
  /** The member's partitions, strictly ascending. */
  readonly partitionIds: readonly number[];
}

/** `consumer_group_member_left`. */
export interface MemberLeftBody {
  /** The topic. */
  readonly topic: TopicKey;
  /** The group id. */
  readonly groupId: number;
  /** The member id. */
  readonly memberId: number;
  /** The member's client (u128). */
  readonly clientId: bigint;
  /** Members after the change. */
  readonly membersCount: number;
  /** Why the member left. */
  readonly reason: MemberLeftReason;
}

/** `consumer_group_partition_handed_over`. */
export interface PartitionHandedOverBody {
  /** The topic. */
  readonly topic: TopicKey;
  /** The group id. */
  readonly groupId: number;
  /** The partition. */
  readonly partitionId: number;
  /** The new owner, or `null` when the last member left. */
  readonly memberId: number | null;
}

/** A `consumer_group_members` item. */
export interface MemberItemBody {
  /** The topic. */
  readonly topic: TopicKey;
  /** The group id. */
  readonly groupId: number;
  /** The member id. */
  readonly memberId: number;
  /** The member's client (u128). */
  readonly clientId: bigint;
  /** The member's partitions, strictly ascending. */
  readonly partitionIds: readonly number[];
}

/** `user_created`, `user_updated` and a `users` item. */
export interface UserBody {
  /** The user. */
  readonly key: UserKey;
  /** The user name. */
  readonly username: string;
  /** The user's status byte (not checked on the wire). */
  readonly status: number;
  /** The user's permissions, or `null`. */
  readonly permissions: Permissions | null;
  /** The user's options. */
  readonly options: ChangeOptions;
}

/** `user_deleted` and `user_password_changed`. */
export interface UserIdentityBody {
  /** The user. */
  readonly key: UserKey;
  /** The user name. */
  readonly username: string;
}

/** `user_permissions_updated`. */
export interface UserPermissionsBody {
  /** The user. */
  readonly key: UserKey;
  /** The user name. */
  readonly username: string;
  /** The new permissions, or `null`. */
  readonly permissions: Permissions | null;
  /** Why they changed. */
  readonly reason: PermissionsUpdatedReason;
}

/** `personal_access_token_created` and a `personal_access_tokens` item. */
export interface TokenBody {
  /** The token's user. */
  readonly user: UserKey;
  /** The token name. */
  readonly name: string;
  /** Expiry, µs (u64); 0 never expires. */
  readonly expiry: bigint;
}

/** `personal_access_token_deleted`. */
export interface TokenDeletedBody {
  /** The token's user. */
  readonly user: UserKey;
  /** The token name. */
  readonly name: string;
  /** Why it was removed. */
  readonly reason: TokenDeletedReason;
}

/** `session_registered` and a `sessions` item. */
export interface SessionBody {
  /** The session's user. */
  readonly user: UserKey;
  /** The client (u128). */
  readonly clientId: bigint;
  /** The session (u64). */
  readonly session: bigint;
}

/** `session_closed`. */
export interface SessionClosedBody {
  /** The session's user. */
  readonly user: UserKey;
  /** The client (u128). */
  readonly clientId: bigint;
  /** The session (u64). */
  readonly session: bigint;
  /** Why it closed. */
  readonly reason: SessionClosedReason;
}

/**
 * A change record body, typed by its kind: the body's fields with the kind name beside them
 * (JSON form `{ "kind": "streamCreated", "key": …, … }`).
 */
export type MetadataChange =
  | ({ readonly kind: "streamCreated" | "streamUpdated" } & StreamBody)
  | ({ readonly kind: "streamDeleted" } & StreamDeletedBody)
  | ({ readonly kind: "topicCreated" | "topicUpdated" } & TopicBody)
  | ({ readonly kind: "topicDeleted" } & TopicDeletedBody)
  | ({ readonly kind: "partitionsChanged" } & PartitionsChangedBody)
  | ({ readonly kind: "consumerGroupCreated" } & ConsumerGroupCreatedBody)
  | ({ readonly kind: "consumerGroupDeleted" } & ConsumerGroupDeletedBody)
  | ({ readonly kind: "consumerGroupMemberJoined" } & MemberJoinedBody)
  | ({ readonly kind: "consumerGroupMemberLeft" } & MemberLeftBody)
  | ({ readonly kind: "consumerGroupPartitionHandedOver" } & PartitionHandedOverBody)
  | ({ readonly kind: "userCreated" | "userUpdated" } & UserBody)
  | ({ readonly kind: "userDeleted" | "userPasswordChanged" } & UserIdentityBody)
  | ({ readonly kind: "userPermissionsUpdated" } & UserPermissionsBody)
  | ({ readonly kind: "personalAccessTokenCreated" } & TokenBody)
  | ({ readonly kind: "personalAccessTokenDeleted" } & TokenDeletedBody)
  | ({ readonly kind: "sessionRegistered" } & SessionBody)
  | ({ readonly kind: "sessionClosed" } & SessionClosedBody);

/** Current-state item kinds by name, with their group bytes. */
export const METADATA_ITEM_KINDS = {
  stream: 1,
  topic: 2,
  partitions: 3,
  consumerGroup: 4,
  consumerGroupMember: 5,
  user: 6,
  personalAccessToken: 7,
  session: 8,
} as const;

/** A current-state item kind name. */
export type MetadataItemKind = keyof typeof METADATA_ITEM_KINDS;

/** A current-state item body, typed by its group (JSON form `{ "kind": "stream", … }`). */
export type MetadataCurrentItem =
  | ({ readonly kind: "stream" } & StreamBody)
  | ({ readonly kind: "topic" } & TopicItemBody)
  | ({ readonly kind: "partitions" } & PartitionsItemBody)
  | ({ readonly kind: "consumerGroup" } & ConsumerGroupItemBody)
  | ({ readonly kind: "consumerGroupMember" } & MemberItemBody)
  | ({ readonly kind: "user" } & UserBody)
  | ({ readonly kind: "personalAccessToken" } & TokenBody)
  | ({ readonly kind: "session" } & SessionBody);

/** A body of a known kind that does not decode: the code decoding it would throw. */
export interface MetadataBodyRejection {
  /** Marks the rejection. */
  readonly kind: "invalid";
  /** The `WireError` code (the decode functions throw the full error). */
  readonly code: WireErrorCode;
}

/**
 * What a response record's body decodes to: the typed change, `null` for a group or kind this
 * build does not know, or the rejection of a malformed body (the crate's response decoder
 * accepts any body bytes, so a page never fails for one record).
 */
export type MetadataChangeView = MetadataChange | MetadataBodyRejection | null;

/** What a response item's body decodes to; see {@linkcode MetadataChangeView}. */
export type MetadataCurrentItemView = MetadataCurrentItem | MetadataBodyRejection | null;

// ---------------------------------------------------------------------------------------------
// Field codecs.

function readFlag(r: Reader): boolean {
  const at = r.pos;
  const b = r.u8();
  if (b === 0) return false;
  if (b === 1) return true;
  throw unknownDiscriminant(r, "flag", b, at);
}

function optional<T>(inner: PayloadCodec<T>): PayloadCodec<T | null> {
  return {
    name: `Option<${inner.name}>`,
    encode(w, v) {
      if (v === null) w.u8(0);
      else {
        w.u8(1);
        inner.encode(w, v);
      }
    },
    sizeOf: (v) => (v === null ? 1 : 1 + inner.sizeOf(v)),
    decode: (r) => (readFlag(r) ? inner.decode(r) : null),
  };
}

const U8: PayloadCodec<number> = {
  name: "u8",
  encode: (w, v) => w.u8(v),
  sizeOf: () => 1,
  decode: (r) => r.u8(),
};
const U32: PayloadCodec<number> = {
  name: "u32",
  encode: (w, v) => w.u32le(v),
  sizeOf: () => 4,
  decode: (r) => r.u32le(),
};
const U64: PayloadCodec<bigint> = {
  name: "u64",
  encode: (w, v) => w.u64le(v),
  sizeOf: () => 8,
  decode: (r) => r.u64le(),
};
const U128: PayloadCodec<bigint> = {
  name: "u128",
  encode: (w, v) => w.u128le(v),
  sizeOf: () => 16,
  decode: (r) => r.u128le(),
};
const OPT_U32 = /* @__PURE__ */ optional(U32);
const OPT_U64 = /* @__PURE__ */ optional(U64);
const OPT_PERMISSIONS = /* @__PURE__ */ optional(permissions);

function ascendingProblem(ids: readonly number[]): boolean {
  for (let i = 1; i < ids.length; i++) if (ids[i - 1] >= ids[i]) return true;
  return false;
}

/** `[count:u32][id:u32]*`, strictly ascending. */
const PARTITION_IDS: PayloadCodec<readonly number[]> = {
  name: "PartitionIds",
  encode(w, v) {
    if (ascendingProblem(v)) throw invalidValue("PartitionIds", "partition ids must be strictly ascending");
    w.u32le(v.length);
    for (const id of v) w.u32le(id);
  },
  sizeOf: (v) => 4 + 4 * v.length,
  decode(r) {
    const count = r.u32le();
    // No allocation up front: the list grows only by ids actually read, and the crate judges
    // each id's order as it reads it, so a short list fails where the crate's does.
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const at = r.pos;
      const id = r.u32le();
      if (ids.length > 0 && ids[ids.length - 1] >= id) {
        throw invalid(r, "partition ids must be strictly ascending", at);
      }
      ids.push(id);
    }
    return ids;
  },
};

/** `[state:u8]`, then for state 0 two u32-prefixed options blocks, nothing for state 1. */
function readable(v: ChangeOptions): Extract<ChangeOptions, object> | null {
  if (v === "unreadable") return null;
  if (typeof v === "object" && v !== null && v.kind === "readable") return v;
  throw invalidValue("WireChangeOptions", `unknown options state ${JSON.stringify(v)}`);
}

const CHANGE_OPTIONS: PayloadCodec<ChangeOptions> = {
  name: "WireChangeOptions",
  encode(w, v) {
    const r = readable(v);
    if (r === null) {
      w.u8(1);
    } else {
      w.u8(0);
      optionsPrefixed.encode(w, r.explicit);
      optionsPrefixed.encode(w, r.derived);
    }
  },
  sizeOf(v) {
    const r = readable(v);
    return r === null ? 1 : 9 + r.explicit.length + r.derived.length;
  },
  decode(r) {
    const at = r.pos;
    const state = r.u8();
    if (state === 1) return "unreadable";
    if (state !== 0) throw unknownDiscriminant(r, "WireChangeOptions", state, at);
    const explicit = optionsPrefixed.decode(r);
    const derived = optionsPrefixed.decode(r);
    return { kind: "readable", explicit, derived };
  },
};

function reasonCodec<T extends string>(name: string, names: readonly T[]): PayloadCodec<T> {
  return {
    name,
    encode(w, v) {
      const code = names.indexOf(v);
      if (code < 0) throw invalidValue(name, `unknown reason ${JSON.stringify(v)}`);
      w.u8(code);
    },
    sizeOf: () => 1,
    decode(r) {
      const at = r.pos;
      const code = r.u8();
      const v = names[code];
      if (v === undefined) throw unknownDiscriminant(r, name, code, at);
      return v;
    },
  };
}

const MEMBER_LEFT_REASON = /* @__PURE__ */ reasonCodec<MemberLeftReason>("WireMemberLeftReason", [
  "left",
  "sessionEnded",
]);
const TOKEN_DELETED_REASON = /* @__PURE__ */ reasonCodec<TokenDeletedReason>("WireTokenDeletedReason", [
  "deleted",
  "expired",
]);
const SESSION_CLOSED_REASON = /* @__PURE__ */ reasonCodec<SessionClosedReason>("WireSessionClosedReason", [
  "logout",
  "expired",
  "revoked",
]);
const PERMISSIONS_UPDATED_REASON = /* @__PURE__ */ reasonCodec<PermissionsUpdatedReason>(
  "WirePermissionsUpdatedReason",
  [
    "updated",
    "resourceDeleted",
  ],
);

type Fields<T> = readonly (readonly [keyof T & string, PayloadCodec<any>])[];

/** Fields in wire order; every field is read and written by its own codec. */
function struct<T>(name: string, fields: Fields<T>): PayloadCodec<T> {
  return {
    name,
    encode(w, v) {
      const o = v as Record<string, unknown>;
      for (const [key, codec] of fields) codec.encode(w, o[key]);
    },
    sizeOf(v) {
      const o = v as Record<string, unknown>;
      let n = 0;
      for (const [key, codec] of fields) n += codec.sizeOf(o[key]);
      return n;
    },
    decode(r) {
      const out: Record<string, unknown> = {};
      for (const [key, codec] of fields) out[key] = codec.decode(r);
      return out as T;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Keys and bodies.

/** `[stream_id:u32][stream_created_op:u64]`, 12 bytes. */
export const streamKey: PayloadCodec<StreamKey> = /* @__PURE__ */ struct<StreamKey>("WireStreamKey", [
  ["streamId", U32],
  ["streamCreatedOp", U64],
]);

/** `[stream key:12][topic_id:u32][topic_created_op:u64]`, 24 bytes. */
export const topicKey: PayloadCodec<TopicKey> = /* @__PURE__ */ struct<TopicKey>("WireTopicKey", [
  ["stream", streamKey],
  ["topicId", U32],
  ["topicCreatedOp", U64],
]);

/** `[user_id:u32][user_created_at:u64]`, 12 bytes. */
export const userKey: PayloadCodec<UserKey> = /* @__PURE__ */ struct<UserKey>("WireUserKey", [
  ["userId", U32],
  ["userCreatedAt", U64],
]);

/** `[stream key][created_at:u64][name][options]`. */
export const streamBody: PayloadCodec<StreamBody> = /* @__PURE__ */ struct<StreamBody>("WireStreamBody", [
  ["key", streamKey],
  ["createdAt", U64],
  ["name", wireName],
  ["options", CHANGE_OPTIONS],
]);

/** `[stream key][created_at:u64][name][has:u8][requested_op:u64]`. */
export const streamDeletedBody: PayloadCodec<StreamDeletedBody> = /* @__PURE__ */ struct<StreamDeletedBody>(
  "WireStreamDeletedBody",
  [
    ["key", streamKey],
    ["createdAt", U64],
    ["name", wireName],
    ["requestedOp", OPT_U64],
  ],
);

/** `[topic key][created_at:u64][name][partitions_count:u32][options]`. */
export const topicBody: PayloadCodec<TopicBody> = /* @__PURE__ */ struct<TopicBody>("WireTopicBody", [
  ["key", topicKey],
  ["createdAt", U64],
  ["name", wireName],
  ["partitionsCount", U32],
  ["options", CHANGE_OPTIONS],
]);

/** `[topic key][created_at:u64][name][options]`. */
export const topicItemBody: PayloadCodec<TopicItemBody> = /* @__PURE__ */ struct<TopicItemBody>(
  "WireTopicItemBody",
  [
    ["key", topicKey],
    ["createdAt", U64],
    ["name", wireName],
    ["options", CHANGE_OPTIONS],
  ],
);

/** `[topic key][created_at:u64][name][has:u8][requested_op:u64]`. */
export const topicDeletedBody: PayloadCodec<TopicDeletedBody> = /* @__PURE__ */ struct<TopicDeletedBody>(
  "WireTopicDeletedBody",
  [
    ["key", topicKey],
    ["createdAt", U64],
    ["name", wireName],
    ["requestedOp", OPT_U64],
  ],
);

/** `[topic key][partitions_count:u32][count:u32][id:u32]*[has:u8][requested_op:u64]`. */
export const partitionsChangedBody: PayloadCodec<PartitionsChangedBody> = /* @__PURE__ */ struct<
  PartitionsChangedBody
>(
  "WirePartitionsChangedBody",
  [["topic", topicKey], ["partitionsCount", U32], ["removedPartitionIds", PARTITION_IDS], [
    "requestedOp",
    OPT_U64,
  ]],
);

/** `[topic key][partitions_count:u32]`. */
export const partitionsItemBody: PayloadCodec<PartitionsItemBody> = /* @__PURE__ */ struct<
  PartitionsItemBody
>(
  "WirePartitionsItemBody",
  [
    ["topic", topicKey],
    ["partitionsCount", U32],
  ],
);

/** `[topic key][group_id:u32][name][consumer_groups_count:u32]`. */
export const consumerGroupCreatedBody: PayloadCodec<ConsumerGroupCreatedBody> = struct<
  ConsumerGroupCreatedBody
>(
  "WireConsumerGroupCreatedBody",
  [["topic", topicKey], ["groupId", U32], ["name", wireName], ["consumerGroupsCount", U32]],
);

/** `[topic key][group_id:u32][name][consumer_groups_count:u32][has:u8][requested_op:u64]`. */
export const consumerGroupDeletedBody: PayloadCodec<ConsumerGroupDeletedBody> = struct<
  ConsumerGroupDeletedBody
>(
  "WireConsumerGroupDeletedBody",
  [["topic", topicKey], ["groupId", U32], ["name", wireName], ["consumerGroupsCount", U32], [
    "requestedOp",
    OPT_U64,
  ]],
);

/** `[topic key][group_id:u32][name]`. */
export const consumerGroupItemBody: PayloadCodec<ConsumerGroupItemBody> = /* @__PURE__ */ struct<
  ConsumerGroupItemBody
>(
  "WireConsumerGroupItemBody",
  [["topic", topicKey], ["groupId", U32], ["name", wireName]],
);

/** `[topic key][group_id:u32][member_id:u32][client_id:u128][members_count:u32][ids]`. */
export const memberJoinedBody: PayloadCodec<MemberJoinedBody> = /* @__PURE__ */ struct<MemberJoinedBody>(
  "WireMemberJoinedBody",
  [
    ["topic", topicKey],
    ["groupId", U32],
    ["memberId", U32],
    ["clientId", U128],
    ["membersCount", U32],
    ["partitionIds", PARTITION_IDS],
  ],
);

/** `[topic key][group_id:u32][member_id:u32][client_id:u128][members_count:u32][reason:u8]`. */
export const memberLeftBody: PayloadCodec<MemberLeftBody> = /* @__PURE__ */ struct<MemberLeftBody>(
  "WireMemberLeftBody",
  [
    ["topic", topicKey],
    ["groupId", U32],
    ["memberId", U32],
    ["clientId", U128],
    ["membersCount", U32],
    ["reason", MEMBER_LEFT_REASON],
  ],
);

/** `[topic key][group_id:u32][partition_id:u32][has:u8][member_id:u32]`. */
export const partitionHandedOverBody: PayloadCodec<PartitionHandedOverBody> = /* @__PURE__ */ struct<
  PartitionHandedOverBody
>(
  "WirePartitionHandedOverBody",
  [["topic", topicKey], ["groupId", U32], ["partitionId", U32], ["memberId", OPT_U32]],
);

/** `[topic key][group_id:u32][member_id:u32][client_id:u128][ids]`. */
export const memberItemBody: PayloadCodec<MemberItemBody> = /* @__PURE__ */ struct<MemberItemBody>(
  "WireMemberItemBody",
  [
    ["topic", topicKey],
    ["groupId", U32],
    ["memberId", U32],
    ["clientId", U128],
    ["partitionIds", PARTITION_IDS],
  ],
);

/** `[user key][username][status:u8][has:u8][permissions][options]`. */
export const userBody: PayloadCodec<UserBody> = /* @__PURE__ */ struct<UserBody>("WireUserBody", [
  ["key", userKey],
  ["username", wireName],
  ["status", U8],
  ["permissions", OPT_PERMISSIONS],
  ["options", CHANGE_OPTIONS],
]);

/** `[user key][username]`. */
export const userIdentityBody: PayloadCodec<UserIdentityBody> = /* @__PURE__ */ struct<UserIdentityBody>(
  "WireUserIdentityBody",
  [
    ["key", userKey],
    ["username", wireName],
  ],
);

/** `[user key][username][has:u8][permissions][reason:u8]`. */
export const userPermissionsBody: PayloadCodec<UserPermissionsBody> = /* @__PURE__ */ struct<
  UserPermissionsBody
>(
  "WireUserPermissionsBody",
  [["key", userKey], ["username", wireName], ["permissions", OPT_PERMISSIONS], [
    "reason",
    PERMISSIONS_UPDATED_REASON,
  ]],
);

/** `[user key][name][expiry:u64]`. */
export const tokenBody: PayloadCodec<TokenBody> = /* @__PURE__ */ struct<TokenBody>("WireTokenBody", [
  ["user", userKey],
  ["name", wireName],
  ["expiry", U64],
]);

/** `[user key][name][reason:u8]`. */
export const tokenDeletedBody: PayloadCodec<TokenDeletedBody> = /* @__PURE__ */ struct<TokenDeletedBody>(
  "WireTokenDeletedBody",
  [
    ["user", userKey],
    ["name", wireName],
    ["reason", TOKEN_DELETED_REASON],
  ],
);

/** `[user key][client_id:u128][session:u64]`. */
export const sessionBody: PayloadCodec<SessionBody> = /* @__PURE__ */ struct<SessionBody>("WireSessionBody", [
  ["user", userKey],
  ["clientId", U128],
  ["session", U64],
]);

/** `[user key][client_id:u128][session:u64][reason:u8]`. */
export const sessionClosedBody: PayloadCodec<SessionClosedBody> = /* @__PURE__ */ struct<SessionClosedBody>(
  "WireSessionClosedBody",
  [
    ["user", userKey],
    ["clientId", U128],
    ["session", U64],
    ["reason", SESSION_CLOSED_REASON],
  ],
);

const CHANGE_BODIES: Record<MetadataChangeKind, PayloadCodec<any>> = {
  streamCreated: streamBody,
  streamUpdated: streamBody,
  streamDeleted: streamDeletedBody,
  topicCreated: topicBody,
  topicUpdated: topicBody,
  topicDeleted: topicDeletedBody,
  partitionsChanged: partitionsChangedBody,
  consumerGroupCreated: consumerGroupCreatedBody,
  consumerGroupDeleted: consumerGroupDeletedBody,
  consumerGroupMemberJoined: memberJoinedBody,
  consumerGroupMemberLeft: memberLeftBody,
  consumerGroupPartitionHandedOver: partitionHandedOverBody,
  userCreated: userBody,
  userUpdated: userBody,
  userDeleted: userIdentityBody,
  userPasswordChanged: userIdentityBody,
  userPermissionsUpdated: userPermissionsBody,
  personalAccessTokenCreated: tokenBody,
  personalAccessTokenDeleted: tokenDeletedBody,
  sessionRegistered: sessionBody,
  sessionClosed: sessionClosedBody,
};

const ITEM_BODIES: Record<MetadataItemKind, PayloadCodec<any>> = {
  stream: streamBody,
  topic: topicItemBody,
  partitions: partitionsItemBody,
  consumerGroup: consumerGroupItemBody,
  consumerGroupMember: memberItemBody,
  user: userBody,
  personalAccessToken: tokenBody,
  session: sessionBody,
};

const ITEM_BY_GROUP: readonly (MetadataItemKind | undefined)[] = [
  undefined,
  ...(Object.keys(METADATA_ITEM_KINDS) as MetadataItemKind[]),
];

function changeBodyCodec(kind: string): PayloadCodec<any> {
  const c = (CHANGE_BODIES as Record<string, PayloadCodec<any> | undefined>)[kind];
  if (!Object.hasOwn(CHANGE_BODIES, kind) || c === undefined) {
    throw invalidValue("WireMetadataChange", `unknown change kind ${JSON.stringify(kind)}`);
  }
  return c;
}

function itemBodyCodec(kind: string): PayloadCodec<any> {
  const c = (ITEM_BODIES as Record<string, PayloadCodec<any> | undefined>)[kind];
  if (!Object.hasOwn(ITEM_BODIES, kind) || c === undefined) {
    throw invalidValue("WireMetadataCurrentItem", `unknown item kind ${JSON.stringify(kind)}`);
  }
  return c;
}

/** The crate refuses any byte after a body (`decode_exact`). */
function expectBodyEnd(r: Reader): void {
  if (r.pos !== r.end) throw invalid(r, `${r.end - r.pos} trailing bytes after a change body`);
}

// ---------------------------------------------------------------------------------------------
// Change bodies.

/**
 * The body codec of one change kind: encode writes the body of a change of that kind (a
 * change of another kind is `INVALID_VALUE`), decode reads one body and adds the kind. Bytes
 * after the body are refused by `decodePayload` (`trailing: "reject"`).
 *
 * @example
 * ```ts
 * import { decodePayload, metadataChangeBodyCodec } from "@streamwire/codec/iggy";
 * const codec = metadataChangeBodyCodec("userDeleted");
 * const body = new Uint8Array([9, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0x61]);
 * decodePayload(codec, body); // { kind: "userDeleted", key: { userId: 9, userCreatedAt: 1n }, username: "a" }
 * ```
 */
export function metadataChangeBodyCodec(kind: MetadataChangeKind): PayloadCodec<MetadataChange> {
  const body = changeBodyCodec(kind);
  const check = (v: MetadataChange): void => {
    if (v.kind !== kind) {
      throw invalidValue("WireMetadataChange", `a ${v.kind} change given to the ${kind} codec`);
    }
  };
  return {
    name: `WireMetadataChange(${kind})`,
    encode(w, v) {
      check(v);
      body.encode(w, v);
    },
    sizeOf: (v) => body.sizeOf(v),
    decode: (r) => ({ kind, ...body.decode(r) }),
    trailing: "reject",
  };
}

/**
 * Any change body, by the change's own `kind`: encode and sizeOf only (decoding needs the
 * record's group and kind: {@linkcode decodeMetadataChange}).
 */
export const metadataChangeBody: PayloadCodec<MetadataChange> = {
  name: "WireMetadataChange",
  encode: (w, v) => changeBodyCodec(v.kind).encode(w, v),
  sizeOf: (v) => changeBodyCodec(v.kind).sizeOf(v),
  decode(r) {
    throw invalid(r, "a change body decodes only with its group and kind (decodeMetadataChange)");
  },
};

/**
 * Decodes a change record's body by its group and kind codes, as the crate's
 * `WireMetadataChange::decode` does: `null` for a group or kind this build does not know;
 * `INVALID_VALUE` for a known kind under another group or bytes after the body; otherwise the
 * body's own errors. Byte fields of the result are views into `body`.
 *
 * @example
 * ```ts
 * import { decodeMetadataChange } from "@streamwire/codec/iggy";
 * const body = new Uint8Array([9, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0x61]);
 * decodeMetadataChange(6, 52, body)?.kind; // "userDeleted"
 * decodeMetadataChange(6, 99, body);       // null (kind unknown to this build)
 * ```
 */
export function decodeMetadataChange(group: number, kind: number, body: Uint8Array): MetadataChange | null {
  if (!Number.isInteger(group) || group < 1 || group > 8) return null;
  const name = KIND_BY_CODE[kind];
  if (name === undefined) return null;
  const r = new Reader(body, "WireMetadataChange");
  if (metadataChangeKindGroup(kind) !== group) {
    throw invalid(r, `change kind ${kind} does not belong to group ${group}`, 0);
  }
  const v = { kind: name, ...CHANGE_BODIES[name].decode(r) } as MetadataChange;
  expectBodyEnd(r);
  return v;
}

/**
 * Encodes a change's body and names its group and kind codes, ready for a
 * `MetadataChangeRecord`. Values the wire cannot carry (an empty or over-long name,
 * partition ids out of order, an invalid options block) are `INVALID_VALUE`.
 *
 * @example
 * ```ts
 * import { encodeMetadataChange } from "@streamwire/codec/iggy";
 * const { group, kind, body } = encodeMetadataChange({
 *   kind: "userDeleted", key: { userId: 9, userCreatedAt: 1n }, username: "a",
 * });
 * // group 6, kind 52, body 09000000 0100000000000000 0161
 * ```
 */
export function encodeMetadataChange(
  change: MetadataChange,
): { group: number; kind: number; body: Uint8Array } {
  const body = encodePayload(metadataChangeBody, change);
  const kind = METADATA_CHANGE_KINDS[change.kind];
  return { group: Math.floor(kind / 10) + 1, kind, body };
}

function rejection(e: unknown): MetadataBodyRejection {
  if (!isWireError(e)) throw e;
  return { kind: "invalid", code: e.code };
}

/**
 * A record body's {@linkcode MetadataChangeView}: {@linkcode decodeMetadataChange}, with a
 * rejection returned instead of thrown. Response decoding uses it for every record.
 *
 * @example
 * ```ts
 * import { metadataChangeView } from "@streamwire/codec/iggy";
 * const body = new Uint8Array([9, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0x61]);
 * console.log(metadataChangeView(6, 52, body)?.kind, metadataChangeView(6, 52, body.subarray(0, 3))?.kind); // userDeleted invalid
 * ```
 */
export function metadataChangeView(group: number, kind: number, body: Uint8Array): MetadataChangeView {
  try {
    return decodeMetadataChange(group, kind, body);
  } catch (e) {
    return rejection(e);
  }
}

// ---------------------------------------------------------------------------------------------
// Current-state item bodies.

/**
 * The body codec of one current-state item kind (see {@linkcode metadataChangeBodyCodec}).
 *
 * @example
 * ```ts
 * import { decodePayload, metadataItemBodyCodec } from "@streamwire/codec/iggy";
 * console.log(decodePayload(metadataItemBodyCodec("partitions"), new Uint8Array(28)).kind); // partitions
 * ```
 */
export function metadataItemBodyCodec(kind: MetadataItemKind): PayloadCodec<MetadataCurrentItem> {
  const body = itemBodyCodec(kind);
  return {
    name: `WireMetadataCurrentItem(${kind})`,
    encode(w, v) {
      if (v.kind !== kind) {
        throw invalidValue("WireMetadataCurrentItem", `a ${v.kind} item given to the ${kind} codec`);
      }
      body.encode(w, v);
    },
    sizeOf: (v) => body.sizeOf(v),
    decode: (r) => ({ kind, ...body.decode(r) }),
    trailing: "reject",
  };
}

/** Any item body, by the item's own `kind`: encode and sizeOf only ({@linkcode decodeMetadataItem}). */
export const metadataItemBody: PayloadCodec<MetadataCurrentItem> = {
  name: "WireMetadataCurrentItem",
  encode: (w, v) => itemBodyCodec(v.kind).encode(w, v),
  sizeOf: (v) => itemBodyCodec(v.kind).sizeOf(v),
  decode(r) {
    throw invalid(r, "an item body decodes only with its group (decodeMetadataItem)");
  },
};

/**
 * Decodes a current-state item's body by its group code (the crate's
 * `WireMetadataCurrentItem::decode`): `null` for an unknown group, `INVALID_VALUE` for bytes
 * after the body, otherwise the body's own errors.
 *
 * @example
 * ```ts
 * import { decodeMetadataItem } from "@streamwire/codec/iggy";
 * const body = new Uint8Array(24 + 4);
 * decodeMetadataItem(3, body)?.kind; // "partitions"
 * decodeMetadataItem(9, body);       // null
 * ```
 */
export function decodeMetadataItem(group: number, body: Uint8Array): MetadataCurrentItem | null {
  const name = Number.isInteger(group) ? ITEM_BY_GROUP[group] : undefined;
  if (name === undefined) return null;
  const r = new Reader(body, "WireMetadataCurrentItem");
  const v = { kind: name, ...ITEM_BODIES[name].decode(r) } as MetadataCurrentItem;
  expectBodyEnd(r);
  return v;
}

/**
 * Encodes an item's body and names its group code, ready for a `MetadataItem`.
 *
 * @example
 * ```ts
 * import { encodeMetadataItem } from "@streamwire/codec/iggy";
 * const key = { stream: { streamId: 1, streamCreatedOp: 2n }, topicId: 3, topicCreatedOp: 4n };
 * encodeMetadataItem({ kind: "partitions", topic: key, partitionsCount: 8 }).group; // 3
 * ```
 */
export function encodeMetadataItem(item: MetadataCurrentItem): { group: number; body: Uint8Array } {
  return { group: METADATA_ITEM_KINDS[item.kind], body: encodePayload(metadataItemBody, item) };
}

/**
 * An item body's {@linkcode MetadataCurrentItemView} (never throws for bad bytes).
 *
 * @example
 * ```ts
 * import { metadataItemView } from "@streamwire/codec/iggy";
 * console.log(metadataItemView(3, new Uint8Array(28))?.kind, metadataItemView(3, new Uint8Array(2))?.kind); // partitions invalid
 * ```
 */
export function metadataItemView(group: number, body: Uint8Array): MetadataCurrentItemView {
  try {
    return decodeMetadataItem(group, body);
  } catch (e) {
    return rejection(e);
  }
}
