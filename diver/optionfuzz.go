package diver

import (
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"tandem/campaign"
	"tandem/solver"
)

// optionPool is the solver options DIVER's option fuzzing draws from
// (Options.SolverOptions or the profile's FuzzOptions), less those the
// solver has refused during the campaign. Solvers drop and rename options
// from version to version (z3 trunk refuses smt.string_solver=z3str3,
// which 4.8 takes): a refused option is retired at its first error
// instead of costing an error on every later draw, and the campaign
// counts it ("option retired: …").
type optionPool struct {
	all     []string
	mu      sync.Mutex
	retired map[string]string // option → the solver's error
}

// live is the options not retired, in list order.
func (o *optionPool) live() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.retired) == 0 {
		return o.all
	}
	var l []string
	for _, x := range o.all {
		if _, gone := o.retired[x]; !gone {
			l = append(l, x)
		}
	}
	return l
}

// draw picks one or two live options (nil when none is left).
func (o *optionPool) draw(r *rand.Rand) []string {
	l := o.live()
	if len(l) == 0 {
		return nil
	}
	k := min(1+r.IntN(2), len(l))
	idx := r.Perm(len(l))[:k]
	slices.Sort(idx)
	opts := make([]string, k)
	for i, j := range idx {
		opts[i] = l[j]
	}
	return opts
}

// retire retires each option of opts that the solver's error message
// refuses (see solver.RefusesOption); it returns the options newly retired.
func (o *optionPool) retire(opts []string, msg string) []string {
	var out []string
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, x := range opts {
		if _, gone := o.retired[x]; gone || !solver.RefusesOption(msg, x) {
			continue
		}
		if o.retired == nil {
			o.retired = map[string]string{}
		}
		o.retired[x] = msg
		out = append(out, x)
	}
	return out
}

// fuzzOptions is the paper's option fuzzing: the default mode, or one or
// two options from the list.
func (d *Diver) fuzzOptions(r *rand.Rand, base *solver.Profile) *solver.Profile {
	if len(d.options.all) == 0 || r.Float64() >= d.opt.OptionFuzzProb {
		return base
	}
	return d.withOptions(base, d.options.draw(r))
}

// iterationOptions draws the option set of an incremental iteration: one
// or two options from the list, as fuzzOptions does per mutant (nil when
// there is none to draw).
func (d *Diver) iterationOptions(r *rand.Rand, base *solver.Profile) *solver.Profile {
	if len(d.options.all) == 0 {
		return nil
	}
	if p := d.withOptions(base, d.options.draw(r)); p != base {
		return p
	}
	return nil
}

func (d *Diver) withOptions(base *solver.Profile, opts []string) *solver.Profile {
	if len(opts) == 0 {
		return base
	}
	p, err := base.WithOptions(opts...)
	if err != nil {
		return base
	}
	return p
}

// mutantOptions is the profile a mutant runs with: in incremental mode
// (perIteration) the iteration's option set iterP with probability
// OptionFuzzProb, else the default mode; one-shot, fuzzOptions' draw.
func (d *Diver) mutantOptions(r *rand.Rand, base *solver.Profile, perIteration bool, iterP *solver.Profile, st *Stats) *solver.Profile {
	p := base
	if perIteration {
		if iterP != nil && r.Float64() < d.opt.OptionFuzzProb {
			p = iterP
		}
	} else {
		p = d.fuzzOptions(r, base)
	}
	if p != base {
		st.OptionRuns++
	}
	return p
}

// retireRefused retires the fuzzed options of p (base's options plus
// the drawn ones) that the solver's errors refuse, whatever the answer's
// outcome (z3 trunk refuses an option and then answers, or fails its own
// model check); failed says the answer was an error, whose message extra
// adds to the solver's words. It reports whether an option was retired.
func (d *Diver) retireRefused(p, base *solver.Profile, a answer, failed bool, extra string, st *Stats) bool {
	if p == base || (len(a.errors) == 0 && !failed) {
		return false
	}
	msg := strings.Join(a.errors, "\n") + "\n" + campaign.ErrorLine(a.output) + extra
	gone := d.options.retire(p.Options[len(base.Options):], msg)
	for _, o := range gone {
		st.retire(o)
	}
	return len(gone) > 0
}
