package cbsuite

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"tandem/smt"
	"tandem/smtlib"
)

// Goals of the suite's mix (see README.md): they keep later edits honest.
const (
	minEntries     = 110 // beside Delphi's benchmarks
	minPureUnsat   = 15
	minSatPercent  = 60
	maxSatPercent  = 75
	maxBoxesPerRun = 6
	maxCalls       = 6 // closed-box applications per benchmark
)

// benchmark is a parsed manifest entry.
type benchmark struct {
	Entry
	script  *smtlib.Script
	cbs     map[string]*smtlib.Command // declare-cb by name
	defines map[string]*smtlib.Command // define-fun by name
	boxes   map[string]*cbox           // the C box of each declare-cb
}

func readManifest(t *testing.T) []Entry {
	t.Helper()
	entries, err := ReadManifest(filepath.Join(benchDir, "MANIFEST.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	return entries
}

// loadBenchmark parses an entry's formula and binds its boxes to their
// implementations, reporting every mismatch between the file, the manifest
// and the C libraries.
func loadBenchmark(e Entry, libs map[string]*library) (*benchmark, []error) {
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s: "+format, append([]any{e.Path}, args...)...))
	}
	b := &benchmark{Entry: e, cbs: map[string]*smtlib.Command{}, defines: map[string]*smtlib.Command{}, boxes: map[string]*cbox{}}
	sc, err := smtlib.ParseFile(e.File(benchDir, corpusDir))
	if err != nil {
		bad("does not parse: %v", err)
		return nil, errs
	}
	b.script = sc
	checkSats := 0
	for _, c := range sc.Commands {
		switch c.Kind {
		case smtlib.CmdDeclareCB:
			b.cbs[c.Funcs[0].Name] = c
		case smtlib.CmdDefineFun:
			b.defines[c.Funcs[0].Name] = c
		case smtlib.CmdDeclareOracleFun:
			bad("declare-oracle-fun: the suite uses declare-cb")
		case smtlib.CmdCheckSat:
			checkSats++
		case smtlib.CmdPush, smtlib.CmdPop, smtlib.CmdCheckSatAssuming:
			bad("%s: the suite's formulas are one-shot", c.Kind)
		}
	}
	if checkSats != 1 {
		bad("%d check-sat commands, want 1", checkSats)
	}
	if _, isCorpus := e.CorpusPath(); isCorpus && len(b.cbs) > 0 {
		bad("a corpus file cannot declare closed boxes")
	}
	seen := map[string]bool{}
	for _, box := range e.Boxes {
		if seen[box.Name] {
			bad("box %s listed twice", box.Name)
		}
		seen[box.Name] = true
		if box.IsDefine() {
			c := b.defines[box.Name]
			if c == nil {
				bad("box %s=define: the file has no define-fun %s", box.Name, box.Name)
				continue
			}
			if err := checkClosedDefine(c.Funcs[0]); err != nil {
				bad("box %s: %v", box.Name, err)
			}
			continue
		}
		decl := b.cbs[box.Name]
		if decl == nil {
			bad("box %s: the file does not declare-cb it", box.Name)
			continue
		}
		lib := libs[box.Impl]
		if lib == nil {
			bad("box %s: no C library %s under bench/cb", box.Name, box.Impl)
			continue
		}
		impl := lib.byName[box.Name]
		if impl == nil {
			bad("box %s: %s has no such box", box.Name, box.Impl)
			continue
		}
		f := decl.Funcs[0]
		if !slices.Equal(f.Params, impl.params) || f.Result != impl.result {
			bad("box %s: declared %s, but %s defines it as %s", box.Name, signature(f.Params, f.Result), box.Impl, signature(impl.params, impl.result))
		}
		b.boxes[box.Name] = impl
	}
	for name := range b.cbs {
		if !seen[name] {
			bad("declare-cb %s has no implementation in the manifest", name)
		}
	}
	if len(e.Boxes) == 0 || len(e.Boxes) > maxBoxesPerRun {
		bad("%d boxes, want 1 to %d", len(e.Boxes), maxBoxesPerRun)
	}
	if _, isCorpus := e.CorpusPath(); !isCorpus {
		if n := countCalls(sc, b.cbs); n < 1 || n > maxCalls {
			bad("%d closed-box applications, want 1 to %d", n, maxCalls)
		}
	}
	return b, errs
}

// countCalls counts the distinct applications of closed boxes in the
// assertions (terms are hash-consed, so equal applications are one call),
// looking through the bodies of defined functions.
func countCalls(sc *smtlib.Script, cbs map[string]*smtlib.Command) int {
	n := 0
	seen := map[*smt.Term]bool{}
	var walk func(t *smt.Term)
	walk = func(t *smt.Term) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		if f := t.Func(); f != nil {
			if cbs[f.Name] != nil {
				n++
			} else if f.Body != nil {
				walk(f.Body)
			}
		}
		for _, a := range t.Args() {
			walk(a)
		}
	}
	for _, a := range sc.Assertions() {
		walk(a)
	}
	return n
}

func signature(params []*smt.Sort, result *smt.Sort) string {
	s := make([]string, len(params))
	for i, p := range params {
		s[i] = p.String()
	}
	return "(" + strings.Join(s, " ") + ") " + result.String()
}

