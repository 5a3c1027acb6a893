package campaign

import (
	"context"
	"fmt"
	"os"
	"time"
)

// Replayed is the outcome of re-running one iteration of a campaign.
type Replayed struct {
	Campaign  string `json:"campaign"`
	System    string `json:"system"`
	Iteration uint64 `json:"iteration"`
	Seed      uint64 `json:"seed"`
	// Findings are what the iteration finds now, with their Signatures.
	Findings   []Finding     `json:"findings"`
	Signatures []string      `json:"signatures"`
	Stats      Stats         `json:"stats"`
	Wall       time.Duration `json:"wall_ns"`
	// Stored are the signatures the store recorded for this iteration,
	// in index order; Done says whether the iteration was recorded as done.
	Stored []string `json:"stored"`
	Done   bool     `json:"done"`
	// Same says the replay found exactly the stored signatures, in order.
	Same bool `json:"same"`
}

// Replay re-runs iteration index of the campaign in dir (its store may be
// overridden with store, e.g. to give a PostgreSQL password) through the
// system that made the campaign, with the iteration's own seed, and
// compares what it finds with what the store recorded. Nothing is written.
func Replay(ctx context.Context, dir string, index uint64, store string) (*Replayed, error) {
	id, st, err := openDirStore(ctx, dir, store)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	meta, err := st.LoadCampaign(ctx, id)
	if err != nil {
		return nil, err
	}
	if meta.Iterations > 0 && index >= meta.Iterations {
		return nil, fmt.Errorf("iteration %d is outside the campaign's budget of %d iterations (0 … %d)", index, meta.Iterations, meta.Iterations-1)
	}
	sys, err := NewSystem(meta.System, meta.Config)
	if err != nil {
		return nil, err
	}
	defer closeSystem(sys)
	scratch, err := os.MkdirTemp("", "tandem-replay-")
	if err != nil {
		return nil, fmt.Errorf("creating a scratch directory: %w", err)
	}
	defer os.RemoveAll(scratch)
	it := NewIteration(meta.Seed, index)
	it.Scratch = scratch
	t0 := time.Now()
	fs, stats, err := safeIterate(ctx, sys, it)
	if err != nil {
		return nil, fmt.Errorf("replaying iteration %d: %w", index, err)
	}
	out := &Replayed{Campaign: meta.ID, System: meta.System, Iteration: index, Seed: it.Seed,
		Findings: fs, Stats: stats, Wall: time.Since(t0)}
	for i := range fs {
		out.Signatures = append(out.Signatures, Signature(meta.System, &fs[i]))
	}
	var n int
	err = st.db.QueryRowContext(ctx, st.q(`SELECT COUNT(*) FROM iterations WHERE campaign = ? AND iter = ?`), id, int64(index)).Scan(&n)
	if err != nil {
		return nil, fmt.Errorf("reading the store: %w", err)
	}
	out.Done = n > 0
	rows, err := st.db.QueryContext(ctx, st.q(`SELECT signature FROM findings WHERE campaign = ? AND iter = ? ORDER BY idx`), id, int64(index))
	if err != nil {
		return nil, fmt.Errorf("reading the store: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out.Stored = append(out.Stored, s)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out.Same = out.Done && len(out.Stored) == len(out.Signatures)
	for i := range out.Stored {
		if out.Same && out.Stored[i] != out.Signatures[i] {
			out.Same = false
		}
	}
	return out, nil
}
