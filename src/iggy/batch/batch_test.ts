import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { fromHex, toHex } from "../../wire/hex.ts";
import { isWireError } from "../../wire/error.ts";
import {
  BATCH_CHECKSUM_OFFSET,
  BATCH_HEADER_SIZE,
  BATCH_MESSAGE_COUNT_OFFSET,
  type BatchMessageInput,
  calculateBatchChecksum,
  decodeBatch,
  encodeBatch,
  encodeBatchInto,
  encodeBatchRecord,
  iterateBatches,
  MessageCursor,
  restampBatch,
  sizeOfBatch,
} from "./mod.ts";

const text = (s: string) => new TextEncoder().encode(s);

function failure(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (isWireError(e)) return `${e.code}: ${e.detail}`;
    throw e;
  }
  return "ok";
}

// The crate's own fixture: partition 7, origin 1000, frames (1, 0, 0, "first") and (2, 1, 5, "second").
const FIRST_FRAME = "49398ef8abaae9bb" + "01000000000000000000000000000000" + "00000000" + "00000000" +
  "00000000" + "05000000" +
  "0000000000000000" + "6669727374";

function crateFixture(): Uint8Array {
  const record = encodeBatchRecord({
    partitionId: 7n,
    baseOffset: 0n,
    baseTimestamp: 0n,
    originTimestamp: 1000n,
    batchChecksum: 0n,
    messages: [
      {
        checksum: 0n,
        id: 1n,
        offsetDelta: 0,
        timestampDelta: 0,
        payload: text("first"),
        userHeaders: new Uint8Array(0),
      },
      {
        checksum: 0n,
        id: 2n,
        offsetDelta: 1,
        timestampDelta: 5,
        payload: text("second"),
        userHeaders: new Uint8Array(0),
      },
    ],
  });
  restampBatch(record);
  return record;
}

describe("checksums", () => {
  it("restampBatch() reproduces the crate fixture's frame and batch checksums", () => {
    const r = crateFixture();
    assert.equal(r.length, 363);
    assert.equal(toHex(r.subarray(BATCH_HEADER_SIZE, BATCH_HEADER_SIZE + 53)), FIRST_FRAME);
    assert.equal(new DataView(r.buffer).getBigUint64(BATCH_HEADER_SIZE + 53, true), 0x7e34cd2030c099a9n);
    assert.equal(new DataView(r.buffer).getBigUint64(BATCH_CHECKSUM_OFFSET, true), 0xf4be018ffb93f6f2n);
    assert.equal(calculateBatchChecksum(r), 0xf4be018ffb93f6f2n);
  });

  it('a single frame (1, 0, 0, "payload") has checksum 0xc424e8d8b96b44f5 and batch 0xdd6091ec459ed32f', () => {
    const r = encodeBatch([{ id: 1n, payload: text("payload"), originTimestamp: 1000 }], { partitionId: 7n });
    const dv = new DataView(r.buffer);
    assert.equal(r.length, 311);
    assert.equal(dv.getBigUint64(BATCH_HEADER_SIZE, true), 0xc424e8d8b96b44f5n);
    assert.equal(dv.getBigUint64(BATCH_CHECKSUM_OFFSET, true), 0xdd6091ec459ed32fn);
  });
});

