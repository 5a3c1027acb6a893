#!/usr/bin/env bash
# The share of a satfuzz campaign's budget lost to timeouts, per target,
# before and after slow option values shrink their traces and the trace
# limit went from 10 s to 2 s of CPU (BEFORE="--slow-shrink -1 --trace-time
# 10s" vs the defaults), the two campaigns side by side (same seed, one job each,
# at the same time, so they share the machine's load), option fuzzing on,
# no reduction. Then the option values most frequent among the kept
# timed-out traces of each campaign, which is how the slow values were
# found. Needs jq.
# Usage: bench/satfuzz/timeouts.sh [BUDGET] [OUTROOT]   (TARGETS="sat4j cadical" by default)
set -euo pipefail
budget=${1:-2m}
root=${2:-/tmp/satfuzz-timeouts}
cd "$(dirname "$0")/../.."
mkdir -p "$root"
go build -o "$root/tandem" ./cmd/tandem
. bench/satfuzz/share.sh
for t in ${TARGETS:-sat4j cadical}; do
  rm -rf "$root/$t-before" "$root/$t-after"
  for v in before after; do
    flags=""
    [ "$v" = before ] && flags=${BEFORE:---slow-shrink -1 --trace-time 10s}
    # shellcheck disable=SC2086
    "$root/tandem" satfuzz --target "$t" --options-fuzz --budget "$budget" -j 1 --seed 42 --no-reduce \
      $flags --out "$root/$t-$v" -q >/dev/null 2>&1 &
  done
  wait || true
  for v in before after; do
    share "$root/$t-$v" "$t $v"
    slowest "$root/$t-$v"
  done
done
