/**
 * GetMetadataChanges (code 17): paging through the log of committed metadata operations, or
 * through the current state, with its cursor and page-token primitives.
 *
 * Records and items carry their bodies as raw bytes, as the crate's response type does (the
 * `(group, kind)` pair says how a body is laid out), and beside them the body decoded
 * (`change` / `item`, see `src/iggy/commands/metadata_change_bodies.ts`). A body never
 * fails the page: the crate's response decoder does not look inside bodies, so an unknown
 * group or kind gives `null` and a malformed body a `{ kind: "invalid", code }` view, while
 * the raw bytes stay available (and are what the encoder writes). To build a record from a
 * typed change, use `encodeMetadataChange` / `metadataChangeRecord`.
 *
 * @module
 */

import { Reader } from "../../wire/reader.ts";
import type { Writer } from "../../wire/writer.ts";
import {
  type CommandCodecs,
  invalid,
  invalidValue,
  type PayloadCodec,
  readBytes,
  unknownDiscriminant,
} from "../codec.ts";
import { wireName } from "../primitives/identifier.ts";
import {
  encodeMetadataChange,
  encodeMetadataItem,
  METADATA_CHANGE_GROUPS,
  METADATA_CHANGE_KINDS,
  type MetadataChange,
  type MetadataChangeGroup,
  metadataChangeKindGroup,
  type MetadataChangeView,
  metadataChangeView,
  type MetadataCurrentItem,
  type MetadataCurrentItemView,
  metadataItemView,
} from "./metadata_change_bodies.ts";
import { CommandCode } from "../command_codes.ts";

/** Bytes of a change cursor. */
export const METADATA_CHANGE_CURSOR_SIZE = 44;
/** Longest page-token key: a user id and a 255-byte token name. */
export const MAX_PAGE_TOKEN_KEY_SIZE: number = 4 + 1 + 255;
/** Longest page token. */
export const MAX_PAGE_TOKEN_SIZE: number = METADATA_CHANGE_CURSOR_SIZE + 8 + 1 + 1 + 2 +
  MAX_PAGE_TOKEN_KEY_SIZE;

export { METADATA_CHANGE_GROUPS, METADATA_CHANGE_KINDS, metadataChangeKindGroup };
export type { MetadataChangeGroup };

const GROUP_NAMES = /* @__PURE__ */ Object.keys(METADATA_CHANGE_GROUPS) as MetadataChangeGroup[];
const STATUS_NAMES: readonly MetadataChangeStatus[] = ["ok", "behind", "expired", "reset"];
const PHASE_NAMES: readonly MetadataChangePhase[] = ["changes", "current"];

/** How far the answer is from what was asked: ok, behind, expired (cursor too old), reset. */
export type MetadataChangeStatus = "ok" | "behind" | "expired" | "reset";
/** Whether a page holds change records or current-state items. */
export type MetadataChangePhase = "changes" | "current";

/** A position in the change log. At op 0, checksum and ordinal must be 0. */
export interface MetadataChangeCursor {
  /** The log's identity (u128). */
  readonly logId: bigint;
  /** The operation (u64). */
  readonly op: bigint;
  /** The operation's checksum (u128). */
  readonly checksum: bigint;
  /** Record index within the operation. */
  readonly ordinal: number;
}

function cursorCanonical(c: MetadataChangeCursor): boolean {
  return c.op !== 0n || (c.checksum === 0n && c.ordinal === 0);
}

/**
 * `[log_id:u128][op:u64][checksum:u128][ordinal:u32]`, 44 bytes; a cursor at op 0 with a
 * checksum or ordinal is `INVALID_VALUE`.
 */
export const metadataChangeCursor: PayloadCodec<MetadataChangeCursor> = {
  name: "WireMetadataChangeCursor",
  encode(w, v) {
    if (!cursorCanonical(v)) {
      throw invalidValue("WireMetadataChangeCursor", "a cursor at op 0 carries no checksum and no ordinal");
    }
    w.u128le(v.logId);
    w.u64le(v.op);
    w.u128le(v.checksum);
    w.u32le(v.ordinal);
  },
  sizeOf: () => METADATA_CHANGE_CURSOR_SIZE,
  decode(r) {
    const start = r.pos;
    const c = { logId: r.u128le(), op: r.u64le(), checksum: r.u128le(), ordinal: r.u32le() };
    if (!cursorCanonical(c)) throw invalid(r, "a cursor at op 0 carries no checksum and no ordinal", start);
    return c;
  },
};

