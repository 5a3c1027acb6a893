package idrup

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// Options configure [Check].
type Options struct {
	// Relaxed reads both files in relaxed mode (see [Reader]): any blanks
	// between tokens, CR LF, no final new-line. The checks are the same.
	// Default false: strict, like idrup-check.
	Relaxed bool
	// GCPercent, when positive, is the garbage collector's percentage
	// (debug.SetGCPercent) while checking; the previous one is restored
	// after. The clause arena and the watch lists live as long as the
	// check, so every collection rescans them and the process's globals
	// to free little: at CommandGCPercent, php8 and r3-250 of the
	// checker bench execute 5% fewer instructions than at Go's 100. It
	// is a setting of the whole process, for a process that only checks
	// (tandem idrup-check); 0 leaves the collector alone.
	GCPercent int
}

// CommandGCPercent is the GCPercent of the checker command: the heap may
// grow to five times the live data (the clauses and watch lists) before a
// collection.
const CommandGCPercent = 400

// Stats counts what a check saw.
type Stats struct {
	Inputs       int64 // 'i' lines
	Lemmas       int64 // 'l' lines (RUP checked unless already inconsistent)
	Deleted      int64 // 'd' lines
	Weakened     int64 // 'w' lines
	Restored     int64 // 'r' lines
	Queries      int64 // 'q' lines
	Models       int64 // models checked
	Cores        int64 // cores checked
	Unknowns     int64 // queries answered 's UNKNOWN'
	Decisions    int64 // literals assumed by RUP and core checks
	Propagations int64 // literals propagated
}

// Source is a named input of the checker.
type Source struct {
	Name string    // the name errors give for the input
	R    io.Reader // the input; nil means absent
}

// checker holds the state shared by the two-file and one-file checks.
type checker struct {
	ctx   context.Context
	db    *db
	stats Stats
	ir    *Reader // interactions (nil in one-file mode)
	pr    *Reader // proof

	cur      *Reader // file of the line being checked
	line     Line
	buf      []lit
	saved    []int // literals of the saved interaction line
	savedNum int
	savedTyp byte
	savedIn  string // name of the file of the saved line
	query    []int
	queryNum int
	queryIn  string // name of the file that holds the query
	lines    int
}

// Check checks an IDRUP proof against the iCNF interaction file that the
// solver was run on, as idrup-check does: the two files are read in
// parallel, every 'i' and 'q' line of the interactions must be repeated (as
// a set of literals) in the proof, every lemma must be RUP, every 's' answer
// must agree and be justified by a model that satisfies every input clause
// and the query's assumptions, or by a core that is a subset of the
// assumptions and refuted by unit propagation.
//
// When interactions.R is nil only the proof is checked, trusting its 'i'
// and 'q' lines. The returned error is an [*Error] with the file and line
// of the first failure, or an I/O or context error.
func Check(ctx context.Context, interactions, proof Source, opts Options) (*Stats, error) {
	if opts.GCPercent > 0 {
		defer debug.SetGCPercent(debug.SetGCPercent(opts.GCPercent))
	}
	c := &checker{ctx: ctx}
	c.db = newDB(&c.stats)
	c.pr = NewReader(proof.R, proof.Name, IDRUP, opts.Relaxed)
	var err error
	if interactions.R != nil {
		c.ir = NewReader(interactions.R, interactions.Name, ICNF, opts.Relaxed)
		c.queryIn = interactions.Name
		err = c.checkTwo()
	} else {
		c.queryIn = proof.Name
		err = c.checkOne()
	}
	return &c.stats, err
}

// CheckFiles runs [Check] on files by path; icnfPath may be empty to check
// the proof alone.
func CheckFiles(ctx context.Context, icnfPath, proofPath string, opts Options) (*Stats, error) {
	pf, err := os.Open(proofPath)
	if err != nil {
		return nil, fmt.Errorf("opening the proof: %w", err)
	}
	defer pf.Close()
	var in Source
	if icnfPath != "" {
		f, err := os.Open(icnfPath)
		if err != nil {
			return nil, fmt.Errorf("opening the interaction file: %w", err)
		}
		defer f.Close()
		in = Source{Name: icnfPath, R: f}
	}
	return Check(ctx, in, Source{Name: proofPath, R: pf}, opts)
}

