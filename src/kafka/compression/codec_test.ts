import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  buildCodecRegistry,
  COMPRESSION_TYPE,
  type CompressionCodec,
  DEFAULT_MAX_DECOMPRESSED_BYTES,
  resolveMaxOutputBytes,
} from "./codec.ts";
import { BUILT_IN_CODECS, createCodecRegistry } from "./registry.ts";
import { textCorpus } from "../../testdata/corpus.ts";
import { assertWireError } from "../../testdata/wire_assert_test.ts";

const fake = (id: number, name = "fake"): CompressionCodec => ({
  id,
  name,
  compress: (d) => d.slice().reverse(),
  decompress: (d) => d.slice().reverse(),
});

describe("resolveMaxOutputBytes", () => {
  const cases: { given: number | undefined; want: number | string }[] = [
    { given: undefined, want: DEFAULT_MAX_DECOMPRESSED_BYTES },
    { given: 0, want: 0 },
    { given: 1024, want: 1024 },
    { given: -1, want: "INVALID_VALUE" },
    { given: 1.5, want: "INVALID_VALUE" },
    { given: Number.NaN, want: "INVALID_VALUE" },
    { given: Number.POSITIVE_INFINITY, want: "INVALID_VALUE" },
  ];
  for (const { given, want } of cases) {
    it(`maps maxOutputBytes ${given} to ${want}`, () => {
      if (typeof want === "string") {
        assertWireError(() => resolveMaxOutputBytes({ maxOutputBytes: given }), want);
      } else assert.equal(resolveMaxOutputBytes({ maxOutputBytes: given }), want);
    });
  }

  it("defaults to 64 MiB", () => assert.equal(DEFAULT_MAX_DECOMPRESSED_BYTES, 64 * 1024 * 1024));
});

describe("createCodecRegistry", () => {
  it("holds the four built-in codecs under Kafka's ids", () => {
    const r = createCodecRegistry();
    for (const [name, id] of Object.entries(COMPRESSION_TYPE)) {
      if (id === 0) {
        assert.equal(r.has(0), false);
        continue;
      }
      assert.equal(r.get(id).name, name);
      assert.equal(r.get(id).id, id);
    }
    assert.equal(BUILT_IN_CODECS.length, 4);
  });

  it("round-trips text through every built-in codec with and without a level", () => {
    const data = textCorpus(100_000);
    for (const codec of BUILT_IN_CODECS) {
      assert.deepEqual(codec.decompress(codec.compress(data)), data, codec.name);
      assert.deepEqual(
        codec.decompress(codec.compress(data, { level: 1 }), { maxOutputBytes: data.length }),
        data,
        codec.name,
      );
      assertWireError(
        () => codec.decompress(codec.compress(data), { maxOutputBytes: data.length - 1 }),
        "LIMIT_EXCEEDED",
      );
    }
  });

  it("replaces a codec by id without touching other registries", () => {
    const mine = fake(2, "snappy-native");
    const custom = createCodecRegistry([mine]);
    assert.equal(custom.get(2), mine);
    assert.equal(custom.get(1).name, "gzip");
    assert.equal(createCodecRegistry().get(2).name, "snappy");
  });

  it("throws UNKNOWN_DISCRIMINANT for ids without a codec (0, 5-7)", () => {
    const r = createCodecRegistry();
    for (const id of [0, 5, 6, 7, 42]) assertWireError(() => r.get(id), "UNKNOWN_DISCRIMINANT");
  });

  it("is frozen", () => {
    const r = createCodecRegistry();
    assert.ok(Object.isFrozen(r));
    assert.ok(Object.isFrozen(r.byId));
    assert.throws(() => {
      (r.byId as Record<number, CompressionCodec>)[5] = fake(5);
    });
  });
});

describe("buildCodecRegistry", () => {
  it("lets later codecs win and accepts ids 1..7", () => {
    const r = buildCodecRegistry([fake(1, "a"), fake(7, "x")], [fake(1, "b")]);
    assert.equal(r.get(1).name, "b");
    assert.equal(r.get(7).name, "x");
    assert.equal(r.has(2), false);
  });

  it("throws INVALID_VALUE for a codec id outside 1..7", () => {
    for (const id of [0, 8, -1, 1.5]) assertWireError(() => buildCodecRegistry([fake(id)]), "INVALID_VALUE");
  });
});
