import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromHex, toHex } from "../../wire/hex.ts";
import { decodePayload, encodePayload } from "../codec.ts";
import {
  describeOptionsRequest,
  describeOptionsResponse,
  finalizeSessionRequest,
  getSnapshotRequest,
  retireSessionsRequest,
  statsResponse,
  updateResourceRequest,
} from "./system.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

const USER = "03010401000000"; // user scope, user id 1

describe("system", () => {
  const invalid: { name: string; codec: any; hex: string; code: string }[] = [
    { name: "scope 0", codec: describeOptionsRequest, hex: "00", code: "INVALID_VALUE" },
    { name: "scope 4", codec: describeOptionsRequest, hex: "04", code: "INVALID_VALUE" },
    {
      name: "a patch that does nothing",
      codec: updateResourceRequest,
      hex: USER + "00",
      code: "INVALID_VALUE",
    },
    {
      name: "a key reset twice",
      codec: updateResourceRequest,
      hex: USER + "02" + "0161" + "0161",
      code: "INVALID_VALUE",
    },
    {
      name: "a key both set and reset",
      codec: updateResourceRequest,
      hex: USER + "01" + "0161" + "020100000061090100000007",
      code: "INVALID_VALUE",
    },
    { name: "an unknown resource scope", codec: updateResourceRequest, hex: "05", code: "INVALID_VALUE" },
    { name: "trailing bytes", codec: finalizeSessionRequest, hex: "00".repeat(41), code: "INVALID_VALUE" },
    {
      name: "a length that is not a multiple of 32",
      codec: retireSessionsRequest,
      hex: "00".repeat(33),
      code: "INVALID_VALUE",
    },
    { name: "an empty batch", codec: retireSessionsRequest, hex: "", code: "INVALID_VALUE" },
    {
      name: "a session of 0",
      codec: retireSessionsRequest,
      hex: "01" + "00".repeat(31),
      code: "INVALID_VALUE",
    },
    {
      name: "a snapshot type count past the end",
      codec: getSnapshotRequest,
      hex: "0203" + "0102",
      code: "TRUNCATED",
    },
  ];
  for (const { name, codec, hex, code } of invalid) {
    it(`${codec.name} decode() throws ${code} for ${name}`, () => {
      assertWireError(() => decodePayload(codec, fromHex(hex)), code);
    });
  }
  it("UpdateResource round-trips a reset-only patch", () => {
    const v = {
      target: { kind: "user", userId: { kind: "numeric", value: 1 } },
      reset: ["a"],
      options: new Uint8Array(),
    } as const;
    assert.equal(toHex(encodePayload(updateResourceRequest, v)), USER + "01" + "0161");
    assert.deepEqual(decodePayload(updateResourceRequest, fromHex(USER + "010161")), v);
  });
  it("DescribeOptions response decodes an invalid-UTF-8 description leniently", () => {
    const hex = "01000000" + "016b" + "01" + "00" + "00000000" + "02000000" + "61ff";
    assert.equal(decodePayload(describeOptionsResponse, fromHex(hex)).entries[0].description, "a\ufffd");
  });
  it("GetStats reads a payload without the open-files pair as zeros and writes them back", () => {
    const v = {
      processId: 1,
      cpuUsage: 0.5,
      totalCpuUsage: 1.5,
      memoryUsage: 1n,
      totalMemory: 2n,
      availableMemory: 3n,
      runTime: 4n,
      startTime: 5n,
      readBytes: 6n,
      writtenBytes: 7n,
      messagesSizeBytes: 8n,
      streamsCount: 1,
      topicsCount: 2,
      partitionsCount: 3,
      segmentsCount: 4,
      messagesCount: 9n,
      clientsCount: 5,
      consumerGroupsCount: 6,
      hostname: "h",
      osName: "",
      osVersion: "",
      kernelVersion: "",
      iggyServerVersion: "",
      iggyServerSemver: null,
      cacheMetrics: [],
      threadsCount: 7,
      freeDiskSpace: 10n,
      totalDiskSpace: 11n,
      openFilesCount: 0n,
      openFilesLimit: 0n,
    };
    const full = encodePayload(statsResponse, v);
    assert.deepEqual(decodePayload(statsResponse, full.subarray(0, full.length - 16)), v);
    assert.deepEqual(decodePayload(statsResponse, full), v);
  });
});
