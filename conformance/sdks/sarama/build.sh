#!/usr/bin/env bash
# Builds the sarama runner. sarama keeps its codecs unexported, so the runner reaches them
# through shim/streamwire_shim.go (streamwire's own file) compiled into the sarama package:
# the pinned module (verified against go.sum by `go mod download`) is copied unmodified to
# target/sarama, the shim is added beside it, and the build uses a generated modfile that
# replaces the module with that copy. go.mod/go.sum stay the pins; nothing is committed from
# sarama.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p target
version=$(go list -m -f '{{.Version}}' github.com/IBM/sarama)
go mod download "github.com/IBM/sarama@$version"
dir=$(go list -m -f '{{.Dir}}' github.com/IBM/sarama)
rm -rf target/sarama
cp -r "$dir" target/sarama
chmod -R u+w target/sarama
cp shim/streamwire_shim.go target/sarama/zz_streamwire_shim.go
cp go.mod target/go.build.mod
cp go.sum target/go.build.sum
echo 'replace github.com/IBM/sarama => ./target/sarama' >> target/go.build.mod
go build -modfile=target/go.build.mod -o target/runner .
