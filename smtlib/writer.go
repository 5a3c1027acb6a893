package smtlib

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"tandem/smt"
)

// Print returns the script as SMT-LIB text, one command per line. Parsing
// the result gives the same commands and terms.
func Print(s *Script) string {
	var b strings.Builder
	_ = Write(&b, s)
	return b.String()
}

// Write prints the script to w, one command per line.
func Write(w io.Writer, s *Script) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	for _, c := range s.Commands {
		writeCommand(bw, c)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// String prints one command.
func (c *Command) String() string {
	var b strings.Builder
	bw := bufio.NewWriter(&b)
	writeCommand(bw, c)
	bw.Flush()
	return b.String()
}

func writeCommand(w *bufio.Writer, c *Command) {
	if c.Kind == CmdUnknown {
		w.WriteString(c.Raw)
		return
	}
	if c.Kind == CmdExit && c.Raw != "" {
		w.WriteString("(exit)\n")
		w.WriteString(c.Raw)
		return
	}
	w.WriteByte('(')
	w.WriteString(c.Kind.String())
	switch c.Kind {
	case CmdSetLogic:
		w.WriteString(" " + smt.QuoteSymbol(c.Name))
	case CmdSetOption, CmdSetInfo:
		w.WriteString(" " + c.Name)
		if c.Value != "" {
			w.WriteString(" " + c.Value)
		}
	case CmdGetInfo, CmdGetOption:
		w.WriteString(" " + c.Name)
	case CmdDeclareSort:
		w.WriteString(" " + smt.QuoteSymbol(c.Name) + " " + strconv.Itoa(c.Arity))
	case CmdDefineSort:
		w.WriteString(" " + smt.QuoteSymbol(c.Name) + " (")
		for i, sp := range c.SortParams {
			if i > 0 {
				w.WriteByte(' ')
			}
			w.WriteString(smt.QuoteSymbol(sp))
		}
		w.WriteString(") " + c.Sort.String())
	case CmdDeclareFun, CmdDeclareCB:
		f := c.Funcs[0]
		w.WriteString(" " + smt.QuoteSymbol(f.Name) + " ")
		writeSorts(w, f.Params)
		w.WriteString(" " + f.Result.String())
	case CmdDeclareOracleFun:
		f := c.Funcs[0]
		w.WriteString(" " + smt.QuoteSymbol(f.Name) + " " + smt.QuoteSymbol(f.Binary) + " ")
		writeSorts(w, f.Params)
		w.WriteString(" " + f.Result.String())
	case CmdDeclareConst:
		f := c.Funcs[0]
		w.WriteString(" " + smt.QuoteSymbol(f.Name) + " " + f.Result.String())
	case CmdDefineFun, CmdDefineFunRec:
		f := c.Funcs[0]
		w.WriteString(" " + smt.QuoteSymbol(f.Name) + " ")
		writeFormals(w, f.Formals)
		w.WriteString(" " + f.Result.String() + " ")
		smt.WriteTerm(w, f.Body)
	case CmdDefineConst:
		f := c.Funcs[0]
		w.WriteString(" " + smt.QuoteSymbol(f.Name) + " " + f.Result.String() + " ")
		smt.WriteTerm(w, f.Body)
	case CmdDefineFunsRec:
		w.WriteString(" (")
		for i, f := range c.Funcs {
			if i > 0 {
				w.WriteByte(' ')
			}
			w.WriteString("(" + smt.QuoteSymbol(f.Name) + " ")
			writeFormals(w, f.Formals)
			w.WriteString(" " + f.Result.String() + ")")
		}
		w.WriteString(") (")
		for i, f := range c.Funcs {
			if i > 0 {
				w.WriteByte(' ')
			}
			smt.WriteTerm(w, f.Body)
		}
		w.WriteString(")")
	case CmdDeclareDatatype, CmdDeclareCodatatype:
		d := c.Datatypes[0]
		w.WriteString(" " + smt.QuoteSymbol(d.Name) + " ")
		writeDatatype(w, d)
	case CmdDeclareDatatypes, CmdDeclareCodatatypes:
		w.WriteString(" (")
		for i, d := range c.Datatypes {
			if i > 0 {
				w.WriteByte(' ')
			}
			w.WriteString("(" + smt.QuoteSymbol(d.Name) + " " + strconv.Itoa(len(d.Params)) + ")")
		}
		w.WriteString(") (")
		for i, d := range c.Datatypes {
			if i > 0 {
				w.WriteByte(' ')
			}
			writeDatatype(w, d)
		}
		w.WriteString(")")
	case CmdPush, CmdPop:
		if c.HasN {
			w.WriteString(" " + strconv.Itoa(c.N))
		}
	case CmdAssert:
		w.WriteByte(' ')
		smt.WriteTerm(w, c.Term)
	case CmdCheckSatAssuming, CmdGetValue:
		w.WriteString(" (")
		for i, t := range c.Terms {
			if i > 0 {
				w.WriteByte(' ')
			}
			smt.WriteTerm(w, t)
		}
		w.WriteString(")")
	case CmdEcho:
		w.WriteString(` "` + strings.ReplaceAll(c.Value, `"`, `""`) + `"`)
	}
	w.WriteByte(')')
}

func writeSorts(w *bufio.Writer, ss []*smt.Sort) {
	w.WriteByte('(')
	for i, s := range ss {
		if i > 0 {
			w.WriteByte(' ')
		}
		w.WriteString(s.String())
	}
	w.WriteByte(')')
}

func writeFormals(w *bufio.Writer, vs []*smt.Term) {
	w.WriteByte('(')
	for i, v := range vs {
		if i > 0 {
			w.WriteByte(' ')
		}
		w.WriteString("(" + smt.QuoteSymbol(v.Name()) + " " + v.Sort().String() + ")")
	}
	w.WriteByte(')')
}

func writeDatatype(w *bufio.Writer, d *smt.Datatype) {
	if len(d.Params) > 0 {
		w.WriteString("(par (")
		for i, p := range d.Params {
			if i > 0 {
				w.WriteByte(' ')
			}
			w.WriteString(smt.QuoteSymbol(p))
		}
		w.WriteString(") ")
	}
	w.WriteByte('(')
	for i, c := range d.Constructors {
		if i > 0 {
			w.WriteByte(' ')
		}
		w.WriteString("(" + smt.QuoteSymbol(c.Name))
		for _, s := range c.Selectors {
			w.WriteString(" (" + smt.QuoteSymbol(s.Name) + " " + s.Result.String() + ")")
		}
		w.WriteByte(')')
	}
	w.WriteByte(')')
	if len(d.Params) > 0 {
		w.WriteByte(')')
	}
}

// Expand inlines let bindings, applications of defined functions and
// :named terms in every assertion, check-sat-assuming and get-value term of
// the script, in place. The definitions themselves are kept.
func Expand(s *Script) error {
	e := smt.NewExpander(s.Store)
	for _, c := range s.Commands {
		if c.Term != nil {
			t, err := e.Expand(c.Term)
			if err != nil {
				return fmt.Errorf("%s:%s: %w", s.Filename, c.Pos, err)
			}
			c.Term = t
		}
		for i, t := range c.Terms {
			r, err := e.Expand(t)
			if err != nil {
				return fmt.Errorf("%s:%s: %w", s.Filename, c.Pos, err)
			}
			c.Terms[i] = r
		}
	}
	return nil
}

// Clone copies the script's command list (commands are copied, terms are
// shared), so that in-place rewrites such as [Expand] leave s unchanged.
func Clone(s *Script) *Script {
	c := *s
	c.Commands = make([]*Command, len(s.Commands))
	for i, cmd := range s.Commands {
		cc := *cmd
		cc.Terms = append([]*smt.Term(nil), cmd.Terms...)
		c.Commands[i] = &cc
	}
	return &c
}