/** Where the next current-state page resumes. */
export interface MetadataCurrentPageToken {
  /** The log position the pages are consistent with. */
  readonly anchor: MetadataChangeCursor;
  /** The log head the pages require (u64, ≥ anchor op). */
  readonly requiredHead: bigint;
  /** Bit `group - 1` set for each group being paged. */
  readonly groupsMask: number;
  /** The group being paged (its bit must be in the mask). */
  readonly group: MetadataChangeGroup;
  /** The last key returned, sized by group (a view into the input). */
  readonly lastKey: Uint8Array;
}

function keyFitsGroup(group: MetadataChangeGroup, key: Uint8Array): boolean {
  switch (group) {
    case "streams":
    case "users":
      return key.length === 4;
    case "topics":
    case "partitions":
    case "sessions":
      return key.length === 8;
    case "consumerGroups":
      return key.length === 12;
    case "consumerGroupMembers":
      return key.length === 16;
    case "personalAccessTokens": {
      if (key.length <= 4) return false;
      try {
        const r = new Reader(key.subarray(4));
        wireName.decode(r);
        return r.pos === r.end;
      } catch {
        return false;
      }
    }
  }
}

function tokenProblem(t: MetadataCurrentPageToken): string | undefined {
  const bit = 1 << (METADATA_CHANGE_GROUPS[t.group] - 1);
  if ((t.groupsMask & bit) === 0) return "page token group is not in its group mask";
  if (t.requiredHead < t.anchor.op) return "page token head is below its anchor";
  if (!cursorCanonical(t.anchor)) return "page token anchor is not canonical";
  if (t.lastKey.length > MAX_PAGE_TOKEN_KEY_SIZE) return "page token key is too long";
  if (!keyFitsGroup(t.group, t.lastKey)) {
    return `page token key of ${t.lastKey.length} bytes does not fit group ${
      METADATA_CHANGE_GROUPS[t.group]
    }`;
  }
  return undefined;
}

/**
 * `[anchor:44][required_head:u64][groups_mask:u8][group:u8][key_len:u16][last_key]`. An unknown
 * group, a key over 260 bytes, and a token failing its consistency rules (group bit, head ≥
 * anchor, key size for the group) are `INVALID_VALUE`.
 */
export const metadataCurrentPageToken: PayloadCodec<MetadataCurrentPageToken> = {
  name: "WireMetadataCurrentPageToken",
  encode(w, v) {
    if (METADATA_CHANGE_GROUPS[v.group] === undefined) {
      throw invalidValue("WireMetadataCurrentPageToken", `unknown group ${v.group}`);
    }
    const problem = tokenProblem(v);
    if (problem) throw invalidValue("WireMetadataCurrentPageToken", problem);
    metadataChangeCursor.encode(w, v.anchor);
    w.u64le(v.requiredHead);
    w.u8(v.groupsMask);
    w.u8(METADATA_CHANGE_GROUPS[v.group]);
    w.u16le(v.lastKey.length);
    w.bytes(v.lastKey);
  },
  sizeOf: (v) => METADATA_CHANGE_CURSOR_SIZE + 12 + v.lastKey.length,
  decode(r) {
    const start = r.pos;
    const anchor = metadataChangeCursor.decode(r);
    const requiredHead = r.u64le();
    const groupsMask = r.u8();
    const groupAt = r.pos;
    const group = GROUP_NAMES[r.u8() - 1];
    if (group === undefined) throw invalid(r, "page token names an unknown group", groupAt);
    const keyLength = r.u16le();
    if (keyLength > MAX_PAGE_TOKEN_KEY_SIZE) {
      throw invalid(
        r,
        `page token key of ${keyLength} bytes at offset ${groupAt - start} is too long`,
        groupAt,
      );
    }
    const lastKey = readBytes(r, keyLength);
    const token = { anchor, requiredHead, groupsMask, group, lastKey };
    const problem = tokenProblem(token);
    if (problem) throw invalid(r, problem, start);
    return token;
  },
};

