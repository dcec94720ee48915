#!/usr/bin/env bash
# The inspector beside tshark on the same captures (Debian's tshark, installed here if missing).
#
#   bash bench/inspect_vs_tshark.sh [--mb 128] [--rounds 5] [--broker-capture FILE] [--help]
#
# Speed: a generated Kafka capture (bench/inspect_capture.ts: Produce/Fetch with record batches,
# Metadata) through `streamwire inspect --format json` and `tshark -T json -d tcp.port==9092,kafka`,
# both writing to /dev/null, in alternating rounds. The clock is each process's CPU time
# (user + sys, from /usr/bin/time), so the ratio holds on a loaded machine; the load is printed.
# Correctness: with --broker-capture (conformance/broker/target/captures/kafka-<v>.pcap, recorded by
# the broker suite), how many of the real broker's messages each tool decodes.
set -euo pipefail
cd "$(dirname "$0")/.."
mb=128 rounds=5 broker=""
while [ $# -gt 0 ]; do
  case "$1" in
    --mb) mb="$2"; shift ;;
    --rounds) rounds="$2"; shift ;;
    --broker-capture) broker="$2"; shift ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
if ! command -v tshark >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends tshark >/dev/null
fi
# The deno binary itself (npx would add its own start-up to every timed run).
if [ -x node_modules/.bin/deno ]; then DENO=node_modules/.bin/deno; else DENO="npx --yes deno"; fi
cap="$(mktemp -d)/kafka-$mb.pcap"
$DENO run -A bench/inspect_capture.ts --mb "$mb" --out "$cap"
cpu() { /usr/bin/time -f "%U %S" -o "$1" "${@:2}" >/dev/null 2>&1; awk '{ printf "%.3f", $1 + $2 }' "$1"; }
t=$(mktemp)
ratios=() sw=() ts=()
for i in $(seq 1 "$rounds"); do
  a=$(cpu "$t" $DENO run --allow-read src/cli/bin.ts inspect --format json --no-progress "$cap")
  b=$(cpu "$t" tshark -r "$cap" -d tcp.port==9092,kafka -T json)
  sw+=("$a") ts+=("$b")
  ratios+=("$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", b / a }')")
  echo "round $i: streamwire ${a}s CPU, tshark ${b}s CPU, tshark/streamwire ${ratios[-1]}x  (load $(cut -d' ' -f1-3 /proc/loadavg))"
done
stats() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { printf "median %s (min %s, max %s, %d rounds)", v[int((NR + 1) / 2)], v[1], v[NR], NR }'; }
size=$(stat -c %s "$cap")
echo
echo "capture: $size bytes ($mb MiB target), $(nproc) cores, clock: process CPU time (user+sys)"
echo "streamwire inspect --format json: $(stats "${sw[@]}") s"
echo "tshark -T json:                   $(stats "${ts[@]}") s"
echo "throughput ratio (tshark CPU / streamwire CPU): $(stats "${ratios[@]}")x"
if [ -n "$broker" ]; then
  echo
  echo "correctness on $broker:"
  ports=$($DENO run --allow-read bench/_capture_ports.ts "$broker")
  dflags=(); for p in $ports; do dflags+=(-d "tcp.port==$p,kafka"); done
  $DENO run --allow-read src/cli/bin.ts inspect --summary-only --format json $(for p in $ports; do echo --kafka-port "$p"; done) "$broker" 2>&1 >/dev/null | tail -1
  total=$(tshark -r "$broker" "${dflags[@]}" -Y kafka 2>/dev/null | wc -l)
  malformed=$(tshark -r "$broker" "${dflags[@]}" -Y "_ws.malformed" 2>/dev/null | wc -l)
  undecoded=$(tshark -r "$broker" "${dflags[@]}" -Y "_ws.expert.group == 0x05000000 || _ws.expert.message contains \"Unsupported\"" 2>/dev/null | wc -l)
  echo "tshark: $total packets with Kafka, $malformed malformed (exception), $undecoded with an unsupported-version or undecoded item"
  tshark -r "$broker" "${dflags[@]}" -q -z expert 2>/dev/null | sed -n '/Errors/,/^$/p;/Warns/,+6p'
fi
