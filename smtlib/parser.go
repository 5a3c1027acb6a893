package smtlib

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"slices"
	"strings"

	"tandem/smt"
)

// Options control parsing.
type Options struct {
	// Store receives the terms; nil means a new store.
	Store *smt.Store
	// MaxDepth bounds the nesting of parentheses (default 100,000), so that
	// hostile input cannot exhaust the stack.
	MaxDepth int
	// MaxErrors stops parsing after this many errors (default 50).
	MaxErrors int
	// MaxBytes bounds the size of a script read from a stream (default
	// [MaxScriptBytes]).
	MaxBytes int64
	// Interactive makes a [Reader] read a stream as a solver in an
	// interactive session does: a command is returned as soon as its
	// closing parenthesis is read (nothing after it is waited for), exit
	// does not read on to the end, parsing never stops after MaxErrors,
	// a pop of more levels than are open is an error that changes
	// nothing, and each command's text as written is kept in
	// [Command.Text].
	Interactive bool
	// Dialect selects the language read: SMT-LIB 2.6 (the default, strict)
	// or z3's (see [DialectZ3]).
	Dialect Dialect
	// Warn receives a located warning for each leniency of the dialect
	// used; nil drops them.
	Warn func(*Error)
}

// MaxInteractivePush is the most levels one push opens in an interactive
// reader; a larger push is an error that changes nothing.
const MaxInteractivePush = 1 << 16

// Script is a parsed SMT-LIB script: every command in order, including the
// ones tandem does not interpret.
type Script struct {
	Filename string
	Store    *smt.Store
	Commands []*Command

	env *parser // the symbols in scope at the end, for reading models
}

// Assertions returns the asserted terms in order (ignoring push/pop scopes).
func (s *Script) Assertions() []*smt.Term {
	var out []*smt.Term
	for _, c := range s.Commands {
		if c.Kind == CmdAssert {
			out = append(out, c.Term)
		}
	}
	return out
}

// Logic is the argument of the first set-logic, or "".
func (s *Script) Logic() string {
	for _, c := range s.Commands {
		if c.Kind == CmdSetLogic {
			return c.Name
		}
	}
	return ""
}

// ParseFile reads and parses a script file. The error, if any, is an
// [ErrorList] with every problem found, or an I/O error.
func ParseFile(path string, opts ...Options) (*Script, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseReader(path, f, opts...)
}

// Parse parses a script held in memory.
func Parse(filename string, src []byte, opts ...Options) (*Script, error) {
	return parseWith(filename, newLexerBytes(src), opts)
}

// ParseReader parses a script from a stream, in bounded memory apart from
// the terms themselves.
func ParseReader(filename string, r io.Reader, opts ...Options) (*Script, error) {
	return parseWith(filename, newLexer(newLimitedReader(r, filename, maxBytes(opts))), opts)
}

func maxBytes(opts []Options) int64 {
	if len(opts) > 0 {
		return opts[0].MaxBytes
	}
	return 0
}

func parseWith(filename string, lx *lexer, opts []Options) (*Script, error) {
	p := newParser(filename, lx, opts)
	sc := &Script{Filename: filename, Store: p.st, env: p}
	err := p.readAll(func(c *Command) { sc.Commands = append(sc.Commands, c) })
	return sc, err
}

// readAll parses every command, handing each good one to keep, and returns
// the read error or the sorted list of parse errors.
func (p *parser) readAll(keep func(*Command)) error {
	for {
		c, err := p.nextCommand()
		if c != nil {
			keep(c)
		}
		if err == io.EOF {
			break
		}
	}
	if p.lx.rerr != nil {
		var tl *TooLargeError
		if errors.As(p.lx.rerr, &tl) {
			return tl
		}
		return fmt.Errorf("reading %s: %w", p.filename, p.lx.rerr)
	}
	p.errs.Sort()
	return p.errs.Err()
}

// Check parses and type-checks a script from a stream without keeping
// its list of commands, nor the terms of commands that define nothing:
// after each assert, check-sat-assuming, get-value… its terms are rolled
// back ([smt.Store.Rollback]) and their memory serves the next command.
// Only the terms of definitions (define-fun, define-const, :named…) stay,
// in the returned store. It is [ParseReader] for a script that is read to
// be checked, not used, and checks a stream of any length in the memory
// its declarations, its definitions and its largest command take. It
// returns the number of commands and the same errors ParseReader would.
func Check(filename string, r io.Reader, opts ...Options) (commands int, st *smt.Store, err error) {
	p := newParser(filename, newLexer(newLimitedReader(r, filename, maxBytes(opts))), opts)
	p.scratch = &Command{}
	p.forget = true
	err = p.readAll(func(*Command) { commands++ })
	return commands, p.st, err
}

// Reader parses a script one command at a time, for inputs too large to
// hold as a list of commands.
type Reader struct{ p *parser }

// NewReader returns a Reader over r.
func NewReader(filename string, r io.Reader, opts ...Options) *Reader {
	return &Reader{p: newParser(filename, newLexer(newLimitedReader(r, filename, maxBytes(opts))), opts)}
}

// Store is the store the reader builds terms in.
func (r *Reader) Store() *smt.Store { return r.p.st }

// Script returns a script without commands whose symbols are the ones in
// scope after the commands read so far (and stay in step with the reader),
// for reading a solver's answers to them with [ParseModel] and
// [ParseValues].
func (r *Reader) Script() *Script {
	return &Script{Filename: r.p.filename, Store: r.p.st, env: r.p}
}

// Next returns the next command. At the end it returns nil, io.EOF. A
// command with errors is skipped and its errors are returned as an
// [ErrorList]; reading can continue after it.
func (r *Reader) Next() (*Command, error) {
	if r.p.interactive {
		// a session may run for days: keep no errors that were returned
		r.p.errs = nil
	}
	n := len(r.p.errs)
	c, err := r.p.nextCommand()
	if err == io.EOF && c == nil {
		if r.p.lx.rerr != nil {
			return nil, r.p.lx.rerr
		}
		if len(r.p.errs) > n {
			return nil, r.p.errs[n:]
		}
		return nil, io.EOF
	}
	if len(r.p.errs) > n {
		return c, r.p.errs[n:]
	}
	return c, nil
}

type sortEntry struct {
	arity  int
	params []string  // define-sort
	body   *smt.Sort // define-sort
	dt     *smt.Datatype
}

type binding struct {
	name string
	t    *smt.Term
	prev int // index in bound of the binding of name this one shadows, or -1
}

// undo is one entry of the scope stack: a push marker, or what a
// declaration replaced, restored when its level is popped.
type undo struct {
	kind undoKind
	name string
	oldF *smt.Func
	oldS *sortEntry
	oldO []*smt.Func // overloads
}

type undoKind uint8

const (
	undoMarker undoKind = iota // a push
	undoFun
	undoSort
	undoTester
	undoOverload
)

type parser struct {
	filename string
	lx       *lexer
	st       *smt.Store
	errs     ErrorList
	maxDepth int
	maxErrs  int

	funs       map[string]*smt.Func
	testers    map[string]*smt.Func // "is-C" and constructor name for (_ is C)
	sorts      map[string]*sortEntry
	sortParams map[string]bool
	bound      []binding
	boundBy    map[string]int // name -> index in bound of its innermost binding
	undos      []undo
	global     bool
	done       bool
	logic      string
	updaters   map[*smt.Func]*smt.Func
	overloads  map[string][]*smt.Func

	// reading a model
	model      *Model
	expectSort *smt.Sort
	pending    []*smt.Func
	pendingBy  map[string]*smt.Func
	modelLocal map[*smt.Func]bool
	modelDefs  map[string]Pos // names the model defines, at their first definition
	lambdas    int

	bareSeqEmpty bool // a seq.empty without a sort was read

	// want is the sort the next term must have, when its context fixes
	// it, and deferOK says that the next term is an argument of an
	// application, which may leave a bare constructor of ambiguous sort
	// to be resolved from its siblings (see [parser.resolveDeferred]):
	// both are taken by the next call of term.
	want     *smt.Sort
	deferOK  bool
	deferred *deferredTerm // the term a term() that returned nil left to its application

	argStack []*smt.Term // arguments of the applications being read
	scratch  *Command    // when set, every command is read into it (Check keeps none)
	cur      *Command    // the command being read

	interactive bool // Options.Interactive
	z3          bool // Options.Dialect is DialectZ3
	warn        func(*Error)
	nextUnread  bool // interactive: the token after the last command is not read yet
	pushes      int  // push levels open
	// forget: after each command that defines nothing, the terms it built
	// are rolled back (Check); keep says that the current command defined
	// a function, whose body must stay.
	forget, keep bool
}

// bailout aborts the current command after an error has been recorded.
type bailout struct{}

func newParser(filename string, lx *lexer, opts []Options) *parser {
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	if o.Store == nil {
		o.Store = smt.NewStore()
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = 100000
	}
	if o.MaxErrors <= 0 {
		o.MaxErrors = 50
	}
	p := &parser{
		filename: filename, lx: lx, st: o.Store, maxDepth: o.MaxDepth, maxErrs: o.MaxErrors,
		funs: map[string]*smt.Func{}, testers: map[string]*smt.Func{}, sorts: map[string]*sortEntry{},
		interactive: o.Interactive,
	}
	if o.Dialect == DialectZ3 {
		p.z3 = true
		p.warn = o.Warn
		lx.warn = p.warnAt
	}
	if p.interactive {
		p.maxErrs = math.MaxInt
		p.nextUnread = true
		return p
	}
	lx.next()
	return p
}

