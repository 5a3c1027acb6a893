package fptest

import (
	"testing"
)

// TestHost runs every host comparison on 20,000 tuples (go run
// ./bench/fphost runs 10,000,000).
func TestHost(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for i, op := range HostOps() {
		res := RunHost(op, n, uint64(i+1))
		if res.Mismatches > 0 {
			t.Errorf("%s: %d of %d tuples disagree with %s, e.g.\n%s", op.Name, res.Mismatches, res.Tuples, op.Reference, res.Examples)
		}
		t.Logf("%-20s %d tuples, %d skipped, %v", op.Name, res.Tuples, res.Skipped, res.Elapsed)
	}
}
