package smtlib

import (
	"fmt"
	"os"

	"tandem/smt"
)

// Dialect is the language a script is read in.
type Dialect uint8

const (
	// DialectSMTLIB is SMT-LIB 2.6, strictly (the default).
	DialectSMTLIB Dialect = iota
	// DialectZ3 is SMT-LIB 2.6 with these of z3's leniencies, each
	// accepted with a warning ([Options.Warn]): an application of +, *
	// or xor to one argument is that argument; div of Reals is /; a
	// decimal without digits after the point (0.) is read as 0.0.
	DialectZ3
)

// ParseDialect is the dialect named name: "smtlib" (or "") or "z3".
func ParseDialect(name string) (Dialect, error) {
	switch name {
	case "", "smtlib", "smtlib2.6":
		return DialectSMTLIB, nil
	case "z3":
		return DialectZ3, nil
	}
	return 0, fmt.Errorf("unknown dialect %q: use smtlib (strict SMT-LIB 2.6, the default) or z3", name)
}

// WarnStderr is an [Options.Warn] that prints each warning to standard
// error as FILE:LINE:COL: warning: message.
func WarnStderr(w *Error) { fmt.Fprintln(os.Stderr, w.Error()) }

// warnAt reports a leniency of the dialect at pos.
func (p *parser) warnAt(pos Pos, msg string) {
	if p.warn != nil {
		p.warn(&Error{Filename: p.filename, Pos: pos, Msg: "warning: " + msg})
	}
}

// z3Apply is the application of op to args where z3 reads it otherwise
// than SMT-LIB 2.6 does; ok is false elsewhere.
func (p *parser) z3Apply(op smt.Op, args []*smt.Term, pos Pos) (t *smt.Term, ok bool) {
	name := op.Info().Name
	switch {
	case len(args) == 1 && (op == smt.OpAdd || op == smt.OpMul) && args[0].Sort().IsNumeric(),
		len(args) == 1 && op == smt.OpXor && args[0].Sort() == smt.BoolSort():
		p.warnAt(pos, "z3 dialect: ("+name+" t) of one argument read as t")
		return args[0], true
	case op == smt.OpIntDiv && len(args) >= 2 && allReal(args):
		// z3 4.8.12 truncates the operands (its (div 2.5 0.5) is 0, its
		// (div (- 2.5) 2.0) is -2), so this is not /.
		p.warnAt(pos, "z3 dialect: (div a b) of Reals read as z3 does, (to_real (div (to_int a) (to_int b)))")
		ints := make([]*smt.Term, len(args))
		for i, a := range args {
			var err error
			if ints[i], err = p.st.Apply(smt.OpToInt, nil, a); err != nil {
				return nil, false
			}
		}
		q, err := p.st.Apply(smt.OpIntDiv, nil, ints...)
		if err != nil {
			return nil, false
		}
		t, err := p.st.Apply(smt.OpToReal, nil, q)
		return t, err == nil
	}
	return nil, false
}

func allReal(ts []*smt.Term) bool {
	for _, t := range ts {
		if t.Sort() != smt.RealSort() {
			return false
		}
	}
	return true
}
