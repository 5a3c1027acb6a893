package campaign

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// FindingsDir is the folder of the campaign directory that holds one
// directory per signature (see ExportSignature).
const FindingsDir = "findings"

var classWhat = map[Class]string{
	Soundness:    "The solver gives a wrong answer: an oracle independent of the solver says the opposite.",
	InvalidModel: "The solver answers sat with a model that does not satisfy the input.",
	Crash:        "The solver crashes, fails an internal assertion or fails its own self-check.",
	Disagreement: "Solvers (or option sets of one solver) give different answers on the same input; no oracle says which is right.",
	Performance:  "The solver is much slower on this input than a reference solver or option set.",
	APIError:     "The solver rejects a valid input (or API call) with an error.",
}

// SignatureDirName is the name of a signature's directory under FindingsDir:
// class-signature.
func SignatureDirName(class Class, sig string) string { return string(class) + "-" + sig }

// ExportSignature writes (or rewrites) the directory of one signature under
// root, for a solver developer to use directly:
//
//	trigger.EXT    the smallest trigger: reduced when a reduction succeeded
//	original.EXT   the smallest unreduced trigger found
//	command.txt    the exact command line that shows the problem on trigger.EXT
//	output.txt     the solver's output on original.EXT
//	versions.txt   solver and version
//	finding.json   everything above as data, and how to replay it
//	README.md      what is wrong, the evidence, how to reproduce it
//
// Files are written to a temporary directory that then replaces the old
// one, so a reader never sees half a directory.
func ExportSignature(ctx context.Context, st *Store, meta Meta, sig, root string) error {
	row, err := st.SignatureRow(ctx, meta.ID, sig)
	if err != nil {
		return err
	}
	f, err := st.Finding(ctx, meta.ID, row.SmallestIter, row.SmallestIdx)
	if err != nil {
		return err
	}
	name := SignatureDirName(row.Class, sig)
	final := filepath.Join(root, name)
	if err := os.MkdirAll(root, 0o755); err != nil {
		return fmt.Errorf("creating %s: %w", root, err)
	}
	tmp, err := os.MkdirTemp(root, ".tmp-"+name+"-")
	if err != nil {
		return fmt.Errorf("writing finding %s: %w", sig, err)
	}
	defer os.RemoveAll(tmp)
	ext := f.ext()
	trigger := f.Trigger
	reduced := row.Reduced != nil && (row.ReduceStatus == ReduceVerified || row.ReduceStatus == ReduceUnverified)
	if reduced {
		trigger = row.Reduced
	}
	cmd := commandLine(f.Command, "trigger"+ext)
	files := map[string][]byte{
		"trigger" + ext:  trigger,
		"original" + ext: f.Trigger,
		"output.txt":     f.Output,
		"command.txt":    []byte(cmd + "\n"),
		"versions.txt":   []byte(fmt.Sprintf("solver: %s\nversion: %s\nsystem: %s\n", f.Solver, f.SolverVersion, meta.System)),
		"README.md":      []byte(readme(meta, row, f, cmd, reduced)),
	}
	info := map[string]any{
		"campaign":         meta.ID,
		"system":           meta.System,
		"seed":             meta.Seed,
		"iteration":        f.Iteration,
		"iteration_seed":   IterationSeed(meta.Seed, f.Iteration),
		"index":            f.Index,
		"signature":        row,
		"finding":          f.Finding,
		"command":          cmd,
		"replay":           fmt.Sprintf("tandem replay DIR %d", f.Iteration),
		"trigger_reduced":  reduced,
		"exported":         time.Now().UTC(),
		"original_size":    len(f.Trigger),
		"trigger_size":     len(trigger),
		"signature_sample": row.Key,
	}
	js, _ := json.MarshalIndent(info, "", "  ")
	files["finding.json"] = append(js, '\n')
	for n, data := range files {
		if err := os.WriteFile(filepath.Join(tmp, n), data, 0o644); err != nil {
			return fmt.Errorf("writing finding %s: %w", sig, err)
		}
	}
	old := final + ".old"
	os.RemoveAll(old)
	if _, err := os.Stat(final); err == nil {
		if err := os.Rename(final, old); err != nil {
			return fmt.Errorf("replacing %s: %w", final, err)
		}
	}
	if err := os.Rename(tmp, final); err != nil {
		return fmt.Errorf("writing %s: %w", final, err)
	}
	os.RemoveAll(old)
	return nil
}

