package bandit

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
)

// Agent is a multi-armed bandit over a grammar's constructs (the paper's
// §4.3). Select may be told to skip banned arms (a failed mutation);
// Update gives the pulled arm a reward in {0, 1}.
type Agent interface {
	// Name is the agent's name (thompson, epsilon, ucb, uniform).
	Name() string
	// Select returns an arm not in banned (all arms banned: -1).
	Select(r *rand.Rand, banned map[int]bool) int
	// Update records reward r for arm a.
	Update(a int, reward float64)
	// State returns per arm the number of pulls and the summed reward.
	State() (pulls, rewards []float64)
	// Expected returns per arm the agent's estimate of the expected reward
	// (the ranking key).
	Expected() []float64
}

// AgentNames lists the agents NewAgent knows.
var AgentNames = []string{"thompson", "epsilon", "ucb", "uniform"}

// NewAgent returns a fresh agent over arms arms: "thompson" (default,
// Beta(1,1) priors), "epsilon" (ε = DefaultEpsilon), "ucb" (UCB1) or
// "uniform" (the mutational baseline).
func NewAgent(name string, arms int) (Agent, error) {
	b := base{pulls: make([]float64, arms), rewards: make([]float64, arms)}
	switch name {
	case "", "thompson":
		return &Thompson{base: b}, nil
	case "epsilon", "egreedy", "epsilon-greedy":
		return &EpsilonGreedy{base: b, Epsilon: DefaultEpsilon}, nil
	case "ucb", "ucb1":
		return &UCB1{base: b}, nil
	case "uniform", "random":
		return &Uniform{base: b}, nil
	}
	return nil, fmt.Errorf("unknown agent %q (want thompson, epsilon, ucb or uniform)", name)
}

type base struct {
	pulls, rewards []float64
}

func (b *base) Update(a int, reward float64) {
	if a < 0 || a >= len(b.pulls) {
		return
	}
	b.pulls[a]++
	b.rewards[a] += reward
}

func (b *base) State() (pulls, rewards []float64) {
	return append([]float64(nil), b.pulls...), append([]float64(nil), b.rewards...)
}

// Expected is the posterior mean under a Beta(1,1) prior, α/(α+β), for
// every agent, so rankings of different agents compare.
func (b *base) Expected() []float64 {
	out := make([]float64, len(b.pulls))
	for i := range out {
		out[i] = (1 + b.rewards[i]) / (2 + b.pulls[i])
	}
	return out
}

// argmax returns the allowed arm with the largest score, ties to the lowest
// index; -1 when every arm is banned.
func argmax(score func(int) float64, n int, banned map[int]bool) int {
	best, bs := -1, math.Inf(-1)
	for i := 0; i < n; i++ {
		if banned[i] {
			continue
		}
		if s := score(i); best < 0 || s > bs {
			best, bs = i, s
		}
	}
	return best
}

func uniformArm(r *rand.Rand, n int, banned map[int]bool) int {
	var ok []int
	for i := 0; i < n; i++ {
		if !banned[i] {
			ok = append(ok, i)
		}
	}
	if len(ok) == 0 {
		return -1
	}
	return ok[r.IntN(len(ok))]
}

// Thompson is Bernoulli Thompson sampling (the paper's §4.3): arm a keeps
// Beta(α_a, β_a) from Beta(1,1); Select draws θ_a from each and pulls the
// argmax; a reward of 1 adds one to α, 0 one to β.
type Thompson struct{ base }

// Name returns "thompson".
func (t *Thompson) Name() string { return "thompson" }

// Alpha and Beta return arm a's posterior parameters.
func (t *Thompson) Alpha(a int) float64 { return 1 + t.rewards[a] }

// Beta returns arm a's β.
func (t *Thompson) Beta(a int) float64 { return 1 + t.pulls[a] - t.rewards[a] }

// Select draws one sample per arm and returns the argmax.
func (t *Thompson) Select(r *rand.Rand, banned map[int]bool) int {
	theta := make([]float64, len(t.pulls))
	for i := range theta {
		theta[i] = BetaSample(r, t.Alpha(i), t.Beta(i))
	}
	return argmax(func(i int) float64 { return theta[i] }, len(theta), banned)
}

