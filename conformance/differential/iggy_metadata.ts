/**
 * Differential generators of the metadata change-log bodies: one type per change kind
 * (`MetadataChangeBody.<kind>`) and per current-state item kind (`MetadataItemBody.<kind>`),
 * the dispatch forms (`MetadataChangeDispatch`: `[group][kind][body]`, `MetadataItemDispatch`:
 * `[group][body]`, where unknown groups and kinds decode to `null`), and GetMetadataChanges
 * response pages whose records and items carry typed bodies of every kind.
 *
 * Every generated body is canonical (partition ids strictly ascending, valid options blocks,
 * names of 1–255 bytes), so the crate must accept it and decode the same value.
 *
 * @module
 */

import type { Rng } from "./_rng.ts";
import type { DiffType } from "./_types.ts";
import { genName, genOptions, genPermissions } from "./iggy_core.ts";
import { toJsonForm } from "../lib/json.ts";
import type { PayloadCodec } from "../../src/iggy/codec.ts";
import {
  type ChangeOptions,
  decodeMetadataChange,
  decodeMetadataItem,
  METADATA_CHANGE_KINDS,
  METADATA_ITEM_KINDS,
  type MetadataChange,
  metadataChangeBody,
  metadataChangeBodyCodec,
  type MetadataChangeKind,
  type MetadataCurrentItem,
  metadataItemBody,
  metadataItemBodyCodec,
  type MetadataItemKind,
  type StreamKey,
  type TopicKey,
  type UserKey,
} from "../../src/iggy/commands/metadata_change_bodies.ts";
import {
  type GetMetadataChangesResponse,
  getMetadataChangesResponse,
  metadataChangeRecord,
  metadataItem,
} from "../../src/iggy/commands/metadata_changes.ts";

const streamKey = (r: Rng): StreamKey => ({ streamId: r.u32e(), streamCreatedOp: r.u64() });
const topicKey = (r: Rng): TopicKey => ({ stream: streamKey(r), topicId: r.u32e(), topicCreatedOp: r.u64() });
const userKey = (r: Rng): UserKey => ({ userId: r.u32e(), userCreatedAt: r.u64() });
const optU64 = (r: Rng) => (r.bool() ? r.u64() : null);
const perms = (r: Rng) => (r.chance(0.3) ? null : genPermissions(r));

function changeOptions(r: Rng): ChangeOptions {
  return r.chance(0.25)
    ? "unreadable"
    : { kind: "readable", explicit: genOptions(r), derived: genOptions(r) };
}

/** Strictly ascending u32 ids, 0..n of them. */
function ids(r: Rng): number[] {
  const raw = r.array(0, r.chance(0.1) ? 200 : 12, () => r.u32e());
  return [...new Set(raw)].sort((a, b) => a - b);
}

