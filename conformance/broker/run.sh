#!/usr/bin/env bash
# End-to-end suite against real Apache Kafka brokers (see README.md beside this file).
#
#   bash conformance/broker/run.sh                      # both pinned brokers (current, then legacy)
#   bash conformance/broker/run.sh --versions 4.4.0     # one broker
#   bash conformance/broker/run.sh --require-java       # CI: missing Java/Maven is a failure
#   bash conformance/broker/run.sh --keep               # keep the broker's temp dir (logs)
#   bash conformance/broker/run.sh --serve --versions 4.4.0   # start one broker and wait (debugging)
#   bash conformance/broker/run.sh --quorum static      # static controller.quorum.voters instead of
#                                                       # a --standalone dynamic quorum (both work on 4.4 and 3.9)
#
# For each release: Maven copies the pinned broker jars into target/kafka-<version>/ (offline
# when ~/.m2 already has them), StorageTool formats a temp log dir (single-node KRaft combined
# broker+controller, SCRAM users added at format time), the broker starts on 127.0.0.1 only on
# free ports with a small heap, e2e.ts runs against it, and the broker is stopped whatever
# happens. Exit status: 0 when every suite passed (or Java/Maven are missing without
# --require-java), 1 otherwise.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

# The broker releases are the kafka-clients releases of the one pin file (tools/codegen/inputs.json).
# shellcheck source=../lib/kafka_pins.sh
. "$root/conformance/lib/kafka_pins.sh"
versions="$KAFKA_CURRENT $KAFKA_LEGACY"
require_java=false
keep=false
serve=false
quorum=standalone
e2e_args=()
usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; echo; echo "Other flags are passed to e2e.ts: --verbose, --modes max,min (after --, anything)."; }
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help) usage; exit 0 ;;
    --require-java) require_java=true ;;
    --versions) versions="${2//,/ }"; shift ;;
    --keep) keep=true ;;
    --serve) serve=true ;;
    --quorum) quorum="$2"; shift ;;
    --) shift; e2e_args+=("$@"); break ;;
    --verbose) e2e_args+=("$1") ;;
    --modes) e2e_args+=("$1" "$2"); shift ;;
    *) echo "error: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

missing=""
command -v java >/dev/null 2>&1 || missing="java"
command -v mvn >/dev/null 2>&1 || missing="${missing:+$missing and }mvn"
if [ -n "$missing" ]; then
  if $require_java; then
    echo "broker suite: $missing not found (needed to run the Apache Kafka broker); --require-java makes this a failure" >&2
    exit 1
  fi
  echo "broker suite: SKIPPED — $missing not found. Install Java 17+ and Maven to run the Apache Kafka broker suite."
  exit 0
fi

# The broker suite needs a TypeScript runtime with node:net; Deno is what CI uses.
runtime="${BROKER_RUNTIME:-deno}"
case "$runtime" in
  deno) run_ts=(npx --yes deno run --allow-net --allow-read --allow-env "--allow-write=$here/target") ;;
  bun) run_ts=(npx --yes bun) ;;
  *) echo "BROKER_RUNTIME must be deno or bun" >&2; exit 2 ;;
esac

profile_of() {
  case "$1" in
    "$KAFKA_CURRENT" | "$KAFKA_LEGACY") echo "kafka-${1%.*}" ;;
    *) echo "unsupported broker version $1 (pinned: $KAFKA_CURRENT, $KAFKA_LEGACY)" >&2; return 1 ;;
  esac
}

fetch_jars() {
  local v="$1" dir="$here/target/kafka-$1" profile
  profile="$(profile_of "$v")"
  [ -f "$dir/.complete" ] && return 0
  echo "broker $v: fetching jars (mvn dependency:copy-dependencies)"
  rm -rf "$dir"
  (cd "$here" && { mvn -q -B -o -Dstyle.color=never -P "$profile" -Dkafka.version="$v" dependency:copy-dependencies 2>/dev/null ||
    mvn -q -B -Dstyle.color=never -P "$profile" -Dkafka.version="$v" dependency:copy-dependencies; })
  [ -f "$dir/kafka_2.13-$v.jar" ] || { echo "broker $v: kafka_2.13-$v.jar missing after Maven" >&2; return 1; }
  touch "$dir/.complete"
}

