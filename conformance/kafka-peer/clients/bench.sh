#!/usr/bin/env bash
# Load benchmark (not a test, not in CI): franz-go's judge (`--bench N`) produces N records to a new
# one-partition topic and consumes them back, through streamwire's endpoint and through a real Apache
# Kafka broker, alternately, for R rounds in one run. Per round and server: the server process's CPU
# time (utime + stime from /proc/<pid>/stat, read just before and just after the load: startup is
# not counted) per record, its peak RSS (VmHWM from /proc/<pid>/status at the end of the load,
# startup included), and the client's produce and consume wall times. Prints medians with min-max
# and the load (uptime) before and after.
#
#   bash conformance/kafka-peer/clients/bench.sh                       # 100000 records, 3 rounds, Kafka 4.4.0
#   bash conformance/kafka-peer/clients/bench.sh --records 200000 --rounds 5 --broker 4.4.0
#
# The endpoint runs without --pcap (recording would be measured too); the broker runs as the broker
# suite starts it (conformance/broker/run.sh --serve: -Xmx512m, serial GC, C1 only).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
records=100000
rounds=3
broker=4.4.0
while [ $# -gt 0 ]; do
  case "$1" in
    --records) records="$2"; shift ;;
    --rounds) rounds="$2"; shift ;;
    --broker) broker="$2"; shift ;;
    -h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
for t in go java mvn python3; do command -v $t >/dev/null || { echo "bench: $t is needed" >&2; exit 1; }; done
bash "$here/run.sh" --clients franz-go --install-only >/dev/null
judge="$here/franz-go/target/franz-go-judge"
[ -x "$root/node_modules/deno/deno" ] || (cd "$root" && npx --yes deno --version >/dev/null)
DENO="$(command -v deno || echo "$root/node_modules/deno/deno")"
tck=$(getconf CLK_TCK)

work="$(mktemp -d "${TMPDIR:-/tmp}/streamwire-kafka-bench.XXXXXX")"
server_pid=""
server_group=""
stop_server() {
  [ -n "$server_group" ] && kill -TERM "$server_group" 2>/dev/null || true
  [ -n "$server_pid" ] && kill -TERM "$server_pid" 2>/dev/null || true
  for p in $server_group $server_pid; do
    for _ in $(seq 1 150); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$p" 2>/dev/null || true
  done
  server_pid=""
  server_group=""
}
trap 'stop_server; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

cpu_ticks() { awk '{ sub(/.*\) /, ""); print $12 + $13 }' "/proc/$1/stat"; }
peak_kb() { awk '/^VmHWM:/ { print $2 }' "/proc/$1/status"; }

wait_line() { # file, sed pattern printing the value, what
  local v=""
  for _ in $(seq 1 1800); do
    v="$(sed -n "$2" "$1" | head -n 1)"
    [ -n "$v" ] && { echo "$v"; return 0; }
    sleep 0.1
  done
  echo "bench: gave up after 180 s waiting for $3:" >&2
  cat "$1" >&2
  return 1
}

measure() { # name bootstrap pid
  local name="$1" bootstrap="$2" pid="$3" c0 c1 w0 w1 out
  c0=$(cpu_ticks "$pid")
  w0=$(date +%s%N)
  out="$("$judge" --bench "$records" --bootstrap "$bootstrap" --deadline-s 600)"
  w1=$(date +%s%N)
  c1=$(cpu_ticks "$pid")
  echo "$name $round $(( (c1 - c0) * 1000 / tck )) $(peak_kb "$pid") $(( (w1 - w0) / 1000000 )) $out" >>"$work/results"
  echo "round $round $name: cpu $(( (c1 - c0) * 1000 / tck )) ms, peak rss $(( $(peak_kb "$pid") / 1024 )) MB, $out"
}

echo "load before: $(uptime)"
for round in $(seq 1 "$rounds"); do
  (cd "${KAFKA_PEER_ENDPOINT_ROOT:-$root}" && exec "$DENO" run --allow-net=127.0.0.1 --allow-read --allow-env conformance/kafka-peer/endpoint.ts \
    --port 0 --seconds 900) >"$work/endpoint.out" 2>&1 &
  server_pid=$!
  port="$(wait_line "$work/endpoint.out" 's/^kafka endpoint listening on 127\.0\.0\.1:\([0-9]*\)$/\1/p' "the endpoint")"
  measure endpoint "127.0.0.1:$port" "$server_pid"
  stop_server

  bash "$root/conformance/broker/run.sh" --serve --versions "$broker" >"$work/broker.out" 2>&1 &
  server_group=$!
  addr="$(wait_line "$work/broker.out" 's/.*ready, PLAINTEXT \([0-9.:]*\),.*/\1/p' "Kafka $broker to be ready")"
  server_pid="$(sed -n 's/.*: pid \([0-9]*\),.*/\1/p' "$work/broker.out" | head -n 1)"
  measure "kafka-$broker" "$addr" "$server_pid"
  stop_server
done
echo "load after: $(uptime)"

python3 - "$work/results" "$records" <<'EOF'
import json, statistics, sys
rows = {}
for line in open(sys.argv[1]):
    name, rnd, cpu, rss, wall, js = line.split(" ", 5)
    j = json.loads(js)
    rows.setdefault(name, []).append((int(cpu), int(rss), j["produceMs"], j["consumeMs"]))
n = int(sys.argv[2])
def fmt(xs, f):
    return f"{f(statistics.median(xs))} ({f(min(xs))}–{f(max(xs))})"
print(f"\n{n} records per round, {len(next(iter(rows.values())))} rounds; median (min–max)")
print("| server | CPU µs / record | peak RSS MB | produce ms | consume ms |")
print("| --- | --- | --- | --- | --- |")
for name, rs in rows.items():
    print(f"| {name} | {fmt([r[0] * 1000 / n for r in rs], lambda x: f'{x:.2f}')} | "
          f"{fmt([r[1] / 1024 for r in rs], lambda x: f'{x:.0f}')} | {fmt([r[2] for r in rs], lambda x: f'{x:.0f}')} | "
          f"{fmt([r[3] for r in rs], lambda x: f'{x:.0f}')} |")
EOF
