#!/usr/bin/env bash
# Two checkouts of the inspector, A and B, on the same capture as whole processes, in turn.
#
#   bash bench/inspect_ab.sh --a DIR --b DIR --capture FILE [--kafka-port P ...] [--rounds 9]
#
# DIR is a checkout of the repository (a `git worktree add --detach DIR COMMIT` is enough);
# each runs its own `deno task inspect` command (src/cli/bin.ts inspect --format json) with this
# checkout's deno binary, output to /dev/null. Once before timing, both outputs are compared
# (md5sum): a speed-up that changes the output is reported as such. Each round runs A and B, the
# order swapped every other round; B ÷ A is taken within each round, for wall clock and for CPU
# time (user + sys, /usr/bin/time), and printed as median (min–max) with the load average.
set -euo pipefail
cd "$(dirname "$0")/.."
a="" b="" capture="" rounds=9 ports=()
while [ $# -gt 0 ]; do
  case "$1" in
    --a) a="$2"; shift ;;
    --b) b="$2"; shift ;;
    --capture) capture="$2"; shift ;;
    --kafka-port) ports+=("--kafka-port" "$2"); shift ;;
    --rounds) rounds="$2"; shift ;;
    -h | --help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
[ -n "$a" ] && [ -n "$b" ] && [ -n "$capture" ] || { echo "give --a DIR --b DIR --capture FILE (see --help)" >&2; exit 2; }
if [ -x node_modules/.bin/deno ]; then DENO="$PWD/node_modules/.bin/deno"; else DENO="npx --yes deno"; fi
cmd() { # the task's command of checkout $1
  local flags; flags=$(sed -n 's/.*"command": "deno run \([^"]*\) src\/cli\/bin.ts inspect".*/\1/p' "$1/deno.json")
  echo "$DENO run $flags $1/src/cli/bin.ts inspect --format json --no-progress ${ports[*]:-} $capture"
}
A=$(cmd "$a") B=$(cmd "$b")
work="$(mktemp -d "${TMPDIR:-/tmp}/streamwire-inspect-ab.XXXXXX")"
trap 'rm -rf "$work"' EXIT
ha=$($A 2>/dev/null | md5sum | cut -d' ' -f1) hb=$($B 2>/dev/null | md5sum | cut -d' ' -f1)
echo "A: $(git -C "$a" log --oneline -1 2>/dev/null | cut -c1-60) ($A)"
echo "B: $(git -C "$b" log --oneline -1 2>/dev/null | cut -c1-60)"
[ "$ha" = "$hb" ] && echo "output: the same (md5 $ha)" || echo "output: DIFFERS (A $ha, B $hb)"
measure() { # "wall cpu" of one process
  /usr/bin/time -f "%e %U %S" -o "$work/t" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; return 1; }
  awk '{ printf "%s %.2f", $1, $2 + $3 }' "$work/t"
}
stats() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { printf "%s (%s–%s)", v[int((NR + 1) / 2)], v[1], v[NR] }'; }
rw=() rc=()
for i in $(seq 1 "$rounds"); do
  if [ $((i % 2)) = 1 ]; then
    read -r aw ac <<<"$(measure $A)"; read -r bw bc <<<"$(measure $B)"
  else
    read -r bw bc <<<"$(measure $B)"; read -r aw ac <<<"$(measure $A)"
  fi
  rw+=("$(awk -v a="$aw" -v b="$bw" 'BEGIN { printf "%.3f", b / a }')")
  rc+=("$(awk -v a="$ac" -v b="$bc" 'BEGIN { printf "%.3f", b / a }')")
  echo "round $i: A ${aw}s wall ${ac}s CPU; B ${bw}s wall ${bc}s CPU; B/A ${rw[-1]} wall ${rc[-1]} CPU (load $(cut -d' ' -f1-3 /proc/loadavg))"
done
echo "B ÷ A over $rounds rounds: wall $(stats "${rw[@]}"), CPU $(stats "${rc[@]}")"
