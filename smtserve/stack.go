package smtserve

import (
	"slices"
	"strings"

	"tandem/smt"
	"tandem/smtlib"
)

// The assertion stack, and its mirror in the fallback's pending commands.

func (s *Session) top() *level { return &s.levels[len(s.levels)-1] }

// invalidate marks the last answer no longer current (its model, core,
// proof unavailable): the assertions changed.
func (s *Session) invalidate() { s.last.valid = false }

func (s *Session) declare(c *smtlib.Command) {
	f := c.Funcs[0]
	switch {
	case c.Kind == smtlib.CmdDeclareCB || c.Kind == smtlib.CmdDeclareOracleFun:
		// no implementation here: the fallback sees an uninterpreted
		// function, so no query over it may be answered (see check)
		if s.globalDecls {
			s.globalBoxes++
		} else {
			s.top().boxes++
		}
		s.queueDecl(declareFunText(f))
	case f.IsConst() && (f.Result.Kind == smt.KindBool || f.Result.Kind == smt.KindBitVec):
		if s.globalDecls {
			s.globalConsts = append(s.globalConsts, f)
		} else {
			s.top().consts = append(s.top().consts, f)
		}
		s.queueDecl(c.Text)
	default:
		s.queueDecl(c.Text)
	}
	s.success()
}

// queueDecl queues a declaration or definition for the fallback: scoped
// by its level, or, under :global-declarations, for good (so a push that
// holds it is sent with its pop, and a restarted fallback gets it again).
func (s *Session) queueDecl(text string) {
	if s.globalDecls {
		s.queue(text, false)
		return
	}
	s.queue(text, true)
	if text != "" {
		s.pending[len(s.pending)-1].decl = true
	}
}

// declareFunText is the declare-fun of a closed box, for the fallback.
func declareFunText(f *smt.Func) string {
	b := []byte("(declare-fun ")
	b = append(b, smt.QuoteSymbol(f.Name)...)
	b = append(b, " ("...)
	for i, p := range f.Params {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, p.String()...)
	}
	b = append(b, ") "...)
	b = append(b, f.Result.String()...)
	return string(append(b, ')'))
}

func (s *Session) push(n int) {
	s.invalidate()
	for range n {
		s.levels = append(s.levels, level{})
		s.fbLevels = append(s.fbLevels, len(s.pending))
		s.pending = append(s.pending, pendingCmd{text: "(push 1)", scoped: true, depth: len(s.levels) - 1})
	}
}

func (s *Session) pop(n int) {
	s.invalidate()
	for range n {
		if len(s.levels) == 1 {
			return // the reader refuses such pops; never reached
		}
		s.levels = s.levels[:len(s.levels)-1]
		i := s.fbLevels[len(s.fbLevels)-1]
		s.fbLevels = s.fbLevels[:len(s.fbLevels)-1]
		if i >= 0 && allScoped(s.pending[i:]) {
			// the level never reached the fallback: forget it
			s.pending = s.pending[:i]
			continue
		}
		s.pending = append(s.pending, pendingCmd{text: "(pop 1)", scoped: true, depth: len(s.levels) - 1})
	}
	if s.broken != "" && !s.brokenGlobal && len(s.levels)-1 < s.brokenDepth {
		// the command the fallback rejected has been popped
		s.broken = ""
	}
	s.checked = min(s.checked, s.liveAsserts())
}

func allScoped(cs []pendingCmd) bool {
	for _, c := range cs {
		if !c.scoped {
			return false
		}
	}
	return true
}

func (s *Session) assert(t *smt.Term, text string) {
	s.invalidate()
	a := assertion{term: t}
	if e, err := s.exp.Expand(t); err == nil {
		a.expanded = e
	}
	s.top().asserts = append(s.top().asserts, a)
	s.queue(text, true)
	if !s.globalDecls && strings.Contains(text, ":named") {
		// a label is a declaration: z3 keeps it on reset-assertions too
		s.pending[len(s.pending)-1].decl = true
	}
}

// resetAssertions empties the assertion stack, first level included, with
// every declaration not made under :global-declarations (SMT-LIB 2.6
// §4.2.2, as the reader does). z3 4.8.12 keeps the declarations of every
// level, so a fallback that was sent one is restarted and given the commands that
// outlive reset-assertions (options, logic, global declarations);
// otherwise it is sent (reset-assertions), which is the same there. The
// scoped commands it was not sent yet are dropped: they are undone.
func (s *Session) resetAssertions() {
	s.invalidate()
	s.levels = []level{{}}
	s.checked = 0
	s.fbLevels = nil
	s.unsat.clear() // its entries stay proofs; this only frees them
	if s.fb == nil || s.fbDecls {
		s.closeFallback()
		s.pending = slices.Clone(s.globals)
		s.broken, s.brokenGlobal = "", false
		return
	}
	kept := []pendingCmd{{text: "(reset-assertions)"}}
	for _, p := range s.pending {
		if !p.scoped {
			kept = append(kept, p)
		}
	}
	s.pending = kept
	if !s.brokenGlobal {
		s.broken = ""
	}
}

// queue adds a command for the fallback, sent before its next query.
func (s *Session) queue(text string, scoped bool) {
	if text == "" {
		return
	}
	p := pendingCmd{text: text, scoped: scoped, depth: len(s.levels) - 1}
	s.pending = append(s.pending, p)
	if !scoped {
		s.globals = append(s.globals, p)
	}
}

// liveAsserts counts the assertions of every open level.
func (s *Session) liveAsserts() int {
	n := 0
	for i := range s.levels {
		n += len(s.levels[i].asserts)
	}
	return n
}

// assertions returns the live assertions, outermost first.
func (s *Session) assertions() []assertion {
	out := make([]assertion, 0, s.liveAsserts())
	for i := range s.levels {
		out = append(out, s.levels[i].asserts...)
	}
	return out
}

// boxes says whether a closed box or oracle is in scope.
func (s *Session) boxes() bool {
	if s.globalBoxes > 0 {
		return true
	}
	for i := range s.levels {
		if s.levels[i].boxes > 0 {
			return true
		}
	}
	return false
}

// liveConsts returns the Bool and bit-vector constants in scope: the
// global ones (:global-declarations, which outlive pop), then each level's,
// in order of declaration.
func (s *Session) liveConsts() []*smt.Func {
	out := slices.Clone(s.globalConsts)
	for i := range s.levels {
		out = append(out, s.levels[i].consts...)
	}
	return out
}
