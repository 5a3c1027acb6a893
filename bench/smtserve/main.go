// Command smtserve measures tandem smt as a drop-in for z3 -in (issue 27):
// it generates a concolic-style session from the SAGE queries of the shared
// corpus (internal/smtdiff.Concolic), feeds the same script on standard
// input to `tandem smt --fallback z3` and to `z3 -in`, side by side in one
// run, and prints their check-sat agreement, the share fuzzing answered,
// and the wall and CPU time of each whole process tree. With -corpus it
// instead runs every incremental script of the corpus (push/pop,
// check-sat-assuming, get-value) through both and compares their answers.
//
//	go build -o bin/tandem ./cmd/tandem
//	go run ./bench/smtserve -tandem bin/tandem                # 10,000 queries
//	go run ./bench/smtserve -tandem bin/tandem -corpus        # conformance
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"tandem/internal/smtdiff"
	"tandem/internal/testutil"
	"tandem/solver"
)

func main() {
	tandem := flag.String("tandem", "bin/tandem", "the tandem binary")
	z3 := flag.String("z3", "z3", "the z3 binary")
	queries := flag.Int("queries", 10000, "check-sat commands in the generated script")
	modelEvery := flag.Int("model-every", 10, "a get-model after every N-th check-sat")
	rounds := flag.Int("rounds", 1, "runs of each side, alternating")
	budget := flag.String("budget", "10ms", "tandem smt --budget")
	script := flag.String("script", "", "also write the generated script here")
	corpus := flag.Bool("corpus", false, "compare the corpus's incremental scripts instead")
	jsonOut := flag.String("json", "", "write the results as JSON here")
	only := flag.String("only", "", "run only this side: tandem (z3's columns stay zero)")
	responses := flag.String("responses", "", "write each side's check-sat answers and other responses to this path + .tandem[.answers] / .other[.answers] (to diff them)")
	z3Timeout := flag.Duration("z3-timeout", solver.DefaultCallTimeout, "z3 -in's per-check-sat limit (set-option :timeout), the same limit tandem's fallback has by default; 0 for none")
	baseline := flag.String("baseline", "", "compare against this other tandem binary instead of z3 -in (e.g. one built from main)")
	flag.Parse()
	if *only != "" && *only != "tandem" {
		fatal(fmt.Errorf("-only %q: the only side that runs alone is tandem", *only))
	}
	ctx := context.Background()
	tandemArgv := []string{*tandem, "smt", "--fallback", "z3", "--budget", *budget}
	var out any
	if *corpus {
		out = conformance(ctx, tandemArgv, *z3)
	} else {
		out = speed(ctx, tandemArgv, *z3, *z3Timeout, *queries, *modelEvery, *rounds, *script, *only == "tandem", *baseline, *responses)
	}
	if *jsonOut != "" {
		data, _ := json.MarshalIndent(out, "", "  ")
		if err := os.WriteFile(*jsonOut, append(data, '\n'), 0o644); err != nil {
			fatal(err)
		}
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "bench/smtserve:", err)
	os.Exit(1)
}

type side struct {
	Name   string  `json:"name"`
	WallS  float64 `json:"wall_s"`
	CPUS   float64 `json:"cpu_s"`
	Sat    int     `json:"sat"`
	Unsat  int     `json:"unsat"`
	Unk    int     `json:"unknown"`
	Errors int     `json:"errors"`
}

type speedResult struct {
	Queries     int          `json:"queries"`
	Rounds      int          `json:"rounds"`
	Tandem      side         `json:"tandem"`
	Z3          side         `json:"z3"`
	Diff        smtdiff.Diff `json:"diff"`
	WallSpeedup float64      `json:"wall_speedup"`
	CPUSpeedup  float64      `json:"cpu_speedup"`
	FuzzShare   float64      `json:"fuzz_share"`
	// SeedShare is the share of the queries answered sat by the seed (a
	// recent model) before fuzzing; CacheShare and RefuteShare those
	// answered unsat by tandem's unsat cache and by its refuter;
	// InProcessShare those answered without the fallback (all of them).
	SeedShare      float64        `json:"seed_share"`
	CacheShare     float64        `json:"cache_share"`
	RefuteShare    float64        `json:"refute_share"`
	InProcessShare float64        `json:"in_process_share"`
	TandemStats    map[string]int `json:"tandem_stats"`
	TandemStatsS   string         `json:"tandem_stats_text"`
	// FallbackCPUS is the CPU time of tandem's fallback processes in the
	// last round (:fallback-cpu), OwnCPUS the rest of tandem's tree in
	// that round (its own process), and FloorSpeedup z3's CPU over the
	// fallback's alone: the CPU ratio tandem would reach if its own work
	// cost nothing and fuzzing answered the same queries.
	FallbackCPUS float64 `json:"fallback_cpu_s"`
	OwnCPUS      float64 `json:"own_cpu_s"`
	FloorSpeedup float64 `json:"floor_speedup"`
}

