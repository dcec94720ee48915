import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fromHex, toHex } from "../../wire/hex.ts";
import { isWireError } from "../../wire/error.ts";
import {
  Command,
  CommitHeader,
  ConsumerSessionHeartbeatHeader,
  createHeader,
  decodeConsensusHeader,
  decodeHeader,
  DoViewChangeHeader,
  EvictionHeader,
  EvictionReason,
  ForwardCompletionHeader,
  ForwardRegisterHeader,
  frameBody,
  frameChecksumBytes,
  GenericHeader,
  HEADER_TYPES,
  headerTypeForCommand,
  Operation,
  operationForCode,
  packNamespace,
  PrepareHeader,
  prepareIdentityChecksumBytes,
  PrepareOkHeader,
  readSizeField,
  RepairRangeReplyHeader,
  RequestHeader,
  resultCode,
  resultSectionLen,
  unpackNamespace,
  writeRejectionSection,
} from "./mod.ts";
import type { RequestHeaderFields } from "./mod.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

/** A 256-byte header, zero except `size` = 256 and the given command byte. */
function bare(command: number): Uint8Array {
  const h = new Uint8Array(256);
  h[49] = 1;
  h[60] = command;
  return h;
}

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (isWireError(e)) return `${e.code}: ${e.detail}`;
    throw e;
  }
  return "ok";
}

describe("frame seal and prepare identity", () => {
  // Known answers: XXH3-64 of bytes 16..256 of a bare header, widened to 128 bits.
  const seals = [
    { command: Command.PrepareOk, seal: "02ff776c9fc33f10" },
    { command: Command.Commit, seal: "db9b354e0ce9441d" },
    { command: Command.StartViewChange, seal: "a2b12420e036d696" },
    { command: Command.DoViewChange, seal: "ea9a461ae8fa15c7" },
    { command: Command.RequestStartView, seal: "b9c57210fcbac885" },
  ];
  for (const { command, seal } of seals) {
    it(`frameChecksumBytes() of a bare command-${command} header is 0x${seal}`, () => {
      assert.equal(frameChecksumBytes(bare(command)), BigInt("0x" + seal));
    });
  }

  it("prepareIdentityChecksumBytes() ignores checksum and view", () => {
    const h = bare(Command.Prepare);
    h[128] = 0xfe;
    h[129] = 0xca;
    assert.equal(prepareIdentityChecksumBytes(h), 0x39db5ce7da017647n);
    h[52] = 7;
    h[0] = 0xff;
    assert.equal(prepareIdentityChecksumBytes(h), 0x39db5ce7da017647n);
  });

  it("seal() writes the 64-bit seal widened: upper 8 checksum bytes zero", () => {
    const h = createHeader(CommitHeader, { commit: 5n });
    assert.equal(toHex(h.bytes.subarray(8, 16)), "0000000000000000");
    assert.equal(h.checksum, h.frameChecksum());
  });
});

