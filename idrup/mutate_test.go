package idrup_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"tandem/idrup"
	"tandem/internal/satgen"
	"tandem/sat"
)

// ref is a deliberately naive IDRUP checker for the one-file mode, written
// independently of the watched-literal checker: clause lists instead of
// watches, propagation by repeated scans to a fixpoint. It follows the same
// rules as idrup-check (root-level units are never retracted, duplicate
// literals do not count, tautologies are always satisfied).
type ref struct {
	active, passive [][]int
	inputs          [][]int
	root            map[int]bool // literals true at the root
	inconsistent    bool
	seen            map[int]bool // variables that occurred
	query           []int
}

func set(lits []int) []int {
	var out []int
	for _, l := range lits {
		dup := false
		for _, x := range out {
			if x == l {
				dup = true
			}
		}
		if !dup {
			out = append(out, l)
		}
	}
	return out
}

func taut(c []int) bool {
	for _, a := range c {
		for _, b := range c {
			if a == -b {
				return true
			}
		}
	}
	return false
}

func sameSet(a, b []int) bool {
	a, b = set(a), set(b)
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		found := false
		for _, y := range b {
			if x == y {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// propagate extends vals to the unit-propagation fixpoint over the active
// clauses; it returns false on a conflict.
func (r *ref) propagate(vals map[int]bool) bool {
	for changed := true; changed; {
		changed = false
		for _, c := range r.active {
			if taut(c) {
				continue
			}
			unassigned, n := 0, 0
			sat := false
			for _, l := range c {
				if vals[l] {
					sat = true
					break
				}
				if !vals[-l] {
					unassigned = l
					n++
				}
			}
			if sat {
				continue
			}
			if n == 0 {
				return false
			}
			if n == 1 {
				vals[unassigned] = true
				changed = true
			}
		}
	}
	return true
}

// attach mirrors adding a clause at the root: a clause that is unit under
// the root assignment assigns its literal, a falsified one makes the
// formula inconsistent.
func (r *ref) attach(c []int) {
	if taut(c) {
		return
	}
	var open []int
	for _, l := range c {
		if r.root[l] {
			return
		}
		if !r.root[-l] {
			open = append(open, l)
		}
	}
	switch len(open) {
	case 0:
		r.inconsistent = true
	case 1:
		r.root[open[0]] = true
	}
}

func (r *ref) implied(lits []int, negate bool) bool {
	if r.inconsistent {
		return true
	}
	if !r.propagate(r.root) {
		r.inconsistent = true
		return true
	}
	vals := map[int]bool{}
	for l := range r.root {
		vals[l] = true
	}
	for _, l := range lits {
		if negate {
			l = -l
		}
		if vals[-l] {
			return true
		}
		vals[l] = true
	}
	return !r.propagate(vals)
}

func remove(list [][]int, c []int) ([][]int, []int, bool) {
	for i, x := range list {
		if sameSet(x, c) {
			return append(list[:i:i], list[i+1:]...), x, true
		}
	}
	return list, nil, false
}

// check returns 0 if the proof checks, or the line number of the first
// failure.
func (r *ref) check(proof []byte) int {
	r.root = map[int]bool{}
	r.seen = map[int]bool{}
	rd := idrup.NewReader(bytes.NewReader(proof), "p", idrup.IDRUP, false)
	state := 'i'
	for {
		l, err := rd.Next()
		if err != nil {
			var e *idrup.Error
			errors.As(err, &e)
			return e.Line
		}
		lits := set(l.Lits)
		use := func() {
			for _, x := range lits {
				r.seen[max(x, -x)] = true
			}
		}
		switch {
		case l.Type == 0:
			if state != 'i' {
				return l.Num
			}
			return 0
		case l.Type == 'p':
		case l.Type == 'l' && state != 'm' && state != 'u':
			use()
			if !taut(lits) && !r.implied(lits, true) {
				return l.Num
			}
			r.active = append(r.active, lits)
			r.attach(lits)
		case (l.Type == 'd' || l.Type == 'w' || l.Type == 'r') && state != 'm' && state != 'u':
			for _, x := range lits {
				if !r.seen[max(x, -x)] {
					return l.Num
				}
			}
			var c []int
			var ok bool
			switch l.Type {
			case 'd':
				r.active, _, ok = remove(r.active, lits)
			case 'w':
				r.active, c, ok = remove(r.active, lits)
				if ok {
					r.passive = append(r.passive, c)
				}
			case 'r':
				r.passive, c, ok = remove(r.passive, lits)
				if ok {
					r.active = append(r.active, c)
					r.attach(c)
				}
			}
			if !ok {
				return l.Num
			}
		case l.Type == 'i' && (state == 'i' || state == 's'): // inputs may come while a query is checked
			use()
			r.inputs = append(r.inputs, lits)
			r.active = append(r.active, lits)
			r.attach(lits)
		case l.Type == 'q' && state == 'i':
			use()
			r.query = lits
			state = 's'
		case l.Type == 's' && state == 's':
			switch l.Text {
			case idrup.Satisfiable:
				state = 'm'
			case idrup.Unsatisfiable:
				state = 'u'
			default:
				state = 'i'
			}
		case l.Type == 'm' && state == 'm':
			use()
			m := map[int]bool{}
			for _, x := range lits {
				if m[-x] {
					return l.Num
				}
				m[x] = true
			}
			for _, q := range r.query {
				if !m[q] {
					return l.Num
				}
			}
			for _, c := range r.inputs {
				if taut(c) {
					continue
				}
				ok := false
				for _, x := range c {
					ok = ok || m[x]
				}
				if !ok {
					return l.Num
				}
			}
			state = 'i'
		case l.Type == 'u' && state == 'u':
			use()
			if !r.implied(lits, false) {
				return l.Num
			}
			for _, x := range lits {
				in := false
				for _, q := range r.query {
					in = in || q == x
				}
				if !in {
					return l.Num
				}
			}
			state = 'i'
		default:
			return l.Num
		}
	}
}

func failLine(err error) int {
	if err == nil {
		return 0
	}
	var e *idrup.Error
	if errors.As(err, &e) {
		return e.Line
	}
	return -1
}

// mutate changes one line of a proof; it returns the new proof and a
// description.
func mutate(r *rand.Rand, lines []string, vars int) ([]string, string) {
	out := append([]string(nil), lines...)
	i := 1 + r.Intn(len(out)-1)
	f := strings.Fields(out[i])
	t := f[0]
	var lits []int
	if t != "s" && t != "p" {
		for _, x := range f[1 : len(f)-1] {
			n, _ := strconv.Atoi(x)
			lits = append(lits, n)
		}
	}
	rl := func() int {
		v := 1 + r.Intn(vars)
		if r.Intn(2) == 0 {
			return -v
		}
		return v
	}
	join := func(t string, lits []int) string {
		var b strings.Builder
		b.WriteString(t)
		for _, l := range lits {
			fmt.Fprintf(&b, " %d", l)
		}
		b.WriteString(" 0")
		return b.String()
	}
	switch k := r.Intn(8); {
	case k == 0 && len(lits) > 0: // flip a literal
		j := r.Intn(len(lits))
		lits[j] = -lits[j]
		out[i] = join(t, lits)
		return out, "flip " + out[i]
	case k == 1 && len(lits) > 0: // drop a literal
		j := r.Intn(len(lits))
		lits = append(lits[:j], lits[j+1:]...)
		out[i] = join(t, lits)
		return out, "drop " + out[i]
	case k == 2 && len(lits) > 0: // replace a literal
		lits[r.Intn(len(lits))] = rl()
		out[i] = join(t, lits)
		return out, "replace " + out[i]
	case k == 3: // add a literal
		lits = append(lits, rl())
		if t == "s" || t == "p" {
			return out, "none"
		}
		out[i] = join(t, lits)
		return out, "add " + out[i]
	case k == 4: // delete the line
		out = append(out[:i], out[i+1:]...)
		return out, "delete line " + strconv.Itoa(i+1)
	case k == 5: // duplicate the line
		out = append(out[:i+1], out[i:]...)
		return out, "duplicate line " + strconv.Itoa(i+1)
	case k == 6 && i > 1: // swap with the line before: a lemma before an input, an input inside a query
		out[i-1], out[i] = out[i], out[i-1]
		return out, "move up line " + strconv.Itoa(i+1)
	default: // insert a random short lemma: RUP or not, the rest stays valid
		n := 1 + r.Intn(3)
		var c []int
		for range n {
			c = append(c, rl())
		}
		l := join("l", c)
		out = append(out[:i], append([]string{l}, out[i:]...)...)
		return out, "insert " + l
	}
}

// TestMutatedProofs mutates proofs written by the solver and checks that
// the checker accepts a mutant exactly when the naive reference checker
// does, and fails at the same line. Inserted lemmas are classified by the
// reference's independent RUP test; both classes must occur.
func TestMutatedProofs(t *testing.T) {
	r := rand.New(rand.NewSource(42))
	runs, perRun := 150, 14
	if testing.Short() {
		runs = 30
	}
	var total, passed, failed, rupInserted, nonRUPInserted int
	old := idrup.SetCollectMin(0)
	t.Cleanup(func() { idrup.SetCollectMin(old) })
	report := func(err error) { t.Fatalf("clause database invariant: %v", err) }
	t.Cleanup(idrup.SetInvariantCheck(report)) // off at the end, even after a failure
	for run := range runs {
		// Odd runs compact the clause arena whenever half of it is freed,
		// so moved clauses and rewritten watches meet every mutation.
		if run%2 == 1 {
			idrup.SetCollectMin(0)
		} else {
			idrup.SetCollectMin(old)
		}
		// Half of the runs (with and without compaction) check the
		// clause database's invariants before every line (slow: the
		// whole database each time).
		off := func() {}
		if run%4 < 2 {
			off = idrup.SetInvariantCheck(report)
		}
		_, sc := satgen.Instance(r, run, 0.4)
		opts := satgen.RandomOptions(r)
		opts.ReduceInterval, opts.ReduceIncrement = 20, 5 // deletions in short runs
		var script, proof bytes.Buffer
		sc.WriteICNF(&script)
		s := sat.New(&opts)
		s.SetProof(&proof)
		if _, err := sat.RunICNF(context.Background(), s, &script, "s", nil, false); err != nil {
			t.Fatal(err)
		}
		s.Flush()
		lines := strings.Split(strings.TrimSuffix(proof.String(), "\n"), "\n")
		vars := max(sc.Vars, 1)
		// The unmutated proof checks with both.
		if err := checkProof(proof.Bytes()); err != nil {
			t.Fatalf("run %d: solver proof fails: %v", run, err)
		}
		for range perRun {
			mut, what := mutate(r, lines, vars)
			text := []byte(strings.Join(mut, "\n") + "\n")
			want := (&ref{}).check(text)
			got := failLine(checkProof(text))
			total++
			if got != want {
				t.Fatalf("run %d, mutation %q: checker fails at line %d, reference at line %d (0 = accepted)\n%s", run, what, got, want, text)
			}
			if got == 0 {
				passed++
			} else {
				failed++
			}
			if strings.HasPrefix(what, "insert") {
				if got == 0 {
					rupInserted++
				} else {
					nonRUPInserted++
				}
			}
		}
		off()
	}
	t.Logf("%d mutants: %d accepted, %d rejected; inserted lemmas: %d RUP (accepted), %d not RUP (rejected)", total, passed, failed, rupInserted, nonRUPInserted)
	if rupInserted == 0 || nonRUPInserted == 0 || passed == 0 || failed == 0 {
		t.Error("a class of mutants never occurred; the test lost its power")
	}
}

func checkProof(p []byte) error {
	_, err := idrup.Check(context.Background(), idrup.Source{}, idrup.Source{Name: "p", R: bytes.NewReader(p)}, idrup.Options{})
	return err
}

// proofFromBytes turns fuzz input into a well-formed proof over 6
// variables: each step takes a line type from one byte, a length from the
// next and a literal from each byte after, so the checkers meet their
// state machine and propagation rather than parse errors.
func proofFromBytes(data []byte) []byte {
	types := []string{"i", "i", "l", "l", "l", "d", "w", "r", "q", "s SATISFIABLE", "s UNSATISFIABLE", "m", "u"}
	var b bytes.Buffer
	b.WriteString("p idrup\n")
	for len(data) >= 2 {
		t := types[int(data[0])%len(types)]
		n := int(data[1]) % 5
		data = data[2:]
		b.WriteString(t)
		if t[0] == 's' {
			b.WriteByte('\n')
			continue
		}
		for ; n > 0 && len(data) > 0; n-- {
			v := 1 + int(data[0]>>1)%6
			if data[0]&1 == 1 {
				v = -v
			}
			fmt.Fprintf(&b, " %d", v)
			data = data[1:]
		}
		b.WriteString(" 0\n")
	}
	return b.Bytes()
}

// FuzzAgainstReference checks generated proofs with the watched-literal
// checker and the naive reference (clause lists, propagation by rescans):
// both must accept the same proofs and fail at the same line, and the
// clause database's invariants must hold before every line. This guards
// the checker's speed work (issue 29 §2: watch layout, blocking literals,
// binary clauses in lists of their own propagated first, arena
// compaction) against any change of a verdict.
func FuzzAgainstReference(f *testing.F) {
	f.Add([]byte{0, 2, 2, 4, 0, 1, 3, 2, 3, 4, 8, 0, 10, 11, 12, 1, 3})
	f.Add([]byte{0, 3, 2, 4, 6, 0, 3, 3, 4, 6, 2, 2, 3, 5, 5, 2, 2, 5, 6, 1, 2, 3, 8, 1, 3, 9, 11, 3, 2, 4, 6})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 2000 {
			return
		}
		proof := proofFromBytes(data)
		defer idrup.SetInvariantCheck(func(err error) { t.Fatalf("clause database invariant: %v\n%s", err, proof) })()
		for _, collect := range []int{0, 1 << 16} {
			old := idrup.SetCollectMin(collect)
			got := failLine(checkProof(proof))
			idrup.SetCollectMin(old)
			if want := (&ref{}).check(proof); got != want {
				t.Fatalf("checker fails at line %d, reference at line %d (0 = accepted)\n%s", got, want, proof)
			}
		}
	})
}
