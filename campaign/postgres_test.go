package campaign_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"syscall"
	"testing"
	"time"

	"tandem/campaign"
	"tandem/internal/testutil"
	"tandem/internal/toy"
)

// postgresBin returns the directory of PostgreSQL's server programs
// (initdb, pg_ctl), failing under CI and skipping elsewhere when absent.
func postgresBin(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p)
	}
	matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	sort.Slice(matches, func(i, j int) bool { // highest major version first
		vi, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(matches[i]))))
		vj, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(matches[j]))))
		return vi > vj
	})
	if len(matches) == 0 {
		msg := "PostgreSQL server programs (initdb) not found; run ./scripts/setup.sh (Debian package postgresql)"
		if testutil.InCI() {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return filepath.Dir(matches[0])
}

// startPostgres starts a throwaway PostgreSQL cluster on loopback in a
// temporary directory and returns its URL. As root, the server runs as the
// postgres user (initdb refuses root), through runuser. The cluster is
// stopped and removed when the test ends.
func startPostgres(t *testing.T) string {
	t.Helper()
	bin := postgresBin(t)
	dir, err := os.MkdirTemp("", "tandem-pg-")
	if err != nil {
		t.Fatal(err)
	}
	var prefix []string
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			os.RemoveAll(dir)
			t.Fatalf("running as root needs the postgres user to start a cluster: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
		prefix = []string{"runuser", "-u", "postgres", "--"}
	}
	run := func(args ...string) {
		t.Helper()
		argv := append(append([]string(nil), prefix...), args...)
		out, err := exec.Command(argv[0], argv[1:]...).CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %v\n%s", argv, err, out)
		}
	}
	data := filepath.Join(dir, "data")
	run(filepath.Join(bin, "initdb"), "-D", data, "-U", "tandem", "-A", "trust", "-E", "UTF8", "--no-sync")
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	// fsync off (-F): the test kills tandem's workers, never the server.
	run(filepath.Join(bin, "pg_ctl"), "-D", data, "-l", filepath.Join(dir, "log"), "-w", "-t", "60",
		"-o", fmt.Sprintf("-p %d -k %s -h 127.0.0.1 -F -c max_connections=100", port, dir), "start")
	t.Cleanup(func() {
		argv := append(append([]string(nil), prefix...), filepath.Join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop")
		exec.Command(argv[0], argv[1:]...).Run()
		os.RemoveAll(dir)
	})
	return fmt.Sprintf("postgres://tandem@127.0.0.1:%d/postgres?sslmode=disable", port)
}

// TestPostgresWorkers runs one campaign as 4 worker processes (--shard k/4)
// sharing one PostgreSQL store, kills workers with SIGKILL at random moments
// and resumes them, and checks that the store holds exactly what one
// uninterrupted run finds: no lost or duplicate findings, one shared dedup
// table with the same counts.
func TestPostgresWorkers(t *testing.T) {
	url := startPostgres(t)
	const (
		seed       = 99
		iterations = 400
		workers    = 4
		kills      = 8
	)
	config, _ := json.Marshal(toy.FakeOptions{Rate: 0.15, Work: 5 * time.Millisecond})
	wantRecs, wantSigs, wantRed := reference(t, seed, iterations, config)

	root := t.TempDir()
	spec := func(k int, resume bool) childSpec {
		return childSpec{Dir: filepath.Join(root, fmt.Sprint("w", k)), Resume: resume, Store: url, Campaign: "shared",
			Shard: fmt.Sprintf("%d/%d", k, workers), Seed: seed, Iterations: iterations, Workers: 1, Config: config}
	}
	procs := make([]*exec.Cmd, workers)
	exited := make([]chan error, workers)
	start := func(k int, resume bool) {
		procs[k] = startChild(t, spec(k, resume))
		ch := make(chan error, 1)
		exited[k] = ch
		go func(c *exec.Cmd) { ch <- c.Wait() }(procs[k])
	}
	for k := 0; k < workers; k++ {
		start(k, false)
	}
	rng := rand.New(rand.NewPCG(3, 3))
	for i := 0; i < kills; i++ {
		time.Sleep(time.Duration(50+rng.IntN(250)) * time.Millisecond)
		k := rng.IntN(workers)
		procs[k].Process.Signal(syscall.SIGKILL)
		<-exited[k]
		start(k, hasMeta(spec(k, false).Dir))
	}
	deadline := time.After(120 * time.Second)
	for k := 0; k < workers; k++ {
		select {
		case err := <-exited[k]:
			if err != nil {
				t.Fatalf("worker %d: %v", k, err)
			}
		case <-deadline:
			for _, p := range procs {
				p.Process.Kill()
			}
			t.Fatal("workers still running after 120 s")
		}
	}

	st, err := campaign.OpenStore(context.Background(), url, "")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if n := doneCount(t, st, "shared"); n != iterations {
		t.Errorf("%d iterations done, want %d", n, iterations)
	}
	gotRecs, gotSigs, gotRed := snapshot(t, st, "shared")
	compare(t, "4 PostgreSQL workers", gotRecs, wantRecs, gotSigs, wantSigs, gotRed, wantRed)
	t.Logf("%d findings, %d signatures, %d kills", len(gotRecs), len(gotSigs), kills)

	// The report and replay read the shared store too.
	rep, err := campaign.BuildReport(context.Background(), st, "shared")
	if err != nil {
		t.Fatal(err)
	}
	if rep.Iterations != iterations || rep.Findings != int64(len(wantRecs)) || len(rep.Workers) < workers {
		t.Errorf("report: %d iterations, %d findings, %d workers", rep.Iterations, rep.Findings, len(rep.Workers))
	}
	if err := rep.WriteHTML(io.Discard); err != nil {
		t.Error(err)
	}
	r, err := campaign.Replay(context.Background(), spec(1, false).Dir, wantRecs[0].Iter, "")
	if err != nil || !r.Same {
		t.Errorf("replay of iteration %d from a worker's directory: %+v, %v", wantRecs[0].Iter, r, err)
	}
}
