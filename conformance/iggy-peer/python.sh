#!/usr/bin/env bash
# Real-peer suite for Iggy's Python SDK: apache-iggy 0.9.0 (PyPI; the Rust SDK iggy 0.11.0
# inside) runs a scripted session (python/session.py) against streamwire's endpoint at revision
# 0.11.0 (python.ts). The SDK is installed with --require-hashes (python/requirements.txt) into a
# virtualenv this script makes, by default ~/.cache/streamwire/iggy-python-venv (outside the
# clone, kept as a cache; the stage works without it).
#
#   bash conformance/iggy-peer/python.sh                   # skips with a message when python3.11 is missing
#   bash conformance/iggy-peer/python.sh --require-python  # CI: a missing interpreter is a failure
#   bash conformance/iggy-peer/python.sh --record f.json   # also write every request/reply frame (hex)
#   bash conformance/iggy-peer/python.sh --port 19300      # the endpoint on a given port (a capture filter)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

require=false
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --require-python) require=true ;;
    --record) args+=(--record "$2"); shift ;;
    --port) args+=(--port "$2"); shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "iggy-python: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

# The wheel is built for CPython 3.11 only.
py=""
for candidate in python3.11 python3; do
  if command -v "$candidate" >/dev/null 2>&1 && [ "$("$candidate" -c 'import sys; print(sys.version_info[:2] == (3, 11))')" = True ]; then
    py="$candidate"; break
  fi
done
if [ -z "$py" ]; then
  if $require; then echo "iggy-python: CPython 3.11 not found (apache-iggy 0.9.0 ships a cp311 wheel)" >&2; exit 1; fi
  echo "iggy-python: SKIPPED — CPython 3.11 not found. Install it to run the Python SDK real-peer suite."
  exit 0
fi

venv="${IGGY_PYTHON_VENV:-$HOME/.cache/streamwire/iggy-python-venv}"
t0=$(date +%s)
if [ ! -x "$venv/bin/python" ]; then
  "$py" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --require-hashes --only-binary :all: \
  -r "$here/python/requirements.txt"
echo "iggy-python: apache-iggy $("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("apache-iggy"))') ready in $(( $(date +%s) - t0 )) s ($venv)"
cd "$root"
t1=$(date +%s)
npx --yes deno run --allow-net=127.0.0.1 --allow-read --allow-run --allow-env --allow-write=/tmp \
  conformance/iggy-peer/python.ts --python "$venv/bin/python" "${args[@]}"
echo "iggy-python: run took $(( $(date +%s) - t1 )) s"
