package campaign

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	_ "modernc.org/sqlite"             // the "sqlite" database/sql driver (pure Go)

	"tandem/internal/cli"
)

// DBFile is the SQLite findings store's file name in a campaign directory.
const DBFile = "findings.db"

type dialect int

const (
	dialectSQLite dialect = iota
	dialectPostgres
)

// Store is a campaign's findings store: embedded SQLite in WAL mode (one file
// per campaign directory), or a PostgreSQL database that many worker
// processes on many machines share, holding any number of campaigns.
//
// Every write is one transaction that is idempotent: findings are keyed by
// (campaign, iteration, index within the iteration) and an iteration is
// recorded as done in the same transaction that commits its findings, so a
// process killed at any moment loses only iterations that were not yet
// done, and re-running them adds nothing twice.
type Store struct {
	db      *sql.DB
	dialect dialect
	where   string // for messages: the file path, or the URL without password
}

// IsPostgres reports whether spec names a PostgreSQL store
// (postgres://… or postgresql://…).
func IsPostgres(spec string) bool {
	return strings.HasPrefix(spec, "postgres://") || strings.HasPrefix(spec, "postgresql://")
}

// RedactURL removes the password from a store URL, so it can be printed and
// written to campaign.json (pgx reads PGPASSWORD and ~/.pgpass).
func RedactURL(spec string) string {
	u, err := url.Parse(spec)
	if err != nil || u.User == nil {
		return spec
	}
	if _, has := u.User.Password(); has {
		u.User = url.User(u.User.Username())
	}
	return u.String()
}

// OpenStore opens (creating and migrating it when needed) the store named by
// spec: "" means the SQLite file DBFile in dir; a postgres:// or
// postgresql:// URL means PostgreSQL; anything else is the path of a SQLite
// file.
func OpenStore(ctx context.Context, spec, dir string) (*Store, error) {
	var s *Store
	if IsPostgres(spec) {
		db, err := sql.Open("pgx", spec)
		if err != nil {
			return nil, fmt.Errorf("opening PostgreSQL store %s: %w", RedactURL(spec), err)
		}
		db.SetMaxOpenConns(8)
		s = &Store{db: db, dialect: dialectPostgres, where: RedactURL(spec)}
	} else {
		path := spec
		if path == "" {
			if dir == "" {
				return nil, cli.Option("Store", errors.New("no store: give a campaign directory or a store"))
			}
			path = filepath.Join(dir, DBFile)
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, fmt.Errorf("creating the store's directory: %w", err)
		}
		// WAL: readers (tandem report) never block the campaign. synchronous
		// NORMAL: a committed transaction survives a crash of the process
		// (kill -9); only a power failure can lose the last commits.
		// _txlock=immediate: a write transaction takes the write lock when
		// it begins, so two processes never deadlock upgrading read locks.
		dsn := "file:" + path + "?_pragma=busy_timeout(30000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_txlock=immediate"
		db, err := sql.Open("sqlite", dsn)
		if err != nil {
			return nil, fmt.Errorf("opening SQLite store %s: %w", path, err)
		}
		db.SetMaxOpenConns(4)
		s = &Store{db: db, dialect: dialectSQLite, where: path}
	}
	if err := s.db.PingContext(ctx); err != nil {
		s.db.Close()
		if s.dialect == dialectPostgres {
			return nil, fmt.Errorf("connecting to the findings store %s: %w (is the server running and the URL right?)", s.where, err)
		}
		return nil, fmt.Errorf("opening the SQLite findings store %s: %w (%s)", s.where, err, sqliteHint(err))
	}
	if err := s.migrate(ctx); err != nil {
		s.db.Close()
		return nil, err
	}
	return s, nil
}

// Close closes the store.
func (s *Store) Close() error { return s.db.Close() }

// String says where the store is (without a password).
func (s *Store) String() string { return s.where }

