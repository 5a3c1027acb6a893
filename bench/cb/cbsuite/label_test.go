package cbsuite

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tandem/internal/testutil"
	"tandem/smt"
	"tandem/smtlib"
)

var (
	update = flag.Bool("update", false, "relabel MANIFEST.tsv: rewrite its expected and pure columns with z3's answers")
	z3Time = flag.Duration("z3-timeout", 0, "z3's time limit per formula (default 10s when checking, 60s with -update)")
)

// labelScripts turns a benchmark into the two formulas z3 labels it with:
// semantic, where each C box is replaced by its reference define-fun and
// each define box stays as it is (the expected column), and pure, where every
// box is an uninterpreted function (the pure column). Both keep the
// declarations and assertions up to the first check-sat and drop the logic,
// options and output commands.
func labelScripts(b *benchmark) (semantic, pure string, err error) {
	var cboxes []*cbox
	for _, box := range b.Boxes {
		if impl := b.boxes[box.Name]; impl != nil {
			cboxes = append(cboxes, impl)
		}
	}
	refs, err := refClosure(cboxes)
	if err != nil {
		return "", "", err
	}
	define := map[string]bool{}
	for _, box := range b.Boxes {
		define[box.Name] = box.IsDefine()
	}
	var sem, pur strings.Builder
	refsDone := false
	both := func(s string) {
		sem.WriteString(s + "\n")
		pur.WriteString(s + "\n")
	}
loop:
	for _, c := range b.script.Commands {
		switch c.Kind {
		case smtlib.CmdSetLogic, smtlib.CmdSetOption, smtlib.CmdSetInfo, smtlib.CmdGetModel, smtlib.CmdGetValue,
			smtlib.CmdGetInfo, smtlib.CmdGetOption, smtlib.CmdGetAssignment, smtlib.CmdGetUnsatCore, smtlib.CmdExit, smtlib.CmdEcho:
		case smtlib.CmdCheckSat:
			both(c.String())
			break loop
		case smtlib.CmdDeclareCB:
			if !refsDone {
				sem.WriteString(refs)
				refsDone = true
			}
			pur.WriteString(declareFun(b.script.Store, c.Funcs[0]) + "\n")
		case smtlib.CmdDefineFun:
			if define[c.Funcs[0].Name] {
				sem.WriteString(c.String() + "\n")
				pur.WriteString(declareFun(b.script.Store, c.Funcs[0]) + "\n")
				continue
			}
			both(c.String())
		default:
			both(c.String())
		}
	}
	return sem.String(), pur.String(), nil
}

// declareFun prints (declare-fun NAME (PARAMS) RESULT) for a box.
func declareFun(st *smt.Store, f *smt.Func) string {
	params := f.Params
	if len(params) == 0 {
		for _, v := range f.Formals {
			params = append(params, v.Sort())
		}
	}
	g := st.NewFunc(f.Name, smt.FuncDeclared, params, f.Result)
	return (&smtlib.Command{Kind: smtlib.CmdDeclareFun, Funcs: []*smt.Func{g}}).String()
}

// z3Status runs z3 on a script and returns sat, unsat or unknown (which
// includes z3's own timeout).
func z3Status(z3, script string, limit time.Duration) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), limit+10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, z3, "-smt2", "-in", "-T:"+strconv.Itoa(int(limit.Seconds())))
	cmd.Stdin = strings.NewReader(script)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	first, _, _ := strings.Cut(strings.TrimSpace(out.String()), "\n")
	switch first = strings.TrimSpace(first); first {
	case Sat, Unsat:
		return first, nil
	case Unknown, "timeout":
		return Unknown, nil
	}
	if ctx.Err() != nil {
		return Unknown, nil
	}
	return "", fmt.Errorf("z3 says %q (%v)", strings.TrimSpace(out.String()), err)
}

// TestLabels checks the expected and pure columns of MANIFEST.tsv against
// z3 (see labelScripts); a z3 that cannot decide within its time limit
// agrees with any label, since a slower machine should not fail the test.
// With -update it rewrites the columns instead (unknown where z3 cannot
// decide in 60 s):
//
//	go test ./bench/cb/cbsuite -run TestLabels -update
func TestLabels(t *testing.T) {
	z3 := testutil.RequireBinary(t, "z3")
	limit := *z3Time
	if limit == 0 {
		limit = 10 * time.Second
		if *update {
			limit = 60 * time.Second
		}
	}
	libs := loadLibraries(t)
	entries := readManifest(t)

	type job struct {
		i        int
		sem, pur string
	}
	type answer struct {
		expected, pure string
		err            error
	}
	answers := make([]answer, len(entries))
	jobs := make(chan job)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				a := &answers[j.i]
				if a.expected, a.err = z3Status(z3, j.sem, limit); a.err != nil {
					a.err = fmt.Errorf("with reference definitions: %w", a.err)
					continue
				}
				if a.pure, a.err = z3Status(z3, j.pur, limit); a.err != nil {
					a.err = fmt.Errorf("with uninterpreted boxes: %w", a.err)
				}
			}
		}()
	}
	for i, e := range entries {
		b, errs := loadBenchmark(e, libs)
		if len(errs) > 0 {
			answers[i].err = errs[0]
			continue
		}
		sem, pur, err := labelScripts(b)
		if err != nil {
			answers[i].err = err
			continue
		}
		jobs <- job{i, sem, pur}
	}
	close(jobs)
	wg.Wait()

	changed := 0
	for i := range entries {
		e, a := &entries[i], answers[i]
		if a.err != nil {
			t.Errorf("%s: %v", e.Path, a.err)
			continue
		}
		if *update {
			if e.Expected != a.expected || e.Pure != a.pure {
				t.Logf("%s: expected %s -> %s, pure %s -> %s", e.Path, e.Expected, a.expected, e.Pure, a.pure)
				changed++
			}
			e.Expected, e.Pure = a.expected, a.pure
			continue
		}
		if a.expected != Unknown && a.expected != e.Expected {
			t.Errorf("%s: expected %s in the manifest, z3 with the reference definitions says %s (relabel with -update)", e.Path, e.Expected, a.expected)
		}
		if a.pure != Unknown && a.pure != e.Pure {
			t.Errorf("%s: pure %s in the manifest, z3 with uninterpreted boxes says %s (relabel with -update)", e.Path, e.Pure, a.pure)
		}
	}
	if *update && !t.Failed() {
		if err := WriteManifest(filepath.Join(benchDir, "MANIFEST.tsv"), entries); err != nil {
			t.Fatal(err)
		}
		t.Logf("%d labels changed\n%s", changed, countEntries(entries).table())
	}
}
