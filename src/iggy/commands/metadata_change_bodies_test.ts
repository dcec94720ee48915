import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { fromHex, toHex } from "../../wire/hex.ts";
import { decodePayload, encodePayload } from "../codec.ts";
import {
  decodeMetadataChange,
  decodeMetadataItem,
  encodeMetadataChange,
  encodeMetadataItem,
  METADATA_CHANGE_KINDS,
  METADATA_ITEM_KINDS,
  type MetadataChange,
  metadataChangeBodyCodec,
  type MetadataChangeKind,
  metadataChangeKindGroup,
  metadataChangeView,
  metadataItemView,
  type TopicKey,
} from "./metadata_change_bodies.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

// Known answers: the crate's encodings (vectors/iggy/metadata_change_body.json, "<kind>.compact").
const KEY_TAIL =
  "07000000191000000000000001000000000000000261620020000000020e0000006d6573736167655f6578706972790c08000000e80300000000000000000000";
const TOPIC = "070000001910000000000000030000001d10000000000000";
const USER = "0900000000b832c8fb400600";
const PERMS = "0100010000010101000101070000000101010001000101000000000001010000";
const OPTS = "0020000000020e0000006d6573736167655f6578706972790c08000000e80300000000000000000000";
const COMPACT: Record<MetadataChangeKind, string> = {
  streamCreated: KEY_TAIL,
  streamUpdated: KEY_TAIL,
  streamDeleted: "0700000019100000000000000100000000000000026162012c10000000000000",
  topicCreated: TOPIC + "02000000000000000261620800000000" +
    "20000000020e0000006d6573736167655f6578706972790c08000000e80300000000000000000000",
  topicUpdated: TOPIC + "02000000000000000261620800000000" +
    "20000000020e0000006d6573736167655f6578706972790c08000000e80300000000000000000000",
  topicDeleted: TOPIC + "0200000000000000026162012d10000000000000",
  partitionsChanged: TOPIC + "05000000020000000500000006000000016810000000000000",
  consumerGroupCreated: TOPIC + "0100000002616201000000",
  consumerGroupDeleted: TOPIC + "010000000261620000000001cc10000000000000",
  consumerGroupMemberJoined: TOPIC +
    "01000000020000000300000000000000000000000000000002000000020000000000000004000000",
  consumerGroupMemberLeft: TOPIC + "0100000002000000030000000000000000000000000000000100000001",
  consumerGroupPartitionHandedOver: TOPIC + "01000000040000000102000000",
  userCreated: USER + "02616201" + "01" + PERMS + OPTS,
  userUpdated: USER + "02616201" + "01" + PERMS + OPTS,
  userDeleted: USER + "026162",
  userPasswordChanged: USER + "026162",
  userPermissionsUpdated: USER + "026162" + "01" + PERMS + "01",
  personalAccessTokenCreated: USER + "0261620500000000000000",
  personalAccessTokenDeleted: USER + "02616201",
  sessionRegistered: USER + "00000000000000000000000010000000" + "0400000000000000",
  sessionClosed: USER + "00000000000000000000000010000000" + "0400000000000000" + "02",
};

const KINDS = Object.keys(METADATA_CHANGE_KINDS) as MetadataChangeKind[];
const groupOf = (k: MetadataChangeKind) => metadataChangeKindGroup(METADATA_CHANGE_KINDS[k])!;
const topic: TopicKey = {
  stream: { streamId: 7, streamCreatedOp: 4121n },
  topicId: 3,
  topicCreatedOp: 4125n,
};

describe("change bodies: the crate's encodings", () => {
  for (const kind of KINDS) {
    it(`decodes and re-encodes the ${kind} body byte for byte`, () => {
      const bytes = fromHex(COMPACT[kind]);
      const change = decodeMetadataChange(groupOf(kind), METADATA_CHANGE_KINDS[kind], bytes);
      assert.equal(change?.kind, kind);
      const again = encodeMetadataChange(change!);
      assert.equal(toHex(again.body), COMPACT[kind]);
      assert.equal(again.kind, METADATA_CHANGE_KINDS[kind]);
      assert.equal(again.group, groupOf(kind));
      assert.equal(metadataChangeBodyCodec(kind).sizeOf(change!), bytes.length);
    });
  }
  it("decodes every field of a partitions_changed body", () => {
    assert.deepEqual(decodeMetadataChange(3, 20, fromHex(COMPACT.partitionsChanged)), {
      kind: "partitionsChanged",
      topic,
      partitionsCount: 5,
      removedPartitionIds: [5, 6],
      requestedOp: 4200n,
    });
  });
  it("decodes a stream body's options as two blocks (explicit, derived)", () => {
    const v = decodeMetadataChange(1, 1, fromHex(COMPACT.streamCreated));
    assert.ok(v?.kind === "streamCreated" && typeof v.options === "object");
    assert.equal(
      toHex(v.options.explicit),
      "020e0000006d6573736167655f6578706972790c08000000e803000000000000",
    );
    assert.equal(v.options.derived.length, 0);
  });
  it("decodes a session_closed body with a u128 client id and a reason", () => {
    assert.deepEqual(decodeMetadataChange(8, 71, fromHex(COMPACT.sessionClosed)), {
      kind: "sessionClosed",
      user: { userId: 9, userCreatedAt: 1_760_300_000_000_000n },
      clientId: 1n << 100n,
      session: 4n,
      reason: "revoked",
    });
  });
});

