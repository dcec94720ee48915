#!/usr/bin/env bash
# Five real Kafka clients judge a broker (README.md beside this file): kafka-clients 4.4.0, franz-go
# kgo, librdkafka (confluent-kafka), KafkaJS and @platformatic/kafka each run a scripted session and
# print one line per step and "N passed, N failed".
#
#   bash conformance/kafka-peer/clients/run.sh                 # against streamwire's endpoint (deno task peer:kafka)
#   bash conformance/kafka-peer/clients/run.sh --require-all   # CI (also CI=true): a missing toolchain fails
#   bash conformance/kafka-peer/clients/run.sh --broker 4.4.0  # against a real Apache Kafka broker
#   bash conformance/kafka-peer/clients/run.sh --bootstrap H:P --sasl-bootstrap H:P --sasl-user U --sasl-password P
#   bash conformance/kafka-peer/clients/run.sh --clients franz-go,kafkajs --records 200
#   bash conformance/kafka-peer/clients/run.sh --install-only  # install the five clients, run nothing
#   bash conformance/kafka-peer/clients/run.sh --capture FILE  # keep the endpoint's capture
#
# Against the endpoint it starts conformance/kafka-peer/endpoint.ts on free ports (a plain listener
# and a SASL PLAIN one, --sasl-port) recording a pcap; after the sessions it requires 0 undecodable
# requests and 0 handler errors in the endpoint's summary, and runs `streamwire inspect` over the
# capture (inspect_check.ts: every message decodes, except the known client quirks listed in
# inspect_known.json). Installs go to <client>/target/ (and node_modules/), in parallel.
# KAFKA_PEER_ENDPOINT_ROOT=DIR runs the endpoint of another checkout (development).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"

all_clients="kafka-clients franz-go confluent-kafka kafkajs platformatic-kafka"
clients="$all_clients"
require=false
[ "${CI:-}" = true ] && require=true
install_only=false
broker_version=""
bootstrap=""
sasl_bootstrap=""
sasl_user=streamwire
sasl_password=streamwire-secret
records=1000
deadline_s=240
capture=""
usage() { sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help) usage; exit 0 ;;
    --require-all) require=true ;;
    --install-only) install_only=true ;;
    --clients) clients="${2//,/ }"; shift ;;
    --broker) broker_version="$2"; shift ;;
    --bootstrap) bootstrap="$2"; shift ;;
    --sasl-bootstrap) sasl_bootstrap="$2"; shift ;;
    --sasl-user) sasl_user="$2"; shift ;;
    --sasl-password) sasl_password="$2"; shift ;;
    --records) records="$2"; shift ;;
    --deadline-s) deadline_s="$2"; shift ;;
    --capture) capture="$2"; shift ;;
    *) echo "kafka-peer: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
for c in $clients; do
  case " $all_clients " in *" $c "*) ;; *) echo "kafka-peer: unknown client $c (one of: $all_clients)" >&2; exit 2 ;; esac
