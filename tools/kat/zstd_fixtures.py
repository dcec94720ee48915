"""Regenerates the zstd fixtures in src/kafka/compression/testdata/zstd/ with the reference
implementation (the `zstd` CLI), and the XXH64 known answers in zstd_xxh64_test.ts.

    apt-get install -y zstd        # Debian's zstd CLI (the reference implementation)
    pip install xxhash==3.6.0      # XXH64 known answers (wraps libxxhash)
    python3 tools/kat/zstd_fixtures.py

What it writes:
  * `<name>.zst` — frames made by the reference CLI from deterministic inputs (levels 1, 3, 19,
    --ultra -22, --long, with/without checksum, with/without content size, multi-frame,
    skippable frames, empty, RLE-friendly, random);
  * `ours_<name>.zst` — frames made by streamwire's own encoder (tools/kat/zstd_encode.ts),
    each checked here by decoding it with the reference CLI;
  * `manifest.json` — for every file: the length and SHA-256 of the content it must decode to
    (for `ours_*` files, of what the reference decoded). Originals are not committed: the tests
    compare SHA-256, and recover inputs by decoding the reference fixtures.
"""
import sys as _sys  # noqa: E402

# Checked before the third-party imports, so --help works without them.
if _sys.argv[1:] in (["-h"], ["--help"]):
    print(__doc__)
    _sys.exit(0)
if _sys.argv[1:]:
    print(f"error: unexpected argument {_sys.argv[1]} (see --help)", file=_sys.stderr)
    _sys.exit(2)


import hashlib
import json
import os
import random
import shutil
import struct
import subprocess
import sys

import xxhash

sys.path.insert(0, os.path.dirname(__file__))
from _patterns import pattern, rewrite_block  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "src/kafka/compression/testdata/zstd")
ZSTD = shutil.which("zstd")
if ZSTD is None:
    sys.exit("zstd CLI not found: apt-get install -y zstd")


def zstd(data: bytes, *args: str) -> bytes:
    return subprocess.run([ZSTD, "-q", "-c", *args], input=data, check=True, capture_output=True).stdout


def zstd_file(data: bytes, *args: str) -> bytes:
    """Compresses from a file, so the CLI knows the size and writes the content size field."""
    tmp = os.path.join("/tmp", "zstd_fixture_input.bin")
    with open(tmp, "wb") as f:
        f.write(data)
    try:
        return subprocess.run([ZSTD, "-q", "-c", *args, tmp], check=True, capture_output=True).stdout
    finally:
        os.remove(tmp)


def unzstd(data: bytes) -> bytes:
    return subprocess.run([ZSTD, "-q", "-d", "-c"], input=data, check=True, capture_output=True).stdout


WORDS = (
    "the of and to in is you that it he was for on are as with his they at be this have from or one had by "
    "word but not what all were we when your can said there use an each which she do how their if will up "
    "other about out many then them these so some her would make like him into time has look two more "
    "write go see number no way could people my than first water been call who oil its now find long down "
    "day did get come made may part broker partition offset leader replica consumer producer topic record"
).split()


def text_input(seed: int, size: int) -> bytes:
    """Pseudo-English with recurring phrases (so it compresses like prose, about 3-4x)."""
    r = random.Random(seed)
    phrases = [" ".join(r.choice(WORDS) for _ in range(r.randint(2, 6))) for _ in range(300)]
    out = []
    n = 0
    while n < size:
        s = r.choice(phrases) if r.random() < 0.6 else r.choice(WORDS)
        if r.random() < 0.1:
            s = s.capitalize()
        if r.random() < 0.04:
            s += " " + str(r.randint(0, 99999))
        s += ".\n" if r.random() < 0.07 else " "
        out.append(s)
        n += len(s)
    return "".join(out).encode()[:size]


def log_input(seed: int, lines: int) -> bytes:
    """JSON log lines, the kind of payload Kafka batches carry (compresses about 8-10x)."""
    r = random.Random(seed)
    levels = ["INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR"]
    services = ["orders", "payments", "inventory", "shipping", "auth"]
    msgs = ["request completed", "cache miss", "retrying after timeout", "user logged in", "order created",
            "payment authorized", "stock reserved", "connection reset by peer"]
    t = 1_700_000_000_000
    out = []
    for i in range(lines):
        t += r.randint(0, 50)
        out.append(
            '{"ts":%d,"level":"%s","service":"%s","msg":"%s","requestId":"req-%06x","latencyMs":%d,"partition":%d}\n'
            % (t, r.choice(levels), r.choice(services), r.choice(msgs), r.getrandbits(20), r.randint(0, 900), r.randint(0, 11))
        )
    return "".join(out).encode()


