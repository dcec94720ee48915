# Sourced by the Kafka oracle and broker scripts. Sets the kafka-clients releases the repository
# is pinned to, read from the one file that states them, tools/codegen/inputs.json (first jar:
# the current release, second: the legacy one):
#   KAFKA_PINS_FILE   the file
#   KAFKA_CURRENT     e.g. 4.4.0           KAFKA_CURRENT_SHA256   its jar's sha256
#   KAFKA_LEGACY      e.g. 3.9.2           KAFKA_LEGACY_SHA256
#   KAFKA_MVN_PINS    -D flags that give Maven the same versions (the poms' defaults are checked
#                     against the file by conformance/pins_test.ts)
KAFKA_PINS_FILE="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/tools/codegen/inputs.json"
read -r KAFKA_CURRENT KAFKA_CURRENT_SHA256 KAFKA_LEGACY KAFKA_LEGACY_SHA256 < <(
  node -e 'const j = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).jars;
    console.log(j[0].label, j[0].sha256, j[1].label, j[1].sha256)' "$KAFKA_PINS_FILE"
)
if [ -z "${KAFKA_LEGACY_SHA256:-}" ]; then
  echo "kafka pins: could not read $KAFKA_PINS_FILE (needs node)" >&2
  exit 1
fi
KAFKA_MVN_PINS=("-Dkafka.current.version=$KAFKA_CURRENT" "-Dkafka.legacy.version=$KAFKA_LEGACY")