describe("decodeHeader() checks in the crate's order", () => {
  const dvc = () =>
    createHeader(DoViewChangeHeader, { view: 7, logView: 5, op: 42n, commit: 40n, group: 9n });
  const cases: { name: string; bytes: () => Uint8Array; want: string }[] = [
    {
      name: "255 bytes",
      bytes: () => dvc().bytes.subarray(0, 255),
      want: "TRUNCATED: unexpected end of buffer at offset 0: need 256 bytes, have 255",
    },
    {
      name: "command byte 35",
      bytes: () => {
        const b = dvc().bytes;
        b[60] = 35;
        return b;
      },
      want: "UNKNOWN_COMMAND: invalid bit pattern in header (enum discriminant out of range)",
    },
    {
      name: "flipped byte after sealing (seal before rules)",
      bytes: () => {
        const b =
          createHeader(DoViewChangeHeader, { view: 7, logView: 9, op: 1n }, { validate: false }).bytes;
        b[200] ^= 1;
        return b;
      },
      want: "CHECKSUM_MISMATCH",
    },
    {
      name: "release and log view both wrong",
      bytes: () =>
        createHeader(DoViewChangeHeader, { release: 2, view: 1, logView: 9 }, { validate: false }).bytes,
      want: "INVALID_VALUE: invalid field: release must be 0",
    },
    {
      name: "unknown flag bit",
      bytes: () => createHeader(DoViewChangeHeader, { flags: 0xff }, { validate: false }).bytes,
      want: "INVALID_VALUE: invalid field: do_view_change: unknown flag bits 0xfe",
    },
    {
      name: "nack bit past the suffix",
      bytes: () => createHeader(DoViewChangeHeader, { size: 768, nackBitset: 4n }).bytes,
      want: "INVALID_VALUE: invalid field: do_view_change: bitset bits set past the 2-entry suffix",
    },
  ];
  for (const c of cases) {
    it(`DoViewChangeHeader: ${c.name}`, () => {
      const got = code(() => decodeHeader(DoViewChangeHeader, c.bytes()));
      assert.ok(got.startsWith(c.want), got);
    });
  }

  it("a zeroed seal gets the crate's version-break note", () => {
    const b = createHeader(CommitHeader, {}, { seal: false }).bytes;
    assert.match(
      code(() => decodeHeader(CommitHeader, b)),
      /^CHECKSUM_MISMATCH: Commit: header checksum 0x0{32} does not cover the frame \(expected 0x0{16}db9b354e0ce9441d\)\. A zeroed checksum/,
    );
  });

  it("an unknown operation byte is UNKNOWN_DISCRIMINANT with the UnsupportedOperation text", () => {
    const b =
      createHeader(RequestHeader, { client: 1n, operation: Operation.SendMessages, session: 1n, request: 1n })
        .bytes;
    b[176] = 69;
    assert.equal(
      code(() => decodeHeader(RequestHeader, b)),
      "UNKNOWN_DISCRIMINANT: operation 0x45 is not known to this build; the sender likely runs another release",
    );
  });

  it("an unknown eviction reason is UNKNOWN_DISCRIMINANT", () => {
    const b = createHeader(EvictionHeader, { client: 1n, reason: EvictionReason.NoSession }).bytes;
    b[255] = 16;
    assert.match(code(() => decodeHeader(EvictionHeader, b)), /^UNKNOWN_DISCRIMINANT/);
  });

  const requestRules: { name: string; init: Partial<RequestHeaderFields>; want: string }[] = [
    {
      name: "client 0",
      init: { operation: Operation.SendMessages, session: 1n, request: 1n },
      want: "invalid field: request: client must be != 0",
    },
    {
      name: "Reserved operation",
      init: { client: 1n, session: 1n, request: 1n },
      want: "invalid field: operation must not be Reserved",
    },
    {
      name: "Register with session",
      init: { client: 1n, operation: Operation.Register, session: 1n },
      want: "invalid field: register: session must be 0",
    },
    {
      name: "Register with request",
      init: { client: 1n, operation: Operation.Register, request: 1n },
      want: "invalid field: register: request must be 0",
    },
    {
      name: "session 0",
      init: { client: 1n, operation: Operation.CreateStream, request: 1n },
      want: "invalid field: non-register: session must be > 0",
    },
    {
      name: "request 0",
      init: { client: 1n, operation: Operation.CreateStream, session: 1n },
      want: "invalid field: non-register: request must be > 0",
    },
    {
      name: "NonReplicated sessionless",
      init: { client: 1n, operation: Operation.NonReplicated },
      want: "ok",
    },
    {
      name: "wrong command",
      init: { command: Command.Reply, client: 1n, operation: Operation.Register },
      want: "invalid command: expected Request, found Reply",
    },
  ];
  for (const r of requestRules) {
    it(`RequestHeader.validate(): ${r.name}`, () => {
      const got = code(() => RequestHeader.create(r.init).validate());
      assert.equal(got === "ok" ? "ok" : got.slice(got.indexOf(": ") + 2), r.want);
    });
  }

  it("ForwardRegisterHeader pins its size to 256 + 40", () => {
    assert.equal(
      code(() => ForwardRegisterHeader.create({ size: 296, client: 1n, nonce: 1n }).validate()),
      "ok",
    );
    assert.equal(
      code(() => ForwardRegisterHeader.create({ size: 256, client: 1n, nonce: 1n }).validate()),
      "INVALID_VALUE: invalid size: expected 296, found 256",
    );
  });

  it("ForwardCompletionHeader sizes its body by operation", () => {
    const ok = (operation: number, size: number, reporter = 0) =>
      code(() => ForwardCompletionHeader.create({ operation, size, reporter }).validate()) === "ok";
    assert.ok(ok(Operation.CompleteLifecycle, 256 + 32, 5));
    assert.ok(ok(Operation.CompleteLifecycle, 256 + 16 + 1024 * 16));
    assert.ok(!ok(Operation.CompleteLifecycle, 256 + 16));
    assert.ok(!ok(Operation.CompleteLifecycle, 256 + 16 + 1025 * 16));
    assert.ok(ok(Operation.CompleteConsumerGroupRevocation, 256 + 80));
    assert.ok(!ok(Operation.CompleteConsumerGroupRevocation, 256 + 80, 1));
    assert.ok(!ok(Operation.DeleteTopic, 256 + 80));
  });

  it("ConsumerSessionHeartbeatHeader accepts the retirement-progress command", () => {
    const h = ConsumerSessionHeartbeatHeader.create({
      command: Command.SessionRetirementProgress,
      namespaceRevision: 3n,
    });
    assert.equal(code(() => decodeHeader(ConsumerSessionHeartbeatHeader, h.bytes)), "ok");
  });
});

