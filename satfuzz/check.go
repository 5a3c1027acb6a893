package satfuzz

import (
	"context"
	"fmt"
	"strings"
	"time"

	"tandem/campaign"
	"tandem/sat"
	"tandem/satfuzz/trace"
)

// Problem is one failed check of a trace's run.
type Problem struct {
	Class campaign.Class
	// Message says what is wrong, in words that do not depend on the
	// trace (the signature is made from it).
	Message string
	// Call is the 0-based position of the call where the problem shows
	// (-1 for the whole run).
	Call int
	// Details is the evidence, in Markdown.
	Details string
}

// RefSolveTime bounds one solve of the reference solver; a reference that
// does not finish in time answers nothing, and the check is skipped.
const RefSolveTime = 5 * time.Second

// MaxCountVars bounds the variables of an enumeration whose models the
// reference counts (the generator uses at most 20, §4.1.4).
const MaxCountVars = 24

// Check judges a target's run of a trace (§4.1.5 of the thesis, extended):
// exceptions and crashes; every model must give every variable one value
// and satisfy every clause added so far and every assumption; every set of
// failed assumptions must be a subset of the assumptions that makes the
// clauses unsatisfiable (re-solved with tandem's sat); every sat/unsat
// answer must agree with the reference (tandem's sat, default options),
// whose own models are checked too; model counts must equal the
// reference's count over variables 1..maxvar; a proof the target wrote must
// have checked. Timeouts and memory-outs are not problems (the thesis
// counts them apart).
func Check(ctx context.Context, t *trace.Trace, res *Result) []Problem {
	var ps []Problem
	add := func(cl campaign.Class, call int, msg, details string) {
		ps = append(ps, Problem{Class: cl, Message: msg, Call: call, Details: details})
	}
	ref := sat.New(nil)
	var (
		clauses  [][]int
		maxVar   int
		last     = Unknown
		lastCall = -1
		assumps  []int
		refSt    = sat.Unknown
		refBad   bool // the reference's answer on the last solve is broken
		solved   int  // len(clauses) at the last solve: a model answers those
	)
	n := len(res.Answers)
	if n > len(t.Calls) {
		n = len(t.Calls)
	}
	for i := 0; i < n; i++ {
		c, a := t.Calls[i], res.Answers[i]
		switch c.Op {
		case trace.NewVar:
			if c.N > maxVar {
				maxVar = c.N
			}
		case trace.AddClause:
			clauses = append(clauses, c.Lits)
			for _, l := range c.Lits {
				if abs(l) > maxVar {
					maxVar = abs(l)
				}
			}
			_ = ref.AddClause(c.Lits...)
		case trace.Solve, trace.Assuming:
			assumps = c.Lits
			for _, l := range assumps {
				if abs(l) > maxVar {
					maxVar = abs(l)
				}
			}
			last, lastCall, refBad, solved = a.Status, i, false, len(clauses)
			refSt = refSolve(ctx, ref, assumps)
			if refSt == sat.Satisfiable {
				m := ref.Model()
				if msg, which := checkModel(clauses, assumps, m); msg != "" {
					refBad = true
					add(campaign.InvalidModel, i, "reference (tandem sat): "+msg,
						"the reference solver's own model fails on "+which+"; the target is not to blame")
				}
			}
			switch {
			case refBad || refSt == sat.Unknown || last == Unknown:
			case last == Unsat && refSt == sat.Satisfiable:
				add(campaign.Soundness, i, "unsat, but the clauses and assumptions have a model",
					fmt.Sprintf("reference model (checked against every clause and assumption):\n\n    %s", fmtLits(ref.Model())))
			case last == Sat && refSt == sat.Unsatisfiable:
				// Judged at the model query, if there is one: a model that
				// checks convicts the reference instead.
				if !hasModelQuery(t, i) {
					add(campaign.Soundness, i, "sat, but the reference says unsat", "")
				}
			}
		case trace.Model:
			if last != Sat {
				continue
			}
			if !a.Valid {
				add(campaign.APIError, i, "no model after a SAT answer", "")
				continue
			}
			// Clauses added since the solve are not the model's business.
			msg, which := checkModel(clauses[:solved], assumps, a.Lits)
			switch {
			case msg != "":
				add(campaign.InvalidModel, i, msg, fmt.Sprintf("fails %s; model of call %d:\n\n    %s", which, lastCall+1, fmtLits(a.Lits)))
			case refSt == sat.Unsatisfiable && !refBad:
				add(campaign.Soundness, i, "reference (tandem sat): unsat, but the target's model checks",
					fmt.Sprintf("target model:\n\n    %s", fmtLits(a.Lits)))
			}
		case trace.Failed:
			if last != Unsat || t.Calls[lastCall].Op != trace.Assuming {
				continue
			}
			if !a.Valid {
				add(campaign.APIError, i, "no failed assumptions after an UNSAT answer under assumptions", "")
				continue
			}
			in := map[int]bool{}
			for _, l := range assumps {
				in[l] = true
			}
			subset := true
			for _, l := range a.Lits {
				if !in[l] {
					subset = false
					add(campaign.Soundness, i, "a failed assumption is not an assumption",
						fmt.Sprintf("failed %d; assumptions %s", l, fmtLits(assumps)))
					break
				}
			}
			if !subset {
				continue
			}
			if st := refSolve(ctx, ref, a.Lits); st == sat.Satisfiable {
				if msg, _ := checkModel(clauses, a.Lits, ref.Model()); msg == "" {
					add(campaign.Soundness, i, "the failed assumptions are satisfiable with the clauses",
						fmt.Sprintf("failed: %s\n\nreference model: %s", fmtLits(a.Lits), fmtLits(ref.Model())))
				}
			}
		case trace.Enumerating:
			if maxVar > MaxCountVars {
				continue
			}
			want, ok := CountModels(ctx, clauses, maxVar)
			if !ok {
				continue
			}
			for _, k := range a.Counts {
				if k.N < 0 { // the enumerator declined (a cap, an empty solver)
					continue
				}
				if k.N != want {
					add(campaign.Soundness, i, fmt.Sprintf("model count of the %s enumerator is wrong", k.Enumerator),
						fmt.Sprintf("%s counts %d models over variables 1..%d, the reference %d", k.Enumerator, k.N, maxVar, want))
				}
			}
		}
	}
	if res.ProofError != "" {
		add(campaign.Crash, -1, "proof check: "+proofKind(res.ProofError), res.ProofError)
	}
	if res.Error != "" {
		add(campaign.Crash, n, "error: "+errorKind(res.Error)+topFrames(res.Output), "```\n"+res.Error+"\n```")
	}
	if res.Crash != "" {
		add(campaign.Crash, n, "crash: "+crashKind(res.Crash)+topFrames(res.Output), "```\n"+res.Crash+"\n```")
	}
	return ps
}

