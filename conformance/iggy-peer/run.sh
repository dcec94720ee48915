#!/usr/bin/env bash
# Real-peer suite for Iggy: the official Rust SDK (crate iggy =0.11.1-edge.4, pinned with its
# protocol crates in Cargo.lock) runs a scripted session over TCP against streamwire's loopback
# endpoint (peer.ts: IggyServerConnection + an in-memory model), then streamwire's
# IggyClientSession replays the same requests and must produce the SDK's frames byte for byte.
#
#   bash conformance/iggy-peer/run.sh                  # skips with a message when cargo is missing
#   bash conformance/iggy-peer/run.sh --require-cargo  # CI: a missing cargo is a failure
#   bash conformance/iggy-peer/run.sh --record f.json  # also write every request/reply frame (hex)
#   bash conformance/iggy-peer/run.sh --build-only     # only build the SDK program (CI starts it early)
#
# The SDK's dependency tree is large: the build goes to CARGO_TARGET_DIR, by default
# ~/.cache/streamwire/iggy-peer-target (outside the clone, so it survives as a cache between
# runs; the stage works from an empty one). The debug profile is used: it builds faster.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

require_cargo=false
build_only=false
peer_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --require-cargo) require_cargo=true ;;
    --build-only) build_only=true ;;
    --record) peer_args+=(--record "$2"); shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "iggy-peer: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

if ! command -v cargo >/dev/null 2>&1; then
  if $require_cargo; then
    echo "iggy-peer: cargo not found (needed to build the Iggy Rust SDK); --require-cargo makes this a failure" >&2
    exit 1
  fi
  echo "iggy-peer: SKIPPED — cargo not found. Install Rust (cargo) to run the Iggy SDK real-peer suite."
  exit 0
fi

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/streamwire/iggy-peer-target}"
mkdir -p "$CARGO_TARGET_DIR"
t0=$(date +%s)
(cd "$here" && nice cargo build --locked --quiet)
t1=$(date +%s)
echo "iggy-peer: SDK program built in $((t1 - t0)) s (target dir $CARGO_TARGET_DIR)"
$build_only && exit 0
cd "$root"
capture="$(mktemp -d)/iggy-sdk.pcap"
STREAMWIRE_CAPTURE="$capture" npx --yes deno run --allow-net=127.0.0.1 --allow-read --allow-run --allow-env \
  "--allow-write=/tmp,$capture" conformance/iggy-peer/peer.ts --sdk "$CARGO_TARGET_DIR/debug/iggy-peer" "${peer_args[@]}"
echo "iggy-peer: run took $(( $(date +%s) - t1 )) s"
# The SDK's real traffic (consensus framing) must decode 100 % in the inspector, found by sniffing.
echo "iggy-peer: the inspector over the SDK's traffic ($(wc -c <"$capture") bytes)"
npx --yes deno run --allow-read src/cli/bin.ts inspect --summary-only --format pretty --fail-on-undecoded "$capture"
