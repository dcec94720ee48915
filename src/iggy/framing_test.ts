import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { fromHex, toHex } from "../wire/hex.ts";
import {
  decodeRequestFrame,
  decodeResponseFrame,
  encodeRequestFrame,
  encodeResponseFrame,
  type FrameLayout,
  RequestFrameDecoder,
  ResponseFrameDecoder,
} from "./framing.ts";
import { assertWireError } from "../testdata/wire_assert_test.ts";

const enc = new TextEncoder();

describe("frame encoding (crate layout)", () => {
  it("writes length = 12 + payload, code and request id", () => {
    assert.equal(
      toHex(encodeRequestFrame(42, 7n, enc.encode("hello world"))),
      "17000000" + "2a000000" + "0700000000000000" + toHex(enc.encode("hello world")),
    );
    assert.equal(toHex(encodeRequestFrame(1, 99n, new Uint8Array())), "0c000000010000006300000000000000");
  });
  it("writes an error response as status, length 8 and request id", () => {
    assert.equal(toHex(encodeResponseFrame(1001, 55n, new Uint8Array())), "e9030000080000003700000000000000");
  });
  it("writes a legacy request as length = 4 + payload and code", () => {
    assert.equal(toHex(encodeRequestFrame(1, 0n, new Uint8Array(), "legacy")), "0400000001000000");
    assert.equal(toHex(encodeResponseFrame(0, 0n, fromHex("ab"), "legacy")), "0000000001000000ab");
  });
});

describe("whole-buffer frame decoding", () => {
  const invalid: { name: string; hex: string; code: string; response?: boolean; layout?: FrameLayout }[] = [
    { name: "3 bytes", hex: "0c0000", code: "TRUNCATED" },
    { name: "15 zero bytes (length 0 is checked first)", hex: "00".repeat(15), code: "INVALID_VALUE" },
    { name: "length 11", hex: "0b000000" + "01000000" + "0100000000000000", code: "INVALID_VALUE" },
    { name: "a missing request id", hex: "0c000000" + "01000000" + "01", code: "TRUNCATED" },
    {
      name: "a short payload",
      hex: "70000000" + "01000000" + "0100000000000000" + "00".repeat(50),
      code: "TRUNCATED",
    },
    {
      name: "response length 7",
      hex: "00000000" + "07000000" + "0100000000000000",
      code: "INVALID_VALUE",
      response: true,
    },
    { name: "a legacy length of 3", hex: "0300000001000000", code: "INVALID_VALUE", layout: "legacy" },
  ];
  for (const { name, hex, code, response, layout } of invalid) {
    it(`${response ? "decodeResponseFrame" : "decodeRequestFrame"}() throws ${code} for ${name}`, () => {
      const f = () =>
        response ? decodeResponseFrame(fromHex(hex), layout) : decodeRequestFrame(fromHex(hex), layout);
      assertWireError(f, code);
    });
  }
  it("reports the frame size and leaves trailing bytes", () => {
    const { frame, consumed } = decodeRequestFrame(
      fromHex("0d000000" + "ca000000" + "0800000000000000" + "05" + "ffff"),
    );
    assert.equal(consumed, 17);
    assert.deepEqual([frame.code, frame.requestId, toHex(frame.payload)], [202, 8n, "05"]);
  });
});

