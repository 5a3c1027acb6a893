package campaign

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"
)

// A store written by a tandem of schema version 1 (before the time budget
// was recorded) is migrated when it is opened: its campaigns resume, and
// their time budget starts counting from zero.
func TestMigrateV1(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, DBFile)
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	stmts := append(schemaV1(dialectSQLite),
		`CREATE TABLE schema_version (version INTEGER NOT NULL)`,
		`INSERT INTO schema_version (version) VALUES (1)`,
		`INSERT INTO campaigns (id, system, config, seed, iterations, duration_ns, created_ns) VALUES ('old', 'toy', x'', 4, 0, 2000000000, 0)`)
	for _, st := range stmts {
		if _, err := db.Exec(st); err != nil {
			t.Fatalf("%s: %v", st, err)
		}
	}
	db.Close()

	ctx := context.Background()
	st, err := OpenStore(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var v int
	if err := st.db.QueryRow(`SELECT version FROM schema_version`).Scan(&v); err != nil || v != SchemaVersion || SchemaVersion != 2 {
		t.Fatalf("schema version %d (%v), want %d = 2", v, err, SchemaVersion)
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
