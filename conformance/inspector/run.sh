#!/usr/bin/env bash
# CI stage for the inspector: the web page in headless Chromium (Debian's package, installed if
# missing) over the Iggy corpus and a Kafka capture, the command's --help and bad-flag exits,
# and the npm-independent `deno run` of the bin. The Kafka broker capture is checked by
# conformance/broker/run.sh, which records it.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "${1:-}" = "--help" ]; then sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0; fi
[ $# -eq 0 ] || { echo "unknown argument $1" >&2; exit 2; }
DENO="npx --yes deno"
if ! command -v chromium >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
$DENO run --allow-read src/cli/bin.ts inspect --help >/dev/null
set +e
$DENO run --allow-read src/cli/bin.ts inspect --no-such-flag x 2>/dev/null
rc=$?
set -e
[ $rc -eq 2 ] || { echo "inspect: an unknown flag exited $rc, not 2" >&2; exit 1; }
$DENO task inspector:build
$DENO task inspector:page
