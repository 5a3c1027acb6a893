// Package smtdiff is the differential harness of tandem smt (issue 27):
// it generates concolic-style SMT-LIB sessions from the SAGE queries of the
// shared corpus, lists the corpus's incremental scripts, runs a script
// through two solvers as processes reading standard input, and compares
// their check-sat answers. The smtserve tests and bench/smtserve use it.
package smtdiff

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"tandem/fuzzysat"
	"tandem/internal/corpus"
	"tandem/smt"
	"tandem/smtlib"
	"tandem/solver"
)

// ConcolicOptions shape a generated session.
type ConcolicOptions struct {
	// Queries is how many check-sat commands to write (0: every query of
	// every file).
	Queries int
	// ModelEvery asks (get-model) after every ModelEvery-th check-sat (0:
	// never); after an unsat answer both solvers answer it with an error.
	ModelEvery int
}

// Concolic writes a session in the shape of a concolic executor's, built
// from the SAGE queries under dir (read in MANIFEST.tsv order): per file, its
// constants are declared in a push of their own; then for each conjunct c
// of its query, in order, both sides of the branch are asked, each in a
// push/pop — c, then (not c), as a symbolic executor asks at each fork
// whether each side is feasible — and c joins the path π (asserted at the
// file's level); last, π alone is asked (the file's own query). It returns the script and the number of check-sat commands.
func Concolic(dir string, o ConcolicOptions) ([]byte, int, error) {
	files, err := sageFiles(dir)
	if err != nil {
		return nil, 0, err
	}
	var b bytes.Buffer
	b.WriteString("(set-option :produce-models true)\n(set-logic QF_BV)\n")
	n := 0
	full := func() bool { return o.Queries > 0 && n >= o.Queries }
	check := func() {
		b.WriteString("(check-sat)\n")
		n++
		if o.ModelEvery > 0 && n%o.ModelEvery == 0 {
			b.WriteString("(get-model)\n")
		}
	}
	for _, f := range files {
		if full() {
			break
		}
		sc, err := smtlib.ParseFile(f)
		if err != nil {
			return nil, 0, err
		}
		b.WriteString("(push 1)\n")
		var pi []*smt.Term
		for _, c := range sc.Commands {
			switch c.Kind {
			case smtlib.CmdDeclareFun, smtlib.CmdDeclareConst:
				b.WriteString(c.String())
				b.WriteByte('\n')
			case smtlib.CmdAssert:
				pi = append(pi, fuzzysat.Conjuncts(c.Term)...)
			}
		}
		for _, c := range pi {
			// both sides of the branch, as a symbolic executor asks at
			// every fork: the side the run took, then its flip
			for _, side := range []string{c.String(), "(not " + c.String() + ")"} {
				if full() {
					break
				}
				fmt.Fprintf(&b, "(push 1)\n(assert %s)\n", side)
				check()
				b.WriteString("(pop 1)\n")
			}
			fmt.Fprintf(&b, "(assert %s)\n", c)
		}
		if !full() {
			check()
		}
		b.WriteString("(pop 1)\n")
	}
	b.WriteString("(exit)\n")
	return b.Bytes(), n, nil
}

// sageFiles lists the SAGE files of the corpus labels, in path order.
func sageFiles(dir string) ([]string, error) {
	items, err := corpus.Load(filepath.Dir(dir))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, it := range items {
		if strings.HasPrefix(it.Rel, filepath.Base(dir)+"/") {
			out = append(out, it.Path)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no SAGE files listed under %s", dir)
	}
	return out, nil
}

var incremental = regexp.MustCompile(`\((push|pop|check-sat-assuming|get-value)[\s)]`)

// IncrementalFiles lists the .smt2 files under root that use push, pop,
// check-sat-assuming or get-value, sorted.
func IncrementalFiles(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".smt2") {
			return err
		}
		data, err := smtlib.ReadFile(path, "script", 4<<20)
		if err != nil {
			return nil // too large or unreadable: not a test input
		}
		if incremental.Match(data) {
			out = append(out, path)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// Run is one solver's run of a script on its standard input.
type Run struct {
	Answers []solver.Status
	Res     *solver.Result
}

// RunStdin runs argv (program first) with script on its standard input,
// under wall and memory limits, through package solver.
func RunStdin(ctx context.Context, argv []string, script []byte, wall time.Duration) (*Run, error) {
	p := solver.Command(filepath.Base(argv[0]), argv[0], argv[1:]...)
	res, err := solver.Run(ctx, p, solver.BytesInput(script), solver.RunOptions{Limits: solver.Limits{Wall: wall, OutputCap: 256 << 20}})
	if err != nil {
		return nil, err
	}
	return &Run{Answers: res.Answers, Res: res}, nil
}

// Diff compares two runs' check-sat answers.
type Diff struct {
	Answers int // answers compared (the shorter list)
	// Disagree counts positions where one says sat and the other unsat;
	// UnknownA/UnknownB where only A/B said unknown (or failed).
	Disagree, UnknownA, UnknownB int
	// First is the 1-based position of the first disagreement (0: none).
	First int
	// Misaligned says the lists have different lengths.
	Misaligned bool
}

// Compare compares the answer lists a and b position by position.
func Compare(a, b []solver.Status) Diff {
	d := Diff{Answers: min(len(a), len(b)), Misaligned: len(a) != len(b)}
	for i := range d.Answers {
		x, y := a[i], b[i]
		decided := func(s solver.Status) bool { return s == solver.StatusSat || s == solver.StatusUnsat }
		switch {
		case decided(x) && decided(y) && x != y:
			d.Disagree++
			if d.First == 0 {
				d.First = i + 1
			}
		case !decided(x) && decided(y):
			d.UnknownA++
		case decided(x) && !decided(y):
			d.UnknownB++
		}
	}
	return d
}
