// Command fphost checks package smt/fp against the host's IEEE binary32
// and binary64 arithmetic (Go's float32/float64, math.FMA, math.Sqrt,
// math.Remainder, the rounding functions and Go's integer conversions)
// on random operand tuples mixing uniform bit patterns, special values,
// subnormals and values near rounding boundaries. It prints a table and
// optionally writes it as JSON, then a speed table (fp operations per
// second on Float32, Float64 and (11,25), host float64 alongside).
//
//	go run ./bench/fphost -n 10000000 -j 2 -json fphost.json
//	go run ./bench/fphost -n 0 -speed 200000   # only the speed table
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"regexp"
	"sync"
	"text/tabwriter"
	"time"

	"tandem/internal/fptest"
)

type row struct {
	Op         string   `json:"op"`
	Reference  string   `json:"reference"`
	Tuples     int      `json:"tuples"`
	Skipped    int      `json:"skipped"`
	Mismatches int      `json:"mismatches"`
	NsPerTuple float64  `json:"ns_per_tuple"`
	Examples   []string `json:"examples,omitempty"`
}

func main() {
	n := flag.Int("n", 10000000, "tuples per operation")
	jobs := flag.Int("j", 2, "operations checked in parallel")
	seed := flag.Uint64("seed", 1, "base seed (the i-th operation of the full list uses seed+i)")
	out := flag.String("json", "", "write the table as JSON to this file")
	only := flag.String("ops", "", "check only the operations whose names match this regular expression")
	speedN := flag.Int("speed", 200000, "operations per cell of the speed table (0: no speed table)")
	flag.Parse()
	if *n == 0 {
		if *speedN > 0 {
			speed(*speedN)
		}
		return
	}
	ops := fptest.HostOps()
	seedOf := map[string]uint64{} // an operation's seed does not depend on -ops
	for i, op := range ops {
		seedOf[op.Name] = *seed + uint64(i)
	}
	if *only != "" {
		re, err := regexp.Compile(*only)
		if err != nil {
			fmt.Fprintln(os.Stderr, "fphost: -ops:", err)
			os.Exit(2)
		}
		var sel []fptest.HostOp
		for _, op := range ops {
			if re.MatchString(op.Name) {
				sel = append(sel, op)
			}
		}
		ops = sel
	}
	rows := make([]row, len(ops))
	start := time.Now()
	var wg sync.WaitGroup
	next := make(chan int, len(ops))
	for i := range ops { // in list order, so the table fills from the top
		next <- i
	}
	close(next)
	for range max(1, *jobs) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				op := ops[i]
				r := fptest.RunHost(op, *n, seedOf[op.Name])
				rows[i] = row{Op: r.Op, Reference: r.Reference, Tuples: r.Tuples, Skipped: r.Skipped, Mismatches: r.Mismatches,
					NsPerTuple: float64(r.Elapsed.Nanoseconds()) / float64(r.Tuples), Examples: r.Examples}
				fmt.Fprintf(os.Stderr, "%-20s %d tuples, %d mismatches (%v)\n", r.Op, r.Tuples, r.Mismatches, r.Elapsed.Round(time.Millisecond))
			}
		}()
	}
	wg.Wait()
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "operation\treference\ttuples\tskipped\tmismatches\tµs/tuple")
	total, bad := 0, 0
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%.2f\n", r.Op, r.Reference, r.Tuples, r.Skipped, r.Mismatches, r.NsPerTuple/1000)
		total += r.Tuples
		bad += r.Mismatches
	}
	fmt.Fprintf(tw, "total\t\t%d\t\t%d\t(%v wall)\n", total, bad, time.Since(start).Round(time.Second))
	tw.Flush()
	for _, r := range rows {
		for _, e := range r.Examples {
			fmt.Println("mismatch:", e)
		}
	}
	if *speedN > 0 {
		speed(*speedN)
	}
	if *out != "" {
		b, _ := json.MarshalIndent(rows, "", "  ")
		if err := os.WriteFile(*out, append(b, '\n'), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "fphost:", err)
			os.Exit(1)
		}
	}
	if bad > 0 {
		os.Exit(1)
	}
}
