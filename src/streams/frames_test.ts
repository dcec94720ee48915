import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { encodeFrame } from "../kafka/frame.ts";
import { encodeRequestFrame, encodeResponseFrame } from "../iggy/framing.ts";
import { IggyClientSession } from "../iggy/session/client.ts";
import { isWireError } from "../wire/error.ts";
import { concat } from "../testdata/wire_assert_test.ts";
import { kafkaFrameBatches, kafkaFrames, readKafkaFrames } from "./kafka_frames.ts";
import { iggyFrameBatches, iggyFrames, readIggyFrames } from "./iggy_frames.ts";

/** A readable of `bytes` cut at pseudo-random places (seeded), with a count of pulls and a cancel flag. */
function chunked(bytes: Uint8Array, seed: number, maxChunk = 37) {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  let at = 0;
  const state = { pulls: 0, cancelled: false };
  const readable = new ReadableStream<Uint8Array>({
    pull(c) {
      state.pulls++;
      if (at >= bytes.length) return c.close();
      const n = 1 + Math.floor(rand() * maxChunk);
      c.enqueue(bytes.slice(at, at + n));
      at += n;
    },
    cancel() {
      state.cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { readable, state };
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

async function wireCode(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (isWireError(e)) return e.code;
    throw e;
  }
  return "no error";
}

const payloads = Array.from(
  { length: 50 },
  (_, i) => Uint8Array.from({ length: (i * 37) % 300 }, (_, j) => i + j),
);

describe("kafkaFrames / readKafkaFrames", () => {
  for (const seed of [1, 2, 3]) {
    it(`cut the payloads out of any chunking (seed ${seed})`, async () => {
      const bytes = concat(...payloads.map(encodeFrame));
      const viaTransform = await collect(chunked(bytes, seed).readable.pipeThrough(kafkaFrames()));
      const viaIterator = await collect(readKafkaFrames(chunked(bytes, seed + 10).readable));
      assert.deepEqual(viaTransform, payloads);
      assert.deepEqual(viaIterator, payloads);
    });
  }

  for (const seed of [1, 2, 3]) {
    it(`kafkaFrameBatches: one item per chunk that completes a frame, the same frames (seed ${seed})`, async () => {
      const bytes = concat(...payloads.map(encodeFrame));
      const { readable, state } = chunked(bytes, seed, 700);
      const batches = await collect(readable.pipeThrough(kafkaFrameBatches()));
      assert.deepEqual(batches.flat(), payloads);
      assert.ok(batches.every((b) => b.length > 0), "no empty batch");
      assert.ok(
        batches.length < payloads.length && batches.length <= state.pulls,
        `${batches.length} batches`,
      );
    });
  }

  it("kafkaFrameBatches: a bad size errors the stream after the batches before it", async () => {
    const bytes = concat(encodeFrame(new Uint8Array([1])), new Uint8Array([0, 0, 1, 0]));
    const got: Uint8Array[][] = [];
    const code = await wireCode((async () => {
      for await (
        const b of chunked(bytes, 2, 5).readable.pipeThrough(kafkaFrameBatches({ maxFrameBytes: 255 }))
      ) {
        got.push(b);
      }
    })());
    assert.equal(code, "FRAME_TOO_LARGE");
    assert.deepEqual(got.flat(), [new Uint8Array([1])]);
  });

  it("a size over maxFrameBytes errors the stream with FRAME_TOO_LARGE before the body arrives", async () => {
    const head = new Uint8Array([0, 0, 1, 0]); // 256 bytes announced, none sent
    const frames = chunked(head, 1).readable.pipeThrough(kafkaFrames({ maxFrameBytes: 255 }));
    assert.equal(await wireCode(collect(frames)), "FRAME_TOO_LARGE");
  });

  it("the end of input inside a frame is TRUNCATED; frames before it still arrive", async () => {
    const bytes = concat(encodeFrame(new Uint8Array([1])), encodeFrame(new Uint8Array(10)).subarray(0, 9));
    const got: Uint8Array[] = [];
    const code = await wireCode((async () => {
      for await (const f of readKafkaFrames(chunked(bytes, 4).readable)) got.push(f);
    })());
    assert.equal(code, "TRUNCATED");
    assert.deepEqual(got, [new Uint8Array([1])]);
  });

  it("leaving the loop early cancels the source", async () => {
    const { readable, state } = chunked(concat(...payloads.map(encodeFrame)), 5);
    for await (const f of readKafkaFrames(readable)) {
      assert.deepEqual(f, payloads[0]);
      break;
    }
    assert.equal(state.cancelled, true);
  });

  it("an abort cancels the source and throws the reason", async () => {
    const { readable, state } = chunked(concat(...payloads.map(encodeFrame)), 6);
    const ac = new AbortController();
    const reason = new Error("stop");
    await assert.rejects(
      (async () => {
        for await (const _ of readKafkaFrames(readable, { signal: ac.signal })) ac.abort(reason);
      })(),
      (e) => e === reason,
    );
    assert.equal(state.cancelled, true);
  });

  it("backpressure: nobody reads the frames, so the transform stops pulling from the source", async () => {
    const { readable, state } = chunked(concat(...payloads.map(encodeFrame)), 7, 4);
    const frames = readable.pipeThrough(kafkaFrames());
    const reader = frames.getReader();
    await reader.read();
    const after = state.pulls;
    // Let the pipe run as far as it will on its own: a bounded number of microtask turns.
    for (let i = 0; i < 100; i++) await Promise.resolve();
    assert.ok(state.pulls - after <= 2, `the source was pulled ${state.pulls - after} more times`);
    await reader.cancel();
  });
});

describe("iggyFrames / readIggyFrames", () => {
  it("response frames of both layouts, any chunking", async () => {
    for (const layout of ["crate", "legacy"] as const) {
      const frames = payloads.map((p, i) => encodeResponseFrame(i % 3, BigInt(i), p, layout));
      const got = await collect(
        chunked(concat(...frames), 8).readable.pipeThrough(iggyFrames("response", { layout })),
      );
      assert.deepEqual(got.map((f) => f.payload), payloads);
      assert.deepEqual(got.map((f) => f.status), payloads.map((_, i) => i % 3));
      if (layout === "crate") {
        assert.deepEqual(
          got.map((f) => f.requestId),
          payloads.map((_, i) => BigInt(i)),
        );
      }
    }
  });

  it("iggyFrameBatches: the response frames of each chunk in one item", async () => {
    const frames = payloads.map((p, i) => encodeResponseFrame(0, BigInt(i), p));
    const batches = await collect(
      chunked(concat(...frames), 11, 900).readable.pipeThrough(iggyFrameBatches("response")),
    );
    assert.deepEqual(batches.flat().map((f) => f.payload), payloads);
    assert.ok(
      batches.length < payloads.length && batches.every((b) => b.length > 0),
      `${batches.length} batches`,
    );
  });

  it("request frames, any chunking", async () => {
    const frames = payloads.map((p, i) => encodeRequestFrame(1, BigInt(i), p));
    const got = await collect(readIggyFrames(chunked(concat(...frames), 9).readable, "request"));
    assert.deepEqual(got.map((f) => f.requestId), payloads.map((_, i) => BigInt(i)));
  });

  it("consensus frames, whole (header and body), any chunking", async () => {
    const session = new IggyClientSession({ clientId: 3n });
    const frames = [session.ping().frame];
    session.connectionLost(); // an unbound session numbers every request 0: forget the first
    frames.push(session.requestBody(1, new Uint8Array(40)).frame);
    const got = await collect(chunked(concat(...frames), 10).readable.pipeThrough(iggyFrames("consensus")));
    assert.deepEqual(got, frames);
    assert.deepEqual(got.map((f) => f.length), [256, 296]);
  });

  it("the bounds hold: an oversize frame is an error before it is buffered, an unfinished one TRUNCATED", async () => {
    const big = encodeResponseFrame(0, 1n, new Uint8Array(100));
    assert.equal(
      await wireCode(
        collect(chunked(big, 1).readable.pipeThrough(iggyFrames("response", { maxFrameBytes: 64 }))),
      ),
      "FRAME_TOO_LARGE",
    );
    const ping = new IggyClientSession({ clientId: 3n }).ping().frame;
    assert.equal(
      await wireCode(
        collect(chunked(ping, 2).readable.pipeThrough(iggyFrames("consensus", { maxFrameBytes: 255 }))),
      ),
      "FRAME_TOO_LARGE",
    );
    assert.equal(await wireCode(collect(readIggyFrames(chunked(ping, 3).readable, "consensus"))), "no error");
    assert.equal(
      await wireCode(collect(readIggyFrames(chunked(ping.subarray(0, 200), 3).readable, "consensus"))),
      "TRUNCATED",
    );
    assert.equal(
      await wireCode(collect(readIggyFrames(chunked(big.subarray(0, 20), 3).readable, "response"))),
      "TRUNCATED",
    );
    assert.throws(
      () => iggyFrames("consensus", { maxFrameBytes: Infinity }),
      (e) => isWireError(e) && e.code === "INVALID_VALUE",
    );
  });
});