describe("decodeMetadataChange() and decodeMetadataItem() for codes this build does not know", () => {
  const body = fromHex(COMPACT.streamCreated);
  const cases = [[0, 1], [9, 1], [255, 255], [1, 0], [1, 4], [8, 72], [3, 21]] as const;
  for (const [group, kind] of cases) {
    it(`return null for group ${group} kind ${kind}`, () => {
      assert.equal(decodeMetadataChange(group, kind, body), null);
      assert.equal(metadataChangeView(group, kind, new Uint8Array([0xff])), null);
    });
  }
  it("return null for item groups 0 and 9", () => {
    assert.equal(decodeMetadataItem(0, body), null);
    assert.equal(decodeMetadataItem(9, new Uint8Array()), null);
    assert.equal(metadataItemView(200, body), null);
  });
});

describe("decodeMetadataChange() rejections", () => {
  const patch = (hex: string, at: number, bytes: string) => {
    const b = fromHex(hex);
    b.set(fromHex(bytes), at);
    return b;
  };
  const append = (hex: string, extra: string) => fromHex(hex + extra);
  const cases: { name: string; group: number; kind: number; body: Uint8Array; code: string }[] = [
    {
      name: "a known kind under another group",
      group: 2,
      kind: 1,
      body: fromHex(COMPACT.streamCreated),
      code: "INVALID_VALUE",
    },
    {
      name: "a known kind under another group with an empty body",
      group: 2,
      kind: 1,
      body: new Uint8Array(),
      code: "INVALID_VALUE",
    },
    {
      name: "one byte after the body",
      group: 1,
      kind: 1,
      body: append(COMPACT.streamCreated, "00"),
      code: "INVALID_VALUE",
    },
    { name: "an empty body", group: 8, kind: 70, body: new Uint8Array(), code: "TRUNCATED" },
    {
      name: "a body cut inside the u128 client id",
      group: 8,
      kind: 70,
      body: fromHex(COMPACT.sessionRegistered.slice(0, 40)),
      code: "TRUNCATED",
    },
    {
      name: "a name of length 0",
      group: 6,
      kind: 52,
      body: patch(COMPACT.userDeleted, 12, "00"),
      code: "INVALID_VALUE",
    },
    {
      name: "a name length past the end",
      group: 6,
      kind: 52,
      body: patch(COMPACT.userDeleted, 12, "05"),
      code: "TRUNCATED",
    },
    {
      name: "a name that is overlong UTF-8",
      group: 6,
      kind: 52,
      body: patch(COMPACT.userDeleted, 13, "c080"),
      code: "INVALID_UTF8",
    },
    {
      name: "options state 2",
      group: 1,
      kind: 1,
      body: patch(COMPACT.streamCreated, 23, "02"),
      code: "UNKNOWN_DISCRIMINANT",
    },
    {
      name: "an options length past the end",
      group: 1,
      kind: 1,
      body: patch(COMPACT.streamCreated, 24, "ffffffff"),
      code: "TRUNCATED",
    },
    {
      name: "an options key of kind 1",
      group: 1,
      kind: 1,
      body: patch(COMPACT.streamCreated, 28, "01"),
      code: "INVALID_VALUE",
    },
    {
      name: "a requested_op presence byte 2",
      group: 1,
      kind: 3,
      body: patch(COMPACT.streamDeleted, 23, "02"),
      code: "UNKNOWN_DISCRIMINANT",
    },
    {
      name: "a permissions presence byte 2",
      group: 6,
      kind: 54,
      body: patch(COMPACT.userPermissionsUpdated, 15, "02"),
      code: "UNKNOWN_DISCRIMINANT",
    },
    {
      name: "member-left reason 2",
      group: 5,
      kind: 41,
      body: patch(COMPACT.consumerGroupMemberLeft, 52, "02"),
      code: "UNKNOWN_DISCRIMINANT",
    },
    {
      name: "session-closed reason 3",
      group: 8,
      kind: 71,
      body: patch(COMPACT.sessionClosed, 36, "03"),
      code: "UNKNOWN_DISCRIMINANT",
    },
    {
      name: "token-deleted reason 255",
      group: 7,
      kind: 61,
      body: patch(COMPACT.personalAccessTokenDeleted, 15, "ff"),
      code: "UNKNOWN_DISCRIMINANT",
    },
    {
      name: "partition ids 6, 5",
      group: 3,
      kind: 20,
      body: patch(COMPACT.partitionsChanged, 32, "0600000005000000"),
      code: "INVALID_VALUE",
    },
    {
      name: "partition ids 5, 5",
      group: 3,
      kind: 20,
      body: patch(COMPACT.partitionsChanged, 32, "0500000005000000"),
      code: "INVALID_VALUE",
    },
    {
      name: "a partition count of u32::MAX",
      group: 3,
      kind: 20,
      body: fromHex(TOPIC + "05000000ffffffff0500000006000000"),
      code: "TRUNCATED",
    },
    {
      // The crate judges each id's order as it reads it: the descending pair fails before the
      // missing ids would.
      name: "a partition count of u32::MAX with descending ids",
      group: 3,
      kind: 20,
      body: fromHex(TOPIC + "05000000ffffffff0600000005000000"),
      code: "INVALID_VALUE",
    },
  ];
  for (const { name, group, kind, body, code } of cases) {
    it(`throws ${code} for ${name}`, () => {
      assertWireError(() => decodeMetadataChange(group, kind, body), code);
      assert.deepEqual(metadataChangeView(group, kind, body), { kind: "invalid", code });
    });
  }
  it("throws TRUNCATED for every proper prefix of every kind's body", () => {
    for (const kind of KINDS) {
      const bytes = fromHex(COMPACT[kind]);
      for (let n = 0; n < bytes.length; n++) {
        assertWireError(
          () => decodeMetadataChange(groupOf(kind), METADATA_CHANGE_KINDS[kind], bytes.subarray(0, n)),
          "TRUNCATED",
        );
      }
    }
  });
  it("reads permission flag bytes other than 0 leniently, as the crate does", () => {
    const bytes = fromHex(COMPACT.userPermissionsUpdated);
    bytes[16] = 2;
    const v = decodeMetadataChange(6, 54, bytes);
    assert.ok(v?.kind === "userPermissionsUpdated" && v.permissions?.global.manageServers === true);
    assert.notEqual(toHex(encodeMetadataChange(v).body), toHex(bytes));
  });
});

