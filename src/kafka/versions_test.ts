import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { knownApiKeys, negotiateVersions, pickVersion, supportedVersions } from "./versions.ts";
import { decodeResponse, encodeResponse } from "./api.ts";

describe("supportedVersions", () => {
  const cases = [
    { key: 18, want: { min: 0, max: 5 } },
    { key: 0, want: { min: 0, max: 13 } }, // v0-2 from 3.9, v3-13 from 4.4
    { key: 1, want: { min: 0, max: 18 } },
    { key: 4, want: { min: 0, max: 7 } }, // LeaderAndIsr: 3.9 only
    { key: 93, want: { min: 0, max: 0 } }, // 4.4 only
    { key: 76, want: { min: 1, max: 1 } }, // ShareGroupHeartbeat v0 (3.9 early access) is unstable
    { key: 1000, want: undefined },
  ];
  for (const { key, want } of cases) {
    it(`supportedVersions(${key}) is ${JSON.stringify(want)}`, () =>
      assert.deepEqual(supportedVersions(key), want));
  }
  it("supportedVersions() counts unstable versions only when asked", () => {
    assert.deepEqual(supportedVersions(76, { includeUnstable: true }), { min: 0, max: 1 });
    const stable = supportedVersions(22)!;
    const all = supportedVersions(22, { includeUnstable: true })!;
    assert.equal(all.max, stable.max + 1); // InitProducerId's newest version is unstable in 4.4.0
  });
});

describe("pickVersion", () => {
  const cases = [
    { key: 3, min: 0, max: 12, want: 12 },
    { key: 3, min: 0, max: 99, want: 13 },
    { key: 0, min: 0, max: 2, want: 2 }, // Produce v0-2: brokers still advertise them
    { key: 18, min: 6, max: 9, want: undefined },
    { key: 76, min: 0, max: 0, want: undefined }, // only an unstable version in common
    { key: 1000, min: 0, max: 3, want: undefined },
  ];
  for (const { key, min, max, want } of cases) {
    it(`pickVersion(${key}, ${min}, ${max}) is ${want}`, () =>
      assert.equal(pickVersion(key, min, max), want));
  }
});

describe("negotiateVersions", () => {
  it("negotiateVersions() picks the highest common version per key from an ApiVersions response", () => {
    const bytes = encodeResponse(18, 3, { correlationId: 1 }, {
      apiKeys: [
        { apiKey: 3, minVersion: 0, maxVersion: 12 },
        { apiKey: 18, minVersion: 0, maxVersion: 9 },
        { apiKey: 1000, minVersion: 0, maxVersion: 1 },
        { apiKey: 47, minVersion: 5, maxVersion: 7 },
      ],
    });
    const chosen = negotiateVersions(decodeResponse(18, 3, bytes).body);
    assert.deepEqual([...chosen], [[3, 12], [18, 5]]);
  });
});

describe("knownApiKeys", () => {
  it("knownApiKeys() lists the 95 keys 0-94", () => {
    const keys = knownApiKeys();
    assert.equal(keys.length, 95);
    assert.deepEqual(keys, Array.from({ length: 95 }, (_, i) => i));
  });
});
