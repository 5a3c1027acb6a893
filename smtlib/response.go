package smtlib

import (
	"fmt"
	"io"
	"maps"
	"strconv"
	"strings"

	"tandem/smt"
)

// Status is a solver's answer to check-sat.
type Status uint8

// Answers to check-sat.
const (
	StatusNone Status = iota
	Sat
	Unsat
	Unknown
)

// String prints the answer as a solver does.
func (s Status) String() string {
	switch s {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	case Unknown:
		return "unknown"
	}
	return "none"
}

// ParseStatus reads a check-sat answer (surrounding space ignored).
func ParseStatus(line string) (Status, bool) {
	switch strings.TrimSpace(line) {
	case "sat":
		return Sat, true
	case "unsat":
		return Unsat, true
	case "unknown":
		return Unknown, true
	}
	return StatusNone, false
}

// ParseError reads a solver's (error "msg") response and returns msg.
func ParseError(text string) (string, bool) {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "(error") || !strings.HasSuffix(t, ")") {
		return "", false
	}
	body := strings.TrimSpace(t[len("(error") : len(t)-1])
	if len(body) >= 2 && body[0] == '"' && body[len(body)-1] == '"' {
		return strings.ReplaceAll(body[1:len(body)-1], `""`, `"`), true
	}
	return body, true
}

// Model is a solver's get-model answer, read against the script it answers.
type Model struct {
	// Defs interpret the script's declared symbols, and the helper functions
	// a solver adds (z3's k!0 for as-array, div0, …), in the solver's order.
	Defs []*ModelDef
	// Constraints are bare terms in the model, such as z3's cardinality
	// constraints on uninterpreted sorts.
	Constraints []*smt.Term
	// Universe lists, per uninterpreted sort, the elements the model names
	// (z3's U!val!0 declarations, cvc5's (as @a0 U) values).
	Universe map[*smt.Sort][]*smt.Func
}

// ModelDef is one define-fun of a model.
type ModelDef struct {
	// Func is the script's declared symbol when the definition interprets
	// one; otherwise a function of the solver's own (Declared is false).
	Func     *smt.Func
	Declared bool
	Formals  []*smt.Term
	Body     *smt.Term
}

// Lookup returns the definition of the script's symbol f, or nil.
func (m *Model) Lookup(f *smt.Func) *ModelDef {
	for _, d := range m.Defs {
		if d.Func == f {
			return d
		}
	}
	return nil
}

// ParseModel reads a get-model answer as z3 (4.8, with or without the
// "model" keyword) and cvc5 (1.0) print it, resolving symbols against the
// script the model answers. Terms go into the script's store.
func ParseModel(text []byte, sc *Script) (*Model, error) {
	return parseModel(modelParser(text, sc), text)
}

func parseModel(p *parser, text []byte) (*Model, error) {
	m := &Model{Universe: map[*smt.Sort][]*smt.Func{}}
	p.model = m
	err := p.guard(func() {
		p.modelSignatures(text)
		p.expect(tLParen, "'(' to start a model")
		if p.lx.is("model") {
			p.next()
		}
		for p.lx.kind != tRParen {
			p.modelEntry(m)
		}
		p.lx.next()
		if p.lx.kind != tEOF {
			p.unexpected("the end of the model")
		}
	})
	if err != nil {
		return nil, err
	}
	for _, f := range p.pending {
		if f.Body == nil {
			return nil, &ErrorList{{Filename: p.filename, Msg: fmt.Sprintf("model uses (_ as-array %s) but never defines %s", f.Name, f.Name)}}
		}
	}
	return m, nil
}

// ValuePair is one (term value) pair of a get-value answer.
type ValuePair struct {
	Term, Value *smt.Term
	// Text is the value as the solver printed it, for harnesses that
	// compare a solver's printing itself (z3's string escapes).
	Text string
}

// ParseValues reads a get-value answer ((t1 v1) (t2 v2) …) against the
// script it answers.
func ParseValues(text []byte, sc *Script) ([]ValuePair, error) {
	return parseValues(modelParser(text, sc), text)
}