// q rewrites ? placeholders for PostgreSQL ($1, $2, …).
func (s *Store) q(query string) string {
	if s.dialect != dialectPostgres {
		return query
	}
	var b strings.Builder
	n := 0
	for i := 0; i < len(query); i++ {
		if query[i] == '?' {
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteByte(query[i])
	}
	return b.String()
}

// migration is one step of the schema; the step numbered i (from 1) brings
// the schema from version i-1 to i.
type migration struct {
	sqlite, postgres []string
}

func blobType(d dialect) string {
	if d == dialectPostgres {
		return "BYTEA"
	}
	return "BLOB"
}

func schemaV1(d dialect) []string {
	blob := blobType(d)
	return []string{
		`CREATE TABLE campaigns (
			id TEXT PRIMARY KEY,
			system TEXT NOT NULL,
			config ` + blob + `,
			seed BIGINT NOT NULL,
			iterations BIGINT NOT NULL,
			duration_ns BIGINT NOT NULL,
			created_ns BIGINT NOT NULL
		)`,
		`CREATE TABLE iterations (
			campaign TEXT NOT NULL,
			iter BIGINT NOT NULL,
			worker TEXT NOT NULL,
			finished_ns BIGINT NOT NULL,
			wall_ns BIGINT NOT NULL,
			solver_calls BIGINT NOT NULL,
			sat BIGINT NOT NULL, unsat BIGINT NOT NULL, unknown BIGINT NOT NULL,
			timeout BIGINT NOT NULL, crash BIGINT NOT NULL, memout BIGINT NOT NULL,
			error BIGINT NOT NULL,
			solver_cpu_ns BIGINT NOT NULL,
			solver_wall_ns BIGINT NOT NULL,
			findings INTEGER NOT NULL,
			PRIMARY KEY (campaign, iter)
		)`,
		`CREATE TABLE findings (
			campaign TEXT NOT NULL,
			iter BIGINT NOT NULL,
			idx INTEGER NOT NULL,
			signature TEXT NOT NULL,
			class TEXT NOT NULL,
			solver TEXT NOT NULL,
			solver_version TEXT NOT NULL,
			message TEXT NOT NULL,
			trigger_data ` + blob + ` NOT NULL,
			trigger_ext TEXT NOT NULL,
			command TEXT NOT NULL,
			output ` + blob + ` NOT NULL,
			details TEXT NOT NULL,
			found_ns BIGINT NOT NULL,
			PRIMARY KEY (campaign, iter, idx)
		)`,
		`CREATE INDEX findings_by_signature ON findings (campaign, signature)`,
		`CREATE TABLE signatures (
			campaign TEXT NOT NULL,
			signature TEXT NOT NULL,
			sig_key TEXT NOT NULL,
			class TEXT NOT NULL,
			solver TEXT NOT NULL,
			solver_version TEXT NOT NULL,
			count BIGINT NOT NULL,
			first_iter BIGINT NOT NULL,
			first_idx INTEGER NOT NULL,
			first_ns BIGINT NOT NULL,
			smallest_size BIGINT NOT NULL,
			smallest_iter BIGINT NOT NULL,
			smallest_idx INTEGER NOT NULL,
			reduce_status TEXT NOT NULL,
			reduced ` + blob + `,
			reduce_note TEXT NOT NULL DEFAULT '',
			PRIMARY KEY (campaign, signature)
		)`,
		`CREATE TABLE counters (
			campaign TEXT NOT NULL,
			name TEXT NOT NULL,
			value BIGINT NOT NULL,
			PRIMARY KEY (campaign, name)
		)`,
	}
}

// schemaV2 records the time each shard of a campaign has run, so a time
// budget counts every run of the campaign, not each resume afresh.
var schemaV2 = []string{
	`CREATE TABLE time_used (
		campaign TEXT NOT NULL,
		shard TEXT NOT NULL,
		used_ns BIGINT NOT NULL,
		PRIMARY KEY (campaign, shard)
	)`,
}

// schemaV3 records each iteration's calls cut by the system's own limit
// (Stats.LimitCut, DIVER's adaptive per-mutant limit), so that a report
// counts them as the progress line and the summary do; iterations from
// before have none.
var schemaV3 = []string{
	`ALTER TABLE iterations ADD COLUMN limit_cut BIGINT NOT NULL DEFAULT 0`,
}

// migrations, in order. Never edit a released step: add one.
var migrations = []migration{
	{sqlite: schemaV1(dialectSQLite), postgres: schemaV1(dialectPostgres)},
	{sqlite: schemaV2, postgres: schemaV2},
	{sqlite: schemaV3, postgres: schemaV3},
}

// SchemaVersion is the schema version this build writes.
var SchemaVersion = len(migrations)

func (s *Store) migrate(ctx context.Context) error {
	fail := func(err error) error {
		if s.dialect == dialectSQLite {
			return fmt.Errorf("migrating the findings store %s: %w (%s)", s.where, err, sqliteHint(err))
		}
		return fmt.Errorf("migrating the findings store %s: %w", s.where, err)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fail(err)
	}
	defer tx.Rollback()
	if s.dialect == dialectPostgres {
		// Workers that start together migrate one at a time.
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(727364)`); err != nil {
			return fail(err)
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return fail(err)
	}
	var v int
	switch err := tx.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v); {
	case errors.Is(err, sql.ErrNoRows):
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version) VALUES (0)`); err != nil {
			return fail(err)
		}
	case err != nil:
		return fail(err)
	}
	if v > len(migrations) {
		return fmt.Errorf("the findings store %s has schema version %d, newer than this tandem (%d): use a newer tandem", s.where, v, len(migrations))
	}
	for i := v; i < len(migrations); i++ {
		stmts := migrations[i].sqlite
		if s.dialect == dialectPostgres {
			stmts = migrations[i].postgres
		}
		for _, st := range stmts {
			if _, err := tx.ExecContext(ctx, st); err != nil {
				return fail(fmt.Errorf("step %d: %w", i+1, err))
			}
		}
	}
	if v < len(migrations) {
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE schema_version SET version = ?`), len(migrations)); err != nil {
			return fail(err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fail(err)
	}
	return nil
}

// Meta describes a campaign: what it runs and how it was started. It is
// stored once, when the campaign is created; every worker and every resume
// reads it back, so all of them run the same system the same way.
type Meta struct {
	ID         string          `json:"id"`
	System     string          `json:"system"`
	Config     json.RawMessage `json:"config,omitempty"`
	Seed       uint64          `json:"seed"`
	Iterations uint64          `json:"iterations"` // 0: no iteration budget
	Duration   time.Duration   `json:"duration_ns"`
	Created    time.Time       `json:"created"`
}

// ErrNoCampaign is returned when the store does not hold the campaign.
var ErrNoCampaign = errors.New("no such campaign in the store")

// Campaign returns the stored campaign m.ID, creating it from m when it does
// not exist yet. created says which happened. When it exists, its system,
// configuration and seed must equal m's: workers of one campaign must run
// the same thing.
func (s *Store) Campaign(ctx context.Context, m Meta) (stored Meta, created bool, err error) {
	res, err := s.db.ExecContext(ctx, s.q(`INSERT INTO campaigns (id, system, config, seed, iterations, duration_ns, created_ns)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`),
		m.ID, m.System, nonNil(m.Config), int64(m.Seed), int64(m.Iterations), int64(m.Duration), m.Created.UnixNano())
	if err != nil {
		return Meta{}, false, fmt.Errorf("creating campaign %q in %s: %w", m.ID, s.where, err)
	}
	n, _ := res.RowsAffected()
	stored, err = s.LoadCampaign(ctx, m.ID)
	if err != nil {
		return Meta{}, false, err
	}
	if n == 0 && (stored.System != m.System || string(stored.Config) != string(m.Config) || stored.Seed != m.Seed) {
		return stored, false, cli.Option("Campaign", fmt.Errorf("campaign %q already exists in %s as system %s with seed %d and another configuration: resume it, or give the new campaign another id",
			m.ID, s.where, stored.System, stored.Seed))
	}
	return stored, n == 1, nil
}

// LoadCampaign reads the campaign id.
func (s *Store) LoadCampaign(ctx context.Context, id string) (Meta, error) {
	var m Meta
	var seed, iters, dur, created int64
	err := s.db.QueryRowContext(ctx, s.q(`SELECT id, system, config, seed, iterations, duration_ns, created_ns FROM campaigns WHERE id = ?`), id).
		Scan(&m.ID, &m.System, &m.Config, &seed, &iters, &dur, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return Meta{}, fmt.Errorf("campaign %q in %s: %w", id, s.where, ErrNoCampaign)
	}
	if err != nil {
		return Meta{}, fmt.Errorf("reading campaign %q from %s: %w", id, s.where, err)
	}
	m.Seed, m.Iterations, m.Duration = uint64(seed), uint64(iters), time.Duration(dur)
	m.Created = time.Unix(0, created)
	return m, nil
}

// SetBudget changes the stored budget of campaign id: its iteration count
// and its time budget (per shard; see TimeUsed).
func (s *Store) SetBudget(ctx context.Context, id string, iterations uint64, duration time.Duration) error {
	if _, err := s.db.ExecContext(ctx, s.q(`UPDATE campaigns SET iterations = ?, duration_ns = ? WHERE id = ?`),
		int64(iterations), int64(duration), id); err != nil {
		return fmt.Errorf("changing the budget of campaign %q in %s: %w", id, s.where, err)
	}
	return nil
}

// TimeUsed is how long shard sh of campaign id has run, over all its runs
// so far: what its time budget has used. It is written with every commit
// and at least every DefaultQuietBatchDelay while the campaign runs, so a
// kill -9 loses at most about that much of it.
func (s *Store) TimeUsed(ctx context.Context, id string, sh Shard) (time.Duration, error) {
	var ns int64
	err := s.db.QueryRowContext(ctx, s.q(`SELECT used_ns FROM time_used WHERE campaign = ? AND shard = ?`), id, sh.norm().String()).Scan(&ns)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("reading the time used by campaign %q from %s: %w", id, s.where, err)
	}
	return time.Duration(ns), nil
}

// timeMark is a shard's time used, written with a commit.
type timeMark struct {
	shard string
	used  time.Duration
}

// CampaignIDs lists the campaigns in the store.
func (s *Store) CampaignIDs(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM campaigns ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("listing campaigns in %s: %w", s.where, err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// DoneIterations returns, sorted, the done iterations of campaign id that
// belong to shard sh.
func (s *Store) DoneIterations(ctx context.Context, id string, sh Shard) ([]uint64, error) {
	sh = sh.norm()
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT iter FROM iterations WHERE campaign = ? AND iter % ? = ? ORDER BY iter`), id, sh.N, sh.K)
	if err != nil {
		return nil, fmt.Errorf("reading done iterations from %s: %w", s.where, err)
	}
	defer rows.Close()
	var out []uint64
	for rows.Next() {
		var it int64
		if err := rows.Scan(&it); err != nil {
			return nil, err
		}
		out = append(out, uint64(it))
	}
	return out, rows.Err()
}