func speed(ctx context.Context, tandemArgv []string, z3 string, z3Timeout time.Duration, queries, modelEvery, rounds int, scriptPath string, tandemOnly bool, baseline, responses string) speedResult {
	sc, n, err := smtdiff.Concolic(filepath.Join(testutil.SharedDir(), "corpus", "sage"), smtdiff.ConcolicOptions{Queries: queries, ModelEvery: modelEvery})
	if err != nil {
		fatal(err)
	}
	if scriptPath != "" {
		if err := os.WriteFile(scriptPath, sc, 0o644); err != nil {
			fatal(err)
		}
	}
	// the statistics come out of the session itself, before exit
	withStats := append(sc[:len(sc)-len("(exit)\n"):len(sc)-len("(exit)\n")], "(get-info :all-statistics)\n(exit)\n"...)
	otherArgv, otherIn := []string{z3, "-in"}, sc
	if z3Timeout > 0 {
		// the same per-query limit as tandem's fallback, so that neither
		// side spends an hour on the few queries neither answers in time
		otherIn = append([]byte(fmt.Sprintf("(set-option :timeout %d)\n", z3Timeout.Milliseconds())), sc...)
	}
	if baseline != "" {
		otherArgv, otherIn = append([]string{baseline}, tandemArgv[1:]...), withStats
	}
	r := speedResult{Queries: n, Rounds: rounds, Tandem: side{Name: strings.Join(tandemArgv, " ")}, Z3: side{Name: strings.Join(otherArgv, " ")}}
	var ta, za *smtdiff.Run
	for i := range rounds {
		run := func(argv []string, s *side, in []byte) *smtdiff.Run {
			res, err := smtdiff.RunStdin(ctx, argv, in, 30*time.Minute)
			if err != nil {
				fatal(err)
			}
			s.WallS += res.Res.Wall.Seconds() / float64(rounds)
			s.CPUS += res.Res.CPU().Seconds() / float64(rounds)
			return res
		}
		if tandemOnly {
			ta = run(tandemArgv, &r.Tandem, withStats)
			za = &smtdiff.Run{}
		} else if i%2 == 0 {
			za = run(otherArgv, &r.Z3, otherIn)
			ta = run(tandemArgv, &r.Tandem, withStats)
		} else {
			ta = run(tandemArgv, &r.Tandem, withStats)
			za = run(otherArgv, &r.Z3, otherIn)
		}
	}
	count(&r.Tandem, ta)
	count(&r.Z3, za)
	r.Diff = smtdiff.Compare(ta.Answers, za.Answers)
	for _, x := range []*smtdiff.Run{ta, za} {
		if x.Res == nil {
			continue
		}
		if x.Res.Signal != "" || x.Res.TreeLimit != "" || x.Res.ExitCode != 0 {
			fmt.Fprintf(os.Stderr, "%s ended with exit %d signal %q tree limit %q (%s): %s\n", x.Res.Argv[0], x.Res.ExitCode, x.Res.Signal, x.Res.TreeLimit, x.Res.Reason, tail(x.Res.Stderr))
		}
	}
	r.WallSpeedup = r.Z3.WallS / r.Tandem.WallS
	r.CPUSpeedup = r.Z3.CPUS / r.Tandem.CPUS
	if len(ta.Res.RawResponses) > 0 {
		r.TandemStatsS = ta.Res.RawResponses[len(ta.Res.RawResponses)-1]
		r.TandemStats = parseStats(r.TandemStatsS)
		if q := r.TandemStats[":queries"]; q > 0 {
			st := r.TandemStats
			r.FuzzShare = float64(st[":fuzz-sat"]+st[":fuzz-unsat"]) / float64(q)
			r.SeedShare = float64(st[":seed-sat"]) / float64(q)
			r.CacheShare = float64(st[":cache-unsat"]) / float64(q)
			r.RefuteShare = float64(st[":refute-unsat"]) / float64(q)
			r.InProcessShare = r.SeedShare + r.FuzzShare + r.CacheShare + r.RefuteShare
		}
		if m := fallbackCPU.FindStringSubmatch(r.TandemStatsS); m != nil {
			r.FallbackCPUS, _ = strconv.ParseFloat(m[1], 64)
			r.OwnCPUS = ta.Res.CPU().Seconds() - r.FallbackCPUS
			if r.FallbackCPUS > 0 {
				r.FloorSpeedup = r.Z3.CPUS / r.FallbackCPUS
			}
		}
	}
	fmt.Printf("concolic script from the SAGE corpus: %d check-sat, get-model every %d, %d round(s) per side, alternating\n", n, modelEvery, rounds)
	fmt.Printf("%-44s %9s %9s %6s %6s %6s %6s\n", "solver", "wall s", "cpu s", "sat", "unsat", "unk", "errors")
	for _, s := range []side{r.Tandem, r.Z3} {
		fmt.Printf("%-44s %9.3f %9.3f %6d %6d %6d %6d\n", s.Name, s.WallS, s.CPUS, s.Sat, s.Unsat, s.Unk, s.Errors)
	}
	fmt.Printf("speed-up (z3 / tandem): wall %.2fx, CPU %.2fx\n", r.WallSpeedup, r.CPUSpeedup)
	fmt.Printf("answers compared %d: disagreements %d, unknown only in tandem %d, only in z3 %d, misaligned %v\n",
		r.Diff.Answers, r.Diff.Disagree, r.Diff.UnknownA, r.Diff.UnknownB, r.Diff.Misaligned)
	fmt.Printf("tandem's CPU in the last round: its own process %.3f s, the fallback's %.3f s (z3 -in / fallback alone: %.2fx, the floor)\n", r.OwnCPUS, r.FallbackCPUS, r.FloorSpeedup)
	fmt.Printf("answered in-process: %.1f%% (seed %.1f%%, fuzzing %.1f%%, unsat cache %.1f%%, refuter %.1f%%); by the fallback: %.1f%%\ntandem statistics: %s\n",
		100*r.InProcessShare, 100*r.SeedShare, 100*r.FuzzShare, 100*r.CacheShare, 100*r.RefuteShare, 100*(1-r.InProcessShare), strings.Join(strings.Fields(r.TandemStatsS), " "))
	if baseline != "" && len(za.Res.RawResponses) > 0 {
		fmt.Printf("baseline statistics: %s\n", strings.Join(strings.Fields(za.Res.RawResponses[len(za.Res.RawResponses)-1]), " "))
	}
	if responses != "" {
		for name, x := range map[string]*smtdiff.Run{".tandem": ta, ".other": za} {
			if x.Res == nil {
				continue
			}
			var answers strings.Builder
			for _, a := range x.Answers {
				fmt.Fprintln(&answers, a)
			}
			if err := os.WriteFile(responses+name+".answers", []byte(answers.String()), 0o644); err != nil {
				fatal(err)
			}
			if err := os.WriteFile(responses+name, []byte(strings.Join(x.Res.RawResponses, "\n")+"\n"), 0o644); err != nil {
				fatal(err)
			}
		}
	}
	return r
}

func count(s *side, r *smtdiff.Run) {
	if r.Res == nil { // the side did not run (-only)
		return
	}
	for _, a := range r.Answers {
		switch a.String() {
		case "sat":
			s.Sat++
		case "unsat":
			s.Unsat++
		default:
			s.Unk++
		}
	}
	s.Errors = len(r.Res.Errors)
}

var fallbackCPU = regexp.MustCompile(`:fallback-cpu\s+([0-9.]+)`)

var statPair = regexp.MustCompile(`(:[a-z-]+)\s+([0-9]+)(\s|\))`)

func parseStats(text string) map[string]int {
	out := map[string]int{}
	for _, m := range statPair.FindAllStringSubmatch(text, -1) {
		n, _ := strconv.Atoi(m[2])
		out[m[1]] = n
	}
	return out
}

func tail(b []byte) string {
	if len(b) > 2000 {
		b = b[len(b)-2000:]
	}
	return string(b)
}
