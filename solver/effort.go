package solver

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Effort says how a solver reports the effort a run took in its own,
// deterministic units (z3's rlimit-count, cvc5's resource units) and how to
// bound a run by it. Unlike CPU time the count does not vary between runs
// of one input with one binary and option set, so it compares a solver
// with itself (version against version, options against options) without
// noise; units of different solvers are not comparable.
type Effort struct {
	// Unit names the count, e.g. "z3 rlimit-count". Two profiles measure
	// in the same units only when their Units are equal.
	Unit string `toml:"unit" json:"unit"`
	// Args make the solver print the count, e.g. z3 -st.
	Args []string `toml:"args" json:"args,omitempty"`
	// Pattern is a regular expression whose first group is the count (a
	// decimal integer), searched in stdout and then stderr; the last match
	// counts.
	Pattern string `toml:"pattern" json:"pattern"`
	// LimitArg is the option that stops a run after N units, with one %d
	// for N, e.g. "rlimit=%d". A run stopped by it answers unknown.
	LimitArg string `toml:"limit_arg" json:"limit_arg,omitempty"`
	// DefaultLimit is the limit used when the caller gives none, chosen to
	// stop a typical run after a few CPU seconds.
	DefaultLimit int64 `toml:"default_limit" json:"default_limit,omitempty"`
}

// The built-in effort specifications, measured on z3 4.8.12, cvc5 1.0.3 and
// cvc4 1.8. z3 counts ~1–5 million rlimit units per CPU second on QF_FP and
// QF_S inputs, cvc5 ~0.5–1 million resource units.
var (
	z3Effort = &Effort{Unit: "z3 rlimit-count", Args: []string{"-st"}, Pattern: `:rlimit-count\s+(\d+)`,
		LimitArg: "rlimit=%d", DefaultLimit: 10_000_000}
	// cvc5 prints resource::resourceUnitsUsed only among its internal
	// statistics, on stderr at exit.
	cvc5Effort = &Effort{Unit: "cvc5 resource units", Args: []string{"--stats", "--stats-internal"},
		Pattern: `resource::resourceUnitsUsed = (\d+)`, LimitArg: "--rlimit=%d", DefaultLimit: 5_000_000}
	cvc4Effort = &Effort{Unit: "cvc4 resource units", Args: []string{"--stats"},
		Pattern: `resourceUnitsUsed, (\d+)`, LimitArg: "--rlimit=%d", DefaultLimit: 5_000_000}
)

func (e *Effort) clone() *Effort {
	if e == nil {
		return nil
	}
	c := *e
	c.Args = slices.Clone(e.Args)
	return &c
}

func (e *Effort) validate(name string) error {
	if e == nil {
		return nil
	}
	if e.Unit == "" {
		return fmt.Errorf("profile %q: effort needs a unit name (e.g. unit = \"z3 rlimit-count\")", name)
	}
	re, err := regexp.Compile(e.Pattern)
	if err != nil {
		return fmt.Errorf("profile %q: effort pattern %q: %v", name, e.Pattern, err)
	}
	if re.NumSubexp() < 1 {
		return fmt.Errorf("profile %q: effort pattern %q has no group for the count", name, e.Pattern)
	}
	if e.LimitArg != "" {
		if strings.Count(e.LimitArg, "%") != 1 || strings.Count(e.LimitArg, "%d") != 1 {
			return fmt.Errorf("profile %q: effort limit_arg %q must contain one %%d and no other verb", name, e.LimitArg)
		}
	}
	return nil
}

// WithEffort returns a copy of p that prints its effort count on every run
// and, when limit > 0, stops a run after limit units (limit 0: the
// profile's DefaultLimit; negative: no effort limit). It fails when the
// profile has no [Effort].
func (p *Profile) WithEffort(limit int64) (*Profile, error) {
	if p.Effort == nil {
		return nil, fmt.Errorf("solver %s reports no effort count tandem knows (add an [solver.%s.effort] table to a profiles file, see 'tandem solvers --help'), use a CPU-time measure instead", p.Name, p.Name)
	}
	if limit == 0 {
		limit = p.Effort.DefaultLimit
	}
	opts := slices.Clone(p.Effort.Args)
	if limit > 0 && p.Effort.LimitArg != "" {
		opts = append(opts, fmt.Sprintf(p.Effort.LimitArg, limit))
	}
	c := p.Clone()
	c.Options = append(c.Options, opts...)
	return c, nil
}

// EffortLimit is the effort limit WithEffort(limit) gives p: limit, or the
// profile's default for 0, or 0 (none) when negative or p cannot be
// limited.
func (p *Profile) EffortLimit(limit int64) int64 {
	switch {
	case p.Effort == nil || p.Effort.LimitArg == "" || limit < 0:
		return 0
	case limit == 0:
		return p.Effort.DefaultLimit
	}
	return limit
}

// EffortCount reads the effort count of a run of a profile made by
// [Profile.WithEffort]; false when the run printed none (it was killed, or
// crashed before its statistics).
func (p *Profile) EffortCount(res *Result) (int64, bool) {
	if p.Effort == nil || res == nil {
		return 0, false
	}
	re, err := regexp.Compile(p.Effort.Pattern)
	if err != nil || re.NumSubexp() < 1 {
		return 0, false
	}
	for _, out := range [][]byte{res.Stdout, res.Stderr} {
		ms := re.FindAllSubmatch(out, -1)
		if len(ms) == 0 {
			continue
		}
		n, err := strconv.ParseInt(string(ms[len(ms)-1][1]), 10, 64)
		if err == nil && n >= 0 {
			return n, true
		}
	}
	return 0, false
}
