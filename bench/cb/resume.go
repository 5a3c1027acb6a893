package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"tandem/cbsolve"
	"tandem/cbsolve/cbox"
	"tandem/solver"
)

// record is one line of results.jsonl: one instance solved in one mode.
// A run appends a record as soon as a job ends, and skips the jobs whose
// record is there (same instance, mode, seed and timeout), so an
// interrupted run resumes where it stopped.
type record struct {
	Instance string  `json:"instance"`
	Source   string  `json:"source"`
	Expected string  `json:"expected"`
	Mode     string  `json:"mode"`
	Seed     uint64  `json:"seed"`
	Timeout  float64 `json:"timeout_s"`
	// SolveTimeout is the --timeout tandem solve was given in a child
	// process (clock "cpu"). Records without it come from runs that gave
	// ten times the CPU limit, which skews cdfl (see runProcess), and are
	// not resumed.
	SolveTimeout float64 `json:"solve_timeout_s,omitempty"`
	Status       string  `json:"status"`
	Reason       string  `json:"reason,omitempty"`
	Wrong        string  `json:"wrong,omitempty"`
	// Seconds is the time the table and the cactus plot count: the CPU
	// time of tandem solve's process tree (user+sys, z3 included) with
	// -tandem, the wall time of the in-process call without it.
	Seconds float64       `json:"seconds"`
	Clock   string        `json:"clock"` // "cpu" or "wall"
	Wall    float64       `json:"wall_s"`
	Stats   cbsolve.Stats `json:"stats"`
}

func (r *record) key() string {
	return fmt.Sprintf("%s\t%s\t%d\t%g", r.Instance, r.Mode, r.Seed, r.Timeout)
}

func jobKey(in *instance, mode string, timeout time.Duration) string {
	return fmt.Sprintf("%s\t%s\t%d\t%g", in.Name, mode, in.Seed, timeout.Seconds())
}

// readRecords reads results.jsonl; a missing file is no records, and a
// torn last line (a run killed mid-write) is dropped.
func readRecords(path string) ([]*record, error) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []*record
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	n := 0
	for sc.Scan() {
		n++
		var r record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			fmt.Fprintf(os.Stderr, "cb: %s:%d: skipping a line that is not a record: %v\n", path, n, err)
			continue
		}
		out = append(out, &r)
	}
	return out, sc.Err()
}

func appendRecord(f *os.File, o *outcome, timeout time.Duration, clock string) error {
	r := record{Instance: o.Inst.Name, Source: o.Inst.Source, Expected: o.Inst.Expected, Mode: o.Mode, Seed: o.Inst.Seed,
		Timeout: timeout.Seconds(), Status: o.Status, Reason: o.Reason, Wrong: o.Wrong, Seconds: o.Time.Seconds(),
		Clock: clock, Wall: o.Wall.Seconds(), Stats: o.Stats}
	if clock == "cpu" {
		r.SolveTimeout = timeout.Seconds()
	}
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = f.Write(append(b, '\n'))
	return err
}

// resumed turns the records of earlier runs into outcomes of the chosen
// instances, and says which jobs they cover.
func resumed(recs []*record, insts []*instance, modes []cbsolve.Mode, timeout time.Duration) ([]*outcome, map[string]bool) {
	byName := map[string]*instance{}
	for _, in := range insts {
		byName[in.Name] = in
	}
	want := map[string]bool{}
	for _, m := range modes {
		want[m.String()] = true
	}
	done := map[string]bool{}
	var outs []*outcome
	for _, r := range recs {
		in := byName[r.Instance]
		if in == nil || !want[r.Mode] || r.Seed != in.Seed || r.Timeout != timeout.Seconds() || done[r.key()] {
			continue
		}
		if r.Clock == "cpu" && r.SolveTimeout != r.Timeout {
			continue // an old child-process record: tandem had ten times the limit
		}
		done[r.key()] = true
		o := &outcome{Inst: in, Mode: r.Mode, Status: r.Status, Reason: r.Reason, Wrong: r.Wrong,
			Time: secs(r.Seconds), Wall: secs(r.Wall), Stats: r.Stats}
		// the label may have changed since: judge the answer again
		if o.Wrong == "" && ((o.Status == "unsat" && in.Expected == "sat") || (o.Status == "sat" && in.Expected == "unsat")) {
			o.Wrong = fmt.Sprintf("%s, but the instance is labelled %s", o.Status, in.Expected)
		}
		outs = append(outs, o)
	}
	return outs, done
}

func secs(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// runProcess solves one instance in one mode with tandem solve as a child
// process (the binary at bin), limited to timeout of CPU time of its whole
// process tree (z3 included) and killed with its descendants past it.
// tandem's own --timeout is the same: cdfl sizes its phases from it (the
// pre-check and the surrogate check get a quarter each), and ten times the
// limit, as this bench passed before, let cdfl spend the whole CPU limit in
// phases sized for ten minutes. --timeout is wall time, so run the bench
// with -j at most the free cores: on a loaded machine it ends jobs before
// their CPU limit. A sat model is re-validated here, with freshly opened
// boxes.
func runProcess(bin string, in *instance, mode cbsolve.Mode, timeout, cbTimeout time.Duration, smtName string) *outcome {
	o := &outcome{Inst: in, Mode: mode.String()}
	args := []string{"solve", in.Path, "--json", "--mode", mode.String(), "--smt", smtName,
		"--timeout", timeout.String(), "--cb-timeout", cbTimeout.String(), "--seed", fmt.Sprint(in.Seed)}
	names := make([]string, 0, len(in.Boxes))
	for n := range in.Boxes {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if impl := in.Boxes[n]; impl == "define" {
			args = append(args, "--cb-from-define", n)
		} else {
			args = append(args, "--cb", n+"="+impl)
		}
	}
	if in.Oracles != "" {
		args = append(args, "--oracle-dir", in.Oracles)
	}
	p := solver.Command("tandem", bin, args...)
	res, err := solver.Run(context.Background(), p, solver.BytesInput(nil), solver.RunOptions{Limits: solver.Limits{
		CPU: timeout, Wall: 10*timeout + 30*time.Second, Memory: 4 << 30}})
	if err != nil {
		o.Status, o.Reason = "error", err.Error()
		return o
	}
	o.Time, o.Wall = res.CPU(), res.Wall
	var out struct {
		Status string        `json:"status"`
		Reason string        `json:"reason"`
		Model  string        `json:"model"`
		Stats  cbsolve.Stats `json:"stats"`
	}
	if jerr := json.Unmarshal(res.Stdout, &out); jerr != nil {
		switch {
		case res.TreeLimit == "cpu" || res.Status == solver.StatusTimeout:
			o.Status, o.Reason = "unknown", "timeout (CPU limit of the process tree)"
		case res.TreeLimit == "memory" || res.Status == solver.StatusMemout:
			o.Status, o.Reason = "unknown", "memout"
		default:
			o.Status = "error"
			o.Reason = fmt.Sprintf("exit %d %s: %s", res.ExitCode, res.Signal, firstLine(string(res.Stderr)))
		}
		return o
	}
	o.Status, o.Reason, o.Stats = out.Status, out.Reason, out.Stats
	switch {
	case o.Status == "sat":
		if why := revalidate(context.Background(), in, out.Model, cbox.Options{CallTimeout: cbTimeout}); why != "" {
			o.Wrong = "sat model does not re-validate: " + why
		} else if in.Expected == "unsat" {
			o.Wrong = "sat (re-validated) but the label says unsat: the label is wrong"
		}
	case o.Status == "unsat" && in.Expected == "sat":
		o.Wrong = "unsat but the instance is sat"
	}
	return o
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