describe("encodeMetadataChange() rejections", () => {
  const user = { userId: 1, userCreatedAt: 2n };
  const cases: { name: string; change: unknown }[] = [
    { name: "an empty name", change: { kind: "userDeleted", key: user, username: "" } },
    { name: "a 256-byte name", change: { kind: "userDeleted", key: user, username: "x".repeat(256) } },
    {
      name: "partition ids out of order",
      change: {
        kind: "partitionsChanged",
        topic,
        partitionsCount: 1,
        removedPartitionIds: [2, 1],
        requestedOp: null,
      },
    },
    {
      name: "an undefined reason",
      change: { kind: "personalAccessTokenDeleted", user, name: "t", reason: "stolen" },
    },
    {
      name: "an invalid options block",
      change: {
        kind: "streamCreated",
        key: topic.stream,
        createdAt: 1n,
        name: "s",
        options: {
          kind: "readable",
          explicit: fromHex("010100000061090100000007"),
          derived: new Uint8Array(),
        },
      },
    },
    {
      name: "an unknown options state",
      change: { kind: "streamCreated", key: topic.stream, createdAt: 1n, name: "s", options: "gone" },
    },
    { name: "an unknown kind", change: { kind: "streamRenamed" } },
  ];
  for (const { name, change } of cases) {
    it(`throws INVALID_VALUE for ${name}`, () => {
      assertWireError(() => encodeMetadataChange(change as MetadataChange), "INVALID_VALUE");
    });
  }
  it("metadataChangeBodyCodec() throws INVALID_VALUE for a change of another kind", () => {
    const change: MetadataChange = { kind: "userDeleted", key: user, username: "a" };
    assertWireError(
      () => encodePayload(metadataChangeBodyCodec("userPasswordChanged"), change),
      "INVALID_VALUE",
    );
  });
  it("metadataChangeBodyCodec() decodes with decodePayload and refuses trailing bytes with INVALID_VALUE", () => {
    const codec = metadataChangeBodyCodec("userDeleted");
    assert.equal(decodePayload(codec, fromHex(COMPACT.userDeleted)).kind, "userDeleted");
    assertWireError(() => decodePayload(codec, fromHex(COMPACT.userDeleted + "00")), "INVALID_VALUE");
  });
});