// ---------------------------------------------------------------------------------------------
// Flags and optional integers as this command encodes them: a presence byte of exactly 0 or 1.

function readFlag(r: Reader): boolean {
  const at = r.pos;
  const b = r.u8();
  if (b === 0) return false;
  if (b === 1) return true;
  throw unknownDiscriminant(r, "flag", b, at);
}

function readOptionalU64(r: Reader): bigint | null {
  return readFlag(r) ? r.u64le() : null;
}

function writeOptionalU64(w: Writer, v: bigint | null): void {
  if (v === null) {
    w.u8(0);
  } else {
    w.u8(1);
    w.u64le(v);
  }
}

// ---------------------------------------------------------------------------------------------
// Request.

/**
 * Where a query starts. JSON form: `"earliest"`, `"latest"`,
 * `{ "kind": "after", "value": <cursor> }`, `{ "kind": "current", "value": <token> | null }`.
 */
export type MetadataChangeStart =
  | "earliest"
  | "latest"
  | { readonly kind: "after"; readonly value: MetadataChangeCursor }
  | { readonly kind: "current"; readonly value: MetadataCurrentPageToken | null };

/** GetMetadataChanges request. */
export interface GetMetadataChangesRequest {
  /** Where to start. */
  readonly start: MetadataChangeStart;
  /** Only changes at or after this time (µs, u64), or `null`. */
  readonly since: bigint | null;
  /** Only changes before this time (µs, u64), or `null`. */
  readonly until: bigint | null;
  /** Most records or items in the page (range checked by the server). */
  readonly limit: number;
  /** Group codes to include, at most 255; empty for all groups (not checked on the wire). */
  readonly groups: readonly number[];
}

const START_NAMES = ["earliest", "latest", "after", "current"] as const;
const ZERO_CURSOR = /* @__PURE__ */ new Uint8Array(METADATA_CHANGE_CURSOR_SIZE);

function startMode(s: MetadataChangeStart): number {
  if (s === "earliest") return 0;
  if (s === "latest") return 1;
  if (s.kind === "after") return 2;
  if (s.kind === "current") return 3;
  throw invalidValue("GetMetadataChanges", `unknown start ${JSON.stringify(s)}`);
}

/**
 * `[start:u8][cursor:44, zero unless after][since?][until?][limit:u32][groups_count:u8]
 * [group:u8]*[token_len:u16][token]`. Decoding reads every field before judging them: an
 * unknown start mode or presence byte is `UNKNOWN_DISCRIMINANT`; trailing bytes, a cursor
 * outside `after`, a token outside `current`, and an invalid cursor or token are
 * `INVALID_VALUE`.
 */
