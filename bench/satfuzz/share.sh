# Shared by bench/satfuzz/timeouts.sh and cadical-src.sh (source it after
# setting root and building "$root/tandem"). Needs jq.
share() { # DIR LABEL
  "$root/tandem" report "$1" --json | jq -r --arg l "$2" '
    (.stats.counters.timeout_wall_ms // 0) as $w | (.stats.counters.timeout_cpu_ms // 0) as $c |
    (.campaign.duration_ns / 1e6) as $b |
    "\($l): traces \(.stats.counters.traces // 0), timeouts \(.stats.timeout), " +
    "timeout wall \($w / 1000 | floor) s of \($b / 1000 | floor) s = \(100 * $w / $b * 10 | floor / 10)% of the budget, " +
    "timeout CPU \($c / 1000 | floor) s of \(.stats.solver_cpu_ns / 1e9 | floor) s solver CPU = " +
    "\(if .stats.solver_cpu_ns > 0 then (100 * $c * 1e6 / .stats.solver_cpu_ns * 10 | floor / 10) else 0 end)%"'
}
slowest() { # DIR: option values of the kept timeouts, most frequent first
  [ -d "$1/timeouts" ] || return 0
  cat "$1"/timeouts/*.trace | sed -n 's/^[0-9]* *option //p' |
    sed -E 's/=(0\.[0-9])[0-9]*$/=\1x/' | sort | uniq -c | sort -rn | head -8 | sed 's/^/    /' || true
}
