import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { decodeFrame, encodeFrame, FrameDecoder } from "./frame.ts";
import { fromHex, toHex } from "../wire/hex.ts";
import { assertWireError, concat } from "../testdata/wire_assert_test.ts";

describe("encodeFrame / decodeFrame", () => {
  const cases = [
    { payload: "", frame: "00000000" },
    { payload: "09", frame: "0000000109" },
    { payload: "0102030405", frame: "000000050102030405" },
  ];
  for (const { payload, frame } of cases) {
    it(`encodeFrame() of "${payload}" is ${frame}`, () =>
      assert.equal(toHex(encodeFrame(fromHex(payload))), frame));
    it(`decodeFrame() of ${frame} is "${payload}"`, () =>
      assert.equal(toHex(decodeFrame(fromHex(frame))), payload));
  }
  const bad = [
    { hex: "000000", code: "TRUNCATED" },
    { hex: "0000000201", code: "TRUNCATED" },
    { hex: "00000001010203", code: "TRAILING_BYTES" },
    { hex: "ffffffff", code: "NEGATIVE_LENGTH" },
    { hex: "7fffffff", code: "FRAME_TOO_LARGE" },
  ];
  for (const { hex, code } of bad) {
    it(`decodeFrame() throws ${code} for ${hex}`, () => {
      assertWireError(() => decodeFrame(fromHex(hex)), code);
    });
  }
  it("decodeFrame() returns a view, not a copy", () => {
    const bytes = fromHex("000000020a0b");
    const p = decodeFrame(bytes);
    assert.equal(p.buffer, bytes.buffer);
    assert.equal(p.byteOffset, 4);
  });
});

describe("FrameDecoder", () => {
  it("push() returns whole frames from any split of the stream", () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ maxLength: 40, size: "max" }), { maxLength: 8, size: "max" }),
        fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 12, size: "max" }),
        (payloads, cuts) => {
          const stream = concat(...payloads.map(encodeFrame));
          const points = [...new Set(cuts.map((c) => c % (stream.length + 1)))].sort((a, b) => a - b);
          const d = new FrameDecoder();
          const got: string[] = [];
          let prev = 0;
          for (const p of [...points, stream.length]) {
            for (const f of d.push(stream.subarray(prev, p))) got.push(toHex(f));
            prev = p;
          }
          d.end();
          assert.deepEqual(got, payloads.map(toHex));
          assert.equal(d.buffered, 0);
        },
      ),
      { numRuns: 300 },
    );
  });
  it("push() hands out views into the chunk when a frame lies inside it", () => {
    const chunk = fromHex("0000000101" + "000000020203" + "00000003");
    const frames = new FrameDecoder().push(chunk);
    assert.equal(frames.length, 2);
    for (const f of frames) assert.equal(f.buffer, chunk.buffer);
  });
  it("push() assembles a frame split over one-byte chunks", () => {
    const d = new FrameDecoder();
    const out: Uint8Array[] = [];
    for (const b of fromHex("00000003aabbcc")) out.push(...d.push(new Uint8Array([b])));
    assert.deepEqual(out.map(toHex), ["aabbcc"]);
  });
  it("push() throws FRAME_TOO_LARGE from the size prefix alone", () => {
    const d = new FrameDecoder({ maxFrameBytes: 10 });
    assert.deepEqual(d.push(fromHex("0000000a")).length, 0); // exactly the limit: waits for the body
    assertWireError(
      () => new FrameDecoder({ maxFrameBytes: 10 }).push(fromHex("0000000b")),
      "FRAME_TOO_LARGE",
    );
    // The default limit is 100 MiB; a 2 GiB claim fails before anything is allocated.
    assertWireError(() => new FrameDecoder().push(fromHex("7fffffff")), "FRAME_TOO_LARGE", { offset: 0 });
  });
  it("push() throws FRAME_TOO_LARGE for a size prefix split across chunks", () => {
    const d = new FrameDecoder({ maxFrameBytes: 100 });
    d.push(fromHex("0000000101"));
    d.push(fromHex("0000"));
    assertWireError(() => d.push(fromHex("ffff")), "FRAME_TOO_LARGE", { offset: 5 });
  });
  it("push() throws NEGATIVE_LENGTH for a negative size", () => {
    assertWireError(() => new FrameDecoder().push(fromHex("80000000")), "NEGATIVE_LENGTH");
  });
  it("end() throws an incomplete TRUNCATED when a frame is unfinished", () => {
    const d = new FrameDecoder();
    d.push(fromHex("0000000501"));
    assert.equal(d.buffered, 5); // the size prefix and the one payload byte
    assertWireError(() => d.end(), "TRUNCATED", { incomplete: true, need: 4 });
    const e = new FrameDecoder();
    e.push(fromHex("0000"));
    assertWireError(() => e.end(), "TRUNCATED", { need: 2 });
  });
  it("refuses maxFrameBytes: Infinity unless allowUnboundedFrames is set", () => {
    assertWireError(() => new FrameDecoder({ maxFrameBytes: Infinity }), "INVALID_VALUE");
    assertWireError(() => new FrameDecoder({ maxFrameBytes: Number.NaN }), "INVALID_VALUE");
    const d = new FrameDecoder({ maxFrameBytes: Infinity, allowUnboundedFrames: true });
    assert.deepEqual(d.push(fromHex("7fffffff")), []);
  });
  it("push() may be given the same chunk buffer again: a split frame is copied out of it", () => {
    const d = new FrameDecoder();
    const reused = new Uint8Array(3);
    reused.set([0, 0, 0]);
    d.push(reused);
    reused.set([5, 1, 2]);
    d.push(reused);
    reused.set([3, 4, 5]);
    assert.deepEqual(d.push(reused).map(toHex), ["0102030405"]);
  });
  it("push() returns an empty payload for a zero-size frame", () => {
    assert.deepEqual(new FrameDecoder().push(fromHex("00000000")).map(toHex), [""]);
  });
});
