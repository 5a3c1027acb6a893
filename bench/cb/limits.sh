#!/bin/sh
# limits.sh: how well tandem solve holds --timeout and signals with a closed
# box that never answers (issue 25 §2). For a C box (wasm) and an exec box,
# in each mode: the wall time of --timeout 5s, and how long after a SIGINT or
# a SIGTERM (sent 2 s in) the process returns. Go boxes are measured by
# TestLoopingBoxHonoursLimits (go test ./cbsolve -run LoopingBox -v).
#
#   go build -o /tmp/tandem ./cmd/tandem && sh bench/cb/limits.sh /tmp/tandem
T=${1:-tandem}
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
printf 'unsigned int f(unsigned int x) { volatile unsigned int i = 0; for (;;) { i++; } return x; }\n' >"$D/loopall.c"
printf '(declare-cb f ((_ BitVec 32)) (_ BitVec 32))\n(declare-const x (_ BitVec 32))\n(assert (= (f x) #x00001234))\n(check-sat)\n' >"$D/f1.smt2"
now() { date +%s.%N; }
for box in "f=$D/loopall.c" "f=exec:sleep 1000"; do
	kind=wasm
	case "$box" in *exec:*) kind=exec ;; esac
	for m in cdfl fuzz-only active-learning; do
		s=$(now)
		"$T" solve "$D/f1.smt2" --cb "$box" --timeout 5s --mode "$m" >/dev/null 2>&1
		e=$(now)
		echo "$kind $m --timeout 5s: $(echo "$e - $s" | bc) s"
		for sig in INT TERM; do
			"$T" solve "$D/f1.smt2" --cb "$box" --timeout 60s --mode "$m" >/dev/null 2>&1 &
			p=$!
			sleep 2
			k=$(now)
			if kill -"$sig" "$p" 2>/dev/null; then
				wait "$p"
				e=$(now)
				echo "$kind $m SIG$sig: returned $(echo "$e - $k" | bc) s after the signal"
			else
				wait "$p"
				echo "$kind $m SIG$sig: had already returned (unknown) before the signal"
			fi
		done
	done
done
