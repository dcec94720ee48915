#!/usr/bin/env bash
# Record-format oracle (RecordsOracle.java): Kafka's own record builders and readers.
#   bash conformance/kafka-oracle/records.sh generate vectors/kafka   # record_batch.json, message_set.json (+ bin/)
#   bash conformance/kafka-oracle/records.sh testee                   # JSON lines: {"id","hex"} -> decoded records
# Builds through the same pom as run.sh when the jar is missing or older than the sources. Unlike
# run.sh's Main (which loads kafka-clients in its own class loaders), RecordsOracle is linked
# against the current pinned kafka-clients (conformance/lib/kafka_pins.sh) directly and needs its compression libraries (zstd-jni, lz4-java,
# snappy-java) on the class path; Maven resolves them from the pom's kafka-clients dependency.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jar="$here/target/kafka-oracle.jar"
cpfile="$here/target/records-classpath.txt"
# shellcheck source=../lib/kafka_pins.sh
. "$here/../lib/kafka_pins.sh"
kafka_jar="$here/target/kafka-jars/kafka-clients-$KAFKA_CURRENT.jar"

needs_build() {
  [ -f "$jar" ] || return 0
  [ -f "$kafka_jar" ] || return 0
  [ -n "$(find "$here/pom.xml" "$here/src" "$KAFKA_PINS_FILE" -newer "$jar" -type f -print -quit)" ]
}

if needs_build; then
  echo "kafka-oracle: building (mvn package)" >&2
  (cd "$here" && { mvn -q -B -o "${KAFKA_MVN_PINS[@]}" package 1>&2 || mvn -q -B "${KAFKA_MVN_PINS[@]}" package 1>&2; })
fi

# The kafka-clients jar must be the one the pins name.
have="$(sha256sum "$kafka_jar" | cut -d' ' -f1)"
if [ "$KAFKA_CURRENT_SHA256" != "$have" ]; then
  echo "kafka-oracle: $kafka_jar does not match its sha256 in $KAFKA_PINS_FILE" >&2
  exit 1
fi

if [ ! -f "$cpfile" ] || [ "$here/pom.xml" -nt "$cpfile" ] || [ "$KAFKA_PINS_FILE" -nt "$cpfile" ]; then
  (cd "$here" && { mvn -q -B -o "${KAFKA_MVN_PINS[@]}" dependency:build-classpath -Dmdep.outputFile="$cpfile" 1>&2 ||
    mvn -q -B "${KAFKA_MVN_PINS[@]}" dependency:build-classpath -Dmdep.outputFile="$cpfile" 1>&2; })
fi
# Everything Maven resolved except kafka-clients itself, which comes from the checked copy.
deps="$(tr ':' '\n' <"$cpfile" | grep -v '/kafka-clients-' | paste -sd: -)"

exec java -XX:+UseSerialGC -cp "$jar:$kafka_jar:$deps" streamwire.oracle.kafka.RecordsOracle "$@"
