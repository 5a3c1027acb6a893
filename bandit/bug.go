package bandit

import (
	"context"
	"math/rand/v2"

	"tandem/solver"
)

// BugFuzzers lists the bug-mode fuzzers (§5.2: the evolutionary baseline
// is dropped, its fitness being binary).
var BugFuzzers = []string{FuzzerBandit, FuzzerRandom, FuzzerMutational}

// Disagreement is one input on which solvers answer sat and unsat, with
// the evaluator's verdict.
type Disagreement struct {
	Script  string            `json:"script"`
	Answers map[string]string `json:"answers"`
	Verdict Verdict           `json:"verdict"`
	// Query is the query number that found it; Construct the arm whose
	// mutation produced it ("" for a fresh instance).
	Query     int    `json:"query"`
	Construct string `json:"construct,omitempty"`
}

// Problem is a crash or an invalid model outside a disagreement.
type Problem struct {
	Kind    string `json:"kind"` // crash, invalid-model
	Solver  string `json:"solver"`
	Message string `json:"message"`
	Script  string `json:"script"`
	Query   int    `json:"query"`
}

// BugRun is the outcome of one bug-localization run: the syntactically
// unique inconsistent inputs D, other problems, and the ranking.
type BugRun struct {
	Fuzzer        string         `json:"fuzzer"`
	Agent         string         `json:"agent,omitempty"`
	Disagreements []Disagreement `json:"disagreements"`
	Problems      []Problem      `json:"problems,omitempty"`
	Ranking       []Rank         `json:"ranking,omitempty"`
	Stats         Stats          `json:"stats"`
}

// BugOptions bound one bug run.
type BugOptions struct {
	// Fuzzer is banditfuzz (Algorithm 2), mutational (Algorithm 2 with a
	// uniform agent) or random (generate and check).
	Fuzzer string
	// Agent is banditfuzz's bandit (default thompson).
	Agent string
	// Queries is the number of instances solved (20,000 in §5.2).
	Queries int
	// CheckModels checks every sat answer's model with the evaluator, not
	// only those of disagreements (beyond the paper).
	CheckModels bool
}

type bugLoop struct {
	e     *Env
	r     *rand.Rand
	agent Agent
	o     BugOptions
	run   *BugRun
	found map[string]bool
	seen  map[string]bool
}

func (l *bugLoop) solve(ctx context.Context, in *Instance, arm int) (bool, error) {
	script := in.Script(true)
	outs, err := l.e.Solve(ctx, script, true, &l.run.Stats)
	if err != nil || ctx.Err() != nil {
		return false, err
	}
	l.run.Stats.Queries++
	l.run.Stats.count(outs, l.e.KnownCrashes)
	q := l.run.Stats.Queries
	for _, o := range outs {
		if o.Status == solver.StatusCrash && !isKnown(o.Res.Signature, l.e.KnownCrashes) {
			l.run.Problems = append(l.run.Problems, Problem{Kind: "crash", Solver: o.Solver, Message: o.Res.Signature, Script: string(script), Query: q})
		}
	}
	if !Inconsistent(outs) {
		if l.o.CheckModels {
			for _, o := range outs {
				if o.Status != solver.StatusSat {
					continue
				}
				if v, why := CheckModel(script, o); v == ModelInvalid {
					l.run.Stats.InvalidModels++
					l.run.Problems = append(l.run.Problems, Problem{Kind: "invalid-model", Solver: o.Solver, Message: why, Script: string(script), Query: q})
				}
			}
		}
		return false, nil
	}
	body := in.Body()
	if !l.found[body] {
		l.found[body] = true
		d := Disagreement{Script: string(script), Answers: map[string]string{}, Verdict: Judge(script, outs), Query: q}
		for _, o := range outs {
			d.Answers[o.Solver] = o.Status.String()
		}
		if arm >= 0 {
			d.Construct = l.e.Gen.G.Constructs[arm].Name
		}
		l.run.Disagreements = append(l.run.Disagreements, d)
		l.run.Stats.Disagreements++
	}
	return true, nil
}

// Bug runs one bug-localization run (Algorithm 2): each step solves a fresh
// instance and, unless it is already inconsistent, one mutant of it made
// with the agent's arm; the arm is rewarded when the mutant is
// inconsistent. (The paper adds I' to D in the else branch: a typo.)
func Bug(ctx context.Context, e *Env, r *rand.Rand, o BugOptions) (*BugRun, error) {
	if o.Fuzzer == "" {
		o.Fuzzer = FuzzerBandit
	}
	if o.Queries <= 0 {
		o.Queries = DefaultQueries
	}
	l := &bugLoop{e: e, r: r, o: o, run: &BugRun{Fuzzer: o.Fuzzer}, found: map[string]bool{}, seen: map[string]bool{}}
	var err error
	switch o.Fuzzer {
	case FuzzerBandit:
		l.agent, err = NewAgent(o.Agent, len(e.Gen.G.Constructs))
	case FuzzerMutational:
		l.agent, err = NewAgent("uniform", len(e.Gen.G.Constructs))
	case FuzzerRandom:
	default:
		err = errUnknownFuzzer(o.Fuzzer)
	}
	if err != nil {
		return nil, err
	}
	if l.agent != nil {
		l.run.Agent = l.agent.Name()
	}
	for l.run.Stats.Queries < o.Queries && ctx.Err() == nil {
		in := e.Gen.Generate(r)
		l.seen[in.Body()] = true
		l.run.Stats.Fresh++
		bad, err := l.solve(ctx, in, -1)
		if err != nil {
			if ctx.Err() != nil {
				break // cut short: the run so far, with the work it did
			}
			return nil, err
		}
		if bad || l.agent == nil || l.run.Stats.Queries >= o.Queries {
			continue
		}
		m, c := l.mutant(in)
		if m == nil {
			continue
		}
		bad, err = l.solve(ctx, m, c)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			return nil, err
		}
		if ctx.Err() != nil {
			break
		}
		if bad {
			l.agent.Update(c, 1)
			l.run.Stats.Rewards++
		} else {
			l.agent.Update(c, 0)
		}
	}
	if l.agent != nil {
		l.run.Ranking = AgentRanking(e.Gen.G, l.agent)
	}
	return l.run, nil
}

func (l *bugLoop) mutant(in *Instance) (*Instance, int) {
	return mutate(l.r, l.agent, l.e.Gen, in, l.seen, &l.run.Stats)
}
