import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { xxh3_64IntoJs, xxh3DefaultKernel } from "../../wire/xxh3.ts";
import { CHUNK_BYTES, GATHER_BYTES } from "../../wire/_generated/xxh3_wasm.ts";
import {
  type BatchMessageInput,
  encodeBatch,
  encodeBatchInto,
  encodeBatchRecord,
  sizeOfBatch,
} from "./builder.ts";
import { decodeBatch } from "./batch.ts";

// The encoder hashes its frames in the WebAssembly kernel, in runs assembled in the kernel's
// memory, and the batch checksum there too when it fits: these tests re-derive every checksum
// with the pure-TS hash (the path of runtimes without WebAssembly) and check every other
// byte against encodeBatchRecord, which writes fields as given and hashes nothing.

function noise(n: number, seed: number): Uint8Array {
  const b = new Uint8Array(n);
  let x = seed | 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    b[i] = x & 0xff;
  }
  return b;
}

const half = new Uint32Array(2);
function js64(bytes: Uint8Array): bigint {
  xxh3_64IntoJs(bytes, half);
  return (BigInt(half[1]) << 32n) | BigInt(half[0]);
}

/** The record `encodeBatch` must write, its checksums from the pure-TS hash. */
function expected(messages: readonly BatchMessageInput[]): Uint8Array {
  const origin = messages.reduce((m, x) => Math.min(m, Number(x.originTimestamp ?? 0)), Infinity);
  const unstamped = encodeBatchRecord({
    partitionId: 0n,
    baseOffset: 0n,
    baseTimestamp: 0n,
    originTimestamp: BigInt(messages.length ? origin : 0),
    batchChecksum: 0n,
    messages: messages.map((m, i) => ({
      checksum: 0n,
      id: typeof m.id === "bigint"
        ? m.id
        : m.id instanceof Uint8Array
        ? m.id.reduceRight((v, b) => (v << 8n) | BigInt(b), 0n)
        : BigInt(m.id ?? 0),
      offsetDelta: i,
      timestampDelta: Number(m.originTimestamp ?? 0) - origin,
      payload: m.payload,
      userHeaders: m.userHeaders ?? new Uint8Array(0),
    })),
  });
  const dv = new DataView(unstamped.buffer);
  const hashed = new Uint8Array(44 + 8 * messages.length);
  hashed.set(unstamped.subarray(0, 40), 0);
  hashed.set(unstamped.subarray(48, 52), 40);
  let pos = 256;
  for (let i = 0; i < messages.length; i++) {
    const end = pos + 48 + dv.getUint32(pos + 36, true) + dv.getUint32(pos + 32, true);
    dv.setBigUint64(pos, js64(unstamped.subarray(pos + 8, end)), true);
    hashed.set(unstamped.subarray(pos, pos + 8), 44 + 8 * i);
    pos = end;
  }
  dv.setBigUint64(40, js64(hashed), true);
  return unstamped;
}

function check(messages: BatchMessageInput[], what: string): void {
  const got = encodeBatch(messages);
  const want = expected(messages);
  assert.equal(got.length, want.length, what);
  for (let i = 0; i < want.length; i++) {
    if (got[i] !== want[i]) assert.fail(`${what}: byte ${i} is ${got[i]}, want ${want[i]}`);
  }
  // And into a larger array at an offset, as the SendMessages encoder writes it.
  const dest = new Uint8Array(want.length + 9).fill(0xee);
  encodeBatchInto(dest, 5, messages);
  assert.deepEqual(dest.subarray(5, 5 + want.length), want, `${what} at offset 5`);
  assert.deepEqual([...dest.subarray(0, 5), ...dest.subarray(5 + want.length)], new Array(9).fill(0xee));
}

// Every kind of id (the encoder writes ids below 2^32 and absent ones itself, the rest through
// writeId) and of timestamp (numbers inline, bigints through deltaOf).
const ids = [
  (i: number) => BigInt(i) << 70n,
  (i: number) => i,
  () => undefined,
  (i: number) => 2 ** 40 + i,
  (i: number) => noise(16, i + 11),
];
const message = (i: number, pl: number, hl = 0): BatchMessageInput => ({
  payload: noise(pl, 3 * i + 1),
  id: ids[i % ids.length](i),
  userHeaders: hl ? noise(hl, 5 * i + 2) : undefined,
  originTimestamp: i % 7 === 6
    ? 1_700_000_000_000_000n + BigInt((i * 7919) % 1000)
    : 1_700_000_000_000_000 + ((i * 7919) % 1000),
});

describe("encodeBatch() through the WebAssembly kernel", () => {
  it("runs where the tests run (else the cases below test the JS path only)", () => {
    assert.notEqual(xxh3DefaultKernel(), null);
  });

  it("equals the pure-TS checksums for every payload length from 0 to 300, with and without headers", () => {
    const messages: BatchMessageInput[] = [];
    for (let pl = 0; pl <= 300; pl++) messages.push(message(pl, pl, pl % 5 === 0 ? pl % 17 : 0));
    check(messages, "lengths 0..300");
  });

  it("equals them for the bench's shape (1000 x 100 B) and across run boundaries", () => {
    check(Array.from({ length: 1000 }, (_, i) => message(i, 100)), "1000 x 100 B");
    // Frames of 1 KiB to 5 KiB: a run ends wherever the next frame does not fit.
    check(Array.from({ length: 200 }, (_, i) => message(i, 1000 + ((i * 37) % 4000), i % 4)), "large frames");
  });

  it("writes a frame larger than a run in place, between frames that use runs", () => {
    const messages = [message(1, 50), message(2, CHUNK_BYTES + 3), message(3, 60), message(4, 70_000)];
    check(messages, "oversized frames");
  });

  it("gathers the checksums outside the kernel when the batch checksum's input does not fit it", () => {
    const count = Math.ceil((GATHER_BYTES - 44) / 8) + 5;
    const messages = Array.from({ length: count }, (_, i) => message(i, i % 7));
    assert.ok(44 + 8 * count > GATHER_BYTES);
    check(messages, `${count} messages`);
    check(messages.slice(0, Math.floor((GATHER_BYTES - 44) / 8)), "the most that fit");
  });

  it("writes an empty record and a single message", () => {
    check([], "empty");
    check([message(7, 3)], "one message");
    assert.equal(decodeBatch(encodeBatch([message(1, 140)])).messageCount, 1);
  });

  it("leaves the kernel's memory free for the hash between calls (a run is not left half-written)", () => {
    const a = Array.from({ length: 300 }, (_, i) => message(i, 100));
    const first = encodeBatch(a);
    encodeBatch(Array.from({ length: 50 }, (_, i) => message(i + 9, 3000)));
    assert.deepEqual(encodeBatch(a), first);
    assert.equal(sizeOfBatch(a), first.length);
  });
});
