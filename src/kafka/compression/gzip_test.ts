import { describe, it } from "node:test";
import assert from "node:assert/strict";
import zlib from "node:zlib";
import fc from "fast-check";
import { gunzip, gzip, gzipCodec } from "./gzip.ts";
import { DEFAULT_MAX_DECOMPRESSED_BYTES } from "./codec.ts";
import { crc32 } from "../../wire/crc32.ts";
import { isWireError } from "../../wire/error.ts";
import { fromHex, toHex } from "../../wire/hex.ts";
import { recordsCorpus, textCorpus } from "../../testdata/corpus.ts";
import { assertWireError, concat } from "../../testdata/wire_assert_test.ts";

function le32(v: number): Uint8Array {
  return Uint8Array.of(v & 255, (v >>> 8) & 255, (v >>> 16) & 255, v >>> 24);
}

const enc = new TextEncoder();
const HELLO = enc.encode("hello, kafka");
// Raw deflate of HELLO, produced by zlib.
const HELLO_DEFLATE = new Uint8Array(zlib.deflateRawSync(HELLO));
const TRAILER = concat(le32(crc32(HELLO)), le32(HELLO.length));

/** A member with the given flag fields; FHCRC is computed unless `hcrc` is given. */
function member(
  opts: { extra?: Uint8Array; name?: string; comment?: string; hcrc?: boolean | number; reserved?: number } =
    {},
): Uint8Array {
  let flg = opts.reserved ?? 0;
  const fields: Uint8Array[] = [];
  if (opts.extra) {
    flg |= 4;
    fields.push(Uint8Array.of(opts.extra.length & 255, opts.extra.length >>> 8), opts.extra);
  }
  if (opts.name !== undefined) {
    flg |= 8;
    fields.push(enc.encode(opts.name), Uint8Array.of(0));
  }
  if (opts.comment !== undefined) {
    flg |= 16;
    fields.push(enc.encode(opts.comment), Uint8Array.of(0));
  }
  if (opts.hcrc !== undefined && opts.hcrc !== false) flg |= 2;
  let head = concat(Uint8Array.of(0x1f, 0x8b, 8, flg, 1, 2, 3, 4, 0, 3), ...fields);
  if (flg & 2) {
    const c = typeof opts.hcrc === "number" ? opts.hcrc : crc32(head) & 0xffff;
    head = concat(head, Uint8Array.of(c & 255, c >>> 8));
  }
  return concat(head, HELLO_DEFLATE, TRAILER);
}

describe("gunzip member headers", () => {
  const cases: { name: string; bytes: Uint8Array }[] = [
    { name: "no optional fields", bytes: member() },
    { name: "FEXTRA", bytes: member({ extra: fromHex("4142020001ff") }) },
    { name: "empty FEXTRA", bytes: member({ extra: new Uint8Array(0) }) },
    { name: "FNAME", bytes: member({ name: "batch.bin" }) },
    { name: "FCOMMENT", bytes: member({ comment: "written by a test" }) },
    { name: "FHCRC", bytes: member({ hcrc: true }) },
    { name: "every flag", bytes: member({ extra: fromHex("00"), name: "n", comment: "c", hcrc: true }) },
    { name: "FTEXT (informational)", bytes: member({ reserved: 1 }) },
  ];
  for (const { name, bytes } of cases) {
    it(`decodes a member with ${name}`, () => {
      assert.deepEqual(gunzip(bytes), HELLO);
      assert.deepEqual(new Uint8Array(zlib.gunzipSync(bytes)), HELLO, "zlib agrees the member is valid");
    });
  }
});

