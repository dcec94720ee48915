import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  apiInfo,
  decodeRequest,
  decodeResponse,
  encodeRequest,
  encodeResponse,
  peekRequestHeader,
  requestHeaderVersion,
  responseHeaderVersion,
} from "./api.ts";
import { fromHex, toHex } from "../wire/hex.ts";
import { assertWireError } from "../testdata/wire_assert_test.ts";

// Request/response bytes below come from vectors/kafka/api_versions.json (kafka-clients 4.4.0).
const API_VERSIONS_V3_REQUEST = "001200030000002a000f73747265616d776972652d74657374" + // header v2: key 18, v3, corr 42, client id
  "00" + // header tagged fields
  "17636c69656e742d736f6674776172652d6e616d652d31" + // clientSoftwareName
  "1a636c69656e742d736f6674776172652d76657273696f6e2d32" + // clientSoftwareVersion
  "00";
const API_VERSIONS_V0_REQUEST = "001200000000002a000f73747265616d776972652d74657374";
const API_VERSIONS_V1_RESPONSE = "0000002a00020000000200030004000500060007000800000008";

describe("header versions", () => {
  const requestCases = [
    { key: 18, version: 0, want: 1 },
    { key: 18, version: 2, want: 1 },
    { key: 18, version: 3, want: 2 },
    { key: 3, version: 8, want: 1 },
    { key: 3, version: 9, want: 2 },
    { key: 7, version: 0, want: 0 }, // ControlledShutdown v0 predates client_id (3.9 schema)
    { key: 7, version: 1, want: 1 },
    { key: 7, version: 3, want: 2 },
    { key: 17, version: 1, want: 1 }, // SaslHandshake is never flexible
    { key: 18, version: 9, want: 2 }, // above the table: the open flexible range still applies
  ];
  for (const { key, version, want } of requestCases) {
    it(`requestHeaderVersion(${key}, ${version}) is ${want}`, () => {
      assert.equal(requestHeaderVersion(key, version), want);
    });
  }
  const responseCases = [
    { key: 18, version: 3, want: 0 }, // ApiVersions always answers with header v0
    { key: 18, version: 0, want: 0 },
    { key: 3, version: 8, want: 0 },
    { key: 3, version: 9, want: 1 },
    { key: 0, version: 9, want: 1 },
    { key: 47, version: 0, want: 0 }, // OffsetDelete is never flexible
  ];
  for (const { key, version, want } of responseCases) {
    it(`responseHeaderVersion(${key}, ${version}) is ${want}`, () => {
      assert.equal(responseHeaderVersion(key, version), want);
    });
  }
  it("requestHeaderVersion() throws UNKNOWN_API_KEY for key 1000", () => {
    assertWireError(() => requestHeaderVersion(1000, 0), "UNKNOWN_API_KEY");
  });
  it("apiInfo() knows keys of both releases and no others", () => {
    assert.equal(apiInfo(18)?.name, "ApiVersions");
    assert.equal(apiInfo(4)?.name, "LeaderAndIsr"); // 3.9 only
    assert.equal(apiInfo(94)?.name, "UnregisterController"); // 4.4 only
    assert.equal(apiInfo(74)?.name, "ListConfigResources"); // renamed in 4.x; the newer name wins
    assert.equal(apiInfo(95), undefined);
    assert.equal(apiInfo(-1), undefined);
  });
});