export const getMetadataChangesRequest: PayloadCodec<GetMetadataChangesRequest> = {
  name: "GetMetadataChanges",
  encode(w, v) {
    if (v.groups.length > 255) throw invalidValue("GetMetadataChanges", "more than 255 groups");
    const mode = startMode(v.start);
    w.u8(mode);
    if (typeof v.start === "object" && v.start.kind === "after") {
      metadataChangeCursor.encode(w, v.start.value);
    } else w.bytes(ZERO_CURSOR);
    writeOptionalU64(w, v.since);
    writeOptionalU64(w, v.until);
    w.u32le(v.limit);
    w.u8(v.groups.length);
    for (const g of v.groups) w.u8(g);
    const token = typeof v.start === "object" && v.start.kind === "current" ? v.start.value : null;
    if (token) {
      w.u16le(metadataCurrentPageToken.sizeOf(token));
      metadataCurrentPageToken.encode(w, token);
    } else {
      w.u16le(0);
    }
  },
  sizeOf(v) {
    const token = typeof v.start === "object" && v.start.kind === "current" ? v.start.value : null;
    return 1 + METADATA_CHANGE_CURSOR_SIZE + (v.since === null ? 1 : 9) + (v.until === null ? 1 : 9) + 4 + 1 +
      v.groups.length + 2 + (token ? metadataCurrentPageToken.sizeOf(token) : 0);
  },
  decode(r) {
    const modeByte = r.u8();
    const mode = START_NAMES[modeByte];
    if (mode === undefined) throw unknownDiscriminant(r, "WireMetadataChangeStartMode", modeByte, 0);
    const cursorBytes = readBytes(r, METADATA_CHANGE_CURSOR_SIZE);
    const since = readOptionalU64(r);
    const until = readOptionalU64(r);
    const limit = r.u32le();
    const groups = [...readBytes(r, r.u8())];
    const tokenLength = r.u16le();
    const tokenBytes = readBytes(r, tokenLength);
    if (r.pos !== r.end) throw invalid(r, `${r.end - r.pos} trailing bytes after a metadata changes request`);
    if (mode !== "after" && cursorBytes.some((b) => b !== 0)) {
      throw invalid(r, "a cursor is allowed only when starting after it", 1);
    }
    if (mode !== "current" && tokenLength !== 0) {
      throw invalid(r, "a page token is allowed only in current mode");
    }
    let start: MetadataChangeStart;
    if (mode === "after") {
      start = { kind: "after", value: metadataChangeCursor.decode(new Reader(cursorBytes, r.context)) };
    } else if (mode === "current") {
      let token: MetadataCurrentPageToken | null = null;
      if (tokenLength !== 0) {
        const tr = new Reader(tokenBytes, r.context);
        token = metadataCurrentPageToken.decode(tr);
        if (tr.pos !== tr.end) throw invalid(r, "trailing bytes after a page token");
      }
      start = { kind: "current", value: token };
    } else {
      start = mode;
    }
    return { start, since, until, limit, groups };
  },
};

// ---------------------------------------------------------------------------------------------
// Response.

/** One committed change. */
export interface MetadataChangeRecord {
  /** The operation (u64). */
  readonly op: bigint;
  /** Index of the record within the operation. */
  readonly ordinal: number;
  /** The operation's checksum (u128). */
  readonly checksum: bigint;
  /** Commit time, µs (u64). */
  readonly timestamp: bigint;
  /** The user who made the change, or `null` (server-originated). */
  readonly actorUserId: number | null;
  /** Group code. */
  readonly group: number;
  /** Kind code. */
  readonly kind: number;
  /** The change body as sent (a view); the encoder writes these bytes. */
  readonly body: Uint8Array;
  /**
   * The body decoded by `(group, kind)`: the typed change, `null` for a group or kind this
   * build does not know, or `{ kind: "invalid", code }` for a malformed body. Set by decoding;
   * the encoder ignores it (it writes `body`).
   */
  readonly change: MetadataChangeView;
}

/** One current-state item. */
export interface MetadataItem {
  /** Group code. */
  readonly group: number;
  /** The item body as sent (a view); the encoder writes these bytes. */
  readonly body: Uint8Array;
  /** The body decoded by `group` (see {@linkcode MetadataChangeRecord.change}); ignored by the encoder. */
  readonly item: MetadataCurrentItemView;
}

/** GetMetadataChanges response: one page. */
export interface GetMetadataChangesResponse {
  /** How the answer relates to the request. */
  readonly status: MetadataChangeStatus;
  /** Changes page (records only) or current-state page (items and a token only). */
  readonly phase: MetadataChangePhase;
  /** The log's identity (u128), or `null`. */
  readonly logId: bigint | null;
  /** Oldest retained operation (u64). */
  readonly oldestOp: bigint;
  /** Retention start, µs (u64). */
  readonly retainedSince: bigint;
  /** Newest committed operation (u64). */
  readonly headOp: bigint;
  /** Where the next page starts, or `null`. */
  readonly next: MetadataChangeCursor | null;
  /** More pages follow. */
  readonly hasMore: boolean;
  /** Change records (changes phase). */
  readonly records: readonly MetadataChangeRecord[];
  /** Current-state items (current phase). */
  readonly items: readonly MetadataItem[];
  /** Resume token of the current-state walk, or `null`. */
  readonly currentPageToken: MetadataCurrentPageToken | null;
}

