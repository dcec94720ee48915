import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromHex } from "../../wire/hex.ts";
import { isWireError } from "../../wire/error.ts";
import { HEADER_SIZE } from "../consensus/header.ts";
import { EvictionHeader } from "../consensus/headers.ts";
import { EvictionReason } from "../consensus/enums.ts";
import { packProtocolVersion } from "../version.ts";
import { iggyRevision } from "../revision.ts";
import { encodePayload } from "../codec.ts";
import { loginRegisterResponse } from "../commands/users.ts";
import { IggyServerConnection, type ServerEvent } from "./server.ts";
import { IggyClientSession } from "./client.ts";

// Frames recorded verbatim from the Python SDK apache-iggy 0.9.0 (Rust iggy 0.11.0 inside)
// against the endpoint (docs/iggy-revisions.md): its connect ping (unbound, request 1) and its
// password login (Register, protocol 0.11.0, no bind secret: "rust-sdk" "0.11.0" "iggy" "iggy",
// context 0; requestChecksum = XXH3-64 of the body).
const CLIENT = "21325dcfc22eef85d74f872da34c1016";
const PING_011 = fromHex(
  "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000100000000000000000000050000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000016104ca32d874fd785ef2ec2cf5d322100000000000000000000000000000000000000000000000001000000000000000200000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
);
const LOGIN_011 = fromHex(
  "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000220100000000000000000000050000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000016104ca32d874fd785ef2ec2cf5d322195803f2a3c20de8f0000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000002c000008727573742d73646b06302e31312e300469676779046967677900000000",
);

function only(events: ServerEvent[]): ServerEvent {
  assert.equal(events.length, 1);
  return events[0];
}

describe("IggyServerConnection revisions", () => {
  it("accepts an unbound NonReplicated request numbered 1 (the crate sets no request rule there)", () => {
    const ev = only(new IggyServerConnection().receive(PING_011));
    assert.equal(ev.kind, "request");
    assert.equal((ev as { request: { name: string } }).request.name, "Ping");
  });

  it("evicts a 0.11.0 login at the default revision with IncompatibleProtocol and the window", () => {
    const ev = only(new IggyServerConnection().receive(LOGIN_011));
    assert.equal(ev.kind, "evicted");
    const h = EvictionHeader.decode((ev as { frame: Uint8Array }).frame);
    assert.equal(h.reason, EvictionReason.IncompatibleProtocol);
    assert.equal(h.serverProtocolVersion, packProtocolVersion(0, 12, 0));
    assert.equal(h.serverProtocolVersionMin, packProtocolVersion(0, 12, 0));
    assert.match((ev as { detail: string }).detail, /0\.11\.0 \(revision 0\.11\.0\)/);
  });

  it("reads the version prefix before the rest of the body: a foreign body still gets the window", () => {
    const client = new IggyClientSession({
      versionInfo: { protocolVersion: packProtocolVersion(0, 13, 0), sdkName: "x", sdkVersion: "1" },
    });
    const frame = client.login({ username: "u", password: "p" }).frame;
    const cut = frame.slice(0, frame.length - 3); // the rest of the body no longer decodes
    new DataView(cut.buffer).setUint32(48, cut.length, true);
    const ev = only(new IggyServerConnection().receive(cut));
    assert.equal((ev as { reason: number }).reason, EvictionReason.IncompatibleProtocol);
    // A body whose prefix itself does not decode is MalformedLogin.
    const bare = new Uint8Array(frame.subarray(0, HEADER_SIZE + 3));
    new DataView(bare.buffer).setUint32(48, bare.length, true);
    assert.equal(
      (only(new IggyServerConnection().receive(bare)) as { reason: number }).reason,
      EvictionReason.MalformedLogin,
    );
  });

  it("takes a 0.11.0 login (no bind secret) at revision 0.11.0, any 0.11 patch", () => {
    const server = new IggyServerConnection({ revision: "0.11.0" });
    assert.equal(server.revision, "0.11.0");
    const ev = only(server.receive(LOGIN_011));
    assert.equal(ev.kind, "request");
    const p = (ev as {
      request: { payload: { kind: string; username: string; password: string; bindSecret: Uint8Array } };
    })
      .request.payload;
    assert.deepEqual([p.kind, p.username, p.password, p.bindSecret.length], ["password", "iggy", "iggy", 0]);
    const patched = LOGIN_011.slice();
    patched[HEADER_SIZE] = 7; // 0.11.7
    assert.equal(only(new IggyServerConnection({ revision: "0.11.0" }).receive(patched)).kind, "request");
    const edge3 = new IggyClientSession().login({ username: "u", password: "p" }).frame;
    const h = EvictionHeader.decode(
      (only(new IggyServerConnection({ revision: "0.11.0" }).receive(edge3)) as { frame: Uint8Array }).frame,
    );
    assert.equal(h.serverProtocolVersion, packProtocolVersion(0, 11, 0));
  });

  it("evicts an edge.3 login at revision 0.11.1-edge.8 (0.12.2 only)", () => {
    const edge3 = new IggyClientSession().login({ username: "u", password: "p" }).frame;
    const ev = only(new IggyServerConnection({ revision: "0.11.1-edge.8" }).receive(edge3));
    assert.equal(
      EvictionHeader.decode((ev as { frame: Uint8Array }).frame).serverProtocolVersion,
      packProtocolVersion(0, 12, 2),
    );
  });

  it("refuses an unknown revision by name", () => {
    try {
      new IggyServerConnection({ revision: "0.10.0" });
      assert.fail("accepted");
    } catch (e) {
      assert.ok(isWireError(e));
      assert.equal(e.code, "INVALID_VALUE");
      assert.match(e.message, /0\.10\.0.*0\.11\.1-edge\.3/);
    }
  });
});

