package satfuzz

import (
	"math/rand/v2"

	"tandem/satfuzz/trace"
)

// Options are the generator's distributions. Zero fields take the thesis'
// values (Parruca 2024, "Model-Based API Fuzzing for Sat4j"; sections of the
// thesis, algorithms by number), listed in each field's comment.
type Options struct {
	// MinVars and MaxVars bound MAXVAR, the variables of the first
	// increment, drawn uniformly (20 and 200: nextInt(181)+20, §4.1.2).
	MinVars, MaxVars int
	// ClauseRatio is the clauses per (new) variable (2.6, §4.1.2, tuned for
	// about half SAT and half UNSAT answers over the increments).
	ClauseRatio float64
	// MaxIncrements is the largest number of increments, drawn uniformly
	// from 1 (5: nextInt(5)+1, Algorithm 4). Each increment after the first
	// adds MinVars..MaxVars fresh variables.
	MaxIncrements int
	// UnitP and BinaryP are the probabilities of unit and binary clauses
	// of the power-law length distribution, and ExtendP the probability of
	// each extension beyond length 3 (0.01, 0.10 and 1/6 ≈ 17%, §4.1.2
	// prose; see docs/satfuzz.md for how the thesis' code differs).
	// Per trace a fair coin chooses this distribution or uniform length 3.
	UnitP, BinaryP, ExtendP float64
	// AssumeDiv sets the size of an assumption set: ⌊MAXVAR/AssumeDiv⌋,
	// plus as much again while a draw is below AssumeExtendP (10 and 1/6,
	// §4.1.3). A fair coin per trace chooses whether queries use
	// assumptions.
	AssumeDiv     int
	AssumeExtendP float64
	// EnumerateP is the probability of an enumeration trace (0.2:
	// nextInt(5)==0, §4.1.4), with 1..EnumMaxVars variables (20) and
	// EnumRatio clauses per variable (5), one increment, ended by
	// enumerating.
	EnumerateP  float64
	EnumMaxVars int
	EnumRatio   float64
	// OptionsFuzz turns on option fuzzing (Algorithm 2): a fair coin says
	// whether a trace sets options at all, another whether it sets all of
	// them, else each option is set on a fair coin.
	OptionsFuzz bool
	// SlowShrink divides the fresh variables (and so the clauses) of a
	// trace that sets a slow option value (OptionSpec.Slow), with at least
	// 5 fresh variables (default 5: 20..200 become 5..40), and such a trace
	// has one increment. Not in the thesis: its 2-minute limit per solver
	// hid slow option sets; here they ate most of the budget
	// (docs/satfuzz.md, Timeouts). Negative or 1: no shrinking.
	SlowShrink int
}

func (o Options) withDefaults() Options {
	def := func(p *int, v int) {
		if *p <= 0 {
			*p = v
		}
	}
	deff := func(p *float64, v float64) {
		if *p <= 0 {
			*p = v
		}
	}
	def(&o.MinVars, 20)
	def(&o.MaxVars, 200)
	if o.MaxVars < o.MinVars {
		o.MaxVars = o.MinVars
	}
	deff(&o.ClauseRatio, 2.6)
	def(&o.MaxIncrements, 5)
	deff(&o.UnitP, 0.01)
	deff(&o.BinaryP, 0.10)
	deff(&o.ExtendP, 1.0/6)
	def(&o.AssumeDiv, 10)
	deff(&o.AssumeExtendP, 1.0/6)
	deff(&o.EnumerateP, 0.2)
	def(&o.EnumMaxVars, 20)
	deff(&o.EnumRatio, 5)
	if o.SlowShrink == 0 {
		o.SlowShrink = 5
	}
	return o
}

// gen is the state of one trace's generation.
type gen struct {
	r       *rand.Rand
	o       Options
	t       *trace.Trace
	maxVar  int
	uniform bool
	used    map[int]bool // variables occurring in clauses
	usedL   []int
}

func (g *gen) call(c trace.Call) { g.t.Calls = append(g.t.Calls, c) }

