package diver

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"tandem/campaign"
	"tandem/eval"
	"tandem/eval/modelcheck"
	"tandem/smtlib"
	"tandem/solver"
)

// Outcome is the oracle's judgement of one solver run on a mutant.
type Outcome int

// Outcomes of Judge.
const (
	OutcomeSat            Outcome = iota // sat with a model tandem accepts: the mutant rejoins the pool
	OutcomeBug                           // a finding (soundness, invalid model, crash)
	OutcomeUnknown                       // unknown, timeout, memout
	OutcomeError                         // an error response or unreadable output: no finding
	OutcomeModelUndefined                // sat, but the model leaves the mutant undefined
)

// Judge is the oracle (paper §III): the mutant text is satisfied by the
// seed model (modelText), so unsat is a soundness bug and a sat model that
// the evaluator finds false on an assertion is an invalid-model bug; a
// crash or failed self-check is a crash (or, for a model self-check, an
// invalid-model) bug. It returns the finding for OutcomeBug. logic names
// the finding's message.
func Judge(script []byte, modelText, logic string, res *solver.Result) (Outcome, *campaign.Finding, string) {
	switch res.Status {
	case solver.StatusCrash:
		msg := res.Signature
		if msg == "" {
			msg = "crash: " + res.Signal
		}
		class := campaign.Crash
		l := strings.ToLower(msg)
		if strings.Contains(l, "invalid model") || strings.Contains(l, "errors satisfying assertions") {
			class = campaign.InvalidModel
		}
		return OutcomeBug, &campaign.Finding{Class: class, Message: msg}, ""
	case solver.StatusUnsat:
		return OutcomeBug, &campaign.Finding{Class: campaign.Soundness,
			Message: fmt.Sprintf("unsat on a mutant that the seed model satisfies (%s)", logic)}, ""
	case solver.StatusSat:
		sc, err := smtlib.Parse("mutant", script)
		if err != nil {
			return OutcomeError, nil, "reparse: " + err.Error()
		}
		sm, err := res.Model(sc)
		if err != nil {
			return OutcomeError, nil, "model: " + err.Error()
		}
		em, err := eval.ModelFromSMTLIB(sm)
		if err != nil {
			return OutcomeError, nil, "model: " + err.Error()
		}
		as, _ := modelcheck.AssertionsAtFirstCheck(sc)
		rep := modelcheck.Evaluate(as, em)
		if rep.False > 0 {
			var bad string
			for _, a := range rep.Assertions {
				if a.Verdict == modelcheck.False {
					bad = a.Term.String()
					break
				}
			}
			return OutcomeBug, &campaign.Finding{Class: campaign.InvalidModel,
				Message: fmt.Sprintf("sat with a model that falsifies the mutant (%s)", logic)}, bad
		}
		if rep.Undefined > 0 || rep.Errors > 0 {
			return OutcomeModelUndefined, nil, ""
		}
		return OutcomeSat, nil, ""
	case solver.StatusUnknown, solver.StatusTimeout, solver.StatusMemout:
		return OutcomeUnknown, nil, ""
	}
	msg := res.Reason
	if len(res.Errors) > 0 {
		msg = res.Errors[0]
	}
	return OutcomeError, nil, msg
}

// SatisfiedBy re-checks, from the texts alone, that the seed model
// satisfies the mutant: the script is parsed anew, the model read against
// it (only the constants the script declares), and every assertion must be
// true. This is the evidence of a soundness finding.
func SatisfiedBy(script []byte, modelText string) (bool, error) {
	sc, err := smtlib.Parse("mutant", script)
	if err != nil {
		return false, err
	}
	declared := map[string]bool{}
	for _, c := range sc.Commands {
		if c.Kind == smtlib.CmdDeclareFun || c.Kind == smtlib.CmdDeclareConst {
			declared[c.Funcs[0].Name] = true
		}
	}
	var b strings.Builder
	b.WriteString("(\n")
	for _, line := range strings.Split(modelText, "\n") {
		if m := defineName.FindStringSubmatch(line); m != nil {
			name := strings.Trim(m[1], "|")
			if declared[name] {
				b.WriteString(line + "\n")
			}
		}
	}
	b.WriteString(")\n")
	em, err := modelFromText(sc, b.String())
	if err != nil {
		return false, err
	}
	as, _ := modelcheck.AssertionsAtFirstCheck(sc)
	rep := modelcheck.Evaluate(as, em)
	return rep.Holds(), nil
}

var defineName = regexp.MustCompile(`^\s*\(define-fun (\|[^|]*\||\S+) \(\)`)

// modelBlock and logicLine embed the seed model and logic in a finding's
// Details, from where Reproduce reads them back.
const (
	modelStart = "```smt2 seed-model\n"
	modelEnd   = "```\n"
	logicTag   = "<!-- diver-logic: "
)

func details(logic, modelText, extra string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s%s -->\n\n", logicTag, logic)
	b.WriteString("The mutant is satisfiable by construction: tandem's evaluator checked that the seed model below satisfies every assertion (and re-checked it from the printed texts before reporting).\n\n")
	b.WriteString(modelStart + modelText + modelEnd)
	if extra != "" {
		b.WriteString("\n" + extra + "\n")
	}
	return b.String()
}

func parseDetails(d string) (logic, model string) {
	if i := strings.Index(d, logicTag); i >= 0 {
		rest := d[i+len(logicTag):]
		if j := strings.Index(rest, " -->"); j >= 0 {
			logic = rest[:j]
		}
	}
	if i := strings.Index(d, modelStart); i >= 0 {
		rest := d[i+len(modelStart):]
		if j := strings.Index(rest, modelEnd); j >= 0 {
			model = rest[:j]
		}
	}
	return
}

// verify re-runs the solver on a candidate finding and re-checks the
// evidence: a soundness finding needs M ⊨ mutant (SatisfiedBy) and unsat
// again; an invalid-model finding needs a model falsifying the mutant
// again; a crash needs the same signature again.
func verify(ctx context.Context, p *solver.Profile, mode solver.Mode, timeout time.Duration, script []byte, modelText, logic string, want *campaign.Finding) (*campaign.Finding, *solver.Result, error) {
	if want.Class == campaign.Soundness {
		ok, err := SatisfiedBy(script, modelText)
		if err != nil || !ok {
			return nil, nil, nil
		}
	}
	res, err := solver.Run(ctx, p, solver.BytesInput(script), solver.RunOptions{Limits: solver.Limits{Wall: timeout}, Mode: mode})
	if err != nil {
		return nil, nil, err
	}
	out, f, bad := Judge(script, modelText, logic, res)
	if out != OutcomeBug || f.Class != want.Class || campaign.NormalizeMessage(f.Message) != campaign.NormalizeMessage(want.Message) {
		return nil, res, nil
	}
	if bad != "" {
		f.Details = "Falsified assertion under the solver's model: `" + truncate(bad, 2000) + "`"
	}
	return f, res, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