// ExportFindings writes the directory of every signature of the campaign
// under root and returns how many it wrote.
func ExportFindings(ctx context.Context, st *Store, meta Meta, root string) (int, error) {
	rows, err := st.Signatures(ctx, meta.ID)
	if err != nil {
		return 0, err
	}
	for _, r := range rows {
		if err := ExportSignature(ctx, st, meta, r.Signature, root); err != nil {
			return 0, err
		}
	}
	return len(rows), nil
}

// commandLine prints argv for a POSIX shell, with the trigger's path in
// place of FilePlaceholder (appended when argv has none and reads no
// standard input).
func commandLine(argv []string, trigger string) string {
	if len(argv) == 0 {
		return "# this finding has no command line: see README.md"
	}
	var parts []string
	found := false
	for _, a := range argv {
		if strings.Contains(a, FilePlaceholder) {
			a = strings.ReplaceAll(a, FilePlaceholder, trigger)
			found = true
		}
		parts = append(parts, quoteArg(a))
	}
	if !found {
		return strings.Join(parts, " ") + " < " + trigger
	}
	return strings.Join(parts, " ")
}

func readme(meta Meta, row *SignatureRow, f *StoredFinding, cmd string, reduced bool) string {
	var b strings.Builder
	solverName := f.Solver
	if solverName == "" {
		solverName = meta.System
	}
	if f.SolverVersion != "" {
		solverName += " " + f.SolverVersion
	}
	fmt.Fprintf(&b, "# %s: %s\n\n", row.Class, oneLine(f.Message, 200))
	fmt.Fprintf(&b, "**What is wrong.** %s\n\n", classWhat[row.Class])
	fmt.Fprintf(&b, "```\n%s\n```\n\n", strings.TrimSpace(f.Message))
	fmt.Fprintf(&b, "| | |\n|---|---|\n")
	fmt.Fprintf(&b, "| solver | `%s` |\n", solverName)
	fmt.Fprintf(&b, "| class | %s |\n", row.Class)
	fmt.Fprintf(&b, "| seen | %d time(s); first in iteration %d, %s |\n", row.Count, row.FirstIter, row.First.UTC().Format(time.RFC3339))
	fmt.Fprintf(&b, "| signature | `%s` |\n", row.Signature)
	fmt.Fprintf(&b, "| dedup key | `%s` |\n", strings.ReplaceAll(row.Key, "|", "\\|"))
	fmt.Fprintf(&b, "| found by | tandem %s, campaign `%s`, seed %d, iteration %d |\n\n", meta.System, meta.ID, meta.Seed, f.Iteration)

	fmt.Fprintf(&b, "## Reproduce\n\n```sh\n%s\n```\n\n", cmd)
	if reduced {
		fmt.Fprintf(&b, "`trigger%s` is reduced (%s; %s). `original%s` is the input as found (%d bytes).\n\n",
			f.ext(), row.ReduceNote, row.ReduceStatus, f.ext(), len(f.Trigger))
	} else {
		note := map[string]string{
			ReducePending: "not reduced yet (reduction pending)",
			ReduceNone:    "not reduced (no reducer for this system)",
			ReduceOff:     "not reduced (the campaign runs with --no-reduce; reduce it with tandem reduce)",
			ReduceFailed:  "not reduced (" + row.ReduceNote + ")",
		}[row.ReduceStatus]
		fmt.Fprintf(&b, "`trigger%s` is the smallest input found (%d bytes), %s.\n\n", f.ext(), len(f.Trigger), note)
	}
	if d := strings.TrimSpace(f.Details); d != "" {
		fmt.Fprintf(&b, "## Evidence\n\n%s\n\n", d)
	}
	if out := strings.TrimSpace(string(f.Output)); out != "" {
		lines := strings.Split(out, "\n")
		more := ""
		if len(lines) > 40 {
			more = fmt.Sprintf("\n… %d more lines in output.txt", len(lines)-40)
			lines = lines[:40]
		}
		fmt.Fprintf(&b, "## Solver output (on original%s)\n\n```\n%s%s\n```\n\n", f.ext(), strings.Join(lines, "\n"), more)
	}
	fmt.Fprintf(&b, "## Files\n\n`trigger%s`, `original%s`, `command.txt`, `output.txt`, `versions.txt`, `finding.json`.\n", f.ext(), f.ext())
	fmt.Fprintf(&b, "Re-run the iteration that found it with `tandem replay <campaign dir> %d`.\n", f.Iteration)
	return b.String()
}