// invariantHook, set by tests, is called with the clause database before
// each line is read.
var invariantHook func(*db)

func (c *checker) next(r *Reader) (Line, error) {
	if invariantHook != nil {
		invariantHook(c.db)
	}
	c.lines++
	if c.lines&1023 == 0 {
		if err := c.ctx.Err(); err != nil {
			return Line{}, fmt.Errorf("checking stopped at line %d of %s: %w", r.lineno, r.name, err)
		}
	}
	c.cur = r
	l, err := r.Next()
	c.line = l
	return l, err
}

func (c *checker) errorf(format string, args ...any) error {
	return &Error{File: c.cur.name, Line: c.line.Num, Msg: fmt.Sprintf(format, args...)}
}

// lineError is an error that quotes the current line, as idrup-check's
// line_error does.
func (c *checker) lineError(msg string) error {
	return c.errorf("%s: %s", msg, formatLine(c.line.Type, c.line.Lits))
}

func formatLine(t byte, lits []int) string {
	var b strings.Builder
	b.WriteByte(t)
	for _, l := range lits {
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(l))
	}
	b.WriteString(" 0")
	return b.String()
}

func (c *checker) unexpected(expected string) error {
	if c.line.Type == 0 {
		return &Error{File: c.cur.name, Line: c.line.Num, Parse: true,
			Msg: fmt.Sprintf("unexpected end-of-file (expected %s line)", expected)}
	}
	return &Error{File: c.cur.name, Line: c.line.Num, Parse: true,
		Msg: fmt.Sprintf("unexpected '%c' line (expected %s line)", c.line.Type, expected)}
}

// header accepts a 'p' line only as the first line of its file, with the
// right format.
func (c *checker) header(want Format, expected string) error {
	if c.line.Text != want.String() {
		return &Error{File: c.cur.name, Line: c.line.Num, Parse: true,
			Msg: fmt.Sprintf("expected 'p %s' header and not 'p %s' (input files swapped?)", want, c.line.Text)}
	}
	if c.cur.count != 1 {
		return c.unexpected(expected)
	}
	return nil
}

func (c *checker) save() {
	c.saved = append(c.saved[:0], c.line.Lits...)
	c.savedNum = c.line.Num
	c.savedTyp = c.line.Type
	c.savedIn = c.cur.name
}