/** A random change of `kind`. */
export function genChange(r: Rng, kind: MetadataChangeKind): MetadataChange {
  switch (kind) {
    case "streamCreated":
    case "streamUpdated":
      return { kind, key: streamKey(r), createdAt: r.u64(), name: genName(r), options: changeOptions(r) };
    case "streamDeleted":
      return { kind, key: streamKey(r), createdAt: r.u64(), name: genName(r), requestedOp: optU64(r) };
    case "topicCreated":
    case "topicUpdated":
      return {
        kind,
        key: topicKey(r),
        createdAt: r.u64(),
        name: genName(r),
        partitionsCount: r.u32e(),
        options: changeOptions(r),
      };
    case "topicDeleted":
      return { kind, key: topicKey(r), createdAt: r.u64(), name: genName(r), requestedOp: optU64(r) };
    case "partitionsChanged":
      return {
        kind,
        topic: topicKey(r),
        partitionsCount: r.u32e(),
        removedPartitionIds: ids(r),
        requestedOp: optU64(r),
      };
    case "consumerGroupCreated":
      return { kind, topic: topicKey(r), groupId: r.u32e(), name: genName(r), consumerGroupsCount: r.u32e() };
    case "consumerGroupDeleted":
      return {
        kind,
        topic: topicKey(r),
        groupId: r.u32e(),
        name: genName(r),
        consumerGroupsCount: r.u32e(),
        requestedOp: optU64(r),
      };
    case "consumerGroupMemberJoined":
      return {
        kind,
        topic: topicKey(r),
        groupId: r.u32e(),
        memberId: r.u32e(),
        clientId: r.u128(),
        membersCount: r.u32e(),
        partitionIds: ids(r),
      };
    case "consumerGroupMemberLeft":
      return {
        kind,
        topic: topicKey(r),
        groupId: r.u32e(),
        memberId: r.u32e(),
        clientId: r.u128(),
        membersCount: r.u32e(),
        reason: r.pick(["left", "sessionEnded"] as const),
      };
    case "consumerGroupPartitionHandedOver":
      return {
        kind,
        topic: topicKey(r),
        groupId: r.u32e(),
        partitionId: r.u32e(),
        memberId: r.bool() ? r.u32e() : null,
      };
    case "userCreated":
    case "userUpdated":
      return {
        kind,
        key: userKey(r),
        username: genName(r),
        status: r.u8(),
        permissions: perms(r),
        options: changeOptions(r),
      };
    case "userDeleted":
    case "userPasswordChanged":
      return { kind, key: userKey(r), username: genName(r) };
    case "userPermissionsUpdated":
      return {
        kind,
        key: userKey(r),
        username: genName(r),
        permissions: perms(r),
        reason: r.pick(["updated", "resourceDeleted"] as const),
      };
    case "personalAccessTokenCreated":
      return { kind, user: userKey(r), name: genName(r), expiry: r.u64() };
    case "personalAccessTokenDeleted":
      return { kind, user: userKey(r), name: genName(r), reason: r.pick(["deleted", "expired"] as const) };
    case "sessionRegistered":
      return { kind, user: userKey(r), clientId: r.u128(), session: r.u64() };
    case "sessionClosed":
      return {
        kind,
        user: userKey(r),
        clientId: r.u128(),
        session: r.u64(),
        reason: r.pick(["logout", "expired", "revoked"] as const),
      };
  }
}

/** A random current-state item of `kind`. */
export function genItem(r: Rng, kind: MetadataItemKind): MetadataCurrentItem {
  switch (kind) {
    case "stream":
      return { kind, key: streamKey(r), createdAt: r.u64(), name: genName(r), options: changeOptions(r) };
    case "topic":
      return { kind, key: topicKey(r), createdAt: r.u64(), name: genName(r), options: changeOptions(r) };
    case "partitions":
      return { kind, topic: topicKey(r), partitionsCount: r.u32e() };
    case "consumerGroup":
      return { kind, topic: topicKey(r), groupId: r.u32e(), name: genName(r) };
    case "consumerGroupMember":
      return {
        kind,
        topic: topicKey(r),
        groupId: r.u32e(),
        memberId: r.u32e(),
        clientId: r.u128(),
        partitionIds: ids(r),
      };
    case "user":
      return {
        kind,
        key: userKey(r),
        username: genName(r),
        status: r.u8(),
        permissions: perms(r),
        options: changeOptions(r),
      };
    case "personalAccessToken":
      return { kind, user: userKey(r), name: genName(r), expiry: r.u64() };
    case "session":
      return { kind, user: userKey(r), clientId: r.u128(), session: r.u64() };
  }
}

const CHANGE_KINDS = Object.keys(METADATA_CHANGE_KINDS) as MetadataChangeKind[];
const ITEM_KINDS = Object.keys(METADATA_ITEM_KINDS) as MetadataItemKind[];

/** A change body with the record's group and kind in front; unknown codes carry raw bytes. */
interface ChangeDispatch {
  group: number;
  kind: number;
  body: Uint8Array | null;
  change: MetadataChange | null;
}

/** `[group:u8][kind:u8][body]`, the change decoded as `WireMetadataChange::decode` does. */
const changeDispatch: PayloadCodec<ChangeDispatch> = {
  name: "MetadataChangeDispatch",
  encode(w, v) {
    w.u8(v.group);
    w.u8(v.kind);
    if (v.change) metadataChangeBody.encode(w, v.change);
    else w.bytes(v.body!);
  },
  sizeOf: (v) => 2 + (v.change ? metadataChangeBody.sizeOf(v.change) : v.body!.length),
  decode(r) {
    const group = r.u8();
    const kind = r.u8();
    const body = r.buf.subarray(r.pos, r.end);
    r.pos = r.end;
    return { group, kind, body, change: decodeMetadataChange(group, kind, body) };
  },
};

interface ItemDispatch {
  group: number;
  body: Uint8Array | null;
  item: MetadataCurrentItem | null;
}

