package solver

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Version runs the solver with its VersionArgs and returns the version
// number it prints (e.g. "4.8.12" for z3), or the first output line when
// there is no dotted number in it. It fails when the binary is missing or
// prints nothing.
func Version(ctx context.Context, p *Profile) (string, error) {
	if len(p.VersionArgs) == 0 {
		return "", fmt.Errorf("profile %q has no version_args: set them in the profiles file", p.Name)
	}
	lim := Limits{Wall: 5 * time.Second, Memory: DefaultMemory, OutputCap: 64 << 10}.withDefaults()
	ex, err := execute(ctx, p, p.VersionArgs, lim, stdinNull, nil)
	if err != nil {
		return "", err
	}
	out := strings.TrimSpace(string(ex.res.Stdout) + "\n" + string(ex.res.Stderr))
	if ex.timedOut || out == "" {
		return "", fmt.Errorf("solver %s: %s %s printed no version (check that the binary is the solver)", p.Name, p.Binary, strings.Join(p.VersionArgs, " "))
	}
	for _, line := range strings.Split(out, "\n") {
		if v := versionPattern.FindString(line); v != "" {
			return v, nil
		}
	}
	return firstLine(out), nil
}
