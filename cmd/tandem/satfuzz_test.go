package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"tandem/campaign"
	"tandem/satfuzz"
)

// satfuzz reduce with OUT: the file holds a smaller trace that still fails,
// also when the reduction is stopped early (--max-tests), and the summary
// says which.
func TestSatfuzzReduceCLI(t *testing.T) {
	target := "tandem-bug-" + satfuzz.PlantedBugs[0]
	sys, err := satfuzz.NewSystem([]byte(`{"target":"` + target + `"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer sys.Close()
	var trigger []byte
	for i := uint64(0); i < 200 && trigger == nil; i++ {
		fs, _, err := sys.Iterate(context.Background(), campaign.NewIteration(5, i))
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
	dir := t.TempDir()
	in := filepath.Join(dir, "in.trace")
	if err := os.WriteFile(in, trigger, 0o644); err != nil {
		t.Fatal(err)
	}
	bin := campaignBinary(t)
	for _, c := range []struct {
		args []string
		says string
	}{
		{nil, "done:"},
		{[]string{"--max-tests", "3"}, "stopped (max-tests)"},
	} {
		out := filepath.Join(dir, "out.trace")
		os.Remove(out)
		args := append([]string{"satfuzz", "reduce", in, out, "--target", target}, c.args...)
		var stderr strings.Builder
		cmd := exec.Command(bin, args...)
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, stderr.String())
		}
		if !strings.Contains(stderr.String(), c.says) {
			t.Errorf("%v: stderr does not say %q:\n%s", args, c.says, stderr.String())
		}
		red, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if len(red) > len(trigger) {
			t.Errorf("%v: OUT grew from %d to %d bytes", args, len(trigger), len(red))
		}
		f, err := sys.Reproduce(context.Background(), &campaign.Finding{}, red)
		if err != nil || f == nil {
			t.Errorf("%v: OUT does not fail on %s: %v", args, target, err)
		}
	}
}
