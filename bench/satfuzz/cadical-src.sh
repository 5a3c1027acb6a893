#!/usr/bin/env bash
# Debian's CaDiCaL (target cadical) and a CaDiCaL built from source in DIR
# (target cadical@DIR, docs/satfuzz.md "Testing a CaDiCaL you built") side
# by side: same seed, same budget, one job each, option fuzzing on, at the
# same time so they share the machine's load. Prints each campaign's
# summary, the share of its budget lost to timeouts and the option values
# most frequent among its kept timeouts. Needs jq.
# Usage: bench/satfuzz/cadical-src.sh DIR [BUDGET] [SEED] [OUTROOT]
set -euo pipefail
src=$(realpath "${1:?usage: $0 CADICAL_SOURCE_DIR [BUDGET] [SEED] [OUTROOT]}")
budget=${2:-5m}
seed=${3:-3}
root=${4:-/tmp/satfuzz-cadical-src}
cd "$(dirname "$0")/../.."
mkdir -p "$root"
go build -o "$root/tandem" ./cmd/tandem
. bench/satfuzz/share.sh
rm -rf "$root/debian" "$root/src"
for v in debian src; do
  t=cadical
  [ "$v" = src ] && t="cadical@$src"
  "$root/tandem" satfuzz --target "$t" --options-fuzz --budget "$budget" -j 1 --seed "$seed" \
    --out "$root/$v" --log-every 1h >"$root/$v.log" 2>&1 &
done
wait || true
for v in debian src; do
  echo "== $v"
  grep -vE '^[0-9:]+ +[0-9:]+ +it ' "$root/$v.log" || true
  share "$root/$v" "$v"
  slowest "$root/$v"
done