describe("requests", () => {
  it("decodeRequest() reads header v2 and the ApiVersions v3 body", () => {
    const req = decodeRequest(fromHex(API_VERSIONS_V3_REQUEST));
    assert.equal(req.apiKey, 18);
    assert.equal(req.apiVersion, 3);
    assert.equal(req.headerVersion, 2);
    assert.deepEqual(req.header, {
      requestApiKey: 18,
      requestApiVersion: 3,
      correlationId: 42,
      clientId: "streamwire-test",
    });
    assert.deepEqual(req.body, {
      clientSoftwareName: "client-software-name-1",
      clientSoftwareVersion: "client-software-version-2",
      clusterId: null,
      nodeId: -1,
    });
  });
  it("encodeRequest() reproduces kafka-clients' bytes", () => {
    const bytes = encodeRequest(18, 3, { correlationId: 42, clientId: "streamwire-test" }, {
      clientSoftwareName: "client-software-name-1",
      clientSoftwareVersion: "client-software-version-2",
    });
    assert.equal(toHex(bytes), API_VERSIONS_V3_REQUEST);
    assert.equal(
      toHex(encodeRequest(18, 0, { correlationId: 42, clientId: "streamwire-test" }, {})),
      API_VERSIONS_V0_REQUEST,
    );
  });
  it("encodeRequest() with sizePrefix makes a frame", () => {
    const bytes = encodeRequest(18, 3, { correlationId: 42, clientId: "streamwire-test" }, {
      clientSoftwareName: "client-software-name-1",
      clientSoftwareVersion: "client-software-version-2",
    }, { sizePrefix: true });
    assert.equal(
      toHex(bytes),
      (API_VERSIONS_V3_REQUEST.length / 2).toString(16).padStart(8, "0") + API_VERSIONS_V3_REQUEST,
    );
  });
  const bad = [
    { name: "an unknown API key", hex: "03e800000000002a0000", code: "UNKNOWN_API_KEY" },
    { name: "an unknown version", hex: "001200630000002a000000", code: "UNSUPPORTED_VERSION" },
    { name: "a negative version", hex: "0012ffff0000002a0000", code: "UNSUPPORTED_VERSION" },
    { name: "2 bytes", hex: "0012", code: "TRUNCATED" },
    { name: "a trailing byte", hex: API_VERSIONS_V0_REQUEST + "00", code: "TRAILING_BYTES" },
    { name: "a cut client id", hex: API_VERSIONS_V0_REQUEST.slice(0, -2), code: "LENGTH_EXCEEDS_REMAINING" },
  ];
  for (const { name, hex, code } of bad) {
    it(`decodeRequest() throws ${code} for ${name}`, () => {
      assertWireError(() => decodeRequest(fromHex(hex)), code);
    });
  }
  it("peekRequestHeader() reads the header of a version the table lacks", () => {
    const h = peekRequestHeader(fromHex("001200630000002a000361707000ff"));
    assert.equal(h.headerVersion, 2);
    assert.equal(h.header.requestApiVersion, 99);
    assert.equal(h.header.clientId, "app");
    assert.equal(h.bodyOffset, 14);
  });
  it("encodeRequest() throws UNSUPPORTED_VERSION for ApiVersions v6", () => {
    assertWireError(() => encodeRequest(18, 6, {}, {}), "UNSUPPORTED_VERSION");
  });
});

describe("responses", () => {
  it("decodeResponse() reads ApiVersions v1 after header v0", () => {
    const res = decodeResponse(18, 1, fromHex(API_VERSIONS_V1_RESPONSE));
    assert.equal(res.headerVersion, 0);
    assert.equal(res.header.correlationId, 42);
    assert.equal(res.body.errorCode, 2);
    assert.deepEqual(res.body.apiKeys.map((k) => [k.apiKey, k.minVersion, k.maxVersion]), [[3, 4, 5], [
      6,
      7,
      8,
    ]]);
    assert.equal(res.body.throttleTimeMs, 8);
  });
  it("encodeResponse() reproduces kafka-clients' bytes", () => {
    const bytes = encodeResponse(18, 1, { correlationId: 42 }, {
      errorCode: 2,
      apiKeys: [{ apiKey: 3, minVersion: 4, maxVersion: 5 }, { apiKey: 6, minVersion: 7, maxVersion: 8 }],
      throttleTimeMs: 8,
    });
    assert.equal(toHex(bytes), API_VERSIONS_V1_RESPONSE);
  });
  it("encodeResponse() writes header v1 (with tagged fields) for flexible Metadata", () => {
    const bytes = encodeResponse(3, 12, { correlationId: 1 }, {});
    assert.equal(toHex(bytes.subarray(0, 5)), "0000000100");
    assert.equal(decodeResponse(3, 12, bytes).header.correlationId, 1);
  });
  it("decodeResponse() throws TRAILING_BYTES after the body", () => {
    assertWireError(() => decodeResponse(18, 1, fromHex(API_VERSIONS_V1_RESPONSE + "00")), "TRAILING_BYTES");
  });
});
