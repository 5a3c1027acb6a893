package cbsuite

import (
	"flag"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tandem/internal/testutil"
	"tandem/smt"
	"tandem/smtlib"
)

var delphiLabels = flag.String("delphi-labels", "", "which Delphi benchmarks TestDelphiLabels checks beside the four simple ones: examples (the 8 rotating-workforce examples, a minute) or all (also the 626 invertibility benchmarks, most of an hour)")

// delphiFile is one benchmark of ../shared/corpus/delphi.
type delphiFile struct {
	path     string // relative to the delphi folder
	expected string
	script   *smtlib.Script
}

func loadDelphi(t *testing.T) []delphiFile {
	t.Helper()
	dir := testutil.Corpus(t, "delphi")
	rows, err := readTSV(filepath.Join(dir, "MANIFEST.tsv"), "path\texpected\tsource_of_label\toracle_binaries")
	if err != nil {
		t.Fatal(err)
	}
	var files []delphiFile
	for _, r := range rows {
		sc, err := smtlib.ParseFile(filepath.Join(dir, filepath.FromSlash(r.fields[0])))
		if err != nil {
			t.Errorf("delphi/%s does not parse: %v", r.fields[0], err)
			continue
		}
		files = append(files, delphiFile{path: r.fields[0], expected: r.fields[1], script: sc})
	}
	return files
}

// TestDelphiOracles checks delphi/ORACLES.tsv against Delphi's benchmarks:
// every program a declare-oracle-fun names has a C implementation (a box of
// delphi/<binary>.c named <binary>, where the runner looks for it) whose
// signature is the declared one, and every implementation is used. That the
// C code computes its reference definition is TestBoxes' part.
func TestDelphiOracles(t *testing.T) {
	libs := loadLibraries(t)
	oracles, err := ReadOracles(filepath.Join(benchDir, "delphi", "ORACLES.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	boxes := map[string]*cbox{}
	for _, o := range oracles {
		if o.Symbol != o.Binary || o.C != "delphi/"+o.Binary+".c" {
			t.Errorf("oracle %s: implemented by %s in %s, but the runner expects %s in delphi/%s.c", o.Binary, o.Symbol, o.C, o.Binary, o.Binary)
		}
		lib := libs[o.C]
		if lib == nil {
			t.Errorf("oracle %s: no C library %s", o.Binary, o.C)
			continue
		}
		b := lib.byName[o.Symbol]
		if b == nil {
			t.Errorf("oracle %s: %s has no box %s", o.Binary, o.C, o.Symbol)
			continue
		}
		boxes[o.Binary] = b
	}
	used := map[string]int{}
	for _, f := range loadDelphi(t) {
		for _, c := range f.script.Commands {
			if c.Kind != smtlib.CmdDeclareOracleFun {
				continue
			}
			fn := c.Funcs[0]
			o, ok := OracleFor(oracles, fn.Binary)
			if !ok {
				t.Errorf("delphi/%s: no implementation of oracle program %s", f.path, fn.Binary)
				continue
			}
			used[o.Binary]++
			if b := boxes[o.Binary]; b != nil && (!slices.Equal(fn.Params, b.params) || fn.Result != b.result) {
				t.Errorf("delphi/%s: %s is declared %s, implemented as %s", f.path, fn.Name, signature(fn.Params, fn.Result), signature(b.params, b.result))
			}
		}
	}
	for _, o := range oracles {
		if used[o.Binary] == 0 {
			t.Errorf("oracle %s is used by no benchmark", o.Binary)
		}
	}
	t.Logf("oracle uses: %v", used)
}

// delphiScript is a Delphi benchmark with each declare-oracle-fun replaced
// by the reference definition of its oracle, under the name the file uses.
func delphiScript(f delphiFile, oracles []Oracle, libs map[string]*library) (string, error) {
	var b strings.Builder
	declared := map[string]bool{}
	for _, c := range f.script.Commands {
		switch c.Kind {
		case smtlib.CmdSetLogic, smtlib.CmdSetOption, smtlib.CmdSetInfo, smtlib.CmdGetModel, smtlib.CmdGetValue, smtlib.CmdExit:
		case smtlib.CmdDeclareOracleFun:
			fn := c.Funcs[0]
			if declared[fn.Name] {
				// check_ne_bvudiv0_32bit.2.smt2 declares uremtotal twice,
				// identically; a define-fun cannot be repeated.
				continue
			}
			declared[fn.Name] = true
			o, ok := OracleFor(oracles, fn.Binary)
			if !ok {
				return "", fmt.Errorf("no oracle %s", fn.Binary)
			}
			box := libs[o.C].byName[o.Symbol]
			def := *box.ref
			def.Name = fn.Name
			b.WriteString((&smtlib.Command{Kind: smtlib.CmdDefineFun, Funcs: []*smt.Func{&def}}).String() + "\n")
		case smtlib.CmdCheckSat:
			b.WriteString(c.String() + "\n")
			return b.String(), nil
		default:
			b.WriteString(c.String() + "\n")
		}
	}
	return b.String(), nil
}

// TestDelphiLabels runs z3 on Delphi's benchmarks with each oracle replaced
// by its reference definition and checks the answers against the labels of
// the corpus manifest: the evidence that the oracles mean what the
// benchmarks' authors meant (the bit-sum helpers in particular, whose
// meaning comes from the C sources, not from the benchmarks). By default it
// checks the four simple-* benchmarks; -delphi-labels=examples adds the 8
// rotating-workforce examples (the bit-sum helpers; z3 needs a minute),
// -delphi-labels=all also the 626 invertibility benchmarks (quantified;
// most of an hour).
func TestDelphiLabels(t *testing.T) {
	z3 := testutil.RequireBinary(t, "z3")
	t.Parallel()
	libs := loadLibraries(t)
	oracles, err := ReadOracles(filepath.Join(benchDir, "delphi", "ORACLES.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var files []delphiFile
	for _, f := range loadDelphi(t) {
		example := strings.Contains(f.path, "/Example_")
		inv := strings.Contains(f.path, "invertability/")
		switch {
		case *delphiLabels == "all",
			*delphiLabels == "examples" && !inv,
			!example && !inv:
			files = append(files, f)
		}
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	undecided := 0
	for _, f := range files {
		script, err := delphiScript(f, oracles, libs)
		if err != nil {
			t.Errorf("delphi/%s: %v", f.path, err)
			continue
		}
		limit := 60 * time.Second
		if strings.Contains(f.path, "invertability/") {
			limit = 20 * time.Second
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			start := time.Now()
			got, err := z3Status(z3, script, limit)
			mu.Lock()
			defer mu.Unlock()
			if d := time.Since(start); d > 2*time.Second {
				t.Logf("delphi/%s: z3 took %.1fs (%s)", f.path, d.Seconds(), got)
			}
			switch {
			case err != nil:
				t.Errorf("delphi/%s: %v", f.path, err)
			case got == Unknown:
				undecided++
			case f.expected != Unknown && got != f.expected:
				t.Errorf("delphi/%s: labelled %s, z3 with the oracles' reference definitions says %s", f.path, f.expected, got)
			}
		}()
	}
	wg.Wait()
	t.Logf("%d Delphi benchmarks checked, %d undecided by z3", len(files), undecided)
}