describe("encodeBatch()", () => {
  it("sets origin to the smallest timestamp and offset deltas to the frame index", () => {
    const b = decodeBatch(encodeBatch([
      { id: 1n, payload: text("x"), originTimestamp: 900n },
      { id: 2n, payload: text("y"), originTimestamp: 100 },
      { id: 3n, payload: text("z"), originTimestamp: 500 },
    ]));
    assert.equal(b.originTimestamp, 100n);
    assert.deepEqual(b.messages().map((m) => [m.offsetDelta, m.timestampDelta]), [[0, 800], [1, 0], [
      2,
      400,
    ]]);
  });

  it("writes ids given as bigint, number or 16 bytes identically", () => {
    const forms: BatchMessageInput["id"][] = [0x0102n, 0x0102, fromHex("02010000000000000000000000000000")];
    const hexes = forms.map((id) => toHex(encodeBatch([{ id, payload: new Uint8Array(0) }])));
    assert.equal(hexes[0], hexes[1]);
    assert.equal(hexes[0], hexes[2]);
  });

  it("keeps a u128 id above 2^64", () => {
    const id = (1n << 127n) + 5n;
    const c = decodeBatch(encodeBatch([{ id, payload: new Uint8Array(1) }])).cursor();
    assert.ok(c.next());
    assert.equal(c.id, id);
  });

  it("writes each frame alone: nothing carries over between frames of one length, on either side of 240 B", () => {
    // Short frames are assembled in a scratch array per length and copied; longer ones in place.
    for (const size of [10, 150, 200, 201, 500]) {
      const msgs: BatchMessageInput[] = [
        { id: (1n << 128n) - 3n, payload: new Uint8Array(size).fill(0xaa), originTimestamp: 9 },
        { id: 7, payload: new Uint8Array(size).fill(0x55), originTimestamp: 10 },
        { id: fromHex("ff".repeat(16)), payload: new Uint8Array(size - 2), userHeaders: fromHex("0102") },
        { payload: new Uint8Array(size), originTimestamp: 12 },
      ];
      const record = encodeBatch(msgs);
      const got = decodeBatch(record).messages(); // verifies every frame's checksum
      assert.deepEqual(
        got.map((m) => m.id),
        [(1n << 128n) - 3n, 7n, (1n << 128n) - 1n, 0n],
        `payload ${size}`,
      );
      assert.deepEqual(got.map((m) => m.payload), msgs.map((m) => m.payload));
      assert.deepEqual(got.map((m) => m.userHeaders.length), [0, 0, 2, 0]);
      // The 8 reserved bytes at the end of every frame header are zero.
      let at = 256;
      for (const m of msgs) {
        assert.equal(toHex(record.subarray(at + 40, at + 48)), "0000000000000000");
        at += 48 + m.payload.length + (m.userHeaders?.length ?? 0);
      }
    }
  });

  const bad: { name: string; messages: BatchMessageInput[]; code: string }[] = [
    {
      name: "a delta of u32::MAX + 1",
      messages: [{ payload: new Uint8Array(0), originTimestamp: 0 }, {
        payload: new Uint8Array(0),
        originTimestamp: 2 ** 32,
      }],
      code: "INVALID_VALUE at [1].originTimestamp",
    },
    {
      name: "a negative id",
      messages: [{ payload: new Uint8Array(0), id: -1n }],
      code: "VALUE_OUT_OF_RANGE at [0].id",
    },
    {
      name: "a 15-byte id",
      messages: [{ payload: new Uint8Array(0), id: new Uint8Array(15) }],
      code: "VALUE_OUT_OF_RANGE at [0].id",
    },
    {
      name: "a fractional timestamp",
      messages: [{ payload: new Uint8Array(0), originTimestamp: 1.5 }],
      code: "VALUE_OUT_OF_RANGE at [0].originTimestamp",
    },
  ];
  for (const b of bad) {
    it(`throws for ${b.name}, naming the field`, () => {
      try {
        encodeBatch(b.messages);
      } catch (e) {
        assert.ok(isWireError(e));
        return assert.equal(`${e.code} at ${e.path}`, b.code);
      }
      assert.fail("did not throw");
    });
  }

  it("encodeBatchInto() throws LIMIT_EXCEEDED when the destination is one byte short", () => {
    const msgs = [{ payload: new Uint8Array(10) }];
    assert.match(
      failure(() => encodeBatchInto(new Uint8Array(sizeOfBatch(msgs) - 1), 0, msgs)),
      /^LIMIT_EXCEEDED/,
    );
  });

  it("encodeBatchInto() writes at an offset and returns the size", () => {
    const msgs = [{ payload: text("abc") }];
    const dest = new Uint8Array(10 + sizeOfBatch(msgs));
    assert.equal(encodeBatchInto(dest, 10, msgs), 307);
    assert.equal(decodeBatch(dest.subarray(10)).messageCount, 1);
  });
});

