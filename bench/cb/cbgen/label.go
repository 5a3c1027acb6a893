package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"tandem/smtlib"
	"tandem/solver"
)

// Label is the independent run behind an instance's manifest row: z3 and
// cvc5 on the transparent version (the boxes as define-funs), and the
// critical-path check.
type Label struct {
	Name string
	// Hash is the SHA-256 of the transparent and pure scripts: a label is
	// reused only for the same inputs.
	Hash           string
	Z3, CVC5       string // answers on the transparent version
	Z3Sec, CVC5Sec float64
	// Expected is the agreed status: sat or unsat when at least one solver
	// answered and none contradicts it, unknown when neither answered,
	// disagree when they contradict each other.
	Expected string
	Pure     string // z3 on the pure version (boxes uninterpreted)
	// Critical is "yes: …" when the box is on the critical path (the pure
	// version's status differs, or the uninterpreted models of z3 and cvc5
	// violate the box), "no: …" when it is not.
	Critical string
}

const labelHeader = "name\thash\tz3\tz3_s\tcvc5\tcvc5_s\texpected\tpure\tcritical"

func readLabels(path string) (map[string]*Label, error) {
	out := map[string]*Label{}
	data, err := smtlib.ReadFile(path, "labels", 0)
	if os.IsNotExist(err) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	sc.Buffer(nil, 1<<20)
	first := true
	for sc.Scan() {
		if first {
			first = false
			continue
		}
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 9 {
			continue
		}
		z3s, _ := strconv.ParseFloat(f[3], 64)
		c5s, _ := strconv.ParseFloat(f[5], 64)
		out[f[0]] = &Label{Name: f[0], Hash: f[1], Z3: f[2], Z3Sec: z3s, CVC5: f[4], CVC5Sec: c5s, Expected: f[6], Pure: f[7], Critical: f[8]}
	}
	return out, sc.Err()
}