describe("typed views", () => {
  it("PrepareHeader reads its fields at the crate's offsets", () => {
    const h = PrepareHeader.create({
      client: 0xcafen,
      parent: 1n << 100n,
      op: 7n,
      operation: Operation.CreateStream,
      group: 1n << 63n,
      retryCapacity: 64,
      session: 11n,
    });
    assert.equal(toHex(h.bytes.subarray(128, 130)), "feca");
    assert.equal(h.bytes[208], 128);
    assert.equal(h.bytes[228], 64);
    assert.equal(h.parent, 1n << 100n);
    assert.equal(h.session, 11n);
    h.verifyIdentity();
    assert.ok(h.anchorsChain);
  });

  it("create() then decodeHeader() round-trips every header type", () => {
    for (const [name, type] of Object.entries(HEADER_TYPES)) {
      const h = createHeader(type, {}, { validate: false });
      const back = new type(h.bytes);
      assert.deepEqual(back.toObject(), h.toObject(), name);
      assert.equal(back.bytes.length, 256, name);
    }
  });

  it("getters agree with the field table for every type", () => {
    for (const [name, type] of Object.entries(HEADER_TYPES)) {
      const bytes = new Uint8Array(256).map((_, i) => (i * 37 + 11) & 0xff);
      const h = new type(bytes) as unknown as Record<string, unknown>;
      const o = (h as unknown as { toObject(): Record<string, unknown> }).toObject();
      for (const [k, v] of Object.entries(o)) assert.deepEqual(h[k], v, `${name}.${k}`);
    }
  });

  it("a header longer than 256 bytes is read from its first 256", () => {
    const frame = new Uint8Array(300);
    frame.set(CommitHeader.create({ commit: 3n }).bytes);
    assert.equal(CommitHeader.decode(frame).commit, 3n);
  });
});

describe("createHeader() validates like the crate's receiver", () => {
  it("refuses what validate() rejects unless asked not to", () => {
    const bad = () => createHeader(DoViewChangeHeader, { view: 1, logView: 9 });
    assertWireError(bad, "INVALID_VALUE");
    assert.equal(createHeader(DoViewChangeHeader, { view: 1, logView: 9 }, { validate: false }).logView, 9);
    assert.doesNotThrow(() => createHeader(DoViewChangeHeader, { view: 9, logView: 1 }));
  });
});

