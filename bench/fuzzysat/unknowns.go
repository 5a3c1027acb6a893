package main

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"tandem/fuzzysat"
	"tandem/smt"
	"tandem/smtlib"
)

var unknowns = flag.String("unknowns", "", "break down the unsat answers and the unknown queries of an earlier -json file by shape (reruns fuzzysat on the unknowns, no z3)")

// unknownShapes reads a -json run and prints how many queries each unsat
// proof answered, per setting, and the shapes of the queries fuzzysat left
// unknown: what this code answers on them (when it is not unknown), z3's verdict, the branch's input bytes, whether the branch is a
// range pattern on a group, and whether π pins the branch's bytes (the
// decision-19 give-up) or an exhaustive phase covered them, from a rerun
// of fuzzysat on the recorded seed.
func unknownShapes(ctx context.Context, path string) {
	in := readRun(path)
	load := newLoader()
	opts := fuzzysat.Options{Timeout: *timeout, Seed: *seedFlag}
	for _, set := range []struct {
		name string
		qs   []query
	}{{"concolic", in.Queries}, {"all-zero seed", in.ZeroSeed}} {
		unsat := map[string]int{}
		shapes := map[string]int{}
		n := 0
		for _, q := range set.qs {
			if q.FS == "unsat" {
				unsat[q.Phase]++
			}
			if q.FS != "unknown" {
				continue
			}
			n++
			p := load(q.File)
			k := q.K
			seed := make([]byte, p.l.Size)
			if set.name == "concolic" {
				var err error
				if seed, err = hex.DecodeString(q.Seed); err != nil {
					fatal(err)
				}
			} else {
				k = len(p.cs)
			}
			goal, pi := p.cs[k-1], p.cs[:k-1]
			an := fuzzysat.NewAnalyzer(p.l, 0)
			info := an.Analyze(goal)
			r, err := fuzzysat.Solve(ctx, &fuzzysat.Query{Layout: p.l, Goal: goal, Pi: pi}, seed, opts)
			if err != nil {
				fatal(err)
			}
			var parts []string
			if r.Status != fuzzysat.Unknown {
				// an unknown of an older run that this code answers
				parts = append(parts, fmt.Sprintf("now %s (%s)", r.Status, r.Phase))
			}
			parts = append(parts, "z3 "+q.Z3)
			parts = append(parts, "branch reads "+bucket(len(info.Inputs))+" bytes")
			if len(info.Ranges) > 0 {
				parts = append(parts, "a range pattern")
			}
			switch {
			case r.Stats.Pinned > 0:
				parts = append(parts, "π pins its bytes to other inputs")
			case r.Stats.Exhausted > 0:
				parts = append(parts, "its bytes enumerated, π not satisfied")
			}
			shapes[strings.Join(parts, ", ")]++
		}
		fmt.Printf("\n%s setting: unsat answers by proof: %s\n", set.name, counts(unsat))
		fmt.Printf("%d unknown queries, by shape:\n", n)
		type kv struct {
			k string
			v int
		}
		var rows []kv
		for k, v := range shapes {
			rows = append(rows, kv{k, v})
		}
		sort.Slice(rows, func(i, j int) bool { return rows[i].v > rows[j].v || rows[i].v == rows[j].v && rows[i].k < rows[j].k })
		for _, r := range rows {
			fmt.Printf("  %6d  %s\n", r.v, r.k)
		}
	}
}

func bucket(n int) string {
	switch {
	case n <= 2:
		return fmt.Sprint(n)
	case n <= 4:
		return "3-4"
	case n <= 8:
		return "5-8"
	}
	return "more than 8"
}

func counts(m map[string]int) string {
	var parts []string
	for k, v := range m {
		parts = append(parts, fmt.Sprintf("%s %d", k, v))
	}
	sort.Strings(parts)
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// run is what a -json run recorded: the concolic and zero-seed queries.
type run struct {
	Queries  []query `json:"queries"`
	ZeroSeed []query `json:"zero_seed"`
}

func readRun(path string) run {
	b, err := os.ReadFile(path)
	if err != nil {
		fatal(err)
	}
	var in run
	if err := json.Unmarshal(b, &in); err != nil {
		fatal(fmt.Errorf("%s: %w", path, err))
	}
	return in
}

// parsed is a SAGE file as a layout and its conjuncts in order.
type parsed struct {
	l  *fuzzysat.Layout
	cs []*smt.Term
}

// newLoader reads SAGE files of the corpus, keeping the last one (the
// queries of a run are grouped by file).
func newLoader() func(string) parsed {
	cache := map[string]parsed{}
	return func(f string) parsed {
		if p, ok := cache[f]; ok {
			return p
		}
		sc, err := smtlib.ParseFile(filepath.Join(*corpus, f))
		if err != nil {
			fatal(err)
		}
		fl, err := fuzzysat.FromScript(sc, fuzzysat.BranchLast, 0)
		if err != nil {
			fatal(err)
		}
		q0 := fl.Queries[0]
		p := parsed{fl.Layout, append(append([]*smt.Term(nil), q0.Pi...), q0.Goal)}
		clear(cache)
		cache[f] = p
		return p
	}
}