done
if [ -n "$bootstrap" ] && [ -z "$sasl_bootstrap" ]; then
  echo "kafka-peer: --bootstrap needs --sasl-bootstrap (the SASL PLAIN listener) too" >&2
  exit 2
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/streamwire-kafka-peer.XXXXXX")"
pids_to_stop=()
cleanup() {
  local p
  for p in "${pids_to_stop[@]}"; do
    kill -TERM "$p" 2>/dev/null || true
  done
  for p in "${pids_to_stop[@]}"; do
    for _ in $(seq 1 100); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$p" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

deno_bin() {
  # The deno binary itself (not npx's wrapper), so the endpoint's pid is the process that works.
  if command -v deno >/dev/null 2>&1; then command -v deno; return; fi
  [ -x "$root/node_modules/deno/deno" ] || (cd "$root" && npx --yes deno --version >/dev/null)
  echo "$root/node_modules/deno/deno"
}
DENO="$(deno_bin)"

# --- toolchains and installs (one function pair per client) ---

node_major_minor() { node -e 'const [a,b]=process.versions.node.split(".").map(Number);console.log(a*1000+b)'; }

need_kafka-clients() { for t in java javac mvn; do command -v $t >/dev/null 2>&1 || echo "$t"; done; }
need_franz-go() { command -v go >/dev/null 2>&1 || echo go; }
need_confluent-kafka() {
  command -v python3 >/dev/null 2>&1 || { echo python3; return; }
  python3 -c 'import sys, venv; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null ||
    echo "python3 >= 3.11 with venv"
}
need_kafkajs() { for t in node npm; do command -v $t >/dev/null 2>&1 || echo "$t"; done; }
need_platformatic-kafka() { need_kafkajs; }

install_kafka-clients() {
  local d="$here/kafka-clients"
  if [ ! -f "$d/target/.complete" ]; then
    (cd "$d" && { mvn -q -B -o dependency:copy-dependencies 2>/dev/null || mvn -q -B dependency:copy-dependencies; })
  fi
  # Every jar on the class path is the one pinned in jars.sha256, and nothing else is there.
  (cd "$d/target/lib" && sha256sum --quiet -c "$d/jars.sha256")
  [ "$(ls "$d/target/lib" | wc -l)" = "$(wc -l <"$d/jars.sha256")" ] || { echo "target/lib has jars not in jars.sha256"; return 1; }
  mkdir -p "$d/target/classes"
  javac -Xlint:all -Werror -d "$d/target/classes" -cp "$d/target/lib/*" "$d/Session.java"
  touch "$d/target/.complete"
}
install_franz-go() {
  local d="$here/franz-go"
  (cd "$d" && GOFLAGS=-mod=readonly nice go build -o target/franz-go-judge .)
}
install_confluent-kafka() {
  local d="$here/confluent-kafka"
  [ -x "$d/target/venv/bin/python" ] || python3 -m venv "$d/target/venv"
  "$d/target/venv/bin/pip" install -q --disable-pip-version-check --require-hashes --only-binary=:all: --no-deps \
    -r "$d/requirements.txt"
}
install_kafkajs() { (cd "$here/kafkajs" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error); }
install_platformatic-kafka() { (cd "$here/platformatic-kafka" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error); }

# --- sessions ---

# Each takes the session's arguments; they run in a child bash under `timeout` (see below).
run_kafka-clients() {
  java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
    -cp "$here/kafka-clients/target/classes:$here/kafka-clients/target/lib/*" Session "$@"
}
run_franz-go() { "$here/franz-go/target/franz-go-judge" "$@"; }
run_confluent-kafka() { "$here/confluent-kafka/target/venv/bin/python" "$here/confluent-kafka/session.py" "$@"; }
run_kafkajs() { node "$here/kafkajs/session.mjs" "$@"; }
run_platformatic-kafka() {
  # The library needs Node >= 22.22; on an older Node it runs on Deno (what CI has).
  if [ "$(node_major_minor)" -ge 22022 ]; then
    node "$here/platformatic-kafka/session.mjs" "$@"
  else
    (cd "$here/platformatic-kafka" && "$DENO" run --allow-net=127.0.0.1 --allow-read --allow-env --allow-sys \
      session.mjs "$@")
  fi
}

# --- toolchain check and parallel installs ---

t0=$(date +%s)
runnable=()
failures=0
for c in $clients; do
  missing="$(need_$c | paste -sd, -)"
  if [ -n "$missing" ]; then
    if $require; then
      echo "kafka-peer: $c needs $missing, not found (CI / --require-all: a failure)" >&2
      failures=$((failures + 1))
    else
      echo "kafka-peer: SKIPPED $c — $missing not found"
    fi
    continue
  fi
  runnable+=("$c")
done
install_pids=()
for c in "${runnable[@]}"; do
  (install_$c >"$work/install-$c.log" 2>&1) &
  install_pids+=($!)
done
ready=()
for i in "${!runnable[@]}"; do
  c="${runnable[$i]}"
  if wait "${install_pids[$i]}"; then
    ready+=("$c")
  else
    echo "kafka-peer: installing $c failed:" >&2
    tail -n 30 "$work/install-$c.log" >&2
    failures=$((failures + 1))
  fi
done
echo "kafka-peer: installed ${ready[*]:-nothing} in $(( $(date +%s) - t0 )) s"
if $install_only; then
  [ $failures -eq 0 ]
  exit
fi

# --- the broker under judgement ---

endpoint_pid=""
endpoint_out="$work/endpoint.out"
start_endpoint() { # sets bootstrap and sasl_bootstrap
  # One broker, two listeners (like Kafka's PLAINTEXT and SASL_PLAINTEXT), one capture. --seconds
  # bounds the endpoint even if this script is killed with -9.
  (cd "${KAFKA_PEER_ENDPOINT_ROOT:-$root}" && exec "$DENO" run --allow-net=127.0.0.1 --allow-read --allow-write="$work" \
    --allow-env conformance/kafka-peer/endpoint.ts --port 0 --sasl-port 0 --sasl-plain "$sasl_user:$sasl_password" \
    --seconds 1800 --pcap "$work/endpoint.pcap") >"$endpoint_out" 2>"$work/endpoint.err" &
  endpoint_pid=$!
  pids_to_stop+=("$endpoint_pid")
  local line=""
  for _ in $(seq 1 600); do
    line="$(grep '^kafka endpoint listening on ' "$endpoint_out" || true)"
    [ -n "$line" ] && break
    kill -0 "$endpoint_pid" 2>/dev/null || break
    sleep 0.1
  done
  plain_port="$(sed -n 's/^kafka endpoint listening on 127\.0\.0\.1:\([0-9]*\) (SASL on 127\.0\.0\.1:\([0-9]*\))$/\1/p' <<<"$line")"
  sasl_port="$(sed -n 's/^kafka endpoint listening on 127\.0\.0\.1:\([0-9]*\) (SASL on 127\.0\.0\.1:\([0-9]*\))$/\2/p' <<<"$line")"
  if [ -z "$plain_port" ] || [ -z "$sasl_port" ]; then
    echo "kafka-peer: the endpoint did not print its listening line (plain and SASL ports) within 60 s:" >&2
    cat "$endpoint_out" "$work/endpoint.err" >&2
    exit 1
  fi
  bootstrap="127.0.0.1:$plain_port"
  sasl_bootstrap="127.0.0.1:$sasl_port"
  echo "kafka-peer: endpoint (pid $endpoint_pid) on 127.0.0.1:$plain_port, SASL PLAIN on 127.0.0.1:$sasl_port"
}

target="endpoint"
if [ -n "$bootstrap" ]; then
  target="the broker at $bootstrap"
elif [ -n "$broker_version" ]; then
  out="$work/broker.out"
  bash "$root/conformance/broker/run.sh" --serve --versions "$broker_version" >"$out" 2>&1 &
  pids_to_stop+=($!)
  for _ in $(seq 1 1800); do
    grep -q "ready, PLAINTEXT" "$out" && break
    kill -0 "${pids_to_stop[-1]}" 2>/dev/null || break
    sleep 0.1
  done
  line="$(grep "ready, PLAINTEXT" "$out" || true)"
  if [ -z "$line" ]; then
    echo "kafka-peer: the Kafka $broker_version broker did not say ready within 180 s:" >&2
    cat "$out" >&2
    exit 1
  fi
  bootstrap="$(sed -n 's/.*ready, PLAINTEXT \([0-9.:]*\),.*/\1/p' <<<"$line")"
  sasl_bootstrap="$(sed -n 's/.*SASL_PLAINTEXT \([0-9.:]*\) .*/\1/p' <<<"$line")"
  target="Apache Kafka $broker_version ($(grep -o 'pid [0-9]*' "$out" | head -n 1))"
else
  start_endpoint
fi
echo "kafka-peer: judging $target: PLAINTEXT $bootstrap, SASL_PLAINTEXT $sasl_bootstrap"
session_args=(--bootstrap "$bootstrap" --sasl-bootstrap "$sasl_bootstrap" --sasl-user "$sasl_user"
  --sasl-password "$sasl_password" --records "$records" --deadline-s "$deadline_s")

total_passed=0
total_failed=0
report=()
for c in "${ready[@]}"; do
  echo
  echo "=== $c"
  s0=$(date +%s)
  set +e
  # The session's own deadline ends it; timeout is the backstop if that fails.
  timeout -k 10 $((deadline_s + 30)) bash -c "$(declare -f "run_$c" node_major_minor); $(declare -p here DENO); run_$c \"\$@\"" \
    "run_$c" "${session_args[@]}" 2>"$work/session-$c.err" | tee "$work/session-$c.out"
  rc=${PIPESTATUS[0]}
  set -e
  line="$(grep -E "^$c: [0-9]+ passed, [0-9]+ failed$" "$work/session-$c.out" | tail -n 1 || true)"
  p="$(sed -n 's/.* \([0-9]*\) passed.*/\1/p' <<<"$line")"
  f="$(sed -n 's/.*passed, \([0-9]*\) failed/\1/p' <<<"$line")"
  if [ -z "$line" ]; then
    p=0
    f=1
    echo "FAIL $c ended (exit $rc) without its closing line; last lines of its stderr:"
    tail -n 20 "$work/session-$c.err"
  elif [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    f=1
    echo "FAIL $c exited $rc"
  fi
  total_passed=$((total_passed + p))
  total_failed=$((total_failed + f))
  [ "$f" -eq 0 ] || failures=$((failures + 1))
  report+=("$(printf '%-20s %3s passed, %s failed  %4s s' "$c" "$p" "$f" "$(( $(date +%s) - s0 ))")")
done

if [ -n "$endpoint_pid" ]; then
  echo
  echo "=== endpoint"
  kill -TERM "$endpoint_pid" 2>/dev/null || true
  for _ in $(seq 1 100); do kill -0 "$endpoint_pid" 2>/dev/null || break; sleep 0.1; done
  summary="$(grep '^kafka endpoint summary:' "$endpoint_out" || true)"
  echo "${summary:-kafka endpoint (pid $endpoint_pid): no summary line}"
  undecodable="$(sed -n 's/.* undecodable=\([0-9]*\) .*/\1/p' <<<"$summary")"
  handler_errors="$(sed -n 's/.* handler_errors=\([0-9]*\) .*/\1/p' <<<"$summary")"
  if [ "${undecodable:-x}" != 0 ] || [ "${handler_errors:-x}" != 0 ]; then
    echo "FAIL endpoint: undecodable=${undecodable:-?} handler_errors=${handler_errors:-?} (both must be 0)"
    tail -n 30 "$work/endpoint.err"
    failures=$((failures + 1))
  fi
  echo
  echo "=== streamwire inspect over the endpoint's capture ($(wc -c <"$work/endpoint.pcap") bytes)"
  (cd "$root" && "$DENO" run --allow-read --allow-env conformance/kafka-peer/clients/inspect_check.ts \
    --kafka-port "$plain_port" --kafka-port "$sasl_port" "$work/endpoint.pcap") || failures=$((failures + 1))
  if [ -n "$capture" ]; then
    cp "$work/endpoint.pcap" "$capture"
    echo "kafka-peer: capture written to $capture ($(wc -c <"$capture") bytes)"
  fi
fi

echo
echo "=== kafka-peer against $target ($(( $(date +%s) - t0 )) s)"
printf '%s\n' "${report[@]}"
echo "kafka-peer: $total_passed passed, $total_failed failed"
[ $failures -eq 0 ] && [ $total_failed -eq 0 ]