func writeLabels(path string, labels map[string]*Label) error {
	var names []string
	for n := range labels {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString(labelHeader + "\n")
	for _, n := range names {
		l := labels[n]
		fmt.Fprintf(&b, "%s\t%s\t%s\t%.2f\t%s\t%.2f\t%s\t%s\t%s\n", l.Name, l.Hash, l.Z3, l.Z3Sec, l.CVC5, l.CVC5Sec, l.Expected, l.Pure, l.Critical)
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

func inputHash(in *Instance) string {
	h := sha256.Sum256([]byte(in.Script("transparent") + "\x00" + in.Script("pure")))
	return hex.EncodeToString(h[:8])
}

// labeller runs the solvers with CPU and memory limits.
type labeller struct {
	z3, cvc5 *solver.Profile
	limit    time.Duration
}

func newLabeller(limit time.Duration) (*labeller, error) {
	reg := solver.NewRegistry()
	z3, err := reg.Lookup("z3")
	if err != nil {
		return nil, err
	}
	cvc5, err := reg.Lookup("cvc5")
	if err != nil {
		return nil, err
	}
	return &labeller{z3: z3, cvc5: cvc5, limit: limit}, nil
}

// run answers sat, unsat, unknown (or timeout, error…) and the get-value
// response, if any.
func (l *labeller) run(ctx context.Context, p *solver.Profile, script string, limit time.Duration) (string, string, float64, error) {
	res, err := solver.Run(ctx, p, solver.BytesInput([]byte(script)), solver.RunOptions{Limits: solver.Limits{
		CPU: limit, Wall: 3*limit + 30*time.Second, Memory: 4 << 30}})
	if err != nil {
		return "", "", 0, err
	}
	st := res.Status.String()
	if len(res.Answers) > 0 {
		st = res.Answers[0].String()
	}
	if st == "error" && len(res.Errors) > 0 {
		return "", "", 0, fmt.Errorf("%s: %s", p.Name, res.Errors[0])
	}
	values := strings.Join(res.RawResponses, " ")
	return st, values, res.CPU().Seconds(), nil
}

var valuePair = regexp.MustCompile(`\(([xy][0-9]+)\s+(#x[0-9a-fA-F]+|#b[01]+|\(_ bv[0-9]+ [0-9]+\))\)`)

// fixes turns a get-value response into assertions fixing the constants.
func fixes(values string) []string {
	var out []string
	for _, m := range valuePair.FindAllStringSubmatch(values, -1) {
		out = append(out, fmt.Sprintf("(assert (= %s %s))", m[1], m[2]))
	}
	return out
}

func withValues(script string, consts []string) string {
	s := strings.TrimSuffix(script, "(check-sat)\n")
	return "(set-option :produce-models true)\n" + s + "(check-sat)\n(get-value (" + strings.Join(consts, " ") + "))\n"
}

// Label labels one instance.
func (l *labeller) Label(ctx context.Context, in *Instance) (*Label, error) {
	lab := &Label{Name: in.Name, Hash: inputHash(in)}
	tr := in.Script("transparent")
	var err error
	if lab.Z3, _, lab.Z3Sec, err = l.run(ctx, l.z3, tr, l.limit); err != nil {
		return nil, err
	}
	if lab.CVC5, _, lab.CVC5Sec, err = l.run(ctx, l.cvc5, tr, l.limit); err != nil {
		return nil, err
	}
	lab.Expected = agree(lab.Z3, lab.CVC5)
	pure := withValues(in.Script("pure"), in.Consts)
	var why []string
	violated := 0
	for _, p := range []*solver.Profile{l.z3, l.cvc5} {
		st, values, _, err := l.run(ctx, p, pure, l.limit)
		if err != nil {
			return nil, err
		}
		if p == l.z3 {
			lab.Pure = st
		}
		if st != "sat" {
			why = append(why, fmt.Sprintf("%s %s on the pure version", p.Name, st))
			continue
		}
		fx := fixes(values)
		if len(fx) != len(in.Consts) {
			return nil, fmt.Errorf("%s: %s's get-value %q gives %d of %d constants", in.Name, p.Name, values, len(fx), len(in.Consts))
		}
		// Does the uninterpreted model's assignment satisfy the formula
		// with the real boxes?
		check := strings.TrimSuffix(tr, "(check-sat)\n") + strings.Join(fx, "\n") + "\n(check-sat)\n"
		st2, _, _, err := l.run(ctx, l.z3, check, l.limit)
		if err != nil {
			return nil, err
		}
		switch st2 {
		case "unsat":
			violated++
			why = append(why, fmt.Sprintf("%s's uninterpreted model violates the box", p.Name))
		case "sat":
			why = append(why, fmt.Sprintf("%s's uninterpreted model (%s) satisfies it with the box", p.Name, strings.Join(fx, " ")))
		default:
			why = append(why, fmt.Sprintf("%s's uninterpreted model could not be checked (%s)", p.Name, st2))
		}
	}
	switch {
	case lab.Expected == "unsat" && lab.Pure == "sat":
		lab.Critical = "yes: unsat, but sat with the box uninterpreted (" + strings.Join(why, "; ") + ")"
	case lab.Expected == "unsat":
		lab.Critical = "no: unsat without the box (" + strings.Join(why, "; ") + ")"
	case violated == 2:
		lab.Critical = "yes: " + strings.Join(why, "; ")
	default:
		lab.Critical = "no: " + strings.Join(why, "; ")
	}
	return lab, nil
}

func agree(a, b string) string {
	isAns := func(s string) bool { return s == "sat" || s == "unsat" }
	switch {
	case isAns(a) && isAns(b) && a != b:
		return "disagree"
	case isAns(a):
		return a
	case isAns(b):
		return b
	}
	return "unknown"
}

// labelAll labels the instances whose inputs changed, j at a time,
// saving the labels file after each one (an interrupted run resumes).
func labelAll(ctx context.Context, insts []*Instance, path string, limit time.Duration, j int, progress func(string)) (map[string]*Label, error) {
	labels, err := readLabels(path)
	if err != nil {
		return nil, err
	}
	l, err := newLabeller(limit)
	if err != nil {
		return nil, err
	}
	var todo []*Instance
	keep := map[string]*Label{}
	for _, in := range insts {
		// keep a label for the same inputs, unless a solver ran out of
		// time before its CPU limit (a loaded machine's wall limit)
		if old := labels[in.Name]; old != nil && old.Hash == inputHash(in) && !cutShort(old, limit) {
			keep[in.Name] = old
		} else {
			todo = append(todo, in)
		}
	}
	// new instances first, floating point (slow to bit-blast) after the
	// others, reruns of labels cut short last
	rank := func(in *Instance) int {
		r := 0
		if labels[in.Name] != nil {
			r += 2
		}
		if in.Family.Kind == "float" {
			r++
		}
		return r
	}
	sort.SliceStable(todo, func(i, j int) bool { return rank(todo[i]) < rank(todo[j]) })
	var mu sync.Mutex
	var firstErr error
	ch := make(chan *Instance)
	var wg sync.WaitGroup
	for w := 0; w < max(j, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for in := range ch {
				lab, err := l.Label(ctx, in)
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
				} else {
					keep[in.Name] = lab
					if err := writeLabels(path, keep); err != nil && firstErr == nil {
						firstErr = err
					}
					progress(fmt.Sprintf("%-34s z3 %-7s %6.2fs cvc5 %-7s %6.2fs pure %-7s %s", in.Name, lab.Z3, lab.Z3Sec, lab.CVC5, lab.CVC5Sec, lab.Pure, lab.Critical))
				}
				mu.Unlock()
			}
		}()
	}
	for _, in := range todo {
		ch <- in
	}
	close(ch)
	wg.Wait()
	if firstErr != nil {
		return keep, firstErr
	}
	return keep, writeLabels(path, keep)
}

// cutShort says that neither solver answered and one timed out with less
// than its CPU limit used (the wall limit of a loaded machine ended it), so
// the label is made again.
func cutShort(l *Label, limit time.Duration) bool {
	if l.Expected != "unknown" {
		return false
	}
	short := 0.9 * limit.Seconds()
	return (l.Z3 == "timeout" && l.Z3Sec < short) || (l.CVC5 == "timeout" && l.CVC5Sec < short)
}
