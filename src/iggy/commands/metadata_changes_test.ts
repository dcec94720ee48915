import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromHex, toHex } from "../../wire/hex.ts";
import { decodePayload, encodePayload } from "../codec.ts";
import {
  getMetadataChangesRequest,
  getMetadataChangesResponse,
  metadataChangeCursor,
  metadataChangeKindGroup,
  metadataChangeRecord,
  metadataCurrentPageToken,
  metadataItem,
} from "./metadata_changes.ts";
import type { GetMetadataChangesResponse, MetadataChangeRecord, MetadataItem } from "./metadata_changes.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

const anchor = { logId: 1n, op: 5n, checksum: 9n, ordinal: 0 };

describe("metadata changes", () => {
  it("an earliest request is 57 bytes: mode, zero cursor, two absent bounds, limit, no groups, no token", () => {
    const bytes = encodePayload(getMetadataChangesRequest, {
      start: "earliest",
      since: null,
      until: null,
      limit: 100,
      groups: [],
    });
    assert.equal(bytes.length, 1 + 44 + 1 + 1 + 4 + 1 + 2);
    assert.equal(toHex(bytes.subarray(45)), "0000" + "64000000" + "00" + "0000");
  });
  it("round-trips a current request with a personal-access-token page token", () => {
    const key = new Uint8Array([3, 0, 0, 0, 2, 0x63, 0x69]);
    const v = {
      start: {
        kind: "current",
        value: { anchor, requiredHead: 6n, groupsMask: 0x40, group: "personalAccessTokens", lastKey: key },
      },
      since: 1n,
      until: null,
      limit: 1,
      groups: [7],
    } as const;
    assert.deepEqual(
      decodePayload(getMetadataChangesRequest, encodePayload(getMetadataChangesRequest, v)),
      v,
    );
  });
  it("cursor decode() throws INVALID_VALUE for op 0 with a checksum", () => {
    const bytes = encodePayload(metadataChangeCursor, anchor);
    bytes.fill(0, 16, 24);
    assertWireError(() => decodePayload(metadataChangeCursor, bytes), "INVALID_VALUE");
  });
  it("token encode() throws INVALID_VALUE for a key of the wrong size, a group outside the mask, a head below the anchor", () => {
    const ok = {
      anchor,
      requiredHead: 6n,
      groupsMask: 1,
      group: "streams",
      lastKey: new Uint8Array(4),
    } as const;
    encodePayload(metadataCurrentPageToken, ok);
    for (
      const bad of [{ ...ok, lastKey: new Uint8Array(5) }, { ...ok, groupsMask: 2 }, {
        ...ok,
        requiredHead: 4n,
      }]
    ) {
      assertWireError(() => encodePayload(metadataCurrentPageToken, bad), "INVALID_VALUE");
    }
  });
  it("request decode() throws UNKNOWN_DISCRIMINANT for start mode 4 and INVALID_VALUE for trailing bytes", () => {
    const bytes = encodePayload(getMetadataChangesRequest, {
      start: "latest",
      since: null,
      until: null,
      limit: 1,
      groups: [],
    });
    const mode4 = bytes.slice();
    mode4[0] = 4;
    assertWireError(() => decodePayload(getMetadataChangesRequest, mode4), "UNKNOWN_DISCRIMINANT");
    const longer = new Uint8Array(bytes.length + 1);
    longer.set(bytes);
    assertWireError(() => decodePayload(getMetadataChangesRequest, longer), "INVALID_VALUE");
  });
  it("response decode() throws INVALID_VALUE for records in a current page", () => {
    const page = {
      status: "ok",
      phase: "changes",
      logId: null,
      oldestOp: 0n,
      retainedSince: 0n,
      headOp: 0n,
      next: null,
      hasMore: false,
      records: [
        {
          op: 1n,
          ordinal: 0,
          checksum: 0n,
          timestamp: 0n,
          actorUserId: null,
          group: 1,
          kind: 1,
          body: new Uint8Array(),
          change: null,
        },
      ],
      items: [],
      currentPageToken: null,
    } as const;
    const bytes = encodePayload(getMetadataChangesResponse, page);
    bytes[1] = 1;
    assertWireError(() => decodePayload(getMetadataChangesResponse, bytes), "INVALID_VALUE");
  });
  it("maps kinds to their groups", () => {
    assert.deepEqual([1, 12, 20, 31, 42, 54, 61, 71, 99].map(metadataChangeKindGroup), [
      1,
      2,
      3,
      4,
      5,
      6,
      7,
      8,
      undefined,
    ]);
  });
});