describe("gunzip rejects bad members", () => {
  const good = member();
  const withByte = (i: number, v: number) => {
    const b = good.slice();
    b[i] = v;
    return b;
  };
  const cases: { name: string; bytes: Uint8Array; code: string }[] = [
    { name: "empty input", bytes: new Uint8Array(0), code: "TRUNCATED" },
    { name: "bad magic", bytes: withByte(1, 0x8c), code: "CORRUPT_DATA" },
    { name: "a short input that is not gzip", bytes: fromHex("789c"), code: "CORRUPT_DATA" },
    { name: "compression method 7", bytes: withByte(2, 7), code: "CORRUPT_DATA" },
    { name: "reserved flag bit 5", bytes: member({ reserved: 0x20 }), code: "CORRUPT_DATA" },
    { name: "wrong header CRC-16", bytes: member({ hcrc: 0x1234 }), code: "CHECKSUM_MISMATCH" },
    {
      name: "wrong CRC-32",
      bytes: withByte(good.length - 8, good[good.length - 8] ^ 1),
      code: "CHECKSUM_MISMATCH",
    },
    {
      name: "wrong ISIZE",
      bytes: withByte(good.length - 4, good[good.length - 4] ^ 1),
      code: "CHECKSUM_MISMATCH",
    },
    {
      name: "FNAME without its terminator",
      bytes: concat(fromHex("1f8b08080000000000ff"), enc.encode("name")),
      code: "TRUNCATED",
    },
    {
      name: "FEXTRA longer than the input",
      bytes: fromHex("1f8b08040000000000ff1000aabb"),
      code: "TRUNCATED",
    },
  ];
  for (const { name, bytes, code } of cases) {
    it(`throws ${code} for ${name}`, () => {
      assertWireError(() => gunzip(bytes), code);
    });
  }

  it("throws TRUNCATED for every proper prefix of a member with every flag", () => {
    const full = member({ extra: fromHex("0102"), name: "n", comment: "c", hcrc: true });
    for (let n = 0; n < full.length; n++) {
      try {
        gunzip(full.subarray(0, n));
        assert.fail(`prefix ${n} decoded`);
      } catch (e) {
        assert.ok(isWireError(e), String(e));
        assert.equal(e.code, "TRUNCATED", `prefix ${n}: ${e.message}`);
      }
    }
  });

  it("throws TRUNCATED for every proper prefix of a 2 KiB text member", () => {
    const full = gzip(textCorpus(2048));
    for (let n = 0; n < full.length; n++) assertWireError(() => gunzip(full.subarray(0, n)), "TRUNCATED");
  });
});

describe("gunzip multiple members (as Java's GZIPInputStream)", () => {
  it("concatenates the members' contents", () => {
    const a = new Uint8Array(zlib.gzipSync(enc.encode("first ")));
    const b = gzip(enc.encode("second"));
    assert.equal(new TextDecoder().decode(gunzip(concat(a, b, member()))), "first second" + "hello, kafka");
  });

  it("ignores trailing bytes that do not start a member", () => {
    assert.deepEqual(gunzip(concat(member(), fromHex("00000000"))), HELLO);
    assert.deepEqual(gunzip(concat(member(), fromHex("1f"))), HELLO);
  });

  it("throws TRUNCATED when a second member's header is complete but its data is cut", () => {
    const second = member();
    assertWireError(() => gunzip(concat(member(), second.subarray(0, 14))), "TRUNCATED");
  });

  it("does not let a back-reference reach into the previous member", () => {
    // Second member: fixed block holding a match of length 3 at distance 1, with no literal first.
    const bad = concat(fromHex("1f8b08000000000000ff"), fromHex("0302000000000000000000"));
    assertWireError(() => gunzip(concat(member(), bad)), "CORRUPT_DATA");
  });
});