describe("decodeConsensusHeader()", () => {
  const table = [
    { command: Command.Request, type: "RequestHeader" },
    { command: Command.RepairDone, type: "RepairRangeReplyHeader" },
    { command: Command.RangeEvicted, type: "RepairRangeReplyHeader" },
    { command: Command.SessionRetirementProgress, type: "ConsumerSessionHeartbeatHeader" },
    { command: Command.Ping, type: "GenericHeader" },
    { command: Command.ReplicaHello, type: "GenericHeader" },
  ];
  for (const { command, type } of table) {
    it(`command ${command} dispatches to ${type}`, () => {
      assert.equal(headerTypeForCommand(command)?.TYPE_NAME, type);
    });
  }

  it("returns the typed header for a sealed frame", () => {
    const h = decodeConsensusHeader(
      RepairRangeReplyHeader.create({ command: Command.RangeEvicted, op: 9n }).bytes,
    );
    if (!(h instanceof RepairRangeReplyHeader)) throw new Error(`got ${h.constructor.name}`);
    assert.equal(h.op, 9n);
  });

  it("returns the generic view for a ping", () => {
    assert.ok(decodeConsensusHeader(bare(Command.Ping)) instanceof GenericHeader);
  });

  it("throws UNKNOWN_COMMAND for byte 35", () => {
    assert.match(code(() => decodeConsensusHeader(bare(35))), /^UNKNOWN_COMMAND/);
  });

  it("throws CHECKSUM_MISMATCH for an unsealed PrepareOk", () => {
    assert.match(code(() => decodeConsensusHeader(bare(Command.PrepareOk))), /^CHECKSUM_MISMATCH/);
  });

  it("accepts a PrepareOk sealed by hand", () => {
    const b = bare(Command.PrepareOk);
    b.set(fromHex("103fc39f6c77ff020000000000000000"), 0);
    assert.ok(decodeConsensusHeader(b) instanceof PrepareOkHeader);
  });
});

describe("helpers", () => {
  const sections = [
    { hex: "", code: undefined, len: undefined },
    { hex: "01000000", code: undefined, len: undefined },
    { hex: "0100000000000000", code: undefined, len: undefined },
    { hex: "00000000" + "7061796c6f6164", code: 0, len: 4 },
    { hex: "0100000000000000f1030000", code: 1009, len: 12 },
    { hex: "ffffffff0000000000000000", code: undefined, len: undefined },
  ];
  for (const s of sections) {
    it(`resultCode()/resultSectionLen() of "${s.hex}" are ${s.code}/${s.len}`, () => {
      assert.equal(resultCode(fromHex(s.hex)), s.code);
      assert.equal(resultSectionLen(fromHex(s.hex)), s.len);
    });
  }

  it("writeRejectionSection() writes [1][0][code]", () => {
    const dst = new Uint8Array(14);
    writeRejectionSection(dst, 1009, 2);
    assert.equal(toHex(dst), "00000100000000000000f1030000");
  });

  it("writeRejectionSection() throws LIMIT_EXCEEDED on 11 bytes", () => {
    assert.match(code(() => writeRejectionSection(new Uint8Array(11), 1)), /^LIMIT_EXCEEDED/);
  });

  it("frameBody() is empty unless 256 < size <= length", () => {
    const f = new Uint8Array(266);
    assert.equal(frameBody(f, 266).length, 10);
    assert.equal(frameBody(f, 256).length, 0);
    assert.equal(frameBody(f, 267).length, 0);
  });

  it("readSizeField() needs 52 bytes", () => {
    assert.equal(readSizeField(new Uint8Array(51)), undefined);
    assert.equal(readSizeField(bare(0)), 256);
  });

  it("packNamespace(1, 2, 3) is 0x0000000100200003 and unpacks back", () => {
    assert.equal(packNamespace(1, 2, 3), 0x0000000100200003n);
    assert.deepEqual(unpackNamespace(0x0000000100200003n), { stream: 1, topic: 2, partition: 3 });
  });

  it("packNamespace() throws VALUE_OUT_OF_RANGE for partition 1000000", () => {
    assert.match(code(() => packNamespace(0, 0, 1_000_000)), /^VALUE_OUT_OF_RANGE/);
  });

  const codes = [
    { code: 40, op: Operation.Register },
    { code: 45, op: Operation.Register },
    { code: 39, op: Operation.Logout },
    { code: 101, op: Operation.SendMessages },
    { code: 1, op: Operation.NonReplicated },
    { code: 100, op: Operation.NonReplicated },
  ];
  for (const c of codes) {
    it(`operationForCode(${c.code}) is ${c.op}`, () => assert.equal(operationForCode(c.code), c.op));
  }
});