# A port nobody listens on right now (the broker binds it a few seconds later; collisions are
# possible but unlikely in the 20000-60000 range, and show as a bind error in the broker log).
used_ports=" "
free_port() {
  local p
  for _ in $(seq 1 200); do
    p=$(( 20000 + RANDOM % 40000 ))
    case "$used_ports" in *" $p "*) continue ;; esac
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      used_ports="$used_ports$p "
      echo "$p"
      return 0
    fi
  done
  echo "no free port found" >&2
  return 1
}

broker_pid=""
workdir=""
stop_broker() {
  if [ -n "$broker_pid" ] && kill -0 "$broker_pid" 2>/dev/null; then
    kill "$broker_pid" 2>/dev/null || true
    # A clean KRaft shutdown takes a few seconds; do not wait forever.
    for _ in $(seq 1 50); do kill -0 "$broker_pid" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$broker_pid" 2>/dev/null || true
    wait "$broker_pid" 2>/dev/null || true
  fi
  broker_pid=""
  if [ -n "$workdir" ]; then
    if $keep; then echo "broker: kept $workdir"; else rm -rf "$workdir"; fi
  fi
  workdir=""
}
trap stop_broker EXIT
trap 'exit 130' INT TERM

SASL_USER=streamwire
SASL_PASSWORD=streamwire-secret