describe("gzip and gunzip interop with zlib", () => {
  const corpora = [
    { name: "1 MiB JSON log text", data: textCorpus(1 << 20) },
    { name: "1000 Kafka records", data: recordsCorpus() },
    { name: "empty", data: new Uint8Array(0) },
  ];
  for (const { name, data } of corpora) {
    for (const level of [1, 6, 9]) {
      it(`gunzip decodes zlib gzipSync level ${level} of ${name}`, () => {
        assert.deepEqual(gunzip(new Uint8Array(zlib.gzipSync(data, { level }))), data);
      });
      it(`zlib gunzipSync decodes our gzip level ${level} of ${name}`, () => {
        assert.deepEqual(new Uint8Array(zlib.gunzipSync(gzip(data, { level }))), data);
      });
    }
  }

  it("writes a header zlib accepts: magic, deflate, no flags, XFL by level, OS unknown", () => {
    assert.equal(toHex(gzip(HELLO, { level: 6 }).subarray(0, 10)), "1f8b08000000000000ff");
    assert.equal(toHex(gzip(HELLO, { level: 9 }).subarray(8, 10)), "02ff");
    assert.equal(toHex(gzip(HELLO, { level: 1 }).subarray(8, 10)), "04ff");
  });

  it("round-trips arbitrary bytes in both directions (property)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ size: "large" }), fc.integer({ min: -1, max: 9 }), (data, level) => {
        assert.deepEqual(gunzip(gzip(data, { level })), data);
        assert.deepEqual(new Uint8Array(zlib.gunzipSync(gzip(data, { level }))), data);
        assert.deepEqual(gunzip(new Uint8Array(zlib.gzipSync(data, { level: Math.max(0, level) }))), data);
      }),
      { numRuns: 150 },
    );
  });
});

describe("gunzip output cap", () => {
  it("throws LIMIT_EXCEEDED for a ~1 KiB member that expands past a 64 KiB cap", () => {
    const bomb = gzip(new Uint8Array(1 << 20), { level: 9 });
    assert.ok(bomb.length <= 1100, `bomb is ${bomb.length} bytes`);
    assertWireError(() => gunzip(bomb, { maxOutputBytes: 64 * 1024 }), "LIMIT_EXCEEDED");
  });

  it("throws LIMIT_EXCEEDED at the default cap for a member expanding to 65 MiB", () => {
    const bomb = new Uint8Array(
      zlib.gzipSync(new Uint8Array(DEFAULT_MAX_DECOMPRESSED_BYTES + (1 << 20)), { level: 1 }),
    );
    assertWireError(() => gunzip(bomb), "LIMIT_EXCEEDED");
  });

  it("ignores a lying ISIZE when sizing the first allocation", () => {
    const m = member();
    m.set(le32(0xffffffff), m.length - 4);
    assertWireError(() => gunzip(m), "CHECKSUM_MISMATCH");
  });

  it("counts every member against the cap", () => {
    const one = gzip(new Uint8Array(40_000));
    assert.equal(gunzip(concat(one, one), { maxOutputBytes: 80_000 }).length, 80_000);
    assertWireError(() => gunzip(concat(one, one, one), { maxOutputBytes: 80_000 }), "LIMIT_EXCEEDED");
  });
});

describe("gunzip on hostile input", () => {
  it("returns bytes or throws WireError for arbitrary input (property)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ size: "large" }), fc.boolean(), (data, withMagic) => {
        const input = withMagic ? concat(fromHex("1f8b0800"), data) : data;
        try {
          gunzip(input, { maxOutputBytes: 1 << 20 });
        } catch (e) {
          if (!isWireError(e)) throw e;
        }
      }),
      { numRuns: 1500 },
    );
  });

  it("returns bytes or throws WireError for a member with corrupted bytes (property)", () => {
    const original = textCorpus(3000);
    const valid = gzip(original);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: valid.length - 1 }), fc.integer({ min: 1, max: 255 })), {
          size: "small",
          minLength: 1,
        }),
        (flips) => {
          const bad = valid.slice();
          for (const [i, x] of flips) bad[i] ^= x;
          try {
            // Whatever survives the CRC-32 and ISIZE checks (flips in MTIME, XFL, OS or FTEXT)
            // must decode to the original bytes.
            assert.deepEqual(gunzip(bad), original);
          } catch (e) {
            if (!isWireError(e)) throw e;
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe("gzipCodec", () => {
  it("is Kafka compression type 1 named gzip", () => {
    assert.equal(gzipCodec.id, 1);
    assert.equal(gzipCodec.name, "gzip");
  });

  it("round-trips through the codec interface with a level", () => {
    const data = recordsCorpus(200, 100);
    assert.deepEqual(
      gzipCodec.decompress(gzipCodec.compress(data, { level: 3 }), { maxOutputBytes: data.length }),
      data,
    );
  });
});