// checkClosedDefine checks that a define-fun can serve as a closed box: Bool
// and bit-vector sorts of at most 64 bits, and a body that reads nothing but
// its parameters (a global constant in it would make it no function of its
// arguments).
func checkClosedDefine(f *smt.Func) error {
	if len(f.Formals) == 0 {
		return fmt.Errorf("a constant, not a function")
	}
	for _, s := range append(slices.Clone(f.Params), f.Result) {
		if w := sortBits(s); w == 0 || w > 64 {
			return fmt.Errorf("sort %s (closed boxes take and return Bool and bit-vectors of at most 64 bits)", s)
		}
	}
	var err error
	var visit func(g *smt.Func, seen map[*smt.Func]bool)
	visit = func(g *smt.Func, seen map[*smt.Func]bool) {
		if seen[g] {
			return
		}
		seen[g] = true
		walkFuncs(g.Body, func(h *smt.Func) {
			switch {
			case h.Body != nil:
				visit(h, seen)
			case err == nil:
				err = fmt.Errorf("its body reads %s, which is not a parameter", h.Name)
			}
		})
	}
	visit(f, map[*smt.Func]bool{})
	return err
}

// TestManifest checks the manifest against the files: every formula parses
// (with the parser of tandem parse), every declared box has a C
// implementation with the same signature or is a closed define-fun of the
// file, no formula is left out, a box name means one function everywhere,
// the labels are consistent (pure unsat implies unsat; sat implies pure
// sat) and the mix meets the suite's goals.
func TestManifest(t *testing.T) {
	libs := loadLibraries(t)
	entries := readManifest(t)
	listed := map[string]bool{}
	keys := map[string]bool{}
	implOf := map[string]string{}
	for _, e := range entries {
		// A corpus file may appear several times, with different boxes.
		key := e.Path + "\t" + FormatBoxes(e.Boxes)
		if keys[key] {
			t.Errorf("%s: listed twice with the same boxes", e.Path)
		}
		keys[key] = true
		listed[e.Path] = true
		if _, ok := e.CorpusPath(); !ok {
			want := "suite/" + e.Source + "/"
			if e.Source == SourceMotivating {
				want = "suite/motivating.smt2"
			}
			if !strings.HasPrefix(e.Path, want) {
				t.Errorf("%s: a %s benchmark belongs under %s", e.Path, e.Source, want)
			}
		}
		_, errs := loadBenchmark(e, libs)
		for _, err := range errs {
			t.Error(err)
		}
		for _, b := range e.Boxes {
			if b.IsDefine() {
				continue
			}
			if prev, ok := implOf[b.Name]; ok && prev != b.Impl {
				t.Errorf("%s: box %s is %s here and %s elsewhere: give different functions different names", e.Path, b.Name, b.Impl, prev)
			}
			implOf[b.Name] = b.Impl
		}
		if e.Pure == Unsat && e.Expected != Unsat {
			t.Errorf("%s: pure unsat but expected %s (unsat with uninterpreted boxes is unsat with any boxes)", e.Path, e.Expected)
		}
		if e.Expected == Sat && e.Pure != Sat {
			t.Errorf("%s: expected sat but pure %s (a model with the real boxes is a model with uninterpreted ones)", e.Path, e.Pure)
		}
	}

	// Every formula under suite/ is in the manifest.
	err := filepath.WalkDir(filepath.Join(benchDir, "suite"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".smt2") || strings.HasSuffix(p, ".ref.smt2") {
			return err
		}
		rel, _ := filepath.Rel(benchDir, p)
		if !listed[filepath.ToSlash(rel)] {
			t.Errorf("%s is not in MANIFEST.tsv", filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	c := countEntries(entries)
	t.Logf("\n%s", c.table())
	if c.total < minEntries {
		t.Errorf("%d benchmarks, want at least %d", c.total, minEntries)
	}
	if c.pureUnsat < minPureUnsat {
		t.Errorf("%d benchmarks with an unsat pure part, want at least %d", c.pureUnsat, minPureUnsat)
	}
	if pct := 100 * c.sat / max(c.total, 1); pct < minSatPercent || pct > maxSatPercent {
		t.Errorf("%d%% of the benchmarks are sat, want %d%% to %d%%", pct, minSatPercent, maxSatPercent)
	}
}

// counts tallies the manifest by source and status, for the README.
type counts struct {
	total, sat, pureUnsat int
	bySource              map[string]map[string]int
}

func countEntries(entries []Entry) counts {
	c := counts{bySource: map[string]map[string]int{}}
	for _, e := range entries {
		m := c.bySource[e.Source]
		if m == nil {
			m = map[string]int{}
			c.bySource[e.Source] = m
		}
		m["n"]++
		m[e.Expected]++
		m["pure "+e.Pure]++
		c.total++
		if e.Expected == Sat {
			c.sat++
		}
		if e.Pure == Unsat {
			c.pureUnsat++
		}
	}
	return c
}

func (c counts) table() string {
	var b strings.Builder
	fmt.Fprintf(&b, "| source | benchmarks | sat | unsat | unknown | pure sat | pure unsat |\n|---|---:|---:|---:|---:|---:|---:|\n")
	tot := map[string]int{}
	for _, src := range []string{SourceSMTLIB, SourceSyGuS, SourcePathCond, SourceMotivating} {
		m := c.bySource[src]
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %d |\n", src, m["n"], m[Sat], m[Unsat], m[Unknown], m["pure sat"], m["pure unsat"])
		for k, v := range m {
			tot[k] += v
		}
	}
	fmt.Fprintf(&b, "| total | %d | %d | %d | %d | %d | %d |\n", tot["n"], tot[Sat], tot[Unsat], tot[Unknown], tot["pure sat"], tot["pure unsat"])
	return b.String()
}