def skippable(magic_low: int, payload: bytes) -> bytes:
    return struct.pack("<II", 0x184D2A50 | magic_low, len(payload)) + payload


def main() -> None:
    os.makedirs(OUT, exist_ok=True)
    for f in os.listdir(OUT):
        os.remove(os.path.join(OUT, f))
    text = text_input(1, 32 * 1024)
    logs = log_input(2, 1700)  # about 220 KiB: two 128 KiB blocks
    rng = random.Random(3)
    rand = bytes(rng.getrandbits(8) for _ in range(12 * 1024))
    rle = b"a" * 200_000 + b"b" * 70_000 + b"ab" * 5000
    small = b"hello, zstd"
    binary = bytes(pattern("seq", 3000)) + bytes(2000) + bytes(pattern("seq", 3000))
    dna = bytes(rng.choice(b"ACGT") for _ in range(8000))  # 4 equiprobable symbols: 2-bit Huffman codes
    # A 1 KiB random block, then pieces of it joined by "z": with a 1 KiB window this gives a
    # frame with a window descriptor *and* a content size, and repeated offset tables.
    piece = bytes(rng.getrandbits(8) for _ in range(1024))
    parts = [piece]
    while sum(map(len, parts)) < 6000:
        s = rng.randint(0, 900)
        parts.append(b"z" + piece[s:s + rng.randint(20, 100)])
    pieces = b"".join(parts)

    fixtures: dict[str, tuple[bytes, str]] = {}

    def add(name: str, frame: bytes, content: bytes, note: str) -> None:
        assert unzstd(frame) == content, name  # the reference agrees with what we record
        fixtures[name] = (frame, note)
        sizes[name] = content

    sizes: dict[str, bytes] = {}
    add("text_l1.zst", zstd_file(text, "-1"), text, "zstd -1")
    add("text_l3.zst", zstd_file(text, "-3"), text, "zstd -3")
    add("text_l19.zst", zstd_file(text, "-19"), text, "zstd -19")
    add("text_l22_ultra.zst", zstd_file(text, "--ultra", "-22"), text, "zstd --ultra -22")
    add("text_l3_nocheck.zst", zstd_file(text, "-3", "--no-check"), text, "zstd -3 --no-check")
    add("text_l3_nosize.zst", zstd(text, "-3"), text, "zstd -3 from a pipe: no content size")
    add("text_l3_nosize_flag.zst", zstd_file(text, "-3", "--no-content-size"), text, "zstd -3 --no-content-size")
    add("logs_l1.zst", zstd_file(logs, "-1"), logs, "zstd -1, multi-block")
    add("logs_l3.zst", zstd_file(logs, "-3"), logs, "zstd -3, multi-block")
    add("logs_l19_long.zst", zstd_file(logs, "-19", "--long=27"), logs, "zstd -19 --long=27")
    add("logs_l19_nocheck_nosize.zst", zstd(logs, "-19", "--no-check"), logs, "zstd -19 from a pipe, no checksum")
    add("logs_fast.zst", zstd_file(logs[:40000], "--fast=5"), logs[:40000], "zstd --fast=5 (negative level)")
    multi = zstd_file(text[:1000], "-3") + zstd(small, "-1") + zstd_file(b"", "-3")
    add("multi_frame.zst", multi, text[:1000] + small, "three frames back to back (one empty)")
    skip = skippable(0, b"metadata") + zstd_file(small, "-3") + skippable(0xF, b"") + skippable(5, bytes(100))
    add("skippable.zst", skip, small, "skippable frames around a zstd frame")
    add("only_skippable.zst", skippable(1, b"nothing to see"), b"", "a skippable frame alone")
    add("empty.zst", zstd_file(b"", "-3"), b"", "empty input, with checksum")
    add("empty_nocheck.zst", zstd_file(b"", "-3", "--no-check"), b"", "empty input, no checksum")
    add("empty_stream.zst", zstd(b"", "-3"), b"", "empty input from a pipe")
    add("rle_l3.zst", zstd_file(rle, "-3"), rle, "RLE-friendly input")
    add("rle_l19.zst", zstd_file(rle, "-19"), rle, "RLE-friendly input, -19")
    add("random_l3.zst", zstd_file(rand, "-3"), rand, "random (incompressible) input: raw blocks")
    add("small_l3.zst", zstd_file(small, "-3"), small, "11 bytes")
    add("binary_l3.zst", zstd_file(binary, "-3"), binary, "binary pattern with zeros")
    add("binary_l19.zst", zstd_file(binary, "-19"), binary, "binary pattern with zeros, -19")
    add("one_byte.zst", zstd_file(b"x", "-3"), b"x", "one byte")
    add("dna_l3.zst", zstd_file(dna, "-3"), dna, "ACGT: single-stream Huffman literals")
    add("pieces_wlog10_l19.zst", zstd_file(pieces, "--zstd=wlog=10", "-19"), pieces,
        "1 KiB window: window descriptor plus content size, repeat-mode offsets")
    add("text_600_l19.zst", zstd_file(text[:600], "-19"), text[:600], "600 bytes, -19")

    for name, (frame, _) in fixtures.items():
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(frame)

    # Our own encoder, checked with the reference decoder.
    inputs = {"text": text, "logs": logs, "rand": rand, "rle": rle, "binary": binary, "small": small, "empty": b"",
              "dna": dna, "pieces": pieces}
    ours = []
    enc = [("text", 3), ("text", 1), ("logs", 3), ("logs", 9), ("rand", 3), ("rle", 3), ("binary", 3), ("small", 3),
           ("empty", 3), ("dna", 3), ("pieces", 19)]
    for name, level in enc:
        out_name = f"ours_{name}_l{level}.zst"
        out_path = os.path.join(OUT, out_name)
        src_path = os.path.join("/tmp", f"zstd_fixture_{name}.bin")
        with open(src_path, "wb") as f:
            f.write(inputs[name])
        subprocess.run(
            ["npx", "--yes", "deno", "run", "--allow-read", "--allow-write", os.path.join(ROOT, "tools/kat/zstd_encode.ts"),
             str(level), src_path, out_path],
            check=True, cwd=ROOT,
        )
        os.remove(src_path)
        with open(out_path, "rb") as f:
            frame = f.read()
        decoded = unzstd(frame)
        assert decoded == inputs[name], f"reference zstd decodes {out_name} to something else"
        ours.append({
            "file": out_name,
            "input": name,
            "level": level,
            "compressedSize": len(frame),
            "referenceZstd3Size": len(zstd_file(inputs[name], "-3")),
            "size": len(decoded),
            "sha256": hashlib.sha256(decoded).hexdigest(),
            "note": "streamwire zstdCompress; the reference CLI decoded it to this content",
        })

    version = subprocess.run([ZSTD, "--version"], check=True, capture_output=True, text=True).stdout.strip()
    manifest = {
        "generator": "tools/kat/zstd_fixtures.py",
        "reference": version,
        "fixtures": [
            {"file": n, "size": len(sizes[n]), "sha256": hashlib.sha256(sizes[n]).hexdigest(), "note": note,
             # which reference fixture holds each of our encoder's inputs
             **({"input": next((k for k, v in inputs.items() if v == sizes[n]), None)} if sizes[n] in inputs.values() else {})}
            for n, (_, note) in fixtures.items()
        ],
        "ours": ours,
    }
    with open(os.path.join(OUT, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")

    # XXH64 known answers (seed 0 and a 64-bit seed) for zstd_xxh64_test.ts.
    seed = 0x9E3779B97F4A7C15
    lengths = [0, 1, 3, 4, 7, 8, 9, 15, 16, 31, 32, 33, 63, 64, 65, 100, 255, 256, 1000, 4096, 100000]
    rows = [f'[{n}, "{p}", "{xxhash.xxh64_hexdigest(pattern(p, n))}", "{xxhash.xxh64_hexdigest(pattern(p, n), seed)}"],'
            for p in ["seq", "ff"] for n in lengths]
    header = f"// xxhash (PyPI) {xxhash.VERSION}, libxxhash {xxhash.XXHASH_VERSION}; seed column: 0x9e3779b97f4a7c15"
    rewrite_block(os.path.join(ROOT, "src/kafka/compression/zstd_xxh64_test.ts"), "// BEGIN KAT", "// END KAT",
                  [header] + rows)
    total = sum(os.path.getsize(os.path.join(OUT, f)) for f in os.listdir(OUT))
    print(f"{len(fixtures)} reference fixtures, {len(ours)} of ours, {total} bytes in {OUT}")


if __name__ == "__main__":
    main()
