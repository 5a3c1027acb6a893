package smtserve

import (
	"context"
	"fmt"
	"strings"

	"tandem/cbsolve"
	"tandem/cbsolve/cbox"
	"tandem/eval"
	"tandem/smt"
	"tandem/smtlib"
)

// record keeps the text of a declaration, definition or assertion for
// boxCheck: under :global-declarations a declaration outlives pop and
// reset-assertions, as the session's own record does.
func (s *Session) record(c *smtlib.Command) {
	if s.globalDecls && c.Kind != smtlib.CmdAssert {
		s.globalScript = append(s.globalScript, c.Text)
		return
	}
	s.top().script = append(s.top().script, c.Text)
}

// boxCheck answers a check-sat with closed boxes in scope by SADHAK
// (tandem/cbsolve): the live scope as one script (set-logic, the lasting
// declarations, each level's declarations, definitions and assertions,
// check-sat-assuming's literals as assertions), solved with the boxes'
// implementations from Options.Boxes. Its verdicts hold as cbsolve's do:
// sat with a model every box was run on and every assertion is true
// under, unsat only as a proof. Without implementations, and on any
// failure, the answer is unknown with the reason; the fallback is never
// asked, since it would read the boxes as uninterpreted functions.
func (s *Session) boxCheck(ctx context.Context, c *smtlib.Command) {
	o := s.opts.Boxes
	if len(o.Specs) == 0 && o.OracleDir == "" {
		s.answer("unknown", "closed boxes are in scope (declare-cb, declare-oracle-fun) and tandem smt has no implementation of them: give --cb NAME=IMPL or --oracle-dir DIR", fromNone)
		return
	}
	timeout, callTimeout := o.Timeout, o.CallTimeout
	if timeout <= 0 {
		timeout = DefaultBoxTimeout
	}
	if callTimeout <= 0 {
		callTimeout = DefaultBoxCallTimeout
	}
	sc, err := smtlib.Parse(s.opts.Filename, []byte(s.boxScript(c)))
	if err != nil {
		s.answer("unknown", "closed boxes: the live scope as a script: "+err.Error(), fromNone)
		return
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	bo := cbox.Options{CallTimeout: callTimeout}
	set := cbox.NewSet(bo)
	defer set.Close()
	if err := cbox.OpenAll(ctx, set, cbsolve.ClosedBoxes(sc), s.opts.Filename, o.Specs, o.OracleDir, bo); err != nil {
		s.answer("unknown", "closed boxes: "+err.Error(), fromNone)
		return
	}
	res, err := cbsolve.Solve(ctx, sc, set, nil, cbsolve.Options{Timeout: timeout})
	if err != nil {
		s.answer("unknown", "closed boxes: "+err.Error(), fromNone)
		return
	}
	switch res.Status {
	case cbsolve.Sat:
		s.stats.BoxSat++
		s.answer("sat", "", fromFuzz)
		s.last.model = s.boxModel(sc, res)
	case cbsolve.Unsat:
		s.stats.BoxUnsat++
		s.answer("unsat", "", fromFuzz)
	default:
		s.answer("unknown", "closed boxes: "+res.Reason, fromNone)
	}
}

// boxScript is the live scope and c's check-sat as one script.
func (s *Session) boxScript(c *smtlib.Command) string {
	var b strings.Builder
	if s.logic != "" {
		fmt.Fprintf(&b, "(set-logic %s)\n", s.logic)
	}
	for _, t := range s.globalScript {
		b.WriteString(t + "\n")
	}
	for i := range s.levels {
		for _, t := range s.levels[i].script {
			b.WriteString(t + "\n")
		}
	}
	if c.Kind == smtlib.CmdCheckSatAssuming {
		for _, t := range c.Terms {
			b.WriteString("(assert ")
			_ = smt.WriteTerm(&b, t)
			b.WriteString(")\n")
		}
	}
	b.WriteString("(check-sat)\n")
	return b.String()
}

// boxModel carries the values of SADHAK's model over to the session's
// constants by name (the script was parsed anew, so its symbols are
// others), for get-model and get-value.
func (s *Session) boxModel(sc *smtlib.Script, res *cbsolve.Result) *eval.Model {
	m := eval.NewModel()
	byName := map[string]*smt.Func{}
	for _, cmd := range sc.Commands {
		if (cmd.Kind == smtlib.CmdDeclareFun || cmd.Kind == smtlib.CmdDeclareConst) && len(cmd.Funcs) == 1 {
			byName[cmd.Funcs[0].Name] = cmd.Funcs[0]
		}
	}
	if res.Model == nil {
		return m
	}
	for _, f := range s.liveConsts() {
		if g, ok := byName[f.Name]; ok {
			if v, ok := res.Model.Const(g); ok {
				_ = m.SetConst(f, v)
			}
		}
	}
	return m
}