// errorAt records an error at pos and abandons the command. A %w verb in
// format makes its argument the [Error]'s cause.
func (p *parser) errorAt(pos Pos, format string, args ...any) {
	e := fmt.Errorf(format, args...)
	p.errs = append(p.errs, &Error{Filename: p.filename, Pos: pos, Msg: e.Error(), Err: errors.Unwrap(e)})
	if len(p.errs) >= p.maxErrs {
		p.done = true
	}
	panic(bailout{})
}

// lexError records the lexer's error on the current token.
func (p *parser) lexError() {
	if p.lx.badErr != nil {
		p.errorf("%w", p.lx.badErr)
	}
	p.errorf("%s", p.lx.badMsg)
}

func (p *parser) errorf(format string, args ...any) {
	p.errorAt(p.lx.tpos, format, args...)
}

// expect checks the current token's kind and moves past it.
func (p *parser) expect(k tokKind, what string) {
	if p.lx.kind != k {
		p.unexpected(what)
	}
	p.next()
}

func (p *parser) unexpected(what string) {
	if p.lx.kind == tBad {
		p.lexError()
	}
	p.errorf("expected %s, found %s", what, p.lx.tokenText())
}

func (p *parser) next() {
	p.lx.next()
	if p.lx.kind == tBad {
		p.lexError()
	}
	if p.lx.depth > p.maxDepth {
		p.errorf("parentheses nested deeper than %d", p.maxDepth)
	}
}

// nextCommand parses one command. It returns io.EOF at the end of the input.
func (p *parser) nextCommand() (cmd *Command, err error) {
	if p.done {
		return nil, io.EOF
	}
	if p.nextUnread {
		p.nextUnread = false
		p.lx.next()
	}
	for p.lx.kind == tBad {
		p.errs = append(p.errs, &Error{Filename: p.filename, Pos: p.lx.tpos, Msg: p.lx.badMsg, Err: p.lx.badErr})
		if len(p.errs) >= p.maxErrs {
			p.done = true
			return nil, io.EOF
		}
		p.lx.next()
	}
	if p.lx.kind == tEOF {
		return nil, io.EOF
	}
	if p.forget {
		mark := p.st.Mark()
		p.keep = false
		defer func() {
			if !p.keep {
				*p.scratch = Command{}
				p.st.Rollback(mark)
			}
		}()
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			cmd = nil
			p.popBound(0)
			p.sortParams = nil
			p.lx.rec = false
			p.skipCommand()
		}
	}()
	return p.command(), nil
}

// skipCommand moves past the rest of a broken command: to the token after
// the parenthesis that closes it.
func (p *parser) skipCommand() {
	for p.lx.kind != tEOF {
		if p.lx.depth == 0 && (p.lx.kind == tRParen || p.lx.kind == tLParen) {
			if p.lx.kind == tRParen {
				p.advanceAfterCommand()
			}
			return
		}
		if p.lx.depth < 0 {
			p.lx.depth = 0
		}
		p.lx.next()
	}
}

func (p *parser) command() *Command {
	lx := p.lx
	if lx.kind != tLParen {
		p.unexpected("'(' to start a command")
	}
	start := lx.tpos
	lx.rec = true
	lx.recBuf = append(lx.recBuf[:0], '(')
	p.next()
	if lx.kind != tSymbol {
		p.unexpected("a command name")
	}
	name := lx.name()
	kind, known := commandByName[name]
	if lx.quoted {
		known = false
	}
	if !known {
		if th := extensionTheory(name); th != "" {
			p.errorf("%w", &UnsupportedTheoryError{Theory: th, Symbol: name})
		}
		// Keep verbatim: read to the closing parenthesis.
		for lx.depth > 0 {
			p.next()
			if lx.kind == tEOF {
				p.errorAt(start, "command (%s … is not closed", name)
			}
		}
		raw := string(lx.recBuf)
		lx.rec = false
		p.advanceAfterCommand()
		return &Command{Kind: CmdUnknown, Pos: start, Name: name, Raw: raw, Text: raw}
	}
	lx.rec = p.interactive
	p.next()
	c := p.scratch
	if c == nil {
		c = &Command{}
	}
	*c = Command{Kind: kind, Pos: start}
	p.cur = c
	p.commandBody(c)
	if lx.kind != tRParen {
		p.unexpected("')' to close " + kind.String())
	}
	if p.interactive {
		c.Text = string(lx.recBuf)
		lx.rec = false
		if kind == CmdExit {
			lx.kind = tEOF
			p.done = true
			return c
		}
		p.nextUnread = true
		return c
	}
	if kind == CmdExit {
		// z3 and cvc5 stop reading at exit: so does the parser, keeping
		// the rest as text (issue 23 item 2).
		c.Raw = strings.TrimRight(strings.TrimLeft(string(lx.rest()), "\r\n"), " \t\r\n")
		lx.kind = tEOF
		p.done = true
		return c
	}
	lx.next() // not p.next: depth is back to 0 and a bad token belongs to the next command
	return c
}

// advanceAfterCommand moves past the parenthesis that closes a command:
// at once, or in an interactive reader when the next command is asked
// for, so that a command is answered before the next one arrives.
func (p *parser) advanceAfterCommand() {
	if p.interactive {
		p.nextUnread = true
		return
	}
	p.lx.next()
}