start_broker() {
  local v="$1" libs="$here/target/kafka-$1"
  workdir="$(mktemp -d "${TMPDIR:-/tmp}/streamwire-broker-$v.XXXXXX")"
  plain_port="$(free_port)"
  sasl_port="$(free_port)"
  ctrl_port="$(free_port)"
  local jaas_plain="org.apache.kafka.common.security.plain.PlainLoginModule required user_${SASL_USER}=\"${SASL_PASSWORD}\";"
  local quorum_line="controller.quorum.bootstrap.servers=127.0.0.1:$ctrl_port" format_mode=(--standalone)
  if [ "$quorum" = static ]; then
    quorum_line="controller.quorum.voters=1@127.0.0.1:$ctrl_port"
    format_mode=()
  fi
  local jaas_scram="org.apache.kafka.common.security.scram.ScramLoginModule required;"
  cat >"$workdir/server.properties" <<EOF
process.roles=broker,controller
node.id=1
$quorum_line
listeners=PLAINTEXT://127.0.0.1:$plain_port,SASL_PLAINTEXT://127.0.0.1:$sasl_port,CONTROLLER://127.0.0.1:$ctrl_port
advertised.listeners=PLAINTEXT://127.0.0.1:$plain_port,SASL_PLAINTEXT://127.0.0.1:$sasl_port
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT
sasl.enabled.mechanisms=PLAIN,SCRAM-SHA-256,SCRAM-SHA-512
listener.name.sasl_plaintext.plain.sasl.jaas.config=$jaas_plain
listener.name.sasl_plaintext.scram-sha-256.sasl.jaas.config=$jaas_scram
listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config=$jaas_scram
authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer
super.users=User:ANONYMOUS;User:$SASL_USER
allow.everyone.if.no.acl.found=true
delegation.token.secret.key=streamwire-e2e-delegation-token-secret
log.dirs=$workdir/data
num.partitions=1
auto.create.topics.enable=false
offsets.topic.replication.factor=1
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
share.coordinator.state.topic.num.partitions=1
group.initial.rebalance.delay.ms=0
group.streams.initial.rebalance.delay.ms=0
num.network.threads=2
num.io.threads=2
background.threads=2
num.recovery.threads.per.data.dir=1
log.message.timestamp.after.max.ms=9223372036854775807
EOF
  # Java 17 + small heap; serial GC and C1 only keep the two shared cores for the suite.
  local jvm=(-Xmx512m -Xms128m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true
    -Dlog4j.configuration="file:$here/log4j.properties" -Dlog4j2.configurationFile="$here/log4j2.properties"
    -Dkafka.logs.dir="$workdir")
  local cluster_id
  cluster_id="$(java -XX:TieredStopAtLevel=1 -cp "$libs/*" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -n 1)"
  java "${jvm[@]}" -cp "$libs/*" kafka.tools.StorageTool format "${format_mode[@]}" -t "$cluster_id" \
    -c "$workdir/server.properties" \
    --add-scram "SCRAM-SHA-256=[name=$SASL_USER,password=$SASL_PASSWORD]" \
    --add-scram "SCRAM-SHA-512=[name=$SASL_USER,password=$SASL_PASSWORD]" >"$workdir/format.log" 2>&1 || {
    echo "broker $v: StorageTool format failed:" >&2
    cat "$workdir/format.log" >&2
    return 1
  }
  java "${jvm[@]}" -cp "$libs/*" kafka.Kafka "$workdir/server.properties" >"$workdir/broker.log" 2>&1 &
  broker_pid=$!
  echo "broker $v: pid $broker_pid, PLAINTEXT 127.0.0.1:$plain_port, SASL_PLAINTEXT 127.0.0.1:$sasl_port, controller :$ctrl_port"
}

overall=0
results=()
suite_start=$(date +%s)
for v in $versions; do
  t0=$(date +%s)
  fetch_jars "$v"
  rm -f "$here/target/results-$v.json"
  start_broker "$v"
  if $serve; then
    # Scripts that start the broker this way (conformance/kafka-peer/clients/run.sh) wait for the
    # "ready" line: the broker answered ApiVersions and listed itself in Metadata.
    (cd "$root" && "${run_ts[@]}" conformance/broker/e2e.ts --wait-only --bootstrap "127.0.0.1:$plain_port") || {
      echo "broker $v: did not become ready; last lines of the broker log:" >&2
      tail -n 40 "$workdir/broker.log" >&2 || true
      exit 1
    }
    echo "broker $v: ready, PLAINTEXT 127.0.0.1:$plain_port, SASL_PLAINTEXT 127.0.0.1:$sasl_port (user $SASL_USER, password $SASL_PASSWORD)"
    echo "broker $v: serving until interrupted (log: $workdir/broker.log)"
    wait "$broker_pid" || true
    continue
  fi
  set +e
  # The suite's traffic is recorded (conformance/broker/_capture.ts) and must decode 100 % in the inspector.
  mkdir -p "$here/target/captures"
  capture="$here/target/captures/kafka-$v.pcap"
  (cd "$root" && STREAMWIRE_CAPTURE="$capture" "${run_ts[@]}" conformance/broker/e2e.ts --broker-version "$v" \
    --bootstrap "127.0.0.1:$plain_port" --sasl "127.0.0.1:$sasl_port" \
    --sasl-user "$SASL_USER" --sasl-password "$SASL_PASSWORD" --results "$here/target/results-$v.json" \
    --broker-log "$workdir/broker.log" "${e2e_args[@]}")
  rc=$?
  if [ $rc -eq 0 ] && [ -f "$capture" ]; then
    echo "broker $v: the inspector over the suite's capture ($(wc -c <"$capture") bytes)"
    (cd "$root" && "${run_ts[@]}" src/cli/bin.ts inspect --summary-only --format pretty --fail-on-undecoded \
      --kafka-port "$plain_port" --kafka-port "$sasl_port" "$capture") || rc=1
    # --format json writes Kafka bodies from their bytes: the same text as decoding them, on real traffic.
    (cd "$root" && "${run_ts[@]}" conformance/captures/json_both_ways.ts \
      --kafka-port "$plain_port" --kafka-port "$sasl_port" "$capture") || rc=1
  fi
  set -e
  if [ $rc -ne 0 ]; then
    overall=1
    echo "broker $v: suite failed (exit $rc); last lines of the broker log:"
    tail -n 40 "$workdir/broker.log" || true
  fi
  [ -f "$here/target/results-$v.json" ] && results+=("conformance/broker/target/results-$v.json")
  stop_broker
  echo "broker $v: $(( $(date +%s) - t0 ))s (jars, format, start, suite, stop)"
done
if ! $serve && [ ${#results[@]} -gt 1 ]; then
  echo
  echo "=== api x version x broker"
  (cd "$root" && "${run_ts[@]}" conformance/broker/e2e.ts --summary "${results[@]}") || overall=1
fi
$serve || echo "broker suite: $(( $(date +%s) - suite_start ))s"
exit $overall
