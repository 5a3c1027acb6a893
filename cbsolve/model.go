package cbsolve

import (
	"fmt"
	"strings"

	"tandem/eval"
	"tandem/smt"
	"tandem/smtlib"
)

// FormatModel prints a sat answer's model as get-model output: one
// define-fun per declared constant of the script (in declaration order) and
// per declared function the model interprets. Closed boxes are not part
// of a model: they are code.
func FormatModel(sc *smtlib.Script, m *eval.Model) string {
	var b strings.Builder
	b.WriteString("(\n")
	st := sc.Store
	for _, c := range sc.Commands {
		if c.Kind != smtlib.CmdDeclareFun && c.Kind != smtlib.CmdDeclareConst {
			continue
		}
		for _, f := range c.Funcs {
			if len(f.Params) == 0 {
				v, ok := m.Const(f)
				if !ok {
					continue
				}
				t, err := st.ValueTerm(v)
				if err != nil {
					continue
				}
				fmt.Fprintf(&b, "  (define-fun %s () %s %s)\n", smt.QuoteSymbol(f.Name), f.Result, t)
				continue
			}
			fi, ok := m.Func(f)
			if !ok {
				continue
			}
			if body := funcBody(st, f, fi); body != "" {
				b.WriteString(body)
			}
		}
	}
	b.WriteString(")\n")
	return b.String()
}

// funcBody prints a function interpretation as a define-fun over fresh
// formals x!0, x!1, …: its definition, or its table as an ite chain.
func funcBody(st *smt.Store, f *smt.Func, fi *eval.FuncInterp) string {
	var b strings.Builder
	fmt.Fprintf(&b, "  (define-fun %s (", smt.QuoteSymbol(f.Name))
	names := make([]string, len(f.Params))
	for i, s := range f.Params {
		names[i] = fmt.Sprintf("x!%d", i)
		if fi.Body != nil && i < len(fi.Formals) {
			names[i] = fi.Formals[i].Name()
		}
		if i > 0 {
			b.WriteString(" ")
		}
		fmt.Fprintf(&b, "(%s %s)", smt.QuoteSymbol(names[i]), s)
	}
	fmt.Fprintf(&b, ") %s ", f.Result)
	if fi.Body != nil {
		b.WriteString(fi.Body.String() + ")\n")
		return b.String()
	}
	body := "?"
	if fi.Default != nil {
		if t, err := st.ValueTerm(fi.Default); err == nil {
			body = t.String()
		}
	}
	for i := len(fi.Entries) - 1; i >= 0; i-- {
		e := fi.Entries[i]
		var conds []string
		for j, a := range e.Args {
			t, err := st.ValueTerm(a)
			if err != nil {
				return ""
			}
			conds = append(conds, fmt.Sprintf("(= %s %s)", smt.QuoteSymbol(names[j]), t))
		}
		vt, err := st.ValueTerm(e.Value)
		if err != nil {
			return ""
		}
		cond := strings.Join(conds, " ")
		if len(conds) > 1 {
			cond = "(and " + cond + ")"
		}
		body = fmt.Sprintf("(ite %s %s %s)", cond, vt, body)
	}
	if body == "?" {
		return ""
	}
	b.WriteString(body + ")\n")
	return b.String()
}
