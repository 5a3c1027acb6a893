package cbsolve

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tandem/cbsolve/cbox"
	"tandem/internal/testutil"
	"tandem/smtlib"
)

// suiteEntry is one line of bench/cb/MANIFEST.tsv.
type suiteEntry struct {
	path, expected string
	boxes          map[string]string
}

func readSuite(t *testing.T) []suiteEntry {
	t.Helper()
	f, err := os.Open("../bench/cb/MANIFEST.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []suiteEntry
	sc := bufio.NewScanner(f)
	var head []string
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if head == nil {
			head = cols
			continue
		}
		row := map[string]string{}
		for i, h := range head {
			if i < len(cols) {
				row[h] = cols[i]
			}
		}
		e := suiteEntry{path: row["path"], expected: row["expected"], boxes: map[string]string{}}
		for _, b := range strings.Split(row["boxes"], ";") {
			if name, impl, ok := strings.Cut(b, "="); ok {
				e.boxes[name] = impl
			}
		}
		out = append(out, e)
	}
	return out
}

// TestSuiteSubset solves a sample of the closed-box suite (every eighth
// entry, suite files only) in CDFL mode and checks every answer: a sat
// model re-evaluates true with freshly opened boxes, an unsat answer
// matches the z3 label made from the boxes' reference definitions. Unknown
// is allowed (the sample runs on a short budget); a wrong answer is not.
func TestSuiteSubset(t *testing.T) {
	testutil.RequireBinary(t, "clang")
	testutil.RequireBinary(t, "z3")
	entries := readSuite(t)
	solved := 0
	for i, e := range entries {
		if i%8 != 0 || strings.HasPrefix(e.path, "corpus:") {
			continue
		}
		t.Run(filepath.Base(e.path), func(t *testing.T) {
			path := filepath.Join("../bench/cb", e.path)
			sc, err := smtlib.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			set := cbox.NewSet(cbox.Options{})
			defer set.Close()
			for _, f := range ClosedBoxes(sc) {
				impl, ok := e.boxes[f.Name]
				if !ok {
					t.Fatalf("manifest has no implementation for %s", f.Name)
				}
				sym := ""
				if j := strings.LastIndex(impl, ":"); j > 0 {
					impl, sym = impl[:j], impl[j:]
				}
				b, err := cbox.Open(context.Background(), filepath.Join("../bench/cb", impl)+sym, f, cbox.Options{})
				if err != nil {
					t.Fatal(err)
				}
				set.Add(b)
			}
			res, err := Solve(context.Background(), sc, set, nil, Options{Timeout: 5 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			switch res.Status {
			case Sat:
				if e.expected == "unsat" {
					t.Fatalf("sat, labelled unsat")
				}
				checkSat(t, sc, set, res)
				solved++
			case Unsat:
				if e.expected != "unsat" {
					t.Fatalf("unsat, labelled %s (%s)", e.expected, res.Reason)
				}
				solved++
			}
			t.Logf("%s in %v (%s)", res.Status, res.Stats.Time.Round(time.Millisecond), e.expected)
		})
	}
	t.Logf("%d solved", solved)
}

// Closed boxes in C that trap, loop or allocate without bound are contained:
// the solve ends by its timeout with unknown or answers from the inputs
// where the box works, and never fails or hangs.
func TestMisbehavingWasmBoxes(t *testing.T) {
	testutil.RequireBinary(t, "clang")
	dir := t.TempDir()
	src := filepath.Join(dir, "bad.c")
	os.WriteFile(src, []byte(`
unsigned int trap(unsigned int x) { if (x != 77) __builtin_trap(); return 5; }
unsigned int spin(unsigned int x) { volatile unsigned int i = 0; if (x & 1) for (;;) i++; return x; }
unsigned int hog(unsigned int x) { while (__builtin_wasm_memory_grow(0, 16) != -1) ; return x; }
`), 0o644)
	for _, c := range []struct {
		name, body string
	}{
		{"trap", "(assert (= (trap a) #x00000005))"}, // only a = 77 works
		{"spin", "(assert (= (spin a) #x00000007))"}, // odd inputs loop
		{"hog", "(assert (= (hog a) #x00000003))"},   // every call exhausts memory
	} {
		t.Run(c.name, func(t *testing.T) {
			sc := parse(t, "(declare-cb "+c.name+" ((_ BitVec 32)) (_ BitVec 32))\n(declare-const a (_ BitVec 32))\n"+c.body)
			set := cbox.NewSet(cbox.Options{CallTimeout: 50 * time.Millisecond})
			defer set.Close()
			b, err := cbox.Open(context.Background(), src+":"+c.name, ClosedBoxes(sc)[0], cbox.Options{CallTimeout: 50 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			set.Add(b)
			start := time.Now()
			res := solveIt(t, sc, set, Options{Timeout: 2 * time.Second})
			// A hang detector, not a timing assertion: on a loaded machine
			// the 2 s search may take many times longer in wall time.
			if el := time.Since(start); el > 2*time.Minute {
				t.Fatalf("took %v on a 2s timeout", el)
			}
			if res.Status == Unsat {
				t.Fatalf("unsat: %s", res.Reason)
			}
			if res.Status == Sat {
				checkSat(t, sc, set, res)
			}
			t.Logf("%s (%s); box errors %v", res.Status, res.Reason, res.Stats.Boxes.Errors)
		})
	}
}
