#!/usr/bin/env python3
"""A small reference runner of the streamwire conformance vectors (wirevec v1), in Python 3 with
the standard library only. It shows what a runner in another language needs, from the vectors'
README alone:

- the manifest: every file's sha256 and test count, every .bin file's length and sha256;
- the result semantics (README "Semantics"), matching rejections by the exact error code, with
  the decoder options of each test in force;
- a decoder for the Kafka record data (kafka/record_batch.json, kafka/message_set.json): v2
  batches and legacy message sets, read by the rules of README "Kafka records", with gzip from
  zlib. Its codes are those rules', so running it checks them on every record-data vector it
  can decode.

It decodes only (the encode half of a round trip is not run) and skips what it has no codec for:
the other messages, and batches compressed with snappy, lz4 or zstd (not in Python's standard
library). Every skip is counted and named. Ends with `N passed, N failed, N skipped`; exits 1 on
a failure.

    python3 wirevec.py [--vectors DIR] [--verbose]

DIR defaults to the release this file ships in (`runners/python/` of it) or, in the repository
(`conformance/python/`), to `vectors/`.
"""

import argparse
import hashlib
import json
import os
import struct
import sys
import zlib

# --- errors -----------------------------------------------------------------------------------


class WireError(Exception):
    """A rejection, with its wirevec error code."""

    def __init__(self, code, detail=""):
        super().__init__(f"{code}: {detail}")
        self.code = code


class NoCodec(Exception):
    """The runner cannot judge this test (a codec outside the standard library)."""


# --- checksums --------------------------------------------------------------------------------


def _crc32c_table():
    table = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        table.append(c)
    return table


_CRC32C = _crc32c_table()