/** The envelope of a change record: everything but the body. */
export type MetadataChangeEnvelope = Pick<
  MetadataChangeRecord,
  "op" | "ordinal" | "checksum" | "timestamp" | "actorUserId"
>;

/**
 * A change record carrying a typed change: the body is encoded (so `INVALID_VALUE` for a
 * change the wire cannot carry), `group` and `kind` follow from the change.
 *
 * @example
 * ```ts
 * import { metadataChangeRecord } from "@streamwire/codec/iggy";
 * const record = metadataChangeRecord(
 *   { op: 42n, ordinal: 0, checksum: 7n, timestamp: 1_700_000_000_000_000n, actorUserId: 1 },
 *   { kind: "userDeleted", key: { userId: 9, userCreatedAt: 1n }, username: "alice" },
 * );
 * record.group; // 6
 * record.kind;  // 52
 * ```
 */
export function metadataChangeRecord(
  envelope: MetadataChangeEnvelope,
  change: MetadataChange,
): MetadataChangeRecord {
  const { group, kind, body } = encodeMetadataChange(change);
  const { op, ordinal, checksum, timestamp, actorUserId } = envelope;
  return { op, ordinal, checksum, timestamp, actorUserId, group, kind, body, change };
}

/**
 * A current-state item carrying a typed item body (see {@linkcode metadataChangeRecord}).
 *
 * @example
 * ```ts
 * import { metadataItem } from "@streamwire/codec/iggy";
 * const topic = { stream: { streamId: 1, streamCreatedOp: 2n }, topicId: 3, topicCreatedOp: 4n };
 * metadataItem({ kind: "partitions", topic, partitionsCount: 8 }).group; // 3
 * ```
 */
export function metadataItem(item: MetadataCurrentItem): MetadataItem {
  const { group, body } = encodeMetadataItem(item);
  return { group, body, item };
}

const metadataChangeRecordCodec: PayloadCodec<MetadataChangeRecord> = {
  name: "WireMetadataChangeRecord",
  encode(w, v) {
    w.u64le(v.op);
    w.u32le(v.ordinal);
    w.u128le(v.checksum);
    w.u64le(v.timestamp);
    if (v.actorUserId === null) w.u8(0);
    else {
      w.u8(1);
      w.u32le(v.actorUserId);
    }
    w.u8(v.group);
    w.u8(v.kind);
    w.u32le(v.body.length);
    w.bytes(v.body);
  },
  sizeOf: (v) => 43 + (v.actorUserId === null ? 0 : 4) + v.body.length,
  decode(r) {
    const op = r.u64le();
    const ordinal = r.u32le();
    const checksum = r.u128le();
    const timestamp = r.u64le();
    const actorUserId = readFlag(r) ? r.u32le() : null;
    const group = r.u8();
    const kind = r.u8();
    const body = readBytes(r, r.u32le());
    return {
      op,
      ordinal,
      checksum,
      timestamp,
      actorUserId,
      group,
      kind,
      body,
      change: metadataChangeView(group, kind, body),
    };
  },
};

const metadataItemCodec: PayloadCodec<MetadataItem> = {
  name: "WireMetadataItem",
  encode(w, v) {
    w.u8(v.group);
    w.u32le(v.body.length);
    w.bytes(v.body);
  },
  sizeOf: (v) => 5 + v.body.length,
  decode(r) {
    const group = r.u8();
    const body = readBytes(r, r.u32le());
    return { group, body, item: metadataItemView(group, body) };
  },
};

function phaseProblem(
  v: {
    phase: MetadataChangePhase;
    records: readonly unknown[];
    items: readonly unknown[];
    currentPageToken: unknown;
  },
): boolean {
  return v.phase === "changes" ? v.items.length > 0 || v.currentPageToken !== null : v.records.length > 0;
}

/**
 * `[status:u8][phase:u8][log_id?:flag+u128][oldest_op][retained_since][head_op]
 * [next?:flag+cursor][has_more:flag][count:u32][record]*[count:u32][item]*[token_len:u16][token]`.
 * Unknown status, phase or flag bytes are `UNKNOWN_DISCRIMINANT`; a changes page with items or
 * a token, or a current page with records, is `INVALID_VALUE`.
 */