describe("item bodies", () => {
  const ITEMS: Record<string, string> = {
    stream: KEY_TAIL,
    topic: TOPIC + "0200000000000000026162" + OPTS,
    partitions: "ffffffff19100000000000000100000000000000000020000c000000",
    consumerGroup: "ffffffff191000000000000001000000000000000000200004000000026162",
    consumerGroupMember:
      "ffffffff191000000000000001000000000000000000200004000000010000000c000000000000000000000000000000020000000000000002000000",
    user: USER + "02616201" + "01" + PERMS + OPTS,
    personalAccessToken: USER + "0261620500000000000000",
    session: USER + "00000000000000000000000010000000" + "0400000000000000",
  };
  for (const [kind, group] of Object.entries(METADATA_ITEM_KINDS)) {
    it(`decodes and re-encodes the ${kind} item body byte for byte`, () => {
      const v = decodeMetadataItem(group, fromHex(ITEMS[kind]));
      assert.equal(v?.kind, kind);
      const again = encodeMetadataItem(v!);
      assert.equal(again.group, group);
      assert.equal(toHex(again.body), ITEMS[kind]);
    });
  }
  it("decodeMetadataItem() throws INVALID_VALUE for a trailing byte and member ids out of order", () => {
    assertWireError(() => decodeMetadataItem(3, fromHex(ITEMS.partitions + "07")), "INVALID_VALUE");
    const member = fromHex(ITEMS.consumerGroupMember);
    member.set(fromHex("0200000000000000"), member.length - 8);
    assertWireError(() => decodeMetadataItem(5, member), "INVALID_VALUE");
    assert.deepEqual(metadataItemView(5, member), { kind: "invalid", code: "INVALID_VALUE" });
  });
});

describe("round trips of random bodies", () => {
  const u32 = fc.nat({ max: 0xffffffff });
  const u64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
  const u128 = fc.bigInt({ min: 0n, max: (1n << 128n) - 1n });
  const name = fc.string({ unit: "grapheme", minLength: 1, maxLength: 60, size: "small" }).filter((s) => {
    const n = new TextEncoder().encode(s).length;
    return n >= 1 && n <= 255;
  });
  const topicKey = fc.record({
    stream: fc.record({ streamId: u32, streamCreatedOp: u64 }),
    topicId: u32,
    topicCreatedOp: u64,
  });
  const userKey = fc.record({ userId: u32, userCreatedAt: u64 });
  const ids = fc.uniqueArray(u32, { maxLength: 20, size: "small" }).map((a) => a.sort((x, y) => x - y));
  const change: fc.Arbitrary<MetadataChange> = fc.oneof(
    fc.record({
      kind: fc.constant("partitionsChanged" as const),
      topic: topicKey,
      partitionsCount: u32,
      removedPartitionIds: ids,
      requestedOp: fc.option(u64, { nil: null }),
    }),
    fc.record({
      kind: fc.constant("consumerGroupMemberJoined" as const),
      topic: topicKey,
      groupId: u32,
      memberId: u32,
      clientId: u128,
      membersCount: u32,
      partitionIds: ids,
    }),
    fc.record({
      kind: fc.constantFrom("streamCreated" as const, "streamUpdated" as const),
      key: fc.record({ streamId: u32, streamCreatedOp: u64 }),
      createdAt: u64,
      name,
      options: fc.constant("unreadable" as const),
    }),
    fc.record({
      kind: fc.constant("personalAccessTokenDeleted" as const),
      user: userKey,
      name,
      reason: fc.constantFrom("deleted" as const, "expired" as const),
    }),
    fc.record({
      kind: fc.constant("sessionClosed" as const),
      user: userKey,
      clientId: u128,
      session: u64,
      reason: fc.constantFrom("logout" as const, "expired" as const, "revoked" as const),
    }),
    fc.record({
      kind: fc.constant("consumerGroupPartitionHandedOver" as const),
      topic: topicKey,
      groupId: u32,
      partitionId: u32,
      memberId: fc.option(u32, { nil: null }),
    }),
  );
  it("encodeMetadataChange() then decodeMetadataChange() gives the value back, sizeOf is exact", () => {
    fc.assert(
      fc.property(change, (v) => {
        const { group, kind, body } = encodeMetadataChange(v);
        assert.equal(metadataChangeBodyCodec(v.kind).sizeOf(v), body.length);
        // fast-check builds null-prototype records; compare against a plain copy.
        assert.deepEqual(decodeMetadataChange(group, kind, body), structuredClone(v));
      }),
      { numRuns: 300 },
    );
  });
});
