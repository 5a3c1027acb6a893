#!/usr/bin/env bash
# Timed satfuzz campaigns against every target, with option fuzzing, on
# -j 2; prints each campaign's summary. Usage: bench/satfuzz/run.sh [BUDGET] [OUTROOT]
set -euo pipefail
budget=${1:-90s}
root=${2:-/tmp/satfuzz-bench}
cd "$(dirname "$0")/../.."
mkdir -p "$root"
go build -o "$root/tandem" ./cmd/tandem
for t in ${TARGETS:-tandem cadical gophersat sat4j}; do
  rm -rf "$root/$t"
  "$root/tandem" satfuzz --target "$t" --options-fuzz --budget "$budget" -j 2 --seed 42 \
    --out "$root/$t" --log-every 1h 2>&1 | grep -vE '^[0-9:]+ +[0-9:]+ +it ' || true
done
