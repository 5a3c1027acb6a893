// Command strdiff is the large differential run of tandem's Strings
// theory (package smt/strs, through the interpreter of package eval)
// against z3 and cvc5, and a speed table for regular membership on long
// strings.
//
// Random ground terms over every string function and regular constructor
// (short strings over {a, b, c} and digits with edge characters, edge
// integers) are evaluated by tandem, by a brute-force reference written
// from the standard's definitions (strstest.Ref), and by the solver's
// get-value, a few hundred per process. A solver answer that differs is
// either explained by one of the solver's named, documented bugs
// (strstest.Quirks; docs/strings-solver-disagreements.md) or reported.
//
//	go run ./bench/strdiff -z3 100000 -cvc5 100000 -json strdiff.json
//	go run ./bench/strdiff -z3 0 -cvc5 0 -speed
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"tandem/eval"
	"tandem/internal/strstest"
	"tandem/smt"
	"tandem/smt/strs"
	"tandem/smtlib"
)

type diffRow struct {
	Solver        string         `json:"solver"`
	Family        string         `json:"family"`
	Terms         int            `json:"terms"`
	Agree         int            `json:"agree"`
	Explained     map[string]int `json:"explained_by_solver_bugs"`
	Unevaluated   int            `json:"unevaluated"`
	SolverErrors  int            `json:"solver_errors"`
	Disagreements []string       `json:"disagreements"`
	RefMismatch   []string       `json:"tandem_vs_reference"`
	Seconds       float64        `json:"seconds"`
}

type speedRow struct {
	Pattern  string  `json:"pattern"`
	Length   int     `json:"length"`
	Result   bool    `json:"result"`
	OursCold float64 `json:"ours_cold_ms"`
	OursWarm float64 `json:"ours_warm_ms"`
	States   int     `json:"states"`
	Z3       float64 `json:"z3_ms"`
	Z3Result string  `json:"z3_result"`
}

func main() {
	nz := flag.Int("z3", 100000, "terms for z3 (0: skip)")
	nc := flag.Int("cvc5", 100000, "terms for cvc5 (0: skip)")
	batch := flag.Int("batch", 250, "terms per solver process")
	seed := flag.Uint64("seed", 1, "generator seed")
	speed := flag.Bool("speed", true, "measure membership on 10,000-character strings against z3")
	out := flag.String("json", "", "write the tables as JSON to this file")
	flag.Parse()
	ctx := context.Background()

	var rows []diffRow
	run := func(s strstest.Solver, family string, n int, g *strstest.Gen) {
		if n <= 0 {
			return
		}
		if _, err := exec.LookPath(s.Path); err != nil {
			fmt.Fprintf(os.Stderr, "strdiff: %s not found, skipped\n", s.Path)
			return
		}
		ev := eval.New(nil)
		b := strs.NewBuilder()
		ours := func(t *smt.Term) (smt.Value, error) {
			v, err := ev.Eval(t)
			if err != nil {
				return nil, err
			}
			w, err := b.Eval(t)
			if err != nil {
				return nil, err
			}
			if !smt.ValueEqual(v, w) {
				return nil, fmt.Errorf("eval gives %s, strs %s", v, w)
			}
			return v, nil
		}
		start := time.Now()
		var total strstest.Result
		for done := 0; done < n; done += *batch {
			terms := make([]*smt.Term, min(*batch, n-done))
			for i := range terms {
				terms[i] = g.Term()
			}
			r, err := strstest.Check(ctx, s, terms, ours)
			if err != nil {
				fmt.Fprintf(os.Stderr, "strdiff: %s: %v\n", s.Name, err)
				os.Exit(1)
			}
			total.Add(r)
			if done/(*batch)%40 == 39 {
				fmt.Fprintf(os.Stderr, "%s %s: %d terms (%.0fs)\n", s.Name, family, total.Terms, time.Since(start).Seconds())
			}
		}
		row := diffRow{Solver: s.Name, Family: family, Terms: total.Terms, Agree: total.Agree, Explained: total.Explained,
			Unevaluated: total.Unevaluated, SolverErrors: total.SolverErrors, Seconds: time.Since(start).Seconds()}
		for _, d := range total.Disagreements {
			row.Disagreements = append(row.Disagreements, fmt.Sprintf("%s: tandem %s, %s %s", d.Term, d.Ours, s.Name, d.Theirs))
		}
		for _, d := range total.RefMismatch {
			row.RefMismatch = append(row.RefMismatch, fmt.Sprintf("%s: tandem %s, reference %s", d.Term, d.Ours, d.Theirs))
		}
		for _, e := range total.Errors {
			fmt.Fprintf(os.Stderr, "%s solver error: %.300s\n", s.Name, e)
		}
		for _, d := range total.UnevalSample {
			fmt.Fprintf(os.Stderr, "%s unevaluated: %.200s -> %.200s\n", s.Name, d.Term, d.Theirs)
		}
		rows = append(rows, row)
	}
	gen := func(salt uint64) *strstest.Gen {
		return &strstest.Gen{St: smt.NewStore(), R: rand.New(rand.NewPCG(*seed, salt))}
	}
	g := gen(1)
	g.NoReplaceRe = true
	run(strstest.Z3, "standard, no replace_re", *nz, g)
	run(strstest.Z3, "standard with replace_re", *nz/20, gen(2))
	g = gen(3)
	g.Extensions = true
	run(strstest.CVC5, "standard + cvc5 extensions", *nc, g)

	if len(rows) > 0 {
		w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(w, "solver\tterms\tfamily\tagree\texplained by solver bugs\tunevaluated by solver\tsolver errors\tdisagreements\ttandem≠reference\tseconds\t")
		for _, r := range rows {
			ex := 0
			for _, n := range r.Explained {
				ex += n
			}
			fmt.Fprintf(w, "%s\t%d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.0f\t\n", r.Solver, r.Terms, r.Family, r.Agree, ex, r.Unevaluated, r.SolverErrors, len(r.Disagreements), len(r.RefMismatch), r.Seconds)
		}
		w.Flush()
		for _, r := range rows {
			var keys []string
			for k := range r.Explained {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				fmt.Printf("  %s %s: %d explained by %q\n", r.Solver, r.Family, r.Explained[k], k)
			}
			for i, d := range append(r.Disagreements, r.RefMismatch...) {
				if i < 10 {
					fmt.Printf("  DISAGREE %s\n", d)
				}
			}
		}
	}

	var speeds []speedRow
	if *speed {
		speeds = speedTable()
	}
	if *out != "" {
		data, _ := json.MarshalIndent(map[string]any{"diff": rows, "speed": speeds}, "", "  ")
		if err := os.WriteFile(*out, data, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "strdiff:", err)
			os.Exit(1)
		}
	}
}

