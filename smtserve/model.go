package smtserve

import (
	"context"
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"tandem/eval"
	"tandem/smt"
	"tandem/smtlib"
)

// Models and values: fuzzing's answers are printed from its model; the
// fallback's from the fallback, which still holds the query.

// modelReady reports whether a model may be printed now, answering the
// error z3 gives when it may not.
func (s *Session) modelReady(c *smtlib.Command) bool {
	if !s.last.valid || s.last.status != "sat" {
		s.errorf(c.Pos, "model is not available")
		return false
	}
	return true
}

func (s *Session) getModel(ctx context.Context, c *smtlib.Command) {
	if !s.modelReady(c) {
		return
	}
	if s.last.src == fromFallback {
		if s.last.modelText != "" && len(s.pending) == 0 {
			s.out.WriteString(strings.TrimSpace(s.last.modelText))
			s.out.WriteByte('\n')
			return
		}
		s.relay(ctx, c)
		return
	}
	s.out.WriteString("(\n")
	for _, f := range s.liveConsts() {
		v, ok := s.last.model.Const(f)
		if !ok {
			continue
		}
		fmt.Fprintf(s.out, "  (define-fun %s () %s\n    %s)\n", smt.QuoteSymbol(f.Name), f.Result, v)
	}
	s.out.WriteString(")\n")
}

func (s *Session) getValue(ctx context.Context, c *smtlib.Command) {
	if !s.modelReady(c) {
		return
	}
	if s.last.src == fromFallback {
		s.relay(ctx, c)
		return
	}
	vals, err := s.values(c.Terms)
	if err != nil {
		s.errorf(c.Pos, "%v", err)
		return
	}
	s.out.WriteByte('(')
	for i, t := range c.Terms {
		if i > 0 {
			s.out.WriteString("\n ")
		}
		fmt.Fprintf(s.out, "(%s %s)", t, vals[i])
	}
	s.out.WriteString(")\n")
}

// values evaluates terms under fuzzing's model, completed as z3 completes
// models: a constant the model leaves out (one of another sort than Bool
// and bit-vectors, declared but in no assertion, or declared since the
// check-sat) gets its sort's default value.
func (s *Session) values(terms []*smt.Term) ([]smt.Value, error) {
	s.complete(s.last.model, terms)
	ev := s.evaluator(s.last.model)
	out := make([]smt.Value, len(terms))
	for i, t := range terms {
		v, err := ev.Eval(t)
		if err != nil {
			return nil, fmt.Errorf("cannot evaluate %s: %v", smt.Describe(t), err)
		}
		if u, ok := v.(smt.Undefined); ok {
			return nil, fmt.Errorf("the value of %s is not defined by the standard (%s)", smt.Describe(t), u.Reason)
		}
		out[i] = v
	}
	return out, nil
}

// complete gives m a default value for every declared constant of terms
// (definitions expanded) that it does not interpret. Such a constant occurs
// in no assertion fuzzing answered, so any value keeps the model a model.
func (s *Session) complete(m *eval.Model, terms []*smt.Term) {
	roots := make([]*smt.Term, 0, len(terms))
	for _, t := range terms {
		if e, err := s.exp.Expand(t); err == nil {
			roots = append(roots, e)
		}
	}
	smt.InspectAll(roots, func(t *smt.Term) bool {
		if t.Kind() != smt.App || t.Func() == nil || !t.Func().IsConst() || t.Func().Kind != smt.FuncDeclared {
			return true
		}
		if _, ok := m.Const(t.Func()); !ok {
			if v, ok := smt.DefaultValue(t.Func().Result); ok {
				m.SetConst(t.Func(), v)
			}
		}
		return true
	})
}

