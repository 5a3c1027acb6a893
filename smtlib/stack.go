package smtlib

import (
	"fmt"

	"tandem/smt"
)

// Stack replays a parsed script command by command and keeps what is live
// after each one: the assertion stack (push, pop, reset-assertions and
// reset honoured) and the symbols in scope. A solver's answer to the k-th
// check-sat is about that state, not the script's end: after a pop or a
// reset a symbol may have been redeclared with another sort, and an
// assertion in the file may be out of scope. [Stack.ParseModel] reads a
// model against the symbols live now, and [Stack.Assertions] are the
// assertions it must satisfy.
//
//	st := smtlib.NewStack(sc)
//	for c := st.Step(); c != nil; c = st.Step() {
//		if c.Kind == smtlib.CmdCheckSat {
//			m, err := st.ParseModel(modelText) // the model of this check-sat
//			check(m, st.Assertions())
//		}
//	}
//
// An incremental client (a DIVER run over a script with many check-sats)
// steps once through the script; replaying costs as much as the
// declarations, since terms are not parsed again. Symbols added with
// [Script.Declare] are not replayed: they are known to [ParseModel] only.
type Stack struct {
	sc     *Script
	env    *parser
	levels [][]*smt.Term // levels[0]: the base level; one more per push
	next   int
	cur    *Command
	// failed counts commands whose replay failed; the script parsed, so
	// this is 0 unless Stack and the parser disagree on scopes (tests).
	failed int
}

// NewStack is a Stack before the script's first command.
func NewStack(sc *Script) *Stack {
	env := newParser(sc.Filename, newLexerBytes(nil), []Options{{Store: sc.Store}})
	if sc.env != nil {
		env.updaters = sc.env.updaters // keyed by selector: valid in every scope
	}
	return &Stack{sc: sc, env: env, levels: [][]*smt.Term{nil}}
}

// Step applies the next command and returns it, or nil after the last.
func (s *Stack) Step() *Command {
	if s.next >= len(s.sc.Commands) {
		s.cur = nil
		return nil
	}
	c := s.sc.Commands[s.next]
	s.next++
	s.cur = c
	s.apply(c)
	return c
}

// Seek steps until command k (an index into the script's commands) is the
// last one applied; a Stack that is already past k starts over.
func (s *Stack) Seek(k int) *Command {
	if k < s.next-1 {
		*s = *NewStack(s.sc)
	}
	for s.next <= k && s.next < len(s.sc.Commands) {
		s.Step()
	}
	return s.cur
}

// Index is the index of the last command applied (-1 before the first).
func (s *Stack) Index() int { return s.next - 1 }

// Depth is the number of open push levels.
func (s *Stack) Depth() int { return len(s.levels) - 1 }

// Assertions are the assertions live after the last command applied, in
// the order they were made; when that command is a check-sat-assuming its
// assumptions come last, since the answer is about them too.
func (s *Stack) Assertions() []*smt.Term {
	var out []*smt.Term
	for _, l := range s.levels {
		out = append(out, l...)
	}
	if s.cur != nil && s.cur.Kind == CmdCheckSatAssuming {
		out = append(out, s.cur.Terms...)
	}
	return out
}

// Lookup is the function symbol name denotes now, if any.
func (s *Stack) Lookup(name string) (*smt.Func, bool) {
	f, ok := s.env.funs[name]
	return f, ok
}

// ParseModel is [ParseModel] against the symbols live now.
func (s *Stack) ParseModel(text []byte) (*Model, error) {
	return parseModel(modelParserEnv(text, s.sc.Filename, s.sc.Store, s.env), text)
}

// ParseValues is [ParseValues] against the symbols live now.
func (s *Stack) ParseValues(text []byte) ([]ValuePair, error) {
	return parseValues(modelParserEnv(text, s.sc.Filename, s.sc.Store, s.env), text)
}

// apply does what the command does to the scopes; the script was checked
// when it was parsed, so a failure here (a script whose bad commands were
// dropped) leaves the symbol out rather than stopping the replay.
func (s *Stack) apply(c *Command) {
	p := s.env
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			p.errs, p.done = nil, false
			s.failed++
		}
	}()
	for _, f := range c.named { // defined as its terms were read
		p.declareFun(f, c.Pos)
	}
	switch c.Kind {
	case CmdSetLogic:
		p.logic = c.Name
	case CmdSetOption:
		if c.Name == ":global-declarations" {
			p.global = c.Value == "true"
		}
	case CmdDeclareSort:
		p.defineSort(c.Name, &sortEntry{arity: c.Arity}, c.Pos)
	case CmdDefineSort:
		p.defineSort(c.Name, &sortEntry{arity: len(c.SortParams), params: c.SortParams, body: c.Sort}, c.Pos)
	case CmdDeclareFun, CmdDeclareConst, CmdDefineFun, CmdDefineConst, CmdDefineFunRec, CmdDefineFunsRec,
		CmdDeclareCB, CmdDeclareOracleFun:
		for _, f := range c.Funcs {
			p.declareFun(f, c.Pos)
		}
	case CmdDeclareDatatype, CmdDeclareDatatypes, CmdDeclareCodatatype, CmdDeclareCodatatypes:
		for _, d := range c.Datatypes {
			p.defineSort(d.Name, &sortEntry{arity: len(d.Params), dt: d}, c.Pos)
		}
		for _, d := range c.Datatypes {
			p.declareConstructors(d, c.Pos)
		}
	case CmdPush:
		p.pushScopes(c.N)
		s.levels = append(s.levels, make([][]*smt.Term, p.pushes-len(s.levels)+1)...)
	case CmdPop:
		p.popScopes(c.N)
		s.levels = s.levels[:p.pushes+1]
	case CmdResetAssertions:
		p.resetAssertions()
		s.levels = [][]*smt.Term{nil}
	case CmdReset:
		p.reset()
		s.levels = [][]*smt.Term{nil}
	case CmdAssert:
		top := len(s.levels) - 1
		s.levels[top] = append(s.levels[top], c.Term)
	}
}

// CheckSats are the indices (into sc.Commands) of the script's check-sat
// and check-sat-assuming commands, in order.
func (s *Script) CheckSats() []int {
	var out []int
	for i, c := range s.Commands {
		if c.Kind == CmdCheckSat || c.Kind == CmdCheckSatAssuming {
			out = append(out, i)
		}
	}
	return out
}

// AssertionsAt are the assertions live at command k (with its
// assumptions when it is a check-sat-assuming); see [Stack].
func (s *Script) AssertionsAt(k int) ([]*smt.Term, error) {
	if k < 0 || k >= len(s.Commands) {
		return nil, fmt.Errorf("%s has %d commands; there is no command %d", s.Filename, len(s.Commands), k+1)
	}
	st := NewStack(s)
	st.Seek(k)
	return st.Assertions(), nil
}
