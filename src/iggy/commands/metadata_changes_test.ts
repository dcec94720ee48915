import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { toHex } from "../../wire/hex.ts";
import { isWireError } from "../../wire/error.ts";
import { decodePayload, encodePayload } from "../codec.ts";
import {
  getMetadataChangesRequest,
  getMetadataChangesResponse,
  metadataChangeCursor,
  metadataChangeKindGroup,
  metadataCurrentPageToken,
} from "./metadata_changes.ts";

const anchor = { logId: 1n, op: 5n, checksum: 9n, ordinal: 0 };

describe("metadata changes", () => {
  it("an earliest request is 57 bytes: mode, zero cursor, two absent bounds, limit, no groups, no token", () => {
    const bytes = encodePayload(getMetadataChangesRequest, { start: "earliest", since: null, until: null, limit: 100, groups: [] });
    assert.equal(bytes.length, 1 + 44 + 1 + 1 + 4 + 1 + 2);
    assert.equal(toHex(bytes.subarray(45)), "0000" + "64000000" + "00" + "0000");
  });
  it("round-trips a current request with a personal-access-token page token", () => {
    const key = new Uint8Array([3, 0, 0, 0, 2, 0x63, 0x69]);
    const v = { start: { kind: "current", value: { anchor, requiredHead: 6n, groupsMask: 0x40, group: "personalAccessTokens", lastKey: key } }, since: 1n, until: null, limit: 1, groups: [7] } as const;
    assert.deepEqual(decodePayload(getMetadataChangesRequest, encodePayload(getMetadataChangesRequest, v)), v);
  });
  it("cursor decode() throws INVALID_VALUE for op 0 with a checksum", () => {
    const bytes = encodePayload(metadataChangeCursor, anchor);
    bytes.fill(0, 16, 24);
    assert.throws(() => decodePayload(metadataChangeCursor, bytes), (e) => isWireError(e) && e.code === "INVALID_VALUE");
  });
  it("token encode() throws INVALID_VALUE for a key of the wrong size, a group outside the mask, a head below the anchor", () => {
    const ok = { anchor, requiredHead: 6n, groupsMask: 1, group: "streams", lastKey: new Uint8Array(4) } as const;
    encodePayload(metadataCurrentPageToken, ok);
    for (const bad of [{ ...ok, lastKey: new Uint8Array(5) }, { ...ok, groupsMask: 2 }, { ...ok, requiredHead: 4n }]) {
      assert.throws(() => encodePayload(metadataCurrentPageToken, bad), (e) => isWireError(e) && e.code === "INVALID_VALUE");
    }
  });
  it("request decode() throws UNKNOWN_DISCRIMINANT for start mode 4 and INVALID_VALUE for trailing bytes", () => {
    const bytes = encodePayload(getMetadataChangesRequest, { start: "latest", since: null, until: null, limit: 1, groups: [] });
    const mode4 = bytes.slice();
    mode4[0] = 4;
    assert.throws(() => decodePayload(getMetadataChangesRequest, mode4), (e) => isWireError(e) && e.code === "UNKNOWN_DISCRIMINANT");
    const longer = new Uint8Array(bytes.length + 1);
    longer.set(bytes);
    assert.throws(() => decodePayload(getMetadataChangesRequest, longer), (e) => isWireError(e) && e.code === "INVALID_VALUE");
  });
  it("response decode() throws INVALID_VALUE for records in a current page", () => {
    const page = {
      status: "ok", phase: "changes", logId: null, oldestOp: 0n, retainedSince: 0n, headOp: 0n, next: null, hasMore: false,
      records: [{ op: 1n, ordinal: 0, checksum: 0n, timestamp: 0n, actorUserId: null, group: 1, kind: 1, body: new Uint8Array() }],
      items: [], currentPageToken: null,
    } as const;
    const bytes = encodePayload(getMetadataChangesResponse, page);
    bytes[1] = 1;
    assert.throws(() => decodePayload(getMetadataChangesResponse, bytes), (e) => isWireError(e) && e.code === "INVALID_VALUE");
  });
  it("maps kinds to their groups", () => {
    assert.deepEqual([1, 12, 20, 31, 42, 54, 61, 71, 99].map(metadataChangeKindGroup), [1, 2, 3, 4, 5, 6, 7, 8, undefined]);
  });
});
