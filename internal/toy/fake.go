// Package toy holds two small systems for trying, testing and measuring the
// campaign harness before (and beside) the real fuzzers:
//
//   - "toy" (Fake): a fuzzer of a fake solver that "finds" planted bugs at
//     random, deterministically per iteration seed, with no external
//     process. It exercises the store, dedup, reduction and reports, and
//     with Rate 0 and Calls 0 it is the no-op system that measures the
//     harness's own cost.
//   - "z3toy" (Z3): a fuzzer that sends small random QF_BV or QF_LIA
//     scripts to real solvers through solver.Run and reports crashes,
//     errors on valid input, disagreements and performance gaps.
//
// Importing the package registers both with campaign.Register.
package toy

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"tandem/campaign"
	"tandem/solver"
)

func init() {
	campaign.Register(FakeName, func(config []byte) (campaign.System, error) { return NewFake(config) })
	campaign.Register(Z3Name, func(config []byte) (campaign.System, error) { return NewZ3(config) })
}

// FakeName is the registered name of the Fake system.
const FakeName = "toy"

// FakeOptions configure the Fake system. Zero fields take the defaults.
type FakeOptions struct {
	// Rate is the probability that an iteration finds something
	// (default 0.05; negative for never).
	Rate float64 `json:"rate,omitempty"`
	// Bugs is the number of distinct planted bugs (default 8), hence of
	// signatures a long campaign converges to.
	Bugs int `json:"bugs,omitempty"`
	// Calls is the number of fake solver calls counted per iteration
	// (default 2; negative for none). No process is started.
	Calls int `json:"calls,omitempty"`
	// Work is how long an iteration pretends to run a solver (default 0),
	// spent sleeping so a test can kill the campaign in mid-iteration.
	Work time.Duration `json:"work,omitempty"`
}

// Fake is a fuzzer of a fake solver: each iteration makes a random
// "script" and, with probability Rate, plants one or two of the Bugs known
// bugs in it, as a line (assert (bug-NAME)). A planted bug is a finding of
// the bug's class with a message full of addresses, numbers and paths that
// NormalizeMessage strips, so dedup has real work to do. Reproduce looks
// for planted lines, so the line reducer shrinks a trigger to that line.
type Fake struct{ opt FakeOptions }

// NewFake builds a Fake from JSON FakeOptions (nil: the defaults).
func NewFake(config []byte) (*Fake, error) {
	var o FakeOptions
	if len(config) > 0 {
		if err := json.Unmarshal(config, &o); err != nil {
			return nil, fmt.Errorf("toy options: %w", err)
		}
	}
	if o.Rate == 0 {
		o.Rate = 0.05
	}
	if o.Bugs <= 0 {
		o.Bugs = 8
	}
	if o.Calls == 0 {
		o.Calls = 2
	}
	return &Fake{opt: o}, nil
}

// Name returns FakeName.
func (f *Fake) Name() string { return FakeName }

var bugNames = []string{"arith", "bv", "strings", "arrays", "fp", "quant", "uf", "nla", "seq", "dt", "sets", "bags"}

func bugName(b int) string {
	n := bugNames[b%len(bugNames)]
	for i := 0; i < b/len(bugNames); i++ {
		n += "x"
	}
	return n
}

// message is the planted bug b's message, in the style of its class, with
// run-specific noise from r (addresses, numbers, paths) that
// NormalizeMessage removes. Every call draws three numbers from r.
func message(b int, r *rand.Rand) string {
	name := bugName(b)
	x, y, z := r.IntN(100000), r.IntN(5000), r.Uint64()
	switch campaign.Classes[b%len(campaign.Classes)] {
	case campaign.Soundness:
		return fmt.Sprintf("%s: answered unsat but the reference model satisfies all %d assertions (%d steps)", name, y, x)
	case campaign.InvalidModel:
		return fmt.Sprintf("%s: the model violates assertion %d (model_validate at 0x%x)", name, y, z)
	case campaign.Crash:
		return fmt.Sprintf("ASSERTION VIOLATION File: /build/fake-%d/src/theory_%s.cpp Line: %d at 0x%x", x, name, y, z)
	case campaign.Disagreement:
		return fmt.Sprintf("%s: fake-solver says sat, reference says unsat after %d ms", name, x)
	case campaign.Performance:
		return fmt.Sprintf("%s: %d ms where the reference needs %d ms", name, x, y)
	default:
		return fmt.Sprintf("(error \"line %d column %d: %s: unexpected internal error in /tmp/fake%d.smt2\")", y, x, name, z%1000)
	}
}

