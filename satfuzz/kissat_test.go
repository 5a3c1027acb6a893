package satfuzz

import (
	"context"
	"os"
	"os/exec"
	"testing"

	"tandem/campaign"
	"tandem/satfuzz/trace"
)

// kissatBin finds Kissat: $TANDEM_KISSAT, else kissat on PATH. Kissat is
// not installed by scripts/setup.sh (it is built from source, issue 29
// §1), so these tests skip without it, under CI too.
func kissatBin(t *testing.T) string {
	t.Helper()
	if b := os.Getenv("TANDEM_KISSAT"); b != "" {
		return b
	}
	p, err := exec.LookPath("kissat")
	if err != nil {
		t.Skip("kissat not found: build it (git clone arminbiere/kissat; ./configure && make) and set TANDEM_KISSAT=…/build/kissat")
	}
	return p
}

func TestKissatTarget(t *testing.T) {
	bin := kissatBin(t)
	k, err := NewTarget("kissat@" + bin)
	if err != nil {
		t.Fatal(err)
	}
	if len(k.Options()) < 100 {
		t.Errorf("option model has %d options; kissat --range lists about 150", len(k.Options()))
	}
	for _, tr := range []string{smallTrace,
		"init\noption chrono=false\noption tier1=7\nnewVar 3\naddClause 1 2\naddClause -1\nenumerating\n",
		"init\nnewVar 3\naddClause 1 2\naddClause -1 2\naddClause 1 -2\naddClause -1 -2\nsolve\nmodel\n",
	} {
		p, err := trace.Parse([]byte(tr))
		if err != nil {
			t.Fatal(err)
		}
		res, err := k.Run(context.Background(), p, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Timeout || len(res.Answers) != len(p.Calls) {
			t.Fatalf("%d of %d answers, timeout %v, error %q, crash %q", len(res.Answers), len(p.Calls), res.Timeout, res.Error, res.Crash)
		}
		if ps := Check(context.Background(), p, res); len(ps) != 0 {
			t.Fatalf("%+v", ps)
		}
	}
}

// Generated traces with fuzzed options: every answer checks.
func TestKissatGenerated(t *testing.T) {
	k, err := NewKissat(context.Background(), kissatBin(t))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		tr := Generate(campaign.NewIteration(7, uint64(i)).Rand, k.Options(), Options{OptionsFuzz: true})
		res, err := k.Run(context.Background(), tr, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if ps := Check(context.Background(), tr, res); len(ps) != 0 {
			t.Errorf("trace %d: %+v", i, ps)
		}
	}
}

func TestParseKissatRange(t *testing.T) {
	o, err := parseKissatRange([]byte("chrono 0 1 1\ntier1 1 2 100\nverbose 0 0 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(o) != 2 || o[0].Kind != Bool || o[1].Kind != Int || o[1].Max != 100 {
		t.Fatalf("%+v", o)
	}
	if _, err := parseKissatRange([]byte("chrono 0 1\n")); err == nil {
		t.Fatal("a short line parsed")
	}
}

// A DRAT proof that does not refute the CNF is a proof error.
func TestKissatProofCheck(t *testing.T) {
	dt, err := exec.LookPath("drat-trim")
	if err != nil {
		t.Skip("drat-trim not on PATH")
	}
	dir := t.TempDir()
	cnf, good, bad := dir+"/u.cnf", dir+"/good.drat", dir+"/bad.drat"
	for p, s := range map[string]string{cnf: "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n", good: "1 0\n0\n", bad: "0\n"} {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := &kissatRun{k: &Kissat{DratTrim: dt}, res: &Result{}}
	r.checkProof(context.Background(), cnf, good)
	if !r.res.ProofChecked || r.res.ProofError != "" {
		t.Fatalf("valid proof: checked %v, error %q", r.res.ProofChecked, r.res.ProofError)
	}
	r.checkProof(context.Background(), cnf, bad)
	if r.res.ProofError == "" {
		t.Fatal("an invalid proof passed")
	}
}
