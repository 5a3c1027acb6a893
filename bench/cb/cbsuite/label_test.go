package cbsuite

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
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
	z3All  = flag.Bool("z3-all", false, "re-run z3 on every entry, not only on those it labelled in under half a second")
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

// getValue is a get-value command for the declared constants of a script.
func getValue(sc *smtlib.Script) string {
	var names []string
	for _, c := range sc.Commands {
		if (c.Kind == smtlib.CmdDeclareConst || c.Kind == smtlib.CmdDeclareFun) && len(c.Funcs[0].Params) == 0 {
			names = append(names, smt.QuoteSymbol(c.Funcs[0].Name))
		}
	}
	if len(names) == 0 {
		return ""
	}
	return "(get-value (" + strings.Join(names, " ") + "))\n"
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
	st, _, err := z3Run(z3, script, limit)
	return st, err
}

// z3Run is z3Status that also returns what z3 printed after the status (a
// model when the script ends in get-model).
func z3Run(z3, script string, limit time.Duration) (string, string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), limit+10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, z3, "-smt2", "-in", "-T:"+strconv.Itoa(int(limit.Seconds())))
	cmd.Stdin = strings.NewReader(script)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	first, rest, _ := strings.Cut(strings.TrimSpace(out.String()), "\n")
	switch first = strings.TrimSpace(first); first {
	case Sat, Unsat:
		return first, rest, nil
	case Unknown, "timeout":
		return Unknown, "", nil
	}
	if ctx.Err() != nil {
		return Unknown, "", nil
	}
	return "", "", fmt.Errorf("z3 says %q (%v)", strings.TrimSpace(out.String()), err)
}

// labelRecord is one line of testdata/z3labels.tsv: z3's answers for an
// entry, the SHA-256 of the inputs they answer (the formula's file, and the
// reference files of its C boxes), and how long z3 took.
type labelRecord struct {
	path, boxes     string
	fileSum, refSum string
	expected, pure  string
	seconds         float64
}

const labelRecordHeader = "path\tboxes\tfile_sha256\trefs_sha256\texpected\tpure\tseconds"

var labelRecordPath = filepath.Join(benchDir, "cbsuite", "testdata", "z3labels.tsv")

func readLabelRecords() (map[string]*labelRecord, error) {
	rows, err := readTSV(labelRecordPath, labelRecordHeader)
	if err != nil {
		return nil, err
	}
	recs := map[string]*labelRecord{}
	for _, r := range rows {
		if len(r.fields) != 7 {
			return nil, fmt.Errorf("%s:%d: %d columns, want 7", labelRecordPath, r.line, len(r.fields))
		}
		secs, err := strconv.ParseFloat(r.fields[6], 64)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", labelRecordPath, r.line, err)
		}
		rec := &labelRecord{r.fields[0], r.fields[1], r.fields[2], r.fields[3], r.fields[4], r.fields[5], secs}
		recs[rec.path+"\t"+rec.boxes] = rec
	}
	return recs, nil
}

func writeLabelRecords(recs []*labelRecord) error {
	var b strings.Builder
	b.WriteString(labelRecordHeader + "\n")
	for _, r := range recs {
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\t%s\t%.2f\n", r.path, r.boxes, r.fileSum, r.refSum, r.expected, r.pure, r.seconds)
	}
	return os.WriteFile(labelRecordPath, []byte(b.String()), 0o644)
}

