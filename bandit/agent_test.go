package bandit

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestThompsonUpdate checks the Beta bookkeeping: reward 1 adds to α,
// reward 0 to β, other arms unchanged.
func TestThompsonUpdate(t *testing.T) {
	a, _ := NewAgent("thompson", 3)
	th := a.(*Thompson)
	th.Update(1, 1)
	th.Update(1, 0)
	th.Update(1, 1)
	if th.Alpha(1) != 3 || th.Beta(1) != 2 {
		t.Fatalf("arm 1: α=%g β=%g, want 3 2", th.Alpha(1), th.Beta(1))
	}
	if th.Alpha(0) != 1 || th.Beta(0) != 1 || th.Alpha(2) != 1 || th.Beta(2) != 1 {
		t.Fatal("other arms changed")
	}
	if e := th.Expected()[1]; math.Abs(e-0.6) > 1e-12 {
		t.Fatalf("expected reward %g, want 0.6", e)
	}
}

// TestBetaSampleMean checks BetaSample against the Beta mean a/(a+b).
func TestBetaSampleMean(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, ab := range [][2]float64{{1, 1}, {2, 5}, {0.5, 0.5}, {30, 10}} {
		sum := 0.0
		const n = 20000
		for i := 0; i < n; i++ {
			x := BetaSample(r, ab[0], ab[1])
			if x < 0 || x > 1 {
				t.Fatalf("sample %g out of [0,1]", x)
			}
			sum += x
		}
		if want := ab[0] / (ab[0] + ab[1]); math.Abs(sum/n-want) > 0.01 {
			t.Errorf("Beta(%g,%g) mean %g, want %g", ab[0], ab[1], sum/n, want)
		}
	}
}

// TestSimulatedBandit runs each learning agent on a Bernoulli bandit with
// known arm probabilities: the best arm must rank first and the regret per
// pull must shrink from the first half to the second.
func TestSimulatedBandit(t *testing.T) {
	probs := []float64{0.1, 0.2, 0.15, 0.6, 0.3, 0.05}
	best := 3
	names := []string{"a", "b", "c", "d", "e", "f"}
	for _, name := range []string{"thompson", "epsilon", "ucb"} {
		var r1, r2 float64
		firstOK := 0
		const seeds, steps = 10, 2000
		for s := uint64(0); s < seeds; s++ {
			r := rand.New(rand.NewPCG(s, 99))
			a, err := NewAgent(name, len(probs))
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < steps; i++ {
				c := a.Select(r, nil)
				reward := 0.0
				if r.Float64() < probs[c] {
					reward = 1
				}
				a.Update(c, reward)
				regret := probs[best] - probs[c]
				if i < steps/2 {
					r1 += regret
				} else {
					r2 += regret
				}
			}
			p, rw := a.State()
			if Ranking(names, p, rw)[0].Construct == "d" {
				firstOK++
			}
		}
		t.Logf("%s: regret first half %.1f, second half %.1f; best arm first in %d/%d", name, r1/seeds, r2/seeds, firstOK, seeds)
		if r2 >= r1 {
			t.Errorf("%s: regret did not shrink (%.1f then %.1f)", name, r1/seeds, r2/seeds)
		}
		if firstOK < seeds*8/10 {
			t.Errorf("%s: best arm ranked first in only %d/%d runs", name, firstOK, seeds)
		}
	}
}

// TestRanking checks the order: by α/(α+β), then rewards, then name.
func TestRanking(t *testing.T) {
	rk := Ranking([]string{"x", "y", "z", "w"}, []float64{4, 0, 2, 2}, []float64{3, 0, 1, 1})
	got := []string{rk[0].Construct, rk[1].Construct, rk[2].Construct, rk[3].Construct}
	// x: 4/6; w, z and y all 1/2: w and z have more rewards, then by name.
	want := []string{"x", "w", "z", "y"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("ranking %v, want %v", got, want)
		}
	}
}
