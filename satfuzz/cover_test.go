package satfuzz

import (
	"context"
	"os"
	"strconv"
	"testing"

	"tandem/campaign"
)

// TestGophersatCoverage runs SATFUZZ_COVER_TRACES generated traces (with
// option fuzzing) on gophersat, for measuring statement coverage:
//
//	SATFUZZ_COVER_TRACES=10000 go test ./satfuzz -run GophersatCoverage \
//	  -coverpkg=github.com/crillab/gophersat/solver -timeout 1h
func TestGophersatCoverage(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("SATFUZZ_COVER_TRACES"))
	if n <= 0 {
		t.Skip("set SATFUZZ_COVER_TRACES")
	}
	sys, err := NewSystem([]byte(`{"target":"gophersat","generator":{"OptionsFuzz":true}}`))
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]int{}
	for i := 0; i < n; i++ {
		fs, _, err := sys.Iterate(context.Background(), campaign.NewIteration(42, uint64(i)))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fs {
			found[string(f.Class)+": "+campaign.NormalizeMessage(f.Message)]++
		}
	}
	t.Logf("%d traces; findings: %v", n, found)
}