describe("decodeBatch() checks in the crate's order", () => {
  const one = () => encodeBatch([{ id: 1n, payload: text("payload"), originTimestamp: 1000 }]);
  const two = () =>
    encodeBatch([{ payload: text("first") }, { payload: text("second"), userHeaders: text("hh") }], {
      baseOffset: 10n,
    });
  const setU64 = (b: Uint8Array, at: number, v: bigint) =>
    new DataView(b.buffer, b.byteOffset).setBigUint64(at, v, true);
  const setU32 = (b: Uint8Array, at: number, v: number) =>
    new DataView(b.buffer, b.byteOffset).setUint32(at, v, true);
  const cases: { name: string; bytes: () => Uint8Array; want: string }[] = [
    {
      name: "255 bytes",
      bytes: () => one().subarray(0, 255),
      want: "TRUNCATED: unexpected end of buffer at offset 0: need 256 bytes, have 255",
    },
    {
      name: "one byte short of batch_length",
      bytes: () => one().subarray(0, 310),
      want: "TRUNCATED: unexpected end of buffer at offset 0: need 311 bytes, have 310",
    },
    {
      name: "batch_length 255 and a reserved byte",
      bytes: () => {
        const b = one();
        setU64(b, 32, 255n);
        b[52] = 1;
        return b;
      },
      want: "INVALID_VALUE: validation failed: batch length must cover the batch header",
    },
    {
      name: "a reserved header byte",
      bytes: () => {
        const b = one();
        b[255] = 1;
        return b;
      },
      want: "INVALID_VALUE: validation failed: batch header reserved bytes must be zero",
    },
    {
      name: "batch_length u64::MAX",
      bytes: () => {
        const b = one();
        setU64(b, 32, 0xffff_ffff_ffff_ffffn);
        return b;
      },
      want: "TRUNCATED: unexpected end of buffer at offset 0: need 18446744073709551615 bytes, have 311",
    },
    {
      name: "a corrupt second payload (offset = base + delta)",
      bytes: () => {
        const b = two();
        b[BATCH_HEADER_SIZE + 53 + 48] ^= 1;
        return b;
      },
      want: "CHECKSUM_MISMATCH: invalid message checksum: stored",
    },
    {
      name: "a corrupt frame checksum and a wrong count (checksum first)",
      bytes: () => {
        const b = one();
        b[BATCH_HEADER_SIZE] ^= 1;
        setU32(b, BATCH_MESSAGE_COUNT_OFFSET, 5);
        return b;
      },
      want: "CHECKSUM_MISMATCH: invalid message checksum",
    },
    {
      name: "a corrupt batch checksum and a wrong count (tiling first)",
      bytes: () => {
        const b = one();
        b[BATCH_CHECKSUM_OFFSET] ^= 1;
        setU32(b, BATCH_MESSAGE_COUNT_OFFSET, 0);
        return b;
      },
      want: "INVALID_VALUE: validation failed: batch frames do not tile message_count exactly",
    },
    {
      name: "a frame with a nonzero reserved field",
      bytes: () => {
        const b = one();
        b[BATCH_HEADER_SIZE + 47] = 1;
        return b;
      },
      want: "INVALID_VALUE: validation failed: batch frames do not tile message_count exactly",
    },
    {
      name: "a corrupt batch checksum",
      bytes: () => {
        const b = one();
        b[BATCH_CHECKSUM_OFFSET] ^= 1;
        return b;
      },
      want: "CHECKSUM_MISMATCH: invalid batch checksum",
    },
  ];
  for (const c of cases) {
    it(`throws for ${c.name}`, () => {
      const got = failure(() => decodeBatch(c.bytes()));
      assert.ok(got.startsWith(c.want), got);
    });
  }

  it("reports a bad frame at base_offset + offset_delta", () => {
    const b = two();
    b[b.length - 1] ^= 1;
    assert.match(failure(() => decodeBatch(b)), /, offset 11$/);
  });

  it("layoutOnly accepts corrupt checksums but not a bad tiling", () => {
    const b = one();
    b[b.length - 1] ^= 1;
    b[BATCH_CHECKSUM_OFFSET] ^= 1;
    assert.equal(decodeBatch(b, { integrity: "layoutOnly" }).messageCount, 1);
    setU32(b, BATCH_MESSAGE_COUNT_OFFSET, 2);
    assert.match(failure(() => decodeBatch(b, { integrity: "layoutOnly" })), /^INVALID_VALUE/);
  });

  it("leaves bytes after batch_length alone", () => {
    const b = one();
    const longer = new Uint8Array(b.length + 7);
    longer.set(b);
    assert.equal(decodeBatch(longer).bytes.length, b.length);
  });

  it("accepts an empty record", () => {
    const b = decodeBatch(encodeBatch([]));
    assert.equal(b.messageCount, 0);
    assert.equal(b.cursor().next(), false);
  });
});