func (c *checker) saveQuery() {
	c.query = append(c.query[:0], c.line.Lits...)
	c.queryNum = c.line.Num
	c.stats.Queries++
	for _, e := range c.query {
		c.db.intern(abs(e))
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// sameSet reports whether a and b hold the same literals, ignoring order
// and repetition.
func (c *checker) sameSet(a, b []int) bool {
	return c.subset(a, b) && c.subset(b, a)
}

func (c *checker) subset(a, b []int) bool {
	d := c.db
	for _, e := range b {
		d.marks[d.toLit(e)] = true
	}
	ok := true
	for _, e := range a {
		if !d.marks[d.toLit(e)] {
			ok = false
			break
		}
	}
	for _, e := range b {
		d.marks[d.toLit(e)] = false
	}
	return ok
}

func (c *checker) matchSaved(what string) error {
	if !c.sameSet(c.line.Lits, c.saved) {
		return c.errorf("%s '%c' line does not match '%c' line %d in '%s'",
			what, c.line.Type, c.savedTyp, c.savedNum, c.savedIn)
	}
	return nil
}

func (c *checker) addInput() error {
	lits, h, taut := c.db.normalize(c.line.Lits, c.buf)
	c.buf = lits
	if err := c.room(lits); err != nil {
		return err
	}
	c.db.add(lits, h, taut, true)
	c.stats.Inputs++
	return nil
}

// room fails when adding lits would take the clause arena past maxArena
// words (8 GiB), where its offsets would no longer fit a watch.
func (c *checker) room(lits []lit) error {
	if len(c.db.arena)+overhead+len(lits) >= maxArena {
		return c.errorf("the clauses take more than %d words of memory; the checker cannot hold more", maxArena)
	}
	return nil
}

// proofStep handles an 'l', 'd', 'w' or 'r' line.
func (c *checker) proofStep() error {
	d := c.db
	switch c.line.Type {
	case 'l':
		lits, h, taut := d.normalize(c.line.Lits, c.buf)
		c.buf = lits
		c.stats.Lemmas++
		if !taut && !d.implied(lits, true) {
			return c.lineError("lemma implication check failed")
		}
		if err := c.room(lits); err != nil {
			return err
		}
		d.add(lits, h, taut, false)
		return nil
	case 'd', 'w', 'r':
		lits := c.buf[:0]
		var h uint64
		for _, e := range c.line.Lits {
			l, ok := d.lookupLit(e)
			if !ok {
				return c.lineError(fmt.Sprintf("literal %d unused", e))
			}
			if d.marks[l] {
				continue
			}
			d.marks[l] = true
			lits = append(lits, l)
			h += litHash(l)
		}
		for _, l := range lits {
			d.marks[l] = false
		}
		c.buf = lits
		switch c.line.Type {
		case 'd':
			ci := d.find(lits, h, false)
			if ci == 0 {
				return c.lineError("could not find clause")
			}
			d.remove(ci)
			c.stats.Deleted++
		case 'w':
			ci := d.find(lits, h, false)
			if ci == 0 {
				return c.lineError("could not find and weaken clause")
			}
			d.weaken(ci)
			c.stats.Weakened++
		case 'r':
			ci := d.find(lits, h, true)
			if ci == 0 {
				return c.lineError("could not find and restore weakened clause")
			}
			d.restore(ci)
			c.stats.Restored++
		}
	}
	return nil
}

func isProofStep(t byte) bool { return t == 'l' || t == 'd' || t == 'w' || t == 'r' }

// consistent checks that a model or core line has no clashing literals.
func (c *checker) consistent() error {
	d := c.db
	var err error
	var set []lit
	for _, e := range c.line.Lits {
		l := d.toLit(e)
		if d.marks[neg(l)] {
			err = c.errorf("inconsistent '%c' line with both %d and %d", c.line.Type, -e, e)
			break
		}
		d.marks[l] = true
		set = append(set, l)
	}
	for _, l := range set {
		d.marks[l] = false
	}
	return err
}

// checkModel checks the current 'm' line: consistent, satisfies the query
// and every input clause ever added.
func (c *checker) checkModel() error {
	if err := c.consistent(); err != nil {
		return err
	}
	d := c.db
	var set []lit
	for _, e := range c.line.Lits {
		l := d.toLit(e)
		d.marks[l] = true
		set = append(set, l)
	}
	defer func() {
		for _, l := range set {
			d.marks[l] = false
		}
	}()
	for _, e := range c.query {
		if !d.marks[d.toLit(e)] {
			return c.errorf("model does not satisfy query literal %d at line %d in '%s'", e, c.queryNum, c.queryIn)
		}
	}
	for k, ci := range d.inputs {
		if d.metas[ci].flags&fTaut != 0 {
			continue
		}
		lits := d.lits(ci)
		sat := false
		for _, l := range lits {
			if d.marks[l] {
				sat = true
				break
			}
		}
		if !sat {
			orig := d.orig[d.origAt[k] : int(d.origAt[k])+len(lits)]
			ext := make([]int, len(orig))
			for i, l := range orig {
				ext[i] = d.extLit(l)
			}
			return c.errorf("model does not satisfy input clause: %s", formatLine('i', ext))
		}
	}
	return nil
}

// checkCore checks a 'u' line: propagating its literals gives a conflict.
func (c *checker) checkCore() error {
	lits, _, _ := c.db.normalize(c.line.Lits, c.buf)
	c.buf = lits
	if !c.db.implied(lits, false) {
		return c.lineError("unsatisfiable core implication check failed")
	}
	return nil
}

func (c *checker) coreSubsetOfQuery() error {
	d := c.db
	for _, e := range c.query {
		d.marks[d.toLit(e)] = true
	}
	var err error
	for _, e := range c.line.Lits {
		if !d.marks[d.toLit(e)] {
			err = c.errorf("core literal %d not in query at line %d in '%s'", e, c.queryNum, c.queryIn)
			break
		}
	}
	for _, e := range c.query {
		d.marks[d.toLit(e)] = false
	}
	return err
}

// checkTwo is idrup-check's state machine over the interaction file and
// the proof (Figure 7 of the thesis; parse_and_check_icnf_and_idrup). An
// input clause joins the clauses when the proof's 'i' line is read, as in
// idrup-check: the lemmas before it in the proof are checked without it.
// A proof may add input clauses while a query is checked (before its 's'
// line); the interaction file must then repeat each.
func (c *checker) checkTwo() error {
	const (
		interactionInput = iota
		proofInput
		proofQuery
		proofCheck
		interactionPropagate
		interactionStatus
		interactionSatisfied
		proofModel
		interactionUnsatisfied
		proofCore
	)
	state := interactionInput
	var status string
	for {
		switch state {
		case interactionInput:
			l, err := c.next(c.ir)
			if err != nil {
				return err
			}
			switch l.Type {
			case 0:
				return nil
			case 'p':
				if err := c.header(ICNF, "'i' or 'q'"); err != nil {
					return err
				}
			case 'i':
				c.save()
				state = proofInput
			case 'q':
				c.save()
				c.saveQuery()
				state = proofQuery
			default:
				return c.unexpected("'i' or 'q'")
			}
		case proofInput, proofQuery:
			l, err := c.next(c.pr)
			if err != nil {
				return err
			}
			want, what, expected := byte('i'), "input", "'i', 'l', 'd', 'w' or 'r'"
			if state == proofQuery {
				want, what, expected = 'q', "query", "'q', 'l', 'd', 'w' or 'r'"
			}
			switch {
			case l.Type == 'p':
				if err := c.header(IDRUP, expected); err != nil {
					return err
				}
			case l.Type == want:
				if err := c.matchSaved(what); err != nil {
					return err
				}
				if state == proofInput {
					if err := c.addInput(); err != nil {
						return err
					}
					state = interactionInput
				} else {
					state = proofCheck
				}
			case isProofStep(l.Type):
				if err := c.proofStep(); err != nil {
					return err
				}
			default:
				return c.unexpected(expected)
			}
		case proofCheck:
			l, err := c.next(c.pr)
			if err != nil {
				return err
			}
			switch {
			case l.Type == 'i':
				c.save()
				if err := c.addInput(); err != nil {
					return err
				}
				state = interactionPropagate
			case isProofStep(l.Type):
				if err := c.proofStep(); err != nil {
					return err
				}
			case l.Type == 's':
				status = l.Text
				state = interactionStatus
			default:
				return c.unexpected("'s', 'i', 'l', 'd', 'w' or 'r'")
			}
		case interactionPropagate:
			l, err := c.next(c.ir)
			if err != nil {
				return err
			}
			if l.Type != 'i' {
				return c.unexpected("'i'")
			}
			if err := c.matchSaved("input"); err != nil {
				return err
			}
			state = proofCheck
		case interactionStatus:
			l, err := c.next(c.ir)
			if err != nil {
				return err
			}
			if l.Type != 's' {
				return c.unexpected("'s " + status + "'")
			}
			if l.Text != status {
				return &Error{File: c.cur.name, Line: l.Num, Parse: true,
					Msg: fmt.Sprintf("unexpected 's %s' line (expected 's %s')", l.Text, status)}
			}
			switch status {
			case Satisfiable:
				state = interactionSatisfied
			case Unsatisfiable:
				state = interactionUnsatisfied
			default:
				c.stats.Unknowns++
				state = interactionInput
			}
		case interactionSatisfied:
			l, err := c.next(c.ir)
			if err != nil {
				return err
			}
			switch l.Type {
			case 'v':
				if err := c.consistent(); err != nil {
					return err
				}
			case 'm':
				if err := c.checkModel(); err != nil {
					return err
				}
			default:
				return c.unexpected("'v' or 'm'")
			}
			c.save()
			state = proofModel
		case proofModel:
			l, err := c.next(c.pr)
			if err != nil {
				return err
			}
			if l.Type != 'm' {
				return c.unexpected("'m'")
			}
			if err := c.checkModel(); err != nil {
				return err
			}
			if err := c.consistentWithSaved(); err != nil {
				return err
			}
			c.stats.Models++
			state = interactionInput
		case interactionUnsatisfied:
			l, err := c.next(c.ir)
			if err != nil {
				return err
			}
			switch l.Type {
			case 'f':
				if err := c.consistent(); err != nil {
					return err
				}
				if err := c.variablesInQuery(); err != nil {
					return err
				}
			case 'u':
				if err := c.checkCore(); err != nil {
					return err
				}
			default:
				return c.unexpected("'f' or 'u'")
			}
			c.save()
			state = proofCore
		case proofCore:
			l, err := c.next(c.pr)
			if err != nil {
				return err
			}
			if l.Type != 'u' {
				return c.unexpected("'u'")
			}
			if err := c.checkCore(); err != nil {
				return err
			}
			if err := c.coreSubsetOfQuery(); err != nil {
				return err
			}
			if c.savedTyp == 'u' {
				if err := c.matchSaved("unsatisfiable core"); err != nil {
					return err
				}
			} else if err := c.failedMatchCore(); err != nil {
				return err
			}
			c.stats.Cores++
			state = interactionInput
		}
	}
}

func (c *checker) consistentWithSaved() error {
	d := c.db
	for _, e := range c.line.Lits {
		d.marks[d.toLit(e)] = true
	}
	var err error
	for _, e := range c.saved {
		if d.marks[d.toLit(-e)] {
			err = c.errorf("inconsistent '%c' line on %d with line %d in '%s'", c.line.Type, e, c.savedNum, c.ir.name)
			break
		}
	}
	for _, e := range c.line.Lits {
		d.marks[d.toLit(e)] = false
	}
	return err
}

func (c *checker) variablesInQuery() error {
	d := c.db
	for _, e := range c.query {
		d.marks[d.toLit(e)] = true
	}
	var err error
	for _, e := range c.line.Lits {
		if !d.marks[d.toLit(e)] && !d.marks[d.toLit(-e)] {
			err = c.errorf("literal %d nor %d in query at line %d in '%s'", e, -e, c.queryNum, c.queryIn)
			break
		}
	}
	for _, e := range c.query {
		d.marks[d.toLit(e)] = false
	}
	return err
}

func (c *checker) failedMatchCore() error {
	d := c.db
	for _, e := range c.line.Lits {
		d.marks[d.toLit(e)] = true
	}
	var err error
	for _, e := range c.saved {
		if d.marks[d.toLit(-e)] {
			err = c.errorf("literal '%d' in this unsatisfiable core 'u' line of the proof is claimed not to be a failed literal in the 'f' line %d of the interaction file '%s' (as it occurs negated as '%d' there)", -e, c.savedNum, c.ir.name, e)
			break
		}
	}
	for _, e := range c.line.Lits {
		d.marks[d.toLit(e)] = false
	}
	return err
}

// checkOne checks a proof alone (parse_and_check_idrup).
func (c *checker) checkOne() error {
	const (
		proofInput = iota
		proofCheck
		proofModel
		proofCore
	)
	state := proofInput
	for {
		l, err := c.next(c.pr)
		if err != nil {
			return err
		}
		switch state {
		case proofInput:
			switch {
			case l.Type == 0:
				return nil
			case l.Type == 'p':
				if err := c.header(IDRUP, "'q', 'i', 'l', 'd', 'w' or 'r'"); err != nil {
					return err
				}
			case l.Type == 'i':
				if err := c.addInput(); err != nil {
					return err
				}
			case l.Type == 'q':
				c.saveQuery()
				state = proofCheck
			case isProofStep(l.Type):
				if err := c.proofStep(); err != nil {
					return err
				}
			default:
				return c.unexpected("'q', 'i', 'l', 'd', 'w' or 'r'")
			}
		case proofCheck:
			switch {
			case l.Type == 'i':
				if err := c.addInput(); err != nil {
					return err
				}
			case isProofStep(l.Type):
				if err := c.proofStep(); err != nil {
					return err
				}
			case l.Type == 's':
				switch l.Text {
				case Satisfiable:
					state = proofModel
				case Unsatisfiable:
					state = proofCore
				default:
					c.stats.Unknowns++
					state = proofInput
				}
			default:
				return c.unexpected("'s', 'i', 'l', 'd', 'w' or 'r'")
			}
		case proofModel:
			if l.Type != 'm' {
				return c.unexpected("'m'")
			}
			if err := c.checkModel(); err != nil {
				return err
			}
			c.stats.Models++
			state = proofInput
		case proofCore:
			if l.Type != 'u' {
				return c.unexpected("'u'")
			}
			if err := c.checkCore(); err != nil {
				return err
			}
			if err := c.coreSubsetOfQuery(); err != nil {
				return err
			}
			c.stats.Cores++
			state = proofInput
		}
	}
}
