package strstest

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"

	"tandem/smt"
	"tandem/smt/strs"
	"tandem/smtlib"
	"tandem/solver"
)

// Solver is a solver binary that answers (get-value …) for ground terms.
type Solver struct {
	Name string
	Path string
	Args []string
	// Z3Strings: the solver prints strings as z3 4.8 does (printable
	// ASCII and 0x7F raw, the rest as \u{…}, a backslash raw), which
	// cannot always be read back; answers are compared by printing our
	// value the same way.
	Z3Strings bool
	// Timeout per process (default 120 s).
	Timeout time.Duration
}

// Z3 and CVC5 are the solvers the checks run against.
var (
	Z3   = Solver{Name: "z3", Path: "z3", Args: []string{"-in", "-smt2"}, Z3Strings: true}
	CVC5 = Solver{Name: "cvc5", Path: "cvc5", Args: []string{"--lang=smt2", "--produce-models"}}
)

// Disagreement is one term whose values differ.
type Disagreement struct {
	Term   string
	Ours   string
	Theirs string
	Quirk  string // the known solver deviation that explains it, if any
}

// Result counts the outcome of a check.
type Result struct {
	Terms        int
	Agree        int
	Unevaluated  int            // the solver answered with a term, not a value
	UnevalSample []Disagreement // the first few unevaluated answers
	SolverErrors int            // the solver rejected or timed out on the term alone
	// Disagreements are the answers that differ from ours and that no
	// known quirk of the solver explains.
	Disagreements []Disagreement
	// Explained counts the differing answers by the quirk that explains
	// them.
	Explained       map[string]int
	ExplainedSample []Disagreement
	// RefMismatch are our values that differ from the brute-force
	// reference's: bugs of ours (or of the reference).
	RefMismatch []Disagreement
	Errors      []string // first few solver error messages
}

// Add accumulates r2 into r.
func (r *Result) Add(r2 Result) {
	r.Terms += r2.Terms
	r.Agree += r2.Agree
	r.Unevaluated += r2.Unevaluated
	if len(r.UnevalSample) < 5 {
		r.UnevalSample = append(r.UnevalSample, r2.UnevalSample...)
	}
	r.SolverErrors += r2.SolverErrors
	r.Disagreements = append(r.Disagreements, r2.Disagreements...)
	r.RefMismatch = append(r.RefMismatch, r2.RefMismatch...)
	for k, n := range r2.Explained {
		if r.Explained == nil {
			r.Explained = map[string]int{}
		}
		r.Explained[k] += n
	}
	if len(r.ExplainedSample) < 10 {
		r.ExplainedSample = append(r.ExplainedSample, r2.ExplainedSample...)
	}
	if len(r.Errors) < 5 {
		r.Errors = append(r.Errors, r2.Errors...)
	}
}

// Script is the SMT-LIB script that asks for the values of terms.
func Script(terms []*smt.Term) string {
	var b strings.Builder
	b.WriteString("(set-logic QF_SLIA)\n(check-sat)\n(get-value (")
	for _, t := range terms {
		b.WriteString("\n  ")
		b.WriteString(t.String())
	}
	b.WriteString("))\n")
	return b.String()
}

// Quirk is a solver's known deviation from the standard, as a reference
// evaluator that reproduces it.
type Quirk struct {
	Name string
	Ref  *Ref
}

// Quirks lists the known deviations of each solver (docs/
// strings-solver-disagreements.md has a reproducer for each).
var Quirks = map[string][]Quirk{
	"cvc5": {
		{"cvc5: (_ re.^ 0) / (_ re.loop 0 0) of a star is the star", &Ref{PowerZeroNullable: true}},
	},
}

// Check asks s for the values of terms in one process (splitting the batch
// when the solver rejects it, to find the terms it cannot evaluate) and
// compares them with ours. Every value of ours is also checked against the
// brute-force reference [Ref]; a solver answer that differs from ours is
// explained, when it can be, by one of the solver's [Quirks].
func Check(ctx context.Context, s Solver, terms []*smt.Term, ours func(*smt.Term) (smt.Value, error)) (Result, error) {
	var res Result
	if len(terms) == 0 {
		return res, nil
	}
	vals, err := s.values(ctx, terms)
	if err != nil {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		if len(terms) == 1 {
			res.Terms, res.SolverErrors = 1, 1
			res.Errors = []string{fmt.Sprintf("%s: %v", terms[0], err)}
			return res, nil
		}
		h := len(terms) / 2
		r1, err := Check(ctx, s, terms[:h], ours)
		if err != nil {
			return res, err
		}
		r2, err := Check(ctx, s, terms[h:], ours)
		res.Add(r1)
		res.Add(r2)
		return res, err
	}
	for i, t := range terms {
		res.Terms++
		v, err := ours(t)
		if err != nil {
			return res, fmt.Errorf("our value of %s: %w", t, err)
		}
		ref, err := (&Ref{}).Eval(t)
		if err != nil {
			return res, fmt.Errorf("reference value of %s: %w", t, err)
		}
		if !smt.ValueEqual(v, ref) {
			res.RefMismatch = append(res.RefMismatch, Disagreement{Term: t.String(), Ours: v.String(), Theirs: ref.String()})
		}
		switch Compare(v, vals[i], s.Z3Strings) {
		case Same:
			res.Agree++
		case NotValue:
			res.Unevaluated++
			if len(res.UnevalSample) < 5 {
				res.UnevalSample = append(res.UnevalSample, Disagreement{Term: t.String(), Ours: v.String(), Theirs: vals[i]})
			}
		default:
			d := Disagreement{Term: t.String(), Ours: v.String(), Theirs: vals[i]}
			for _, q := range Quirks[s.Name] {
				qv, err := (&Ref{PowerZeroNullable: q.Ref.PowerZeroNullable}).Eval(t)
				if err == nil && Compare(qv, vals[i], s.Z3Strings) == Same {
					d.Quirk = q.Name
					break
				}
			}
			if d.Quirk != "" {
				if res.Explained == nil {
					res.Explained = map[string]int{}
				}
				res.Explained[d.Quirk]++
				if len(res.ExplainedSample) < 10 {
					res.ExplainedSample = append(res.ExplainedSample, d)
				}
			} else {
				res.Disagreements = append(res.Disagreements, d)
			}
		}
	}
	return res, nil
}