func (p *parser) commandBody(c *Command) {
	lx := p.lx
	switch c.Kind {
	case CmdSetLogic:
		c.Name = p.symbol("a logic name")
		p.logic = c.Name
	case CmdSetOption, CmdSetInfo:
		if lx.kind != tKeyword {
			p.unexpected("a keyword such as :status")
		}
		c.Name = lx.name()
		p.next()
		if lx.kind != tRParen {
			c.Value = p.sexprText()
		}
		if c.Kind == CmdSetOption && c.Name == ":global-declarations" {
			p.global = c.Value == "true"
		}
	case CmdGetInfo, CmdGetOption:
		if lx.kind != tKeyword {
			p.unexpected("a keyword")
		}
		c.Name = lx.name()
		p.next()
	case CmdDeclareSort:
		c.Name = p.symbol("a sort name")
		if lx.kind == tNumeral {
			c.Arity = p.numeralInt()
		}
		p.defineSort(c.Name, &sortEntry{arity: c.Arity}, c.Pos)
	case CmdDefineSort:
		c.Name = p.symbol("a sort name")
		p.expect(tLParen, "'(' before the sort parameters")
		for lx.kind != tRParen {
			c.SortParams = append(c.SortParams, p.symbol("a sort parameter"))
		}
		p.next()
		p.sortParams = map[string]bool{}
		for _, sp := range c.SortParams {
			p.sortParams[sp] = true
		}
		c.Sort = p.sort()
		p.sortParams = nil
		p.defineSort(c.Name, &sortEntry{arity: len(c.SortParams), params: c.SortParams, body: c.Sort}, c.Pos)
	case CmdDeclareFun, CmdDeclareCB:
		name := p.symbol("a function name")
		params := p.sortList()
		res := p.sort()
		k := smt.FuncDeclared
		if c.Kind == CmdDeclareCB {
			k = smt.FuncClosedBox
		}
		f := p.st.NewFunc(name, k, params, res)
		p.declareFun(f, c.Pos)
		c.Funcs = []*smt.Func{f}
	case CmdDeclareOracleFun:
		name := p.symbol("a function name")
		bin := p.symbol("the oracle's binary")
		params := p.oracleParams()
		res := p.sort()
		f := p.st.NewFunc(name, smt.FuncOracle, params, res)
		f.Binary = bin
		p.declareFun(f, c.Pos)
		c.Funcs = []*smt.Func{f}
	case CmdDeclareConst:
		name := p.symbol("a constant name")
		res := p.sort()
		f := p.st.NewFunc(name, smt.FuncDeclared, nil, res)
		p.declareFun(f, c.Pos)
		c.Funcs = []*smt.Func{f}
	case CmdDefineFun, CmdDefineFunRec:
		name := p.symbol("a function name")
		formals := p.sortedVars(false)
		res := p.sort()
		kind := smt.FuncDefined
		if c.Kind == CmdDefineFunRec {
			kind = smt.FuncDefinedRec
		}
		f := p.st.NewFunc(name, kind, sortsOfVars(formals), res)
		f.Formals = formals
		if kind == smt.FuncDefinedRec {
			p.declareFun(f, c.Pos)
		}
		bodyPos := lx.tpos
		f.Body = p.bodyWith(formals, res)
		p.checkBody(f, bodyPos)
		if kind == smt.FuncDefined {
			p.declareFun(f, c.Pos)
		}
		c.Funcs = []*smt.Func{f}
	case CmdDefineConst:
		name := p.symbol("a constant name")
		res := p.sort()
		f := p.st.NewFunc(name, smt.FuncDefined, nil, res)
		bodyPos := lx.tpos
		f.Body = p.termWant(res)
		p.checkBody(f, bodyPos)
		p.declareFun(f, c.Pos)
		c.Funcs = []*smt.Func{f}
	case CmdDefineFunsRec:
		p.expect(tLParen, "'(' before the function declarations")
		for lx.kind != tRParen {
			p.expect(tLParen, "'(' before a function declaration")
			name := p.symbol("a function name")
			formals := p.sortedVars(false)
			res := p.sort()
			p.expect(tRParen, "')'")
			f := p.st.NewFunc(name, smt.FuncDefinedRec, sortsOfVars(formals), res)
			f.Formals = formals
			p.declareFun(f, c.Pos)
			c.Funcs = append(c.Funcs, f)
		}
		p.next()
		p.expect(tLParen, "'(' before the function bodies")
		for _, f := range c.Funcs {
			bodyPos := lx.tpos
			f.Body = p.bodyWith(f.Formals, f.Result)
			p.checkBody(f, bodyPos)
		}
		p.expect(tRParen, "')' after the function bodies")
	case CmdDeclareDatatype, CmdDeclareCodatatype:
		name := p.symbol("a datatype name")
		ds := p.st.NewDatatypes([]string{name}, [][]string{nil})
		p.datatypeBodies(ds, []int{-1}, c.Pos)
		c.Datatypes = ds
	case CmdDeclareDatatypes, CmdDeclareCodatatypes:
		p.expect(tLParen, "'(' before the datatype names")
		var names []string
		var arities []int
		for lx.kind != tRParen {
			p.expect(tLParen, "'(' before a datatype name and arity")
			names = append(names, p.symbol("a datatype name"))
			arities = append(arities, p.numeralInt())
			p.expect(tRParen, "')'")
		}
		p.next()
		ds := p.st.NewDatatypes(names, make([][]string, len(names)))
		p.expect(tLParen, "'(' before the datatype declarations")
		p.datatypeBodies(ds, arities, c.Pos)
		p.expect(tRParen, "')' after the datatype declarations")
		c.Datatypes = ds
	case CmdPush, CmdPop:
		c.N = 1
		if lx.kind == tNumeral {
			c.N, c.HasN = p.numeralInt(), true
		}
		if c.Kind == CmdPush {
			if p.interactive && c.N > MaxInteractivePush {
				p.errorAt(c.Pos, "push %d: at most %d levels at once", c.N, MaxInteractivePush)
			}
			p.pushScopes(c.N)
		} else {
			if p.interactive && c.N > p.pushes {
				p.errorAt(c.Pos, "pop %d: only %d push levels are open", c.N, p.pushes)
			}
			p.popScopes(c.N)
		}
	case CmdReset:
		p.reset()
	case CmdResetAssertions:
		p.resetAssertions()
	case CmdAssert:
		pos := lx.tpos
		c.Term = p.term()
		if p.bareSeqEmpty && hasUntypedSeqEmpty(c.Term) {
			p.errorAt(pos, "cannot tell the sort of a bare seq.empty here: write (as seq.empty (Seq T))")
		}
		if c.Term.Sort() != smt.BoolSort() {
			p.errorAt(pos, "assert needs a Bool term, got %s", c.Term.Sort())
		}
	case CmdCheckSatAssuming:
		p.expect(tLParen, "'(' before the assumptions")
		for lx.kind != tRParen {
			pos := lx.tpos
			t := p.term()
			if t.Sort() != smt.BoolSort() {
				p.errorAt(pos, "an assumption must be Bool, got %s", t.Sort())
			}
			c.Terms = append(c.Terms, t)
		}
		p.next()
	case CmdGetValue:
		p.expect(tLParen, "'(' before the terms")
		for lx.kind != tRParen {
			c.Terms = append(c.Terms, p.term())
		}
		p.next()
		if len(c.Terms) == 0 {
			p.errorAt(c.Pos, "get-value needs at least one term")
		}
	case CmdEcho:
		if lx.kind != tString {
			p.unexpected("a string")
		}
		c.Value = string(lx.text)
		p.next()
	case CmdCheckSat, CmdGetModel, CmdGetAssignment, CmdGetAssertions, CmdGetProof,
		CmdGetUnsatCore, CmdGetUnsatAssumptions, CmdExit:
	}
}

func hasUntypedSeqEmpty(t *smt.Term) bool {
	return smt.Find(t, func(u *smt.Term) bool { return u.Op() == smt.OpSeqEmpty && u.Sort().HasParams() }) != nil
}

func sortsOfVars(vs []*smt.Term) []*smt.Sort {
	out := make([]*smt.Sort, len(vs))
	for i, v := range vs {
		out[i] = v.Sort()
	}
	return out
}

func (p *parser) checkBody(f *smt.Func, pos Pos) {
	bs := f.Body.Sort()
	if bs != f.Result && !(f.Result == smt.RealSort() && bs == smt.IntSort()) {
		p.errorAt(pos, "body of %s has sort %s, but %s was declared", f.Name, bs, f.Result)
	}
}

// bodyWith parses a term in the scope of formals, whose sort its context
// fixes to want (nil: no constraint).
func (p *parser) bodyWith(formals []*smt.Term, want *smt.Sort) *smt.Term {
	n := len(p.bound)
	for _, v := range formals {
		p.pushBound(v.Name(), v)
	}
	t := p.termWant(want)
	p.popBound(n)
	return t
}

// pushScopes opens n assertion levels (at most 1<<20 at once).
func (p *parser) pushScopes(n int) {
	for i := 0; i < n && i < 1<<20; i++ {
		p.undos = append(p.undos, undo{kind: undoMarker})
		p.pushes++
	}
}

// popScopes closes n assertion levels (at most the open ones), undoing
// the declarations made in them that are not global.
func (p *parser) popScopes(n int) {
	for ; n > 0 && p.pushes > 0; n-- {
		p.undoTo(true)
		p.pushes--
	}
}

// resetAssertions is reset-assertions: SMT-LIB 2.6 §4.2.2 says it pops
// every assertion level including the first, so it removes every
// declaration and definition except those made with :global-declarations
// true (cvc5 does so; z3 4.8.12 keeps the first level's declarations).
func (p *parser) resetAssertions() {
	p.undoTo(false)
	p.pushes = 0
}

// reset is reset: back to the start state, options included.
func (p *parser) reset() {
	p.funs = map[string]*smt.Func{}
	p.overloads = nil
	p.testers = map[string]*smt.Func{}
	p.sorts = map[string]*sortEntry{}
	p.undos = nil
	p.pushes = 0
	p.global = false
}

// undoTo undoes entries of the scope stack down to the last push marker
// (which it removes) when toMarker, else down to the bottom.
func (p *parser) undoTo(toMarker bool) {
	for len(p.undos) > 0 {
		u := p.undos[len(p.undos)-1]
		p.undos = p.undos[:len(p.undos)-1]
		switch u.kind {
		case undoMarker:
			if toMarker {
				return
			}
		case undoFun:
			restore(p.funs, u.name, u.oldF)
		case undoTester:
			restore(p.testers, u.name, u.oldF)
		case undoSort:
			restore(p.sorts, u.name, u.oldS)
		case undoOverload:
			if u.oldO == nil {
				delete(p.overloads, u.name)
			} else {
				p.overloads[u.name] = u.oldO
			}
		}
	}
}

// restore sets m[k] back to old, or removes k when old is nil.
func restore[V any](m map[string]*V, k string, old *V) {
	if old == nil {
		delete(m, k)
	} else {
		m[k] = old
	}
}

// scoped says whether declarations now are undone by pop and
// reset-assertions: all are, at every level, unless :global-declarations
// is true.
func (p *parser) scoped() bool { return !p.global }

// bindTester makes name (is-C, or C for (_ is C)) denote tester t.
func (p *parser) bindTester(name string, t *smt.Func) {
	if p.scoped() {
		p.undos = append(p.undos, undo{kind: undoTester, name: name, oldF: p.testers[name]})
	}
	p.testers[name] = t
}

// declareConstructors declares the constructors, selectors and testers
// of d.
func (p *parser) declareConstructors(d *smt.Datatype, pos Pos) {
	for _, c := range d.Constructors {
		p.declareFun(c, pos)
		for _, s := range c.Selectors {
			p.declareFun(s, pos)
		}
		p.bindTester(c.Name, c.Tester)
		p.bindTester("is-"+c.Name, c.Tester)
	}
}

func (p *parser) declareFun(f *smt.Func, pos Pos) {
	if old, ok := p.funs[f.Name]; ok && old != f {
		switch {
		case isDatatypeFunc(old) || isDatatypeFunc(f):
			// cvc5 lets datatypes overload constructor and selector names;
			// applications are resolved by argument sorts.
			if p.overloads == nil {
				p.overloads = map[string][]*smt.Func{}
			}
			cands := p.overloads[f.Name]
			if p.scoped() {
				p.undos = append(p.undos, undo{kind: undoOverload, name: f.Name, oldO: cands})
			}
			if len(cands) == 0 {
				cands = []*smt.Func{old}
			}
			old.Overloaded, f.Overloaded = true, true
			// A fresh slice: the old one is kept for undo and may be
			// shared with a model parser's copy of the map.
			p.overloads[f.Name] = append(slices.Clip(cands), f)
			return
		case (old.Kind == smt.FuncOracle || old.Kind == smt.FuncClosedBox) && old.Kind == f.Kind &&
			slices.Equal(old.Params, f.Params) && old.Result == f.Result && old.Binary == f.Binary:
			// Delphi's benchmarks repeat identical oracle declarations.
			return
		}
		p.errorAt(pos, "%s is already declared", f.Name)
	}
	if _, ok := smt.LookupOp(f.Name); ok && f.Kind != smt.FuncSelector {
		// Shadowing a theory symbol is legal only outside its theory; allow
		// it but resolution prefers the user's symbol.
	}
	p.bindFun(f.Name, f)
}

