#!/usr/bin/env bash
# Which option values make satfuzz traces slow: the lift of each option value
# among a campaign's kept timed-out traces (DIR/timeouts/*.trace) over its
# frequency among N generated traces. A lift well above 1 with several
# timeouts marks a value to declare slow (OptionSpec.SlowValues/SlowFrom).
# Floats are bucketed to one decimal, integers are left out (too many values).
# Run the campaign without shrinking and with a short CPU limit, e.g.
#   tandem satfuzz --target sat4j --options-fuzz --budget 2m -j 1 --no-reduce \
#     --slow-shrink -1 --trace-time 300ms --out /tmp/learn-sat4j
#   bench/satfuzz/slowvalues.sh sat4j /tmp/learn-sat4j 400
# Usage: bench/satfuzz/slowvalues.sh TARGET DIR [N]
set -euo pipefail
target=$1
dir=$2
n=${3:-400}
cd "$(dirname "$0")/../.."
bin=$(mktemp -d)/tandem
go build -o "$bin" ./cmd/tandem
values() { sed -n 's/^[0-9]* *option //p' | sed -E 's/=(-?[0-9]+\.[0-9])[0-9]*$/=\1x/' | grep -vE '=-?[0-9]+$' || true; }
kept=$(ls "$dir"/timeouts/*.trace 2>/dev/null | wc -l)
echo "$target: $kept kept timeouts, $n generated traces"
[ "$kept" -gt 0 ] || exit 0
for i in $(seq 1 "$n"); do "$bin" satfuzz gen --seed "$i" --options-fuzz --target "$target"; done | values | sort | uniq -c >"$bin.base"
cat "$dir"/timeouts/*.trace | values | sort | uniq -c >"$bin.slow"
awk -v k="$kept" -v n="$n" '
  FNR == NR { base[$2] = $1; next }
  { b = base[$2] ? base[$2] : 0.5; lift = ($1 / k) / (b / n)
    if ($1 >= 3) printf "%6.1f  %3d of %d timeouts  %4d of %d traces  %s\n", lift, $1, k, b, n, $2 }
' "$bin.base" "$bin.slow" | sort -rn | head -15
