#!/usr/bin/env bash
# Real-peer suite for Iggy: the official Rust SDK runs a scripted session (src/main.rs) over TCP
# against streamwire's loopback endpoint (endpoint.ts: IggyServerConnection + an in-memory
# model) at the protocol revision that SDK speaks, then streamwire's IggyClientSession replays
# the same requests and must produce the SDK's frames byte for byte. Two SDK builds, one source:
#
#   edge4  crate iggy =0.11.1-edge.4 (Cargo.toml)        endpoint revision 0.11.1-edge.3
#   edge9  crate iggy =0.11.1-edge.9 (edge9/Cargo.toml)  endpoint revision 0.11.1-edge.8
#
#   bash conformance/iggy-peer/run.sh                  # both; skips with a message when cargo is missing
#   bash conformance/iggy-peer/run.sh --require-cargo  # CI: a missing cargo is a failure
#   bash conformance/iggy-peer/run.sh --sdk edge9      # one of them
#   bash conformance/iggy-peer/run.sh --record f.json  # also write every request/reply frame (hex; f.json, f.edge9.json)
#   bash conformance/iggy-peer/run.sh --build-only     # only build the SDK programs (CI starts it early)
#
# The SDKs' dependency tree is large: both builds go to one CARGO_TARGET_DIR (the edge.9 lock
# file pins the same versions as edge.4's wherever it can, so the second build compiles ~15
# crates), by default ~/.cache/streamwire/iggy-peer-target (outside the clone, so it survives
# as a cache between runs; the stage works from an empty one). The debug profile is used.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

require_cargo=false
build_only=false
sdks=(edge4 edge9)
record=""
while [ $# -gt 0 ]; do
  case "$1" in
    --require-cargo) require_cargo=true ;;
    --build-only) build_only=true ;;
    --record) record="$2"; shift ;;
    --sdk) case "$2" in edge4|edge9) sdks=("$2") ;; *) echo "iggy-peer: --sdk edge4|edge9" >&2; exit 2 ;; esac; shift ;;
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

crate_dir() { if [ "$1" = edge4 ]; then echo "$here"; else echo "$here/$1"; fi; }
binary() { if [ "$1" = edge4 ]; then echo "$CARGO_TARGET_DIR/debug/iggy-peer"; else echo "$CARGO_TARGET_DIR/debug/iggy-peer-$1"; fi; }
revision() { if [ "$1" = edge4 ]; then echo 0.11.1-edge.3; else echo 0.11.1-edge.8; fi; }

for sdk in "${sdks[@]}"; do
  t0=$(date +%s)
  (cd "$(crate_dir "$sdk")" && nice cargo build --locked --quiet)
  echo "iggy-peer: SDK program $sdk built in $(( $(date +%s) - t0 )) s (target dir $CARGO_TARGET_DIR)"
done
$build_only && exit 0
cd "$root"
for sdk in "${sdks[@]}"; do
  t1=$(date +%s)
  peer_args=()
  if [ -n "$record" ]; then
    if [ "$sdk" = edge4 ]; then peer_args=(--record "$record"); else peer_args=(--record "${record%.json}.$sdk.json"); fi
  fi
  capture="$(mktemp -d)/iggy-sdk-$sdk.pcap"
  echo "iggy-peer: $sdk against the endpoint at revision $(revision "$sdk")"
  STREAMWIRE_CAPTURE="$capture" npx --yes deno run --allow-net=127.0.0.1 --allow-read --allow-run --allow-env \
    "--allow-write=/tmp,$capture${record:+,$(dirname "$record")}" conformance/iggy-peer/peer.ts \
    --sdk "$(binary "$sdk")" --revision "$(revision "$sdk")" "${peer_args[@]}"
  echo "iggy-peer: $sdk run took $(( $(date +%s) - t1 )) s"
  # The SDK's real traffic (consensus framing) must decode 100 % in the inspector, found by sniffing.
  echo "iggy-peer: the inspector over the $sdk traffic ($(wc -c <"$capture") bytes)"
  npx --yes deno run --allow-read src/cli/bin.ts inspect --summary-only --format pretty --fail-on-undecoded "$capture"
done
