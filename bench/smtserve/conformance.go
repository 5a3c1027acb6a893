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
	InProcess int          `json:"in_process_answers"`
	// Z3Errors counts z3 -in's error responses: when one refuses a
	// declaration or assertion, z3 answers a different question from the
	// script's (it drops the command) and tandem's fallback is out of
	// step, so a disagreement there is not z3's word against tandem's on
	// the same formula.
	Z3Errors int `json:"z3_errors"`
}

type confResult struct {
	Files       int `json:"files"`
	Answers     int `json:"answers"`
	Disagree    int `json:"disagreements"`
	UnknownT    int `json:"unknown_only_tandem"`
	UnknownZ    int `json:"unknown_only_z3"`
	Misaligned  int `json:"misaligned_files"`
	Invalid     int `json:"invalid_models"`
	Unchecked   int `json:"unchecked_models"`
	FuzzAnswers int `json:"fuzz_answers"`
	// InProcess counts the answers tandem gave without its fallback (the
	// seed, fuzzing, the unsat cache, the refuter).
	InProcess int `json:"in_process_answers"`
	// DisagreeZ3Refused counts the disagreements in files where z3
	// answered a command with an error (see fileResult.Z3Errors).
	DisagreeZ3Refused int          `json:"disagreements_z3_refused"`
	Bad               []fileResult `json:"bad"`
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
			Invalid: st[":invalid-fallback-models"], Unchecked: st[":unchecked-fallback-models"], FuzzAns: st[":fuzz-sat"] + st[":fuzz-unsat"],
			InProcess: st[":seed-sat"] + st[":fuzz-sat"] + st[":fuzz-unsat"] + st[":cache-unsat"] + st[":refute-unsat"], Z3Errors: len(za.Res.Errors)}
		r.Files++
		r.Answers += fr.Diff.Answers
		r.Disagree += fr.Diff.Disagree
		r.UnknownT += fr.Diff.UnknownA
		r.UnknownZ += fr.Diff.UnknownB
		r.Invalid += fr.Invalid
		r.Unchecked += fr.Unchecked
		r.FuzzAnswers += fr.FuzzAns
		r.InProcess += fr.InProcess
		if fr.Z3Errors > 0 {
			r.DisagreeZ3Refused += fr.Diff.Disagree
		}
		if fr.Diff.Misaligned {
			r.Misaligned++
		}
		if fr.Diff.Disagree > 0 || fr.Diff.Misaligned || fr.Invalid > 0 || fr.Diff.UnknownA > 0 {
			r.Bad = append(r.Bad, fr)
			fmt.Fprintf(os.Stderr, "%s: z3 %v, tandem %v (z3 errors: %d)\n", fr.File, za.Answers, ta.Answers, fr.Z3Errors)
		}
	}
	fmt.Printf("incremental corpus scripts (push/pop, check-sat-assuming, get-value): %d files, %d answers compared\n", r.Files, r.Answers)
	fmt.Printf("disagreements (sat vs unsat) %d, of which in files where z3 answered a command with an error %d; unknown only in tandem %d, only in z3 %d; files with a different number of answers %d\n",
		r.Disagree, r.DisagreeZ3Refused, r.UnknownT, r.UnknownZ, r.Misaligned)
	fmt.Printf("answered in-process %d (by fuzzing %d); fallback models invalid %d, not decidable by the evaluator %d\n", r.InProcess, r.FuzzAnswers, r.Invalid, r.Unchecked)
	return r
}