func isDatatypeFunc(f *smt.Func) bool {
	return f.Kind == smt.FuncConstructor || f.Kind == smt.FuncSelector
}

// resolve picks among overloaded datatype functions the one whose
// parameters fit args (and whose result is as, when given).
func (p *parser) resolve(f *smt.Func, args []*smt.Term, as *smt.Sort) *smt.Func {
	cands := p.overloads[f.Name]
	if len(cands) == 0 {
		return f
	}
	for _, c := range cands {
		if len(c.Params) != len(args) {
			continue
		}
		bind := map[string]*smt.Sort{}
		ok := true
		for i, ps := range c.Params {
			if !smt.Match(ps, args[i].Sort(), bind) {
				ok = false
				break
			}
		}
		if ok && as != nil && !smt.Match(c.Result, as, bind) {
			ok = false
		}
		if ok {
			return c
		}
	}
	return f
}

func (p *parser) bindFun(name string, f *smt.Func) {
	if f.Kind == smt.FuncDefined || f.Kind == smt.FuncDefinedRec {
		p.keep = true
	}
	if p.scoped() {
		p.undos = append(p.undos, undo{kind: undoFun, name: name, oldF: p.funs[name]})
	}
	p.funs[name] = f
}

func (p *parser) defineSort(name string, e *sortEntry, pos Pos) {
	if _, ok := p.sorts[name]; ok {
		p.errorAt(pos, "sort %s is already declared", name)
	}
	if builtinSortName(name) {
		p.errorAt(pos, "sort %s is built in", name)
	}
	if p.scoped() {
		p.undos = append(p.undos, undo{kind: undoSort, name: name, oldS: p.sorts[name]})
	}
	p.sorts[name] = e
}

func builtinSortName(n string) bool {
	switch n {
	case "Bool", "Int", "Real", "String", "RegLan", "RoundingMode", "Float16", "Float32", "Float64", "Float128", "Array", "BitVec", "FloatingPoint":
		return true
	}
	return false
}

func (p *parser) symbol(what string) string {
	if p.lx.kind != tSymbol {
		p.unexpected(what)
	}
	s := p.lx.name()
	p.next()
	return s
}

func (p *parser) numeralInt() int {
	if p.lx.kind != tNumeral {
		p.unexpected("a numeral")
	}
	v, ok := decimalUint64(p.lx.text)
	if !ok || v > 1<<30 {
		p.errorf("numeral %s is too large here", p.lx.text)
	}
	p.next()
	return int(v)
}

// decimalUint64 reads a numeral (decimal digits) that fits in 64 bits.
func decimalUint64(b []byte) (uint64, bool) {
	if len(b) == 0 || len(b) > 20 {
		return 0, false
	}
	var v uint64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		d := uint64(c - '0')
		if v > (math.MaxUint64-d)/10 {
			return 0, false
		}
		v = v*10 + d
	}
	return v, true
}

// digitsUint64 reads at most 64 bits of hexadecimal (4 bits a digit) or
// binary (1 bit) digits, already checked by the lexer.
func digitsUint64(b []byte, bits int) uint64 {
	var v uint64
	for _, c := range b {
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		default:
			d = c - 'A' + 10
		}
		v = v<<bits | uint64(d)
	}
	return v
}

// sexprText reads one s-expression and returns it as normalized text.
func (p *parser) sexprText() string {
	var b strings.Builder
	p.writeSexpr(&b)
	return b.String()
}

func (p *parser) writeSexpr(b *strings.Builder) {
	lx := p.lx
	switch lx.kind {
	case tLParen:
		b.WriteByte('(')
		p.next()
		first := true
		for lx.kind != tRParen {
			if lx.kind == tEOF {
				p.unexpected("')'")
			}
			if !first {
				b.WriteByte(' ')
			}
			first = false
			p.writeSexpr(b)
		}
		b.WriteByte(')')
		p.next()
		return
	case tRParen, tEOF:
		p.unexpected("a value")
	}
	b.WriteString(p.atomText())
	p.next()
}

func (p *parser) atomText() string {
	lx := p.lx
	switch lx.kind {
	case tString:
		return `"` + strings.ReplaceAll(string(lx.text), `"`, `""`) + `"`
	case tHex:
		return "#x" + string(lx.text)
	case tBinary:
		return "#b" + string(lx.text)
	case tSymbol:
		if lx.quoted {
			return "|" + string(lx.text) + "|"
		}
	}
	return string(lx.text)
}

// ---- sorts ----

func (p *parser) sortList() []*smt.Sort {
	p.expect(tLParen, "'(' before the argument sorts")
	var out []*smt.Sort
	for p.lx.kind != tRParen {
		out = append(out, p.sort())
	}
	p.next()
	return out
}

// oracleParams reads Delphi's parameter list: sorts, or (name sort) pairs.
func (p *parser) oracleParams() []*smt.Sort {
	lx := p.lx
	p.expect(tLParen, "'(' before the argument sorts")
	var out []*smt.Sort
	for lx.kind != tRParen {
		if lx.kind == tLParen {
			p.next()
			if lx.kind == tSymbol && !lx.is("_") && !lx.is("Array") && p.sorts[string(lx.text)] == nil {
				p.next() // parameter name
				out = append(out, p.sort())
				p.expect(tRParen, "')' after a (name sort) pair")
				continue
			}
			// a parenthesized sort: parse it from its head
			out = append(out, p.sortAfterParen(lx.tpos))
			continue
		}
		out = append(out, p.sort())
	}
	p.next()
	return out
}

func (p *parser) sort() *smt.Sort {
	lx := p.lx
	pos := lx.tpos
	switch lx.kind {
	case tSymbol:
		name := lx.name()
		p.next()
		return p.namedSort(name, nil, pos)
	case tLParen:
		p.next()
		return p.sortAfterParen(pos)
	}
	p.unexpected("a sort")
	return nil
}

// sortAfterParen parses a parenthesized sort after its '('.
func (p *parser) sortAfterParen(pos Pos) *smt.Sort {
	lx := p.lx
	{
		if lx.is("_") {
			p.next()
			name := p.symbol("BitVec or FloatingPoint")
			switch name {
			case "BitVec":
				w := p.numeralInt()
				p.expect(tRParen, "')'")
				if w <= 0 || w > smt.MaxWidth {
					p.errorAt(pos, "bit-vector width must be between 1 and %d, got %d", smt.MaxWidth, w)
				}
				return smt.BitVecSort(w)
			case "FloatingPoint":
				eb := p.numeralInt()
				sb := p.numeralInt()
				p.expect(tRParen, "')'")
				if eb < 2 || sb < 2 {
					p.errorAt(pos, "floating-point sorts need eb >= 2 and sb >= 2, got %d and %d", eb, sb)
				}
				return smt.FloatSort(eb, sb)
			}
			if th := extensionTheory(name); th != "" {
				p.errorAt(pos, "%w", &UnsupportedTheoryError{Theory: th, Symbol: name})
			}
			p.errorAt(pos, "unknown indexed sort (_ %s …)", name)
		}
		name := p.symbol("a sort name")
		var args []*smt.Sort
		for lx.kind != tRParen {
			args = append(args, p.sort())
		}
		p.next()
		return p.namedSort(name, args, pos)
	}
}

func (p *parser) namedSort(name string, args []*smt.Sort, pos Pos) *smt.Sort {
	arity := func(n int) {
		if len(args) != n {
			p.errorAt(pos, "sort %s takes %d parameters, got %d", name, n, len(args))
		}
	}
	if p.sortParams[name] {
		arity(0)
		return smt.ParamSort(name)
	}
	if e, ok := p.sorts[name]; ok {
		arity(e.arity)
		switch {
		case e.dt != nil:
			return smt.DatatypeSort(e.dt, args...)
		case e.body != nil:
			bind := map[string]*smt.Sort{}
			for i, n := range e.params {
				bind[n] = args[i]
			}
			return e.body.Subst(bind)
		}
		return smt.UninterpretedSort(name, args...)
	}
	switch name {
	case "Bool":
		arity(0)
		return smt.BoolSort()
	case "Int":
		arity(0)
		return smt.IntSort()
	case "Real":
		arity(0)
		return smt.RealSort()
	case "String":
		arity(0)
		return smt.StringSort()
	case "RegLan":
		arity(0)
		return smt.RegLanSort()
	case "RoundingMode":
		arity(0)
		return smt.RoundingModeSort()
	case "Float16":
		arity(0)
		return smt.FloatSort(5, 11)
	case "Float32":
		arity(0)
		return smt.FloatSort(8, 24)
	case "Float64":
		arity(0)
		return smt.FloatSort(11, 53)
	case "Float128":
		arity(0)
		return smt.FloatSort(15, 113)
	case "Array":
		arity(2)
		return smt.ArraySort(args[0], args[1])
	case "Seq":
		arity(1)
		return smt.SeqSort(args[0])
	}
	if th := extensionTheory(name); th != "" {
		p.errorAt(pos, "%w", &UnsupportedTheoryError{Theory: th, Symbol: name})
	}
	p.errorAt(pos, "unknown sort %s (declare it with declare-sort)", name)
	return nil
}

