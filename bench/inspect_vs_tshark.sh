#!/usr/bin/env bash
# The inspector beside tshark on the same captures (Debian's tshark, installed here if missing).
#
#   bash bench/inspect_vs_tshark.sh --broker-capture FILE --kafka-port P [--kafka-port P ...]
#   bash bench/inspect_vs_tshark.sh --record-broker        # record one first (Java, Maven, tcpdump)
#   options: [--versions "4.4.0 3.9.2"] [--times 20] [--rounds 5] [--gb 1] [--no-gb] [--help]
#
# Captures: the real-broker capture (a tcpdump of conformance/broker/run.sh on lo, both brokers
# unless --versions says otherwise, cut to the brokers' ports; --record-broker makes it: about
# 9 MB and 15,400 messages), and the one built from the vectors
# (conformance/captures/write_kafka.ts, port 9092). Each is also written --times times over
# (bench/replicate_capture.ts: same packets, every copy its own connections), so that the
# timing is of the decoding rather than of start-up.
# Timing: whole processes, `streamwire inspect --format json` (the command of `deno task inspect`)
# and tshark's Kafka-only JSON (`tshark -d tcp.port==P,kafka -Y kafka -T json -J kafka`), both
# writing to /dev/null, alternating in each round; the ratio is taken within each round, for
# wall clock and for CPU time (user + sys of the process, from /usr/bin/time). Medians with
# min-max over the rounds; the load average is printed with every round. The same command is
# also timed from one file (`deno bundle` of src/cli/bin.ts), which tells the loading of the
# package's ~210 modules apart from the decoding.
# Memory: a ~1 GB capture of the same kind (the broker capture written over and over), read as a
# stream; peak RSS from /usr/bin/time. Fidelity: conformance/captures/absent_fields.ts counts the
# messages that show a field their version does not have, on both captures.
set -euo pipefail
cd "$(dirname "$0")/.."
times=20 rounds=5 gb=1 broker="" record=false ports=() versions=""
usage() { sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case "$1" in
    --broker-capture) broker="$2"; shift ;;
    --kafka-port) ports+=("$2"); shift ;;
    --record-broker) record=true ;;
    --versions) versions="$2"; shift ;;
    --times) times="$2"; shift ;;
    --rounds) rounds="$2"; shift ;;
    --gb) gb="$2"; shift ;;
    --no-gb) gb=0 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
