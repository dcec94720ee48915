import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { FrameAssembler, type FrameLength } from "./frame_assembler.ts";
import { WireError } from "./error.ts";
import { toHex } from "./hex.ts";
import { assertWireError, concat } from "../testdata/wire_assert_test.ts";

/** A 2-byte big-endian length that counts the whole frame, prefix included. */
const U16: FrameLength = { prefixBytes: 2, frameLength: (p) => (p[0] << 8) | p[1] };

/** Kafka's shape: the length counts what follows the prefix, and the limit counts only that. */
const AFTER: FrameLength = { prefixBytes: 2, uncountedBytes: 2, frameLength: (p) => (p[0] << 8) | p[1] };

function u16Frame(body: Uint8Array): Uint8Array {
  const out = new Uint8Array(2 + body.length);
  out[0] = out.length >> 8;
  out[1] = out.length & 0xff;
  out.set(body, 2);
  return out;
}

describe("FrameAssembler", () => {
  it("push() returns the same frames from any split of the stream", () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 8 }),
        fc.array(fc.integer({ min: 0, max: 3000 }), { maxLength: 16 }),
        (bodies, cuts) => {
          const frames = bodies.map(u16Frame);
          const stream = concat(...frames);
          const points = [...new Set(cuts.map((c) => c % (stream.length + 1)))].sort((a, b) => a - b);
          const a = new FrameAssembler(U16);
          const got: string[] = [];
          let prev = 0;
          for (const p of [...points, stream.length]) {
            for (const f of a.push(stream.subarray(prev, p))) got.push(toHex(f));
            prev = p;
          }
          a.end();
          assert.deepEqual(got, frames.map(toHex));
          assert.equal(a.buffered, 0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("hands out views of the chunk for frames inside it, and arrays of exactly the frame's size otherwise", () => {
    const chunk = concat(
      u16Frame(new Uint8Array([1])),
      u16Frame(new Uint8Array(5000)),
      u16Frame(new Uint8Array([2])),
    );
    const a = new FrameAssembler(U16);
    const first = a.push(chunk.subarray(0, 100));
    assert.equal(first.length, 1);
    assert.equal(first[0].buffer, chunk.buffer);
    const rest = a.push(chunk.subarray(100));
    assert.equal(rest.length, 2);
    assert.notEqual(rest[0].buffer, chunk.buffer);
    assert.equal(rest[0].length, 5002);
    assert.equal(rest[0].byteOffset, 0);
    assert.equal(rest[0].buffer.byteLength, 5002);
    assert.equal(rest[1].buffer, chunk.buffer);
  });

  it("keeps no reference to a chunk: frames survive the caller reusing the chunk's memory", () => {
    const stream = concat(u16Frame(new Uint8Array(10).fill(7)), u16Frame(new Uint8Array(9000).fill(8)));
    for (const step of [1, 3, 4096]) {
      const a = new FrameAssembler(U16);
      const reused = new Uint8Array(step);
      const got: Uint8Array[] = [];
      for (let i = 0; i < stream.length; i += step) {
        const part = stream.subarray(i, i + step);
        reused.set(part);
        const frames = a.push(reused.subarray(0, part.length));
        // A view of the chunk is the caller's to copy before reusing it; any other frame is not.
        for (const f of frames) got.push(f.buffer === reused.buffer ? f.slice() : f);
        reused.fill(0xee);
      }
      assert.deepEqual(got.map((f) => f.length), [12, 9002], `step ${step}`);
      assert.ok(got[1].subarray(2).every((b) => b === 8), `step ${step}`);
    }
  });

  it("checks maxFrameBytes from the prefix alone, at the frame's stream offset, and stays failed", () => {
    const a = new FrameAssembler(U16, { maxFrameBytes: 100, context: "Thing" });
    assert.equal(a.push(u16Frame(new Uint8Array(98))).length, 1); // exactly the limit
    assert.deepEqual(a.push(new Uint8Array([0])), []); // half a prefix: nothing known yet
    const e = assertWireError(() => a.push(new Uint8Array([101])), "FRAME_TOO_LARGE", {
      offset: 100,
      context: "Thing",
    });
    assert.equal(assertWireError(() => a.push(new Uint8Array(1)), "FRAME_TOO_LARGE"), e);
    assert.equal(assertWireError(() => a.end(), "FRAME_TOO_LARGE"), e);
  });

  it("push(chunk, each) hands on the frames before a bad prefix in the chunk, then throws", () => {
    const a = new FrameAssembler(U16, { maxFrameBytes: 100 });
    const one = u16Frame(new Uint8Array([1])), two = u16Frame(new Uint8Array([2, 2]));
    const got: Uint8Array[] = [];
    assert.deepEqual(a.push(one.subarray(0, 2), (f) => got.push(f)), []);
    // The rest of the first frame, a second one, then a prefix over the limit, all in one chunk.
    const chunk = concat(one.subarray(2), two, new Uint8Array([0xff, 0xff, 9]));
    assertWireError(() => a.push(chunk, (f) => got.push(f)), "FRAME_TOO_LARGE", { offset: 7 });
    assert.deepEqual(got, [one, two]);
    // Without `each` the same chunk gives nothing before the error.
    const b = new FrameAssembler(U16, { maxFrameBytes: 100 });
    b.push(one.subarray(0, 2));
    assertWireError(() => b.push(chunk), "FRAME_TOO_LARGE");
    assertWireError(() => a.push(new Uint8Array(1), (f) => got.push(f)), "FRAME_TOO_LARGE");
    assert.equal(got.length, 2);
  });

  it("counts only what frameLength counts against the limit (uncountedBytes)", () => {
    const a = new FrameAssembler(AFTER, { maxFrameBytes: 3 });
    assert.deepEqual(a.push(new Uint8Array([0, 3, 1, 2, 3])).map(toHex), ["0003010203"]);
    assertWireError(() => a.push(new Uint8Array([0, 4])), "FRAME_TOO_LARGE");
  });

  it("returns a frame that is only its prefix, whole or split", () => {
    const zero = new Uint8Array([0, 0]);
    assert.deepEqual(new FrameAssembler(AFTER).push(zero).map(toHex), ["0000"]);
    const a = new FrameAssembler(AFTER);
    assert.deepEqual(a.push(zero.subarray(0, 1)), []);
    assert.deepEqual(a.push(zero.subarray(1)).map(toHex), ["0000"]);
  });

  it("rejects a length shorter than the prefix, and passes on the framing's own errors", () => {
    assertWireError(() => new FrameAssembler(U16).push(new Uint8Array([0, 1])), "INVALID_VALUE");
    const strict: FrameLength = {
      prefixBytes: 1,
      frameLength: (_, at) => {
        throw new WireError("INVALID_VALUE", { offset: at, detail: "no" });
      },
    };
    const a = new FrameAssembler(strict);
    assertWireError(() => a.push(new Uint8Array([1])), "INVALID_VALUE", { offset: 0 });
  });

  it("refuses a bad or unbounded maxFrameBytes unless allowUnboundedFrames is set", () => {
    for (const maxFrameBytes of [Infinity, -1, Number.NaN]) {
      assertWireError(() => new FrameAssembler(U16, { maxFrameBytes }), "INVALID_VALUE");
    }
    assert.equal(
      new FrameAssembler(U16, { maxFrameBytes: Infinity, allowUnboundedFrames: true }).maxFrameBytes,
      Infinity,
    );
    assert.equal(new FrameAssembler(U16).maxFrameBytes, 64 * 1024 * 1024);
  });

  it("end() is TRUNCATED (incomplete) with the bytes still needed, mid-prefix and mid-frame", () => {
    const a = new FrameAssembler(U16);
    a.push(new Uint8Array([0]));
    assertWireError(() => a.end(), "TRUNCATED", { incomplete: true, need: 1, offset: 1 });
    a.push(new Uint8Array([9, 1, 2]));
    assert.equal(a.buffered, 4);
    assertWireError(() => a.end(), "TRUNCATED", { need: 5 });
    a.push(new Uint8Array(5));
    a.end();
  });

  it("buffered counts what arrived of a frame, not its claimed length", () => {
    const a = new FrameAssembler(U16, { maxFrameBytes: 0xffff });
    a.push(new Uint8Array([0xff, 0xff, 1, 2, 3]));
    assert.equal(a.buffered, 5);
  });
});
