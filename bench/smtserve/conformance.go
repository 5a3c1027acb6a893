package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"tandem/internal/smtdiff"
	"tandem/internal/testutil"
	"tandem/smtlib"
)

type fileResult struct {
	File      string       `json:"file"`
	Z3        int          `json:"z3_answers"`
	Diff      smtdiff.Diff `json:"diff"`
	Invalid   int          `json:"invalid_models"`
	Unchecked int          `json:"unchecked_models"`
	FuzzAns   int          `json:"fuzz_answers"`
}

type confResult struct {
	Files       int          `json:"files"`
	Answers     int          `json:"answers"`
	Disagree    int          `json:"disagreements"`
	UnknownT    int          `json:"unknown_only_tandem"`
	UnknownZ    int          `json:"unknown_only_z3"`
	Misaligned  int          `json:"misaligned_files"`
	Invalid     int          `json:"invalid_models"`
	Unchecked   int          `json:"unchecked_models"`
	FuzzAnswers int          `json:"fuzz_answers"`
	Bad         []fileResult `json:"bad"`
}

// conformance runs every incremental script of the corpus through tandem
// smt and z3 -in and compares their answers.
func conformance(ctx context.Context, tandemArgv []string, z3 string) confResult {
	files, err := smtdiff.IncrementalFiles(filepath.Join(testutil.SharedDir(), "corpus"))
	if err != nil {
		fatal(err)
	}
	var r confResult
	argv := append(append([]string(nil), tandemArgv...), "--stats")
	for _, f := range files {
		data, err := smtlib.ReadFile(f, "script", 4<<20)
		if err != nil {
			fatal(err)
		}
		za, err := smtdiff.RunStdin(ctx, []string{z3, "-in"}, data, 60*time.Second)
		if err != nil {
			fatal(err)
		}
		ta, err := smtdiff.RunStdin(ctx, argv, data, 60*time.Second)
		if err != nil {
			fatal(err)
		}
		st := parseStats(string(ta.Res.Stderr))
		fr := fileResult{File: strings.TrimPrefix(f, testutil.SharedDir()+"/"), Z3: len(za.Answers), Diff: smtdiff.Compare(ta.Answers, za.Answers),
			Invalid: st[":invalid-fallback-models"], Unchecked: st[":unchecked-fallback-models"], FuzzAns: st[":fuzz-sat"] + st[":fuzz-unsat"]}
		r.Files++
		r.Answers += fr.Diff.Answers
		r.Disagree += fr.Diff.Disagree
		r.UnknownT += fr.Diff.UnknownA
		r.UnknownZ += fr.Diff.UnknownB
		r.Invalid += fr.Invalid
		r.Unchecked += fr.Unchecked
		r.FuzzAnswers += fr.FuzzAns
		if fr.Diff.Misaligned {
			r.Misaligned++
		}
		if fr.Diff.Disagree > 0 || fr.Diff.Misaligned || fr.Invalid > 0 || fr.Diff.UnknownA > 0 {
			r.Bad = append(r.Bad, fr)
			fmt.Fprintf(os.Stderr, "%s: z3 %v, tandem %v\n", fr.File, za.Answers, ta.Answers)
		}
	}
	fmt.Printf("incremental corpus scripts (push/pop, check-sat-assuming, get-value): %d files, %d answers compared\n", r.Files, r.Answers)
	fmt.Printf("disagreements (sat vs unsat) %d; unknown only in tandem %d, only in z3 %d; files with a different number of answers %d\n",
		r.Disagree, r.UnknownT, r.UnknownZ, r.Misaligned)
	fmt.Printf("answered by fuzzing %d; fallback models invalid %d, not decidable by the evaluator %d\n", r.FuzzAnswers, r.Invalid, r.Unchecked)
	return r
}
