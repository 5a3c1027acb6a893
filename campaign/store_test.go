package campaign

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A store written by a tandem of schema version 1 (before the time budget
// was recorded) is migrated when it is opened: its campaigns resume, and
// their time budget starts counting from zero.
func TestMigrateV1(t *testing.T) {
	dir := t.TempDir()
	oldStore(t, dir, 1, `INSERT INTO campaigns (id, system, config, seed, iterations, duration_ns, created_ns) VALUES ('old', 'toy', x'', 4, 0, 2000000000, 0)`)

	ctx := context.Background()
	st, err := OpenStore(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var v int
	if err := st.db.QueryRow(`SELECT version FROM schema_version`).Scan(&v); err != nil || v != SchemaVersion || SchemaVersion != 3 {
		t.Fatalf("schema version %d (%v), want %d = 3", v, err, SchemaVersion)
	}
	m, err := st.LoadCampaign(ctx, "old")
	if err != nil || m.Duration != 2*time.Second {
		t.Fatalf("campaign after migration: %+v, %v", m, err)
	}
	used, err := st.TimeUsed(ctx, "old", Shard{})
	if err != nil || used != 0 {
		t.Fatalf("time used of a campaign from before: %v, %v", used, err)
	}
	for _, d := range []time.Duration{time.Second, 700 * time.Millisecond, 3 * time.Second} {
		if _, err := st.commit(ctx, "old", "toy", ReduceNone, nil, time.Now(), timeMark{shard: "0/1", used: d}); err != nil {
			t.Fatal(err)
		}
	}
	// The time used only grows.
	if used, err := st.TimeUsed(ctx, "old", Shard{}); err != nil || used != 3*time.Second {
		t.Errorf("time used: %v, %v; want 3s", used, err)
	}
	if used, err := st.TimeUsed(ctx, "old", Shard{K: 1, N: 2}); err != nil || used != 0 {
		t.Errorf("time used of another shard: %v, %v; want 0", used, err)
	}
}

// The report counts fuzzy-deduplicated bugs: two signatures whose messages
// differ in one symbol of a long message are one bug, listed together.
func TestReportClusters(t *testing.T) {
	ctx := context.Background()
	st, err := OpenStore(ctx, "", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, _, err := st.Campaign(ctx, Meta{ID: "c", System: "sys", Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	msg := "unknown constant %s in the assertion that was given to the solver on line 3 of the input after the declarations"
	find := func(sym string) Finding {
		return Finding{Class: APIError, Solver: "z3", SolverVersion: "4.8.12", Message: fmt.Sprintf(msg, sym), Trigger: []byte("(check-sat)")}
	}
	batch := []iterResult{
		{index: 0, worker: "w", findings: []Finding{find("x"), {Class: Crash, Solver: "z3", SolverVersion: "4.8.12", Message: "SIGSEGV"}}},
		{index: 1, worker: "w", findings: []Finding{find("y")}},
		{index: 2, worker: "w", findings: []Finding{find("x")}},
	}
	if _, err := st.commit(ctx, "c", "sys", ReduceNone, batch, time.Now(), timeMark{shard: "0/1"}); err != nil {
		t.Fatal(err)
	}
	r, err := BuildReport(ctx, st, "c")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Signatures) != 3 || len(r.Clusters) != 2 {
		t.Fatalf("%d signatures in %d clusters, want 3 in 2", len(r.Signatures), len(r.Clusters))
	}
	var api Cluster
	for _, c := range r.Clusters {
		if len(c.Signatures) == 2 {
			api = c
		}
	}
	if api.Count != 3 || r.SimilarTo(api.Signatures[1]) != api.Signatures[0] || r.SimilarTo(api.Signatures[0]) != "" {
		t.Errorf("api-error cluster %+v; SimilarTo %q, %q", api, r.SimilarTo(api.Signatures[0]), r.SimilarTo(api.Signatures[1]))
	}
	var html bytes.Buffer
	if err := r.WriteHTML(&html); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"2</b><span>distinct bugs (3 signatures)", "similar message (fuzzy dedup)"} {
		if !strings.Contains(html.String(), want) {
			t.Errorf("the HTML report lacks %q", want)
		}
	}
}

// Calls cut by a system's own limit reach the report as the progress line
// and the summary count them, also in a store migrated from schema
// version 2, whose iterations have none.
func TestReportCountsCuts(t *testing.T) {
	dir := t.TempDir()
	oldStore(t, dir, 2,
		`INSERT INTO campaigns (id, system, config, seed, iterations, duration_ns, created_ns) VALUES ('c', 'sys', x'', 4, 0, 0, 0)`,
		`INSERT INTO iterations VALUES ('c', 0, 'w', 1, 1, 5, 4, 0, 0, 1, 0, 0, 0, 10, 10, 0)`)
	ctx := context.Background()
	st, err := OpenStore(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	batch := []iterResult{{index: 1, worker: "w", stats: Stats{SolverCalls: 6, Sat: 3, LimitCut: 3}}}
	if _, err := st.commit(ctx, "c", "sys", ReduceNone, batch, time.Now(), timeMark{shard: "0/1"}); err != nil {
		t.Fatal(err)
	}
	r, err := BuildReport(ctx, st, "c")
	if err != nil {
		t.Fatal(err)
	}
	if r.Stats.SolverCalls != 11 || r.Stats.LimitCut != 3 || r.Stats.Timeout != 1 {
		t.Fatalf("report stats %+v, want 11 calls, 3 cut, 1 timeout", r.Stats)
	}
	var html bytes.Buffer
	if err := r.WriteHTML(&html); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html.String(), "<td>3</td>") || !strings.Contains(html.String(), ">cut</th>") {
		t.Error("the HTML report's status totals lack the cut column")
	}
}

// oldStore writes a findings store of schema version v (the first v
// migrations) in dir, then runs rows on it: a store from an older tandem.
func oldStore(t *testing.T, dir string, v int, rows ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, DBFile))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var stmts []string
	for _, m := range migrations[:v] {
		stmts = append(stmts, m.sqlite...)
	}
	stmts = append(stmts, `CREATE TABLE schema_version (version INTEGER NOT NULL)`,
		fmt.Sprintf(`INSERT INTO schema_version (version) VALUES (%d)`, v))
	for _, st := range append(stmts, rows...) {
		if _, err := db.Exec(st); err != nil {
			t.Fatalf("%s: %v", st, err)
		}
	}
}
