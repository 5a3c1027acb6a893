package diver

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"tandem/campaign"
	"tandem/solver"
)

// TestConfirmBySessionHistory checks the last re-check of a crash found in
// a session: a solver that crashes only on what an earlier exchange left
// behind (here: any script with a reset in it, as Bitwuzla 89ccdb3c2793
// crashes on get-model after a reset that followed a declaration) shows
// nothing one-shot, and the session's history confirms it, as the
// finding's trigger; a history that does not crash confirms nothing, and
// a one-shot candidate never gets that far.
func TestConfirmBySessionHistory(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "resetcrash")
	script := "#!/bin/sh\nif grep -q '(reset)' ${1:+\"$1\"}; then echo 'FAKE CRASH stale declaration' >&2; exit 1; fi\necho sat\necho '((x 0))'\n"
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	p, _ := solver.NewRegistry().Get("generic")
	p.Name, p.Binary, p.OneShotArgs = "resetcrash", bin, []string{solver.FilePlaceholder}
	p.Signatures = append(p.Signatures, "FAKE CRASH")
	mutant := []byte("(set-logic QF_LIA)\n(declare-fun x () Int)\n(assert (= x 0))\n(check-sat)\n(get-model)\n")
	want := &campaign.Finding{Class: campaign.Crash, Message: "FAKE CRASH stale declaration"}
	ctx := context.Background()
	history := []byte("(set-option :print-success true)\n(declare-fun y () Int)\n(reset)\n" + string(mutant))
	c, err := confirm(ctx, p, solver.Mode{}, 5*time.Second, mutant, "((x 0))", "QF_LIA", want, SessionReset,
		func() ([]byte, bool) { return history, true })
	if err != nil {
		t.Fatal(err)
	}
	if c.f == nil || c.mode != modeHistory || string(c.script) != string(history) || c.runs != 2 {
		t.Fatalf("history not confirmed: %+v", c)
	}
	for _, tc := range []struct {
		name    string
		found   SessionStyle
		history func() ([]byte, bool)
	}{
		{"history without the crash", SessionReset, func() ([]byte, bool) { return mutant, true }},
		{"history not kept", SessionReset, func() ([]byte, bool) { return nil, false }},
		{"one-shot candidate", "", func() ([]byte, bool) { return history, true }},
	} {
		c, err := confirm(ctx, p, solver.Mode{}, 5*time.Second, mutant, "((x 0))", "QF_LIA", want, tc.found, tc.history)
		if err != nil || c.f != nil {
			t.Errorf("%s: confirmed %+v (%v)", tc.name, c, err)
		}
	}
}