func hasModelQuery(t *trace.Trace, i int) bool {
	for j := i + 1; j < len(t.Calls); j++ {
		switch t.Calls[j].Op {
		case trace.Model:
			return true
		case trace.Solve, trace.Assuming, trace.AddClause, trace.Enumerating:
			return false
		}
	}
	return false
}

// errorKind keeps what identifies an error: the exception class (Java's
// "a.b.C: msg" or "a.b.C"), or the first words of a message.
func errorKind(e string) string {
	e = strings.SplitN(e, "\n", 2)[0]
	if k, _, ok := strings.Cut(e, ":"); ok && !strings.Contains(k, " ") {
		if strings.Contains(k, ".") || strings.HasSuffix(k, "Exception") || strings.HasSuffix(k, "Error") {
			return k
		}
	}
	return clip(e)
}

func proofKind(e string) string {
	for _, k := range []string{"lemma implication check failed", "does not satisfy input clause",
		"unsatisfiable core implication check failed", "could not find"} {
		if strings.Contains(e, k) {
			return k
		}
	}
	// "trace.icnf:1034: error: model does not satisfy query literal 368 at …"
	if i := strings.LastIndex(e, "error: "); i >= 0 {
		e = e[i+len("error: "):]
	}
	if i := strings.IndexAny(e, "-0123456789"); i >= 0 {
		e = e[:i]
	}
	return strings.TrimSpace(clip(e))
}

func refSolve(ctx context.Context, s *sat.Solver, assumps []int) sat.Status {
	ctx, cancel := context.WithTimeout(ctx, RefSolveTime)
	defer cancel()
	for _, l := range assumps {
		if s.Assume(l) != nil {
			return sat.Unknown
		}
	}
	return s.Solve(ctx)
}

