package satfuzz

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"tandem/campaign"
)

// gophersat keeps a package-level buffer for conflict analysis, so two
// solvers running at once corrupt each other's learned clauses. Runs on
// several workers (a campaign with -j 2) must give the answers of runs one
// at a time.
func TestGophersatConcurrentRuns(t *testing.T) {
	const n = 200
	g := &Gophersat{}
	want := make([]string, n)
	answers := func(i int) string {
		tr := Generate(campaign.NewIteration(42, uint64(i)).Rand, GophersatOptions, Options{OptionsFuzz: true})
		res, err := g.Run(context.Background(), tr, Limits{})
		if err != nil {
			return "run: " + err.Error()
		}
		return fmt.Sprintf("%v %q", res.Answers, res.Error)
	}
	for i := range n {
		want[i] = answers(i)
	}
	var wg sync.WaitGroup
	got := make([]string, n)
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += 4 {
				got[i] = answers(i)
			}
		}()
	}
	wg.Wait()
	for i := range n {
		if got[i] != want[i] {
			t.Errorf("iteration %d: concurrent run answered differently", i)
		}
	}
}