// iterResult is what a worker hands the committer.
type iterResult struct {
	index    uint64
	worker   string
	wall     time.Duration
	findings []Finding
	stats    Stats
	// cut: an iteration cut short whose confirmed findings are kept
	// (CutKeeper): its findings are stored (at CutFindingIndex+idx), the
	// iteration is not marked done and its stats are counted elsewhere
	cut bool
}

// NewSignature is a signature seen for the first time by a commit.
type NewSignature struct {
	Signature string
	Iteration uint64
	Index     int
	Finding   Finding
}

type sigDelta struct {
	key                  string
	f                    *Finding // the first occurrence in the batch
	count                int64
	firstIter, smallIter uint64
	firstIdx, smallIdx   int
	smallSize            int64
}

// commit records a batch of finished iterations in one transaction and
// returns the signatures it created. Iterations already recorded as done
// (by a racing worker) are skipped whole.
func (s *Store) commit(ctx context.Context, id, system, pendingStatus string, batch []iterResult, now time.Time, tm timeMark) ([]NewSignature, error) {
	var out []NewSignature
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		out, err = s.commitOnce(ctx, id, system, pendingStatus, batch, now, tm)
		if err == nil || !retryable(err) {
			break
		}
		time.Sleep(time.Duration(attempt+1) * 20 * time.Millisecond)
	}
	if err != nil {
		return nil, fmt.Errorf("committing %d iterations to %s: %w", len(batch), s.where, err)
	}
	return out, nil
}