func sha(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// inputSums are the SHA-256 of a benchmark's file and of the reference
// files of its C boxes (concatenated in path order): the inputs its labels
// depend on. They hash bytes, not printed scripts, so a change to tandem's
// printer does not invalidate the record.
func inputSums(b *benchmark) (file, refs string, err error) {
	src, err := os.ReadFile(b.File(benchDir, corpusDir))
	if err != nil {
		return "", "", err
	}
	var paths []string
	for _, box := range b.boxes {
		if !slices.Contains(paths, box.lib.refPath) {
			paths = append(paths, box.lib.refPath)
		}
	}
	slices.Sort(paths)
	var all []byte
	for _, p := range paths {
		r, err := os.ReadFile(p)
		if err != nil {
			return "", "", err
		}
		all = append(all, r...)
	}
	return sha(src), sha(all), nil
}

// fastZ3 is the recorded z3 time below which TestLabels re-runs z3 by
// default; slower entries are checked against their record only (z3 on the
// whole suite takes over a minute of CPU), unless -z3-all is given.
const fastZ3 = 0.5

// TestLabels checks the expected and pure columns of MANIFEST.tsv: they must
// be z3's answers on the two formulas of labelScripts. z3's answers are
// recorded in testdata/z3labels.tsv with the SHA-256 of the inputs they
// answer (see inputSums), so a change to a benchmark or to a reference
// definition that could change a label is caught even where z3 is not
// re-run. By default
// z3 is re-run on the entries it decided in under half a second (with a 10 s
// limit; unknown, a timeout, agrees with any label); -z3-all re-runs it on
// all. With -update, z3 labels every entry afresh (60 s limit; unknown
// where it cannot decide), the manifest and the record are rewritten, and
// so is testdata/witnesses.tsv, the arguments each box gets in z3's models
// of the sat entries (see witness_test.go):
//
//	go test ./bench/cb/cbsuite -run TestLabels -update
func TestLabels(t *testing.T) {
	z3 := testutil.RequireBinary(t, "z3")
	t.Parallel()
	limit := *z3Time
	if limit == 0 {
		limit = 10 * time.Second
		if *update {
			limit = 60 * time.Second
		}
	}
	libs := loadLibraries(t)
	entries := readManifest(t)
	recs := map[string]*labelRecord{}
	if !*update {
		var err error
		if recs, err = readLabelRecords(); err != nil {
			t.Fatalf("%v (create it with -update)", err)
		}
	}

	type job struct {
		i        int
		sem, pur string
		values   string // get-value of the benchmark's constants
	}
	type answer struct {
		bench          *benchmark
		file, refs     string // SHA-256 of the inputs
		expected, pure string
		model          string // z3's model of the semantic formula (-update, sat)
		ran            bool
		took           time.Duration
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
				a.ran = true
				start := time.Now()
				sem := j.sem
				if *update {
					// get-value, not get-model: z3 4.8.12 fails to print
					// some models with nested definitions (fold-rec-1).
					sem += j.values
				}
				var model string
				if a.expected, model, a.err = z3Run(z3, sem, limit); a.err != nil {
					a.err = fmt.Errorf("with reference definitions: %w", a.err)
					continue
				}
				if a.pure, a.err = z3Status(z3, j.pur, limit); a.err != nil {
					a.err = fmt.Errorf("with uninterpreted boxes: %w", a.err)
				}
				if a.expected == Sat {
					a.model = model
				}
				a.took = time.Since(start)
			}
		}()
	}
	for i, e := range entries {
		a := &answers[i]
		b, errs := loadBenchmark(e, libs)
		if len(errs) > 0 {
			a.err = errs[0]
			continue
		}
		sem, pur, err := labelScripts(b)
		if err != nil {
			a.err = err
			continue
		}
		a.bench = b
		if a.file, a.refs, err = inputSums(b); err != nil {
			a.err = err
			continue
		}
		rec := recs[e.Path+"\t"+FormatBoxes(e.Boxes)]
		switch {
		case *update:
		case rec == nil:
			a.err = fmt.Errorf("not in %s: label it with -update", filepath.Base(labelRecordPath))
			continue
		case rec.fileSum != a.file || rec.refSum != a.refs:
			a.err = fmt.Errorf("the formula (or a reference file of its boxes) changed since z3 labelled it: relabel with -update")
			continue
		case rec.expected != e.Expected || rec.pure != e.Pure:
			a.err = fmt.Errorf("labelled %s/%s in the manifest but z3 answered %s/%s: relabel with -update", e.Expected, e.Pure, rec.expected, rec.pure)
			continue
		case rec.seconds >= fastZ3 && !*z3All:
			continue
		}
		jobs <- job{i, sem, pur, getValue(b.script)}
	}
	close(jobs)
	wg.Wait()

	changed, reran := 0, 0
	var newRecs []*labelRecord
	var witnesses []witness
	for i := range entries {
		e, a := &entries[i], answers[i]
		if a.err != nil {
			t.Errorf("%s: %v", e.Path, a.err)
			continue
		}
		if !a.ran {
			continue
		}
		reran++
		if *update {
			if e.Expected != a.expected || e.Pure != a.pure {
				t.Logf("%s: expected %s -> %s, pure %s -> %s", e.Path, e.Expected, a.expected, e.Pure, a.pure)
				changed++
			}
			e.Expected, e.Pure = a.expected, a.pure
			newRecs = append(newRecs, &labelRecord{e.Path, FormatBoxes(e.Boxes), a.file, a.refs, a.expected, a.pure, a.took.Seconds()})
			if a.model != "" {
				ws, err := modelWitnesses(a.bench, a.model)
				if err != nil {
					t.Errorf("%s: the arguments of its boxes in z3's model: %v", e.Path, err)
				}
				witnesses = append(witnesses, ws...)
			}
			continue
		}
		if a.expected != Unknown && a.expected != e.Expected {
			t.Errorf("%s: expected %s in the manifest, z3 with the reference definitions says %s", e.Path, e.Expected, a.expected)
		}
		if a.pure != Unknown && a.pure != e.Pure {
			t.Errorf("%s: pure %s in the manifest, z3 with uninterpreted boxes says %s", e.Path, e.Pure, a.pure)
		}
	}
	t.Logf("z3 ran on %d of %d entries", reran, len(entries))
	if *update && !t.Failed() {
		if err := WriteManifest(filepath.Join(benchDir, "MANIFEST.tsv"), entries); err != nil {
			t.Fatal(err)
		}
		if err := writeLabelRecords(newRecs); err != nil {
			t.Fatal(err)
		}
		if err := writeWitnesses(witnesses); err != nil {
			t.Fatal(err)
		}
		t.Logf("%d labels changed\n%s", changed, countEntries(entries).table())
	}
}
