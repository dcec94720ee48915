#!/usr/bin/env python3
"""Known-answer fixtures for streamwire's snappy and LZ4 codecs, made by reference implementations.

  generate   writes src/kafka/compression/testdata/kat_fixtures.ts from
             - python-snappy (PyPI, the C++ libsnappy binding): raw snappy blocks
             - lz4 (PyPI, the liblz4 binding): LZ4 frames with every frame option
             - Kafka's Java client (kafka-clients 3.9.1 + snappy-java 1.1.10.7 + lz4-java 1.8.0 from
               Maven Central, via tools/kat/KafkaCodecKat.java): xerial snappy and LZ4 for message
               format v2 and v0 (the broken header checksum)
  verify     compresses the same inputs with streamwire (deno) and has every reference decode them

Setup (once):
  python3 -m venv "$VENV" && "$VENV"/bin/pip install python-snappy lz4 xxhash
  mvn dependency:get -Dartifact=org.apache.kafka:kafka-clients:3.9.1
  mvn dependency:get -Dartifact=org.xerial.snappy:snappy-java:1.1.10.7
Run: "$VENV"/bin/python tools/kat/compression_kat.py generate|verify   (from the repo root)

Inputs come from a tiny LCG that tools/kat and the tests both implement (kat_input.ts), so only
compressed bytes are stored; each fixture records the CRC-32 of its input to prove the twins agree.
"""
import sys as _sys  # noqa: E402

# Checked before the third-party imports, so --help works without them.
if _sys.argv[1:] in (["-h"], ["--help"]):
    print(__doc__)
    _sys.exit(0)
if _sys.argv[1:] not in (["generate"], ["verify"]):
    print(f"error: expected generate or verify, not {' '.join(_sys.argv[1:]) or 'nothing'} (see --help)",
          file=_sys.stderr)
    _sys.exit(2)

import json
import os
import subprocess
import sys
import tempfile
import zlib

import lz4.frame
import lz4.block
import snappy
import xxhash

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "src/kafka/compression/testdata/kat_fixtures.ts")
M2 = os.path.expanduser("~/.m2/repository")
CLASSPATH = ":".join(os.path.join(M2, p) for p in [
    "org/apache/kafka/kafka-clients/3.9.1/kafka-clients-3.9.1.jar",
    "org/xerial/snappy/snappy-java/1.1.10.7/snappy-java-1.1.10.7.jar",
    "org/lz4/lz4-java/1.8.0/lz4-java-1.8.0.jar",
    "org/slf4j/slf4j-api/1.7.36/slf4j-api-1.7.36.jar",
])

WORDS = ["kafka", "record", "batch", "offset", "topic", "partition", "producer", "consumer", "the", "a",
         "of", "and", "value", "key", "header", "gzip", "snappy", "lz4", "zstd", "\n"]
LINES = [
    '{"level":"INFO","service":"checkout","msg":"order placed","items":3}\n',
    '{"level":"INFO","service":"payments","msg":"payment captured","amount":12.5}\n',
    '{"level":"WARN","service":"inventory","msg":"stock low","sku":"A-1001"}\n',
    '{"level":"ERROR","service":"shipping","msg":"carrier timeout","retry":true}\n',
    '{"level":"DEBUG","service":"auth","msg":"token refreshed","ttl":3600}\n',
    '{"level":"INFO","service":"search","msg":"query served","hits":42}\n',
    '{"level":"INFO","service":"catalog","msg":"product updated","id":77}\n',
    '{"level":"WARN","service":"billing","msg":"invoice overdue","days":5}\n',
]


def kat_input(kind, size, seed=1):
    """Twin of kat_input.ts: same LCG (glibc constants, 31 bits), same output."""
    x = seed
    out = bytearray()
    if kind == "zeros":
        return bytes(size)
    while len(out) < size:
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        if kind == "random":
            out.append((x >> 16) & 0xFF)
        elif kind == "text":
            w = WORDS[(x >> 16) % len(WORDS)]
            out += (w if w == "\n" else w + " ").encode()
        elif kind == "lines":
            out += LINES[(x >> 16) % len(LINES)].encode()
        else:
            raise ValueError(kind)
    return bytes(out[:size])