def crc32c(data):
    c = 0xFFFFFFFF
    t = _CRC32C
    for b in data:
        c = t[(c ^ b) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


# --- Kafka record data (README "Kafka records") ------------------------------------------------

COMPRESSION = ["none", "gzip", "snappy", "lz4", "zstd"]
TIMESTAMP_TYPES = ["CreateTime", "LogAppendTime"]
CONTROL_TYPES = ["ABORT", "COMMIT", "LEADER_CHANGE", "SNAPSHOT_HEADER", "SNAPSHOT_FOOTER",
                 "KRAFT_VERSION", "KRAFT_VOTERS"]
LOG_OVERHEAD = 12  # baseOffset (8) + batch length (4)
V2_HEADER = 61  # a v2 batch up to its first record
MIN_RECORD_V2 = 7  # the smallest v2 record: a length and six one-byte fields
LEGACY_MIN = (14, 22)  # smallest magic 0 / magic 1 message
DEFAULT_MAX_DECOMPRESSED = 64 << 20
NO_CAP = float("inf")


def i16(b, p):
    return struct.unpack_from(">h", b, p)[0]


def i32(b, p):
    return struct.unpack_from(">i", b, p)[0]


def u32(b, p):
    return struct.unpack_from(">I", b, p)[0]


def i64(b, p):
    return struct.unpack_from(">q", b, p)[0]


def hex_or_none(b):
    return None if b is None else b.hex()


def decompress(kind, data, cap):
    """The batch's decompressed bytes; over `cap` is LIMIT_EXCEEDED, unreadable CORRUPT_DATA."""
    if kind != 1:
        raise NoCodec(f"{COMPRESSION[kind]} is not in Python's standard library")
    d = zlib.decompressobj(16 + zlib.MAX_WBITS)
    limit = cap + 1 if cap != NO_CAP else 0
    try:
        out = d.decompress(bytes(data), limit)
    except zlib.error as e:
        raise WireError("CORRUPT_DATA", f"gzip: {e}")
    if len(out) > cap:
        raise WireError("LIMIT_EXCEEDED", f"more than maxDecompressedBytes {cap}")
    return out


class Varints:
    """Zigzag varints of a v2 record, each bounded by the end of what holds it."""

    def __init__(self, b):
        self.b = b
        self.p = 0

    def raw(self, lim, most):
        v = 0
        for i in range(most):
            if self.p >= lim:
                raise WireError("TRUNCATED", "a varint runs past the end of its record")
            c = self.b[self.p]
            self.p += 1
            v |= (c & 0x7F) << (7 * i)
            if c < 0x80:
                return v
        raise WireError("VARINT_TOO_LONG", f"a varint longer than {most} bytes")

    def varint(self, lim):
        v = self.raw(lim, 5) & 0xFFFFFFFF
        return (v >> 1) ^ -(v & 1)

    def varlong(self, lim):
        v = self.raw(lim, 10) & 0xFFFFFFFFFFFFFFFF
        return (v >> 1) ^ -(v & 1)


def v2_records(data, count, batch):
    """The records of a v2 batch, every field checked where it is read."""
    r = Varints(data)
    end = len(data)
    out = []
    for _ in range(count):
        start = r.p
        length = r.varint(end)
        if length < 0:
            raise WireError("NEGATIVE_LENGTH", f"record length {length}")
        if length > end - r.p:
            raise WireError("LENGTH_EXCEEDS_REMAINING", f"record length {length}")
        lim = r.p + length
        if r.p >= lim:
            raise WireError("TRUNCATED", "record ends before its attributes")
        r.p += 1  # attributes
        ts_delta = r.varlong(lim)
        offset_delta = r.varint(lim)
        fields = []
        for what in ("key", "value"):
            n = r.varint(lim)
            if n < 0:
                fields.append(None)
                continue
            if n > lim - r.p:
                raise WireError("LENGTH_EXCEEDS_REMAINING", f"{what} length {n}")
            fields.append(data[r.p:r.p + n])
            r.p += n
        headers = []
        n = r.varint(lim)
        if n < 0:
            raise WireError("NEGATIVE_LENGTH", f"header count {n}")
        if n * 2 > lim - r.p:  # each header takes two length bytes at least
            raise WireError("COUNT_EXCEEDS_REMAINING", f"{n} headers")
        for _ in range(n):
            kl = r.varint(lim)
            if kl < 0:
                raise WireError("NEGATIVE_LENGTH", "header key length (header keys are not nullable)")
            if kl > lim - r.p:
                raise WireError("LENGTH_EXCEEDS_REMAINING", f"header key length {kl}")
            key = bytes(data[r.p:r.p + kl]).decode("utf-8", "replace")
            r.p += kl
            vl = r.varint(lim)
            value = None
            if vl >= 0:
                if vl > lim - r.p:
                    raise WireError("LENGTH_EXCEEDS_REMAINING", f"header value length {vl}")
                value = data[r.p:r.p + vl]
                r.p += vl
            headers.append({"key": key, "value": hex_or_none(value)})
        if r.p != lim:
            raise WireError("CORRUPT_DATA", f"record length {length} but its fields take {r.p - start}")
        rec = {
            "offsetDelta": offset_delta,
            "timestampDelta": str(ts_delta),
            "offset": str(batch["base_offset"] + offset_delta),
            "timestamp": str(batch["max_timestamp"] if batch["log_append"]
                             else batch["base_timestamp"] + ts_delta),
            "key": hex_or_none(fields[0]),
            "value": hex_or_none(fields[1]),
            "headers": headers,
        }
        if batch["control"]:
            k = fields[0] or b""
            if len(k) < 4:
                raise WireError("TRUNCATED", "control record key")
            ctype = i16(k, 2)
            control = {"type": CONTROL_TYPES[ctype] if 0 <= ctype < len(CONTROL_TYPES) else "UNKNOWN",
                       "version": i16(k, 0)}
            if ctype in (0, 1):
                v = fields[1] or b""
                if len(v) < 6:
                    raise WireError("TRUNCATED", "control record value")
                control["coordinatorEpoch"] = i32(v, 2)
            rec["control"] = control
        out.append(rec)
    if r.p != end:
        raise WireError("TRAILING_BYTES", f"{end - r.p} bytes after the declared {count} records")
    return out


def v2_batch(b, opts):
    """Batch-level checks of a v2 batch (size, CRC-32C, compression, record count)."""
    if len(b) < V2_HEADER:
        raise WireError("CORRUPT_DATA", f"batch of {len(b)} bytes, below the 61-byte header")
    if u32(b, 17) != crc32c(b[21:]):
        raise WireError("CHECKSUM_MISMATCH", "CRC-32C")
    attributes = i16(b, 21)
    compression = attributes & 0x07
    if compression > 4:
        raise WireError("UNKNOWN_DISCRIMINANT", f"compression type {compression}")
    count = i32(b, 57)
    if count < 0:
        raise WireError("NEGATIVE_LENGTH", f"record count {count}")
    if count > opts["maxRecordsPerBatch"]:
        raise WireError("LIMIT_EXCEEDED", f"record count {count}")
    if compression == 0 and count * MIN_RECORD_V2 > len(b) - V2_HEADER:
        raise WireError("COUNT_EXCEEDS_REMAINING", f"{count} records")
    return {"bytes": b, "compression": compression, "attributes": attributes, "count": count}


def v2_value(h, opts):
    b = h["bytes"]
    a = h["attributes"]
    batch = {"base_offset": i64(b, 0), "base_timestamp": i64(b, 27), "max_timestamp": i64(b, 35),
             "log_append": bool(a & 0x08), "control": bool(a & 0x20)}
    data = b[V2_HEADER:]
    if h["compression"]:
        data = decompress(h["compression"], data, opts["maxDecompressedBytes"])
        if h["count"] * MIN_RECORD_V2 > len(data):
            raise WireError("COUNT_EXCEEDS_REMAINING", f"{h['count']} records")
    records = v2_records(data, h["count"], batch)
    return {
        "magic": 2,
        "baseOffset": str(batch["base_offset"]),
        "partitionLeaderEpoch": i32(b, 12),
        "attributes": {"compression": COMPRESSION[h["compression"]],
                       "timestampType": TIMESTAMP_TYPES[1 if a & 0x08 else 0],
                       "transactional": bool(a & 0x10), "control": bool(a & 0x20),
                       "deleteHorizon": bool(a & 0x40)},
        "lastOffsetDelta": i32(b, 23),
        "baseTimestamp": str(batch["base_timestamp"]),
        "maxTimestamp": str(batch["max_timestamp"]),
        "producerId": str(i64(b, 43)),
        "producerEpoch": i16(b, 51),
        "baseSequence": i32(b, 53),
        "records": records,
    }


def legacy_message(b, at, size, offset):
    """One magic 0/1 message at b[at:at+size] (after its offset and size): CRC-32, lengths."""
    if size < LEGACY_MIN[0]:
        raise WireError("CORRUPT_DATA", f"message size {size}")
    magic = b[at + 4]
    if magic > 1:
        raise WireError("CORRUPT_DATA", f"magic {magic} inside a message set")
    if size < LEGACY_MIN[magic]:
        raise WireError("CORRUPT_DATA", f"message size {size} below magic {magic}'s minimum")
    end = at + size
    if u32(b, at) != (zlib.crc32(bytes(b[at + 4:end])) & 0xFFFFFFFF):
        raise WireError("CHECKSUM_MISMATCH", "CRC-32")
    attributes = b[at + 5]
    compression = attributes & 0x07
    if compression > 3:
        raise WireError("UNKNOWN_DISCRIMINANT", f"compression type {compression} with magic {magic}")
    m = {"magic": magic, "offset": offset, "compression": compression, "timestamp": None,
         "log_append": bool(attributes & 0x08)}
    p = at + 6
    if magic == 1:
        m["timestamp"] = i64(b, at + 6)
        p = at + 14
    for what in ("key", "value"):
        n = i32(b, p)
        p += 4
        room = end - p - (4 if what == "key" else 0)  # the key leaves room for the value length
        if n < 0:
            m[what] = None
            continue
        if n > room:
            raise WireError("LENGTH_EXCEEDS_REMAINING", f"{what} length {n}")
        m[what] = b[p:p + n]
        p += n
    if p != end:
        raise WireError("CORRUPT_DATA", f"{end - p} bytes after the value inside the message")
    return m


def legacy_value(m, opts):
    attributes = {"compression": COMPRESSION[m["compression"]]}
    if m["magic"] == 1:
        attributes["timestampType"] = TIMESTAMP_TYPES[1 if m["log_append"] else 0]
    out = {"magic": m["magic"], "offset": str(m["offset"]), "attributes": attributes}
    if m["magic"] == 1:
        out["timestamp"] = str(m["timestamp"])
    out["key"] = hex_or_none(m["key"])
    out["value"] = hex_or_none(m["value"])
    if m["compression"] == 0:
        return out
    if m["value"] is None:
        raise WireError("CORRUPT_DATA", "compressed wrapper with a null value")
    data = decompress(m["compression"], m["value"], opts["maxDecompressedBytes"])
    inner = []
    p = 0
    while len(data) - p >= LOG_OVERHEAD:  # a partial inner message at the end is cut there
        size = i32(data, p + 8)
        if size < LEGACY_MIN[0]:
            raise WireError("CORRUPT_DATA", f"inner message size {size}")
        if size > len(data) - p - LOG_OVERHEAD:
            break
        if len(inner) >= opts["maxRecordsPerBatch"]:
            raise WireError("LIMIT_EXCEEDED", "inner messages")
        x = legacy_message(data, p + LOG_OVERHEAD, size, i64(data, p))
        if x["compression"]:
            raise WireError("CORRUPT_DATA", "an inner message is itself compressed")
        if x["magic"] == 1 and m["log_append"]:
            x["timestamp"] = m["timestamp"]
        inner.append(x)
        p += LOG_OVERHEAD + size
    if not inner:
        raise WireError("CORRUPT_DATA", "compressed wrapper without inner messages")
    if m["magic"] == 1 and m["offset"] != 0:  # relative inner offsets; wrapper = the last one's
        last = inner[-1]["offset"]
        if m["offset"] < last:
            raise WireError("CORRUPT_DATA", "wrapper offset below the last inner offset")
        for x in inner:
            x["offset"] += m["offset"] - last
    out["records"] = []
    for x in inner:
        r = {"offset": str(x["offset"])}
        if x["magic"] == 1:
            r["timestamp"] = str(x["timestamp"])
        r["key"] = hex_or_none(x["key"])
        r["value"] = hex_or_none(x["value"])
        out["records"].append(r)
    return out


def decode_records(b, opts):
    """A whole `records` field: every batch checked first, then the records of each."""
    b = memoryview(b)
    batches = []
    p = 0
    partial = 0
    while True:
        left = len(b) - p
        if left < LOG_OVERHEAD:
            partial = left
            break
        size = i32(b, p + 8)
        if size < LEGACY_MIN[0]:
            raise WireError("CORRUPT_DATA", f"batch size {size}")
        if left < 17:
            partial = left
            break
        magic = b[p + 16]
        if magic > 2:
            raise WireError("UNSUPPORTED_VERSION", f"magic {magic}")
        total = size + LOG_OVERHEAD
        if total > left:
            partial = left
            break
        if magic == 2:
            batches.append(("v2", v2_batch(b[p:p + total], opts)))
        else:
            batches.append(("legacy", legacy_message(b, p + LOG_OVERHEAD, size, i64(b, p))))
        p += total
    values = [v2_value(x, opts) if kind == "v2" else legacy_value(x, opts) for kind, x in batches]
    return {"batches": values, "partialBytes": partial}


def record_data(bytes_, test):
    options = test.get("options") or {}
    opts = {"maxDecompressedBytes": options.get("maxDecompressedBytes", DEFAULT_MAX_DECOMPRESSED),
            "maxRecordsPerBatch": options.get("maxRecordsPerBatch", NO_CAP)}
    return decode_records(bytes_, opts)


CODECS = {("kafka", "RecordBatch"): record_data, ("kafka", "MessageSet"): record_data}
KNOWN_OPTIONS = {"maxDecompressedBytes", "maxRecordsPerBatch"}

# --- the runner -------------------------------------------------------------------------------


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def judge(decode, test, data):
    """None when the test passes; otherwise why not. Raises NoCodec to skip."""
    result = test["result"]
    if result == "limit":  # 1.1.0 only: an invalid test with a decoder cap in options
        result = "invalid"
    want = (test.get("error") or {}).get("code")
    try:
        got = decode(data, test)
    except WireError as e:
        if result == "valid":
            return f"decode failed: {e}"
        return None if e.code == want else f"expected {want}, got {e.code} ({e})"
    if result == "invalid":
        return f"expected {want}, but it decoded"
    if "value" in test and got != test["value"]:
        return "decoded value differs"
    return None


def test_bytes(root, test):
    if "hex" in test:
        return bytes.fromhex(test["hex"])
    f = test["file"]
    with open(os.path.join(root, f["path"]), "rb") as fh:
        data = fh.read()
    if len(data) != f["length"] or sha256(data) != f["sha256"]:
        raise ValueError(f"{f['path']}: length or sha256 differs from the test")
    return data


def default_vectors():
    here = os.path.dirname(os.path.abspath(__file__))
    release = os.path.normpath(os.path.join(here, "..", ".."))
    if os.path.exists(os.path.join(release, "manifest.json")):
        return release
    return os.path.normpath(os.path.join(here, "..", "..", "vectors"))


def main(argv):
    ap = argparse.ArgumentParser(description="Runs the wirevec vectors it has codecs for (Python, stdlib only).")
    ap.add_argument("--vectors", default=default_vectors(), help="a copy of the vectors (manifest.json inside)")
    ap.add_argument("--verbose", action="store_true", help="print every failure and skip reason")
    args = ap.parse_args(argv)
    root = args.vectors
    with open(os.path.join(root, "manifest.json"), "rb") as fh:
        manifest = json.load(fh)
    problems = []
    skipped = {}
    passed = failed = skip = files = 0
    if not str(manifest.get("schemaVersion", "")).startswith("wirevec-v1"):
        problems.append(f"manifest.json: schemaVersion {manifest.get('schemaVersion')} is not wirevec v1")
    for entry in manifest["files"]:
        files += 1
        with open(os.path.join(root, entry["path"]), "rb") as fh:
            text = fh.read()
        if sha256(text) != entry["sha256"]:
            problems.append(f"{entry['path']}: sha256 differs from manifest.json")
            continue
        vf = json.loads(text)
        tests = [(g, t) for g in vf["testGroups"] for t in g["tests"]]
        if len(tests) != entry["numberOfTests"] or vf["numberOfTests"] != entry["numberOfTests"]:
            problems.append(f"{entry['path']}: {len(tests)} tests, the manifest says {entry['numberOfTests']}")
        decode = CODECS.get((vf["protocol"], vf["message"]))
        for _, t in tests:
            tid = f"{entry['path']}#{t['name']}"
            reason = None
            try:
                data = test_bytes(root, t) if ("hex" in t or "file" in t) else None
            except ValueError as e:
                problems.append(f"{tid}: {e}")
                failed += 1
                continue
            if decode is None:
                reason = "no codec for this message"
            elif t.get("op") == "encode":
                reason = "encode test (the runner decodes only)"
            elif set(t.get("options") or {}) - KNOWN_OPTIONS:
                reason = "an option the runner does not apply"
            if reason is None:
                try:
                    why = judge(decode, t, data)
                except NoCodec as e:
                    reason = str(e)
                else:
                    if why is None:
                        passed += 1
                    else:
                        failed += 1
                        problems.append(f"{tid}: {why}")
                    continue
            skip += 1
            skipped[reason] = skipped.get(reason, 0) + 1
    for line in problems[: None if args.verbose else 50]:
        print(f"  {line}")
    print(f"wirevec {manifest.get('version')} ({manifest.get('schemaVersion')}): {files} files; "
          f"codecs: {', '.join(m for _, m in CODECS)}")
    for reason, n in sorted(skipped.items()):
        print(f"  skipped {n}: {reason}")
    print(f"{passed} passed, {failed} failed, {skip} skipped")
    return 1 if failed or problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