// ---- datatypes ----

// datatypeBodies parses one constructor list per datatype (with par when the
// arity is positive; arity -1 means "whatever the declaration says").
func (p *parser) datatypeBodies(ds []*smt.Datatype, arities []int, pos Pos) {
	lx := p.lx
	for i, d := range ds {
		e := &sortEntry{arity: max(arities[i], 0), dt: d}
		p.defineSort(d.Name, e, pos)
	}
	for i, d := range ds {
		p.expect(tLParen, "'(' before the constructors of "+d.Name)
		var params []string
		if lx.is("par") {
			p.next()
			p.expect(tLParen, "'(' before the sort parameters")
			for lx.kind != tRParen {
				params = append(params, p.symbol("a sort parameter"))
			}
			p.next()
			p.expect(tLParen, "'(' before the constructors")
		}
		if arities[i] >= 0 && len(params) != arities[i] {
			p.errorAt(pos, "datatype %s declared with %d parameters but defined with %d", d.Name, arities[i], len(params))
		}
		d.Params = params
		p.sorts[d.Name].arity = len(params)
		p.sortParams = map[string]bool{}
		for _, sp := range params {
			p.sortParams[sp] = true
		}
		var cons []smt.ConstructorDecl
		for lx.kind != tRParen {
			p.expect(tLParen, "'(' before a constructor")
			cd := smt.ConstructorDecl{Name: p.symbol("a constructor name")}
			for lx.kind != tRParen {
				p.expect(tLParen, "'(' before a selector")
				fd := smt.FieldDecl{Name: p.symbol("a selector name")}
				fd.Sort = p.sort()
				p.expect(tRParen, "')' after a selector")
				cd.Fields = append(cd.Fields, fd)
			}
			p.next()
			cons = append(cons, cd)
		}
		p.next()
		if len(params) > 0 {
			p.expect(tRParen, "')' closing par")
		}
		p.sortParams = nil
		if err := p.st.DefineConstructors(d, cons); err != nil {
			p.errorAt(pos, "%w", err)
		}
		p.declareConstructors(d, pos)
	}
}

// ---- terms ----

func (p *parser) sortedVars(bind bool) []*smt.Term {
	lx := p.lx
	p.expect(tLParen, "'(' before the variable list")
	var vs []*smt.Term
	for lx.kind != tRParen {
		p.expect(tLParen, "'(' before a (variable sort) pair")
		name := p.symbol("a variable name")
		s := p.sort()
		p.expect(tRParen, "')' after a (variable sort) pair")
		vs = append(vs, p.st.Var(name, s))
	}
	p.next()
	return vs
}

// lookupBound is the innermost bound variable called name, or nil; in
// constant time, so that deep let chains parse in linear time (issue 28
// item 8).
func (p *parser) lookupBound(name string) *smt.Term {
	if i, ok := p.boundBy[name]; ok {
		return p.bound[i].t
	}
	return nil
}

// pushBound enters the scope of a bound variable.
func (p *parser) pushBound(name string, t *smt.Term) {
	if p.boundBy == nil {
		p.boundBy = map[string]int{}
	}
	prev, ok := p.boundBy[name]
	if !ok {
		prev = -1
	}
	p.boundBy[name] = len(p.bound)
	p.bound = append(p.bound, binding{name, t, prev})
}

// popBound leaves the scopes of the variables bound after the first n.
func (p *parser) popBound(n int) {
	for i := len(p.bound) - 1; i >= n; i-- {
		if b := p.bound[i]; b.prev >= 0 {
			p.boundBy[b.name] = b.prev
		} else {
			delete(p.boundBy, b.name)
		}
	}
	p.bound = p.bound[:n]
}

// termWant parses a term whose sort its context fixes to want (nil: no
// constraint); want resolves constructors of parametric datatypes, as
// (as C want) would.
func (p *parser) termWant(want *smt.Sort) *smt.Term {
	p.want = want
	return p.term()
}

// term parses a term and moves past it.
func (p *parser) term() *smt.Term {
	lx := p.lx
	pos := lx.tpos
	want, deferOK := p.want, p.deferOK
	p.want, p.deferOK = nil, false
	switch lx.kind {
	case tNumeral:
		if v, ok := decimalUint64(lx.text); ok && v <= math.MaxInt64 {
			p.next()
			return p.st.Int(int64(v))
		}
		v := p.bigNumeral()
		p.next()
		return p.st.Numeral(v)
	case tDecimal, tRational:
		r, ok := new(big.Rat).SetString(string(lx.text))
		if !ok {
			p.errorf("bad decimal %s", lx.text)
		}
		p.next()
		return p.st.Decimal(r)
	case tHex, tBinary:
		base, bits := 16, 4
		if lx.kind == tBinary {
			base, bits = 2, 1
		}
		w := len(lx.text) * bits
		if w <= 64 {
			v := digitsUint64(lx.text, bits)
			p.next()
			return p.st.BVUint64(v, w)
		}
		v, ok := new(big.Int).SetString(string(lx.text), base)
		if !ok {
			p.errorf("bad bit-vector literal")
		}
		p.next()
		t, err := p.st.BV(v, w)
		if err != nil {
			p.errorAt(pos, "%w", err)
		}
		return t
	case tString:
		cps, err := unescapeString(lx.text)
		if err != nil {
			p.errorf("%w", err)
		}
		p.next()
		t, err := p.st.String(cps)
		if err != nil {
			p.errorAt(pos, "%w", err)
		}
		return t
	case tSymbol:
		name := lx.name()
		quoted := lx.quoted
		p.next()
		return p.symbolTerm(name, quoted, pos, want, deferOK)
	case tLParen:
		p.next()
		return p.compoundWant(pos, want, deferOK)
	}
	p.unexpected("a term")
	return nil
}

func (p *parser) bigNumeral() *big.Int {
	t := p.lx.text
	if len(t) <= 18 {
		var v int64
		for _, c := range t {
			v = v*10 + int64(c-'0')
		}
		return big.NewInt(v)
	}
	v, ok := new(big.Int).SetString(string(t), 10)
	if !ok {
		p.errorf("bad numeral")
	}
	return v
}

func (p *parser) symbolTerm(name string, quoted bool, pos Pos, want *smt.Sort, deferOK bool) *smt.Term {
	if v := p.lookupBound(name); v != nil {
		return v
	}
	if f, ok := p.funs[name]; ok {
		if f.Kind == smt.FuncConstructor && len(f.Params) == 0 && (f.Result.HasParams() || f.Overloaded) {
			if t, ok := p.ambiguousConstructor(f, pos, want, deferOK); ok {
				return t
			}
		}
		if len(f.Params) != 0 {
			p.higherOrder(pos, name)
			p.errorAt(pos, "%s is a function of %d arguments, used as a constant", name, len(f.Params))
		}
		t, err := p.st.ApplyFunc(f, nil)
		if err != nil {
			p.errorAt(pos, "%w", err)
		}
		return t
	}
	if name == "seq.empty" {
		// cvc5 lets the sort of a bare seq.empty come from its context;
		// apply fills it in from a sibling argument.
		t, _ := p.st.SeqEmpty(smt.SeqSort(smt.ParamSort("?")))
		p.bareSeqEmpty = true
		return t
	}
	if len(name) > 1 && name[0] == '-' && isDigit(name[1]) {
		// cvc5 reads -5, -2.5 and -1/4 as negative constants.
		if r, ok := new(big.Rat).SetString(name[1:]); ok {
			if strings.ContainsAny(name, "./") {
				return p.st.Decimal(r.Neg(r))
			}
			return p.st.Numeral(new(big.Int).Neg(r.Num()))
		}
	}
	if op, ok := smt.LookupOp(name); ok && op.Info().Indices == 0 {
		t, err := p.st.Apply(op, nil)
		if err != nil {
			p.errorAt(pos, "%s is an operator and needs arguments: %w", name, err)
		}
		return t
	}
	if p.model != nil {
		// z3 may name an element of an uninterpreted sort, S!val!N, without
		// declaring it in the model.
		if i := strings.Index(name, "!val!"); i > 0 {
			if e, ok := p.sorts[name[:i]]; ok && e.arity == 0 && e.dt == nil && e.body == nil {
				return p.modelValue(name, smt.UninterpretedSort(name[:i]))
			}
		}
		// cvc4 1.8 names them @uc_S_N.
		if rest, ok := strings.CutPrefix(name, "@uc_"); ok {
			if i := strings.LastIndexByte(rest, '_'); i > 0 {
				if e, ok := p.sorts[rest[:i]]; ok && e.arity == 0 && e.dt == nil && e.body == nil {
					return p.modelValue(name, smt.UninterpretedSort(rest[:i]))
				}
			}
		}
	}
	p.unknownSymbol(name, pos)
	return nil
}