func retryable(err error) bool {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Code == "40P01" || pe.Code == "40001" // deadlock, serialization failure
	}
	return strings.Contains(err.Error(), "SQLITE_BUSY") || strings.Contains(err.Error(), "database is locked")
}

func (s *Store) commitOnce(ctx context.Context, id, system, pendingStatus string, batch []iterResult, now time.Time, tm timeMark) ([]NewSignature, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	// The time used only grows: a late writer with an older value (another
	// process on the same shard) does not take time back.
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO time_used (campaign, shard, used_ns) VALUES (?, ?, ?)
		ON CONFLICT (campaign, shard) DO UPDATE SET
			used_ns = CASE WHEN excluded.used_ns > time_used.used_ns THEN excluded.used_ns ELSE time_used.used_ns END`),
		id, tm.shard, int64(tm.used)); err != nil {
		return nil, err
	}
	if len(batch) == 0 {
		return nil, tx.Commit()
	}
	insIter, err := tx.PrepareContext(ctx, s.q(`INSERT INTO iterations (campaign, iter, worker, finished_ns, wall_ns, solver_calls,
		sat, unsat, unknown, timeout, crash, memout, error, solver_cpu_ns, solver_wall_ns, findings, limit_cut)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (campaign, iter) DO NOTHING`))
	if err != nil {
		return nil, err
	}
	defer insIter.Close()
	var insFind *sql.Stmt
	deltas := map[string]*sigDelta{}
	counters := map[string]int64{}
	ns := now.UnixNano()
	for _, r := range batch {
		st := r.stats
		base := 0
		if r.cut {
			base = CutFindingIndex
		} else {
			res, err := insIter.ExecContext(ctx, id, int64(r.index), r.worker, ns, int64(r.wall), st.SolverCalls,
				st.Sat, st.Unsat, st.Unknown, st.Timeout, st.Crash, st.Memout, st.Error, int64(st.SolverCPU), int64(st.SolverWall), len(r.findings), st.LimitCut)
			if err != nil {
				return nil, err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				continue // done by someone else already: add nothing twice
			}
			for k, v := range st.Counters {
				counters[k] += v
			}
		}
		for i := range r.findings {
			f, idx := &r.findings[i], base+i
			if insFind == nil {
				insFind, err = tx.PrepareContext(ctx, s.q(`INSERT INTO findings (campaign, iter, idx, signature, class, solver, solver_version,
					message, trigger_data, trigger_ext, command, output, details, found_ns)
					VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (campaign, iter, idx) DO NOTHING`))
				if err != nil {
					return nil, err
				}
				defer insFind.Close()
			}
			sig := Signature(system, f)
			res, err := insFind.ExecContext(ctx, id, int64(r.index), idx, sig, text(string(f.Class)), text(f.Solver), text(f.SolverVersion),
				text(f.Message), nonNil(f.Trigger), text(f.ext()), text(encodeCommand(f.Command)), nonNil(f.Output), text(f.Details), ns)
			if err != nil {
				return nil, err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				continue
			}
			d := deltas[sig]
			size := int64(len(f.Trigger))
			if d == nil {
				d = &sigDelta{key: SignatureKey(system, f), f: f, firstIter: r.index, firstIdx: idx,
					smallIter: r.index, smallIdx: idx, smallSize: size}
				deltas[sig] = d
			} else {
				if less(r.index, idx, d.firstIter, d.firstIdx) {
					d.firstIter, d.firstIdx, d.f = r.index, idx, f
				}
				if size < d.smallSize || size == d.smallSize && less(r.index, idx, d.smallIter, d.smallIdx) {
					d.smallSize, d.smallIter, d.smallIdx = size, r.index, idx
				}
			}
			d.count++
		}
	}
	// Upsert in signature order so concurrent PostgreSQL writers lock rows
	// in one order and cannot deadlock.
	sigs := make([]string, 0, len(deltas))
	for k := range deltas {
		sigs = append(sigs, k)
	}
	sort.Strings(sigs)
	var out []NewSignature
	for _, k := range sigs {
		d := deltas[k]
		var count int64
		err := tx.QueryRowContext(ctx, s.q(`INSERT INTO signatures (campaign, signature, sig_key, class, solver, solver_version, count,
			first_iter, first_idx, first_ns, smallest_size, smallest_iter, smallest_idx, reduce_status)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (campaign, signature) DO UPDATE SET
				count = signatures.count + excluded.count,
				first_iter = CASE WHEN (excluded.first_iter, excluded.first_idx) < (signatures.first_iter, signatures.first_idx) THEN excluded.first_iter ELSE signatures.first_iter END,
				first_idx = CASE WHEN (excluded.first_iter, excluded.first_idx) < (signatures.first_iter, signatures.first_idx) THEN excluded.first_idx ELSE signatures.first_idx END,
				first_ns = CASE WHEN excluded.first_ns < signatures.first_ns THEN excluded.first_ns ELSE signatures.first_ns END,
				smallest_size = CASE WHEN (excluded.smallest_size, excluded.smallest_iter, excluded.smallest_idx) < (signatures.smallest_size, signatures.smallest_iter, signatures.smallest_idx) THEN excluded.smallest_size ELSE signatures.smallest_size END,
				smallest_iter = CASE WHEN (excluded.smallest_size, excluded.smallest_iter, excluded.smallest_idx) < (signatures.smallest_size, signatures.smallest_iter, signatures.smallest_idx) THEN excluded.smallest_iter ELSE signatures.smallest_iter END,
				smallest_idx = CASE WHEN (excluded.smallest_size, excluded.smallest_iter, excluded.smallest_idx) < (signatures.smallest_size, signatures.smallest_iter, signatures.smallest_idx) THEN excluded.smallest_idx ELSE signatures.smallest_idx END
			RETURNING count`),
			id, k, text(d.key), text(string(d.f.Class)), text(d.f.Solver), text(d.f.SolverVersion), d.count,
			int64(d.firstIter), d.firstIdx, ns, d.smallSize, int64(d.smallIter), d.smallIdx, pendingStatus).Scan(&count)
		if err != nil {
			return nil, err
		}
		if count == d.count {
			out = append(out, NewSignature{Signature: k, Iteration: d.firstIter, Index: d.firstIdx, Finding: *d.f})
		}
	}
	names := make([]string, 0, len(counters))
	for k := range counters {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO counters (campaign, name, value) VALUES (?, ?, ?)
			ON CONFLICT (campaign, name) DO UPDATE SET value = counters.value + excluded.value`), id, k, counters[k]); err != nil {
			return nil, err
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	return out, nil
}