func parseValues(p *parser, text []byte) ([]ValuePair, error) {
	p.model = &Model{Universe: map[*smt.Sort][]*smt.Func{}}
	var out []ValuePair
	err := p.guard(func() {
		p.expect(tLParen, "'(' to start a get-value answer")
		for p.lx.kind != tRParen {
			p.expect(tLParen, "'(' before a (term value) pair")
			t := p.term()
			p.expectSort = t.Sort()
			start := p.lx.tpos.Offset
			v := p.termWant(t.Sort())
			vtext := strings.TrimSpace(string(text[start:p.lx.tpos.Offset]))
			p.expectSort = nil
			p.expect(tRParen, "')' after a (term value) pair")
			if !sortFits(t.Sort(), v.Sort()) {
				p.errorf("value of sort %s for a term of sort %s", v.Sort(), t.Sort())
			}
			out = append(out, ValuePair{t, v, vtext})
		}
		p.lx.next()
		if p.lx.kind != tEOF {
			p.unexpected("the end of the answer")
		}
	})
	return out, err
}

// ParseUnsatCore reads a get-unsat-core answer: the names of assertions.
func ParseUnsatCore(text []byte) ([]string, error) {
	p := newParser("<unsat-core>", newLexerBytes(text), nil)
	var names []string
	err := p.guard(func() {
		p.expect(tLParen, "'(' to start an unsat core")
		for p.lx.kind != tRParen {
			names = append(names, p.symbol("an assertion name"))
		}
		p.lx.next()
		if p.lx.kind != tEOF {
			p.unexpected("the end of the unsat core")
		}
	})
	return names, err
}

// guard runs f, turning a parse error into the returned ErrorList.
func (p *parser) guard(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			p.errs.Sort()
			err = p.errs
		}
	}()
	if p.lx.kind == tBad {
		p.lexError()
	}
	f()
	return p.errs.Err()
}

func sortFits(want, got *smt.Sort) bool {
	return want == got || (want == smt.RealSort() && got == smt.IntSort())
}

func modelParser(text []byte, sc *Script) *parser {
	return modelParserEnv(text, sc.Filename, sc.Store, sc.env)
}

// modelParserEnv reads a response against the symbols of env (nil: none).
func modelParserEnv(text []byte, filename string, st *smt.Store, e *parser) *parser {
	name := "<model>"
	if filename != "" {
		name = "<model of " + filename + ">"
	}
	p := newParser(name, newLexerBytes(text), []Options{{Store: st}})
	if e != nil {
		p.funs = maps.Clone(e.funs)
		p.testers = maps.Clone(e.testers)
		p.sorts = maps.Clone(e.sorts)
		p.overloads = maps.Clone(e.overloads)
		p.updaters = maps.Clone(e.updaters)
		p.logic = e.logic
	}
	p.maxErrs = 1
	return p
}

func (p *parser) modelEntry(m *Model) {
	lx := p.lx
	pos := lx.tpos
	if lx.kind != tLParen {
		p.unexpected("'(' before a model entry")
	}
	p.next()
	switch {
	case lx.is("define-fun"), lx.is("define-fun-rec"):
		p.next()
		name := p.symbol("a function name")
		formals := p.sortedVars(false)
		res := p.sort()
		def := p.modelDef(name, formals, res, pos)
		p.expectSort = res
		def.Body = p.inlineLets(p.bodyWith(formals, res))
		p.expectSort = nil
		if !sortFits(res, def.Body.Sort()) {
			p.errorAt(pos, "model gives %s a value of sort %s, but it has sort %s", name, def.Body.Sort(), res)
		}
		if !def.Declared {
			def.Func.Formals, def.Func.Body = formals, def.Body
		}
		m.Defs = append(m.Defs, def)
		p.expect(tRParen, "')' closing define-fun")
	case lx.is("define-funs-rec"):
		p.next()
		p.expect(tLParen, "'(' before the function declarations")
		var defs []*ModelDef
		for lx.kind != tRParen {
			p.expect(tLParen, "'(' before a function declaration")
			name := p.symbol("a function name")
			formals := p.sortedVars(false)
			res := p.sort()
			p.expect(tRParen, "')'")
			defs = append(defs, p.modelDef(name, formals, res, pos))
		}
		p.next()
		p.expect(tLParen, "'(' before the function bodies")
		for _, d := range defs {
			d.Body = p.bodyWith(d.Formals, d.Func.Result)
			if !d.Declared {
				d.Func.Formals, d.Func.Body = d.Formals, d.Body
			}
		}
		p.expect(tRParen, "')'")
		p.expect(tRParen, "')' closing define-funs-rec")
		m.Defs = append(m.Defs, defs...)
	case lx.is("declare-fun"), lx.is("declare-const"):
		// z3 names the elements of uninterpreted sorts: (declare-fun U!val!0 () U)
		isConst := lx.is("declare-const")
		p.next()
		name := p.symbol("a name")
		var params []*smt.Sort
		if !isConst {
			params = p.sortList()
		}
		s := p.sort()
		p.expect(tRParen, "')'")
		f := p.st.NewFunc(name, smt.FuncDeclared, params, s)
		p.funs[name] = f
		if len(params) == 0 {
			m.Universe[s] = append(m.Universe[s], f)
		}
	case lx.is("declare-sort"), lx.is("declare-datatypes"), lx.is("declare-datatype"), lx.is("declare-codatatypes"):
		// cvc4 1.8 repeats the script's sort and datatype declarations in
		// its model; the script's own are the ones that count.
		depth := lx.depth
		for lx.depth >= depth {
			if lx.kind == tEOF {
				p.unexpected("')' closing the declaration")
			}
			p.next()
		}
		p.next() // past the ')' that closed it
	default:
		// a bare term, such as z3's (forall ((x U)) (or (= x U!val!0) …))
		t := p.compound(pos)
		m.Constraints = append(m.Constraints, t)
	}
}