func (s *Session) getAssignment(ctx context.Context, c *smtlib.Command) {
	if !s.modelReady(c) {
		return
	}
	if s.last.src == fromFallback {
		s.relay(ctx, c)
		return
	}
	names, terms := namedBools(s.assertions())
	vals, err := s.values(terms)
	if err != nil {
		s.errorf(c.Pos, "%v", err)
		return
	}
	s.out.WriteByte('(')
	for i, n := range names {
		if i > 0 {
			s.out.WriteByte(' ')
		}
		fmt.Fprintf(s.out, "(%s %s)", n, vals[i])
	}
	s.out.WriteString(")\n")
}

// namedBools collects the Bool terms the assertions name with :named.
func namedBools(as []assertion) (names []string, terms []*smt.Term) {
	roots := make([]*smt.Term, len(as))
	for i, a := range as {
		roots[i] = a.term
	}
	smt.InspectAll(roots, func(t *smt.Term) bool {
		if t.Kind() == smt.Annotated && t.Sort() == smt.BoolSort() {
			for _, a := range t.Attributes() {
				if a.Key == ":named" {
					names = append(names, a.Value)
					terms = append(terms, t.Args()[0])
				}
			}
		}
		return true
	})
	return names, terms
}

var (
	seedLiteral = `(#x[0-9a-fA-F]+|#b[01]+|true|false|\(\s*_\s+bv\d+\s+\d+\s*\))`
	seedDefine  = regexp.MustCompile(`\(\s*define-fun\s+(\|[^|]*\||[^\s()|]+)\s+\(\s*\)\s+(?:Bool|\(\s*_\s+BitVec\s+\d+\s*\))\s+` + seedLiteral + `\s*\)`)
	seedPair    = regexp.MustCompile(`\(\s*(\|[^|]*\||[^\s()|]+)\s+` + seedLiteral + `\s*\)`)
	seedBVLit   = regexp.MustCompile(`^\(\s*_\s+bv\d+\s+(\d+)\s*\)$`)
)

// parseSeed reads seed values by name from a model or get-value pairs:
// the Bool and bit-vector constants, each read by [smtlib.ParseValues]
// against a declaration of the sort its literal has.
func parseSeed(text string) (map[string]*big.Int, error) {
	re := seedPair
	if strings.Contains(text, "define-fun") {
		re = seedDefine
	}
	if re == seedPair {
		if rest := strings.Trim(seedPair.ReplaceAllString(text, ""), "() \t\r\n"); rest != "" {
			return nil, fmt.Errorf("cannot read %q as a value: a seed is a model or ((name value) …) pairs of Bool and bit-vector literals", rest)
		}
	}
	var decls, pairs strings.Builder
	pairs.WriteByte('(')
	for _, m := range re.FindAllStringSubmatch(text, -1) {
		sort := "Bool"
		switch lit := m[2]; {
		case strings.HasPrefix(lit, "#x"):
			sort = fmt.Sprintf("(_ BitVec %d)", 4*(len(lit)-2))
		case strings.HasPrefix(lit, "#b"):
			sort = fmt.Sprintf("(_ BitVec %d)", len(lit)-2)
		case strings.HasPrefix(lit, "("):
			sort = "(_ BitVec " + seedBVLit.FindStringSubmatch(lit)[1] + ")"
		}
		fmt.Fprintf(&decls, "(declare-const %s %s)\n", m[1], sort)
		fmt.Fprintf(&pairs, "(%s %s)", m[1], m[2])
	}
	pairs.WriteByte(')')
	sc, err := smtlib.Parse("<seed>", []byte(decls.String()))
	if err != nil {
		return nil, err
	}
	vp, err := smtlib.ParseValues([]byte(pairs.String()), sc)
	if err != nil {
		return nil, err
	}
	vals := map[string]*big.Int{}
	for _, p := range vp {
		v, err := smt.ValueOf(p.Value)
		if err != nil {
			return nil, err
		}
		switch x := v.(type) {
		case smt.BoolValue:
			vals[p.Term.Func().Name] = big.NewInt(0)
			if x {
				vals[p.Term.Func().Name] = big.NewInt(1)
			}
		case smt.BVValue:
			vals[p.Term.Func().Name] = x.V
		}
	}
	return vals, nil
}