func less(i1 uint64, x1 int, i2 uint64, x2 int) bool {
	return i1 < i2 || i1 == i2 && x1 < x2
}

func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// encodeCommand stores argv as a JSON array.
func encodeCommand(argv []string) string {
	if len(argv) == 0 {
		return ""
	}
	js, _ := json.Marshal(argv)
	return string(js)
}

func decodeCommand(s string) []string {
	var argv []string
	if s != "" && json.Unmarshal([]byte(s), &argv) != nil {
		return []string{s}
	}
	return argv
}

// text makes s storable as TEXT in both stores: valid UTF-8 without NUL
// bytes (PostgreSQL rejects both; solver messages may contain either).
func text(s string) string {
	s = strings.ToValidUTF8(s, "\ufffd")
	return strings.ReplaceAll(s, "\x00", "\\0")
}

// StoredFinding is one finding as the store holds it.
type StoredFinding struct {
	Iteration uint64    `json:"iteration"`
	Index     int       `json:"index"`
	Signature string    `json:"signature"`
	Found     time.Time `json:"found"`
	Finding
}

// Findings returns every finding of campaign id, by iteration and index.
// With withData false, Trigger and Output are left empty.
func (s *Store) Findings(ctx context.Context, id string, withData bool) ([]StoredFinding, error) {
	cols := `x'', x''`
	if s.dialect == dialectPostgres {
		cols = `''::bytea, ''::bytea`
	}
	if withData {
		cols = `trigger_data, output`
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT iter, idx, signature, found_ns, class, solver, solver_version, message, `+cols+`,
		trigger_ext, command, details FROM findings WHERE campaign = ? ORDER BY iter, idx`), id)
	if err != nil {
		return nil, fmt.Errorf("reading findings from %s: %w", s.where, err)
	}
	defer rows.Close()
	var out []StoredFinding
	for rows.Next() {
		var f StoredFinding
		var iter, found int64
		var class, cmd string
		if err := rows.Scan(&iter, &f.Index, &f.Signature, &found, &class, &f.Solver, &f.SolverVersion, &f.Message,
			&f.Trigger, &f.Output, &f.TriggerExt, &cmd, &f.Details); err != nil {
			return nil, fmt.Errorf("reading findings from %s: %w", s.where, err)
		}
		f.Iteration, f.Found, f.Class, f.Command = uint64(iter), time.Unix(0, found), Class(class), decodeCommand(cmd)
		out = append(out, f)
	}
	return out, rows.Err()
}

// Finding returns one stored finding with its data.
func (s *Store) Finding(ctx context.Context, id string, iter uint64, idx int) (*StoredFinding, error) {
	var f StoredFinding
	var found int64
	var class, cmd string
	err := s.db.QueryRowContext(ctx, s.q(`SELECT signature, found_ns, class, solver, solver_version, message, trigger_data, output,
		trigger_ext, command, details FROM findings WHERE campaign = ? AND iter = ? AND idx = ?`), id, int64(iter), idx).
		Scan(&f.Signature, &found, &class, &f.Solver, &f.SolverVersion, &f.Message, &f.Trigger, &f.Output, &f.TriggerExt, &cmd, &f.Details)
	if err != nil {
		return nil, fmt.Errorf("reading finding %d/%d from %s: %w", iter, idx, s.where, err)
	}
	f.Iteration, f.Index, f.Found, f.Class, f.Command = iter, idx, time.Unix(0, found), Class(class), decodeCommand(cmd)
	return &f, nil
}

// Reduction states of a signature.
const (
	ReducePending    = "pending"    // waiting for the reducer
	ReduceNone       = "none"       // no reducer for this system
	ReduceOff        = "off"        // reduction was turned off (Options.NoReduce, --no-reduce)
	ReduceVerified   = "verified"   // reduced, and the reduced trigger reproduces the signature
	ReduceUnverified = "unverified" // reduced, but the system cannot re-check triggers
	ReduceFailed     = "failed"     // the reducer failed, or its result does not reproduce
)

// SignatureRow is one deduplicated bug: a signature with its counts.
type SignatureRow struct {
	Signature     string    `json:"signature"`
	Key           string    `json:"key"`
	Class         Class     `json:"class"`
	Solver        string    `json:"solver"`
	SolverVersion string    `json:"solver_version"`
	Count         int64     `json:"count"`
	FirstIter     uint64    `json:"first_iteration"`
	FirstIdx      int       `json:"first_index"`
	First         time.Time `json:"first_found"`
	SmallestSize  int64     `json:"smallest_size"`
	SmallestIter  uint64    `json:"smallest_iteration"`
	SmallestIdx   int       `json:"smallest_index"`
	ReduceStatus  string    `json:"reduce_status"`
	Reduced       []byte    `json:"-"`
	ReducedSize   int       `json:"reduced_size"`
	ReduceNote    string    `json:"reduce_note,omitempty"`
}

// Signatures returns the signatures of campaign id, most severe class
// first, then most frequent.
func (s *Store) Signatures(ctx context.Context, id string) ([]SignatureRow, error) {
	return s.signatures(ctx, id, "")
}

// SignatureRow returns one signature of campaign id.
func (s *Store) SignatureRow(ctx context.Context, id, sig string) (*SignatureRow, error) {
	rows, err := s.signatures(ctx, id, sig)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("no signature %s in campaign %q of %s", sig, id, s.where)
	}
	return &rows[0], nil
}

func (s *Store) signatures(ctx context.Context, id, sig string) ([]SignatureRow, error) {
	query := `SELECT signature, sig_key, class, solver, solver_version, count, first_iter, first_idx, first_ns,
		smallest_size, smallest_iter, smallest_idx, reduce_status, reduced, reduce_note FROM signatures WHERE campaign = ?`
	args := []any{id}
	if sig != "" {
		query += ` AND signature = ?`
		args = append(args, sig)
	}
	rows, err := s.db.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, fmt.Errorf("reading signatures from %s: %w", s.where, err)
	}
	defer rows.Close()
	var out []SignatureRow
	for rows.Next() {
		var r SignatureRow
		var class string
		var fi, fns, ss, si int64
		if err := rows.Scan(&r.Signature, &r.Key, &class, &r.Solver, &r.SolverVersion, &r.Count, &fi, &r.FirstIdx, &fns,
			&ss, &si, &r.SmallestIdx, &r.ReduceStatus, &r.Reduced, &r.ReduceNote); err != nil {
			return nil, fmt.Errorf("reading signatures from %s: %w", s.where, err)
		}
		r.Class, r.FirstIter, r.First, r.SmallestSize, r.SmallestIter = Class(class), uint64(fi), time.Unix(0, fns), ss, uint64(si)
		r.ReducedSize = len(r.Reduced)
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Class.rank() != b.Class.rank() {
			return a.Class.rank() < b.Class.rank()
		}
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		return a.Signature < b.Signature
	})
	return out, rows.Err()
}

// setReduced records the outcome of reducing signature sig. A reduced
// trigger replaces a stored one only when it is smaller.
func (s *Store) setReduced(ctx context.Context, id, sig, status string, reduced []byte, note string) error {
	var err error
	if reduced == nil {
		_, err = s.db.ExecContext(ctx, s.q(`UPDATE signatures SET reduce_status = ?, reduce_note = ?
			WHERE campaign = ? AND signature = ? AND reduced IS NULL`), status, text(note), id, sig)
	} else {
		_, err = s.db.ExecContext(ctx, s.q(`UPDATE signatures SET reduce_status = ?, reduced = ?, reduce_note = ?
			WHERE campaign = ? AND signature = ? AND (reduced IS NULL OR length(reduced) > ?)`),
			status, reduced, text(note), id, sig, len(reduced))
	}
	if err != nil {
		return fmt.Errorf("recording the reduction of %s in %s: %w", sig, s.where, err)
	}
	return nil
}

// Counters returns the summed system counters of campaign id.
func (s *Store) Counters(ctx context.Context, id string) (map[string]int64, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT name, value FROM counters WHERE campaign = ?`), id)
	if err != nil {
		return nil, fmt.Errorf("reading counters from %s: %w", s.where, err)
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var k string
		var v int64
		if err := rows.Scan(&k, &v); err != nil {
			return nil, err
		}
		out[k] = v
	}
	return out, rows.Err()
}