INPUTS = {
    "empty": ("text", 0),
    "one": ("text", 1),
    "text100": ("text", 100),
    "text5k": ("text", 5000),
    "lines70k": ("lines", 70000),
    "random1k": ("random", 1000),
    "zeros100k": ("zeros", 100000),
}


def java(*args):
    jdir = os.path.join(tempfile.gettempdir(), "katjava")
    os.makedirs(jdir, exist_ok=True)
    src = os.path.join(ROOT, "tools/kat/KafkaCodecKat.java")
    subprocess.run(["javac", "-cp", CLASSPATH, "-d", jdir, src], check=True)
    subprocess.run(["java", "-cp", jdir + ":" + CLASSPATH, "KafkaCodecKat", *args], check=True,
                   stderr=subprocess.DEVNULL)


def generate():
    fixtures = []

    def add(name, codec, producer, input_name, data, options=None):
        kind, size = INPUTS[input_name]
        raw = kat_input(kind, size)
        fixtures.append({
            "name": name, "codec": codec, "producer": producer,
            "input": {"kind": kind, "size": size, "crc32": zlib.crc32(raw)},
            "options": options or {}, "hex": data.hex(),
        })

    # snappy raw blocks (librdkafka / franz-go framing) from libsnappy.
    for inp in ["empty", "one", "text100", "text5k", "lines70k", "random1k", "zeros100k"]:
        kind, size = INPUTS[inp]
        add(f"snappy raw {inp}", "snappy", "python-snappy 0.7.3 snappy.compress", inp, snappy.compress(kat_input(kind, size)))

    # LZ4 frames from liblz4 with each frame feature.
    variants = [
        ("default (linked blocks)", {}),
        ("independent blocks", {"block_linked": False}),
        ("content checksum", {"block_linked": False, "content_checksum": True}),
        ("block checksum", {"block_linked": False, "block_checksum": True}),
        ("content size", {"block_linked": False, "store_size": True}),
        ("4 MiB blocks", {"block_size": lz4.frame.BLOCKSIZE_MAX4MB, "block_linked": False}),
        ("HC level 9", {"compression_level": 9, "block_linked": False}),
        ("uncompressed blocks", {"block_linked": False, "compression_level": -1}),
    ]
    for label, kw in variants:
        for inp in ["lines70k"] if label in ("default (linked blocks)", "independent blocks", "4 MiB blocks") else ["text5k"]:
            kind, size = INPUTS[inp]
            kw2 = dict(kw)
            if kw2.get("compression_level") == -1:
                # liblz4 has no "store" level; an incompressible input makes it store blocks.
                inp = "random1k"
                kind, size = INPUTS[inp]
                kw2.pop("compression_level")
            data = lz4.frame.compress(kat_input(kind, size), **kw2)
            add(f"lz4 frame {label} {inp}", "lz4", f"python lz4 {lz4.VERSION} lz4.frame.compress {kw2}", inp, data)
    for inp in ["empty", "one", "zeros100k"]:
        kind, size = INPUTS[inp]
        add(f"lz4 frame {inp}", "lz4", f"python lz4 {lz4.VERSION} lz4.frame.compress", inp, lz4.frame.compress(kat_input(kind, size)))

    # Kafka's Java client: xerial snappy and LZ4 for message format v2 and v0.
    with tempfile.TemporaryDirectory() as d:
        for inp in ["empty", "text100", "text5k", "lines70k", "zeros100k"]:
            kind, size = INPUTS[inp]
            path = os.path.join(d, inp)
            with open(path + ".in", "wb") as f:
                f.write(kat_input(kind, size))
            java("encode", path + ".in", path)
            prod = "kafka-clients 3.9.1 Compression.{}().build().wrapForOutput(magic {})"
            add(f"snappy xerial {inp} (Kafka Java)", "snappy", prod.format("snappy", 2) + ", snappy-java 1.1.10.7",
                inp, open(path + ".snappy-xerial.bin", "rb").read())
            add(f"lz4 frame {inp} (Kafka Java, magic 2)", "lz4", prod.format("lz4", 2) + ", lz4-java 1.8.0", inp,
                open(path + ".lz4-m2.bin", "rb").read())
            add(f"lz4 frame {inp} (Kafka Java, magic 0, broken header checksum)", "lz4",
                prod.format("lz4", 0) + ", lz4-java 1.8.0", inp, open(path + ".lz4-m0.bin", "rb").read(),
                {"legacyHeaderChecksum": True})

    xxh = []
    for n in [0, 1, 3, 4, 15, 16, 17, 31, 32, 100, 1000]:
        data = kat_input("text", n, seed=n + 3)
        for seed in [0, 1, 0x9E3779B1]:
            xxh.append({"kind": "text", "size": n, "inputSeed": n + 3, "seed": seed,
                        "xxh32": xxhash.xxh32_intdigest(data, seed=seed)})

    lines = [
        "// Code generated by tools/kat/compression_kat.py from python-snappy, python lz4 and kafka-clients. DO NOT EDIT.",
        "// Each fixture names the library and version that produced it.",
        "",
        "/** One compressed known answer; the input is `katInput(input.kind, input.size)`. */",
        "export interface KatFixture {",
        "  name: string;",
        "  codec: \"snappy\" | \"lz4\";",
        "  producer: string;",
        "  input: { kind: \"text\" | \"lines\" | \"random\" | \"zeros\"; size: number; crc32: number };",
        "  options: { legacyHeaderChecksum?: boolean };",
        "  hex: string;",
        "}",
        "",
        "/** XXH32 known answers from the python xxhash package (libxxhash). */",
        "export interface Xxh32Answer {",
        "  kind: \"text\";",
        "  size: number;",
        "  inputSeed: number;",
        "  seed: number;",
        "  xxh32: number;",
        "}",
        "",
        "/** Fixtures made by reference implementations. */",
        "export const KAT_FIXTURES: readonly KatFixture[] = " + json.dumps(fixtures, indent=2) + ";",
        "",
        "/** XXH32 answers. */",
        "export const XXH32_ANSWERS: readonly Xxh32Answer[] = " + json.dumps(xxh, indent=2) + ";",
        "",
    ]
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        f.write("\n".join(lines))
    total = sum(len(x["hex"]) // 2 for x in fixtures)
    print(f"{len(fixtures)} fixtures, {total} compressed bytes, {os.path.getsize(OUT)} bytes written to {OUT}")


def verify():
    """Compress every input with streamwire and decode it with each reference."""
    failures = 0
    checks = 0
    with tempfile.TemporaryDirectory() as d:
        for inp, (kind, size) in INPUTS.items():
            with open(os.path.join(d, inp + ".in"), "wb") as f:
                f.write(kat_input(kind, size))
        subprocess.run(["npx", "--yes", "deno", "run", "--allow-read", "--allow-write", "--allow-env",
                        os.path.join(ROOT, "tools/kat/compression_encode.ts"), d], check=True, cwd=ROOT)
        for inp, (kind, size) in INPUTS.items():
            want = kat_input(kind, size)
            base = os.path.join(d, inp)

            def check(label, got):
                nonlocal failures, checks
                checks += 1
                ok = got == want
                failures += 0 if ok else 1
                print(f"{'ok  ' if ok else 'FAIL'} {inp:10} {label}")

            check("libsnappy decodes our raw snappy", snappy.decompress(open(base + ".snappy-raw.bin", "rb").read()))
            for lvl in ["1", "9"]:
                check(f"liblz4 decodes our lz4 frame (level {lvl})", lz4.frame.decompress(open(base + f".lz4-l{lvl}.bin", "rb").read()))
            check("liblz4 decodes our lz4 frame with content checksum",
                  lz4.frame.decompress(open(base + ".lz4-cc.bin", "rb").read()))
            for codec, magic, suffix in [("snappy", "2", "snappy-xerial"), ("lz4", "2", "lz4-l1"), ("lz4", "2", "lz4-l9"),
                                         ("lz4", "0", "lz4-legacy"), ("gzip", "2", "gzip")]:
                java("decode", codec, magic, base + f".{suffix}.bin", base + f".{suffix}.java")
                check(f"Kafka Java ({codec}, magic {magic}) decodes our {suffix}", open(base + f".{suffix}.java", "rb").read())
    print(f"{checks - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["generate"]:
        generate()
    elif sys.argv[1:] == ["verify"]:
        sys.exit(verify())
    else:
        print(__doc__)
        sys.exit(2)
