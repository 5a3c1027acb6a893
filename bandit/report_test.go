package bandit

import (
	"strings"
	"testing"
	"time"
)

func TestPerfComparisonHTML(t *testing.T) {
	run := func(zt string, z float64) *PerfRun {
		return &PerfRun{Limit: 5, Score: z - 0.1, Trace: []TracePoint{{Query: 3, Elapsed: 12, Score: z - 0.1}}, Times: map[string]float64{"z3": z, "cvc5": 0.1}, Status: map[string]string{"z3": zt, "cvc5": "sat"},
			Ranking: []Rank{{Construct: "fp.sqrt", Pulls: 4, Rewards: 3}, {Construct: "fp.add", Pulls: 6, Rewards: 1}}}
	}
	c := &PerfComparison{Target: "z3", Refs: []string{"cvc5"}, Theory: "fp", Timeout: 5 * time.Second, Limit: 5, Unit: "s", Measure: MeasureCPU, RunBudget: time.Minute, RunsPerFuzzer: 3,
		Fuzzers: []string{FuzzerBandit, FuzzerRandom},
		Runs: map[string][]*PerfRun{
			FuzzerBandit: {run("timeout", 10), run("sat", 4), nil},
			FuzzerRandom: {run("sat", 0.5), run("sat", 0.2)},
		}}
	h := c.HTML()
	for _, want := range []string{"banditfuzz (1)", "random (2)", "<td>banditfuzz</td><td>2</td><td>13.80</td><td>1</td><td>36.0 s (1/2 runs)</td>", "<td>random</td><td>2</td><td>0.50</td><td>0</td><td>60.0 s (0/2 runs)</td>", "fp.sqrt (6/8)"} {
		if !strings.Contains(h, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if rk := mergeRankings(perfRankings(c.Runs[FuzzerBandit])); rk[0].Construct != "fp.sqrt" || rk[0].Pulls != 8 {
		t.Errorf("merged ranking %+v", rk)
	}
}
