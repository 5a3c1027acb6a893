package satfuzz

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"runtime/debug"
	"strings"
	"time"

	"tandem/satfuzz/target/sat4j"
	"tandem/solver"
)

// Versioned is a target that can say which version of its solver it runs.
// The version goes into every finding (versions.txt, the report, the
// signature), so findings of two solver versions are not merged.
type Versioned interface {
	Version(ctx context.Context) string
}

// gophersatVersion is the gophersat version go.mod requires (checked by
// TestTargetVersions); test binaries do not record their dependencies.
const gophersatVersion = "v1.4.0"

// Version returns gophersat's module version as linked into this binary.
func (*Gophersat) Version(context.Context) string {
	if v := moduleVersion("github.com/crillab/gophersat"); v != "" {
		return v
	}
	return gophersatVersion
}

// Version returns tandem's own version: the VCS revision of this build
// when the binary records one, else the main module's version.
func (*Tandem) Version(context.Context) string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			return s.Value[:12]
		}
	}
	return bi.Main.Version
}

// Version returns the Implementation-Version of the Sat4j core jar's
// manifest (Debian's 2.3.5 says "2.3.5.WHEEZY").
func (*Sat4j) Version(context.Context) string {
	z, err := zip.OpenReader(sat4j.Jar)
	if err != nil {
		return ""
	}
	defer z.Close()
	for _, f := range z.File {
		if f.Name != "META-INF/MANIFEST.MF" {
			continue
		}
		r, err := f.Open()
		if err != nil {
			return ""
		}
		defer r.Close()
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "Implementation-Version:"); ok {
				return strings.TrimSpace(v)
			}
		}
	}
	return ""
}

// Version asks the driver for CaDiCaL::Solver::version() of the library it
// is linked against, and adds the Debian package's version when dpkg knows
// it (not for cadical@DIR): Debian's 1.5.3 library calls itself "sc2021".
func (c *CaDiCaL) Version(ctx context.Context) string {
	ctx, cancel := context.WithTimeout(ctx, time.Minute) // the first call builds the driver
	defer cancel()
	path, err := c.Driver(ctx)
	if err != nil {
		return ""
	}
	r, err := solver.Run(ctx, solver.Command("cadical driver", path, "--version"), solver.BytesInput(nil),
		solver.RunOptions{Limits: solver.Limits{Wall: 10 * time.Second}})
	if err != nil || r.ExitCode != 0 {
		return ""
	}
	v := string(bytes.TrimSpace(r.Stdout))
	if c.Dir != "" { // built from source: not Debian's package
		return v
	}
	if deb, err := solver.Tool(ctx, "", solver.Limits{Wall: 10 * time.Second}, "dpkg-query", "-W", "-f=${Version}", "libcadical-dev"); err == nil && len(deb) > 0 {
		v += " (libcadical-dev " + string(bytes.TrimSpace(deb)) + ")"
	}
	return v
}

func moduleVersion(path string) string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	for _, d := range bi.Deps {
		if d.Path == path {
			if d.Replace != nil {
				return d.Replace.Version
			}
			return d.Version
		}
	}
	return ""
}
