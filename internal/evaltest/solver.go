package evaltest

import (
	"bytes"
	"context"
	"fmt"
	"math/big"
	"strings"
	"time"

	"tandem/smt"
	"tandem/solver"
)

// GetValues asks an SMT solver (binary, with args such as "-in" for z3 or
// "--lang=smt2" for cvc5) for the values of ground terms: one process runs
// (check-sat) on an empty script and then (get-value (t1 t2 …)). The
// values come back in order. When the solver rejects the batch, it is
// split in halves until the offending terms are isolated; their entries
// are nil and their errors are in errs.
func GetValues(ctx context.Context, binary string, args []string, terms []*smt.Term, timeout time.Duration) (vals []smt.Value, errs []error, err error) {
	vals = make([]smt.Value, len(terms))
	errs = make([]error, len(terms))
	err = bisect(ctx, len(terms), func(lo, hi int) error {
		vs, err := getValues(ctx, binary, args, terms[lo:hi], timeout)
		if err == nil {
			copy(vals[lo:hi], vs)
		}
		return err
	}, func(i int, err error) { errs[i] = err })
	return vals, errs, err
}

func getValues(ctx context.Context, binary string, args []string, terms []*smt.Term, timeout time.Duration) ([]smt.Value, error) {
	var in bytes.Buffer
	in.WriteString("(set-option :produce-models true)\n(set-logic ALL)\n(check-sat)\n(get-value (")
	for _, t := range terms {
		in.WriteString("\n")
		if err := smt.WriteTerm(&in, t); err != nil {
			return nil, err
		}
	}
	in.WriteString("))\n(exit)\n")
	res, text, err := runScript(ctx, binary, args, in.Bytes(), timeout)
	if err != nil {
		return nil, err
	}
	if failed(res) && !strings.HasPrefix(strings.TrimSpace(text), "sat") {
		return nil, fmt.Errorf("running %s: %s (%s): %s", binary, res.Status, res.Reason, firstLine(string(res.Stderr)))
	}
	text = strings.TrimSpace(text)
	if !strings.HasPrefix(text, "sat") {
		return nil, fmt.Errorf("solver said %q to an empty script", firstLine(text))
	}
	sx, err := ParseSexpr(text[3:])
	if err != nil {
		return nil, err
	}
	if len(sx.List) != len(terms) {
		return nil, fmt.Errorf("get-value returned %d pairs for %d terms", len(sx.List), len(terms))
	}
	out2 := make([]smt.Value, len(terms))
	for i, p := range sx.List {
		if len(p.List) != 2 {
			return nil, fmt.Errorf("malformed get-value pair %s", p)
		}
		v, err := ValueOfSexpr(p.List[1], terms[i].Sort())
		if err != nil {
			return nil, fmt.Errorf("value of term %d: %w", i, err)
		}
		out2[i] = v
	}
	return out2, nil
}

// runScript runs the solver on a script and returns its output; an
// (error …) in it is an error.
func runScript(ctx context.Context, binary string, args []string, script []byte, timeout time.Duration) (*solver.Result, string, error) {
	res, err := solver.Run(ctx, solver.Command(binary, binary, args...), solver.BytesInput(script),
		solver.RunOptions{Limits: solver.Limits{Wall: timeout}})
	if err != nil {
		return nil, "", fmt.Errorf("running %s: %w", binary, err)
	}
	text := string(res.Stdout)
	if i := strings.Index(text, "(error"); i >= 0 {
		return nil, "", fmt.Errorf("solver error: %s", firstLine(text[i:]))
	}
	return res, text, nil
}

// failed reports whether a solver run did not end with exit code 0.
func failed(r *solver.Result) bool {
	return r.Status == solver.StatusTimeout || r.Signal != "" || r.ExitCode != 0
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 200 {
		s = s[:200]
	}
	return s
}

// Sexpr is a parsed S-expression: an atom (List nil) or a list.
type Sexpr struct {
	Atom   string
	List   []*Sexpr
	IsList bool
}

func (s *Sexpr) String() string {
	if !s.IsList {
		return s.Atom
	}
	parts := make([]string, len(s.List))
	for i, x := range s.List {
		parts[i] = x.String()
	}
	return "(" + strings.Join(parts, " ") + ")"
}

// ParseSexpr reads one S-expression (symbols, numerals, |quoted|
// symbols, "strings", ; comments).
func ParseSexpr(text string) (*Sexpr, error) {
	p := &sexprParser{s: text}
	x, err := p.parse(0)
	if err != nil {
		return nil, err
	}
	return x, nil
}

type sexprParser struct {
	s string
	i int
}

func (p *sexprParser) skip() {
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == ';' {
			for p.i < len(p.s) && p.s[p.i] != '\n' {
				p.i++
			}
			continue
		}
		if c != ' ' && c != '\n' && c != '\t' && c != '\r' {
			return
		}
		p.i++
	}
}

