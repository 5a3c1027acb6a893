package solver

import (
	"context"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"text/tabwriter"
	"time"
)

// Installed is a profile with what this machine has of it.
type Installed struct {
	Profile *Profile
	// Path is the binary found on PATH ("" when not found).
	Path string
	// Version is what the binary reports, "? (why)" when it cannot say,
	// "not found" or "no binary set".
	Version string
}

// Installed looks up the binary of each profile of r, in name order, and
// asks each one found for its version (at most 10 seconds each).
func (r *Registry) Installed(ctx context.Context) []Installed {
	var out []Installed
	for _, name := range r.Names() {
		p, _ := r.Get(name)
		in := Installed{Profile: p, Version: "not found"}
		if p.Binary == "" {
			in.Version = "no binary set"
		} else if lp, err := exec.LookPath(p.Binary); err == nil {
			in.Path = lp
			vctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			v, err := Version(vctx, p)
			cancel()
			if err != nil {
				v = "? (" + err.Error() + ")"
			}
			in.Version = v
		}
		out = append(out, in)
	}
	return out
}

// WriteInstalled writes the table of `tandem solvers`: name, version,
// binary, incremental or not, logics; profiles without a binary on this
// machine only when all is set. It returns how many binaries were found.
func WriteInstalled(w io.Writer, list []Installed, all bool) (int, error) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tVERSION\tBINARY\tINCREMENTAL\tLOGICS")
	found := 0
	for _, in := range list {
		path := in.Path
		if path != "" {
			found++
		} else if !all {
			continue
		} else {
			path = "-"
		}
		p := in.Profile
		incr := "no"
		if p.Incremental() {
			incr = "yes"
		}
		logics := "any"
		if len(p.Logics) > 0 {
			logics = strings.Join(p.Logics, ",")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", p.Name, in.Version, path, incr, logics)
	}
	return found, tw.Flush()
}
