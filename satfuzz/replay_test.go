package satfuzz

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tandem/campaign"
	"tandem/reduce"
)

// Replay prints the answers of a generated trace and "ok" on the tandem
// target; the same trace that shows a planted bug prints the PROBLEM and
// returns it, ReduceTrace shrinks it keeping the problem, and a trace
// without a problem is ErrNoProblem.
func TestReplayAndReduceTrace(t *testing.T) {
	ctx := context.Background()
	target := "tandem-bug-" + PlantedBugs[0]
	sys, err := NewSystem([]byte(`{"target":"` + target + `"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer sys.Close()
	var trigger []byte
	for i := uint64(0); i < 200 && trigger == nil; i++ {
		fs, _, err := sys.Iterate(ctx, campaign.NewIteration(5, i))
		if err != nil {
			t.Fatal(err)
		}
		if len(fs) > 0 {
			trigger = fs[0].Trigger
		}
	}
	if trigger == nil {
		t.Fatal("no failing trace in 200 iterations")
	}
	path := filepath.Join(t.TempDir(), "t.trace")
	if err := os.WriteFile(path, trigger, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		target   string
		problems bool
	}{{"tandem", false}, {target, true}} {
		tr, tg, err := LoadTrace(path, c.target)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		ps, err := Replay(ctx, &out, tr, tg, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if (len(ps) > 0) != c.problems || strings.Contains(out.String(), "PROBLEM") != c.problems ||
			strings.HasSuffix(out.String(), "ok\n") == c.problems || !strings.Contains(out.String(), "\n  s ") {
			t.Errorf("replay on %s: %d problems, output:\n%s", c.target, len(ps), out.String())
		}
	}
	var log bytes.Buffer
	res, err := ReduceTrace(ctx, trigger, target, reduce.Options{MaxTests: 20}, &log)
	if err != nil || len(res.Output) > len(trigger) || !strings.Contains(log.String(), "reducing: ") {
		t.Errorf("ReduceTrace: %v, log:\n%s", err, log.String())
	}
	if _, err := ReduceTrace(ctx, trigger, "tandem", reduce.Options{}, nil); !errors.Is(err, ErrNoProblem) {
		t.Errorf("ReduceTrace of a trace that shows nothing on tandem: %v, want ErrNoProblem", err)
	}
	a, err := GenerateFrom(7, "tandem", Options{OptionsFuzz: true})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := GenerateFrom(7, "tandem", Options{OptionsFuzz: true})
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("GenerateFrom is not deterministic in its seed")
	}
	if _, _, err := LoadTrace(path, "no-such-target"); err == nil {
		t.Error("LoadTrace with an unknown target succeeded")
	}
}