// inlineLets removes the lets z3 prints inside model values, such as
// (let ((a!1 (store …))) (store a!1 …)), so that values are ground terms.
func (p *parser) inlineLets(t *smt.Term) *smt.Term {
	if !hasLetNode(t, map[*smt.Term]bool{}) {
		return t
	}
	e := smt.NewExpander(p.st)
	e.InlineDefs, e.StripAnnotations = false, false
	r, err := e.Expand(t)
	if err != nil {
		p.errorf("model value: %w", err)
	}
	return r
}

func hasLetNode(t *smt.Term, seen map[*smt.Term]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if t.Kind() == smt.Let {
		return true
	}
	for _, a := range t.Args() {
		if hasLetNode(a, seen) {
			return true
		}
	}
	return false
}

// modelDef finds the script symbol a model definition interprets, or makes
// a function of the solver's own.
func (p *parser) modelDef(name string, formals []*smt.Term, res *smt.Sort, pos Pos) *ModelDef {
	params := sortsOfVars(formals)
	def := &ModelDef{Formals: formals}
	if _, ok := p.funs[name]; !ok && strings.Contains(name, `\\`) {
		// z3 4.8 doubles a backslash inside |quoted symbols| it prints.
		name = strings.ReplaceAll(name, `\\`, `\`)
	}
	// A solver's model defines each symbol once; with two definitions the
	// model is malformed, and letting the last win would check a model
	// the solver did not mean (issue 28).
	if first, dup := p.modelDefs[name]; dup {
		p.errorAt(pos, "model defines %s twice (first at %s); a model gives each symbol one definition", name, first)
	} else {
		if p.modelDefs == nil {
			p.modelDefs = map[string]Pos{}
		}
		p.modelDefs[name] = pos
	}
	if f, ok := p.funs[name]; ok && (f.Kind == smt.FuncDeclared || f.Kind == smt.FuncClosedBox || f.Kind == smt.FuncOracle) && f.Body == nil && !p.modelLocal[f] {
		if len(f.Params) != len(params) || f.Result != res {
			p.errorAt(pos, "model defines %s with a different signature than its declaration", name)
		}
		for i := range params {
			if params[i] != f.Params[i] {
				p.errorAt(pos, "model defines %s with a different signature than its declaration", name)
			}
		}
		def.Func, def.Declared = f, true
		return def
	}
	if f := p.pendingFunc(name); f != nil {
		def.Func = f
		return def
	}
	f := p.st.NewFunc(name, smt.FuncDefined, params, res)
	p.markLocal(f)
	p.funs[name] = f
	def.Func = f
	return def
}

func (p *parser) markLocal(f *smt.Func) {
	if p.modelLocal == nil {
		p.modelLocal = map[*smt.Func]bool{}
	}
	p.modelLocal[f] = true
}

func (p *parser) pendingFunc(name string) *smt.Func {
	return p.pendingBy[name]
}

func (p *parser) addPending(f *smt.Func) {
	if p.pendingBy == nil {
		p.pendingBy = map[string]*smt.Func{}
	}
	p.pending = append(p.pending, f)
	p.pendingBy[f.Name] = f
}

// asArray reads the function name of (_ as-array f) in a model. The
// function may be defined later in the model; its sort comes from the
// sort the value must have.
func (p *parser) asArray(pos Pos) *smt.Term {
	name := p.symbol("a function name")
	p.expect(tRParen, "')'")
	f := p.funs[name]
	if f == nil {
		f = p.pendingFunc(name)
	}
	if f == nil {
		s := p.expectSort
		if s == nil || s.Kind != smt.KindArray {
			p.errorAt(pos, "(_ as-array %s) before %s is defined, where no array sort is expected", name, name)
		}
		f = p.st.NewFunc(name, smt.FuncDefined, []*smt.Sort{s.Index()}, s.Elem())
		p.markLocal(f)
		p.addPending(f)
		p.funs[name] = f
	}
	t, err := p.st.AsArray(f)
	if err != nil {
		p.errorAt(pos, "%w", err)
	}
	return t
}

// lambda reads z3's (lambda ((x S)) body) array value as a function of the
// model's own and its as-array.
func (p *parser) lambda(pos Pos) *smt.Term {
	vs := p.sortedVars(true)
	body := p.bodyWith(vs, nil)
	p.expect(tRParen, "')' closing lambda")
	p.lambdas++
	f := p.st.NewFunc("lambda!"+strconv.Itoa(p.lambdas), smt.FuncDefined, sortsOfVars(vs), body.Sort())
	f.Formals, f.Body = vs, body
	p.markLocal(f)
	t, err := p.st.AsArray(f)
	if err != nil {
		p.errorAt(pos, "%w", err)
	}
	return t
}

// rootObj reads z3's (root-obj p k), a polynomial p in x and a root index.
func (p *parser) rootObj(pos Pos) *smt.Term {
	x := p.st.Var("x", smt.RealSort())
	poly := p.bodyWith([]*smt.Term{x}, nil)
	k := p.numeralInt()
	p.expect(tRParen, "')' closing root-obj")
	t, err := p.st.Apply(smt.OpRootObj, []int{k}, poly)
	if err != nil {
		p.errorAt(pos, "%w", err)
	}
	return t
}

// modelValue makes the constant a solver names with (as @a0 U).
func (p *parser) modelValue(name string, s *smt.Sort) *smt.Term {
	f := p.st.NewFunc(name, smt.FuncDeclared, nil, s)
	p.markLocal(f)
	p.funs[name] = f
	p.model.Universe[s] = append(p.model.Universe[s], f)
	return p.st.Const(f)
}

var _ = io.EOF

// modelSignatures reads the header of every define-fun of the model first,
// so that a definition may use a function the model defines further down:
// z3 prints (_ as-array k!0) before k!0's define-fun, also where the
// expected sort says nothing about k!0's (an index or an element of an
// array of arrays). Each function of the solver's own gets its signature
// now and its body when the second pass reaches it. Errors are left to
// the second pass, which reads the same text.
func (p *parser) modelSignatures(text []byte) {
	q := newParser(p.filename, newLexerBytes(text), []Options{{Store: p.st}})
	q.funs, q.sorts, q.testers, q.overloads, q.updaters, q.logic = p.funs, p.sorts, p.testers, p.overloads, p.updaters, p.logic
	q.maxErrs = 1
	_ = q.guard(func() {
		lx := q.lx
		q.expect(tLParen, "'(' to start a model")
		if lx.is("model") {
			q.next()
		}
		for lx.kind == tLParen {
			q.next()
			depth := lx.depth
			if lx.is("define-fun") || lx.is("define-fun-rec") {
				q.next()
				name := q.symbol("a function name")
				formals := q.sortedVars(false)
				res := q.sort()
				p.announce(name, sortsOfVars(formals), res)
			}
			for lx.depth >= depth {
				if lx.kind == tEOF {
					return
				}
				q.next()
			}
			q.next() // past the ')' closing the entry
		}
	})
}

// announce makes the solver's own function name (one the script does not
// declare) known with its signature before its definition is read.
func (p *parser) announce(name string, params []*smt.Sort, res *smt.Sort) {
	if _, ok := p.funs[name]; !ok && strings.Contains(name, `\\`) {
		name = strings.ReplaceAll(name, `\\`, `\`)
	}
	if f, ok := p.funs[name]; ok {
		if (f.Kind == smt.FuncDeclared || f.Kind == smt.FuncClosedBox || f.Kind == smt.FuncOracle) && f.Body == nil {
			return // the script's symbol, or one announced already
		}
		if p.modelLocal[f] {
			return
		}
	}
	f := p.st.NewFunc(name, smt.FuncDefined, params, res)
	p.markLocal(f)
	p.addPending(f)
	p.funs[name] = f
}