// higherOrder reports a use of a function as a value, or a partial
// application, as the unsupported higher-order theory when the logic is one
// of cvc5's HO_ logics.
func (p *parser) higherOrder(pos Pos, what string) {
	if strings.HasPrefix(p.logic, "HO_") {
		p.errorAt(pos, "%w", &UnsupportedTheoryError{Theory: "higher-order logic", Symbol: what})
	}
}

func (p *parser) unknownSymbol(name string, pos Pos) {

	if name == "fmf.card" {
		p.errorAt(pos, "%w", &UnsupportedTheoryError{Theory: "cardinality constraints (cvc5 finite model finding)", Symbol: name})
	}
	if th := extensionTheory(name); th != "" {
		p.errorAt(pos, "%w", &UnsupportedTheoryError{Theory: th, Symbol: name})
	}
	p.errorAt(pos, "unknown symbol %s (declare it with declare-fun or declare-const)", name)
}

// ambiguousConstructor resolves a bare nullary constructor of a
// parametric datatype (z3's nil or none in a model) whose sort only its
// context fixes: to want when there is one, else, when deferOK, it returns
// nil and leaves the constructor in p.deferred for the application it is
// an argument of. ok is false for every other symbol.
func (p *parser) ambiguousConstructor(f *smt.Func, pos Pos, want *smt.Sort, deferOK bool) (*smt.Term, bool) {
	if want != nil {
		g := p.resolve(f, nil, want)
		if t, err := p.st.ApplyFuncAs(g, nil, want); err == nil {
			return t, true
		}
	}
	if deferOK && f.Result.HasParams() {
		p.deferred = &deferredTerm{ctor: f, pos: pos, build: func(s *smt.Sort) *smt.Term {
			t, err := p.st.ApplyFuncAs(p.resolve(f, nil, s), nil, s)
			if err != nil {
				p.ambiguous(pos, f)
			}
			return t
		}}
		return nil, true
	}
	return nil, false
}

// deferredTerm is a term whose sort only its context fixes, left by
// term() to the application it is an argument of: a bare constructor of a
// parametric datatype, or an application of a parametric constructor with
// such a constructor among its arguments, as in (= (cons none nil) q).
// build makes it at sort s.
type deferredTerm struct {
	ctor  *smt.Func // the bare constructor whose sort is unknown, for errors
	pos   Pos       // where ctor is
	build func(s *smt.Sort) *smt.Term
}

// ambiguous reports a bare constructor whose sort nothing fixes.
func (p *parser) ambiguous(pos Pos, f *smt.Func) {
	p.errorAt(pos, "%s result sort is ambiguous; qualify it with (as %s SORT), SORT an instance of %s", f.Name, f.Name, f.Result)
}

// deferredArg is argument i of an application, left unresolved by term().
type deferredArg struct {
	i int
	d *deferredTerm
}

// argWant is the sort that argument i of an application must have, as far
// as the head, the application's own expected sort want and the other
// arguments (nil where not read or deferred) fix it; nil when they do not.
// f is the head when it is a function symbol, name the head's name.
func argWant(f *smt.Func, as *smt.Sort, name string, want *smt.Sort, args []*smt.Term, i int) *smt.Sort {
	if f != nil {
		if i >= len(f.Params) {
			return nil
		}
		ps := f.Params[i]
		if !ps.HasParams() {
			return ps
		}
		bind := map[string]*smt.Sort{}
		if as == nil {
			as = want
		}
		if as != nil && !smt.Match(f.Result, as, bind) {
			clear(bind)
		}
		for j, a := range args {
			if j != i && j < len(f.Params) && a != nil && !a.Sort().HasParams() {
				smt.Match(f.Params[j], a.Sort(), bind)
			}
		}
		if s := ps.Subst(bind); !s.HasParams() {
			return s
		}
		return nil
	}
	other := func(skip ...int) *smt.Sort {
	next:
		for j, a := range args {
			for _, k := range skip {
				if j == k {
					continue next
				}
			}
			if a != nil && !a.Sort().HasParams() {
				return a.Sort()
			}
		}
		return nil
	}
	switch name {
	case "=", "distinct":
		return other(i)
	case "ite":
		switch i {
		case 0:
			return smt.BoolSort()
		case 1, 2:
			if want != nil {
				return want
			}
			return other(0, i)
		}
	case "select", "store":
		if len(args) > 0 && args[0] != nil && args[0].Sort().Kind == smt.KindArray {
			switch i {
			case 1:
				return args[0].Sort().Index()
			case 2:
				return args[0].Sort().Elem()
			}
		}
	}
	return nil
}

// compound parses the rest of a parenthesized term, after '('.
func (p *parser) compound(pos Pos) *smt.Term { return p.compoundWant(pos, nil, false) }

// compoundWant is compound for a term whose context fixes its sort to want;
// deferOK as for term.
func (p *parser) compoundWant(pos Pos, want *smt.Sort, deferOK bool) *smt.Term {
	lx := p.lx
	if lx.kind == tSymbol && !lx.quoted {
		switch string(lx.text) {
		case "let":
			p.next()
			return p.let(pos, want)
		case "forall", "exists":
			forall := lx.is("forall")
			p.next()
			vs := p.sortedVars(true)
			bodyPos := lx.tpos
			body := p.bodyWith(vs, smt.BoolSort())
			p.expect(tRParen, "')' closing the quantifier")
			t, err := p.st.Quantifier(forall, vs, body)
			if err != nil {
				p.errorAt(bodyPos, "%w", err)
			}
			return t
		case "!":
			p.next()
			return p.annotated(pos)
		case "_":
			p.next()
			return p.indexedConst(pos)
		case "as":
			p.next()
			return p.asTerm(pos, nil)
		case "match":
			p.next()
			return p.match(pos)
		case "root-obj":
			if p.model != nil {
				p.next()
				return p.rootObj(pos)
			}
		case "lambda":
			if p.model != nil {
				p.next()
				return p.lambda(pos)
			}
			fallthrough
		case "@":
			p.errorf("%w", &UnsupportedTheoryError{Theory: "higher-order logic", Symbol: string(p.lx.text)})
		}
	}
	// An application: head then arguments.
	headPos := lx.tpos
	var h appHead
	switch lx.kind {
	case tSymbol:
		h.name, h.quoted = lx.name(), lx.quoted
		if p.funs[h.name] == nil {
			if th := extensionTheory(h.name); th != "" {
				p.errorf("%w", &UnsupportedTheoryError{Theory: th, Symbol: h.name})
			}
		}
		p.next()
	case tLParen:
		p.next()
		switch {
		case lx.is("_"):
			p.next()
			h.name = p.symbol("an indexed operator")
			if h.name == "is" {
				cname := p.symbol("a constructor")
				h.tester = p.testers[cname]
				if h.tester == nil {
					p.errorAt(headPos, "(_ is %s): %s is not a constructor", cname, cname)
				}
				p.expect(tRParen, "')'")
				break
			}
			if h.name == "update" && lx.kind == tSymbol {
				sel := p.funs[lx.name()]
				if sel == nil || sel.Kind != smt.FuncSelector {
					p.errorf("(_ update %s): %s is not a selector", lx.name(), lx.name())
				}
				p.next()
				p.expect(tRParen, "')'")
				h.tester = p.updater(sel)
				break
			}
			if h.name == "fmf.card" {
				p.unknownSymbol(h.name, headPos)
			}
			for lx.kind != tRParen {
				h.idx = append(h.idx, p.index())
			}
			p.next()
			if h.idx == nil {
				p.errorAt(headPos, "(_ %s) needs at least one index", h.name)
			}
		case lx.is("as"):
			p.next()
			if lx.is("const") {
				p.next()
				h.cnst = p.sort()
				p.expect(tRParen, "')'")
				break
			}
			h.asName = p.symbol("a function name")
			h.as = p.sort()
			p.expect(tRParen, "')'")
		default:
			p.higherOrder(headPos, "a parenthesized term")
			p.errorAt(headPos, "expected an operator, found a parenthesized term")
		}
	default:
		p.unexpected("an operator or function name")
	}
	// The arguments go on a stack shared by all applications: the
	// builders copy what they keep. Where the head fixes an argument's
	// sort it is passed down, for constructors of parametric datatypes.
	var hf *smt.Func
	switch {
	case h.tester != nil:
		hf = h.tester
	case h.as != nil:
		hf = p.funs[h.asName]
	case h.name != "" && h.idx == nil && h.cnst == nil:
		if g := p.funs[h.name]; g != nil && len(p.overloads[h.name]) == 0 && p.lookupBound(h.name) == nil {
			hf = g
		}
	}
	eager := hf != nil || h.name == "=" || h.name == "distinct" || h.name == "ite"
	base := len(p.argStack)
	defer func() { p.argStack = p.argStack[:base] }()
	var deferred []deferredArg
	for lx.kind != tRParen {
		if lx.kind == tEOF {
			p.unexpected("')'")
		}
		if eager {
			p.want = argWant(hf, h.as, h.name, want, p.argStack[base:], len(p.argStack)-base)
		} else if h.cnst != nil && h.cnst.Kind == smt.KindArray {
			p.want = h.cnst.Elem()
		}
		p.deferOK = true
		t := p.term()
		if t == nil {
			deferred = append(deferred, deferredArg{len(p.argStack) - base, p.deferred})
		}
		p.argStack = append(p.argStack, t)
	}
	p.next()
	args := p.argStack[base:len(p.argStack):len(p.argStack)]
	// fill builds the deferred arguments whose sorts the others and
	// want fix, until no more are; it reports false when some are left,
	// or reports them as errors when final.
	fill := func(want *smt.Sort, final bool) bool {
		for progress := true; progress; {
			progress = false
			left := 0
			for _, d := range deferred {
				if args[d.i] != nil {
					continue
				}
				if s := argWant(hf, h.as, h.name, want, args, d.i); s != nil {
					args[d.i] = d.d.build(s)
					progress = true
					continue
				}
				if final {
					p.ambiguous(d.d.pos, d.d.ctor)
				}
				left++
			}
			if left == 0 {
				return true
			}
		}
		return false
	}
	if !fill(want, false) {
		if deferOK && want == nil && hf != nil && hf.Result.HasParams() {
			// Its sort is left to the application it is an argument of,
			// as for a bare constructor (ambiguousConstructor).
			args = slices.Clone(args)
			var first *deferredTerm
			for _, d := range deferred {
				if args[d.i] == nil {
					first = d.d
					break
				}
			}
			p.deferred = &deferredTerm{ctor: first.ctor, pos: first.pos, build: func(s *smt.Sort) *smt.Term {
				fill(s, true)
				return p.applyHead(pos, headPos, &h, args)
			}}
			return nil
		}
		fill(want, true)
	}
	return p.applyHead(pos, headPos, &h, args)
}

