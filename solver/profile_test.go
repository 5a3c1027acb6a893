package solver

import (
	"io"
	"strings"
	"testing"

	"tandem/smtlib"
)

func TestLookupSpec(t *testing.T) {
	reg := NewRegistry()
	p, err := reg.Lookup("z3 smt.string_solver=z3str3 -T:5")
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(p.OneShotArgv("q.smt2", Mode{SelfCheck: true}), " ")
	if want := "-smt2 model_validate=true smt.string_solver=z3str3 -T:5 q.smt2"; got != want {
		t.Errorf("argv %q, want %q", got, want)
	}
	if _, err := reg.Lookup("z3 --check-models"); err == nil {
		t.Error("a cvc5-style option was accepted for z3")
	}
	if _, err := reg.Lookup("cvc5 produce-models"); err == nil {
		t.Error("a z3-style option was accepted for cvc5")
	}
	if _, err := reg.Lookup("yices"); err == nil || !strings.Contains(err.Error(), "known profiles") {
		t.Errorf("unknown solver: %v", err)
	}
	if _, err := reg.Lookup("generic"); err == nil {
		t.Error("generic without a binary was accepted")
	}
	p, err = reg.Lookup("/opt/z3-4.13/bin/z3")
	if err != nil || p.Binary != "/opt/z3-4.13/bin/z3" || p.Name != "z3" {
		t.Errorf("path spec: %+v %v", p, err)
	}
}

func TestLoadProfiles(t *testing.T) {
	reg := NewRegistry()
	err := reg.Load([]byte(`
[solver.z3]
binary = "/opt/z3/bin/z3"

[solver.yices]
binary = "yices-smt2"
interactive_args = ["--incremental"]
extra_signatures = ["Fatal error"]
logics = ["QF_BV", "QF_LIA"]

[solver.z3str]
base = "z3"
options = ["smt.string_solver=z3str3"]
`))
	if err != nil {
		t.Fatal(err)
	}
	z3, _ := reg.Get("z3")
	if z3.Binary != "/opt/z3/bin/z3" || len(z3.SelfCheckArgs) == 0 {
		t.Errorf("override lost fields: %+v", z3)
	}
	y, _ := reg.Get("yices")
	if !y.Incremental() || !y.Accepts("QF_LIA") || y.Accepts("QF_S") || y.Signatures[len(y.Signatures)-1] != "Fatal error" {
		t.Errorf("new profile: %+v", y)
	}
	zs, _ := reg.Get("z3str")
	if zs.Binary != "z3" || zs.Options[0] != "smt.string_solver=z3str3" {
		t.Errorf("based profile: %+v", zs)
	}
	for _, bad := range []string{
		"[solver.z3]\nbinray = \"x\"\n",                       // typo
		"[solver.x]\nbase = \"nope\"\nbinary = \"x\"\n",       // unknown base
		"[solver.x]\nbinary = \"x\"\none_shot_args = []\n",    // no {file}
		"[solver.x]\nbinary = \"x\"\nsignatures = [\"  \"]\n", // matches everything
		"[solver.z3\n", // syntax
	} {
		if err := NewRegistry().Load([]byte(bad)); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}

func TestFrameReader(t *testing.T) {
	in := "success\nsat\n(\n  (define-fun s () String \"a \"\" ) ;\")\n  (define-fun |x y| () Int ; comment )\n 3)\n)\n; top comment (\n(error \"line 1: bad\")unsat|q r|"
	fr := newFrameReader(strings.NewReader(in), 0)
	var got []string
	for {
		s, err := fr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	want := []string{"success", "sat", "(\n  (define-fun s () String \"a \"\" ) ;\")\n  (define-fun |x y| () Int ; comment )\n 3)\n)", "(error \"line 1: bad\")", "unsat", "|q r|"}
	if strings.Join(got, "\x00") != strings.Join(want, "\x00") {
		t.Errorf("frames\n%q\nwant\n%q", got, want)
	}
	fr = newFrameReader(strings.NewReader("sat\n((x 1)"), 0)
	fr.next()
	if _, err := fr.next(); err != errUnterminated {
		t.Errorf("unterminated: %v", err)
	}
	fr = newFrameReader(strings.NewReader("("+strings.Repeat("x ", 100)+")"), 50)
	if _, err := fr.next(); err == nil {
		t.Error("oversized response accepted")
	}
}

func TestClassifyAndSizes(t *testing.T) {
	if k, _, msg := ClassifyResponse(`(error "a ""b"" c")`); k != RespError || msg != `a "b" c` {
		t.Errorf("error: %v %q", k, msg)
	}
	if k, st, _ := ClassifyResponse("unsat"); k != RespAnswer || st != StatusUnsat {
		t.Errorf("unsat: %v %v", k, st)
	}
	if k, _, _ := ClassifyResponse("((x 1))"); k != RespOther {
		t.Errorf("get-value: %v", k)
	}
	for in, want := range map[string]int64{"2GiB": 2 << 30, "512MiB": 512 << 20, "1G": 1 << 30, "64k": 64 << 10, "1000": 1000, "1.5GB": 1500000000} {
		if got, err := ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	if _, err := ParseSize("lots"); err == nil {
		t.Error("ParseSize accepted garbage")
	}
	if got := NormalizeSignature("==1234==ERROR: AddressSanitizer: heap-use-after-free on address 0x602000000010 at pc 0x55d5 line 42 in /tmp/x123/q.smt2"); got != "==PID==ERROR: AddressSanitizer: heap-use-after-free on address ADDR at pc ADDR line N in TMPFILE" {
		t.Errorf("normalized: %q", got)
	}
}

func TestStatusAnswer(t *testing.T) {
	for st, want := range map[Status]smtlib.Status{StatusSat: smtlib.Sat, StatusUnsat: smtlib.Unsat, StatusUnknown: smtlib.Unknown,
		StatusTimeout: smtlib.Unknown, StatusCrash: smtlib.Unknown, StatusError: smtlib.Unknown} {
		if got := st.Answer(); got != want {
			t.Errorf("%v.Answer() = %v, want %v", st, got, want)
		}
	}
}
