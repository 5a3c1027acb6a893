package reduce

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// ReduceFile, as `tandem reduce` runs it: the golden run and the summary
// on the log, OUT holding the smallest input that keeps the command's
// behaviour (here: grep finds bvudiv), and a golden run that does not
// match is a *GoldenError wrapping ErrNotInteresting or the predicate's
// reason.
func TestReduceFile(t *testing.T) {
	grep, err := exec.LookPath("grep")
	if err != nil {
		t.Skip("no grep")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.smt2")
	src := "(declare-const a (_ BitVec 8))\n(declare-const b (_ BitVec 8))\n(assert (= a (bvudiv a b)))\n(assert (= a b))\n(check-sat)\n"
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.smt2")
	var log bytes.Buffer
	res, err := ReduceFile(context.Background(), FileOptions{In: in, Out: out, Log: &log,
		Command: CommandOptions{Argv: []string{grep, "-q", "bvudiv"}}})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(out)
	if !bytes.Equal(got, res.Output) || !bytes.Contains(got, []byte("bvudiv")) || len(got) >= len(src) {
		t.Errorf("OUT:\n%s", got)
	}
	for _, want := range []string{"golden run: exit 0", "done: ", "; wrote " + out} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, log.String())
		}
	}
	_, err = ReduceFile(context.Background(), FileOptions{In: in, Out: out,
		Command: CommandOptions{Argv: []string{grep, "-q", "bvudiv"}, MatchErr: "no such message"}})
	var g *GoldenError
	if !errors.As(err, &g) {
		t.Errorf("a golden run that does not match: %v, want a *GoldenError", err)
	}
	if _, err := ReduceFile(context.Background(), FileOptions{In: filepath.Join(dir, "missing"), Out: out,
		Command: CommandOptions{Argv: []string{grep}}}); err == nil || errors.As(err, &g) {
		t.Errorf("a missing input: %v", err)
	}
}
