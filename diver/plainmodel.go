package diver

import (
	"math/big"

	"tandem/eval"
	"tandem/smt"
)

// readPlainModel reads the most common model answer without the smtlib
// parser: a list of (define-fun NAME () SORT VALUE) entries, optionally
// after the word model, where NAME is one of names (the quoted symbol of a
// constant tandem declared: the seed's and the fresh ones), SORT is its
// sort, Bool, Int or Real, and VALUE a literal of it as solvers print
// them: true/false; a numeral or (- numeral); a decimal, (- decimal),
// (/ d d), (/ (- d) d) or (- (/ d d)). Anything else (another sort or
// value form, a name it does not know, a repeated name, a comment, a
// string or quoted symbol) gives ok false, and the caller parses the
// text with smtlib.ParseModel. On QF_LRA z3 answers a mutant in ~1.5 ms
// and smtlib.ParseModel took ~0.1 ms of tandem's CPU per model (it clones
// the script's symbol tables and reads the text twice).
//
// A model read here is plain (see plainModel), and the constants get the
// values smtlib.ParseModel and eval.ModelFromSMTLIB give them:
// TestPlainModelMatchesParseModel and FuzzPlainModel compare the two.
func readPlainModel(text string, names map[string]*smt.Func) (*eval.Model, bool) {
	r := modelLexer{s: text}
	if r.next() != "(" {
		return nil, false
	}
	tok := r.next()
	if tok == "model" {
		tok = r.next()
	}
	em := eval.NewModel()
	for ; tok == "("; tok = r.next() {
		if r.next() != "define-fun" {
			return nil, false
		}
		f := names[r.next()]
		if f == nil || r.next() != "(" || r.next() != ")" || r.next() != f.Result.String() {
			return nil, false
		}
		if _, dup := em.Const(f); dup {
			return nil, false
		}
		var v smt.Value
		switch f.Result {
		case smt.BoolSort():
			switch r.next() {
			case "true":
				v = smt.BoolValue(true)
			case "false":
				v = smt.BoolValue(false)
			default:
				return nil, false
			}
		case smt.IntSort():
			n, ok := r.signed(false)
			if !ok {
				return nil, false
			}
			v = smt.IntValue{V: n.Num()}
		case smt.RealSort():
			q, ok := r.real()
			if !ok {
				return nil, false
			}
			v = smt.RealValue{V: q}
		default:
			return nil, false
		}
		if r.next() != ")" || em.SetConst(f, v) != nil {
			return nil, false
		}
	}
	if tok != ")" || r.next() != "" || r.bad {
		return nil, false
	}
	return em, true
}

// modelLexer splits a model text into "(", ")" and atoms; bad is set on
// a character readPlainModel leaves to the smtlib parser (strings,
// quoted symbols, comments).
type modelLexer struct {
	s   string
	bad bool
}

// next is the next token, "" at the end (or after a bad character).
func (r *modelLexer) next() string {
	i := 0
	for i < len(r.s) && (r.s[i] == ' ' || r.s[i] == '\n' || r.s[i] == '\t' || r.s[i] == '\r') {
		i++
	}
	r.s = r.s[i:]
	if r.s == "" || r.bad {
		return ""
	}
	if c := r.s[0]; c == '(' || c == ')' {
		tok := r.s[:1]
		r.s = r.s[1:]
		return tok
	}
	j := 0
	for ; j < len(r.s); j++ {
		c := r.s[j]
		if c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '(' || c == ')' {
			break
		}
		if c == '"' || c == '|' || c == ';' || c < ' ' || c > '~' {
			r.bad = true
			return ""
		}
	}
	tok := r.s[:j]
	r.s = r.s[j:]
	return tok
}

// real reads a Real value: a decimal, (- decimal), (/ p q) with p a
// decimal or (- decimal) and q a non-zero decimal, or (- (/ p q)).
func (r *modelLexer) real() (*big.Rat, bool) {
	save := *r
	if q, ok := r.signed(true); ok {
		return q, true
	}
	*r = save
	if r.next() != "(" {
		return nil, false
	}
	neg := false
	switch r.next() {
	case "-":
		if r.next() != "(" || r.next() != "/" {
			return nil, false
		}
		neg = true
	case "/":
	default:
		return nil, false
	}
	p, ok := r.signed(true)
	if !ok || neg && p.Sign() < 0 {
		return nil, false
	}
	q, ok := number(r.next(), true)
	if !ok || q.Sign() == 0 || r.next() != ")" {
		return nil, false
	}
	p.Quo(p, q)
	if neg {
		if r.next() != ")" {
			return nil, false
		}
		p.Neg(p)
	}
	return p, true
}

// signed reads a number (a decimal when dec, else a numeral) or its
// negation (- n).
func (r *modelLexer) signed(dec bool) (*big.Rat, bool) {
	tok := r.next()
	if tok != "(" {
		return number(tok, dec)
	}
	if r.next() != "-" {
		return nil, false
	}
	n, ok := number(r.next(), dec)
	if !ok || r.next() != ")" {
		return nil, false
	}
	return n.Neg(n), true
}

// number reads an SMT-LIB numeral (0 or a digit string without a leading
// zero) or, when dec, a decimal (numeral.digits).
func number(tok string, dec bool) (*big.Rat, bool) {
	whole, frac := tok, ""
	if dec {
		i := 0
		for i < len(tok) && tok[i] != '.' {
			i++
		}
		if i == len(tok) {
			return nil, false
		}
		whole, frac = tok[:i], tok[i+1:]
		if frac == "" || !digits(frac) {
			return nil, false
		}
	}
	if whole == "" || !digits(whole) || len(whole) > 1 && whole[0] == '0' {
		return nil, false
	}
	if dec {
		return new(big.Rat).SetString(whole + "." + frac)
	}
	return new(big.Rat).SetString(whole)
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