// IntegrityCheck runs SQLite's PRAGMA integrity_check and returns its
// verdict ("ok" when the file is sound). For PostgreSQL it returns "ok".
func (s *Store) IntegrityCheck(ctx context.Context) (string, error) {
	if s.dialect == dialectPostgres {
		return "ok", nil
	}
	var v string
	if err := s.db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&v); err != nil {
		return "", fmt.Errorf("integrity check of %s: %w", s.where, err)
	}
	return v, nil
}

// sqliteHint says what to do about an error of a local SQLite store: the
// PostgreSQL hint (is the server running?) means nothing for a file.
func sqliteHint(err error) string {
	msg := strings.ToLower(err.Error())
	switch {
	case strings.Contains(msg, "not a database") || strings.Contains(msg, "malformed") || strings.Contains(msg, "corrupt"):
		return "the file is damaged or not a tandem findings store: move it aside (with its -wal and -shm files) and start a new campaign directory, or restore a copy"
	case strings.Contains(msg, "full") || strings.Contains(msg, "no space"):
		return "the disk is full: free some space, then resume the campaign"
	case strings.Contains(msg, "readonly") || strings.Contains(msg, "read-only") || strings.Contains(msg, "permission") || strings.Contains(msg, "unable to open"):
		return "check that the file and its directory exist and are writable by you"
	}
	return "check that the file is a tandem findings store and its directory is writable"
}
