package satfuzz

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"tandem/satfuzz/trace"
	"tandem/solver"
)

// buildCache builds each driver once per process; the binaries live in the
// user's cache directory under a hash of their source, so a changed source
// rebuilds and concurrent processes never see a half-written file.
var (
	buildMu    sync.Mutex
	buildCache = map[string]string{}
)

// cachedBuild returns the directory holding the build of src (identified by
// name and the hash of src); build writes the artifacts into the directory
// it is given, which is then renamed into place.
func cachedBuild(ctx context.Context, name string, src []byte, build func(ctx context.Context, dir string) error) (string, error) {
	sum := sha256.Sum256(src)
	key := name + "-" + hex.EncodeToString(sum[:8])
	buildMu.Lock()
	defer buildMu.Unlock()
	if d, ok := buildCache[key]; ok {
		return d, nil
	}
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	root := filepath.Join(base, "tandem", "satfuzz")
	dir := filepath.Join(root, key)
	if _, err := os.Stat(filepath.Join(dir, "ok")); err == nil {
		buildCache[key] = dir
		return dir, nil
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(root, key+".tmp")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	if err := build(ctx, tmp); err != nil {
		return "", fmt.Errorf("satfuzz: building the %s driver: %w", name, err)
	}
	if err := os.WriteFile(filepath.Join(tmp, "ok"), nil, 0o644); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, dir); err != nil {
		if _, serr := os.Stat(filepath.Join(dir, "ok")); serr != nil { // another process won the race
			return "", err
		}
	}
	buildCache[key] = dir
	return dir, nil
}

// runCmd runs a build command and returns its output in the error.
func runCmd(ctx context.Context, dir string, argv ...string) error {
	// a build step runs like a solver: its own process group, killed with
	// its descendants; no address-space limit (javac's JVM reserves more
	// than it uses), resident memory bounded
	out, err := solver.Tool(ctx, dir, solver.Limits{CPU: 5 * time.Minute, Wall: 10 * time.Minute, Memory: -4 << 30}, argv...)
	if err != nil {
		return fmt.Errorf("%s: %v\n%s", strings.Join(argv, " "), err, out)
	}
	return nil
}

// runDriver runs a driver process on the trace under the limits, in its own
// process group (tandem/solver.Run: killed as a group on timeout, prlimit
// for CPU and address space), and reads its answers.
func runDriver(ctx context.Context, name string, argv []string, t *trace.Trace, lim solver.Limits) (*Result, error) {
	p := &solver.Profile{Name: name, Binary: argv[0], StdinArgs: argv[1:], OneShotArgs: argv[1:]}
	r, err := solver.Run(ctx, p, solver.BytesInput(t.Plain()), solver.RunOptions{Limits: lim})
	if err != nil {
		if res := (&Result{Command: argv}); res.stopped(ctx) { // not started: tandem's stop, not a failure
			return res, nil
		}
		return nil, err
	}
	res := &Result{Wall: r.Wall, CPU: r.CPU(), Command: argv}
	res.Output = append(append(append([]byte{}, r.Stdout...), "\n== stderr\n"...), r.Stderr...)
	ParseResponses(t, r.Stdout, res)
	switch {
	case res.stopped(ctx):
		return res, nil
	case r.Status == solver.StatusTimeout:
		res.Timeout = true
		res.Error = ""
		return res, nil
	case r.Status == solver.StatusMemout:
		res.Memout = true
		res.Error = ""
		return res, nil
	}
	first := firstLine(r.Stderr)
	switch {
	case r.Signal != "":
		res.Crash = "signal " + r.Signal
		if first != "" {
			res.Crash += ": " + first
		}
	case r.ExitCode != 0 && res.Error == "":
		res.Crash = fmt.Sprintf("exit %d", r.ExitCode)
		if first != "" {
			res.Crash += ": " + first
		}
	case res.Error == "" && len(res.Answers) < len(t.Calls):
		res.Error = "driver: stopped after " + fmt.Sprint(len(res.Answers)) + " calls"
	}
	return res, nil
}

func firstLine(b []byte) string {
	for _, l := range bytes.Split(b, []byte("\n")) {
		if s := strings.TrimSpace(string(l)); s != "" {
			return clip(s)
		}
	}
	return ""
}