func (f *Fake) finding(b int, r *rand.Rand, trigger []byte) campaign.Finding {
	return campaign.Finding{
		Class:         campaign.Classes[b%len(campaign.Classes)],
		Solver:        "fake-solver",
		SolverVersion: "1.0",
		Message:       message(b, r),
		Trigger:       trigger,
		Command:       []string{"fake-solver", "--check", campaign.FilePlaceholder},
		Output:        []byte(fmt.Sprintf("fake output for planted bug %s\n", bugName(b))),
		Details:       fmt.Sprintf("The planted line `(assert (bug-%s))` is in the trigger; the fake solver fails on it.", bugName(b)),
	}
}

// Iterate makes one script and plants bugs in it at random.
func (f *Fake) Iterate(ctx context.Context, it *campaign.Iteration) ([]campaign.Finding, campaign.Stats, error) {
	var st campaign.Stats
	r := it.Rand
	for i := 0; i < f.opt.Calls; i++ {
		st.RecordStatus([]solver.Status{solver.StatusSat, solver.StatusUnsat, solver.StatusUnknown, solver.StatusTimeout}[r.IntN(4)])
	}
	if f.opt.Work > 0 {
		t := time.NewTimer(f.opt.Work)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, st, ctx.Err()
		case <-t.C:
		}
	}
	if f.opt.Rate < 0 || r.Float64() >= f.opt.Rate {
		return nil, st, nil
	}
	lines := make([]string, 10+r.IntN(40))
	for i := range lines {
		lines[i] = fmt.Sprintf("(assert (= x%d #x%08x))", r.IntN(8), r.Uint32())
	}
	var fs []campaign.Finding
	for k := 1 + r.IntN(2); k > 0; k-- {
		b := r.IntN(f.opt.Bugs)
		pos := r.IntN(len(lines) + 1)
		lines = append(lines[:pos], append([]string{fmt.Sprintf("(assert (bug-%s))", bugName(b))}, lines[pos:]...)...)
		trigger := []byte("(set-logic QF_BV)\n" + strings.Join(lines, "\n") + "\n(check-sat)\n")
		fs = append(fs, f.finding(b, r, trigger))
	}
	st.Count("planted", int64(len(fs)))
	return fs, st, nil
}

// Reproduce reports the first planted bug of trigger, or nil.
func (f *Fake) Reproduce(ctx context.Context, orig *campaign.Finding, trigger []byte) (*campaign.Finding, error) {
	r := rand.New(rand.NewPCG(uint64(len(trigger)), 1))
	for _, line := range bytes.Split(trigger, []byte("\n")) {
		name, ok := bytes.CutPrefix(bytes.TrimSpace(line), []byte("(assert (bug-"))
		if !ok {
			continue
		}
		name = bytes.TrimSuffix(name, []byte("))"))
		for b := 0; b < f.opt.Bugs; b++ {
			if bugName(b) == string(name) {
				g := f.finding(b, r, trigger)
				return &g, nil
			}
		}
	}
	return nil, nil
}

// Reduce removes lines while the same bug reproduces.
func (f *Fake) Reduce(ctx context.Context, fd *campaign.Finding) ([]byte, error) {
	return reduceLines(ctx, fd.Trigger, campaign.Interesting(FakeName, f, fd))
}

// reduceLines is a small line-based delta debugger (ddmin over lines):
// it removes chunks of lines, halving the chunk size, while interesting
// holds. The fake triggers are not SMT-LIB (bug-NAME is undeclared), so
// tandem/reduce's type-checking passes do not apply to them.
func reduceLines(ctx context.Context, data []byte, interesting func(context.Context, []byte) (bool, error)) ([]byte, error) {
	lines := strings.SplitAfter(string(data), "\n")
	join := func(ls []string) []byte { return []byte(strings.Join(ls, "")) }
	for chunk := len(lines) / 2; chunk >= 1; chunk /= 2 {
		for i := 0; i < len(lines); {
			if err := ctx.Err(); err != nil {
				return join(lines), err
			}
			end := min(i+chunk, len(lines))
			cand := append(append([]string(nil), lines[:i]...), lines[end:]...)
			ok, err := interesting(ctx, join(cand))
			if err != nil {
				return join(lines), err
			}
			if ok && len(cand) > 0 {
				lines = cand
			} else {
				i = end
			}
		}
	}
	return join(lines), nil
}