// appHead is the head of an application, as compoundWant reads it.
type appHead struct {
	name   string
	quoted bool
	idx    []int
	tester *smt.Func
	as     *smt.Sort
	asName string
	cnst   *smt.Sort
}

// applyHead applies the head of an application (read by compoundWant) to
// its arguments.
func (p *parser) applyHead(pos, headPos Pos, h *appHead, args []*smt.Term) *smt.Term {
	var t *smt.Term
	var err error
	switch {
	case h.tester != nil:
		t, err = p.st.ApplyFunc(h.tester, args)
	case h.cnst != nil:
		if len(args) != 1 {
			p.errorAt(headPos, "(as const %s) takes one argument", h.cnst)
		}
		t, err = p.st.ConstArray(h.cnst, args[0])
	case h.as != nil:
		f := p.funs[h.asName]
		if f == nil {
			p.unknownSymbol(h.asName, headPos)
		}
		t, err = p.st.ApplyFuncAs(p.resolve(f, args, h.as), args, h.as)
	case h.idx != nil:
		t, err = p.indexedApp(h.name, h.idx, args, headPos)
	default:
		t, err = p.apply(h.name, h.quoted, args, headPos)
	}
	if err != nil {
		p.errorAt(pos, "%w", err)
	}
	return t
}

// updater is cvc5's datatype update (_ update sel), one function per selector.
func (p *parser) updater(sel *smt.Func) *smt.Func {
	if u := p.updaters[sel]; u != nil {
		return u
	}
	if p.updaters == nil {
		p.updaters = map[*smt.Func]*smt.Func{}
	}
	u := p.st.NewFunc(sel.Name, smt.FuncUpdater, []*smt.Sort{sel.Params[0], sel.Result}, sel.Params[0])
	u.Datatype, u.Constructor, u.Field = sel.Datatype, sel.Constructor, sel.Field
	p.updaters[sel] = u
	return u
}

func (p *parser) index() int {
	if p.lx.kind == tNumeral {
		return p.numeralInt()
	}
	p.unexpected("a numeral index")
	return 0
}

func (p *parser) apply(name string, quoted bool, args []*smt.Term, pos Pos) (*smt.Term, error) {
	if v := p.lookupBound(name); v != nil && len(args) == 0 {
		return v, nil
	} else if v != nil && p.funs[name] == nil {
		if _, isOp := smt.LookupOp(name); !isOp {
			p.higherOrder(pos, name)
			p.errorAt(pos, "%s is a variable, not a function", name)
		}
	}
	if f, ok := p.funs[name]; ok {
		f = p.resolve(f, args, nil)
		if len(args) != len(f.Params) {
			p.higherOrder(pos, name)
		}
		return p.st.ApplyFunc(f, args)
	}
	if tf, ok := p.testers[name]; ok && strings.HasPrefix(name, "is-") {
		return p.st.ApplyFunc(tf, args)
	}
	args = p.inferSeqEmpty(args)
	{
		if op, ok := smt.LookupOp(name); ok {
			op = seqVersion(op, args)
			if op.Info().Indices > 0 {
				// SMT-LIB 2.5 (re.loop r lo hi) and (re.^ r n) take numerals as arguments.
				if (op == smt.OpReLoop || op == smt.OpRePower) && len(args) > 1 {
					var idx []int
					for _, a := range args[1:] {
						if a.Kind() != smt.Literal || a.LiteralKind() != smt.LitNumeral || !a.BigInt().IsInt64() {
							return nil, fmt.Errorf("%s needs numeral bounds", name)
						}
						idx = append(idx, int(a.BigInt().Int64()))
					}
					if op == smt.OpReLoop && len(idx) == 1 {
						return nil, fmt.Errorf("re.loop needs a lower and an upper bound")
					}
					return p.st.Apply(op, idx, args[0])
				}
				return nil, fmt.Errorf("%s is indexed: write ((_ %s …) …)", name, name)
			}
			if p.z3 {
				if t, ok := p.z3Apply(op, args, pos); ok {
					return t, nil
				}
			}
			return p.st.Apply(op, nil, args...)
		}
	}
	p.unknownSymbol(name, pos)
	return nil, nil
}

// strToSeq maps the string operators cvc5 also accepts on sequences to
// their sequence versions.
var strToSeq = map[smt.Op]smt.Op{
	smt.OpStrLen: smt.OpSeqLen, smt.OpStrConcat: smt.OpSeqConcat, smt.OpStrContains: smt.OpSeqContains,
	smt.OpStrPrefixOf: smt.OpSeqPrefixOf, smt.OpStrSuffixOf: smt.OpSeqSuffixOf, smt.OpStrIndexOf: smt.OpSeqIndexOf,
	smt.OpStrReplace: smt.OpSeqReplace, smt.OpStrReplaceAll: smt.OpSeqReplaceAll, smt.OpStrUpdate: smt.OpSeqUpdate,
	smt.OpStrRev: smt.OpSeqRev, smt.OpStrAt: smt.OpSeqAt, smt.OpStrSubstr: smt.OpSeqExtract,
}

func seqVersion(op smt.Op, args []*smt.Term) smt.Op {
	if sq, ok := strToSeq[op]; ok && len(args) > 0 && args[0].Sort().Kind == smt.KindSeq {
		return sq
	}
	return op
}

// inferSeqEmpty gives bare seq.empty arguments the sequence sort of a
// sibling argument.
func (p *parser) inferSeqEmpty(args []*smt.Term) []*smt.Term {
	var known *smt.Sort
	untyped := false
	for _, a := range args {
		if a.Sort().Kind == smt.KindSeq {
			if a.Sort().HasParams() {
				untyped = true
			} else {
				known = a.Sort()
			}
		}
	}
	if !untyped || known == nil {
		return args
	}
	out := make([]*smt.Term, len(args))
	for i, a := range args {
		out[i] = a
		if a.Op() == smt.OpSeqEmpty && a.Sort().HasParams() {
			out[i], _ = p.st.SeqEmpty(known)
		}
	}
	return out
}

func (p *parser) indexedApp(name string, idx []int, args []*smt.Term, pos Pos) (*smt.Term, error) {
	op, ok := smt.LookupOp(name)
	if !ok || op.Info().Indices == 0 {
		if name == "fmf.card" {
			p.unknownSymbol(name, pos)
		}
		if th := extensionTheory(name); th != "" {
			p.errorAt(pos, "%w", &UnsupportedTheoryError{Theory: th, Symbol: name})
		}
		return nil, fmt.Errorf("unknown indexed operator (_ %s …)", name)
	}
	return p.st.Apply(op, idx, args...)
}