// Generate makes one random trace for a target with the given option model
// (nil: no options). Every random choice comes from r, so a trace is a
// function of the generator's state.
func Generate(r *rand.Rand, model []OptionSpec, opts Options) *trace.Trace {
	o := opts.withDefaults()
	g := &gen{r: r, o: o, t: &trace.Trace{}, used: map[int]bool{}}
	g.call(trace.Call{Op: trace.Init})
	slow := false
	if o.OptionsFuzz && len(model) > 0 && r.IntN(2) == 0 {
		all := r.IntN(2) == 0
		for _, spec := range model {
			if all || r.IntN(2) == 0 {
				v := spec.Draw(r)
				slow = slow || spec.Slow(v)
				g.call(trace.Call{Op: trace.Option, Key: spec.Name, Value: v})
			}
		}
	}
	if r.Float64() < o.EnumerateP {
		g.maxVar = 1 + r.IntN(o.EnumMaxVars)
		g.uniform = r.IntN(2) == 0
		g.call(trace.Call{Op: trace.NewVar, N: g.maxVar})
		g.clauses(int(o.EnumRatio * float64(g.maxVar)))
		g.call(trace.Call{Op: trace.Enumerating})
		g.t.Number()
		return g.t
	}
	g.uniform = r.IntN(2) == 0
	assume := r.IntN(2) == 0
	incs := 1 + r.IntN(o.MaxIncrements)
	if slow && o.SlowShrink > 1 {
		incs = 1 // a slow search repeated over increments, or a hang after one (MinOne, findings.md S10)
	}
	for inc := 0; inc < incs; inc++ {
		fresh := o.MinVars + r.IntN(o.MaxVars-o.MinVars+1)
		if slow && o.SlowShrink > 1 {
			fresh = max(5, fresh/o.SlowShrink)
		}
		g.maxVar += fresh
		g.call(trace.Call{Op: trace.NewVar, N: g.maxVar})
		g.clauses(int(o.ClauseRatio * float64(fresh)))
		if assume {
			g.call(trace.Call{Op: trace.Assuming, Lits: g.assumptions()})
			g.call(trace.Call{Op: trace.Model})
			g.call(trace.Call{Op: trace.Failed})
		} else {
			g.call(trace.Call{Op: trace.Solve})
			g.call(trace.Call{Op: trace.Model})
		}
	}
	g.t.Number()
	return g.t
}

// length draws a clause length (Algorithm 3).
func (g *gen) length() int {
	if g.uniform {
		return 3
	}
	p := g.r.Float64()
	switch {
	case p < g.o.UnitP:
		return 1
	case p < g.o.UnitP+g.o.BinaryP:
		return 2
	}
	n := 3
	for g.r.Float64() < g.o.ExtendP {
		n++
	}
	return n
}

// lit draws a literal over 1..maxVar, both polarities equally likely (the
// thesis' nextInt(2·MAXVAR)−MAXVAR never yields +MAXVAR; fixed here).
func (g *gen) lit() int {
	v := 1 + g.r.IntN(g.maxVar)
	if g.r.IntN(2) == 0 {
		return -v
	}
	return v
}

func (g *gen) clauses(n int) {
	for i := 0; i < n; i++ {
		k := g.length()
		if k > g.maxVar*2 {
			k = g.maxVar * 2
		}
		c := make([]int, 0, k)
		for len(c) < k {
			l := g.lit()
			dup := false
			for _, x := range c {
				if x == l { // identical duplicates only: tautologies stay, as in the thesis
					dup = true
				}
			}
			if !dup {
				c = append(c, l)
			}
		}
		for _, l := range c {
			v := l
			if v < 0 {
				v = -v
			}
			if !g.used[v] {
				g.used[v] = true
				g.usedL = append(g.usedL, v)
			}
		}
		g.call(trace.Call{Op: trace.AddClause, Lits: c})
	}
}

// assumptions draws a fresh assumption set (§4.1.3): ⌊MAXVAR/10⌋ distinct
// literals over variables that occur in clauses, extended by as many again
// while a draw is below 1/6; complementary pairs are possible.
func (g *gen) assumptions() []int {
	n := g.maxVar / g.o.AssumeDiv
	for g.r.Float64() < g.o.AssumeExtendP {
		n += g.maxVar / g.o.AssumeDiv
	}
	if n < 1 {
		n = 1
	}
	if n > 2*len(g.usedL) {
		n = 2 * len(g.usedL)
	}
	if n == 0 {
		return []int{1}
	}
	seen := map[int]bool{}
	a := make([]int, 0, n)
	for len(a) < n {
		l := g.usedL[g.r.IntN(len(g.usedL))]
		if g.r.IntN(2) == 0 {
			l = -l
		}
		if !seen[l] {
			seen[l] = true
			a = append(a, l)
		}
	}
	return a
}