describe("metadata changes: typed bodies in a response page", () => {
  const envelope = { op: 42n, ordinal: 0, checksum: 7n, timestamp: 1_700_000_000_000_000n, actorUserId: 1 };
  const user = { kind: "userDeleted", key: { userId: 9, userCreatedAt: 1n }, username: "alice" } as const;
  const session = {
    kind: "sessionClosed",
    user: user.key,
    clientId: 3n,
    session: 4n,
    reason: "expired",
  } as const;
  const page = (records: MetadataChangeRecord[], items: MetadataItem[] = []): GetMetadataChangesResponse => ({
    status: "ok",
    phase: items.length ? "current" : "changes",
    logId: 5n,
    oldestOp: 1n,
    retainedSince: 0n,
    headOp: 50n,
    next: null,
    hasMore: false,
    records,
    items,
    currentPageToken: null,
  });

  it("metadataChangeRecord() names the kind's group and kind codes and encodes the body", () => {
    const r = metadataChangeRecord(envelope, user);
    assert.equal(r.group, 6);
    assert.equal(r.kind, 52);
    assert.equal(toHex(r.body), "09000000" + "0100000000000000" + "05616c696365");
    assert.equal(r.change, user);
  });
  it("decode() gives each record its typed change beside the raw body", () => {
    const bytes = encodePayload(
      getMetadataChangesResponse,
      page([metadataChangeRecord(envelope, user), metadataChangeRecord(envelope, session)]),
    );
    const back = decodePayload(getMetadataChangesResponse, bytes);
    assert.deepEqual(back.records.map((r) => r.change), [user, session]);
    assert.equal(toHex(back.records[0].body), "090000000100000000000000" + "05616c696365");
  });
  const raw = (group: number, kind: number, hex: string): MetadataChangeRecord => ({
    ...envelope,
    group,
    kind,
    body: fromHex(hex),
    change: null,
  });
  const views: { name: string; group: number; kind: number; hex: string; change: unknown }[] = [
    { name: "an unknown kind", group: 6, kind: 59, hex: "ff", change: null },
    { name: "an unknown group", group: 200, kind: 52, hex: "", change: null },
    {
      name: "a truncated body",
      group: 6,
      kind: 52,
      hex: "0900",
      change: { kind: "invalid", code: "TRUNCATED" },
    },
    {
      name: "a kind under another group",
      group: 7,
      kind: 52,
      hex: "",
      change: { kind: "invalid", code: "INVALID_VALUE" },
    },
    {
      name: "a body with an undefined reason",
      group: 8,
      kind: 71,
      hex: "00".repeat(36) + "07",
      change: { kind: "invalid", code: "UNKNOWN_DISCRIMINANT" },
    },
  ];
  for (const { name, group, kind, hex, change } of views) {
    it(`decode() accepts the page and views ${name} as ${JSON.stringify(change)}`, () => {
      const bytes = encodePayload(getMetadataChangesResponse, page([raw(group, kind, hex)]));
      const [record] = decodePayload(getMetadataChangesResponse, bytes).records;
      assert.deepEqual(record.change, change);
      assert.equal(toHex(record.body), hex);
    });
  }
  it("encode() writes the raw body and ignores the change view", () => {
    const r = { ...metadataChangeRecord(envelope, user), change: session };
    const bytes = encodePayload(getMetadataChangesResponse, page([r]));
    assert.equal(decodePayload(getMetadataChangesResponse, bytes).records[0].change?.kind, "userDeleted");
  });
  it("decode() gives each item its typed body; metadataItem() names the group", () => {
    const topic = { stream: { streamId: 1, streamCreatedOp: 2n }, topicId: 3, topicCreatedOp: 4n };
    const item = { kind: "partitions", topic, partitionsCount: 8 } as const;
    assert.equal(metadataItem(item).group, 3);
    const bytes = encodePayload(
      getMetadataChangesResponse,
      page([], [metadataItem(item), { group: 9, body: new Uint8Array([1]), item: null }]),
    );
    assert.deepEqual(decodePayload(getMetadataChangesResponse, bytes).items.map((i) => i.item), [item, null]);
  });
});