func (p *sexprParser) parse(depth int) (*Sexpr, error) {
	if depth > 10000 {
		return nil, fmt.Errorf("s-expression too deep")
	}
	p.skip()
	if p.i >= len(p.s) {
		return nil, fmt.Errorf("unexpected end of s-expression")
	}
	switch c := p.s[p.i]; c {
	case '(':
		p.i++
		x := &Sexpr{IsList: true}
		for {
			p.skip()
			if p.i >= len(p.s) {
				return nil, fmt.Errorf("unclosed (")
			}
			if p.s[p.i] == ')' {
				p.i++
				return x, nil
			}
			e, err := p.parse(depth + 1)
			if err != nil {
				return nil, err
			}
			x.List = append(x.List, e)
		}
	case ')':
		return nil, fmt.Errorf("unexpected ) at offset %d", p.i)
	case '|':
		j := strings.IndexByte(p.s[p.i+1:], '|')
		if j < 0 {
			return nil, fmt.Errorf("unclosed |")
		}
		a := p.s[p.i : p.i+j+2]
		p.i += j + 2
		return &Sexpr{Atom: a}, nil
	case '"':
		j := p.i + 1
		for j < len(p.s) {
			if p.s[j] == '"' {
				if j+1 < len(p.s) && p.s[j+1] == '"' {
					j += 2
					continue
				}
				break
			}
			j++
		}
		if j >= len(p.s) {
			return nil, fmt.Errorf("unclosed string")
		}
		a := p.s[p.i : j+1]
		p.i = j + 1
		return &Sexpr{Atom: a}, nil
	}
	j := p.i
	for j < len(p.s) && !strings.ContainsRune(" \t\r\n();\"|", rune(p.s[j])) {
		j++
	}
	a := p.s[p.i:j]
	p.i = j
	return &Sexpr{Atom: a}, nil
}

// ValueOfSexpr reads a solver's value of sort s: true/false, numerals,
// decimals, (- x), (/ x y), #b…, #x…, (_ bvN w).
func ValueOfSexpr(x *Sexpr, s *smt.Sort) (smt.Value, error) {
	switch s.Kind {
	case smt.KindBool:
		switch x.Atom {
		case "true":
			return smt.BoolValue(true), nil
		case "false":
			return smt.BoolValue(false), nil
		}
	case smt.KindInt, smt.KindReal:
		r, err := ratOfSexpr(x, 0)
		if err != nil {
			return nil, err
		}
		if s.Kind == smt.KindInt {
			if !r.IsInt() {
				return nil, fmt.Errorf("value %s of sort Int is not integral", x)
			}
			return smt.IntValue{V: new(big.Int).Set(r.Num())}, nil
		}
		return smt.RealValue{V: r}, nil
	case smt.KindBitVec:
		var v *big.Int
		switch {
		case !x.IsList && strings.HasPrefix(x.Atom, "#b"):
			v, _ = new(big.Int).SetString(x.Atom[2:], 2)
		case !x.IsList && strings.HasPrefix(x.Atom, "#x"):
			v, _ = new(big.Int).SetString(x.Atom[2:], 16)
		case x.IsList && len(x.List) == 3 && x.List[0].Atom == "_" && strings.HasPrefix(x.List[1].Atom, "bv"):
			v, _ = new(big.Int).SetString(x.List[1].Atom[2:], 10)
		}
		if v != nil {
			return smt.NewBVValue(v, s.Width), nil
		}
	}
	return nil, fmt.Errorf("cannot read %s as a value of sort %s", x, s)
}

func ratOfSexpr(x *Sexpr, depth int) (*big.Rat, error) {
	if depth > 10 {
		return nil, fmt.Errorf("number too nested")
	}
	if !x.IsList {
		r, ok := new(big.Rat).SetString(x.Atom)
		if !ok {
			return nil, fmt.Errorf("bad number %q", x.Atom)
		}
		return r, nil
	}
	if len(x.List) == 2 && x.List[0].Atom == "-" {
		r, err := ratOfSexpr(x.List[1], depth+1)
		if err != nil {
			return nil, err
		}
		return r.Neg(r), nil
	}
	if len(x.List) == 3 && x.List[0].Atom == "/" {
		a, err := ratOfSexpr(x.List[1], depth+1)
		if err != nil {
			return nil, err
		}
		b, err := ratOfSexpr(x.List[2], depth+1)
		if err != nil {
			return nil, err
		}
		if b.Sign() == 0 {
			return nil, fmt.Errorf("division by zero in value %s", x)
		}
		return a.Quo(a, b), nil
	}
	return nil, fmt.Errorf("cannot read number %s", x)
}
