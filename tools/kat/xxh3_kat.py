"""Regenerates the XXH3-64 known-answer table in src/wire/xxh3_test.ts with the reference C
implementation, through the `xxhash` PyPI package (which wraps libxxhash).

    pip install xxhash==4.1.0
    python3 tools/kat/xxh3_kat.py
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

import xxhash

sys.path.insert(0, os.path.dirname(__file__))
from _patterns import pattern, rewrite_block  # noqa: E402

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
LENGTHS = list(range(0, 301)) + [1000, 1023, 1024, 1025, 4096, 100000]
# Every boundary of the algorithm's paths, for the all-0xff input (carries everywhere).
FF_LENGTHS = [0, 1, 3, 4, 8, 9, 16, 17, 32, 33, 64, 65, 96, 97, 128, 129, 240, 241, 1024, 1025, 4096]

rows = [f'[{n}, "{p}", "{xxhash.xxh3_64_hexdigest(pattern(p, n))}"],' for p in ["seq", "zero"] for n in LENGTHS]
rows += [f'[{n}, "ff", "{xxhash.xxh3_64_hexdigest(pattern("ff", n))}"],' for n in FF_LENGTHS]
header = f"// xxhash (PyPI) {xxhash.VERSION}, libxxhash {xxhash.XXHASH_VERSION}"
rewrite_block(os.path.join(ROOT, "src/wire/xxh3_test.ts"), "// BEGIN KAT", "// END KAT", [header] + rows)