// checkModel returns "" when model (literals) gives each variable at most
// one value, makes every assumption true and satisfies every clause, else
// what is wrong and, as evidence, the variable, assumption or clause
// (numbered from 1 in the order added) that shows it.
func checkModel(clauses [][]int, assumps, model []int) (msg, which string) {
	val := make(map[int]int8, len(model))
	for _, l := range model {
		v, s := abs(l), int8(1)
		if l < 0 {
			s = -1
		}
		if old, ok := val[v]; ok && old != s {
			return "the model gives a variable both values", fmt.Sprintf("variable %d", v)
		}
		val[v] = s
	}
	truth := func(l int) bool {
		s := val[abs(l)]
		return l > 0 && s == 1 || l < 0 && s == -1
	}
	for _, l := range assumps {
		if !truth(l) {
			return "the model falsifies an assumption", fmt.Sprintf("assumption %d", l)
		}
	}
	for i, c := range clauses {
		ok := false
		for _, l := range c {
			if truth(l) {
				ok = true
				break
			}
		}
		if !ok {
			var on []string
			for _, l := range c {
				switch val[abs(l)] {
				case 1:
					on = append(on, fmt.Sprint(abs(l)))
				case -1:
					on = append(on, fmt.Sprint(-abs(l)))
				default:
					on = append(on, fmt.Sprintf("%d unassigned", abs(l)))
				}
			}
			return "the model does not satisfy a clause", fmt.Sprintf("clause %d of the trace, `%s` (the model has %s)",
				i+1, fmtLits(c), strings.Join(on, ", "))
		}
	}
	return "", ""
}

// CountModels counts the assignments of variables 1..n that satisfy every
// clause, by DPLL with unit propagation (free variables count twice). It
// returns false when ctx ends first or n exceeds MaxCountVars.
func CountModels(ctx context.Context, clauses [][]int, n int) (int64, bool) {
	if n > MaxCountVars {
		return 0, false
	}
	for _, c := range clauses {
		for _, l := range c {
			if abs(l) > n {
				return 0, false
			}
		}
	}
	val := make([]int8, n+1)
	steps := 0
	var rec func() (int64, bool)
	rec = func() (int64, bool) {
		steps++
		if steps&1023 == 0 && ctx.Err() != nil {
			return 0, false
		}
		var trail []int
		undo := func() {
			for _, v := range trail {
				val[v] = 0
			}
		}
		for changed := true; changed; {
			changed = false
			for _, c := range clauses {
				free, freeLit, sat := 0, 0, false
				for _, l := range c {
					s := val[abs(l)]
					if s == 0 {
						free++
						freeLit = l
					} else if (l > 0) == (s > 0) {
						sat = true
						break
					}
				}
				if sat {
					continue
				}
				if free == 0 {
					undo()
					return 0, true
				}
				if free == 1 {
					v := abs(freeLit)
					if freeLit > 0 {
						val[v] = 1
					} else {
						val[v] = -1
					}
					trail = append(trail, v)
					changed = true
				}
			}
		}
		pick := 0
		for _, c := range clauses {
			sat, f := false, 0
			for _, l := range c {
				s := val[abs(l)]
				if s != 0 && (l > 0) == (s > 0) {
					sat = true
					break
				}
				if s == 0 && f == 0 {
					f = abs(l)
				}
			}
			if !sat && f != 0 {
				pick = f
				break
			}
		}
		if pick == 0 { // every clause satisfied: the free variables are free
			free := 0
			for v := 1; v <= n; v++ {
				if val[v] == 0 {
					free++
				}
			}
			undo()
			return int64(1) << free, true
		}
		var total int64
		for _, s := range []int8{1, -1} {
			val[pick] = s
			k, ok := rec()
			val[pick] = 0
			if !ok {
				undo()
				return 0, false
			}
			total += k
		}
		undo()
		return total, true
	}
	return rec()
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func fmtLits(l []int) string {
	var b strings.Builder
	for i, x := range l {
		if i > 0 {
			b.WriteByte(' ')
		}
		if i == 64 {
			fmt.Fprintf(&b, "… (%d more)", len(l)-64)
			break
		}
		fmt.Fprint(&b, x)
	}
	return b.String()
}