// indexedConst parses (_ bvN w), (_ +zero eb sb) and friends, after "(_".
func (p *parser) indexedConst(pos Pos) *smt.Term {
	lx := p.lx
	if lx.kind == tSymbol && !lx.quoted && len(lx.text) > 2 && lx.text[0] == 'b' && lx.text[1] == 'v' && isDigit(lx.text[2]) {
		// (_ bvN w): read N from the token, not as a name to keep.
		if v, ok := decimalUint64(lx.text[2:]); ok {
			p.next()
			w := p.numeralInt()
			p.expect(tRParen, "')'")
			if w > smt.MaxWidth {
				p.errorAt(pos, "bit-vector width must be at most %d, got %d", smt.MaxWidth, w)
			}
			if w == 0 {
				p.errorAt(pos, "bit-vector width must be positive, got 0")
			}
			return p.st.BVUint64(v, w)
		}
	}
	name := p.symbol("an indexed constant")
	if name == "as-array" && p.model != nil {
		return p.asArray(pos)
	}
	if name == "fmf.card" {
		p.unknownSymbol(name, pos)
	}
	if name == "char" {
		if lx.kind != tHex {
			p.unexpected("a hexadecimal code point")
		}
		v := hexVal(lx.text)
		if len(lx.text) > 5 || v > smt.MaxCodePoint {
			p.errorf("(_ char #x%s) is above the largest code point 2FFFF", lx.text)
		}
		p.next()
		p.expect(tRParen, "')'")
		t, err := p.st.String([]rune{rune(v)})
		if err != nil {
			p.errorAt(pos, "%w", err)
		}
		return t
	}
	if strings.HasPrefix(name, "bv") && len(name) > 2 && isDigit(name[2]) {
		v, ok := new(big.Int).SetString(name[2:], 10)
		if !ok {
			p.errorAt(pos, "bad bit-vector constant %s", name)
		}
		w := p.numeralInt()
		p.expect(tRParen, "')'")
		if w > smt.MaxWidth {
			p.errorAt(pos, "bit-vector width must be at most %d, got %d", smt.MaxWidth, w)
		}
		t, err := p.st.BV(v, w)
		if err != nil {
			p.errorAt(pos, "%w", err)
		}
		return t
	}
	var idx []int
	for lx.kind != tRParen {
		idx = append(idx, p.index())
	}
	p.next()
	t, err := p.indexedApp(name, idx, nil, pos)
	if err != nil {
		p.errorAt(pos, "%w", err)
	}
	return t
}

// asTerm parses (as f S) after "(as", as a term of its own.
func (p *parser) asTerm(pos Pos, _ []*smt.Term) *smt.Term {
	name := p.symbol("a function name")
	s := p.sort()
	p.expect(tRParen, "')'")
	f := p.funs[name]
	if f == nil && name == "seq.empty" {
		t, err := p.st.SeqEmpty(s)
		if err != nil {
			p.errorAt(pos, "%w", err)
		}
		return t
	}
	if f == nil {
		if v := p.lookupBound(name); v != nil && v.Sort() == s {
			return v
		}
		if p.model != nil && (s.Kind == smt.KindUninterpreted || s.Kind == smt.KindDatatype) {
			return p.modelValue(name, s)
		}
		p.unknownSymbol(name, pos)
	}
	if p.model != nil && f.Kind == smt.FuncDeclared && f.Result == s && p.modelLocal[f] {
		return p.st.Const(f)
	}
	t, err := p.st.ApplyFuncAs(p.resolve(f, nil, s), nil, s)
	if err != nil {
		p.errorAt(pos, "%w", err)
	}
	return t
}

func (p *parser) let(pos Pos, want *smt.Sort) *smt.Term {
	lx := p.lx
	p.expect(tLParen, "'(' before the let bindings")
	var vars, vals []*smt.Term
	var names []string
	for lx.kind != tRParen {
		p.expect(tLParen, "'(' before a (name term) binding")
		name := p.symbol("a variable name")
		p.deferOK = true
		v := p.term()
		if v == nil {
			// SMT-LIB 2.6 sorts a let binding before its body, as cvc5
			// does (z3 guesses from the body): nothing fixes the sort.
			f := p.deferred.ctor
			p.errorAt(p.deferred.pos, "the sort of let-bound %s is ambiguous: its constructor %s may be of any instance of %s, and a let binding's sort must follow from the binding alone; write (as %s SORT)",
				name, f.Name, f.Result, f.Name)
		}
		p.expect(tRParen, "')' after a let binding")
		names = append(names, name)
		vals = append(vals, v)
		vars = append(vars, p.st.Var(name, v.Sort()))
	}
	p.next()
	if len(vars) == 0 {
		p.errorAt(pos, "let binds nothing")
	}
	n := len(p.bound)
	for i, v := range vars {
		p.pushBound(names[i], v)
	}
	body := p.termWant(want)
	p.popBound(n)
	p.expect(tRParen, "')' closing let")
	t, err := p.st.Let(vars, vals, body)
	if err != nil {
		p.errorAt(pos, "%w", err)
	}
	return t
}

// match parses (match t ((pattern body)…)) after "(match". Each
// pattern's variables are in scope in its own body only.
func (p *parser) match(pos Pos) *smt.Term {
	lx := p.lx
	tpos := lx.tpos
	t := p.term()
	ts := t.Sort()
	if ts.Kind != smt.KindDatatype || ts.Datatype == nil {
		p.errorAt(tpos, "match needs a term of a datatype sort, got %s", ts)
	}
	p.expect(tLParen, "'(' before the match cases")
	var cases []smt.MatchCase
	var bodies []*smt.Term
	for lx.kind != tRParen {
		p.expect(tLParen, "'(' before a (pattern term) match case")
		c := p.pattern(ts)
		n := len(p.bound)
		for _, v := range c.Vars {
			p.pushBound(v.Name(), v)
		}
		bpos := lx.tpos
		body := p.term()
		p.popBound(n)
		if len(bodies) > 0 && body.Sort() != bodies[0].Sort() {
			p.errorAt(bpos, "match case %d has sort %s, but the first case has sort %s", len(bodies)+1, body.Sort(), bodies[0].Sort())
		}
		p.expect(tRParen, "')' after a match case")
		cases = append(cases, c)
		bodies = append(bodies, body)
	}
	p.next()
	if len(cases) == 0 {
		p.errorAt(pos, "match needs at least one case")
	}
	p.expect(tRParen, "')' closing match")
	m, err := p.st.Match(t, cases, bodies)
	if err != nil {
		p.errorAt(pos, "%v", err)
	}
	return m
}

// pattern parses a pattern of a match on a term of datatype sort ts: a
// nullary constructor C, (C x1 … xk), or a variable x.
func (p *parser) pattern(ts *smt.Sort) smt.MatchCase {
	lx := p.lx
	pos := lx.tpos
	bind := map[string]*smt.Sort{}
	for i, n := range ts.Datatype.Params {
		bind[n] = ts.Params[i]
	}
	if lx.kind == tSymbol {
		name := lx.name()
		p.next()
		if c := constructorOf(ts.Datatype, name); c != nil {
			if len(c.Params) > 0 {
				p.errorAt(pos, "constructor %s has %d fields: write the pattern (%s x1 … x%d)", name, len(c.Params), name, len(c.Params))
			}
			return smt.MatchCase{Constructor: c}
		}
		return smt.MatchCase{Vars: []*smt.Term{p.st.Var(name, ts)}}
	}
	p.expect(tLParen, "a pattern: a constructor, (constructor variable…) or a variable")
	cpos := lx.tpos
	name := p.symbol("a constructor")
	c := constructorOf(ts.Datatype, name)
	if c == nil {
		p.errorAt(cpos, "%s is not a constructor of %s", name, ts)
	}
	var vars []*smt.Term
	for lx.kind != tRParen {
		vpos := lx.tpos
		v := p.symbol("a pattern variable")
		if len(vars) == len(c.Params) {
			p.errorAt(vpos, "constructor %s has %d fields, the pattern binds more variables", name, len(c.Params))
		}
		for _, w := range vars {
			if w.Name() == v {
				p.errorAt(vpos, "pattern variable %s occurs twice", v)
			}
		}
		vars = append(vars, p.st.Var(v, c.Params[len(vars)].Subst(bind)))
	}
	p.next()
	if len(vars) != len(c.Params) {
		p.errorAt(pos, "constructor %s has %d fields, the pattern binds %d variables", name, len(c.Params), len(vars))
	}
	return smt.MatchCase{Constructor: c, Vars: vars}
}

// constructorOf is the constructor of d called name, or nil.
func constructorOf(d *smt.Datatype, name string) *smt.Func {
	for _, c := range d.Constructors {
		if c.Name == name {
			return c
		}
	}
	return nil
}

func (p *parser) annotated(pos Pos) *smt.Term {
	lx := p.lx
	t := p.term()
	var attrs []smt.Attribute
	for lx.kind != tRParen {
		if lx.kind != tKeyword {
			p.unexpected("an attribute keyword")
		}
		a := smt.Attribute{Key: lx.name()}
		p.next()
		switch a.Key {
		case ":pattern", ":no-pattern":
			if a.Key == ":pattern" || lx.kind == tLParen {
				p.expect(tLParen, "'(' before the pattern terms")
				a.Terms = []*smt.Term{}
				for lx.kind != tRParen {
					a.Terms = append(a.Terms, p.term())
				}
				p.next()
			} else {
				a.Terms = []*smt.Term{p.term()}
			}
		case ":named":
			a.Value = p.atomText()
			name := lx.name()
			p.symbol("a name")
			f := p.st.NewFunc(name, smt.FuncDefined, nil, t.Sort())
			f.Body = t
			p.declareFun(f, pos)
			if p.cur != nil {
				p.cur.named = append(p.cur.named, f)
			}
		default:
			if lx.kind != tRParen && lx.kind != tKeyword {
				a.Value = p.sexprText()
			}
		}
		attrs = append(attrs, a)
	}
	p.next()
	if len(attrs) == 0 {
		p.errorAt(pos, "(! term) needs at least one attribute")
	}
	return p.st.Annotate(t, attrs)
}