// EpsilonGreedy pulls a uniform arm with probability Epsilon and otherwise
// the arm of highest empirical mean; the mean starts at 0 with a count of 1,
// as in the BanditFuzz code ((N·m + r)/(N+1)).
type EpsilonGreedy struct {
	base
	Epsilon float64
}

// Name returns "epsilon".
func (e *EpsilonGreedy) Name() string { return "epsilon" }

// Select explores with probability Epsilon, else exploits.
func (e *EpsilonGreedy) Select(r *rand.Rand, banned map[int]bool) int {
	if r.Float64() < e.Epsilon {
		return uniformArm(r, len(e.pulls), banned)
	}
	return argmax(func(i int) float64 { return e.rewards[i] / (1 + e.pulls[i]) }, len(e.pulls), banned)
}

// UCB1 pulls the arm maximising m_a + sqrt(2 ln(n+1) / N_a), N_a counting
// from 1 as in the BanditFuzz code.
type UCB1 struct{ base }

// Name returns "ucb".
func (u *UCB1) Name() string { return "ucb" }

// Select returns the arm of highest upper confidence bound.
func (u *UCB1) Select(_ *rand.Rand, banned map[int]bool) int {
	n := 0.0
	for _, p := range u.pulls {
		n += p
	}
	return argmax(func(i int) float64 {
		na := 1 + u.pulls[i]
		return u.rewards[i]/na + math.Sqrt(2*math.Log(n+1)/na)
	}, len(u.pulls), banned)
}

// Uniform pulls arms uniformly at random and learns nothing it uses: the
// paper's mutational baseline. It still counts rewards, so a ranking can
// be read off for comparison.
type Uniform struct{ base }

// Name returns "uniform".
func (u *Uniform) Name() string { return "uniform" }

// Select returns a uniform allowed arm.
func (u *Uniform) Select(r *rand.Rand, banned map[int]bool) int {
	return uniformArm(r, len(u.pulls), banned)
}

// Rank is one line of a ranking: a construct and the agent's evidence.
type Rank struct {
	Construct string  `json:"construct"`
	Expected  float64 `json:"expected"` // α/(α+β)
	Pulls     float64 `json:"pulls"`
	Rewards   float64 `json:"rewards"`
}

// Ranking sorts the arms by expected reward α/(α+β) (the paper's §4.3),
// highest first; ties by more rewards, then by name.
func Ranking(names []string, pulls, rewards []float64) []Rank {
	out := make([]Rank, len(names))
	for i := range names {
		out[i] = Rank{Construct: names[i], Expected: (1 + rewards[i]) / (2 + pulls[i]), Pulls: pulls[i], Rewards: rewards[i]}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Expected != out[j].Expected {
			return out[i].Expected > out[j].Expected
		}
		if out[i].Rewards != out[j].Rewards {
			return out[i].Rewards > out[j].Rewards
		}
		return out[i].Construct < out[j].Construct
	})
	return out
}

// AgentRanking is Ranking of an agent's state.
func AgentRanking(g *Grammar, a Agent) []Rank {
	p, r := a.State()
	return Ranking(g.ArmNames(), p, r)
}

// BetaSample draws from Beta(a, b) as X/(X+Y) with X ~ Gamma(a),
// Y ~ Gamma(b) (no dependency: gonum is not needed for this).
func BetaSample(r *rand.Rand, a, b float64) float64 {
	x := gammaSample(r, a)
	y := gammaSample(r, b)
	if x+y == 0 {
		return 0.5
	}
	return x / (x + y)
}

// gammaSample draws from Gamma(k, 1) by Marsaglia and Tsang's method
// (ACM TOMS 2000); for k < 1 it boosts with U^(1/k).
func gammaSample(r *rand.Rand, k float64) float64 {
	if k < 1 {
		return gammaSample(r, k+1) * math.Pow(r.Float64(), 1/k)
	}
	d := k - 1.0/3
	c := 1 / math.Sqrt(9*d)
	for {
		x := r.NormFloat64()
		v := 1 + c*x
		if v <= 0 {
			continue
		}
		v = v * v * v
		u := r.Float64()
		if u < 1-0.0331*x*x*x*x || math.Log(u) < 0.5*x*x+d*(1-v+math.Log(v)) {
			return d * v
		}
	}
}
