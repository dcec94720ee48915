#!/usr/bin/env bash
# The examples, run as a user runs them: from the npm package (dist/npm; built first if missing or stale)
# installed into a fresh project under /tmp that cannot see the checkout, on Deno, Bun and
# Node 20 (for Node, esbuild strips the types; the imports stay as written), each against its peer:
#
#   kafka    examples/kafka_produce_consume.ts   the Apache Kafka 4.4.0 broker of conformance/broker
#                                                (run.sh --serve), through a recording proxy on Deno
#   iggy     examples/iggy_client.ts             the streamwire Iggy endpoint (deno task iggy:endpoint)
#   mock     examples/kafka_mock_broker.ts       none: the mock broker is in the example
#   inspect  examples/inspect_capture.ts         the capture the recording proxy wrote
#   browser  examples/browser/                   that capture, in headless Chromium
#
#   bash examples/_ci/run.sh                  # a missing peer (Java, Maven, chromium) skips with a message
#   bash examples/_ci/run.sh --require-all    # CI: a missing peer is a failure
#   bash examples/_ci/run.sh --only kafka,inspect
#   bash examples/_ci/run.sh --keep           # keep the temporary project and the logs
#
# Prints one line per example and runtime, and `N passed, N failed`; exit 1 on any failure.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
require_all=false
keep=false
only="kafka,iggy,mock,inspect,browser"
while [ $# -gt 0 ]; do
  case "$1" in
    --require-all) require_all=true ;;
    --keep) keep=true ;;
    --only) only="$2"; shift ;;
    -h | --help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "examples: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
wants() { case ",$only," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }

# The binary itself, not npm's wrapper script: a signal to the wrapper would not reach it.
"$root/node_modules/.bin/deno" --version >/dev/null
deno="$root/node_modules/deno/deno"
bun="$root/node_modules/.bin/bun"
esbuild="$root/node_modules/.bin/esbuild"
t_start=$(date +%s)
tmp="$(mktemp -d "${TMPDIR:-/tmp}/streamwire-examples.XXXXXX")"
pids=()
cleanup() {
  local p
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  if $keep; then echo "examples: kept $tmp"; else rm -rf "$tmp"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

passed=0
failed=0
skipped=0
verdict() { # name rc seconds
  if [ "$2" = 0 ]; then passed=$((passed + 1)); printf 'ok    %-40s %ss\n' "$1" "$3"
  else failed=$((failed + 1)); printf 'FAIL  %-40s %ss (exit %s)\n' "$1" "$3" "$2"; fi
}
skip() { # what why
  if $require_all; then failed=$((failed + 1)); echo "FAIL  $1: $2 (--require-all)"
  else skipped=$((skipped + 1)); echo "skip  $1: $2"; fi
}
# run NAME TIMEOUT CMD...: runs CMD in the project with a bound, output to a log shown on failure.
run() {
  local name="$1" limit="$2" t0 rc log
  shift 2
  log="$tmp/logs/${name//[^a-zA-Z0-9]/_}.log"
  t0=$(date +%s)
  set +e
  (cd "$tmp/project" && timeout "$limit" "$@") >"$log" 2>&1
  rc=$?
  set -e
  verdict "$name" "$rc" "$(($(date +%s) - t0))"
  if [ "$rc" != 0 ]; then sed 's/^/      /' "$log" | tail -n 30; else sed 's/^/      /' "$log" | tail -n 3; fi
}
# Waits (bounded) for a process's log to print `listening 127.0.0.1:PORT` / `PLAINTEXT 127.0.0.1:PORT`.
port_from() { # log pattern seconds pid
  local i
  for i in $(seq 1 $(($3 * 5))); do
    if grep -qE "$2" "$1" 2>/dev/null; then grep -oE "$2" "$1" | head -n 1 | grep -oE '[0-9]+$'; return 0; fi
    kill -0 "$4" 2>/dev/null || { echo "examples: the process exited before listening:" >&2; cat "$1" >&2; return 1; }
    sleep 0.2
  done
  echo "examples: nothing listening after $3 s:" >&2
  cat "$1" >&2
  return 1
}

echo "=== examples: type-check in the checkout"
# The page's script apart: its DOM types do not mix with Deno's.
(cd "$root" && "$deno" check --quiet examples/*.ts examples/_ci/*.ts && "$deno" check --quiet examples/browser/*.ts)

# The package as CI's npm stage built it; rebuilt here when missing or older than a source file.
if [ ! -f "$root/dist/npm/package.json" ] ||
  [ -n "$(find "$root/src" "$root/mod.ts" "$root/deno.json" -newer "$root/dist/npm/package.json" -name '*.ts' -print -quit)" ]; then
  (cd "$root" && "$deno" task build:npm)
fi
mkdir -p "$tmp/project/node_modules/@streamwire" "$tmp/logs"
ln -s "$root/dist/npm" "$tmp/project/node_modules/@streamwire/codec"
printf '{ "name": "examples", "private": true, "type": "module", "dependencies": { "@streamwire/codec": "*" } }\n' \
  >"$tmp/project/package.json"
cp "$root"/examples/*.ts "$tmp/project/"
cp -r "$root/examples/browser" "$tmp/project/browser"
# Node 20 runs JavaScript: the examples bundled with their local imports, the package left external.
for f in "$tmp"/project/*.ts; do
  [ "$(basename "$f")" = connect.ts ] && continue
  "$esbuild" "$f" --bundle --packages=external --format=esm --platform=node --target=node20 \
    --log-level=warning --outfile="${f%.ts}.mjs"
done
echo "=== examples: project $tmp/project, package $(node -p "require('$root/dist/npm/package.json').version")"

pcap="$tmp/kafka-example.pcap"
if wants kafka || wants inspect || wants browser; then
  if ! command -v java >/dev/null 2>&1 || ! command -v mvn >/dev/null 2>&1; then
    skip "kafka (and the capture for inspect, browser)" "no Java and Maven to run the broker"
  else
    echo "=== examples: Kafka 4.4.0 broker (conformance/broker/run.sh --serve)"
    bash "$root/conformance/broker/run.sh" --serve --versions 4.4.0 >"$tmp/logs/broker.log" 2>&1 &
    broker=$!
    pids+=("$broker")
    kport="$(port_from "$tmp/logs/broker.log" 'PLAINTEXT 127\.0\.0\.1:[0-9]+' 300 "$broker")"
    "$deno" run --allow-net=127.0.0.1 "$root/examples/_ci/wait_kafka.ts" "127.0.0.1:$kport" --seconds 180
    "$deno" run --allow-net=127.0.0.1 --allow-write="$pcap" "$root/examples/_ci/record.ts" \
      --port 0 --to "127.0.0.1:$kport" --pcap "$pcap" >"$tmp/logs/record.log" 2>&1 &
    recorder=$!
    pids+=("$recorder")
    rport="$(port_from "$tmp/logs/record.log" 'listening 127\.0\.0\.1:[0-9]+' 30 "$recorder")"
    run "kafka on Deno (recorded)" 120 "$deno" run --allow-net=127.0.0.1 kafka_produce_consume.ts "127.0.0.1:$rport"
    run "kafka on Bun" 120 "$bun" kafka_produce_consume.ts "127.0.0.1:$kport"
    run "kafka on Node" 120 node kafka_produce_consume.mjs "127.0.0.1:$kport"
    kill -TERM "$recorder"
    wait "$recorder" || true
    kill -TERM "$broker"
    wait "$broker" || true
  fi
fi

if wants iggy; then
  echo "=== examples: Iggy endpoint"
  # deno task iggy:endpoint's command, run directly so that the signal reaches it.
  "$deno" run --allow-net=127.0.0.1 --allow-read --allow-env "$root/conformance/iggy-peer/endpoint.ts" --port 0 \
    --seconds 300 >"$tmp/logs/iggy-endpoint.log" 2>&1 &
  endpoint=$!
  pids+=("$endpoint")
  iport="$(port_from "$tmp/logs/iggy-endpoint.log" 'listening on 127\.0\.0\.1:[0-9]+' 60 "$endpoint")"
  run "iggy on Deno" 60 "$deno" run --allow-net=127.0.0.1 iggy_client.ts "127.0.0.1:$iport"
  run "iggy on Bun" 60 "$bun" iggy_client.ts "127.0.0.1:$iport"
  run "iggy on Node" 60 node iggy_client.mjs "127.0.0.1:$iport"
  kill -TERM "$endpoint"
  wait "$endpoint" || true
fi

if wants mock; then
  run "mock on Deno" 60 "$deno" run kafka_mock_broker.ts
  run "mock on Bun" 60 "$bun" kafka_mock_broker.ts
  run "mock on Node" 60 node kafka_mock_broker.mjs
fi

if wants inspect && [ -s "$pcap" ]; then
  run "inspect on Deno" 60 "$deno" run --allow-read inspect_capture.ts "$pcap"
  run "inspect on Bun" 60 "$bun" inspect_capture.ts "$pcap"
  run "inspect on Node" 60 node inspect_capture.mjs "$pcap"
fi

if wants browser && [ -s "$pcap" ]; then
  if ! command -v chromium >/dev/null 2>&1; then
    skip "browser" "no chromium (tools/npm/install_chromium.sh installs Debian's)"
  else
    (cd "$tmp/project" && "$esbuild" browser/decode_capture.ts --bundle --format=iife --log-level=warning \
      --outfile=browser/decode_capture.js)
    run "browser in headless Chromium" 120 "$deno" run -A "$root/examples/_ci/browser.ts" --page browser \
      --capture "$pcap"
  fi
fi

echo "examples: $(($(date +%s) - t_start)) s"
echo "$passed passed, $failed failed${skipped:+, $skipped skipped}"
[ "$failed" = 0 ]
