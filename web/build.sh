#!/bin/sh
# build.sh builds static/patience.wasm.gz, the WebAssembly (compressed) the page's Web
# Worker runs, from ./wasm (the project's rules, dealgen, solver and sample
# packages), and copies Go's own wasm_exec.js beside it. `go generate
# ./web` runs it. The build is reproducible (-trimpath -buildvcs=false, no
# symbol table): the same Go version makes the same bytes, which
# TestWasmIsFresh checks. The Go version is recorded beside the file and in
# go.mod's toolchain line, so that CI builds with the same one.
set -eu
cd "$(dirname "$0")"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
env GOOS=js GOARCH=wasm CGO_ENABLED=0 GOFLAGS= GOWASM= \
  go build -trimpath -buildvcs=false -ldflags='-s -w' -o "$out/patience.wasm" ./wasm
gzip -9 -n -c "$out/patience.wasm" > static/patience.wasm.gz
cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" static/wasm_exec.js
chmod 644 static/wasm_exec.js static/patience.wasm.gz
go env GOVERSION > patience.wasm.goversion
go mod edit -toolchain="$(go env GOVERSION)"