need() {
  command -v "$1" >/dev/null && return
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends "$2" >/dev/null
}
need tshark tshark
# The deno binary itself (npx would add its own start-up to every timed run).
if [ -x node_modules/.bin/deno ]; then DENO=node_modules/.bin/deno; else DENO="npx --yes deno"; fi
# The command `deno task inspect` runs (deno.json), without the task runner's own process.
SW="$DENO $(sed -n 's/.*"command": "deno \(run [^"]*inspect\)".*/\1/p' deno.json)"
work="$(mktemp -d "${TMPDIR:-/tmp}/streamwire-inspect-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT

if $record; then
  need tcpdump tcpdump
  suite=(bash conformance/broker/run.sh)
  [ -n "$versions" ] && suite+=(--versions "$versions")
  echo "recording the broker suite (${suite[*]}) on lo"
  # Bounded in time; stopped as soon as the suite ends. run.sh picks its ports in 20000-60000.
  timeout 1800 tcpdump -i lo -s 0 -B 65536 -w "$work/lo.pcap" 'tcp portrange 20000-60000' 2>"$work/tcpdump.log" &
  tcpdump_pid=$!
  for _ in $(seq 1 100); do grep -q "listening on" "$work/tcpdump.log" 2>/dev/null && break; sleep 0.1; done
  "${suite[@]}" | tee "$work/broker.log" | grep -E "^broker" || true
  kill -INT "$tcpdump_pid"; wait "$tcpdump_pid" || true
  # Every broker's plaintext, SASL and controller ports.
  read -r -a ports <<<"$(grep "PLAINTEXT 127.0.0.1:" "$work/broker.log" | grep -oE ':[0-9]+' | tr -d ':' | tr '\n' ' ')"
  filter=$(printf 'tcp.port==%s || ' "${ports[@]}"); filter=${filter% || }
  # Kept for later runs (--broker-capture bench/target/broker.pcap with the ports printed here).
  mkdir -p bench/target
  broker=bench/target/broker.pcap
  tshark -r "$work/lo.pcap" -F pcap -w "$broker" -Y "$filter" 2>/dev/null
  echo "broker capture: $broker, $(stat -c %s "$broker") bytes; again with:" \
    "--broker-capture $broker$(printf ' --kafka-port %s' "${ports[@]}")"
fi
[ -n "$broker" ] || { echo "give --broker-capture FILE --kafka-port P..., or --record-broker (see --help)" >&2; exit 2; }
[ ${#ports[@]} -gt 0 ] || { echo "--broker-capture needs its --kafka-port(s)" >&2; exit 2; }

$DENO run -A conformance/captures/write_kafka.ts "$work/vectors.pcap" >/dev/null
# The same command from one file: what is left is decoding, not module loading.
$DENO bundle --quiet -o "$work/streamwire.js" src/cli/bin.ts
SWB="$DENO run --allow-read --v8-flags=--max-semi-space-size=4 $work/streamwire.js inspect"
$DENO run -A bench/replicate_capture.ts --in "$broker" --times "$times" --out "$work/broker-x$times.pcap" >/dev/null
$DENO run -A bench/replicate_capture.ts --in "$work/vectors.pcap" --times "$times" --out "$work/vectors-x$times.pcap" >/dev/null

sw_flags() { for p in "$@"; do printf -- '--kafka-port %s ' "$p"; done; }
ts_flags() { for p in "$@"; do printf -- '-d tcp.port==%s,kafka ' "$p"; done; }
# "wall cpu rss_kib" of one process.
measure() {
  /usr/bin/time -f "%e %U %S %M" -o "$work/t" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; return 1; }
  awk '{ printf "%s %.2f %s", $1, $2 + $3, $4 }' "$work/t"
}
stats() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { printf "median %s (min %s, max %s, %d rounds)", v[int((NR + 1) / 2)], v[1], v[NR], NR }'; }
compare() { # name file ports...
  local name="$1" file="$2"; shift 2
  local size; size=$(stat -c %s "$file")
  local rw=() rc=() sww=() swc=() tsw=() tsc=() mbw=() mbc=() brw=() brc=()
  echo
  echo "== $name: $file, $size bytes"
  for i in $(seq 1 "$rounds"); do
    read -r aw ac am <<<"$(measure $SW --format json --no-progress $(sw_flags "$@") "$file")"
    read -r bw bc bm <<<"$(measure tshark -r "$file" $(ts_flags "$@") -Y kafka -T json -J kafka)"
    read -r cw cc _ <<<"$(measure $SWB --format json --no-progress $(sw_flags "$@") "$file")"
    brw+=("$(awk -v a="$cw" -v b="$bw" 'BEGIN { printf "%.2f", b / a }')")
    brc+=("$(awk -v a="$cc" -v b="$bc" 'BEGIN { printf "%.2f", b / a }')")
    sww+=("$aw") swc+=("$ac") tsw+=("$bw") tsc+=("$bc")
    rw+=("$(awk -v a="$aw" -v b="$bw" 'BEGIN { printf "%.2f", b / a }')")
    rc+=("$(awk -v a="$ac" -v b="$bc" 'BEGIN { printf "%.2f", b / a }')")
    mbw+=("$(awk -v s="$size" -v t="$aw" 'BEGIN { printf "%.1f", s / 1e6 / t }')")
    mbc+=("$(awk -v s="$size" -v t="$ac" 'BEGIN { printf "%.1f", s / 1e6 / t }')")
    echo "round $i: streamwire ${aw}s wall ${ac}s CPU ${am} KiB; tshark ${bw}s wall ${bc}s CPU ${bm} KiB;" \
      "tshark/streamwire ${rw[-1]}x wall ${rc[-1]}x CPU; bundled ${cw}s wall ${cc}s CPU" \
      "(load $(cut -d' ' -f1-3 /proc/loadavg))"
  done
  echo "streamwire: wall $(stats "${sww[@]}") s; CPU $(stats "${swc[@]}") s"
  echo "tshark -Y kafka -T json -J kafka: wall $(stats "${tsw[@]}") s; CPU $(stats "${tsc[@]}") s"
  echo "ratio tshark/streamwire: wall $(stats "${rw[@]}")x; CPU $(stats "${rc[@]}")x"
  echo "ratio tshark/streamwire bundled: wall $(stats "${brw[@]}")x; CPU $(stats "${brc[@]}")x"
  echo "streamwire throughput: $(stats "${mbw[@]}") MB/s of wall clock; $(stats "${mbc[@]}") MB/s of CPU time"
}

echo "$(nproc) cores, $(tshark --version | head -1), $($DENO --version | head -1); clock: /usr/bin/time (wall, user+sys)"
echo "streamwire: $SW"
echo
echo "== fields absent at their version (conformance/captures/absent_fields.ts)"
for c in "$broker:$(sw_flags "${ports[@]}")" "$work/vectors.pcap:"; do
  f=${c%%:*} fl=${c#*:}
  printf '%s: ' "$(basename "$f")"
  $DENO run --allow-read src/cli/bin.ts inspect --format json --no-progress $fl "$f" 2>/dev/null |
    $DENO run --allow-read conformance/captures/absent_fields.ts | head -1
done
compare "real broker capture" "$broker" "${ports[@]}"
compare "real broker capture, $times copies" "$work/broker-x$times.pcap" "${ports[@]}"
compare "vectors capture, $times copies" "$work/vectors-x$times.pcap" 9092
if [ "$gb" != 0 ]; then
  copies=$(( (gb * 1024 * 1024 * 1024) / $(stat -c %s "$broker") + 1 ))
  $DENO run -A bench/replicate_capture.ts --in "$broker" --times "$copies" --out "$work/big.pcap" >/dev/null
  echo
  echo "== ${gb} GB: $(stat -c %s "$work/big.pcap") bytes ($copies copies of the broker capture), streamwire only"
  read -r aw ac am <<<"$(measure $SW --format json --no-progress $(sw_flags "${ports[@]}") "$work/big.pcap")"
  echo "streamwire: ${aw}s wall, ${ac}s CPU, peak RSS $(( am / 1024 )) MiB," \
    "$(awk -v s="$(stat -c %s "$work/big.pcap")" -v t="$aw" 'BEGIN { printf "%.1f", s / 1e6 / t }') MB/s (load $(cut -d' ' -f1-3 /proc/loadavg))"
fi
echo
echo "== what tshark gets wrong on $broker"
dflags=$(ts_flags "${ports[@]}")
total=$(tshark -r "$broker" $dflags -Y kafka 2>/dev/null | wc -l)
malformed=$(tshark -r "$broker" $dflags -Y "_ws.malformed" 2>/dev/null | wc -l)
undecoded=$(tshark -r "$broker" $dflags -Y "_ws.expert.group == 0x05000000 || _ws.expert.message contains \"Unsupported\"" 2>/dev/null | wc -l)
echo "tshark: $total packets with Kafka, $malformed malformed (exception), $undecoded with an unsupported-version or undecoded item"
$DENO run --allow-read src/cli/bin.ts inspect --summary-only --format json $(sw_flags "${ports[@]}") "$broker" 2>&1 >/dev/null | tail -1
