#!/usr/bin/env bash
# Kafka oracle entry point (see README.md beside this file).
#   bash conformance/kafka-oracle/run.sh generate vectors/kafka   # rewrite the Kafka vectors
#   bash conformance/kafka-oracle/run.sh testee                   # JSON-lines differential testee
# Builds the oracle first when the jar is missing or older than its sources: offline when the
# Maven cache already holds everything, online otherwise (first run on a fresh machine).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jar="$here/target/kafka-oracle.jar"
# shellcheck source=../lib/kafka_pins.sh
. "$here/../lib/kafka_pins.sh"

needs_build() {
  [ -f "$jar" ] || return 0
  for j in "kafka-clients-$KAFKA_CURRENT.jar" "kafka-clients-$KAFKA_LEGACY.jar" slf4j-api-1.7.36.jar; do
    [ -f "$here/target/kafka-jars/$j" ] || return 0
  done
  [ -n "$(find "$here/pom.xml" "$here/src" "$KAFKA_PINS_FILE" -newer "$jar" -type f -print -quit)" ]
}

if needs_build; then
  echo "kafka-oracle: building (mvn package)" >&2
  (cd "$here" && { mvn -q -B -o "${KAFKA_MVN_PINS[@]}" package 1>&2 || mvn -q -B "${KAFKA_MVN_PINS[@]}" package 1>&2; })
fi

exec java -XX:+UseSerialGC -cp "$jar" streamwire.oracle.kafka.Main "$@"