// speedTable times membership of 10,000-character strings in patterns
// that are hard for backtracking and for naive derivatives: tandem with a
// fresh Builder (cold: building the states it visits) and again (warm),
// and z3 4.8 simplifying the same ground str.in_re (its process start,
// measured on a trivial simplify, subtracted).
func speedTable() []speedRow {
	cases := []struct{ re, s string }{
		{`(re.* (re.* (re.union (str.to_re "a") (re.* (str.to_re "ab")))))`, strings.Repeat("ab", 5000)},
		{`(re.* (re.* (re.union (str.to_re "a") (re.* (str.to_re "ab")))))`, strings.Repeat("ab", 5000) + "b"},
		{`(re.++ (re.* re.allchar) (str.to_re "needle") (re.* re.allchar))`, strings.Repeat("needl", 2000)},
		{`(re.++ (re.* re.allchar) (str.to_re "needle") (re.* re.allchar))`, strings.Repeat("needl", 1999) + "needle"},
		{`(re.* (re.union (str.to_re "a") (str.to_re "aa") (re.++ (str.to_re "a") (re.* (str.to_re "a")))))`, strings.Repeat("a", 10000)},
		{`((_ re.loop 0 1000000000) (re.union (str.to_re "a") (str.to_re "aa")))`, strings.Repeat("a", 10000)},
		{`((_ re.^ 1000000000) (re.* (str.to_re "a")))`, strings.Repeat("a", 10000)},
		{`(re.inter (re.* (re.union (str.to_re "a") (str.to_re "b"))) (re.comp (re.++ re.all (str.to_re "bb") re.all)))`, strings.Repeat("ab", 5000)},
		{`(re.++ (re.* (re.range "a" "z")) (re.range "\u{10000}" "\u{2ffff}"))`, strings.Repeat("q", 9999) + "\U00020000"},
	}
	z3, z3err := exec.LookPath("z3")
	dir, _ := os.MkdirTemp("", "strdiff")
	defer os.RemoveAll(dir)
	timeZ3 := func(query string) (time.Duration, string) {
		if z3err != nil {
			return 0, "no z3"
		}
		f := filepath.Join(dir, "q.smt2")
		os.WriteFile(f, []byte(query), 0o644)
		best := time.Duration(1 << 62)
		var outText string
		for range 3 {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			st := time.Now()
			o, err := exec.CommandContext(ctx, z3, f).Output()
			d := time.Since(st)
			timedOut := ctx.Err() != nil
			cancel()
			if timedOut {
				return d, "timeout"
			}
			if err != nil {
				return d, "error"
			}
			best, outText = min(best, d), strings.TrimSpace(string(o))
		}
		return best, outText
	}
	base, _ := timeZ3("(simplify (str.in_re \"a\" re.all))\n")
	var rows []speedRow
	for _, c := range cases {
		sc, err := smtlib.Parse("speed.smt2", []byte("(assert (str.in_re \"\" "+c.re+"))"))
		if err != nil {
			fmt.Fprintln(os.Stderr, "strdiff:", err)
			os.Exit(1)
		}
		reTerm := sc.Assertions()[0].Arg(1)
		s := []rune(c.s)
		b := strs.NewBuilder()
		st := time.Now()
		r, err := b.Compile(reTerm)
		if err != nil {
			fmt.Fprintln(os.Stderr, "strdiff:", err)
			os.Exit(1)
		}
		res := b.Match(r, s)
		cold := time.Since(st)
		st = time.Now()
		const reps = 20
		for range reps {
			b.Match(r, s)
		}
		warm := time.Since(st) / reps
		d, z3res := timeZ3("(simplify (str.in_re " + strs.Quote(s) + " " + c.re + "))\n")
		if z3res != "timeout" && z3res != "error" {
			d -= base
		}
		rows = append(rows, speedRow{Pattern: c.re, Length: len(s), Result: res, OursCold: ms(cold), OursWarm: ms(warm), States: b.Len(), Z3: ms(d), Z3Result: z3res})
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "\npattern\t|s|\tin\ttandem cold ms\ttandem warm ms\tstates\tz3 ms\tz3 says")
	for _, r := range rows {
		p := r.Pattern
		if len(p) > 70 {
			p = p[:67] + "..."
		}
		fmt.Fprintf(w, "%s\t%d\t%v\t%.2f\t%.3f\t%d\t%.1f\t%s\n", p, r.Length, r.Result, r.OursCold, r.OursWarm, r.States, r.Z3, r.Z3Result)
	}
	w.Flush()
	fmt.Printf("(z3 times are the best of 3 runs minus z3's start-up, %.1f ms)\n", ms(base))
	return rows
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