describe("incremental frame decoders", () => {
  const frameArb = fc.record({
    code: fc.nat({ max: 0xffffffff }),
    requestId: fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
    payload: fc.uint8Array({ maxLength: 40, size: "small" }),
  });

  for (const layout of ["crate", "legacy"] as const) {
    it(`returns the same frames however a ${layout} stream is chunked`, () => {
      fc.assert(
        fc.property(
          fc.array(frameArb, { maxLength: 6, size: "small" }),
          fc.integer({ min: 0, max: 1000 }),
          (frames, seed) => {
            const parts = frames.map((f) => encodeRequestFrame(f.code, f.requestId, f.payload, layout));
            const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
            let at = 0;
            for (const p of parts) {
              all.set(p, at);
              at += p.length;
            }
            // Deterministic cut points from the seed.
            const cuts = new Set<number>();
            let s = seed;
            for (let i = 0; i < 6; i++) {
              s = (s * 1103515245 + 12345) % 2147483648;
              cuts.add(all.length ? s % (all.length + 1) : 0);
            }
            const points = [0, ...[...cuts].sort((a, b) => a - b), all.length];
            const d = new RequestFrameDecoder({ layout });
            const got = [];
            for (let i = 1; i < points.length; i++) {
              for (const f of d.push(all.subarray(points[i - 1], points[i]))) got.push(f);
            }
            assert.equal(d.buffered, 0);
            d.end();
            assert.deepEqual(
              got.map((f) => [f.code, f.requestId, toHex(f.payload)]),
              frames.map((f) => [f.code, layout === "crate" ? f.requestId : 0n, toHex(f.payload)]),
            );
          },
        ),
        { numRuns: 300 },
      );
    });
  }

  it("returns response frames split at every byte boundary", () => {
    fc.assert(
      fc.property(fc.array(frameArb, { maxLength: 4, size: "small" }), (frames) => {
        const stream = frames.map((f) => encodeResponseFrame(f.code, f.requestId, f.payload));
        const d = new ResponseFrameDecoder();
        const got = [];
        for (const p of stream) {
          for (let i = 0; i < p.length; i++) {
            for (const f of d.push(p.subarray(i, i + 1))) got.push(f);
          }
        }
        assert.deepEqual(
          got.map((f) => [f.status, f.requestId, toHex(f.payload)]),
          frames.map((f) => [f.code, f.requestId, toHex(f.payload)]),
        );
      }),
      { numRuns: 100 },
    );
  });

  it("returns a view of the chunk when the frame lies inside one chunk", () => {
    for (const size of [3, 600]) {
      const chunk = encodeRequestFrame(1, 2n, new Uint8Array(size).fill(0xab));
      const [f] = new RequestFrameDecoder().push(chunk);
      assert.equal(f.payload.buffer, chunk.buffer);
    }
  });

  it("keeps no reference to a chunk: a split frame survives the caller reusing the chunk's memory", () => {
    for (const step of [1, 5, 700]) {
      const d = new RequestFrameDecoder();
      const bytes = encodeRequestFrame(1, 2n, new Uint8Array(1000).fill(0xaa));
      const reused = new Uint8Array(step);
      const got = [];
      for (let i = 0; i < bytes.length; i += step) {
        const part = bytes.subarray(i, i + step);
        reused.set(part);
        for (const f of d.push(reused.subarray(0, part.length))) got.push(f);
        reused.fill(0xee);
      }
      assert.equal(got.length, 1, `step ${step}`);
      assert.ok(got[0].payload.every((b) => b === 0xaa), `step ${step}`);
    }
  });

  it("refuses maxFrameBytes: Infinity unless allowUnboundedFrames is set", () => {
    assertWireError(() => new RequestFrameDecoder({ maxFrameBytes: Infinity }), "INVALID_VALUE");
    assertWireError(() => new ResponseFrameDecoder({ maxFrameBytes: -1 }), "INVALID_VALUE");
    assert.equal(
      new RequestFrameDecoder({ maxFrameBytes: Infinity, allowUnboundedFrames: true }).maxFrameBytes,
      Infinity,
    );
  });

  it("throws FRAME_TOO_LARGE from the length field alone, before the body arrives", () => {
    const d = new RequestFrameDecoder({ maxFrameBytes: 100 });
    // Announces ~2 GiB; every later call throws the same error.
    assertWireError(() => d.push(fromHex("ffffff7f")), "FRAME_TOO_LARGE");
    assertWireError(() => d.push(new Uint8Array(1)), "FRAME_TOO_LARGE");
    assertWireError(() => d.end(), "FRAME_TOO_LARGE");
  });

  it("accepts a frame of exactly maxFrameBytes", () => {
    const d = new ResponseFrameDecoder({ maxFrameBytes: 20 });
    assert.equal(d.push(encodeResponseFrame(0, 1n, new Uint8Array(4)))[0].payload.length, 4);
    assertWireError(
      () =>
        new ResponseFrameDecoder({ maxFrameBytes: 20 }).push(encodeResponseFrame(0, 1n, new Uint8Array(5))),
      "FRAME_TOO_LARGE",
    );
  });

  it("throws INVALID_VALUE for a request length below 12 as soon as 4 bytes arrive", () => {
    const d = new RequestFrameDecoder();
    assertWireError(() => d.push(fromHex("0b000000")), "INVALID_VALUE");
  });

  it("end() throws an incomplete TRUNCATED when a frame is unfinished", () => {
    const d = new ResponseFrameDecoder();
    d.push(encodeResponseFrame(0, 1n, new Uint8Array(4)).subarray(0, 10));
    assert.equal(d.buffered, 10);
    assertWireError(() => d.end(), "TRUNCATED", { incomplete: true, need: 10 });
  });
});
