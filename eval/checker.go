package eval

import (
	"fmt"

	"tandem/smt"
)

// Checker decides whether a fixed list of assertions holds under many
// models. It runs a compiled [Program] when the assertions compile (Bool
// and bit-vectors up to 64 bits) and the [Evaluator] otherwise, so callers
// get the fast path where it exists and exact answers everywhere.
type Checker struct {
	assertions []*smt.Term
	prog       *Program
	mach       *Machine
	in         []uint64
	ev         *Evaluator
	fallback   error
}

// NewChecker prepares a checker for the conjunction of assertions. callee
// serves the compiled program's function calls (nil if there are none).
func NewChecker(assertions []*smt.Term, callee Callee) *Checker {
	c := &Checker{assertions: assertions, ev: New(nil)}
	p, err := Compile(assertions...)
	if err != nil {
		c.fallback = err
		return c
	}
	c.prog, c.mach = p, p.NewMachine(callee)
	return c
}

// Compiled reports whether the checker runs a compiled program; when not,
// Fallback says why.
func (c *Checker) Compiled() bool { return c.prog != nil }

// Fallback is the reason the assertions were not compiled (nil when they
// were).
func (c *Checker) Fallback() error { return c.fallback }

// Program is the compiled program, or nil.
func (c *Checker) Program() *Program { return c.prog }

// Holds evaluates the assertions under m. It returns true when all hold;
// false with a nil Undefined when one is false; false with the Undefined
// of the first assertion whose value is open when none is false but some
// are undefined.
func (c *Checker) Holds(m *Model) (bool, *smt.Undefined, error) {
	if c.prog != nil && len(c.prog.calls) == 0 {
		var err error
		c.in, err = c.prog.InputsFrom(m, c.in)
		if err == nil {
			// Constants missing from the model are undefined in the
			// interpreter; the program has no undefined, so defer to it.
			complete := true
			for _, f := range c.prog.inputs {
				if _, ok := m.Const(f); !ok {
					complete = false
					break
				}
			}
			if complete {
				if err := c.mach.Run(c.in); err != nil {
					return false, nil, err
				}
				return c.mach.Holds(), nil, nil
			}
		}
	}
	c.ev.SetModel(m)
	var firstU *smt.Undefined
	for _, a := range c.assertions {
		v, err := c.ev.Eval(a)
		if err != nil {
			return false, nil, err
		}
		switch x := v.(type) {
		case smt.BoolValue:
			if !x {
				return false, nil, nil
			}
		case smt.Undefined:
			if firstU == nil {
				firstU = &x
			}
		default:
			return false, nil, fmt.Errorf("assertion %s has value %s, not a Bool", shortTerm(a), v)
		}
	}
	return firstU == nil, firstU, nil
}