describe("createHeader", () => {
  it("reports a header it refuses as an encode error naming the field, not as undecodable input", async () => {
    const { createHeader } = await import("../consensus/header.ts");
    const { RequestHeader } = await import("../consensus/headers.ts");
    try {
      createHeader(RequestHeader, { client: 0n, operation: 2 }); // client 0 is refused
      assert.fail("accepted");
    } catch (e) {
      assert.ok(isWireError(e));
      assert.equal(e.side, "encode");
      assert.match(e.message, /^Cannot encode RequestHeader/);
    }
  });
});

describe("IggyClientSession at revision 0.11.0", () => {
  it("builds the Python SDK's recorded ping and login byte for byte (numbering, stamp, no bind secret)", () => {
    const client = new IggyClientSession({
      revision: "0.11.0",
      clientId: BigInt(`0x${CLIENT}`),
      versionInfo: {
        protocolVersion: packProtocolVersion(0, 11, 0),
        sdkName: "rust-sdk",
        sdkVersion: "0.11.0",
      },
    });
    assert.equal(client.revision, "0.11.0");
    assert.deepEqual(client.ping().frame, PING_011);
    assert.deepEqual(client.login({ username: "iggy", password: "iggy" }).frame, LOGIN_011);
    assert.equal(codeOf(() => client.bind()), "INVALID_VALUE"); // no session, and no BindSession in 0.11.0
  });

  it("numbers a successor identity on from its predecessor's counter", () => {
    const first = new IggyClientSession({ firstRequest: 42n });
    const next = first.successor();
    assert.notEqual(next.clientId, first.clientId);
    assert.equal(next.nextRequest, 42n);
  });
});

function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    assert.ok(isWireError(e));
    return e.code;
  }
  return "none";
}

describe("a frame of another revision", () => {
  function loggedIn(revision: string) {
    const server = new IggyServerConnection({ revision });
    const client = new IggyClientSession({ revision });
    const ev = only(server.receive(client.login({ username: "u", password: "p" }).frame));
    const req = (ev as { request: Parameters<IggyServerConnection["acceptLogin"]>[0] }).request;
    client.receive(server.acceptLogin(
      req,
      7n,
      encodePayload(loginRegisterResponse, {
        userId: 0,
        session: 7n,
        serverProtocolVersion: iggyRevision(revision).protocolVersion,
        serverVersion: "t",
      }),
    ));
    return { server, client };
  }

  it("is a WireError naming the revision it looks like (an edge.8 command on edge.3, a 0.11.0 operation on edge.8)", () => {
    const edge8 = loggedIn("0.11.1-edge.8");
    const cancel = edge8.client.requestBody(108, new Uint8Array(0)).frame; // CancelDeferredRequest
    const edge3 = loggedIn("0.11.1-edge.3");
    const foreign = cancel.slice();
    foreign.set(edge3.client.ping().frame.subarray(128, 144), 128); // edge.3's client id
    new DataView(foreign.buffer).setBigUint64(184, 7n, true);
    try {
      edge3.server.receive(foreign);
      assert.fail("accepted");
    } catch (e) {
      assert.ok(isWireError(e));
      assert.equal(e.code, "UNKNOWN_COMMAND");
      assert.match(e.message, /looks like revision 0\.11\.1-edge\.8/);
    }
    const v011 = loggedIn("0.11.0");
    const update = v011.client.request(204, {
      streamId: { kind: "numeric", value: 1 },
      name: "x",
      options: new Uint8Array(0),
    });
    assert.equal(update.frame[176], 129); // 0.11.0's UpdateStream operation
    const other = update.frame.slice();
    other.set(edge8.client.ping().frame.subarray(128, 144), 128);
    try {
      edge8.server.receive(other);
      assert.fail("accepted");
    } catch (e) {
      assert.ok(isWireError(e));
      assert.equal(e.code, "UNKNOWN_DISCRIMINANT");
      assert.match(e.message, /looks like revision 0\.11\.0/);
    }
    // At its own revision the same frame is a request, and its committed reply reaches the client.
    const ev = only(v011.server.receive(update.frame));
    const req = (ev as { request: Parameters<IggyServerConnection["reply"]>[0] }).request;
    assert.equal(req.name, "UpdateStream");
    const reply = v011.server.reply(req);
    assert.equal(reply[208], 129);
    const got = v011.client.receive(reply);
    assert.equal(got.length, 1);
    assert.equal(got[0].kind, "reply");
  });
});
