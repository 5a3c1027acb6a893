package campaign

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// ReportDir builds the report of the campaign in dir (store overrides the
// store its campaign.json names, e.g. to give a PostgreSQL password) and,
// unless noExport, first rewrites dir's findings directories from the
// store, so that a shared campaign's report links to every worker's bugs.
func ReportDir(ctx context.Context, dir, store string, noExport bool) (*Report, error) {
	id, st, err := openDirStore(ctx, dir, store)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	rep, err := BuildReport(ctx, st, id)
	if err != nil {
		return nil, err
	}
	if !noExport {
		if _, err := ExportFindings(ctx, st, rep.Campaign, filepath.Join(dir, FindingsDir)); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

// WriteHTMLFile writes the report's page to the file path, whole or not
// at all.
func (r *Report) WriteHTMLFile(path string) error {
	var buf bytes.Buffer
	if err := r.WriteHTML(&buf); err != nil {
		return fmt.Errorf("rendering the report: %w", err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing the report: %w", err)
	}
	return nil
}

// WriteText writes the replay as `tandem replay` prints it: the iteration,
// its findings now, and whether they are the ones the store recorded.
func (r *Replayed) WriteText(w io.Writer) {
	fmt.Fprintf(w, "campaign %s, system %s, iteration %d, seed %d: %d finding(s) in %s, %d solver call(s)\n",
		r.Campaign, r.System, r.Iteration, r.Seed, len(r.Findings), r.Wall.Round(1e6), r.Stats.SolverCalls)
	for i, f := range r.Findings {
		fmt.Fprintf(w, "  [%d] %s %s %s: %s\n", i, r.Signatures[i], f.Class, f.Solver, f.Message)
	}
	switch {
	case !r.Done:
		fmt.Fprintln(w, "the store has not recorded this iteration as done")
	case r.Same:
		fmt.Fprintln(w, "same findings as recorded in the store")
	default:
		fmt.Fprintf(w, "DIFFERENT from the store, which recorded %d finding(s): %v\n", len(r.Stored), r.Stored)
	}
}

// openDirStore opens the store of the campaign directory dir (the one its
// campaign.json names, unless store is set) and returns the campaign's id.
func openDirStore(ctx context.Context, dir, store string) (string, *Store, error) {
	id, dstore, _, err := ReadDirMeta(dir)
	if err != nil {
		return "", nil, err
	}
	if store == "" {
		store = dstore
	}
	st, err := OpenStore(ctx, store, dir)
	if err != nil {
		return "", nil, err
	}
	return id, st, nil
}