// Verdict is the outcome of comparing one value.
type Verdict int

// The verdicts of Compare.
const (
	Same Verdict = iota
	Differ
	NotValue
)

// Compare compares our value with a solver's answer text.
func Compare(v smt.Value, theirs string, z3Strings bool) Verdict {
	switch x := v.(type) {
	case smt.BoolValue:
		if theirs == strconv.FormatBool(bool(x)) {
			return Same
		}
		if theirs != "true" && theirs != "false" {
			return NotValue
		}
	case smt.IntValue:
		n, ok := ParseInt(theirs)
		if !ok {
			return NotValue
		}
		if n.Cmp(x.V) == 0 {
			return Same
		}
	case smt.StringValue:
		if !strings.HasPrefix(theirs, `"`) {
			return NotValue
		}
		if z3Strings {
			if Z3Quote(x.Runes) == theirs {
				return Same
			}
			return Differ
		}
		r, err := strs.Unquote(theirs)
		if err == nil && strs.Equal(r, x.Runes) {
			return Same
		}
	}
	return Differ
}

// ParseInt reads an Int value as solvers print it: 5 or (- 5).
func ParseInt(s string) (*big.Int, bool) {
	neg := false
	if strings.HasPrefix(s, "(") {
		f := strings.Fields(strings.Trim(s, "()"))
		if len(f) != 2 || f[0] != "-" {
			return nil, false
		}
		s, neg = f[1], true
	}
	n, ok := new(big.Int).SetString(s, 10)
	if !ok || n.Sign() < 0 || strings.HasPrefix(s, "+") {
		return nil, false
	}
	if neg {
		n.Neg(n)
	}
	return n, true
}

// Z3Quote prints s as z3 4.8.12 prints a string value: characters 0x20 to
// 0x7F as themselves (the backslash too), a double quote doubled, any
// other character as \u{…} in lower-case hex.
func Z3Quote(s []rune) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '"':
			b.WriteString(`""`)
		case c >= 0x20 && c <= 0x7f:
			b.WriteRune(c)
		default:
			fmt.Fprintf(&b, `\u{%x}`, c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// values runs the solver and returns the text of each value.
func (s Solver) values(ctx context.Context, terms []*smt.Term) ([]string, error) {
	to := s.Timeout
	if to == 0 {
		to = 120 * time.Second
	}
	res, err := solver.Run(ctx, solver.Command(s.Name, s.Path, s.Args...), solver.BytesInput([]byte(Script(terms))),
		solver.RunOptions{Limits: solver.Limits{Wall: to}})
	if err != nil {
		return nil, err
	}
	text := string(res.Stdout)
	if ctx.Err() != nil || res.Status == solver.StatusTimeout {
		return nil, fmt.Errorf("%s timed out after %v", s.Name, to)
	}
	if i := strings.Index(text, "(error"); i >= 0 {
		return nil, errors.New(strings.TrimSpace(text[i:]))
	}
	if res.Signal != "" || res.ExitCode != 0 {
		return nil, fmt.Errorf("%s: %s (%s): %s", s.Name, res.Status, res.Reason, res.Stderr)
	}
	text = strings.TrimSpace(text)
	if !strings.HasPrefix(text, "sat") {
		return nil, fmt.Errorf("%s answered %.80q", s.Name, text)
	}
	sc, err := smtlib.Parse("get-value.smt2", []byte(Script(terms)))
	if err != nil {
		return nil, fmt.Errorf("strstest: the query does not parse: %w", err)
	}
	pairs, err := smtlib.ParseValues([]byte(text[3:]), sc)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.Name, err)
	}
	if len(pairs) != len(terms) {
		return nil, fmt.Errorf("%s gave %d values for %d terms", s.Name, len(pairs), len(terms))
	}
	vals := make([]string, len(pairs))
	for i, p := range pairs {
		vals[i] = p.Text
	}
	return vals, nil
}
