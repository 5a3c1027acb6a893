// Command reducesuite runs tandem reduce on the planted-bug suite
// (package internal/reducesuite): inputs from the shared corpus, each with a
// fake solver that crashes on a nesting of two operators or answers unsat
// when two assertions hold two operators. It builds tandem and the fake
// solver, reduces every case through the CLI, and checks that the result
// still triggers the bug, that z3 parses it, and how close it is to the
// planted core. With -jobs 1,2 it runs the suite once per -j value and
// reports the speed-up.
//
//	go run ./bench/reducesuite -jobs 1,2 -json reducereducesuite.json
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"tandem/internal/reducesuite"
	"tandem/smtlib"
)

// Row is one reduction.
type Row struct {
	Case         string  `json:"case"`
	Bug          string  `json:"bug"`
	Jobs         int     `json:"jobs"`
	Before       int     `json:"bytes_before"`
	After        int     `json:"bytes_after"`
	Asserts      int     `json:"asserts"`
	Nodes        int     `json:"nodes"`
	IdealAsserts int     `json:"ideal_asserts"`
	IdealNodes   int     `json:"ideal_nodes"`
	Tests        int     `json:"tests"`
	Secs         float64 `json:"seconds"`
	Triggers     bool    `json:"still_triggers"`
	Z3Parses     bool    `json:"z3_parses"`
	AtCore       bool    `json:"at_most_core"`
	Err          string  `json:"error,omitempty"`
}

func main() {
	corpus := flag.String("corpus", "../shared/corpus", "the shared corpus folder")
	per := flag.Int("per-group", 0, "files per corpus group (0: the suite's default, 43 cases in all)")
	jobsList := flag.String("jobs", "1", "comma-separated -j values to run the suite with")
	jsonOut := flag.String("json", "", "write the rows as JSON to this file")
	flag.Parse()

	cases, err := reducesuite.Cases(*corpus, *per)
	if err != nil {
		fail(err)
	}
	dir, err := os.MkdirTemp("", "reducesuite-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)
	tandem := filepath.Join(dir, "tandem")
	fake := filepath.Join(dir, "fakesolver")
	for _, b := range [][2]string{{tandem, "./cmd/tandem"}, {fake, "./internal/reducesuite/fakesolver"}} {
		if out, err := exec.Command("go", "build", "-o", b[0], b[1]).CombinedOutput(); err != nil {
			fail(fmt.Errorf("go build %s: %v\n%s (run from the repository root)", b[1], err, out))
		}
	}
	z3, _ := exec.LookPath("z3")
	var rows []Row
	totals := map[int]float64{}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "case\tbug\t-j\tbytes\t→\tasserts\tnodes\tcore\ttests\tsecs\tok\t")
	for _, js := range strings.Split(*jobsList, ",") {
		j, err := strconv.Atoi(strings.TrimSpace(js))
		if err != nil || j < 1 {
			fail(fmt.Errorf("-jobs %q: want numbers like 1,2", *jobsList))
		}
		for i, c := range cases {
			r := run(dir, tandem, fake, z3, c, i, j)
			rows = append(rows, r)
			totals[j] += r.Secs
			ok := r.Triggers && r.Z3Parses && r.AtCore && r.Err == ""
			fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d/%d\t%d\t%.1f\t%v\t\n", short(c.Name), c.Bug, j, r.Before, r.After,
				r.Asserts, r.Nodes, r.IdealAsserts, r.IdealNodes, r.Tests, r.Secs, ok)
			tw.Flush()
		}
	}
	tw.Flush()
	summarize(rows, totals)
	if *jsonOut != "" {
		b, _ := json.MarshalIndent(rows, "", "  ")
		if err := os.WriteFile(*jsonOut, b, 0o644); err != nil {
			fail(err)
		}
	}
}

func short(s string) string {
	s = strings.TrimPrefix(s, "seeds/")
	if len(s) > 48 {
		return s[:22] + "…" + s[len(s)-25:]
	}
	return s
}

func run(dir, tandem, fake, z3 string, c reducesuite.Case, i, j int) Row {
	r := Row{Case: c.Name, Bug: c.Bug.String(), Jobs: j, Before: len(c.Src), IdealAsserts: c.IdealAsserts, IdealNodes: c.IdealNodes}
	out := filepath.Join(dir, fmt.Sprintf("out%d-j%d.smt2", i, j))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	start := time.Now()
	cmd := exec.CommandContext(ctx, tandem, "reduce", "-j", strconv.Itoa(j), c.Path, out, "--", fake, "-bug", c.Bug.String())
	stderr, err := cmd.CombinedOutput()
	r.Secs = time.Since(start).Seconds()
	if err != nil {
		r.Err = fmt.Sprintf("%v: %s", err, stderr)
		return r
	}
	// The summary line: "... N tests (...".
	if k := strings.Index(string(stderr), " tests ("); k > 0 {
		f := strings.Fields(string(stderr[:k]))
		r.Tests, _ = strconv.Atoi(f[len(f)-1])
	}
	src, err := os.ReadFile(out)
	if err != nil {
		r.Err = err.Error()
		return r
	}
	r.After = len(src)
	sc, err := smtlib.Parse(out, src)
	if err != nil {
		r.Err = "tandem cannot parse the result: " + err.Error()
		return r
	}
	r.Triggers = reducesuite.Triggers(sc, c.Bug)
	r.Asserts, r.Nodes = reducesuite.Size(sc)
	r.AtCore = r.Asserts <= c.IdealAsserts && r.Nodes <= c.IdealNodes
	if z3 != "" {
		chk := filepath.Join(dir, fmt.Sprintf("chk%d-j%d.smt2", i, j))
		os.WriteFile(chk, append(src, []byte("(exit)\n")...), 0o644)
		zo, zerr := exec.Command(z3, "-smt2", "-T:10", chk).CombinedOutput()
		r.Z3Parses = zerr == nil && !strings.Contains(string(zo), "error")
		if !r.Z3Parses {
			r.Err = "z3: " + strings.TrimSpace(string(zo))
		}
	}
	return r
}

func summarize(rows []Row, totals map[int]float64) {
	byJobs := map[int][]Row{}
	for _, r := range rows {
		byJobs[r.Jobs] = append(byJobs[r.Jobs], r)
	}
	for j, rs := range byJobs {
		var before, after, tests, trig, z3ok, core int
		for _, r := range rs {
			before += r.Before
			after += r.After
			tests += r.Tests
			if r.Triggers {
				trig++
			}
			if r.Z3Parses {
				z3ok++
			}
			if r.AtCore {
				core++
			}
		}
		fmt.Printf("-j %d: %d cases, %d -> %d bytes, %d tests, %.1f s; still trigger %d/%d, z3 parses %d/%d, at most the core %d/%d\n",
			j, len(rs), before, after, tests, totals[j], trig, len(rs), z3ok, len(rs), core, len(rs))
	}
	if t1, t2 := totals[1], totals[2]; t1 > 0 && t2 > 0 {
		fmt.Printf("speed-up of -j 2 over -j 1: %.2fx (%.1f s vs %.1f s)\n", t1/t2, t1, t2)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "reducesuite:", err)
	os.Exit(2)
}
