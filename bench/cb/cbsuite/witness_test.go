package cbsuite

import (
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"tandem/eval"
	"tandem/smt"
	"tandem/smtlib"
)

// Witnesses close the gap between sampling and labelling. A sat label is
// z3's model of the formula with the reference definitions in place of the
// boxes; it is a model with the C boxes exactly when every box agrees with
// its definition on the arguments the model applies it to. So -update
// records those arguments (testdata/witnesses.tsv) and TestBoxes runs each
// box on them beside its edge values and random tuples.

var witnessPath = filepath.Join(benchDir, "cbsuite", "testdata", "witnesses.tsv")

const witnessHeader = "box\tc\targs\tbenchmark"

// witness is one argument tuple of one box, from the model of a benchmark.
type witness struct {
	box, c    string
	args      []uint64
	benchmark string
}

// modelWitnesses evaluates, under z3's model of a benchmark's semantic
// formula (the get-value answer for its constants), the arguments of every
// application of a C box in its assertions (define-fun applications
// expanded; boxes nested in arguments computed by their reference
// definitions).
func modelWitnesses(b *benchmark, values string) ([]witness, error) {
	sc := smtlib.Clone(b.script)
	if err := smtlib.Expand(sc); err != nil {
		return nil, err
	}
	pairs, err := smtlib.ParseValues([]byte(values), sc)
	if err != nil {
		return nil, fmt.Errorf("z3's model: %w", err)
	}
	m := eval.NewModel()
	for _, p := range pairs {
		v, err := smt.ValueOf(p.Value)
		if err != nil {
			return nil, fmt.Errorf("z3's model: %s: %w", p.Term, err)
		}
		if err := m.SetConst(p.Term.Func(), v); err != nil {
			return nil, fmt.Errorf("z3's model: %w", err)
		}
	}
	m.Boxes = func(f *smt.Func, args []smt.Value) (smt.Value, error) {
		box := b.boxes[f.Name]
		if box == nil {
			return nil, fmt.Errorf("no box %s", f.Name)
		}
		return refValue(box, args)
	}
	ev := eval.New(m)
	var out []witness
	seen := map[string]bool{}
	visited := map[*smt.Term]bool{}
	var walk func(t *smt.Term) error
	walk = func(t *smt.Term) error {
		if t == nil || visited[t] {
			return nil
		}
		visited[t] = true
		for _, a := range t.Args() {
			if err := walk(a); err != nil {
				return err
			}
		}
		f := t.Func()
		if f == nil {
			return nil
		}
		box := b.boxes[f.Name]
		if box == nil {
			return nil
		}
		w := witness{box: box.name, c: box.lib.cPath, benchmark: b.Path}
		for _, a := range t.Args() {
			v, err := ev.Eval(a)
			if err != nil {
				return fmt.Errorf("argument %s of %s: %w", a, f.Name, err)
			}
			u, ok := valueBits(v)
			if !ok {
				return fmt.Errorf("argument %s of %s is %v under the model", a, f.Name, v)
			}
			w.args = append(w.args, u)
		}
		key := w.box + fmt.Sprint(w.args)
		if !seen[key] {
			seen[key] = true
			out = append(out, w)
		}
		return nil
	}
	for _, a := range sc.Assertions() {
		if err := walk(a); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// refValue applies a box's reference definition to values.
func refValue(box *cbox, args []smt.Value) (smt.Value, error) {
	st := box.lib.ref.Store
	terms := make([]*smt.Term, len(args))
	for i, a := range args {
		t, err := st.ValueTerm(a)
		if err != nil {
			return nil, err
		}
		terms[i] = t
	}
	app, err := st.ApplyFunc(box.ref, terms)
	if err != nil {
		return nil, err
	}
	return eval.New(nil).Eval(app)
}

func valueBits(v smt.Value) (uint64, bool) {
	switch v := v.(type) {
	case smt.BoolValue:
		if v {
			return 1, true
		}
		return 0, true
	case smt.BVValue:
		if v.W <= 64 {
			return v.V.Uint64(), true
		}
	}
	return 0, false
}

func writeWitnesses(ws []witness) error {
	slices.SortStableFunc(ws, func(a, b witness) int { return strings.Compare(a.c+" "+a.box, b.c+" "+b.box) })
	var b strings.Builder
	b.WriteString(witnessHeader + "\n")
	for _, w := range ws {
		parts := make([]string, len(w.args))
		for i, a := range w.args {
			parts[i] = "0x" + strconv.FormatUint(a, 16)
		}
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\n", w.box, w.c, strings.Join(parts, " "), w.benchmark)
	}
	return os.WriteFile(witnessPath, []byte(b.String()), 0o644)
}

// readWitnesses returns the recorded tuples by C file and box.
func readWitnesses() (map[string][][]uint64, error) {
	rows, err := readTSV(witnessPath, witnessHeader)
	if err != nil {
		return nil, err
	}
	out := map[string][][]uint64{}
	for _, r := range rows {
		if len(r.fields) != 4 {
			return nil, fmt.Errorf("%s:%d: %d columns, want 4", witnessPath, r.line, len(r.fields))
		}
		var args []uint64
		for _, f := range strings.Fields(r.fields[2]) {
			n, ok := new(big.Int).SetString(f, 0)
			if !ok || !n.IsUint64() {
				return nil, fmt.Errorf("%s:%d: argument %q", witnessPath, r.line, f)
			}
			args = append(args, n.Uint64())
		}
		key := r.fields[1] + "\t" + r.fields[0]
		out[key] = append(out[key], args)
	}
	return out, nil
}