describe("MessageCursor", () => {
  it("resolves offsets and origin timestamps against the header", () => {
    const b = decodeBatch(encodeBatch(
      [{ payload: text("a"), originTimestamp: 5_000 }, {
        payload: text("bb"),
        originTimestamp: 5_010,
        userHeaders: text("h"),
      }],
      { baseOffset: 100n, baseTimestamp: 9n },
    ));
    const c = new MessageCursor();
    b.cursor(c);
    const seen: unknown[] = [];
    while (c.next()) {
      seen.push([
        c.index,
        c.offsetNumber,
        c.offset,
        c.timestamp,
        c.originTimestampNumber,
        toHex(c.payload),
        toHex(c.userHeaders),
      ]);
    }
    assert.deepEqual(seen, [
      [0, 100, 100n, 9n, 5000, "61", ""],
      [1, 101, 101n, 9n, 5010, "6262", "68"],
    ]);
  });

  it("can be reused across batches without allocating a new cursor", () => {
    const c = new MessageCursor();
    let n = 0;
    for (const size of [1, 3]) {
      const b = decodeBatch(
        encodeBatch(Array.from({ length: size }, () => ({ payload: new Uint8Array(2) }))),
      );
      b.cursor(c);
      while (c.next()) n++;
    }
    assert.equal(n, 4);
  });

  it("iterateBatches() walks records back to back", () => {
    const a = encodeBatch([{ payload: text("1") }]);
    const b = encodeBatch([{ payload: text("2") }, { payload: text("3") }], { baseOffset: 1n });
    const both = new Uint8Array(a.length + b.length);
    both.set(a);
    both.set(b, a.length);
    const offsets: number[] = [];
    for (const batch of iterateBatches(both)) {
      const c = batch.cursor();
      while (c.next()) offsets.push(c.offsetNumber);
    }
    assert.deepEqual(offsets, [0, 1, 2]);
  });
});

describe("properties", () => {
  const message = fc.record({
    id: fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }),
    payload: fc.uint8Array({ maxLength: 64, size: "small" }),
    userHeaders: fc.uint8Array({ maxLength: 16, size: "small" }),
    originTimestamp: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
  });
  it("encodeBatch() then decodeBatch() gives the messages back, and the record re-encodes byte for byte", () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 20, size: "small" }), (msgs) => {
        const bytes = encodeBatch(msgs);
        const b = decodeBatch(bytes);
        const got = b.messages();
        assert.equal(got.length, msgs.length);
        for (let i = 0; i < msgs.length; i++) {
          assert.equal(got[i].id, msgs[i].id);
          assert.deepEqual(got[i].payload, msgs[i].payload);
          assert.deepEqual(got[i].userHeaders, msgs[i].userHeaders);
          assert.equal(got[i].originTimestamp, BigInt(msgs[i].originTimestamp));
        }
        assert.deepEqual(encodeBatchRecord(b.toObject()), bytes);
      }),
      { numRuns: 200 },
    );
  });

  it("decodeBatch() throws only WireErrors on mutated records", () => {
    fc.assert(
      fc.property(
        fc.array(message, { minLength: 1, maxLength: 4, size: "small" }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (msgs, at, x) => {
          const bytes = encodeBatch(msgs);
          bytes[at % bytes.length] ^= x;
          try {
            decodeBatch(bytes);
          } catch (e) {
            assert.ok(isWireError(e));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