export const getMetadataChangesResponse: PayloadCodec<GetMetadataChangesResponse> = {
  name: "GetMetadataChanges",
  encode(w, v) {
    const status = STATUS_NAMES.indexOf(v.status);
    const phase = PHASE_NAMES.indexOf(v.phase);
    if (status < 0 || phase < 0) throw invalidValue("GetMetadataChanges", "unknown status or phase");
    if (phaseProblem(v)) {
      throw invalidValue(
        "GetMetadataChanges",
        "a changes page carries only records and a current page only items",
      );
    }
    w.u8(status);
    w.u8(phase);
    if (v.logId === null) w.u8(0);
    else {
      w.u8(1);
      w.u128le(v.logId);
    }
    w.u64le(v.oldestOp);
    w.u64le(v.retainedSince);
    w.u64le(v.headOp);
    if (v.next === null) w.u8(0);
    else {
      w.u8(1);
      metadataChangeCursor.encode(w, v.next);
    }
    w.u8(v.hasMore ? 1 : 0);
    w.u32le(v.records.length);
    for (const rec of v.records) metadataChangeRecordCodec.encode(w, rec);
    w.u32le(v.items.length);
    for (const it of v.items) metadataItemCodec.encode(w, it);
    if (v.currentPageToken) {
      w.u16le(metadataCurrentPageToken.sizeOf(v.currentPageToken));
      metadataCurrentPageToken.encode(w, v.currentPageToken);
    } else {
      w.u16le(0);
    }
  },
  sizeOf(v) {
    let n = 2 + (v.logId === null ? 1 : 17) + 24 + (v.next === null ? 1 : 45) + 1 + 4 + 4 + 2;
    for (const rec of v.records) n += metadataChangeRecordCodec.sizeOf(rec);
    for (const it of v.items) n += metadataItemCodec.sizeOf(it);
    if (v.currentPageToken) n += metadataCurrentPageToken.sizeOf(v.currentPageToken);
    return n;
  },
  decode(r) {
    const statusByte = r.u8();
    const status = STATUS_NAMES[statusByte];
    if (status === undefined) throw unknownDiscriminant(r, "WireMetadataChangeStatus", statusByte, 0);
    const phaseByte = r.u8();
    const phase = PHASE_NAMES[phaseByte];
    if (phase === undefined) throw unknownDiscriminant(r, "WireMetadataChangePhase", phaseByte, 1);
    const logId = readFlag(r) ? r.u128le() : null;
    const oldestOp = r.u64le();
    const retainedSince = r.u64le();
    const headOp = r.u64le();
    const next = readFlag(r) ? metadataChangeCursor.decode(r) : null;
    const hasMore = readFlag(r);
    const recordCount = r.u32le();
    const records: MetadataChangeRecord[] = [];
    // Every record takes at least 43 bytes, so a large count fails on the first missing one.
    for (let i = 0; i < recordCount; i++) records.push(metadataChangeRecordCodec.decode(r));
    const itemCount = r.u32le();
    const items: MetadataItem[] = [];
    for (let i = 0; i < itemCount; i++) items.push(metadataItemCodec.decode(r));
    const tokenLength = r.u16le();
    let currentPageToken: MetadataCurrentPageToken | null = null;
    if (tokenLength !== 0) {
      const tr = new Reader(readBytes(r, tokenLength), r.context);
      currentPageToken = metadataCurrentPageToken.decode(tr);
      if (tr.pos !== tr.end) throw invalid(r, "trailing bytes after a page token");
    }
    const page = {
      status,
      phase,
      logId,
      oldestOp,
      retainedSince,
      headOp,
      next,
      hasMore,
      records,
      items,
      currentPageToken,
    };
    if (phaseProblem(page)) {
      throw invalid(r, "a changes page carries only records and a current page only items");
    }
    return page;
  },
};

/** GetMetadataChanges, for the dispatch table. */
export const metadataChangesCommands = [
  {
    code: CommandCode.GetMetadataChanges,
    name: "GetMetadataChanges",
    request: getMetadataChangesRequest,
    response: getMetadataChangesResponse,
  },
] as const satisfies readonly CommandCodecs[];