/** `[group:u8][body]`, the item decoded as `WireMetadataCurrentItem::decode` does. */
const itemDispatch: PayloadCodec<ItemDispatch> = {
  name: "MetadataItemDispatch",
  encode(w, v) {
    w.u8(v.group);
    if (v.item) metadataItemBody.encode(w, v.item);
    else w.bytes(v.body!);
  },
  sizeOf: (v) => 1 + (v.item ? metadataItemBody.sizeOf(v.item) : v.body!.length),
  decode(r) {
    const group = r.u8();
    const body = r.buf.subarray(r.pos, r.end);
    r.pos = r.end;
    return { group, body, item: decodeMetadataItem(group, body) };
  },
};

/** Group and kind codes this build does not know (so the body stays raw). */
function unknownCodes(r: Rng): { group: number; kind: number } {
  if (r.bool()) return { group: r.pick([0, 9, 127, 128, 200, 255]), kind: r.u8() };
  const group = r.int(1, 8);
  let kind = r.u8();
  while (Object.values(METADATA_CHANGE_KINDS).includes(kind as never)) kind = (kind + 1) & 0xff;
  return { group, kind };
}

function genChangeDispatch(r: Rng): ChangeDispatch {
  if (r.chance(0.2)) return { ...unknownCodes(r), body: r.bytes(r.len(0, 60)), change: null };
  const kind = r.pick(CHANGE_KINDS);
  const code = METADATA_CHANGE_KINDS[kind];
  return { group: Math.floor(code / 10) + 1, kind: code, body: null, change: genChange(r, kind) };
}

function genItemDispatch(r: Rng): ItemDispatch {
  if (r.chance(0.2)) return { group: r.pick([0, 9, 64, 255]), body: r.bytes(r.len(0, 60)), item: null };
  const kind = r.pick(ITEM_KINDS);
  return { group: METADATA_ITEM_KINDS[kind], body: null, item: genItem(r, kind) };
}

/** A response page whose records (or items) carry typed bodies of random kinds. */
function genTypedPage(r: Rng): GetMetadataChangesResponse {
  const phase = r.pick(["changes", "current"] as const);
  const envelope = () => ({
    op: r.u64(),
    ordinal: r.u32e(),
    checksum: r.u128(),
    timestamp: r.u64(),
    actorUserId: r.bool() ? r.u32e() : null,
  });
  return {
    status: r.pick(["ok", "behind", "expired", "reset"] as const),
    phase,
    logId: r.bool() ? r.u128() : null,
    oldestOp: r.u64(),
    retainedSince: r.u64(),
    headOp: r.u64(),
    next: null,
    hasMore: r.bool(),
    records: phase === "changes"
      ? r.array(0, 5, () => metadataChangeRecord(envelope(), genChange(r, r.pick(CHANGE_KINDS))))
      : [],
    items: phase === "current" ? r.array(0, 5, () => metadataItem(genItem(r, r.pick(ITEM_KINDS)))) : [],
    currentPageToken: null,
  };
}

/** The dispatch forms' JSON: the testee reports the codes and the typed value, not raw bytes. */
const changeDispatchJson = (v: ChangeDispatch) =>
  toJsonForm({ group: v.group, kind: v.kind, change: v.change });
const itemDispatchJson = (v: ItemDispatch) => toJsonForm({ group: v.group, item: v.item });

/** Registered with the Iggy differential driver. */
export const types: DiffType<any>[] = [
  ...CHANGE_KINDS.map((kind): DiffType<MetadataChange> => ({
    type: `MetadataChangeBody.${kind}`,
    direction: "data",
    codec: metadataChangeBodyCodec(kind),
    gen: (r) => genChange(r, kind),
  })),
  ...ITEM_KINDS.map((kind): DiffType<MetadataCurrentItem> => ({
    type: `MetadataItemBody.${kind}`,
    direction: "data",
    codec: metadataItemBodyCodec(kind),
    gen: (r) => genItem(r, kind),
  })),
  {
    type: "MetadataChangeDispatch",
    direction: "data",
    codec: changeDispatch,
    gen: genChangeDispatch,
    json: changeDispatchJson,
  },
  {
    type: "MetadataItemDispatch",
    direction: "data",
    codec: itemDispatch,
    gen: genItemDispatch,
    json: itemDispatchJson,
  },
  { type: "GetMetadataChanges", direction: "response", codec: getMetadataChangesResponse, gen: genTypedPage },
];
