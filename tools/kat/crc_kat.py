"""Regenerates the CRC-32 / CRC-32C known-answer tables in src/wire/crc32_test.ts and
src/wire/crc32c_test.ts from independent implementations: Python's zlib.crc32 and the
`crc32c` PyPI package.

    pip install crc32c==2.9.post0
    python3 tools/kat/crc_kat.py
"""
import sys as _sys  # noqa: E402

# Checked before the third-party imports, so --help works without them.
if _sys.argv[1:] in (["-h"], ["--help"]):
    print(__doc__)
    _sys.exit(0)
if _sys.argv[1:]:
    print(f"error: unexpected argument {_sys.argv[1]} (see --help)", file=_sys.stderr)
    _sys.exit(2)


import os
import sys
import zlib

import crc32c

sys.path.insert(0, os.path.dirname(__file__))
from _patterns import pattern, rewrite_block  # noqa: E402

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
LENGTHS = list(range(0, 65)) + [100, 127, 128, 129, 143, 255, 256, 1000, 4095, 4096, 4097, 65536, 100000]
PATTERNS = ["seq", "zero", "ff"]


def table(fn) -> list[str]:
    return [f'[{n}, "{p}", "{fn(pattern(p, n)):08x}"],' for p in PATTERNS for n in LENGTHS]


version = getattr(crc32c, "__version__", None) or "see pip show crc32c"
rewrite_block(os.path.join(ROOT, "src/wire/crc32_test.ts"), "// BEGIN KAT", "// END KAT",
              [f"// zlib {zlib.ZLIB_VERSION}"] + table(zlib.crc32))
rewrite_block(os.path.join(ROOT, "src/wire/crc32c_test.ts"), "// BEGIN KAT", "// END KAT",
              [f"// crc32c (PyPI) {version}"] + table(crc32c.crc32c))
